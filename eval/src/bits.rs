//! Whole-board shifts and fills, generic over the board shape, so that pawn
//! structure is computed for all pawns of a side at once rather than pawn by
//! pawn. Each takes the board's attack tables for its edge masks, fetched
//! once per evaluation.

use movegen::{AttackTables, Colour, Geometry};

/// The attack tables of board shape `G`.
pub type Tables<G> = AttackTables<<G as Geometry>::Bb>;

/// `b` moved one rank towards `colour`'s promotion rank; squares pushed off
/// the board vanish.
#[inline(always)]
pub fn forward<G: Geometry>(tables: &Tables<G>, colour: Colour, b: G::Bb) -> G::Bb {
    match colour {
        Colour::White => (b << G::FILES as u32) & tables.all,
        Colour::Black => b >> G::FILES as u32,
    }
}

/// `b` together with every square ahead of its squares on the same file,
/// towards `colour`'s promotion rank.
#[inline(always)]
pub fn fill_forward<G: Geometry>(tables: &Tables<G>, colour: Colour, b: G::Bb) -> G::Bb {
    let mut filled = b;
    let mut step = G::FILES as u32;
    // Doubling steps: after steps FILES, 2 FILES, 4 FILES, … every square
    // up to the board's length ahead has been reached.
    while step < G::SQUARES as u32 {
        filled |= match colour {
            Colour::White => filled << step,
            Colour::Black => filled >> step,
        };
        step *= 2;
    }
    // Left shifts can carry bits past the last rank; clear them.
    filled & tables.all
}

/// `b` moved one file towards the last file; squares on the last file vanish.
#[inline(always)]
pub fn east<G: Geometry>(tables: &Tables<G>, b: G::Bb) -> G::Bb {
    (b & !tables.files[G::FILES as usize - 1]) << 1
}

/// `b` moved one file towards the a-file; squares on the a-file vanish.
#[inline(always)]
pub fn west<G: Geometry>(tables: &Tables<G>, b: G::Bb) -> G::Bb {
    (b & !tables.files[0]) >> 1
}

/// `b` and its neighbours on the files to either side.
#[inline(always)]
pub fn widen<G: Geometry>(tables: &Tables<G>, b: G::Bb) -> G::Bb {
    b | east::<G>(tables, b) | west::<G>(tables, b)
}

/// The squares attacked by `colour`'s pawns standing on `pawns`.
#[inline(always)]
pub fn pawn_attacks<G: Geometry>(tables: &Tables<G>, colour: Colour, pawns: G::Bb) -> G::Bb {
    forward::<G>(tables, colour, east::<G>(tables, pawns) | west::<G>(tables, pawns))
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Bitboard, Board12x12, Board8x10, Board8x8};

    fn set<G: Geometry>(names: &[&str]) -> G::Bb {
        names.iter().fold(G::Bb::EMPTY, |bb, n| bb | G::Bb::from_square(G::parse_square(n).unwrap()))
    }

    #[test]
    fn fills_reach_the_last_rank_and_stop_there() {
        type G = Board8x10;
        let t = G::tables();
        let b = set::<G>(&["c3"]);
        let up = fill_forward::<G>(t, Colour::White, b);
        assert_eq!(up, set::<G>(&["c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10"]));
        assert_eq!(fill_forward::<G>(t, Colour::Black, b), set::<G>(&["c3", "c2", "c1"]));
        assert_eq!(forward::<G>(t, Colour::White, set::<G>(&["h10"])), 0);
    }

    #[test]
    fn side_shifts_do_not_wrap_around() {
        type G = Board8x8;
        let t = G::tables();
        assert_eq!(east::<G>(t, set::<G>(&["h4", "a4"])), set::<G>(&["b4"]));
        assert_eq!(west::<G>(t, set::<G>(&["h4", "a4"])), set::<G>(&["g4"]));
        assert_eq!(pawn_attacks::<G>(t, Colour::White, set::<G>(&["a2"])), set::<G>(&["b3"]));
        assert_eq!(pawn_attacks::<G>(t, Colour::Black, set::<G>(&["e7"])), set::<G>(&["d6", "f6"]));
        for sq in t.all.squares() {
            for colour in Colour::ALL {
                assert_eq!(pawn_attacks::<G>(t, colour, u64::from_square(sq)), t.pawn(colour, sq));
            }
        }
    }

    #[test]
    fn the_same_code_serves_the_wide_twelve_by_twelve_board() {
        type G = Board12x12;
        let t = G::tables();
        assert_eq!(fill_forward::<G>(t, Colour::White, set::<G>(&["l1"])), t.files[11]);
        assert_eq!(fill_forward::<G>(t, Colour::Black, set::<G>(&["a12"])), t.files[0]);
        assert_eq!(widen::<G>(t, set::<G>(&["l5"])), set::<G>(&["k5", "l5"]));
        for sq in t.all.squares() {
            for colour in Colour::ALL {
                assert_eq!(pawn_attacks::<G>(t, colour, movegen::Wide::from_square(sq)), t.pawn(colour, sq));
            }
        }
    }
}
