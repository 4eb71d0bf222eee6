//! Components of at most [`SMALL_COINS`] coins on bit sets: the rules of
//! the `reduce` module (the same rules, specialised for speed), and a
//! canonical key by colour refinement.
//!
//! A component of a Dots position has no two strings between the same two
//! coins, so it is a simple graph on its coins: each coin has a bit set of
//! the coins it is joined to, a number of strings to the ground and
//! whether it has an arm (a long chain to the ground, never cut). Every
//! Dots board up to 32 boxes gives such components; graphs with parallel
//! strings or more coins are valued by the general rules of `reduce`.
//! The test at the bottom checks that both give every component of many
//! random positions the same value.
//!
//! The capture rules (1 to 3 of `reduce`) are applied coin by coin in
//! coin order, as there; the long chains and loops (rules 4 to 6) in one
//! pass. A cut in a component with no capturable coin captures nothing, so
//! the options of a component are its cuts, one per pair of joined coins
//! and one per coin with a string to the ground (its ground strings are
//! alike), each followed by these rules.

/// Most coins of a component held on bit sets.
pub(crate) const SMALL_COINS: usize = 32;

/// A component (or, while simplified, a sum of them) on bit sets: coins
/// `0..n`, of which those in `alive` are there; `adj[c]` the coins joined
/// to coin `c`, `ground[c]` its strings to the ground, `arm[c]` its arms
/// (0 or 1 outside [`Small::simplify`]), `deg[c]` its number of strings
/// (an arm counts as one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Small {
    n: u8,
    alive: u32,
    adj: [u32; SMALL_COINS],
    ground: [u8; SMALL_COINS],
    arm: [u8; SMALL_COINS],
    deg: [u8; SMALL_COINS],
}

/// One end of a two-string coin's string while walking a chain.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Next {
    Coin(u8),
    Ground,
    Arm,
}

fn bit(c: u8) -> u32 {
    1 << c
}

/// The coins of a bit set, in increasing order.
fn coins(mut set: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            c
        })
    })
}

/// A hash step for colour refinement (any fixed mixing function will do).
fn mix(a: u64, b: u64) -> u64 {
    let x = (a ^ b.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 31)
}

impl Small {
    /// The component with `coins` coins and the strings `pairs` (a key of
    /// the `reduce` module: `a << 8 | b`, [`GROUND`](crate::geometry::GROUND)
    /// or [`ARM`](super::reduce::ARM) as `b`), or `None` if it has more
    /// than [`SMALL_COINS`] coins, two strings between the same coins or
    /// no coin.
    pub(crate) fn from_pairs(coins: u8, pairs: &[u16]) -> Option<Small> {
        use super::reduce::ARM;
        use crate::geometry::GROUND;
        if coins == 0 || usize::from(coins) > SMALL_COINS {
            return None;
        }
        let mut s = Small {
            n: coins,
            alive: if coins == 32 {
                u32::MAX
            } else {
                (1 << coins) - 1
            },
            adj: [0; SMALL_COINS],
            ground: [0; SMALL_COINS],
            arm: [0; SMALL_COINS],
            deg: [0; SMALL_COINS],
        };
        for &p in pairs {
            let (a, b) = ((p >> 8) as u8, p as u8);
            match b {
                GROUND => s.ground[usize::from(a)] += 1,
                ARM => s.arm[usize::from(a)] += 1,
                b => {
                    if s.adj[usize::from(a)] & bit(b) != 0 {
                        return None;
                    }
                    s.adj[usize::from(a)] |= bit(b);
                    s.adj[usize::from(b)] |= bit(a);
                    s.deg[usize::from(b)] += 1;
                }
            }
            s.deg[usize::from(a)] += 1;
        }
        Some(s)
    }

    fn deg(&self, c: u8) -> u8 {
        self.deg[usize::from(c)]
    }

    fn remove(&mut self, c: u8) {
        self.alive &= !bit(c);
        for u in coins(self.adj[usize::from(c)]) {
            self.adj[usize::from(u)] &= !bit(c);
            self.deg[usize::from(u)] -= 1;
        }
        self.adj[usize::from(c)] = 0;
    }

    /// Calls `f` with the position each cut leaves, in a fixed order,
    /// until it fails.
    pub(crate) fn for_each_option<E>(
        &self,
        mut f: impl FnMut(Small) -> Result<(), E>,
    ) -> Result<(), E> {
        for a in coins(self.alive) {
            let above = u32::MAX.checked_shl(u32::from(a) + 1).unwrap_or(0);
            for b in coins(self.adj[usize::from(a)] & above) {
                let mut next = *self;
                next.adj[usize::from(a)] &= !bit(b);
                next.adj[usize::from(b)] &= !bit(a);
                next.deg[usize::from(a)] -= 1;
                next.deg[usize::from(b)] -= 1;
                f(next)?;
            }
            if self.ground[usize::from(a)] > 0 {
                let mut next = *self;
                next.ground[usize::from(a)] -= 1;
                next.deg[usize::from(a)] -= 1;
                f(next)?;
            }
        }
        Ok(())
    }

    /// Applies the rules of `reduce`: `None` if the position is loony,
    /// else the number of strings from the ground to the ground that
    /// joints turned into the ground leave (each worth `*1`); what is left
    /// is a sum of components with no capturable coin.
    pub(crate) fn simplify(&mut self) -> Option<u32> {
        if !self.capture() {
            return None;
        }
        Some(self.chains())
    }

    /// Rules 1 to 3 (capturable coins); `false` if loony.
    fn capture(&mut self) -> bool {
        for x in 0..self.n {
            if self.alive & bit(x) == 0 || self.deg(x) != 1 {
                continue;
            }
            let xi = usize::from(x);
            if self.arm[xi] == 1 {
                // A capturable long chain.
                return false;
            }
            if self.ground[xi] == 1 {
                // Rule 1: taken for free.
                self.remove(x);
                continue;
            }
            let y = self.adj[xi].trailing_zeros() as u8;
            match self.deg(y) {
                // Rule 1: a double-cross.
                1 => {
                    self.remove(x);
                    self.remove(y);
                }
                // Rule 3: a chain of two coins so far.
                2 => {
                    let yi = usize::from(y);
                    if self.ground[yi] > 0 || self.arm[yi] > 0 {
                        return false;
                    }
                    let z = (self.adj[yi] & !bit(x)).trailing_zeros() as u8;
                    if self.deg(z) != 1 {
                        // Ends at a joint, or goes on to four coins or more.
                        return false;
                    }
                    // An isolated chain of three coins: worth 0.
                    self.remove(x);
                    self.remove(y);
                    self.remove(z);
                }
                // Rule 2: captured.
                _ => self.remove(x),
            }
        }
        true
    }

    /// The ends of the two-string coin `c` other than `from`.
    fn other_end(&self, c: u8, from: Next) -> Next {
        let ci = usize::from(c);
        let mut adj = self.adj[ci];
        let (mut ground, mut arm) = (self.ground[ci], self.arm[ci]);
        match from {
            Next::Coin(p) => adj &= !bit(p),
            Next::Ground => ground -= 1,
            Next::Arm => arm -= 1,
        }
        if adj != 0 {
            Next::Coin(adj.trailing_zeros() as u8)
        } else if ground > 0 {
            Next::Ground
        } else {
            debug_assert!(arm > 0);
            Next::Arm
        }
    }

    /// Walks from the two-string coin `start` through `first`, over
    /// two-string coins: the coins passed (a bit set), how many, and where
    /// it stopped (the ground, an arm, a joint, or `start`).
    fn walk(&self, start: u8, first: Next) -> (u32, u32, Next) {
        let (mut passed, mut count) = (0u32, 0u32);
        let (mut prev, mut cur) = (start, first);
        loop {
            let Next::Coin(v) = cur else {
                return (passed, count, cur);
            };
            if v == start || self.deg(v) != 2 {
                return (passed, count, cur);
            }
            passed |= bit(v);
            count += 1;
            let next = self.other_end(v, Next::Coin(prev));
            prev = v;
            cur = next;
        }
    }

    /// Rules 4 to 6 (long chains, loops, joints with two arms); returns
    /// the number of strings from the ground to the ground left.
    fn chains(&mut self) -> u32 {
        let mut seen = 0u32;
        let mut arms = self.arm;
        let mut cut = [0u32; SMALL_COINS];
        let mut gone = 0u32;
        for c in coins(self.alive) {
            if seen & bit(c) != 0 || self.deg(c) != 2 {
                continue;
            }
            // Its two ends, as `other_end` would give them from nothing.
            let ci = usize::from(c);
            let mut ends = [Next::Ground; 2];
            let mut k = 0;
            for u in coins(self.adj[ci]) {
                ends[k] = Next::Coin(u);
                k += 1;
            }
            for _ in 0..self.ground[ci] {
                ends[k] = Next::Ground;
                k += 1;
            }
            for _ in 0..self.arm[ci] {
                ends[k] = Next::Arm;
                k += 1;
            }
            let (right, nr, end) = self.walk(c, ends[0]);
            let is_loop = end == Next::Coin(c);
            let (left, nl, start) = if is_loop {
                (0, 0, end)
            } else {
                self.walk(c, ends[1])
            };
            let chain = right | left | bit(c);
            seen |= chain;
            let long = if is_loop {
                nr + 1 >= 4
            } else {
                nl + 1 + nr >= 3 || start == Next::Arm || end == Next::Arm
            };
            if !long {
                continue;
            }
            gone |= chain;
            if !is_loop {
                // Each joint at an end gets an arm in place of the string.
                for e in [start, end] {
                    if let Next::Coin(j) = e {
                        arms[usize::from(j)] += 1;
                        cut[usize::from(j)] |= self.adj[usize::from(j)] & chain;
                    }
                }
            }
        }
        for c in coins(gone) {
            self.alive &= !bit(c);
            self.adj[usize::from(c)] = 0;
        }
        for j in coins(self.alive) {
            let ji = usize::from(j);
            self.adj[ji] &= !cut[ji];
            self.arm[ji] = arms[ji];
        }
        // Joints with two arms or more are the ground.
        let grounded: u32 = coins(self.alive)
            .filter(|&j| self.arm[usize::from(j)] >= 2)
            .fold(0, |m, j| m | bit(j));
        let mut ground_strings = 0;
        for j in coins(grounded) {
            let ji = usize::from(j);
            ground_strings += u32::from(self.ground[ji]);
            for u in coins(self.adj[ji]) {
                if grounded & bit(u) != 0 {
                    ground_strings += u32::from(u > j);
                } else {
                    self.ground[usize::from(u)] += 1;
                    self.adj[usize::from(u)] &= !bit(j);
                }
            }
        }
        for j in coins(grounded) {
            self.alive &= !bit(j);
            self.adj[usize::from(j)] = 0;
        }
        ground_strings
    }

    /// The connected components of what is there, as bit sets of coins,
    /// in the order of their lowest coin; returns how many.
    pub(crate) fn components(&self, out: &mut [u32; SMALL_COINS]) -> usize {
        let (mut left, mut n) = (self.alive, 0);
        while left != 0 {
            // Grow from the lowest coin left until nothing is added.
            let mut part = left & left.wrapping_neg();
            loop {
                let grown = coins(part).fold(part, |m, c| m | self.adj[usize::from(c)]);
                if grown == part {
                    break;
                }
                part = grown;
            }
            out[n] = part;
            n += 1;
            left &= !part;
        }
        n
    }

    /// The component on the coins `part`, relabelled by colour refinement
    /// (degree, strings to the ground and arms, refined by the colours of
    /// the neighbours; ties by the present order), so that isomorphic
    /// components usually get the same labels. Equal results are equal
    /// graphs.
    pub(crate) fn canonical(&self, part: u32) -> Small {
        let mut colour = [0u64; SMALL_COINS];
        let members: u32 = part;
        for c in coins(members) {
            let ci = usize::from(c);
            colour[ci] = u64::from(self.deg[ci]) << 16
                | u64::from(self.ground[ci]) << 8
                | u64::from(self.arm[ci]);
        }
        let k = members.count_ones() as usize;
        let mut classes = distinct(&colour, members);
        let mut next = [0u64; SMALL_COINS];
        for _ in 0..k {
            if classes == k {
                break;
            }
            for c in coins(members) {
                let ci = usize::from(c);
                let sum = coins(self.adj[ci])
                    .fold(0u64, |h, u| h.wrapping_add(mix(colour[usize::from(u)], 0)));
                next[ci] = mix(colour[ci], sum);
            }
            let now = distinct(&next, members);
            for c in coins(members) {
                colour[usize::from(c)] = next[usize::from(c)];
            }
            if now == classes {
                break;
            }
            classes = now;
        }
        let mut order = [0u8; SMALL_COINS];
        for (o, c) in order.iter_mut().zip(coins(members)) {
            *o = c;
        }
        order[..k].sort_unstable_by_key(|&c| (colour[usize::from(c)], c));
        let mut label = [0u8; SMALL_COINS];
        for (rank, &c) in order[..k].iter().enumerate() {
            label[usize::from(c)] = rank as u8;
        }
        let mut out = Small {
            n: k as u8,
            alive: if k == 32 { u32::MAX } else { (1 << k) - 1 },
            adj: [0; SMALL_COINS],
            ground: [0; SMALL_COINS],
            arm: [0; SMALL_COINS],
            deg: [0; SMALL_COINS],
        };
        for (rank, &c) in order[..k].iter().enumerate() {
            let ci = usize::from(c);
            out.adj[rank] = coins(self.adj[ci]).fold(0, |m, u| m | bit(label[usize::from(u)]));
            out.ground[rank] = self.ground[ci];
            out.arm[rank] = self.arm[ci];
            out.deg[rank] = self.deg[ci];
        }
        out
    }

    /// The words that name a canonical component (see [`Small::canonical`]).
    pub(crate) fn words(&self) -> impl Iterator<Item = u64> + '_ {
        (0..usize::from(self.n)).map(|c| {
            u64::from(self.adj[c]) << 16 | u64::from(self.ground[c]) << 8 | u64::from(self.arm[c])
        })
    }

    /// Its number of strings (an arm counts as one).
    pub(crate) fn strings(&self) -> u32 {
        let ends: u32 = coins(self.alive).map(|c| u32::from(self.deg(c))).sum();
        let ground: u32 = coins(self.alive)
            .map(|c| u32::from(self.ground[usize::from(c)] + self.arm[usize::from(c)]))
            .sum();
        // Each string between coins has two ends, one to the ground or an
        // arm one.
        (ends + ground) / 2
    }

    /// All its coins (a bit set).
    pub(crate) fn all(&self) -> u32 {
        self.alive
    }
}

/// The number of distinct colours of the coins in `members` (colours
/// that differ only in their lowest bit count as one: refinement may then
/// stop a round early, which can only give two isomorphic components
/// different keys).
fn distinct(colour: &[u64; SMALL_COINS], members: u32) -> usize {
    // An open-addressing set of 64 slots (at most 32 colours), 0 free.
    let mut slots = [0u64; 2 * SMALL_COINS];
    let mut count = 0;
    for c in coins(members) {
        let x = colour[usize::from(c)] | 1;
        let mut i = (x >> 58) as usize;
        loop {
            if slots[i] == 0 {
                slots[i] = x;
                count += 1;
                break;
            }
            if slots[i] == x {
                break;
            }
            i = (i + 1) % slots.len();
        }
    }
    count
}
