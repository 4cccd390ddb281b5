//! Mopping up a bare king: once one side has nothing left but its king,
//! the other wins by driving that king to the edge and bringing its own
//! king up to help mate. Material alone says the game is won but not how;
//! a shallow search that sees no mate drifts and lets the fifty-move rule
//! draw won endings such as king and rook against king.

use crate::evaluation::Evaluation;
use crate::score::Score;
use crate::trace::{Recorder, Term};
use crate::weights::Field;
use movegen::{Bitboard, Colour, Geometry, Role, Square, Variant};

/// How far `sq` is from the nearest edge of the board, in king steps.
fn edge_distance<G: Geometry>(sq: Square) -> i32 {
    let (file, rank) = (G::file(sq) as i32, G::rank(sq) as i32);
    file.min(G::FILES as i32 - 1 - file).min(rank).min(G::RANKS as i32 - 1 - rank)
}

impl<V: Variant, R: Recorder> Evaluation<'_, V, R> {
    /// Scores the side facing a bare king, when it has at least a rook's
    /// worth of pieces: per step the enemy king stands nearer the edge
    /// than the centre, and per step the kings are nearer than the far
    /// corners of the board.
    #[inline(always)]
    pub(crate) fn mop_up(&mut self) {
        let board = self.pos.board();
        let weights = Self::weights();
        let mut sides = [Score::ZERO; 2];
        for us in Colour::ALL {
            let them = !us;
            if board.colour(them).count() != 1 {
                continue;
            }
            let pieces = board.colour(us) & !board.role(Role::Pawn) & !board.royals();
            let force: i32 = pieces
                .squares()
                .filter_map(|sq| board.role_at(sq))
                .map(|role| weights.material[role.index()].mg())
                .sum();
            if force < weights.material[Role::Rook.index()].mg() {
                continue;
            }
            let (king, bare) = (board.king(us), board.king(them));
            let centre = (V::G::FILES.min(V::G::RANKS) as i32 - 1) / 2;
            let edge = centre - edge_distance::<V::G>(bare);
            let far = (V::G::FILES.max(V::G::RANKS) as i32 - 1) - V::G::distance(king, bare) as i32;
            sides[us.index()] = weights.mop_up_edge * edge + weights.mop_up_close * far;
            self.count(us, Field::MopUpEdge, 0, [edge as f64; 2]);
            self.count(us, Field::MopUpClose, 0, [far as f64; 2]);
        }
        self.add_sides(Term::MopUp, sides);
    }
}
