//! The transposition table: what earlier searches learnt about positions,
//! shared by all search threads without locks.
//!
//! The table is an array of 64-byte buckets of four entries. An entry is two
//! atomic words: the data (move, value, depth, bound, generation) and the key
//! XOR-ed with that data. Threads read and write the two words without any
//! lock; a reader trusts an entry only when the XOR of the words gives back
//! its key, so an entry torn by two concurrent writers reads as a miss, never
//! as a wrong hit for the probed position. Moves read from the table are used
//! only after they are found among the legal moves, so a rare key collision
//! can misorder moves but never play an illegal one.

use crate::value::{from_tt, to_tt, Value};
use movegen::Move;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored value says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TtBound {
    /// The true value is at least the stored one (the search failed high).
    Lower,
    /// The true value is at most the stored one (the search failed low).
    Upper,
    /// The stored value is exact.
    Exact,
}

impl TtBound {
    const fn bits(self) -> u64 {
        match self {
            TtBound::Lower => 1,
            TtBound::Upper => 2,
            TtBound::Exact => 3,
        }
    }
    const fn from_bits(bits: u64) -> Option<TtBound> {
        match bits {
            1 => Some(TtBound::Lower),
            2 => Some(TtBound::Upper),
            3 => Some(TtBound::Exact),
            _ => None,
        }
    }
}

/// An entry found for a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TtHit {
    /// [`Move::bits`] of the best move found, 0 when none was.
    pub move_bits: u32,
    /// The value, already converted to the probing ply (mates from the root).
    pub value: Value,
    /// The depth the value was searched to (0 for the quiescence search).
    pub depth: i32,
    pub bound: TtBound,
}

impl TtHit {
    /// True when the stored value settles a window `[alpha, beta]` search at
    /// `depth`: deep enough, and a bound that falls on the right side.
    pub fn cuts(&self, depth: i32, alpha: Value, beta: Value) -> bool {
        self.depth >= depth
            && match self.bound {
                TtBound::Exact => true,
                TtBound::Lower => self.value >= beta,
                TtBound::Upper => self.value <= alpha,
            }
    }
}

// Data word layout: bits 0-31 move, 32-47 value, 48-55 depth, 56-57 bound,
// 58-63 generation.
const VALUE_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const GENERATION_SHIFT: u32 = 58;
const GENERATIONS: u8 = 64;

const ENTRIES_PER_BUCKET: usize = 4;

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// Four entries in one cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; ENTRIES_PER_BUCKET]);

/// Bytes per bucket.
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

/// The shared transposition table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// Advanced once per search, so that entries of old searches are
    /// replaced first; wraps around after [`GENERATIONS`] searches.
    generation: u8,
}

fn data_generation(data: u64) -> u8 {
    (data >> GENERATION_SHIFT) as u8
}

fn data_depth(data: u64) -> i32 {
    ((data >> DEPTH_SHIFT) & 0xFF) as i32
}

impl TranspositionTable {
    /// A table of `mb` mebibytes (at least one bucket).
    pub fn new(mb: usize) -> TranspositionTable {
        let count = (mb.saturating_mul(1 << 20) / BUCKET_BYTES).max(1);
        TranspositionTable { buckets: std::iter::repeat_with(Bucket::default).take(count).collect(), generation: 0 }
    }

    /// Empties every entry, as after `ucinewgame`.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.generation = 0;
    }

    /// Starts a new search: entries stored from now on are of a new generation.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // The high half of key * len: an index spread evenly over any length.
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Looks `key` up; `ply` is the distance from the root, for mate values.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        self.bucket(key).0.iter().find_map(|entry| {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            let bound = TtBound::from_bits((data >> BOUND_SHIFT) & 3)?;
            (check ^ data == key).then(|| TtHit {
                move_bits: data as u32,
                value: from_tt((data >> VALUE_SHIFT) as u16 as i16 as Value, ply),
                depth: data_depth(data),
                bound,
            })
        })
    }

    /// Stores what a search of `key` found. Replaces the entry of the same
    /// position if there is one, else the least useful entry of the bucket:
    /// the shallowest, counting each generation of age as eight plies.
    /// A result without a move keeps the move already stored for the position.
    #[inline]
    pub fn store(&self, key: u64, ply: usize, best: Option<Move>, value: Value, depth: i32, bound: TtBound) {
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut victim_worth = i32::MAX;
        let mut old_move = 0u32;
        for entry in &bucket.0 {
            let data = entry.data.load(Ordering::Relaxed);
            if entry.check.load(Ordering::Relaxed) ^ data == key {
                victim = entry;
                old_move = data as u32;
                break;
            }
            let age = (GENERATIONS + self.generation - data_generation(data)) % GENERATIONS;
            let worth = if data == 0 { i32::MIN } else { data_depth(data) - 8 * age as i32 };
            if worth < victim_worth {
                victim_worth = worth;
                victim = entry;
            }
        }
        let move_bits = best.map_or(old_move, Move::bits);
        let data = move_bits as u64
            | (to_tt(value, ply) as i16 as u16 as u64) << VALUE_SHIFT
            | (depth.clamp(0, 255) as u64) << DEPTH_SHIFT
            | bound.bits() << BOUND_SHIFT
            | (self.generation as u64) << GENERATION_SHIFT;
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// How full the table is, in permille: the share of a sample of entries
    /// written during the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = &self.buckets[..self.buckets.len().min(1000 / ENTRIES_PER_BUCKET)];
        let used = sample
            .iter()
            .flat_map(|bucket| &bucket.0)
            .filter(|entry| {
                let data = entry.data.load(Ordering::Relaxed);
                data != 0 && data_generation(data) == self.generation
            })
            .count();
        (used * 1000 / (sample.len() * ENTRIES_PER_BUCKET)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{mate_in, mated_in};
    use movegen::{legal_moves, Chess, Position};

    fn some_moves() -> Vec<Move> {
        legal_moves(&Position::<Chess>::startpos())
    }

    #[test]
    fn stores_and_probes_every_field() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        let m = some_moves()[3];
        assert_eq!(tt.probe(0xDEAD_BEEF, 0), None);
        tt.store(0xDEAD_BEEF, 0, Some(m), -123, 9, TtBound::Upper);
        let hit = tt.probe(0xDEAD_BEEF, 0).expect("a hit");
        assert_eq!(hit, TtHit { move_bits: m.bits(), value: -123, depth: 9, bound: TtBound::Upper });
        assert_eq!(tt.probe(0xDEAD_BEEF ^ 1, 0), None, "another key misses");
        // A later result without a move keeps the stored move.
        tt.store(0xDEAD_BEEF, 0, None, 40, 10, TtBound::Lower);
        assert_eq!(tt.probe(0xDEAD_BEEF, 0).unwrap().move_bits, m.bits());
        tt.clear();
        assert_eq!(tt.probe(0xDEAD_BEEF, 0), None);
    }

    #[test]
    fn mate_values_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Found at ply 3: we mate at ply 7 (4 plies below the stored node).
        tt.store(42, 3, None, mate_in(7), 5, TtBound::Exact);
        assert_eq!(tt.probe(42, 3).unwrap().value, mate_in(7));
        // The same position reached at ply 1: the mate is 4 plies away still.
        assert_eq!(tt.probe(42, 1).unwrap().value, mate_in(5));
        tt.store(43, 2, None, mated_in(6), 5, TtBound::Exact);
        assert_eq!(tt.probe(43, 4).unwrap().value, mated_in(8));
    }

    #[test]
    fn full_buckets_keep_the_deepest_entries_and_hashfull_counts_this_search() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        // Keys with the same high bits share a bucket.
        let keys: Vec<u64> = (1..=5).collect();
        for (depth, &key) in [7, 3, 9, 5].iter().zip(&keys) {
            tt.store(key, 0, None, 0, *depth, TtBound::Exact);
        }
        tt.store(keys[4], 0, None, 0, 6, TtBound::Exact);
        assert_eq!(tt.probe(keys[1], 0), None, "the shallowest entry made room");
        for key in [keys[0], keys[2], keys[3], keys[4]] {
            assert!(tt.probe(key, 0).is_some());
        }
        assert!(tt.hashfull() > 0);
        // Fill the sampled buckets: every sampled entry now counts.
        let buckets = tt.buckets.len() as u128;
        for b in 0..250u128 {
            for e in 0..4u128 {
                let key = ((b << 64) / buckets + 1) as u64 + e as u64;
                tt.store(key, 0, None, 0, 20, TtBound::Exact);
            }
        }
        assert_eq!(tt.hashfull(), 1000);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0, "entries of an older search do not count");
    }
}
