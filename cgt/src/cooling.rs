//! Cooling, heating, overheating and freezing: the operations that turn a
//! hot game into the infinitesimal its thermograph leaves, and back.
//!
//! Thermographs and cooling are two views of one theory (Berlekamp, Conway
//! & Guy, *Winning Ways*, ch. 6; Siegel, *Combinatorial Game Theory*, 2013,
//! §II.5): the thermograph of `G` is drawn by cooling `G` by every `t`, and
//! the temperature of `G` is the least `t` at which `G_t` is infinitely
//! close to a number, its mean.
//!
//! - **Cooling** by a number `t > -1` (Siegel 2013, §II.5, and CGSuite's
//!   `Cool`): `G_t = G` for an integer `G`; `G_t = m(G)`, the
//!   mean, when the temperature of `G` is less than `t`; otherwise
//!   `G_t = {G^L_t - t | G^R_t + t}`. So `{3||2*|1*}` cooled by `1/2` is
//!   `{5/2|2*}` and by its temperature `3/4` is `9/4*`.
//! - **Heating** by any game `t` (Siegel 2013, §II.5, "heating"; CGSuite's
//!   `Heat`): `∫^t G = G` for a number `G`, otherwise
//!   `∫^t G = {∫^t G^L + t | ∫^t G^R - t}`. Cooling by `t > 0` undoes
//!   heating by `t` (heating raises the temperature of a game that is not
//!   a number by `t`): `* Heat 2 = +-2`, and `+-2` cooled by 2 is `*`.
//!   Heating does not undo cooling: `{3||2*|1*}` cooled by 1 is the
//!   number `9/4`, which heating leaves.
//! - **Overheating** from `s` to `t` (Berlekamp, *Blockbusting and
//!   Domineering*, 1988; Siegel 2013, §II.5; CGSuite's `Overheat`):
//!   `∫_s^t n = n.s` (`n` copies of `s`, of `-s` for negative `n`) for an
//!   integer `n`, otherwise `∫_s^t G = {∫_s^t G^L + t | ∫_s^t G^R - t}`.
//! - **Freezing**: cooling by the temperature, `G_{t(G)}`; a
//!   number-up-star value is its own frozen value (as CGSuite's `Freeze`).
//!
//! Every operation is on canonical forms in an [`Arena`], memoised per
//! call, and within the arena's limits ([`Arena::set_limits`]): the sums
//! and canonical forms it makes are counted, and so is each thermograph.

use hashbrown::HashMap;

use crate::{Arena, CgtError, Dyadic, GameId, Rational, ThermographCache};

impl Arena {
    /// `G_t`, `g` cooled by the number `t` (see the [module docs](self)).
    ///
    /// ```
    /// use cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{3||2*|1*}").unwrap();
    /// let cooled = arena.cool(g, Dyadic::new(1, 1).unwrap()).unwrap();
    /// assert_eq!(arena.to_string(cooled), "{5/2|2*}");
    /// ```
    ///
    /// # Errors
    /// [`CgtError::CoolingTemperature`] for `t <= -1`; a limit of the arena
    /// or an overflow.
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId, CgtError> {
        if t <= Dyadic::from_i32(-1) {
            return Err(CgtError::CoolingTemperature { temperature: t });
        }
        if t.is_zero() {
            // G_0 = {G^L_0 | G^R_0} = G: nothing to rebuild (and nimbers
            // too large to expand stay as they are).
            return Ok(g);
        }
        let mut cooling = Cooling {
            t,
            t_game: self.dyadic(t),
            thermographs: ThermographCache::new(),
            memo: HashMap::new(),
        };
        cooling.cool(self, g)
    }

    /// `∫^t G`, `g` heated by the game `t` (see the [module docs](self)).
    ///
    /// ```
    /// use cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("^").unwrap();
    /// let t = arena.integer(2);
    /// let heated = arena.heat(g, t).unwrap();
    /// assert_eq!(arena.to_string(heated), "{2||0|-4}");
    /// ```
    ///
    /// # Errors
    /// A limit of the arena, or an overflow.
    pub fn heat(&mut self, g: GameId, t: GameId) -> Result<GameId, CgtError> {
        self.overheat_memo(g, None, t, &mut HashMap::new())
    }

    /// `∫_s^t G`, `g` overheated from `s` to `t` (see the [module
    /// docs](self)).
    ///
    /// # Errors
    /// A limit of the arena, or an overflow.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> Result<GameId, CgtError> {
        self.overheat_memo(g, Some(s), t, &mut HashMap::new())
    }

    /// Heating (`s` is `None`: numbers stay) or overheating from `s`
    /// (integers `n` become `n.s`), memoised in `memo`.
    fn overheat_memo(
        &mut self,
        g: GameId,
        s: Option<GameId>,
        t: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, CgtError> {
        if let Some(&done) = memo.get(&g) {
            return Ok(done);
        }
        let result = match (s, self.number(g)) {
            (None, Some(_)) => g,
            (Some(s), Some(x)) if x.is_integer() => self.integer_multiple(x, s)?,
            _ => self.map_options(g, |arena, o, left| {
                let h = arena.overheat_memo(o, s, t, memo)?;
                if left {
                    arena.add(h, t)
                } else {
                    arena.sub(h, t)
                }
            })?,
        };
        memo.insert(g, result);
        Ok(result)
    }

    /// `g` frozen: cooled by its temperature; a number-up-star value is its
    /// own frozen value.
    ///
    /// ```
    /// use cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{3||2*|1*}").unwrap();
    /// let frozen = arena.freeze(g).unwrap();
    /// assert_eq!(arena.to_string(frozen), "9/4*");
    /// ```
    ///
    /// # Errors
    /// A limit of the arena, or an overflow.
    pub fn freeze(&mut self, g: GameId) -> Result<GameId, CgtError> {
        if self.as_nus(g).is_some() {
            return Ok(g);
        }
        let temperature = ThermographCache::new().thermograph(self, g)?.temperature();
        // A game that is not number-up-star is not a number, so its
        // temperature is at least 0 and dyadic.
        self.cool(g, temperature.to_dyadic()?)
    }
}

/// One cooling: the temperature, as a number and a game, the thermographs
/// of the followers met and the followers cooled.
struct Cooling {
    t: Dyadic,
    t_game: GameId,
    thermographs: ThermographCache,
    memo: HashMap<GameId, GameId>,
}

impl Cooling {
    fn cool(&mut self, arena: &mut Arena, g: GameId) -> Result<GameId, CgtError> {
        if let Some(&done) = self.memo.get(&g) {
            return Ok(done);
        }
        let result = self.cool_uncached(arena, g)?;
        self.memo.insert(g, result);
        Ok(result)
    }

    fn cool_uncached(&mut self, arena: &mut Arena, g: GameId) -> Result<GameId, CgtError> {
        if arena.number(g).is_some_and(Dyadic::is_integer) {
            return Ok(g);
        }
        let thermograph = self.thermographs.thermograph(arena, g)?;
        if thermograph.temperature() < Rational::from(self.t) {
            let mean = thermograph.mean().to_dyadic()?;
            return Ok(arena.dyadic(mean));
        }
        arena.map_options(g, |arena, o, left| {
            let c = self.cool(arena, o)?;
            if left {
                arena.sub(c, self.t_game)
            } else {
                arena.add(c, self.t_game)
            }
        })
    }
}
