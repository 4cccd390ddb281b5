//! Threats: enemy pieces our pawns attack or could attack after a safe
//! step, enemy pieces our pieces of less worth attack, and enemy pieces we
//! attack that nothing of theirs defends.
//! The search finds such captures soon enough when the attacker is to move;
//! the term is for the quiet nodes in between, where a piece under attack
//! must still be saved and a tempo spent on it.

use crate::bits::{forward, pawn_attacks};
use crate::evaluation::Evaluation;
use crate::score::Score;
use crate::trace::{Recorder, Term};
use crate::weights::Field;
use movegen::{Bitboard, Colour, Role, Variant};

impl<V: Variant, R: Recorder> Evaluation<'_, V, R> {
    /// Scores each side's threats; `pieces` must have completed `attacked`.
    #[inline(always)]
    pub(crate) fn threats(&mut self) {
        let (board, tables) = (self.pos.board(), self.tables);
        let weights = Self::weights();
        let mut sides = [Score::ZERO; 2];
        for us in Colour::ALL {
            let (u, them) = (us.index(), !us);
            // Royal pieces are never captured: attacking them is check.
            let targets = board.colour(them) & !board.royals();
            let pieces = targets & !board.role(Role::Pawn);
            let by_pawn = (pieces & self.pawn_attacks[u]).count() as i32;
            let hanging = (targets & self.attacked[u] & !self.attacked[them.index()]).count() as i32;
            let by_lesser = self.lesser_threats[u];
            // Squares our pawns can step to without being taken for nothing.
            let steps = forward::<V::G>(tables, us, board.pieces(us, Role::Pawn)) & !self.occupied;
            let safe = !self.pawn_attacks[them.index()] & (self.attacked[u] | !self.attacked[them.index()]);
            let pushed = pawn_attacks::<V::G>(tables, us, steps & safe);
            let by_push = (pieces & pushed & !self.pawn_attacks[u]).count() as i32;
            sides[u] = weights.threat_by_pawn * by_pawn
                + weights.threat_by_pawn_push * by_push
                + weights.threat_by_lesser * by_lesser
                + weights.hanging * hanging;
            self.count(us, Field::ThreatByPawn, 0, [by_pawn as f64; 2]);
            self.count(us, Field::ThreatByPawnPush, 0, [by_push as f64; 2]);
            self.count(us, Field::ThreatByLesser, 0, [by_lesser as f64; 2]);
            self.count(us, Field::Hanging, 0, [hanging as f64; 2]);
        }
        self.add_sides(Term::Threats, sides);
    }
}
