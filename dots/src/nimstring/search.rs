//! The Grundy values of components: a depth-first search over their
//! options, with a table of the values found.
//!
//! A component is valued by the mex rule over its options (one cut per
//! string that is not an arm, parallel strings once, loony options left
//! out), each option the nim-sum of the components the cut leaves after
//! simplification. This is the game that [`Component`](super::Component)
//! gives [`cgt::GrundyCache`] (the plain evaluation, which the tests
//! compare with this one), done without allocating: the options are made
//! one at a time on the stack, components that are simple graphs of at
//! most 32 coins (all those of Dots boards up to 32 boxes) on bit sets
//! (the `small` module), others by the general rules of `reduce`; the
//! table holds a 64-bit hash of each component's key instead of the key.
//! Each component valued counts one unit on the [`Meter`].
//!
//! The recursion is as deep as the longest sequence of cuts (at most
//! [`MAX_STRINGS`]), about 1.2 KB of stack a level.
//!
//! The table is open addressing over one word a component: linear
//! probing from the bucket that the hash's highest bits name, at most
//! three quarters full, doubled when it would be fuller. The top 56 bits
//! of the hash check the key and the low 8 bits hold the Grundy value
//! plus one (at most 129: a component has at most [`MAX_STRINGS`]
//! options; 0 marks a free slot). Two components whose 56 bits agree are
//! taken as equal: each entry a lookup passes is a wrong match with
//! probability 2^-56, so that about one in ten million computations of
//! 10^10 lookups (an empty 4x4 board) could go wrong, less likely than a
//! hardware fault in the hours it runs, as for the solver's
//! Strings-and-Coins keys. A component takes 11 to 21 bytes (the table
//! between three eighths and three quarters full), 32 while it doubles.

use cgt::budget::{Limit, Meter};

use super::graph::MAX_STRINGS;
use super::reduce::{reduce_into, Parts, ARM};
use super::small::{Small, SMALL_COINS};

/// The 64-bit hash of a stream of words that starts with `start`; it
/// ends with a product, so that its high bits (the table's buckets and
/// check) are the best mixed.
fn hash(start: u64, words: impl Iterator<Item = u64>) -> u64 {
    let mut h = 0x1319_8A2E_0370_7344 ^ start;
    for w in words {
        h = (h.rotate_left(17) ^ w.wrapping_mul(0xD6E8_FEB8_6659_FD93))
            .wrapping_mul(0xA076_1D64_78BD_642F);
    }
    h
}

/// The hash of a component's key in the general form (its number of
/// coins and its sorted strings, four to a word).
fn pairs_hash(coins: u8, pairs: &[u16]) -> u64 {
    let words = pairs.chunks(4).map(|chunk| {
        chunk
            .iter()
            .fold(0u64, |w, &p| w << 16 | u64::from(p))
            .wrapping_add(chunk.len() as u64)
    });
    hash(u64::from(coins) << 8 | pairs.len() as u64, words)
}

/// The hash of a canonical [`Small`] component (a word per coin; the
/// start tells it from [`pairs_hash`]'s, whose starts are below 2^16).
fn small_hash(s: &Small) -> u64 {
    hash(1 << 40 | u64::from(s.all().count_ones()), s.words())
}

/// The Grundy values of the components met so far.
pub(crate) struct Table {
    /// The entries (a power of two of them): `check | value + 1`, or 0.
    slots: Vec<u64>,
    /// How many entries are not 0.
    len: usize,
}

impl Default for Table {
    fn default() -> Table {
        Table {
            slots: vec![0; 1 << 10],
            len: 0,
        }
    }
}

/// The bits of an entry that check the key.
const CHECK: u64 = !0xFF;

/// The bucket of the hash `h` in a table of `len` slots (a power of two):
/// its highest bits.
fn bucket(h: u64, len: usize) -> usize {
    (h >> (64 - len.trailing_zeros())) as usize
}

impl Table {
    /// The number of components valued.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The slot of the hash `h`: the one holding it, or the free one
    /// where it goes.
    fn slot(&self, h: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = bucket(h, self.slots.len());
        loop {
            let e = self.slots[i];
            if e == 0 || e & CHECK == h & CHECK {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    fn get(&self, h: u64) -> Option<u8> {
        match self.slots[self.slot(h)] {
            0 => None,
            e => Some((e as u8) - 1),
        }
    }

    /// Records `value` for the hash `h`, not in the table.
    ///
    /// # Errors
    /// [`Limit::Memory`] if the table needs to double and the memory
    /// cannot be had (the values found stay).
    fn insert(&mut self, h: u64, value: u8) -> Result<(), Limit> {
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            let size = 2 * self.slots.len();
            let mut doubled = Vec::new();
            doubled.try_reserve_exact(size).map_err(|_| Limit::Memory)?;
            doubled.resize(size, 0);
            let old = std::mem::replace(&mut self.slots, doubled);
            for e in old.into_iter().filter(|&e| e != 0) {
                let i = self.slot(e);
                self.slots[i] = e;
            }
        }
        let i = self.slot(h);
        self.slots[i] = h & CHECK | (u64::from(value) + 1);
        self.len += 1;
        Ok(())
    }

    /// The Grundy value of the component with `coins` coins and the
    /// strings `pairs` (a part of [`Parts`]). Every component whose value
    /// is started (not in the table) counts one unit on `meter`.
    ///
    /// # Errors
    /// The [`Limit`] of `meter` that stopped it; the values finished
    /// before stay in the table.
    pub(crate) fn value(
        &mut self,
        coins: u8,
        pairs: &[u16],
        meter: &mut Meter,
    ) -> Result<u8, Limit> {
        if let Some(s) = Small::from_pairs(coins, pairs) {
            return self.small_value(&s.canonical(s.all()), meter);
        }
        let h = pairs_hash(coins, pairs);
        if let Some(v) = self.get(h) {
            return Ok(v);
        }
        meter.tick()?;
        let n = pairs.len();
        let mut strings = [[0u8; 2]; MAX_STRINGS];
        for (s, &p) in strings.iter_mut().zip(pairs) {
            *s = [(p >> 8) as u8, p as u8];
        }
        // Each cut leaves the other strings: `rest` holds them, the string
        // cut next in its last slot's place as the loop moves on.
        let mut rest = [[0u8; 2]; MAX_STRINGS];
        rest[..n - 1].copy_from_slice(&strings[1..n]);
        let mut parts = Parts::new();
        let mut seen = [0u64; 4];
        for i in 0..n {
            if i > 0 {
                // `rest` was the strings without `i - 1`; now without `i`.
                rest[i - 1] = strings[i - 1];
            }
            // Parallel strings give one option; a cut in an arm is loony.
            if i > 0 && pairs[i] == pairs[i - 1] || strings[i][1] == ARM {
                continue;
            }
            if !reduce_into(usize::from(coins), &rest[..n - 1], &mut parts) {
                continue;
            }
            let mut sum = 0u8;
            for p in 0..parts.len() {
                let (c, q) = parts.part(p);
                sum ^= self.value(c, q, meter)?;
            }
            seen[usize::from(sum >> 6)] |= 1 << (sum & 63);
        }
        let value = mex(seen);
        self.insert(h, value)?;
        Ok(value)
    }

    /// [`Table::value`] of a canonical [`Small`] component.
    fn small_value(&mut self, s: &Small, meter: &mut Meter) -> Result<u8, Limit> {
        let h = small_hash(s);
        if let Some(v) = self.get(h) {
            return Ok(v);
        }
        meter.tick()?;
        let mut seen = [0u64; 4];
        s.for_each_option(|mut next| {
            let Some(ground_strings) = next.simplify() else {
                return Ok(());
            };
            // Each string from the ground to the ground is worth *1.
            let mut sum = (ground_strings & 1) as u8;
            let mut parts = [0u32; SMALL_COINS];
            let count = next.components(&mut parts);
            for &part in &parts[..count] {
                sum ^= self.small_value(&next.canonical(part), meter)?;
            }
            seen[usize::from(sum >> 6)] |= 1 << (sum & 63);
            Ok(())
        })?;
        let value = mex(seen);
        self.insert(h, value)?;
        Ok(value)
    }
}

/// The least value not in the bit set `seen`.
fn mex(seen: [u64; 4]) -> u8 {
    let mut value = 0u8;
    for w in seen {
        value += w.trailing_ones() as u8;
        if w != u64::MAX {
            break;
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use cgt::GrundyCache;

    use super::super::reduce::{reduce, Reduced};
    use super::*;
    use crate::nimstring::StringsAndCoins;
    use crate::{Board, EdgeSet, Position};

    /// SplitMix64 (Steele, Lea & Flood 2014).
    fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Random positions of the boards up to 3x3 and of 2x4, 1x6, with a
    /// random number of edges drawn.
    fn positions(count: usize, seed: u64) -> Vec<Position> {
        let mut state = seed;
        let boards = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (1, 6)];
        (0..count)
            .map(|i| {
                let (w, h) = boards[i % boards.len()];
                let board = Board::new(w, h).unwrap();
                let n = board.num_edges();
                let drawn = next(&mut state) % (n as u64 + 1);
                let mut set = 0u64;
                while u64::from(set.count_ones()) < drawn {
                    set |= 1 << (next(&mut state) % n as u64);
                }
                Position::from_edges(board, EdgeSet(set)).unwrap()
            })
            .collect()
    }

    fn internal(g: &StringsAndCoins) -> Vec<[u8; 2]> {
        g.strings()
            .iter()
            .map(|s| {
                s.map(|e| match e {
                    super::super::End::Ground => crate::geometry::GROUND,
                    super::super::End::Coin(c) => c,
                })
            })
            .collect()
    }

    /// Values every component of `graphs` with this module's search and
    /// with the plain evaluation (`cgt::GrundyCache` over `Component`'s
    /// options, the general rules of `reduce`) and checks that they agree;
    /// returns how many components were compared.
    fn compare(graphs: impl Iterator<Item = StringsAndCoins>) -> usize {
        let (mut table, mut plain) = (Table::default(), GrundyCache::new());
        let mut meter = Meter::unlimited();
        let mut compared = 0;
        for g in graphs {
            let strings = internal(&g);
            let mut parts = Parts::new();
            let not_loony = reduce_into(g.num_coins(), &strings, &mut parts);
            let Reduced::Sum(components) = reduce(g.num_coins(), &strings) else {
                assert!(!not_loony, "{g}");
                continue;
            };
            assert!(not_loony, "{g}");
            assert_eq!(components.len(), parts.len(), "{g}");
            for (p, c) in components.iter().enumerate() {
                let (coins, pairs) = parts.part(p);
                let ours = table.value(coins, pairs, &mut meter).unwrap();
                let theirs = plain.value(c, &mut Meter::unlimited()).unwrap();
                assert_eq!(u32::from(ours), theirs.0, "{g}, part {p}");
                compared += 1;
            }
        }
        compared
    }

    #[test]
    fn the_search_agrees_with_the_plain_grundy_cache() {
        // Dots positions: their components are simple graphs, valued on
        // bit sets (`small`).
        let graphs = positions(1200, 7)
            .into_iter()
            .map(|pos| StringsAndCoins::from_position(&pos));
        let compared = compare(graphs);
        assert!(compared > 800, "{compared}");
    }

    #[test]
    fn graphs_with_parallel_strings_take_the_general_rules() {
        // Random multigraphs (strings between the same two coins, coins
        // with many ground strings): valued by the general rules of
        // `reduce` down to the components that are simple graphs.
        let mut state = 11u64;
        let graphs = (0..1500).map(|_| {
            let coins = 1 + next(&mut state) % 6;
            let m = 1 + next(&mut state) % 12;
            let mut text = Vec::new();
            for _ in 0..m {
                let mut end = || match next(&mut state) % (coins + 2) {
                    c if c < coins => c.to_string(),
                    _ => "G".to_string(),
                };
                let (a, b) = (end(), end());
                if a != b || a == "G" {
                    text.push(format!("{a}-{b}"));
                }
            }
            text.join(" ").parse::<StringsAndCoins>().unwrap()
        });
        let compared = compare(graphs);
        assert!(compared > 1000, "{compared}");
    }
}
