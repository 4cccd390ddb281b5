//! Piece-square tables: what a piece is worth on each square beyond its
//! material, built at compile time for each board shape from a few shapes
//! (centrality, advancement) measured relative to the board's size. A new
//! board size gets its tables without any new numbers.

use crate::score::Score;
use crate::weights::*;
use movegen::{Geometry, Role};
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

/// `weight` spread from `-weight/2` at closeness 0 to `+weight/2` at 100.
const fn centred(weight: Score, closeness: i32) -> Score {
    weight.scaled(closeness - 50, 100)
}

/// The bonus of a `role` of White's standing on (`file`, `rank`) of a board
/// of `files` x `ranks`; `rank` 0 is White's first rank.
const fn white_bonus(role: Role, file: u8, rank: u8, files: u8, ranks: u8) -> Score {
    let file_centre = closeness(file, files);
    let centre = (file_centre + closeness(rank, ranks)) / 2;
    let advance = rank as i32 * 100 / (ranks as i32 - 1);
    match role {
        Role::Pawn | Role::Barbarian => {
            PAWN_CENTRE_ADVANCE.scaled(file_centre * advance, 100 * 100).plus(PAWN_ADVANCE.scaled(advance, 100))
        }
        Role::Knight | Role::Paladin | Role::Wizard | Role::Warlock | Role::Ghost => centred(KNIGHT_CENTRE, centre),
        Role::Bishop => centred(BISHOP_CENTRE, centre),
        Role::Rook => {
            let seventh = if rank == ranks - 2 { ROOK_PENULTIMATE_RANK } else { Score::ZERO };
            centred(ROOK_CENTRE_FILE, file_centre).plus(seventh)
        }
        Role::Queen => centred(QUEEN_CENTRE, centre),
        Role::Emperor => centred(QUEEN_CENTRE, centre),
        Role::King => KING_WING
            .scaled(100 - file_centre, 100)
            .plus(KING_ADVANCE.scaled(advance, 100))
            .plus(centred(KING_CENTRE, centre)),
    }
}

/// The piece-square tables of a `files` x `ranks` board.
pub const fn build(files: u8, ranks: u8) -> PieceSquareTable {
    let mut table = [[[Score::ZERO; 256]; Role::COUNT]; 2];
    let mut role_index = 0;
    while role_index < Role::COUNT {
        let role = Role::ALL[role_index];
        let mut rank = 0;
        while rank < ranks {
            let mut file = 0;
            while file < files {
                let bonus = white_bonus(role, file, rank, files, ranks);
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

/// Holds the tables of a board shape, built at compile time.
struct Tables<G>(PhantomData<G>);

impl<G: Geometry> Tables<G> {
    const TABLE: PieceSquareTable = build(G::FILES, G::RANKS);
}

/// The piece-square tables of board shape `G`.
#[inline(always)]
pub fn table<G: Geometry>() -> &'static PieceSquareTable {
    &Tables::<G>::TABLE
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
        let t = build(8, 10);
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
        fn check<G: Geometry>() {
            let t = table::<G>();
            for role in Role::ALL {
                for sq in 0..G::SQUARES {
                    let sq = movegen::Square::new(sq);
                    assert_eq!(t[1][role.index()][G::flip_rank(sq).index()], t[0][role.index()][sq.index()]);
                }
            }
        }
        check::<movegen::Board8x8>();
        check::<movegen::Board8x10>();
        check::<movegen::Board12x12>();
    }
}
