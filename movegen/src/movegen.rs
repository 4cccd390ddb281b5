//! Legal move generation.
//!
//! Base moves are generated legal with respect to test 1 of RULES.md §1
//! ("the Fool is no shield": the mover's king is not attacked by an enemy
//! piece after the base move) with the usual checkers/pins/check-mask
//! technique, the Fool counting as a blocker but not as an attacker. In a
//! variant with a Fool each base move then goes through
//! [`crate::fool::answers`], which yields one legal move per Fool answer and
//! enforces test 2. Without a Fool that step compiles away.

use crate::bitboard::Bitboard;
use crate::geometry::{Geometry, Square};
use crate::moves::{Move, MoveKind, MoveSink};
use crate::piece::{Colour, Role};
use crate::position::{Bb, Position};
use crate::variant::Variant;
use crate::{attacks::AttackTables, fool};

/// Everything the generators share about the position being expanded.
/// `NOISY` generators emit only the noisy moves (see [`Position::is_noisy`]).
struct Context<'a, V: Variant, S: MoveSink, const NOISY: bool> {
    pos: &'a Position<V>,
    sink: &'a mut S,
    tables: &'static AttackTables<Bb<V>>,
    us: Colour,
    king: Square,
    occupied: Bb<V>,
    /// Squares a piece may move to: not ours, not the Fool's.
    targets: Bb<V>,
    /// Squares that block or capture the single checker (all when none).
    check_mask: Bb<V>,
    pinned: Bb<V>,
    /// The opponent's pieces: a move to one of them captures.
    theirs: Bb<V>,
    /// Squares a quiet base move may go to: all of them, or none when only
    /// noisy moves are wanted and no Fool answer can kill an enemy piece
    /// (then a quiet base move is never noisy, and is not even generated).
    quiet_targets: Bb<V>,
    /// The Fool's lines up to and including the first blocker: only a piece
    /// leaving one of them can open a line onto him.
    fool_lines: Bb<V>,
    /// True when the Fool exists and is unattacked now, so that he stays put
    /// after every base move that does not attack him (see
    /// [`Context::stirs_fool`]).
    fool_quiet: bool,
}

/// Generates every legal move of the side to move into `sink`, by the
/// variant's rules.
#[inline]
pub fn generate<V: Variant, S: MoveSink>(pos: &Position<V>, sink: &mut S) {
    V::generate(pos, sink)
}

/// Generates the legal noisy moves of the side to move into `sink` (see
/// [`Position::is_noisy`]), by the variant's rules: what a quiescence search
/// looks at, without the cost of the quiet moves it would drop.
#[inline]
pub fn generate_noisy<V: Variant, S: MoveSink>(pos: &Position<V>, sink: &mut S) {
    V::generate_noisy(pos, sink)
}

/// A sink that passes on only the noisy moves of `pos`: the noisy
/// generator of a variant that has no faster one.
pub(crate) struct NoisyOnly<'a, V: Variant, S: MoveSink> {
    pub(crate) pos: &'a Position<V>,
    pub(crate) sink: &'a mut S,
}

impl<V: Variant, S: MoveSink> MoveSink for NoisyOnly<'_, V, S> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if self.pos.is_noisy(m) {
            self.sink.push(m);
        }
    }
}

/// The orthodox generator (chess, Red Fool Chess), the Fool's answers
/// included where there is a Fool; every legal move, or with `NOISY` only
/// the noisy ones.
pub(crate) fn generate_orthodox<V: Variant, S: MoveSink, const NOISY: bool>(pos: &Position<V>, sink: &mut S) {
    let tables = V::G::tables();
    let us = pos.side_to_move();
    let board = pos.board();
    let king = board.king(us);
    let occupied = pos.occupied();
    let theirs = board.colour(!us);
    let checkers = pos.checkers();

    // A quiet base move is noisy only when the Fool's answer kills one of
    // their pieces: impossible unless one stands on his knight squares.
    let fool_may_kill = pos.fool().is_some_and(|f| (tables.knight(f) & theirs & !board.role(Role::King)).any());
    let mut ctx = Context::<V, S, NOISY> {
        pos,
        sink,
        tables,
        us,
        king,
        occupied,
        targets: tables.all & !(board.colour(us) | pos.fool_bb()),
        check_mask: tables.all,
        pinned: Bb::<V>::EMPTY,
        theirs,
        quiet_targets: if NOISY && !fool_may_kill { Bb::<V>::EMPTY } else { tables.all },
        fool_lines: Bb::<V>::EMPTY,
        fool_quiet: false,
    };
    if let Some(fool) = pos.fool() {
        ctx.fool_quiet = board.attackers_to(tables, fool, occupied).is_empty();
        ctx.fool_lines = tables.queen(fool, occupied);
    }
    ctx.king_moves();
    if checkers.more_than_one() {
        return;
    }
    if let Some(checker) = checkers.any().then(|| checkers.lsb()) {
        ctx.check_mask = tables.between(king, checker) | Bb::<V>::from_square(checker);
    } else if ctx.quiet_targets.any() {
        // Castling is a quiet move: a noisy generator builds it only when
        // the Fool's answer to it could kill an enemy piece.
        ctx.castling();
    }
    let snipers = ((tables.rook_pseudo(king) & board.orthogonal_sliders())
        | (tables.bishop_pseudo(king) & board.diagonal_sliders()))
        & theirs;
    for sniper in snipers.squares() {
        let blockers = tables.between(king, sniper) & occupied;
        if !blockers.more_than_one() {
            ctx.pinned |= blockers & board.colour(us);
        }
    }
    ctx.pawn_moves();
    ctx.piece_moves();
    ctx.en_passant();
}

/// The legal moves of the side to move, as a vector.
pub fn legal_moves<V: Variant>(pos: &Position<V>) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    generate(pos, &mut moves);
    moves
}

impl<V: Variant, S: MoveSink, const NOISY: bool> Context<'_, V, S, NOISY> {
    /// Passes a base move on, through the Fool's resolution when there is
    /// one; a `NOISY` generator passes on a quiet base move only with an
    /// answer that kills one of their pieces.
    #[inline(always)]
    fn emit(&mut self, base: Move) {
        let quiet =
            NOISY && !matches!(base.kind(), MoveKind::EnPassant | MoveKind::Promotion) && !self.theirs.has(base.to());
        match self.pos.fool() {
            Some(fool) => {
                let (from, to) = (base.from(), base.to());
                let simple = matches!(base.kind(), MoveKind::Normal | MoveKind::Promotion);
                if simple && self.fool_quiet && !self.stirs_fool(fool, from, to, base.promotion()) {
                    debug_assert!({
                        let after = self.pos.board_after(base);
                        let occupied = after.occupied() | Bb::<V>::from_square(fool);
                        after.attackers_to(self.tables, fool, occupied).is_empty()
                    });
                    // He stays untouched; test 2 asks only that he not check our king.
                    let king = if from == self.king { to } else { self.king };
                    if !quiet && !self.tables.knight(fool).has(king) {
                        self.sink.push(base);
                    }
                    return;
                }
                let after = self.pos.board_after(base);
                let (sink, theirs) = (&mut *self.sink, self.theirs);
                fool::answers::<V::G>(&after, fool, self.us, |answer| {
                    if !quiet || answer.is_some_and(|t| theirs.has(t)) {
                        sink.push(base.with_fool(answer));
                    }
                });
            }
            _ if !quiet => self.sink.push(base),
            _ => {}
        }
    }

    /// True when the normal move or promotion from `from` to `to` leaves
    /// the Fool on `fool`, unattacked now, attacked: exact for the orthodox
    /// pieces (any other role counts as stirring him), and without building
    /// the board after the move.
    ///
    /// After the move, only two things can attack him: the piece placed on
    /// `to`, by its own pattern, and a slider whose line onto him the
    /// moving piece opened by leaving `from`. Every other piece attacks as
    /// it did before (not at all): leapers do not depend on blockers, and
    /// the piece placed on `to` can only close lines.
    #[inline(always)]
    fn stirs_fool(&self, fool: Square, from: Square, to: Square, promotion: Option<Role>) -> bool {
        let t = self.tables;
        let board = self.pos.board();
        let moved = Bb::<V>::from_square(from) | Bb::<V>::from_square(to);
        let occupied = (self.occupied & !moved) | Bb::<V>::from_square(to);
        let role = promotion.or_else(|| self.pos.piece_at(from).map(|p| p.role));
        let placed_attacks = match role {
            Some(Role::Pawn) => t.pawn(!self.us, fool).has(to),
            Some(Role::Knight) => t.knight(fool).has(to),
            Some(Role::Bishop) => t.bishop(fool, occupied).has(to),
            Some(Role::Rook) => t.rook(fool, occupied).has(to),
            Some(Role::Queen) => t.queen(fool, occupied).has(to),
            Some(Role::King) => t.king(fool).has(to),
            _ => return true,
        };
        placed_attacks
            || (self.fool_lines.has(from)
                && (((t.bishop(fool, occupied) & board.diagonal_sliders())
                    | (t.rook(fool, occupied) & board.orthogonal_sliders()))
                    & !moved)
                    .any())
    }

    /// Emits from→to unless a pin forbids it.
    #[inline(always)]
    fn emit_unpinned(&mut self, from: Square, to: Square, kind: MoveKind, promotion: Option<Role>) {
        if !self.pinned.has(from) || self.tables.line(self.king, from).has(to) {
            self.emit(Move::new(from, to, kind, promotion));
        }
    }

    fn king_moves(&mut self) {
        let board = self.pos.board();
        let without_king = self.occupied ^ Bb::<V>::from_square(self.king);
        let reach = self.tables.king(self.king) & self.targets & (self.theirs | self.quiet_targets);
        for to in reach.squares() {
            if !board.attacked_by(self.tables, to, !self.us, without_king) {
                self.emit(Move::normal(self.king, to));
            }
        }
    }

    fn piece_moves(&mut self) {
        let board = self.pos.board();
        let ours = board.colour(self.us);
        let mask = self.targets & self.check_mask & (self.theirs | self.quiet_targets);
        for from in (board.role(Role::Knight) & ours & !self.pinned).squares() {
            for to in (self.tables.knight(from) & mask).squares() {
                self.emit(Move::normal(from, to));
            }
        }
        for from in (board.diagonal_sliders() & ours).squares() {
            let mut reach = self.tables.bishop(from, self.occupied) & mask;
            if self.pinned.has(from) {
                reach &= self.tables.line(self.king, from);
            }
            for to in reach.squares() {
                self.emit(Move::normal(from, to));
            }
        }
        for from in (board.orthogonal_sliders() & ours).squares() {
            let mut reach = self.tables.rook(from, self.occupied) & mask;
            if self.pinned.has(from) {
                reach &= self.tables.line(self.king, from);
            }
            for to in reach.squares() {
                self.emit(Move::normal(from, to));
            }
        }
    }

    /// Pawn pushes, double steps, captures and promotions, set-wise.
    fn pawn_moves(&mut self) {
        let t = self.tables;
        let files = V::G::FILES as u32;
        let board = self.pos.board();
        let pawns = board.pieces(self.us, Role::Pawn);
        let empty = t.all & !self.occupied;
        let enemies = board.colour(!self.us) & self.check_mask;
        let last_rank = t.ranks[Position::<V>::home_rank(!self.us) as usize];
        let double_rank = match self.us {
            Colour::White => 2,
            Colour::Black => V::G::RANKS as usize - 3,
        };
        let us = self.us;
        let forward = |b: Bb<V>, n: u32| match us {
            Colour::White => b << n,
            Colour::Black => b >> n,
        };
        let back = |to: Square, steps: i32| Square::new((to.index() as i32 - steps) as u8);
        let up = match self.us {
            Colour::White => files as i32,
            Colour::Black => -(files as i32),
        };

        let single = forward(pawns, files) & empty;
        let double = forward(single & t.ranks[double_rank], files) & empty & self.check_mask & self.quiet_targets;
        for to in (single & self.check_mask & (self.quiet_targets | last_rank)).squares() {
            self.pawn_move_to(back(to, up), to, last_rank);
        }
        for to in double.squares() {
            self.emit_unpinned(back(to, 2 * up), to, MoveKind::Normal, None);
        }
        // Captures towards the a-file, then towards the last file.
        let not_a = pawns & !t.files[0];
        let not_last = pawns & !t.files[V::G::FILES as usize - 1];
        let (west, east, west_step, east_step) = match self.us {
            Colour::White => (not_a << (files - 1), not_last << (files + 1), up - 1, up + 1),
            Colour::Black => (not_a >> (files + 1), not_last >> (files - 1), up - 1, up + 1),
        };
        for to in (west & t.all & enemies).squares() {
            self.pawn_move_to(back(to, west_step), to, last_rank);
        }
        for to in (east & t.all & enemies).squares() {
            self.pawn_move_to(back(to, east_step), to, last_rank);
        }
    }

    #[inline(always)]
    fn pawn_move_to(&mut self, from: Square, to: Square, last_rank: Bb<V>) {
        if last_rank.has(to) {
            for role in Role::PROMOTIONS {
                self.emit_unpinned(from, to, MoveKind::Promotion, Some(role));
            }
        } else {
            self.emit_unpinned(from, to, MoveKind::Normal, None);
        }
    }

    /// En passant, checked by playing it on the bitboards: the capture
    /// removes two pieces from one line, which pins alone do not capture.
    fn en_passant(&mut self) {
        let Some(ep) = self.pos.en_passant() else {
            return;
        };
        let board = self.pos.board();
        let capturers = self.tables.pawn(!self.us, ep) & board.pieces(self.us, Role::Pawn);
        for from in capturers.squares() {
            let m = Move::new(from, ep, MoveKind::EnPassant, None);
            let after = self.pos.board_after(m);
            let occupied = after.occupied() | self.pos.fool_bb();
            if (after.attackers_to(self.tables, self.king, occupied) & after.colour(!self.us)).is_empty() {
                self.emit(m);
            }
        }
    }

    /// Castling with any rook that still has the right, per RULES.md §1–2.
    fn castling(&mut self) {
        let pos = self.pos;
        let board = pos.board();
        let rank = Position::<V>::home_rank(self.us);
        let fool_watch = pos.fool().map_or(Bb::<V>::EMPTY, |f| self.tables.knight(f));
        for file in pos.castling().files(self.us) {
            let rook = V::G::square(file, rank);
            let Some(king_squares) = pos.castling_king_squares(self.king, rook) else { continue };
            let watched = king_squares
                .squares()
                .any(|sq| fool_watch.has(sq) || board.attacked_by(self.tables, sq, !self.us, self.occupied));
            if watched {
                continue;
            }
            let (king_to, _) = Position::<V>::castling_targets(self.king, rook);
            // Test 1 after the move: the rook leaving may open a line on the
            // king's destination (Chess960).
            let m = Move::new(self.king, rook, MoveKind::Castle, None);
            let after = pos.board_after(m);
            if (after.attackers_to(self.tables, king_to, after.occupied() | pos.fool_bb()) & self.theirs).is_empty() {
                self.emit(m);
            }
        }
    }
}
