//! A 1-ply material-greedy player, the weakest sensible test opponent
//! (issue #4, "Strength"): it plays the legal move that leaves the best
//! material balance once the move and the Fool's answer are made, ties
//! broken at random by a seeded generator. A move that wins at once (mate,
//! Tam Ruat's bare king) comes before any material.
//!
//! Material is counted on the board after the move with the evaluation's
//! named piece values ([`eval::piece_value`]), so every way the balance can
//! change is counted the same way: captures, promotions, en passant, Tam
//! Ruat's ghosts, and the Fool's kills, a kill of one of the mover's own
//! pieces being a loss like any other.

use movegen::{legal_moves, Bitboard, Colour, Move, Position, Role, Variant};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// The generator's seed at start-up: a session's choices are reproducible.
pub const SEED: u64 = 0x5eed_f001;

/// How good a move is to the greedy player.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Verdict {
    /// The material balance after the move, in centipawns, for the mover.
    Material(i32),
    /// The move ends the game in the mover's favour.
    Wins,
}

/// The greedy player: only its tie-breaking generator has state.
pub struct GreedyPlayer {
    rng: StdRng,
}

impl Default for GreedyPlayer {
    fn default() -> Self {
        GreedyPlayer::new(SEED)
    }
}

impl GreedyPlayer {
    /// A player whose choices among equal moves follow `seed`, so that a
    /// test game can be replayed.
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer { rng: StdRng::seed_from_u64(seed) }
    }

    /// The move played in `pos`, chosen among `searchmoves` when that is not
    /// empty, with its verdict; `None` when there is no legal move.
    pub fn choose<V: Variant>(&mut self, pos: &Position<V>, searchmoves: &[Move]) -> Option<(Move, Verdict)> {
        let (moves, verdict) = best_moves(pos, searchmoves);
        Some((*moves.choose(&mut self.rng)?, verdict?))
    }
}

/// Every legal move (of `searchmoves`, when not empty) sharing the best
/// verdict, in generation order, and that verdict.
pub fn best_moves<V: Variant>(pos: &Position<V>, searchmoves: &[Move]) -> (Vec<Move>, Option<Verdict>) {
    let mover = pos.side_to_move();
    let mut best: Option<Verdict> = None;
    let mut moves = Vec::new();
    let mut after = pos.clone();
    for m in legal_moves(pos) {
        if !searchmoves.is_empty() && !searchmoves.contains(&m) {
            continue;
        }
        after.make(m);
        let verdict = match after.outcome().and_then(|o| o.winner()) {
            Some(winner) if winner == mover => Verdict::Wins,
            _ => Verdict::Material(material(&after, mover)),
        };
        after.unmake();
        if best.is_none_or(|b| verdict > b) {
            best = Some(verdict);
            moves.clear();
        }
        if best == Some(verdict) {
            moves.push(m);
        }
    }
    (moves, best)
}

/// The material balance of `pos` for `side`, in centipawns.
pub fn material<V: Variant>(pos: &Position<V>, side: Colour) -> i32 {
    let board = pos.board();
    let total = |colour: Colour| -> i32 {
        Role::ALL.iter().map(|&role| eval::piece_value::<V>(role) * board.pieces(colour, role).count() as i32).sum()
    };
    total(side) - total(!side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use eval::piece_value;
    use movegen::{Chess, RedFool, Role};

    fn best<V: Variant>(fen: &str) -> (Vec<String>, Option<Verdict>) {
        let pos = Position::<V>::from_fen(fen, false).unwrap();
        let (moves, verdict) = best_moves(&pos, &[]);
        (moves.iter().map(|&m| pos.uci(m)).collect(), verdict)
    }

    #[test]
    fn takes_the_most_material() {
        // The rook takes the knight rather than the pawn.
        let (moves, verdict) = best::<Chess>("6k1/8/8/2n5/8/p1R5/8/7K w - - 0 1");
        assert_eq!(moves, ["c3c5"]);
        let value = piece_value::<Chess>;
        assert_eq!(verdict, Some(Verdict::Material(value(Role::Rook) - value(Role::Pawn))));
        // The rook can take a pawn, but the Fool's kill of Black's rook is
        // worth more: Ra1 stirs him on a10, and b8 is his only safe target
        // (c9 is watched by the bishop on e7).
        let (moves, verdict) = best::<RedFool>("*6k/8/1r6/4b3/8/8/2p5/8/8/2R4K w - - 0 1");
        assert_eq!(moves, ["c1a1@b8"]);
        let value = piece_value::<RedFool>;
        let balance = value(Role::Rook) - value(Role::Bishop) - value(Role::Pawn);
        assert_eq!(verdict, Some(Verdict::Material(balance)));
    }

    #[test]
    fn a_fool_kill_of_its_own_piece_is_a_loss() {
        // Rxa5 wins a bishop but stirs the Fool on a10 into killing the
        // queen on b8 (c9 is watched by the bishop on e7): a net loss, so
        // the greedy player keeps the balance with any other move instead.
        let fen = "*6k/8/1Q6/4b3/8/b7/8/8/8/R6K w - - 0 1";
        let pos = Position::<RedFool>::from_fen(fen, false).unwrap();
        let rxa5 = pos.parse_uci("a1a5").unwrap();
        assert_eq!(pos.uci(rxa5), "a1a5@b8");
        let (moves, verdict) = best_moves(&pos, &[]);
        assert!(!moves.contains(&rxa5));
        let value = piece_value::<RedFool>;
        let balance = value(Role::Queen) + value(Role::Rook) - 2 * value(Role::Bishop);
        assert_eq!(verdict, Some(Verdict::Material(balance)));
        // Made to choose it, the greedy player counts the loss.
        let (moves, verdict) = best_moves(&pos, &[rxa5]);
        assert_eq!(moves, [rxa5]);
        assert_eq!(verdict, Some(Verdict::Material(value(Role::Rook) - value(Role::Bishop))));
    }

    #[test]
    fn a_mate_in_one_comes_before_material() {
        let (moves, verdict) = best::<Chess>("6k1/5ppp/8/8/8/7r/8/R5KR w - - 0 1");
        assert_eq!(moves, ["a1a8"]);
        assert_eq!(verdict, Some(Verdict::Wins));
    }

    #[test]
    fn ties_are_broken_by_the_seed_and_no_move_is_none() {
        let pos = Position::<RedFool>::startpos();
        let (moves, verdict) = best_moves(&pos, &[]);
        assert_eq!(verdict, Some(Verdict::Material(0)));
        assert!(moves.len() > 10);
        let picks = |seed| {
            let mut player = GreedyPlayer::new(seed);
            (0..8).map(|_| player.choose(&pos, &[]).unwrap().0).collect::<Vec<_>>()
        };
        assert_eq!(picks(1), picks(1));
        assert_ne!(picks(1), picks(2));
        let mated = Position::<Chess>::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", false).unwrap();
        assert_eq!(GreedyPlayer::default().choose(&mated, &[]), None);
    }
}
