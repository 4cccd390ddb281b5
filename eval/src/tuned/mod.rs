//! The weights fitted to self-play games by `redfool tune` (Texel's
//! method), one generated file per variant: each names the data, the
//! command and the loss it was fitted with, so that anyone can rerun it.
//!
//! Each variant's file holds the whole [`Weights`] set: every weight the
//! evaluation is linear in (material, piece-square shapes, mobility per
//! role, pawn structure, passed pawns by rank, the king-danger penalty and
//! shelter, the Fool's terms, Checkered chess's stage-1 terms, the tempo).
//! They are constants: each variant's evaluation is compiled with its own,
//! its piece-square tables built from them at compile time.
//!
//! Chess960 plays with chess's weights, Red Fool 960 with Red Fool's.

mod checkered;
mod chess;
mod redfool;
mod tamruat;

use crate::weights::Weights;
use movegen::VariantKind;

/// The fitted weights of `kind` (a constant wherever `kind` is one).
#[inline(always)]
pub const fn of(kind: VariantKind) -> &'static Weights {
    match kind {
        VariantKind::RedFool => &redfool::WEIGHTS,
        VariantKind::Chess => &chess::WEIGHTS,
        VariantKind::TamRuat => &tamruat::WEIGHTS,
        VariantKind::Checkered => &checkered::WEIGHTS,
    }
}

/// The path of `kind`'s generated file, from the workspace root.
pub fn source_path(kind: VariantKind) -> String {
    format!("eval/src/tuned/{}.rs", kind.name())
}
