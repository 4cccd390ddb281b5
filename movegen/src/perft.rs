//! Perft: count the leaf nodes of the legal-move tree to a given depth, the
//! standard check of a move generator. Each (base move, Fool answer) pair is
//! one move. The last ply is bulk-counted: its moves are counted, not made.
//! In debug builds every make/unmake is checked against a from-scratch key
//! and an exact restore.

use crate::movegen::generate;
use crate::moves::{Move, MoveCounter};
use crate::position::Position;
use crate::variant::Variant;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft<V: Variant>(pos: &mut Position<V>, depth: u32) -> u64 {
    perft_until(pos, depth, &AtomicBool::new(false))
}

/// As [`perft`], but gives up soon after `stop` is set (by another
/// thread), so that a long count can be interrupted; the number returned
/// then is what was counted so far, short of the true count.
pub fn perft_until<V: Variant>(pos: &mut Position<V>, depth: u32, stop: &AtomicBool) -> u64 {
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    count(pos, depth, &mut buffers, stop)
}

fn count<V: Variant>(pos: &mut Position<V>, depth: u32, buffers: &mut [Vec<Move>], stop: &AtomicBool) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut counter = MoveCounter::default();
            generate(pos, &mut counter);
            counter.0
        }
        _ => {
            let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
            moves.clear();
            generate(pos, moves);
            let mut nodes = 0;
            for &m in moves.iter() {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                nodes += make_checked(pos, m, |pos| count(pos, depth - 1, deeper, stop));
            }
            nodes
        }
    }
}

/// Makes `m`, runs `f`, unmakes; in debug builds checks the key and the restore.
fn make_checked<V: Variant, T>(pos: &mut Position<V>, m: Move, f: impl FnOnce(&mut Position<V>) -> T) -> T {
    #[cfg(debug_assertions)]
    let before = pos.snapshot();
    pos.make(m);
    debug_assert_eq!(pos.key(), pos.compute_key(), "incremental key after {m:?} from {}", pos.fen());
    let result = f(pos);
    pos.unmake();
    #[cfg(debug_assertions)]
    debug_assert!(pos.snapshot() == before, "unmake of {m:?} did not restore {}", pos.fen());
    result
}

/// Perft split by root move: each legal move with the leaf count below it,
/// in generation order. With `threads` > 1 the root moves are shared out
/// over a rayon pool of that size.
pub fn divide<V: Variant>(pos: &Position<V>, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    generate(pos, &mut moves);
    let below = |pos: &mut Position<V>, m: Move| {
        if depth <= 1 {
            1
        } else {
            make_checked(pos, m, |pos| perft(pos, depth - 1))
        }
    };
    if threads <= 1 {
        let mut pos = pos.clone();
        return moves.into_iter().map(|m| (m, below(&mut pos, m))).collect();
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a thread pool");
    pool.install(|| moves.into_par_iter().map_with(pos.clone(), |pos, m| (m, below(pos, m))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Chess;

    #[test]
    fn a_stopped_count_ends_at_once_and_is_short() {
        let mut pos = Position::<Chess>::startpos();
        assert_eq!(perft_until(&mut pos, 3, &AtomicBool::new(false)), 8902);
        // Set before the start: not one move below the root is made.
        assert_eq!(perft_until(&mut pos, 9, &AtomicBool::new(true)), 0);
        assert_eq!(pos.fen(), Position::<Chess>::startpos().fen(), "the position is restored");
    }
}
