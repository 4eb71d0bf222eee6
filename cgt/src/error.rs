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
    /// A node or time limit stopped the computation before it finished.
    #[error("stopped by the {limit} limit after {positions} positions")]
    LimitReached {
        /// `"node"` or `"time"`.
        limit: &'static str,
        /// Positions valued before the stop.
        positions: u64,
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
