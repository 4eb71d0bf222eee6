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
//! single cut. A *joint* is a coin with three or more strings; a *chain*
//! is a maximal path of two-string coins, between two ends (the ground or
//! joints, maybe the same joint), and a *loop* a cycle of two-string coins.
//! A chain of three coins or more is *long*, and every cut in a long chain
//! or in a loop of four coins or more is loony, whatever happens around it
//! (Berlekamp 2000: long chains and loops). So such a chain never takes
//! part in a turn that is not loony; all that matters of it is that its
//! ends count it among their strings, and that a coin that joins it (a
//! joint left with two strings) joins a long chain: a chain or loop
//! through it is long again, and a capturable chain through it is loony.
//! Hence, with proofs by following the same turns in both positions:
//!
//! 4. A loop of four coins or more on its own, and a long chain from the
//!    ground to the ground, are worth 0 (every cut is loony, so there is
//!    no option that is not) and are removed.
//! 5. A long chain between two joints `a` and `b` (or from `a` back to
//!    `a`) is the same as two long chains, one from `a` to the ground and
//!    one from `b` to the ground. Whichever cuts are made elsewhere, the
//!    joints' numbers of strings are the same in both, and every chain,
//!    loop or capturable chain that comes to contain the long chain is long
//!    (or loony) in both; a long chain that ends up closed into a loop in
//!    one is a long chain from the ground to the ground in the other, worth
//!    0 in both. A long chain from a joint to the ground is an *arm*; it is
//!    kept as a single string that is never cut (every cut in it is loony),
//!    which counts among the joint's strings and stands for three coins in
//!    any chain the joint joins later.
//! 6. A joint with two arms or more is the same as the ground: its other
//!    strings are tied to the ground instead, and the joint and its arms are
//!    removed. The joint never becomes capturable or part of a chain (it
//!    keeps its two arms): left with two strings it is a long chain from the
//!    ground to the ground (worth 0, rule 4). Meanwhile a capturable coin on
//!    one of its strings is captured (rule 2) where one on a ground string
//!    is taken for free (rule 1), to the same effect, and a chain that ends
//!    at it, like one that ends at the ground, is loony once capturable.
//!
//! Rules 5 and 6 split components, so the same small components come up
//! far more often.
//!
//! Each of these rules is checked against a brute-force search over
//! complete turns in `dots/tests/nimstring_reference.rs`: who wins each
//! position, and who wins the sum of two positions (0 exactly when their
//! values are equal nimbers); rules 4 to 6 also directly, a position
//! against the one the rule turns it into.
//!
//! # Components
//!
//! What is left falls apart into connected components (joined through
//! coins, not through the ground), whose values add. A component is stored
//! as its key: the number of coins and the sorted list of its strings after
//! relabelling the coins by colour refinement (degree and numbers of ground
//! strings and arms, refined by the colours of the neighbours). Equal keys are
//! equal graphs, so equal values; isomorphic graphs usually, though not
//! always, get the same key. A component that is a simple graph of at most
//! 32 coins is then valued on bit sets by the `small` module, which applies
//! the same rules.

use cgt::Impartial;

use super::graph::MAX_STRINGS;
// The ground in the internal string lists (coin numbers are below 254).
use crate::geometry::GROUND;

/// The far end of an *arm* in the internal string lists: a string `[c, ARM]`
/// stands for a long chain (three coins or more) from coin `c` to the
/// ground. It is never cut (every cut in it is loony).
pub(crate) const ARM: u8 = u8::MAX - 1;

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
    /// The component with `coins` coins and the strings `pairs` (a key as
    /// [`Parts`] holds it).
    fn new(coins: u8, pairs: &[u16]) -> Component {
        let mut bytes = Vec::with_capacity(1 + 2 * pairs.len());
        bytes.push(coins);
        bytes.extend(pairs.iter().flat_map(|p| p.to_be_bytes()));
        Component(bytes.into_boxed_slice())
    }

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
            // Parallel strings give one option; a cut in an arm is loony.
            if i > 0 && strings[i] == strings[i - 1] || strings[i][1] == ARM {
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

/// The components of a simplified position, written without allocating:
/// part `p` has `coins[p]` coins and the strings
/// `pairs[start[p]..start[p + 1]]`, each `a << 8 | b` with `a <= b`,
/// sorted (its key, as a [`Component`] holds it).
pub(crate) struct Parts {
    len: usize,
    coins: [u8; MAX_STRINGS],
    start: [u8; MAX_STRINGS + 1],
    pairs: [u16; MAX_STRINGS],
}

impl Parts {
    /// No parts.
    pub(crate) fn new() -> Parts {
        Parts {
            len: 0,
            coins: [0; MAX_STRINGS],
            start: [0; MAX_STRINGS + 1],
            pairs: [0; MAX_STRINGS],
        }
    }

    /// The number of parts.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Part `p`: its number of coins and its strings.
    pub(crate) fn part(&self, p: usize) -> (u8, &[u16]) {
        let (a, b) = (usize::from(self.start[p]), usize::from(self.start[p + 1]));
        (self.coins[p], &self.pairs[a..b])
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds a string from the ground to the ground as a part of its own.
    fn push_ground_string(&mut self) {
        let at = usize::from(self.start[self.len]);
        self.pairs[at] = u16::from(GROUND) << 8 | u16::from(GROUND);
        self.coins[self.len] = 0;
        self.len += 1;
        self.start[self.len] = (at + 1) as u8;
    }

    /// Adds the component of `strings` (at least one coin) by its key.
    fn push_key(&mut self, strings: &[[u8; 2]]) {
        let at = usize::from(self.start[self.len]);
        self.coins[self.len] = key(strings, &mut self.pairs[at..]);
        self.len += 1;
        self.start[self.len] = (at + strings.len()) as u8;
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
                if is_coin(end) {
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
                if is_coin(end) {
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
            if is_coin(end) {
                self.degree[usize::from(end)] -= 1;
            }
        }
    }

    fn deg(&self, node: u8) -> u8 {
        if !is_coin(node) {
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
            if y == ARM {
                // A capturable long chain.
                return false;
            }
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
    /// writing the strings crossed into `strings`; returns how many coins
    /// it passed, how many strings it crossed and where it stopped (the
    /// ground, an arm, a coin with other than two strings, or `start`).
    fn walk(&self, start: u8, mut s: usize, strings: &mut [u8; MAX_STRINGS]) -> (usize, usize, u8) {
        let (mut nc, mut ns) = (0, 1);
        strings[0] = s as u8;
        let mut cur = start;
        loop {
            let next = self.other(s, cur);
            if !is_coin(next) || next == start || self.degree[usize::from(next)] != 2 {
                return (nc, ns, next);
            }
            nc += 1;
            s = self.string_of(next, s);
            strings[ns] = s as u8;
            ns += 1;
            cur = next;
        }
    }

    /// Removes the long chains and loops, gives each joint an arm per long
    /// chain it ended, and turns every joint with two arms or more into
    /// the ground (see the module docs); writes the strings left into
    /// `out` and returns how many. `self.degree` is not updated: it stays
    /// each coin's degree before (an arm takes the place of a string).
    fn simplify(&mut self, num_coins: usize, out: &mut [[u8; 2]; MAX_STRINGS]) -> usize {
        let mut arms = [0u8; SLOTS];
        let mut seen = [false; SLOTS];
        let (mut right, mut left) = ([0u8; MAX_STRINGS], [0u8; MAX_STRINGS]);
        for c in 0..num_coins as u8 {
            if seen[usize::from(c)] || self.degree[usize::from(c)] != 2 {
                continue;
            }
            let first = self.string_of(c, usize::MAX);
            let (nr, nrs, end) = self.walk(c, first, &mut right);
            let (nl, nls, start) = if end == c {
                (0, 0, c)
            } else {
                let second = self.string_of(c, first);
                self.walk(c, second, &mut left)
            };
            let chain = || {
                right[..nrs]
                    .iter()
                    .chain(&left[..nls])
                    .map(|&s| usize::from(s))
            };
            for s in chain() {
                for e in self.strings[s] {
                    if is_coin(e) && self.degree[usize::from(e)] == 2 {
                        seen[usize::from(e)] = true;
                    }
                }
            }
            // A loop of four coins or more is worth 0 and removed; a chain
            // of three or more (an arm counts as three) gives its ends arms.
            let long = if end == c {
                nr + 1 >= 4
            } else {
                nl + 1 + nr >= 3 || start == ARM || end == ARM
            };
            if !long {
                continue;
            }
            for s in chain() {
                self.alive &= !(1u128 << s);
            }
            if end != c {
                for e in [start, end] {
                    if is_coin(e) {
                        arms[usize::from(e)] += 1;
                    }
                }
            }
        }
        // The arms of joints that were there before.
        for (s, &[a, b]) in self.strings.iter().enumerate() {
            if self.is_alive(s) && (a == ARM || b == ARM) {
                arms[usize::from(a.min(b))] += 1;
                self.alive &= !(1u128 << s);
            }
        }
        let mut n = 0;
        for (s, &st) in self.strings.iter().enumerate() {
            if self.is_alive(s) {
                out[n] = st.map(|e| {
                    if is_coin(e) && arms[usize::from(e)] >= 2 {
                        GROUND
                    } else {
                        e
                    }
                });
                n += 1;
            }
        }
        for c in 0..num_coins as u8 {
            if arms[usize::from(c)] == 1 {
                out[n] = [c, ARM];
                n += 1;
            }
        }
        n
    }
}

/// Whether an end is a coin (not the ground or an arm).
fn is_coin(end: u8) -> bool {
    end < ARM
}

/// Simplifies a position given by its strings (coins `0..num_coins`,
/// [`GROUND`] for the ground; at most [`MAX_STRINGS`] strings) by the rules
/// in the module docs.
pub(crate) fn reduce(num_coins: usize, strings: &[[u8; 2]]) -> Reduced {
    let mut parts = Parts::new();
    if !reduce_into(num_coins, strings, &mut parts) {
        return Reduced::Loony;
    }
    Reduced::Sum(
        (0..parts.len())
            .map(|p| {
                let (coins, pairs) = parts.part(p);
                Component::new(coins, pairs)
            })
            .collect(),
    )
}

/// [`reduce`] without allocating: `false` if the position is loony, else
/// `true` with its components in `out` (in the same order).
pub(crate) fn reduce_into(num_coins: usize, strings: &[[u8; 2]], out: &mut Parts) -> bool {
    let mut work = Work::new(num_coins, strings);
    if !work.capture(num_coins) {
        return false;
    }
    let mut left = [[0u8; 2]; MAX_STRINGS];
    let n = work.simplify(num_coins, &mut left);
    components(num_coins, &left[..n], out);
    true
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

/// Splits strings into connected components and writes each one's key
/// into `out`.
fn components(num_coins: usize, strings: &[[u8; 2]], out: &mut Parts) {
    let mut parent = [0u8; SLOTS];
    for (c, p) in parent.iter_mut().enumerate().take(num_coins) {
        *p = c as u8;
    }
    for &[a, b] in strings {
        if is_coin(a) && is_coin(b) {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[usize::from(ra)] = rb;
        }
    }
    out.clear();
    // Each string's component root, or [`GROUND`] for a string from the
    // ground to the ground.
    let mut roots = [GROUND; MAX_STRINGS];
    for (r, &[a, b]) in roots.iter_mut().zip(strings) {
        if is_coin(a) || is_coin(b) {
            *r = find(&mut parent, if is_coin(a) { a } else { b });
        }
    }
    let roots = &roots[..strings.len()];
    if !roots.is_empty() && roots.iter().all(|&r| r == roots[0] && r != GROUND) {
        // One component (the common case): the strings in their order.
        out.push_key(strings);
        return;
    }
    // The other strings by component root and place in the list (as
    // `root << 8 | place`), so that each component's strings keep their
    // order.
    let mut grouped = [0u16; MAX_STRINGS];
    let mut n = 0;
    for (i, &root) in roots.iter().enumerate() {
        if root == GROUND {
            out.push_ground_string();
            continue;
        }
        grouped[n] = u16::from(root) << 8 | i as u16;
        n += 1;
    }
    let grouped = &mut grouped[..n];
    grouped.sort_unstable();
    let mut part = [[0u8; 2]; MAX_STRINGS];
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j < n && grouped[j] >> 8 == grouped[i] >> 8 {
            part[j - i] = strings[usize::from(grouped[j] & 0xFF)];
            j += 1;
        }
        out.push_key(&part[..j - i]);
        i = j;
    }
}

/// A hash step for colour refinement (any fixed mixing function will do).
fn mix(a: u64, b: u64) -> u64 {
    let x = (a ^ b.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 31)
}

/// The number of distinct values in `colours`, sorting `scratch`.
fn distinct(colours: &[u64], scratch: &mut [u64]) -> usize {
    let v = &mut scratch[..colours.len()];
    v.copy_from_slice(colours);
    v.sort_unstable();
    1 + v.windows(2).filter(|w| w[0] != w[1]).count()
}

/// The key of one connected component (at least one coin): writes its
/// strings, relabelled and sorted, into `pairs` (as many as `strings`) and
/// returns its number of coins.
fn key(strings: &[[u8; 2]], pairs: &mut [u16]) -> u8 {
    // Local coin numbers in order of first appearance.
    let mut index = [u8::MAX; SLOTS];
    let mut k = 0usize;
    for s in strings {
        for &e in s {
            if is_coin(e) && index[usize::from(e)] == u8::MAX {
                index[usize::from(e)] = k as u8;
                k += 1;
            }
        }
    }
    // The same work on smaller arrays when the component is small.
    if k < SMALL {
        key_sized::<SMALL>(strings, &index, k, pairs)
    } else {
        key_sized::<SLOTS>(strings, &index, k, pairs)
    }
}

/// Slots for local coin numbers in the arrays of [`key`] for a component
/// of fewer coins than this.
const SMALL: usize = 32;

/// [`key`] with arrays of `N` slots (`k < N`), given the local number of
/// each coin in `index` and the number of coins `k`.
fn key_sized<const N: usize>(
    strings: &[[u8; 2]],
    index: &[u8; SLOTS],
    k: usize,
    pairs: &mut [u16],
) -> u8 {
    let local = |c: u8| usize::from(index[usize::from(c)]);
    // Each local coin's neighbours ([`GROUND`] or [`ARM`] for those),
    // coin `i`'s being `around[first[i]..first[i + 1]]`.
    let mut first = [0u16; N];
    for &[a, b] in strings {
        for e in [a, b] {
            if is_coin(e) {
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
        match (is_coin(a), is_coin(b)) {
            (false, false) => {}
            (true, false) => link(local(a), b),
            (false, true) => link(local(b), a),
            (true, true) => {
                let (la, lb) = (local(a), local(b));
                link(la, lb as u8);
                link(lb, la as u8);
            }
        }
    }
    let neighbours = |i: usize| &around[usize::from(first[i])..usize::from(first[i + 1])];
    const GROUND_COLOUR: u64 = 0x5151_5151;
    const ARM_COLOUR: u64 = 0xA3A3_A3A3;
    let mut colour = [0u64; N];
    for (i, c) in colour.iter_mut().enumerate().take(k) {
        let n = neighbours(i);
        let count = |end: u8| n.iter().filter(|&&x| x == end).count() as u64;
        *c = (n.len() as u64) << 16 | count(GROUND) << 8 | count(ARM);
    }
    let mut scratch = [0u64; N];
    let mut classes = distinct(&colour[..k], &mut scratch);
    let mut next = [0u64; N];
    let mut mixed = [0u64; N];
    let (ground, arm) = (mix(GROUND_COLOUR, 0), mix(ARM_COLOUR, 0));
    for _ in 0..k {
        if classes == k {
            break;
        }
        // The new colour of a coin: its colour and the multiset of its
        // neighbours' colours (summed after mixing, so order free).
        for (m, &c) in mixed.iter_mut().zip(&colour[..k]) {
            *m = mix(c, 0);
        }
        for (i, out) in next.iter_mut().enumerate().take(k) {
            let sum = neighbours(i).iter().fold(0u64, |h, &j| {
                h.wrapping_add(match j {
                    GROUND => ground,
                    ARM => arm,
                    j => mixed[usize::from(j)],
                })
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
    let mut order = [0u8; N];
    for (i, o) in order.iter_mut().enumerate().take(k) {
        *o = i as u8;
    }
    order[..k].sort_unstable_by_key(|&i| (colour[usize::from(i)], i));
    let mut label = [0u8; N];
    for (rank, &i) in order[..k].iter().enumerate() {
        label[usize::from(i)] = rank as u8;
    }
    let relabel = |e: u8| if is_coin(e) { label[local(e)] } else { e };
    // Each string as `a << 8 | b` with `a <= b`, so that the sort is of
    // plain integers.
    for (p, &[a, b]) in pairs.iter_mut().zip(strings) {
        let (a, b) = (relabel(a), relabel(b));
        *p = u16::from(a.min(b)) << 8 | u16::from(a.max(b));
    }
    pairs[..strings.len()].sort_unstable();
    k as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::{GrundyCache, Nimber};

    fn parse(text: &str) -> (usize, Vec<[u8; 2]>) {
        let g: super::super::graph::StringsAndCoins = text.parse().unwrap();
        let strings = g
            .strings()
            .iter()
            .map(|s| {
                s.map(|e| match e {
                    super::super::graph::End::Ground => GROUND,
                    super::super::graph::End::Coin(c) => c,
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
                Some(
                    parts
                        .iter()
                        .map(|p| {
                            cache
                                .value(p, &mut cgt::budget::Meter::unlimited())
                                .unwrap()
                        })
                        .sum::<Nimber>()
                        .0,
                )
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

    /// The components of a position that is not loony, as their keys'
    /// texts, sorted.
    fn keys(text: &str) -> Vec<String> {
        let (n, s) = parse(text);
        let Reduced::Sum(parts) = reduce(n, &s) else {
            panic!("{text}: loony")
        };
        let show = |e: u8| match e {
            GROUND => "G".to_string(),
            ARM => "A".to_string(),
            c => c.to_string(),
        };
        let mut out: Vec<String> = parts
            .iter()
            .map(|p| {
                let strings: Vec<String> = p
                    .strings()
                    .map(|[a, b]| format!("{}-{}", show(a), show(b)))
                    .collect();
                strings.join(" ")
            })
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn long_chains_and_loops_on_their_own_are_removed() {
        let none: Vec<String> = Vec::new();
        assert_eq!(keys("G-0 0-1 1-2 2-3 3-4 4-G"), none);
        assert_eq!(keys("G-0 0-1 1-2 2-G 3-4 4-5 5-6 6-3"), none);
        // Short ones stay: a loop of three coins, a chain of two.
        assert_eq!(keys("0-1 1-2 2-0 G-3 3-4 4-G").len(), 2);
    }

    #[test]
    fn a_long_chain_between_joints_becomes_two_arms() {
        // Joints 0 and 4, each with two ground strings, joined by the
        // chain 1, 2, 3: two components, each a joint with an arm.
        let text = "G-0 G-0 0-1 1-2 2-3 3-4 4-G 4-G";
        assert_eq!(keys(text), vec!["0-A 0-G 0-G", "0-A 0-G 0-G"]);
        // A long loop from a joint back to itself: two arms, so the joint
        // is the ground, and its other string is tied to the ground.
        assert_eq!(keys("0-1 1-2 2-3 3-0 0-4 4-G 4-G"), vec!["0-G 0-G 0-G"]);
        // The chain 1, 2 is short: nothing changes.
        assert_eq!(keys("G-0 G-0 0-1 1-2 2-4 4-G 4-G").len(), 1);
    }

    #[test]
    fn a_joint_with_two_arms_is_the_ground() {
        // Joint 0 with arms 1, 2, 3 and 4, 5, 6, and strings to coin 7 (a
        // coin with two ground strings besides) and to coin 8 (two strings
        // to 0 and one to 9).
        let text = "0-1 1-2 2-3 3-G 0-4 4-5 5-6 6-G 0-7 7-G 7-G 0-8 0-8 8-9 9-G 9-G";
        assert_eq!(keys(text), vec!["0-1 0-G 0-G 1-G 1-G", "0-G 0-G 0-G"]);
        // Arms that were there before count too.
        let (n, mut s) = parse("0-1 1-G 0-G 0-2 2-G 2-G");
        s.push([0, ARM]);
        s.push([0, ARM]);
        let Reduced::Sum(parts) = reduce(n, &s) else {
            panic!("loony")
        };
        assert_eq!(parts.len(), 3, "{parts:?}");
    }
}
