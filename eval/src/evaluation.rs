//! One evaluation in progress: the attack maps and king pressure that the
//! terms share, and the running total. Each term lives in its own module as
//! a method of [`Evaluation`]; `run` calls them in the order their inputs
//! become ready.

use crate::bits::{self, Tables};
use crate::score::Score;
use crate::trace::{Recorder, Term};
use crate::tuned;
use crate::weights::{Field, Weights};
use movegen::{Bb, Bitboard, Colour, Geometry, Position, Role, Variant};

/// The state of one evaluation of `pos`, reporting its terms to `R`.
pub(crate) struct Evaluation<'a, V: Variant, R: Recorder> {
    pub(crate) pos: &'a Position<V>,
    /// The board's attack tables.
    pub(crate) tables: &'static Tables<V::G>,
    /// Line blockers: every piece and the Fool.
    pub(crate) occupied: Bb<V>,
    /// The Fool's square as a set (empty without a Fool).
    pub(crate) fool: Bb<V>,
    /// Squares each colour's pawns attack, indexed by colour.
    pub(crate) pawn_attacks: [Bb<V>; 2],
    /// Squares each colour attacks with any piece, king included; complete
    /// once `pieces` has run.
    pub(crate) attacked: [Bb<V>; 2],
    /// Squares each colour attacks at least twice (pawns and king counted
    /// once between them); complete once `pieces` has run.
    pub(crate) attacked_twice: [Bb<V>; 2],
    /// Squares each colour's pieces of each role attack, indexed by colour
    /// and role: filled for the roles that move where they attack (not
    /// pawns, see `pawn_attacks`; not the king) once `pieces` has run.
    pub(crate) attacked_by: [[Bb<V>; Role::COUNT]; 2],
    /// Each colour's king square and the squares around it.
    pub(crate) king_zone: [Bb<V>; 2],
    /// Danger units gathered against each colour's king (see `weights`).
    pub(crate) king_danger: [i32; 2],
    /// Each colour's knights, bishops, rooks and queens attacking the Fool.
    pub(crate) fool_menacers: [i32; 2],
    /// Enemy pieces each colour's pieces attack that are worth more than
    /// the attacker, counted once per attacker; complete once `pieces` has run.
    pub(crate) lesser_threats: [i32; 2],
    /// The game phase, set by `pieces`.
    pub(crate) phase: i32,
    total: Score,
    recorder: R,
}

impl<'a, V: Variant, R: Recorder> Evaluation<'a, V, R> {
    #[inline(always)]
    pub(crate) fn new(pos: &'a Position<V>, recorder: R) -> Self {
        let tables = V::G::tables();
        let board = pos.board();
        let pawn_attacks = Colour::ALL.map(|c| bits::pawn_attacks::<V::G>(tables, c, board.pieces(c, Role::Pawn)));
        let king_attacks = Colour::ALL.map(|c| tables.king(board.king(c)));
        Evaluation {
            pos,
            tables,
            occupied: pos.occupied(),
            fool: pos.fool_bb(),
            pawn_attacks,
            attacked: [0, 1].map(|c| pawn_attacks[c] | king_attacks[c]),
            attacked_twice: [0, 1].map(|c| pawn_attacks[c] & king_attacks[c]),
            attacked_by: [[Bb::<V>::EMPTY; Role::COUNT]; 2],
            king_zone: Colour::ALL.map(|c| king_attacks[c.index()] | Bb::<V>::from_square(board.king(c))),
            king_danger: [0; 2],
            fool_menacers: [0; 2],
            lesser_threats: [0; 2],
            phase: 0,
            total: Score::ZERO,
            recorder,
        }
    }

    /// Runs every term; returns the score from White's point of view and the
    /// recorder.
    #[inline(always)]
    pub(crate) fn run(mut self) -> (i32, R) {
        self.pieces();
        self.pawns();
        if let Some(fool) = self.pos.fool() {
            self.fool(fool);
        }
        self.king_safety();
        self.threats();
        self.mop_up();
        self.tempo();
        let total = self.total.taper(self.phase);
        self.recorder.finish(self.phase, total);
        (total, self.recorder)
    }

    /// The variant's weights (a constant).
    #[inline(always)]
    pub(crate) fn weights() -> &'static Weights {
        tuned::of(V::KIND)
    }

    /// Adds a term, given for each side from its own point of view.
    #[inline(always)]
    pub(crate) fn add(&mut self, term: Term, white: Score, black: Score) {
        self.total += white - black;
        self.recorder.term(term, white, black);
    }

    /// Tells the recorder that `colour` earns `count` (middlegame, endgame)
    /// times the weight `slot` of `field`; nothing on the fast path.
    #[inline(always)]
    pub(crate) fn count(&mut self, colour: Colour, field: Field, slot: usize, count: [f64; 2]) {
        if R::COUNTS {
            self.recorder.weight(colour, field.offset() + slot, count);
        }
    }

    /// Adds a term computed per colour, indexed by colour.
    #[inline(always)]
    pub(crate) fn add_sides(&mut self, term: Term, sides: [Score; 2]) {
        self.add(term, sides[0], sides[1]);
    }

    #[inline(always)]
    fn tempo(&mut self) {
        let mut sides = [Score::ZERO; 2];
        let us = self.pos.side_to_move();
        sides[us.index()] = Self::weights().tempo;
        self.count(us, Field::Tempo, 0, [1.0; 2]);
        self.add_sides(Term::Tempo, sides);
    }
}
