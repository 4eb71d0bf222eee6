//! Number-up-star values `x + n.^ + *m`: the fast path of the arena.
//!
//! Canonical forms (Siegel, *Combinatorial Game Theory*, ch. II, and
//! Berlekamp, Conway, Guy, *Winning Ways*, ch. 3), for a number `x`:
//!
//! - `x` itself: `{x - 1 | }`, `{ | x + 1}` or `{x - 2^-k | x + 2^-k}`;
//! - `x*m` (m >= 1): `{x, x*, .., x*(m-1) | x, x*, .., x*(m-1)}`;
//! - `x^*` = `{x, x* | x}`;
//! - `x + n.^ + *m` otherwise, for n >= 1: `{x | x + (n-1).^ + *(m xor 1)}`
//!   (so `^ = {0|*}`, `^^ = {0|^*}`, `^^* = {0|^}`, `^*6 = {0|*7}`);
//! - negative n by symmetry: `x + n.^ + *m = -(-x + (-n).^ + *m)`.

use std::cmp::Ordering;
use std::fmt;

use crate::{CgtError, Dyadic};

/// A value `number + ups.^ + *nimber` (`^` = up, `*m` = nimber m).
///
/// Invariant: `ups != i32::MIN`, so that negation never overflows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// The multiple of up (negative: down).
    pub ups: i32,
    /// The nimber part.
    pub nimber: u32,
}

impl Nus {
    /// Zero.
    pub const ZERO: Nus = Nus {
        number: Dyadic::ZERO,
        ups: 0,
        nimber: 0,
    };

    /// `number + ups.^ + *nimber`; fails only for `ups == i32::MIN`.
    pub fn new(number: Dyadic, ups: i32, nimber: u32) -> Result<Nus, CgtError> {
        if ups == i32::MIN {
            return Err(CgtError::overflow("up multiple"));
        }
        Ok(Nus {
            number,
            ups,
            nimber,
        })
    }

    /// The number `x`.
    pub const fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nimber: 0,
        }
    }

    /// Whether this is a number (no ups, no star).
    pub const fn is_number(self) -> bool {
        self.ups == 0 && self.nimber == 0
    }

    /// `-self`; never overflows.
    #[must_use]
    pub const fn neg(self) -> Nus {
        Nus {
            number: self.number.neg(),
            ups: -self.ups,
            nimber: self.nimber,
        }
    }

    /// `self + other`, checked.
    pub fn checked_add(self, other: Nus) -> Result<Nus, CgtError> {
        let ups = self
            .ups
            .checked_add(other.ups)
            .ok_or(CgtError::overflow("up multiple"))?;
        Nus::new(
            self.number.checked_add(other.number)?,
            ups,
            self.nimber ^ other.nimber,
        )
    }

    /// Compares two number-up-star values: `Some(order)` or `None` when they
    /// are confused.
    pub fn partial_cmp_nus(self, other: Nus) -> Option<Ordering> {
        match self.number.cmp(&other.number) {
            Ordering::Less => Some(Ordering::Less),
            Ordering::Greater => Some(Ordering::Greater),
            Ordering::Equal => {
                // Sign of (other - self) = n.^ + *m, with n in i64 to avoid overflow.
                let n = i64::from(other.ups) - i64::from(self.ups);
                let m = other.nimber ^ self.nimber;
                match infinitesimal_sign(n, m) {
                    Sign::Positive => Some(Ordering::Less),
                    Sign::Negative => Some(Ordering::Greater),
                    Sign::Zero => Some(Ordering::Equal),
                    Sign::Fuzzy => None,
                }
            }
        }
    }

    /// The birthday of the canonical form.
    pub fn birthday(self) -> u64 {
        let n = u64::from(self.ups.unsigned_abs());
        let m = u64::from(self.nimber);
        let infinitesimal = if n == 0 {
            m
        } else {
            // Each step n -> n-1 flips the low bit of m; the chain ends at
            // n = 1, where ^* = {0,*|0} has birthday 2 and ^*k = {0|*(k^1)}
            // has birthday 1 + (k^1).
            let m_at_one = m ^ ((n - 1) & 1);
            if m_at_one == 1 {
                n + 1
            } else {
                n + (m ^ (n & 1))
            }
        };
        self.number.birthday() + infinitesimal
    }

    /// The Left options of the canonical form.
    pub fn left_options(self) -> Result<Vec<Nus>, CgtError> {
        // Negative ups, and numbers: the Left options mirror the Right
        // options of the negative.
        if self.ups < 0 || (self.ups == 0 && self.nimber == 0) {
            return Ok(self
                .neg()
                .right_options()?
                .into_iter()
                .map(Nus::neg)
                .collect());
        }
        let x = self.number;
        if self.ups == 0 {
            return Ok((0..self.nimber)
                .map(|k| Nus {
                    number: x,
                    ups: 0,
                    nimber: k,
                })
                .collect());
        }
        if self.ups == 1 && self.nimber == 1 {
            return Ok(vec![
                Nus::number(x),
                Nus {
                    number: x,
                    ups: 0,
                    nimber: 1,
                },
            ]);
        }
        Ok(vec![Nus::number(x)])
    }

    /// The Right options of the canonical form.
    pub fn right_options(self) -> Result<Vec<Nus>, CgtError> {
        if self.ups < 0 {
            return Ok(self
                .neg()
                .left_options()?
                .into_iter()
                .map(Nus::neg)
                .collect());
        }
        let x = self.number;
        if self.ups == 0 && self.nimber == 0 {
            return Ok(if x.is_integer() {
                if x.signum() < 0 {
                    vec![Nus::number(x.checked_add(Dyadic::ONE)?)]
                } else {
                    vec![]
                }
            } else {
                let step = Dyadic::new(1, x.exponent())?;
                vec![Nus::number(x.checked_add(step)?)]
            });
        }
        if self.ups == 0 {
            return self.left_options();
        }
        if self.ups == 1 && self.nimber == 1 {
            return Ok(vec![Nus::number(x)]);
        }
        Ok(vec![Nus {
            number: x,
            ups: self.ups - 1,
            nimber: self.nimber ^ 1,
        }])
    }
}

/// The sign of an infinitesimal `n.^ + *m`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sign {
    Positive,
    Negative,
    Zero,
    Fuzzy,
}

/// `n.^ + *m` is positive iff n >= 2, or n = 1 and m != 1 (`^*` is fuzzy);
/// symmetrically negative; zero iff n = m = 0; otherwise fuzzy.
fn infinitesimal_sign(n: i64, m: u32) -> Sign {
    match n {
        0 if m == 0 => Sign::Zero,
        0 => Sign::Fuzzy,
        1 | -1 if m == 1 => Sign::Fuzzy,
        n if n > 0 => Sign::Positive,
        _ => Sign::Negative,
    }
}

impl fmt::Display for Nus {
    /// CGSuite notation: `0`, `3/4`, `*`, `*3`, `^`, `v2*`, `3^*`, `-1/2v3*2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_number() {
            return write!(f, "{}", self.number);
        }
        if !self.number.is_zero() {
            write!(f, "{}", self.number)?;
        }
        match self.ups {
            0 => {}
            1 => f.write_str("^")?,
            -1 => f.write_str("v")?,
            n if n > 0 => write!(f, "^{n}")?,
            n => write!(f, "v{}", n.unsigned_abs())?,
        }
        match self.nimber {
            0 => Ok(()),
            1 => f.write_str("*"),
            m => write!(f, "*{m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nus(x: i32, n: i32, m: u32) -> Nus {
        Nus::new(Dyadic::from_i32(x), n, m).unwrap()
    }

    #[test]
    fn display() {
        assert_eq!(nus(0, 0, 0).to_string(), "0");
        assert_eq!(nus(0, 0, 1).to_string(), "*");
        assert_eq!(nus(0, 0, 3).to_string(), "*3");
        assert_eq!(nus(3, 1, 1).to_string(), "3^*");
        assert_eq!(nus(0, -2, 1).to_string(), "v2*");
        assert_eq!(nus(-1, 2, 0).to_string(), "-1^2");
    }

    #[test]
    fn birthdays_match_cgsuite() {
        // CGSuite CanonicalShortGameTestCase: ^ -> 2, v* -> 2, 6^* -> 8, ^*6 -> 8,
        // *8 -> 8, 9/8* -> 6, 73/16v9*8 -> 27.
        assert_eq!(nus(0, 1, 0).birthday(), 2);
        assert_eq!(nus(0, -1, 1).birthday(), 2);
        assert_eq!(nus(6, 1, 1).birthday(), 8);
        assert_eq!(nus(0, 1, 6).birthday(), 8);
        assert_eq!(nus(0, 0, 8).birthday(), 8);
        let x = |s: &str| s.parse::<Dyadic>().unwrap();
        assert_eq!(Nus::new(x("9/8"), 0, 1).unwrap().birthday(), 6);
        assert_eq!(Nus::new(x("73/16"), -9, 8).unwrap().birthday(), 27);
    }

    #[test]
    fn signs() {
        assert_eq!(
            nus(0, 0, 0).partial_cmp_nus(nus(0, 1, 0)),
            Some(Ordering::Less)
        );
        assert_eq!(nus(0, 0, 0).partial_cmp_nus(nus(0, 1, 1)), None);
        assert_eq!(
            nus(0, 0, 0).partial_cmp_nus(nus(0, 1, 2)),
            Some(Ordering::Less)
        );
        assert_eq!(
            nus(0, 0, 0).partial_cmp_nus(nus(0, 2, 1)),
            Some(Ordering::Less)
        );
        assert_eq!(
            nus(1, -5, 3).partial_cmp_nus(nus(0, 9, 0)),
            Some(Ordering::Greater)
        );
        assert_eq!(
            nus(0, 0, 2).partial_cmp_nus(nus(0, 0, 2)),
            Some(Ordering::Equal)
        );
    }
}
