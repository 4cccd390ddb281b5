//! How a game ends (RULES.md §1, "Check and the end of the game").

use crate::bitboard::Bitboard;
use crate::movegen::{generate, legal_moves};
use crate::moves::MoveCounter;
use crate::piece::{Colour, Role};
use crate::position::Position;
use crate::variant::Variant;
use std::fmt;

/// A finished game's result and the reason for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// No legal move while a real piece gives check: the other side wins.
    Checkmate {
        /// The side that wins.
        winner: Colour,
    },
    /// No legal move while only the Fool gives check: a draw.
    FoolMate,
    /// No legal move and no check: a draw.
    Stalemate,
    /// A hundred half-moves without a capture, pawn move or Fool kill.
    FiftyMoves,
    /// The same position (the Fool's square included) for the third time.
    Repetition,
    /// Only the two kings are left.
    KingsOnly,
    /// Tam Ruat: a side was left with its royal piece alone; the other wins.
    BareKing {
        /// The side that wins.
        winner: Colour,
    },
    /// Checkered chess, stage 2: the checkered side is to move with no
    /// checkered piece left; the other side wins.
    CheckeredGone {
        /// The side that wins.
        winner: Colour,
    },
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Colour> {
        match self {
            Outcome::Checkmate { winner } | Outcome::BareKing { winner } | Outcome::CheckeredGone { winner } => {
                Some(winner)
            }
            _ => None,
        }
    }
    /// The PGN result string.
    pub fn result(self) -> &'static str {
        match self.winner() {
            Some(Colour::White) => "1-0",
            Some(Colour::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "checkmate, {} wins", winner.name()),
            Outcome::FoolMate => write!(f, "draw: the Fool alone gives mate"),
            Outcome::Stalemate => write!(f, "draw: stalemate"),
            Outcome::FiftyMoves => write!(f, "draw: fifty-move rule"),
            Outcome::Repetition => write!(f, "draw: threefold repetition"),
            Outcome::KingsOnly => write!(f, "draw: king against king"),
            Outcome::BareKing { winner } => write!(f, "bare king, {} wins", winner.name()),
            Outcome::CheckeredGone { winner } => {
                write!(f, "no checkered piece left, {} wins", winner.name())
            }
        }
    }
}

impl<V: Variant> Position<V> {
    /// The outcome when the game is over in this position, else `None`.
    /// Mate and stalemate take precedence over the fifty-move rule.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = V::variant_outcome(self) {
            return Some(outcome);
        }
        // No move: in stage 2 of Checkered chess the checkered side is never
        // in check, and the white/black side is when a king is attacked.
        if legal_moves(self).is_empty() {
            return Some(if self.checkers().any() {
                Outcome::Checkmate { winner: !self.side_to_move() }
            } else if self.fool_gives_check() {
                Outcome::FoolMate
            } else {
                Outcome::Stalemate
            });
        }
        if self.halfmove_clock() >= 100 {
            return Some(Outcome::FiftyMoves);
        }
        if self.repetitions() >= 2 {
            return Some(Outcome::Repetition);
        }
        if self.kings_only() {
            return Some(Outcome::KingsOnly);
        }
        None
    }

    /// The game's end by the variant's own rules (Tam Ruat's bare king,
    /// Checkered chess's checkered side with nothing left), which the search
    /// scores before anything else.
    #[inline]
    pub fn variant_outcome(&self) -> Option<Outcome> {
        V::variant_outcome(self)
    }

    /// True when only the two kings are left (a draw).
    #[inline]
    pub fn kings_only(&self) -> bool {
        self.board().occupied() == self.board().role(Role::King)
    }

    /// True when the fifty-move rule ends the game here: a hundred
    /// half-moves without a capture, pawn move or Fool kill, unless the side
    /// to move is mated (mate takes precedence).
    pub fn fifty_moves_draw(&self) -> bool {
        if self.halfmove_clock() < 100 {
            return false;
        }
        if self.checkers().is_empty() {
            return true;
        }
        let mut replies = MoveCounter::default();
        generate(self, &mut replies);
        replies.0 > 0
    }

    /// How many of the latest positions could repeat this one: since the
    /// last capture, pawn move or Fool kill, or the whole recorded game
    /// where those can be undone (see [`Variant::IRREVERSIBLE_RESETS`]).
    #[inline]
    pub fn repetition_window(&self) -> usize {
        if V::IRREVERSIBLE_RESETS {
            (self.halfmove_clock() as usize).min(self.ply())
        } else {
            self.ply()
        }
    }

    /// True when a capture or pawn move can be undone, so a line of
    /// captures can repeat a position (see [`Variant::IRREVERSIBLE_RESETS`]).
    #[inline]
    pub fn captures_can_repeat(&self) -> bool {
        !V::IRREVERSIBLE_RESETS
    }

    /// How many earlier positions since the last irreversible move had this
    /// position's key (same side to move, same Fool square). In Tam Ruat (a
    /// warlock's capture that summons a ghost) and Checkered chess (stage-2
    /// checkered pawns step both ways) a move that resets the fifty-move
    /// clock can be undone, so the whole recorded game is searched.
    pub fn repetitions(&self) -> usize {
        let window = self.repetition_window();
        self.previous_keys().rev().take(window).skip(1).step_by(2).filter(|&k| k == self.key()).count()
    }
}
