//! The quiescence search: tactical moves only (or every evasion in check)
//! until the position is quiet enough for the static evaluation.

use super::node::{result_bound, Worker};
use super::params::*;
use crate::tt::{TableMove, TtData};
use crate::value::{is_mate, mated_in, Value, DRAW, INFINITE, MAX_PLY};
use movegen::{Bitboard, Variant};

impl<V: Variant> Worker<'_, V> {
    /// Quiescence search: only tactical moves (captures, promotions, Fool
    /// kills of enemy pieces) whose exchange does not lose, or every move
    /// when in check, until the position is quiet enough for the static
    /// evaluation to be trusted.
    pub(super) fn qsearch<const PV: bool>(
        &mut self,
        mut alpha: Value,
        beta: Value,
        ply: usize,
        in_check: bool,
    ) -> Value {
        debug_assert_eq!(in_check, self.pos.in_check());
        if self.poll() {
            return DRAW;
        }
        self.frames[ply].pv.clear();
        self.seldepth = self.seldepth.max(ply + 1);
        if let Some(value) = self.variant_result(ply) {
            return value;
        }
        if self.pos.kings_only() {
            return DRAW;
        }
        // Where captures can repeat a position (Tam Ruat's warlocks trading
        // summoned ghosts, Checkered chess's checks back and forth with
        // pieces either side may move), the quiescence search would
        // otherwise run such lines to the ply limit.
        if self.pos.captures_can_repeat() && ply > 0 && self.is_repetition(ply) {
            return DRAW;
        }
        if ply >= MAX_PLY {
            return if in_check { DRAW } else { self.evaluate() };
        }

        let key = self.pos.key();
        let hit = self.shared.tt.probe(key, ply);
        if let Some(hit) = hit {
            if !PV && hit.cuts(0, alpha, beta) {
                return hit.value;
            }
        }
        let original_alpha = alpha;
        let stand_pat = if in_check { -INFINITE } else { self.static_eval(hit) };
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best_value = stand_pat;

        // Out of check, where the variant can generate the noisy moves alone
        // (see `Variant::NOISY_GENERATOR`), only they are generated: a
        // stalemate is then not seen here, and the static evaluation stands
        // for it, as in other engines' quiescence searches.
        let moves = &mut self.frames[ply].moves;
        if in_check || !V::NOISY_GENERATOR {
            moves.generate(&self.pos);
            if moves.is_empty() {
                return if self.pos.checkers().any() { mated_in(ply) } else { DRAW };
            }
        } else {
            moves.generate_noisy(&self.pos);
        }
        let table_move = hit.map_or(TableMove::NONE, |h| h.mv);
        let node = self.node_context(ply);
        let moves = &mut self.frames[ply].moves;
        if in_check {
            moves.score(&self.pos, table_move, &node, self.heuristics);
        } else {
            moves.score_tactical(&self.pos, table_move, &node, self.heuristics);
        }
        let mut best_move = None;
        let mut index = 0;
        let mut quiet_evasions = 0;
        while let Some(scored) = self.frames[ply].moves.pick(&self.pos, index) {
            index += 1;
            let gain = scored.material.gain;
            if !in_check && (scored.exchange() < 0 || stand_pat + gain + DELTA_MARGIN <= alpha) {
                continue;
            }
            // In check, once an evasion has shown the side is not mated,
            // quiet evasions beyond the first few are left to the main
            // search where checkered pieces stand: either side may check
            // with them, and searching every evasion of every check made
            // the quiescence search explode. (Kept to such positions until
            // its worth elsewhere is measured.)
            if in_check && !scored.material.tactical && self.pos.board().checkered().any() {
                if quiet_evasions >= QSEARCH_QUIET_EVASIONS && !is_mate(best_value) {
                    continue;
                }
                quiet_evasions += 1;
            }
            self.pos.make(scored.mv);
            self.frames[ply].current = Some(scored.piece);
            self.shared.tt.prefetch(self.pos.key());
            self.frames[ply + 1].plies_from_null = self.frames[ply].plies_from_null + 1;
            let gives_check = self.pos.in_check();
            let value = -self.qsearch::<PV>(-beta, -alpha, ply + 1, gives_check);
            self.pos.unmake();
            if self.stopped {
                return DRAW;
            }
            if value > best_value {
                best_value = value;
                if value > alpha {
                    best_move = Some(scored.mv);
                    if PV {
                        self.update_pv(ply, scored.mv);
                    }
                    if value >= beta {
                        break;
                    }
                    alpha = value;
                }
            }
        }
        let bound = result_bound(best_value, original_alpha, beta, PV);
        let eval = (!in_check).then_some(stand_pat);
        self.shared.tt.store(key, ply, TtData { best: best_move, value: best_value, eval, depth: 0, bound });
        best_value
    }
}
