//! Pawn structure: doubled, isolated and passed pawns, found for all pawns
//! of a side at once with whole-board fills.

use crate::bits::{east, fill_forward, forward, west, widen};
use crate::evaluation::Evaluation;
use crate::score::Score;
use crate::trace::{Recorder, Term};
use crate::weights::{DOUBLED_PAWN, ISOLATED_PAWN, PASSED_PAWN};
use movegen::{Bitboard, Colour, Geometry, Role, Variant};
use std::marker::PhantomData;

/// Passed-pawn bonuses indexed by how many ranks the pawn stands from its
/// own first rank (1 on its start rank, `ranks - 2` one step from
/// promotion), growing with the square of the way it has come.
pub const fn passed_bonuses(ranks: u8) -> [Score; 16] {
    let last = ranks as i32 - 2;
    let mut table = [Score::ZERO; 16];
    let mut rank = 1;
    while rank <= last {
        table[rank as usize] = PASSED_PAWN.scaled(rank * rank, last * last);
        rank += 1;
    }
    table
}

/// Holds the passed-pawn table of a board shape, built at compile time.
struct PassedTable<G>(PhantomData<G>);

impl<G: Geometry> PassedTable<G> {
    const BONUS: [Score; 16] = passed_bonuses(G::RANKS);
}

impl<V: Variant, R: Recorder> Evaluation<'_, V, R> {
    /// Scores doubled, isolated and passed pawns.
    #[inline(always)]
    pub(crate) fn pawns(&mut self) {
        let (board, tables) = (self.pos.board(), self.tables);
        let passed_bonus = &PassedTable::<V::G>::BONUS;
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
            structure[u] = DOUBLED_PAWN * doubled.count() as i32 + ISOLATED_PAWN * isolated.count() as i32;
            for sq in (ours & !stoppers).squares() {
                let rank = V::G::rank(sq);
                let from_home = V::G::relative_rank(us, rank);
                passed[u] += passed_bonus[from_home as usize];
            }
        }
        self.add_sides(Term::PawnStructure, structure);
        self.add_sides(Term::PassedPawns, passed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passed_bonus_grows_to_full_weight_one_step_from_promotion() {
        for ranks in [8, 10, 12] {
            let table = passed_bonuses(ranks);
            let last = ranks as usize - 2;
            assert_eq!(table[last], PASSED_PAWN);
            assert_eq!(table[0], Score::ZERO);
            assert_eq!(table[last + 1], Score::ZERO);
            assert!((1..last).all(|r| table[r].eg() < table[r + 1].eg()));
        }
    }
}
