//! Incentives and Norton multiplication.
//!
//! - The **incentives** of `G` are what a move gains its mover: Left's
//!   `G^L - G` and Right's `G - G^R` (Berlekamp, Conway & Guy, *Winning
//!   Ways*, ch. 6; Siegel, *Combinatorial Game Theory*, 2013, §II.5). Each
//!   player's list keeps only the undominated ones (each player prefers a
//!   larger incentive), as CGSuite's `LeftIncentives` and
//!   `RightIncentives` do.
//! - The **Norton product** `G.U` of a game `G` by a positive unit `U`
//!   (Winning Ways, ch. 8; Siegel 2013, §II.7): for an
//!   integer `n`, `n.U = U + ... + U` (`n` copies; `-U` for negative `n`);
//!   otherwise `G.U = {G^L.U + U + I | G^R.U - U - I}`, where `I` ranges
//!   over the undominated incentives of `U` (both players'). It depends on
//!   the form of `G`; here `G` and `U` are canonical forms. For example
//!   `1/2.^ = {^^*|v*}` and `aw(G.^) = G`.

use hashbrown::HashMap;

use crate::{Arena, CgtError, Dyadic, GameId, Relation};

/// The two players' incentives of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incentives {
    /// Left's undominated incentives `G^L - G`, in id order.
    pub left: Vec<GameId>,
    /// Right's undominated incentives `G - G^R`, in id order.
    pub right: Vec<GameId>,
}

impl Arena {
    /// The incentives of `g` (see the [module docs](self)).
    ///
    /// ```
    /// use cgt::Arena;
    /// let mut arena = Arena::new();
    /// let up = arena.parse("^").unwrap();
    /// let inc = arena.incentives(up).unwrap();
    /// assert_eq!(arena.to_string(inc.left[0]), "v");
    /// assert_eq!(arena.to_string(inc.right[0]), "^*");
    /// ```
    ///
    /// # Errors
    /// A limit of the arena, or an overflow.
    pub fn incentives(&mut self, g: GameId) -> Result<Incentives, CgtError> {
        let (lefts, rights) = (
            self.left_options(g).to_vec(),
            self.right_options(g).to_vec(),
        );
        let mut left = Vec::with_capacity(lefts.len());
        for o in lefts {
            left.push(self.sub(o, g)?);
        }
        let mut right = Vec::with_capacity(rights.len());
        for o in rights {
            right.push(self.sub(g, o)?);
        }
        Ok(Incentives {
            left: self.undominated(left)?,
            right: self.undominated(right)?,
        })
    }

    /// The games of `games` that no other one of them is larger than,
    /// sorted by id and without repeats.
    fn undominated(&mut self, mut games: Vec<GameId>) -> Result<Vec<GameId>, CgtError> {
        games.sort_unstable();
        games.dedup();
        let mut kept = Vec::with_capacity(games.len());
        for &x in &games {
            let mut dominated = false;
            for &y in &games {
                if y != x && self.checked_compare(x, y)? == Relation::Less {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                kept.push(x);
            }
        }
        Ok(kept)
    }

    /// The Norton product `g.u` (see the [module docs](self)).
    ///
    /// ```
    /// use cgt::Arena;
    /// let mut arena = Arena::new();
    /// let half = arena.parse("1/2").unwrap();
    /// let up = arena.parse("^").unwrap();
    /// let product = arena.norton_product(half, up).unwrap();
    /// assert_eq!(arena.to_string(product), "{^2*|v*}");
    /// ```
    ///
    /// # Errors
    /// [`CgtError::UnitNotPositive`] unless `u > 0`; a limit of the arena,
    /// or an overflow.
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId, CgtError> {
        let zero = self.zero();
        let relation = self.checked_compare(u, zero)?;
        if relation != Relation::Greater {
            return Err(CgtError::UnitNotPositive {
                relation: relation.symbol(),
            });
        }
        let incentives = self.incentives(u)?;
        let mut all = incentives.left;
        all.extend(incentives.right);
        let mut steps = Vec::new();
        for i in self.undominated(all)? {
            steps.push(self.add(u, i)?);
        }
        let mut memo = HashMap::new();
        self.norton_memo(g, u, &steps, &mut memo)
    }

    fn norton_memo(
        &mut self,
        g: GameId,
        u: GameId,
        steps: &[GameId],
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, CgtError> {
        if let Some(&done) = memo.get(&g) {
            return Ok(done);
        }
        let result = match self.number(g) {
            Some(n) if n.is_integer() => self.integer_multiple(n, u)?,
            _ => {
                let (lefts, rights) = (
                    self.left_options(g).to_vec(),
                    self.right_options(g).to_vec(),
                );
                let mut l = Vec::with_capacity(lefts.len() * steps.len());
                for o in lefts {
                    let p = self.norton_memo(o, u, steps, memo)?;
                    for &s in steps {
                        l.push(self.add(p, s)?);
                    }
                }
                let mut r = Vec::with_capacity(rights.len() * steps.len());
                for o in rights {
                    let p = self.norton_memo(o, u, steps, memo)?;
                    for &s in steps {
                        r.push(self.sub(p, s)?);
                    }
                }
                self.new_game(&l, &r)?
            }
        };
        memo.insert(g, result);
        Ok(result)
    }

    /// `n` copies of `u` (of `-u` for negative `n`), by doubling.
    pub(crate) fn integer_multiple(&mut self, n: Dyadic, u: GameId) -> Result<GameId, CgtError> {
        let count = n.numerator();
        let mut power = if count < 0 { self.neg(u) } else { u };
        let mut rest = count.unsigned_abs();
        let mut sum = self.zero();
        while rest != 0 {
            if rest & 1 == 1 {
                sum = self.add(sum, power)?;
            }
            rest >>= 1;
            if rest != 0 {
                power = self.add(power, power)?;
            }
        }
        Ok(sum)
    }
}
