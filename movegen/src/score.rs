//! Engine scores as engines write them: centipawns or a mate count, from
//! the point of view of the side that was to move.
//!
//! The rules core holds this type, not the search, because three programs
//! that share no search need it: the UCI front end writes it, the match
//! runner reads it from any engine's `info` lines, and `analyse` and the
//! match runner's PGN show it to people. One type and one notation keep
//! the three from drifting apart.

use crate::piece::Colour;
use std::fmt;

/// A score as UCI reports it, from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Score {
    /// Centipawns; positive when the side to move is better.
    Cp(i32),
    /// Mate in this many moves; negative when the side to move is being
    /// mated, 0 when it is mated already.
    Mate(i32),
}

/// Why the words after `score` in a UCI `info` line are not a score.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ScoreError {
    /// The unit is neither `cp` nor `mate`.
    UnknownUnit(String),
    /// The number after the unit is missing or not an integer.
    BadNumber(String),
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::UnknownUnit(unit) => write!(f, "score unit '{unit}' is neither 'cp' nor 'mate'"),
            ScoreError::BadNumber(text) => write!(f, "score value '{text}' is not an integer"),
        }
    }
}

impl std::error::Error for ScoreError {}

impl Score {
    /// Reads the two words after `score` in a UCI `info` line: the unit
    /// (`cp` or `mate`) and its number, as in `score cp -31` or `score mate 4`.
    pub fn parse_uci(unit: &str, number: &str) -> Result<Score, ScoreError> {
        let value = number.parse().map_err(|_| ScoreError::BadNumber(number.to_string()));
        match unit {
            "cp" => Ok(Score::Cp(value?)),
            "mate" => Ok(Score::Mate(value?)),
            _ => Err(ScoreError::UnknownUnit(unit.to_string())),
        }
    }

    /// The same score from the other side's point of view. (A mate already
    /// given, `Mate(0)`, keeps its count: UCI has no sign for it.)
    pub fn negate(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(n) => Score::Mate(-n),
        }
    }

    /// This score of the side `to_move`, as `viewer` sees it: negated when
    /// they differ. People read scores from White's side (lichess, GUIs),
    /// so that a score keeps its meaning from one move to the next; UCI
    /// and PGN comments keep the mover's.
    pub fn seen_by(self, to_move: Colour, viewer: Colour) -> Score {
        if to_move == viewer {
            self
        } else {
            self.negate()
        }
    }

    /// The score for people, in pawns or as a mate count: `+0.31`,
    /// `-1.20`, `+M3` (mate in 3), `-M2` (mated in 2), the notation of
    /// cutechess and fastchess PGN comments.
    pub fn pawns(self) -> Pawns {
        Pawns(self)
    }
}

impl fmt::Display for Score {
    /// The UCI notation, as after `score` in an `info` line: `cp 35`, `mate -2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match *self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        };
        f.pad(&text)
    }
}

/// A [`Score`] shown in pawns; see [`Score::pawns`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pawns(Score);

impl fmt::Display for Pawns {
    /// Widths and alignment apply to the whole text (`{:>7}` lines up a column).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Score::Cp(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                format!("{sign}{}.{:02}", cp.unsigned_abs() / 100, cp.unsigned_abs() % 100)
            }
            Score::Mate(n) => format!("{}M{}", if n <= 0 { '-' } else { '+' }, n.unsigned_abs()),
        };
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_text_round_trips() {
        for score in [Score::Cp(0), Score::Cp(-31), Score::Cp(1234), Score::Mate(4), Score::Mate(-2), Score::Mate(0)] {
            let text = score.to_string();
            let (unit, number) = text.split_once(' ').unwrap();
            assert_eq!(Score::parse_uci(unit, number), Ok(score), "{text}");
        }
        assert_eq!(Score::Cp(-31).to_string(), "cp -31");
        assert_eq!(Score::Mate(3).to_string(), "mate 3");
    }

    #[test]
    fn bad_uci_scores_say_what_is_wrong() {
        assert_eq!(Score::parse_uci("lowerbound", "3"), Err(ScoreError::UnknownUnit("lowerbound".into())));
        assert_eq!(Score::parse_uci("cp", "1.5"), Err(ScoreError::BadNumber("1.5".into())));
        assert_eq!(Score::parse_uci("mate", ""), Err(ScoreError::BadNumber(String::new())));
    }

    #[test]
    fn pawns_keep_the_sign_and_two_decimals() {
        assert_eq!(Score::Cp(31).pawns().to_string(), "+0.31");
        assert_eq!(Score::Cp(-120).pawns().to_string(), "-1.20");
        assert_eq!(Score::Cp(-5).pawns().to_string(), "-0.05");
        assert_eq!(Score::Cp(0).pawns().to_string(), "+0.00");
        assert_eq!(Score::Mate(3).pawns().to_string(), "+M3");
        assert_eq!(Score::Mate(-2).pawns().to_string(), "-M2");
        // Mated already is bad news for the side to move, not good.
        assert_eq!(Score::Mate(0).pawns().to_string(), "-M0");
        assert_eq!(format!("{:>7}|{:<6}|", Score::Mate(3).pawns(), Score::Cp(-7)), "    +M3|cp -7 |");
    }

    #[test]
    fn white_sees_black_s_advantage_as_negative() {
        use Colour::{Black, White};
        assert_eq!(Score::Cp(900).seen_by(Black, White), Score::Cp(-900));
        assert_eq!(Score::Mate(2).seen_by(Black, White), Score::Mate(-2));
        assert_eq!(Score::Cp(35).seen_by(White, White), Score::Cp(35));
        assert_eq!(Score::Cp(900).seen_by(Black, Black), Score::Cp(900));
        assert_eq!(Score::Mate(-4).seen_by(White, Black), Score::Mate(4));
    }
}
