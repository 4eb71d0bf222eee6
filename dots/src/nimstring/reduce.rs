//! Simplification of Nimstring positions to sums of small canonical
//! components, and the components as an impartial game for
//! [`cgt::GrundyCache`].
//!
//! # The rules used (Berlekamp, Conway & Guy, "Winning Ways", ch. 16;
//! Berlekamp, "The Dots and Boxes Game", 2000, ch. 2 and 5)
//!
//! A position is *loony* (☾) when the player to move has been offered a
//! loony move: they can either take some coins and then move in the rest,
//! or decline the last ones (a "double-dealing" move) and leave the rest to
//! the opponent. Whoever is to move in ☾ + X wins for every X, so ☾ + X =
//! ☾, and a move to ☾ never wins: the value of a position that is not
//! loony is the mex of the values of its options that are not loony.
//! Otherwise values add as nimbers (Sprague–Grundy).
//!
//! A coin with exactly one string is *capturable*. For each capturable coin
//! `x` on string `s` to `y` (applied until none is left):
//!
//! 1. `y` is the ground, or a coin whose only string is `s` (a
//!    double-cross): taking is free, whoever takes must move on, so the
//!    coins are worth 0 in every sum and are removed.
//! 2. `y` is a coin with three or more strings: capturing `x` is never
//!    worse than leaving it ("Winning Ways", ch. 16, "capturable coins should
//!    be captured" outside long chains), so `x` is captured.
//! 3. `y` has two strings: follow the chain of two-string coins from `x`.
//!    If it ends at the ground or at a coin with three or more strings, the
//!    opponent has offered a capturable chain of two or more coins: the
//!    position is loony (take all, or all but two and hand them back). If it
//!    ends at another capturable coin, the chain is isolated: with at most
//!    three coins every cut in it captures, so it is worth 0 and removed;
//!    with four or more (an opened loop) the player can cut between two
//!    two-string coins and leave two double-crosses: loony.
//!
//! With no capturable coin left, every cut captures nothing, so a turn is a
//! single cut. Then a chain of two-string coins between two ends (the
//! ground or coins with three or more strings) longer than three coins is
//! shortened to three, and a loop of two-string coins longer than four to
//! four: every cut in such a chain or loop is loony whatever its length
//! (Berlekamp 2000, ch. 5: "long chains" of three or more; loops of four or
//! more), and shortening keeps it long when its ends lose strings later.
//!
//! Each of these rules is checked against a brute-force search over
//! complete turns in `dots/tests/nimstring_reference.rs`: who wins each
//! position, and who wins the sum of two positions (0 exactly when their
//! values are equal nimbers).
//!
//! # Components
//!
//! What is left falls apart into connected components (joined through
//! coins, not through the ground), whose values add. A component is stored
//! as its key: the number of coins and the sorted list of its strings after
//! relabelling the coins by colour refinement (degree and number of ground
//! strings, refined by the colours of the neighbours). Equal keys are
//! equal graphs, so equal values; isomorphic graphs usually, though not
//! always, get the same key.

use cgt::{Impartial, Nimber};

use super::graph::MAX_STRINGS;

/// The ground in the internal string lists (coin numbers are below 254).
pub(crate) const GROUND: u8 = u8::MAX;

/// A simplified position: loony, or a sum of components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Reduced {
    /// The player to move has been offered a loony move.
    Loony,
    /// A sum of components with no capturable coin (maybe none at all).
    Sum(Vec<Component>),
}

/// A component with no capturable coin, named by its key: byte 0 is the
/// number of coins, then the strings as pairs `(a, b)` with `a <= b`
/// (255 for the ground), sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Component(Box<[u8]>);

impl Component {
    fn coins(&self) -> usize {
        usize::from(self.0[0])
    }

    fn strings(&self) -> impl Iterator<Item = [u8; 2]> + '_ {
        self.0[1..].chunks_exact(2).map(|p| [p[0], p[1]])
    }
}

impl Impartial for Component {
    type Key = Component;

    fn key(&self) -> Component {
        self.clone()
    }

    /// One option per string (parallel strings give one), each the sum of
    /// components left after the cut; cuts to loony positions are left out.
    fn options(&self) -> Vec<Vec<Component>> {
        let mut strings = [[0u8; 2]; MAX_STRINGS];
        let mut n = 0;
        for st in self.strings() {
            strings[n] = st;
            n += 1;
        }
        let strings = &strings[..n];
        let mut out = Vec::new();
        let mut rest = [[0u8; 2]; MAX_STRINGS];
        for i in 0..n {
            if i > 0 && strings[i] == strings[i - 1] {
                continue;
            }
            rest[..i].copy_from_slice(&strings[..i]);
            rest[i..n - 1].copy_from_slice(&strings[i + 1..]);
            if let Reduced::Sum(parts) = reduce(self.coins(), &rest[..n - 1]) {
                out.push(parts);
            }
        }
        out
    }
}

/// Slots for coins in the working arrays (coin numbers are below 254).
const SLOTS: usize = 256;

/// Working state of [`reduce`], on the stack: the strings, which are still
/// there (a bit each), each coin's degree, and each coin's strings (those
/// of coin `c` are `incident[first[c]..first[c + 1]]`).
struct Work<'a> {
    strings: &'a [[u8; 2]],
    alive: u128,
    degree: [u8; SLOTS],
    first: [u16; SLOTS + 1],
    incident: [u8; 2 * MAX_STRINGS],
}

impl Work<'_> {
    fn new(num_coins: usize, strings: &[[u8; 2]]) -> Work<'_> {
        debug_assert!(strings.len() <= MAX_STRINGS && num_coins < SLOTS);
        let mut degree = [0u8; SLOTS];
        for s in strings {
            for &end in s {
                if end != GROUND {
                    degree[usize::from(end)] += 1;
                }
            }
        }
        let mut first = [0u16; SLOTS + 1];
        for c in 0..num_coins {
            first[c + 1] = first[c] + u16::from(degree[c]);
        }
        let mut fill = first;
        let mut incident = [0u8; 2 * MAX_STRINGS];
        for (i, s) in strings.iter().enumerate() {
            for &end in s {
                if end != GROUND {
                    let slot = &mut fill[usize::from(end)];
                    incident[usize::from(*slot)] = i as u8;
                    *slot += 1;
                }
            }
        }
        let alive = if strings.len() == 128 {
            u128::MAX
        } else {
            (1u128 << strings.len()) - 1
        };
        Work {
            strings,
            alive,
            degree,
            first,
            incident,
        }
    }

    fn is_alive(&self, s: usize) -> bool {
        self.alive >> s & 1 == 1
    }

    fn other(&self, s: usize, coin: u8) -> u8 {
        let [a, b] = self.strings[s];
        if a == coin {
            b
        } else {
            a
        }
    }

    /// A string of `coin` that is still there, other than `not`.
    fn string_of(&self, coin: u8, not: usize) -> usize {
        let c = usize::from(coin);
        self.incident[usize::from(self.first[c])..usize::from(self.first[c + 1])]
            .iter()
            .map(|&s| usize::from(s))
            .find(|&s| s != not && self.is_alive(s))
            .expect("the coin has another string")
    }

    fn kill(&mut self, s: usize) {
        self.alive &= !(1u128 << s);
        for end in self.strings[s] {
            if end != GROUND {
                self.degree[usize::from(end)] -= 1;
            }
        }
    }

    fn deg(&self, node: u8) -> u8 {
        if node == GROUND {
            u8::MAX
        } else {
            self.degree[usize::from(node)]
        }
    }

    /// Applies the capture rules; `false` if the position is loony.
    /// Captures never leave a new capturable coin (rules 1 and 3 remove
    /// coins whole, rule 2 leaves its coin two strings or more), so the
    /// capturable coins are those of the start.
    fn capture(&mut self, num_coins: usize) -> bool {
        for x in 0..num_coins as u8 {
            if self.degree[usize::from(x)] != 1 {
                continue;
            }
            let s = self.string_of(x, usize::MAX);
            let y = self.other(s, x);
            let dy = self.deg(y);
            if y == GROUND || dy == 1 || dy >= 3 {
                // Rules 1 and 2. (A coin with three strings keeps two.)
                self.kill(s);
                continue;
            }
            // Rule 3: follow the chain of two-string coins; a chain of four
            // coins or more is loony however it ends.
            let mut chain = [s; 3];
            let (mut cur, mut via, mut coins) = (y, s, 2);
            loop {
                let t = self.string_of(cur, via);
                chain[coins - 1] = t;
                let z = self.other(t, cur);
                coins += 1;
                match self.deg(z) {
                    2 if coins < 4 => {
                        cur = z;
                        via = t;
                    }
                    1 if coins < 4 => {
                        for &c in &chain[..coins - 1] {
                            self.kill(c);
                        }
                        break;
                    }
                    _ => return false,
                }
            }
        }
        true
    }

    /// Walks from `start` along string `s` through two-string coins,
    /// writing the coins passed and the strings crossed into `coins` and
    /// `strings`; returns how many of each and where the walk stopped (the
    /// ground, a coin with other than two strings, or `start`).
    fn walk(
        &self,
        start: u8,
        mut s: usize,
        coins: &mut [u8; SLOTS],
        strings: &mut [u8; MAX_STRINGS],
    ) -> (usize, usize, u8) {
        let (mut nc, mut ns) = (0, 1);
        strings[0] = s as u8;
        let mut cur = start;
        loop {
            let next = self.other(s, cur);
            if next == start || next == GROUND || self.degree[usize::from(next)] != 2 {
                return (nc, ns, next);
            }
            coins[nc] = next;
            nc += 1;
            s = self.string_of(next, s);
            strings[ns] = s as u8;
            ns += 1;
            cur = next;
        }
    }

    /// Shortens chains to three coins and loops to four; writes the strings
    /// left into `out` and returns how many.
    fn shorten(&mut self, num_coins: usize, out: &mut [[u8; 2]; MAX_STRINGS]) -> usize {
        let mut seen = [false; SLOTS];
        let mut added = [[0u8; 2]; MAX_STRINGS];
        let mut num_added = 0;
        let (mut right, mut right_strings) = ([0u8; SLOTS], [0u8; MAX_STRINGS]);
        let (mut left, mut left_strings) = ([0u8; SLOTS], [0u8; MAX_STRINGS]);
        for c in 0..num_coins as u8 {
            if seen[usize::from(c)] || self.degree[usize::from(c)] != 2 {
                continue;
            }
            seen[usize::from(c)] = true;
            let first = self.string_of(c, usize::MAX);
            let (nr, nrs, end) = self.walk(c, first, &mut right, &mut right_strings);
            for &r in &right[..nr] {
                seen[usize::from(r)] = true;
            }
            if end == c {
                // A loop c, right...: keep four coins.
                if nr + 1 > 4 {
                    for &s in &right_strings[3..nrs] {
                        self.alive &= !(1u128 << s);
                    }
                    added[num_added] = [right[2], c];
                    num_added += 1;
                }
                continue;
            }
            let second = self.string_of(c, first);
            let (nl, nls, _) = self.walk(c, second, &mut left, &mut left_strings);
            for &l in &left[..nl] {
                seen[usize::from(l)] = true;
            }
            // The chain from the left end to `end`: the left coins reversed,
            // `c`, the right coins; its strings likewise.
            let len = nl + 1 + nr;
            if len > 3 {
                let coin = |i: usize| match i.cmp(&nl) {
                    std::cmp::Ordering::Less => left[nl - 1 - i],
                    std::cmp::Ordering::Equal => c,
                    std::cmp::Ordering::Greater => right[i - nl - 1],
                };
                let string = |i: usize| {
                    if i < nls {
                        left_strings[nls - 1 - i]
                    } else {
                        right_strings[i - nls]
                    }
                };
                for i in 3..nls + nrs {
                    self.alive &= !(1u128 << string(i));
                }
                added[num_added] = [coin(2), end];
                num_added += 1;
            }
        }
        let mut n = 0;
        for (s, &st) in self.strings.iter().enumerate() {
            if self.is_alive(s) {
                out[n] = st;
                n += 1;
            }
        }
        out[n..n + num_added].copy_from_slice(&added[..num_added]);
        n + num_added
    }
}

/// Simplifies a position given by its strings (coins `0..num_coins`,
/// [`GROUND`] for the ground; at most [`MAX_STRINGS`] strings) by the rules
/// in the module docs.
pub(crate) fn reduce(num_coins: usize, strings: &[[u8; 2]]) -> Reduced {
    let mut work = Work::new(num_coins, strings);
    if !work.capture(num_coins) {
        return Reduced::Loony;
    }
    let mut left = [[0u8; 2]; MAX_STRINGS];
    let n = work.shorten(num_coins, &mut left);
    Reduced::Sum(components(num_coins, &left[..n]))
}

/// Whether a position is loony (only the capture rules are needed).
pub(crate) fn is_loony(num_coins: usize, strings: &[[u8; 2]]) -> bool {
    !Work::new(num_coins, strings).capture(num_coins)
}

fn find(parent: &mut [u8], mut x: u8) -> u8 {
    while parent[usize::from(x)] != x {
        let p = parent[usize::from(x)];
        parent[usize::from(x)] = parent[usize::from(p)];
        x = p;
    }
    x
}

/// Splits strings into connected components and keys each.
fn components(num_coins: usize, strings: &[[u8; 2]]) -> Vec<Component> {
    let mut parent = [0u8; SLOTS];
    for (c, p) in parent.iter_mut().enumerate().take(num_coins) {
        *p = c as u8;
    }
    for &[a, b] in strings {
        if a != GROUND && b != GROUND {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[usize::from(ra)] = rb;
        }
    }
    let mut out = Vec::new();
    // The other strings by (component root, place in the list), so that
    // each component's strings keep their order.
    let mut grouped = [(0u8, 0u8); MAX_STRINGS];
    let mut n = 0;
    for (i, &s) in strings.iter().enumerate() {
        let root = match s {
            [GROUND, GROUND] => {
                out.push(Component(Box::new([0, GROUND, GROUND])));
                continue;
            }
            [GROUND, c] | [c, GROUND] => find(&mut parent, c),
            [a, _] => find(&mut parent, a),
        };
        grouped[n] = (root, i as u8);
        n += 1;
    }
    let grouped = &mut grouped[..n];
    grouped.sort_unstable();
    let mut part = [[0u8; 2]; MAX_STRINGS];
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j < n && grouped[j].0 == grouped[i].0 {
            part[j - i] = strings[usize::from(grouped[j].1)];
            j += 1;
        }
        out.push(key(&part[..j - i]));
        i = j;
    }
    out
}

/// A hash step for colour refinement (any fixed mixing function will do).
fn mix(a: u64, b: u64) -> u64 {
    let x = (a ^ b.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 31)
}

/// The number of distinct values in `colours`, sorting `scratch`.
fn distinct(colours: &[u64], scratch: &mut [u64; SLOTS]) -> usize {
    let v = &mut scratch[..colours.len()];
    v.copy_from_slice(colours);
    v.sort_unstable();
    1 + v.windows(2).filter(|w| w[0] != w[1]).count()
}

/// The key of one connected component (at least one coin).
fn key(strings: &[[u8; 2]]) -> Component {
    // Local coin numbers in order of first appearance.
    let mut index = [u8::MAX; SLOTS];
    let mut k = 0usize;
    for s in strings {
        for &e in s {
            if e != GROUND && index[usize::from(e)] == u8::MAX {
                index[usize::from(e)] = k as u8;
                k += 1;
            }
        }
    }
    let local = |c: u8| usize::from(index[usize::from(c)]);
    // Each local coin's neighbours (`NO_COIN` for the ground), coin `i`'s
    // being `around[first[i]..first[i + 1]]`.
    const NO_COIN: u8 = u8::MAX;
    let mut first = [0u16; SLOTS + 1];
    for &[a, b] in strings {
        for e in [a, b] {
            if e != GROUND {
                first[local(e) + 1] += 1;
            }
        }
    }
    for i in 0..k {
        first[i + 1] += first[i];
    }
    let mut fill = first;
    let mut around = [0u8; 2 * MAX_STRINGS];
    let mut link = |from: usize, to: u8| {
        around[usize::from(fill[from])] = to;
        fill[from] += 1;
    };
    for &[a, b] in strings {
        match (a, b) {
            (GROUND, GROUND) => {}
            (GROUND, c) | (c, GROUND) => link(local(c), NO_COIN),
            (a, b) => {
                let (la, lb) = (local(a), local(b));
                link(la, lb as u8);
                link(lb, la as u8);
            }
        }
    }
    let neighbours = |i: usize| &around[usize::from(first[i])..usize::from(first[i + 1])];
    const GROUND_COLOUR: u64 = 0x5151_5151;
    let mut colour = [0u64; SLOTS];
    for (i, c) in colour.iter_mut().enumerate().take(k) {
        let n = neighbours(i);
        *c = (n.len() as u64) << 8 | n.iter().filter(|&&x| x == NO_COIN).count() as u64;
    }
    let mut scratch = [0u64; SLOTS];
    let mut classes = distinct(&colour[..k], &mut scratch);
    let mut next = [0u64; SLOTS];
    for _ in 0..k {
        if classes == k {
            break;
        }
        // The new colour of a coin: its colour and the multiset of its
        // neighbours' colours (summed after mixing, so order free).
        for (i, out) in next.iter_mut().enumerate().take(k) {
            let sum = neighbours(i).iter().fold(0u64, |h, &j| {
                let c = if j == NO_COIN {
                    GROUND_COLOUR
                } else {
                    colour[usize::from(j)]
                };
                h.wrapping_add(mix(c, 0))
            });
            *out = mix(colour[i], sum);
        }
        let now = distinct(&next[..k], &mut scratch);
        colour[..k].copy_from_slice(&next[..k]);
        if now == classes {
            break;
        }
        classes = now;
    }
    let mut order = [0u8; SLOTS];
    for (i, o) in order.iter_mut().enumerate().take(k) {
        *o = i as u8;
    }
    order[..k].sort_unstable_by_key(|&i| (colour[usize::from(i)], i));
    let mut label = [0u8; SLOTS];
    for (rank, &i) in order[..k].iter().enumerate() {
        label[usize::from(i)] = rank as u8;
    }
    let relabel = |e: u8| if e == GROUND { GROUND } else { label[local(e)] };
    let mut pairs = [[0u8; 2]; MAX_STRINGS];
    for (p, &[a, b]) in pairs.iter_mut().zip(strings) {
        let (a, b) = (relabel(a), relabel(b));
        *p = [a.min(b), a.max(b)];
    }
    let pairs = &mut pairs[..strings.len()];
    pairs.sort_unstable();
    let mut bytes = Vec::with_capacity(1 + 2 * pairs.len());
    bytes.push(k as u8);
    bytes.extend(pairs.iter().flatten());
    Component(bytes.into_boxed_slice())
}

/// The nim-sum of the components' values, by `value`.
pub(crate) fn sum_value<E>(
    parts: &[Component],
    mut value: impl FnMut(&Component) -> Result<Nimber, E>,
) -> Result<Nimber, E> {
    let mut total = Nimber::ZERO;
    for p in parts {
        total += value(p)?;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::GrundyCache;

    fn parse(text: &str) -> (usize, Vec<[u8; 2]>) {
        let g: crate::nimstring::StringsAndCoins = text.parse().unwrap();
        let strings = g
            .strings()
            .iter()
            .map(|s| {
                s.map(|e| match e {
                    crate::nimstring::End::Ground => GROUND,
                    crate::nimstring::End::Coin(c) => c,
                })
            })
            .collect();
        (g.num_coins(), strings)
    }

    fn value(text: &str) -> Option<u32> {
        let (n, s) = parse(text);
        match reduce(n, &s) {
            Reduced::Loony => None,
            Reduced::Sum(parts) => {
                let mut cache = GrundyCache::new();
                Some(parts.iter().map(|p| cache.value(p)).sum::<Nimber>().0)
            }
        }
    }

    #[test]
    fn chains_and_loops_from_the_rules() {
        // Worked by hand from the rules (a move that captures moves again,
        // completing the last coin loses): a coin on two ground strings is
        // *1; a capturable chain of two is loony; of one, worth 0.
        assert_eq!(value("0-G 0-G"), Some(1));
        assert_eq!(value("G-0 0-1"), None);
        assert_eq!(value("0-G"), Some(0));
        assert_eq!(value("G-0 0-1 1-G"), Some(1));
        // Long chains and loops: every move is loony, so 0.
        assert_eq!(value("G-0 0-1 1-2 2-G"), Some(0));
        assert_eq!(value("0-1 1-2 2-3 3-0"), Some(0));
        // An opened loop of four coins is loony; of three, worth 0.
        assert_eq!(value("0-1 1-2 2-3"), None);
        assert_eq!(value("0-1 1-2"), Some(0));
        assert_eq!(value("G-G"), Some(1));
    }

    #[test]
    fn shortening_keeps_short_chains_and_caps_long_ones() {
        let (n, s) = parse("G-0 0-1 1-2 2-3 3-4 4-G 5-6 6-7 7-8 8-9 9-10 10-5");
        let Reduced::Sum(parts) = reduce(n, &s) else {
            panic!("not loony")
        };
        let mut sizes: Vec<(usize, usize)> = parts
            .iter()
            .map(|p| (p.coins(), p.strings().count()))
            .collect();
        sizes.sort_unstable();
        assert_eq!(sizes, vec![(3, 4), (4, 4)]);
    }
}
