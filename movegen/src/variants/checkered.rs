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
use crate::fen::{CheckeredMoveError, EnPassantError, FenError};
use crate::geometry::Board8x8;
use crate::geometry::{Geometry, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::outcome::Outcome;
use crate::piece::{Colour, Piece, Role};
use crate::position::{Bb, Effect, Position};
use crate::variant::{Variant, VariantKind, VariantState};
use crate::variants::orthodox;
use crate::zobrist::ZOBRIST;

/// Checkered chess (l'Échiqueté) on 8x8 (RULES.md §4).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Checkered;

impl Variant for Checkered {
    type G = Board8x8;
    type State = CheckeredState;
    const KIND: VariantKind = VariantKind::Checkered;
    const ROLES: &'static [Role] = &Role::ORTHODOX;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1111111111111111 - 1";
    const CASTLING: bool = true;
    const CHESS960_ARRAYS: bool = false;
    const IRREVERSIBLE_RESETS: bool = false;
    const EXTRA_FEN_FIELDS: usize = 3;

    #[inline(always)]
    fn generate<S: MoveSink>(pos: &Position<Self>, sink: &mut S) {
        generate(pos, sink)
    }
    #[inline(always)]
    fn checkers(pos: &Position<Self>) -> Bb<Self> {
        checkers(pos)
    }
    /// Always a possible check: either player may check with the same checkered pieces, which
    /// the orthodox test does not model.
    #[inline(always)]
    fn may_give_check(_: &Position<Self>, _: Move) -> bool {
        true
    }
    /// Unmodelled: in stage 1 a capture by any piece but a king leaves a
    /// checkered piece, which is never captured, and a king never captures
    /// onto an attacked square, so the capture's gain is final; stage 2's
    /// camps are not modelled.
    #[inline(always)]
    fn exchange_attackers(_: &Bitboards<Bb<Self>>, _: Square, _: Colour, _: Bb<Self>) -> Option<Bb<Self>> {
        None
    }
    #[inline(always)]
    fn exchange_occupant(_: &Bitboards<Bb<Self>>, capturer: Piece) -> Option<Role> {
        Some(capturer.role)
    }
    /// Stage 1: a capture by any piece but a king leaves a checkered piece
    /// (of the mover's nature or, as a promotion, the victim's).
    #[inline(always)]
    fn effect(pos: &Position<Self>, m: Move, mover: Piece) -> Effect {
        let mut effect = pos.plain_effect(m, mover);
        if in_stage_one(pos, m) && effect.victim.is_some() && mover.role != Role::King {
            effect.placed = Piece::checkered(effect.placed.role);
        }
        effect
    }
    /// In stage 1 only own pawns make an en-passant square; then the pawn
    /// flag a double step uses up, the last checkered move, and the stage
    /// after a switch, the key following.
    fn after_move(pos: &mut Position<Self>, m: Move, piece: Piece, captured: bool) {
        let before = *pos.state();
        let stage_one = in_stage_one(pos, m);
        let (from, to) = (m.from(), m.to());
        let double_step = piece.role == Role::Pawn && Self::G::rank(from).abs_diff(Self::G::rank(to)) == 2;
        if double_step && piece.checkered && stage_one {
            pos.clear_en_passant();
        }
        let side = pos.side_to_move();
        let state = pos.state_mut();
        if m.is_switch() {
            state.stage = Stage::Two(side);
        }
        if double_step {
            let side_of_rank = if Self::G::rank(from) == 1 { Colour::White } else { Colour::Black };
            state.pawn_flags &= !CheckeredState::flag_bit(side_of_rank, Self::G::file(from));
        }
        let stage_one_after = !state.stage.is_two();
        state.cmove = (stage_one_after && piece.checkered && !captured).then_some((from, to));
        let after = *state;
        pos.toggle_key(before.key() ^ after.key());
    }
    /// Every FEN field but the clocks tells positions apart (RULES.md §4).
    #[inline(always)]
    fn en_passant_key(pos: &Position<Self>) -> Option<Square> {
        pos.en_passant()
    }
    /// Stage 2: the checkered side to move with no checkered piece left has lost.
    #[inline]
    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome> {
        let side = pos.side_to_move();
        (pos.state().stage == Stage::Two(side) && pos.board().checkered().is_empty())
            .then_some(Outcome::CheckeredGone { winner: !side })
    }
    fn read_piece(c: char) -> Option<Piece> {
        Piece::checkered_from_char(c).or_else(|| orthodox::read_piece::<Self>(c))
    }
    fn read_extra_fields(pos: &mut Position<Self>, fields: &[String]) -> Result<(), FenError> {
        *pos.state_mut() = parse_state(fields)?;
        Ok(())
    }
    fn write_extra_fields(pos: &Position<Self>, out: &mut String) {
        let state = pos.state();
        let cmove = state.cmove.map_or("-".to_string(), |(from, to)| {
            format!("{}{}", Self::G::square_name(from), Self::G::square_name(to))
        });
        out.push_str(&format!(" {} {cmove} {}", state.flags_fen(), state.stage.fen()));
    }
    fn validate_placement(_: &Position<Self>) -> Result<(), FenError> {
        Ok(())
    }
    fn en_passant_victim(pos: &Position<Self>, side: Colour, passed: Square) -> Result<Square, EnPassantError> {
        if !pos.state().stage.is_two() {
            return orthodox::en_passant_victim(pos, side, passed);
        }
        if pos.occupied().has(passed) {
            return Err(EnPassantError::PassedSquareOccupied);
        }
        stage_two_double_stepper(pos, side, passed)
    }
    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        validate(pos)
    }
}

impl VariantState for CheckeredState {
    const FOOL: bool = false;
    #[inline(always)]
    fn fool(&self) -> Option<Square> {
        None
    }
    fn set_fool(&mut self, _: Square) {
        unreachable!("Checkered chess has no Fool")
    }
    #[inline(always)]
    fn stage(&self) -> Option<Stage> {
        Some(self.stage)
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        ZOBRIST.checkered_state(*self)
    }
}

impl Default for CheckeredState {
    fn default() -> Self {
        CheckeredState::START
    }
}

/// Checkered chess: true when `m` is played under stage-1 rules (before any
/// switch, and not itself a switch).
#[inline(always)]
fn in_stage_one(pos: &Position<Checkered>, m: Move) -> bool {
    !(pos.state().stage.is_two() || m.is_switch())
}

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

/// Checkered chess's state beyond the orthodox FEN fields: the variant's
/// [`Variant::State`]. The start state's Zobrist key is 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CheckeredState {
    /// Bit `f` (White) or `8 + f` (Black): a pawn on that side's second rank
    /// of file `f` may still make a two-square step.
    pub pawn_flags: u16,
    /// The previous half-move, when it was a stage-1 non-capturing move of
    /// a checkered piece: the move that may not be undone right away.
    pub cmove: Option<(Square, Square)>,
    /// Stage 1 (checkered pieces shared) or stage 2 (after the switch).
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
    (V::G::relative_rank(direction, 1), V::G::relative_rank(direction, V::G::RANKS - 1))
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

/// Stage 1: the pieces that alone stand between `colour`'s unattacked
/// king and an attacker (an opponent's or checkered slider): the first
/// piece on a line whose next piece is such a slider. A plain move of
/// another piece opens no line to the king.
fn king_blockers_in_stage_one<V: Variant>(board: &Bitboards<Bb<V>>, colour: Colour) -> Bb<V> {
    let tables = V::G::tables();
    let king = board.king(colour);
    let occupied = board.occupied();
    let attackers = board.colour(!colour) | board.checkered();
    let first = tables.queen(king, occupied) & occupied;
    let beyond = occupied & !first;
    let snipers = ((tables.rook(king, beyond) & board.orthogonal_sliders())
        | (tables.bishop(king, beyond) & board.diagonal_sliders()))
        & attackers
        & !first;
    snipers.squares().fold(Bb::<V>::EMPTY, |blockers, sniper| blockers | (tables.between(king, sniper) & first))
}

/// Stage 1: is the king of the side to move, on `king`, safe after its
/// pseudo-legal move `m`? `exposed` is every square when the king is
/// attacked now, else its [`king_blockers_in_stage_one`]: a plain move of
/// another piece from elsewhere opens no line to the king, so only the
/// piece it places can attack it, if that piece is checkered. Most moves
/// are settled so without playing them on a copy of the board.
#[inline]
fn king_safe_in_stage_one<V: Variant<State = CheckeredState>>(
    pos: &Position<V>,
    m: Move,
    king: Square,
    exposed: Bb<V>,
) -> bool {
    let tables = V::G::tables();
    let (from, to) = (m.from(), m.to());
    let us = pos.side_to_move();
    let plain = matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion);
    if !plain || from == king || exposed.has(from) {
        return !king_attacked_in_stage_one::<V>(&pos.board_after(m), us);
    }
    let mover = pos.piece_at(from).expect("a piece to move");
    let placed = V::effect(pos, m, mover).placed;
    if !placed.checkered {
        return true;
    }
    // The placed piece may see the king through the square it left.
    let occupied = (pos.board().occupied() & !Bb::<V>::from_square(from)) | Bb::<V>::from_square(to);
    let reach = match placed.role {
        // A checkered pawn attacks like the opponent's pawns in stage 1.
        Role::Pawn => tables.pawn(!us, to),
        Role::Knight => tables.knight(to),
        Role::Bishop => tables.bishop(to, occupied),
        Role::Rook => tables.rook(to, occupied),
        Role::Queen => tables.queen(to, occupied),
        role => unreachable!("no checkered {role:?}"),
    };
    !reach.has(king)
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
pub fn checkers<V: Variant<State = CheckeredState>>(pos: &Position<V>) -> Bb<V> {
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
    match pos.state().stage {
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
pub fn generate<V: Variant<State = CheckeredState>, S: MoveSink>(pos: &Position<V>, sink: &mut S) {
    let board = pos.board();
    let us = pos.side_to_move();
    let state = pos.state();
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
            let king = board.king(us);
            let tables = V::G::tables();
            let exposed = if king_attacked_in_stage_one::<V>(board, us) {
                tables.all
            } else {
                king_blockers_in_stage_one::<V>(board, us)
            };
            pseudo_legal(pos, &camp, &mut |m| {
                if !undoes_checkered_move(pos, m) && king_safe_in_stage_one(pos, m, king, exposed) {
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
fn undoes_checkered_move<V: Variant<State = CheckeredState>>(pos: &Position<V>, m: Move) -> bool {
    let Some((a, b)) = pos.state().cmove else {
        return false;
    };
    m.from() == b
        && m.to() == a
        && pos.board().checkered().has(m.from())
        && m.kind() != MoveKind::Castle
        && pos.captured_by(m).is_none()
}

/// The pseudo-legal moves of the camp's movers.
fn pseudo_legal<V: Variant<State = CheckeredState>>(pos: &Position<V>, camp: &Camp<V>, emit: &mut impl FnMut(Move)) {
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
fn emit_landing<V: Variant<State = CheckeredState>>(
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
fn pawn_moves<V: Variant<State = CheckeredState>>(
    pos: &Position<V>,
    camp: &Camp<V>,
    from: Square,
    piece: Piece,
    emit: &mut impl FnMut(Move),
) {
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
            let flag =
                camp.stage_two || pos.state().pawn_flags & CheckeredState::flag_bit(direction, V::G::file(from)) != 0;
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
fn castling<V: Variant<State = CheckeredState>>(
    pos: &Position<V>,
    camp: &Camp<V>,
    king: Square,
    colour: Colour,
    emit: &mut impl FnMut(Move),
) {
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
pub fn stage_two_double_stepper<V: Variant<State = CheckeredState>>(
    pos: &Position<V>,
    side: Colour,
    passed: Square,
) -> Result<Square, EnPassantError> {
    let upward = match V::G::rank(passed) {
        2 => true,
        r if r == V::G::relative_rank(Colour::Black, 2) => false,
        _ => return Err(EnPassantError::WrongRank),
    };
    let direction = if upward { Colour::White } else { Colour::Black };
    let (pawn_rank, start_rank) = (V::G::relative_rank(direction, 3), V::G::relative_rank(direction, 1));
    let file = V::G::file(passed);
    if pos.occupied().has(V::G::square(file, start_rank)) {
        return Err(EnPassantError::StartSquareOccupied);
    }
    let victim = V::G::square(file, pawn_rank);
    let checkered_to_move = pos.state().stage == Stage::Two(side);
    let expected = if checkered_to_move {
        Piece::new(if upward { Colour::White } else { Colour::Black }, Role::Pawn)
    } else {
        Piece::checkered(Role::Pawn)
    };
    if pos.piece_at(victim) != Some(expected) {
        return Err(EnPassantError::NoDoubleStepper);
    }
    Ok(victim)
}

/// Checkered chess's extra FEN checks on a position already read: the side
/// not to move may not be attacked, and `cmove` must name a move that can
/// have just happened.
pub fn validate<V: Variant<State = CheckeredState>>(pos: &Position<V>) -> Result<(), FenError> {
    let board = pos.board();
    let side = pos.side_to_move();
    let state = pos.state();
    let attacked = match state.stage {
        Stage::Two(switcher) if switcher == side => a_king_attacked_by_checkered::<V>(board),
        Stage::Two(_) => false,
        _ => king_attacked_in_stage_one::<V>(board, !side),
    };
    if attacked {
        return Err(FenError::OpponentInCheck { colour: !side });
    }
    if let Some((from, to)) = state.cmove {
        let found = format!("{}{}", V::G::square_name(from), V::G::square_name(to));
        let error = |reason| FenError::CheckeredMove { found: found.clone(), reason };
        if state.stage.is_two() {
            return Err(error(CheckeredMoveError::InStageTwo));
        }
        if board.occupied().has(from) || !board.checkered().has(to) {
            return Err(error(CheckeredMoveError::NotToACheckeredPiece));
        }
    }
    Ok(())
}

/// Reads Checkered chess's pawn flags, last checkered move and stage.
fn parse_state(fields: &[String]) -> Result<CheckeredState, FenError> {
    let [flags, cmove, stage] = fields else { unreachable!("three fields are passed") };
    let (cmove, stage) = (cmove.as_str(), stage.as_str());
    if flags.len() != 16 || !flags.chars().all(|c| c == '0' || c == '1') {
        return Err(FenError::PawnFlags { found: flags.to_string() });
    }
    let pawn_flags = flags.chars().rev().fold(0u16, |bits, c| bits << 1 | u16::from(c == '1'));
    let cmove = match cmove {
        "-" => None,
        text => {
            let error = || FenError::CheckeredMove { found: text.to_string(), reason: CheckeredMoveError::NotAMove };
            let split = text.char_indices().skip(1).find(|(_, c)| c.is_ascii_lowercase()).map(|(i, _)| i);
            let (from, to) = text.split_at(split.ok_or_else(error)?);
            Some((
                <Checkered as Variant>::G::parse_square(from).ok_or_else(error)?,
                <Checkered as Variant>::G::parse_square(to).ok_or_else(error)?,
            ))
        }
    };
    let stage = Stage::parse(stage).ok_or_else(|| FenError::Stage { found: stage.to_string() })?;
    Ok(CheckeredState { pawn_flags, cmove, stage })
}
