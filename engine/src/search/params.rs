//! Every tunable of the search in one place: margins, reductions, limits
//! and divisors, each named for what it decides. Changing one changes how
//! the engine plays: test it with a fixed-node SPRT (see CONTRIBUTING.md).

use crate::history::HISTORY_MAX;
use crate::value::{Value, MAX_PLY};
use std::sync::LazyLock;

/// The deepest iteration: leaves room below it for extensions and the
/// quiescence search within [`MAX_PLY`].
pub(crate) const MAX_DEPTH: i32 = MAX_PLY as i32 - 8;
/// Nodes between two looks at the clock (and publications of the count).
pub(crate) const POLL_INTERVAL: u64 = 1024;
/// Half-width of the first aspiration window, in centipawns.
pub(crate) const ASPIRATION_WINDOW: Value = 16;
/// Searches shorter than this report neither failed aspiration windows nor
/// the root move being searched, to keep the output readable.
pub(crate) const VERBOSE_AFTER_MS: u64 = 3000;
/// In such searches, the root move being searched is reported again after
/// this long without a new one.
pub(crate) const ROOT_MOVE_REPEAT_MS: u64 = 1000;
/// A tactical move in the quiescence search must be able to bring the
/// score this close to alpha to be searched.
pub(crate) const DELTA_MARGIN: Value = 150;

/// A tactical move at a shallow node is skipped when its exchange loses
/// more than this many centipawns per ply of depth.
pub(crate) const LOSING_EXCHANGE_PER_PLY: Value = 120;
/// A quiet move at a shallow node is skipped when the exchange on its
/// destination loses more than this many centipawns times the square of
/// the depth its late-move reduction would leave.
pub(crate) const QUIET_LOSING_EXCHANGE_PER_PLY_SQUARED: Value = 25;

/// A quiet move at a shallow node is skipped when its history score (main
/// and continuation histories summed) is below minus this times the depth.
pub(crate) const HISTORY_PRUNING_PER_PLY: i32 = 4000;

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

/// The base late-move reduction, in plies, of the `number`th move searched
/// at a node of `depth`: the search adjusts it, and shallow pruning judges
/// a quiet move at the depth it would leave.
#[inline]
pub(crate) fn late_move_reduction(depth: i32, number: usize) -> i32 {
    REDUCTIONS[depth.clamp(0, 63) as usize][number.min(63)]
}

/// Reverse futility margin: how far above beta the static evaluation must
/// be for a shallow node to be trusted to fail high without a search.
pub(crate) fn reverse_futility_margin(depth: i32, improving: bool) -> Value {
    75 * (depth - improving as i32)
}

/// Futility margin: how far below alpha the static evaluation must be for a
/// quiet move at a shallow node to be skipped.
pub(crate) fn futility_margin(depth: i32) -> Value {
    70 + 80 * depth
}

/// Quiet moves searched at a shallow node before the rest are skipped.
pub(crate) fn late_move_limit(depth: i32, improving: bool) -> usize {
    ((3 + depth * depth) / (2 - improving as i32)) as usize
}

/// Razoring applies up to this depth.
pub(crate) const RAZORING_DEPTH: i32 = 3;
/// Razoring: how far below alpha the evaluation must be for a shallow node
/// to be settled by the quiescence search.
pub(crate) fn razoring_margin(depth: i32) -> Value {
    180 + 130 * depth * depth
}

/// Reverse futility pruning applies up to this depth.
pub(crate) const REVERSE_FUTILITY_DEPTH: i32 = 8;
/// Null-move pruning needs at least this much depth.
pub(crate) const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// Null-move reduction: a base, plus one ply per this many plies of depth,
/// plus one per [`NULL_MOVE_EVAL_DIVISOR`] centipawns the evaluation stands
/// above beta, at most [`NULL_MOVE_EVAL_MAX`].
pub(crate) const NULL_MOVE_BASE_REDUCTION: i32 = 3;
pub(crate) const NULL_MOVE_DEPTH_DIVISOR: i32 = 3;
pub(crate) const NULL_MOVE_EVAL_DIVISOR: Value = 200;
pub(crate) const NULL_MOVE_EVAL_MAX: i32 = 3;
/// Internal iterative reduction applies from this depth.
pub(crate) const IIR_MIN_DEPTH: i32 = 4;
/// Shallow-depth pruning (late moves, futility, losing captures) applies up
/// to this depth.
pub(crate) const SHALLOW_PRUNING_DEPTH: i32 = 6;
/// Late-move reductions apply from this depth.
pub(crate) const LMR_MIN_DEPTH: i32 = 3;
/// The bonus (or malus) a cut-off at `depth` gives the history scores of
/// the moves tried there: linear in depth, so that the many shallow
/// cut-offs teach the tables quickly, and capped so that one deep cut-off
/// does not erase what many shallow ones taught.
#[inline]
pub(crate) fn history_bonus(depth: i32) -> i32 {
    (320 * depth - 160).min(2560)
}
/// One ply more reduction when more than this many of a node's children
/// (and their cousins) cut off.
pub(crate) const CHILD_CUTOFFS_FOR_REDUCTION: u32 = 3;
/// The plies added to the full-depth re-search (of `new_depth`) of a
/// reduced move whose reduced search beat alpha, by how far its value
/// stood above the best value so far: a ply deeper for a clear refutation
/// of the moves before it (more than 45 cp plus 2 per ply), a ply
/// shallower when it barely beat them (less than 10 cp).
pub(crate) fn research_depth_change(above_best: Value, new_depth: i32) -> i32 {
    (above_best > 45 + 2 * new_depth) as i32 - (above_best < 10) as i32
}
/// One ply less reduction per this much history score (main and
/// continuation histories summed).
pub(crate) const LMR_HISTORY_DIVISOR: i32 = 10_000;
/// In move ordering the capture history counts this many times less than
/// the material a capture wins (16 per centipawn): it orders captures of
/// (nearly) equal gain.
pub(crate) const CAPTURE_HISTORY_DIVISOR: i32 = 16;
/// In move ordering a quiet move of a queen, a rook or a minor piece out of
/// an attack by a cheaper enemy piece gains this much (one into such an
/// attack loses it): twice, once and half what one history table holds.
pub(crate) const QUEEN_THREAT_ORDER: i32 = 2 * HISTORY_MAX;
pub(crate) const ROOK_THREAT_ORDER: i32 = HISTORY_MAX;
pub(crate) const MINOR_THREAT_ORDER: i32 = HISTORY_MAX / 2;
/// Table cutoffs are not trusted this close to the fifty-move rule.
pub(crate) const TT_CUTOFF_HALFMOVE_LIMIT: u32 = 90;
/// Singular extensions: from this depth, for a table move whose lower
/// bound was searched at most `SINGULAR_TABLE_DEPTH_MARGIN` plies less
/// deep; the other moves must stay `SINGULAR_MARGIN_PER_DEPTH` centipawns
/// per ply of depth below the table value.
pub(crate) const SINGULAR_MIN_DEPTH: i32 = 8;
pub(crate) const SINGULAR_TABLE_DEPTH_MARGIN: i32 = 3;
pub(crate) const SINGULAR_MARGIN_PER_DEPTH: Value = 2;
/// Aspiration windows from this depth on.
pub(crate) const ASPIRATION_MIN_DEPTH: i32 = 4;
/// In check in the quiescence search, quiet evasions beyond this many are
/// left to the main search where checkered pieces stand (see `qsearch`).
pub(crate) const QSEARCH_QUIET_EVASIONS: usize = 2;

/// Time: the soft limit is scaled by `BASE + PER_INSTABILITY * instability`,
/// by `SCORE_DROP_SCALE` when the score fell by more than
/// `SCORE_DROP_MARGIN` since the previous iteration, and at most `MAX_SCALE`.
pub(crate) const TIME_BASE_SCALE: f64 = 0.7;
pub(crate) const TIME_PER_INSTABILITY: f64 = 0.5;
pub(crate) const TIME_SCORE_DROP_MARGIN: Value = 30;
pub(crate) const TIME_SCORE_DROP_SCALE: f64 = 1.4;
pub(crate) const TIME_MAX_SCALE: f64 = 2.5;
