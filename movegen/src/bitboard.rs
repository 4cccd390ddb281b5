//! Bitboards: one bit per square, in an unsigned integer wide enough for the
//! board. The move generator is written once against the [`Bitboard`] trait and
//! monomorphized for each width (`u64` for 8x8, `u128` for 8x10), so a board
//! that needs more bits only has to bring a type that implements the trait.

use crate::geometry::Square;
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares. Bit `i` stands for the square with index `i`
/// (see [`crate::geometry::Geometry`] for the numbering).
pub trait Bitboard:
    Copy
    + Eq
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const EMPTY: Self;
    /// How many squares the type can hold.
    const CAPACITY: u32;

    /// The set holding `sq` alone.
    fn from_square(sq: Square) -> Self;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// Lowest square of a non-empty set.
    fn lsb(self) -> Square;
    /// Highest square of a non-empty set.
    fn msb(self) -> Square;
    /// The set without its lowest square.
    fn without_lsb(self) -> Self;

    /// True when the set holds no square.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// True when the set holds at least one square.
    #[inline(always)]
    fn any(self) -> bool {
        self != Self::EMPTY
    }
    /// True when the set holds two squares or more.
    #[inline(always)]
    fn more_than_one(self) -> bool {
        self.without_lsb().any()
    }
    /// True when `sq` is in the set.
    #[inline(always)]
    fn has(self, sq: Square) -> bool {
        (self & Self::from_square(sq)).any()
    }
    /// The squares of the set, lowest first.
    #[inline(always)]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
}

macro_rules! impl_bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const EMPTY: Self = 0;
            const CAPACITY: u32 = <$t>::BITS;

            #[inline(always)]
            fn from_square(sq: Square) -> Self {
                1 << sq.index()
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lsb(self) -> Square {
                Square::new(self.trailing_zeros() as u8)
            }
            #[inline(always)]
            fn msb(self) -> Square {
                Square::new((<$t>::BITS - 1 - self.leading_zeros()) as u8)
            }
            #[inline(always)]
            fn without_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

impl_bitboard!(u64);
impl_bitboard!(u128);

/// Iterator over the squares of a bitboard, lowest first.
pub struct Squares<B>(B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            let sq = self.0.lsb();
            self.0 = self.0.without_lsb();
            Some(sq)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_come_out_lowest_first() {
        let bb: u128 = (1 << 3) | (1 << 77) | (1 << 40);
        let got: Vec<u8> = bb.squares().map(|s| s.index() as u8).collect();
        assert_eq!(got, vec![3, 40, 77]);
        assert_eq!(bb.msb().index(), 77);
        assert_eq!(bb.lsb().index(), 3);
        assert!(bb.more_than_one());
        assert!(!(1u64 << 5).more_than_one());
    }
}
