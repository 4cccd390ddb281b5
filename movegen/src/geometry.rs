//! Board geometry: how many files and ranks a board has, how squares are
//! numbered, and the attack tables that depend on nothing but the shape.
//!
//! Squares are numbered rank by rank from White's side: `a1` is 0, `b1` is 1,
//! and the square on file `f`, rank `r` (both from 0) is `r * FILES + f`.
//! Every board size is a zero-sized type implementing [`Geometry`]; code
//! generic over it is compiled once per board, so the 8x10 flagship pays
//! nothing for the existence of other sizes.

use crate::attacks::AttackTables;
use crate::bitboard::{Bitboard, Wide};
use crate::piece::Colour;
use std::fmt;

/// A square index on some board. Which square it names depends on the
/// [`Geometry`]; the index is below 256 on every board this crate supports.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Square(u8);

impl Square {
    /// The square with the given index.
    #[inline(always)]
    pub const fn new(index: u8) -> Square {
        Square(index)
    }
    /// The index, for table lookups. Being a `u8` underneath, it is always
    /// below 256, which lets the compiler drop bounds checks on 256-entry tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A board shape fixed at compile time.
pub trait Geometry: 'static + Copy + Send + Sync + fmt::Debug + Default {
    /// The bitboard type, wide enough for `FILES * RANKS` squares.
    type Bb: Bitboard;
    /// Number of files (columns), lettered from `a`.
    const FILES: u8;
    /// Number of ranks (rows), numbered from 1.
    const RANKS: u8;
    /// Number of squares.
    const SQUARES: u8 = Self::FILES * Self::RANKS;

    /// The attack tables of this board, built on first use.
    fn tables() -> &'static AttackTables<Self::Bb>;

    /// The square on `file` and `rank`, both counted from 0.
    #[inline(always)]
    fn square(file: u8, rank: u8) -> Square {
        Square::new(rank * Self::FILES + file)
    }
    /// File of `sq`, from 0 (`a`).
    #[inline(always)]
    fn file(sq: Square) -> u8 {
        sq.0 % Self::FILES
    }
    /// Rank of `sq`, from 0 (rank 1).
    #[inline(always)]
    fn rank(sq: Square) -> u8 {
        sq.0 / Self::FILES
    }
    /// King steps between `a` and `b`: the larger of their file and rank
    /// distances.
    #[inline(always)]
    fn distance(a: Square, b: Square) -> u8 {
        Self::file(a).abs_diff(Self::file(b)).max(Self::rank(a).abs_diff(Self::rank(b)))
    }
    /// The square on the board's files and ranks, or `None` off the board.
    fn checked_square(file: i32, rank: i32) -> Option<Square> {
        let on_board = (0..Self::FILES as i32).contains(&file) && (0..Self::RANKS as i32).contains(&rank);
        on_board.then(|| Self::square(file as u8, rank as u8))
    }
    /// Rank `relative` counted from `colour`'s side of the board (0 is
    /// White's first rank, or Black's: the board's last), as an absolute
    /// rank index. The one place that turns "my second rank" into a rank.
    #[inline(always)]
    fn relative_rank(colour: Colour, relative: u8) -> u8 {
        match colour {
            Colour::White => relative,
            Colour::Black => Self::RANKS - 1 - relative,
        }
    }
    /// The square mirrored top to bottom (`a1` <-> `a10` on 8x10).
    #[inline(always)]
    fn flip_rank(sq: Square) -> Square {
        Self::square(Self::file(sq), Self::RANKS - 1 - Self::rank(sq))
    }
    /// The square's name in algebraic notation, such as `h10`.
    fn square_name(sq: Square) -> SquareName {
        SquareName { file: Self::file(sq), rank: Self::rank(sq) }
    }
    /// Parses a square name such as `e4` or `a10`; `None` when it is not a
    /// square of this board.
    fn parse_square(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.len() > 2
        {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        Self::checked_square(file as i32 - 'a' as i32, rank - 1)
    }
}

/// A printable square name (`a1`, `h10`, `l12`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// Declares a board size: a unit type, its bitboard type and its table store.
macro_rules! geometry {
    ($(#[$doc:meta])* $name:ident, $bb:ty, $files:expr, $ranks:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
        pub struct $name;

        impl Geometry for $name {
            type Bb = $bb;
            const FILES: u8 = $files;
            const RANKS: u8 = $ranks;

            #[inline(always)]
            fn tables() -> &'static AttackTables<$bb> {
                static TABLES: std::sync::LazyLock<AttackTables<$bb>> =
                    std::sync::LazyLock::new(|| AttackTables::build($files, $ranks));
                &TABLES
            }
        }

        const _: () = assert!(($files as u32) * ($ranks as u32) <= <$bb as Bitboard>::CAPACITY);
        const _: () = assert!(($files as u32) <= 16 && ($ranks as u32) <= 16);
    };
}

geometry!(
    /// The orthodox 8x8 board, in a `u64`.
    Board8x8, u64, 8, 8
);
geometry!(
    /// The Red Fool board: 8 files, 10 ranks, in a `u128`.
    Board8x10, u128, 8, 10
);
geometry!(
    /// The Tam Ruat board: 12 files, 12 ranks (144 squares), in a [`Wide`] set.
    Board12x12, Wide, 12, 12
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        let h10 = Board8x10::parse_square("h10").unwrap();
        assert_eq!(h10.index(), 79);
        assert_eq!(Board8x10::square_name(h10).to_string(), "h10");
        assert_eq!(Board8x10::parse_square("a1"), Some(Square::new(0)));
        assert_eq!(Board8x10::parse_square("i1"), None);
        assert_eq!(Board8x10::parse_square("a11"), None);
        assert_eq!(Board8x10::parse_square("a0"), None);
        assert_eq!(Board8x10::parse_square("a01"), None);
        assert_eq!(Board8x8::parse_square("a9"), None);
        assert_eq!(Board8x8::flip_rank(Square::new(0)).index(), 56);
        assert_eq!(Board12x12::parse_square("l12").map(Square::index), Some(143));
        assert_eq!(Board12x12::parse_square("m1"), None);
    }
}
