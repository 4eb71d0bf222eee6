//! Proof and disproof numbers, and the fixed-memory transposition table
//! shared by the df-pn and alpha-beta solvers (and by their threads).

use std::fmt;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use super::game::Outcome;

/// The proof number `pn` and disproof number `dn` of a position, seen from
/// the player to move (negamax form, Nagai 2002, ch. 3): `pn` estimates how
/// many leaves must still be decided to prove that the player to move wins,
/// `dn` how many to prove that they lose.
///
/// `pn = 0, dn = INFINITY` is a proven win, `pn = INFINITY, dn = 0` a proven
/// loss. Sums saturate at [`ProofNumbers::MAX_FINITE`], so that a sum of
/// finite numbers never reads as a proof; only a proof yields `INFINITY`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProofNumbers {
    /// Proof number: work left to prove a win for the player to move.
    pub pn: u32,
    /// Disproof number: work left to prove a loss for the player to move.
    pub dn: u32,
}

impl ProofNumbers {
    /// The infinite proof number: this side can no longer be proved.
    pub const INFINITY: u32 = u32::MAX;
    /// The largest finite proof number; saturated sums stop here.
    pub const MAX_FINITE: u32 = u32::MAX - 1;
    /// A proven win for the player to move.
    pub const WIN: ProofNumbers = ProofNumbers {
        pn: 0,
        dn: Self::INFINITY,
    };
    /// A proven loss for the player to move.
    pub const LOSS: ProofNumbers = ProofNumbers {
        pn: Self::INFINITY,
        dn: 0,
    };
    /// The numbers of a position not searched yet (Nagai's initial values).
    pub const UNKNOWN: ProofNumbers = ProofNumbers { pn: 1, dn: 1 };

    /// The numbers of a decided position.
    #[must_use]
    pub fn proven(outcome: Outcome) -> ProofNumbers {
        match outcome {
            Outcome::Win => Self::WIN,
            Outcome::Loss => Self::LOSS,
        }
    }

    /// The outcome these numbers prove, if any.
    #[must_use]
    pub fn outcome(self) -> Option<Outcome> {
        if self.pn == 0 {
            Some(Outcome::Win)
        } else if self.dn == 0 {
            Some(Outcome::Loss)
        } else {
            None
        }
    }

    /// True if the position is decided.
    #[must_use]
    pub fn is_proven(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

impl fmt::Display for ProofNumbers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |f: &mut fmt::Formatter<'_>, x: u32| {
            if x == Self::INFINITY {
                f.write_str("inf")
            } else {
                write!(f, "{x}")
            }
        };
        f.write_str("pn ")?;
        show(f, self.pn)?;
        f.write_str(" dn ")?;
        show(f, self.dn)
    }
}

/// `a + b` for proof numbers: infinite if either is, otherwise saturating at
/// [`ProofNumbers::MAX_FINITE`].
pub(crate) fn pn_add(a: u32, b: u32) -> u32 {
    if a == ProofNumbers::INFINITY || b == ProofNumbers::INFINITY {
        ProofNumbers::INFINITY
    } else {
        a.saturating_add(b).min(ProofNumbers::MAX_FINITE)
    }
}

/// One table slot, written and read with relaxed atomics and no lock
/// (Hyatt and Mann's lockless hashing, *A lock-less transposition table
/// implementation for parallel search chess engines*, ICGA J. 25(1), 2002):
/// `check` holds `key ^ data`, so a slot torn by two threads writing at
/// once no longer matches either key and reads as absent. `work == 0` marks
/// an empty slot (stores use `work >= 1`).
#[derive(Default)]
struct Entry {
    check: AtomicU64,
    /// `pn << 32 | dn`.
    data: AtomicU64,
    /// Nodes searched below this position (saturating): the replacement
    /// policy keeps the entries that cost the most to recompute.
    work: AtomicU32,
}

impl Entry {
    /// The slot's numbers if it holds `key`.
    fn read(&self, key: u64) -> Option<ProofNumbers> {
        if self.work.load(Ordering::Relaxed) == 0 {
            return None;
        }
        let data = self.data.load(Ordering::Relaxed);
        (self.check.load(Ordering::Relaxed) ^ data == key).then_some(ProofNumbers {
            pn: (data >> 32) as u32,
            dn: data as u32,
        })
    }

    fn write(&self, key: u64, value: ProofNumbers, work: u32) {
        let data = (u64::from(value.pn) << 32) | u64::from(value.dn);
        self.data.store(data, Ordering::Relaxed);
        self.check.store(key ^ data, Ordering::Relaxed);
        self.work.store(work, Ordering::Relaxed);
    }
}

/// Slots per bucket: a position may live in any slot of its bucket.
const BUCKET_SLOTS: usize = 4;

type Bucket = [Entry; BUCKET_SLOTS];

/// A transposition table of fixed size, shared between threads without
/// locks.
///
/// Layout: `n` buckets of [`BUCKET_SLOTS`] entries. A 64-bit key picks its
/// bucket by its high bits (`key * n >> 64`) and is stored whole (as
/// `key ^ data`), so a probe never returns another position's numbers
/// unless two positions share all 64 bits. Reads and writes are relaxed
/// atomic loads and stores: a probe costs no lock, so the probes of a
/// node's children overlap their cache misses. Two threads racing on one
/// slot can only lose an entry, never attribute numbers to the wrong key.
///
/// Replacement: a key already present is updated in place (a proven entry
/// is never overwritten by an unproven one, barring a race between
/// threads, which loses work but no correctness); otherwise the slot with
/// the least `work` is replaced.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
}

impl Table {
    /// A table of at most `mb` MiB (at least one bucket).
    pub(crate) fn with_megabytes(mb: usize) -> Table {
        let bytes = mb.saturating_mul(1 << 20);
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = (0..n).map(|_| Bucket::default()).collect();
        Table { buckets }
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// The stored numbers of `key`, if present.
    pub(crate) fn probe(&self, key: u64) -> Option<ProofNumbers> {
        self.bucket(key).iter().find_map(|e| e.read(key))
    }

    /// Stores the numbers of `key`, found after `work` nodes of search.
    pub(crate) fn store(&self, key: u64, value: ProofNumbers, work: u64) {
        let work = u32::try_from(work).unwrap_or(u32::MAX).max(1);
        let bucket = self.bucket(key);
        let slot = match bucket.iter().find(|e| e.read(key).is_some()) {
            Some(e) => {
                if e.read(key).is_some_and(ProofNumbers::is_proven) && !value.is_proven() {
                    return;
                }
                e
            }
            None => bucket
                .iter()
                .min_by_key(|e| e.work.load(Ordering::Relaxed))
                .expect("a bucket has slots"),
        };
        slot.write(key, value, work);
    }

    /// Empties the table.
    pub(crate) fn clear(&self) {
        for entry in self.buckets.iter().flatten() {
            entry.work.store(0, Ordering::Relaxed);
            entry.check.store(0, Ordering::Relaxed);
            entry.data.store(0, Ordering::Relaxed);
        }
    }

    /// Number of entries the table can hold.
    pub(crate) fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET_SLOTS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_saturate_below_infinity() {
        assert_eq!(pn_add(3, 4), 7);
        assert_eq!(
            pn_add(ProofNumbers::MAX_FINITE, 5),
            ProofNumbers::MAX_FINITE
        );
        assert_eq!(pn_add(ProofNumbers::INFINITY, 0), ProofNumbers::INFINITY);
    }

    #[test]
    fn a_proof_is_not_overwritten_by_an_estimate() {
        let table = Table::with_megabytes(1);
        table.store(42, ProofNumbers::WIN, 1);
        table.store(42, ProofNumbers { pn: 3, dn: 4 }, 100);
        assert_eq!(table.probe(42), Some(ProofNumbers::WIN));
        table.store(43, ProofNumbers { pn: 3, dn: 4 }, 1);
        table.store(43, ProofNumbers::LOSS, 1);
        assert_eq!(table.probe(43), Some(ProofNumbers::LOSS));
    }

    #[test]
    fn replacement_keeps_the_entry_with_more_work() {
        // A table of one bucket: every key lands in it.
        let table = Table {
            buckets: vec![Bucket::default()],
        };
        for key in 0..BUCKET_SLOTS as u64 {
            table.store(key, ProofNumbers::UNKNOWN, 10 + key);
        }
        // Key 0 has the least work and is the one replaced.
        table.store(99, ProofNumbers::UNKNOWN, 1);
        assert_eq!(table.probe(0), None);
        assert_eq!(table.probe(99), Some(ProofNumbers::UNKNOWN));
        for key in 1..BUCKET_SLOTS as u64 {
            assert_eq!(table.probe(key), Some(ProofNumbers::UNKNOWN));
        }
    }
}
