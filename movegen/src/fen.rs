//! FEN reading and writing, with a typed error for every way a FEN can be
//! wrong.
//!
//! Reading has two steps: the text is split into a variant-neutral
//! [`Setup`] ([`crate::setup`]), then [`Position::from_setup`] checks it
//! against the variant's rules and computes the Zobrist key once.
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
use crate::setup::Setup;
use crate::variant::{Variant, VariantState};
use std::fmt;

/// Why a FEN was rejected. Every variant names the field and the problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    /// Too few or too many space-separated fields for the variant.
    FieldCount {
        /// What the text has there.
        found: usize,
        /// What the variant expects.
        expected: &'static str,
    },
    /// The board field has the wrong number of ranks.
    RankCount {
        /// What the text has there.
        found: usize,
        /// What the variant expects.
        expected: u8,
    },
    /// A rank describes too many or too few squares.
    RankLength {
        /// The rank's number (1 is White's first rank).
        rank: u8,
        /// What the text has there.
        found: usize,
        /// What the variant expects.
        expected: u8,
    },
    /// A character that is no piece letter of the variant, digit or `*`.
    UnknownPiece {
        /// The rank's number (1 is White's first rank).
        rank: u8,
        /// What the text has there.
        found: char,
    },
    /// A run of empty squares written as `0` or with a leading zero, on the
    /// board field's rank counted from the top.
    BadEmptyRun {
        /// The rank, counted from 1 at the top of the board field.
        rank_from_top: usize,
        /// What the text has there.
        found: String,
    },
    /// Not exactly one king (or royal piece) of a colour.
    KingCount {
        /// The side concerned.
        colour: Colour,
        /// What the text has there.
        found: u32,
    },
    /// Not exactly one Fool in a variant with one.
    FoolCount {
        /// What the text has there.
        found: u32,
    },
    /// A Fool in a variant without one.
    FoolNotAllowed,
    /// A pawn (or Tam Ruat warrior or barbarian) on the first or last rank.
    PawnOnBackRank {
        /// The square, by name.
        square: String,
    },
    /// The side-to-move field is neither `w` nor `b`.
    SideToMove {
        /// What the text has there.
        found: String,
    },
    /// A castling field that cannot be read or names a missing king or rook.
    Castling {
        /// What the text has there.
        found: String,
        /// What is wrong with it.
        reason: CastlingError,
    },
    /// An en-passant field that is not a plausible passed square.
    EnPassant {
        /// What the text has there.
        found: String,
        /// What is wrong with it.
        reason: EnPassantError,
    },
    /// A halfmove clock that is not a number below 2^32.
    HalfmoveClock {
        /// What the text has there.
        found: String,
    },
    /// A fullmove number that is not a number from 1 below 2^32.
    FullmoveNumber {
        /// What the text has there.
        found: String,
    },
    /// The side that just moved is in check, so the position cannot arise.
    OpponentInCheck {
        /// The side concerned.
        colour: Colour,
    },
    /// A variant's own rule about the placement is broken.
    Board {
        /// What is wrong with it.
        reason: BoardError,
    },
    /// Checkered chess: a pawn-flag field that is not 16 `0`/`1` characters.
    PawnFlags {
        /// What the text has there.
        found: String,
    },
    /// Checkered chess: a last-checkered-move field that is not `-` or a
    /// move that can have just been played.
    CheckeredMove {
        /// What the text has there.
        found: String,
        /// What is wrong with it.
        reason: CheckeredMoveError,
    },
    /// Checkered chess: a stage field other than `1`, `1-`, `2w`, `2b`.
    Stage {
        /// What the text has there.
        found: String,
    },
}

/// Why a castling field was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastlingError {
    /// The variant does not castle; the field must be `-`.
    NoCastling,
    /// A right for a king that is not on its first rank.
    KingNotOnFirstRank {
        /// The castling letter.
        letter: char,
        /// The side concerned.
        colour: Colour,
    },
    /// Not `K`, `Q`, a file letter of the board, or its lower case.
    UnknownLetter {
        /// The castling letter.
        letter: char,
    },
    /// No rook of that colour where the letter says.
    NoRook {
        /// The castling letter.
        letter: char,
        /// The side concerned.
        colour: Colour,
    },
    /// The same right given twice.
    Repeated {
        /// The castling letter.
        letter: char,
    },
}

/// Why an en-passant field was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EnPassantError {
    /// Not a square of this board.
    NotASquare,
    /// Not on the rank a double step of the side that just moved passes.
    WrongRank,
    /// A piece stands on the passed square.
    PassedSquareOccupied,
    /// A piece stands on the start square of the double step.
    StartSquareOccupied,
    /// No piece of the side that just moved stands where the double step
    /// would have put it.
    NoDoubleStepper,
    /// Tam Ruat: several pieces can have passed the square and one could be
    /// taken en passant, so the FEN cannot say which.
    Ambiguous,
}

/// Why a placement breaks a variant's own rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardError {
    /// Tam Ruat: a king on its far rank would have become an emperor.
    KingOnFarRank {
        /// The side concerned.
        colour: Colour,
    },
    /// Tam Ruat: the two royal pieces stand next to each other.
    RoyalsAdjacent,
}

/// Why Checkered chess's last-checkered-move field was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CheckeredMoveError {
    /// Not `-` or `<from><to>` (such as `g4e5`).
    NotAMove,
    /// Stage 2 has no last checkered move.
    InStageTwo,
    /// It must go from an empty square to a checkered piece.
    NotToACheckeredPiece,
}

impl fmt::Display for CastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CastlingError::NoCastling => write!(f, "this variant has no castling; the field must be '-'"),
            CastlingError::KingNotOnFirstRank { letter, colour } => {
                write!(f, "'{letter}': the {} king is not on its first rank", colour.name())
            }
            CastlingError::UnknownLetter { letter } => write!(f, "unknown castling letter '{letter}'"),
            CastlingError::NoRook { letter, colour } => {
                write!(f, "'{letter}': no {} rook to castle with there", colour.name())
            }
            CastlingError::Repeated { letter } => write!(f, "'{letter}' names a right given twice"),
        }
    }
}

impl fmt::Display for EnPassantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EnPassantError::NotASquare => "not a square of this board",
            EnPassantError::WrongRank => "not on the rank a double step passes for the side that just moved",
            EnPassantError::PassedSquareOccupied => "the passed square is occupied",
            EnPassantError::StartSquareOccupied => "the start square of the double step is occupied",
            EnPassantError::NoDoubleStepper => {
                "no piece of the side that just moved stands where the double step would have put it"
            }
            EnPassantError::Ambiguous => {
                "ambiguous: more than one piece can have double-stepped over it, and one could be taken en passant"
            }
        })
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::KingOnFarRank { colour } => {
                write!(f, "the {} king stands on its far rank (it would be an emperor)", colour.name())
            }
            BoardError::RoyalsAdjacent => write!(f, "the two royal pieces stand next to each other"),
        }
    }
}

impl fmt::Display for CheckeredMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CheckeredMoveError::NotAMove => "expected '-' or <from><to>, e.g. g4e5",
            CheckeredMoveError::InStageTwo => "there is no last checkered move in stage 2",
            CheckeredMoveError::NotToACheckeredPiece => "it must go from an empty square to a checkered piece",
        })
    }
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
            FenError::BadEmptyRun { rank_from_top, found } => write!(
                f,
                "invalid FEN board field: bad empty-square count '{found}' in the board field's rank {rank_from_top} from the top"
            ),
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
                write!(f, "invalid FEN halfmove clock '{found}': expected a number of half-moves below 2^32")
            }
            FenError::FullmoveNumber { found } => {
                write!(f, "invalid FEN fullmove number '{found}': expected a number from 1 to 2^32 - 1")
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
    /// Reads a FEN: [`Setup`] from the text, then [`Self::from_setup`].
    /// `chess960` selects how castling moves are written; the castling
    /// field itself is read the same way in both modes.
    pub fn from_fen(fen: &str, chess960: bool) -> Result<Self, FenError> {
        Self::from_setup(&fen.parse()?, chess960)
    }

    /// Checks a setup against the variant's rules and builds the position,
    /// its Zobrist key computed once at the end: the board (shape, pieces,
    /// royal pieces, the Fool), the variant's placement rules, castling
    /// rights against the rooks, the variant's extra fields, the
    /// en-passant square against the pieces, and finally that the side not
    /// to move is not in check.
    pub fn from_setup(setup: &Setup, chess960: bool) -> Result<Self, FenError> {
        let extra = V::EXTRA_FEN_FIELDS;
        if extra > 0 && setup.field_count != 6 + extra {
            let expected = "9 fields (board, side, castling, en passant, clocks, pawn flags, checkered move, stage)";
            return Err(FenError::FieldCount { found: setup.field_count, expected });
        }
        if extra == 0 && setup.field_count > 6 {
            let expected = "4 to 6 fields (board, side, castling, en passant, clocks)";
            return Err(FenError::FieldCount { found: setup.field_count, expected });
        }
        let mut pos = Position::<V>::empty(chess960);
        place_pieces(&mut pos, &setup.ranks)?;
        V::validate_placement(&pos)?;
        let castling = read_castling(&pos, &setup.castling)?;
        V::read_extra_fields(&mut pos, &setup.extra)?;
        let en_passant = match &setup.en_passant {
            None => None,
            Some(field) => read_en_passant(&pos, setup.side, field)
                .map_err(|reason| FenError::EnPassant { found: field.clone(), reason })?,
        };
        pos.set_state(setup.side, castling, en_passant, setup.halfmove, setup.fullmove);
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

/// Puts the setup's pieces and Fool on the board, checking the board's
/// shape, the piece letters, pawns off the back ranks, one royal piece per
/// side and the Fool's count.
fn place_pieces<V: Variant>(pos: &mut Position<V>, ranks: &[Vec<Option<char>>]) -> Result<(), FenError> {
    if ranks.len() != V::G::RANKS as usize {
        return Err(FenError::RankCount { found: ranks.len(), expected: V::G::RANKS });
    }
    let mut fools = 0;
    for (i, row) in ranks.iter().enumerate() {
        let rank = V::G::RANKS - 1 - i as u8;
        let rank_number = rank + 1;
        if row.len() != V::G::FILES as usize {
            return Err(FenError::RankLength { rank: rank_number, found: row.len(), expected: V::G::FILES });
        }
        for (file, letter) in row.iter().enumerate() {
            let Some(c) = *letter else { continue };
            let sq = V::G::square(file as u8, rank);
            if c == '*' {
                if !V::State::FOOL {
                    return Err(FenError::FoolNotAllowed);
                }
                fools += 1;
                pos.set_fool(sq);
                continue;
            }
            let piece = V::read_piece(c).ok_or(FenError::UnknownPiece { rank: rank_number, found: c })?;
            if piece.role == Role::Pawn && (rank == 0 || rank == V::G::RANKS - 1) {
                return Err(FenError::PawnOnBackRank { square: V::G::square_name(sq).to_string() });
            }
            pos.set_piece(sq, piece);
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

/// Reads the castling letters (empty for `-`) against the kings and rooks.
fn read_castling<V: Variant>(pos: &Position<V>, field: &str) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    if field.is_empty() {
        return Ok(rights);
    }
    let error = |reason| FenError::Castling { found: field.to_string(), reason };
    if !V::CASTLING {
        return Err(error(CastlingError::NoCastling));
    }
    for c in field.chars() {
        let colour = if c.is_ascii_uppercase() { Colour::White } else { Colour::Black };
        let rank = Position::<V>::home_rank(colour);
        let king = pos.board().king(colour);
        if V::G::rank(king) != rank {
            return Err(error(CastlingError::KingNotOnFirstRank { letter: c, colour }));
        }
        let file = match c.to_ascii_lowercase() {
            'k' => outermost_rook(pos, colour, true),
            'q' => outermost_rook(pos, colour, false),
            letter if letter.is_ascii_lowercase() && (letter as u8 - b'a') < V::G::FILES => {
                let file = letter as u8 - b'a';
                let is_rook = pos.piece_at(V::G::square(file, rank)) == Some(Piece::new(colour, Role::Rook));
                (is_rook && file != V::G::file(king)).then_some(file)
            }
            _ => return Err(error(CastlingError::UnknownLetter { letter: c })),
        };
        let file = file.ok_or_else(|| error(CastlingError::NoRook { letter: c, colour }))?;
        if rights.has(colour, file) {
            return Err(error(CastlingError::Repeated { letter: c }));
        }
        rights.add(colour, file);
    }
    Ok(rights)
}

/// Reads the en-passant field: the passed square and the square of the
/// piece that double-stepped over it. A square the Fool now stands on was
/// passed but cannot be used (RULES.md §1): read, and forgotten.
fn read_en_passant<V: Variant>(
    pos: &Position<V>,
    side: Colour,
    field: &str,
) -> Result<Option<(Square, Square)>, EnPassantError> {
    let sq = V::G::parse_square(field).ok_or(EnPassantError::NotASquare)?;
    let victim = V::en_passant_victim(pos, side, sq)?;
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

    #[test]
    fn clocks_saturate_so_every_written_fen_reads_back() {
        // Issue 16: the clocks wrapped to "0 0", a FEN the engine refuses.
        let start = "4k3/8/8/8/4*3/8/8/8/8/4K3 b - - 4294967295 4294967295";
        let mut pos = Position::<RedFool>::from_fen(start, false).unwrap();
        pos.make(pos.parse_uci("e10d10").unwrap());
        let fen = pos.fen();
        assert_eq!(fen, "3k4/8/8/8/4*3/8/8/8/8/4K3 w - - 4294967295 4294967295");
        assert_eq!(Position::<RedFool>::from_fen(&fen, false).unwrap().fen(), fen);
        pos.unmake();
        assert_eq!(pos.fen(), start);
        // Beyond 32 bits: refused with the field named, not wrapped.
        let too_big = "4k3/8/8/8/4*3/8/8/8/8/4K3 b - - 4294967296 1";
        assert!(matches!(err::<RedFool>(too_big), FenError::HalfmoveClock { .. }));
    }

    #[test]
    fn a_setup_is_read_against_the_variant_only_in_the_second_step() {
        use crate::{Setup, TamRuat};
        // One setup, refused by chess (ranks) and read by Red Fool.
        let setup: Setup = "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
        assert_eq!(
            Position::<Chess>::from_setup(&setup, false).unwrap_err(),
            FenError::RankCount { found: 10, expected: 8 }
        );
        assert!(Position::<RedFool>::from_setup(&setup, false).is_ok());
        assert!(matches!(
            Position::<TamRuat>::from_setup(&setup, false).unwrap_err(),
            FenError::RankCount { found: 10, expected: 12 }
        ));
    }
}
