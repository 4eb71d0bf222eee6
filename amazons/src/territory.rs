//! Territories: the exact number of moves their owner can make, by
//! exhaustive search, and the plodding lower bound (seed 004, IV-A1, IV-A2).
//!
//! In a territory only one player has queens, so its value is an integer:
//! the most moves the owner can make there alone. A territory can be
//! *defective* and give fewer moves than it has empty squares.

use hashbrown::HashMap;

use crate::bitboard::{queen_attacks, Bitboard};

/// The largest number of moves the `queens` can make in a row on the
/// `empty` squares, with nobody else moving there (the value of a
/// territory, seed 004 II-B2), found by exhaustive search with a memo.
///
/// The search visits every reachable (queens, empty) pair and stops early
/// when every empty square gets used; the number of pairs grows
/// exponentially with the empty squares, so keep it to small territories
/// (see [`crate::AreaAnalyzer::exact_territory_max_empty`]).
///
/// ```
/// use amazons::territory::territory_moves;
/// use amazons::{Color, Position};
///
/// // A Black queen on A1 at the end of a 3x1 strip fills both squares.
/// let pos: Position = "B.. b".parse()?;
/// assert_eq!(territory_moves(pos.empty(), pos.queens(Color::Black)), 2);
/// # Ok::<(), amazons::PositionError>(())
/// ```
pub fn territory_moves(empty: Bitboard, queens: Bitboard) -> u32 {
    let mut memo = HashMap::new();
    search(empty, queens, &mut memo)
}

fn search(empty: Bitboard, queens: Bitboard, memo: &mut HashMap<(u64, u64), u32>) -> u32 {
    // Each move burns one empty square; a queen needs an empty neighbour.
    if (queens.neighbours() & empty).is_empty() {
        return 0;
    }
    if let Some(&n) = memo.get(&(empty.0, queens.0)) {
        return n;
    }
    let ceiling = empty.count();
    let mut best = 0;
    'outer: for from in queens {
        let vacated = empty.with(from);
        for to in queen_attacks(from, empty) {
            let after_queen = queens.without(from).with(to);
            for arrow in queen_attacks(to, vacated.without(to)) {
                let n = 1 + search(vacated.without(to).without(arrow), after_queen, memo);
                if n > best {
                    best = n;
                    if best == ceiling {
                        break 'outer;
                    }
                }
            }
        }
    }
    memo.insert((empty.0, queens.0), best);
    best
}

/// The plodding heuristic (seed 004 IV-A1, after Müller's 5x5 solver): a
/// lower bound on [`territory_moves`]. Each queen in turn, the `normal`
/// queens first and the `blockers` only after them (IV-A2), makes plodding
/// moves: it steps to a neighbouring empty square not yet used and shoots
/// back to the square it came from. Squares a queen visits are used up for
/// the others, so the walks can be played in any interleaving and the total
/// is a number of moves the owner can really make.
///
/// Each step goes to the neighbour with the fewest free neighbours of its
/// own (ties: lowest square), so that a walk does not cut itself off early.
pub fn plodding(empty: Bitboard, normal: Bitboard, blockers: Bitboard) -> u32 {
    let mut free = empty;
    let mut moves = 0;
    for queen in normal.squares().chain((blockers - normal).squares()) {
        let mut at = queen;
        loop {
            let steps = Bitboard::from_square(at).neighbours() & free;
            let Some(next) = steps
                .squares()
                .min_by_key(|&s| (Bitboard::from_square(s).neighbours() & free.without(s)).count())
            else {
                break;
            };
            free = free.without(next);
            moves += 1;
            at = next;
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Position};

    #[test]
    fn defective_and_full_territories() {
        // Seed 004 Fig. 7 (left) describes a Black queen with two empty
        // squares of which it can use only one. Here: B2 with empty A2 and
        // C3 is such a case, worked by hand: after B2-A2xB2 the queen on A2
        // has no empty neighbour, and B2-C3xB2 leaves A2 unreachable.
        let pos: Position = "xx./.Bx/xxx b".parse().unwrap();
        let black = pos.queens(Color::Black);
        assert_eq!(territory_moves(pos.empty(), black), 1);
        assert_eq!(plodding(pos.empty(), black, Bitboard::EMPTY), 1);
        // A 1x4 strip with the queen at one end: 3 moves, by hand.
        let strip: Position = "B... b".parse().unwrap();
        let q = strip.queens(Color::Black);
        assert_eq!(territory_moves(strip.empty(), q), 3);
        assert_eq!(plodding(strip.empty(), q, Bitboard::EMPTY), 3);
    }
}
