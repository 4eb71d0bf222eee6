//! Errors of the game-value layer.

use thiserror::Error;

/// An operation on game values could not be carried out.
///
/// Values are exact and bounded: numbers are [`Dyadic`](crate::Dyadic)s with
/// an `i64` numerator and a denominator of at most 2^62, up-multiples are
/// `i32`. Arithmetic that would leave those ranges fails with
/// [`CgtError::Overflow`] instead of wrapping.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CgtError {
    /// A number or multiple left the representable range.
    #[error("arithmetic overflow in {operation}: the result is out of range")]
    Overflow {
        /// The operation that overflowed (e.g. "dyadic addition").
        operation: &'static str,
    },
    /// A game deeper than the arena builds ([`crate::arena::MAX_DEPTH`]).
    #[error("a game {depth} levels deep: at most {limit} are supported")]
    TooDeep {
        /// The depth the operation needed.
        depth: u64,
        /// The supported depth.
        limit: u64,
    },
    /// A nimber too large to expand into its options
    /// ([`crate::arena::MAX_EXPANDED_NIMBER`]).
    #[error("*{nimber} cannot be combined with a game that is not number-up-star: nimbers up to *{limit} can")]
    NimberTooLarge {
        /// The nimber.
        nimber: u32,
        /// The largest nimber expanded.
        limit: u32,
    },
    /// A node, time or memory limit, or an interrupt, stopped the
    /// computation before it finished.
    #[error("stopped ({limit}) after {positions} positions")]
    LimitReached {
        /// The limit: nodes, time, memory (a bounded
        /// [`crate::CanonicalEvaluator`]) or an interrupt.
        limit: crate::budget::Limit,
        /// Positions valued before the stop.
        positions: u64,
    },
    /// Cooling by a temperature at or below -1, where it is not defined
    /// ([`Arena::cool`](crate::Arena::cool)).
    #[error("cannot cool by {temperature}: the temperature must be more than -1")]
    CoolingTemperature {
        /// The temperature asked for.
        temperature: crate::Dyadic,
    },
    /// A game without an atomic weight
    /// ([`Arena::atomic_weight`](crate::Arena::atomic_weight)).
    #[error("no atomic weight: {0}")]
    NotAtomic(#[from] crate::atomic::NotAtomic),
    /// Norton multiplication by a unit that is not positive
    /// ([`Arena::norton_product`](crate::Arena::norton_product)).
    #[error("Norton multiplication is by a positive unit, and this one is {relation} 0")]
    UnitNotPositive {
        /// How the unit compares with 0: `=`, `<` or `||`.
        relation: &'static str,
    },
}

impl CgtError {
    pub(crate) const fn overflow(operation: &'static str) -> Self {
        CgtError::Overflow { operation }
    }
}

impl From<crate::rational::Overflow> for CgtError {
    fn from(_: crate::rational::Overflow) -> Self {
        CgtError::overflow("rational arithmetic")
    }
}
