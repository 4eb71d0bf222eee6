//! Chain preprocessing (Barker & Korf 2012, "Chains"; Berlekamp, "The Dots and Boxes
//! Game", 2000).
//!
//! In Strings-and-Coins terms a box with one undrawn edge is a capturable
//! coin. Before a node is expanded, [`reduce`] makes every capture that is
//! provably part of an optimal strategy:
//!
//! - a capturable coin whose string leads to the ground or to a coin of
//!   degree other than two is taken (a chain of one coin, or a closed chain
//!   of two: no way to decline it);
//! - when two or more chains are capturable, all but one are taken: the one
//!   left for last is the one whose handout costs least, a half-open chain
//!   (two boxes) if there is one, else a closed chain of four or more coins
//!   (four). That choice is only free when the chains do not meet: two
//!   half-open chains that end on the same coin change each other when
//!   taken (the coin gains a line from each and may join a third chain,
//!   as in `3x4:0,1,3,5,7,8,9,12,13,14,18,19,20,22,23,26,27,29,30`, where
//!   taking the chain at the top first loses two boxes). Then the node
//!   branches on the first coins of two chains: an optimal turn leaves at
//!   most one chain's first coin on the board (a turn that ends leaving
//!   coins of two chains capturable does worse by two than taking one of
//!   them first and ending it the same way), so it takes one of the two,
//!   and captures can be made in any order;
//! - in the last chain, coins are taken while that keeps both options open;
//!   when a half-open chain has two coins left or a closed chain four, the
//!   only candidates are "take all" and "leave the hard-hearted handout".
//!   Both leave the same edge set with the chain's strings all cut (the
//!   opponent takes a handout at once), so the node gets two children: that
//!   set with the same player to move (having gained k boxes) and with the
//!   other player to move (who gained them).

use super::geometry::{Degrees, Geometry, GROUND};

/// What [`reduce`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reduced {
    /// Boxes taken by the player to move.
    pub gained: i32,
    /// The edge set after those captures (and, with a handout, with the last
    /// chain's strings all cut).
    pub rest: u64,
    /// `Some(k)`: the last chain is a choice between taking its last `k`
    /// boxes (2 or 4) and handing them out.
    pub handout: Option<i32>,
    /// Without a handout: the boxes of `rest` by degree (so that the caller
    /// need not count them again).
    pub degrees: Degrees,
    /// Nonzero when chains meet (see the module docs): the first strings of
    /// two chains of `rest`, one of which is an optimal move (each takes one
    /// box, and the same player moves again).
    pub choices: u64,
}

#[derive(Clone, Copy)]
struct Chain {
    /// Its undrawn edge.
    first: u32,
    /// Coins in the chain.
    len: u32,
    /// Both ends capturable.
    closed: bool,
    /// The far end: a coin of a closed chain, else the box past the last
    /// coin ([`GROUND`] for none).
    end: u8,
    /// All strings of the chain, including the one to its end.
    strings: u64,
}

fn other_side(geo: &Geometry, edge: u32, b: u8) -> u8 {
    let [p, q] = geo.edge_boxes[edge as usize];
    if p == b {
        q
    } else {
        p
    }
}

fn walk(geo: &Geometry, edges: u64, start: u8) -> Chain {
    let free = !edges & geo.full;
    let first = (geo.box_mask[usize::from(start)] & free).trailing_zeros();
    let mut strings = 1u64 << first;
    let mut prev_edge = first;
    let mut cur = other_side(geo, first, start);
    let mut len = 2;
    loop {
        let next = (geo.box_mask[usize::from(cur)] & free & !(1u64 << prev_edge)).trailing_zeros();
        strings |= 1 << next;
        let w = other_side(geo, next, cur);
        let degree = if w == GROUND { 0 } else { geo.degree(edges, w) };
        match degree {
            2 => {
                prev_edge = next;
                cur = w;
                len += 1;
            }
            1 => {
                return Chain {
                    first,
                    len: len + 1,
                    closed: true,
                    end: w,
                    strings,
                }
            }
            _ => {
                return Chain {
                    first,
                    len,
                    closed: false,
                    end: w,
                    strings,
                }
            }
        }
    }
}

/// The members of a set of boxes, in increasing order.
pub fn bits(mut set: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let b = set.trailing_zeros() as u8;
            set &= set - 1;
            b
        })
    })
}

/// Makes the provably right captures on `edges` (see the module docs).
pub fn reduce(geo: &Geometry, mut edges: u64) -> Reduced {
    let mut gained = 0;
    loop {
        // Free captures: the coin's string leads to the ground or to a coin
        // of degree 1 (a closed pair) or of degree 3 or 4.
        let mut changed = true;
        let mut any_capturable = false;
        let mut degrees = [0; 5];
        while changed {
            changed = false;
            any_capturable = false;
            // A capture never gives another coin degree 1 (it completes a
            // degree-1 neighbour or lowers a degree-3 or 4 one), so the
            // coins of degree 1 now are the only candidates in this pass.
            degrees = geo.degrees(edges);
            for b in bits(degrees[1]) {
                let m = geo.box_mask[usize::from(b)] & !edges;
                if m == 0 {
                    continue; // completed with its neighbour in this pass
                }
                let e = m.trailing_zeros();
                let v = other_side(geo, e, b);
                let d = if v == GROUND { 0 } else { geo.degree(edges, v) };
                if d == 2 {
                    any_capturable = true;
                    continue;
                }
                edges |= m;
                gained += if d == 1 { 2 } else { 1 };
                changed = true;
            }
        }
        if !any_capturable {
            // The last pass captured nothing: `degrees` are those of `edges`.
            return Reduced {
                gained,
                rest: edges,
                handout: None,
                degrees,
                choices: 0,
            };
        }
        // Every capturable coin now starts a chain of two or more coins.
        // All but one are taken, and the one left for last is the one whose
        // handout costs least: a half-open chain (two boxes), else a closed
        // chain of four or more (four); closed chains of three have none.
        // The chains in order of their first coin (a closed chain is found
        // from its lower end).
        let (mut first, mut second, mut open, mut big, mut count) = (None, None, None, None, 0);
        let (mut far_ends, mut open_ends, mut meet) = (0u32, 0u32, false);
        for b in bits(degrees[1]) {
            if far_ends >> b & 1 == 1 {
                continue;
            }
            let c = walk(geo, edges, b);
            if c.closed {
                far_ends |= 1 << c.end;
                if c.len >= 4 {
                    big = big.or(Some(c));
                }
            } else {
                open = open.or(Some(c));
                if c.end != GROUND {
                    meet |= open_ends >> c.end & 1 == 1;
                    open_ends |= 1 << c.end;
                }
            }
            if first.is_none() {
                first = Some(c);
            } else {
                second = second.or(Some(c));
            }
            count += 1;
        }
        let chain: Chain = first.expect("a capturable coin starts a chain");
        if count >= 2 && meet {
            return Reduced {
                gained,
                rest: edges,
                handout: None,
                degrees,
                choices: 1 << chain.first | 1 << second.expect("two chains").first,
            };
        }
        if count >= 2 {
            // Take a coin of a chain other than the one kept for last.
            let keep = open.or(big).map(|k: Chain| k.first);
            let take = match second {
                Some(other) if keep == Some(chain.first) => other,
                _ => chain,
            };
            edges |= 1 << take.first;
            gained += 1;
            continue;
        }
        let k = match (chain.closed, chain.len) {
            (false, 2) => 2,
            (true, 4) => 4,
            _ => {
                edges |= 1 << chain.first;
                gained += 1;
                continue;
            }
        };
        return Reduced {
            gained,
            rest: edges | chain.strings,
            handout: Some(k),
            degrees,
            choices: 0,
        };
    }
}

/// Moves at a quiet node (no capturable box) that need not be tried
/// because another move opens the same chain to the same effect.
///
/// A chain here is a maximal path of coins with two strings each, between
/// coins of degree three or more or the ground (or a cycle of such coins).
/// Cutting any of its strings lets the opponent take it; by the chain rules
/// above the opponent's only candidates are "take all" and, for three or
/// more coins, "all but two" (all but four in a cycle), and both end on the
/// same edge set (every string of the chain cut) whichever string was cut.
/// So one string per chain suffices, except for two coins, where cutting the
/// middle string leaves two single coins (no handout possible) and so is at
/// least as good for the mover as cutting an end string. `two` is the set
/// of boxes of degree two in `edges`.
pub fn redundant_openings(geo: &Geometry, edges: u64, two: u32) -> u64 {
    let free = !edges & geo.full;
    let mut two = two;
    let mut skip = 0u64;
    while two != 0 {
        let s = two.trailing_zeros() as u8;
        two &= !(1 << s);
        let m = geo.box_mask[usize::from(s)] & free;
        let mut strings = m;
        let mut coins = 1;
        let mut middle = 0u64;
        for first in [m.trailing_zeros(), 63 - m.leading_zeros()] {
            let (mut cur, mut edge) = (s, first);
            let mut cycle = false;
            loop {
                let next = other_side(geo, edge, cur);
                if next == s {
                    cycle = true;
                    break;
                }
                if next == GROUND || two & (1 << next) == 0 {
                    break;
                }
                two &= !(1 << next);
                coins += 1;
                if coins == 2 {
                    middle = 1 << edge;
                }
                edge = (geo.box_mask[usize::from(next)] & free & !(1u64 << edge)).trailing_zeros();
                strings |= 1 << edge;
                cur = next;
            }
            if cycle {
                break;
            }
        }
        let keep = if coins == 2 {
            middle
        } else {
            strings & strings.wrapping_neg()
        };
        skip |= strings & !keep;
    }
    skip
}
