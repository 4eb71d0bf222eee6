//! Piecewise-linear functions of the temperature, the walls and scaffolds of
//! thermographs.

use std::cmp::Ordering;

use crate::rational::{Overflow, Rational};

/// A continuous piecewise-linear function `x(t)` for `t >= -1`.
///
/// `points` are the breakpoints `(t, x)` with strictly increasing `t`, the
/// first at `t = -1`; between two breakpoints the function is linear, and
/// after the last one it continues with slope `tail` (dx/dt). A thermograph
/// wall has `tail = 0`: the vertical mast above the temperature.
///
/// Kept simplified: no breakpoint lies on the straight line through its
/// neighbours, so the breakpoints are exactly where the slope changes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Trajectory {
    points: Vec<(Rational, Rational)>,
    tail: Rational,
}

impl Trajectory {
    /// The constant function `x(t) = x`: a vertical mast.
    pub fn constant(x: Rational) -> Trajectory {
        Trajectory {
            points: vec![(Rational::MINUS_ONE, x)],
            tail: Rational::ZERO,
        }
    }

    /// Builds a trajectory from breakpoints and the slope after the last one.
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
        let mut trajectory = Trajectory { points, tail };
        trajectory.simplify()?;
        Ok(trajectory)
    }

    /// The breakpoints `(t, x)`, from `t = -1` up.
    pub fn points(&self) -> &[(Rational, Rational)] {
        &self.points
    }

    /// The slope dx/dt after the last breakpoint.
    pub fn tail(&self) -> Rational {
        self.tail
    }

    /// The value at temperature `t >= -1`.
    pub fn value_at(&self, t: Rational) -> Result<Rational, Overflow> {
        let i = self.points.partition_point(|p| p.0 <= t);
        debug_assert!(i > 0, "trajectory evaluated below t = -1");
        let (t0, x0) = self.points[i.max(1) - 1];
        let slope = self.slope_after(i.max(1) - 1)?;
        x0.checked_add(slope.checked_mul(t.checked_sub(t0)?)?)
    }

    /// The slope of the segment that starts at breakpoint `i`.
    fn slope_after(&self, i: usize) -> Result<Rational, Overflow> {
        match self.points.get(i + 1) {
            Some(&(t1, x1)) => {
                let (t0, x0) = self.points[i];
                x1.checked_sub(x0)?.checked_div(t1.checked_sub(t0)?)
            }
            None => Ok(self.tail),
        }
    }

    /// The slope just below temperature `t > -1`.
    pub fn slope_below(&self, t: Rational) -> Result<Rational, Overflow> {
        let i = self.points.partition_point(|p| p.0 < t);
        self.slope_after(i.max(1) - 1)
    }

    /// `x(t) + slope * t`: the scaffold of a wall under a tax (seed 004, II-C1).
    pub fn tilt(&self, slope: Rational) -> Result<Trajectory, Overflow> {
        let points = self
            .points
            .iter()
            .map(|&(t, x)| Ok((t, x.checked_add(slope.checked_mul(t)?)?)))
            .collect::<Result<_, Overflow>>()?;
        Trajectory::new(points, self.tail.checked_add(slope)?)
    }

    /// The pointwise maximum of two trajectories.
    pub fn max(&self, other: &Trajectory) -> Result<Trajectory, Overflow> {
        self.extreme(other, Ordering::Greater)
    }

    /// The pointwise minimum of two trajectories.
    pub fn min(&self, other: &Trajectory) -> Result<Trajectory, Overflow> {
        self.extreme(other, Ordering::Less)
    }

    /// Pointwise max (`keep = Greater`) or min (`keep = Less`).
    fn extreme(&self, other: &Trajectory, keep: Ordering) -> Result<Trajectory, Overflow> {
        let ts = self.crossings_with(other)?;
        let mut points = Vec::with_capacity(ts.len());
        for &t in &ts {
            let (a, b) = (self.value_at(t)?, other.value_at(t)?);
            points.push((t, if a.cmp(&b) == keep { a } else { b }));
        }
        let last = *ts.last().expect("at least the point t = -1");
        let (a, b) = (self.value_at(last)?, other.value_at(last)?);
        let tail = match a.cmp(&b) {
            Ordering::Equal if self.tail.cmp(&other.tail) == keep => self.tail,
            Ordering::Equal => other.tail,
            order if order == keep => self.tail,
            _ => other.tail,
        };
        Trajectory::new(points, tail)
    }

    /// The union of both sets of breakpoints plus every point where the two
    /// functions cross, sorted.
    fn crossings_with(&self, other: &Trajectory) -> Result<Vec<Rational>, Overflow> {
        let mut ts: Vec<Rational> = self
            .points
            .iter()
            .chain(&other.points)
            .map(|p| p.0)
            .collect();
        ts.sort_unstable();
        ts.dedup();
        let mut out = Vec::with_capacity(ts.len() * 2);
        for w in ts.windows(2) {
            out.push(w[0]);
            let d0 = self.value_at(w[0])?.checked_sub(other.value_at(w[0])?)?;
            let d1 = self.value_at(w[1])?.checked_sub(other.value_at(w[1])?)?;
            if d0.signum() * d1.signum() < 0 {
                // Linear on [w0, w1]: the difference vanishes at w0 + (w1-w0) d0/(d0-d1).
                let cross = w[0].checked_add(
                    w[1].checked_sub(w[0])?
                        .checked_mul(d0.checked_div(d0.checked_sub(d1)?)?)?,
                )?;
                out.push(cross);
            }
        }
        let last = *ts.last().expect("trajectories start at t = -1");
        out.push(last);
        let d = self.value_at(last)?.checked_sub(other.value_at(last)?)?;
        let ds = self.tail.checked_sub(other.tail)?;
        if d.signum() * ds.signum() < 0 {
            // The tails cross at last - d/ds.
            out.push(last.checked_sub(d.checked_div(ds)?)?);
        }
        Ok(out)
    }

    /// The first `t >= -1` at which `self(t) <= other(t)`, if any.
    pub fn first_at_or_below(&self, other: &Trajectory) -> Result<Option<Rational>, Overflow> {
        let ts = self.crossings_with(other)?;
        for &t in &ts {
            if self.value_at(t)? <= other.value_at(t)? {
                // With the crossings included, the first such breakpoint is
                // the first such temperature.
                return Ok(Some(t));
            }
        }
        let last = *ts.last().expect("trajectories start at t = -1");
        let d = self.value_at(last)?.checked_sub(other.value_at(last)?)?;
        let ds = self.tail.checked_sub(other.tail)?;
        if ds < Rational::ZERO {
            Ok(Some(last.checked_sub(d.checked_div(ds)?)?))
        } else {
            Ok(None)
        }
    }

    /// This function on `[-1, t]`, continued vertically (slope 0) above `t`.
    pub fn truncate(&self, t: Rational) -> Result<Trajectory, Overflow> {
        let x = self.value_at(t)?;
        let mut points: Vec<_> = self.points.iter().copied().filter(|p| p.0 < t).collect();
        points.push((t, x));
        Trajectory::new(points, Rational::ZERO)
    }

    /// Removes breakpoints where the slope does not change.
    fn simplify(&mut self) -> Result<(), Overflow> {
        let mut out: Vec<(Rational, Rational)> = Vec::with_capacity(self.points.len());
        for &p in &self.points {
            if out.len() >= 2 {
                let (t0, x0) = out[out.len() - 2];
                let (t1, x1) = out[out.len() - 1];
                let s0 = x1.checked_sub(x0)?.checked_div(t1.checked_sub(t0)?)?;
                let s1 = p.1.checked_sub(x1)?.checked_div(p.0.checked_sub(t1)?)?;
                if s0 == s1 {
                    out.pop();
                }
            }
            out.push(p);
        }
        if out.len() >= 2 {
            let (t0, x0) = out[out.len() - 2];
            let (t1, x1) = out[out.len() - 1];
            if x1.checked_sub(x0)?.checked_div(t1.checked_sub(t0)?)? == self.tail {
                out.pop();
            }
        }
        self.points = out;
        Ok(())
    }
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
        let b = traj(&[("-1", "-1/2")], "1/2"); // -1/2 + (t+1)/2
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
    }

    #[test]
    fn tilt_and_truncate() {
        let a = Trajectory::constant(q("2")).tilt(q("-1")).unwrap();
        assert_eq!(a.value_at(q("1/2")).unwrap(), q("3/2"));
        let w = a.truncate(q("1/2")).unwrap();
        assert_eq!(w.points(), &[(q("-1"), q("3")), (q("1/2"), q("3/2"))]);
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
