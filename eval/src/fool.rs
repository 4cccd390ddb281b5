//! The Red Fool's terms: the pieces he would kill when next stirred, how
//! close he is to checking each king, and the pieces menacing him.
//!
//! "Stirred next" applies his resolution (RULES.md §1) to the current board:
//! a knight target is safe when no piece of either colour attacks it. The
//! Fool's own square is never on a line through one of his targets (they are
//! a knight's move apart), so his leaving opens no line onto the target, and
//! a victim cannot attack its own square: the attack maps of the current
//! board decide safety exactly. The patron rule depends on who stirs him and
//! is left out.

use crate::evaluation::Evaluation;
use crate::score::Score;
use crate::trace::{Recorder, Term};
use crate::weights::{Field, FOOL_CHECK_THREAT_UNITS, FOOL_CHECK_UNITS, PIECE_VALUE};
use movegen::{Bitboard, Colour, Geometry, Role, Square, Variant};
use std::marker::PhantomData;

/// Knight distances between every two squares of a board (`u8::MAX` where
/// unreachable), indexed by square index.
pub type KnightDistances = [[u8; 256]; 256];

/// The roles the Fool may kill, cheapest first (RULES.md §1 rung b).
const VICTIM_ROLES: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The knight distances of a `files` x `ranks` board, by breadth-first search
/// from every square.
pub const fn knight_distances(files: u8, ranks: u8) -> KnightDistances {
    const STEPS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let (nf, nr) = (files as i32, ranks as i32);
    let squares = (nf * nr) as usize;
    let mut table = [[u8::MAX; 256]; 256];
    let mut source = 0;
    while source < squares {
        let mut queue = [0usize; 256];
        let (mut head, mut tail) = (0, 1);
        queue[0] = source;
        table[source][source] = 0;
        while head < tail {
            let sq = queue[head];
            head += 1;
            let (file, rank) = ((sq % files as usize) as i32, (sq / files as usize) as i32);
            let mut step = 0;
            while step < STEPS.len() {
                let (f, r) = (file + STEPS[step].0, rank + STEPS[step].1);
                if f >= 0 && f < nf && r >= 0 && r < nr {
                    let target = (r * nf + f) as usize;
                    if table[source][target] == u8::MAX {
                        table[source][target] = table[source][sq] + 1;
                        queue[tail] = target;
                        tail += 1;
                    }
                }
                step += 1;
            }
        }
        source += 1;
    }
    table
}

/// Holds the knight distances of a board shape, built at compile time.
struct Distances<G>(PhantomData<G>);

impl<G: Geometry> Distances<G> {
    const TABLE: KnightDistances = knight_distances(G::FILES, G::RANKS);
}

/// The knight distances of board shape `G`.
#[inline(always)]
pub fn knight_distance<G: Geometry>(from: Square, to: Square) -> u8 {
    let table: &'static KnightDistances = &Distances::<G>::TABLE;
    table[from.index()][to.index()]
}

impl<V: Variant, R: Recorder> Evaluation<'_, V, R> {
    /// Scores the Fool standing on `fool`; `pieces` must have completed the
    /// attack maps. Adds his checks and check threats to `king_danger`.
    #[inline(always)]
    pub(crate) fn fool(&mut self, fool: Square) {
        let (board, tables) = (self.pos.board(), self.tables);
        let pieces = board.occupied();
        let leaps = tables.knight(fool);
        let kings = board.role(Role::King);
        let safe = leaps & !kings & !(self.attacked[0] | self.attacked[1]);

        // His answer if stirred now, by the rungs of §1: an empty interior
        // square if he has one; else the cheapest pieces he can safely kill;
        // else, while checking a king, an empty edge square.
        let refuges = safe & !pieces & tables.interior;
        let (victim_role, victims) = if refuges.any() {
            (Role::Pawn, Bitboard::EMPTY)
        } else {
            VICTIM_ROLES
                .iter()
                .map(|&role| (role, safe & board.role(role)))
                .find(|(_, victims)| victims.any())
                .unwrap_or((Role::Pawn, Bitboard::EMPTY))
        };
        let landings = if refuges.any() {
            refuges
        } else if victims.any() {
            victims
        } else if (leaps & kings).any() {
            safe & !pieces
        } else {
            Bitboard::EMPTY
        };

        let weights = Self::weights();
        let mut victim_scores = [Score::ZERO; 2];
        let mut distance_scores = [Score::ZERO; 2];
        let mut menace_scores = [Score::ZERO; 2];
        for us in Colour::ALL {
            let u = us.index();
            // One stir kills one piece: charge a side once, however many of
            // its pieces tie as his cheapest victims.
            if (victims & board.colour(us)).any() {
                let (field, percent) = if us == self.pos.side_to_move() {
                    (Field::FoolVictimExposed, weights.fool_victim_exposed)
                } else {
                    (Field::FoolVictimThreatened, weights.fool_victim_threatened)
                };
                let value = PIECE_VALUE[victim_role.index()];
                victim_scores[u] = -value.percent(percent);
                self.count(us, field, 0, [-value.mg() as f64 / 100.0, -value.eg() as f64 / 100.0]);
            }

            let king = board.king(us);
            let distance = knight_distance::<V::G>(fool, king) as usize;
            if let Some(&score) = weights.fool_king_distance.get(distance) {
                distance_scores[u] = score;
                self.count(us, Field::FoolKingDistance, distance, [1.0; 2]);
            }
            if distance == 1 {
                self.king_danger[u] += FOOL_CHECK_UNITS;
            } else if (landings & tables.knight(king)).any() {
                self.king_danger[u] += FOOL_CHECK_THREAT_UNITS;
            }

            // `pieces` counted the menacing knights, bishops, rooks and
            // queens; add the pawns and the king.
            // At most two pawns can menace him: no need for a popcount.
            let pawns = tables.pawn(!us, fool) & board.pieces(us, Role::Pawn);
            let pawn_count = pawns.any() as i32 + pawns.more_than_one() as i32;
            let menacers = self.fool_menacers[u] + pawn_count + tables.king(fool).has(king) as i32;
            menace_scores[u] = weights.fool_menace * menacers;
            self.count(us, Field::FoolMenace, 0, [menacers as f64; 2]);
        }
        self.add_sides(Term::FoolVictims, victim_scores);
        self.add_sides(Term::FoolKingDistance, distance_scores);
        self.add_sides(Term::FoolMenace, menace_scores);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Board12x12, Board8x10, Board8x8};

    #[test]
    fn knight_distances_see_the_board_edges() {
        let d8 = |a: &str, b: &str| {
            knight_distance::<Board8x8>(Board8x8::parse_square(a).unwrap(), Board8x8::parse_square(b).unwrap())
        };
        assert_eq!(d8("a1", "a1"), 0);
        assert_eq!(d8("a1", "b3"), 1);
        assert_eq!(d8("a1", "b2"), 4); // the corner case: 2 away anywhere else
        assert_eq!(d8("c3", "d4"), 2);
        assert_eq!(d8("a1", "h8"), 6);
        let d10 = |a: &str, b: &str| {
            knight_distance::<Board8x10>(Board8x10::parse_square(a).unwrap(), Board8x10::parse_square(b).unwrap())
        };
        assert_eq!(d10("e6", "e1"), 3);
        assert_eq!(d10("a1", "h10"), 6);
        assert_eq!(d10("h10", "a1"), 6);
        let (a1, l12) = (Board12x12::parse_square("a1").unwrap(), Board12x12::parse_square("l12").unwrap());
        assert_eq!(knight_distance::<Board12x12>(a1, l12), knight_distance::<Board12x12>(l12, a1));
        assert_eq!(knight_distance::<Board12x12>(a1, l12), 8);
    }

    #[test]
    fn victim_roles_are_in_the_fools_order() {
        assert!(VICTIM_ROLES.windows(2).all(|w| w[0].fool_value() < w[1].fool_value()));
        // Every role the Fool can meet (the orthodox ones) but the king.
        assert_eq!(VICTIM_ROLES.len(), Role::ORTHODOX.len() - 1);
    }
}
