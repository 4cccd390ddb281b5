//! What a `go` command asks of the search: clocks, fixed budgets, the moves
//! to consider. Plain data, filled in by the UCI front end and read by the
//! time manager and the search.

use movegen::Move;

/// The limits of one search, as UCI `go` gives them. Every field left at its
/// default means "no limit of that kind"; with none set at all the search
/// runs until it is told to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Time left on each clock (`wtime`, `btime`) in milliseconds, indexed by
    /// [`movegen::Colour::index`].
    pub time: [Option<u64>; 2],
    /// Increment per move (`winc`, `binc`) in milliseconds, indexed like `time`.
    pub inc: [Option<u64>; 2],
    /// Moves left until the next time control (`movestogo`).
    pub movestogo: Option<u32>,
    /// Exact time for this move (`movetime`) in milliseconds.
    pub movetime: Option<u64>,
    /// Deepest iteration to search (`depth`).
    pub depth: Option<u32>,
    /// Nodes to search at most (`nodes`).
    pub nodes: Option<u64>,
    /// Stop once a mate in this many moves is found (`mate`).
    pub mate: Option<u32>,
    /// Search until `stop`, whatever else is set (`infinite`).
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` or `stop` (`ponder`).
    pub ponder: bool,
    /// Only these root moves are searched (`searchmoves`); empty means all.
    pub searchmoves: Vec<Move>,
}

impl Limits {
    /// True when the search must never end on its own (`infinite`, or
    /// `ponder` while the opponent has not yet played the expected move).
    pub fn waits_for_stop(&self, ponderhit: bool) -> bool {
        self.infinite || (self.ponder && !ponderhit)
    }
}
