//! Piece-square tables: what a piece is worth on each square beyond its
//! material, built at compile time for each board shape from a few shapes
//! (centrality, advancement) measured relative to the board's size and the
//! variant's weights for them. A new board size gets its tables without any
//! new numbers.

use crate::score::Score;
use crate::tuned;
use crate::weights::{Field, Weights};
use movegen::{Geometry, Role, Variant};
use std::marker::PhantomData;

/// Scores indexed by colour, role and square. Black's tables are White's
/// mirrored top to bottom, so both colours are judged by the same shapes.
pub type PieceSquareTable = [[[Score; 256]; Role::COUNT]; 2];

/// How central a coordinate is on a line of `len` squares: 100 for the
/// middle square(s), 0 for the two ends, evenly in between.
const fn closeness(coordinate: u8, len: u8) -> i32 {
    let (c, len) = (coordinate as i32, len as i32);
    let from_centre = (2 * c - (len - 1)).abs();
    let nearest = (len - 1) % 2;
    let farthest = len - 1;
    100 - (from_centre - nearest) * 100 / (farthest - nearest)
}

/// A "centred" weight's share at `closeness`: from -W/2 at closeness 0 to
/// +W/2 at 100.
const fn centred(field: Field, closeness: i32) -> (Field, i32, i32) {
    (field, closeness - 50, 100)
}

/// The most shapes one square of a role earns.
pub const MAX_SHAPES: usize = 3;

/// The shapes a piece of `role` of White's earns on (`file`, `rank`) of a
/// board of `files` x `ranks` (`rank` 0 is White's first rank): each a
/// weight and the fraction (numerator, denominator) of it earned there,
/// unused slots earning nothing. The tables and the tuner's trace both read
/// this one description.
pub const fn shapes(role: Role, file: u8, rank: u8, files: u8, ranks: u8) -> [(Field, i32, i32); MAX_SHAPES] {
    let file_centre = closeness(file, files);
    let centre = (file_centre + closeness(rank, ranks)) / 2;
    let advance = rank as i32 * 100 / (ranks as i32 - 1);
    let none = (Field::PawnAdvance, 0, 1);
    match role {
        Role::Pawn | Role::Barbarian => {
            [(Field::PawnCentreAdvance, file_centre * advance, 100 * 100), (Field::PawnAdvance, advance, 100), none]
        }
        Role::Knight | Role::Paladin | Role::Wizard | Role::Warlock | Role::Ghost => {
            [centred(Field::KnightCentre, centre), none, none]
        }
        Role::Bishop => [centred(Field::BishopCentre, centre), none, none],
        Role::Rook => [
            centred(Field::RookCentreFile, file_centre),
            (Field::RookPenultimateRank, (rank == ranks - 2) as i32, 1),
            none,
        ],
        Role::Queen | Role::Emperor => [centred(Field::QueenCentre, centre), none, none],
        Role::King => [
            (Field::KingWing, 100 - file_centre, 100),
            (Field::KingAdvance, advance, 100),
            centred(Field::KingCentre, centre),
        ],
    }
}

/// The score of a piece-square shape's weight in `weights`.
const fn shape_weight(weights: &Weights, field: Field) -> Score {
    match field {
        Field::PawnCentreAdvance => weights.pawn_centre_advance,
        Field::PawnAdvance => weights.pawn_advance,
        Field::KnightCentre => weights.knight_centre,
        Field::BishopCentre => weights.bishop_centre,
        Field::RookCentreFile => weights.rook_centre_file,
        Field::RookPenultimateRank => weights.rook_penultimate_rank,
        Field::QueenCentre => weights.queen_centre,
        Field::KingWing => weights.king_wing,
        Field::KingAdvance => weights.king_advance,
        Field::KingCentre => weights.king_centre,
        _ => panic!("not a piece-square shape"),
    }
}

/// The bonus of a `role` of White's standing on (`file`, `rank`): its
/// shapes' weights, each scaled to the fraction earned there.
const fn white_bonus(weights: &Weights, role: Role, file: u8, rank: u8, files: u8, ranks: u8) -> Score {
    let shapes = shapes(role, file, rank, files, ranks);
    let mut bonus = Score::ZERO;
    let mut i = 0;
    while i < MAX_SHAPES {
        let (field, numerator, denominator) = shapes[i];
        bonus = bonus.plus(shape_weight(weights, field).scaled(numerator, denominator));
        i += 1;
    }
    bonus
}

/// The piece-square tables of a `files` x `ranks` board with `weights`.
pub const fn build(weights: &Weights, files: u8, ranks: u8) -> PieceSquareTable {
    let mut table = [[[Score::ZERO; 256]; Role::COUNT]; 2];
    let mut role_index = 0;
    while role_index < Role::COUNT {
        let role = Role::ALL[role_index];
        let mut rank = 0;
        while rank < ranks {
            let mut file = 0;
            while file < files {
                let bonus = white_bonus(weights, role, file, rank, files, ranks);
                let white_square = (rank as usize) * files as usize + file as usize;
                let black_square = (ranks - 1 - rank) as usize * files as usize + file as usize;
                table[0][role_index][white_square] = bonus;
                table[1][role_index][black_square] = bonus;
                file += 1;
            }
            rank += 1;
        }
        role_index += 1;
    }
    table
}

/// Holds the tables of a variant (its board shape and its weights), built
/// at compile time.
struct Tables<V>(PhantomData<V>);

impl<V: Variant> Tables<V> {
    const TABLE: PieceSquareTable = build(tuned::of(V::KIND), V::G::FILES, V::G::RANKS);
}

/// The piece-square tables of variant `V`.
#[inline(always)]
pub fn table<V: Variant>() -> &'static PieceSquareTable {
    &Tables::<V>::TABLE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closeness_runs_from_edge_to_centre_on_any_length() {
        assert_eq!([0, 1, 2, 3, 4, 5, 6, 7].map(|c| closeness(c, 8)), [0, 34, 67, 100, 100, 67, 34, 0]);
        assert_eq!(closeness(0, 10), 0);
        assert_eq!(closeness(4, 10), 100);
        assert_eq!(closeness(5, 10), 100);
        assert_eq!(closeness(6, 11), 80);
        assert_eq!(closeness(5, 11), 100);
    }

    #[test]
    fn shapes_point_the_right_way() {
        let t = build(&Weights::hand_set(10), 8, 10);
        let sq = |file: usize, rank: usize| rank * 8 + file;
        let (knight, king, rook) = (Role::Knight.index(), Role::King.index(), Role::Rook.index());
        // A centralised knight beats one on the rim.
        assert!(t[0][knight][sq(3, 4)].mg() > t[0][knight][sq(0, 4)].mg());
        // The king hides on the first rank in the middlegame, centralises in the endgame.
        assert!(t[0][king][sq(6, 0)].mg() > t[0][king][sq(4, 4)].mg());
        assert!(t[0][king][sq(4, 4)].eg() > t[0][king][sq(6, 0)].eg());
        // The "seventh" rank of an 8x10 board is its ninth.
        assert!(t[0][rook][sq(0, 8)].eg() > t[0][rook][sq(0, 6)].eg());
        // Black's table is White's mirrored.
        assert_eq!(t[1][knight][sq(1, 9)], t[0][knight][sq(1, 0)]);
    }

    #[test]
    fn every_board_shape_gets_mirrored_tables() {
        fn check<V: Variant>() {
            type G<V> = <V as Variant>::G;
            let t = table::<V>();
            for role in Role::ALL {
                for sq in 0..G::<V>::SQUARES {
                    let sq = movegen::Square::new(sq);
                    assert_eq!(t[1][role.index()][G::<V>::flip_rank(sq).index()], t[0][role.index()][sq.index()]);
                }
            }
        }
        check::<movegen::Chess>();
        check::<movegen::RedFool>();
        check::<movegen::TamRuat>();
    }
}
