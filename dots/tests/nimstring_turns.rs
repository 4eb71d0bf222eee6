//! The Nimstring evaluator against plain mex recursion over complete turns,
//! written here from the rules alone ("Winning Ways", ch. 16; Berlekamp
//! 2000): a turn draws edges that complete boxes, then one edge that
//! completes none; a player who cannot complete a turn (who would complete
//! the last box) loses. Random positions of small boards with up to 13
//! undrawn edges; the recursion knows only the board geometry.
//!
//! The Grundy value over complete turns is 0 exactly when the player to
//! move loses, and so is the Nimstring value (loony positions are wins for
//! the player to move); their non-zero values differ where a turn could
//! capture in one component and end in another, so only the zeros are
//! compared: for the position and for the position after every move.

use std::collections::{HashMap, HashSet};

use dots::nimstring::Nimstring;
use dots::{Board, Edge, EdgeSet, Position};

/// The Grundy value over complete turns of the position with the edges
/// `drawn` (a bit set) drawn on `board`.
fn grundy(board: Board, drawn: u64, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&drawn) {
        return v;
    }
    let mut reached = 0u128;
    let mut visited = HashSet::new();
    turns(board, drawn, memo, &mut reached, &mut visited);
    let v = reached.trailing_ones();
    memo.insert(drawn, v);
    v
}

/// Adds to `reached` the Grundy values of the positions that the turns
/// from `drawn` end in (a turn goes on after each edge that completes a
/// box).
fn turns(
    board: Board,
    drawn: u64,
    memo: &mut HashMap<u64, u32>,
    reached: &mut u128,
    visited: &mut HashSet<u64>,
) {
    let all = (1u64 << board.num_edges()) - 1;
    for e in (0..board.num_edges()).filter(|&e| drawn >> e & 1 == 0) {
        let next = drawn | 1 << e;
        if board.completed_by(EdgeSet(drawn), Edge::new(e)) == 0 {
            *reached |= 1 << grundy(board, next, memo);
        } else if next != all && visited.insert(next) {
            turns(board, next, memo, reached, visited);
        }
    }
}

/// SplitMix64 (Steele, Lea & Flood 2014).
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn zeros_agree_with_the_recursion_over_complete_turns() {
    let mut state = 2026;
    let mut checked = 0;
    let mut zeros = 0;
    for (w, h) in [(2, 2), (2, 3), (3, 2), (1, 5), (2, 4), (3, 3)] {
        let board = Board::new(w, h).unwrap();
        let n = board.num_edges();
        let mut memo = HashMap::new();
        for _ in 0..60 {
            // A random position with 6 to 13 undrawn edges (at most all).
            let undrawn = (6 + next(&mut state) % 8).min(n as u64);
            let mut drawn = (1u64 << n) - 1;
            while u64::from(drawn.count_ones()) > n as u64 - undrawn {
                drawn &= !(1 << (next(&mut state) % n as u64));
            }
            let pos = Position::from_edges(board, EdgeSet(drawn)).unwrap();
            let mut nim = Nimstring::new();
            let ours = nim.value(&pos).unwrap();
            let theirs = grundy(board, drawn, &mut memo);
            assert_eq!(ours.is_zero(), theirs == 0, "{pos}: {ours}, {theirs}");
            for m in nim.move_values(&pos).unwrap() {
                let after = grundy(board, drawn | 1 << m.edge.index(), &mut memo);
                assert_eq!(m.value.is_zero(), after == 0, "{pos} edge {}", m.edge);
                zeros += usize::from(after == 0);
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 360);
    assert!(zeros > 200, "{zeros}");
}
