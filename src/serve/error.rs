//! Why the server refused a request of a tab: each says what was wrong, and
//! the session goes on as before.

use crate::game_setup::SetupError;
use matchrunner::pgn::PgnError;
use movegen::{MoveError, UnknownVariant};
use std::fmt;

/// A refused request.
#[derive(Debug)]
pub enum ServeError {
    /// The frame is not one of the messages of [`super::protocol::ClientMessage`].
    BadMessage(serde_json::Error),
    UnknownVariant(UnknownVariant),
    /// The start position asked for cannot be set up.
    Setup(SetupError),
    Move(MoveError),
    /// A move in a finished game.
    GameOver(String),
    /// A move for the engine's side while the engine plays it.
    EnginesTurn {
        engine: &'static str,
    },
    NoSuchPly {
        ply: usize,
        len: usize,
    },
    NothingToTakeBack,
    Pgn(PgnError),
    NoGameInPgn,
    /// A setting out of its range.
    OutOfRange {
        what: &'static str,
        min: u64,
        max: u64,
        found: u64,
    },
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::BadMessage(e) => write!(f, "malformed request: {e}"),
            ServeError::UnknownVariant(e) => e.fmt(f),
            ServeError::Setup(SetupError::Fen(e)) => write!(f, "bad FEN: {e}"),
            ServeError::Setup(e) => e.fmt(f),
            ServeError::Move(e) => e.fmt(f),
            ServeError::GameOver(result) => write!(f, "the game is over: {result}"),
            ServeError::EnginesTurn { engine } => write!(f, "it is the engine's move (the engine plays {engine})"),
            ServeError::NoSuchPly { ply, len } => write!(f, "no half-move {ply}: the move list has {len}"),
            ServeError::NothingToTakeBack => f.write_str("there is no move to take back"),
            ServeError::Pgn(e) => write!(f, "PGN: {e}"),
            ServeError::NoGameInPgn => f.write_str("PGN: the text holds no game"),
            ServeError::OutOfRange { what, min, max, found } => {
                write!(f, "{what} must be from {min} to {max}, not {found}")
            }
        }
    }
}

impl std::error::Error for ServeError {}
