//! The rules core of redfool: board geometry, bitboards, pieces, FEN, legal
//! move generation with the Red Fool's answer baked into each move,
//! make/unmake, Zobrist keys, game outcomes, notation and perft.
//!
//! Everything is generic over a [`Variant`], which fixes the board
//! [`Geometry`] and answers the rule questions through its hooks; each
//! variant lives in one module under [`variants`].

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod castling;
pub mod chess960;
pub mod fen;
pub mod fool;
pub mod geometry;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
mod score;
pub mod setup;
pub mod variant;
pub mod variants;
pub mod zobrist;

pub use variants::{checkered, tamruat};

pub use bitboard::{Bitboard, Wide};
pub use castling::CastlingRights;
pub use fen::FenError;
pub use geometry::{Board12x12, Board8x10, Board8x8, Geometry, Square};
pub use movegen::{generate, legal_moves};
pub use moves::{Move, MoveCounter, MoveKind, MoveSink};
pub use notation::MoveError;
pub use outcome::Outcome;
pub use perft::{divide, perft, perft_until};
pub use piece::{Colour, Piece, Role};
pub use position::Position;
pub use score::{Pawns, Score, ScoreError};
pub use setup::Setup;
pub use variant::{Checkered, Chess, RedFool, TamRuat, UnknownVariant, Variant, VariantKind, VariantState};
pub use variants::checkered::{CheckeredState, Stage};
