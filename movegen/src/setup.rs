//! The first step of reading a FEN: its text split into a variant-neutral
//! [`Setup`], checking only what the text itself can get wrong (field count,
//! digits, letters where numbers belong). Whether the pieces, castling
//! rights and en-passant square make a position of some variant is the
//! second step, [`crate::Position::from_setup`], as in shakmaty's
//! `Setup`/`from_setup` split: a tool can read a FEN of any variant (to
//! show it, or to say which variant it could be) without knowing the rules.

use crate::fen::FenError;
use crate::piece::Colour;
use std::str::FromStr;

/// A position as a FEN writes it, before any rule is checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The board field's ranks from the top down, each a row of squares
    /// from the a-file: a piece letter (or `*`, the Fool), or `None`.
    pub ranks: Vec<Vec<Option<char>>>,
    /// The side to move.
    pub side: Colour,
    /// The castling field's letters (empty for `-`), read against the
    /// board by [`crate::Position::from_setup`].
    pub castling: String,
    /// The en-passant field as written (`None` for `-`).
    pub en_passant: Option<String>,
    /// Half-moves since the last capture, pawn move or Fool kill (0 when
    /// the field is absent).
    pub halfmove: u32,
    /// The move number (1 when the field is absent).
    pub fullmove: u32,
    /// The fields after the fullmove number (Checkered chess has three).
    pub extra: Vec<String>,
    /// How many fields the FEN had, for the variant's own count.
    pub field_count: usize,
}

impl FromStr for Setup {
    type Err = FenError;

    /// Splits a FEN into its fields. Board squares are only checked for
    /// well-formed runs of empty squares (no `0`, no leading zero).
    fn from_str(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 {
            let expected = "at least 4 fields (board, side, castling, en passant)";
            return Err(FenError::FieldCount { found: fields.len(), expected });
        }
        let ranks = fields[0].split('/').enumerate().map(|(i, text)| parse_rank(i, text)).collect::<Result<_, _>>()?;
        let side = match fields[1] {
            "w" => Colour::White,
            "b" => Colour::Black,
            other => return Err(FenError::SideToMove { found: other.to_string() }),
        };
        let halfmove = match fields.get(4) {
            None => 0,
            Some(s) => parse_count(s).ok_or_else(|| FenError::HalfmoveClock { found: s.to_string() })?,
        };
        let fullmove = match fields.get(5) {
            None => 1,
            Some(s) => {
                parse_count(s).filter(|&n| n >= 1).ok_or_else(|| FenError::FullmoveNumber { found: s.to_string() })?
            }
        };
        Ok(Setup {
            ranks,
            side,
            castling: if fields[2] == "-" { String::new() } else { fields[2].to_string() },
            en_passant: (fields[3] != "-").then(|| fields[3].to_string()),
            halfmove,
            fullmove,
            extra: fields.iter().skip(6).map(|s| s.to_string()).collect(),
            field_count: fields.len(),
        })
    }
}

/// A clock field: a decimal number that fits in 32 bits (the position
/// saturates rather than wraps while playing on from it).
fn parse_count(text: &str) -> Option<u32> {
    text.bytes().all(|b| b.is_ascii_digit()).then(|| text.parse().ok()).flatten()
}

/// One rank of the board field (`index` counted from the top): letters,
/// and digit runs for empty squares.
fn parse_rank(index: usize, text: &str) -> Result<Vec<Option<char>>, FenError> {
    let mut squares = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii_digit() {
            squares.push(Some(c));
            continue;
        }
        let mut run = c.to_string();
        while let Some(d) = chars.next_if(char::is_ascii_digit) {
            run.push(d);
        }
        match run.parse::<usize>() {
            // A run longer than any board is the board's problem to report
            // (a rank of the wrong length), but is not built square by square.
            Ok(n) if n > 0 && !run.starts_with('0') => squares.extend(std::iter::repeat_n(None, n.min(256))),
            _ => return Err(FenError::BadEmptyRun { rank_from_top: index + 1, found: run }),
        }
    }
    Ok(squares)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_split_without_knowing_the_variant() {
        let setup: Setup = "4k3/8/3*4/3p4/8/8/8/8/8/4K3 w Kq d8 12 40 x y".parse().unwrap();
        assert_eq!(setup.ranks.len(), 10);
        assert_eq!(setup.ranks[2], vec![None, None, None, Some('*'), None, None, None, None]);
        assert_eq!((setup.side, setup.castling.as_str()), (Colour::White, "Kq"));
        assert_eq!(setup.en_passant.as_deref(), Some("d8"));
        assert_eq!((setup.halfmove, setup.fullmove, setup.field_count), (12, 40, 8));
        assert_eq!(setup.extra, vec!["x".to_string(), "y".to_string()]);
    }

    #[test]
    fn text_errors_are_found_before_any_rule() {
        let err = |fen: &str| fen.parse::<Setup>().unwrap_err();
        assert!(matches!(err("8/8 w"), FenError::FieldCount { found: 2, .. }));
        assert!(matches!(err("8/08 w - -"), FenError::BadEmptyRun { rank_from_top: 2, .. }));
        assert!(matches!(err("8/8 x - -"), FenError::SideToMove { .. }));
        assert!(matches!(err("8/8 w - - -1 1"), FenError::HalfmoveClock { .. }));
        assert!(matches!(err("8/8 w - - +1 1"), FenError::HalfmoveClock { .. }));
        assert!(matches!(err("8/8 w - - 0 0"), FenError::FullmoveNumber { .. }));
        // Out of range for 32 bits: refused, not wrapped.
        assert!(matches!(err("8/8 w - - 4294967296 1"), FenError::HalfmoveClock { .. }));
    }
}
