//! Threats: enemy pieces our pawns attack or could attack after a safe
//! step, enemy pieces our pieces of less worth attack, enemy pieces we
//! attack that nothing of theirs defends, and safe squares from which our
//! knights and sliders would attack the enemy queen.
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
    /// Scores each side's threats; `pieces` must have completed `attacked`,
    /// `attacked_twice` and `attacked_by`.
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
            let [on_queen_by_knight, on_queen_by_slider] = self.queen_threats(us);
            sides[u] = weights.threat_by_pawn * by_pawn
                + weights.knight_on_queen * on_queen_by_knight
                + weights.slider_on_queen * on_queen_by_slider
                + weights.threat_by_pawn_push * by_push
                + weights.threat_by_lesser * by_lesser
                + weights.hanging * hanging;
            self.count(us, Field::ThreatByPawn, 0, [by_pawn as f64; 2]);
            self.count(us, Field::ThreatByPawnPush, 0, [by_push as f64; 2]);
            self.count(us, Field::ThreatByLesser, 0, [by_lesser as f64; 2]);
            self.count(us, Field::Hanging, 0, [hanging as f64; 2]);
            self.count(us, Field::KnightOnQueen, 0, [on_queen_by_knight as f64; 2]);
            self.count(us, Field::SliderOnQueen, 0, [on_queen_by_slider as f64; 2]);
        }
        self.add_sides(Term::Threats, sides);
    }

    /// Squares from which `us`'s knights and sliders (bishops, rooks) would
    /// attack the enemy's only queen, which a piece of that kind reaches now
    /// and where it would stand safely: not on our own pieces, not covered
    /// by an enemy pawn nor attacked twice by them unless twice by us (a
    /// slider's square must be covered twice by us, since the queen on its
    /// line attacks it back). Counted double when she is the board's only
    /// queen. The queen must move again, and the attacker gains a tempo.
    /// Returns the knights' squares and the sliders' squares.
    #[inline(always)]
    fn queen_threats(&self, us: Colour) -> [i32; 2] {
        let (board, tables, occupied) = (self.pos.board(), self.tables, self.occupied);
        let (u, t) = (us.index(), (!us).index());
        let queens = board.pieces(!us, Role::Queen);
        if !V::ROLES.contains(&Role::Queen) || queens.count() != 1 {
            return [0, 0];
        }
        let queen = queens.squares().next().expect("one queen");
        let imbalance = 1 + board.pieces(us, Role::Queen).is_empty() as i32;
        let strongly_protected = self.pawn_attacks[t] | (self.attacked_twice[t] & !self.attacked_twice[u]);
        let safe = !board.colour(us) & !self.fool & !strongly_protected;
        let ours = &self.attacked_by[u];
        let knights = ours[Role::Knight.index()] & tables.knight(queen);
        let sliders = (ours[Role::Bishop.index()] & tables.bishop(queen, occupied))
            | (ours[Role::Rook.index()] & tables.rook(queen, occupied));
        [
            (knights & safe).count() as i32 * imbalance,
            (sliders & safe & self.attacked_twice[u]).count() as i32 * imbalance,
        ]
    }
}
