//! How a game engine hands its positions to the value layer.
//!
//! An engine implements [`PartizanPosition`] for its position type (the
//! options of each player, and optionally a split into independent
//! components); a [`CanonicalEvaluator`] then computes canonical forms in an
//! [`Arena`], remembering every position it has valued in a transposition
//! table so that each one is valued once.

use std::hash::Hash;
use std::time::Instant;

use hashbrown::HashMap;

use crate::budget::{Limit, Limits, StopFlag};
use crate::{Arena, CgtError, Dyadic, GameId, ProgressSink};

/// A position of a short partizan game (finite, no cycles).
///
/// Left is the positive player (Black in Amazons, by the convention of the
/// architecture docs). `Eq` and `Hash` key the transposition table: an
/// engine that wants symmetric positions to share an entry should normalise
/// them (e.g. store the least of the symmetric images) before handing them
/// over, or make `Eq`/`Hash` symmetry-blind.
pub trait PartizanPosition: Clone + Eq + Hash {
    /// The positions Left can move to.
    fn left_options(&self) -> Vec<Self>;

    /// The positions Right can move to.
    fn right_options(&self) -> Vec<Self>;

    /// Independent components whose sum is this position (a disjunctive
    /// sum), or `None` if it does not split. Returning a single component
    /// equal to `self` is treated as `None`.
    fn decompose(&self) -> Option<Vec<Self>> {
        None
    }

    /// The value of this position if the engine knows it is a number without
    /// a search (for example an Amazons territory, worth its owner's move
    /// count); `None` (the default) lets the evaluator search the options.
    fn known_number(&self) -> Option<Dyadic> {
        None
    }
}

/// Counters of a [`CanonicalEvaluator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvaluatorStats {
    /// Positions found in the table.
    pub hits: u64,
    /// Positions valued from their options or components.
    pub misses: u64,
}

/// Computes canonical forms of positions, with a transposition table.
///
/// The table maps positions to ids of one arena: use an evaluator with the
/// same arena every time (one arena and one evaluator per thread).
///
/// ```
/// use cgt::budget::Limits;
/// use cgt::{Arena, CanonicalEvaluator, PartizanPosition};
///
/// /// A heap of n tokens from which either player removes one or two: *(n mod 3).
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Heap(u32);
/// impl PartizanPosition for Heap {
///     fn left_options(&self) -> Vec<Heap> {
///         (1..=2).filter(|&k| k <= self.0).map(|k| Heap(self.0 - k)).collect()
///     }
///     fn right_options(&self) -> Vec<Heap> {
///         self.left_options()
///     }
/// }
///
/// let mut arena = Arena::new();
/// let mut eval = CanonicalEvaluator::new();
/// let g = eval.evaluate(&mut arena, &Heap(10), Limits::NONE, &()).unwrap();
/// assert_eq!(arena.to_string(g), "*");
/// ```
#[derive(Debug)]
pub struct CanonicalEvaluator<P> {
    table: HashMap<P, GameId>,
    stats: EvaluatorStats,
    /// The limits of the current [`CanonicalEvaluator::evaluate`]:
    /// the most misses, the deadline.
    limit: Option<(u64, Option<Instant>)>,
    /// The most bytes the table and the arena may take
    /// ([`CanonicalEvaluator::set_memory_limit`]).
    max_bytes: Option<usize>,
    /// Stops [`CanonicalEvaluator::evaluate`] when set.
    stop: Option<StopFlag>,
}

impl<P: PartizanPosition> Default for CanonicalEvaluator<P> {
    fn default() -> Self {
        CanonicalEvaluator::new()
    }
}

impl<P: PartizanPosition> CanonicalEvaluator<P> {
    /// An evaluator with an empty table.
    pub fn new() -> Self {
        CanonicalEvaluator {
            table: HashMap::new(),
            stats: EvaluatorStats::default(),
            limit: None,
            max_bytes: None,
            stop: None,
        }
    }

    /// Bounds the memory of later [`CanonicalEvaluator::evaluate`]
    /// calls: the call stops with [`Limit::Memory`] once the table and
    /// the arena take about `bytes` (see [`CanonicalEvaluator::memory_bytes`];
    /// looked at every 256 positions valued), or before the table grows
    /// past it (growing allocates the table twice over while the old one
    /// is moved). `None`: no bound.
    pub fn set_memory_limit(&mut self, bytes: Option<usize>) {
        self.max_bytes = bytes;
    }

    /// About how many bytes the table and `arena` take (by capacity).
    pub fn memory_bytes(&self, arena: &Arena) -> usize {
        self.table_bytes() + arena.memory_bytes()
    }

    fn table_bytes(&self) -> usize {
        self.table.capacity() * (std::mem::size_of::<(P, GameId)>() + 1)
    }

    /// Adds `position` to the table; under a memory bound, first stops if
    /// the table is full and growing it would pass the bound.
    fn insert(&mut self, arena: &Arena, position: &P, value: GameId) -> Result<(), CgtError> {
        if self.limit.is_some() && self.table.len() >= self.table.capacity() {
            let peak = self.memory_bytes(arena) + 2 * self.table_bytes().max(1 << 10);
            if self.max_bytes.is_some_and(|max| peak > max) {
                return Err(CgtError::LimitReached {
                    limit: Limit::Memory,
                    positions: self.stats.misses,
                });
            }
        }
        self.table.insert(position.clone(), value);
        Ok(())
    }

    /// A flag that stops later [`CanonicalEvaluator::evaluate`]
    /// calls with [`Limit::Interrupt`] once set (Ctrl-C).
    pub fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
    }

    /// The canonical form of `position` within `limits` (the node limit
    /// counts positions valued, not found in the table), reporting one unit
    /// of progress per position valued. With [`Limits::NONE`], no stop flag
    /// and no memory bound it stops only if a value leaves the representable
    /// range.
    ///
    /// # Errors
    /// [`CgtError::LimitReached`] when a limit stops it (the positions
    /// valued so far stay in the table), or another [`CgtError`] if a value
    /// leaves the representable range.
    pub fn evaluate(
        &mut self,
        arena: &mut Arena,
        position: &P,
        limits: Limits,
        progress: &dyn ProgressSink,
    ) -> Result<GameId, CgtError> {
        let start = Instant::now();
        self.limit = Some((
            self.stats
                .misses
                .saturating_add(limits.nodes.unwrap_or(u64::MAX)),
            limits.time.map(|t| start + t),
        ));
        let before = self.stats.misses;
        progress.start("positions", 0);
        let result = self.evaluate_reporting(arena, position, progress);
        progress.finish();
        self.limit = None;
        result.map_err(|e| match e {
            CgtError::LimitReached { limit, .. } => CgtError::LimitReached {
                limit,
                positions: self.stats.misses - before,
            },
            other => other,
        })
    }

    /// Stops with [`CgtError::LimitReached`] when a limit is reached.
    fn check_limits(&self, arena: &Arena) -> Result<(), CgtError> {
        let Some((max, deadline)) = self.limit else {
            return Ok(());
        };
        let limit = if self.stats.misses >= max {
            Limit::Nodes
        } else if self.stats.misses % 256 != 0 {
            return Ok(());
        } else if self.stop.as_ref().is_some_and(StopFlag::is_stopped) {
            Limit::Interrupt
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            Limit::Time
        } else if self
            .max_bytes
            .is_some_and(|max| self.memory_bytes(arena) >= max)
        {
            Limit::Memory
        } else {
            return Ok(());
        };
        Err(CgtError::LimitReached {
            limit,
            positions: self.stats.misses,
        })
    }

    fn evaluate_reporting(
        &mut self,
        arena: &mut Arena,
        position: &P,
        progress: &dyn ProgressSink,
    ) -> Result<GameId, CgtError> {
        if let Some(&g) = self.table.get(position) {
            self.stats.hits += 1;
            return Ok(g);
        }
        self.check_limits(arena)?;
        self.stats.misses += 1;
        progress.advance(1);
        if let Some(x) = position.known_number() {
            let value = arena.dyadic(x);
            self.insert(arena, position, value)?;
            return Ok(value);
        }
        let value = match position.decompose() {
            Some(parts) if !(parts.len() == 1 && parts[0] == *position) => {
                let mut sum = arena.zero();
                for part in &parts {
                    let v = self.evaluate_reporting(arena, part, progress)?;
                    sum = arena.add(sum, v)?;
                }
                sum
            }
            _ => {
                let mut left = Vec::new();
                for option in position.left_options() {
                    left.push(self.evaluate_reporting(arena, &option, progress)?);
                }
                let mut right = Vec::new();
                for option in position.right_options() {
                    right.push(self.evaluate_reporting(arena, &option, progress)?);
                }
                arena.new_game(&left, &right)?
            }
        };
        self.insert(arena, position, value)?;
        Ok(value)
    }

    /// The value stored for `position`, if it has been valued.
    pub fn get(&self, position: &P) -> Option<GameId> {
        self.table.get(position).copied()
    }

    /// How many positions are in the table.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Hit and miss counts.
    pub fn stats(&self) -> EvaluatorStats {
        self.stats
    }

    /// Empties the table (keep doing so with the arena's own caches if memory
    /// is tight; the arena's games stay).
    pub fn clear(&mut self) {
        self.table.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Toy Hackenbush-like game: a row of `n` Left edges then `m` Right edges
    /// stacked on the ground as separate stalks; decomposes into stalks.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Stalks(Vec<i32>);

    impl PartizanPosition for Stalks {
        fn left_options(&self) -> Vec<Self> {
            self.moves(true)
        }
        fn right_options(&self) -> Vec<Self> {
            self.moves(false)
        }
        fn decompose(&self) -> Option<Vec<Self>> {
            (self.0.len() > 1).then(|| self.0.iter().map(|&s| Stalks(vec![s])).collect())
        }
    }

    impl Stalks {
        /// A stalk k > 0 is k blue edges (Left removes one, any height), k < 0 red.
        fn moves(&self, left: bool) -> Vec<Self> {
            let mut out = Vec::new();
            for (i, &s) in self.0.iter().enumerate() {
                if (left && s > 0) || (!left && s < 0) {
                    for cut in 0..s.abs() {
                        let mut next = self.0.clone();
                        next[i] = if s > 0 { cut } else { -cut };
                        out.push(Stalks(next));
                    }
                }
            }
            out
        }
    }

    #[test]
    fn integers_by_sum_and_by_tree_agree() {
        let mut arena = Arena::new();
        let mut eval = CanonicalEvaluator::new();
        let g = eval
            .evaluate(&mut arena, &Stalks(vec![3, -1, 2]), Limits::NONE, &())
            .unwrap();
        assert_eq!(g, arena.integer(4));
        assert!(eval.stats().hits > 0 || eval.stats().misses > 0);
        assert_eq!(eval.get(&Stalks(vec![3])), Some(arena.integer(3)));
    }
}
