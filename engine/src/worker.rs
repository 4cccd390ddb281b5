//! One search thread: iterative deepening with aspiration windows around a
//! principal-variation alpha-beta search, and a quiescence search over
//! tactical moves at its leaves.
//!
//! Every thread runs the same code. The main thread also watches the clock
//! and the node limit, reports each finished iteration, and decides when
//! the whole search ends; see [`crate::search`] for how threads cooperate.

use crate::history::Heuristics;
use crate::limits::Limits;
use crate::movepick::{may_give_check, Material, MoveList};
use crate::search::{wait_for_stop, Bound, Report, SearchInfo, SearchOptions, SearchResult, Signals};
use crate::timeman::TimeManager;
use crate::tt::{TableMove, TranspositionTable, TtBound, TtData, TtHit};
use crate::value::{is_mate, mate_in, mated_in, to_score, Value, DRAW, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use movegen::{generate, legal_moves, tamruat, Bitboard, Move, MoveCounter, Position, Role, Rules, Stage, Variant};
use std::cmp::Reverse;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::LazyLock;
use std::time::Instant;

/// The deepest iteration: leaves room below it for extensions and the
/// quiescence search within [`MAX_PLY`].
const MAX_DEPTH: i32 = MAX_PLY as i32 - 8;
/// Nodes between two looks at the clock (and publications of the count).
const POLL_INTERVAL: u64 = 1024;
/// Half-width of the first aspiration window, in centipawns.
const ASPIRATION_WINDOW: Value = 16;
/// Searches shorter than this report neither failed aspiration windows nor
/// the root move being searched, to keep the output readable.
const VERBOSE_AFTER_MS: u64 = 3000;
/// A tactical move in the quiescence search must be able to bring the
/// score this close to alpha to be searched.
const DELTA_MARGIN: Value = 150;

/// A tactical move at a shallow node is skipped when its exchange loses
/// more than this many centipawns per ply of depth.
const LOSING_EXCHANGE_PER_PLY: Value = 120;

/// Late-move reductions in plies, by depth and by how many moves came before.
static REDUCTIONS: LazyLock<[[i32; 64]; 64]> = LazyLock::new(|| {
    let mut table = [[0; 64]; 64];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (number, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.75 + (depth as f64).ln() * (number as f64).ln() / 2.25) as i32;
        }
    }
    table
});

/// Reverse futility margin: how far above beta the static evaluation must
/// be for a shallow node to be trusted to fail high without a search.
fn reverse_futility_margin(depth: i32, improving: bool) -> Value {
    120 * (depth - improving as i32)
}

/// Futility margin: how far below alpha the static evaluation must be for a
/// quiet move at a shallow node to be skipped.
fn futility_margin(depth: i32) -> Value {
    100 + 100 * depth
}

/// Quiet moves searched at a shallow node before the rest are skipped.
fn late_move_limit(depth: i32, improving: bool) -> usize {
    ((3 + depth * depth) / (2 - improving as i32)) as usize
}

/// A node counter on its own cache line, so that threads publishing their
/// counts do not slow each other down.
#[derive(Default)]
#[repr(align(64))]
struct NodeCounter(AtomicU64);

/// What the threads of one search share.
pub(crate) struct Shared<'a> {
    tt: &'a TranspositionTable,
    signals: &'a Signals,
    limits: &'a Limits,
    options: &'a SearchOptions,
    /// Set by the main thread when the search is over: the helpers stop.
    finished: AtomicBool,
    /// Each thread's node count, published every [`POLL_INTERVAL`] nodes
    /// and when it ends.
    nodes: Vec<NodeCounter>,
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

/// What only the main thread keeps: the clock and the reporting.
pub(crate) struct MainThread<'a> {
    clock: TimeManager,
    started: Instant,
    report: &'a mut dyn FnMut(Report),
    /// True until `ponderhit` while pondering: our clock is not running.
    pondering: bool,
    /// How unsettled the best move is: grows when it changes between
    /// iterations and halves every iteration; it stretches the soft limit.
    instability: f64,
    /// The helpers' node count at the last poll.
    helper_nodes: u64,
    /// The first move of the last best line reported.
    reported_best: Option<Move>,
}

impl<'a> MainThread<'a> {
    pub(crate) fn new(clock: TimeManager, started: Instant, report: &'a mut dyn FnMut(Report)) -> MainThread<'a> {
        MainThread { clock, started, report, pondering: false, instability: 0.0, helper_nodes: 0, reported_best: None }
    }
}

/// A legal root move and what the last search of it found.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    mv: Move,
    /// The value of the latest search, `-INFINITE` when the move was not
    /// the first searched and failed to raise alpha.
    score: Value,
    /// `score` at the end of the previous iteration.
    previous_score: Value,
    bound: Bound,
    seldepth: usize,
    pv: Vec<Move>,
}

impl RootMove {
    pub(crate) fn new(mv: Move) -> RootMove {
        RootMove { mv, score: -INFINITE, previous_score: -INFINITE, bound: Bound::Exact, seldepth: 0, pv: vec![mv] }
    }
}

/// What a helper thread hands back: the depth of its last finished
/// iteration and its best root move then.
pub(crate) struct ThreadBest {
    pub(crate) depth: u32,
    line: RootMove,
}

/// The search's memory for one ply of the current line.
#[derive(Default)]
struct Frame {
    moves: MoveList,
    /// The quiet moves tried so far that did not cut off.
    quiets: Vec<Move>,
    /// The best line found from this ply.
    pv: Vec<Move>,
    static_eval: Value,
    /// Moves made since the last null move (or since the game's recorded
    /// history began): repetitions are looked for only that far back.
    plies_from_null: usize,
}

/// One search thread.
pub(crate) struct Worker<'a, V: Variant> {
    id: usize,
    pos: Position<V>,
    shared: &'a Shared<'a>,
    heuristics: &'a mut Heuristics,
    main: Option<MainThread<'a>>,
    root_moves: Vec<RootMove>,
    /// The multi-PV line being searched: root moves before it are skipped.
    pv_index: usize,
    completed_depth: u32,
    nodes: u64,
    /// Nodes at which the main thread stops (`u64::MAX` when unlimited).
    node_limit: u64,
    seldepth: usize,
    stopped: bool,
    frames: Vec<Frame>,
}

impl<'a, V: Variant> Worker<'a, V> {
    pub(crate) fn new(
        id: usize,
        pos: Position<V>,
        shared: &'a Shared<'a>,
        heuristics: &'a mut Heuristics,
        root_moves: Vec<RootMove>,
        mut main: Option<MainThread<'a>>,
    ) -> Worker<'a, V> {
        let limits = shared.limits;
        if let Some(main) = &mut main {
            main.pondering = limits.ponder && !shared.signals.ponderhit.load(Ordering::Relaxed);
        }
        let node_limit = limits.nodes.filter(|_| main.is_some()).unwrap_or(u64::MAX);
        let mut frames: Vec<Frame> = std::iter::repeat_with(Frame::default).take(MAX_PLY + 1).collect();
        frames[0].plies_from_null = pos.ply();
        Worker {
            id,
            pos,
            shared,
            heuristics,
            main,
            root_moves,
            pv_index: 0,
            completed_depth: 0,
            nodes: 0,
            node_limit,
            seldepth: 0,
            stopped: false,
            frames,
        }
    }

    // ----- iterative deepening -----

    /// Searches ever deeper until the limits or the main thread say stop.
    pub(crate) fn iterate(&mut self) {
        self.heuristics.new_search();
        self.order_root_moves();
        let max_depth = self.shared.limits.depth.map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH));
        let lines = self.shared.options.multipv.clamp(1, self.root_moves.len());
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
            if self.main.is_some() {
                for line in 0..lines {
                    self.report_line(line, depth);
                }
                if self.iteration_ends_search(previous_best) {
                    self.shared.finished.store(true, Ordering::Relaxed);
                    break;
                }
            }
        }
        self.shared.nodes[self.id].0.store(self.nodes, Ordering::Relaxed);
    }

    /// True when this helper thread leaves iteration `depth` to the others.
    /// Helpers skip depths in different patterns (the first every second
    /// depth, the next ones in runs of two, three, ... at shifted phases),
    /// so that at any moment the threads work on different depths and fill
    /// the shared table with different results. The main thread and the
    /// last depth are never skipped.
    fn skips(&self, depth: i32, max_depth: i32) -> bool {
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

    /// Orders the root moves for the first iteration as any node would.
    fn order_root_moves(&mut self) {
        let mut list = MoveList::default();
        list.set_in_order(&self.pos, self.root_moves.iter().map(|rm| rm.mv));
        let table_move = self.shared.tt.probe(self.pos.key(), 0).map_or(TableMove::NONE, |hit| hit.mv);
        list.score(&self.pos, table_move, 0, self.heuristics);
        let order: Vec<Move> = (0..list.len()).filter_map(|i| list.pick(&self.pos, i)).map(|m| m.mv).collect();
        self.root_moves.sort_by_key(|rm| order.iter().position(|&m| m == rm.mv));
    }

    /// Searches the current line at `depth` with a window around the
    /// previous iteration's score, widened on each side it fails on.
    fn aspiration(&mut self, depth: i32) {
        let previous = self.root_moves[self.pv_index].previous_score;
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = if depth >= 4 && previous > -INFINITE && !is_mate(previous) {
            ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
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

    /// After a finished iteration, decides (main thread) whether to stop:
    /// a mate within `go mate`, a single legal move, or the soft time limit
    /// stretched by how unsettled the best move is. Never while the search
    /// must wait for `stop`.
    fn iteration_ends_search(&mut self, previous_best: Move) -> bool {
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
        let score_drop = best.previous_score > -INFINITE && best.score < best.previous_score - 30;
        let scale = (0.7 + 0.5 * main.instability) * if score_drop { 1.4 } else { 1.0 };
        self.root_moves.len() == 1 || main.clock.soft_expired(scale.min(2.5))
    }

    /// Sends the main thread's report of multi-PV line `line` at `depth`.
    fn report_line(&mut self, line: usize, depth: i32) {
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

    /// The last iteration this thread finished.
    pub(crate) fn completed_depth(&self) -> u32 {
        self.completed_depth
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

    /// Ends the main thread's search and returns the best move: the main
    /// thread's own, or the line of a helper that finished a deeper
    /// iteration (`deeper`). When that line, or a new best move of the main
    /// thread's unfinished iteration, is not the last line reported, it is
    /// reported now, so that the last line shown starts with the move
    /// played. The node count is the caller's to fill in once every thread
    /// has ended.
    pub(crate) fn finish(mut self, deeper: Option<ThreadBest>) -> SearchResult {
        let mut depth = self.completed_depth + 1;
        let adopted = deeper.is_some();
        if let Some(helper) = deeper {
            let at = self.root_moves.iter().position(|rm| rm.mv == helper.line.mv).expect("threads share root moves");
            self.root_moves[..=at].rotate_right(1);
            self.root_moves[0] = helper.line;
            self.completed_depth = helper.depth;
            depth = helper.depth;
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
    fn reply_from_table(&mut self, mv: Move) -> Option<Move> {
        self.pos.make(mv);
        let table_move = self.shared.tt.probe(self.pos.key(), 1).map_or(TableMove::NONE, |hit| hit.mv);
        let reply = legal_moves(&self.pos).into_iter().find(|&m| table_move.matches(m));
        self.pos.unmake();
        reply
    }

    // ----- limits -----

    /// Counts a node and says whether the search must unwind.
    #[inline]
    fn poll(&mut self) -> bool {
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
    fn check_clock(&mut self) {
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

    // ----- the tree search -----

    /// The static evaluation, kept clear of the mate range.
    #[inline]
    fn evaluate(&self) -> Value {
        eval::evaluate(&self.pos).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The static evaluation, from the table when it holds one.
    #[inline]
    fn static_eval(&self, hit: Option<TtHit>) -> Value {
        hit.and_then(|h| h.eval).unwrap_or_else(|| self.evaluate())
    }

    /// Games lost by material alone: Tam Ruat's bare king (RULES.md §3), a
    /// side left with its royal piece alone, and Checkered chess's stage 2
    /// (§4), the checkered side to move with no checkered piece left.
    /// Compiled away in the other variants.
    #[inline]
    fn lost_by_material(&self, ply: usize) -> Option<Value> {
        let board = self.pos.board();
        let us = self.pos.side_to_move();
        if V::RULES == Rules::Checkered {
            let gone = self.pos.checkered_state().stage == Stage::Two(us) && board.checkered().is_empty();
            return gone.then(|| mated_in(ply));
        }
        if V::RULES != Rules::TamRuat {
            return None;
        }
        if tamruat::is_bare(board, us) {
            Some(mated_in(ply))
        } else if tamruat::is_bare(board, !us) {
            Some(mate_in(ply))
        } else {
            None
        }
    }

    /// True when the position `ply` plies from the root is a draw by the
    /// rules (RULES.md §1): bare kings, fifty moves (unless the side to move
    /// is mated), or a repetition (see [`Worker::is_repetition`]).
    fn is_draw(&self, ply: usize) -> bool {
        let pos = &self.pos;
        let board = pos.board();
        if board.occupied() == board.role(Role::King) {
            return true;
        }
        if pos.halfmove_clock() >= 100 {
            let mut replies = MoveCounter::default();
            if pos.checkers().is_empty() || {
                generate(pos, &mut replies);
                replies.0 > 0
            } {
                return true;
            }
        }
        self.is_repetition(ply)
    }

    /// True when the position `ply` plies from the root repeats an earlier
    /// one. A position repeated inside the search tree is scored a draw at
    /// once, since either side could repeat again; one from before the root
    /// must have occurred twice.
    ///
    /// In chess and Red Fool a capture or pawn move can never be undone, so
    /// only the positions since the last one (the fifty-move counter) can
    /// come back. Not in Tam Ruat: a warlock's capture that summons a ghost
    /// keeps the number of pieces, and two warlocks taking each other's
    /// freshly summoned ghost in turn repeat a position every four plies
    /// with the counter reset at each capture. Nor in Checkered chess, whose
    /// stage-2 checkered pawns step back and forth. There the whole line
    /// since the last null move (or the start of the recorded game) is
    /// searched.
    fn is_repetition(&self, ply: usize) -> bool {
        let pos = &self.pos;
        let since_null = self.frames[ply].plies_from_null;
        let window = match V::RULES {
            Rules::TamRuat | Rules::Checkered => since_null,
            Rules::Orthodox => (pos.halfmove_clock() as usize).min(since_null),
        };
        let key = pos.key();
        let mut seen = 0;
        // Keys from the most recent back; same side to move every second one.
        for (i, earlier) in pos.previous_keys().rev().take(window).enumerate().skip(1).step_by(2) {
            if earlier == key {
                let distance = i + 1;
                if distance <= ply {
                    return true;
                }
                seen += 1;
                if seen == 2 {
                    return true;
                }
            }
        }
        false
    }

    /// True when `mv` gives check (made and unmade to find out).
    fn gives_check(&mut self, mv: Move) -> bool {
        self.pos.make(mv);
        let check = self.pos.in_check();
        self.pos.unmake();
        check
    }

    /// Copies the best line found below `ply` after `mv` into `ply`'s line.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (here, below) = self.frames.split_at_mut(ply + 1);
        let pv = &mut here[ply].pv;
        pv.clear();
        pv.push(mv);
        pv.extend_from_slice(&below[0].pv);
    }

    /// Principal-variation search of the current position `ply` plies from
    /// the root, to `depth` plies, inside the window `(alpha, beta)`;
    /// `in_check` is the caller's finding that the side to move is in check.
    /// `PV` nodes have an open window; the others are null-window searches
    /// expected to fail high (`cut_node`) or low.
    fn search<const PV: bool>(
        &mut self,
        mut alpha: Value,
        mut beta: Value,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
        in_check: bool,
    ) -> Value {
        let root = ply == 0;
        debug_assert_eq!(in_check, self.pos.in_check());
        // Check extension: a check is answered a full ply deeper.
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply, in_check);
        }
        if self.poll() {
            return DRAW;
        }
        self.frames[ply].pv.clear();
        self.seldepth = self.seldepth.max(ply + 1);
        if !root {
            if let Some(value) = self.lost_by_material(ply) {
                return value;
            }
            if self.is_draw(ply) {
                return DRAW;
            }
            if ply >= MAX_PLY {
                return if in_check { DRAW } else { self.evaluate() };
            }
            // Mate distance pruning: no line from here beats a mate already
            // found nearer the root.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        let key = self.pos.key();
        let hit = self.shared.tt.probe(key, ply);
        let table_move = hit.map_or(TableMove::NONE, |h| h.mv);
        if let Some(hit) = hit {
            if !PV && hit.cuts(depth, alpha, beta) && self.pos.halfmove_clock() < 90 {
                return hit.value;
            }
        }

        let static_eval = if in_check { -INFINITE } else { self.static_eval(hit) };
        self.frames[ply].static_eval = static_eval;
        let eval = match hit {
            Some(h) if !in_check && !is_mate(h.value) => match h.bound {
                TtBound::Exact => h.value,
                TtBound::Lower => h.value.max(static_eval),
                TtBound::Upper => h.value.min(static_eval),
            },
            _ => static_eval,
        };
        let improving = ply >= 2 && static_eval > self.frames[ply - 2].static_eval;

        if !PV && !in_check {
            if depth <= 8 && eval - reverse_futility_margin(depth, improving) >= beta && !is_mate(eval) {
                return eval;
            }
            if let Some(value) = self.null_move(beta, depth, ply, eval, cut_node) {
                return value;
            }
            if self.stopped {
                return DRAW;
            }
        }
        // Internal iterative reduction: a node that should have a table move
        // but has none is searched a ply shallower first.
        if !root && depth >= 4 && table_move == TableMove::NONE && (PV || cut_node) {
            depth -= 1;
        }

        let mut moves = std::mem::take(&mut self.frames[ply].moves);
        if root {
            moves.set_in_order(&self.pos, self.root_moves[self.pv_index..].iter().map(|rm| rm.mv));
        } else {
            moves.generate(&self.pos);
            if moves.is_empty() {
                self.frames[ply].moves = moves;
                // Mate only when a piece gives check: the Fool alone draws.
                return if self.pos.checkers().any() { mated_in(ply) } else { DRAW };
            }
            moves.score(&self.pos, table_move, ply, self.heuristics);
        }
        let mut quiets = std::mem::take(&mut self.frames[ply].quiets);
        quiets.clear();

        let us = self.pos.side_to_move();
        let killers = self.heuristics.killers(ply);
        let original_alpha = alpha;
        let mut best_value = -INFINITE;
        let mut best_move = None;
        let mut searched = 0;
        let mut skip_quiets = false;
        let mut index = 0;
        while let Some(scored) = moves.pick(&self.pos, index) {
            index += 1;
            let mv = scored.mv;
            let Material { tactical, .. } = scored.material;
            let is_killer = mv == killers[0] || mv == killers[1];
            // Shallow pruning of moves that do not give check: quiet moves
            // late in the list or unable to bring the static evaluation up
            // to alpha, and tactical moves whose exchange loses too much.
            let shallow = !root && !in_check && depth <= 6 && searched > 0 && best_value > -MATE_BOUND;
            let quiet = shallow && !tactical && !is_killer;
            let late = quiet && (skip_quiets || searched >= late_move_limit(depth, improving));
            let futile = quiet && static_eval + futility_margin(depth) <= alpha;
            let losing = shallow && tactical && scored.exchange() < -LOSING_EXCHANGE_PER_PLY * depth;
            if root && self.main.as_ref().is_some_and(|m| m.started.elapsed().as_millis() as u64 > VERBOSE_AFTER_MS) {
                let number = self.pv_index + index;
                let main = self.main.as_mut().expect("checked");
                (main.report)(Report::CurrMove { depth: depth as u32, mv, number });
            }

            // A move to be pruned unless it gives check is not even made
            // when it certainly does not.
            let prunable = late || futile || losing;
            if prunable && !may_give_check(&self.pos, mv) {
                debug_assert!(!self.gives_check(mv), "{} gives check", self.pos.uci(mv));
                skip_quiets |= late;
                continue;
            }
            self.pos.make(mv);
            self.shared.tt.prefetch(self.pos.key());
            let gives_check = self.pos.in_check();
            if prunable && !gives_check {
                self.pos.unmake();
                skip_quiets |= late;
                continue;
            }
            self.frames[ply + 1].plies_from_null = self.frames[ply].plies_from_null + 1;
            searched += 1;
            let new_depth = depth - 1;
            let mut value;
            if searched == 1 {
                value = -self.search::<PV>(-beta, -alpha, new_depth, ply + 1, false, gives_check);
            } else {
                // Late-move reduction of quiet moves, then a null-window
                // search; re-searched at full depth, then with the full
                // window, as long as the move keeps looking better.
                let mut reduction = 0;
                if depth >= 3 && !tactical && searched > 1 + root as usize {
                    reduction = REDUCTIONS[depth.min(63) as usize][searched.min(63)];
                    reduction += cut_node as i32 + !improving as i32;
                    reduction -= PV as i32 + gives_check as i32 + is_killer as i32;
                    reduction -= self.heuristics.history(us, mv) / 6000;
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                value = -self.search::<false>(-alpha - 1, -alpha, new_depth - reduction, ply + 1, true, gives_check);
                if value > alpha && reduction > 0 {
                    value = -self.search::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node, gives_check);
                }
                if PV && value > alpha {
                    value = -self.search::<true>(-beta, -alpha, new_depth, ply + 1, false, gives_check);
                }
            }
            self.pos.unmake();
            if self.stopped {
                self.frames[ply].moves = moves;
                self.frames[ply].quiets = quiets;
                return DRAW;
            }

            if root {
                self.record_root_move(mv, value, searched == 1, alpha, beta);
            }
            if value > best_value {
                best_value = value;
                if value > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if value >= beta {
                        if !tactical {
                            self.heuristics.reward(us, ply, depth, mv, &quiets);
                        }
                        break;
                    }
                    alpha = value;
                }
            }
            if !tactical && Some(mv) != best_move {
                quiets.push(mv);
            }
        }
        self.frames[ply].moves = moves;
        self.frames[ply].quiets = quiets;

        if !(root && self.pv_index > 0) {
            let bound = result_bound(best_value, original_alpha, beta, PV);
            let eval = (!in_check).then_some(static_eval);
            self.shared.tt.store(key, ply, TtData { best: best_move, value: best_value, eval, depth, bound });
        }
        best_value
    }

    /// Null-move pruning: let the opponent move twice in a row; if a reduced
    /// search still fails high, so would a real move, and the node is cut.
    ///
    /// Guarded against zugzwang, where passing would be better than any
    /// move: never in check (a Fool's check included: his checks are
    /// answered only by frightening him, so a pass could never be one), and
    /// only with a piece other than pawns and the king to make waiting moves.
    ///
    /// The Fool does not make this unsound. A null move does not stir him,
    /// and that is exactly what a real waiting move does too: he stirs only
    /// when a move makes his square attacked, and a piece that moves
    /// somewhere neither on his lines nor his knight squares leaves him as he
    /// is. The position after the pass is a legal one (the opponent's king
    /// was safe from our pieces and from him after their move, and nothing
    /// changed), and every reply in it is resolved by the ordinary rules. So
    /// the pass stands for a quiet tempo move, as in chess, and the guards
    /// above keep the cases where no such move exists out.
    fn null_move(&mut self, beta: Value, depth: i32, ply: usize, eval: Value, cut_node: bool) -> Option<Value> {
        let board = self.pos.board();
        let us = self.pos.side_to_move();
        let has_pieces = (board.colour(us) & !(board.role(Role::Pawn) | board.role(Role::King))).any();
        if depth < 3 || eval < beta || is_mate(beta) || !has_pieces || self.frames[ply].plies_from_null == 0 {
            return None;
        }
        let reduction = 3 + depth / 3 + ((eval - beta) / 200).min(3);
        self.pos.make_null();
        self.shared.tt.prefetch(self.pos.key());
        self.frames[ply + 1].plies_from_null = 0;
        // After a pass the opponent is not in check: their own move left
        // their king safe, and nothing has moved since.
        let value = -self.search::<false>(-beta, -beta + 1, depth - 1 - reduction, ply + 1, !cut_node, false);
        self.pos.unmake_null();
        if self.stopped || value < beta {
            return None;
        }
        // A mate found after passing is not a mate the real moves deliver.
        Some(if value >= MATE_BOUND { beta } else { value })
    }

    /// Records the result of searching root move `mv`: its value when it is
    /// the first move or raises alpha, otherwise "worse than the best".
    fn record_root_move(&mut self, mv: Move, value: Value, first: bool, alpha: Value, beta: Value) {
        let seldepth = self.seldepth;
        let below = std::mem::take(&mut self.frames[1].pv);
        let rm = self.root_moves.iter_mut().find(|rm| rm.mv == mv).expect("a root move");
        if first || value > alpha {
            rm.score = value;
            rm.seldepth = seldepth;
            rm.bound = if value >= beta {
                Bound::Lower
            } else if value <= alpha {
                Bound::Upper
            } else {
                Bound::Exact
            };
            rm.pv.clear();
            rm.pv.push(mv);
            rm.pv.extend_from_slice(&below);
        } else {
            rm.score = -INFINITE;
        }
        self.frames[1].pv = below;
    }

    /// Quiescence search: only tactical moves (captures, promotions, Fool
    /// kills of enemy pieces) whose exchange does not lose, or every move
    /// when in check, until the position is quiet enough for the static
    /// evaluation to be trusted.
    fn qsearch<const PV: bool>(&mut self, mut alpha: Value, beta: Value, ply: usize, in_check: bool) -> Value {
        debug_assert_eq!(in_check, self.pos.in_check());
        if self.poll() {
            return DRAW;
        }
        self.frames[ply].pv.clear();
        self.seldepth = self.seldepth.max(ply + 1);
        if let Some(value) = self.lost_by_material(ply) {
            return value;
        }
        let board = self.pos.board();
        if board.occupied() == board.role(Role::King) {
            return DRAW;
        }
        // Tam Ruat's captures can repeat a position (see `is_repetition`):
        // without this, two warlocks trading summoned ghosts would run the
        // quiescence search to the ply limit on every such line. Checkered
        // chess's checks by checkered pieces, which either side may move,
        // can go back and forth the same way.
        if V::RULES != Rules::Orthodox && ply > 0 && self.is_repetition(ply) {
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

        let mut moves = std::mem::take(&mut self.frames[ply].moves);
        moves.generate(&self.pos);
        if moves.is_empty() {
            self.frames[ply].moves = moves;
            return if self.pos.checkers().any() { mated_in(ply) } else { DRAW };
        }
        let table_move = hit.map_or(TableMove::NONE, |h| h.mv);
        if in_check {
            moves.score(&self.pos, table_move, ply, self.heuristics);
        } else {
            moves.score_tactical(&self.pos, table_move, ply, self.heuristics);
        }
        let mut best_move = None;
        let mut index = 0;
        let mut quiet_evasions = 0;
        while let Some(scored) = moves.pick(&self.pos, index) {
            index += 1;
            let gain = scored.material.gain;
            if !in_check && (scored.exchange() < 0 || stand_pat + gain + DELTA_MARGIN <= alpha) {
                continue;
            }
            // In check, once an evasion has shown the side is not mated,
            // quiet evasions beyond the first two are left to the main
            // search: in Checkered chess either side may check with the
            // same checkered pieces, and searching every evasion of every
            // check made the quiescence search explode. (Kept to that
            // variant until its worth elsewhere is measured.)
            if V::RULES == Rules::Checkered && in_check && !scored.material.tactical {
                if quiet_evasions >= 2 && !is_mate(best_value) {
                    continue;
                }
                quiet_evasions += 1;
            }
            self.pos.make(scored.mv);
            self.shared.tt.prefetch(self.pos.key());
            self.frames[ply + 1].plies_from_null = self.frames[ply].plies_from_null + 1;
            let gives_check = self.pos.in_check();
            let value = -self.qsearch::<PV>(-beta, -alpha, ply + 1, gives_check);
            self.pos.unmake();
            if self.stopped {
                self.frames[ply].moves = moves;
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
        self.frames[ply].moves = moves;
        let bound = result_bound(best_value, original_alpha, beta, PV);
        let eval = (!in_check).then_some(stand_pat);
        self.shared.tt.store(key, ply, TtData { best: best_move, value: best_value, eval, depth: 0, bound });
        best_value
    }
}

/// What a node's result proves about its true value: a fail high is a
/// lower bound, a score inside a PV node's window is exact, anything else
/// an upper bound.
fn result_bound(best: Value, alpha: Value, beta: Value, pv: bool) -> TtBound {
    if best >= beta {
        TtBound::Lower
    } else if pv && best > alpha {
        TtBound::Exact
    } else {
        TtBound::Upper
    }
}
