//! The win/loss outcome the solvers decide, and proof and disproof numbers.

use std::fmt;

/// The result of a game for the player to move in some position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinLoss {
    /// The player to move wins with best play.
    Win,
    /// The player to move loses with best play.
    Loss,
}

impl WinLoss {
    /// The outcome for the other player: a child position lost for the
    /// player to move there is a win for the player who moved into it.
    #[must_use]
    pub fn flip(self) -> WinLoss {
        match self {
            WinLoss::Win => WinLoss::Loss,
            WinLoss::Loss => WinLoss::Win,
        }
    }
}

impl fmt::Display for WinLoss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinLoss::Win => "win",
            WinLoss::Loss => "loss",
        })
    }
}

/// The proof number `pn` and disproof number `dn` of a position, seen from
/// the player to move (negamax form, Nagai 2002, ch. 3): `pn` estimates how
/// many leaves must still be decided to prove that the player to move wins,
/// `dn` how many to prove that they lose.
///
/// `pn = 0, dn = INFINITY` is a proven win, `pn = INFINITY, dn = 0` a proven
/// loss. Sums saturate at [`ProofNumbers::MAX_FINITE`], so that a sum of
/// finite numbers never reads as a proof; only a proof yields `INFINITY`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProofNumbers {
    /// Proof number: work left to prove a win for the player to move.
    pub pn: u32,
    /// Disproof number: work left to prove a loss for the player to move.
    pub dn: u32,
}

impl ProofNumbers {
    /// The infinite proof number: this side can no longer be proved.
    pub const INFINITY: u32 = u32::MAX;
    /// The largest finite proof number; saturated sums stop here.
    pub const MAX_FINITE: u32 = u32::MAX - 1;
    /// A proven win for the player to move.
    pub const WIN: ProofNumbers = ProofNumbers {
        pn: 0,
        dn: Self::INFINITY,
    };
    /// A proven loss for the player to move.
    pub const LOSS: ProofNumbers = ProofNumbers {
        pn: Self::INFINITY,
        dn: 0,
    };
    /// The numbers of a position not searched yet (Nagai's initial values).
    pub const UNKNOWN: ProofNumbers = ProofNumbers { pn: 1, dn: 1 };

    /// The numbers of a decided position.
    #[must_use]
    pub fn proven(outcome: WinLoss) -> ProofNumbers {
        match outcome {
            WinLoss::Win => Self::WIN,
            WinLoss::Loss => Self::LOSS,
        }
    }

    /// The outcome these numbers prove, if any.
    #[must_use]
    pub fn outcome(self) -> Option<WinLoss> {
        if self.pn == 0 {
            Some(WinLoss::Win)
        } else if self.dn == 0 {
            Some(WinLoss::Loss)
        } else {
            None
        }
    }

    /// True if the position is decided.
    #[must_use]
    pub fn is_proven(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

impl fmt::Display for ProofNumbers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |f: &mut fmt::Formatter<'_>, x: u32| {
            if x == Self::INFINITY {
                f.write_str("inf")
            } else {
                write!(f, "{x}")
            }
        };
        f.write_str("pn ")?;
        show(f, self.pn)?;
        f.write_str(" dn ")?;
        show(f, self.dn)
    }
}

/// `a + b` for proof numbers: infinite if either is, otherwise saturating at
/// [`ProofNumbers::MAX_FINITE`].
#[inline]
pub(crate) fn pn_add(a: u32, b: u32) -> u32 {
    if a == ProofNumbers::INFINITY || b == ProofNumbers::INFINITY {
        ProofNumbers::INFINITY
    } else {
        a.saturating_add(b).min(ProofNumbers::MAX_FINITE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_saturate_below_infinity() {
        assert_eq!(pn_add(3, 4), 7);
        assert_eq!(
            pn_add(ProofNumbers::MAX_FINITE, 5),
            ProofNumbers::MAX_FINITE
        );
        assert_eq!(pn_add(ProofNumbers::INFINITY, 0), ProofNumbers::INFINITY);
    }
}
