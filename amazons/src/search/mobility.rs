//! Initial proof and disproof numbers from mobility (df-pn+, Nagai 2002,
//! 3.4).

use crate::position::Position;
use cgt::search::ProofNumbers;

/// The largest proof or disproof number an estimate gives (far below
/// [`ProofNumbers::MAX_FINITE`]).
const MAX_ESTIMATE: u32 = 1 << 20;

/// `n` as an estimated proof or disproof number, at most [`MAX_ESTIMATE`].
pub(super) fn estimate(n: u64) -> u32 {
    u32::try_from(n).map_or(MAX_ESTIMATE, |n| n.min(MAX_ESTIMATE))
}

/// The mobility estimate of [`SolverPosition::initial_numbers`] for
/// `position`.
pub(super) fn mobility_numbers(position: &Position) -> ProofNumbers {
    let from_moves = |moves: u64| estimate(1 + moves / 4);
    ProofNumbers {
        pn: from_moves(position.count_moves_of(position.to_move().opposite())),
        dn: from_moves(position.count_moves_of(position.to_move())),
    }
}
