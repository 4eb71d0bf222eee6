//! Territories: the exact number of moves their owner can make, by
//! exhaustive search, and the plodding lower bound (Song & Müller 2015, IV-A1, IV-A2).
//!
//! In a territory only one player has queens, so its value is an integer:
//! the most moves the owner can make there alone. A territory can be
//! *defective* and give fewer moves than it has empty squares.

use std::cell::RefCell;

use hashbrown::HashMap;

use crate::bitboard::{queen_attacks, Bitboard};

/// The largest number of moves the `queens` can make in a row on the
/// `empty` squares, with nobody else moving there (the value of a
/// territory, Song & Müller 2015 II-B2), found by exhaustive search with a memo.
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
    blocker_territory_moves(empty, queens, Bitboard::EMPTY)
}

/// The largest number of moves the `normal` queens and the `blockers` can
/// make in a row on the `empty` squares under the blocker constraint of
/// Song & Müller 2015, III-A: a blocker either stays where it is or moves in and
/// shoots back at the square it left (which burns, so the territory stays
/// closed), and is a normal queen from then on. Nobody else moves there.
/// With no blockers this is [`territory_moves`]. Exhaustive search with a
/// memo: keep it to small territories.
///
/// ```
/// use amazons::territory::blocker_territory_moves;
/// use amazons::{Bitboard, Color, Position};
///
/// // A Black blocker on B1 of the strip C1, D1 (A1 is another area's): it
/// // moves in, B1-C1xB1, then C1-D1xC1: two moves.
/// let pos: Position = ".B.. b".parse()?;
/// let blocker = pos.queens(Color::Black);
/// let strip = pos.empty() - Bitboard::from_square("a1".parse()?);
/// assert_eq!(blocker_territory_moves(strip, Bitboard::EMPTY, blocker), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn blocker_territory_moves(empty: Bitboard, normal: Bitboard, blockers: Bitboard) -> u32 {
    MEMO.with_borrow_mut(|memo| {
        if memo.len() >= MEMO_ENTRIES {
            memo.clear();
        }
        search(empty, normal, blockers - normal, memo)
    })
}

/// The exact values of territories by (empty squares, queens, blockers).
type Memo = HashMap<(u128, u128, u128), u32>;

thread_local! {
    /// The territories searched on this thread, kept from one call to the
    /// next: a value depends only on its key, and the same territories
    /// (and parts of them) recur in many positions of a solver's search.
    /// Emptied when it reaches [`MEMO_ENTRIES`].
    static MEMO: RefCell<Memo> = RefCell::new(HashMap::new());
}

/// The most territories a thread's memo holds between calls (about 40
/// bytes each).
const MEMO_ENTRIES: usize = 1 << 20;

fn search(empty: Bitboard, queens: Bitboard, blockers: Bitboard, memo: &mut Memo) -> u32 {
    // Each move burns one empty square; a queen needs an empty neighbour.
    if ((queens | blockers).neighbours() & empty).is_empty() {
        return 0;
    }
    let key = (empty.bits(), queens.bits(), blockers.bits());
    if let Some(&n) = memo.get(&key) {
        return n;
    }
    let ceiling = empty.count();
    let mut best = 0;
    'outer: for from in queens {
        let vacated = empty.with(from);
        for to in queen_attacks(from, empty) {
            let after_queen = queens.without(from).with(to);
            for arrow in queen_attacks(to, vacated.without(to)) {
                let rest = vacated.without(to).without(arrow);
                let n = 1 + search(rest, after_queen, blockers, memo);
                if n > best {
                    best = n;
                    if best == ceiling {
                        break 'outer;
                    }
                }
            }
        }
    }
    if best < ceiling {
        'blockers: for from in blockers {
            for to in queen_attacks(from, empty) {
                let n = 1 + search(
                    empty.without(to),
                    queens.with(to),
                    blockers.without(from),
                    memo,
                );
                if n > best {
                    best = n;
                    if best == ceiling {
                        break 'blockers;
                    }
                }
            }
        }
    }
    memo.insert(key, best);
    best
}

/// The plodding heuristic (Song & Müller 2015 IV-A1, after Müller's 5x5 solver): a
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
        // Song & Müller 2015 Fig. 7 (left) describes a Black queen with two empty
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
