//! The move type and the move list.
//!
//! A [`Move`] is the base move (from, to, promotion, special kind) together
//! with the Red Fool's answer to it (his landing square, or nothing when he
//! stays, frozen or untouched), packed into 32 bits. Two moves with the same
//! base move but different Fool answers are different moves.

use crate::geometry::Square;
use crate::piece::Role;

/// What kind of base move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// A quiet move or a capture.
    Normal,
    /// A pawn reaching the last rank and changing into [`Move::promotion`].
    Promotion,
    /// A pawn capturing the pawn that just passed it.
    EnPassant,
    /// Castling, encoded as the king "capturing" its own rook: `from` is the
    /// king's square and `to` the rook's, so Chess960 castling is unambiguous.
    Castle,
}

/// A legal move: base move and the Fool's answer, in 32 bits.
///
/// Layout: bits 0–7 from, 8–15 to, 16–23 the Fool's landing square
/// (0xFF when he stays), 24–25 kind, 26–29 promotion role, 30 the
/// Checkered-chess switch that precedes the move.
///
/// In Checkered chess a capture that takes the victim's nature is a
/// [`MoveKind::Promotion`] into the victim's role: like a promotion, the
/// piece that lands differs from the piece that moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move(u32);

const NO_FOOL: u32 = 0xFF;
const SWITCH: u32 = 1 << 30;

impl Move {
    /// A base move with no Fool answer.
    #[inline(always)]
    pub fn new(from: Square, to: Square, kind: MoveKind, promotion: Option<Role>) -> Move {
        let kind_bits = kind as u32;
        let promo_bits = promotion.map_or(0, |r| r as u32);
        Move(from.index() as u32 | (to.index() as u32) << 8 | NO_FOOL << 16 | kind_bits << 24 | promo_bits << 26)
    }
    /// A quiet move or capture.
    #[inline(always)]
    pub fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal, None)
    }
    /// The same base move with the Fool landing on `fool_to` (`None`: he stays).
    #[inline(always)]
    pub fn with_fool(self, fool_to: Option<Square>) -> Move {
        let fool_bits = fool_to.map_or(NO_FOOL, |s| s.index() as u32);
        Move(self.0 & !(0xFF << 16) | fool_bits << 16)
    }
    /// The same move preceded by the switch: the mover takes the checkered
    /// pieces for good, then makes this move with one of them (RULES.md §4).
    #[inline(always)]
    pub fn with_switch(self) -> Move {
        Move(self.0 | SWITCH)
    }
    /// True when the move starts with the switch.
    #[inline(always)]
    pub fn is_switch(self) -> bool {
        self.0 & SWITCH != 0
    }
    /// The base move alone, the Fool's answer stripped.
    #[inline(always)]
    pub fn base(self) -> Move {
        self.with_fool(None)
    }
    /// Origin square (the king's square for castling).
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::new(self.0 as u8)
    }
    /// Destination square (the castling rook's square for castling).
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new((self.0 >> 8) as u8)
    }
    /// Where the Fool lands, when he moves.
    #[inline(always)]
    pub fn fool_to(self) -> Option<Square> {
        let bits = (self.0 >> 16) & 0xFF;
        (bits != NO_FOOL).then(|| Square::new(bits as u8))
    }
    /// The kind of base move.
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match (self.0 >> 24) & 3 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castle,
        }
    }
    /// The promotion role of a promotion.
    #[inline(always)]
    pub fn promotion(self) -> Option<Role> {
        if self.kind() == MoveKind::Promotion {
            Role::from_index(((self.0 >> 26) & 0xF) as usize)
        } else {
            None
        }
    }
    /// The raw 32-bit encoding, for hashing and tables.
    #[inline(always)]
    pub fn bits(self) -> u32 {
        self.0
    }
}

/// Where the move generator puts the moves it finds: a `Vec<Move>` to keep
/// them, or a [`MoveCounter`] when only their number matters (perft's last ply).
pub trait MoveSink {
    /// Takes one legal move.
    fn push(&mut self, m: Move);
}

impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

/// A sink that only counts.
#[derive(Default, Debug)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let m = Move::new(Square::new(70), Square::new(79), MoveKind::Promotion, Some(Role::Knight));
        assert_eq!((m.from().index(), m.to().index()), (70, 79));
        assert_eq!(m.promotion(), Some(Role::Knight));
        assert_eq!(m.fool_to(), None);
        let with = m.with_fool(Some(Square::new(143)));
        assert_eq!(with.fool_to(), Some(Square::new(143)));
        assert_eq!(with.base(), m);
        assert_eq!(Move::new(Square::new(4), Square::new(7), MoveKind::Castle, None).kind(), MoveKind::Castle);
    }
}
