//! King safety: the danger units gathered against each king (enemy pieces
//! bearing on its neighbourhood, squares there that only the king defends,
//! checks the enemy could give from safe squares, the Fool's checks; fewer
//! when a knight of its own covers it) turned into a penalty that grows
//! with their square, and the pawn shelter in front of it.

use crate::bits::{forward, widen};
use crate::evaluation::Evaluation;
use crate::score::Score;
use crate::trace::{Recorder, Term};
use crate::weights::{king_danger_penalty, Field, KNIGHT_DEFENDER_UNITS, SAFE_CHECK_UNITS, WEAK_KING_SQUARE_UNITS};
use movegen::{Bitboard, Colour, Role, Variant};

impl<V: Variant, R: Recorder> Evaluation<'_, V, R> {
    /// Scores each king's danger and shelter; `pieces` and `fool` must have
    /// gathered the danger units first.
    #[inline(always)]
    pub(crate) fn king_safety(&mut self) {
        let (board, tables) = (self.pos.board(), self.tables);
        let weights = Self::weights();
        let mut sides = [Score::ZERO; 2];
        for us in Colour::ALL {
            let u = us.index();
            // Squares next to the king the enemy attacks and that nothing
            // but the king defends.
            let them = (!us).index();
            let weak = self.king_zone[u] & self.attacked[them] & !self.attacked_twice[u];
            // A knight of ours covering the king's neighbourhood parries many attacks.
            let knight_defends = (self.king_zone[u] & self.attacked_by[u][Role::Knight.index()]).any();
            let units =
                (self.king_danger[u] + WEAK_KING_SQUARE_UNITS * weak.count() as i32 + self.safe_check_units(us)
                    - KNIGHT_DEFENDER_UNITS * knight_defends as i32)
                    .max(0);
            let penalty = king_danger_penalty(units);
            let danger = penalty.percent(weights.king_danger);
            self.count(us, Field::KingDanger, 0, [penalty.mg() as f64 / 100.0, penalty.eg() as f64 / 100.0]);
            let files = widen::<V::G>(tables, Bitboard::from_square(board.king(us)));
            let one_ahead = forward::<V::G>(tables, us, files);
            let shield = one_ahead | forward::<V::G>(tables, us, one_ahead);
            let shelterers = (shield & board.pieces(us, Role::Pawn)).count() as i32;
            let shelter = weights.pawn_shelter * shelterers;
            self.count(us, Field::PawnShelter, 0, [shelterers as f64; 2]);
            sides[u] = danger + shelter;
        }
        self.add_sides(Term::KingSafety, sides);
    }

    /// Danger units for the checks `us`'s enemy could give next move from a
    /// safe square, once per role (knight, bishop, rook, queen) that has
    /// one. A square is safe for the checker when `us` does not attack it,
    /// or when the enemy attacks it twice and `us` defends it only once and
    /// only with the king or the queen.
    #[inline(always)]
    fn safe_check_units(&self, us: Colour) -> i32 {
        let (board, tables, occupied) = (self.pos.board(), self.tables, self.occupied);
        let (u, t) = (us.index(), (!us).index());
        let king = board.king(us);
        // Squares `us` defends with something other than the king or queen.
        let firmly = Role::ALL
            .iter()
            .filter(|&&role| role != Role::Queen)
            .fold(self.pawn_attacks[u], |set, &role| set | self.attacked_by[u][role.index()]);
        let weak = self.attacked[t] & !self.attacked_twice[u] & !firmly;
        let safe = !board.colour(!us) & !self.fool & (!self.attacked[u] | (weak & self.attacked_twice[t]));
        let (diagonal, orthogonal) = (tables.bishop(king, occupied), tables.rook(king, occupied));
        let theirs = &self.attacked_by[t];
        [
            (Role::Knight, tables.knight(king)),
            (Role::Bishop, diagonal),
            (Role::Rook, orthogonal),
            (Role::Queen, diagonal | orthogonal),
        ]
        .into_iter()
        .filter(|&(role, from)| (from & theirs[role.index()] & safe).any())
        .map(|(role, _)| SAFE_CHECK_UNITS[role.index()])
        .sum()
    }
}
