//! The transposition table (Barker & Korf 2012, "Transposition Tables").
//!
//! One bucket per 64-byte cache line, so a probe costs at most one cache
//! miss. An entry holds a canonical edge set (the key, exactly: a hit is
//! never a collision), a lower and an upper bound of the value over the
//! remaining boxes, the number of undrawn edges as a measure of the work
//! below it, and the best move found. Two layouts:
//!
//! - wide (any board): four 16-byte entries a bucket, the key stored whole;
//! - compact ([`crate::Options::compact_tt`], when the key of `n` edges
//!   plus a bit for the side to move has at most 64 bits, and at most 40
//!   more than the bucket index: with one thread, whose table starts at
//!   1 MiB, up to 53 edges, so 4x5 and smaller): eight 8-byte entries a
//!   bucket. The key goes through a bijection of its `n + 1` bits
//!   (xorshifts and odd multipliers modulo `2^(n+1)`); the top bits of the
//!   mixed key pick the bucket and the entry stores the others, so bucket
//!   and entry together give the key back: twice the entries per MiB, still
//!   exact.
//!
//! The table is impartial: the side to move is not part of the key (it is
//! only when [`crate::Options::impartial_tt`] is off, as an ablation).
//!
//! Replacement: a new position takes an empty slot of its bucket, else the
//! slot with the fewest undrawn edges (the least work to redo).
//!
//! Size: the table starts at [`INITIAL_BYTES`] (or the whole budget if that
//! is smaller) and doubles, rehashing in place, whenever half of its slots
//! are in use, until it reaches its budget; so a small board never pays for
//! touching a huge table, and a large one ends with the whole budget. The
//! whole budget is allocated at once, but the kernel gives a page only when
//! it is first touched: the table never holds more than its budget, and
//! each page is zeroed once ([`Table::grow`]).
//!
//! Sharing: the words are atomics (relaxed loads and stores, plain moves on
//! x86-64), so threads can share one table. A compact entry is one word, so
//! it is read and written whole. A wide entry is written as `key ^ data` and
//! `data` (the "lockless" scheme of Hyatt and Mann, 2002): a torn entry,
//! half from one write and half from another, fails the key check and reads
//! as a miss, never as a wrong bound.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A bound that says nothing.
pub const UNKNOWN_LO: i8 = i8::MIN;
/// A bound that says nothing.
pub const UNKNOWN_HI: i8 = i8::MAX;

/// The size a table starts at (1 MiB), unless its budget is smaller.
pub const INITIAL_BYTES: usize = 1 << 20;

/// 64-bit words per bucket (one 64-byte cache line).
const WORDS: usize = 8;

/// Key bits a compact entry stores (bits 24 to 63 of its word).
const COMPACT_KEY_BITS: u32 = 40;

/// A compact entry, from bit 0: the lower and the upper bound plus 32 (six
/// bits each; bounds beyond -32 and 31 are clamped, which only loosens them:
/// boards with compact entries have at most 26 boxes), the undrawn-edge
/// count (six bits; 0 marks an empty slot), the best move plus one (six
/// bits; 0 for none) and the stored key bits; 0 is an empty slot.
#[derive(Clone, Copy)]
struct Compact(u64);

impl Compact {
    fn new(lo: i8, hi: i8, depth: u8, best: u8, rest: u64) -> Compact {
        let bound = |v: i8| (i64::from(v).clamp(-32, 31) + 32) as u64;
        Compact(
            bound(lo)
                | bound(hi) << 6
                | u64::from(depth) << 12
                | u64::from(best) << 18
                | rest << 24,
        )
    }
    fn lo(self) -> i8 {
        (self.0 & 63) as i8 - 32
    }
    fn hi(self) -> i8 {
        (self.0 >> 6 & 63) as i8 - 32
    }
    fn depth(self) -> u8 {
        (self.0 >> 12 & 63) as u8
    }
    fn best(self) -> u8 {
        (self.0 >> 18 & 63) as u8
    }
    fn rest(self) -> u64 {
        self.0 >> 24
    }
}

/// A bijection of the integers below `2^n` (`n` from 2 to 64): xorshifts
/// and multiplications by odd constants, each invertible modulo `2^n`.
fn mix(x: u64, n: u32) -> u64 {
    let mask = u64::MAX >> (64 - n);
    let half = n / 2;
    let mut x = x & mask;
    x ^= x >> half;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9) & mask;
    x ^= x >> half;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb) & mask;
    x ^ x >> half
}

/// The data word of an entry, from bit 0: the lower bound (i8), the upper
/// bound (i8), the undrawn-edge count (u8; 0 marks an empty slot, as a full
/// board is never stored), the side to move (u8), the best move plus one
/// (u8; 0 for none) and 24 more bits of the key ("check", for keys of more
/// than 64 bits: see [`Table::probe_checked`]); all zero in a fresh table.
#[derive(Clone, Copy)]
struct Data(u64);

/// The bits of a check (see [`Data`]).
pub const CHECK_BITS: u32 = 24;

impl Data {
    fn new(lo: i8, hi: i8, depth: u8, side: u8, best: u8, check: u32) -> Data {
        Data(
            u64::from(lo as u8)
                | u64::from(hi as u8) << 8
                | u64::from(depth) << 16
                | u64::from(side) << 24
                | u64::from(best) << 32
                | u64::from(check) << 40,
        )
    }
    fn check(self) -> u32 {
        (self.0 >> 40) as u32
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
    /// Entries (wide: `[key ^ data, data]` pairs; compact: one word each),
    /// `WORDS` words per bucket, from `start` (the first 64-byte aligned
    /// word).
    words: Vec<AtomicU64>,
    start: usize,
    /// log2 of the number of buckets.
    bits: u32,
    /// log2 of the number of buckets the budget allows.
    max_bits: u32,
    /// Compact entries: the bits of a key with its side bit. `None`: wide.
    compact: Option<u32>,
}

/// `n` zeroed words, or `None` if they cannot be allocated (allocated
/// zeroed, so pages are used only as they are touched).
fn zeroed(n: usize) -> Option<Vec<AtomicU64>> {
    bytemuck::allocation::try_zeroed_vec(n).ok()
}

/// Asks the kernel to back the 2 MiB-aligned part of `words` with huge
/// pages (transparent huge pages, which many systems give only to memory
/// that asks for them): a probe of a large table then misses the TLB far
/// less often as well as the cache (2x6: about 15 % less time).
#[cfg(target_os = "linux")]
#[allow(unsafe_code, reason = "madvise has no safe binding; see SAFETY")]
fn advise_huge_pages(words: &[AtomicU64]) {
    const HUGE: usize = 2 << 20;
    let start = words.as_ptr() as usize;
    let end = start + std::mem::size_of_val(words);
    let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
    if from < to {
        // SAFETY: MADV_HUGEPAGE changes only how the kernel backs the pages
        // of the range (it neither frees them nor changes their contents),
        // and the range lies inside the live allocation `words`. A failure
        // (a kernel without transparent huge pages) leaves the pages as
        // they were, so the result is ignored.
        unsafe {
            libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
        }
    }
}

/// Elsewhere the pages stay as the allocator gives them.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: &[AtomicU64]) {}

/// The transposition table could not be allocated.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("cannot allocate the transposition table: {mib} MiB are not available")]
pub struct TableAllocError {
    /// The MiB it needed.
    pub mib: usize,
}

/// The bucket index bits of a key (the splitmix64 finaliser).
fn hash(key: u64, side: u8) -> u64 {
    let mut h = key ^ u64::from(side) << 63;
    h = (h ^ h >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ h >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ h >> 31
}

/// The bucket of `key` with side `side` in a wide table of `2^bits`
/// buckets: the top `bits` bits of its hash.
fn wide_index(key: u64, side: u8, bits: u32) -> usize {
    if bits == 0 {
        0
    } else {
        (hash(key, side) >> (64 - bits)) as usize
    }
}

/// The key bits (edges and side) of compact entries for keys of `edges`
/// bits in a table of `2^bits` buckets or more, if they fit (see the module
/// docs).
fn compact_key_bits(edges: u32, bits: u32) -> Option<u32> {
    let key_bits = edges + 1;
    (key_bits <= 64 && key_bits <= COMPACT_KEY_BITS + bits).then_some(key_bits)
}

/// Where a store goes, from each slot's undrawn-edge count (0: empty),
/// whether it holds the key, and its bounds and move code: the slot holding
/// the key (with those), else an empty slot, else the one with the fewest
/// undrawn edges. Also whether the chosen slot was empty.
#[allow(clippy::type_complexity, reason = "one flat record per slot")]
fn choose_slot(
    slots: impl Iterator<Item = (u8, bool, (i8, i8, u8))>,
) -> (usize, Option<(i8, i8, u8)>, bool) {
    let mut victim = 0;
    let mut victim_depth = u8::MAX;
    for (j, (depth, same, old)) in slots.enumerate() {
        if depth == 0 {
            if victim_depth != 0 {
                (victim, victim_depth) = (j, 0);
            }
        } else if same {
            return (j, Some(old), false);
        } else if depth < victim_depth {
            (victim, victim_depth) = (j, depth);
        }
    }
    (victim, None, victim_depth == 0)
}

/// The bounds and move code to store over the key's old entry, if any: with
/// `merge` the bounds are intersected, else replaced; a move code of 0
/// (none) keeps the old move.
fn merged(old: Option<(i8, i8, u8)>, new: (i8, i8, u8), merge: bool) -> (i8, i8, u8) {
    let Some((old_lo, old_hi, old_code)) = old else {
        return new;
    };
    let (lo, hi, code) = new;
    let (lo, hi) = if merge {
        (old_lo.max(lo), old_hi.min(hi))
    } else {
        (lo, hi)
    };
    debug_assert!(lo <= hi, "bounds of one value cross");
    (lo, hi, if code == 0 { old_code } else { code })
}

impl Table {
    /// A table for keys of `edges` bits that may grow to `megabytes` MiB
    /// (at least one bucket). With `grow` false it takes the whole budget at
    /// once (as threads sharing it need: they cannot wait for a rehash).
    /// With `compact`, entries are compact if the keys allow it (see the
    /// module docs).
    ///
    /// # Errors
    /// [`TableAllocError`] if the table's first part (all of it without
    /// `grow`) cannot be allocated. A growing table reserves its whole
    /// budget at once (its pages are used only as they are touched, see
    /// [`Table::grow`]), or as much of it, halved, as it can get above its
    /// first part: it then grows that far.
    pub fn new(
        megabytes: usize,
        grow: bool,
        edges: u32,
        compact: bool,
    ) -> Result<Table, TableAllocError> {
        let budget = megabytes.saturating_mul(1 << 20);
        let buckets = (budget / (8 * WORDS)).max(1);
        let max_bits = usize::BITS - 1 - buckets.leading_zeros();
        let initial = (INITIAL_BYTES / (8 * WORDS)).trailing_zeros();
        let bits = if grow {
            max_bits.min(initial)
        } else {
            max_bits
        };
        let compact = compact.then(|| compact_key_bits(edges, bits)).flatten();
        Table::with_bits(bits, max_bits, compact).ok_or(TableAllocError {
            mib: (((8 * WORDS) << bits) >> 20).max(1),
        })
    }

    /// A table of `2^bits` buckets that may grow in place to `2^max_bits`:
    /// the words of `2^max_bits` buckets are allocated now, zeroed by the
    /// kernel as they are first touched, or those of the most buckets
    /// (halving, down to `2^bits`) that can be allocated.
    fn with_bits(bits: u32, max_bits: u32, compact: Option<u32>) -> Option<Table> {
        let (words, max_bits) = (bits..=max_bits)
            .rev()
            .find_map(|b| zeroed((WORDS << b) + WORDS).map(|w| (w, b)))?;
        advise_huge_pages(&words);
        let misalign = words.as_ptr() as usize % (8 * WORDS) / 8;
        Some(Table {
            start: (WORDS - misalign) % WORDS,
            words,
            bits,
            max_bits,
            compact,
        })
    }

    /// Entries per bucket.
    fn ways(&self) -> usize {
        if self.compact.is_some() {
            WORDS
        } else {
            WORDS / 2
        }
    }

    /// Whether entries are compact.
    #[cfg(test)]
    fn is_compact(&self) -> bool {
        self.compact.is_some()
    }

    /// Bytes of memory used by the entries.
    pub fn bytes(&self) -> usize {
        (8 * WORDS) << self.bits
    }

    /// Entries the table holds now.
    pub fn capacity(&self) -> usize {
        self.ways() << self.bits
    }

    /// Whether the table is below its budget.
    pub fn can_grow(&self) -> bool {
        self.bits < self.max_bits
    }

    fn bucket(&self, key: u64, side: u8) -> &[AtomicU64] {
        self.bucket_at(wide_index(key, side, self.bits))
    }

    fn bucket_at(&self, i: usize) -> &[AtomicU64] {
        let first = self.start + i * WORDS;
        &self.words[first..first + WORDS]
    }

    /// A compact table's bucket index and stored key bits for a key of
    /// `key_bits` bits (key and side).
    fn compact_place(&self, key_bits: u32, key: u64, side: u8) -> (usize, u64) {
        debug_assert!(key < 1 << (key_bits - 1));
        debug_assert!(key_bits <= COMPACT_KEY_BITS + self.bits);
        let x = mix(key | u64::from(side) << (key_bits - 1), key_bits);
        let rest_bits = key_bits.saturating_sub(self.bits);
        ((x >> rest_bits) as usize, x & !(u64::MAX << rest_bits))
    }

    /// Loads one word of the bucket of each key and throws it away: the
    /// loads do not depend on each other, so the processor fetches their
    /// cache lines at once, and the probes of the same keys that follow
    /// find them in the cache (a software prefetch without `unsafe`).
    pub fn touch(&self, keys: &[u64], side: u8) {
        let sum = keys.iter().fold(0u64, |sum, &key| {
            let i = match self.compact {
                Some(key_bits) => self.compact_place(key_bits, key, side).0,
                None => wide_index(key, side, self.bits),
            };
            sum.wrapping_add(self.words[self.start + i * WORDS].load(Relaxed))
        });
        std::hint::black_box(sum);
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64, side: u8) -> Option<Hit> {
        self.probe_checked(key, side, 0)
    }

    /// The bounds stored for the key of 64 bits `key` and [`CHECK_BITS`]
    /// bits `check` (a wide table's; 0 in a compact one), if any.
    #[inline]
    pub fn probe_checked(&self, key: u64, side: u8, check: u32) -> Option<Hit> {
        debug_assert!(check < 1 << CHECK_BITS && (check == 0 || self.compact.is_none()));
        if let Some(key_bits) = self.compact {
            let (i, rest) = self.compact_place(key_bits, key, side);
            return self.bucket_at(i).iter().find_map(|w| {
                let c = Compact(w.load(Relaxed));
                (c.rest() == rest && c.depth() != 0).then(|| Hit {
                    lo: c.lo(),
                    hi: c.hi(),
                    best: c.best().checked_sub(1),
                })
            });
        }
        let bucket = self.bucket(key, side);
        for slot in bucket.chunks_exact(2) {
            let data = Data(slot[1].load(Relaxed));
            if slot[0].load(Relaxed) ^ data.0 == key
                && data.depth() != 0
                && data.side() == side
                && data.check() == check
            {
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
        self.store_checked((key, 0), side, depth, lo, hi, best, merge)
    }

    /// [`Table::store`] for the key `key.0` with check `key.1` (see
    /// [`Table::probe_checked`]).
    #[allow(clippy::too_many_arguments, reason = "one flat record")]
    pub fn store_checked(
        &self,
        (key, check): (u64, u32),
        side: u8,
        depth: u8,
        lo: i8,
        hi: i8,
        best: Option<u8>,
        merge: bool,
    ) -> bool {
        debug_assert!(depth > 0 && lo <= hi);
        debug_assert!(check < 1 << CHECK_BITS && (check == 0 || self.compact.is_none()));
        let code = best.map_or(0, |m| m + 1);
        if let Some(key_bits) = self.compact {
            let (i, rest) = self.compact_place(key_bits, key, side);
            return self.store_compact(i, rest, depth, lo, hi, code, merge);
        }
        let bucket = self.bucket(key, side);
        let (j, old, empty) = choose_slot(bucket.chunks_exact(2).map(|slot| {
            let old = Data(slot[1].load(Relaxed));
            let same =
                slot[0].load(Relaxed) ^ old.0 == key && old.side() == side && old.check() == check;
            (old.depth(), same, (old.lo(), old.hi(), old.best()))
        }));
        let (lo, hi, code) = merged(old, (lo, hi, code), merge);
        let slot = &bucket[2 * j..2 * j + 2];
        Table::write(slot, key, Data::new(lo, hi, depth, side, code, check));
        empty
    }

    /// [`Table::store`] in a compact table: bucket `i`, stored key bits
    /// `rest`, best move code `code`.
    #[allow(clippy::too_many_arguments, reason = "one flat record")]
    fn store_compact(
        &self,
        i: usize,
        rest: u64,
        depth: u8,
        lo: i8,
        hi: i8,
        code: u8,
        merge: bool,
    ) -> bool {
        let bucket = self.bucket_at(i);
        let (j, old, empty) = choose_slot(bucket.iter().map(|w| {
            let old = Compact(w.load(Relaxed));
            (
                old.depth(),
                old.rest() == rest,
                (old.lo(), old.hi(), old.best()),
            )
        }));
        let (lo, hi, code) = merged(old, (lo, hi, code), merge);
        bucket[j].store(Compact::new(lo, hi, depth, code, rest).0, Relaxed);
        empty
    }

    fn write(slot: &[AtomicU64], key: u64, data: Data) {
        slot[0].store(key ^ data.0, Relaxed);
        slot[1].store(data.0, Relaxed);
    }

    /// Doubles the table (within its budget), keeping every entry, in
    /// place: the words of the whole budget were allocated with the table,
    /// so growing touches only the new half's pages, and the table never
    /// holds more memory than its budget (a copy into a new table would
    /// hold one and a half times its size while it rehashes).
    ///
    /// A bucket's index is the top bits of its key's hash (wide) or mixed
    /// key (compact), so with one bit more bucket `i` splits into buckets
    /// `2i` and `2i + 1` (a compact bucket whose keys are all index bits
    /// stays where it is). Splitting from the last bucket down, each
    /// bucket's entries go to buckets at or above it that are empty: new
    /// ones, or old ones split already (and emptied), which receive
    /// entries from this bucket only.
    pub fn grow(&mut self) {
        debug_assert!(self.can_grow());
        let bits = self.bits;
        // A compact entry's stored key bits before and after.
        let rests = self.compact.map(|key_bits| {
            (
                key_bits.saturating_sub(bits),
                key_bits.saturating_sub(bits + 1),
            )
        });
        for i in (0..1usize << bits).rev() {
            let bucket = self.bucket_at(i);
            let old: [u64; WORDS] = std::array::from_fn(|j| bucket[j].swap(0, Relaxed));
            match rests {
                Some((old_rest, new_rest)) => {
                    for c in old.map(Compact).into_iter().filter(|c| c.depth() != 0) {
                        // The mixed key, from the bucket and the entry.
                        let x = (i as u64) << old_rest | c.rest();
                        let rest = x & !(u64::MAX << new_rest);
                        let free = self
                            .bucket_at((x >> new_rest) as usize)
                            .iter()
                            .find(|s| s.load(Relaxed) == 0)
                            .expect("a split bucket has room");
                        free.store(c.0 & 0xff_ffff | rest << 24, Relaxed);
                    }
                }
                None => {
                    for slot in old.chunks_exact(2) {
                        let data = Data(slot[1]);
                        if data.depth() == 0 {
                            continue;
                        }
                        let key = slot[0] ^ data.0;
                        let free = self
                            .bucket_at(wide_index(key, data.side(), bits + 1))
                            .chunks_exact(2)
                            .find(|s| s[1].load(Relaxed) == 0)
                            .expect("a split bucket has room");
                        Table::write(free, key, data);
                    }
                }
            }
        }
        self.bits += 1;
    }

    /// Entries in use (a scan of the whole table).
    pub fn used(&self) -> usize {
        let words = &self.words[self.start..self.start + (WORDS << self.bits)];
        if self.compact.is_some() {
            return words
                .iter()
                .filter(|w| Compact(w.load(Relaxed)).depth() != 0)
                .count();
        }
        words
            .chunks_exact(2)
            .filter(|slot| Data(slot[1].load(Relaxed)).depth() != 0)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix_is_a_bijection() {
        // Exhaustively on 12 and 13 bits: no two inputs share an image, and
        // every image stays below 2^n.
        for n in [12, 13] {
            let mut seen = vec![false; 1 << n];
            for x in 0..1u64 << n {
                let y = mix(x, n) as usize;
                assert!(!seen[y], "{n} bits: {x} collides");
                seen[y] = true;
            }
        }
    }

    #[test]
    fn stores_merge_and_survive_in_a_tiny_table() {
        // Keys of 20 edges: one bucket of four wide or eight compact slots.
        for (compact, ways) in [(false, 4), (true, 8)] {
            let t = Table::new(0, true, 20, compact).unwrap();
            assert_eq!(t.is_compact(), compact);
            assert_eq!((t.capacity(), t.bytes()), (ways, 64));
            assert_eq!((t.words.as_ptr() as usize / 8 + t.start) % WORDS, 0);
            let hit = |lo, hi, best| Some(Hit { lo, hi, best });
            assert!(t.store(5, 0, 3, -2, 4, Some(7), true));
            assert!(!t.store(5, 0, 3, 0, 9, None, true));
            assert_eq!(t.probe(5, 0), hit(0, 4, Some(7)));
            assert_eq!(t.probe(5, 1), None);
            t.store(5, 0, 3, 1, 1, Some(0), false);
            assert_eq!(t.probe(5, 0), hit(1, 1, Some(0)));
            // A full bucket: the next position replaces the one with the
            // fewest undrawn edges; the deep one stays.
            t.store(6, 0, 1, 0, 0, None, true);
            t.store(7, 0, 2, -3, 0, None, true);
            for k in 8..5 + ways as u64 {
                t.store(k, 0, 4, -1, 1, None, true);
            }
            assert_eq!(t.used(), ways);
            assert!(!t.store(99, 0, 2, 2, 2, None, true));
            assert_eq!(t.probe(5, 0), hit(1, 1, Some(0)));
            assert_eq!(t.probe(6, 0), None);
            assert_eq!(t.probe(7, 0), hit(-3, 0, None));
            assert_eq!(t.probe(99, 0), hit(2, 2, None));
            assert_eq!(t.used(), ways);
        }
    }

    #[test]
    fn compact_entries_clamp_bounds_outwards() {
        // Bounds beyond -32..31 are stored as -32 and 31 (looser, still
        // true); the "nothing known" bounds come back as such.
        let t = Table::new(1, true, 40, true).unwrap();
        assert!(t.is_compact());
        t.store(3, 1, 9, UNKNOWN_LO, 5, None, true);
        assert_eq!(
            t.probe(3, 1),
            Some(Hit {
                lo: -32,
                hi: 5,
                best: None
            })
        );
        t.store((1 << 40) - 1, 0, 40, -7, UNKNOWN_HI, Some(39), true);
        assert_eq!(
            t.probe((1 << 40) - 1, 0),
            Some(Hit {
                lo: -7,
                hi: 31,
                best: Some(39)
            })
        );
        // 5x5 keys (60 edges) are too long for compact entries in a table
        // of 1 MiB (2^14 buckets), not in one of 2^21 buckets; 64 edges
        // (1x21) never fit.
        assert!(!Table::new(1, true, 60, true).unwrap().is_compact());
        assert_eq!(compact_key_bits(60, 14), None);
        assert_eq!(compact_key_bits(60, 21), Some(61));
        assert_eq!(compact_key_bits(63, 30), Some(64));
        assert_eq!(compact_key_bits(64, 30), None);
    }

    #[test]
    fn growing_in_place_keeps_every_entry_of_full_buckets() {
        // 64 buckets filled with 300 keys of 39 edges (so some buckets
        // overflow and replace entries): whatever the table holds then, it
        // still holds, the same, after each doubling up to 2^12 buckets,
        // and nothing else.
        for compact in [None, Some(40)] {
            let mut t = Table::with_bits(6, 12, compact).unwrap();
            let keys: Vec<(u64, u8)> = (1..=300u64)
                .map(|k| (k.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 25, (k % 2) as u8))
                .collect();
            for (i, &(key, side)) in keys.iter().enumerate() {
                let k = (i % 30) as i8;
                let depth = (i % 40 + 1) as u8;
                t.store(key, side, depth, -k, k, Some((i % 39) as u8), true);
            }
            let held: Vec<_> = keys.iter().map(|&(key, side)| t.probe(key, side)).collect();
            let used = t.used();
            assert!(used > 200 && held.iter().filter(|h| h.is_some()).count() == used);
            while t.can_grow() {
                t.grow();
                assert_eq!(t.used(), used);
                for (&(key, side), h) in keys.iter().zip(&held) {
                    assert_eq!(t.probe(key, side), *h);
                    assert_eq!(t.probe(key, side ^ 1), None);
                }
            }
            assert_eq!(t.bytes(), 64 << 12);
        }
    }

    #[test]
    fn growing_keeps_every_entry() {
        // From one bucket to 1 MiB (2^14 buckets), both layouts, keys of
        // 39 edges (compact: 40 bits with the side, all stored at first).
        for compact in [None, Some(40)] {
            let mut t = Table::with_bits(0, 14, compact).unwrap();
            let keys: Vec<u64> = (1..=4u64).map(|k| k * 0x3_0000_0977 % (1 << 39)).collect();
            for (i, &key) in keys.iter().enumerate() {
                let k = i as i8 + 1;
                t.store(key, (i % 2) as u8, k as u8, -k, k, Some(3), true);
            }
            let mut sizes = vec![t.bytes()];
            while t.can_grow() {
                t.grow();
                sizes.push(t.bytes());
                assert_eq!(t.used(), 4);
            }
            assert_eq!(sizes.last(), Some(&(1 << 20)));
            for (i, &key) in keys.iter().enumerate() {
                let k = i as i8 + 1;
                let side = (i % 2) as u8;
                assert_eq!(
                    t.probe(key, side),
                    Some(Hit {
                        lo: -k,
                        hi: k,
                        best: Some(3)
                    })
                );
                assert_eq!(t.probe(key, side ^ 1), None);
            }
        }
    }
}
