//! Dyadic rationals: the numbers of short games.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use num_rational::Ratio;

use crate::CgtError;

/// The largest exponent of a [`Dyadic`]: denominators go up to 2^62, so that
/// every dyadic converts to a `Ratio<i64>`.
pub const MAX_EXPONENT: u32 = 62;

/// A dyadic rational `numerator / 2^exponent`, the value of a number in a
/// short game.
///
/// Normalised: `exponent == 0` or `numerator` is odd; `exponent <=`
/// [`MAX_EXPONENT`]; `numerator != i64::MIN` (so that negation never
/// overflows). Arithmetic is checked and returns [`CgtError::Overflow`]
/// instead of wrapping.
///
/// ```
/// use cgt::Dyadic;
/// let x: Dyadic = "3/4".parse().unwrap();
/// let y = Dyadic::new(-5, 1).unwrap();
/// assert_eq!(x.checked_add(y).unwrap().to_string(), "-7/4");
/// assert_eq!(y.to_string(), "-5/2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Dyadic {
    numerator: i64,
    exponent: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic {
        numerator: 0,
        exponent: 0,
    };
    /// One.
    pub const ONE: Dyadic = Dyadic {
        numerator: 1,
        exponent: 0,
    };

    /// `numerator / 2^exponent`, normalised. Fails if the value has no
    /// representation within the bounds documented on the type.
    pub fn new(numerator: i64, exponent: u32) -> Result<Dyadic, CgtError> {
        Dyadic::from_i128(i128::from(numerator), exponent)
    }

    /// The integer `n`. Infallible for `i32`; see [`Dyadic::new`] for `i64`.
    pub const fn from_i32(n: i32) -> Dyadic {
        Dyadic {
            numerator: n as i64,
            exponent: 0,
        }
    }

    /// `numerator / 2^exponent` from a wide numerator, normalised.
    pub(crate) fn from_i128(mut numerator: i128, mut exponent: u32) -> Result<Dyadic, CgtError> {
        if numerator == 0 {
            return Ok(Dyadic::ZERO);
        }
        let twos = numerator.trailing_zeros().min(exponent);
        numerator >>= twos;
        exponent -= twos;
        if exponent > MAX_EXPONENT {
            return Err(CgtError::overflow("dyadic denominator"));
        }
        match i64::try_from(numerator) {
            Ok(n) if n != i64::MIN => Ok(Dyadic {
                numerator: n,
                exponent,
            }),
            _ => Err(CgtError::overflow("dyadic numerator")),
        }
    }

    /// The numerator (odd unless the number is an integer).
    pub const fn numerator(self) -> i64 {
        self.numerator
    }

    /// The exponent of the denominator 2^exponent.
    pub const fn exponent(self) -> u32 {
        self.exponent
    }

    /// Whether this is an integer.
    pub const fn is_integer(self) -> bool {
        self.exponent == 0
    }

    /// Whether this is zero.
    pub const fn is_zero(self) -> bool {
        self.numerator == 0
    }

    /// The sign: -1, 0 or 1.
    pub const fn signum(self) -> i64 {
        self.numerator.signum()
    }

    /// The largest integer `<= self`.
    pub const fn floor(self) -> i64 {
        self.numerator >> self.exponent
    }

    /// The smallest integer `>= self`.
    pub fn ceil(self) -> i64 {
        // -floor(-x); the numerator is never i64::MIN, so -numerator exists.
        -((-self.numerator) >> self.exponent)
    }

    /// `-self`; never overflows (the numerator is never `i64::MIN`).
    #[must_use]
    pub const fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -self.numerator,
            exponent: self.exponent,
        }
    }

    /// `self + other`, or an overflow error.
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, CgtError> {
        let e = self.exponent.max(other.exponent);
        // |numerator| < 2^63 and the shift is at most 62: fits in i128.
        let a = i128::from(self.numerator) << (e - self.exponent);
        let b = i128::from(other.numerator) << (e - other.exponent);
        Dyadic::from_i128(a + b, e).map_err(|_| CgtError::overflow("dyadic addition"))
    }

    /// `self - other`, or an overflow error.
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic, CgtError> {
        self.checked_add(other.neg())
    }

    /// `self * 2^k` for `k >= 0` or `self / 2^-k` for `k < 0`, checked.
    pub fn checked_mul_pow2(self, k: i32) -> Result<Dyadic, CgtError> {
        if k >= 0 {
            let k = k.unsigned_abs();
            if k >= 64 && self.numerator != 0 {
                return Err(CgtError::overflow("dyadic scaling"));
            }
            let shifted = i128::from(self.numerator) << k.min(63);
            Dyadic::from_i128(shifted, self.exponent)
        } else {
            let e = self
                .exponent
                .checked_add(k.unsigned_abs())
                .ok_or(CgtError::overflow("dyadic scaling"))?;
            Dyadic::from_i128(i128::from(self.numerator), e)
        }
    }

    /// `self * other`, or an overflow error.
    pub fn checked_mul(self, other: Dyadic) -> Result<Dyadic, CgtError> {
        // Both numerators are below 2^63 in magnitude: the product fits i128.
        let n = i128::from(self.numerator) * i128::from(other.numerator);
        Dyadic::from_i128(n, self.exponent + other.exponent)
            .map_err(|_| CgtError::overflow("dyadic multiplication"))
    }

    /// `self / other` if the quotient is dyadic (the odd part of `other`
    /// divides `self`'s numerator), else an error: the quotient of two
    /// dyadics is in general not dyadic.
    ///
    /// # Panics
    /// If `other` is zero (a caller's bug).
    pub fn checked_div_exact(self, other: Dyadic) -> Result<Dyadic, CgtError> {
        assert!(!other.is_zero(), "dyadic division by zero");
        let twos = other.numerator.trailing_zeros();
        let odd = other.numerator >> twos;
        if self.numerator % odd != 0 {
            return Err(CgtError::overflow("dyadic division (not dyadic)"));
        }
        // self / other = (n / odd) * 2^(e_other - twos - e_self).
        let k = i64::from(other.exponent) - i64::from(twos) - i64::from(self.exponent);
        let k = i32::try_from(k).map_err(|_| CgtError::overflow("dyadic division"))?;
        Dyadic::new(self.numerator / odd, 0)?.checked_mul_pow2(k)
    }

    /// The birthday of this number as a game: `|n|` for an integer `n`, and
    /// `floor(|x|) + 1 + k` for `x = j/2^k` with `j` odd and `k >= 1`.
    pub fn birthday(self) -> u64 {
        let int_part = self.numerator.unsigned_abs() >> self.exponent;
        if self.exponent == 0 {
            int_part
        } else {
            int_part + 1 + u64::from(self.exponent)
        }
    }

    /// The value as an exact rational (the denominator is at most 2^62).
    pub fn to_ratio(self) -> Ratio<i64> {
        Ratio::new_raw(self.numerator, 1i64 << self.exponent)
    }

    /// The simplest number strictly between `lo` and `hi`, where `None` means
    /// no bound on that side. This is the value of `{lo | hi}` when both are
    /// numbers with `lo < hi` (the simplicity rule).
    ///
    /// # Panics
    /// If `lo >= hi` (a caller's bug).
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Result<Dyadic, CgtError> {
        match (lo, hi) {
            (None, None) => Ok(Dyadic::ZERO),
            (Some(a), None) => {
                if a.signum() < 0 {
                    Ok(Dyadic::ZERO)
                } else {
                    Dyadic::new(a.floor() + 1, 0)
                }
            }
            (None, Some(b)) => {
                if b.signum() > 0 {
                    Ok(Dyadic::ZERO)
                } else {
                    Dyadic::new(b.ceil() - 1, 0)
                }
            }
            (Some(a), Some(b)) => {
                assert!(a < b, "simplest_between needs lo < hi");
                if a.signum() < 0 && b.signum() > 0 {
                    Ok(Dyadic::ZERO)
                } else if b.signum() <= 0 {
                    Ok(Dyadic::simplest_between(Some(b.neg()), Some(a.neg()))?.neg())
                } else {
                    Dyadic::simplest_nonnegative(a, b)
                }
            }
        }
    }

    /// The simplest number in the closed interval `[lo, hi]` (`None`: no
    /// bound on that side): the simplest of `lo`, `hi` and the simplest
    /// number strictly between them, by birthday (the simplest number of an
    /// interval is unique).
    ///
    /// # Panics
    /// If `lo > hi` (a caller's bug).
    pub fn simplest_in_closed(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
        if let (Some(a), Some(b)) = (lo, hi) {
            assert!(a <= b, "simplest_in_closed needs lo <= hi");
            if a == b {
                return a;
            }
        }
        // Strictly inside, the simplest number has an exponent at most one
        // more than the ends'; should that leave the representable range,
        // an end is simpler anyway.
        let inside = Dyadic::simplest_between(lo, hi).ok();
        [lo, hi, inside]
            .into_iter()
            .flatten()
            .min_by_key(|x| x.birthday())
            .expect("an interval with a finite end, or the whole line (inside = 0)")
    }

    /// The simplest number in `(a, b)` for `0 <= a < b`.
    fn simplest_nonnegative(a: Dyadic, b: Dyadic) -> Result<Dyadic, CgtError> {
        let k = a.floor();
        let next = i128::from(k) + 1;
        // An integer strictly between: the smallest one is the simplest.
        if Dyadic::cmp_parts(next, 0, i128::from(b.numerator), b.exponent) == Ordering::Less {
            return Dyadic::from_i128(next, 0);
        }
        // Otherwise a and b lie in [k, k+1]: work with the fractional parts
        // a' = a - k in [0, 1) and b' = b - k in (0, 1], whose numerators are
        // below 2^63, and find the smallest denominator 2^e with a multiple of
        // 1/2^e strictly between; there is exactly one, and it is the answer.
        let fa = i128::from(a.numerator) - (i128::from(k) << a.exponent);
        let fb = i128::from(b.numerator) - (i128::from(k) << b.exponent);
        for e in 1..=(MAX_EXPONENT + 1) {
            // j = floor(a' * 2^e) + 1
            let j = if e >= a.exponent {
                (fa << (e - a.exponent)) + 1
            } else {
                (fa >> (a.exponent - e)) + 1
            };
            if Dyadic::cmp_parts(j, e, fb, b.exponent) == Ordering::Less {
                return Dyadic::from_i128((i128::from(k) << e) + j, e);
            }
        }
        Err(CgtError::overflow("simplest number"))
    }

    /// Compares `n1 / 2^e1` with `n2 / 2^e2` (numerators below 2^64, exponents
    /// at most 63).
    fn cmp_parts(n1: i128, e1: u32, n2: i128, e2: u32) -> Ordering {
        let e = e1.max(e2);
        (n1 << (e - e1)).cmp(&(n2 << (e - e2)))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        Dyadic::cmp_parts(
            i128::from(self.numerator),
            self.exponent,
            i128::from(other.numerator),
            other.exponent,
        )
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i32> for Dyadic {
    fn from(n: i32) -> Self {
        Dyadic::from_i32(n)
    }
}

impl TryFrom<i64> for Dyadic {
    type Error = CgtError;
    fn try_from(n: i64) -> Result<Self, CgtError> {
        Dyadic::new(n, 0)
    }
}

impl From<Dyadic> for Ratio<i64> {
    fn from(d: Dyadic) -> Self {
        d.to_ratio()
    }
}

impl TryFrom<Ratio<i64>> for Dyadic {
    type Error = CgtError;
    /// Fails if the denominator is not a power of two (at most 2^62).
    fn try_from(r: Ratio<i64>) -> Result<Self, CgtError> {
        let d = *r.denom();
        let (n, d) = if d < 0 {
            (
                r.numer().checked_neg().ok_or(CgtError::overflow("ratio"))?,
                d.checked_neg().ok_or(CgtError::overflow("ratio"))?,
            )
        } else {
            (*r.numer(), d)
        };
        if d <= 0 || d.count_ones() != 1 {
            return Err(CgtError::overflow(
                "ratio to dyadic (denominator not a power of two)",
            ));
        }
        Dyadic::new(n, d.trailing_zeros())
    }
}

impl fmt::Display for Dyadic {
    /// `-2`, `3/4`, `-25/16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u64 << self.exponent)
        }
    }
}

/// A malformed dyadic rational.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseDyadicError {
    /// Not of the form `n` or `n/d` with integers `n`, `d`.
    #[error("expected an integer or a fraction n/d")]
    Syntax,
    /// The denominator is not a power of two.
    #[error("the denominator {0} is not a power of two")]
    NotDyadic(u64),
    /// Out of range.
    #[error(transparent)]
    Range(#[from] CgtError),
}

impl FromStr for Dyadic {
    type Err = ParseDyadicError;
    /// Parses `n` or `n/d` with `d` a power of two, e.g. `-3/4`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (num, den) = match s.split_once('/') {
            Some((n, d)) => (n, Some(d)),
            None => (s, None),
        };
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let unsigned = num.strip_prefix('-').unwrap_or(num);
        let den_ok = match den {
            None => true,
            Some(t) => digits(t),
        };
        if !digits(unsigned) || !den_ok {
            return Err(ParseDyadicError::Syntax);
        }
        let n: i128 = num
            .parse()
            .map_err(|_| CgtError::overflow("integer literal"))?;
        let e = match den {
            None => 0,
            Some(d) => {
                let d: u64 = d
                    .parse()
                    .map_err(|_| CgtError::overflow("integer literal"))?;
                if d == 0 || d.count_ones() != 1 {
                    return Err(ParseDyadicError::NotDyadic(d));
                }
                d.trailing_zeros()
            }
        };
        Ok(Dyadic::from_i128(n, e)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn normalises_and_prints() {
        assert_eq!(Dyadic::new(6, 2).unwrap(), d("3/2"));
        assert_eq!(Dyadic::new(8, 3).unwrap(), Dyadic::ONE);
        assert_eq!(d("-4/8").to_string(), "-1/2");
        assert_eq!(d("0/16"), Dyadic::ZERO);
        assert!(Dyadic::new(i64::MIN, 0).is_err());
        assert_eq!(
            Dyadic::new(i64::MIN, 1).unwrap().to_string(),
            (i64::MIN / 2).to_string()
        );
        assert!(Dyadic::new(1, 63).is_err());
        assert!("1/3".parse::<Dyadic>().is_err());
        assert!("1/0".parse::<Dyadic>().is_err());
        assert!("x".parse::<Dyadic>().is_err());
    }

    #[test]
    fn checked_arithmetic() {
        assert_eq!(d("1/2").checked_add(d("1/4")).unwrap(), d("3/4"));
        assert_eq!(d("3/4").checked_sub(d("1/4")).unwrap(), d("1/2"));
        let big = Dyadic::new(i64::MAX, 0).unwrap();
        assert!(big.checked_add(Dyadic::ONE).is_err());
        let tiny = Dyadic::new(1, MAX_EXPONENT).unwrap();
        assert!(tiny.checked_mul_pow2(-1).is_err());
        assert_eq!(tiny.checked_mul_pow2(62).unwrap(), Dyadic::ONE);
    }

    #[test]
    fn floor_ceil_order() {
        assert_eq!(d("-3/2").floor(), -2);
        assert_eq!(d("-3/2").ceil(), -1);
        assert_eq!(d("7/4").floor(), 1);
        assert_eq!(d("7/4").ceil(), 2);
        assert!(d("-1/2") < d("-1/4"));
        assert!(d("1023/1024") < Dyadic::ONE);
    }

    #[test]
    fn birthdays() {
        // Values from CGSuite's CanonicalShortGameTestCase: 5 -> 5, -1/2 -> 2, 25/16 -> 6.
        assert_eq!(d("5").birthday(), 5);
        assert_eq!(d("-1/2").birthday(), 2);
        assert_eq!(d("25/16").birthday(), 6);
        assert_eq!(d("-1823437481924").birthday(), 1_823_437_481_924);
    }

    #[test]
    fn simplest_numbers() {
        let s = |a: Option<&str>, b: Option<&str>| {
            Dyadic::simplest_between(a.map(d), b.map(d))
                .unwrap()
                .to_string()
        };
        assert_eq!(s(None, None), "0");
        assert_eq!(s(Some("0"), None), "1");
        assert_eq!(s(Some("5/2"), None), "3");
        assert_eq!(s(Some("-3"), None), "0");
        assert_eq!(s(None, Some("-1/2")), "-1");
        assert_eq!(s(None, Some("-1")), "-2");
        assert_eq!(s(Some("0"), Some("1")), "1/2");
        assert_eq!(s(Some("1/2"), Some("1")), "3/4");
        assert_eq!(s(Some("-1"), Some("1")), "0");
        assert_eq!(s(Some("1"), Some("4")), "2");
        assert_eq!(s(Some("3/8"), Some("7/8")), "1/2");
        assert_eq!(s(Some("-7/8"), Some("-3/8")), "-1/2");
        assert_eq!(s(Some("5/16"), Some("3/8")), "11/32");
        assert_eq!(s(Some("-2"), Some("-1")), "-3/2");
    }

    #[test]
    fn ratio_round_trip() {
        let x = d("-25/16");
        let r: Ratio<i64> = x.into();
        assert_eq!(r, Ratio::new(-25, 16));
        assert_eq!(Dyadic::try_from(r).unwrap(), x);
        assert!(Dyadic::try_from(Ratio::new(1, 3)).is_err());
    }
}
