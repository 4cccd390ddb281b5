//! The transposition table: what earlier searches learnt about positions,
//! shared by all search threads without locks.
//!
//! The table is an array of 64-byte buckets of four entries. An entry is two
//! atomic words: the data (move, value, static evaluation, depth, bound,
//! generation) and the key XOR-ed with that data. Threads read and write the
//! two words without any lock; a reader trusts an entry only when the XOR of
//! the words gives back its key, so an entry torn by two concurrent writers
//! reads as a miss, never as a wrong hit for the probed position.
//!
//! The best move is kept as a 16-bit fingerprint, not the move: it only
//! ever picks out one of the legal moves generated for the position, so a
//! rare collision (of keys, or of two moves' fingerprints) can misorder
//! moves but never play an illegal one, and the bits saved hold the static
//! evaluation, which the search then need not compute again.

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

/// A 16-bit fingerprint of a move, enough to recognise it among the legal
/// moves of its position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TableMove(u16);

impl TableMove {
    /// No move.
    pub const NONE: TableMove = TableMove(0);

    /// The fingerprint of `m` (never [`TableMove::NONE`]).
    #[inline]
    pub fn of(m: Move) -> TableMove {
        // The high bits of a multiplicative hash of the 32-bit encoding.
        let hash = (m.bits() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48;
        TableMove((hash as u16).max(1))
    }

    /// True when this is the fingerprint of `m`.
    #[inline]
    pub fn matches(self, m: Move) -> bool {
        self != TableMove::NONE && self == TableMove::of(m)
    }
}

/// What a search found about a position, to be stored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TtData {
    /// The best move, if one was found.
    pub best: Option<Move>,
    /// The value, as seen from the position's ply (mates from the root).
    pub value: Value,
    /// The static evaluation, `None` when in check.
    pub eval: Option<Value>,
    /// The depth searched (0 for the quiescence search).
    pub depth: i32,
    pub bound: TtBound,
}

/// An entry found for a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TtHit {
    /// The best move's fingerprint, [`TableMove::NONE`] when none was found.
    pub mv: TableMove,
    /// The value, already converted to the probing ply (mates from the root).
    pub value: Value,
    /// The static evaluation, `None` when the side to move was in check.
    pub eval: Option<Value>,
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

// Data word layout: bits 0-15 move fingerprint, 16-31 value, 32-47 static
// evaluation, 48-55 depth, 56-57 bound, 58-63 generation.
const VALUE_SHIFT: u32 = 16;
const EVAL_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const GENERATION_SHIFT: u32 = 58;
const GENERATIONS: u8 = 64;
/// The stored evaluation of a position in check, which has none.
const NO_EVAL: i16 = i16::MIN;

const ENTRIES_PER_BUCKET: usize = 4;
/// How much deeper an entry of the current search must be to survive an
/// inexact result for the same position.
const KEEP_DEEPER_BY: i32 = 4;

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

/// The signed 16-bit field of `data` at `shift`.
fn field(data: u64, shift: u32) -> i16 {
    (data >> shift) as u16 as i16
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

    /// Starts loading the bucket of `key` into the cache, so that the probe
    /// the search makes a little later does not wait for memory. A hint
    /// only: it changes no result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch reads nothing and cannot fault; the
            // pointer is that of a live bucket anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up; `ply` is the distance from the root, for mate values.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        self.bucket(key).0.iter().find_map(|entry| {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            let bound = TtBound::from_bits((data >> BOUND_SHIFT) & 3)?;
            (check ^ data == key).then(|| TtHit {
                mv: TableMove(data as u16),
                value: from_tt(field(data, VALUE_SHIFT) as Value, ply),
                eval: Some(field(data, EVAL_SHIFT)).filter(|&e| e != NO_EVAL).map(Value::from),
                depth: data_depth(data),
                bound,
            })
        })
    }

    /// Stores what a search of `key`, `ply` plies from the root, found.
    /// Replaces the entry of the same position if there is one (unless it
    /// is from this search and at least [`KEEP_DEEPER_BY`] plies deeper than
    /// an inexact result), else the least useful entry of the bucket: the
    /// shallowest, counting each generation of age as eight plies. A result
    /// without a move keeps the move already stored for the position.
    #[inline]
    pub fn store(&self, key: u64, ply: usize, found: TtData) {
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut victim_worth = i32::MAX;
        let mut old_move = TableMove::NONE;
        for entry in &bucket.0 {
            let data = entry.data.load(Ordering::Relaxed);
            if entry.check.load(Ordering::Relaxed) ^ data == key {
                // A much shallower bound of this search does not replace
                // what a deeper one found (a quiescence result over a
                // full search, say).
                let shallower = found.depth + KEEP_DEEPER_BY <= data_depth(data);
                if shallower && found.bound != TtBound::Exact && data_generation(data) == self.generation {
                    return;
                }
                victim = entry;
                old_move = TableMove(data as u16);
                break;
            }
            let age = (GENERATIONS + self.generation - data_generation(data)) % GENERATIONS;
            let worth = if data == 0 { i32::MIN } else { data_depth(data) - 8 * age as i32 };
            if worth < victim_worth {
                victim_worth = worth;
                victim = entry;
            }
        }
        let mv = found.best.map_or(old_move, TableMove::of);
        let eval = found.eval.map_or(NO_EVAL, |e| e as i16);
        let data = mv.0 as u64
            | (to_tt(found.value, ply) as i16 as u16 as u64) << VALUE_SHIFT
            | (eval as u16 as u64) << EVAL_SHIFT
            | (found.depth.clamp(0, 255) as u64) << DEPTH_SHIFT
            | found.bound.bits() << BOUND_SHIFT
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

    fn data(value: Value, depth: i32, bound: TtBound) -> TtData {
        TtData { best: None, value, eval: None, depth, bound }
    }

    #[test]
    fn stores_and_probes_every_field() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        let m = legal_moves(&Position::<Chess>::startpos())[3];
        assert_eq!(tt.probe(0xDEAD_BEEF, 0), None);
        let found = TtData { best: Some(m), value: -123, eval: Some(-97), depth: 9, bound: TtBound::Upper };
        tt.store(0xDEAD_BEEF, 0, found);
        let hit = tt.probe(0xDEAD_BEEF, 0).expect("a hit");
        assert_eq!(hit, TtHit { mv: TableMove::of(m), value: -123, eval: Some(-97), depth: 9, bound: TtBound::Upper });
        assert!(hit.mv.matches(m));
        assert_eq!(tt.probe(0xDEAD_BEEF ^ 1, 0), None, "another key misses");
        // A later result without a move keeps the stored move.
        tt.store(0xDEAD_BEEF, 0, data(40, 10, TtBound::Lower));
        let hit = tt.probe(0xDEAD_BEEF, 0).unwrap();
        assert_eq!((hit.mv, hit.eval), (TableMove::of(m), None));
        // A shallow bound does not overwrite a deep result; an exact one does.
        tt.store(0xDEAD_BEEF, 0, data(7, 2, TtBound::Upper));
        assert_eq!(tt.probe(0xDEAD_BEEF, 0).unwrap().depth, 10);
        tt.store(0xDEAD_BEEF, 0, data(7, 2, TtBound::Exact));
        assert_eq!(tt.probe(0xDEAD_BEEF, 0).unwrap().depth, 2);
        tt.clear();
        assert_eq!(tt.probe(0xDEAD_BEEF, 0), None);
    }

    #[test]
    fn move_fingerprints_tell_the_legal_moves_apart() {
        let pos =
            Position::<Chess>::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false)
                .unwrap();
        let moves = legal_moves(&pos);
        for &a in &moves {
            assert!(TableMove::of(a).matches(a));
            assert_eq!(moves.iter().filter(|&&b| TableMove::of(a).matches(b)).count(), 1);
        }
        assert!(!TableMove::NONE.matches(moves[0]));
    }

    #[test]
    fn mate_values_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Found at ply 3: we mate at ply 7 (4 plies below the stored node).
        tt.store(42, 3, data(mate_in(7), 5, TtBound::Exact));
        assert_eq!(tt.probe(42, 3).unwrap().value, mate_in(7));
        // The same position reached at ply 1: the mate is 4 plies away still.
        assert_eq!(tt.probe(42, 1).unwrap().value, mate_in(5));
        tt.store(43, 2, data(mated_in(6), 5, TtBound::Exact));
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
            tt.store(key, 0, data(0, *depth, TtBound::Exact));
        }
        tt.store(keys[4], 0, data(0, 6, TtBound::Exact));
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
                tt.store(key, 0, data(0, 20, TtBound::Exact));
            }
        }
        assert_eq!(tt.hashfull(), 1000);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0, "entries of an older search do not count");
    }
}
