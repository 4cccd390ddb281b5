//! Move notation: UCI text and SAN, both with the Fool's answer as an
//! `@<square>` suffix whenever he moves (RULES.md §1, Notation).

use crate::bitboard::Bitboard;
use crate::geometry::{Geometry, Square};
use crate::movegen::legal_moves;
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::position::Position;
use crate::variant::{Variant, VariantState};
use std::fmt;

/// Why a move text was rejected.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The text is not shaped like a move of this notation.
    Syntax {
        /// The move text as given.
        text: String,
    },
    /// No legal move has that base move.
    Illegal {
        /// The move text as given.
        text: String,
    },
    /// SAN that fits several legal base moves.
    Ambiguous {
        /// The move text as given.
        text: String,
        /// The legal moves it could mean, in full.
        candidates: Vec<String>,
    },
    /// The Fool has several legal answers and none was named.
    FoolChoiceMissing {
        /// The move text as given.
        text: String,
        /// The legal moves with that base move, in full.
        choices: Vec<String>,
    },
    /// The named Fool answer is not one of the legal ones.
    FoolAnswerIllegal {
        /// The move text as given.
        text: String,
        /// The legal moves with that base move, in full.
        choices: Vec<String>,
    },
    /// A Fool answer (`@square`) given in a variant that has no Fool.
    NoFool {
        /// The move text as given.
        text: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { text } => write!(f, "'{text}' is not a move"),
            MoveError::Illegal { text } => write!(f, "illegal move '{text}'"),
            MoveError::Ambiguous { text, candidates } => {
                write!(f, "ambiguous move '{text}': could be {}", candidates.join(", "))
            }
            MoveError::FoolChoiceMissing { text, choices } => {
                write!(f, "move '{text}' needs the Fool's answer: choose one of {}", choices.join(", "))
            }
            MoveError::FoolAnswerIllegal { text, choices } => {
                let options = if choices.is_empty() { "none".to_string() } else { choices.join(", ") };
                write!(f, "move '{text}': not a legal answer of the Fool (legal: {options})")
            }
            MoveError::NoFool { text } => {
                write!(f, "move '{text}': this variant has no Fool, so a move has no '@<square>' answer")
            }
        }
    }
}

impl std::error::Error for MoveError {}

fn name<V: Variant>(sq: Square) -> String {
    V::G::square_name(sq).to_string()
}

fn fool_suffix<V: Variant>(m: Move) -> String {
    m.fool_to().map_or(String::new(), |sq| format!("@{}", name::<V>(sq)))
}

impl<V: Variant> Position<V> {
    /// The base move in UCI text, castling written as the position's mode
    /// asks (`king_takes_rook` for Chess960). A Checkered-chess switch is
    /// written first as the king "taking" the enemy king: `e1e8,d5d6`.
    fn uci_base(&self, m: Move, king_takes_rook: bool) -> String {
        let to = match m.kind() {
            MoveKind::Castle if !king_takes_rook => Position::<V>::castling_targets(m.from(), m.to()).0,
            _ => m.to(),
        };
        let switch = if m.is_switch() {
            let us = self.side_to_move();
            format!("{}{},", name::<V>(self.board().king(us)), name::<V>(self.board().king(!us)))
        } else {
            String::new()
        };
        let promotion = m.promotion().map_or(String::new(), |r| r.char().to_string());
        format!("{switch}{}{}{}", name::<V>(m.from()), name::<V>(to), promotion)
    }

    /// The UCI text of a legal move: `e2e4`, `e9e10q`, `g1f3@d4`; castling
    /// as `e1g1`, or king-takes-rook `e1h1` in Chess960 mode.
    pub fn uci(&self, m: Move) -> String {
        self.uci_base(m, self.chess960()) + &fool_suffix::<V>(m)
    }

    /// Reads a UCI move and finds it among the legal moves. The Fool suffix
    /// may be left out when the base move has a single legal answer.
    /// Castling is accepted in both forms where that is unambiguous.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let (base, fool) = split_fool_suffix::<V>(text)?;
        if !is_uci_shaped::<V>(base) {
            return Err(MoveError::Syntax { text: text.to_string() });
        }
        let legal = legal_moves(self);
        let mut candidates: Vec<Move> =
            legal.iter().copied().filter(|&m| self.uci_base(m, self.chess960()) == base).collect();
        if candidates.is_empty() {
            candidates = legal
                .iter()
                .copied()
                .filter(|&m| m.kind() == MoveKind::Castle && self.uci_base(m, !self.chess960()) == base)
                .collect();
        }
        self.pick_fool_answer(text, candidates, fool)
    }

    /// Among the legal moves sharing one base move, the one with the named
    /// Fool answer, or the only one when none is named.
    fn pick_fool_answer(&self, text: &str, candidates: Vec<Move>, fool: Option<Square>) -> Result<Move, MoveError> {
        let choices = || candidates.iter().map(|&m| self.uci(m)).collect::<Vec<_>>();
        match (candidates.as_slice(), fool) {
            ([], _) => Err(MoveError::Illegal { text: text.to_string() }),
            ([only], None) => Ok(*only),
            (_, None) => Err(MoveError::FoolChoiceMissing { text: text.to_string(), choices: choices() }),
            (_, Some(sq)) => candidates
                .iter()
                .copied()
                .find(|m| m.fool_to() == Some(sq))
                .ok_or_else(|| MoveError::FoolAnswerIllegal { text: text.to_string(), choices: choices() }),
        }
    }

    /// The SAN body of a legal move, without the Fool suffix and check
    /// marks; a Checkered-chess switch comes first as `S,`.
    fn san_body(&self, m: Move, legal: &[Move]) -> String {
        let (from, to) = (m.from(), m.to());
        let switch = if m.is_switch() { "S," } else { "" };
        if m.kind() == MoveKind::Castle {
            let kingside = |m: Move| V::G::file(m.to()) > V::G::file(m.from());
            // Checkered chess's stage 2: the allied side may castle either
            // king the same way; then the king's move is written out.
            let twin =
                legal.iter().any(|o| o.kind() == MoveKind::Castle && o.from() != from && kingside(*o) == kingside(m));
            if twin {
                let king_to = Position::<V>::castling_targets(from, to).0;
                return format!("{switch}K{}{}", name::<V>(from), name::<V>(king_to));
            }
            return format!("{switch}{}", if kingside(m) { "O-O" } else { "O-O-O" });
        }
        let role = self.piece_at(from).map_or(Role::Pawn, |p| p.role);
        let capture = self.captured_by(m).is_some();
        let mut san = switch.to_string();
        if role == Role::Pawn {
            // Checkered chess's stage-2 pawns go both ways: two pawns of one
            // file can reach one square, and then the from-square is written.
            let twin = legal.iter().any(|o| {
                o.to() == to
                    && o.from() != from
                    && o.is_switch() == m.is_switch()
                    && V::G::file(o.from()) == V::G::file(from)
                    && self.piece_at(o.from()).is_some_and(|p| p.role == Role::Pawn)
            });
            if twin {
                san.push_str(&name::<V>(from));
            } else if capture {
                san.push((b'a' + V::G::file(from)) as char);
            }
        } else {
            san.push(role.char().to_ascii_uppercase());
            let rivals: Vec<Square> = legal
                .iter()
                .filter(|o| o.to() == to && o.from() != from && o.kind() != MoveKind::Castle)
                .filter(|o| o.is_switch() == m.is_switch())
                .filter(|o| self.piece_at(o.from()).map(|p| p.role) == Some(role))
                .map(|o| o.from())
                .collect();
            if !rivals.is_empty() {
                let file_unique = rivals.iter().all(|&s| V::G::file(s) != V::G::file(from));
                let rank_unique = rivals.iter().all(|&s| V::G::rank(s) != V::G::rank(from));
                let square = name::<V>(from);
                if file_unique {
                    san.push_str(&square[..1]);
                } else if rank_unique {
                    san.push_str(&square[1..]);
                } else {
                    san.push_str(&square);
                }
            }
        }
        if capture {
            san.push('x');
        }
        san.push_str(&name::<V>(to));
        if let Some(promotion) = m.promotion() {
            san.push('=');
            san.push(promotion.char().to_ascii_uppercase());
        }
        san
    }

    /// The SAN of a legal move, Fool suffix before the check mark:
    /// `Nf3@d4+`. `#` marks checkmate by a real piece; a position where only
    /// the Fool checks and no move is left (a draw) gets `+`.
    pub fn san(&mut self, m: Move) -> String {
        let legal = legal_moves(self);
        let mut san = self.san_body(m, &legal) + &fool_suffix::<V>(m);
        self.make(m);
        if self.in_check() {
            let mated = legal_moves(self).is_empty() && self.checkers().any();
            san.push(if mated { '#' } else { '+' });
        }
        self.unmake();
        san
    }

    /// Reads a SAN move (check marks and annotations ignored, `0-0` and a
    /// promotion without `=` accepted) and finds it among the legal moves.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let trimmed = text.trim_end_matches(['+', '#', '!', '?']);
        let (body, fool) = split_fool_suffix::<V>(trimmed)?;
        // Castling written with zeros; other zeros are rank digits (b10).
        let body = match body {
            "0-0" => "O-O",
            "0-0-0" => "O-O-O",
            other => other,
        };
        let legal = legal_moves(self);
        // Exact SAN first; then the body without disambiguation, which
        // finds the candidates of an under-specified move such as "Rd1".
        let mut bases: Vec<Move> = Vec::new();
        for rivals in [legal.as_slice(), &[]] {
            for &m in &legal {
                let san = self.san_body(m, rivals);
                let matches = san == body || san.replace('=', "") == body;
                if matches && !bases.contains(&m.base()) {
                    bases.push(m.base());
                }
            }
            if !bases.is_empty() {
                break;
            }
        }
        match bases.as_slice() {
            [] => Err(MoveError::Illegal { text: text.to_string() }),
            [base] => {
                let candidates = legal.iter().copied().filter(|m| m.base() == *base).collect();
                self.pick_fool_answer(text, candidates, fool)
            }
            _ => Err(MoveError::Ambiguous {
                text: text.to_string(),
                candidates: bases.iter().map(|&m| self.uci(m)).collect(),
            }),
        }
    }
}

/// True when `base` reads `<square><square>[letter]` on this board, or
/// `<square><square>,<square><square>[letter]` (a Checkered-chess switch).
fn is_uci_shaped<V: Variant>(base: &str) -> bool {
    if let Some((switch, rest)) = base.split_once(',') {
        return switch.ends_with(|c: char| c.is_ascii_digit())
            && is_squares::<V>(switch)
            && rest.split_once(',').is_none()
            && is_uci_shaped::<V>(rest);
    }
    let squares =
        base.strip_suffix(|c: char| c.is_ascii_lowercase()).filter(|s| s.ends_with(|c: char| c.is_ascii_digit()));
    is_squares::<V>(squares.unwrap_or(base))
}

/// True when `squares` reads `<square><square>` on this board.
fn is_squares<V: Variant>(squares: &str) -> bool {
    // Split before the second file letter: "e10e9" -> "e10", "e9".
    let Some(split) = squares.char_indices().skip(1).find(|(_, c)| c.is_ascii_lowercase()).map(|(i, _)| i) else {
        return false;
    };
    let (from, to) = squares.split_at(split);
    V::G::parse_square(from).is_some() && V::G::parse_square(to).is_some()
}

/// Splits `base@square` into the base text and the Fool's square.
fn split_fool_suffix<V: Variant>(text: &str) -> Result<(&str, Option<Square>), MoveError> {
    let syntax = || MoveError::Syntax { text: text.to_string() };
    if text.is_empty() || !text.is_ascii() {
        return Err(syntax());
    }
    match text.split_once('@') {
        None => Ok((text, None)),
        Some(_) if !V::State::FOOL => Err(MoveError::NoFool { text: text.to_string() }),
        Some((base, square)) => {
            let sq = V::G::parse_square(square).ok_or_else(syntax)?;
            if base.is_empty() {
                return Err(syntax());
            }
            Ok((base, Some(sq)))
        }
    }
}
