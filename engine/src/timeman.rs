//! Time management: how long to think about one move.
//!
//! A clock-driven search gets two limits. The *soft* limit is the time we
//! mean to spend: the search finishes the iteration under way and does not
//! start another once it has passed (scaled by how settled the best move
//! is). The *hard* limit is the time we may spend at most: the search is cut
//! off wherever it stands. Both leave the move overhead (the time lost
//! between our `bestmove` and the opponent's clock starting) unused, and the
//! hard limit never takes more than half the clock: the other half absorbs
//! the delays no overhead setting foresees (a busy machine may not run us
//! for tens of milliseconds), so a game is not lost on time.

use crate::limits::Limits;
use movegen::Colour;
use std::time::Instant;

/// Sudden death is planned as if this many moves were left: the share of
/// the clock one move gets, the increment aside.
const HORIZON: u64 = 30;
/// The hard limit lets one move take up to this many soft limits...
const HARD_PER_SOFT: u64 = 5;
/// ...but never more than this share of the clock (numerator, denominator).
const CLOCK_SHARE: (u64, u64) = (1, 2);

/// The time limits of one search, in milliseconds from its start.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Do not start a new iteration after this.
    pub soft: u64,
    /// Stop searching at once after this.
    pub hard: u64,
}

impl Budget {
    /// The time limits that `limits` set for side `us`, or `None` when the
    /// search is not limited by time (`infinite`, or only depth, nodes or
    /// mate were given). `move_overhead` is in milliseconds.
    pub fn new(limits: &Limits, us: Colour, move_overhead: u64) -> Option<Budget> {
        if limits.infinite {
            return None;
        }
        let from_clock = limits.time[us.index()].map(|time| {
            let inc = limits.inc[us.index()].unwrap_or(0);
            let moves = limits.movestogo.map_or(HORIZON, |m| (m as u64).clamp(1, HORIZON));
            // What the next `moves` moves may use together: the clock and
            // the increments still to come, less the overhead of each move.
            let pool = (time + inc * (moves - 1)).saturating_sub(move_overhead * (moves + 1));
            let hard = (time * CLOCK_SHARE.0 / CLOCK_SHARE.1).saturating_sub(move_overhead);
            let soft = pool / moves;
            Budget { soft: soft.min(hard), hard: (soft * HARD_PER_SOFT).min(hard) }
        });
        let from_movetime = limits.movetime.map(|movetime| {
            let time = movetime.saturating_sub(move_overhead);
            Budget { soft: time, hard: time }
        });
        match (from_clock, from_movetime) {
            (Some(a), Some(b)) => Some(Budget { soft: a.soft.min(b.soft), hard: a.hard.min(b.hard) }),
            (a, b) => a.or(b),
        }
    }
}

/// The search's clock and its limits.
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    budget: Option<Budget>,
}

impl TimeManager {
    /// Starts the clock for a search with these limits.
    pub fn new(limits: &Limits, us: Colour, move_overhead: u64) -> TimeManager {
        TimeManager { start: Instant::now(), budget: Budget::new(limits, us, move_overhead) }
    }

    /// Starts the clock again: on `ponderhit` our own time begins to run.
    pub fn restart(&mut self) {
        self.start = Instant::now();
    }

    /// The limits, if the search is timed.
    pub fn budget(&self) -> Option<Budget> {
        self.budget
    }

    /// Milliseconds since the clock started.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// True when the search must stop at once.
    pub fn hard_expired(&self) -> bool {
        self.budget.is_some_and(|b| self.elapsed_ms() >= b.hard)
    }

    /// True when no new iteration should start. `scale` stretches the soft
    /// limit (above 1 when the best move keeps changing, below when it is
    /// settled); the hard limit still caps it. A fixed time per move
    /// (soft and hard limits equal) is used to the end, not scaled.
    pub fn soft_expired(&self, scale: f64) -> bool {
        self.budget.is_some_and(|b| {
            let soft = if b.soft < b.hard { ((b.soft as f64 * scale) as u64).min(b.hard) } else { b.hard };
            self.elapsed_ms() >= soft
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time: u64, inc: u64) -> Limits {
        Limits { time: [Some(time), Some(time + 5000)], inc: [Some(inc), Some(0)], ..Limits::default() }
    }

    #[test]
    fn untimed_searches_have_no_budget() {
        let depth = Limits { depth: Some(8), nodes: Some(1000), mate: Some(3), ..Limits::default() };
        assert_eq!(Budget::new(&depth, Colour::White, 10), None);
        let infinite = Limits { infinite: true, ..clock(60_000, 0) };
        assert_eq!(Budget::new(&infinite, Colour::White, 10), None);
    }

    #[test]
    fn movetime_leaves_the_overhead() {
        let limits = Limits { movetime: Some(1000), ..Limits::default() };
        assert_eq!(Budget::new(&limits, Colour::Black, 50), Some(Budget { soft: 950, hard: 950 }));
        let tiny = Limits { movetime: Some(20), ..Limits::default() };
        assert_eq!(Budget::new(&tiny, Colour::Black, 50), Some(Budget { soft: 0, hard: 0 }));
    }

    #[test]
    fn each_side_reads_its_own_clock() {
        let limits = clock(10_000, 0);
        let white = Budget::new(&limits, Colour::White, 0).unwrap();
        let black = Budget::new(&limits, Colour::Black, 0).unwrap();
        assert_eq!(white.soft, 10_000 / HORIZON);
        assert_eq!(black.soft, 15_000 / HORIZON);
        assert!(white.soft < white.hard && white.hard <= 5_000);
    }

    #[test]
    fn movestogo_shares_the_clock_and_the_last_move_keeps_a_reserve() {
        let limits = Limits { movestogo: Some(10), ..clock(60_000, 0) };
        let b = Budget::new(&limits, Colour::White, 0).unwrap();
        assert_eq!(b.soft, 6_000);
        assert_eq!(b.hard, 30_000);
        let last = Limits { movestogo: Some(1), ..clock(60_000, 0) };
        let b = Budget::new(&last, Colour::White, 100).unwrap();
        assert_eq!(b.hard, 29_900, "half the clock less the overhead");
        assert!(b.soft <= b.hard);
    }

    #[test]
    fn a_fixed_move_time_is_not_cut_short_by_a_settled_best_move() {
        let fixed = TimeManager {
            start: Instant::now() - std::time::Duration::from_millis(600),
            budget: Some(Budget { soft: 1000, hard: 1000 }),
        };
        assert!(!fixed.soft_expired(0.5));
        let clock = TimeManager { budget: Some(Budget { soft: 1000, hard: 5000 }), ..fixed };
        assert!(clock.soft_expired(0.5));
        assert!(!clock.soft_expired(1.0));
    }

    #[test]
    fn with_movetime_and_a_clock_the_tighter_limit_wins() {
        let limits = Limits { movetime: Some(100), ..clock(60_000, 0) };
        assert_eq!(Budget::new(&limits, Colour::White, 0), Some(Budget { soft: 100, hard: 100 }));
    }

    /// Plays 500 moves at 1 s + 0.01 s where every move uses its whole hard
    /// limit and then loses `lag` ms more (stop latency, output, the GUI's
    /// own delay), never more than the overhead setting nor the increment
    /// (with more, no time manager could keep the clock from running down):
    /// the clock must never run out.
    #[test]
    fn one_second_plus_ten_milliseconds_never_flags() {
        for (overhead, lag) in [(1, 1), (10, 10), (30, 10), (100, 10)] {
            let mut time: u64 = 1000;
            for _ in 0..500 {
                let b = Budget::new(&clock(time, 10), Colour::White, overhead).unwrap();
                assert!(b.soft <= b.hard);
                let spent = b.hard + lag;
                assert!(spent < time, "flagged with {time} ms left, overhead {overhead}");
                time = time - spent + 10;
            }
        }
    }

    /// Spending the soft limit and losing 2 ms a move, the clock settles
    /// well above zero and every move still gets time to think.
    #[test]
    fn one_second_plus_ten_milliseconds_settles_with_time_to_think() {
        let (overhead, lag) = (10, 2);
        let mut time: u64 = 1000;
        for _ in 0..500 {
            let b = Budget::new(&clock(time, 10), Colour::White, overhead).unwrap();
            time = time - (b.soft + lag) + 10;
        }
        let b = Budget::new(&clock(time, 10), Colour::White, overhead).unwrap();
        assert!(time > 100 && b.soft >= 5, "settled at {time} ms with {} ms per move", b.soft);
    }
}
