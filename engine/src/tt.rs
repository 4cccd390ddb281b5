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
//!
//! Memory: the table is allocated zeroed in one piece, which the system
//! maps lazily (untouched pages cost nothing and take no time to set up),
//! so even `Hash 16384` is ready at once. Resizing frees the old table
//! before allocating the new one, so that memory never holds two tables;
//! an allocation that fails is an error, not an abort.

use crate::value::{from_tt, to_tt, Value};
use bytemuck::Zeroable;
use movegen::Move;
use std::fmt;
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
    /// Whether the value is exact, a lower or an upper bound.
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
    /// Whether the value is exact, a lower or an upper bound.
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

/// An entry: two words, all-zero when empty (so that zeroed memory is an
/// empty table).
#[derive(Default, Zeroable)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// The bytes of one bucket: four entries fill a cache line.
const BUCKET_BYTES: usize = ENTRIES_PER_BUCKET * std::mem::size_of::<Entry>();

/// The shared transposition table.
pub struct TranspositionTable {
    /// The entries, four per bucket after [`TranspositionTable::first`]
    /// entries of slack that put the buckets on cache-line boundaries.
    entries: Box<[Entry]>,
    /// Index of the first bucket's first entry.
    first: usize,
    /// Number of buckets.
    buckets: usize,
    /// Advanced once per search, so that entries of old searches are
    /// replaced first; wraps around after [`GENERATIONS`] searches.
    generation: u8,
}

/// A table size that could not be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashAllocError {
    /// The size asked for, in MiB.
    pub requested_mb: usize,
    /// The size of the table kept instead, in MiB (0 for the smallest
    /// table, a single bucket).
    pub kept_mb: usize,
}

impl fmt::Display for HashAllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot allocate a {} MiB table (out of memory); ", self.requested_mb)?;
        match self.kept_mb {
            0 => write!(f, "using a minimal table"),
            kept => write!(f, "using {kept} MiB"),
        }
    }
}

impl std::error::Error for HashAllocError {}

/// The number of buckets in `mb` mebibytes (at least one).
fn buckets_in(mb: usize) -> usize {
    (mb.saturating_mul(1 << 20) / BUCKET_BYTES).max(1)
}

/// Zeroed, lazily mapped entries for `buckets` buckets on cache-line
/// boundaries, and the index of the first bucket's first entry; `None`
/// when the memory cannot be had.
fn allocate(buckets: usize) -> Option<(Box<[Entry]>, usize)> {
    // Entries are only 8-aligned, so that the allocator may hand out
    // zeroed pages it maps lazily (a stricter alignment would make it
    // write zeros to every page); the slack restores the alignment.
    let slack = ENTRIES_PER_BUCKET - 1;
    let count = buckets.checked_mul(ENTRIES_PER_BUCKET)?.checked_add(slack)?;
    let entries = bytemuck::allocation::try_zeroed_slice_box::<Entry>(count).ok()?;
    let misalignment = entries.as_ptr() as usize % BUCKET_BYTES;
    let first = (BUCKET_BYTES - misalignment) % BUCKET_BYTES / std::mem::size_of::<Entry>();
    Some((entries, first.min(slack)))
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
    /// A table of `mb` mebibytes (at least one bucket), allocated as any
    /// value is: running out of memory here aborts, as it would for any
    /// other allocation. Sizes a user asks for go through
    /// [`TranspositionTable::resize`], which reports the failure instead.
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::try_new(mb).unwrap_or_else(|| {
            let bytes = buckets_in(mb).saturating_mul(BUCKET_BYTES);
            std::alloc::handle_alloc_error(
                std::alloc::Layout::from_size_align(bytes, 8).unwrap_or(std::alloc::Layout::new::<Entry>()),
            )
        })
    }

    fn try_new(mb: usize) -> Option<TranspositionTable> {
        let buckets = buckets_in(mb);
        let (entries, first) = allocate(buckets)?;
        Some(TranspositionTable { entries, first, buckets, generation: 0 })
    }

    /// One bucket, from the ordinary allocator: the last resort.
    fn minimal() -> TranspositionTable {
        let entries = std::iter::repeat_with(Entry::default).take(ENTRIES_PER_BUCKET).collect();
        TranspositionTable { entries, first: 0, buckets: 1, generation: 0 }
    }

    /// The table's size in MiB (0 when smaller than one).
    pub fn size_mb(&self) -> usize {
        (self.buckets * BUCKET_BYTES) >> 20
    }

    /// Resizes the table to `mb` mebibytes, emptying it. The old table is
    /// freed first, so that memory never holds both. When the new size
    /// cannot be allocated, the table is rebuilt at its old size (just
    /// freed, so normally available again), else at the smallest size,
    /// and the error says which.
    pub fn resize(&mut self, mb: usize) -> Result<(), HashAllocError> {
        let old_mb = self.size_mb();
        *self = TranspositionTable::minimal();
        if let Some(table) = TranspositionTable::try_new(mb) {
            *self = table;
            return Ok(());
        }
        let kept_mb = match TranspositionTable::try_new(old_mb.max(1)) {
            Some(table) => {
                *self = table;
                old_mb.max(1)
            }
            None => 0,
        };
        Err(HashAllocError { requested_mb: mb, kept_mb })
    }

    /// Empties every entry, as after `ucinewgame`: the table is freed and
    /// a fresh zeroed allocation of the same size replaces it (fast, and
    /// pages the search never touches again are given back; freed first,
    /// so that memory never holds two tables). Should even the memory just
    /// freed not be had again, the table shrinks to the minimal one.
    pub fn clear(&mut self) {
        let buckets = self.buckets;
        *self = TranspositionTable::minimal();
        if let Some((entries, first)) = allocate(buckets) {
            *self = TranspositionTable { entries, first, buckets, generation: 0 };
        }
    }

    /// Starts a new search: entries stored from now on are of a new generation.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Entry; ENTRIES_PER_BUCKET] {
        // The high half of key * len: an index spread evenly over any length.
        let index = ((key as u128 * self.buckets as u128) >> 64) as usize;
        let start = self.first + index * ENTRIES_PER_BUCKET;
        self.entries[start..start + ENTRIES_PER_BUCKET].try_into().expect("a bucket has four entries")
    }

    /// Starts loading the bucket of `key` into the cache, so that the probe
    /// the search makes a little later does not wait for memory. A hint
    /// only: it changes no result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const [Entry; ENTRIES_PER_BUCKET] = self.bucket(key);
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
        self.bucket(key).iter().find_map(|entry| {
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
        let mut victim = &bucket[0];
        let mut victim_worth = i32::MAX;
        let mut old_move = TableMove::NONE;
        for entry in bucket {
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
        let sampled = self.buckets.min(1000 / ENTRIES_PER_BUCKET) * ENTRIES_PER_BUCKET;
        let sample = &self.entries[self.first..self.first + sampled];
        let used = sample
            .iter()
            .filter(|entry| {
                let data = entry.data.load(Ordering::Relaxed);
                data != 0 && data_generation(data) == self.generation
            })
            .count();
        (used * 1000 / sample.len()) as u32
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
        let buckets = tt.buckets as u128;
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
