//! Whose point of view the command line shows scores from: White's unless
//! the side to move's is asked for. The search reports scores for the side
//! to move, as UCI does; lichess and chess GUIs show them for White, so that
//! a score keeps its meaning from one move to the next. The score type and
//! its notation (`+0.35`, `+M3`) are movegen's [`Score`], shared with the
//! UCI front end and the match runner.

use clap::ValueEnum;
use movegen::{Colour, Score};

/// Whose point of view a score is given from.
#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum ScorePov {
    /// White's: + is good for White, as lichess and GUIs show scores
    White,
    /// The side to move's: + is good for the player to move, as UCI reports
    Side,
}

impl ScorePov {
    /// The score `score` of the side `to_move`, seen from this point of view.
    pub fn apply(self, score: Score, to_move: Colour) -> Score {
        match self {
            ScorePov::White => score.seen_by(to_move, Colour::White),
            ScorePov::Side => score,
        }
    }

    /// Says whose point of view the scores are from, for a heading.
    pub fn describe(self, to_move: Colour) -> String {
        match self {
            ScorePov::White => "White's point of view".to_string(),
            ScorePov::Side => {
                let side = if to_move == Colour::White { "White" } else { "Black" };
                format!("the side to move's ({side}'s) point of view")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_sees_black_s_advantage_as_negative() {
        assert_eq!(ScorePov::White.apply(Score::Cp(900), Colour::Black), Score::Cp(-900));
        assert_eq!(ScorePov::White.apply(Score::Mate(2), Colour::Black), Score::Mate(-2));
        assert_eq!(ScorePov::White.apply(Score::Cp(35), Colour::White), Score::Cp(35));
        assert_eq!(ScorePov::Side.apply(Score::Cp(900), Colour::Black), Score::Cp(900));
    }
}
