//! Exact rationals with checked arithmetic, the public coordinates of
//! thermographs and bounds.
//!
//! Thermograph breakpoints of short games are dyadic rationals, and the walls
//! are computed internally as [`Dyadic`]s ([`crate::Trajectory`]); this type
//! is what the accessors hand out. Every operation is checked: an overflow of
//! the `i64` numerator or denominator is an [`Overflow`] error, never a
//! silent wrap.

use std::fmt;
use std::str::FromStr;

use num_rational::Ratio;
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub, Signed, Zero};

use crate::Dyadic;

/// An arithmetic result did not fit in 64-bit numerators and denominators
/// (or, for a [`crate::Trajectory`], a coordinate would not be a dyadic
/// rational with an `i64` numerator and a denominator of at most 2^62).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("arithmetic overflow: a number does not fit in 64 bits")]
pub struct Overflow;

/// An exact rational number, always in lowest terms with a positive
/// denominator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Rational(Ratio<i64>);

impl Rational {
    /// Zero.
    pub const ZERO: Rational = Rational(Ratio::new_raw(0, 1));
    /// One.
    pub const ONE: Rational = Rational(Ratio::new_raw(1, 1));
    /// Minus one (the lowest temperature of subzero thermography).
    pub const MINUS_ONE: Rational = Rational(Ratio::new_raw(-1, 1));

    /// `numer / denom`, reduced.
    ///
    /// # Panics
    /// If `denom` is zero (a caller's bug).
    pub fn new(numer: i64, denom: i64) -> Rational {
        assert!(denom != 0, "Rational::new with a zero denominator");
        Rational(Ratio::new(numer, denom))
    }

    /// The integer `n`.
    pub const fn integer(n: i64) -> Rational {
        Rational(Ratio::new_raw(n, 1))
    }

    /// The numerator (in lowest terms; carries the sign).
    pub fn numer(self) -> i64 {
        *self.0.numer()
    }

    /// The denominator (in lowest terms; always positive).
    pub fn denom(self) -> i64 {
        *self.0.denom()
    }

    /// The underlying `num-rational` value.
    pub fn to_ratio(self) -> Ratio<i64> {
        self.0
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.0.is_integer()
    }

    /// Whether the denominator is a power of two.
    pub fn is_dyadic(self) -> bool {
        (self.denom() as u64).is_power_of_two()
    }

    /// Sign: -1, 0 or 1.
    pub fn signum(self) -> i64 {
        *self.0.signum().numer()
    }

    /// `self + rhs`, checked.
    pub fn checked_add(self, rhs: Rational) -> Result<Rational, Overflow> {
        // Two integers (most sums of bounds) need no common denominator
        // and no reduction.
        if self.denom() == 1 && rhs.denom() == 1 {
            return self
                .numer()
                .checked_add(rhs.numer())
                .map(Rational::integer)
                .ok_or(Overflow);
        }
        self.0.checked_add(&rhs.0).map(Rational).ok_or(Overflow)
    }

    /// `self - rhs`, checked.
    pub fn checked_sub(self, rhs: Rational) -> Result<Rational, Overflow> {
        self.0.checked_sub(&rhs.0).map(Rational).ok_or(Overflow)
    }

    /// `self * rhs`, checked.
    pub fn checked_mul(self, rhs: Rational) -> Result<Rational, Overflow> {
        self.0.checked_mul(&rhs.0).map(Rational).ok_or(Overflow)
    }

    /// `self / rhs`, checked.
    ///
    /// # Panics
    /// If `rhs` is zero (a caller's bug).
    pub fn checked_div(self, rhs: Rational) -> Result<Rational, Overflow> {
        assert!(!rhs.0.is_zero(), "Rational division by zero");
        self.0.checked_div(&rhs.0).map(Rational).ok_or(Overflow)
    }

    /// `-self`, checked (fails only for `i64::MIN`).
    pub fn checked_neg(self) -> Result<Rational, Overflow> {
        self.numer()
            .checked_neg()
            .map(|n| Rational(Ratio::new_raw(n, self.denom())))
            .ok_or(Overflow)
    }

    /// The absolute value, checked.
    pub fn abs(self) -> Result<Rational, Overflow> {
        if self.0.is_negative() {
            self.checked_neg()
        } else {
            Ok(self)
        }
    }

    /// The largest integer `<= self`.
    pub fn floor(self) -> i64 {
        self.numer().div_euclid(self.denom())
    }

    /// The smallest integer `>= self`.
    pub fn ceil(self) -> i64 {
        -((-(self.numer() as i128)).div_euclid(self.denom() as i128) as i64)
    }

    /// The simplest number (in the sense of combinatorial game theory) in the
    /// closed interval `[lo, hi]`; `None` stands for an infinite end.
    ///
    /// The simplest number is 0 if the interval holds 0; else the integer of
    /// least magnitude in it; else the dyadic rational with the smallest
    /// denominator in it. Both ends, when finite, must be dyadic, so that the
    /// interval always holds a dyadic rational.
    ///
    /// # Panics
    /// If `lo > hi` (a caller's bug).
    pub fn simplest_between(lo: Option<Rational>, hi: Option<Rational>) -> Rational {
        let dyadic = |x: Rational| {
            Dyadic::try_from(x.0).unwrap_or_else(|_| panic!("simplest_between: {x} is not dyadic"))
        };
        if let (Some(l), Some(h)) = (lo, hi) {
            assert!(l <= h, "simplest_between: empty interval [{l}, {h}]");
        }
        Rational(Dyadic::simplest_in_closed(lo.map(dyadic), hi.map(dyadic)).to_ratio())
    }

    /// This number as a dyadic rational, or [`Overflow`] if its denominator
    /// is not a power of two.
    pub fn to_dyadic(self) -> Result<Dyadic, Overflow> {
        Dyadic::try_from(self.0).map_err(|_| Overflow)
    }
}

impl From<Dyadic> for Rational {
    fn from(d: Dyadic) -> Rational {
        // A normalised dyadic is in lowest terms with a positive denominator.
        Rational(d.to_ratio())
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denom() == 1 {
            write!(f, "{}", self.numer())
        } else {
            write!(f, "{}/{}", self.numer(), self.denom())
        }
    }
}

/// With the `serde` feature, a rational serializes as its text (`"-3/4"`,
/// `"2"`): exact, where a JSON number would not be.
#[cfg(feature = "serde")]
impl serde::Serialize for Rational {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A malformed rational in text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("malformed rational {text:?}: expected an integer or `p/q`")]
pub struct ParseRationalError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Rational {
    type Err = ParseRationalError;

    fn from_str(s: &str) -> Result<Rational, ParseRationalError> {
        let err = || ParseRationalError { text: s.to_owned() };
        let (p, q) = match s.split_once('/') {
            Some((p, q)) => (p.trim(), q.trim()),
            None => (s.trim(), "1"),
        };
        let p: i64 = p.parse().map_err(|_| err())?;
        let q: i64 = q.parse().map_err(|_| err())?;
        if q == 0 {
            return Err(err());
        }
        Ok(Rational::new(p, q))
    }
}

impl From<i64> for Rational {
    fn from(n: i64) -> Rational {
        Rational::integer(n)
    }
}

impl From<Ratio<i64>> for Rational {
    fn from(r: Ratio<i64>) -> Rational {
        Rational(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Rational {
        s.parse().unwrap()
    }

    #[test]
    fn parse_and_print_round_trip() {
        for s in ["0", "-3/4", "5", "21/16", "-1"] {
            assert_eq!(q(s).to_string(), s);
        }
        assert_eq!(q("6/8").to_string(), "3/4");
        assert!("1/0".parse::<Rational>().is_err());
        assert!("x".parse::<Rational>().is_err());
    }

    #[test]
    fn overflow_is_an_error_not_a_wrap() {
        let big = Rational::integer(i64::MAX);
        assert_eq!(big.checked_add(Rational::ONE), Err(Overflow));
        assert_eq!(Rational::integer(i64::MIN).checked_neg(), Err(Overflow));
        assert_eq!(big.checked_mul(Rational::integer(2)), Err(Overflow));
    }

    #[test]
    fn sums_agree_with_wide_ratio_arithmetic() {
        // Reference: num-rational over i128, where none of these sums
        // overflows. A sum of two integers (the fast path) must equal it
        // when it fits, else be an error; the general path may also fail
        // on an intermediate product that does not fit, but never returns
        // a wrong value.
        let ints = [
            0,
            1,
            -1,
            7,
            -12,
            i64::MAX,
            i64::MAX - 3,
            i64::MIN,
            i64::MIN + 5,
        ];
        let mut values: Vec<Rational> = ints.iter().map(|&n| Rational::integer(n)).collect();
        values.extend([q("1/2"), q("-3/4"), q("5/3"), Rational::new(i64::MAX, 2)]);
        for &a in &values {
            for &b in &values {
                let wide = |x: Rational| Ratio::new(i128::from(x.numer()), i128::from(x.denom()));
                let sum = wide(a) + wide(b);
                let expected = match (i64::try_from(*sum.numer()), i64::try_from(*sum.denom())) {
                    (Ok(n), Ok(d)) => Ok(Rational::new(n, d)),
                    _ => Err(Overflow),
                };
                let got = a.checked_add(b);
                if a.is_integer() && b.is_integer() {
                    assert_eq!(got, expected, "{a} + {b}");
                } else {
                    assert!(got == expected || got == Err(Overflow), "{a} + {b}");
                }
            }
        }
    }

    #[test]
    fn floor_and_ceil() {
        assert_eq!(q("-3/2").floor(), -2);
        assert_eq!(q("-3/2").ceil(), -1);
        assert_eq!(q("3/2").floor(), 1);
        assert_eq!(q("3/2").ceil(), 2);
        assert_eq!(q("2").ceil(), 2);
    }

    /// The simplest number in an interval, from the definition (Conway, ONAG
    /// ch. 2; Siegel, CGT, II.3): checked against a brute-force scan of the
    /// dyadics by birthday.
    #[test]
    fn simplest_number_matches_brute_force() {
        // All dyadics with denominator <= 16 in [-4, 4], ordered by birthday.
        fn birthday(x: Rational) -> i64 {
            let whole = x.abs().unwrap().floor();
            let frac_bits = (x.denom() as u64).trailing_zeros() as i64;
            if x.is_integer() {
                whole
            } else {
                whole + 1 + frac_bits
            }
        }
        let mut all: Vec<Rational> = (-64..=64).map(|n| Rational::new(n, 16)).collect();
        all.sort_by_key(|&x| birthday(x));
        for a in -64..=64 {
            for b in a..=64 {
                let (lo, hi) = (Rational::new(a, 16), Rational::new(b, 16));
                let expected = *all.iter().find(|&&x| lo <= x && x <= hi).unwrap();
                assert_eq!(
                    Rational::simplest_between(Some(lo), Some(hi)),
                    expected,
                    "[{lo}, {hi}]"
                );
            }
        }
        assert_eq!(Rational::simplest_between(Some(q("5/2")), None), q("3"));
        assert_eq!(Rational::simplest_between(None, Some(q("-1/2"))), q("-1"));
        assert_eq!(Rational::simplest_between(None, None), q("0"));
    }
}
