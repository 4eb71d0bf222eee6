//! Subzero thermography with exact dyadic rationals (Song & Müller 2015, section II-C1;
//! Berlekamp's subzero thermography, as in CGSuite).
//!
//! For a short game G and temperatures t >= -1, with the walls LW, RW of the
//! options already known:
//!
//! - left scaffold `LS(t) = max over G^L of (RW_{G^L}(t) - t)` (or -inf if G
//!   has no left option); right scaffold `RS(t) = min over G^R of
//!   (LW_{G^R}(t) + t)` (or +inf);
//! - if `LS(-1) <= RS(-1)`, G is a number: both walls are the vertical mast at
//!   the simplest number in `[LS(-1), RS(-1)]`, temperature -1;
//! - otherwise the scaffolds first meet at the temperature T, at the mast
//!   value M; the walls are the scaffolds below T and the vertical mast above.
//!
//! So a dyadic m/2^k has temperature -1/2^k, integers -1, and the four kinds
//! of infinitesimal (zero, positive, negative, fuzzy) keep distinct
//! thermographs (Song & Müller 2015, Fig. 5). Everything is computed from the walls of
//! the options, so a thermograph can be built straight from the thermographs
//! of a position's options ([`Thermograph::from_options`]) without a
//! canonical form: this is what a retrograde database does.

use std::fmt;
use std::hash::Hash;

use hashbrown::HashMap;

use crate::rational::{Overflow, Rational};
use crate::trajectory::Trajectory;
use crate::{Arena, CgtError, Dyadic, GameId, Nus, PartizanPosition};

/// The four kinds of infinitesimal that subzero thermography tells apart
/// (Song & Müller 2015, II-D2): who makes the last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InfinitesimalKind {
    /// Exactly zero: the second player makes the last move.
    Zero,
    /// Positive: Left (Black) makes the last move whoever starts.
    Positive,
    /// Negative: Right (White) makes the last move whoever starts.
    Negative,
    /// Fuzzy: the first player makes the last move.
    Fuzzy,
}

/// A subzero thermograph: the left and right walls for t >= -1.
///
/// Left is positive. Both walls end in the vertical mast at [`Self::mast`]
/// above [`Self::temperature`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Thermograph {
    /// The left wall: what Left achieves moving first under tax t.
    pub left_wall: Trajectory,
    /// The right wall: what Right achieves moving first under tax t.
    pub right_wall: Trajectory,
}

impl Thermograph {
    /// The thermograph of a number or of the game with no options: a mast at
    /// `x` from t = -1.
    ///
    /// # Panics
    /// If `x` is not dyadic (a caller's bug).
    pub fn mast_at(x: Rational) -> Thermograph {
        Thermograph::mast_at_dyadic(
            x.to_dyadic()
                .unwrap_or_else(|_| panic!("a mast at the non-dyadic {x}")),
        )
    }

    /// [`Thermograph::mast_at`] a dyadic.
    pub fn mast_at_dyadic(x: Dyadic) -> Thermograph {
        Thermograph {
            left_wall: Trajectory::constant_dyadic(x),
            right_wall: Trajectory::constant_dyadic(x),
        }
    }

    /// The thermograph of the number `x`, computed from its canonical form:
    /// an integer is a mast from t = -1; `m/2^k` (m odd, k >= 1) is
    /// `{x - 2^-k | x + 2^-k}`, whose walls slant below its temperature
    /// -1/2^k.
    ///
    /// # Panics
    /// If `x` is not dyadic (a caller's bug: short games' numbers are dyadic).
    pub fn number(x: Rational) -> Result<Thermograph, Overflow> {
        assert!(x.is_dyadic(), "the number {x} is not a dyadic rational");
        if x.is_integer() {
            return Ok(Thermograph::mast_at(x));
        }
        let step = Rational::new(1, x.denom());
        let left = Thermograph::number(x.checked_sub(step)?)?;
        let right = Thermograph::number(x.checked_add(step)?)?;
        Thermograph::from_options([&left], [&right])
    }

    /// The thermograph of the number-up-star value `x + n.^ + *m`, from the
    /// canonical forms in the [`nus`](crate::nus) module docs, without
    /// expanding the game: `*1000000` and `^1000000` cost a few steps.
    ///
    /// - `x*m = {x, .., x*(m-1) | x, .., x*(m-1)}` depends only on the set
    ///   of thermographs of `x, .., x*(m-1)`; once `x*k`'s thermograph is
    ///   already in that set, the set stops growing and every `x*m` with
    ///   m >= k has the same thermograph.
    /// - `x + n.^ + *m = {x | x + (n-1).^ + *(m xor 1)}` (n >= 1, except
    ///   `x^* = {x, x* | x}`): the chain down to `x^*` or `x*m'` applies
    ///   the same map (the thermograph of `{x | y}` from that of `y`) once
    ///   per step; the values it takes repeat after a few steps, and the
    ///   rest of the chain is skipped by that period. Negative n by
    ///   symmetry (`{y | x}`).
    ///
    /// Fails with [`CgtError::TooDeep`] only if the map takes more than
    /// 10,000 distinct values (it takes at most three on every value
    /// tested).
    pub fn of_nus(v: Nus) -> Result<Thermograph, CgtError> {
        let x = Thermograph::number(Rational::from(v.number.to_ratio()))?;
        if v.ups == 0 {
            return Ok(star_thermograph(&x, v.nimber)?);
        }
        let n = u64::from(v.ups.unsigned_abs());
        let up = v.ups > 0;
        // The option one step down the chain is {x | y} (up) or {y | x}.
        let step = |y: &Thermograph| -> Result<Thermograph, Overflow> {
            if up {
                Thermograph::from_options([&x], [y])
            } else {
                Thermograph::from_options([y], [&x])
            }
        };
        // The nimber where the chain reaches one up (or down).
        let m_at_one = v.nimber ^ u32::from((n - 1) % 2 == 1);
        let (base, steps) = if m_at_one == 1 {
            // x^* = {x, x* | x}, xv* = {x | x, x*}.
            let star = star_thermograph(&x, 1)?;
            let base = if up {
                Thermograph::from_options([&x, &star], [&x])?
            } else {
                Thermograph::from_options([&x], [&x, &star])?
            };
            (base, n - 1)
        } else {
            (star_thermograph(&x, m_at_one ^ 1)?, n)
        };
        let mut y = base;
        let mut left = steps;
        let mut seen: HashMap<Thermograph, u64> = HashMap::new();
        while left > 0 {
            if let Some(&before) = seen.get(&y) {
                // The values repeat with period `before - left`.
                left %= before - left;
                seen.clear();
                if left == 0 {
                    break;
                }
            } else if seen.len() >= 10_000 {
                return Err(CgtError::TooDeep {
                    depth: n,
                    limit: 10_000,
                });
            } else {
                seen.insert(y.clone(), left);
            }
            y = step(&y)?;
            left -= 1;
        }
        Ok(y)
    }

    /// The thermograph of the game `{ lefts | rights }`, given the
    /// thermographs of its options (in any form: dominated and reversible
    /// options may be present).
    pub fn from_options<'a>(
        lefts: impl IntoIterator<Item = &'a Thermograph>,
        rights: impl IntoIterator<Item = &'a Thermograph>,
    ) -> Result<Thermograph, Overflow> {
        let left_scaffold = Trajectory::max_of(lefts.into_iter().map(|o| &o.right_wall))?;
        let right_scaffold = Trajectory::min_of(rights.into_iter().map(|o| &o.left_wall))?;
        let ls = left_scaffold
            .map(|s| s.tilt_dyadic(Dyadic::from_i32(-1)))
            .transpose()?;
        let rs = right_scaffold
            .map(|s| s.tilt_dyadic(Dyadic::ONE))
            .transpose()?;
        Thermograph::from_scaffolds(ls.as_ref(), rs.as_ref())
    }

    /// The thermograph with the given (already taxed) scaffolds; `None` is
    /// the scaffold of a side without options (-inf on the left, +inf on the
    /// right).
    pub fn from_scaffolds(
        ls: Option<&Trajectory>,
        rs: Option<&Trajectory>,
    ) -> Result<Thermograph, Overflow> {
        let minus_one = Dyadic::from_i32(-1);
        let base_l = ls.map(|s| s.value_at_dyadic(minus_one)).transpose()?;
        let base_r = rs.map(|s| s.value_at_dyadic(minus_one)).transpose()?;
        let (ls, rs) = match (ls, rs, base_l, base_r) {
            (Some(ls), Some(rs), Some(l), Some(r)) if l > r => (ls, rs),
            _ => {
                // The scaffolds overlap at the base: a number.
                return Ok(Thermograph::mast_at_dyadic(Dyadic::simplest_in_closed(
                    base_l, base_r,
                )));
            }
        };
        let temperature = ls
            .first_at_or_below_dyadic(rs)?
            .expect("the left scaffold falls and the right one rises without bound");
        Ok(Thermograph {
            left_wall: ls.truncate_dyadic(temperature)?,
            right_wall: rs.truncate_dyadic(temperature)?,
        })
    }

    /// The temperature: where the walls join the mast (-1 for integers and 0).
    pub fn temperature(&self) -> Rational {
        let top = |w: &Trajectory| w.last_point().0;
        Rational::from(top(&self.left_wall).max(top(&self.right_wall)))
    }

    /// The mast value, which is the mean value of the game.
    pub fn mast(&self) -> Rational {
        Rational::from(self.left_wall.last_point().1)
    }

    /// The mean value (the mast).
    pub fn mean(&self) -> Rational {
        self.mast()
    }

    /// The left stop: the left wall at t = 0.
    pub fn left_stop(&self) -> Result<Rational, Overflow> {
        self.left_wall.value_at(Rational::ZERO)
    }

    /// The right stop: the right wall at t = 0.
    pub fn right_stop(&self) -> Result<Rational, Overflow> {
        self.right_wall.value_at(Rational::ZERO)
    }

    /// Whether the left wall is vertical just below t = 0 (the upper bound
    /// from the left stop is exact rather than relaxed; Song & Müller 2015, II-D1).
    pub fn left_vertical_below_zero(&self) -> Result<bool, Overflow> {
        Ok(self.left_wall.slope_below(Rational::ZERO)? == Rational::ZERO)
    }

    /// Whether the right wall is vertical just below t = 0.
    pub fn right_vertical_below_zero(&self) -> Result<bool, Overflow> {
        Ok(self.right_wall.slope_below(Rational::ZERO)? == Rational::ZERO)
    }

    /// If both stops are the same number `x`, the game is `x` plus an
    /// infinitesimal: returns `x` and the kind of that infinitesimal, read off
    /// the walls just below t = 0 (Song & Müller 2015, Fig. 5: a slanted left wall means
    /// Left gains the last move, a slanted right wall that Right does).
    pub fn infinitesimal_kind(&self) -> Result<Option<(Rational, InfinitesimalKind)>, Overflow> {
        let (l, r) = (self.left_stop()?, self.right_stop()?);
        if l != r {
            return Ok(None);
        }
        let kind = match (
            self.left_vertical_below_zero()?,
            self.right_vertical_below_zero()?,
        ) {
            (true, true) => InfinitesimalKind::Zero,
            (false, true) => InfinitesimalKind::Positive,
            (true, false) => InfinitesimalKind::Negative,
            (false, false) => InfinitesimalKind::Fuzzy,
        };
        Ok(Some((l, kind)))
    }
}

/// The thermograph of `x*m` from that of the number `x` (see
/// [`Thermograph::of_nus`]).
fn star_thermograph(x: &Thermograph, m: u32) -> Result<Thermograph, Overflow> {
    let mut seen = vec![x.clone()];
    let mut t = x.clone();
    for _ in 0..m {
        t = Thermograph::from_options(&seen, &seen)?;
        if seen.contains(&t) {
            break;
        }
        seen.push(t.clone());
    }
    Ok(t)
}

/// Thermographs of canonical forms, memoised by [`GameId`]. Use one cache
/// per [`Arena`] (ids are only meaningful in their arena).
#[derive(Debug, Default)]
pub struct ThermographCache {
    map: HashMap<GameId, Thermograph>,
}

impl ThermographCache {
    /// An empty cache.
    pub fn new() -> ThermographCache {
        ThermographCache::default()
    }

    /// The thermograph of the canonical form `g`, from the thermographs of
    /// its canonical options (numbers directly by [`Thermograph::number`]).
    /// Each thermograph of a game that is not number-up-star is a step
    /// within the arena's limits ([`Arena::count_step`]).
    ///
    /// # Errors
    /// [`CgtError::LimitReached`] at a limit of the arena, or an overflow.
    pub fn thermograph(&mut self, arena: &mut Arena, g: GameId) -> Result<Thermograph, CgtError> {
        if let Some(t) = self.map.get(&g) {
            return Ok(t.clone());
        }
        let t = if let Some(nus) = arena.as_nus(g) {
            Thermograph::of_nus(nus)?
        } else {
            arena.count_step()?;
            let lefts = arena.left_options(g).to_vec();
            let rights = arena.right_options(g).to_vec();
            let lefts = lefts
                .into_iter()
                .map(|o| self.thermograph(arena, o))
                .collect::<Result<Vec<_>, _>>()?;
            let rights = rights
                .into_iter()
                .map(|o| self.thermograph(arena, o))
                .collect::<Result<Vec<_>, _>>()?;
            Thermograph::from_options(&lefts, &rights)?
        };
        self.map.insert(g, t.clone());
        Ok(t)
    }
}

/// Thermographs of an engine's positions straight from the thermographs of
/// their options, without canonical forms, memoised by position (the way a
/// retrograde database fills its entries).
///
/// A position is valued whole: [`PartizanPosition::decompose`] is not used,
/// since the thermograph of a sum is not a function of the thermographs of
/// its parts.
#[derive(Debug)]
pub struct PositionThermographs<P> {
    map: HashMap<P, Thermograph>,
}

impl<P> Default for PositionThermographs<P> {
    fn default() -> Self {
        PositionThermographs {
            map: HashMap::new(),
        }
    }
}

impl<P: PartizanPosition> PositionThermographs<P> {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of positions valued so far.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no position has been valued yet.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The thermograph of `position`.
    pub fn thermograph(&mut self, position: &P) -> Result<Thermograph, Overflow>
    where
        P: Hash + Eq,
    {
        if let Some(t) = self.map.get(position) {
            return Ok(t.clone());
        }
        let lefts = position
            .left_options()
            .iter()
            .map(|o| self.thermograph(o))
            .collect::<Result<Vec<_>, _>>()?;
        let rights = position
            .right_options()
            .iter()
            .map(|o| self.thermograph(o))
            .collect::<Result<Vec<_>, _>>()?;
        let t = Thermograph::from_options(&lefts, &rights)?;
        self.map.insert(position.clone(), t.clone());
        Ok(t)
    }
}

impl fmt::Display for Thermograph {
    /// CGSuite's listing: `L: (x, t) ... R: (x, t) ...`, breakpoints from
    /// t = -1 up to the mast.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wall = |f: &mut fmt::Formatter<'_>, w: &Trajectory| -> fmt::Result {
            for (i, (t, x)) in w.points().iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "({x}, {t})")?;
            }
            Ok(())
        };
        f.write_str("L: ")?;
        wall(f, &self.left_wall)?;
        f.write_str(" R: ")?;
        wall(f, &self.right_wall)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Rational {
        s.parse().unwrap()
    }

    /// The definition, applied to the canonical options all the way down
    /// (memoised by game), with no shortcut for number-up-star values.
    fn by_options(
        arena: &mut Arena,
        memo: &mut HashMap<GameId, Thermograph>,
        g: GameId,
    ) -> Thermograph {
        if let Some(t) = memo.get(&g) {
            return t.clone();
        }
        let t = if let Some(x) = arena.number(g) {
            Thermograph::number(Rational::from(x.to_ratio())).unwrap()
        } else {
            let lefts = arena.left_options(g).to_vec();
            let rights = arena.right_options(g).to_vec();
            let lefts: Vec<Thermograph> = lefts
                .into_iter()
                .map(|o| by_options(arena, memo, o))
                .collect();
            let rights: Vec<Thermograph> = rights
                .into_iter()
                .map(|o| by_options(arena, memo, o))
                .collect();
            Thermograph::from_options(&lefts, &rights).unwrap()
        };
        memo.insert(g, t.clone());
        t
    }

    #[test]
    fn number_up_star_thermographs_follow_the_definition() {
        let mut arena = Arena::new();
        let mut memo = HashMap::new();
        let ups = (-12..=12).chain([-101, -100, 99, 100]);
        for x in ["0", "1/2", "-3/4", "2", "-5"] {
            let x: Dyadic = x.parse().unwrap();
            for n in ups.clone() {
                for m in (0..=12).chain([31, 64]) {
                    let nus = Nus::new(x, n, m).unwrap();
                    let g = arena.from_nus(nus);
                    let expected = by_options(&mut arena, &mut memo, g);
                    assert_eq!(Thermograph::of_nus(nus).unwrap(), expected, "{nus}");
                }
            }
        }
    }

    #[test]
    fn huge_nimbers_and_up_multiples_are_not_expanded() {
        // The thermographs of *m (m >= 1) and of n.^ (n >= 1) are those of *
        // and ^: every nimber is a fuzzy infinitesimal and every positive
        // multiple of up a positive one, and below temperature 0 the walls
        // of an infinitesimal only say who wins moving first (Song & Müller
        // 2015, II-D2). The small cases follow the definition (above).
        let star = Thermograph::of_nus(Nus::new(Dyadic::ZERO, 0, 1).unwrap()).unwrap();
        let up = Thermograph::of_nus(Nus::new(Dyadic::ZERO, 1, 0).unwrap()).unwrap();
        assert_eq!(
            Thermograph::of_nus(Nus::new(Dyadic::ZERO, 0, u32::MAX).unwrap()).unwrap(),
            star
        );
        assert_eq!(
            Thermograph::of_nus(Nus::new(Dyadic::ZERO, i32::MAX, 0).unwrap()).unwrap(),
            up
        );
    }

    fn game(lefts: &[&Thermograph], rights: &[&Thermograph]) -> Thermograph {
        Thermograph::from_options(lefts.iter().copied(), rights.iter().copied()).unwrap()
    }

    // Hand-derived from the definition in ARCHITECTURE.md (its worked
    // examples: {2|1}, 1/2, *, ^).
    #[test]
    fn worked_examples_of_the_definition() {
        let zero = Thermograph::mast_at(q("0"));
        let one = game(&[&zero], &[]);
        let two = game(&[&one], &[]);
        assert_eq!(one, Thermograph::mast_at(q("1")));
        assert_eq!(two, Thermograph::mast_at(q("2")));
        assert_eq!(one.temperature(), q("-1"));

        // {2|1}: LS = 2 - t, RS = 1 + t meet at t = 1/2, mast 3/2.
        let switch = game(&[&two], &[&one]);
        assert_eq!(switch.temperature(), q("1/2"));
        assert_eq!(switch.mast(), q("3/2"));
        assert_eq!(switch.left_stop().unwrap(), q("2"));
        assert_eq!(switch.right_stop().unwrap(), q("1"));

        // 1/2 = {0|1}: meet at t = -1/2.
        let half = game(&[&zero], &[&one]);
        assert_eq!((half.temperature(), half.mast()), (q("-1/2"), q("1/2")));
        assert_eq!(
            half.infinitesimal_kind().unwrap(),
            Some((q("1/2"), InfinitesimalKind::Zero))
        );

        // * = {0|0}: meet at 0; below 0 the walls spread to 1 and -1.
        let star = game(&[&zero], &[&zero]);
        assert_eq!(star.to_string(), "L: (1, -1) (0, 0) R: (-1, -1) (0, 0)");
        assert_eq!(
            star.infinitesimal_kind().unwrap(),
            Some((q("0"), InfinitesimalKind::Fuzzy))
        );

        // ^ = {0|*}: mast 0 from t = 0, right wall vertical below.
        let up = game(&[&zero], &[&star]);
        assert_eq!(up.to_string(), "L: (1, -1) (0, 0) R: (0, -1)");
        assert_eq!(up.temperature(), q("0"));
        assert_eq!(
            up.infinitesimal_kind().unwrap(),
            Some((q("0"), InfinitesimalKind::Positive))
        );
    }

    // CGSuite's CanonicalShortGameTestCase: 25/16 has temperature -1/16,
    // -1/2 has -1/2, 5 has -1; mean and both stops equal the number.
    #[test]
    fn numbers_have_temperature_minus_one_over_their_denominator() {
        for (x, temperature) in [
            ("25/16", "-1/16"),
            ("-1/2", "-1/2"),
            ("5", "-1"),
            ("0", "-1"),
        ] {
            let t = Thermograph::number(q(x)).unwrap();
            assert_eq!(t.temperature(), q(temperature), "{x}");
            assert_eq!(t.mean(), q(x));
            assert_eq!(t.left_stop().unwrap(), q(x));
            assert_eq!(t.right_stop().unwrap(), q(x));
        }
    }

    #[test]
    fn non_canonical_number_forms_give_the_number() {
        // {0|3/2} = 1 (simplest number theorem).
        let zero = Thermograph::mast_at(q("0"));
        let one = game(&[&zero], &[]);
        let two = game(&[&one], &[]);
        let three_halves = game(&[&one], &[&two]);
        assert_eq!(game(&[&zero], &[&three_halves]), one);
        // {*|*} = 0.
        let star = game(&[&zero], &[&zero]);
        assert_eq!(game(&[&star], &[&star]), zero);
    }
}
