//! What a search thread learns about moves while it searches, to order the
//! moves of later nodes (each thread keeps its own):
//!
//! - killer moves: quiet moves that refuted a sibling at the same ply;
//! - the main history: how often a quiet move (side, from, to) caused or
//!   failed to cause a cut-off, anywhere in the tree, kept apart by which
//!   of its two squares the enemy attacks (see [`Exposure`]);
//! - continuation histories: the same for a quiet move as the answer to the
//!   move one ply before it and as the follow-up to our own moves two and
//!   (in chess only, see [`continuation_tables`]) four plies before it,
//!   keyed by the moved piece and its destination: what refutes a knight
//!   landing on e5 is much the same wherever in the tree it lands;
//! - the capture history: how often a capture (or a Fool kill) by this
//!   piece, on that square, of that victim, caused a cut-off, to tell good
//!   captures of the same material gain apart.

use crate::search::params::history_bonus;
use crate::value::MAX_PLY;
use movegen::{Colour, Geometry, Move, Role, Square, Variant, VariantKind};

/// History scores stay within `±HISTORY_MAX`.
pub const HISTORY_MAX: i32 = 16_384;
/// Squares per side of the from-to table: enough for any board whose square
/// index fits a `u8`.
const SQUARES: usize = 256;
/// Main-history tables: one per [`Exposure`].
const EXPOSURES: usize = 4;
/// Capture-history victims: every role, plus "none" (a promotion alone).
const VICTIMS: usize = Role::COUNT + 1;
/// How many plies back each continuation history's earlier move was: the
/// opponent's last move, our own move before it, and our own move before
/// that (a plan of ours two moves long).
pub const CONTINUATION_DISTANCES: [usize; 3] = [1, 2, 4];
/// How many continuation tables there can be: one per distance back.
pub const CONTINUATION_TABLES: usize = CONTINUATION_DISTANCES.len();

/// How many of the continuation tables, nearest first, the search of a
/// `kind` game keeps. The table for our own move four plies back measured
/// better in chess and worse in Red Fool and Checkered chess, against the
/// same search without it (fixed-node games, README "Search changes");
/// Tam Ruat, not measured with it, keeps the two it was measured with.
pub fn continuation_tables(kind: VariantKind) -> usize {
    match kind {
        VariantKind::Chess => CONTINUATION_TABLES,
        VariantKind::RedFool | VariantKind::Checkered | VariantKind::TamRuat => 2,
    }
}

/// A moved piece and its destination: what continuation and capture
/// histories are keyed by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceTo {
    /// The moving piece's role.
    pub role: Role,
    /// Where it went.
    pub to: Square,
}

/// Which of a quiet move's squares the enemy attacks. The main history
/// keeps a move apart by it: leaving an attacked square, or stepping onto
/// one, refutes (or fails) for other reasons than the same move made where
/// nothing attacks, and one table for all mixed them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Exposure {
    /// The enemy attacks the origin.
    pub from: bool,
    /// The enemy attacks the destination.
    pub to: bool,
}

impl Exposure {
    #[inline]
    fn index(self) -> usize {
        2 * self.from as usize + self.to as usize
    }
}

/// A quiet move as the histories see it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Quiet {
    /// The move.
    pub mv: Move,
    /// The moving piece and its destination.
    pub piece: PieceTo,
    /// Which of its squares the enemy attacks.
    pub exposure: Exposure,
}

/// What the ordering of one node's moves depends on besides the moves
/// themselves: where the node is, whose move it is, and the moves that led
/// to it.
#[derive(Clone, Copy, Debug)]
pub struct NodeContext {
    /// Plies from the root.
    pub ply: usize,
    /// The side to move.
    pub side: Colour,
    /// The moves made [`CONTINUATION_DISTANCES`] plies before (`None` at the
    /// root, after a null move, or before the root, and beyond the tables
    /// the variant keeps).
    pub before: [Option<PieceTo>; CONTINUATION_TABLES],
}

impl NodeContext {
    /// The context of a node of a `kind` game `ply` plies from the root,
    /// `side` to move, where `earlier(back)` is the move made `back` plies
    /// before it: only the distances the variant keeps tables for are read.
    #[inline]
    pub fn new(kind: VariantKind, ply: usize, side: Colour, earlier: impl Fn(usize) -> Option<PieceTo>) -> NodeContext {
        let tables = continuation_tables(kind);
        let before = std::array::from_fn(|i| if i < tables { earlier(CONTINUATION_DISTANCES[i]) } else { None });
        NodeContext { ply, side, before }
    }
}

/// A tactical move as the capture history sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Capture {
    /// The capturing piece and the square it moves to.
    pub piece: PieceTo,
    /// The piece it takes (or the Fool kills), `None` for a bare promotion.
    pub victim: Option<Role>,
}

/// Killers and histories of one search thread.
pub struct Heuristics {
    killers: Vec<[Move; 2]>,
    /// Indexed by side to move, exposure, origin and destination of the
    /// base move.
    main: Box<[i16]>,
    /// Indexed by how many plies back the earlier move was, side to move,
    /// the earlier move's piece-to and this move's piece-to, on the board
    /// of `squares` squares.
    continuation: Box<[i16]>,
    /// Indexed by side to move, the capturer's piece-to and the victim.
    capture: Box<[i16]>,
    /// The board size the continuation and capture tables are laid out for.
    squares: usize,
    /// How many continuation tables there are (see [`continuation_tables`]).
    tables: usize,
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics::for_variant::<movegen::Chess>()
    }
}

#[inline]
fn main_index(side: Colour, q: Quiet) -> usize {
    ((side.index() * EXPOSURES + q.exposure.index()) * SQUARES + q.mv.from().index()) * SQUARES + q.mv.to().index()
}

/// Moves a history score by `bonus`, less the more it is already saturated
/// in that direction, so scores stay within `±HISTORY_MAX` and recent
/// results weigh more than old ones.
#[inline]
fn nudge(entry: &mut i16, bonus: i32) {
    let old = *entry as i32;
    *entry = (old + bonus - old * bonus.abs() / HISTORY_MAX) as i16;
}

impl Heuristics {
    /// Empty heuristics laid out for the board of variant `V` and the
    /// continuation tables its search keeps.
    fn for_variant<V: Variant>() -> Heuristics {
        let (squares, tables) = Heuristics::layout::<V>();
        Heuristics::laid_out(squares, tables)
    }

    /// The board size and continuation-table count variant `V` lays the
    /// tables out for.
    fn layout<V: Variant>() -> (usize, usize) {
        (V::G::SQUARES.into(), continuation_tables(V::KIND))
    }

    /// Empty heuristics for a board of `squares` squares with `tables`
    /// continuation tables.
    fn laid_out(squares: usize, tables: usize) -> Heuristics {
        let piece_tos = Role::COUNT * squares;
        Heuristics {
            killers: vec![[Move::default(); 2]; MAX_PLY + 1],
            main: vec![0; 2 * EXPOSURES * SQUARES * SQUARES].into_boxed_slice(),
            continuation: vec![0; tables * 2 * piece_tos * piece_tos].into_boxed_slice(),
            capture: vec![0; 2 * piece_tos * VICTIMS].into_boxed_slice(),
            squares,
            tables,
        }
    }

    /// Makes the tables fit variant `V`, forgetting them when the layout
    /// changed (another board, or other continuation tables).
    pub fn prepare<V: Variant>(&mut self) {
        if (self.squares, self.tables) != Heuristics::layout::<V>() {
            *self = Heuristics::for_variant::<V>();
        }
    }

    /// Forgets everything, as for a new game.
    pub fn clear(&mut self) {
        *self = Heuristics::laid_out(self.squares, self.tables);
    }

    /// Forgets the killers, which belong to the plies of one search.
    pub fn new_search(&mut self) {
        self.killers.fill([Move::default(); 2]);
    }

    /// The killers of `ply`, the most recent first.
    #[inline]
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    #[inline]
    fn piece_to_index(&self, p: PieceTo) -> usize {
        p.role.index() * self.squares + p.to.index()
    }

    #[inline]
    fn continuation_index(&self, back: usize, side: Colour, before: PieceTo, now: PieceTo) -> usize {
        debug_assert!(back < self.tables, "a context of another variant");
        let piece_tos = Role::COUNT * self.squares;
        ((back * 2 + side.index()) * piece_tos + self.piece_to_index(before)) * piece_tos + self.piece_to_index(now)
    }

    /// The continuation-history entries of a quiet move moving `piece` at
    /// `node`: one for each earlier move the node knows, each in the table
    /// of its distance back.
    #[inline]
    fn continuation_indices(&self, node: &NodeContext, piece: PieceTo) -> [Option<usize>; CONTINUATION_TABLES] {
        std::array::from_fn(|back| {
            node.before[back].map(|before| self.continuation_index(back, node.side, before, piece))
        })
    }

    #[inline]
    fn capture_index(&self, side: Colour, c: Capture) -> usize {
        let victim = c.victim.map_or(Role::COUNT, Role::index);
        ((side.index() * Role::COUNT * self.squares) + self.piece_to_index(c.piece)) * VICTIMS + victim
    }

    /// The main history of quiet move `q` played by `side` alone.
    #[inline]
    pub fn history(&self, side: Colour, q: Quiet) -> i32 {
        self.main[main_index(side, q)] as i32
    }

    /// The ordering score of quiet move `q` at `node`: its main history
    /// plus its continuation histories.
    #[inline]
    pub fn quiet(&self, node: &NodeContext, q: Quiet) -> i32 {
        let mut score = self.history(node.side, q);
        for i in self.continuation_indices(node, q.piece).into_iter().flatten() {
            score += self.continuation[i] as i32;
        }
        score
    }

    /// The capture history of tactical move `c` played by `side`.
    #[inline]
    pub fn capture(&self, side: Colour, c: Capture) -> i32 {
        self.capture[self.capture_index(side, c)] as i32
    }

    /// Records that quiet move `best` refuted `node`,
    /// searched to `depth`, after the quiet moves `quiets` and the tactical
    /// moves `captures` had failed to.
    pub fn reward_quiet(
        &mut self,
        node: &NodeContext,
        depth: i32,
        best: Quiet,
        quiets: &[Quiet],
        captures: &[Capture],
    ) {
        let killers = &mut self.killers[node.ply];
        if killers[0] != best.mv {
            killers[1] = killers[0];
            killers[0] = best.mv;
        }
        let bonus = history_bonus(depth);
        self.nudge_quiet(node, best, bonus);
        for &quiet in quiets {
            self.nudge_quiet(node, quiet, -bonus);
        }
        for &c in captures {
            let i = self.capture_index(node.side, c);
            nudge(&mut self.capture[i], -bonus);
        }
    }

    /// Records that tactical move `best` refuted `node`, searched to
    /// `depth`, after the tactical moves `captures` had failed to.
    pub fn reward_capture(&mut self, node: &NodeContext, depth: i32, best: Capture, captures: &[Capture]) {
        let bonus = history_bonus(depth);
        let i = self.capture_index(node.side, best);
        nudge(&mut self.capture[i], bonus);
        for &c in captures {
            let i = self.capture_index(node.side, c);
            nudge(&mut self.capture[i], -bonus);
        }
    }

    fn nudge_quiet(&mut self, node: &NodeContext, q: Quiet, bonus: i32) {
        nudge(&mut self.main[main_index(node.side, q)], bonus);
        for i in self.continuation_indices(node, q.piece).into_iter().flatten() {
            nudge(&mut self.continuation[i], bonus);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{legal_moves, Chess, Position, RedFool, TamRuat};

    fn piece_to(pos: &Position<Chess>, m: Move) -> PieceTo {
        PieceTo { role: pos.piece_at(m.from()).unwrap().role, to: m.to() }
    }

    /// Quiet move `m` of `pos`, on squares nothing attacks.
    fn quiet(pos: &Position<Chess>, m: Move) -> Quiet {
        Quiet { mv: m, piece: piece_to(pos, m), exposure: Exposure::default() }
    }

    #[test]
    fn rewards_raise_the_best_move_lower_the_others_and_stay_bounded() {
        let pos = Position::<Chess>::startpos();
        let moves = legal_moves(&pos);
        let (best, other) = (moves[0], moves[1]);
        let (best, other) = (quiet(&pos, best), quiet(&pos, other));
        let mut h = Heuristics::default();
        let node = NodeContext { ply: 3, side: Colour::White, before: [None; CONTINUATION_TABLES] };
        for _ in 0..1000 {
            h.reward_quiet(&node, 20, best, &[other], &[]);
        }
        assert!(h.history(Colour::White, best) > 0 && h.history(Colour::White, best) <= HISTORY_MAX);
        assert!(h.history(Colour::White, other) < 0 && h.history(Colour::White, other) >= -HISTORY_MAX);
        assert_eq!(h.history(Colour::Black, best), 0, "the other side's table is apart");
        for exposure in [(true, false), (false, true), (true, true)] {
            let exposed = Quiet { exposure: Exposure { from: exposure.0, to: exposure.1 }, ..best };
            assert_eq!(h.history(Colour::White, exposed), 0, "{exposure:?}: the same move, exposed, is apart");
        }
        assert_eq!(h.killers(3), [best.mv, Move::default()]);
        h.reward_quiet(&node, 1, other, &[], &[]);
        assert_eq!(h.killers(3), [other.mv, best.mv]);
        h.new_search();
        assert_eq!(h.killers(3), [Move::default(); 2]);
        assert!(h.history(Colour::White, best) > 0, "history outlives a search");
        h.clear();
        assert_eq!(h.history(Colour::White, best), 0);
    }

    #[test]
    fn continuation_history_belongs_to_the_move_before() {
        let pos = Position::<Chess>::startpos();
        let find = |text: &str| pos.parse_uci(text).unwrap();
        let (nf3, e4) = (find("g1f3"), find("e2e4"));
        let knight_f3 = piece_to(&pos, nf3);
        let pawn_e4 = piece_to(&pos, e4);
        let after_e4 = NodeContext { ply: 1, side: Colour::Black, before: [Some(pawn_e4), None, None] };
        let after_nf3 = NodeContext { ply: 1, side: Colour::Black, before: [Some(knight_f3), None, None] };
        let unrelated = NodeContext { ply: 1, side: Colour::Black, before: [None; CONTINUATION_TABLES] };
        // A black reply, keyed by the white move before it.
        let reply = quiet(&pos, find("b1c3"));
        let mut h = Heuristics::default();
        h.reward_quiet(&after_e4, 8, reply, &[], &[]);
        let main_only = h.quiet(&unrelated, reply);
        assert!(main_only > 0);
        assert_eq!(h.quiet(&after_e4, reply), 2 * main_only, "main plus continuation");
        assert_eq!(h.quiet(&after_nf3, reply), main_only, "no continuation after another move");
        // The same piece-to two plies back (our own earlier move, not the
        // opponent's last) is another history.
        let follow_up = NodeContext { ply: 2, side: Colour::Black, before: [None, Some(pawn_e4), None] };
        assert_eq!(h.quiet(&follow_up, reply), main_only, "a reply is not a follow-up");
        // And a follow-up to the move two plies back is not one to the move
        // four plies back: each distance has its own table.
        h.reward_quiet(&follow_up, 8, reply, &[], &[]);
        let main_only = h.quiet(&unrelated, reply);
        assert!(h.quiet(&follow_up, reply) > main_only, "the follow-up learnt");
        let plan = NodeContext { ply: 4, side: Colour::Black, before: [None, None, Some(pawn_e4)] };
        assert_eq!(h.quiet(&plan, reply), main_only, "two plies back is not four");
    }

    #[test]
    fn capture_history_tells_victims_apart_and_a_quiet_cut_punishes_captures() {
        let sq = Square::new(20);
        let by_knight = PieceTo { role: Role::Knight, to: sq };
        let takes_pawn = Capture { piece: by_knight, victim: Some(Role::Pawn) };
        let takes_rook = Capture { piece: by_knight, victim: Some(Role::Rook) };
        let node = NodeContext { ply: 2, side: Colour::White, before: [None; CONTINUATION_TABLES] };
        let mut h = Heuristics::for_variant::<RedFool>();
        h.reward_capture(&node, 6, takes_rook, &[takes_pawn]);
        assert!(h.capture(Colour::White, takes_rook) > 0);
        assert!(h.capture(Colour::White, takes_pawn) < 0);
        assert_eq!(h.capture(Colour::Black, takes_rook), 0);
        let rewarded = h.capture(Colour::White, takes_rook);
        let quiet =
            Quiet { mv: Move::default(), piece: PieceTo { role: Role::Bishop, to: sq }, exposure: Exposure::default() };
        h.reward_quiet(&node, 6, quiet, &[], &[takes_rook]);
        assert!(h.capture(Colour::White, takes_rook) < rewarded, "a quiet cut-off punishes the captures tried");
        h.prepare::<RedFool>();
        assert!(h.capture(Colour::White, takes_pawn) < 0, "the same board keeps what was learnt");
        h.prepare::<TamRuat>();
        assert_eq!(h.capture(Colour::White, takes_pawn), 0, "a new board starts empty");
    }

    #[test]
    fn each_variant_reads_only_the_continuation_tables_it_keeps() {
        let pos = Position::<Chess>::startpos();
        let e4 = pos.parse_uci("e2e4").unwrap();
        let pawn_e4 = piece_to(&pos, e4);
        let earlier = |_| Some(pawn_e4);
        let chess = NodeContext::new(VariantKind::Chess, 6, Colour::White, earlier);
        assert_eq!(chess.before, [Some(pawn_e4); 3]);
        let red_fool = NodeContext::new(VariantKind::RedFool, 6, Colour::White, earlier);
        assert_eq!(red_fool.before, [Some(pawn_e4), Some(pawn_e4), None], "no table four plies back");
        // The distances asked for are the tables' own.
        let asked = std::cell::RefCell::new(Vec::new());
        NodeContext::new(VariantKind::Chess, 6, Colour::White, |back| {
            asked.borrow_mut().push(back);
            None
        });
        assert_eq!(asked.into_inner(), CONTINUATION_DISTANCES);
        // And the tables a variant does not keep take no memory.
        let per_table = |h: &Heuristics| h.continuation.len() / h.tables;
        let (chess, red_fool) = (Heuristics::for_variant::<Chess>(), Heuristics::for_variant::<RedFool>());
        assert_eq!((chess.tables, red_fool.tables), (3, 2));
        assert_eq!(per_table(&chess) * 80 * 80, per_table(&red_fool) * 64 * 64);
    }
}
