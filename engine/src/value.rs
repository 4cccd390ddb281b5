//! Search values: centipawn scores from the side to move's point of view,
//! and mate scores counted in plies from the root. Mates live at the top and
//! bottom of the range so that every ordinary score compares below them, and
//! a shorter mate scores higher than a longer one.

use movegen::Score;

/// A search value in centipawns, or a mate score.
pub type Value = i32;

/// The value of a draw.
pub const DRAW: Value = 0;
/// The value of giving mate right now (at ply 0).
pub const MATE: Value = 32_000;
/// Above every value the search can produce: the initial window bound.
pub const INFINITE: Value = MATE + 1;
/// The deepest ply the search goes to, extensions included.
pub const MAX_PLY: usize = 128;
/// Values at least this large (in magnitude) are mates.
pub const MATE_BOUND: Value = MATE - MAX_PLY as Value;

/// The value of mating the opponent `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> Value {
    MATE - ply as Value
}

/// The value of being mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> Value {
    -MATE + ply as Value
}

/// True when `value` announces a mate for either side.
#[inline]
pub const fn is_mate(value: Value) -> bool {
    value >= MATE_BOUND || value <= -MATE_BOUND
}

/// Converts a value found `ply` plies below the root into the value the
/// transposition table keeps: mates counted from the stored position, not
/// from the root, so that the entry is right wherever it is found again.
#[inline]
pub const fn to_tt(value: Value, ply: usize) -> Value {
    if value >= MATE_BOUND {
        value + ply as Value
    } else if value <= -MATE_BOUND {
        value - ply as Value
    } else {
        value
    }
}

/// The inverse of [`to_tt`]: a stored value as seen `ply` plies below the root.
#[inline]
pub const fn from_tt(value: Value, ply: usize) -> Value {
    if value >= MATE_BOUND {
        value - ply as Value
    } else if value <= -MATE_BOUND {
        value + ply as Value
    } else {
        value
    }
}

/// The UCI score of a value: centipawns, or mate in moves (negative when
/// being mated).
pub fn to_score(value: Value) -> Score {
    if value >= MATE_BOUND {
        Score::Mate((MATE - value + 1) / 2)
    } else if value <= -MATE_BOUND {
        Score::Mate(-(MATE + value) / 2)
    } else {
        Score::Cp(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves_not_plies() {
        assert_eq!(to_score(mate_in(1)), Score::Mate(1));
        assert_eq!(to_score(mate_in(3)), Score::Mate(2));
        assert_eq!(to_score(mate_in(5)), Score::Mate(3));
        assert_eq!(to_score(mated_in(0)), Score::Mate(0));
        assert_eq!(to_score(mated_in(2)), Score::Mate(-1));
        assert_eq!(to_score(mated_in(4)), Score::Mate(-2));
        assert_eq!(to_score(-35), Score::Cp(-35));
        assert!(mate_in(3) > mate_in(5) && mated_in(2) < mated_in(4));
    }

    #[test]
    fn table_values_round_trip_and_count_from_the_stored_node() {
        for ply in [0, 1, 7, 60] {
            for value in [0, 150, -420, mate_in(ply + 3), mated_in(ply + 2)] {
                assert_eq!(from_tt(to_tt(value, ply), ply), value);
            }
        }
        // Mate in 5 plies from the root, stored at ply 2: mate in 3 from there,
        // and found again at ply 4 it is a mate in 7 from the root.
        let stored = to_tt(mate_in(5), 2);
        assert_eq!(stored, mate_in(3));
        assert_eq!(from_tt(stored, 4), mate_in(7));
    }
}
