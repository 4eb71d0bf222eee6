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

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lo: i8,
    hi: i8,
    /// Undrawn edges; 0 marks an empty slot (a full board is never stored).
    depth: u8,
    side: u8,
}

/// A fixed-size table of value bounds.
pub struct Table {
    entries: Vec<Entry>,
    shift: u32,
}

impl Table {
    /// A table using at most `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.saturating_mul(1 << 20).max(32);
        let count = (bytes / std::mem::size_of::<Entry>()).next_power_of_two() / 2;
        let count = count.max(2);
        Table {
            entries: vec![Entry::default(); count],
            shift: 64 - (count / 2).trailing_zeros(),
        }
    }

    /// Bytes of memory used by the entries.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
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
    pub fn probe(&self, key: u64, side: u8) -> Option<(i8, i8)> {
        let i = self.bucket(key, side);
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.depth != 0 && e.key == key && e.side == side)
            .map(|e| (e.lo, e.hi))
    }

    /// Stores bounds for `key`. With `merge` the new bounds are intersected
    /// with any stored ones (two-bound table); without, they replace them
    /// (the one-bound-and-a-flag ablation).
    pub fn store(&mut self, key: u64, side: u8, depth: u8, lo: i8, hi: i8, merge: bool) {
        debug_assert!(depth > 0 && lo <= hi);
        let i = self.bucket(key, side);
        let bucket = &mut self.entries[i..i + 2];
        for e in bucket.iter_mut() {
            if e.depth != 0 && e.key == key && e.side == side {
                if merge {
                    e.lo = e.lo.max(lo);
                    e.hi = e.hi.min(hi);
                } else {
                    e.lo = lo;
                    e.hi = hi;
                }
                return;
            }
        }
        let new = Entry {
            key,
            lo,
            hi,
            depth,
            side,
        };
        if depth >= bucket[0].depth {
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
        t.store(5, 0, 3, -2, 4, true);
        t.store(5, 0, 3, 0, 9, true);
        assert_eq!(t.probe(5, 0), Some((0, 4)));
        assert_eq!(t.probe(5, 1), None);
        t.store(5, 0, 3, 1, 1, false);
        assert_eq!(t.probe(5, 0), Some((1, 1)));
        // A shallower entry goes to slot 1; the deep one stays.
        t.store(6, 0, 1, 0, 0, true);
        t.store(7, 0, 2, 0, 0, true);
        assert_eq!(t.probe(5, 0), Some((1, 1)));
        assert_eq!(t.probe(6, 0), None);
        assert_eq!(t.probe(7, 0), Some((0, 0)));
    }
}
