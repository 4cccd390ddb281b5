//! The evaluation broken down by term, for tests, tuning and the UCI `eval`
//! command.
//!
//! The evaluation reports each term to a [`Recorder`]. The fast path uses
//! [`Silent`], whose calls compile to nothing; [`Trace`] keeps them.

use crate::score::Score;
use crate::weights::PHASE_MAX;
use movegen::Colour;
use std::fmt;

/// The terms of the evaluation, in the order they are printed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Term {
    /// Piece values and the bishop pair.
    Material,
    /// Where each piece stands (piece-square tables, minor pieces behind pawns).
    PieceSquares,
    /// Squares each piece can go to.
    Mobility,
    /// Doubled and isolated pawns.
    PawnStructure,
    /// Passed pawns, by how far they have come, how near the kings are and
    /// whether an enemy piece blocks them.
    PassedPawns,
    /// Pressure on the king (the Fool's checks included) and its pawn shelter.
    KingSafety,
    /// Pieces attacked by pawns (or by a pawn's safe step) or by lesser
    /// pieces, or attacked and undefended; squares to attack the queen from.
    Threats,
    /// Pieces the Fool would kill when next stirred.
    FoolVictims,
    /// How close the Fool is to checking each king.
    FoolKingDistance,
    /// Pieces attacking the Fool's square.
    FoolMenace,
    /// Driving a bare king to the edge, the other king coming near.
    MopUp,
    /// Having the move.
    Tempo,
}

impl Term {
    /// Number of terms.
    pub const COUNT: usize = 12;
    /// Every term, in print order.
    pub const ALL: [Term; Term::COUNT] = [
        Term::Material,
        Term::PieceSquares,
        Term::Mobility,
        Term::PawnStructure,
        Term::PassedPawns,
        Term::KingSafety,
        Term::Threats,
        Term::FoolVictims,
        Term::FoolKingDistance,
        Term::FoolMenace,
        Term::MopUp,
        Term::Tempo,
    ];

    /// The term's name as printed.
    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::PieceSquares => "Piece squares",
            Term::Mobility => "Mobility",
            Term::PawnStructure => "Pawn structure",
            Term::PassedPawns => "Passed pawns",
            Term::KingSafety => "King safety",
            Term::Threats => "Threats",
            Term::FoolVictims => "Fool victims",
            Term::FoolKingDistance => "Fool near king",
            Term::FoolMenace => "Fool menace",
            Term::MopUp => "Mop-up",
            Term::Tempo => "Tempo",
        }
    }
}

/// Receives each term as the evaluation computes it.
pub(crate) trait Recorder {
    /// Whether the recorder takes how many times each weight counts
    /// ([`Recorder::weight`]): the evaluation works the counts out only for
    /// one that does, so the fast path never pays for them.
    const COUNTS: bool = false;
    /// `white` and `black` are the term for each side, from that side's
    /// point of view (positive is good for it).
    fn term(&mut self, term: Term, white: Score, black: Score);
    /// `colour` earns `count` (middlegame, endgame) times the weight the
    /// tuner numbers `index` (see [`crate::weights::Field::offset`]): the
    /// evaluation is the sum of these, up to integer rounding, the phase
    /// blend and the terms no weight scales.
    fn weight(&mut self, _colour: Colour, _index: usize, _count: [f64; 2]) {}
    /// The game phase and the final score (White's point of view).
    fn finish(&mut self, phase: i32, total: i32);
}

/// The recorder of the fast path: keeps nothing.
pub(crate) struct Silent;

impl Recorder for Silent {
    #[inline(always)]
    fn term(&mut self, _: Term, _: Score, _: Score) {}
    #[inline(always)]
    fn finish(&mut self, _: i32, _: i32) {}
}

/// Every term of one evaluation, for each side, with the phase and the total.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Trace {
    /// Each term's (White, Black) scores, indexed by `Term as usize`, each
    /// from its owner's point of view.
    pub terms: [[Score; 2]; Term::COUNT],
    /// The game phase, from [`PHASE_MAX`] (all pieces on) down to 0.
    pub phase: i32,
    /// The evaluation in centipawns from White's point of view, the same
    /// number `evaluate_white` returns.
    pub total: i32,
}

impl Trace {
    /// The term as scored for `colour`, from its point of view.
    pub fn side(&self, term: Term, colour: Colour) -> Score {
        self.terms[term as usize][colour.index()]
    }
    /// The term's net worth to White (White's score minus Black's).
    pub fn net(&self, term: Term) -> Score {
        self.side(term, Colour::White) - self.side(term, Colour::Black)
    }
}

impl Recorder for Trace {
    fn term(&mut self, term: Term, white: Score, black: Score) {
        self.terms[term as usize] = [white, black];
    }
    fn finish(&mut self, phase: i32, total: i32) {
        self.phase = phase;
        self.total = total;
    }
}

impl fmt::Display for Trace {
    /// A table of the terms in centipawns, each side from its own point of
    /// view and the net from White's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pair = |s: Score| format!("{:>7} {:>7}", s.mg(), s.eg());
        let rule = format!("{:-<16}+{:-<17}+{:-<17}+{:-<24}", "", "", "", "");
        writeln!(f, "{:>15} | {:^15} | {:^15} | {:^22}", "Term", "White", "Black", "Net (White)")?;
        writeln!(
            f,
            "{:>15} | {:>7} {:>7} | {:>7} {:>7} | {:>7} {:>7} {:>6}",
            "", "mg", "eg", "mg", "eg", "mg", "eg", "blend"
        )?;
        writeln!(f, "{rule}")?;
        for term in Term::ALL {
            let net = self.net(term);
            writeln!(
                f,
                "{:>15} | {} | {} | {} {:>6}",
                term.name(),
                pair(self.side(term, Colour::White)),
                pair(self.side(term, Colour::Black)),
                pair(net),
                net.taper(self.phase)
            )?;
        }
        writeln!(f, "{rule}")?;
        writeln!(f, "Phase: {} of {PHASE_MAX} (middlegame weight)", self.phase)?;
        write!(f, "Total: {} centipawns, White's point of view", self.total)
    }
}
