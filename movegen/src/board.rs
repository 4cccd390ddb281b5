//! The piece placement as bitboards: one set per role, one per colour, and
//! one for Checkered chess's checkered pieces (which belong to neither
//! colour set).
//! It is small and `Copy`, so the Fool's resolution can look at the board
//! right after a base move by applying the move to a copy.

use crate::attacks::AttackTables;
use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::piece::{Colour, Piece, Role};

/// Bitboards of the pieces (the Fool is not a piece and is kept apart).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Bitboards<B> {
    roles: [B; Role::COUNT],
    /// White's, Black's and the checkered pieces, by [`Piece::set_index`].
    colours: [B; 3],
}

impl<B: Bitboard> Bitboards<B> {
    /// Adds or removes `piece` on `sq` (the same XOR does both).
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square, piece: Piece) {
        let bit = B::from_square(sq);
        self.roles[piece.role.index()] ^= bit;
        self.colours[piece.set_index()] ^= bit;
    }
    /// Squares holding a piece: white, black or checkered.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.colours[0] | self.colours[1] | self.colours[2]
    }
    /// Squares holding a checkered piece (Checkered chess only).
    #[inline(always)]
    pub fn checkered(&self) -> B {
        self.colours[2]
    }
    /// Squares holding a piece of `colour` (checkered pieces excluded).
    #[inline(always)]
    pub fn colour(&self, colour: Colour) -> B {
        self.colours[colour.index()]
    }
    /// Squares holding a piece of `role`: white, black or checkered.
    #[inline(always)]
    pub fn role(&self, role: Role) -> B {
        self.roles[role.index()]
    }
    /// Squares holding `colour`'s pieces of `role`.
    #[inline(always)]
    pub fn pieces(&self, colour: Colour, role: Role) -> B {
        self.roles[role.index()] & self.colours[colour.index()]
    }
    /// Bishops and queens: the pieces that attack along diagonals.
    #[inline(always)]
    pub fn diagonal_sliders(&self) -> B {
        self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()]
    }
    /// Rooks and queens: the pieces that attack along ranks and files.
    #[inline(always)]
    pub fn orthogonal_sliders(&self) -> B {
        self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()]
    }
    /// Kings and emperors of both colours: the royal pieces.
    #[inline(always)]
    pub fn royals(&self) -> B {
        self.roles[Role::King.index()] | self.roles[Role::Emperor.index()]
    }
    /// The square of `colour`'s royal piece, its king (or, in Tam Ruat, its
    /// emperor): there is exactly one in a valid position.
    #[inline(always)]
    pub fn king(&self, colour: Colour) -> Square {
        (self.royals() & self.colours[colour.index()]).lsb()
    }
    /// The role of the piece on `sq`, if any.
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL.into_iter().find(|r| self.roles[r.index()].has(sq))
    }
    /// Pieces of either colour attacking `sq` by their capture patterns,
    /// lines stopping at the squares of `occupied` (which should include the
    /// Fool's square, since he blocks lines).
    #[inline(always)]
    pub fn attackers_to(&self, tables: &AttackTables<B>, sq: Square, occupied: B) -> B {
        let mut found = (tables.pawn(Colour::White, sq) & self.pieces(Colour::Black, Role::Pawn))
            | (tables.pawn(Colour::Black, sq) & self.pieces(Colour::White, Role::Pawn))
            | (tables.knight(sq) & self.role(Role::Knight))
            | (tables.king(sq) & self.role(Role::King));
        // The rays are walked only when a slider stands on one of the lines.
        let diagonal = tables.bishop_pseudo(sq) & self.diagonal_sliders();
        if diagonal.any() {
            found |= tables.bishop(sq, occupied) & diagonal;
        }
        let orthogonal = tables.rook_pseudo(sq) & self.orthogonal_sliders();
        if orthogonal.any() {
            found |= tables.rook(sq, occupied) & orthogonal;
        }
        found
    }
    /// True when a piece of the set `attackers` attacks `sq`. Cheaper than
    /// [`Self::attackers_to`] when only a yes/no is needed: leapers first,
    /// and a slider line is scanned only when a slider stands on it.
    #[inline(always)]
    pub fn is_attacked(&self, tables: &AttackTables<B>, sq: Square, occupied: B, attackers: B) -> bool {
        let pawns = self.role(Role::Pawn) & attackers;
        if (tables.pawn(Colour::White, sq) & pawns & self.colour(Colour::Black)).any()
            || (tables.pawn(Colour::Black, sq) & pawns & self.colour(Colour::White)).any()
            || (tables.knight(sq) & self.role(Role::Knight) & attackers).any()
            || (tables.king(sq) & self.role(Role::King) & attackers).any()
        {
            return true;
        }
        let diagonal = tables.bishop_pseudo(sq) & self.diagonal_sliders() & attackers;
        if diagonal.any() && (tables.bishop(sq, occupied) & diagonal).any() {
            return true;
        }
        let orthogonal = tables.rook_pseudo(sq) & self.orthogonal_sliders() & attackers;
        orthogonal.any() && (tables.rook(sq, occupied) & orthogonal).any()
    }
    /// True when a piece of `colour` attacks `sq`.
    #[inline(always)]
    pub fn attacked_by(&self, tables: &AttackTables<B>, sq: Square, colour: Colour, occupied: B) -> bool {
        self.is_attacked(tables, sq, occupied, self.colour(colour))
    }
}
