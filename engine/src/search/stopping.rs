//! When the search stops: the node count and the clock polled as nodes are
//! searched, `ponderhit`, and the main thread's decision after each
//! iteration to stop early or go on (the soft time limit stretched while the
//! best move is unsettled or the score drops).

use super::node::Worker;
use super::params::*;
use crate::search::Report;
use crate::timeman::TimeManager;
use crate::value::{INFINITE, MATE, MATE_BOUND};
use movegen::{Move, Variant};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// What only the main thread keeps: the clock and the reporting.
pub(crate) struct MainThread<'a> {
    pub(super) clock: TimeManager,
    pub(super) started: Instant,
    pub(super) report: &'a mut dyn FnMut(Report),
    /// True until `ponderhit` while pondering: our clock is not running.
    pub(super) pondering: bool,
    /// How unsettled the best move is: grows when it changes between
    /// iterations and halves every iteration; it stretches the soft limit.
    pub(super) instability: f64,
    /// The helpers' node count at the last poll.
    pub(super) helper_nodes: u64,
    /// The first move of the last best line reported.
    pub(super) reported_best: Option<Move>,
}

impl<'a> MainThread<'a> {
    pub(crate) fn new(clock: TimeManager, started: Instant, report: &'a mut dyn FnMut(Report)) -> MainThread<'a> {
        MainThread { clock, started, report, pondering: false, instability: 0.0, helper_nodes: 0, reported_best: None }
    }
}

impl<V: Variant> Worker<'_, V> {
    /// After a finished iteration, decides (main thread) whether to stop:
    /// a mate within `go mate`, a single legal move, or the soft time limit
    /// stretched by how unsettled the best move is. Never while the search
    /// must wait for `stop`.
    pub(super) fn iteration_ends_search(&mut self, previous_best: Move) -> bool {
        let limits = self.shared.limits;
        let best = &self.root_moves[0];
        let main = self.main.as_mut().expect("the main thread decides");
        main.instability /= 2.0;
        if best.mv != previous_best {
            main.instability += 1.0;
        }
        if limits.infinite || main.pondering {
            return false;
        }
        if let Some(moves) = limits.mate {
            if best.score >= MATE_BOUND && (MATE - best.score + 1) / 2 <= moves as i32 {
                return true;
            }
        }
        if main.clock.budget().is_none() {
            return false;
        }
        let score_drop = best.previous_score > -INFINITE && best.score < best.previous_score - TIME_SCORE_DROP_MARGIN;
        let scale = (TIME_BASE_SCALE + TIME_PER_INSTABILITY * main.instability)
            * if score_drop { TIME_SCORE_DROP_SCALE } else { 1.0 };
        self.root_moves.len() == 1 || main.clock.soft_expired(scale.min(TIME_MAX_SCALE))
    }

    /// Counts a node and says whether the search must unwind.
    #[inline]
    pub(super) fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.shared.nodes[self.id].0.store(self.nodes, Ordering::Relaxed);
            self.check_clock();
        }
        let helper_nodes = self.main.as_ref().map_or(0, |m| m.helper_nodes);
        if self.nodes + helper_nodes >= self.node_limit
            || self.shared.finished.load(Ordering::Relaxed)
            || self.shared.signals.stop.load(Ordering::Relaxed)
        {
            self.shared.finished.store(true, Ordering::Relaxed);
            self.stopped = true;
        }
        self.stopped
    }

    /// The main thread's periodic look at the clock, `ponderhit` and the
    /// helpers' node counts.
    pub(super) fn check_clock(&mut self) {
        let Some(main) = self.main.as_mut() else { return };
        main.helper_nodes = self.shared.total_nodes() - self.nodes;
        if main.pondering {
            if !self.shared.signals.ponderhit.load(Ordering::Relaxed) {
                return;
            }
            main.pondering = false;
            main.clock.restart();
        }
        if !self.shared.limits.infinite && main.clock.hard_expired() {
            self.shared.finished.store(true, Ordering::Relaxed);
            self.stopped = true;
        }
    }
}
