//! The transposition table (seed 000, "Transposition Tables").
//!
//! Fixed memory, a power of two of 16-byte entries in buckets of two. An
//! entry holds a canonical edge set (the key: it is stored whole, so a hit is
//! never a collision), a lower and an upper bound of the value over the
//! remaining boxes, and the number of undrawn edges as a measure of the work
//! below it. The table is impartial: the side to move is not part of the key
//! (it is only when [`crate::Options::impartial_tt`] is off, as an ablation).
//!
//! Replacement: slot 0 of a bucket keeps the entry with the most undrawn
//! edges seen there, slot 1 takes everything else (Breuker's "two-level"
//! scheme).

/// A bound that says nothing.
pub const UNKNOWN_LO: i8 = i8::MIN;
/// A bound that says nothing.
pub const UNKNOWN_HI: i8 = i8::MAX;

/// One entry: the key, then a word packing (from bit 0) the lower bound
/// (i8), the upper bound (i8), the undrawn-edge count (u8; 0 marks an empty
/// slot, as a full board is never stored), the side to move (u8) and the
/// best move plus one (u8; 0 for none), all zero in a fresh table.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    data: u64,
}

impl Entry {
    fn lo(self) -> i8 {
        self.data as u8 as i8
    }
    fn hi(self) -> i8 {
        (self.data >> 8) as u8 as i8
    }
    fn depth(self) -> u8 {
        (self.data >> 16) as u8
    }
    fn side(self) -> u8 {
        (self.data >> 24) as u8
    }
    fn best(self) -> u8 {
        (self.data >> 32) as u8
    }
    fn pack(lo: i8, hi: i8, depth: u8, side: u8, best: u8) -> u64 {
        u64::from(lo as u8)
            | u64::from(hi as u8) << 8
            | u64::from(depth) << 16
            | u64::from(side) << 24
            | u64::from(best) << 32
    }
    fn matches(self, key: u64, side: u8) -> bool {
        self.depth() != 0 && self.key == key && self.side() == side
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

/// A fixed-size table of value bounds.
pub struct Table {
    /// Entries as `[key, data]` (see [`Entry`]), so that a fresh table is
    /// zeroed memory whose pages are only touched when used.
    entries: Vec<[u64; 2]>,
    shift: u32,
}

impl Table {
    /// A table using at most `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.saturating_mul(1 << 20).max(32);
        let fit = (bytes / 16).max(2);
        let count = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        Table {
            entries: vec![[0u64; 2]; count],
            shift: 64 - (count / 2).trailing_zeros(),
        }
    }

    /// Bytes of memory used by the entries.
    pub fn bytes(&self) -> usize {
        self.entries.len() * 16
    }

    fn bucket(&self, key: u64, side: u8) -> usize {
        if self.shift == 64 {
            return 0;
        }
        let h = (key ^ u64::from(side) << 63).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> self.shift) as usize) * 2
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64, side: u8) -> Option<Hit> {
        let i = self.bucket(key, side);
        self.entries[i..i + 2]
            .iter()
            .map(|&[key, data]| Entry { key, data })
            .find(|e| e.matches(key, side))
            .map(|e| Hit {
                lo: e.lo(),
                hi: e.hi(),
                best: e.best().checked_sub(1),
            })
    }

    /// Stores bounds for `key`. With `merge` the new bounds are intersected
    /// with any stored ones (two-bound table); without, they replace them
    /// (the one-bound-and-a-flag ablation).
    /// `best` is the best move found, if any (kept from before if `None`).
    #[allow(clippy::too_many_arguments, reason = "one flat record")]
    pub fn store(
        &mut self,
        key: u64,
        side: u8,
        depth: u8,
        lo: i8,
        hi: i8,
        best: Option<u8>,
        merge: bool,
    ) {
        debug_assert!(depth > 0 && lo <= hi);
        let i = self.bucket(key, side);
        let bucket = &mut self.entries[i..i + 2];
        let code = best.map_or(0, |m| m + 1);
        for slot in bucket.iter_mut() {
            let e = Entry {
                key: slot[0],
                data: slot[1],
            };
            if e.matches(key, side) {
                let (lo, hi) = if merge {
                    (e.lo().max(lo), e.hi().min(hi))
                } else {
                    (lo, hi)
                };
                let code = if code == 0 { e.best() } else { code };
                slot[1] = Entry::pack(lo, hi, depth, side, code);
                return;
            }
        }
        let new = [key, Entry::pack(lo, hi, depth, side, code)];
        let first = Entry {
            key: bucket[0][0],
            data: bucket[0][1],
        };
        if depth >= first.depth() {
            bucket[1] = bucket[0];
            bucket[0] = new;
        } else {
            bucket[1] = new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merge_and_survive_in_a_tiny_table() {
        let mut t = Table::new(0);
        assert_eq!(t.entries.len(), 2);
        let hit = |lo, hi, best| Some(Hit { lo, hi, best });
        t.store(5, 0, 3, -2, 4, Some(7), true);
        t.store(5, 0, 3, 0, 9, None, true);
        assert_eq!(t.probe(5, 0), hit(0, 4, Some(7)));
        assert_eq!(t.probe(5, 1), None);
        t.store(5, 0, 3, 1, 1, Some(0), false);
        assert_eq!(t.probe(5, 0), hit(1, 1, Some(0)));
        // A shallower entry goes to slot 1; the deep one stays.
        t.store(6, 0, 1, 0, 0, None, true);
        t.store(7, 0, 2, -3, 0, None, true);
        assert_eq!(t.probe(5, 0), hit(1, 1, Some(0)));
        assert_eq!(t.probe(6, 0), None);
        assert_eq!(t.probe(7, 0), hit(-3, 0, None));
    }
}
