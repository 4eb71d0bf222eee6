//! The transposition table (seed 000, "Transposition Tables").
//!
//! Buckets of four 16-byte entries, one bucket per 64-byte cache line, so a
//! probe costs at most one cache miss. An entry holds a canonical edge set
//! (the key: it is stored whole, so a hit is never a collision), a lower and
//! an upper bound of the value over the remaining boxes, the number of
//! undrawn edges as a measure of the work below it, and the best move found.
//! The table is impartial: the side to move is not part of the key (it is
//! only when [`crate::Options::impartial_tt`] is off, as an ablation).
//!
//! Replacement: a new position takes an empty slot of its bucket, else the
//! slot with the fewest undrawn edges (the least work to redo).
//!
//! Size: the table starts at [`INITIAL_BYTES`] (or the whole budget if that
//! is smaller) and doubles, rehashing, whenever half of its slots are in use,
//! until it reaches its budget; so a small board never pays for touching a
//! huge table, and a large one ends with the whole budget.
//!
//! Sharing: the words are atomics (relaxed loads and stores, plain moves on
//! x86-64), so threads can share one table. An entry is written as `key ^
//! data` and `data` (the "lockless" scheme of Hyatt and Mann, 2002): a torn
//! entry, half from one write and half from another, fails the key check and
//! reads as a miss, never as a wrong bound.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A bound that says nothing.
pub const UNKNOWN_LO: i8 = i8::MIN;
/// A bound that says nothing.
pub const UNKNOWN_HI: i8 = i8::MAX;

/// The size a table starts at (1 MiB), unless its budget is smaller.
pub const INITIAL_BYTES: usize = 1 << 20;

/// Slots per bucket (one 64-byte cache line of 16-byte entries).
const WAYS: usize = 4;
/// 64-bit words per bucket.
const WORDS: usize = 2 * WAYS;

/// The data word of an entry, from bit 0: the lower bound (i8), the upper
/// bound (i8), the undrawn-edge count (u8; 0 marks an empty slot, as a full
/// board is never stored), the side to move (u8) and the best move plus one
/// (u8; 0 for none); all zero in a fresh table.
#[derive(Clone, Copy)]
struct Data(u64);

impl Data {
    fn new(lo: i8, hi: i8, depth: u8, side: u8, best: u8) -> Data {
        Data(
            u64::from(lo as u8)
                | u64::from(hi as u8) << 8
                | u64::from(depth) << 16
                | u64::from(side) << 24
                | u64::from(best) << 32,
        )
    }
    fn lo(self) -> i8 {
        self.0 as u8 as i8
    }
    fn hi(self) -> i8 {
        (self.0 >> 8) as u8 as i8
    }
    fn depth(self) -> u8 {
        (self.0 >> 16) as u8
    }
    fn side(self) -> u8 {
        (self.0 >> 24) as u8
    }
    fn best(self) -> u8 {
        (self.0 >> 32) as u8
    }
}

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Lower bound.
    pub lo: i8,
    /// Upper bound.
    pub hi: i8,
    /// The best move found so far, in the key's coordinates.
    pub best: Option<u8>,
}

/// A table of value bounds with a fixed memory budget.
pub struct Table {
    /// Entries as `[key ^ data, data]` pairs, `WORDS` per bucket, from
    /// `start` (the first 64-byte aligned word).
    words: Vec<AtomicU64>,
    start: usize,
    /// log2 of the number of buckets.
    bits: u32,
    /// log2 of the number of buckets the budget allows.
    max_bits: u32,
}

fn zeroed(n: usize) -> Vec<AtomicU64> {
    (0..n).map(|_| AtomicU64::new(0)).collect()
}

/// The bucket index bits of a key (the splitmix64 finaliser).
fn hash(key: u64, side: u8) -> u64 {
    let mut h = key ^ u64::from(side) << 63;
    h = (h ^ h >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ h >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ h >> 31
}

impl Table {
    /// A table that may grow to `megabytes` MiB (at least one bucket). With
    /// `grow` false it takes the whole budget at once (as threads sharing it
    /// need: they cannot wait for a rehash).
    pub fn new(megabytes: usize, grow: bool) -> Table {
        let budget = megabytes.saturating_mul(1 << 20);
        let buckets = (budget / (8 * WORDS)).max(1);
        let max_bits = usize::BITS - 1 - buckets.leading_zeros();
        let initial = (INITIAL_BYTES / (8 * WORDS)).trailing_zeros();
        let bits = if grow {
            max_bits.min(initial)
        } else {
            max_bits
        };
        Table::with_bits(bits, max_bits)
    }

    fn with_bits(bits: u32, max_bits: u32) -> Table {
        let words = zeroed((WORDS << bits) + WORDS);
        let misalign = words.as_ptr() as usize % (8 * WORDS) / 8;
        Table {
            start: (WORDS - misalign) % WORDS,
            words,
            bits,
            max_bits,
        }
    }

    /// Bytes of memory used by the entries.
    pub fn bytes(&self) -> usize {
        (8 * WORDS) << self.bits
    }

    /// Entries the table holds now.
    pub fn capacity(&self) -> usize {
        WAYS << self.bits
    }

    /// Whether the table is below its budget.
    pub fn can_grow(&self) -> bool {
        self.bits < self.max_bits
    }

    fn bucket(&self, key: u64, side: u8) -> &[AtomicU64] {
        let i = if self.bits == 0 {
            0
        } else {
            (hash(key, side) >> (64 - self.bits)) as usize
        };
        let first = self.start + i * WORDS;
        &self.words[first..first + WORDS]
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64, side: u8) -> Option<Hit> {
        let bucket = self.bucket(key, side);
        for slot in bucket.chunks_exact(2) {
            let data = Data(slot[1].load(Relaxed));
            if slot[0].load(Relaxed) ^ data.0 == key && data.depth() != 0 && data.side() == side {
                return Some(Hit {
                    lo: data.lo(),
                    hi: data.hi(),
                    best: data.best().checked_sub(1),
                });
            }
        }
        None
    }

    /// Stores bounds for `key`. With `merge` the new bounds are intersected
    /// with any stored ones (two-bound table); without, they replace them
    /// (the one-bound-and-a-flag ablation). `best` is the best move found,
    /// if any (kept from before if `None`). Returns whether the entry took
    /// an empty slot.
    #[allow(clippy::too_many_arguments, reason = "one flat record")]
    pub fn store(
        &self,
        key: u64,
        side: u8,
        depth: u8,
        lo: i8,
        hi: i8,
        best: Option<u8>,
        merge: bool,
    ) -> bool {
        debug_assert!(depth > 0 && lo <= hi);
        let bucket = self.bucket(key, side);
        let code = best.map_or(0, |m| m + 1);
        let mut victim = 0;
        let mut victim_depth = u8::MAX;
        for (i, slot) in bucket.chunks_exact(2).enumerate() {
            let old = Data(slot[1].load(Relaxed));
            if old.depth() == 0 {
                if victim_depth != 0 {
                    (victim, victim_depth) = (i, 0);
                }
                continue;
            }
            if slot[0].load(Relaxed) ^ old.0 == key && old.side() == side {
                let (lo, hi) = if merge {
                    (old.lo().max(lo), old.hi().min(hi))
                } else {
                    (lo, hi)
                };
                debug_assert!(lo <= hi, "bounds of one value cross");
                let code = if code == 0 { old.best() } else { code };
                Table::write(slot, key, Data::new(lo, hi, depth, side, code));
                return false;
            }
            if old.depth() < victim_depth {
                (victim, victim_depth) = (i, old.depth());
            }
        }
        let slot = &bucket[2 * victim..2 * victim + 2];
        Table::write(slot, key, Data::new(lo, hi, depth, side, code));
        victim_depth == 0
    }

    fn write(slot: &[AtomicU64], key: u64, data: Data) {
        slot[0].store(key ^ data.0, Relaxed);
        slot[1].store(data.0, Relaxed);
    }

    /// Doubles the table (within its budget), keeping every entry.
    pub fn grow(&mut self) {
        debug_assert!(self.can_grow());
        let bigger = Table::with_bits(self.bits + 1, self.max_bits);
        for bucket in self.words[self.start..].chunks_exact(WORDS) {
            for slot in bucket.chunks_exact(2) {
                let data = Data(slot[1].load(Relaxed));
                if data.depth() != 0 {
                    let key = slot[0].load(Relaxed) ^ data.0;
                    // Each old bucket splits into two new ones, so there is
                    // always an empty slot.
                    let new = bigger.bucket(key, data.side());
                    let free = new
                        .chunks_exact(2)
                        .find(|s| s[1].load(Relaxed) == 0)
                        .expect("a split bucket has room");
                    Table::write(free, key, data);
                }
            }
        }
        *self = bigger;
    }

    /// Entries in use (a scan of the whole table).
    pub fn used(&self) -> usize {
        self.words[self.start..]
            .chunks_exact(2)
            .take(self.capacity())
            .filter(|slot| Data(slot[1].load(Relaxed)).depth() != 0)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merge_and_survive_in_a_tiny_table() {
        let t = Table::new(0, true);
        assert_eq!((t.capacity(), t.bytes()), (4, 64));
        assert_eq!((t.words.as_ptr() as usize / 8 + t.start) % WORDS, 0);
        let hit = |lo, hi, best| Some(Hit { lo, hi, best });
        assert!(t.store(5, 0, 3, -2, 4, Some(7), true));
        assert!(!t.store(5, 0, 3, 0, 9, None, true));
        assert_eq!(t.probe(5, 0), hit(0, 4, Some(7)));
        assert_eq!(t.probe(5, 1), None);
        t.store(5, 0, 3, 1, 1, Some(0), false);
        assert_eq!(t.probe(5, 0), hit(1, 1, Some(0)));
        // Four slots: the fifth position replaces the one with the fewest
        // undrawn edges; the deep one stays.
        t.store(6, 0, 1, 0, 0, None, true);
        t.store(7, 0, 2, -3, 0, None, true);
        t.store(8, 0, 4, -1, 1, None, true);
        assert!(!t.store(9, 0, 2, 2, 2, None, true));
        assert_eq!(t.probe(5, 0), hit(1, 1, Some(0)));
        assert_eq!(t.probe(6, 0), None);
        assert_eq!(t.probe(7, 0), hit(-3, 0, None));
        assert_eq!(t.probe(9, 0), hit(2, 2, None));
        assert_eq!(t.used(), 4);
    }

    #[test]
    fn growing_keeps_every_entry() {
        // One bucket, with a budget of 1 MiB (2^14 buckets).
        let mut t = Table::with_bits(0, 14);
        for key in 1..=4u64 {
            t.store(
                key * 977,
                0,
                key as u8,
                -(key as i8),
                key as i8,
                Some(3),
                true,
            );
        }
        let mut sizes = vec![t.bytes()];
        while t.can_grow() {
            t.grow();
            sizes.push(t.bytes());
        }
        assert_eq!(sizes.last(), Some(&(1 << 20)));
        assert_eq!(t.used(), 4);
        for key in 1..=4u64 {
            let k = key as i8;
            assert_eq!(
                t.probe(key * 977, 0),
                Some(Hit {
                    lo: -k,
                    hi: k,
                    best: Some(3)
                })
            );
        }
    }
}
