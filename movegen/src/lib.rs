//! The rules core of redfool: board geometry, bitboards, pieces, FEN, legal
//! move generation with the Red Fool's answer baked into each move,
//! make/unmake, Zobrist keys, game outcomes, notation and perft.
//!
//! Everything is generic over a [`Variant`], which fixes the board
//! [`Geometry`] and answers the rule questions through its hooks; each
//! variant lives in one module under `variants/`. The modules are private:
//! what the evaluation, the search, the match runner and the command line
//! need is re-exported here, so that they depend on the rules, not on how
//! the rules are filed. ARCHITECTURE.md at the top of the workspace maps
//! the modules.
#![warn(missing_docs)]

mod attacks;
mod bitboard;
mod board;
mod castling;
mod chess960;
mod fen;
mod fool;
mod geometry;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod piece;
mod position;
mod score;
mod setup;
mod variant;
mod variants;
mod zobrist;

// The board and its squares.
pub use attacks::AttackTables;
pub use bitboard::{Bitboard, Squares, Wide};
pub use board::Bitboards;
pub use geometry::{Board12x12, Board8x10, Board8x8, Geometry, Square, SquareName};
pub use piece::{Colour, Piece, Role};

// Positions, their setup from FEN and what they say about the game.
pub use castling::CastlingRights;
pub use fen::{BoardError, CastlingError, CheckeredMoveError, EnPassantError, FenError};
pub use outcome::Outcome;
pub use position::{Bb, Effect, Position};
pub use setup::Setup;

// Moves: generating, counting and writing them.
pub use movegen::{generate, generate_noisy, legal_moves};
pub use moves::{Move, MoveKind, MoveSink};
pub use notation::MoveError;
pub use perft::{divide, perft, perft_until};

// The variants and choosing one at run time.
pub use chess960::{chess960_start_fen, CHESS960_COUNT, CHESS960_ORTHODOX};
pub use variant::{UnknownVariant, Variant, VariantKind, VariantState};
pub use variants::checkered::{a_king_attacked_by_checkered, CheckeredState, Stage};
pub use variants::redfool::FoolSquare;
pub use variants::{Checkered, Chess, RedFool, TamRuat};

// What engines say about positions.
pub use score::{Pawns, Score, ScoreError};
