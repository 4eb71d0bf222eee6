//! Simple loony endgames (Berlekamp, "The Dots and Boxes Game", 2000,
//! chapters on long chains and loops; Buzzard & Ciere, "Playing simple loony
//! dots and boxes endgames optimally", 2014).
//!
//! When no box is capturable and every unfinished box has exactly two
//! undrawn edges, the coins form disjoint chains (paths from the ground to
//! the ground) and loops (cycles), every move opens one of them, and the
//! value depends only on the multiset of their lengths. The player to move
//! picks a component to open; the opponent then takes it all (and moves), or
//! takes all but 2 of a chain of 3 or more (all but 4 of a loop) and hands
//! the rest back with the hard-hearted handout (Barker & Korf 2012's chain rules).
//! A chain of one or two coins is best opened so that no handout is
//! possible (a 2-chain in its middle), so the opponent just takes it.
//! The value is found by a memoised search over these multisets, which is
//! far smaller than the search over edge sets.

use std::collections::HashMap;

use super::geometry::Geometry;
use crate::chains;
use crate::degrees::Degrees;

/// Marks a loop in a component code (`length | LOOP`).
const LOOP: u8 = 0x80;

/// The chains and loops of `edges` if it is a simple loony endgame: every
/// box has zero or two undrawn edges. The codes are lengths, `| LOOP` for
/// loops, sorted. `degrees` are the boxes of `edges` by degree.
pub fn components(geo: &Geometry, edges: u64, degrees: &Degrees) -> Option<Vec<u8>> {
    let free = !edges & geo.boxes.full;
    let [_, one, mut open, three, four] = *degrees;
    if one | three | four != 0 {
        return None;
    }
    let mut out = Vec::new();
    while open != 0 {
        let s = open.trailing_zeros() as u8;
        open &= !(1 << s);
        let m = geo.boxes.box_mask[usize::from(s)] & free;
        let (e1, e2) = (m.trailing_zeros(), 63 - m.leading_zeros());
        // Follow from s through e1; if that comes back to s it is a loop.
        let run = chains::follow(&geo.boxes, free, &mut open, s, e1 as usize);
        if run.end == s {
            out.push((run.coins + 1) as u8 | LOOP);
            continue;
        }
        let back = chains::follow(&geo.boxes, free, &mut open, s, e2 as usize);
        out.push((1 + run.coins + back.coins) as u8);
    }
    out.sort_unstable();
    Some(out)
}

/// The value (for the player to move, who must open a component) of a
/// simple loony endgame given by its sorted component codes.
pub fn value(memo: &mut HashMap<Vec<u8>, i32>, comps: &[u8]) -> i32 {
    if comps.is_empty() {
        return 0;
    }
    if let Some(&v) = memo.get(comps) {
        return v;
    }
    let mut best = i32::MIN;
    let mut rest = Vec::with_capacity(comps.len() - 1);
    for i in 0..comps.len() {
        if i > 0 && comps[i] == comps[i - 1] {
            continue;
        }
        rest.clear();
        rest.extend_from_slice(&comps[..i]);
        rest.extend_from_slice(&comps[i + 1..]);
        let v = value(memo, &rest);
        let n = i32::from(comps[i] & !LOOP);
        // What the opponent gets from here on after we open component i.
        let theirs = if comps[i] & LOOP != 0 {
            (n + v).max(n - 8 - v)
        } else if n <= 2 {
            n + v
        } else {
            (n + v).max(n - 4 - v)
        };
        best = best.max(-theirs);
    }
    memo.insert(comps.to_vec(), best);
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Position};

    #[test]
    fn finds_chains_and_loops() {
        let g = Geometry::new(Board::new(2, 2).unwrap());
        // The centre cross (2, 3, 7, 10) drawn: each box keeps its two outer
        // edges, strings to the ground: four chains of one coin.
        let p: Position = "2x2:2,3,7,10".parse().unwrap();
        assert_eq!(
            components(&g, p.edges().0, &g.boxes.degrees(p.edges().0)),
            Some(vec![1, 1, 1, 1])
        );
        // The outer ring drawn, the cross undrawn: one loop of four.
        let p: Position = "2x2:0,1,4,5,6,8,9,11".parse().unwrap();
        assert_eq!(
            components(&g, p.edges().0, &g.boxes.degrees(p.edges().0)),
            Some(vec![4 | LOOP])
        );
        // Only the top row drawn: a box with three undrawn edges.
        let p: Position = "2x2:0,1".parse().unwrap();
        assert_eq!(
            components(&g, p.edges().0, &g.boxes.degrees(p.edges().0)),
            None
        );
    }

    #[test]
    fn berlekamps_controlled_values() {
        // Berlekamp (2000): with only long chains (3+) and loops, the player
        // in control gets CV = boxes - 4 * (chains) - 8 * (loops), plus 4
        // if the last component is a chain (8 if a loop), when CV is large
        // enough; the mover, who must open, gets -CV.
        let mut memo = HashMap::new();
        assert_eq!(value(&mut memo, &[3]), -3); // 3 - 4 + 4
        assert_eq!(value(&mut memo, &[3, 3]), -2); // 6 - 8 + 4
        assert_eq!(value(&mut memo, &[5, 6, 7]), -(18 - 12 + 4));
        assert_eq!(value(&mut memo, &[4 | LOOP]), -4); // 4 - 8 + 8
        assert_eq!(value(&mut memo, &[6, 8 | LOOP, 9]), -(23 - 8 - 8 + 4));
    }
}
