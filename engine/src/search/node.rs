//! The tree search: principal-variation alpha-beta with a transposition
//! table, null-move and shallow-depth pruning and late-move reductions.
//! The game's rules (draws, variant results) are the position's answers.

use super::iterate::RootMove;
use super::params::*;
use super::stopping::MainThread;
use super::threads::Shared;
use crate::history::{Capture, Heuristics, NodeContext, PieceTo, Quiet};
use crate::movepick::{Material, MoveList};
use crate::search::Bound;
use crate::see::exchange;
use crate::tt::{TableMove, TtBound, TtData, TtHit};
use crate::value::{is_mate, mate_in, mated_in, Value, DRAW, INFINITE, MATE_BOUND, MAX_PLY};
use movegen::{Bitboard, Move, Position, Role, Variant};
use std::sync::atomic::Ordering;

/// The search's memory for one ply of the current line.
#[derive(Default)]
pub(crate) struct Frame {
    pub(crate) moves: MoveList,
    /// The quiet moves tried so far that did not cut off.
    pub(crate) quiets: Vec<Quiet>,
    /// The tactical moves tried so far that did not cut off.
    pub(crate) captures: Vec<Capture>,
    /// The move being searched from this ply (`None` for a null move), for
    /// the continuation histories of the plies below.
    pub(crate) current: Option<PieceTo>,
    /// The best line found from this ply.
    pub(crate) pv: Vec<Move>,
    pub(crate) static_eval: Value,
    /// The table move a singular-extension search leaves out at this ply
    /// (see [`Worker::singular_extension`]); `TableMove::NONE` otherwise.
    pub(crate) excluded: TableMove,
    /// Moves made since the last null move (or since the game's recorded
    /// history began): repetitions are looked for only that far back.
    pub(crate) plies_from_null: usize,
    /// Cut-offs at this ply since the node two plies up began: many of
    /// them among a node's children mean the node itself is likely to fail
    /// low, and its late moves are reduced more.
    pub(crate) cutoffs: u32,
}

/// One search thread.
pub(crate) struct Worker<'a, V: Variant> {
    pub(crate) id: usize,
    pub(crate) pos: Position<V>,
    pub(crate) shared: &'a Shared<'a>,
    pub(crate) heuristics: &'a mut Heuristics,
    pub(crate) main: Option<MainThread<'a>>,
    pub(crate) root_moves: Vec<RootMove>,
    /// The multi-PV line being searched: root moves before it are skipped.
    pub(crate) pv_index: usize,
    pub(crate) completed_depth: u32,
    /// The depth of the iteration being searched.
    pub(crate) root_depth: i32,
    pub(crate) nodes: u64,
    /// Nodes at which the main thread stops (`u64::MAX` when unlimited).
    pub(crate) node_limit: u64,
    pub(crate) seldepth: usize,
    pub(crate) stopped: bool,
    pub(crate) frames: Vec<Frame>,
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
            root_depth: 0,
            nodes: 0,
            node_limit,
            seldepth: 0,
            stopped: false,
            frames,
        }
    }

    /// The static evaluation, kept clear of the mate range.
    #[inline]
    pub(super) fn evaluate(&self) -> Value {
        eval::evaluate(&self.pos).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The static evaluation, from the table when it holds one.
    #[inline]
    pub(super) fn static_eval(&self, hit: Option<TtHit>) -> Value {
        hit.and_then(|h| h.eval).unwrap_or_else(|| self.evaluate())
    }

    /// True when the position `ply` plies from the root is a draw by the
    /// rules, as the position says: king against king, fifty moves (unless
    /// the side to move is mated), or a repetition (see
    /// [`Worker::is_repetition`]).
    pub(super) fn is_draw(&self, ply: usize) -> bool {
        self.pos.kings_only() || self.pos.fifty_moves_draw() || self.is_repetition(ply)
    }

    /// The value of a game the variant's own rules have ended (Tam Ruat's
    /// bare king, Checkered chess's checkered side with nothing left).
    #[inline]
    pub(super) fn variant_result(&self, ply: usize) -> Option<Value> {
        let outcome = self.pos.variant_outcome()?;
        Some(match outcome.winner() {
            Some(winner) if winner == self.pos.side_to_move() => mate_in(ply),
            Some(_) => mated_in(ply),
            None => DRAW,
        })
    }

    /// True when the position `ply` plies from the root repeats an earlier
    /// one. A position repeated inside the search tree is scored a draw at
    /// once, since either side could repeat again; one from before the root
    /// must have occurred twice.
    ///
    /// How far back a repetition can be is the position's answer (see
    /// [`Position::repetition_window`]), never past the last null move.
    pub(super) fn is_repetition(&self, ply: usize) -> bool {
        let pos = &self.pos;
        let since_null = self.frames[ply].plies_from_null;
        let window = pos.repetition_window().min(since_null);
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
    pub(super) fn gives_check(&mut self, mv: Move) -> bool {
        self.pos.make(mv);
        let check = self.pos.in_check();
        self.pos.unmake();
        check
    }

    /// What ordering the moves at `ply` depends on: the side to move and the
    /// moves that led here.
    #[inline]
    pub(super) fn node_context(&self, ply: usize) -> NodeContext {
        let before = |back: usize| if ply >= back { self.frames[ply - back].current } else { None };
        NodeContext::new(V::KIND, ply, self.pos.side_to_move(), before)
    }

    /// Copies the best line found below `ply` after `mv` into `ply`'s line.
    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
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
    pub(super) fn search<const PV: bool>(
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
            if let Some(value) = self.variant_result(ply) {
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

        // A singular-extension search of this position leaves the table
        // move out, so the table's verdict (which is about every move) is
        // neither used nor overwritten.
        let excluded = self.frames[ply].excluded;
        let excluding = excluded != TableMove::NONE;
        let key = self.pos.key();
        let hit = self.shared.tt.probe(key, ply);
        let table_move = hit.map_or(TableMove::NONE, |h| h.mv);
        if let Some(hit) = hit {
            if !PV && !excluding && hit.cuts(depth, alpha, beta) && self.pos.halfmove_clock() < TT_CUTOFF_HALFMOVE_LIMIT
            {
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

        if !PV && !in_check && !excluding {
            if depth <= REVERSE_FUTILITY_DEPTH
                && eval - reverse_futility_margin(depth, improving) >= beta
                && !is_mate(eval)
            {
                return eval;
            }
            // Razoring: far below alpha at a shallow node, only a tactical
            // line can save it; if the quiescence search finds none, fail
            // low. Not when alpha is a mate score: the quiescence search
            // cannot find the quicker mate the node is asked for.
            if depth <= RAZORING_DEPTH && !is_mate(alpha) && eval + razoring_margin(depth) < alpha {
                let value = self.qsearch::<false>(alpha - 1, alpha, ply, false);
                if value < alpha || self.stopped {
                    return value;
                }
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
        if !root && depth >= IIR_MIN_DEPTH && table_move == TableMove::NONE && (PV || cut_node) {
            depth -= 1;
        }
        // Decided before this ply's move list is built: the search that
        // decides it runs at this same ply and uses the same frame.
        let mut table_move_extension = 0;
        if let Some(hit) = hit.filter(|_| !root && !excluding) {
            match self.singular_extension(hit, beta, depth, ply, cut_node) {
                Singular::Cut(value) => return value,
                Singular::Extend(plies) => table_move_extension = plies,
            }
        }

        // The ply's buffers stay in its frame: indexed, never taken out, so
        // that no early return can lose them.
        let moves = &mut self.frames[ply].moves;
        if root {
            moves.set_in_order(&self.pos, self.root_moves[self.pv_index..].iter().map(|rm| rm.mv));
        } else {
            moves.generate(&self.pos);
            if moves.is_empty() {
                // Mate only when a piece gives check: the Fool alone draws.
                return if self.pos.checkers().any() { mated_in(ply) } else { DRAW };
            }
        }
        let node = self.node_context(ply);
        if !root {
            self.frames[ply].moves.score(&self.pos, table_move, &node, self.heuristics);
        }
        self.frames[ply].quiets.clear();
        self.frames[ply].captures.clear();
        // Counted for the children of one node and their cousins: the
        // grandparent starts the count.
        if let Some(grandchildren) = self.frames.get_mut(ply + 2) {
            grandchildren.cutoffs = 0;
        }

        let killers = self.heuristics.killers(ply);
        let original_alpha = alpha;
        let mut best_value = -INFINITE;
        let mut best_move = None;
        let mut searched = 0;
        let mut skip_quiets = false;
        // Whether the table move, searched first, is tactical: where the
        // best move found before wins material, a quiet move is less likely
        // to beat it, and late-move reductions cut quiet moves a ply more.
        let mut table_move_tactical = false;
        let mut index = 0;
        while let Some(scored) = self.frames[ply].moves.pick(&self.pos, index) {
            index += 1;
            let mv = scored.mv;
            if excluding && excluded.matches(mv) {
                continue;
            }
            let Material { tactical, .. } = scored.material;
            let is_killer = mv == killers[0] || mv == killers[1];
            let history = if tactical { 0 } else { self.heuristics.quiet(&node, scored.quiet()) };
            // Shallow pruning of moves that do not give check: quiet moves
            // late in the list, unable to bring the static evaluation up to
            // alpha or with a bad history, and tactical moves whose
            // exchange loses too much.
            let shallow =
                !root && !in_check && depth <= SHALLOW_PRUNING_DEPTH && searched > 0 && best_value > -MATE_BOUND;
            let quiet = shallow && !tactical && !is_killer;
            let late = quiet && (skip_quiets || searched >= late_move_limit(depth, improving));
            // Quiet moves are judged at the depth a late-move reduction
            // would leave them.
            let lmr_depth = (depth - late_move_reduction(depth, searched + 1)).max(0);
            let futile = quiet && static_eval + futility_margin(lmr_depth) <= alpha;
            // A quiet move whose history is bad enough is not tried at all.
            let unpromising = quiet && history < -HISTORY_PRUNING_PER_PLY * depth;
            let losing = shallow && tactical && scored.exchange() < -LOSING_EXCHANGE_PER_PLY * depth;
            // A quiet move that puts its piece where the exchange loses it.
            let hangs = quiet
                && !late
                && !futile
                && !unpromising
                && exchange(&self.pos, mv, scored.material)
                    < -QUIET_LOSING_EXCHANGE_PER_PLY_SQUARED * lmr_depth * lmr_depth;
            if root {
                if let Some(main) = self.main.as_mut() {
                    main.enter_root_move(depth as u32, mv, self.pv_index + index);
                }
            }

            // A move to be pruned unless it gives check is not even made
            // when it certainly does not.
            let prunable = late || futile || losing || hangs || unpromising;
            if prunable && !self.pos.may_give_check(mv) {
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
            self.frames[ply].current = Some(scored.piece);
            self.frames[ply + 1].plies_from_null = self.frames[ply].plies_from_null + 1;
            searched += 1;
            let is_table_move = table_move.matches(mv);
            table_move_tactical |= is_table_move && tactical;
            let extension = if is_table_move { table_move_extension } else { 0 };
            let new_depth = depth - 1 + extension;
            let mut value;
            if searched == 1 {
                value = -self.search::<PV>(-beta, -alpha, new_depth, ply + 1, false, gives_check);
            } else {
                // Late-move reduction of quiet moves, then a null-window
                // search; re-searched at full depth, then with the full
                // window, as long as the move keeps looking better.
                let mut reduction = 0;
                if depth >= LMR_MIN_DEPTH && !tactical && searched > 1 + root as usize {
                    reduction = late_move_reduction(depth, searched);
                    reduction += cut_node as i32 + !improving as i32 + table_move_tactical as i32;
                    // The root's late moves are all reduced a ply more: the
                    // root has no grandparent to count its children's
                    // cut-offs, and so reduced they measured better.
                    reduction += (root || self.frames[ply + 1].cutoffs > CHILD_CUTOFFS_FOR_REDUCTION) as i32;
                    reduction -= PV as i32 + gives_check as i32 + is_killer as i32;
                    reduction -= history / LMR_HISTORY_DIVISOR;
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                value = -self.search::<false>(-alpha - 1, -alpha, new_depth - reduction, ply + 1, true, gives_check);
                if value > alpha && reduction > 0 {
                    let full_depth = new_depth + research_depth_change(value - best_value, new_depth);
                    value = -self.search::<false>(-alpha - 1, -alpha, full_depth, ply + 1, !cut_node, gives_check);
                }
                if PV && value > alpha {
                    value = -self.search::<true>(-beta, -alpha, new_depth, ply + 1, false, gives_check);
                }
            }
            self.pos.unmake();
            if self.stopped {
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
                        self.frames[ply].cutoffs += 1;
                        let frame = &self.frames[ply];
                        if tactical {
                            self.heuristics.reward_capture(&node, depth, scored.capture(), &frame.captures);
                        } else {
                            self.heuristics.reward_quiet(&node, depth, scored.quiet(), &frame.quiets, &frame.captures);
                        }
                        break;
                    }
                    alpha = value;
                }
            }
            if Some(mv) != best_move {
                if tactical {
                    self.frames[ply].captures.push(scored.capture());
                } else {
                    self.frames[ply].quiets.push(scored.quiet());
                }
            }
        }

        if excluding && best_value == -INFINITE {
            // Only the table move was legal: nothing else comes close.
            return -INFINITE;
        }
        if !excluding && (!root || self.pv_index == 0) {
            let bound = result_bound(best_value, original_alpha, beta, PV);
            let eval = (!in_check).then_some(static_eval);
            self.shared.tt.store(key, ply, TtData { best: best_move, value: best_value, eval, depth, bound });
        }
        best_value
    }

    /// Singular extension: when the table says its move is good (a lower
    /// bound from a search nearly as deep), every other move is searched at
    /// half depth against a bar somewhat below that value. If none reaches
    /// it, the table move is the only good one, and it is searched a ply
    /// deeper. If one does and even the lowered bar is above beta, several
    /// moves fail high and the node is cut at once; if only the table value
    /// is above beta, the table move is searched a ply shallower, since
    /// others would do as well.
    fn singular_extension(&mut self, hit: TtHit, beta: Value, depth: i32, ply: usize, cut_node: bool) -> Singular {
        if depth < SINGULAR_MIN_DEPTH
            || hit.mv == TableMove::NONE
            || hit.bound == TtBound::Upper
            || hit.depth < depth - SINGULAR_TABLE_DEPTH_MARGIN
            || is_mate(hit.value)
            || ply as i32 >= 2 * self.root_depth
        {
            return Singular::Extend(0);
        }
        let bar = hit.value - SINGULAR_MARGIN_PER_DEPTH * depth;
        self.frames[ply].excluded = hit.mv;
        let in_check = self.pos.in_check();
        let value = self.search::<false>(bar - 1, bar, (depth - 1) / 2, ply, cut_node, in_check);
        self.frames[ply].excluded = TableMove::NONE;
        if value < bar {
            Singular::Extend(1)
        } else if bar >= beta {
            Singular::Cut(bar)
        } else if hit.value >= beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
    }

    /// Null-move pruning: let the opponent move twice in a row; if a reduced
    /// search still fails high, so would a real move, and the node is cut.
    /// Tried only where the static evaluation, and not just a table bound,
    /// is at least beta: a pass from a position that merely searched well
    /// rarely holds.
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
    pub(super) fn null_move(
        &mut self,
        beta: Value,
        depth: i32,
        ply: usize,
        eval: Value,
        cut_node: bool,
    ) -> Option<Value> {
        let board = self.pos.board();
        let us = self.pos.side_to_move();
        let has_pieces = (board.colour(us) & !(board.role(Role::Pawn) | board.role(Role::King))).any();
        if depth < NULL_MOVE_MIN_DEPTH
            || eval < beta
            || self.frames[ply].static_eval < beta
            || is_mate(beta)
            || !has_pieces
            || self.frames[ply].plies_from_null == 0
        {
            return None;
        }
        let reduction = NULL_MOVE_BASE_REDUCTION
            + depth / NULL_MOVE_DEPTH_DIVISOR
            + ((eval - beta) / NULL_MOVE_EVAL_DIVISOR).min(NULL_MOVE_EVAL_MAX);
        self.pos.make_null();
        self.frames[ply].current = None;
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
    pub(super) fn record_root_move(&mut self, mv: Move, value: Value, first: bool, alpha: Value, beta: Value) {
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
}

/// The verdict of a singular-extension search.
enum Singular {
    /// Search the table move this many plies deeper (or shallower).
    Extend(i32),
    /// Several moves beat beta: the node fails high with this value.
    Cut(Value),
}

/// What a node's result proves about its true value: a fail high is a
/// lower bound, a score inside a PV node's window is exact, anything else
/// an upper bound.
pub(crate) fn result_bound(best: Value, alpha: Value, beta: Value, pv: bool) -> TtBound {
    if best >= beta {
        TtBound::Lower
    } else if pv && best > alpha {
        TtBound::Exact
    } else {
        TtBound::Upper
    }
}
