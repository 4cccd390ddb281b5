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

/// A 256-bit set in two `u128` halves, for boards of more than 128 squares
/// (Tam Ruat's 12x12 has 144). Only the bit operations the generator needs
/// are provided; shifts move bits across the halves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Wide {
    lo: u128,
    hi: u128,
}

macro_rules! wide_bitop {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Wide {
            type Output = Wide;
            #[inline(always)]
            fn $method(self, rhs: Wide) -> Wide {
                Wide { lo: self.lo $op rhs.lo, hi: self.hi $op rhs.hi }
            }
        }
        impl $assign_trait for Wide {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Wide) {
                *self = *self $op rhs;
            }
        }
    };
}

wide_bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wide_bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide { lo: !self.lo, hi: !self.hi }
    }
}

impl Shl<u32> for Wide {
    type Output = Wide;
    #[inline(always)]
    fn shl(self, n: u32) -> Wide {
        match n {
            0 => self,
            1..=127 => Wide { lo: self.lo << n, hi: (self.hi << n) | (self.lo >> (128 - n)) },
            128..=255 => Wide { lo: 0, hi: self.lo << (n - 128) },
            _ => Wide::EMPTY,
        }
    }
}

impl Shr<u32> for Wide {
    type Output = Wide;
    #[inline(always)]
    fn shr(self, n: u32) -> Wide {
        match n {
            0 => self,
            1..=127 => Wide { lo: (self.lo >> n) | (self.hi << (128 - n)), hi: self.hi >> n },
            128..=255 => Wide { lo: self.hi >> (n - 128), hi: 0 },
            _ => Wide::EMPTY,
        }
    }
}

impl Bitboard for Wide {
    const EMPTY: Self = Wide { lo: 0, hi: 0 };
    const CAPACITY: u32 = 256;

    #[inline(always)]
    fn from_square(sq: Square) -> Self {
        let i = sq.index() as u32;
        if i < 128 {
            Wide { lo: 1 << i, hi: 0 }
        } else {
            Wide { lo: 0, hi: 1 << (i - 128) }
        }
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }
    #[inline(always)]
    fn lsb(self) -> Square {
        if self.lo != 0 {
            Square::new(self.lo.trailing_zeros() as u8)
        } else {
            Square::new((128 + self.hi.trailing_zeros()) as u8)
        }
    }
    #[inline(always)]
    fn msb(self) -> Square {
        if self.hi != 0 {
            Square::new((255 - self.hi.leading_zeros()) as u8)
        } else {
            Square::new((127 - self.lo.leading_zeros()) as u8)
        }
    }
    #[inline(always)]
    fn without_lsb(self) -> Self {
        if self.lo != 0 {
            Wide { lo: self.lo & (self.lo - 1), hi: self.hi }
        } else {
            Wide { lo: 0, hi: self.hi & self.hi.wrapping_sub(1) }
        }
    }
}

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
    fn wide_sets_cross_the_halves() {
        let sq = |i: u8| Wide::from_square(Square::new(i));
        let set = sq(3) | sq(127) | sq(128) | sq(143);
        assert_eq!(set.squares().map(|s| s.index()).collect::<Vec<_>>(), vec![3, 127, 128, 143]);
        assert_eq!(set.count(), 4);
        assert_eq!((set.lsb().index(), set.msb().index()), (3, 143));
        assert_eq!(sq(120) << 12, sq(132));
        assert_eq!(sq(132) >> 12, sq(120));
        assert_eq!(sq(5) << 130, sq(135));
        assert_eq!(sq(135) >> 130, sq(5));
        assert_eq!((sq(127) | sq(128)) << 1, sq(128) | sq(129));
        assert_eq!((sq(127) | sq(128)) >> 1, sq(126) | sq(127));
        assert!(!(sq(130) & !sq(130)).any());
        assert!((sq(127) | sq(128)).more_than_one() && !sq(200).more_than_one());
    }

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
