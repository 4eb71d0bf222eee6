//! Piecewise-linear functions of the temperature, the walls and scaffolds of
//! thermographs.
//!
//! Every coordinate of the thermograph of a short game is a dyadic rational
//! (walls have slopes 0 and +-1, so lines meet at dyadic temperatures), and
//! the breakpoints are kept as checked [`Dyadic`]s with the slope of each
//! segment stored beside them: no gcd and no division except at a crossing,
//! where it is exact. The public accessors hand out [`Rational`]s.

use std::cmp::Ordering;

use crate::dyadic::Dyadic;
use crate::rational::{Overflow, Rational};
use crate::CgtError;

/// A continuous piecewise-linear function `x(t)` for `t >= -1`.
///
/// The breakpoints `(t, x)` have strictly increasing `t`, the first at
/// `t = -1`; between two breakpoints the function is linear, and after the
/// last one it continues with slope `tail` (dx/dt). A thermograph wall has
/// `tail = 0`: the vertical mast above the temperature.
///
/// Kept simplified: no breakpoint lies on the straight line through its
/// neighbours, so the breakpoints are exactly where the slope changes (and
/// equal functions are equal values). Coordinates and slopes are dyadic;
/// an operation whose result would not be (or would leave the range of
/// [`Dyadic`]) fails with [`Overflow`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Trajectory {
    /// `(t, x, slope)`: each breakpoint and the slope of the segment that
    /// starts there (the last one's is the tail).
    segments: Vec<Segment>,
}

/// A breakpoint and the slope after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Segment {
    t: Dyadic,
    x: Dyadic,
    slope: Dyadic,
}

impl Segment {
    /// The value of this segment's line at `t`.
    fn at(&self, t: Dyadic) -> Result<Dyadic, Overflow> {
        // Most lookups are at a breakpoint or on a vertical (slope 0) part.
        if t == self.t || self.slope.is_zero() {
            return Ok(self.x);
        }
        ov(self
            .x
            .checked_add(ov(self.slope.checked_mul(ov(t.checked_sub(self.t))?))?))
    }
}

/// Maps the `cgt` error of dyadic arithmetic to [`Overflow`].
fn ov<T>(r: Result<T, CgtError>) -> Result<T, Overflow> {
    r.map_err(|_| Overflow)
}

const MINUS_ONE: Dyadic = Dyadic::from_i32(-1);

/// Builds a simplified trajectory from segments pushed in increasing `t`.
struct Builder(Vec<Segment>);

impl Builder {
    fn push(&mut self, t: Dyadic, x: Dyadic, slope: Dyadic) {
        if self.0.last().is_some_and(|last| last.t == t) {
            self.0.pop();
        }
        // The function is continuous: the same slope continues the line.
        if self.0.last().is_none_or(|last| last.slope != slope) {
            self.0.push(Segment { t, x, slope });
        }
    }
}

impl Trajectory {
    /// The constant function `x(t) = x`: a vertical mast.
    ///
    /// # Panics
    /// If `x` is not dyadic (a caller's bug: see [`Trajectory::constant_dyadic`]).
    pub fn constant(x: Rational) -> Trajectory {
        let x = x
            .to_dyadic()
            .unwrap_or_else(|_| panic!("a trajectory at the non-dyadic {x}"));
        Trajectory::constant_dyadic(x)
    }

    /// The constant function `x(t) = x`.
    pub fn constant_dyadic(x: Dyadic) -> Trajectory {
        Trajectory {
            segments: vec![Segment {
                t: MINUS_ONE,
                x,
                slope: Dyadic::ZERO,
            }],
        }
    }

    /// Builds a trajectory from breakpoints and the slope after the last one.
    ///
    /// # Errors
    /// [`Overflow`] if a coordinate or a slope between two breakpoints is not
    /// dyadic (or out of range).
    ///
    /// # Panics
    /// If `points` is empty, does not start at `t = -1`, or its `t` do not
    /// increase strictly (a caller's bug).
    pub fn new(points: Vec<(Rational, Rational)>, tail: Rational) -> Result<Trajectory, Overflow> {
        assert!(
            points.first().is_some_and(|p| p.0 == Rational::MINUS_ONE),
            "a trajectory starts at t = -1"
        );
        assert!(
            points.windows(2).all(|w| w[0].0 < w[1].0),
            "trajectory breakpoints must increase in t"
        );
        let points = points
            .iter()
            .map(|&(t, x)| Ok((t.to_dyadic()?, x.to_dyadic()?)))
            .collect::<Result<Vec<_>, Overflow>>()?;
        let mut b = Builder(Vec::with_capacity(points.len()));
        for (i, &(t, x)) in points.iter().enumerate() {
            let slope = match points.get(i + 1) {
                Some(&(t1, x1)) => {
                    ov(ov(x1.checked_sub(x))?.checked_div_exact(ov(t1.checked_sub(t))?))?
                }
                None => tail.to_dyadic()?,
            };
            b.push(t, x, slope);
        }
        Ok(Trajectory { segments: b.0 })
    }

    /// The breakpoints `(t, x)`, from `t = -1` up.
    pub fn points(&self) -> Vec<(Rational, Rational)> {
        self.segments
            .iter()
            .map(|s| (Rational::from(s.t), Rational::from(s.x)))
            .collect()
    }

    /// The breakpoints `(t, x)` as dyadics, from `t = -1` up.
    pub fn dyadic_points(&self) -> impl ExactSizeIterator<Item = (Dyadic, Dyadic)> + '_ {
        self.segments.iter().map(|s| (s.t, s.x))
    }

    /// The number of breakpoints.
    pub fn len(&self) -> usize {
        self.segments.len()
    }

    /// Always false: a trajectory has at least the breakpoint at `t = -1`.
    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// The slope dx/dt after the last breakpoint.
    pub fn tail(&self) -> Rational {
        Rational::from(self.last().slope)
    }

    /// The last breakpoint `(t, x)`.
    pub fn last_point(&self) -> (Dyadic, Dyadic) {
        let s = self.last();
        (s.t, s.x)
    }

    fn last(&self) -> &Segment {
        self.segments.last().expect("a trajectory is never empty")
    }

    /// The value at temperature `t >= -1`.
    ///
    /// # Errors
    /// [`Overflow`] if `t` is not dyadic or the value is out of range.
    pub fn value_at(&self, t: Rational) -> Result<Rational, Overflow> {
        self.value_at_dyadic(t.to_dyadic()?).map(Rational::from)
    }

    /// The value at the dyadic temperature `t >= -1`.
    pub fn value_at_dyadic(&self, t: Dyadic) -> Result<Dyadic, Overflow> {
        let i = self.segments.partition_point(|s| s.t <= t);
        debug_assert!(i > 0, "trajectory evaluated below t = -1");
        self.segments[i.max(1) - 1].at(t)
    }

    /// The slope just below temperature `t > -1`.
    pub fn slope_below(&self, t: Rational) -> Result<Rational, Overflow> {
        let t = t.to_dyadic()?;
        let i = self.segments.partition_point(|s| s.t < t);
        Ok(Rational::from(self.segments[i.max(1) - 1].slope))
    }

    /// `x(t) + slope * t`: the scaffold of a wall under a tax (Song & Müller 2015, II-C1).
    pub fn tilt(&self, slope: Rational) -> Result<Trajectory, Overflow> {
        self.tilt_dyadic(slope.to_dyadic()?)
    }

    /// [`Trajectory::tilt`] by a dyadic slope.
    pub fn tilt_dyadic(&self, slope: Dyadic) -> Result<Trajectory, Overflow> {
        let mut b = Builder(Vec::with_capacity(self.segments.len()));
        for s in &self.segments {
            b.push(
                s.t,
                ov(s.x.checked_add(ov(slope.checked_mul(s.t))?))?,
                ov(s.slope.checked_add(slope))?,
            );
        }
        Ok(Trajectory { segments: b.0 })
    }

    /// The pointwise maximum of two trajectories.
    pub fn max(&self, other: &Trajectory) -> Result<Trajectory, Overflow> {
        self.extreme(other, Ordering::Greater)
    }

    /// The pointwise minimum of two trajectories.
    pub fn min(&self, other: &Trajectory) -> Result<Trajectory, Overflow> {
        self.extreme(other, Ordering::Less)
    }

    /// The pointwise maximum of `all`, `None` if there are none: a fold of
    /// [`Trajectory::max`] that reuses two buffers instead of making a new
    /// trajectory at each step.
    pub fn max_of<'a>(
        all: impl IntoIterator<Item = &'a Trajectory>,
    ) -> Result<Option<Trajectory>, Overflow> {
        Trajectory::extreme_of(all, Ordering::Greater)
    }

    /// The pointwise minimum of `all` (see [`Trajectory::max_of`]).
    pub fn min_of<'a>(
        all: impl IntoIterator<Item = &'a Trajectory>,
    ) -> Result<Option<Trajectory>, Overflow> {
        Trajectory::extreme_of(all, Ordering::Less)
    }

    fn extreme_of<'a>(
        all: impl IntoIterator<Item = &'a Trajectory>,
        keep: Ordering,
    ) -> Result<Option<Trajectory>, Overflow> {
        let mut all = all.into_iter();
        let Some(first) = all.next() else {
            return Ok(None);
        };
        let mut acc = first.segments.clone();
        let mut out = Vec::new();
        for t in all {
            out.clear();
            extreme_into(&acc, &t.segments, keep, &mut out)?;
            std::mem::swap(&mut acc, &mut out);
        }
        Ok(Some(Trajectory { segments: acc }))
    }

    /// Pointwise max (`keep = Greater`) or min (`keep = Less`).
    fn extreme(&self, other: &Trajectory, keep: Ordering) -> Result<Trajectory, Overflow> {
        let mut out = Vec::with_capacity(self.segments.len() + other.segments.len());
        extreme_into(&self.segments, &other.segments, keep, &mut out)?;
        Ok(Trajectory { segments: out })
    }

    /// [`walk`] over the segments of `self` and `other`.
    fn walk<R>(
        &self,
        other: &Trajectory,
        f: impl FnMut(Dyadic, &Segment, &Segment, Option<Dyadic>) -> Result<Option<R>, Overflow>,
    ) -> Result<Option<R>, Overflow> {
        walk(&self.segments, &other.segments, f)
    }

    /// Where the lines of `a` and `b`, apart by `d = a(t) - b(t) != 0` at `t`,
    /// meet after `t` (before `next`), if they do.
    fn crossing(
        t: Dyadic,
        d: Dyadic,
        a: &Segment,
        b: &Segment,
        next: Option<Dyadic>,
    ) -> Result<Option<Dyadic>, Overflow> {
        let ds = ov(a.slope.checked_sub(b.slope))?;
        if ds.is_zero() || d.signum() == ds.signum() {
            return Ok(None);
        }
        // a - b = d + ds (s - t) vanishes at s = t - d / ds.
        let at = ov(t.checked_sub(ov(d.checked_div_exact(ds))?))?;
        Ok(next.is_none_or(|n| at < n).then_some(at))
    }

    /// The first `t >= -1` at which `self(t) <= other(t)`, if any.
    pub fn first_at_or_below(&self, other: &Trajectory) -> Result<Option<Rational>, Overflow> {
        Ok(self.first_at_or_below_dyadic(other)?.map(Rational::from))
    }

    /// [`Trajectory::first_at_or_below`] as a dyadic.
    pub fn first_at_or_below_dyadic(&self, other: &Trajectory) -> Result<Option<Dyadic>, Overflow> {
        self.walk(other, |t, a, b, next| {
            let d = ov(a.at(t)?.checked_sub(b.at(t)?))?;
            if d.signum() <= 0 {
                return Ok(Some(t));
            }
            Trajectory::crossing(t, d, a, b, next)
        })
    }

    /// This function on `[-1, t]`, continued vertically (slope 0) above `t`.
    pub fn truncate(&self, t: Rational) -> Result<Trajectory, Overflow> {
        self.truncate_dyadic(t.to_dyadic()?)
    }

    /// [`Trajectory::truncate`] at a dyadic temperature.
    pub fn truncate_dyadic(&self, t: Dyadic) -> Result<Trajectory, Overflow> {
        let x = self.value_at_dyadic(t)?;
        let mut b = Builder(Vec::with_capacity(self.segments.len() + 1));
        for s in self.segments.iter().take_while(|s| s.t < t) {
            b.push(s.t, s.x, s.slope);
        }
        b.push(t, x, Dyadic::ZERO);
        Ok(Trajectory { segments: b.0 })
    }
}

/// Walks two functions (their segments) together over the union of their
/// breakpoints: calls `f(t, a, b, next)` with the segments of `a` and `b`
/// current at `t`, and `next` the next breakpoint of either (`None` after
/// the last), until `f` returns `Some`.
fn walk<R>(
    a: &[Segment],
    b: &[Segment],
    mut f: impl FnMut(Dyadic, &Segment, &Segment, Option<Dyadic>) -> Result<Option<R>, Overflow>,
) -> Result<Option<R>, Overflow> {
    let (mut i, mut j) = (0, 0);
    let mut t = MINUS_ONE;
    loop {
        let next = match (a.get(i + 1), b.get(j + 1)) {
            (Some(x), Some(y)) => Some(x.t.min(y.t)),
            (Some(x), None) => Some(x.t),
            (None, Some(y)) => Some(y.t),
            (None, None) => None,
        };
        if let Some(r) = f(t, &a[i], &b[j], next)? {
            return Ok(Some(r));
        }
        let Some(n) = next else { return Ok(None) };
        if a.get(i + 1).is_some_and(|s| s.t == n) {
            i += 1;
        }
        if b.get(j + 1).is_some_and(|s| s.t == n) {
            j += 1;
        }
        t = n;
    }
}

/// The pointwise max (`keep = Greater`) or min (`keep = Less`) of two
/// functions' segments, pushed onto `out` (empty, its capacity reused).
fn extreme_into(
    a: &[Segment],
    b: &[Segment],
    keep: Ordering,
    out: &mut Vec<Segment>,
) -> Result<(), Overflow> {
    let mut built = Builder(std::mem::take(out));
    let walked = walk(a, b, |t, a, b, next| {
        let (xa, xb) = (a.at(t)?, b.at(t)?);
        // Which is kept just after t: by value, ties by slope.
        let a_first = match xa.cmp(&xb) {
            Ordering::Equal => a.slope.cmp(&b.slope) != keep.reverse(),
            order => order == keep,
        };
        let (win, lose, x) = if a_first { (a, b, xa) } else { (b, a, xb) };
        built.push(t, x, win.slope);
        let d = ov(xa.checked_sub(xb))?;
        if !d.is_zero() {
            if let Some(at) = Trajectory::crossing(t, d, a, b, next)? {
                built.push(at, win.at(at)?, lose.slope);
            }
        }
        Ok(None::<()>)
    });
    *out = built.0;
    walked.map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Rational {
        s.parse().unwrap()
    }

    fn traj(points: &[(&str, &str)], tail: &str) -> Trajectory {
        Trajectory::new(points.iter().map(|&(t, x)| (q(t), q(x))).collect(), q(tail)).unwrap()
    }

    /// Checks `f` against a direct evaluation of `expected` at many sample
    /// temperatures (a reference written out point by point).
    fn assert_agrees(f: &Trajectory, expected: impl Fn(Rational) -> Rational) {
        for k in -16..=64 {
            let t = Rational::new(k, 16);
            assert_eq!(f.value_at(t).unwrap(), expected(t), "at t = {t}");
        }
    }

    #[test]
    fn max_and_min_agree_with_pointwise_evaluation() {
        let a = traj(&[("-1", "2"), ("1", "0")], "0"); // 1 - t, then 0
        let b = traj(&[("-1", "-1/2")], "1"); // -1/2 + (t+1)
        let max = a.max(&b).unwrap();
        let min = a.min(&b).unwrap();
        assert_agrees(&max, |t| {
            let (x, y) = (a.value_at(t).unwrap(), b.value_at(t).unwrap());
            x.max(y)
        });
        assert_agrees(&min, |t| {
            let (x, y) = (a.value_at(t).unwrap(), b.value_at(t).unwrap());
            x.min(y)
        });
        // Simplified: the breakpoints are where the slope changes.
        assert_eq!(min.points().len(), 3);
        // With slope 1/2 the lines meet at t = -1 + 5/3: not dyadic, an
        // error rather than a wrong wall.
        let c = traj(&[("-1", "-1/2")], "1/2");
        assert_eq!(a.max(&c), Err(Overflow));
    }

    #[test]
    fn max_of_and_min_of_agree_with_pointwise_evaluation() {
        let all = [
            traj(&[("-1", "2"), ("1", "0")], "0"),
            traj(&[("-1", "-1/2")], "1"),
            traj(&[("-1", "1"), ("1/2", "1"), ("3/2", "0")], "1/2"),
            Trajectory::constant(q("1/4")),
        ];
        let max = Trajectory::max_of(&all).unwrap().unwrap();
        let min = Trajectory::min_of(&all).unwrap().unwrap();
        let values = |t| all.iter().map(move |f: &Trajectory| f.value_at(t).unwrap());
        assert_agrees(&max, |t| values(t).max().unwrap());
        assert_agrees(&min, |t| values(t).min().unwrap());
        assert_eq!(Trajectory::max_of(&[]), Ok(None));
        assert_eq!(Trajectory::min_of(&all[1..2]), Ok(Some(all[1].clone())));
    }

    #[test]
    fn tilt_and_truncate() {
        let a = Trajectory::constant(q("2")).tilt(q("-1")).unwrap();
        assert_eq!(a.value_at(q("1/2")).unwrap(), q("3/2"));
        let w = a.truncate(q("1/2")).unwrap();
        assert_eq!(w.points(), vec![(q("-1"), q("3")), (q("1/2"), q("3/2"))]);
        assert_eq!(w.value_at(q("7")).unwrap(), q("3/2"));
        assert_eq!(w.slope_below(q("0")).unwrap(), q("-1"));
    }

    #[test]
    fn first_crossing() {
        let ls = Trajectory::constant(q("2")).tilt(q("-1")).unwrap();
        let rs = Trajectory::constant(q("1")).tilt(q("1")).unwrap();
        assert_eq!(ls.first_at_or_below(&rs).unwrap(), Some(q("1/2")));
        assert_eq!(rs.first_at_or_below(&ls).unwrap(), Some(q("-1")));
    }
}
