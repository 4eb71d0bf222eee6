//! Atomic weights of infinitesimal games, and the ordinal sum they need.
//!
//! The *atomic weight* (or uppitiness) `aw(G)` of an infinitesimal `G` is
//! the game `W` with `G ~ W.^`, where `~` is equality up to a game too
//! small to matter beside a remote star: `o(G + X + *m) = o(W.^ + X + *m)`
//! for every `X` and every large enough `m` (Berlekamp, Conway & Guy,
//! *Winning Ways*, ch. 8; Siegel, *Combinatorial Game Theory*, 2013,
//! §II.7). It is computed by the **atomic weight calculus** (Siegel 2013,
//! §II.7; the same steps as CGSuite's `AtomicWeight`):
//!
//! - `aw(x + n.^ + *m) = n` for a number-up-star value;
//! - otherwise let `G'' = {aw(G^L) - 2 | aw(G^R) + 2}`. If `G''` is not an
//!   integer, `aw(G) = G''`. If it is an integer, compare `G` with its far
//!   star `*N` (a nimber larger than every nimber among its followers):
//!   when `G < *N`, `aw(G)` is the least integer `n` with `n |> G^L''` for
//!   every Left option (0 if there is none); when `G > *N`, the greatest
//!   `n` with `n <| G^R''` for every Right option; otherwise `G''`.
//!
//! The weight so computed is the atomic weight of every *all-small* game
//! (one whose followers all have Left options exactly when they have Right
//! options). For other infinitesimals it is checked: `G` is atomic when
//! `G - W.^` lies between `-e` and `e`, `e = ^* + (*N' : -1)` with `N'`
//! the least power of two at least `N` (Siegel 2013, §II.7, "atomic"),
//! and otherwise has no atomic weight ([`NotAtomic::NotNearUpMultiple`]).
//! Games that are not infinitesimal have none either
//! ([`NotAtomic::NotInfinitesimal`]).
//!
//! Additivity: `aw(G + H) = aw(G) + aw(H)` for atomic `G` and `H` (Siegel
//! 2013, §II.7), and `aw(G.^) = G` for every `G`.

use hashbrown::HashMap;
use thiserror::Error;

use crate::{Arena, CgtError, Dyadic, GameId, Relation};

/// Why a game has no atomic weight.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotAtomic {
    /// The game is not infinitesimal: its stops are not both 0.
    #[error("the game is not infinitesimal (its stops are {left_stop} and {right_stop}, not 0)")]
    NotInfinitesimal {
        /// The Left stop.
        left_stop: Dyadic,
        /// The Right stop.
        right_stop: Dyadic,
    },
    /// The game is infinitesimal, but farther from `W.^` (for the weight
    /// `W` of the calculus) than `^*` plus a remote star's ordinal sum
    /// allows.
    #[error("the game differs from {weight}.^ by more than an atomic game may")]
    NotNearUpMultiple {
        /// The weight the calculus gives, printed.
        weight: String,
    },
}

impl Arena {
    /// Whether `g` is infinitesimal: both its stops are 0.
    pub fn is_infinitesimal(&self, g: GameId) -> bool {
        self.left_stop(g).is_zero() && self.right_stop(g).is_zero()
    }

    /// Whether `g` is all-small: every follower (`g` included) has Left
    /// options exactly when it has Right options; for a number-up-star
    /// value, its number is 0.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        let mut memo = HashMap::new();
        self.all_small_memo(g, &mut memo)
    }

    fn all_small_memo(&mut self, g: GameId, memo: &mut HashMap<GameId, bool>) -> bool {
        if let Some(nus) = self.as_nus(g) {
            return nus.number.is_zero();
        }
        if let Some(&done) = memo.get(&g) {
            return done;
        }
        let options = self.all_options(g);
        let result = options.into_iter().all(|o| self.all_small_memo(o, memo));
        memo.insert(g, result);
        result
    }

    /// The far star of `g`: the least `N` such that `*N` is larger than
    /// every nimber `*m` among the number-up-star followers of `g` (`m + 1`
    /// for the largest), and at least 1.
    pub fn far_star(&mut self, g: GameId) -> u32 {
        let mut memo = HashMap::new();
        self.far_star_memo(g, &mut memo)
    }

    fn far_star_memo(&mut self, g: GameId, memo: &mut HashMap<GameId, u32>) -> u32 {
        if let Some(nus) = self.as_nus(g) {
            if nus.number.is_zero() && nus.ups == 0 {
                return nus.nimber.saturating_add(1);
            }
            if nus.is_number() {
                // Its followers are numbers; the only nimber among them
                // is 0 (and a number's birthday may be 2^62: no walk).
                return 1;
            }
        }
        if let Some(&done) = memo.get(&g) {
            return done;
        }
        let options = self.all_options(g);
        let result = options
            .into_iter()
            .map(|o| self.far_star_memo(o, memo))
            .fold(1, u32::max);
        memo.insert(g, result);
        result
    }

    /// The ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}`: `G` played
    /// first, `H` its base only while `G` is untouched (Conway, *On Numbers
    /// and Games*, ch. 15; Siegel 2013, §II.4). It depends on the form of
    /// `G`; here `G` is its canonical form.
    ///
    /// # Errors
    /// [`CgtError::TooDeep`] when `h` is older than [`MAX_DEPTH`](crate::MAX_DEPTH)
    /// less the depth of `g`; a limit of the arena, or an overflow.
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> Result<GameId, CgtError> {
        // The sum is at least as deep as `h` is old: refuse what the arena
        // would refuse, before walking down `h`.
        let depth = self.birthday(h).saturating_add(self.depth(g));
        if depth > crate::MAX_DEPTH {
            return Err(CgtError::TooDeep {
                depth,
                limit: crate::MAX_DEPTH,
            });
        }
        let mut memo = HashMap::new();
        self.ordinal_sum_memo(g, h, &mut memo)
    }

    fn ordinal_sum_memo(
        &mut self,
        g: GameId,
        h: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, CgtError> {
        if let Some(&done) = memo.get(&h) {
            return Ok(done);
        }
        let mut l = self.left_options(g).to_vec();
        let mut r = self.right_options(g).to_vec();
        let (hl, hr) = (
            self.left_options(h).to_vec(),
            self.right_options(h).to_vec(),
        );
        for o in hl {
            l.push(self.ordinal_sum_memo(g, o, memo)?);
        }
        for o in hr {
            r.push(self.ordinal_sum_memo(g, o, memo)?);
        }
        let result = self.new_game(&l, &r)?;
        memo.insert(h, result);
        Ok(result)
    }

    /// The atomic weight of `g` (see the [module docs](self)).
    ///
    /// ```
    /// use cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{^^^|vv}").unwrap();
    /// let w = arena.atomic_weight(g).unwrap();
    /// assert_eq!(arena.to_string(w), "{1|0}");
    /// ```
    ///
    /// # Errors
    /// [`CgtError::NotAtomic`] where `g` has no atomic weight; a limit of
    /// the arena, or an overflow.
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, CgtError> {
        if !self.is_infinitesimal(g) {
            return Err(NotAtomic::NotInfinitesimal {
                left_stop: self.left_stop(g),
                right_stop: self.right_stop(g),
            }
            .into());
        }
        let weight = self.naive_atomic_weight(g, &mut HashMap::new())?;
        if self.is_all_small(g) {
            return Ok(weight);
        }
        // G - W.^ must lie within e = ^* + (*N' : -1).
        let up = self.up_multiple(1)?;
        let multiple = self.norton_product(weight, up)?;
        let difference = self.sub(g, multiple)?;
        let far = self.far_star(g).max(2).next_power_of_two();
        let star = self.nimber(far);
        let minus_one = self.integer(-1);
        let kite = self.ordinal_sum(star, minus_one)?;
        let up_star = self.from_nus(crate::Nus::new(Dyadic::ZERO, 1, 1)?);
        let epsilon = self.add(up_star, kite)?;
        let minus_epsilon = self.neg(epsilon);
        let below = matches!(
            self.checked_compare(difference, epsilon)?,
            Relation::Less | Relation::Equal
        );
        let above = matches!(
            self.checked_compare(minus_epsilon, difference)?,
            Relation::Less | Relation::Equal
        );
        if below && above {
            Ok(weight)
        } else {
            Err(NotAtomic::NotNearUpMultiple {
                weight: self.to_string(weight),
            }
            .into())
        }
    }

    /// The atomic weight calculus, without the check that its answer is
    /// the atomic weight.
    fn naive_atomic_weight(
        &mut self,
        g: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, CgtError> {
        if let Some(nus) = self.as_nus(g) {
            return Ok(self.integer(nus.ups));
        }
        if let Some(&done) = memo.get(&g) {
            return Ok(done);
        }
        let (lefts, rights) = (
            self.left_options(g).to_vec(),
            self.right_options(g).to_vec(),
        );
        let (two, minus_two) = (self.integer(2), self.integer(-2));
        let mut l = Vec::with_capacity(lefts.len());
        for o in lefts {
            let w = self.naive_atomic_weight(o, memo)?;
            l.push(self.add(w, minus_two)?);
        }
        let mut r = Vec::with_capacity(rights.len());
        for o in rights {
            let w = self.naive_atomic_weight(o, memo)?;
            r.push(self.add(w, two)?);
        }
        let candidate = self.new_game(&l, &r)?;
        let result = if self.number(candidate).is_some_and(Dyadic::is_integer) {
            let far = self.far_star(g);
            let star = self.nimber(far);
            match self.checked_compare(g, star)? {
                Relation::Less => self.least_integer_beyond(&l)?,
                Relation::Greater => {
                    // The greatest n with n <| every G^R'' is minus the
                    // least n with n |> every -G^R''.
                    let negated: Vec<GameId> = r.iter().map(|&o| self.neg(o)).collect();
                    let least = self.least_integer_beyond(&negated)?;
                    self.neg(least)
                }
                Relation::Equal | Relation::Confused => candidate,
            }
        } else {
            candidate
        };
        memo.insert(g, result);
        Ok(result)
    }

    /// The least integer `n` with `n |> h` (not `n <= h`) for every `h` in
    /// `games`, or 0 when there are none.
    fn least_integer_beyond(&mut self, games: &[GameId]) -> Result<GameId, CgtError> {
        if games.is_empty() {
            return Ok(self.zero());
        }
        let mut best: Option<i64> = None;
        for &h in games {
            // n <= h needs n <= R(h); so ceil(R(h)) + 1 is never <= h.
            let mut n = self.right_stop(h).ceil();
            let n_game = self.dyadic(Dyadic::new(n, 0)?);
            if matches!(
                self.checked_compare(n_game, h)?,
                Relation::Less | Relation::Equal
            ) {
                n = n.checked_add(1).ok_or(CgtError::Overflow {
                    operation: "atomic weight",
                })?;
            }
            best = Some(best.map_or(n, |b| b.max(n)));
        }
        let n = best.unwrap_or(0);
        Ok(self.dyadic(Dyadic::new(n, 0)?))
    }
}
