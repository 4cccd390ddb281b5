//! Scores for people: in pawns (`+0.35`) or as a mate count (`#3`, `#-2`),
//! from White's point of view unless the side to move's is asked for. The
//! search reports scores for the side to move, as UCI does; lichess and
//! chess GUIs show them for White, so that a score keeps its meaning from
//! one move to the next.

use clap::ValueEnum;
use engine::search::Score;
use movegen::Colour;

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
        match (self, to_move, score) {
            (ScorePov::White, Colour::Black, Score::Cp(cp)) => Score::Cp(-cp),
            (ScorePov::White, Colour::Black, Score::Mate(n)) => Score::Mate(-n),
            _ => score,
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

/// A score for people: `+0.35`, `-1.20`, `#3` (mate in 3), `#-2` (mated in 2).
pub fn pawns(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(n) => format!("#{n}"),
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
        assert_eq!(pawns(Score::Cp(-120)), "-1.20");
        assert_eq!(pawns(Score::Cp(0)), "+0.00");
        assert_eq!(pawns(Score::Mate(-2)), "#-2");
    }
}
