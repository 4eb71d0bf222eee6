//! The hash-consed arena of canonical forms.
//!
//! Every game in an [`Arena`] is stored once, in canonical form, and named by
//! a [`GameId`]; two games are equal exactly when their ids are. The arena
//! also caches sums, negations and comparisons by id.
//!
//! Representation: a number-up-star value (`x + n.^ + *m`, see
//! [`Nus`]) is stored as that triple, and its options are made only when
//! someone asks for them (so `2^40` costs one entry, not 2^40). Every other
//! game is stored as its sorted, deduplicated lists of canonical Left and
//! Right options, found in the index by hashing the two lists.

use std::cmp::Ordering;

use hashbrown::{DefaultHashBuilder, HashMap, HashTable};

use crate::budget::{Limits, Meter, StopFlag};
use crate::{CgtError, Dyadic, Nus, Outcome, Relation};

/// The deepest game the arena builds or adds, in levels of play that its
/// operations recurse through (see [`Arena::depth`]).
///
/// Sums, comparisons, canonical forms and printing recurse once per level,
/// so this bounds their stack: about 2 MiB of stack per 1,000 levels is
/// enough in an optimised build. Deeper games are refused with
/// [`CgtError::TooDeep`], never cut short.
pub const MAX_DEPTH: u64 = 2000;

/// The largest nimber `*m` that is expanded into its `m` options to be
/// added to, or stand as an option of, a game that is not number-up-star
/// (the work grows as a power of `m`); larger ones are refused with
/// [`CgtError::NimberTooLarge`]. Sums and comparisons of number-up-star
/// values, and their thermographs, take any size.
pub const MAX_EXPANDED_NIMBER: u32 = 256;

/// The name of a game value in an [`Arena`]: equal values have equal ids.
///
/// Ids are only meaningful in the arena that made them (see
/// [`Arena::import`] to move a value to another arena). Their order is the
/// order of creation, not an order of games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(u32);

impl GameId {
    /// The position of this game in its arena (creation order).
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One canonical game.
struct Node {
    /// `Some` for number-up-star values.
    nus: Option<Nus>,
    /// Canonical Left options, sorted by id; `None` until made (nus only).
    left: Option<Box<[GameId]>>,
    /// Canonical Right options, sorted by id; `None` until made (nus only).
    right: Option<Box<[GameId]>>,
    birthday: u64,
    /// The levels operations recurse through: 0 for numbers (never
    /// expanded, by number avoidance), the birthday of the infinitesimal
    /// part for other number-up-star values, else 1 + the deepest option.
    depth: u64,
    left_stop: Dyadic,
    right_stop: Dyadic,
    /// Hash of the option lists (general games only), kept for rehashing.
    hash: u64,
}

/// Which player's options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Left,
    Right,
}

/// A hash-consing store of canonical short games with cached operations.
///
/// All operations take `&mut self`, because even a comparison may fill a
/// cache or make the options of a number-up-star value. For threads, use one
/// arena per thread (an `Arena` is `Send`); move values between arenas with
/// [`Arena::import`] or through their printed form.
///
/// # Panics
///
/// An arena holds at most 2^32 games; making more panics.
///
/// ```
/// use cgt::{Arena, Relation};
/// let mut arena = Arena::new();
/// let g = arena.parse("{0|^}").unwrap();
/// assert_eq!(arena.display(g).to_string(), "^2*");
/// let h = arena.parse("{2|1} + {2|1}").unwrap();
/// assert_eq!(h, arena.integer(3));
/// let star = arena.nimber(1);
/// assert_eq!(arena.compare(g, star), Relation::Greater);
/// ```
pub struct Arena {
    nodes: Vec<Node>,
    nus_index: HashMap<Nus, GameId>,
    general_index: HashTable<GameId>,
    hasher: DefaultHashBuilder,
    sum_cache: HashMap<(GameId, GameId), GameId>,
    neg_cache: HashMap<GameId, GameId>,
    leq_cache: HashMap<(GameId, GameId), bool>,
    /// The option ids stored in the nodes (for [`Arena::memory_bytes`]).
    option_ids: usize,
    work: Work,
}

/// The steps an arena has taken and the limits on them
/// ([`Arena::set_limits`]): `before` steps before the limits were set, and
/// the meter of the steps since.
#[derive(Clone, Debug)]
struct Work {
    before: u64,
    meter: Meter,
}

impl Work {
    fn steps(&self) -> u64 {
        self.before + self.meter.spent()
    }

    /// Work from `before` steps on, with no limit.
    fn unlimited(before: u64) -> Work {
        Work {
            before,
            meter: Meter::unlimited(),
        }
    }
}

impl Default for Arena {
    fn default() -> Self {
        Arena::new()
    }
}

impl std::fmt::Debug for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Arena")
            .field("games", &self.nodes.len())
            .finish_non_exhaustive()
    }
}

/// Memo of comparisons against one not-yet-interned game `P` during a
/// canonicalisation: key `(x, true)` is `x <= P`, `(x, false)` is `P <= x`.
/// The value of `P` does not change while its options are simplified, so the
/// memo stays valid for the whole canonicalisation.
type PendingMemo = HashMap<(GameId, bool), bool>;

/// Outcome of trying to read a canonical option pair as numbers only.
enum NumberShortcut {
    /// Not all options are numbers.
    No,
    /// The game is this value.
    Value(GameId),
}

impl Arena {
    /// An empty arena (holding only 0).
    pub fn new() -> Arena {
        let mut arena = Arena {
            nodes: Vec::new(),
            nus_index: HashMap::new(),
            general_index: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
            sum_cache: HashMap::new(),
            neg_cache: HashMap::new(),
            leq_cache: HashMap::new(),
            option_ids: 0,
            work: Work::unlimited(0),
        };
        let zero = arena.from_nus(Nus::ZERO);
        debug_assert_eq!(zero, GameId(0));
        arena
    }

    /// How many distinct games the arena holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena holds only 0 (it never holds less).
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// Bounds the work of later operations. The steps counted are the sums
    /// of two games that are not both number-up-star values (what grows
    /// without bound on short input: a sum of n switches has up to 2^n
    /// positions) and the comparisons that look at options (neither cached
    /// nor decided by stops or number-up-star values; canonical forms make
    /// them, and a comparison of two deep games makes many). Parsing, sums,
    /// canonical forms, [`Arena::checked_compare`] and everything built on
    /// them fail with [`CgtError::LimitReached`] (limit [`Limit::Nodes`](crate::budget::Limit::Nodes), [`Limit::Time`](crate::budget::Limit::Time)
    /// or [`Limit::Interrupt`](crate::budget::Limit::Interrupt)) past `limits.nodes` such steps, after
    /// `limits.time` from now, or once `stop` is set; the time and the flag
    /// are looked at every [`CHECK_EVERY`](crate::budget::CHECK_EVERY) comparisons and at every sum.
    /// Other work on the arena's games (thermographs) is counted by
    /// [`Arena::count_step`].
    /// Games built so far stay valid, and nothing half computed is cached.
    /// [`Arena::leq`] and [`Arena::compare`] are not bounded.
    pub fn set_limits(&mut self, limits: Limits, stop: Option<StopFlag>) {
        self.work = Work {
            before: self.steps(),
            meter: Meter::new(limits, stop.as_ref()),
        };
    }

    /// The steps [`Arena::set_limits`] counts taken so far: sums of games
    /// that are not both number-up-star values, and comparisons that looked
    /// at options.
    pub fn steps(&self) -> u64 {
        self.work.steps()
    }

    /// Counts one step of other work on the arena's games (a thermograph
    /// computed, say) against the limits of [`Arena::set_limits`].
    ///
    /// # Errors
    /// [`CgtError::LimitReached`] when a limit is reached.
    pub fn count_step(&mut self) -> Result<(), CgtError> {
        self.charge(false)
    }

    /// Counts one step (a general sum if `sum`, else a comparison); fails
    /// if a limit is reached. The clock and the stop flag are read at every
    /// sum and every [`CHECK_EVERY`](crate::budget::CHECK_EVERY) comparisons.
    fn charge(&mut self, sum: bool) -> Result<(), CgtError> {
        let meter = &mut self.work.meter;
        let counted = meter
            .tick()
            .and_then(|()| if sum { meter.check() } else { Ok(()) });
        counted.map_err(|limit| CgtError::LimitReached {
            limit,
            positions: self.work.steps(),
        })
    }

    /// About how many bytes the arena takes: its games (nodes and option
    /// lists) and the tables and caches indexing them, counted by capacity
    /// (not the allocator's own overhead).
    pub fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        // A hash table entry takes its size plus one control byte.
        fn table<K, V>(capacity: usize) -> usize {
            capacity * (size_of::<(K, V)>() + 1)
        }
        self.nodes.capacity() * size_of::<Node>()
            + self.option_ids * size_of::<GameId>()
            + table::<Nus, GameId>(self.nus_index.capacity())
            + table::<GameId, ()>(self.general_index.capacity())
            + table::<(GameId, GameId), GameId>(self.sum_cache.capacity())
            + table::<GameId, GameId>(self.neg_cache.capacity())
            + table::<(GameId, GameId), bool>(self.leq_cache.capacity())
    }

    /// Empties the operation caches (sums, negations, comparisons); the games
    /// and their ids stay.
    pub fn clear_caches(&mut self) {
        self.sum_cache.clear();
        self.neg_cache.clear();
        self.leq_cache.clear();
    }

    fn node(&self, g: GameId) -> &Node {
        &self.nodes[g.index()]
    }

    // ----- constructors ---------------------------------------------------

    /// The game 0 = `{|}`.
    pub const fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i32) -> GameId {
        self.from_nus(Nus::number(Dyadic::from_i32(n)))
    }

    /// The number `x`.
    pub fn dyadic(&mut self, x: Dyadic) -> GameId {
        self.from_nus(Nus::number(x))
    }

    /// The nimber `*n`.
    pub fn nimber(&mut self, n: u32) -> GameId {
        self.from_nus(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nimber: n,
        })
    }

    /// `n.^` (up for n = 1, down for n = -1); fails only for `i32::MIN`.
    pub fn up_multiple(&mut self, n: i32) -> Result<GameId, CgtError> {
        Ok(self.from_nus(Nus::new(Dyadic::ZERO, n, 0)?))
    }

    /// The game `x + n.^ + *m`.
    pub fn from_nus(&mut self, nus: Nus) -> GameId {
        if let Some(&id) = self.nus_index.get(&nus) {
            return id;
        }
        let id = self.push(Node {
            nus: Some(nus),
            left: None,
            right: None,
            birthday: nus.birthday(),
            depth: nus.birthday() - nus.number.birthday(),
            left_stop: nus.number,
            right_stop: nus.number,
            hash: 0,
        });
        self.nus_index.insert(nus, id);
        id
    }

    fn push(&mut self, node: Node) -> GameId {
        let id =
            GameId(u32::try_from(self.nodes.len()).expect("more than 2^32 games in one arena"));
        self.nodes.push(node);
        id
    }

    /// The canonical form of `{left | right}`, for any options (dominated and
    /// reversible ones are removed and bypassed).
    ///
    /// Fails with [`CgtError::TooDeep`] if the game would be deeper than
    /// [`MAX_DEPTH`], and with [`CgtError::NimberTooLarge`] if an option has
    /// a nimber above [`MAX_EXPANDED_NIMBER`].
    pub fn new_game(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, CgtError> {
        let mut deepest = 0;
        for &o in left.iter().chain(right) {
            self.check_expandable(o)?;
            deepest = deepest.max(self.depth(o));
        }
        Self::check_depth(deepest + 1)?;
        let mut l = left.to_vec();
        let mut r = right.to_vec();
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        self.canonicalize(l, r)
    }

    // ----- accessors -------------------------------------------------------

    /// The canonical Left options of `g`, in id order.
    pub fn left_options(&mut self, g: GameId) -> &[GameId] {
        self.materialize(g);
        self.node(g).left.as_deref().unwrap_or_default()
    }

    /// The canonical Right options of `g`, in id order.
    pub fn right_options(&mut self, g: GameId) -> &[GameId] {
        self.materialize(g);
        self.node(g).right.as_deref().unwrap_or_default()
    }

    /// The canonical options of both players of `g`, Left's first.
    pub(crate) fn all_options(&mut self, g: GameId) -> Vec<GameId> {
        let mut options = self.left_options(g).to_vec();
        options.extend_from_slice(self.right_options(g));
        options
    }

    /// The canonical form of `{f(G^L, true) | f(G^R, false)}`: each
    /// canonical option of `g` mapped by `f` (told whether it is Left's),
    /// the frame of the operations that make a game from a game's options
    /// (cooling, heating, projections).
    pub(crate) fn map_options(
        &mut self,
        g: GameId,
        mut f: impl FnMut(&mut Arena, GameId, bool) -> Result<GameId, CgtError>,
    ) -> Result<GameId, CgtError> {
        let (lefts, rights) = (
            self.left_options(g).to_vec(),
            self.right_options(g).to_vec(),
        );
        let mut l = Vec::with_capacity(lefts.len());
        for o in lefts {
            l.push(f(self, o, true)?);
        }
        let mut r = Vec::with_capacity(rights.len());
        for o in rights {
            r.push(f(self, o, false)?);
        }
        self.new_game(&l, &r)
    }

    /// The options of `g` if they are already made (always for games that
    /// are not number-up-star); used where `&mut self` is not available.
    pub(crate) fn options_if_made(&self, g: GameId) -> Option<(&[GameId], &[GameId])> {
        let node = self.node(g);
        Some((node.left.as_deref()?, node.right.as_deref()?))
    }

    /// The number `g` equals, if it is a number.
    pub fn number(&self, g: GameId) -> Option<Dyadic> {
        self.node(g).nus.filter(|n| n.is_number()).map(|n| n.number)
    }

    /// Whether `g` is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.number(g).is_some()
    }

    /// `g` as `x + n.^ + *m`, if it is of that form.
    pub fn as_nus(&self, g: GameId) -> Option<Nus> {
        self.node(g).nus
    }

    /// The birthday of `g` (the height of its canonical game tree).
    pub fn birthday(&self, g: GameId) -> u64 {
        self.node(g).birthday
    }

    /// The levels of play that operations on `g` recurse through: 0 for a
    /// number, the birthday of the infinitesimal part for the other
    /// number-up-star values (`*m` has depth m, `^n` about n), else one more
    /// than its deepest option. At most [`MAX_DEPTH`] for games that are not
    /// number-up-star.
    pub fn depth(&self, g: GameId) -> u64 {
        self.node(g).depth
    }

    fn check_depth(depth: u64) -> Result<(), CgtError> {
        if depth > MAX_DEPTH {
            return Err(CgtError::TooDeep {
                depth,
                limit: MAX_DEPTH,
            });
        }
        Ok(())
    }

    /// Whether `g` may be expanded into its options to be combined with a
    /// game that is not number-up-star: not deeper than [`MAX_DEPTH`] and no
    /// nimber above [`MAX_EXPANDED_NIMBER`].
    fn check_expandable(&self, g: GameId) -> Result<(), CgtError> {
        if let Some(nus) = self.as_nus(g) {
            if nus.nimber > MAX_EXPANDED_NIMBER {
                return Err(CgtError::NimberTooLarge {
                    nimber: nus.nimber,
                    limit: MAX_EXPANDED_NIMBER,
                });
            }
        }
        Self::check_depth(self.depth(g))
    }

    /// The Left stop of `g`: where play ends if Left starts and both play
    /// until a number is reached.
    pub fn left_stop(&self, g: GameId) -> Dyadic {
        self.node(g).left_stop
    }

    /// The Right stop of `g`.
    pub fn right_stop(&self, g: GameId) -> Dyadic {
        self.node(g).right_stop
    }

    /// Makes the options of a number-up-star node.
    fn materialize(&mut self, g: GameId) {
        if self.node(g).left.is_some() {
            return;
        }
        let nus = self
            .node(g)
            .nus
            .expect("only number-up-star nodes lack options");
        // The options of a representable value are representable: they move
        // its number by at most its own last binary digit and its up
        // multiple towards zero.
        let left = nus
            .left_options()
            .expect("options of a number-up-star value are in range");
        let right = nus
            .right_options()
            .expect("options of a number-up-star value are in range");
        let mut left: Vec<GameId> = left.into_iter().map(|n| self.from_nus(n)).collect();
        let mut right: Vec<GameId> = right.into_iter().map(|n| self.from_nus(n)).collect();
        left.sort_unstable();
        right.sort_unstable();
        self.option_ids += left.len() + right.len();
        let node = &mut self.nodes[g.index()];
        node.left = Some(left.into_boxed_slice());
        node.right = Some(right.into_boxed_slice());
    }

    fn option_count(&mut self, g: GameId, side: Side) -> usize {
        self.materialize(g);
        self.option_list(g, side).len()
    }

    /// The options on one side; the node must be materialized.
    fn option_list(&self, g: GameId, side: Side) -> &[GameId] {
        let node = self.node(g);
        match side {
            Side::Left => node.left.as_deref(),
            Side::Right => node.right.as_deref(),
        }
        .expect("materialized")
    }

    fn option_at(&self, g: GameId, side: Side, i: usize) -> GameId {
        self.option_list(g, side)[i]
    }

    // ----- interning of general games -------------------------------------

    /// Interns a game already known to be canonical and not number-up-star,
    /// with sorted, deduplicated option lists.
    fn intern_general(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        debug_assert!(left.windows(2).all(|w| w[0] < w[1]));
        debug_assert!(right.windows(2).all(|w| w[0] < w[1]));
        let hash = self.hasher_hash(&left, &right);
        let nodes = &self.nodes;
        if let Some(&id) = self.general_index.find(hash, |&id| {
            let n = &nodes[id.index()];
            n.left.as_deref() == Some(&left[..]) && n.right.as_deref() == Some(&right[..])
        }) {
            return id;
        }
        let birthday = 1 + left
            .iter()
            .chain(&right)
            .map(|&o| self.birthday(o))
            .max()
            .unwrap_or(0);
        let depth = 1 + left
            .iter()
            .chain(&right)
            .map(|&o| self.depth(o))
            .max()
            .unwrap_or(0);
        // A canonical game that is not a number has options on both sides.
        let left_stop = left
            .iter()
            .map(|&o| self.right_stop(o))
            .max()
            .expect("a game that is not a number has Left options");
        let right_stop = right
            .iter()
            .map(|&o| self.left_stop(o))
            .min()
            .expect("a game that is not a number has Right options");
        self.option_ids += left.len() + right.len();
        let id = self.push(Node {
            nus: None,
            left: Some(left.into_boxed_slice()),
            right: Some(right.into_boxed_slice()),
            birthday,
            depth,
            left_stop,
            right_stop,
            hash,
        });
        let nodes = &self.nodes;
        self.general_index
            .insert_unique(hash, id, |&other| nodes[other.index()].hash);
        id
    }

    fn hasher_hash(&self, left: &[GameId], right: &[GameId]) -> u64 {
        use std::hash::BuildHasher;
        self.hasher.hash_one((left, right))
    }

    // ----- canonical forms ----------------------------------------------

    /// Canonical form of `{l | r}` with canonical, sorted, deduplicated
    /// options.
    fn canonicalize(&mut self, mut l: Vec<GameId>, mut r: Vec<GameId>) -> Result<GameId, CgtError> {
        if let NumberShortcut::Value(id) = self.number_shortcut(&l, &r)? {
            return Ok(id);
        }
        let mut memo = PendingMemo::new();
        loop {
            self.remove_dominated(&mut l, Side::Left)?;
            self.remove_dominated(&mut r, Side::Right)?;
            let changed_left = self.bypass_reversible(&mut l, &r, Side::Left, &mut memo)?;
            let changed_right = {
                let l_now = l.clone();
                self.bypass_reversible(&mut r, &l_now, Side::Right, &mut memo)?
            };
            if !changed_left && !changed_right {
                break;
            }
        }
        self.intern_reduced(l, r)
    }

    /// If every option is a number, the value directly: the simplest number
    /// between (`max L < min R`), `x*` (`max L = min R = x`), or the switch
    /// `{max L | min R}` (which is canonical).
    fn number_shortcut(&mut self, l: &[GameId], r: &[GameId]) -> Result<NumberShortcut, CgtError> {
        let mut best_left: Option<(Dyadic, GameId)> = None;
        for &o in l {
            let Some(x) = self.number(o) else {
                return Ok(NumberShortcut::No);
            };
            if best_left.is_none_or_less(x) {
                best_left = Some((x, o));
            }
        }
        let mut best_right: Option<(Dyadic, GameId)> = None;
        for &o in r {
            let Some(x) = self.number(o) else {
                return Ok(NumberShortcut::No);
            };
            if best_right.is_none_or_greater(x) {
                best_right = Some((x, o));
            }
        }
        let id = match (best_left, best_right) {
            (Some((a, ga)), Some((b, gb))) => match a.cmp(&b) {
                Ordering::Less => self.dyadic(Dyadic::simplest_between(Some(a), Some(b))?),
                Ordering::Equal => self.from_nus(Nus {
                    number: a,
                    ups: 0,
                    nimber: 1,
                }),
                Ordering::Greater => self.intern_general(vec![ga], vec![gb]),
            },
            (a, b) => self.dyadic(Dyadic::simplest_between(a.map(|p| p.0), b.map(|p| p.0))?),
        };
        Ok(NumberShortcut::Value(id))
    }

    /// Removes dominated options: a Left option `a` with `a <= b` for another
    /// Left option `b`; a Right option `a` with `a >= b`.
    fn remove_dominated(&mut self, opts: &mut Vec<GameId>, side: Side) -> Result<(), CgtError> {
        if opts.len() < 2 {
            return Ok(());
        }
        let mut keep = vec![true; opts.len()];
        for i in 0..opts.len() {
            if !keep[i] {
                continue;
            }
            for j in 0..opts.len() {
                if i == j || !keep[j] {
                    continue;
                }
                let dominated = match side {
                    Side::Left => self.try_leq(opts[i], opts[j])?,
                    Side::Right => self.try_leq(opts[j], opts[i])?,
                };
                if dominated {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = 0;
        opts.retain(|_| {
            k += 1;
            keep[k - 1]
        });
        Ok(())
    }

    /// Bypasses reversible options on one side of `P = {l | r}` (`opts` is
    /// that side, `other` the other side). A Left option `a` is reversible
    /// through a Right option `a^R <= P`, and is replaced by the Left options
    /// of `a^R`; symmetrically for Right. Returns whether anything changed.
    fn bypass_reversible(
        &mut self,
        opts: &mut Vec<GameId>,
        other: &[GameId],
        side: Side,
        memo: &mut PendingMemo,
    ) -> Result<bool, CgtError> {
        let (pl, pr): (Vec<GameId>, Vec<GameId>) = match side {
            Side::Left => (opts.clone(), other.to_vec()),
            Side::Right => (other.to_vec(), opts.clone()),
        };
        let reply_side = match side {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        };
        let mut changed = false;
        let mut result = Vec::with_capacity(opts.len());
        for &a in opts.iter() {
            let mut reversed_through = None;
            for i in 0..self.option_count(a, reply_side) {
                let reply = self.option_at(a, reply_side, i);
                let reverses = match side {
                    Side::Left => self.leq_pending(reply, &pl, &pr, memo)?,
                    Side::Right => self.geq_pending(reply, &pl, &pr, memo)?,
                };
                if reverses {
                    reversed_through = Some(reply);
                    break;
                }
            }
            match reversed_through {
                None => result.push(a),
                Some(reply) => {
                    changed = true;
                    for j in 0..self.option_count(reply, side) {
                        result.push(self.option_at(reply, side, j));
                    }
                }
            }
        }
        if changed {
            result.sort_unstable();
            result.dedup();
            *opts = result;
        }
        Ok(changed)
    }

    /// `x <= P` for `P = {pl | pr}`: no `x^L >= P` and no `P^R <= x`.
    fn leq_pending(
        &mut self,
        x: GameId,
        pl: &[GameId],
        pr: &[GameId],
        memo: &mut PendingMemo,
    ) -> Result<bool, CgtError> {
        if let Some(&v) = memo.get(&(x, true)) {
            return Ok(v);
        }
        self.charge(false)?;
        let mut result = true;
        for &p in pr {
            if self.try_leq(p, x)? {
                result = false;
                break;
            }
        }
        if result {
            for i in 0..self.option_count(x, Side::Left) {
                let xl = self.option_at(x, Side::Left, i);
                if self.geq_pending(xl, pl, pr, memo)? {
                    result = false;
                    break;
                }
            }
        }
        memo.insert((x, true), result);
        Ok(result)
    }

    /// `P <= y` for `P = {pl | pr}`: no `P^L >= y` and no `y^R <= P`.
    fn geq_pending(
        &mut self,
        y: GameId,
        pl: &[GameId],
        pr: &[GameId],
        memo: &mut PendingMemo,
    ) -> Result<bool, CgtError> {
        if let Some(&v) = memo.get(&(y, false)) {
            return Ok(v);
        }
        self.charge(false)?;
        let mut result = true;
        for &p in pl {
            if self.try_leq(y, p)? {
                result = false;
                break;
            }
        }
        if result {
            for i in 0..self.option_count(y, Side::Right) {
                let yr = self.option_at(y, Side::Right, i);
                if self.leq_pending(yr, pl, pr, memo)? {
                    result = false;
                    break;
                }
            }
        }
        memo.insert((y, false), result);
        Ok(result)
    }

    /// Interns `{l | r}` whose options are canonical and have no dominated or
    /// reversible options, recognising numbers and number-up-star forms.
    fn intern_reduced(&mut self, l: Vec<GameId>, r: Vec<GameId>) -> Result<GameId, CgtError> {
        if let NumberShortcut::Value(id) = self.number_shortcut(&l, &r)? {
            return Ok(id);
        }
        if let Some(nus) = self.recognize_nus(&l, &r)? {
            let id = self.from_nus(nus);
            debug_assert!({
                self.materialize(id);
                self.option_list(id, Side::Left) == &l[..]
                    && self.option_list(id, Side::Right) == &r[..]
            });
            return Ok(id);
        }
        Ok(self.intern_general(l, r))
    }

    /// Recognises the canonical forms of `x*m` (m >= 2), `x^*`, `xv*` and
    /// `x + n.^ + *m` (|n| >= 1) from canonical, reduced option lists (the
    /// forms are listed in the [`nus`](crate::nus) module docs).
    fn recognize_nus(&self, l: &[GameId], r: &[GameId]) -> Result<Option<Nus>, CgtError> {
        let nus_of = |g: GameId| self.as_nus(g);
        // x*m: both sides {x, x*, .., x*(m-1)}.
        if l == r && !l.is_empty() {
            let all: Option<Vec<Nus>> = l.iter().map(|&g| nus_of(g)).collect();
            if let Some(mut all) = all {
                let x = all[0].number;
                if all.iter().all(|n| n.ups == 0 && n.number == x) {
                    all.sort_unstable_by_key(|n| n.nimber);
                    if all.iter().enumerate().all(|(k, n)| n.nimber as usize == k) {
                        let m =
                            u32::try_from(all.len()).map_err(|_| CgtError::overflow("nimber"))?;
                        return Ok(Some(Nus {
                            number: x,
                            ups: 0,
                            nimber: m,
                        }));
                    }
                }
            }
            return Ok(None);
        }
        let is_star_of = |g: GameId, x: Dyadic| {
            nus_of(g)
                == Some(Nus {
                    number: x,
                    ups: 0,
                    nimber: 1,
                })
        };
        match (l, r) {
            // x^* = {x, x* | x}
            (&[a, b], &[c]) => {
                if let Some(x) = self.number(c) {
                    if (self.number(a) == Some(x) && is_star_of(b, x))
                        || (self.number(b) == Some(x) && is_star_of(a, x))
                    {
                        return Ok(Some(Nus {
                            number: x,
                            ups: 1,
                            nimber: 1,
                        }));
                    }
                }
                Ok(None)
            }
            // xv* = {x | x, x*}
            (&[c], &[a, b]) => {
                if let Some(x) = self.number(c) {
                    if (self.number(a) == Some(x) && is_star_of(b, x))
                        || (self.number(b) == Some(x) && is_star_of(a, x))
                    {
                        return Ok(Some(Nus {
                            number: x,
                            ups: -1,
                            nimber: 1,
                        }));
                    }
                }
                Ok(None)
            }
            (&[a], &[b]) => {
                // x + n.^ + *m = {x | x + (n-1).^ + *(m^1)} for n >= 1
                if let (Some(x), Some(rb)) = (self.number(a), nus_of(b)) {
                    if rb.number == x && rb.ups >= 0 && !rb.is_number() {
                        let ups = rb
                            .ups
                            .checked_add(1)
                            .ok_or(CgtError::overflow("up multiple"))?;
                        return Ok(Some(Nus::new(x, ups, rb.nimber ^ 1)?));
                    }
                }
                // and its negative for n <= -1
                if let (Some(la), Some(x)) = (nus_of(a), self.number(b)) {
                    if la.number == x && la.ups <= 0 && !la.is_number() {
                        let ups = la
                            .ups
                            .checked_sub(1)
                            .ok_or(CgtError::overflow("up multiple"))?;
                        return Ok(Some(Nus::new(x, ups, la.nimber ^ 1)?));
                    }
                }
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    // ----- negation, sums ---------------------------------------------------

    /// `-g`: the game with the roles of Left and Right exchanged.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(&n) = self.neg_cache.get(&g) {
            return n;
        }
        let result = if let Some(nus) = self.as_nus(g) {
            self.from_nus(nus.neg())
        } else {
            // The negative of a canonical form is canonical.
            let (l, r) = {
                let node = self.node(g);
                (
                    node.left.as_deref().expect("general").to_vec(),
                    node.right.as_deref().expect("general").to_vec(),
                )
            };
            let mut nl: Vec<GameId> = r.iter().map(|&o| self.neg(o)).collect();
            let mut nr: Vec<GameId> = l.iter().map(|&o| self.neg(o)).collect();
            nl.sort_unstable();
            nr.sort_unstable();
            self.intern_general(nl, nr)
        };
        self.neg_cache.insert(g, result);
        self.neg_cache.insert(result, g);
        result
    }

    /// `g + h`, or an overflow error if a number or up multiple leaves its
    /// range.
    ///
    /// A sum that is not of two number-up-star values, nor a translation by
    /// a number, fails with [`CgtError::TooDeep`] if the depths of `g` and
    /// `h` add up to more than [`MAX_DEPTH`], and with
    /// [`CgtError::NimberTooLarge`] for a nimber above
    /// [`MAX_EXPANDED_NIMBER`].
    pub fn add(&mut self, g: GameId, h: GameId) -> Result<GameId, CgtError> {
        let zero = self.zero();
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sum_cache.get(&key) {
            return Ok(s);
        }
        let (nus_g, nus_h) = (self.as_nus(g), self.as_nus(h));
        let translation = nus_g.is_some_and(Nus::is_number) || nus_h.is_some_and(Nus::is_number);
        if (nus_g.is_none() || nus_h.is_none()) && !translation {
            // The sum recurses through the options of both.
            self.check_expandable(g)?;
            self.check_expandable(h)?;
            Self::check_depth(self.depth(g) + self.depth(h))?;
        }
        let result = match (nus_g, nus_h) {
            (Some(a), Some(b)) => self.from_nus(a.checked_add(b)?),
            (Some(a), None) => self.add_nus_general(a, h)?,
            (None, Some(b)) => self.add_nus_general(b, g)?,
            (None, None) => self.add_general(g, h)?,
        };
        self.sum_cache.insert(key, result);
        Ok(result)
    }

    /// `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> Result<GameId, CgtError> {
        let nh = self.neg(h);
        self.add(g, nh)
    }

    /// `a + h` for a number-up-star `a` and a general game `h`.
    fn add_nus_general(&mut self, a: Nus, h: GameId) -> Result<GameId, CgtError> {
        if a.is_number() {
            return self.translate(h, a.number);
        }
        if !a.number.is_zero() {
            // x + I + h = (I + h) + x: sum the infinitesimal part, then
            // translate by the number.
            let infinitesimal = self.from_nus(Nus {
                number: Dyadic::ZERO,
                ..a
            });
            let s = self.add(infinitesimal, h)?;
            let x = self.dyadic(a.number);
            return self.add(s, x);
        }
        let g = self.from_nus(a);
        self.add_general(g, h)
    }

    /// `h + x` for a game `h` that is not a number: by the translation
    /// principle its canonical form is `{h^L + x | h^R + x}`.
    fn translate(&mut self, h: GameId, x: Dyadic) -> Result<GameId, CgtError> {
        if let Some(nus) = self.as_nus(h) {
            return Ok(self.from_nus(nus.checked_add(Nus::number(x))?));
        }
        let xid = self.dyadic(x);
        let n_left = self.option_count(h, Side::Left);
        let mut l = Vec::with_capacity(n_left);
        for i in 0..n_left {
            let o = self.option_at(h, Side::Left, i);
            l.push(self.add(o, xid)?);
        }
        let n_right = self.option_count(h, Side::Right);
        let mut r = Vec::with_capacity(n_right);
        for i in 0..n_right {
            let o = self.option_at(h, Side::Right, i);
            r.push(self.add(o, xid)?);
        }
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        Ok(self.intern_general(l, r))
    }

    /// `g + h` from the options: `{g^L + h, g + h^L | g^R + h, g + h^R}`.
    fn add_general(&mut self, g: GameId, h: GameId) -> Result<GameId, CgtError> {
        self.charge(true)?;
        let mut l = Vec::new();
        let mut r = Vec::new();
        for (a, b) in [(g, h), (h, g)] {
            for i in 0..self.option_count(a, Side::Left) {
                let o = self.option_at(a, Side::Left, i);
                l.push(self.add(o, b)?);
            }
            for i in 0..self.option_count(a, Side::Right) {
                let o = self.option_at(a, Side::Right, i);
                r.push(self.add(o, b)?);
            }
        }
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        self.canonicalize(l, r)
    }

    // ----- comparison -----------------------------------------------------

    /// `g <= h`: Left has no winning first move in `g - h`. Not bounded by
    /// [`Arena::set_limits`] (see [`Arena::checked_compare`]).
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        let unlimited = Work::unlimited(self.steps());
        let mut limited = std::mem::replace(&mut self.work, unlimited);
        let result = self.try_leq(g, h);
        limited.before += self.work.meter.spent();
        self.work = limited;
        result.expect("no limits while they are set aside")
    }

    /// `g <= h` within the limits of [`Arena::set_limits`].
    ///
    /// Recursion: `g <= h` iff no `g^L >= h` and no `h^R <= g`, with shortcuts
    /// for number-up-star values, stops, and numbers (number avoidance). Each
    /// comparison that looks at options is a step; a result is cached only
    /// when it is complete.
    fn try_leq(&mut self, g: GameId, h: GameId) -> Result<bool, CgtError> {
        if g == h {
            return Ok(true);
        }
        let (ng, nh) = (self.node(g), self.node(h));
        if let (Some(a), Some(b)) = (ng.nus, nh.nus) {
            return Ok(matches!(
                a.partial_cmp_nus(b),
                Some(Ordering::Less | Ordering::Equal)
            ));
        }
        // Stops are monotone: g <= h implies L(g) <= L(h) and R(g) <= R(h);
        // and L(g) < R(h) implies g < h.
        if ng.left_stop > nh.left_stop || ng.right_stop > nh.right_stop {
            return Ok(false);
        }
        if ng.left_stop < nh.right_stop {
            return Ok(true);
        }
        if let Some(&v) = self.leq_cache.get(&(g, h)) {
            return Ok(v);
        }
        let g_number = ng.nus.is_some_and(|n| n.is_number());
        let h_number = nh.nus.is_some_and(|n| n.is_number());
        self.charge(false)?;
        // Number avoidance: against a number, only moves in the other game
        // matter, so a number's own options are never looked at.
        let mut result = true;
        if !g_number {
            for i in 0..self.option_count(g, Side::Left) {
                let gl = self.option_at(g, Side::Left, i);
                if self.try_leq(h, gl)? {
                    result = false;
                    break;
                }
            }
        }
        if result && !h_number {
            for i in 0..self.option_count(h, Side::Right) {
                let hr = self.option_at(h, Side::Right, i);
                if self.try_leq(hr, g)? {
                    result = false;
                    break;
                }
            }
        }
        self.leq_cache.insert((g, h), result);
        Ok(result)
    }

    /// `g >= h`.
    pub fn geq(&mut self, g: GameId, h: GameId) -> bool {
        self.leq(h, g)
    }

    /// [`Arena::compare`] within the limits of [`Arena::set_limits`],
    /// refused (as [`Arena::add`] refuses the sum) when one of the games is
    /// not number-up-star and the comparison would recurse deeper than
    /// [`MAX_DEPTH`] or expand a nimber above [`MAX_EXPANDED_NIMBER`].
    pub fn checked_compare(&mut self, g: GameId, h: GameId) -> Result<Relation, CgtError> {
        if self.as_nus(g).is_none() || self.as_nus(h).is_none() {
            for x in [g, h] {
                if !self.is_number(x) {
                    self.check_expandable(x)?;
                }
            }
            let depth = self.depth(g) + self.depth(h);
            if depth > 2 * MAX_DEPTH {
                return Err(CgtError::TooDeep {
                    depth,
                    limit: 2 * MAX_DEPTH,
                });
            }
        }
        if g == h {
            return Ok(Relation::Equal);
        }
        let leq = self.try_leq(g, h)?;
        let geq = self.try_leq(h, g)?;
        Ok(Relation::from_leq_geq(leq, geq))
    }

    /// How `g` compares with `h`: `=`, `<`, `>` or `||`.
    pub fn compare(&mut self, g: GameId, h: GameId) -> Relation {
        if g == h {
            return Relation::Equal;
        }
        let leq = self.leq(g, h);
        let geq = self.leq(h, g);
        Relation::from_leq_geq(leq, geq)
    }

    /// The outcome class of `g`.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let zero = self.zero();
        match self.compare(g, zero) {
            Relation::Equal => Outcome::Previous,
            Relation::Greater => Outcome::Left,
            Relation::Less => Outcome::Right,
            Relation::Confused => Outcome::Next,
        }
    }

    // ----- moving values between arenas -------------------------------------

    /// The id in this arena of the game `g` of arena `src`.
    pub fn import(&mut self, src: &Arena, g: GameId) -> GameId {
        let mut memo = HashMap::new();
        self.import_memo(src, g, &mut memo)
    }

    fn import_memo(
        &mut self,
        src: &Arena,
        g: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(&id) = memo.get(&g) {
            return id;
        }
        let id = if let Some(nus) = src.as_nus(g) {
            self.from_nus(nus)
        } else {
            let (sl, sr) = src.options_if_made(g).expect("general games have options");
            let mut l: Vec<GameId> = sl.iter().map(|&o| self.import_memo(src, o, memo)).collect();
            let mut r: Vec<GameId> = sr.iter().map(|&o| self.import_memo(src, o, memo)).collect();
            l.sort_unstable();
            r.sort_unstable();
            self.intern_general(l, r)
        };
        memo.insert(g, id);
        id
    }
}

/// Helpers for "keep the best number so far".
trait BestNumber {
    fn is_none_or_less(&self, x: Dyadic) -> bool;
    fn is_none_or_greater(&self, x: Dyadic) -> bool;
}

impl BestNumber for Option<(Dyadic, GameId)> {
    fn is_none_or_less(&self, x: Dyadic) -> bool {
        match self {
            None => true,
            Some((best, _)) => *best < x,
        }
    }
    fn is_none_or_greater(&self, x: Dyadic) -> bool {
        match self {
            None => true,
            Some((best, _)) => *best > x,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Limit;

    #[test]
    fn small_games() {
        let mut a = Arena::new();
        let zero = a.zero();
        let one = a.integer(1);
        let star = a.new_game(&[zero], &[zero]).unwrap();
        assert_eq!(star, a.nimber(1));
        let up = a.new_game(&[zero], &[star]).unwrap();
        assert_eq!(a.as_nus(up), Some(Nus::new(Dyadic::ZERO, 1, 0).unwrap()));
        let half = a.new_game(&[zero], &[one]).unwrap();
        assert_eq!(a.number(half), Some(Dyadic::new(1, 1).unwrap()));
        let switch = a.new_game(&[one], &[zero]).unwrap();
        assert_eq!(a.as_nus(switch), None);
        assert_eq!(a.birthday(switch), 2);
        assert_eq!(a.outcome(switch), Outcome::Next);
        assert_eq!(a.outcome(up), Outcome::Left);
        assert_eq!(a.outcome(star), Outcome::Next);
        assert_eq!(a.outcome(zero), Outcome::Previous);
    }

    /// `{k|-k}` for k = 1..=n, summed one by one; the sums of general games
    /// computed for it.
    fn switches(a: &mut Arena, n: i32) -> Result<GameId, CgtError> {
        let mut sum = a.zero();
        for k in 1..=n {
            let (l, r) = (a.integer(k), a.integer(-k));
            let s = a.new_game(&[l], &[r])?;
            sum = a.add(sum, s)?;
        }
        Ok(sum)
    }

    #[test]
    fn limits_stop_sums_and_leave_the_arena_usable() {
        // The count of general sums and comparisons is what the node limit
        // bounds.
        let mut free = Arena::new();
        let expected = switches(&mut free, 8).unwrap();
        let needed = free.steps();
        assert!(needed > 8, "{needed} steps");
        let mut a = Arena::new();
        a.set_limits(
            Limits {
                nodes: Some(needed - 1),
                time: None,
            },
            None,
        );
        assert_eq!(
            switches(&mut a, 8),
            Err(CgtError::LimitReached {
                limit: Limit::Nodes,
                positions: needed - 1
            })
        );
        // Enough sums, counted from now (those made before are cached).
        a.set_limits(
            Limits {
                nodes: Some(needed),
                time: None,
            },
            None,
        );
        let got = switches(&mut a, 8).unwrap();
        assert_eq!(a.to_string(got), free.to_string(expected));
        // A set stop flag ends the next sum.
        let stop = StopFlag::new();
        stop.stop();
        let mut b = Arena::new();
        b.set_limits(Limits::default(), Some(stop));
        assert!(matches!(
            switches(&mut b, 8),
            Err(CgtError::LimitReached {
                limit: Limit::Interrupt,
                ..
            })
        ));
        // An elapsed time limit too.
        let mut c = Arena::new();
        c.set_limits(
            Limits {
                nodes: None,
                time: Some(std::time::Duration::ZERO),
            },
            None,
        );
        assert!(matches!(
            switches(&mut c, 8),
            Err(CgtError::LimitReached {
                limit: Limit::Time,
                ..
            })
        ));
    }

    /// `{1|{1|...{1|0}}}`, `n` deep, made without a sum.
    fn hot(a: &mut Arena, n: usize) -> GameId {
        let one = a.integer(1);
        let mut g = a.zero();
        for _ in 0..n {
            g = a.new_game(&[one], &[g]).unwrap();
        }
        g
    }

    /// Comparisons count towards the limits: comparing two deep games (and
    /// the canonical form of a game with both as options) makes no sum, and
    /// still stops at a node limit, a stop flag or a time limit; the arena
    /// then gives the answers of an arena that never had limits.
    #[test]
    fn limits_stop_comparisons() {
        let mut free = Arena::new();
        let (g, h) = (hot(&mut free, 600), hot(&mut free, 599));
        let relation = free.compare(g, h);
        let form = free.new_game(&[g, h], &[free.zero()]).unwrap();
        let form = free.to_string(form);

        let mut a = Arena::new();
        let (g, h) = (hot(&mut a, 600), hot(&mut a, 599));
        let limits = Limits {
            nodes: Some(10),
            time: None,
        };
        let before = a.steps();
        a.set_limits(limits, None);
        assert_eq!(
            a.checked_compare(g, h),
            Err(CgtError::LimitReached {
                limit: Limit::Nodes,
                positions: before + 10
            })
        );
        a.set_limits(limits, None);
        let zero = a.zero();
        assert!(matches!(
            a.new_game(&[g, h], &[zero]),
            Err(CgtError::LimitReached {
                limit: Limit::Nodes,
                ..
            })
        ));
        let stop = StopFlag::new();
        stop.stop();
        a.set_limits(Limits::default(), Some(stop));
        assert!(matches!(
            a.checked_compare(g, h),
            Err(CgtError::LimitReached {
                limit: Limit::Interrupt,
                ..
            })
        ));
        a.set_limits(
            Limits {
                nodes: None,
                time: Some(std::time::Duration::ZERO),
            },
            None,
        );
        assert!(matches!(
            a.checked_compare(g, h),
            Err(CgtError::LimitReached {
                limit: Limit::Time,
                ..
            })
        ));
        // Nothing half computed was kept.
        a.set_limits(Limits::default(), None);
        assert_eq!(a.checked_compare(g, h), Ok(relation));
        let again = a.new_game(&[g, h], &[zero]).unwrap();
        assert_eq!(a.to_string(again), form);
    }

    /// One arena per thread: an arena can be moved to a worker thread.
    #[test]
    fn arena_is_send() {
        fn assert_send<T: Send>() {}
        assert_send::<Arena>();
        let handle = std::thread::spawn(|| {
            let mut a = Arena::new();
            let g = a.parse("{2|1} + {2|1}").unwrap();
            (a, g)
        });
        let (a, g) = handle.join().unwrap();
        let mut b = Arena::new();
        let h = b.import(&a, g);
        assert_eq!(b.to_string(h), "3");
    }

    #[test]
    fn big_numbers_are_cheap() {
        let mut a = Arena::new();
        let x = a.dyadic(Dyadic::new(1 << 40, 0).unwrap());
        assert_eq!(a.birthday(x), 1 << 40);
        assert_eq!(a.left_options(x).len(), 1);
        assert!(a.len() < 10);
    }
}
