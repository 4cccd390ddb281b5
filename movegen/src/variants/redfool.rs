//! Red Fool Chess (RULES.md §1), and Red Fool 960: the orthodox rules on
//! 8x10 plus the Fool, whose square is the variant's state. His answers are
//! part of every move (see [`crate::fool`]); the hooks are the orthodox ones.

use super::orthodox;
use crate::board::Bitboards;
use crate::fen::FenError;
use crate::geometry::{Board8x10, Square};
use crate::moves::{Move, MoveSink};
use crate::outcome::Outcome;
use crate::piece::{Colour, Piece, Role};
use crate::position::{Bb, Effect, Position};
use crate::variant::VariantState;
use crate::variant::{Variant, VariantKind};

/// Red Fool Chess: 8x10 board and the Fool (RULES.md §1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RedFool;

/// Where the Fool stands (`None` only while a FEN is being read).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct FoolSquare(Option<Square>);

impl VariantState for FoolSquare {
    const FOOL: bool = true;
    #[inline(always)]
    fn fool(&self) -> Option<Square> {
        self.0
    }
    #[inline(always)]
    fn set_fool(&mut self, sq: Square) {
        self.0 = Some(sq);
    }
    #[inline(always)]
    fn stage(&self) -> Option<crate::Stage> {
        None
    }
    /// The Fool's key is kept by the position itself (it moves with every
    /// answer), so the state adds nothing here.
    #[inline(always)]
    fn key(&self) -> u64 {
        0
    }
}

impl Variant for RedFool {
    type G = Board8x10;
    type State = FoolSquare;
    const KIND: VariantKind = VariantKind::RedFool;
    const ROLES: &'static [Role] = &Role::ORTHODOX;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const CASTLING: bool = true;
    const CHESS960_ARRAYS: bool = true;
    const IRREVERSIBLE_RESETS: bool = true;
    const EXTRA_FEN_FIELDS: usize = 0;

    orthodox::hooks!();
}
