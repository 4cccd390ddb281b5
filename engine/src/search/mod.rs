//! The search's public face: what the UCI front end asks for ([`Limits`],
//! [`SearchOptions`]), what it hears back ([`Report`], [`SearchResult`]),
//! and the [`Searcher`] that owns the transposition table and the threads'
//! heuristics from one search to the next.
//!
//! Threads work by Lazy SMP: every thread runs the same iterative deepening
//! on its own copy of the position, and they share only the transposition
//! table, through which each thread's results steer the others. The calling
//! thread is the main thread: it alone watches the clock, reports, and
//! decides when the search ends; the helpers stop when it does. The move
//! played is the main thread's, unless a helper finished a deeper iteration:
//! then that helper's best line is taken. A weakened search ([`Skill`])
//! plays the main thread's choice among its candidate lines instead.

mod iterate;
mod node;
pub mod params;
mod qsearch;
mod report;
mod stopping;
mod threads;

use crate::history::Heuristics;
use crate::limits::Limits;
use crate::skill::Skill;
use crate::timeman::TimeManager;
use crate::tt::{HashAllocError, TranspositionTable};
use crate::value::{mate_in, mated_in, to_score, DRAW};
use iterate::RootMove;
use movegen::{legal_moves, Move, Position, Score, Variant};
use node::Worker;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use stopping::MainThread;
use threads::Shared;

/// Engine settings that shape a search (UCI options).
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// Search threads (Lazy SMP); 0 counts as 1.
    pub threads: usize,
    /// Number of best lines to find and report; 0 counts as 1.
    pub multipv: usize,
    /// Milliseconds lost per move between our `bestmove` and the opponent's
    /// clock starting, kept in reserve by the time manager.
    pub move_overhead: u64,
    /// Play weaker on purpose (`Skill Level`, `UCI_Elo`); `None` is full
    /// strength.
    pub skill: Option<Skill>,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions { threads: 1, multipv: 1, move_overhead: 10, skill: None }
    }
}

/// What a reported score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The score is the true score (of the depth searched).
    Exact,
    /// The true score is at least this (`lowerbound`).
    Lower,
    /// The true score is at most this (`upperbound`).
    Upper,
}

/// One line of search progress (a UCI `info` line).
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Which best line this is, from 1.
    pub multipv: usize,
    /// The line's score, from the side to move's point of view.
    pub score: Score,
    /// Whether the score is exact or a bound (a failed aspiration window).
    pub bound: Bound,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition table use in permille.
    pub hashfull: u32,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The principal variation, starting with the line's root move.
    pub pv: Vec<Move>,
}

/// Progress the search reports while it runs.
#[derive(Clone, Debug)]
pub enum Report {
    /// A finished iteration's line, or a line whose score left the
    /// aspiration window (then `bound` is not `Exact`).
    Info(SearchInfo),
    /// The root move being searched (sent only in searches of some length).
    CurrMove {
        /// The iteration's depth.
        depth: u32,
        /// The root move.
        mv: Move,
        /// Its place in the root move order, from 1.
        number: usize,
    },
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder: Option<Move>,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// The best line's score, from the side to move's point of view.
    pub score: Score,
    /// The last iteration completed.
    pub depth: u32,
}

/// Flags the UCI thread sets while a search runs.
#[derive(Default, Debug)]
pub struct Signals {
    /// Stop as soon as possible and return the best move so far.
    pub stop: AtomicBool,
    /// The opponent played the move we pondered on: our clock now runs.
    pub ponderhit: AtomicBool,
}

/// The search engine: the transposition table and each thread's
/// heuristics, kept from one search to the next until [`Searcher::clear`].
pub struct Searcher {
    tt: TranspositionTable,
    heuristics: Vec<Heuristics>,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` mebibytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher { tt: TranspositionTable::new(hash_mb), heuristics: vec![Heuristics::default()] }
    }

    /// Resizes the transposition table (which empties it); when the new
    /// size cannot be allocated, the error says what size the table kept.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), HashAllocError> {
        self.tt.resize(mb)
    }

    /// Forgets everything learnt, as for a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics.iter_mut().for_each(Heuristics::clear);
    }

    /// Transposition table use in permille.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Searches `pos` (whose move history counts for repetitions) within
    /// `limits` and returns the best move. Moves of `limits.searchmoves`
    /// that are not legal are ignored; when none is, every move is searched.
    ///
    /// Blocks until the search ends (limits reached or `signals.stop` set).
    /// With `infinite` or `ponder` (until `ponderhit` is set) it never
    /// returns on its own before `stop`, even at max depth. `report` is
    /// called from the calling thread only, never concurrently.
    pub fn search<V: Variant>(
        &mut self,
        pos: &Position<V>,
        limits: &Limits,
        options: &SearchOptions,
        signals: &Signals,
        report: &mut dyn FnMut(Report),
    ) -> SearchResult {
        let clock = TimeManager::new(limits, pos.side_to_move(), options.move_overhead);
        let started = Instant::now();
        let mut moves = legal_moves(pos);
        if moves.iter().any(|m| limits.searchmoves.contains(m)) {
            moves.retain(|m| limits.searchmoves.contains(m));
        }
        if moves.is_empty() {
            return game_over(pos, limits, signals, report);
        }
        let threads = options.threads.max(1);
        if self.heuristics.len() < threads {
            self.heuristics.resize_with(threads, Heuristics::default);
        }
        for heuristics in &mut self.heuristics[..threads] {
            heuristics.prepare::<V>();
        }
        self.tt.new_search();
        let root_moves: Vec<RootMove> = moves.into_iter().map(RootMove::new).collect();
        let shared = Shared::new(&self.tt, signals, limits, options, threads);
        let (main_heuristics, helper_heuristics) = self.heuristics.split_first_mut().expect("one per thread");
        let mut result = std::thread::scope(|scope| {
            let helpers: Vec<_> = helper_heuristics[..threads - 1]
                .iter_mut()
                .enumerate()
                .map(|(id, heuristics)| {
                    let (shared, root_moves) = (&shared, root_moves.clone());
                    scope.spawn(move || {
                        let mut helper = Worker::new(id + 1, pos.clone(), shared, heuristics, root_moves, None);
                        helper.iterate();
                        helper.into_best()
                    })
                })
                .collect();
            let main = MainThread::new(clock, started, report);
            let mut worker = Worker::new(0, pos.clone(), &shared, main_heuristics, root_moves, Some(main));
            let skill_choice = worker.iterate();
            worker.wait();
            let deepest = helpers
                .into_iter()
                .map(|helper| helper.join().expect("a helper thread panicked"))
                .filter(|helper| helper.depth > worker.completed_depth())
                .max_by_key(|helper| helper.depth);
            worker.finish(skill_choice.or(deepest))
        });
        // Every thread has published its final count by now.
        result.nodes = shared.total_nodes();
        result
    }
}

/// The result for a position without legal moves: won, lost or drawn. Reported
/// once, and held back until `stop` when the search must wait for it.
fn game_over<V: Variant>(
    pos: &Position<V>,
    limits: &Limits,
    signals: &Signals,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    let us = pos.side_to_move();
    let value = match pos.outcome().and_then(|outcome| outcome.winner()) {
        Some(winner) if winner == us => mate_in(0),
        Some(_) => mated_in(0),
        None => DRAW,
    };
    let score = to_score(value);
    report(Report::Info(SearchInfo {
        depth: 0,
        seldepth: 0,
        multipv: 1,
        score,
        bound: Bound::Exact,
        nodes: 0,
        nps: 0,
        hashfull: 0,
        time_ms: 0,
        pv: Vec::new(),
    }));
    wait_for_stop(limits, signals);
    SearchResult { best: None, ponder: None, nodes: 0, score, depth: 0 }
}

/// Sleeps while the search may not end on its own (`infinite`, or pondering
/// before `ponderhit`), until `stop`.
pub(crate) fn wait_for_stop(limits: &Limits, signals: &Signals) {
    while !signals.stop.load(Ordering::Relaxed) && limits.waits_for_stop(signals.ponderhit.load(Ordering::Relaxed)) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_searcher_can_move_to_another_thread() {
        fn send<T: Send>(_: &T) {}
        send(&Searcher::new(1));
    }
}
