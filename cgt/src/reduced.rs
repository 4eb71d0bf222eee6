//! Reduced canonical forms and stop counts.
//!
//! The **reduced canonical form** `rcf(G)` is the simplest game equal to
//! `G` modulo infinitesimals: `rcf(G) = rcf(H)` exactly when `G - H` is
//! infinitesimal, and no game of smaller birthday is infinitely close to
//! `G` (Grossman & Siegel, "Reductions of partizan games", 2009, §§3-4).
//! By their construction (§4, the one CGSuite's `ReducedCanonicalForm`
//! uses), for a game that is not number-up-star
//! `rcf(G) = ρ(∫^* G)`: heat by `*`, then take the *star projection* `ρ`,
//! which replaces each follower `x*` (a number plus star) by `x` and keeps
//! numbers; a number-up-star value `x + n.^ + *m` reduces to `x`.
//!
//! The **stop count** is CGSuite's `StopCount`: 1 for a number, `2.3^(m-1)`
//! for `x + *m` (`m >= 1`), and otherwise the sum over all options, the
//! number of stopping positions (numbers) met along every line of play of
//! the canonical form.

use hashbrown::HashMap;

use crate::{Arena, CgtError, GameId};

impl Arena {
    /// The reduced canonical form of `g` (see the [module docs](self)).
    ///
    /// ```
    /// use cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{3||2*|1*}").unwrap();
    /// let r = arena.reduced(g).unwrap();
    /// assert_eq!(arena.to_string(r), "{3||2|1}");
    /// ```
    ///
    /// # Errors
    /// A limit of the arena, or an overflow.
    pub fn reduced(&mut self, g: GameId) -> Result<GameId, CgtError> {
        if let Some(nus) = self.as_nus(g) {
            return Ok(self.dyadic(nus.number));
        }
        let star = self.nimber(1);
        let heated = self.heat(g, star)?;
        self.star_projection(heated, &mut HashMap::new())
    }

    /// `ρ(g)`: numbers stay, `x*` becomes `x`, other games project their
    /// options.
    fn star_projection(
        &mut self,
        g: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, CgtError> {
        if let Some(nus) = self.as_nus(g) {
            if nus.ups == 0 && nus.nimber <= 1 {
                return Ok(self.dyadic(nus.number));
            }
        }
        if let Some(&done) = memo.get(&g) {
            return Ok(done);
        }
        let result = self.map_options(g, |arena, o, _| arena.star_projection(o, memo))?;
        memo.insert(g, result);
        Ok(result)
    }

    /// The stop count of `g` (see the [module docs](self)).
    ///
    /// ```
    /// use cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("*8").unwrap();
    /// assert_eq!(arena.stop_count(g).unwrap(), 4374);
    /// ```
    ///
    /// # Errors
    /// [`CgtError::Overflow`] past 2^128 - 1.
    pub fn stop_count(&mut self, g: GameId) -> Result<u128, CgtError> {
        self.stop_count_memo(g, &mut HashMap::new())
    }

    fn stop_count_memo(
        &mut self,
        g: GameId,
        memo: &mut HashMap<GameId, u128>,
    ) -> Result<u128, CgtError> {
        let overflow = CgtError::Overflow {
            operation: "stop count",
        };
        if let Some(nus) = self.as_nus(g) {
            if nus.ups == 0 {
                return match nus.nimber {
                    0 => Ok(1),
                    m => 3u128
                        .checked_pow(m - 1)
                        .and_then(|p| p.checked_mul(2))
                        .ok_or(overflow),
                };
            }
        }
        if let Some(&done) = memo.get(&g) {
            return Ok(done);
        }
        let options = self.all_options(g);
        let mut count: u128 = 0;
        for o in options {
            let c = self.stop_count_memo(o, memo)?;
            count = count.checked_add(c).ok_or_else(|| overflow.clone())?;
        }
        memo.insert(g, count);
        Ok(count)
    }
}
