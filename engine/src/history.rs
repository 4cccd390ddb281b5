//! What a search thread learns about quiet moves while it searches: killer
//! moves (quiet moves that refuted a sibling at the same ply) and the
//! history of quiet moves that caused or failed to cause cut-offs. They
//! order the moves of later nodes; each thread keeps its own.

use crate::value::MAX_PLY;
use movegen::{Colour, Move};

/// History scores stay within `±HISTORY_MAX`.
pub const HISTORY_MAX: i32 = 16_384;
/// Squares per side of the from-to table: enough for any board whose square
/// index fits a `u8`.
const SQUARES: usize = 256;

/// Killers and history of one search thread.
pub struct Heuristics {
    killers: Vec<[Move; 2]>,
    /// Indexed by side to move, origin and destination of the base move.
    history: Box<[i16]>,
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: vec![[Move::default(); 2]; MAX_PLY + 1],
            history: vec![0; 2 * SQUARES * SQUARES].into_boxed_slice(),
        }
    }
}

#[inline]
fn index(side: Colour, m: Move) -> usize {
    (side.index() * SQUARES + m.from().index()) * SQUARES + m.to().index()
}

impl Heuristics {
    /// Forgets everything, as for a new game.
    pub fn clear(&mut self) {
        *self = Heuristics::default();
    }

    /// Forgets the killers, which belong to the plies of one search.
    pub fn new_search(&mut self) {
        self.killers.fill([Move::default(); 2]);
    }

    /// The killers of `ply`, the most recent first.
    #[inline]
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    /// The history score of quiet move `m` played by `side`.
    #[inline]
    pub fn history(&self, side: Colour, m: Move) -> i32 {
        self.history[index(side, m)] as i32
    }

    /// Records that quiet move `best` refuted the node at `ply` searched to
    /// `depth`, after the quiet moves `tried` had failed to.
    pub fn reward(&mut self, side: Colour, ply: usize, depth: i32, best: Move, tried: &[Move]) {
        let killers = &mut self.killers[ply];
        if killers[0] != best {
            killers[1] = killers[0];
            killers[0] = best;
        }
        let bonus = (depth * depth).min(1200) * 8;
        self.nudge(side, best, bonus);
        for &m in tried {
            self.nudge(side, m, -bonus);
        }
    }

    /// Moves a history score by `bonus`, less the more it is already
    /// saturated in that direction, so scores stay within `±HISTORY_MAX` and
    /// recent results weigh more than old ones.
    fn nudge(&mut self, side: Colour, m: Move, bonus: i32) {
        let entry = &mut self.history[index(side, m)];
        let old = *entry as i32;
        *entry = (old + bonus - old * bonus.abs() / HISTORY_MAX) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{legal_moves, Chess, Position};

    #[test]
    fn rewards_raise_the_best_move_lower_the_others_and_stay_bounded() {
        let moves = legal_moves(&Position::<Chess>::startpos());
        let (best, other) = (moves[0], moves[1]);
        let mut h = Heuristics::default();
        for _ in 0..1000 {
            h.reward(Colour::White, 3, 20, best, &[other]);
        }
        assert!(h.history(Colour::White, best) > 0 && h.history(Colour::White, best) <= HISTORY_MAX);
        assert!(h.history(Colour::White, other) < 0 && h.history(Colour::White, other) >= -HISTORY_MAX);
        assert_eq!(h.history(Colour::Black, best), 0, "the other side's table is apart");
        assert_eq!(h.killers(3), [best, Move::default()]);
        h.reward(Colour::White, 3, 1, other, &[]);
        assert_eq!(h.killers(3), [other, best]);
        h.new_search();
        assert_eq!(h.killers(3), [Move::default(); 2]);
        assert!(h.history(Colour::White, best) > 0, "history outlives a search");
        h.clear();
        assert_eq!(h.history(Colour::White, best), 0);
    }
}
