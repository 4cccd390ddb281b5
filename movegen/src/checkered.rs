//! Checkered chess (l'Échiqueté, RULES.md §4): the state a position carries
//! beyond orthodox chess, who attacks whom, and legal move generation for
//! both stages and the switch between them.
//!
//! Stage 1: each player moves his own pieces or any checkered piece and
//! captures only the opponent's; a capture (not by a king) leaves a
//! checkered piece. The switch hands the checkered pieces to one player for
//! good (stage 2): he moves only them, the other player moves white and
//! black pieces as allies, and captures go between the two camps, plain.
//!
//! Moves are generated pseudo-legally and kept when the king(s) concerned
//! are safe on the board right after the move; the board is 8x8 and the
//! rules are irregular, so clarity wins over the orthodox generator's pins.

use crate::attacks::forward;
use crate::bitboard::Bitboard;
use crate::board::Bitboards;
use crate::fen::FenError;
use crate::geometry::{Geometry, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::piece::{Colour, Piece, Role};
use crate::position::{Bb, Position};
use crate::variant::Variant;

/// Where the game stands: before or after the switch.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stage {
    /// Stage 1, the switch allowed (FEN `1`).
    One,
    /// Stage 1, the switch disabled (FEN `1-`).
    OneNoSwitch,
    /// Stage 2: the colour of the player who took the checkered pieces
    /// (FEN `2w`, `2b`).
    Two(Colour),
}

impl Stage {
    /// The stage's FEN field.
    pub const fn fen(self) -> &'static str {
        match self {
            Stage::One => "1",
            Stage::OneNoSwitch => "1-",
            Stage::Two(Colour::White) => "2w",
            Stage::Two(Colour::Black) => "2b",
        }
    }
    /// The stage of a FEN field.
    pub fn parse(field: &str) -> Option<Stage> {
        [Stage::One, Stage::OneNoSwitch, Stage::Two(Colour::White), Stage::Two(Colour::Black)]
            .into_iter()
            .find(|s| s.fen() == field)
    }
    /// True after the switch.
    #[inline(always)]
    pub const fn is_two(self) -> bool {
        matches!(self, Stage::Two(_))
    }
}

/// Checkered chess's state beyond the orthodox FEN fields. The other
/// variants keep [`CheckeredState::START`], whose Zobrist key is 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CheckeredState {
    /// Bit `f` (White) or `8 + f` (Black): a pawn on that side's second rank
    /// of file `f` may still make a two-square step.
    pub pawn_flags: u16,
    /// The previous half-move, when it was a stage-1 non-capturing move of
    /// a checkered piece: the move that may not be undone right away.
    pub cmove: Option<(Square, Square)>,
    pub stage: Stage,
}

impl CheckeredState {
    /// The state of the start position.
    pub const START: CheckeredState = CheckeredState { pawn_flags: 0xFFFF, cmove: None, stage: Stage::One };

    /// The bit of the pawn flag for `colour`'s second rank on `file`.
    #[inline(always)]
    pub const fn flag_bit(colour: Colour, file: u8) -> u16 {
        1 << (colour as u16 * 8 + file as u16)
    }
    /// The pawn-flag FEN field: White's files a–h, then Black's.
    pub fn flags_fen(self) -> String {
        (0..16).map(|i| if self.pawn_flags >> i & 1 == 1 { '1' } else { '0' }).collect()
    }
}

/// The rank a pawn moving towards `direction`'s far side starts on (its
/// second rank) and the rank it promotes on, as indices.
fn pawn_ranks<V: Variant>(direction: Colour) -> (u8, u8) {
    match direction {
        Colour::White => (1, V::G::RANKS - 1),
        Colour::Black => (V::G::RANKS - 2, 0),
    }
}

/// True when a piece of the set `attackers` attacks `sq`, the checkered
/// pawns among them attacking as pawns moving in `pawn_directions`.
fn attacked<V: Variant>(board: &Bitboards<Bb<V>>, sq: Square, attackers: Bb<V>, pawn_directions: &[Colour]) -> bool {
    let tables = V::G::tables();
    let checkered_pawns = board.checkered() & board.role(Role::Pawn) & attackers;
    board.is_attacked(tables, sq, board.occupied(), attackers)
        || pawn_directions.iter().any(|&d| (tables.pawn(!d, sq) & checkered_pawns).any())
}

/// Stage 1: is `colour`'s king attacked by the opponent's pieces or any
/// checkered piece, checkered pawns attacking like the opponent's pawns?
pub fn king_attacked_in_stage_one<V: Variant>(board: &Bitboards<Bb<V>>, colour: Colour) -> bool {
    attacked::<V>(board, board.king(colour), board.colour(!colour) | board.checkered(), &[!colour])
}

/// Stage 2 (and the switch's condition): is `sq` attacked by a checkered
/// piece, checkered pawns attacking on all four diagonals?
pub fn attacked_by_checkered<V: Variant>(board: &Bitboards<Bb<V>>, sq: Square) -> bool {
    attacked::<V>(board, sq, board.checkered(), &Colour::ALL)
}

/// Stage 2: is either king attacked by a checkered piece?
pub fn a_king_attacked_by_checkered<V: Variant>(board: &Bitboards<Bb<V>>) -> bool {
    Colour::ALL.into_iter().any(|c| attacked_by_checkered::<V>(board, board.king(c)))
}

/// The pieces giving check to the side to move: in stage 1 the opponent's
/// and checkered pieces attacking its king; in stage 2 the checkered pieces
/// attacking either king when the white/black side is to move.
pub fn checkers<V: Variant>(pos: &Position<V>) -> Bb<V> {
    let tables = V::G::tables();
    let board = pos.board();
    let occupied = board.occupied();
    let us = pos.side_to_move();
    let checkered_pawns = board.checkered() & board.role(Role::Pawn);
    let on = |king: Square, attackers: Bb<V>, pawn_directions: &[Colour]| {
        let mut found = board.attackers_to(tables, king, occupied) & attackers;
        for &d in pawn_directions {
            found |= tables.pawn(!d, king) & checkered_pawns;
        }
        found
    };
    match pos.checkered_state().stage {
        Stage::Two(switcher) if switcher == us => Bb::<V>::EMPTY,
        Stage::Two(_) => Colour::ALL
            .into_iter()
            .fold(Bb::<V>::EMPTY, |acc, c| acc | on(board.king(c), board.checkered(), &Colour::ALL)),
        _ => on(board.king(us), board.colour(!us) | board.checkered(), &[!us]),
    }
}

/// Which pieces move and which may be taken, for one generation pass.
struct Camp<V: Variant> {
    /// The pieces that may move.
    movers: Bb<V>,
    /// The pieces they may capture (never a king: a legal position has no
    /// king en prise to the side to move).
    victims: Bb<V>,
    /// Stage 2 rules: plain captures, two-way checkered pawns, flags ignored.
    stage_two: bool,
    /// The en-passant square and the pawn that passed it, when some mover
    /// may take it.
    en_passant: Option<(Square, Square)>,
}

/// Generates every legal move of the side to move into `sink`.
pub fn generate<V: Variant, S: MoveSink>(pos: &Position<V>, sink: &mut S) {
    let board = pos.board();
    let us = pos.side_to_move();
    let state = pos.checkered_state();
    let kings = board.role(Role::King);
    let en_passant = pos.en_passant().zip(pos.en_passant_victim_square());
    match state.stage {
        Stage::Two(switcher) if switcher == us => {
            // No king: every pseudo-legal move is legal.
            let camp = Camp {
                movers: board.checkered(),
                victims: board.occupied() & !board.checkered() & !kings,
                stage_two: true,
                en_passant,
            };
            pseudo_legal(pos, &camp, &mut |m| sink.push(m));
        }
        Stage::Two(_) => {
            let camp = Camp {
                movers: board.occupied() & !board.checkered(),
                victims: board.checkered(),
                stage_two: true,
                en_passant,
            };
            pseudo_legal(pos, &camp, &mut |m| {
                if !a_king_attacked_by_checkered::<V>(&pos.board_after(m)) {
                    sink.push(m);
                }
            });
        }
        _ => {
            // Only own pawns take en passant in stage 1.
            let camp = Camp {
                movers: board.colour(us) | board.checkered(),
                victims: board.colour(!us) & !kings,
                stage_two: false,
                en_passant: en_passant.filter(|&(_, victim)| board.colour(!us).has(victim)),
            };
            let mut ordinary = false;
            pseudo_legal(pos, &camp, &mut |m| {
                if !undoes_checkered_move(pos, m) && !king_attacked_in_stage_one::<V>(&pos.board_after(m), us) {
                    ordinary = true;
                    sink.push(m);
                }
            });
            // A position with no ordinary move is over: no switch then.
            if ordinary && state.stage == Stage::One && switch_allowed::<V>(board) {
                let camp = Camp {
                    movers: board.checkered(),
                    victims: board.occupied() & !board.checkered() & !kings,
                    stage_two: true,
                    en_passant: None,
                };
                pseudo_legal(pos, &camp, &mut |m| sink.push(m.with_switch()));
            }
        }
    }
}

/// The switch's conditions on the board: a checkered piece stands on it
/// and none attacks either king. (The checkered side must also have a move,
/// which the generator sees by finding one.)
fn switch_allowed<V: Variant>(board: &Bitboards<Bb<V>>) -> bool {
    board.checkered().any() && !a_king_attacked_by_checkered::<V>(board)
}

/// The no-undo rule: right after the non-capturing checkered move a→b, the
/// non-capturing checkered move b→a is illegal.
fn undoes_checkered_move<V: Variant>(pos: &Position<V>, m: Move) -> bool {
    let Some((a, b)) = pos.checkered_state().cmove else {
        return false;
    };
    m.from() == b
        && m.to() == a
        && pos.board().checkered().has(m.from())
        && m.kind() != MoveKind::Castle
        && pos.captured_by(m).is_none()
}

/// The pseudo-legal moves of the camp's movers.
fn pseudo_legal<V: Variant>(pos: &Position<V>, camp: &Camp<V>, emit: &mut impl FnMut(Move)) {
    let tables = V::G::tables();
    let board = pos.board();
    let occupied = board.occupied();
    let reachable = !occupied | camp.victims;
    for from in camp.movers.squares() {
        let piece = pos.piece_at(from).expect("a mover stands on its square");
        let targets = match piece.role {
            Role::Pawn => {
                pawn_moves(pos, camp, from, piece, emit);
                continue;
            }
            Role::Knight => tables.knight(from),
            Role::Bishop => tables.bishop(from, occupied),
            Role::Rook => tables.rook(from, occupied),
            Role::Queen => tables.queen(from, occupied),
            _ => {
                castling(pos, camp, from, piece.colour, emit);
                tables.king(from)
            }
        } & reachable;
        for to in targets.squares() {
            emit_landing(pos, camp, from, to, piece, None, emit);
        }
    }
}

/// Emits the moves of `piece` from `from` to `to`: one per piece that may
/// end up there. In stage 1 a capture by any piece but a king leaves a
/// checkered piece of the mover's nature or (a second move) the victim's.
fn emit_landing<V: Variant>(
    pos: &Position<V>,
    camp: &Camp<V>,
    from: Square,
    to: Square,
    piece: Piece,
    promotions: Option<&[Role]>,
    emit: &mut impl FnMut(Move),
) {
    if let Some(roles) = promotions {
        for &role in roles {
            emit(Move::new(from, to, MoveKind::Promotion, Some(role)));
        }
        return;
    }
    emit(Move::normal(from, to));
    let victim = pos.piece_at(to).filter(|_| camp.victims.has(to));
    if let Some(victim) = victim.filter(|v| !camp.stage_two && piece.role != Role::King && v.role != piece.role) {
        emit(Move::new(from, to, MoveKind::Promotion, Some(victim.role)));
    }
}

/// Pawn steps, double steps, captures, promotions and en passant. Stage-1
/// pawns go the mover's way; stage-2 checkered pawns go both ways.
fn pawn_moves<V: Variant>(pos: &Position<V>, camp: &Camp<V>, from: Square, piece: Piece, emit: &mut impl FnMut(Move)) {
    let tables = V::G::tables();
    let occupied = pos.board().occupied();
    let us = pos.side_to_move();
    let directions: &[Colour] = match (camp.stage_two, piece.checkered) {
        (true, true) => &Colour::ALL,
        (true, false) => std::slice::from_ref(&piece.colour),
        (false, _) => std::slice::from_ref(&us),
    };
    for &direction in directions {
        let (second_rank, last_rank) = pawn_ranks::<V>(direction);
        let promotions = |to: Square| (V::G::rank(to) == last_rank).then_some(&Role::PROMOTIONS[..]);
        let ahead = forward(direction);
        if let Some(one) = tables.step(ahead, from).filter(|s| !occupied.has(*s)) {
            emit_landing(pos, camp, from, one, piece, promotions(one), emit);
            let flag = camp.stage_two
                || pos.checkered_state().pawn_flags & CheckeredState::flag_bit(direction, V::G::file(from)) != 0;
            if V::G::rank(from) == second_rank && flag {
                if let Some(two) = tables.step(ahead, one).filter(|s| !occupied.has(*s)) {
                    emit(Move::normal(from, two));
                }
            }
        }
        for to in tables.pawn(direction, from).squares() {
            if camp.victims.has(to) {
                emit_landing(pos, camp, from, to, piece, promotions(to), emit);
            } else if let Some((_, victim)) = camp.en_passant.filter(|&(ep, _)| ep == to) {
                // Only beside the pawn that just double-stepped (R3); in
                // stage 1 only own pawns take en passant.
                let beside =
                    V::G::rank(victim) == V::G::rank(from) && V::G::file(victim).abs_diff(V::G::file(from)) == 1;
                if beside && (camp.stage_two || !piece.checkered) && camp.victims.has(victim) {
                    emit(Move::new(from, to, MoveKind::EnPassant, None));
                }
            }
        }
    }
}

/// Castling of `colour`'s king standing on `king`, with its colour's rook:
/// the path empty, the king's start, crossed and target squares not
/// attacked — in stage 1 by the opponent or any checkered piece (R1), in
/// stage 2 by checkered pieces (R4).
fn castling<V: Variant>(pos: &Position<V>, camp: &Camp<V>, king: Square, colour: Colour, emit: &mut impl FnMut(Move)) {
    let board = pos.board();
    let rank = Position::<V>::home_rank(colour);
    for file in pos.castling().files(colour) {
        let rook = V::G::square(file, rank);
        let Some(king_squares) = pos.castling_king_squares(king, rook) else { continue };
        let unsafe_square = |sq: Square| {
            if camp.stage_two {
                attacked_by_checkered::<V>(board, sq)
            } else {
                attacked::<V>(board, sq, board.colour(!colour) | board.checkered(), &[!colour])
            }
        };
        if !king_squares.squares().any(unsafe_square) {
            emit(Move::new(king, rook, MoveKind::Castle, None));
        }
    }
}

/// Reads the en-passant field of a stage-2 position: the square of the pawn
/// that passed `passed`, `side` being to move. It belongs to the camp that just moved (white or
/// black when the checkered side is to move, checkered otherwise) and
/// stepped up over rank 3 or down over rank 6.
pub fn stage_two_double_stepper<V: Variant>(
    pos: &Position<V>,
    side: Colour,
    passed: Square,
) -> Result<Square, &'static str> {
    let upward = match V::G::rank(passed) {
        2 => true,
        r if r == V::G::RANKS - 3 => false,
        _ => return Err("not on a rank a double step passes (3 or 6)"),
    };
    let (pawn_rank, start_rank) = if upward { (3, 1) } else { (V::G::RANKS - 4, V::G::RANKS - 2) };
    let file = V::G::file(passed);
    if pos.occupied().has(V::G::square(file, start_rank)) {
        return Err("the pawn's start square is occupied");
    }
    let victim = V::G::square(file, pawn_rank);
    let checkered_to_move = pos.checkered_state().stage == Stage::Two(side);
    let expected = if checkered_to_move {
        Piece::new(if upward { Colour::White } else { Colour::Black }, Role::Pawn)
    } else {
        Piece::checkered(Role::Pawn)
    };
    if pos.piece_at(victim) != Some(expected) {
        return Err("no pawn of the side that just moved stands where the double step would have put it");
    }
    Ok(victim)
}

/// Checkered chess's extra FEN checks on a position already read: the side
/// not to move may not be attacked, and `cmove` must name a move that can
/// have just happened.
pub fn validate<V: Variant>(pos: &Position<V>, cmove_field: &str) -> Result<(), FenError> {
    let board = pos.board();
    let side = pos.side_to_move();
    let state = pos.checkered_state();
    let attacked = match state.stage {
        Stage::Two(switcher) if switcher == side => a_king_attacked_by_checkered::<V>(board),
        Stage::Two(_) => false,
        _ => king_attacked_in_stage_one::<V>(board, !side),
    };
    if attacked {
        return Err(FenError::OpponentInCheck { colour: !side });
    }
    let error = |reason: &str| FenError::CheckeredMove { found: cmove_field.to_string(), reason: reason.to_string() };
    if let Some((from, to)) = state.cmove {
        if state.stage.is_two() {
            return Err(error("there is no last checkered move in stage 2"));
        }
        if board.occupied().has(from) || !board.checkered().has(to) {
            return Err(error("it must go from an empty square to a checkered piece"));
        }
    }
    Ok(())
}
