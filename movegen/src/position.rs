//! A game position: pieces, the Fool, side to move, castling rights,
//! en-passant square, clocks, the Zobrist key, and the history needed to
//! unmake moves and to spot repetitions.

use crate::bitboard::Bitboard;
use crate::board::Bitboards;
use crate::castling::CastlingRights;
use crate::geometry::{Geometry, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::{Colour, Piece, Role};
use crate::variant::{Variant, VariantState};
use crate::zobrist::ZOBRIST;

/// The bitboard type of variant `V`.
pub type Bb<V> = <<V as Variant>::G as Geometry>::Bb;

/// What `make` must remember so that `unmake` can restore the position.
#[derive(Clone, Copy, Debug)]
struct Undo<V: Variant> {
    mv: Move,
    /// The piece that moved, as it was before the move (a pawn that
    /// promoted, a king that became an emperor).
    moved: Piece,
    /// The captured piece and the square it stood on.
    captured: Option<(Square, Piece)>,
    fool_victim: Option<Piece>,
    castling: CastlingRights,
    en_passant: Option<Square>,
    en_passant_victim: Option<Square>,
    state: V::State,
    halfmove: u32,
    fullmove: u32,
    key: u64,
}

/// What the base move of a quiet move, capture or promotion does to the
/// board, the special pieces of every variant included: the answer of
/// [`Variant::effect`].
#[derive(Clone, Copy, Debug)]
pub struct Effect {
    /// The captured piece and its square (not always the target square: a
    /// warlock captures the piece it jumps over, en passant the passed pawn).
    pub victim: Option<(Square, Piece)>,
    /// What stands on the target square afterwards.
    pub placed: Piece,
    /// A ghost of the mover appears on the victim's square.
    pub summons: bool,
}

/// A position of variant `V`: the board, the side to move, castling rights,
/// the en-passant square, the clocks, the variant's own state (the Fool,
/// Checkered chess's stage) and the moves made since it was set up.
#[derive(Clone)]
pub struct Position<V: Variant> {
    board: Bitboards<Bb<V>>,
    mailbox: [Option<Piece>; 256],
    side: Colour,
    castling: CastlingRights,
    en_passant: Option<Square>,
    /// The square of the piece that made the double step, which an
    /// en-passant capture removes.
    en_passant_victim: Option<Square>,
    /// The variant's own state: the Fool's square, Checkered chess's pawn
    /// flags, last checkered move and stage.
    state: V::State,
    halfmove: u32,
    fullmove: u32,
    chess960: bool,
    key: u64,
    history: Vec<Undo<V>>,
}

impl<V: Variant> Position<V> {
    /// An empty board, White to move, for FEN parsing and tests to fill in.
    pub(crate) fn empty(chess960: bool) -> Self {
        Position {
            board: Bitboards::default(),
            mailbox: [None; 256],
            side: Colour::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            en_passant_victim: None,
            state: V::State::default(),
            halfmove: 0,
            fullmove: 1,
            chess960,
            key: 0,
            history: Vec::new(),
        }
    }

    /// The orthodox start position of the variant.
    pub fn startpos() -> Self {
        Self::from_fen(V::START_FEN, false).expect("the start FEN is valid")
    }

    // ----- setters used while building a position -----

    pub(crate) fn set_piece(&mut self, sq: Square, piece: Piece) {
        self.put(sq, piece);
    }
    pub(crate) fn set_fool(&mut self, sq: Square) {
        self.state.set_fool(sq);
    }
    pub(crate) fn set_state(
        &mut self,
        side: Colour,
        castling: CastlingRights,
        ep: Option<(Square, Square)>,
        halfmove: u32,
        fullmove: u32,
    ) {
        self.side = side;
        self.castling = castling;
        self.en_passant = ep.map(|(passed, _)| passed);
        self.en_passant_victim = ep.map(|(_, victim)| victim);
        self.halfmove = halfmove;
        self.fullmove = fullmove;
        self.key = self.compute_key();
    }
    /// The variant's own state, for its hooks to update (the key is theirs
    /// to keep in step: see [`Self::toggle_key`]).
    #[inline(always)]
    pub(crate) fn state_mut(&mut self) -> &mut V::State {
        &mut self.state
    }
    /// Flips `bits` of the Zobrist key, for hooks that change the state.
    #[inline(always)]
    pub(crate) fn toggle_key(&mut self, bits: u64) {
        self.key ^= bits;
    }
    /// Forgets the en-passant square (a hook's rule says the double step
    /// just made gives no such right).
    #[inline(always)]
    pub(crate) fn clear_en_passant(&mut self) {
        self.en_passant = None;
        self.en_passant_victim = None;
    }

    // ----- accessors -----

    /// The piece bitboards.
    #[inline(always)]
    pub fn board(&self) -> &Bitboards<Bb<V>> {
        &self.board
    }
    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq.index()]
    }
    /// The Fool's square (always `Some` in variants with a Fool).
    #[inline(always)]
    pub fn fool(&self) -> Option<Square> {
        self.state.fool()
    }
    /// The Fool's square as a bitboard (empty without a Fool).
    #[inline(always)]
    pub fn fool_bb(&self) -> Bb<V> {
        self.fool().map_or(Bb::<V>::EMPTY, Bb::<V>::from_square)
    }
    /// Every occupied square, the Fool's included: the blockers of lines.
    #[inline(always)]
    pub fn occupied(&self) -> Bb<V> {
        self.board.occupied() | self.fool_bb()
    }
    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Colour {
        self.side
    }
    /// The castling rights.
    #[inline(always)]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }
    /// The square a pawn passed over with its double step on the last move,
    /// unless the Fool killed that pawn or stands on the square.
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }
    /// The square of the pawn that made the double step naming
    /// [`Self::en_passant`].
    #[inline(always)]
    pub fn en_passant_victim_square(&self) -> Option<Square> {
        self.en_passant_victim
    }
    /// The variant's own state (the Fool's square, Checkered chess's pawn
    /// flags, last checkered move and stage).
    #[inline(always)]
    pub fn state(&self) -> &V::State {
        &self.state
    }
    /// Half-moves since the last capture, pawn move or Fool kill.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    /// The move number, starting at 1 and counted up after Black moves.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    /// True when castling is written king-takes-rook (Chess960 mode).
    pub fn chess960(&self) -> bool {
        self.chess960
    }
    /// The Zobrist key.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }
    /// Number of moves made since the position was set up.
    pub fn ply(&self) -> usize {
        self.history.len()
    }
    /// The moves made since the position was set up, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }
    /// The Zobrist keys of the earlier positions since set-up, oldest first.
    pub fn previous_keys(&self) -> impl DoubleEndedIterator<Item = u64> + ExactSizeIterator + '_ {
        self.history.iter().map(|u| u.key)
    }
    /// Forgets the history (the position stays): a game that starts from
    /// this position, such as a self-play game from a random opening, sees
    /// no repetitions of the moves that led here, and unmake stops here.
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    // ----- attacks -----

    /// Enemy pieces (not the Fool) attacking the king of the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bb<V> {
        V::checkers(self)
    }
    /// True when the Fool attacks the king of the side to move.
    #[inline(always)]
    pub fn fool_gives_check(&self) -> bool {
        self.fool().is_some_and(|f| V::G::tables().knight(f).has(self.board.king(self.side)))
    }
    /// False only when legal move `m` certainly does not give check (see
    /// [`Variant::may_give_check`]): a search prunes such a move unmade.
    #[inline(always)]
    pub fn may_give_check(&self, m: Move) -> bool {
        V::may_give_check(self, m)
    }
    /// True when the side to move is in check, by an enemy piece or the Fool.
    pub fn in_check(&self) -> bool {
        self.checkers().any() || self.fool_gives_check()
    }
    /// The en-passant square when it is part of the key (see
    /// [`Variant::en_passant_key`]).
    #[inline(always)]
    fn en_passant_capturable(&self) -> Option<Square> {
        V::en_passant_key(self)
    }
    /// True when a pawn of the side to move attacks the en-passant square:
    /// the orthodox reason for the square to be part of the key.
    #[inline(always)]
    pub(crate) fn pawn_can_take_en_passant(&self) -> Option<Square> {
        self.en_passant
            .filter(|&ep| (V::G::tables().pawn(!self.side, ep) & self.board.pieces(self.side, Role::Pawn)).any())
    }

    // ----- castling geometry -----

    /// The rank castling happens on for `colour`.
    #[inline(always)]
    pub fn home_rank(colour: Colour) -> u8 {
        V::G::relative_rank(colour, 0)
    }
    /// Where king and rook end up when the king on `king` castles with the
    /// rook on `rook`: files c/d on the a-side, g/f on the h-side.
    #[inline(always)]
    pub fn castling_targets(king: Square, rook: Square) -> (Square, Square) {
        let rank = V::G::rank(king);
        if V::G::file(rook) > V::G::file(king) {
            (V::G::square(V::G::FILES - 2, rank), V::G::square(V::G::FILES - 3, rank))
        } else {
            (V::G::square(2, rank), V::G::square(3, rank))
        }
    }
    /// The king's start, crossed and target squares when the king on `king`
    /// castles with the rook on `rook`, which must not be attacked; `None`
    /// when a piece other than those two stands on either one's path.
    #[inline]
    pub(crate) fn castling_king_squares(&self, king: Square, rook: Square) -> Option<Bb<V>> {
        let tables = V::G::tables();
        let (king_to, rook_to) = Self::castling_targets(king, rook);
        let ends = Bb::<V>::from_square(king) | Bb::<V>::from_square(rook);
        let king_path = tables.between(king, king_to) | Bb::<V>::from_square(king_to);
        let rook_path = tables.between(rook, rook_to) | Bb::<V>::from_square(rook_to);
        let clear = ((king_path | rook_path) & self.occupied() & !ends).is_empty();
        clear.then(|| king_path | Bb::<V>::from_square(king))
    }
    /// Castling rights that die when a move starts or ends on `sq` (a rook
    /// leaving or captured on its start square).
    #[inline(always)]
    fn rights_tied_to(sq: Square) -> CastlingRights {
        let mut rights = CastlingRights::NONE;
        for colour in Colour::ALL {
            if V::G::rank(sq) == Self::home_rank(colour) {
                rights.add(colour, V::G::file(sq));
            }
        }
        rights
    }

    // ----- make / unmake -----

    #[inline(always)]
    fn put(&mut self, sq: Square, piece: Piece) {
        self.board.toggle(sq, piece);
        self.mailbox[sq.index()] = Some(piece);
        self.key ^= ZOBRIST.piece(piece, sq);
    }
    #[inline(always)]
    fn remove(&mut self, sq: Square) -> Piece {
        let piece = self.mailbox[sq.index()].expect("a piece to remove");
        self.board.toggle(sq, piece);
        self.mailbox[sq.index()] = None;
        self.key ^= ZOBRIST.piece(piece, sq);
        piece
    }
    #[inline(always)]
    fn strip_rights(&mut self, lost: CastlingRights) {
        self.castling.remove_all(lost);
    }

    /// What a quiet move, capture, promotion or en-passant capture does
    /// under the orthodox rules: the victim on the target square (the
    /// passed pawn for en passant), the mover (or its promotion) placed on
    /// the target. Variants adjust this in [`Variant::effect`].
    #[inline(always)]
    pub(crate) fn plain_effect(&self, m: Move, mover: Piece) -> Effect {
        let square = if m.kind() == MoveKind::EnPassant {
            self.en_passant_victim.expect("an en-passant capture has a victim")
        } else {
            m.to()
        };
        let victim = self.mailbox[square.index()].map(|p| (square, p));
        let placed = m.promotion().map_or(mover, |role| Piece { role, ..mover });
        Effect { victim, placed, summons: false }
    }

    #[inline(always)]
    fn effect(&self, m: Move, mover: Piece) -> Effect {
        V::effect(self, m, mover)
    }

    /// The piece placement right after the base move of `m`, before the Fool
    /// answers: what the Fool's resolution looks at.
    #[inline(always)]
    pub fn board_after(&self, m: Move) -> Bitboards<Bb<V>> {
        let mut board = self.board;
        let (from, to) = (m.from(), m.to());
        let piece = self.mailbox[from.index()].expect("a piece to move");
        match m.kind() {
            MoveKind::Castle => {
                let rook = self.mailbox[to.index()].expect("a rook to castle with");
                let (king_to, rook_to) = Self::castling_targets(from, to);
                board.toggle(from, piece);
                board.toggle(to, rook);
                board.toggle(king_to, piece);
                board.toggle(rook_to, rook);
            }
            MoveKind::EnPassant | MoveKind::Normal | MoveKind::Promotion => {
                let effect = self.effect(m, piece);
                if let Some((square, victim)) = effect.victim {
                    board.toggle(square, victim);
                    if effect.summons {
                        board.toggle(square, Piece::new(piece.colour, Role::Ghost));
                    }
                }
                board.toggle(from, piece);
                board.toggle(to, effect.placed);
            }
        }
        board
    }

    /// The piece standing on `sq` right after the base move of `m` (before
    /// the Fool answers).
    pub fn piece_after_base(&self, m: Move, sq: Square) -> Option<Piece> {
        let (from, to) = (m.from(), m.to());
        let mover = self.mailbox[from.index()]?;
        match m.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = Self::castling_targets(from, to);
                if sq == king_to {
                    Some(mover)
                } else if sq == rook_to {
                    self.mailbox[to.index()]
                } else if sq == from || sq == to {
                    None
                } else {
                    self.mailbox[sq.index()]
                }
            }
            _ if sq == to => Some(self.effect(m, mover).placed),
            _ if sq == from => None,
            _ => match self.effect(m, mover) {
                Effect { victim: Some((square, _)), summons, .. } if square == sq => {
                    summons.then_some(Piece::new(mover.colour, Role::Ghost))
                }
                _ => self.mailbox[sq.index()],
            },
        }
    }

    /// The piece the base move of `m` captures, if any (castling captures
    /// nothing; en passant captures the passed pawn).
    #[inline]
    pub fn captured_by(&self, m: Move) -> Option<Piece> {
        self.base_effect(m).and_then(|(_, effect)| effect.victim).map(|(_, p)| p)
    }

    /// The piece the base move of `m` moves and what the move does to the
    /// board (`None` for castling, which captures and transforms nothing):
    /// the one place a caller learns that a capture turned the capturer into
    /// a checkered piece, or a promotion placed another role.
    #[inline]
    pub fn base_effect(&self, m: Move) -> Option<(Piece, Effect)> {
        match m.kind() {
            MoveKind::Castle => None,
            _ => self.mailbox[m.from().index()].map(|mover| (mover, self.effect(m, mover))),
        }
    }

    /// True when legal move `m` is noisy: its base move captures or
    /// promotes, or the Fool's answer kills a piece of the opponent. These
    /// are the moves that change the material at once in the mover's
    /// favour, the ones a quiescence search plays out.
    #[inline]
    pub fn is_noisy(&self, m: Move) -> bool {
        m.promotion().is_some()
            || self.captured_by(m).is_some()
            || self.fool_victim(m).is_some_and(|victim| victim.colour != self.side)
    }

    /// The piece the Fool kills in answer to `m`, if any. It may belong to
    /// either side, and may be the piece that just moved.
    #[inline]
    pub fn fool_victim(&self, m: Move) -> Option<Piece> {
        m.fool_to().and_then(|sq| self.piece_after_base(m, sq))
    }

    /// Plays a legal move: the base move, then the Fool's answer it carries
    /// (a kill included). The key is updated incrementally.
    pub fn make(&mut self, m: Move) {
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        let piece = self.mailbox[from.index()].expect("a piece to move");
        let mut undo = Undo {
            mv: m,
            moved: piece,
            captured: None,
            fool_victim: None,
            castling: self.castling,
            en_passant: self.en_passant,
            en_passant_victim: self.en_passant_victim,
            state: self.state,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            key: self.key,
        };
        // Read before the en-passant state is cleared: it names the victim.
        let effect = self.effect(m, piece);
        if let Some(ep) = self.en_passant_capturable() {
            self.key ^= ZOBRIST.en_passant(V::G::file(ep));
        }
        self.key ^= ZOBRIST.castling(self.castling) ^ ZOBRIST.side();
        self.en_passant = None;
        self.en_passant_victim = None;
        // The clocks saturate: a FEN may start them anywhere below 2^32.
        self.halfmove = self.halfmove.saturating_add(1);

        match m.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = Self::castling_targets(from, to);
                let king = self.remove(from);
                let rook = self.remove(to);
                self.put(king_to, king);
                self.put(rook_to, rook);
            }
            MoveKind::EnPassant | MoveKind::Normal | MoveKind::Promotion => {
                if let Some((square, _)) = effect.victim {
                    undo.captured = Some((square, self.remove(square)));
                    self.halfmove = 0;
                    if effect.summons {
                        self.put(square, Piece::new(us, Role::Ghost));
                    }
                }
                self.remove(from);
                self.put(to, effect.placed);
                if matches!(piece.role, Role::Pawn | Role::Barbarian) {
                    self.halfmove = 0;
                    if V::G::rank(from).abs_diff(V::G::rank(to)) == 2 {
                        self.en_passant = Some(Square::new(((from.index() + to.index()) / 2) as u8));
                        self.en_passant_victim = Some(to);
                    }
                }
            }
        }
        V::after_move(self, m, piece, effect.victim.is_some());
        if piece.role == Role::King {
            self.castling.remove_colour(piece.colour);
        }
        self.strip_rights(Self::rights_tied_to(from));
        self.strip_rights(Self::rights_tied_to(to));

        if let Some(landing) = m.fool_to().filter(|_| V::State::FOOL) {
            let fool_from = self.fool().expect("a Fool to move");
            if self.mailbox[landing.index()].is_some() {
                undo.fool_victim = Some(self.remove(landing));
                self.halfmove = 0;
                self.strip_rights(Self::rights_tied_to(landing));
            }
            // He killed the pawn that just double-stepped, or stands on the
            // square it passed: either way the en-passant right is gone.
            if self.en_passant_victim == Some(landing) || self.en_passant == Some(landing) {
                self.en_passant = None;
                self.en_passant_victim = None;
            }
            self.state.set_fool(landing);
            self.key ^= ZOBRIST.fool(fool_from) ^ ZOBRIST.fool(landing);
        }

        self.key ^= ZOBRIST.castling(self.castling);
        self.side = !us;
        if us == Colour::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        if let Some(ep) = self.en_passant_capturable() {
            self.key ^= ZOBRIST.en_passant(V::G::file(ep));
        }
        self.history.push(undo);
    }

    /// Takes back the last move made.
    ///
    /// # Panics
    /// When no move has been made since the position was set up.
    pub fn unmake(&mut self) {
        let undo = self.history.pop().expect("a move to unmake");
        let m = undo.mv;
        let us = !self.side;
        self.side = us;
        self.fullmove = undo.fullmove;
        if let Some(victim) = undo.fool_victim {
            self.put(m.fool_to().expect("the Fool killed on his landing square"), victim);
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.en_passant_victim = undo.en_passant_victim;
        self.state = undo.state;
        self.halfmove = undo.halfmove;
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = Self::castling_targets(from, to);
                let king = self.remove(king_to);
                let rook = self.remove(rook_to);
                self.put(from, king);
                self.put(to, rook);
            }
            MoveKind::EnPassant | MoveKind::Normal | MoveKind::Promotion => {
                self.remove(to);
                self.put(from, undo.moved);
                if let Some((square, captured)) = undo.captured {
                    // A ghost summoned onto the victim's square goes first.
                    if self.mailbox[square.index()].is_some() {
                        self.remove(square);
                    }
                    self.put(square, captured);
                }
            }
        }
        self.key = undo.key;
    }

    /// Passes the turn without moving (for null-move pruning in search): the
    /// Fool is not stirred, since nothing moved. Only legal when not in check.
    pub fn make_null(&mut self) {
        self.history.push(Undo {
            mv: Move::default(),
            moved: Piece::new(self.side, Role::King),
            captured: None,
            fool_victim: None,
            castling: self.castling,
            en_passant: self.en_passant,
            en_passant_victim: self.en_passant_victim,
            state: self.state,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            key: self.key,
        });
        if let Some(ep) = self.en_passant_capturable() {
            self.key ^= ZOBRIST.en_passant(V::G::file(ep));
        }
        self.en_passant = None;
        self.en_passant_victim = None;
        self.halfmove = self.halfmove.saturating_add(1);
        self.side = !self.side;
        self.key ^= ZOBRIST.side();
    }

    /// Takes back a null move.
    pub fn unmake_null(&mut self) {
        let undo = self.history.pop().expect("a null move to unmake");
        self.side = !self.side;
        self.en_passant = undo.en_passant;
        self.en_passant_victim = undo.en_passant_victim;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }

    /// The Zobrist key computed from scratch (the incremental one must equal it).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in self.board.occupied().squares() {
            key ^= ZOBRIST.piece(self.mailbox[sq.index()].expect("mailbox agrees with bitboards"), sq);
        }
        if let Some(f) = self.fool() {
            key ^= ZOBRIST.fool(f);
        }
        key ^= ZOBRIST.castling(self.castling);
        if self.side == Colour::Black {
            key ^= ZOBRIST.side();
        }
        if let Some(ep) = self.en_passant_capturable() {
            key ^= ZOBRIST.en_passant(V::G::file(ep));
        }
        key ^ self.state.key()
    }

    /// Everything that make/unmake must restore, for debug checks and tests.
    pub fn snapshot(&self) -> Snapshot<V> {
        Snapshot {
            board: self.board,
            mailbox: self.mailbox,
            side: self.side,
            castling: self.castling,
            en_passant: self.en_passant,
            en_passant_victim: self.en_passant_victim,
            state: self.state,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            key: self.key,
        }
    }
}

/// The rule-relevant state of a position, without its history.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Snapshot<V: Variant> {
    board: Bitboards<Bb<V>>,
    mailbox: [Option<Piece>; 256],
    side: Colour,
    castling: CastlingRights,
    en_passant: Option<Square>,
    en_passant_victim: Option<Square>,
    state: V::State,
    halfmove: u32,
    fullmove: u32,
    key: u64,
}
