//! Iterative deepening: ever deeper iterations, each line of a multi-PV
//! search inside an aspiration window around the previous score, and the
//! best line handed back when the search ends.

use super::node::Worker;
use super::params::*;
use super::threads::ThreadBest;
use crate::movepick::MoveList;
use crate::search::{Bound, SearchResult};
use crate::skill::Skill;
use crate::tt::TableMove;
use crate::value::{is_mate, to_score, Value, DRAW, INFINITE};
use movegen::{legal_moves, Move, Variant};
use std::cmp::Reverse;
use std::sync::atomic::Ordering;

/// A legal root move and what the last search of it found.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub(crate) mv: Move,
    /// The value of the latest search, `-INFINITE` when the move was not
    /// the first searched and failed to raise alpha.
    pub(crate) score: Value,
    /// `score` at the end of the previous iteration.
    pub(crate) previous_score: Value,
    pub(crate) bound: Bound,
    pub(crate) seldepth: usize,
    pub(crate) pv: Vec<Move>,
}

impl RootMove {
    pub(crate) fn new(mv: Move) -> RootMove {
        RootMove { mv, score: -INFINITE, previous_score: -INFINITE, bound: Bound::Exact, seldepth: 0, pv: vec![mv] }
    }
}

impl<V: Variant> Worker<'_, V> {
    /// Searches ever deeper until the limits or the main thread say stop.
    /// A weakened search ([`Skill`]) goes no deeper than its level allows,
    /// keeps its candidate lines, and returns the main thread's choice
    /// among them at the last iteration finished (reporting only the
    /// lines `MultiPV` asks for).
    pub(crate) fn iterate(&mut self) -> Option<ThreadBest> {
        self.heuristics.new_search();
        self.order_root_moves();
        let skill = self.shared.options.skill.as_ref();
        let max_depth = self.shared.limits.depth.map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH));
        let max_depth = skill.map_or(max_depth, |skill| max_depth.min(skill.depth() as i32));
        let shown = self.shared.options.multipv.clamp(1, self.root_moves.len());
        let lines = skill.map_or(shown, |_| shown.max(Skill::CANDIDATES.min(self.root_moves.len())));
        let mut choice = None;
        let mut depth = 0;
        while depth < max_depth && !self.stopped {
            depth += 1;
            if self.skips(depth, max_depth) {
                continue;
            }
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            let previous_best = self.root_moves[0].mv;
            for pv_index in 0..lines {
                self.pv_index = pv_index;
                self.seldepth = 0;
                self.aspiration(depth);
                if self.stopped {
                    break;
                }
                self.root_moves[..=pv_index].sort_by_key(|rm| Reverse(rm.score));
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth as u32;
            // A helper that finishes the last depth of a depth-limited
            // search ends it: the depth asked for is reached, and the main
            // thread adopts the helper's line (see `finish`).
            if self.main.is_none() && depth == max_depth {
                self.shared.finished.store(true, Ordering::Relaxed);
                break;
            }
            if self.main.is_some() {
                for line in 0..shown {
                    self.report_line(line, depth);
                }
                choice = skill.map(|skill| self.skill_choice(skill, lines));
                if self.iteration_ends_search(previous_best) {
                    self.shared.finished.store(true, Ordering::Relaxed);
                    break;
                }
            }
        }
        self.shared.nodes[self.id].0.store(self.nodes, Ordering::Relaxed);
        choice
    }

    /// The line `skill` plays among the first `lines` root moves of the
    /// iteration just finished.
    fn skill_choice(&self, skill: &Skill, lines: usize) -> ThreadBest {
        let scores: Vec<Value> = self.root_moves[..lines].iter().map(|rm| rm.score).collect();
        ThreadBest { depth: self.completed_depth, line: self.root_moves[skill.choose(&scores)].clone() }
    }

    /// Orders the root moves for the first iteration as any node would.
    pub(super) fn order_root_moves(&mut self) {
        let mut list = MoveList::default();
        list.set_in_order(&self.pos, self.root_moves.iter().map(|rm| rm.mv));
        let table_move = self.shared.tt.probe(self.pos.key(), 0).map_or(TableMove::NONE, |hit| hit.mv);
        list.score(&self.pos, table_move, &self.node_context(0), self.heuristics);
        let order: Vec<Move> = (0..list.len()).filter_map(|i| list.pick(&self.pos, i)).map(|m| m.mv).collect();
        self.root_moves.sort_by_key(|rm| order.iter().position(|&m| m == rm.mv));
    }

    /// Searches the current line at `depth` with a window around the
    /// previous iteration's score, widened on each side it fails on.
    pub(super) fn aspiration(&mut self, depth: i32) {
        let previous = self.root_moves[self.pv_index].previous_score;
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && previous > -INFINITE && !is_mate(previous) {
            ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        self.root_depth = depth;
        loop {
            let value = self.search::<true>(alpha, beta, depth, 0, false, self.pos.in_check());
            self.root_moves[self.pv_index..].sort_by_key(|rm| Reverse(rm.score));
            if self.stopped {
                return;
            }
            if value <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (value - delta).max(-INFINITE);
            } else if value >= beta {
                beta = (value + delta).min(INFINITE);
            } else {
                return;
            }
            if self.main.as_ref().is_some_and(|m| m.started.elapsed().as_millis() as u64 > VERBOSE_AFTER_MS) {
                self.report_line(self.pv_index, depth);
            }
            delta += delta / 2;
        }
    }

    /// The last iteration this thread finished.
    pub(crate) fn completed_depth(&self) -> u32 {
        self.completed_depth
    }

    /// Ends the main thread's search and returns the best move: the main
    /// thread's own, or the line `chosen` for it (by a helper that finished
    /// a deeper iteration, or by a weakened search's [`Skill`]). When that
    /// line, or a new best move of the main thread's unfinished iteration,
    /// is not the last line reported, it is reported now, so that the last
    /// line shown starts with the move played. The node count is the
    /// caller's to fill in once every thread has ended.
    pub(crate) fn finish(mut self, chosen: Option<ThreadBest>) -> SearchResult {
        let mut depth = self.completed_depth + 1;
        let adopted = chosen.is_some();
        if let Some(chosen) = chosen {
            let at = self.root_moves.iter().position(|rm| rm.mv == chosen.line.mv).expect("threads share root moves");
            self.root_moves[..=at].rotate_right(1);
            self.root_moves[0] = chosen.line;
            self.completed_depth = chosen.depth;
            depth = chosen.depth;
        }
        let reported = self.main.as_ref().and_then(|main| main.reported_best);
        if self.root_moves[0].score > -INFINITE && (adopted || reported != Some(self.root_moves[0].mv)) {
            self.report_line(0, depth as i32);
        }
        let best = &self.root_moves[0];
        let value = [best.score, best.previous_score].into_iter().find(|&v| v > -INFINITE).unwrap_or(DRAW);
        let (mv, pv) = (best.mv, best.pv.clone());
        let ponder = pv.get(1).copied().or_else(|| self.reply_from_table(mv));
        SearchResult { best: Some(mv), ponder, nodes: 0, score: to_score(value), depth: self.completed_depth }
    }

    /// The table's best reply to `mv`, when the line stops after it.
    pub(super) fn reply_from_table(&mut self, mv: Move) -> Option<Move> {
        self.pos.make(mv);
        let table_move = self.shared.tt.probe(self.pos.key(), 1).map_or(TableMove::NONE, |hit| hit.mv);
        let reply = legal_moves(&self.pos).into_iter().find(|&m| table_move.matches(m));
        self.pos.unmake();
        reply
    }
}
