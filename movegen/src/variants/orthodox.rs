//! The orthodox (FIDE) answers to the variant hooks: who checks, what a
//! capture takes, when the en-passant square counts, how far back a
//! position can repeat, and the FEN checks. Chess and Red Fool Chess use
//! them whole; Tam Ruat and Checkered chess where their rules agree.

use crate::bitboard::Bitboard;
use crate::board::Bitboards;
use crate::fen::{EnPassantError, FenError};
use crate::geometry::{Geometry, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{Colour, Piece, Role};
use crate::position::{Bb, Position};
use crate::variant::Variant;

/// The enemy pieces attacking the king of the side to move.
#[inline(always)]
pub fn checkers<V: Variant>(pos: &Position<V>) -> Bb<V> {
    let board = pos.board();
    let us = pos.side_to_move();
    board.attackers_to(V::G::tables(), board.king(us), pos.occupied()) & board.colour(!us)
}

/// False only when legal move `m` of the side to move certainly does not
/// give check: the moved piece does not attack the enemy king from its new
/// square, and no slider of the mover sees the king through the square it
/// left. Moves that are not plain (castling, en passant, promotion) and
/// moves that stir the Fool count as possible checks. A Fool who stays
/// cannot give check: the opponent's last move left their king safe from
/// him, and he has not moved since.
#[inline]
pub fn may_give_check<V: Variant>(pos: &Position<V>, m: Move) -> bool {
    if m.kind() != MoveKind::Normal || m.fool_to().is_some() {
        return true;
    }
    let tables = V::G::tables();
    let board = pos.board();
    let us = pos.side_to_move();
    let king = board.king(!us);
    let (from, to) = (m.from(), m.to());
    let occupied = (pos.occupied() & !Bb::<V>::from_square(from)) | Bb::<V>::from_square(to);
    let direct = match pos.piece_at(from).map(|p| p.role) {
        Some(Role::Pawn) => tables.pawn(us, to).has(king),
        Some(Role::Knight) => tables.knight(to).has(king),
        Some(Role::Bishop) => tables.bishop(to, occupied).has(king),
        Some(Role::Rook) => tables.rook(to, occupied).has(king),
        Some(Role::Queen) => tables.queen(to, occupied).has(king),
        // Kings never stand next to each other.
        Some(Role::King) => false,
        _ => true,
    };
    if direct {
        return true;
    }
    let ours = board.colour(us);
    (tables.bishop_pseudo(king).has(from) && (tables.bishop(king, occupied) & board.diagonal_sliders() & ours).any())
        || (tables.rook_pseudo(king).has(from)
            && (tables.rook(king, occupied) & board.orthogonal_sliders() & ours).any())
}

/// The pieces of `by` attacking `sq` by their capture patterns.
#[inline(always)]
pub fn exchange_attackers<V: Variant>(
    board: &Bitboards<Bb<V>>,
    sq: Square,
    by: Colour,
    occupied: Bb<V>,
) -> Option<Bb<V>> {
    Some(board.attackers_to(V::G::tables(), sq, occupied) & board.colour(by) & occupied)
}

/// Reads a FEN letter of the variant's roles.
#[inline]
pub fn read_piece<V: Variant>(c: char) -> Option<Piece> {
    Piece::from_char(c).filter(|p| V::ROLES.contains(&p.role))
}

/// The pawn that passed `passed` with a double step: it belongs to the
/// side not to move, stands right beyond the square, and its start square
/// is empty.
pub fn en_passant_victim<V: Variant>(
    pos: &Position<V>,
    side: Colour,
    passed: Square,
) -> Result<Square, EnPassantError> {
    let mover = !side;
    let [start_rank, passed_rank, pawn_rank] = [1, 2, 3].map(|r| V::G::relative_rank(mover, r));
    if V::G::rank(passed) != passed_rank {
        return Err(EnPassantError::WrongRank);
    }
    if pos.board().occupied().has(passed) {
        return Err(EnPassantError::PassedSquareOccupied);
    }
    let file = V::G::file(passed);
    // The Fool may have stepped onto either square since: only pieces count.
    if pos.board().occupied().has(V::G::square(file, start_rank)) {
        return Err(EnPassantError::StartSquareOccupied);
    }
    let victim = V::G::square(file, pawn_rank);
    if pos.piece_at(victim) != Some(Piece::new(mover, Role::Pawn)) {
        return Err(EnPassantError::NoDoubleStepper);
    }
    Ok(victim)
}

/// The side that just moved may not be in check, by a piece or the Fool.
pub fn validate<V: Variant>(pos: &Position<V>) -> Result<(), FenError> {
    let side = pos.side_to_move();
    let them = !side;
    let their_king = pos.board().king(them);
    let tables = V::G::tables();
    let attacked = pos.board().attacked_by(tables, their_king, side, pos.occupied())
        || pos.fool().is_some_and(|f| tables.knight(f).has(their_king));
    if attacked {
        return Err(FenError::OpponentInCheck { colour: them });
    }
    Ok(())
}

/// The orthodox hook methods, for the `impl Variant` of a variant whose rules
/// are FIDE's apart from its board and state (chess, Red Fool Chess): one
/// definition instead of a copy per variant.
macro_rules! hooks {
    () => {
        #[inline(always)]
        fn generate<S: MoveSink>(pos: &Position<Self>, sink: &mut S) {
            $crate::movegen::generate_orthodox::<Self, S, false>(pos, sink)
        }
        const NOISY_GENERATOR: bool = true;
        #[inline(always)]
        fn generate_noisy<S: MoveSink>(pos: &Position<Self>, sink: &mut S) {
            $crate::movegen::generate_orthodox::<Self, S, true>(pos, sink)
        }
        #[inline(always)]
        fn checkers(pos: &Position<Self>) -> Bb<Self> {
            $crate::variants::orthodox::checkers(pos)
        }
        #[inline(always)]
        fn may_give_check(pos: &Position<Self>, m: Move) -> bool {
            $crate::variants::orthodox::may_give_check(pos, m)
        }
        #[inline(always)]
        fn exchange_attackers(
            board: &Bitboards<Bb<Self>>,
            sq: Square,
            by: Colour,
            occupied: Bb<Self>,
        ) -> Option<Bb<Self>> {
            $crate::variants::orthodox::exchange_attackers::<Self>(board, sq, by, occupied)
        }
        #[inline(always)]
        fn exchange_occupant(_: &Bitboards<Bb<Self>>, capturer: Piece) -> Option<Role> {
            Some(capturer.role)
        }
        #[inline(always)]
        fn effect(pos: &Position<Self>, m: Move, mover: Piece) -> Effect {
            pos.plain_effect(m, mover)
        }
        #[inline(always)]
        fn after_move(_: &mut Position<Self>, _: Move, _: Piece, _: bool) {}
        #[inline(always)]
        fn en_passant_key(pos: &Position<Self>) -> Option<Square> {
            pos.pawn_can_take_en_passant()
        }
        #[inline(always)]
        fn variant_outcome(_: &Position<Self>) -> Option<Outcome> {
            None
        }
        fn read_piece(c: char) -> Option<Piece> {
            $crate::variants::orthodox::read_piece::<Self>(c)
        }
        fn read_extra_fields(_: &mut Position<Self>, _: &[String]) -> Result<(), FenError> {
            Ok(())
        }
        fn write_extra_fields(_: &Position<Self>, _: &mut String) {}
        fn validate_placement(_: &Position<Self>) -> Result<(), FenError> {
            Ok(())
        }
        fn en_passant_victim(
            pos: &Position<Self>,
            side: Colour,
            passed: Square,
        ) -> Result<Square, $crate::fen::EnPassantError> {
            $crate::variants::orthodox::en_passant_victim(pos, side, passed)
        }
        fn validate(pos: &Position<Self>) -> Result<(), FenError> {
            $crate::variants::orthodox::validate(pos)
        }
    };
}
pub(crate) use hooks;
