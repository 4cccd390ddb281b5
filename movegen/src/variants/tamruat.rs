//! Tam Ruat (RULES.md §3): the 12x12 variant of the Magpie Museum, with
//! paladins, wizards, warlocks that capture by jumping, ghosts that hop like
//! grasshoppers, barbarians that move like inverted pawns, kings that become
//! emperors, promotion only into lost pieces, and the bare-king win.
//!
//! Moves are generated pseudo-legally and kept when, on the board after the
//! move, the mover's royal piece is not attacked and does not stand next to
//! the enemy's. Royal pieces never give check; every other piece checks by
//! its capture pattern, warlocks and ghosts included.

use crate::attacks::{forward, opposite, AttackTables, LINE_DIRECTIONS};
use crate::bitboard::Bitboard;
use crate::board::Bitboards;
use crate::fen::{BoardError, EnPassantError, FenError};
use crate::geometry::Board12x12;
use crate::geometry::{Geometry, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::outcome::Outcome;
use crate::piece::{Colour, Piece, Role};
use crate::position::{Bb, Effect, Position};
use crate::variant::{Variant, VariantKind};
use crate::variants::orthodox;

/// Tam Ruat: 12x12, warlocks, ghosts, barbarians, emperors (RULES.md §3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TamRuat;

impl Variant for TamRuat {
    type G = Board12x12;
    type State = ();
    const KIND: VariantKind = VariantKind::TamRuat;
    const ROLES: &'static [Role] = &Role::ALL;
    const START_FEN: &'static str =
        "raxnbqkbnxar/lupupupupupl/12/12/12/12/12/12/12/12/LPUPUPUPUPUL/RAXNBQKBNXAR w - - 0 1";
    const CASTLING: bool = false;
    const CHESS960_ARRAYS: bool = false;
    const IRREVERSIBLE_RESETS: bool = false;
    const EXTRA_FEN_FIELDS: usize = 0;

    #[inline(always)]
    fn generate<S: MoveSink>(pos: &Position<Self>, sink: &mut S) {
        generate(pos, sink)
    }
    #[inline(always)]
    fn checkers(pos: &Position<Self>) -> Bb<Self> {
        let board = pos.board();
        let us = pos.side_to_move();
        attackers(board, Self::G::tables(), board.king(us), !us, pos.occupied())
    }
    /// Exact: the enemy royal piece is attacked on the board after the
    /// base move (Tam Ruat moves are nothing more), which costs a board
    /// copy rather than a make and unmake. Warlocks, ghosts and summoned
    /// ghosts check in ways a test of the moved piece alone would miss.
    #[inline]
    fn may_give_check(pos: &Position<Self>, m: Move) -> bool {
        let after = pos.board_after(m);
        let us = pos.side_to_move();
        attackers(&after, Self::G::tables(), after.king(!us), us, after.occupied()).any()
    }
    /// Every capture pattern: warlocks that can jump the square, ghosts
    /// hopping onto it, paladins, wizards, barbarians; royal pieces never.
    #[inline]
    fn exchange_attackers(board: &Bitboards<Bb<Self>>, sq: Square, by: Colour, occupied: Bb<Self>) -> Option<Bb<Self>> {
        Some(attackers(board, Self::G::tables(), sq, by, occupied) & occupied)
    }
    /// A warlock lands beyond the square and leaves a ghost of its side on
    /// it while that side has fewer than two ghosts, else nothing.
    #[inline]
    fn exchange_occupant(board: &Bitboards<Bb<Self>>, capturer: Piece) -> Option<Role> {
        match capturer.role {
            Role::Warlock => (board.pieces(capturer.colour, Role::Ghost).count() < 2).then_some(Role::Ghost),
            role => Some(role),
        }
    }
    /// A warlock captures the piece it jumps over and, while its side has
    /// fewer than two ghosts, summons one there; a king reaching the far
    /// rank becomes an emperor.
    #[inline(always)]
    fn effect(pos: &Position<Self>, m: Move, mover: Piece) -> Effect {
        let (from, to) = (m.from(), m.to());
        let tables = Self::G::tables();
        let mut effect = if mover.role == Role::Warlock && !tables.king(from).has(to) {
            let square = Square::new(((from.index() + to.index()) / 2) as u8);
            Effect { victim: pos.piece_at(square).map(|p| (square, p)), placed: mover, summons: false }
        } else {
            pos.plain_effect(m, mover)
        };
        if mover.role == Role::King && Self::G::rank(to) == Position::<Self>::home_rank(!mover.colour) {
            effect.placed = Piece::new(mover.colour, Role::Emperor);
        }
        effect.summons = mover.role == Role::Warlock
            && effect.victim.is_some()
            && pos.board().pieces(mover.colour, Role::Ghost).count() < 2;
        effect
    }
    #[inline(always)]
    fn after_move(_: &mut Position<Self>, _: Move, _: Piece, _: bool) {}
    #[inline(always)]
    fn en_passant_key(pos: &Position<Self>) -> Option<Square> {
        let side = pos.side_to_move();
        pos.pawn_can_take_en_passant()
            .or_else(|| pos.en_passant().filter(|&ep| barbarian_capturer(pos.board(), Self::G::tables(), ep, side)))
    }
    /// A side left with its royal piece alone has lost.
    #[inline]
    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome> {
        let side = pos.side_to_move();
        if is_bare(pos.board(), side) {
            Some(Outcome::BareKing { winner: !side })
        } else if is_bare(pos.board(), !side) {
            Some(Outcome::BareKing { winner: side })
        } else {
            None
        }
    }
    fn read_piece(c: char) -> Option<Piece> {
        orthodox::read_piece::<Self>(c)
    }
    fn read_extra_fields(_: &mut Position<Self>, _: &[String]) -> Result<(), FenError> {
        Ok(())
    }
    fn write_extra_fields(_: &Position<Self>, _: &mut String) {}
    fn validate_placement(pos: &Position<Self>) -> Result<(), FenError> {
        validate_board(pos)
    }
    fn en_passant_victim(pos: &Position<Self>, side: Colour, passed: Square) -> Result<Square, EnPassantError> {
        let mover = !side;
        let passed_rank = Self::G::relative_rank(mover, 2);
        if Self::G::rank(passed) != passed_rank {
            return Err(EnPassantError::WrongRank);
        }
        if pos.occupied().has(passed) {
            return Err(EnPassantError::PassedSquareOccupied);
        }
        double_stepper(pos, passed, mover)
    }
    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        let them = !pos.side_to_move();
        if in_check(pos.board(), Self::G::tables(), them) {
            return Err(FenError::OpponentInCheck { colour: them });
        }
        Ok(())
    }
}

/// The pieces a pawn may be resurrected as, with how many of each a side
/// starts with: a role is available while fewer stand on the board.
pub const PROMOTION_POOL: [(Role, u32); 7] = [
    (Role::Queen, 1),
    (Role::Rook, 2),
    (Role::Bishop, 2),
    (Role::Knight, 2),
    (Role::Paladin, 2),
    (Role::Wizard, 2),
    (Role::Warlock, 2),
];

/// The roles `colour` may promote to now (those it has lost).
pub fn promotion_roles<B: Bitboard>(board: &Bitboards<B>, colour: Colour) -> impl Iterator<Item = Role> + '_ {
    PROMOTION_POOL.iter().filter(move |(role, start)| board.pieces(colour, *role).count() < *start).map(|(r, _)| *r)
}

/// True when `colour` has no piece but its royal one.
#[inline(always)]
pub fn is_bare<B: Bitboard>(board: &Bitboards<B>, colour: Colour) -> bool {
    (board.colour(colour) & !board.royals()).is_empty()
}

/// True when a barbarian of `colour` could take en passant on `ep`: its
/// straight-forward capture reaches that square.
#[inline(always)]
pub fn barbarian_capturer<B: Bitboard>(
    board: &Bitboards<B>,
    tables: &AttackTables<B>,
    ep: Square,
    colour: Colour,
) -> bool {
    tables.step(opposite(forward(colour)), ep).is_some_and(|sq| board.pieces(colour, Role::Barbarian).has(sq))
}

/// Pieces of `by` that attack `sq` by their capture patterns. Royal pieces
/// attack nothing; a warlock attacks a neighbour it could jump over (the
/// square beyond empty), a ghost the square behind the first piece on its
/// line.
#[inline]
pub fn attackers<B: Bitboard>(
    board: &Bitboards<B>,
    tables: &AttackTables<B>,
    sq: Square,
    by: Colour,
    occupied: B,
) -> B {
    attackers_among(board, tables, sq, by, board.colour(by), occupied)
}

/// The pieces of `theirs` (pieces of colour `by` on the board) that attack
/// `sq` when `occupied` is occupied: a move's legality test reads the board
/// before the move through the sets after it, which copies no board. Each
/// kind of attacker is looked for only when one stands where it could attack
/// from, since the ray walks on 144 squares are what costs.
#[inline]
fn attackers_among<B: Bitboard>(
    board: &Bitboards<B>,
    tables: &AttackTables<B>,
    sq: Square,
    by: Colour,
    theirs: B,
    occupied: B,
) -> B {
    let mut found = (tables.pawn(!by, sq) & board.role(Role::Pawn) & theirs)
        | (tables.knight(sq) & board.role(Role::Knight) & theirs)
        | (tables.paladin(sq) & board.role(Role::Paladin) & theirs)
        | (tables.wizard(sq) & board.role(Role::Wizard) & theirs);
    let diagonal = tables.bishop_pseudo(sq) & board.diagonal_sliders() & theirs;
    if diagonal.any() {
        found |= tables.bishop(sq, occupied) & diagonal;
    }
    let orthogonal = tables.rook_pseudo(sq) & board.orthogonal_sliders() & theirs;
    if orthogonal.any() {
        found |= tables.rook(sq, occupied) & orthogonal;
    }
    if let Some(behind) = tables.step(opposite(forward(by)), sq) {
        if (board.role(Role::Barbarian) & theirs).has(behind) {
            found |= B::from_square(behind);
        }
    }
    let warlocks = board.role(Role::Warlock) & theirs;
    if (tables.king(sq) & warlocks).any() {
        for dir in 0..LINE_DIRECTIONS {
            let (Some(warlock), Some(landing)) = (tables.step(dir, sq), tables.step(opposite(dir), sq)) else {
                continue;
            };
            if warlocks.has(warlock) && !occupied.has(landing) {
                found |= B::from_square(warlock);
            }
        }
    }
    let ghosts = board.role(Role::Ghost) & theirs;
    if ((tables.rook_pseudo(sq) | tables.bishop_pseudo(sq)) & ghosts).any() {
        for dir in 0..LINE_DIRECTIONS {
            let Some(hurdle) = tables.step(dir, sq).filter(|h| occupied.has(*h)) else { continue };
            if let Some(ghost) = tables.first_blocker(dir, hurdle, occupied).filter(|g| ghosts.has(*g)) {
                found |= B::from_square(ghost);
            }
        }
    }
    found
}

/// The squares whose emptying could let an enemy piece of `them` attack the
/// unattacked royal piece on `royal`, lines stopping at `occupied`. Only
/// line pieces depend on what stands between: a slider on the first piece
/// of a line, a ghost on its first two (the hurdle next to the royal piece
/// and the piece beyond it), a warlock on the neighbour it would land on.
/// So a line that holds no enemy slider of its kind and no enemy ghost
/// contributes nothing, and one that does contributes its squares up to
/// the second piece; while the royal piece is unattacked, a move that
/// empties none of these squares (whatever else it empties) leaves those
/// first two pieces of every line in place, so it opens no line.
fn exposed_squares<B: Bitboard>(
    board: &Bitboards<B>,
    tables: &AttackTables<B>,
    royal: Square,
    them: Colour,
    occupied: B,
) -> B {
    let theirs = board.colour(them);
    let line_attackers = ((tables.rook_pseudo(royal) & board.orthogonal_sliders())
        | (tables.bishop_pseudo(royal) & board.diagonal_sliders())
        | board.role(Role::Ghost))
        & theirs;
    let mut exposed = B::EMPTY;
    if (tables.king(royal) & board.role(Role::Warlock) & theirs).any() {
        exposed = tables.king(royal);
    }
    for dir in 0..LINE_DIRECTIONS {
        if (tables.ray(dir, royal, B::EMPTY) & line_attackers).is_empty() {
            continue;
        }
        exposed |= tables.ray(dir, royal, occupied);
        if let Some(first) = tables.first_blocker(dir, royal, occupied) {
            exposed |= tables.ray(dir, first, occupied);
        }
    }
    exposed
}

/// True when, after move `m` of `us`, `us`'s royal piece is safe: not
/// attacked and not next to the enemy royal piece. `exposed` is every square
/// when the royal piece is attacked now, else its [`exposed_squares`]: a
/// move of another piece that vacates none of those squares and lands on
/// none of its neighbours opens no line, makes no hurdle for a ghost and no
/// landing for a warlock, so it stays safe. Otherwise the test
/// is run on the sets after the move: a move moves, adds and removes only
/// the mover's pieces besides its one victim, so the enemy's pieces after it
/// are those of now less the victim, and no board needs copying.
#[inline]
fn royal_safe_after<V: Variant>(pos: &Position<V>, tables: &AttackTables<Bb<V>>, m: Move, exposed: Bb<V>) -> bool {
    let board = pos.board();
    let us = pos.side_to_move();
    let (from, to) = (m.from(), m.to());
    let mover = pos.piece_at(from).expect("a piece to move");
    let royal = if board.royals().has(from) { to } else { board.king(us) };
    let royal_stays_apart = royal != to && !tables.king(royal).has(to);
    // Only a warlock's jump and en passant can empty a second square, the
    // victim's: any other move is settled before its effect is worked out.
    let captures_aside = mover.role == Role::Warlock || m.kind() == MoveKind::EnPassant;
    if royal_stays_apart && !captures_aside && !exposed.has(from) {
        return true;
    }
    let effect = V::effect(pos, m, mover);
    let mut vacated = Bb::<V>::from_square(from);
    let mut theirs = board.colour(!us);
    if let Some((square, _)) = effect.victim {
        theirs &= !Bb::<V>::from_square(square);
        if !effect.summons && square != to {
            vacated |= Bb::<V>::from_square(square);
        }
    }
    if royal_stays_apart && (vacated & exposed).is_empty() {
        return true;
    }
    let occupied = (board.occupied() & !vacated) | Bb::<V>::from_square(to);
    (tables.king(royal) & board.royals() & theirs).is_empty()
        && attackers_among(board, tables, royal, !us, theirs, occupied).is_empty()
}

/// Generates the legal moves of a Tam Ruat position into `sink`. A game
/// already ended by a bare king has none.
pub fn generate<V: Variant, S: MoveSink>(pos: &Position<V>, sink: &mut S) {
    let board = pos.board();
    if is_bare(board, Colour::White) || is_bare(board, Colour::Black) {
        return;
    }
    let tables = V::G::tables();
    let us = pos.side_to_move();
    let occupied = board.occupied();
    let empty = tables.all & !occupied;
    // Royal pieces are never captured: a move that could is not a move.
    let victims = board.colour(!us) & !board.royals();
    let reachable = empty | victims;
    let far_rank = tables.ranks[Position::<V>::home_rank(!us) as usize];
    let start_rank = tables.ranks[V::G::relative_rank(us, 1) as usize];
    let ahead = forward(us);

    let royal = board.king(us);
    let exposed = if attackers(board, tables, royal, !us, occupied).is_empty() {
        exposed_squares(board, tables, royal, !us, occupied)
    } else {
        tables.all
    };
    let mut emit = |m: Move| {
        if royal_safe_after(pos, tables, m, exposed) {
            sink.push(m);
        }
    };
    let pawn_move = |emit: &mut dyn FnMut(Move), from: Square, to: Square| {
        if far_rank.has(to) {
            for role in promotion_roles(board, us) {
                emit(Move::new(from, to, MoveKind::Promotion, Some(role)));
            }
        } else {
            emit(Move::normal(from, to));
        }
    };

    for from in board.colour(us).squares() {
        let role = pos.piece_at(from).map(|p| p.role).expect("mailbox agrees with bitboards");
        let targets = match role {
            Role::Knight => tables.knight(from) & reachable,
            Role::Paladin => tables.paladin(from) & reachable,
            Role::Wizard => tables.wizard(from) & reachable,
            Role::Bishop => tables.bishop(from, occupied) & reachable,
            Role::Rook => tables.rook(from, occupied) & reachable,
            Role::Queen | Role::Emperor => tables.queen(from, occupied) & reachable,
            Role::King => tables.king(from) & reachable,
            Role::Pawn => {
                if let Some(step) = tables.step(ahead, from).filter(|s| empty.has(*s)) {
                    pawn_move(&mut emit, from, step);
                    if let Some(double) = tables.step(ahead, step).filter(|s| start_rank.has(from) && empty.has(*s)) {
                        emit(Move::normal(from, double));
                    }
                }
                for to in (tables.pawn(us, from) & victims).squares() {
                    pawn_move(&mut emit, from, to);
                }
                if let Some(ep) = pos.en_passant().filter(|ep| tables.pawn(us, from).has(*ep)) {
                    emit(Move::new(from, ep, MoveKind::EnPassant, None));
                }
                continue;
            }
            Role::Barbarian => {
                for to in (tables.pawn(us, from) & empty).squares() {
                    pawn_move(&mut emit, from, to);
                    // The double step continues along the same diagonal.
                    let dir = diagonal_towards::<V>(from, to);
                    if let Some(double) = tables.step(dir, to).filter(|s| start_rank.has(from) && empty.has(*s)) {
                        emit(Move::normal(from, double));
                    }
                }
                if let Some(ahead_square) = tables.step(ahead, from) {
                    if victims.has(ahead_square) {
                        pawn_move(&mut emit, from, ahead_square);
                    } else if pos.en_passant() == Some(ahead_square) {
                        emit(Move::new(from, ahead_square, MoveKind::EnPassant, None));
                    }
                }
                continue;
            }
            Role::Warlock => {
                for dir in 0..LINE_DIRECTIONS {
                    let Some(next) = tables.step(dir, from) else { continue };
                    if empty.has(next) {
                        emit(Move::normal(from, next));
                    } else if victims.has(next) {
                        if let Some(landing) = tables.step(dir, next).filter(|l| empty.has(*l)) {
                            emit(Move::normal(from, landing));
                        }
                    }
                }
                continue;
            }
            Role::Ghost => {
                for dir in 0..LINE_DIRECTIONS {
                    let Some(hurdle) = tables.first_blocker(dir, from, occupied) else { continue };
                    if let Some(landing) = tables.step(dir, hurdle).filter(|l| reachable.has(*l)) {
                        emit(Move::normal(from, landing));
                    }
                }
                continue;
            }
        };
        for to in targets.squares() {
            emit(Move::normal(from, to));
        }
    }
}

/// The diagonal direction index leading from `from` to its neighbour `to`.
fn diagonal_towards<V: Variant>(from: Square, to: Square) -> usize {
    let east = V::G::file(to) > V::G::file(from);
    let north = V::G::rank(to) > V::G::rank(from);
    match (east, north) {
        (true, true) => 2,
        (false, true) => 3,
        (false, false) => 6,
        (true, false) => 7,
    }
}

/// The square of the piece that made the double step passing `passed`, for
/// a FEN's en-passant field: a warrior straight ahead of it or a barbarian
/// diagonally beyond it, whose start square is empty. An error when no
/// piece fits, or when several fit and the side to move could take one en
/// passant (the FEN cannot say which).
pub fn double_stepper<V: Variant>(pos: &Position<V>, passed: Square, mover: Colour) -> Result<Square, EnPassantError> {
    let tables = V::G::tables();
    let board = pos.board();
    let occupied = board.occupied();
    let ahead = forward(mover);
    let mut found = Vec::new();
    if let (Some(landing), Some(start)) = (tables.step(ahead, passed), tables.step(opposite(ahead), passed)) {
        if board.pieces(mover, Role::Pawn).has(landing) && !occupied.has(start) {
            found.push(landing);
        }
    }
    for dir in 0..LINE_DIRECTIONS {
        let diagonal = dir == 2 || dir == 3 || dir == 6 || dir == 7;
        let (Some(landing), Some(start)) = (tables.step(dir, passed), tables.step(opposite(dir), passed)) else {
            continue;
        };
        // The barbarian moved forward: its landing is on the forward side.
        let moved_forward = tables.pawn(!mover, landing).has(passed);
        if diagonal && moved_forward && board.pieces(mover, Role::Barbarian).has(landing) && !occupied.has(start) {
            found.push(landing);
        }
    }
    // Two barbarians can pass one square. The field is still written after
    // every double step (RULES.md §3), so it is ambiguous only when the
    // answer matters: when a warrior or barbarian of the side to move could
    // take en passant there.
    let capturer = !mover;
    let capturing_warriors = tables.pawn(mover, passed) & board.pieces(capturer, Role::Pawn);
    let capturing_barbarian =
        tables.step(ahead, passed).is_some_and(|behind| board.pieces(capturer, Role::Barbarian).has(behind));
    match found.as_slice() {
        [] => Err(EnPassantError::NoDoubleStepper),
        [one] => Ok(*one),
        [first, ..] if capturing_warriors.is_empty() && !capturing_barbarian => Ok(*first),
        _ => Err(EnPassantError::Ambiguous),
    }
}

/// Tam Ruat positions' extra FEN checks (one royal piece each is checked
/// with the board): royal pieces not adjacent, no king on its far rank,
/// pawn types off the first and last ranks.
pub fn validate_board<V: Variant>(pos: &Position<V>) -> Result<(), FenError> {
    let tables = V::G::tables();
    let board = pos.board();
    for colour in Colour::ALL {
        let far = tables.ranks[Position::<V>::home_rank(!colour) as usize];
        if (board.pieces(colour, Role::King) & far).any() {
            return Err(FenError::Board { reason: BoardError::KingOnFarRank { colour } });
        }
    }
    let white = board.king(Colour::White);
    if (tables.king(white) & board.royals() & board.colour(Colour::Black)).any() {
        return Err(FenError::Board { reason: BoardError::RoyalsAdjacent });
    }
    let back_ranks = tables.ranks[0] | tables.ranks[V::G::RANKS as usize - 1];
    let misplaced = (board.role(Role::Pawn) | board.role(Role::Barbarian)) & back_ranks;
    if misplaced.any() {
        return Err(FenError::PawnOnBackRank { square: V::G::square_name(misplaced.lsb()).to_string() });
    }
    Ok(())
}

/// True when `colour`'s royal piece is attacked by an enemy piece.
pub fn in_check<B: Bitboard>(board: &Bitboards<B>, tables: &AttackTables<B>, colour: Colour) -> bool {
    attackers(board, tables, board.king(colour), !colour, board.occupied()).any()
}
