//! The Grundy values of components: a depth-first search over their
//! options, with a table of what is known of each component met.
//!
//! A component is valued by the mex rule over its options (one cut per
//! string that is not an arm, parallel strings once, loony options left
//! out), each option the nim-sum of the components the cut leaves after
//! simplification. This is the game that [`Component`](super::Component)
//! gives [`cgt::GrundyCache`] (the plain evaluation, which the tests
//! compare with this one), done without allocating: the options are made
//! one at a time on the stack, components that are simple graphs of at
//! most 32 coins (all those of Dots boards up to 32 boxes) on bit sets
//! (the `small` module), others by the general rules of `reduce`.
//! Each component valued, and each test of a component, counts one unit
//! on the [`Meter`].
//!
//! Large components (more than [`MEX_STRINGS`] strings) of bit sets are
//! valued by tests instead ([`Table::is_value`]): "is the value `x`?" for
//! `x = 0, 1, ...` until one holds. A test needs every option to differ
//! from `x` and, for each `y < x`, one option equal to `y`: an AND-OR
//! search in which an option that differs needs only one witness (as a
//! won position of a game needs only one winning move), so that most of
//! the options of most positions are never valued. Each test records
//! what it proved: the value, or values the component does not have.
//!
//! The recursion is as deep as the longest sequence of cuts (at most
//! [`MAX_STRINGS`]), about 1.2 KB of stack a level (tests keep their
//! options on the heap).
//!
//! The table is open addressing over two words a component: linear
//! probing from the bucket that the highest bits of a 64-bit hash of its
//! key name, that hash in the first word, and in the second 32 bits of a
//! second, independent hash lane, the value plus one (at most 129: a
//! component has at most [`MAX_STRINGS`] options; 0 when not known) and
//! the values excluded (bits 0 to 23); at most three quarters full,
//! doubled when it would be fuller. Two components whose 96 bits agree
//! are taken as equal: with `n` entries, a lookup of a new component
//! matches a wrong one with probability about `n / 2^96` (10^-20 with
//! 10^9 entries, 10^-9 over 10^11 lookups), less likely than a hardware
//! fault in the hours such a run takes. (A single word of 56 checked
//! bits, the earlier layout, gave `n / 2^56`: one wrong match in about
//! 6 x 10^8 lookups of a table of 1.3 x 10^8 entries, the 3x5 board's.)
//! A component takes 21 to 43
//! bytes (the table between three eighths and three quarters full), 64
//! while it doubles.

use cgt::budget::{Limit, Meter};

use super::graph::MAX_STRINGS;
use super::reduce::{reduce_into, Parts, ARM};
use super::small::{Small, SMALL_COINS};

/// The most slots the table grows to (16 bytes each: 4 GiB, and 6 GiB
/// while it doubles to it): about 200 million components, more than the
/// empty 3x5 board needs by the mex rule alone (127 million). A search
/// that needs more stops with [`Limit::Memory`].
const MAX_SLOTS: usize = 1 << 28;

/// Components of bit sets with at most this many strings are valued by
/// the mex rule over all their options; larger ones by tests (see the
/// module docs).
pub(crate) const MEX_STRINGS: u32 = 16;

/// A component's 128-bit hash: the table's bucket and key (`slot`) and
/// 32 bits of a second lane that check it (`check`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    slot: u64,
    check: u32,
}

/// The 128-bit hash (two 64-bit lanes with their own constants) of a
/// stream of words that starts with `start`; each lane ends with a
/// product, so that its high bits are the best mixed.
fn hash(start: u64, words: impl Iterator<Item = u64>) -> Key {
    let mut a = 0x1319_8A2E_0370_7344 ^ start;
    let mut b = 0x2438_1A52_7E4A_3F11 ^ start.rotate_left(32);
    for w in words {
        a = (a.rotate_left(17) ^ w.wrapping_mul(0xD6E8_FEB8_6659_FD93))
            .wrapping_mul(0xA076_1D64_78BD_642F);
        b = (b.rotate_left(23) ^ w.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .wrapping_mul(0xE703_7ED1_A0B4_28DB);
    }
    Key {
        slot: a,
        check: (b >> 32) as u32,
    }
}

/// The hash of a component's key in the general form (its number of
/// coins and its sorted strings, four to a word).
fn pairs_hash(coins: u8, pairs: &[u16]) -> Key {
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
fn small_hash(s: &Small) -> Key {
    hash(1 << 40 | u64::from(s.all().count_ones()), s.words())
}

/// What the table knows of a component.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    /// Its Grundy value.
    value: Option<u8>,
    /// Values it was shown not to have: bit `v` for `v < EXCLUDED`.
    excluded: u32,
}

/// The values an [`Entry`] can exclude: `0..EXCLUDED`.
const EXCLUDED: u8 = 24;

impl Entry {
    /// Whether the component is known not to have the value `x`.
    fn excludes(self, x: u8) -> bool {
        match self.value {
            Some(v) => v != x,
            None => x < EXCLUDED && self.excluded >> x & 1 == 1,
        }
    }

    fn word(self, check: u32) -> u64 {
        let value = self.value.map_or(0, |v| u64::from(v) + 1);
        u64::from(check) << 32 | value << 24 | u64::from(self.excluded)
    }

    fn from_word(w: u64) -> Entry {
        Entry {
            value: ((w >> 24) as u8).checked_sub(1),
            excluded: w as u32 & ((1 << EXCLUDED) - 1),
        }
    }
}

/// The Grundy values of the components met so far, and the values shown
/// not to be theirs (see the module docs).
pub(crate) struct Table {
    /// The entries' keys (a power of two of them): [`Key::slot`].
    keys: Vec<u64>,
    /// The entries ([`Entry::word`]), or 0 for a free slot.
    data: Vec<u64>,
    /// How many entries are not 0.
    entries: usize,
    /// How many of them hold a value.
    valued: usize,
    /// Components with more strings than this are valued by tests
    /// ([`MEX_STRINGS`]; other values in the tests of this module).
    mex_strings: u32,
    /// The most slots ([`MAX_SLOTS`]; fewer in the tests of this module).
    max_slots: usize,
}

impl Default for Table {
    fn default() -> Table {
        Table {
            keys: vec![0; 1 << 10],
            data: vec![0; 1 << 10],
            entries: 0,
            valued: 0,
            mex_strings: MEX_STRINGS,
            max_slots: MAX_SLOTS,
        }
    }
}

impl Table {
    /// A table that values components of more than `mex_strings` strings
    /// by tests (`u32::MAX`: every component by the mex rule).
    #[cfg(test)]
    pub(crate) fn with_mex_strings(mex_strings: u32) -> Table {
        Table {
            mex_strings,
            ..Table::default()
        }
    }
}

/// The bucket of the hash `h` in a table of `len` slots (a power of two):
/// its highest bits.
fn bucket(h: u64, len: usize) -> usize {
    (h >> (64 - len.trailing_zeros())) as usize
}

/// The options of a component, each the nim-sum of the components a cut
/// leaves: the part valued (`known`) and the one largest component left
/// to test, if any.
type Options = Vec<(u8, Option<(Small, Key)>)>;

impl Table {
    /// The number of components valued.
    pub(crate) fn valued(&self) -> usize {
        self.valued
    }

    /// The slot of the hash `h`: the one holding it, or the free one
    /// where it goes.
    fn slot(&self, h: Key) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = bucket(h.slot, self.keys.len());
        loop {
            let e = self.data[i];
            if e == 0 || self.keys[i] == h.slot && (e >> 32) as u32 == h.check {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    fn get(&self, h: Key) -> Entry {
        Entry::from_word(self.data[self.slot(h)])
    }

    fn value_of(&self, h: Key) -> Option<u8> {
        self.get(h).value
    }

    /// Records what is known of the hash `h`: `value`, or more values
    /// excluded.
    ///
    /// # Errors
    /// [`Limit::Memory`] if the table needs to double past [`MAX_SLOTS`]
    /// or the memory cannot be had (what was found stays).
    fn record(&mut self, h: Key, value: Option<u8>, excluded: u32) -> Result<(), Limit> {
        let mut i = self.slot(h);
        if self.data[i] == 0 {
            if 4 * (self.entries + 1) > 3 * self.keys.len() {
                self.double()?;
                i = self.slot(h);
            }
            self.entries += 1;
        }
        let mut e = Entry::from_word(self.data[i]);
        if value.is_some() && e.value.is_none() {
            self.valued += 1;
            e.value = value;
        }
        e.excluded |= excluded;
        self.keys[i] = h.slot;
        self.data[i] = e.word(h.check);
        Ok(())
    }

    fn double(&mut self) -> Result<(), Limit> {
        let size = 2 * self.keys.len();
        if size > self.max_slots {
            return Err(Limit::Memory);
        }
        let (mut keys, mut data) = (Vec::new(), Vec::new());
        keys.try_reserve_exact(size).map_err(|_| Limit::Memory)?;
        data.try_reserve_exact(size).map_err(|_| Limit::Memory)?;
        keys.resize(size, 0);
        data.resize(size, 0);
        let old_keys = std::mem::replace(&mut self.keys, keys);
        let old_data = std::mem::replace(&mut self.data, data);
        let mask = size - 1;
        for (k, e) in old_keys.into_iter().zip(old_data).filter(|&(_, e)| e != 0) {
            let mut i = bucket(k, size);
            while self.data[i] != 0 {
                i = (i + 1) & mask;
            }
            self.keys[i] = k;
            self.data[i] = e;
        }
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
            let s = s.canonical(s.all());
            return self.small(&s, small_hash(&s), meter);
        }
        let h = pairs_hash(coins, pairs);
        if let Some(v) = self.value_of(h) {
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
        self.record(h, Some(value), 0)?;
        Ok(value)
    }

    /// The value of a canonical [`Small`] component with hash `h`: by the
    /// mex rule up to [`MEX_STRINGS`] strings, above by tests.
    fn small(&mut self, s: &Small, h: Key, meter: &mut Meter) -> Result<u8, Limit> {
        if s.strings() <= self.mex_strings {
            return self.small_mex(s, h, meter);
        }
        let mut x = 0;
        loop {
            if self.is_value(s, h, x, meter)? {
                return Ok(x);
            }
            x += 1;
        }
    }

    /// Whether the Grundy value of the canonical component `s` (hash `h`)
    /// is `x`: for `x` of 2 or more, tested for `0, 1, ..., x` until one
    /// holds (values are mostly small, and "is it 0?" is cheaper to answer
    /// than "is it 3?" for a component worth 0: the first needs one
    /// witness per option, the second a search of every option for 3
    /// first). Measured on the empty 2x6 board with every move valued:
    /// 11 s this way, 39 s testing 2 directly too, 87 s every `x` directly.
    fn is_value(&mut self, s: &Small, h: Key, x: u8, meter: &mut Meter) -> Result<bool, Limit> {
        let from = if x <= 1 { x } else { 0 };
        for y in from..=x {
            let e = self.get(h);
            if let Some(v) = e.value {
                return Ok(v == x);
            }
            if !e.excludes(y) && self.test(s, h, y, meter)? {
                return Ok(y == x);
            }
        }
        Ok(false)
    }

    /// [`Table::small`] by the mex rule over every option.
    fn small_mex(&mut self, s: &Small, h: Key, meter: &mut Meter) -> Result<u8, Limit> {
        if let Some(v) = self.value_of(h) {
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
                let c = next.canonical(part);
                sum ^= self.small(&c, small_hash(&c), meter)?;
            }
            seen[usize::from(sum >> 6)] |= 1 << (sum & 63);
            Ok(())
        })?;
        let value = mex(seen);
        self.record(h, Some(value), 0)?;
        Ok(value)
    }

    /// The test "is the Grundy value of the canonical component `s` (hash
    /// `h`) `x`?": every option differs from `x`, and for each `y < x` one
    /// option is `y`. Records the value when it is `x` or when the test
    /// finds it (the least `y` that no option has), else that `x` is
    /// excluded. Each component tested counts one unit on `meter`.
    fn test(&mut self, s: &Small, h: Key, x: u8, meter: &mut Meter) -> Result<bool, Limit> {
        let e = self.get(h);
        if let Some(v) = e.value {
            return Ok(v == x);
        }
        if e.excludes(x) {
            return Ok(false);
        }
        // Only components above the mex rule's limit are tested (`small`
        // and `options` see to it).
        debug_assert!(s.strings() > self.mex_strings);
        meter.tick()?;
        let options = self.options(s, meter)?;
        // An option equal to x refutes x: those decided by the table
        // first, then the others.
        let equal = |t: &Table, &(known, ref big): &(u8, Option<(Small, Key)>), y: u8| match big {
            None => Some(known == y),
            Some((_, k)) => {
                let e = t.get(*k);
                match e.value {
                    Some(v) => Some(v ^ known == y),
                    None if e.excludes(y ^ known) => Some(false),
                    None => None,
                }
            }
        };
        if options.iter().any(|o| equal(self, o, x) == Some(true)) {
            return self.exclude(h, x);
        }
        for o in &options {
            if let (known, Some((b, k))) = o {
                if self.is_value(b, *k, x ^ known, meter)? {
                    return self.exclude(h, x);
                }
            }
        }
        // Each smaller value needs an option equal to it.
        for y in 0..x {
            let mut found = options.iter().any(|o| equal(self, o, y) == Some(true));
            for o in &options {
                if found {
                    break;
                }
                if let (known, Some((b, k))) = o {
                    found = self.is_value(b, *k, y ^ known, meter)?;
                }
            }
            if !found {
                // Every value below y is an option's, y none's: y is the
                // value.
                self.record(h, Some(y), 0)?;
                return Ok(false);
            }
        }
        self.record(h, Some(x), 0)?;
        Ok(true)
    }

    /// Records that the component with hash `h` does not have the value
    /// `x`; returns `false` (the test's answer).
    fn exclude(&mut self, h: Key, x: u8) -> Result<bool, Limit> {
        if x < EXCLUDED {
            self.record(h, None, 1 << x)?;
        }
        Ok(false)
    }

    /// The options of `s` (loony ones left out), each with its components
    /// valued but the largest above [`MEX_STRINGS`] strings, which is left
    /// to test; those with the fewest strings first.
    fn options(&mut self, s: &Small, meter: &mut Meter) -> Result<Options, Limit> {
        let mut options = Options::new();
        s.for_each_option(|mut next| {
            let Some(ground_strings) = next.simplify() else {
                return Ok(());
            };
            let mut known = (ground_strings & 1) as u8;
            let mut parts = [0u32; SMALL_COINS];
            let count = next.components(&mut parts);
            let mut big: Option<(Small, Key)> = None;
            for &part in &parts[..count] {
                let c = next.canonical(part);
                let k = small_hash(&c);
                if let Some(v) = self.value_of(k) {
                    known ^= v;
                    continue;
                }
                if c.strings() <= self.mex_strings {
                    known ^= self.small_mex(&c, k, meter)?;
                    continue;
                }
                // Keep the larger of two to test, value the other.
                let (keep, other) = match big {
                    Some(b) if b.0.strings() >= c.strings() => (b, (c, k)),
                    Some(b) => ((c, k), b),
                    None => {
                        big = Some((c, k));
                        continue;
                    }
                };
                known ^= self.small(&other.0, other.1, meter)?;
                big = Some(keep);
            }
            options.push((known, big));
            Ok(())
        })?;
        // Fewer strings, smaller searches: on the empty 3x4 board with
        // every move valued, 183,321 positions this way, 592,714 in the
        // order of the cuts, 935,022 with the most strings first.
        options.sort_by_key(|(_, big)| big.map_or(0, |b| b.0.strings()));
        Ok(options)
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
    /// options, the general rules of `reduce`) and checks that they agree,
    /// once for each limit of the mex rule in `mex_strings` (0: every
    /// component of bit sets by tests); returns how many components were
    /// compared.
    fn compare(graphs: &[StringsAndCoins], mex_strings: &[u32]) -> usize {
        let mut plain = GrundyCache::new();
        let mut compared = 0;
        for &limit in mex_strings {
            let mut table = Table::with_mex_strings(limit);
            let mut meter = Meter::unlimited();
            for g in graphs {
                let strings = internal(g);
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
                    assert_eq!(
                        u32::from(ours),
                        theirs.0,
                        "{g}, part {p}, mex up to {limit}"
                    );
                    compared += 1;
                }
            }
        }
        compared
    }

    #[test]
    fn the_search_agrees_with_the_plain_grundy_cache() {
        // Dots positions: their components are simple graphs, valued on
        // bit sets (`small`), by the mex rule and by tests.
        let graphs: Vec<_> = positions(1200, 7)
            .into_iter()
            .map(|pos| StringsAndCoins::from_position(&pos))
            .collect();
        let compared = compare(&graphs, &[MEX_STRINGS, 0, 6]);
        assert!(compared > 3 * 800, "{compared}");
    }

    #[test]
    fn a_full_table_stops_with_the_memory_limit() {
        // The empty 3x3 board needs 18,992 components: a table of 4,096
        // slots (3,072 entries) cannot hold them.
        let pos: Position = "3x3".parse().unwrap();
        let g = StringsAndCoins::from_position(&pos);
        let mut parts = Parts::new();
        assert!(reduce_into(g.num_coins(), &internal(&g), &mut parts));
        let (coins, pairs) = parts.part(0);
        let mut table = Table {
            max_slots: 1 << 12,
            ..Table::default()
        };
        let mut meter = Meter::unlimited();
        assert_eq!(table.value(coins, pairs, &mut meter), Err(Limit::Memory));
        // The values found before stay, and the table never grew past its
        // bound; a table of the default size values the board.
        assert!(table.valued() > 0 && table.keys.len() <= 1 << 12);
        // (3x3 is worth *2 by the brute force of tests/nimstring_reference.rs.)
        let mut whole = Table::default();
        assert_eq!(whole.value(coins, pairs, &mut meter), Ok(2));
    }

    #[test]
    fn graphs_with_parallel_strings_take_the_general_rules() {
        // Random multigraphs (strings between the same two coins, coins
        // with many ground strings): valued by the general rules of
        // `reduce` down to the components that are simple graphs.
        let mut state = 11u64;
        let graphs: Vec<_> = (0..1500)
            .map(|_| {
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
            })
            .collect();
        let compared = compare(&graphs, &[MEX_STRINGS, 0]);
        assert!(compared > 2 * 1000, "{compared}");
    }
}
