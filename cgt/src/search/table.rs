//! The fixed-memory transposition table
//! shared by the df-pn and alpha-beta solvers (and by their threads).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::control::ConfigError;
use super::numbers::{ProofNumbers, WinLoss};

/// Bits of a stored proof or disproof number; the all-ones value stands for
/// [`ProofNumbers::INFINITY`], larger finite numbers are stored as the
/// largest finite one (an estimate, so only speed can change; no search
/// here comes near it).
const NUMBER_BITS: u32 = 28;
const STORED_INFINITY: u64 = (1 << NUMBER_BITS) - 1;
const STORED_MAX_FINITE: u64 = STORED_INFINITY - 1;

/// Bits of the work field: the bit length of the number of nodes searched
/// below the position (1 to 64; 0 marks an empty slot).
const WORK_BITS: u32 = 8;

/// `value` and `work` packed into one word: `pn` in the top
/// [`NUMBER_BITS`], then `dn`, then the bit length of `work` (at least 1,
/// so a stored word is never 0).
fn pack(value: ProofNumbers, work: u64) -> u64 {
    let number = |x: u32| {
        if x == ProofNumbers::INFINITY {
            STORED_INFINITY
        } else {
            u64::from(x).min(STORED_MAX_FINITE)
        }
    };
    let work_bits = u64::from(64 - work.max(1).leading_zeros());
    (number(value.pn) << (NUMBER_BITS + WORK_BITS)) | (number(value.dn) << WORK_BITS) | work_bits
}

/// The numbers of a packed word.
fn unpack(data: u64) -> ProofNumbers {
    let number = |x: u64| {
        let x = x & STORED_INFINITY;
        if x == STORED_INFINITY {
            ProofNumbers::INFINITY
        } else {
            x as u32
        }
    };
    ProofNumbers {
        pn: number(data >> (NUMBER_BITS + WORK_BITS)),
        dn: number(data >> WORK_BITS),
    }
}

/// The work field of a packed word (0: empty slot).
fn work_of(data: u64) -> u64 {
    data & ((1 << WORK_BITS) - 1)
}

/// Slots per bucket: a position may live in any slot of its bucket.
const BUCKET_SLOTS: usize = 4;
/// Words per slot: `key ^ data`, then `data`.
const SLOT_WORDS: usize = 2;
/// Words per bucket: 8 words of 8 bytes, one 64-byte cache line.
const BUCKET_WORDS: usize = BUCKET_SLOTS * SLOT_WORDS;
/// Bytes per bucket.
const BUCKET_BYTES: usize = BUCKET_WORDS * 8;

/// A transposition table of fixed size, shared between threads without
/// locks.
///
/// Layout: `n` buckets, each one aligned 64-byte cache line of
/// [`BUCKET_SLOTS`] slots of two words: `key ^ data` and `data`, where
/// `data` packs `pn`, `dn` and the bit length of the work below the
/// position ([`pack`]). A 64-bit key picks its bucket by its high bits
/// (`key * n >> 64`) and is stored whole (as `key ^ data`), so a probe
/// never returns another position's numbers unless two positions share all
/// 64 bits, and a probe costs one cache miss.
///
/// Reads and writes are relaxed atomic loads and stores, with no lock
/// (Hyatt and Mann's lockless hashing, *A lock-less transposition table
/// implementation for parallel search chess engines*, ICGA J. 25(1),
/// 2002): a slot torn by two threads writing at once no longer satisfies
/// `check ^ data == key` and reads as absent, so a race can only lose an
/// entry, never attribute numbers to the wrong key. The probes of a node's
/// children overlap their cache misses.
///
/// The words are allocated zeroed by the allocator (`calloc`), so the
/// operating system hands out pages only as they are first touched. A
/// table of one thread (`growing`) also uses only its first 1 MiB at first
/// and doubles the part in use, moving the entries, each time it is half
/// full: a small search touches few pages (each first touch is a page
/// fault, which dominated the time of the 4x4 solve when the entries were
/// spread over the whole table). A shared table uses all of its buckets
/// from the start (no thread could move entries while others probe).
///
/// Replacement: a key already present is updated in place (a proven entry
/// is never overwritten by an unproven one, barring a race between
/// threads, which loses work but no correctness); otherwise the slot with
/// the least work is replaced (an empty slot first).
pub(crate) struct Table {
    words: Vec<AtomicU64>,
    /// Index of the first word of bucket 0, the first word on a 64-byte
    /// boundary.
    offset: usize,
    /// Buckets allocated.
    buckets: usize,
    /// Whether the part in use grows (one thread only).
    growing: bool,
    /// Buckets in use (all of them unless `growing`).
    active: AtomicUsize,
    /// Occupied slots (counted in growing tables only).
    filled: AtomicUsize,
}

/// Buckets a growing table uses at first: 1 MiB.
const FIRST_BUCKETS: usize = (1 << 20) / BUCKET_BYTES;

impl Table {
    /// A table of at most `mb` MiB (at least one bucket); `growing` for a
    /// table only one thread uses (see [`Table`]), which then holds 1 MiB
    /// times the largest power of two that fits.
    ///
    /// The words are reserved at once (zeroed, so untouched pages cost no
    /// memory). If a growing table's reservation is refused, it is halved
    /// until it is granted (the table then grows only that far); a shared
    /// table that cannot be reserved is an error naming its size.
    pub(crate) fn with_megabytes(mb: usize, growing: bool) -> Result<Table, ConfigError> {
        let budget = (mb.saturating_mul(1 << 20) / BUCKET_BYTES).max(1);
        let refused = |buckets: usize| ConfigError::TableTooLarge {
            mib: (buckets * BUCKET_BYTES).div_ceil(1 << 20),
        };
        if growing && budget > FIRST_BUCKETS {
            let mut buckets = FIRST_BUCKETS << (budget / FIRST_BUCKETS).ilog2();
            loop {
                if let Some(table) = Table::with_buckets(buckets, true) {
                    return Ok(table);
                }
                if buckets == FIRST_BUCKETS {
                    return Err(refused(buckets));
                }
                buckets /= 2;
            }
        } else {
            Table::with_buckets(budget, false).ok_or(refused(budget))
        }
    }

    /// A table of `buckets` buckets, or `None` if they cannot be allocated.
    fn with_buckets(buckets: usize, growing: bool) -> Option<Table> {
        // One bucket's worth of spare words, to start bucket 0 on a cache
        // line whatever the allocation's alignment.
        let words: Vec<AtomicU64> =
            bytemuck::allocation::try_zeroed_vec(buckets * BUCKET_WORDS + BUCKET_WORDS - 1).ok()?;
        let misalignment = (words.as_ptr() as usize) % BUCKET_BYTES;
        let offset = ((BUCKET_BYTES - misalignment) % BUCKET_BYTES) / 8;
        let active = if growing { FIRST_BUCKETS } else { buckets };
        Some(Table {
            words,
            offset,
            buckets,
            growing,
            active: AtomicUsize::new(active),
            filled: AtomicUsize::new(0),
        })
    }

    /// The index of the bucket of `key` among the first `active` buckets
    /// (by the key's high bits, so that doubling `active` sends the
    /// entries of bucket `i` to buckets `2i` and `2i + 1`).
    #[inline]
    fn index(key: u64, active: usize) -> usize {
        ((u128::from(key) * active as u128) >> 64) as usize
    }

    /// The words of bucket `index`.
    #[inline]
    fn bucket_at(&self, index: usize) -> &[AtomicU64] {
        let start = self.offset + index * BUCKET_WORDS;
        &self.words[start..start + BUCKET_WORDS]
    }

    /// The words of the bucket of `key`.
    #[inline]
    fn bucket(&self, key: u64) -> &[AtomicU64] {
        self.bucket_at(Table::index(key, self.active.load(Ordering::Relaxed)))
    }

    /// The slot of `bucket` holding `key` and its data word, if any.
    #[inline]
    fn find(bucket: &[AtomicU64], key: u64) -> Option<(usize, u64)> {
        bucket
            .chunks_exact(SLOT_WORDS)
            .enumerate()
            .find_map(|(i, slot)| {
                let data = slot[1].load(Ordering::Relaxed);
                (data != 0 && slot[0].load(Ordering::Relaxed) ^ data == key).then_some((i, data))
            })
    }

    /// The stored numbers of `key`, if present.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<ProofNumbers> {
        Table::find(self.bucket(key), key).map(|(_, data)| unpack(data))
    }

    /// Loads one word of the bucket of each key and throws it away: the
    /// loads do not depend on each other, so the processor fetches all the
    /// cache lines at once, and the probes of the same keys that follow
    /// find them in the cache (a software prefetch without `unsafe`).
    pub(crate) fn touch(&self, keys: impl Iterator<Item = u64>) {
        let sum = keys.fold(0u64, |sum, key| {
            sum.wrapping_add(self.bucket(key)[0].load(Ordering::Relaxed))
        });
        std::hint::black_box(sum);
    }

    /// Stores the numbers of `key`, found after `work` nodes of search.
    pub(crate) fn store(&self, key: u64, value: ProofNumbers, work: u64) {
        let bucket = self.bucket(key);
        let slot = match Table::find(bucket, key) {
            Some((i, data)) => {
                if unpack(data).is_proven() && !value.is_proven() {
                    return;
                }
                i
            }
            None => (0..BUCKET_SLOTS)
                .min_by_key(|&i| work_of(bucket[i * SLOT_WORDS + 1].load(Ordering::Relaxed)))
                .expect("a bucket has slots"),
        };
        let data = pack(value, work);
        let was_empty = bucket[slot * SLOT_WORDS + 1].swap(data, Ordering::Relaxed) == 0;
        bucket[slot * SLOT_WORDS].store(key ^ data, Ordering::Relaxed);
        if self.growing && was_empty {
            let filled = self.filled.fetch_add(1, Ordering::Relaxed) + 1;
            let active = self.active.load(Ordering::Relaxed);
            if 2 * filled > active * BUCKET_SLOTS && 2 * active <= self.buckets {
                self.grow();
            }
        }
    }

    /// Doubles the buckets in use of a growing table, moving the entries
    /// of bucket `i` to buckets `2i` and `2i + 1`. The buckets are taken
    /// from the last down: the targets of bucket `i > 0` were emptied
    /// before, and bucket 0's entries are taken out before being put back.
    /// Only the one thread of a growing table calls this.
    fn grow(&self) {
        let active = self.active.load(Ordering::Relaxed);
        for i in (0..active).rev() {
            let bucket = self.bucket_at(i);
            let mut entries = [(0, 0); BUCKET_SLOTS];
            for (entry, slot) in entries.iter_mut().zip(bucket.chunks_exact(SLOT_WORDS)) {
                *entry = (
                    slot[0].swap(0, Ordering::Relaxed),
                    slot[1].swap(0, Ordering::Relaxed),
                );
            }
            for (check, data) in entries {
                if data == 0 {
                    continue;
                }
                let target = self.bucket_at(Table::index(check ^ data, 2 * active));
                let slot = target
                    .chunks_exact(SLOT_WORDS)
                    .find(|slot| slot[1].load(Ordering::Relaxed) == 0)
                    .expect("a target bucket receives at most the entries of one bucket");
                slot[1].store(data, Ordering::Relaxed);
                slot[0].store(check, Ordering::Relaxed);
            }
        }
        self.active.store(2 * active, Ordering::Relaxed);
    }

    /// Empties the table (a fresh zeroed allocation, or the words zeroed in
    /// place if it cannot be had).
    pub(crate) fn clear(&mut self) {
        match Table::with_buckets(self.buckets, self.growing) {
            Some(fresh) => *self = fresh,
            None => {
                for word in &self.words {
                    word.store(0, Ordering::Relaxed);
                }
                let active = if self.growing {
                    FIRST_BUCKETS
                } else {
                    self.buckets
                };
                self.active.store(active, Ordering::Relaxed);
                self.filled.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Number of entries the table can hold.
    /// The outcome stored as proven for `key`, if any.
    pub(crate) fn known(&self, key: u64) -> Option<WinLoss> {
        self.probe(key).and_then(ProofNumbers::outcome)
    }

    pub(crate) fn capacity(&self) -> usize {
        self.buckets * BUCKET_SLOTS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proof_is_not_overwritten_by_an_estimate() {
        let table = Table::with_megabytes(1, false).unwrap();
        table.store(42, ProofNumbers::WIN, 1);
        table.store(42, ProofNumbers { pn: 3, dn: 4 }, 100);
        assert_eq!(table.probe(42), Some(ProofNumbers::WIN));
        table.store(43, ProofNumbers { pn: 3, dn: 4 }, 1);
        table.store(43, ProofNumbers::LOSS, 1);
        assert_eq!(table.probe(43), Some(ProofNumbers::LOSS));
    }

    #[test]
    fn replacement_keeps_the_entry_with_more_work() {
        // A table of one bucket: every key lands in it. The work is kept
        // as its bit length, so these differ by orders of magnitude.
        let table = Table::with_buckets(1, false).unwrap();
        let work = [1000, 10, 100, 10_000];
        for (key, &w) in work.iter().enumerate() {
            table.store(key as u64, ProofNumbers::UNKNOWN, w);
        }
        // Key 1 has the least work and is the one replaced.
        table.store(99, ProofNumbers::UNKNOWN, 1);
        assert_eq!(table.probe(1), None);
        assert_eq!(table.probe(99), Some(ProofNumbers::UNKNOWN));
        for key in [0, 2, 3] {
            assert_eq!(table.probe(key), Some(ProofNumbers::UNKNOWN));
        }
    }

    #[test]
    fn numbers_survive_packing() {
        for (pn, dn) in [
            (0, ProofNumbers::INFINITY),
            (ProofNumbers::INFINITY, 0),
            (1, 1),
            (12_345, 678_901),
            (STORED_MAX_FINITE as u32, 7),
        ] {
            let value = ProofNumbers { pn, dn };
            for work in [0, 1, 2, 1 << 40, u64::MAX] {
                let data = pack(value, work);
                assert_eq!(unpack(data), value);
                assert!(work_of(data) >= 1);
            }
        }
        // Larger finite numbers are kept as the largest storable one,
        // never as infinity.
        let big = ProofNumbers {
            pn: ProofNumbers::MAX_FINITE,
            dn: 1 << 30,
        };
        let back = unpack(pack(big, 1));
        assert_eq!(back.pn, STORED_MAX_FINITE as u32);
        assert_eq!(back.dn, STORED_MAX_FINITE as u32);
        assert!(!back.is_proven());
    }

    #[test]
    fn buckets_are_cache_lines() {
        for buckets in [1, 3, 1000] {
            let table = Table::with_buckets(buckets, false).unwrap();
            let first = table.bucket(0).as_ptr() as usize;
            let last = table.bucket(u64::MAX).as_ptr() as usize;
            assert_eq!(first % BUCKET_BYTES, 0);
            assert_eq!(last - first, (buckets - 1) * BUCKET_BYTES);
        }
    }

    #[test]
    fn growing_keeps_every_entry() {
        // A growing table of 4 MiB: 1 MiB in use at first, doubled twice.
        let table = Table::with_megabytes(4, true).unwrap();
        assert_eq!(table.active.load(Ordering::Relaxed), FIRST_BUCKETS);
        let key = |i: u64| (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let value = |i: u64| ProofNumbers {
            pn: (i % 1000) as u32 + 1,
            dn: (i % 777) as u32 + 1,
        };
        // A fifth of the slots: the table does not grow yet.
        let n = (FIRST_BUCKETS * BUCKET_SLOTS / 5) as u64;
        for i in 0..n {
            table.store(key(i), value(i), i);
        }
        assert_eq!(table.active.load(Ordering::Relaxed), FIRST_BUCKETS);
        let present: Vec<u64> = (0..n).filter(|&i| table.probe(key(i)).is_some()).collect();
        table.grow();
        assert_eq!(table.active.load(Ordering::Relaxed), 2 * FIRST_BUCKETS);
        for &i in &present {
            assert_eq!(table.probe(key(i)), Some(value(i)));
        }
        let after: usize = (0..n).filter(|&i| table.probe(key(i)).is_some()).count();
        assert_eq!(after, present.len());
        // Storing more makes it grow by itself, up to the whole allocation.
        for i in n..8 * n {
            table.store(key(i), value(i), i);
        }
        assert_eq!(table.active.load(Ordering::Relaxed), table.buckets);
        assert_eq!(table.buckets, 4 * FIRST_BUCKETS);
    }

    #[test]
    fn an_empty_or_torn_slot_reads_as_absent() {
        let table = Table::with_buckets(1, false).unwrap();
        // An empty slot holds two zero words; key 0 must not match them.
        assert_eq!(table.probe(0), None);
        table.store(0, ProofNumbers::WIN, 1);
        assert_eq!(table.probe(0), Some(ProofNumbers::WIN));
        // Another thread's data word written over ours, check word not yet:
        // the slot no longer matches key 0.
        table.bucket(0)[1].store(pack(ProofNumbers::LOSS, 5), Ordering::Relaxed);
        assert_eq!(table.probe(0), None);
    }
}
