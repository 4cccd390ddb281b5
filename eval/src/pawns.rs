//! Pawn structure: doubled, isolated and passed pawns, found for all pawns
//! of a side at once with whole-board fills, how near the kings stand to
//! the passed pawns' path, and whether an enemy piece blocks it.

use crate::bits::{east, fill_forward, forward, west, widen};
use crate::evaluation::Evaluation;
use crate::score::Score;
use crate::trace::{Recorder, Term};
use crate::weights::Field;
use movegen::{Bb, Bitboard, Colour, Geometry, Role, Square, Variant};

/// A pawn's rank `from_home` ranks from its first, on an eight-rank board
/// (0 to 6 for the ranks a pawn can stand on): the passed-pawn terms are
/// shaped on the orthodox board and scaled to the others by it.
#[inline(always)]
fn eight_rank<V: Variant>(from_home: usize) -> i32 {
    from_home as i32 * 7 / (V::G::RANKS as i32 - 1)
}

/// How much the kings' distances to the square in front of `us`'s passed
/// pawn on `pawn` favour it: the enemy king far from it, our own near, the
/// more the further the pawn has come (nothing in the first half of the
/// board). Distances are in king moves, at most 5.
#[inline(always)]
fn king_proximity<V: Variant>(ours: Square, theirs: Square, us: Colour, pawn: Square, from_home: usize) -> i32 {
    // A passed pawn is never on its last rank: the square in front is on the board.
    let rank = V::G::rank(pawn) as i32 + if us == Colour::White { 1 } else { -1 };
    let block = V::G::square(V::G::file(pawn), rank as u8);
    let distance = |king: Square| V::G::distance(king, block).min(5) as i32;
    let weight = (5 * eight_rank::<V>(from_home) - 13).max(0);
    (19 * distance(theirs) - 8 * distance(ours)) * weight / 8
}

impl<V: Variant, R: Recorder> Evaluation<'_, V, R> {
    /// Scores doubled, isolated and passed pawns, and the kings' distance
    /// to the passed pawns' path.
    #[inline(always)]
    pub(crate) fn pawns(&mut self) {
        let (board, tables) = (self.pos.board(), self.tables);
        let weights = Self::weights();
        let pawns = Colour::ALL.map(|c| board.pieces(c, Role::Pawn));
        // For each colour, the squares strictly ahead of its pawns and
        // strictly behind them, on their files: four fills serve every term
        // of both sides.
        let [ahead, behind] = [false, true].map(|back| {
            Colour::ALL.map(|c| {
                let towards = if back { !c } else { c };
                fill_forward::<V::G>(tables, towards, forward::<V::G>(tables, towards, pawns[c.index()]))
            })
        });
        let mut structure = [Score::ZERO; 2];
        let mut passed = [Score::ZERO; 2];
        for us in Colour::ALL {
            let (u, them) = (us.index(), (!us).index());
            let ours = pawns[u];
            // Pawns with one of ours ahead on the file: all but the front one.
            let doubled = ours & behind[u];
            let files = ours | ahead[u] | behind[u];
            let isolated = ours & !(east::<V::G>(tables, files) | west::<V::G>(tables, files));
            // Everything an enemy pawn could still meet: the squares ahead
            // of it, on its file and its neighbours.
            let stoppers = widen::<V::G>(tables, ahead[them]);
            // Pawns with an enemy piece (or the Fool) right in front.
            let blocked = forward::<V::G>(tables, !us, board.colour(!us) | self.fool);
            let (doubled, isolated) = (doubled.count() as i32, isolated.count() as i32);
            structure[u] = weights.doubled_pawn * doubled + weights.isolated_pawn * isolated;
            self.count(us, Field::DoubledPawn, 0, [doubled as f64; 2]);
            self.count(us, Field::IsolatedPawn, 0, [isolated as f64; 2]);
            for sq in (ours & !stoppers).squares() {
                let rank = V::G::rank(sq);
                let from_home = V::G::relative_rank(us, rank) as usize;
                passed[u] += weights.passed_pawn[from_home];
                self.count(us, Field::PassedPawn, from_home, [1.0; 2]);
                let proximity = king_proximity::<V>(board.king(us), board.king(!us), us, sq, from_home);
                passed[u] += weights.passed_king_proximity * proximity;
                self.count(us, Field::PassedKingProximity, 0, [proximity as f64; 2]);
                let units = (eight_rank::<V>(from_home) - 2).max(0);
                if blocked.has(sq) {
                    passed[u] += weights.passed_blocked * units;
                    self.count(us, Field::PassedBlocked, 0, [units as f64; 2]);
                } else {
                    let path = fill_forward::<V::G>(tables, us, forward::<V::G>(tables, us, Bb::<V>::from_square(sq)));
                    if (path & (board.colour(!us) | self.fool | self.attacked[them])).is_empty() {
                        passed[u] += weights.passed_free * units;
                        self.count(us, Field::PassedFree, 0, [units as f64; 2]);
                    }
                }
            }
        }
        self.add_sides(Term::PawnStructure, structure);
        self.add_sides(Term::PassedPawns, passed);
    }
}
