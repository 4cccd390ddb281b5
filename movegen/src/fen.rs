//! FEN reading and writing, with an error for every way a FEN can be wrong.
//!
//! Ranks are listed from the top (rank 10 on the Red Fool board) down to
//! rank 1; runs of empty squares may take two digits (`10`, `12`); `*` is the
//! Fool. Castling accepts `KQkq`, Shredder-FEN file letters (`HAha`) and
//! X-FEN (`Kq`, `Bkq`); it is written as X-FEN, file letters only where
//! `K`/`Q` would name a different rook.

use crate::bitboard::Bitboard;
use crate::castling::CastlingRights;
use crate::geometry::{Geometry, Square};
use crate::piece::{Colour, Piece, Role};
use crate::position::Position;
use crate::variant::{Variant, VariantState};
use std::fmt;

/// Why a FEN was rejected. Every variant names the field and the problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    /// Fewer than 4 or more than 6 space-separated fields (exactly 9 in
    /// Checkered chess).
    FieldCount { found: usize, expected: &'static str },
    /// The board field has the wrong number of ranks.
    RankCount { found: usize, expected: u8 },
    /// A rank describes too many or too few squares.
    RankLength { rank: u8, found: usize, expected: u8 },
    /// A character that is no piece letter, digit or `*`.
    UnknownPiece { rank: u8, found: char },
    /// A run of empty squares written as `0` or with a leading zero.
    BadEmptyRun { rank: u8, found: String },
    /// Not exactly one king of a colour.
    KingCount { colour: Colour, found: u32 },
    /// Not exactly one Fool in a variant with one.
    FoolCount { found: u32 },
    /// A Fool in a variant without one.
    FoolNotAllowed,
    /// A pawn on the first or last rank.
    PawnOnBackRank { square: String },
    /// The side-to-move field is neither `w` nor `b`.
    SideToMove { found: String },
    /// A castling field that cannot be read or names a missing king or rook.
    Castling { found: String, reason: String },
    /// An en-passant field that is not a plausible passed square.
    EnPassant { found: String, reason: String },
    /// A halfmove clock that is not a number.
    HalfmoveClock { found: String },
    /// A fullmove number that is not a positive number.
    FullmoveNumber { found: String },
    /// The side that just moved is in check, so the position cannot arise.
    OpponentInCheck { colour: Colour },
    /// A variant's own rule about the placement is broken.
    Board { reason: String },
    /// Checkered chess: a pawn-flag field that is not 16 `0`/`1` characters.
    PawnFlags { found: String },
    /// Checkered chess: a last-checkered-move field that is not `-` or a
    /// move that can have just been played.
    CheckeredMove { found: String, reason: String },
    /// Checkered chess: a stage field other than `1`, `1-`, `2w`, `2b`.
    Stage { found: String },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount { found, expected } => {
                write!(f, "invalid FEN: expected {expected}, found {found}")
            }
            FenError::RankCount { found, expected } => {
                write!(f, "invalid FEN board field: found {found} ranks, expected {expected}")
            }
            FenError::RankLength { rank, found, expected } => {
                write!(f, "invalid FEN board field: rank {rank} has {found} squares, expected {expected}")
            }
            FenError::UnknownPiece { rank, found } => {
                write!(f, "invalid FEN board field: unknown piece letter '{found}' on rank {rank}")
            }
            FenError::BadEmptyRun { rank, found } => {
                write!(f, "invalid FEN board field: bad empty-square count '{found}' on rank {rank}")
            }
            FenError::KingCount { colour, found } => {
                write!(f, "invalid FEN board field: {} has {found} kings, expected exactly 1", colour.name())
            }
            FenError::FoolCount { found } => {
                write!(f, "invalid FEN board field: found {found} Fools ('*'), expected exactly 1")
            }
            FenError::FoolNotAllowed => {
                write!(f, "invalid FEN board field: this variant has no Fool ('*')")
            }
            FenError::PawnOnBackRank { square } => {
                write!(f, "invalid FEN board field: pawn on {square}, on the first or last rank")
            }
            FenError::SideToMove { found } => {
                write!(f, "invalid FEN side-to-move field '{found}': expected 'w' or 'b'")
            }
            FenError::Castling { found, reason } => {
                write!(f, "invalid FEN castling field '{found}': {reason}")
            }
            FenError::EnPassant { found, reason } => {
                write!(f, "invalid FEN en-passant field '{found}': {reason}")
            }
            FenError::HalfmoveClock { found } => {
                write!(f, "invalid FEN halfmove clock '{found}': expected a number of half-moves")
            }
            FenError::FullmoveNumber { found } => {
                write!(f, "invalid FEN fullmove number '{found}': expected a number from 1")
            }
            FenError::OpponentInCheck { colour } => {
                write!(f, "invalid FEN: {} is not to move but is in check", colour.name())
            }
            FenError::Board { reason } => write!(f, "invalid FEN board field: {reason}"),
            FenError::PawnFlags { found } => {
                write!(f, "invalid FEN pawn-flag field '{found}': expected 16 characters '0' or '1'")
            }
            FenError::CheckeredMove { found, reason } => {
                write!(f, "invalid FEN last-checkered-move field '{found}': {reason}")
            }
            FenError::Stage { found } => {
                write!(f, "invalid FEN stage field '{found}': expected 1, 1-, 2w or 2b")
            }
        }
    }
}

impl std::error::Error for FenError {}

impl<V: Variant> Position<V> {
    /// Reads a FEN. `chess960` selects how castling moves are written; the
    /// castling field itself is read the same way in both modes.
    pub fn from_fen(fen: &str, chess960: bool) -> Result<Self, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let extra = V::EXTRA_FEN_FIELDS;
        if extra > 0 && fields.len() != 6 + extra {
            let expected = "9 fields (board, side, castling, en passant, clocks, pawn flags, checkered move, stage)";
            return Err(FenError::FieldCount { found: fields.len(), expected });
        }
        if extra == 0 && !(4..=6).contains(&fields.len()) {
            let expected = "4 to 6 fields (board, side, castling, en passant, clocks)";
            return Err(FenError::FieldCount { found: fields.len(), expected });
        }
        let mut pos = Position::<V>::empty(chess960);
        parse_board(&mut pos, fields[0])?;
        let side = match fields[1] {
            "w" => Colour::White,
            "b" => Colour::Black,
            other => return Err(FenError::SideToMove { found: other.to_string() }),
        };
        V::validate_placement(&pos)?;
        let castling = parse_castling(&pos, fields[2])?;
        V::read_extra_fields(&mut pos, &fields[6..])?;
        let en_passant = parse_en_passant(&pos, side, fields[3])?;
        let halfmove = match fields.get(4) {
            None => 0,
            Some(s) => s.parse().map_err(|_| FenError::HalfmoveClock { found: s.to_string() })?,
        };
        let fullmove = match fields.get(5) {
            None => 1,
            Some(s) => s
                .parse()
                .ok()
                .filter(|&n: &u32| n >= 1)
                .ok_or_else(|| FenError::FullmoveNumber { found: s.to_string() })?,
        };
        pos.set_state(side, castling, en_passant, halfmove, fullmove);
        V::validate(&pos)?;
        Ok(pos)
    }

    /// The FEN of the position, castling in X-FEN.
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..V::G::RANKS).rev() {
            let mut empty = 0;
            for file in 0..V::G::FILES {
                let sq = V::G::square(file, rank);
                let symbol = if self.fool() == Some(sq) { Some('*') } else { self.piece_at(sq).map(Piece::char) };
                match symbol {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.side_to_move() == Colour::White { 'w' } else { 'b' });
        out.push(' ');
        out.push_str(&self.castling_field());
        out.push(' ');
        match self.en_passant() {
            Some(sq) => out.push_str(&V::G::square_name(sq).to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove_clock(), self.fullmove_number()));
        V::write_extra_fields(self, &mut out);
        out
    }

    /// The castling field in X-FEN.
    fn castling_field(&self) -> String {
        let mut out = String::new();
        for colour in Colour::ALL {
            let king_file = V::G::file(self.board().king(colour));
            let mut letters: Vec<char> = Vec::new();
            for file in self.castling().files(colour) {
                let h_side = file > king_file;
                let letter = if outermost_rook(self, colour, h_side) == Some(file) {
                    if h_side {
                        'K'
                    } else {
                        'Q'
                    }
                } else {
                    (b'A' + file) as char
                };
                letters.push(letter);
            }
            // K before Q, then file letters: KQkq order as usual.
            letters.sort_by_key(|&c| match c {
                'K' => 0,
                'Q' => 1,
                c => 2 + c as u32,
            });
            out.extend(letters.into_iter().map(|c| if colour == Colour::White { c } else { c.to_ascii_lowercase() }));
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}

/// A position shows as its FEN.
impl<V: Variant> fmt::Debug for Position<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

fn parse_board<V: Variant>(pos: &mut Position<V>, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != V::G::RANKS as usize {
        return Err(FenError::RankCount { found: ranks.len(), expected: V::G::RANKS });
    }
    let mut fools = 0;
    for (i, text) in ranks.iter().enumerate() {
        let rank = V::G::RANKS - 1 - i as u8;
        let rank_number = rank + 1;
        let mut file = 0usize;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                let mut run = c.to_string();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    run.push(*d);
                    chars.next();
                }
                match run.parse::<usize>() {
                    Ok(n) if n > 0 && !run.starts_with('0') => file += n,
                    _ => return Err(FenError::BadEmptyRun { rank: rank_number, found: run }),
                }
                continue;
            }
            if file >= V::G::FILES as usize {
                file += 1;
                continue;
            }
            let sq = V::G::square(file as u8, rank);
            if c == '*' {
                if !V::State::FOOL {
                    return Err(FenError::FoolNotAllowed);
                }
                fools += 1;
                pos.set_fool(sq);
            } else {
                let piece = V::read_piece(c).ok_or(FenError::UnknownPiece { rank: rank_number, found: c })?;
                if piece.role == Role::Pawn && (rank == 0 || rank == V::G::RANKS - 1) {
                    return Err(FenError::PawnOnBackRank { square: V::G::square_name(sq).to_string() });
                }
                pos.set_piece(sq, piece);
            }
            file += 1;
        }
        if file != V::G::FILES as usize {
            return Err(FenError::RankLength { rank: rank_number, found: file, expected: V::G::FILES });
        }
    }
    if V::State::FOOL && fools != 1 {
        return Err(FenError::FoolCount { found: fools });
    }
    for colour in Colour::ALL {
        let kings = (pos.board().royals() & pos.board().colour(colour)).count();
        if kings != 1 {
            return Err(FenError::KingCount { colour, found: kings });
        }
    }
    Ok(())
}

/// The file of `colour`'s outermost rook on its home rank on the h-side
/// (`h_side`) or a-side of its king.
fn outermost_rook<V: Variant>(pos: &Position<V>, colour: Colour, h_side: bool) -> Option<u8> {
    let rank = Position::<V>::home_rank(colour);
    let king = pos.board().king(colour);
    if V::G::rank(king) != rank {
        return None;
    }
    let king_file = V::G::file(king);
    let is_rook = |f: u8| pos.piece_at(V::G::square(f, rank)) == Some(Piece::new(colour, Role::Rook));
    if h_side {
        (king_file + 1..V::G::FILES).rev().find(|&f| is_rook(f))
    } else {
        (0..king_file).find(|&f| is_rook(f))
    }
}

fn parse_castling<V: Variant>(pos: &Position<V>, field: &str) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    let error = |reason: String| FenError::Castling { found: field.to_string(), reason };
    if !V::CASTLING {
        return Err(error("this variant has no castling; the field must be '-'".to_string()));
    }
    for c in field.chars() {
        let colour = if c.is_ascii_uppercase() { Colour::White } else { Colour::Black };
        let rank = Position::<V>::home_rank(colour);
        let king = pos.board().king(colour);
        if V::G::rank(king) != rank {
            return Err(error(format!("'{c}': the {} king is not on its first rank", colour.name())));
        }
        let file = match c.to_ascii_lowercase() {
            'k' => outermost_rook(pos, colour, true),
            'q' => outermost_rook(pos, colour, false),
            letter if letter.is_ascii_lowercase() && (letter as u8 - b'a') < V::G::FILES => {
                let file = letter as u8 - b'a';
                let is_rook = pos.piece_at(V::G::square(file, rank)) == Some(Piece::new(colour, Role::Rook));
                (is_rook && file != V::G::file(king)).then_some(file)
            }
            _ => return Err(error(format!("unknown castling letter '{c}'"))),
        };
        let file = file.ok_or_else(|| error(format!("'{c}': no {} rook to castle with there", colour.name())))?;
        if rights.has(colour, file) {
            return Err(error(format!("'{c}' names a right given twice")));
        }
        rights.add(colour, file);
    }
    Ok(rights)
}

/// Reads the en-passant field: the passed square and the square of the
/// piece that double-stepped over it.
fn parse_en_passant<V: Variant>(
    pos: &Position<V>,
    side: Colour,
    field: &str,
) -> Result<Option<(Square, Square)>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let error = |reason: &str| FenError::EnPassant { found: field.to_string(), reason: reason.to_string() };
    let sq = V::G::parse_square(field).ok_or_else(|| error("not a square of this board"))?;
    let victim = V::en_passant_victim(pos, side, sq).map_err(error)?;
    // The Fool may have stepped onto the passed square since the double
    // step: the square was passed, but no capture can land there now.
    if pos.fool() == Some(sq) {
        return Ok(None);
    }
    Ok(Some((sq, victim)))
}

#[cfg(test)]
mod tests {
    use crate::{Chess, FenError, Position, RedFool};

    fn err<V: crate::Variant>(fen: &str) -> FenError {
        match Position::<V>::from_fen(fen, false) {
            Err(e) => e,
            Ok(_) => panic!("accepted {fen}"),
        }
    }

    #[test]
    fn start_positions_round_trip() {
        use crate::Variant;
        assert_eq!(Position::<RedFool>::startpos().fen(), RedFool::START_FEN);
        assert_eq!(Position::<Chess>::startpos().fen(), Chess::START_FEN);
    }

    #[test]
    fn malformed_fens_say_what_is_wrong() {
        use crate::Colour::*;
        let rf = "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR";
        assert!(matches!(err::<RedFool>(&format!("{rf} w KQkq")), FenError::FieldCount { found: 3, .. }));
        assert_eq!(err::<RedFool>("8/8 w - - 0 1"), FenError::RankCount { found: 2, expected: 10 });
        assert!(matches!(
            err::<RedFool>("rnbqkbnr/ppppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
            FenError::RankLength { rank: 9, found: 9, expected: 8 }
        ));
        assert!(matches!(
            err::<RedFool>("rnbqkbnr/ppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
            FenError::RankLength { rank: 9, found: 7, .. }
        ));
        assert_eq!(
            err::<RedFool>("rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1"),
            FenError::UnknownPiece { rank: 1, found: 'X' }
        );
        assert_eq!(
            err::<RedFool>("rnbqqbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
            FenError::KingCount { colour: Black, found: 0 }
        );
        assert_eq!(
            err::<RedFool>("rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1"),
            FenError::KingCount { colour: White, found: 2 }
        );
        assert_eq!(
            err::<RedFool>("rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
            FenError::FoolCount { found: 0 }
        );
        assert_eq!(
            err::<RedFool>("rnbqkbnr/pppppppp/8/8/4**2/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
            FenError::FoolCount { found: 2 }
        );
        assert_eq!(err::<Chess>("rnbqkbnr/pppppppp/8/4*3/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"), FenError::FoolNotAllowed);
        assert!(matches!(
            err::<RedFool>("rnbqkbnP/pppppppp/8/8/4*3/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1"),
            FenError::PawnOnBackRank { .. }
        ));
        assert!(matches!(err::<RedFool>(&format!("{rf} x KQkq - 0 1")), FenError::SideToMove { .. }));
        assert!(matches!(err::<RedFool>(&format!("{rf} w KQkqZ - 0 1")), FenError::Castling { .. }));
        assert!(matches!(
            err::<RedFool>("rnbqkbn1/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            FenError::Castling { .. }
        ));
        assert!(matches!(err::<RedFool>(&format!("{rf} w KQkq e4 0 1")), FenError::EnPassant { .. }));
        assert!(matches!(err::<RedFool>(&format!("{rf} w KQkq e9 0 1")), FenError::EnPassant { .. }));
        assert!(matches!(err::<RedFool>(&format!("{rf} w KQkq - x 1")), FenError::HalfmoveClock { .. }));
        assert!(matches!(err::<RedFool>(&format!("{rf} w KQkq - 0 0")), FenError::FullmoveNumber { .. }));
        assert!(matches!(err::<RedFool>("09/8/8/8/4*3/8/8/8/8/K6k w - - 0 1"), FenError::BadEmptyRun { .. }));
        // Black to move would mean White just moved while in check.
        assert_eq!(err::<Chess>("4k3/8/8/8/8/8/8/4K2r b - - 0 1"), FenError::OpponentInCheck { colour: White });
        // A king attacked by the Fool may not be the side that just moved.
        assert_eq!(err::<RedFool>("8/8/8/8/8/8/8/3*4/8/4K2k b - - 0 1"), FenError::OpponentInCheck { colour: White });
    }

    #[test]
    fn en_passant_square_is_kept_when_plausible() {
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e8 0 2";
        let pos = Position::<RedFool>::from_fen(fen, false).unwrap();
        assert_eq!(pos.fen(), fen);
    }
}
