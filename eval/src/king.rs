//! King safety: the danger units gathered against each king (enemy pieces
//! bearing on its neighbourhood, the Fool's checks) turned into a penalty
//! that grows with their square, and the pawn shelter in front of it.

use crate::bits::{forward, widen};
use crate::evaluation::Evaluation;
use crate::score::Score;
use crate::trace::{Recorder, Term};
use crate::weights::{KING_DANGER_DIVISOR, KING_DANGER_ENDGAME_DIVISOR, KING_DANGER_MAX, PAWN_SHELTER};
use movegen::{Bitboard, Colour, Role, Variant};

impl<V: Variant, R: Recorder> Evaluation<'_, V, R> {
    /// Scores each king's danger and shelter; `pieces` and `fool` must have
    /// gathered the danger units first.
    #[inline(always)]
    pub(crate) fn king_safety(&mut self) {
        let (board, tables) = (self.pos.board(), self.tables);
        let mut sides = [Score::ZERO; 2];
        for us in Colour::ALL {
            let u = us.index();
            let units = self.king_danger[u];
            let danger = Score::new(
                -(units * units / KING_DANGER_DIVISOR).min(KING_DANGER_MAX),
                -units / KING_DANGER_ENDGAME_DIVISOR,
            );
            let files = widen::<V::G>(tables, Bitboard::from_square(board.king(us)));
            let one_ahead = forward::<V::G>(tables, us, files);
            let shield = one_ahead | forward::<V::G>(tables, us, one_ahead);
            let shelter = PAWN_SHELTER * (shield & board.pieces(us, Role::Pawn)).count() as i32;
            sides[u] = danger + shelter;
        }
        self.add_sides(Term::KingSafety, sides);
    }
}
