//! Impartial games: nimbers, the mex rule and cached Grundy values
//! (Sprague–Grundy theory; Berlekamp, Conway & Guy, "Winning Ways", ch. 3
//! and 4).
//!
//! A game is given through the small trait [`Impartial`]: a hashable key
//! and the options of a position, where each option may be a *sum* of
//! positions (a move that splits a game into independent parts, as in
//! Kayles). The Grundy value of a position is the mex (least excluded
//! value) of the nim-sums of its options' parts; [`GrundyCache`] computes
//! it with an explicit stack (no recursion on the game's depth) and caches
//! every value it finds by key. It runs under a [`Meter`] (the budget of
//! `cgt::budget`): every position whose value is started counts one unit,
//! and a node or time limit or a stop flag ends it with the [`Limit`].
//!
//! ```
//! use cgt::budget::{Limit, Limits, Meter};
//! use cgt::impartial::{GrundyCache, Impartial, Nimber};
//!
//! /// A Nim heap: take any positive number of counters.
//! #[derive(Clone)]
//! struct Heap(u32);
//!
//! impl Impartial for Heap {
//!     type Key = u32;
//!     fn key(&self) -> u32 {
//!         self.0
//!     }
//!     fn options(&self) -> Vec<Vec<Heap>> {
//!         (0..self.0).map(|n| vec![Heap(n)]).collect()
//!     }
//! }
//!
//! let mut cache = GrundyCache::new();
//! assert_eq!(cache.value(&Heap(5), &mut Meter::unlimited()), Ok(Nimber(5)));
//! assert_eq!(Nimber(5) + Nimber(3), Nimber(6));
//!
//! // Heap(9) needs the values of heaps 6 to 9, four positions not in the
//! // cache: a budget of two units stops before them.
//! let mut meter = Meter::new(Limits { nodes: Some(2), time: None }, None);
//! assert_eq!(cache.value(&Heap(9), &mut meter), Err(Limit::Nodes));
//! assert_eq!(meter.spent(), 2);
//! ```

use std::fmt;
use std::hash::Hash;
use std::ops::{Add, AddAssign};

use hashbrown::HashMap;

use crate::budget::{Limit, Meter};

/// A nimber `*n`: the value of a Nim heap of `n` counters. Addition is the
/// nim-sum (bitwise exclusive or).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(pub u32);

impl Nimber {
    /// `0`, the value of a position the player to move loses.
    pub const ZERO: Nimber = Nimber(0);
}

impl Add for Nimber {
    type Output = Nimber;
    /// Nim-sum.
    #[expect(
        clippy::suspicious_arithmetic_impl,
        reason = "the nim-sum is exclusive or"
    )]
    fn add(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }
}

impl AddAssign for Nimber {
    #[expect(
        clippy::suspicious_op_assign_impl,
        reason = "the nim-sum is exclusive or"
    )]
    fn add_assign(&mut self, other: Nimber) {
        self.0 ^= other.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Nimber {
    /// CGSuite notation: `0`, `*`, `*2`, `*3`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// The least nimber not among `values` (the "minimal excludant").
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let mut seen: Vec<u64> = Vec::new();
    for Nimber(v) in values {
        let (word, bit) = ((v / 64) as usize, v % 64);
        if word >= seen.len() {
            seen.resize(word + 1, 0);
        }
        seen[word] |= 1 << bit;
    }
    for (i, w) in seen.iter().enumerate() {
        if *w != u64::MAX {
            return Nimber(i as u32 * 64 + w.trailing_ones());
        }
    }
    Nimber(seen.len() as u32 * 64)
}

/// An impartial game: both players have the same options from every
/// position, and the player who cannot move loses (normal play).
pub trait Impartial: Sized {
    /// Identifies a position: two positions with equal keys must have equal
    /// Grundy values (equal keys for isomorphic positions make the cache
    /// more effective).
    type Key: Hash + Eq + Clone;

    /// The position's key.
    fn key(&self) -> Self::Key;

    /// The options; each is a sum of independent positions (one part for an
    /// ordinary move, none for a move to the empty game). The game must be
    /// finite: no sequence of options may return to a position.
    fn options(&self) -> Vec<Vec<Self>>;
}

/// Grundy values of the positions of one game, cached by key.
pub struct GrundyCache<G: Impartial> {
    values: HashMap<G::Key, Nimber>,
}

impl<G: Impartial> Default for GrundyCache<G> {
    fn default() -> Self {
        GrundyCache {
            values: HashMap::new(),
        }
    }
}

/// A position whose value is being computed: its options, the option being
/// summed, and the nim-sums of the options finished so far.
struct Frame<G: Impartial> {
    key: G::Key,
    options: Vec<Vec<G>>,
    next: usize,
    sums: Vec<Nimber>,
}

impl<G: Impartial> GrundyCache<G> {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of positions whose value is cached.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is cached.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The cached value of the position with this key, if any.
    pub fn get(&self, key: &G::Key) -> Option<Nimber> {
        self.values.get(key).copied()
    }

    /// The Grundy value of `game`: the mex of the nim-sums of its options.
    /// Iterative: the stack of positions under evaluation lives on the
    /// heap, so a deep game cannot overflow the call stack.
    ///
    /// Every position not in the cache whose value is started counts one
    /// unit on `meter` ([`Meter::tick`], which also looks at its clock and
    /// stop flag every [`crate::budget::CHECK_EVERY`] units); a cached value
    /// costs nothing. The values finished before a limit stay cached, so a
    /// later call (with a new meter) continues where this one stopped.
    ///
    /// # Errors
    /// The [`Limit`] that stopped it ([`Meter::spent`] counts the positions
    /// started).
    pub fn value(&mut self, game: &G, meter: &mut Meter) -> Result<Nimber, Limit> {
        let key = game.key();
        if let Some(v) = self.get(&key) {
            return Ok(v);
        }
        meter.tick()?;
        let mut stack = vec![Frame {
            key,
            options: game.options(),
            next: 0,
            sums: Vec::new(),
        }];
        while let Some(top) = stack.last_mut() {
            if top.next == top.options.len() {
                let value = mex(top.sums.iter().copied());
                let done = stack.pop().expect("non-empty stack");
                self.values.insert(done.key, value);
                if stack.is_empty() {
                    return Ok(value);
                }
                continue;
            }
            // Sum the parts of the current option, or descend into the
            // first part whose value is not known yet.
            let mut sum = Nimber::ZERO;
            let mut missing = None;
            for part in &top.options[top.next] {
                let k = part.key();
                match self.values.get(&k) {
                    Some(&v) => sum += v,
                    None => {
                        missing = Some((k, part.options()));
                        break;
                    }
                }
            }
            match missing {
                Some((key, options)) => {
                    meter.tick()?;
                    stack.push(Frame {
                        key,
                        options,
                        next: 0,
                        sums: Vec::new(),
                    });
                }
                None => {
                    top.sums.push(sum);
                    top.next += 1;
                }
            }
        }
        unreachable!("the loop returns when the root frame is popped")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{Limits, StopFlag};
    use std::time::Duration;

    fn value<G: Impartial>(cache: &mut GrundyCache<G>, game: &G) -> Nimber {
        cache
            .value(game, &mut Meter::unlimited())
            .expect("no limit")
    }

    /// Kayles (Dudeney 1908; "Winning Ways", ch. 4): a row of pins; knock
    /// down one pin or two adjacent ones, which may split the row in two.
    #[derive(Clone)]
    struct Kayles(u32);

    impl Impartial for Kayles {
        type Key = u32;
        fn key(&self) -> u32 {
            self.0
        }
        fn options(&self) -> Vec<Vec<Kayles>> {
            let n = self.0;
            let mut out = Vec::new();
            for take in 1..=2u32.min(n) {
                for left in 0..=n - take {
                    let right = n - take - left;
                    let parts = [left, right]
                        .into_iter()
                        .filter(|&r| r > 0)
                        .map(Kayles)
                        .collect();
                    out.push(parts);
                }
            }
            out
        }
    }

    /// Nim on several heaps, as one position (each option lowers one heap).
    #[derive(Clone)]
    struct NimHeaps(Vec<u32>);

    impl Impartial for NimHeaps {
        type Key = Vec<u32>;
        fn key(&self) -> Vec<u32> {
            let mut k = self.0.clone();
            k.sort_unstable();
            k
        }
        fn options(&self) -> Vec<Vec<NimHeaps>> {
            let mut out = Vec::new();
            for (i, &h) in self.0.iter().enumerate() {
                for smaller in 0..h {
                    let mut next = self.0.clone();
                    next[i] = smaller;
                    out.push(vec![NimHeaps(next)]);
                }
            }
            out
        }
    }

    /// A chain of `n` single-option positions: deep enough to overflow a
    /// recursive evaluation's call stack.
    #[derive(Clone)]
    struct Ladder(u32);

    impl Impartial for Ladder {
        type Key = u32;
        fn key(&self) -> u32 {
            self.0
        }
        fn options(&self) -> Vec<Vec<Ladder>> {
            if self.0 == 0 {
                Vec::new()
            } else {
                vec![vec![Ladder(self.0 - 1)]]
            }
        }
    }

    #[test]
    fn kayles_sequence_matches_winning_ways() {
        // "Winning Ways", ch. 4 (Kayles): the nim-values of rows of 0..=11
        // pins, then period 12 from 72 on, with exceptions only below 72.
        let expected = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
        let mut cache = GrundyCache::new();
        for (n, &v) in expected.iter().enumerate() {
            assert_eq!(value(&mut cache, &Kayles(n as u32)), Nimber(v), "K{n}");
        }
        // The periodic part: K(n) = K(n + 12) for n >= 72, with the period
        // 4 1 2 8 1 4 7 2 1 8 2 7 (starting at n = 72).
        let period = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
        for n in 72..120u32 {
            let v = value(&mut cache, &Kayles(n));
            assert_eq!(v, Nimber(period[(n as usize - 72) % 12]), "K{n}");
        }
    }

    #[test]
    fn nim_values_are_nim_sums() {
        // Bouton's theorem (1901): a Nim position's value is the exclusive
        // or of its heap sizes.
        let mut cache = GrundyCache::new();
        for a in 0..5 {
            for b in 0..5 {
                for c in 0..4 {
                    let v = value(&mut cache, &NimHeaps(vec![a, b, c]));
                    assert_eq!(v, Nimber(a) + Nimber(b) + Nimber(c));
                }
            }
        }
    }

    #[test]
    fn deep_games_need_no_deep_recursion() {
        let mut cache = GrundyCache::new();
        // Alternates 0, *, 0, * down the ladder.
        assert_eq!(value(&mut cache, &Ladder(200_000)), Nimber(0));
        assert_eq!(value(&mut cache, &Ladder(99_999)), Nimber(1));
        assert_eq!(cache.len(), 200_001);
    }

    fn nodes(n: u64) -> Meter {
        Meter::new(Limits::nodes(n), None)
    }

    #[test]
    fn limited_evaluation_resumes() {
        // Ladder(n) has n + 1 positions, each valued once.
        let mut cache = GrundyCache::new();
        let mut meter = Meter::unlimited();
        assert_eq!(cache.value(&Ladder(50), &mut meter), Ok(Nimber(0)));
        assert_eq!(meter.spent(), 51);
        let mut meter = nodes(10);
        assert_eq!(cache.value(&Ladder(100), &mut meter), Err(Limit::Nodes));
        assert_eq!(meter.spent(), 10);
        // Ladders 51 to 100 are left; 0 to 50 stay cached.
        let mut meter = nodes(200);
        assert_eq!(cache.value(&Ladder(100), &mut meter), Ok(Nimber(0)));
        assert_eq!(meter.spent(), 50);
        let mut meter = nodes(0);
        assert_eq!(cache.value(&Ladder(100), &mut meter), Ok(Nimber(0)));
        assert_eq!(meter.spent(), 0);
    }

    #[test]
    fn a_set_flag_stops_the_evaluation() {
        let stop = StopFlag::new();
        stop.stop();
        let mut meter = Meter::new(Limits::NONE, Some(&stop));
        let mut cache = GrundyCache::new();
        assert_eq!(cache.value(&Kayles(30), &mut meter), Err(Limit::Interrupt));
        assert_eq!(cache.len(), 0);
        let mut meter = Meter::new(Limits::time(Duration::ZERO), None);
        assert_eq!(cache.value(&Kayles(30), &mut meter), Err(Limit::Time));
    }

    #[test]
    fn mex_skips_present_values() {
        assert_eq!(mex([]), Nimber(0));
        assert_eq!(mex([Nimber(0), Nimber(2)]), Nimber(1));
        assert_eq!(mex((0..64).map(Nimber)), Nimber(64));
        assert_eq!(mex((0..70).rev().map(Nimber)), Nimber(70));
        assert_eq!(Nimber(2).to_string(), "*2");
        assert_eq!(Nimber(1).to_string(), "*");
        assert_eq!(
            [Nimber(1), Nimber(3)].into_iter().sum::<Nimber>(),
            Nimber(2)
        );
    }
}
