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

use crate::score::Score;
use crate::weights::{Weights, PIECE_VALUE};
use movegen::{Role, VariantKind};

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

/// The material the search prices exchanges and orders captures with in
/// `kind`. Red Fool's fit set material free and moved it far from the
/// hand-set values (a pawn 77 in the middlegame, a knight 400): pricing
/// exchanges the way its evaluation prices what they leave gained +27.7 ±
/// 16.0 Elo at fixed nodes. The others keep the hand-set values
/// ([`PIECE_VALUE`]): chess and Checkered chess were fitted with material
/// frozen near them, and Tam Ruat's free fit, tried for its exchanges,
/// scored −20 ± 30 Elo.
#[inline(always)]
pub const fn exchange_material(kind: VariantKind) -> &'static [Score; Role::COUNT] {
    match kind {
        VariantKind::RedFool => &of(kind).material,
        VariantKind::Chess | VariantKind::TamRuat | VariantKind::Checkered => &PIECE_VALUE,
    }
}

/// The path of `kind`'s generated file, from the workspace root.
pub fn source_path(kind: VariantKind) -> String {
    format!("eval/src/tuned/{}.rs", kind.name())
}
