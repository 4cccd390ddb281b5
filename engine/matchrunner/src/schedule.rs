//! Which games a match plays: for game number `i`, who has White and which
//! opening it starts from. Everything follows from `i` and the seed, so
//! games may be handed to the worker threads in any order and a match can
//! be replayed exactly.
//!
//! As in fastchess, the games of a round start from the same opening with
//! colours alternating, so that with two games per round (the default) a
//! pair of games (`2k`, `2k + 1`) is a fair comparison of the engines (the
//! pentanomial statistics count pairs).

use super::openings::{with_random_plies, Opening};
use movegen::{chess960_start_fen, Position, Variant, CHESS960_COUNT};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// True when every Chess960 array makes a valid start position of `V`
/// (variants whose armies do not stand on 8 files have none).
pub fn has_chess960_arrays<V: Variant>() -> bool {
    (0..CHESS960_COUNT)
        .all(|n| chess960_start_fen::<V>(n).is_some_and(|fen| Position::<V>::from_fen(&fen, true).is_ok()))
}

/// Where openings come from.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// The variant's start position.
    StartPosition,
    /// A random Chess960 array for each opening slot; only for variants
    /// with [`has_chess960_arrays`].
    Chess960,
    /// An openings file, used in `order` (indices into `openings`).
    Book { openings: Vec<Opening>, order: Vec<usize> },
}

impl OpeningSource {
    /// A book used in file order, or shuffled by `seed`, from its opening
    /// number `start` (from 0, counted in that order) on.
    pub fn book(openings: Vec<Opening>, shuffle_seed: Option<u64>, start: usize) -> OpeningSource {
        let mut order: Vec<usize> = (0..openings.len()).collect();
        if let Some(seed) = shuffle_seed {
            order.shuffle(&mut StdRng::seed_from_u64(seed));
        }
        order.rotate_left(start % openings.len().max(1));
        OpeningSource::Book { openings, order }
    }
}

/// The plan of a match.
#[derive(Clone, Debug)]
pub struct Schedule {
    pub source: OpeningSource,
    /// Random moves added to every opening.
    pub random_plies: usize,
    pub seed: u64,
    /// Games per round; they share the round's opening.
    pub games_per_round: usize,
    /// Number of games in the match.
    pub total: usize,
    pub chess960: bool,
}

/// One scheduled game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameSpec {
    /// From 0, in schedule order.
    pub index: usize,
    /// From 1.
    pub round: usize,
    /// From 1, within the round.
    pub game_in_round: usize,
    /// Which engine (0 or 1, as given on the command line) has White.
    pub white: usize,
    pub opening: Opening,
}

impl GameSpec {
    /// The pair this game belongs to.
    pub fn pair(&self) -> usize {
        self.index / 2
    }
}

impl Schedule {
    /// Game `index` (from 0) of the match.
    pub fn game<V: Variant>(&self, index: usize) -> GameSpec {
        let slot = index / self.games_per_round;
        let mut rng = StdRng::seed_from_u64(self.seed.wrapping_add((slot as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        let opening = match &self.source {
            OpeningSource::StartPosition => Opening::start::<V>(),
            OpeningSource::Chess960 => {
                let number = rng.gen_range(0..CHESS960_COUNT);
                let fen = chess960_start_fen::<V>(number).expect("the number is below 960");
                Opening { fen, moves: Vec::new() }
            }
            OpeningSource::Book { openings, order } => openings[order[slot % order.len()]].clone(),
        };
        let opening = if self.random_plies > 0 {
            with_random_plies::<V>(&opening, self.random_plies, self.chess960, &mut rng)
        } else {
            opening
        };
        GameSpec {
            index,
            round: index / self.games_per_round + 1,
            game_in_round: index % self.games_per_round + 1,
            white: index % 2,
            opening,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Chess, RedFool, TamRuat};

    fn schedule(source: OpeningSource, games_per_round: usize, random_plies: usize) -> Schedule {
        Schedule { source, random_plies, seed: 42, games_per_round, total: 12, chess960: false }
    }

    fn book(n: usize) -> Vec<Opening> {
        // Distinct openings: the start position after one of White's first moves.
        let position = Position::<RedFool>::startpos();
        movegen::legal_moves(&position)
            .into_iter()
            .take(n)
            .map(|m| Opening { fen: RedFool::START_FEN.to_string(), moves: vec![m] })
            .collect()
    }

    #[test]
    fn colours_alternate_and_rounds_count_games() {
        let plan = schedule(OpeningSource::StartPosition, 3, 0);
        let games: Vec<GameSpec> = (0..7).map(|i| plan.game::<RedFool>(i)).collect();
        assert_eq!(games.iter().map(|g| g.white).collect::<Vec<_>>(), [0, 1, 0, 1, 0, 1, 0]);
        assert_eq!(
            games.iter().map(|g| (g.round, g.game_in_round)).collect::<Vec<_>>()[2..5],
            [(1, 3), (2, 1), (2, 2)]
        );
        assert_eq!(games[5].pair(), 2);
    }

    #[test]
    fn the_games_of_a_round_share_its_opening() {
        let plan = schedule(OpeningSource::book(book(5), None, 0), 2, 4);
        for pair in 0..6 {
            let (a, b) = (plan.game::<RedFool>(2 * pair), plan.game::<RedFool>(2 * pair + 1));
            assert_eq!(a.opening, b.opening);
            assert_eq!((a.white, b.white), (0, 1));
        }
        assert_ne!(plan.game::<RedFool>(0).opening, plan.game::<RedFool>(2).opening);
        // With one game per round, every game gets its own opening.
        let plan = schedule(OpeningSource::book(book(5), None, 0), 1, 0);
        assert_ne!(plan.game::<RedFool>(0).opening, plan.game::<RedFool>(1).opening);
    }

    #[test]
    fn sequential_books_cycle_and_random_order_is_a_seeded_permutation() {
        let openings = book(4);
        let plan = schedule(OpeningSource::book(openings.clone(), None, 0), 1, 0);
        let used: Vec<Opening> = (0..6).map(|i| plan.game::<RedFool>(i).opening).collect();
        assert_eq!(used[..4], openings[..]);
        assert_eq!(used[4..], openings[..2]);
        // From the third opening on (-openings start=3).
        let plan = schedule(OpeningSource::book(openings.clone(), None, 2), 1, 0);
        let used: Vec<Opening> = (0..3).map(|i| plan.game::<RedFool>(i).opening).collect();
        assert_eq!(used, [openings[2].clone(), openings[3].clone(), openings[0].clone()]);
        let shuffled = |seed| {
            let plan = schedule(OpeningSource::book(openings.clone(), Some(seed), 0), 1, 0);
            (0..4).map(|i| plan.game::<RedFool>(i).opening).collect::<Vec<_>>()
        };
        let mut sorted = shuffled(3);
        assert_eq!(sorted, shuffled(3));
        assert!((0..20).any(|seed| shuffled(seed) != openings));
        let key = |o: &Opening| o.moves[0].bits();
        sorted.sort_by_key(key);
        let mut expected = openings.clone();
        expected.sort_by_key(key);
        assert_eq!(sorted, expected);
    }

    #[test]
    fn only_eight_file_variants_have_chess960_arrays() {
        assert!(has_chess960_arrays::<RedFool>());
        assert!(has_chess960_arrays::<Chess>());
        assert!(!has_chess960_arrays::<TamRuat>());
    }

    #[test]
    fn chess960_slots_draw_start_arrays_from_the_seed() {
        let plan = schedule(OpeningSource::Chess960, 2, 0);
        let fens: Vec<String> = (0..12).map(|i| plan.game::<RedFool>(i).opening.fen).collect();
        assert_eq!(fens[0], fens[1]);
        assert!(fens.iter().any(|f| f != &fens[0]));
        for fen in &fens {
            assert!(Position::<RedFool>::from_fen(fen, true).is_ok(), "{fen}");
        }
        assert_eq!(fens, (0..12).map(|i| plan.game::<RedFool>(i).opening.fen).collect::<Vec<_>>());
    }
}
