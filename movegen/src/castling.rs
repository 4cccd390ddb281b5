//! Castling rights, kept per rook file so that Chess960 (any rook file, even
//! two rooks on one side of the king) needs nothing special.

use crate::piece::Colour;

/// The set of castling rights: for each colour, the files of the rooks that
/// may still castle. Bit `16 * colour + file`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(u32);

impl CastlingRights {
    /// No rights at all.
    pub const NONE: CastlingRights = CastlingRights(0);

    #[inline(always)]
    fn bit(colour: Colour, file: u8) -> u32 {
        1 << (16 * colour.index() as u32 + file as u32)
    }
    /// True when `colour` may still castle with the rook on `file`.
    #[inline(always)]
    pub fn has(self, colour: Colour, file: u8) -> bool {
        self.0 & Self::bit(colour, file) != 0
    }
    /// Grants the right of `colour` to castle with the rook on `file`.
    pub fn add(&mut self, colour: Colour, file: u8) {
        self.0 |= Self::bit(colour, file);
    }
    /// Withdraws every right in `lost`.
    #[inline(always)]
    pub fn remove_all(&mut self, lost: CastlingRights) {
        self.0 &= !lost.0;
    }
    /// Withdraws every right of `colour` (its king moved).
    #[inline(always)]
    pub fn remove_colour(&mut self, colour: Colour) {
        self.0 &= !(0xFFFF << (16 * colour.index() as u32));
    }
    /// True when neither side may castle.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The rook files of `colour` that may castle, lowest first.
    #[inline(always)]
    pub fn files(self, colour: Colour) -> impl Iterator<Item = u8> {
        let mut bits = (self.0 >> (16 * colour.index() as u32)) & 0xFFFF;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let file = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                file
            })
        })
    }
    /// The raw bits, one per (colour, file), for the Zobrist key.
    #[inline(always)]
    pub fn bits(self) -> u32 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rights_are_per_colour_and_file() {
        let mut r = CastlingRights::NONE;
        r.add(Colour::White, 7);
        r.add(Colour::White, 0);
        r.add(Colour::Black, 1);
        assert_eq!(r.files(Colour::White).collect::<Vec<_>>(), vec![0, 7]);
        let mut h_rook = CastlingRights::NONE;
        h_rook.add(Colour::White, 7);
        r.remove_all(h_rook);
        assert!(!r.has(Colour::White, 7) && r.has(Colour::White, 0));
        r.remove_colour(Colour::White);
        assert_eq!(r.files(Colour::White).count(), 0);
        assert!(r.has(Colour::Black, 1));
    }
}
