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
        let strings: Vec<[u8; 2]> = self.strings().collect();
        let mut out = Vec::new();
        let mut rest = Vec::with_capacity(strings.len());
        for i in 0..strings.len() {
            if i > 0 && strings[i] == strings[i - 1] {
                continue;
            }
            rest.clear();
            rest.extend_from_slice(&strings[..i]);
            rest.extend_from_slice(&strings[i + 1..]);
            if let Reduced::Sum(parts) = reduce(self.coins(), &rest) {
                out.push(parts);
            }
        }
        out
    }
}

/// Working state of [`reduce`]: strings, which are still there, and for
/// each coin its strings and its degree.
struct Work {
    strings: Vec<[u8; 2]>,
    alive: Vec<bool>,
    incident: Vec<Vec<u16>>,
    degree: Vec<u8>,
}

impl Work {
    fn new(num_coins: usize, strings: &[[u8; 2]]) -> Work {
        let mut incident = vec![Vec::new(); num_coins];
        let mut degree = vec![0u8; num_coins];
        for (i, s) in strings.iter().enumerate() {
            for &end in s {
                if end != GROUND {
                    incident[usize::from(end)].push(i as u16);
                    degree[usize::from(end)] += 1;
                }
            }
        }
        Work {
            strings: strings.to_vec(),
            alive: vec![true; strings.len()],
            incident,
            degree,
        }
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
        self.incident[usize::from(coin)]
            .iter()
            .map(|&s| usize::from(s))
            .find(|&s| s != not && self.alive[s])
            .expect("the coin has another string")
    }

    fn kill(&mut self, s: usize) {
        self.alive[s] = false;
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
    fn capture(&mut self) -> bool {
        let mut stack: Vec<u8> = (0..self.degree.len() as u8)
            .filter(|&c| self.degree[usize::from(c)] == 1)
            .collect();
        let mut chain = Vec::new();
        while let Some(x) = stack.pop() {
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
            // Rule 3: follow the chain of two-string coins.
            chain.clear();
            chain.push(s);
            let (mut cur, mut via, mut coins) = (y, s, 2);
            loop {
                let t = self.string_of(cur, via);
                chain.push(t);
                let z = self.other(t, cur);
                match self.deg(z) {
                    2 => {
                        coins += 1;
                        cur = z;
                        via = t;
                    }
                    1 => {
                        coins += 1;
                        if coins >= 4 {
                            return false;
                        }
                        for &c in &chain {
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

    /// Walks from `start` along string `s` through two-string coins; returns
    /// the coins passed, the strings crossed and where the walk stopped
    /// (the ground, a coin with other than two strings, or `start`).
    fn walk(&self, start: u8, mut s: usize) -> (Vec<u8>, Vec<usize>, u8) {
        let (mut coins, mut strings) = (Vec::new(), vec![s]);
        let mut cur = start;
        loop {
            let next = self.other(s, cur);
            if next == start || next == GROUND || self.degree[usize::from(next)] != 2 {
                return (coins, strings, next);
            }
            coins.push(next);
            s = self.string_of(next, s);
            strings.push(s);
            cur = next;
        }
    }

    /// Shortens chains to three coins and loops to four; returns the
    /// strings left.
    fn shorten(&mut self) -> Vec<[u8; 2]> {
        let n = self.degree.len();
        let mut seen = vec![false; n];
        let mut added = Vec::new();
        for c in 0..n as u8 {
            if seen[usize::from(c)] || self.degree[usize::from(c)] != 2 {
                continue;
            }
            seen[usize::from(c)] = true;
            let first = self.string_of(c, usize::MAX);
            let (right, right_strings, end) = self.walk(c, first);
            for &r in &right {
                seen[usize::from(r)] = true;
            }
            if end == c {
                // A loop c, right...: keep four coins.
                if right.len() + 1 > 4 {
                    for &s in &right_strings[3..] {
                        self.alive[s] = false;
                    }
                    added.push([right[2], c]);
                }
                continue;
            }
            let second = self.string_of(c, first);
            let (left, left_strings, _) = self.walk(c, second);
            for &l in &left {
                seen[usize::from(l)] = true;
            }
            // The chain from the left end to `end`, with its strings.
            let coins: Vec<u8> = left.iter().rev().copied().chain([c]).chain(right).collect();
            let strings: Vec<usize> = left_strings
                .iter()
                .rev()
                .copied()
                .chain(right_strings)
                .collect();
            if coins.len() > 3 {
                for &s in &strings[3..] {
                    self.alive[s] = false;
                }
                added.push([coins[2], end]);
            }
        }
        let mut out: Vec<[u8; 2]> = (0..self.strings.len())
            .filter(|&s| self.alive[s])
            .map(|s| self.strings[s])
            .collect();
        out.extend(added);
        out
    }
}

/// Simplifies a position given by its strings (coins `0..num_coins`,
/// [`GROUND`] for the ground) by the rules in the module docs.
pub(crate) fn reduce(num_coins: usize, strings: &[[u8; 2]]) -> Reduced {
    let mut work = Work::new(num_coins, strings);
    if !work.capture() {
        return Reduced::Loony;
    }
    let left = work.shorten();
    Reduced::Sum(components(num_coins, &left))
}

/// Whether a position is loony (only the capture rules are needed).
pub(crate) fn is_loony(num_coins: usize, strings: &[[u8; 2]]) -> bool {
    !Work::new(num_coins, strings).capture()
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
    let mut parent: Vec<u8> = (0..num_coins as u8).collect();
    for &[a, b] in strings {
        if a != GROUND && b != GROUND {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[usize::from(ra)] = rb;
        }
    }
    let mut groups: Vec<(u8, Vec<[u8; 2]>)> = Vec::new();
    let mut out = Vec::new();
    for &s in strings {
        let root = match s {
            [GROUND, GROUND] => {
                out.push(Component(Box::new([0, GROUND, GROUND])));
                continue;
            }
            [GROUND, c] | [c, GROUND] => find(&mut parent, c),
            [a, _] => find(&mut parent, a),
        };
        match groups.iter_mut().find(|g| g.0 == root) {
            Some(g) => g.1.push(s),
            None => groups.push((root, vec![s])),
        }
    }
    out.extend(groups.iter().map(|(_, g)| key(g)));
    out
}

/// A hash step for colour refinement (any fixed mixing function will do).
fn mix(a: u64, b: u64) -> u64 {
    let x = (a ^ b.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 31)
}

/// The key of one connected component.
fn key(strings: &[[u8; 2]]) -> Component {
    // Local coin numbers in order of first appearance.
    let mut index = [u8::MAX; 256];
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
    let mut neighbours: Vec<Vec<Option<usize>>> = vec![Vec::new(); k];
    for &[a, b] in strings {
        match (a, b) {
            (GROUND, GROUND) => {}
            (GROUND, c) | (c, GROUND) => neighbours[local(c)].push(None),
            (a, b) => {
                let (la, lb) = (local(a), local(b));
                neighbours[la].push(Some(lb));
                neighbours[lb].push(Some(la));
            }
        }
    }
    const GROUND_COLOUR: u64 = 0x5151_5151;
    let mut colour: Vec<u64> = neighbours
        .iter()
        .map(|n| (n.len() as u64) << 8 | n.iter().filter(|x| x.is_none()).count() as u64)
        .collect();
    let distinct = |c: &[u64]| {
        let mut v = c.to_vec();
        v.sort_unstable();
        v.dedup();
        v.len()
    };
    let mut classes = distinct(&colour);
    let mut around = Vec::new();
    for _ in 0..k {
        let next: Vec<u64> = (0..k)
            .map(|i| {
                around.clear();
                around.extend(
                    neighbours[i]
                        .iter()
                        .map(|n| n.map_or(GROUND_COLOUR, |j| colour[j])),
                );
                around.sort_unstable();
                around.iter().fold(colour[i], |h, &c| mix(h, c))
            })
            .collect();
        let now = distinct(&next);
        colour = next;
        if now == classes {
            break;
        }
        classes = now;
    }
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|&i| (colour[i], i));
    let mut label = vec![0u8; k];
    for (rank, &i) in order.iter().enumerate() {
        label[i] = rank as u8;
    }
    let relabel = |e: u8| if e == GROUND { GROUND } else { label[local(e)] };
    let mut pairs: Vec<[u8; 2]> = strings
        .iter()
        .map(|&[a, b]| {
            let (a, b) = (relabel(a), relabel(b));
            [a.min(b), a.max(b)]
        })
        .collect();
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
