//! Orthodox chess on 8x8 (RULES.md §2), and Chess960 through the castling
//! rights: every hook is the orthodox one.

use super::orthodox;
use crate::board::Bitboards;
use crate::fen::FenError;
use crate::geometry::{Board8x8, Square};
use crate::moves::{Move, MoveSink};
use crate::outcome::Outcome;
use crate::piece::{Colour, Piece, Role};
use crate::position::{Bb, Effect, Position};
use crate::variant::{Variant, VariantKind};

/// Orthodox chess on 8x8 (RULES.md §2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Chess;

impl Variant for Chess {
    type G = Board8x8;
    type State = ();
    const KIND: VariantKind = VariantKind::Chess;
    const ROLES: &'static [Role] = &Role::ORTHODOX;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const CASTLING: bool = true;
    const CHESS960_ARRAYS: bool = true;
    const IRREVERSIBLE_RESETS: bool = true;
    const EXTRA_FEN_FIELDS: usize = 0;

    orthodox::hooks!();
}
