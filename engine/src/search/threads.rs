//! Lazy SMP: every thread searches the same tree, sharing the
//! transposition table; helpers skip depths in patterns of their own so that
//! the threads fill the table with different results. The main thread's
//! line is played unless a helper finished a deeper iteration.

use super::iterate::RootMove;
use super::node::Worker;
use crate::limits::Limits;
use crate::search::{wait_for_stop, SearchOptions, Signals};
use crate::tt::TranspositionTable;
use movegen::Variant;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A node counter on its own cache line, so that threads publishing their
/// counts do not slow each other down.
#[derive(Default)]
#[repr(align(64))]
pub(crate) struct NodeCounter(pub(crate) AtomicU64);

/// What the threads of one search share.
pub(crate) struct Shared<'a> {
    pub(crate) tt: &'a TranspositionTable,
    pub(crate) signals: &'a Signals,
    pub(crate) limits: &'a Limits,
    pub(crate) options: &'a SearchOptions,
    /// Set by the main thread when the search is over: the helpers stop.
    pub(crate) finished: AtomicBool,
    /// Each thread's node count, published every [`POLL_INTERVAL`] nodes
    /// and when it ends.
    pub(crate) nodes: Vec<NodeCounter>,
}

impl<'a> Shared<'a> {
    pub(crate) fn new(
        tt: &'a TranspositionTable,
        signals: &'a Signals,
        limits: &'a Limits,
        options: &'a SearchOptions,
        threads: usize,
    ) -> Shared<'a> {
        let nodes = std::iter::repeat_with(NodeCounter::default).take(threads).collect();
        Shared { tt, signals, limits, options, finished: AtomicBool::new(false), nodes }
    }

    /// Nodes published by all threads.
    pub(crate) fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.0.load(Ordering::Relaxed)).sum()
    }
}

/// What a helper thread hands back: the depth of its last finished
/// iteration and its best root move then.
pub(crate) struct ThreadBest {
    pub(crate) depth: u32,
    pub(crate) line: RootMove,
}

impl<V: Variant> Worker<'_, V> {
    /// True when this helper thread leaves iteration `depth` to the others.
    /// Helpers skip depths in different patterns (the first every second
    /// depth, the next ones in runs of two, three, ... at shifted phases),
    /// so that at any moment the threads work on different depths and fill
    /// the shared table with different results. The main thread and the
    /// last depth are never skipped.
    pub(super) fn skips(&self, depth: i32, max_depth: i32) -> bool {
        if self.id == 0 || depth == max_depth {
            return false;
        }
        // Helper i (from 0) gets run length k and phase p: k = 1 for i < 2,
        // k = 2 for the next four, k = 3 for the next six, and so on.
        let (mut phase, mut run) = ((self.id - 1) % 20, 1);
        while phase >= 2 * run {
            phase -= 2 * run;
            run += 1;
        }
        (depth as usize + phase) / run % 2 == 1
    }

    /// Waits while the search may not end (`infinite`, pondering), then
    /// tells the helpers to stop.
    pub(crate) fn wait(&self) {
        wait_for_stop(self.shared.limits, self.shared.signals);
        self.shared.finished.store(true, Ordering::Relaxed);
    }

    /// A helper's contribution once it has stopped: its deepest finished
    /// iteration and its best line.
    pub(crate) fn into_best(mut self) -> ThreadBest {
        ThreadBest { depth: self.completed_depth, line: self.root_moves.swap_remove(0) }
    }
}
