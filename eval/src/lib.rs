//! Static evaluation for every variant the engine plays: tapered material
//! and piece-square tables, mobility, pawn structure, king safety, threats
//! to pieces, mopping up a bare king, and the Red Fool's terms (his next
//! victims, his reach towards each king, the pieces menacing him).
//!
//! One code path serves all variants, monomorphized per [`Variant`]; the
//! tables that depend on the board's shape are built at compile time from
//! functions of (file, rank) relative to the board's size, and every weight
//! is named in [`weights`].

mod bits;
mod checkered;
mod evaluation;
mod fool;
mod king;
mod mop_up;
mod pawns;
mod pieces;
mod psqt;
mod score;
mod threats;
mod trace;
pub mod tune;
pub mod tuned;
pub mod weights;

pub use score::Score;
pub use trace::{Term, Trace};

use evaluation::Evaluation;
use movegen::{Colour, Position, Role, Variant, VariantState};
use trace::Silent;

/// Centipawns from the side to move's point of view.
#[inline]
pub fn evaluate<V: Variant>(pos: &Position<V>) -> i32 {
    let white = evaluate_white(pos);
    match pos.side_to_move() {
        Colour::White => white,
        Colour::Black => -white,
    }
}

/// Centipawns from White's point of view (for tests and display).
#[inline]
pub fn evaluate_white<V: Variant>(pos: &Position<V>) -> i32 {
    if let Some(stage) = pos.state().stage() {
        return checkered::evaluate_white(pos, stage, || Evaluation::new(pos, Silent).run().0);
    }
    Evaluation::new(pos, Silent).run().0
}

/// The evaluation's terms for each side, the phase and the total; its
/// `Display` prints a table (the UCI `eval` command shows it).
/// In Checkered chess the terms are those of the white and black pieces
/// only; the total includes the checkered pieces' worth.
pub fn trace<V: Variant>(pos: &Position<V>) -> Trace {
    let mut trace = Evaluation::new(pos, Trace::default()).run().1;
    if pos.state().stage().is_some() {
        trace.total = evaluate_white(pos);
    }
    trace
}

/// Material value of a role in centipawns in variant `V`, for move ordering
/// (MVV-LVA) and static exchange evaluation: the middlegame value of
/// [`tuned::exchange_material`]. Royal pieces count 0: they are never
/// captured.
#[inline]
pub fn piece_value<V: Variant>(role: Role) -> i32 {
    match role {
        Role::King | Role::Emperor => 0,
        _ => tuned::exchange_material(V::KIND)[role.index()].mg(),
    }
}
