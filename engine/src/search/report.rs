//! What the main thread reports while it searches: each finished line of
//! an iteration, as a [`SearchInfo`] for the front end to print.

use super::node::Worker;
use crate::search::{Report, SearchInfo};
use crate::value::to_score;
use movegen::Variant;

impl<V: Variant> Worker<'_, V> {
    /// Sends the main thread's report of multi-PV line `line` at `depth`.
    pub(super) fn report_line(&mut self, line: usize, depth: i32) {
        let rm = &self.root_moves[line];
        let Some(main) = self.main.as_mut() else { return };
        let nodes = self.nodes + main.helper_nodes;
        let time_ms = main.started.elapsed().as_millis() as u64;
        let info = SearchInfo {
            depth: depth as u32,
            seldepth: rm.seldepth.max(1) as u32,
            multipv: line + 1,
            score: to_score(rm.score),
            bound: rm.bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: self.shared.tt.hashfull(),
            time_ms,
            pv: rm.pv.clone(),
        };
        if line == 0 {
            main.reported_best = Some(rm.mv);
        }
        (main.report)(Report::Info(info));
    }
}
