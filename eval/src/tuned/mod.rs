//! The weights fitted to self-play games by `redfool tune` (Texel's
//! method), one generated file per variant: each names the data, the
//! command and the loss it was fitted with, so that anyone can rerun it.
//!
//! What is fitted, per variant, on top of the hand-set weights of
//! [`crate::weights`]:
//! - the material value of every role (middlegame and endgame);
//! - each other term's weight as a whole: a percentage (middlegame,
//!   endgame) of the term as the hand-set weights compute it, so that one
//!   fitted pair scales all of a term's weights together (every
//!   piece-square shape, every mobility weight, the king-danger penalty…).
//!
//! The evaluation is linear in these numbers, which is what lets the tuner
//! fit them by gradient descent from a trace of each position's terms. They
//! are constants: each variant's evaluation is compiled with its own.
//!
//! Chess960 plays with chess's weights, Red Fool 960 with Red Fool's.

mod checkered;
mod chess;
mod redfool;
mod tamruat;

use crate::score::Score;
use crate::trace::Term;
use movegen::{Role, VariantKind};

/// The fitted weights of one variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Tuned {
    /// Material value of each role, indexed by `Role::index()`; royal
    /// pieces count 0. (Move ordering and exchange evaluation keep the
    /// hand-set [`crate::weights::PIECE_VALUE`]: they need an order, not a
    /// fit.)
    pub material: [Score; Role::COUNT],
    /// Each term's weight in percent (middlegame, endgame) of the term as
    /// the hand-set weights compute it, indexed by `Term as usize`.
    /// Material's is always 100: its values are fitted one by one instead.
    pub percent: [Score; Term::COUNT],
}

impl Tuned {
    /// The hand-set weights, unchanged: what a variant plays with until it
    /// is tuned.
    pub const HAND_SET: Tuned =
        Tuned { material: crate::weights::PIECE_VALUE, percent: [Score::new(100, 100); Term::COUNT] };
}

/// The fitted weights of `kind` (a constant wherever `kind` is one).
#[inline(always)]
pub const fn of(kind: VariantKind) -> &'static Tuned {
    match kind {
        VariantKind::RedFool => &redfool::TUNED,
        VariantKind::Chess => &chess::TUNED,
        VariantKind::TamRuat => &tamruat::TUNED,
        VariantKind::Checkered => &checkered::TUNED,
    }
}

/// The path of `kind`'s generated file, from the workspace root.
pub fn source_path(kind: VariantKind) -> String {
    format!("eval/src/tuned/{}.rs", kind.name())
}
