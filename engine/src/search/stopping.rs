//! When the search stops: the node count and the clock polled as nodes are
//! searched, `ponderhit`, and the main thread's decision after each
//! iteration to stop early or go on (the soft time limit stretched while the
//! best move is unsettled or the score drops). The poll also reports the
//! root move being searched, so that a long search shows it is alive.

use super::node::Worker;
use super::params::*;
use crate::search::Report;
use crate::timeman::TimeManager;
use crate::value::{INFINITE, MATE, MATE_BOUND};
use movegen::{Move, Variant};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

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
    /// The root move being searched: the iteration's depth, the move and
    /// its place in the root move order.
    root_move: Option<(u32, Move, usize)>,
    /// When the root move being searched was last reported.
    root_move_reported: Option<Instant>,
}

impl<'a> MainThread<'a> {
    pub(crate) fn new(clock: TimeManager, started: Instant, report: &'a mut dyn FnMut(Report)) -> MainThread<'a> {
        MainThread {
            clock,
            started,
            report,
            pondering: false,
            instability: 0.0,
            helper_nodes: 0,
            reported_best: None,
            root_move: None,
            root_move_reported: None,
        }
    }

    /// Notes the root move the search turns to, and reports it once the
    /// search has run for [`VERBOSE_AFTER_MS`].
    pub(super) fn enter_root_move(&mut self, depth: u32, mv: Move, number: usize) {
        self.root_move = Some((depth, mv, number));
        self.report_root_move(true);
    }

    /// Reports the root move being searched, in a search of some length:
    /// when it starts (`entered`), and again every [`ROOT_MOVE_REPEAT_MS`]
    /// while it lasts, so that a root move which takes the rest of the time
    /// still shows that the search is alive.
    fn report_root_move(&mut self, entered: bool) {
        let Some((depth, mv, number)) = self.root_move else { return };
        if self.started.elapsed().as_millis() as u64 <= VERBOSE_AFTER_MS {
            return;
        }
        let repeat = Duration::from_millis(ROOT_MOVE_REPEAT_MS);
        if !entered && self.root_move_reported.is_some_and(|at| at.elapsed() < repeat) {
            return;
        }
        self.root_move_reported = Some(Instant::now());
        (self.report)(Report::CurrMove { depth, mv, number });
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
        main.report_root_move(false);
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
