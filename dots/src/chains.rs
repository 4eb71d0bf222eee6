//! The chain rules of Dots-and-Boxes (Barker & Korf 2012, "Chains";
//! Berlekamp, "The Dots and Boxes Game", 2000), written once for the exact
//! solver and the whole-board tables (crate `databases`).
//!
//! In Strings-and-Coins terms a box is a coin, its undrawn edges its
//! strings (to a neighbouring coin or to the ground), and a box with one
//! undrawn edge is a capturable coin. The rules say which captures are
//! provably part of an optimal strategy:
//!
//! - a capturable coin whose string leads to the ground or to a coin of
//!   degree other than two is taken (a chain of one coin, or a closed chain
//!   of two: no way to decline it): [`free_capture`];
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
//!   and captures can be made in any order ([`Choice::Either`]);
//! - in the last chain, coins are taken while that keeps both options open;
//!   when a half-open chain has two coins left or a closed chain four, the
//!   only candidates are "take all" and "leave the hard-hearted handout".
//!   Both leave the same edge set with the chain's strings all cut (the
//!   opponent takes a handout at once), so the node gets two children: that
//!   set with the same player to move (having gained k boxes) and with the
//!   other player to move (who gained them) ([`Choice::Last`]).
//!
//! [`walk`] follows a chain, [`choose`] applies the last two rules, and
//! [`reduce`] applies all of them to a node of the solver, taking every
//! capture they prove right; the whole-board tables value a position with
//! a capturable coin from the one or two moves that [`free_capture`] and
//! [`choose`] leave. At quiet nodes (no capturable coin), [`follow`] walks
//! the coins of degree two, for [`redundant_openings`] and the solver's
//! simple loony endgames. (Nimstring, a different game, has its own rules
//! in [`crate::nimstring`].)

use crate::degrees::Degrees;
use crate::geometry::{BoxTables, GROUND};

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

/// A chain of two or more coins from a capturable coin, through coins of
/// degree two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chain {
    /// The capturable coin's string (drawing it takes that coin).
    pub first: usize,
    /// The string after `first`: in a half-open chain of two coins or a
    /// closed chain of four, the string the hard-hearted handout cuts (the
    /// far end's string, or the middle one of the four).
    pub second: usize,
    /// Coins in the chain.
    pub len: u32,
    /// Both ends capturable.
    pub closed: bool,
    /// The far end: a coin of a closed chain, else the box past the last
    /// coin ([`GROUND`] for none).
    pub end: u8,
    /// All strings of the chain, including the one to its end.
    pub strings: u64,
}

impl Chain {
    /// The boxes the hard-hearted handout gives away when this is the last
    /// chain: 2 for a half-open chain of two coins, 4 for a closed chain of
    /// four; `None` for other chains (its first coin is taken).
    pub fn handout(&self) -> Option<u32> {
        match (self.closed, self.len) {
            (false, 2) => Some(2),
            (true, 4) => Some(4),
            _ => None,
        }
    }
}

/// The chain from the capturable coin `start` (whose neighbour has two
/// strings) in `edges`, whose boxes by degree are `degrees`.
#[inline]
pub fn walk(boxes: &BoxTables, edges: u64, degrees: &Degrees, start: u8) -> Chain {
    let first = (boxes.box_mask[usize::from(start)] & !edges).trailing_zeros() as usize;
    let mut strings = 1u64 << first;
    let mut prev = first;
    let mut cur = boxes.other_side(first, start);
    let mut len = 2;
    let mut second = first;
    loop {
        let next =
            (boxes.box_mask[usize::from(cur)] & !edges & !(1u64 << prev)).trailing_zeros() as usize;
        strings |= 1 << next;
        if len == 2 {
            second = next;
        }
        let end = boxes.other_side(next, cur);
        let is = |degree: usize| end != GROUND && degrees[degree] >> end & 1 == 1;
        if is(2) {
            prev = next;
            cur = end;
            len += 1;
        } else {
            let closed = is(1);
            return Chain {
                first,
                second,
                len: if closed { len + 1 } else { len },
                closed,
                end,
                strings,
            };
        }
    }
}

/// The string of the capturable coin `coin` in `edges` and the boxes
/// drawing it completes (1, or 2 with a closed pair), when taking it is
/// free: its string leads to the ground or to a coin of degree other than
/// two. `None` when the coin starts a chain of two or more coins.
#[inline]
pub fn free_capture(boxes: &BoxTables, edges: u64, coin: u8) -> Option<(usize, u32)> {
    let string = (boxes.box_mask[usize::from(coin)] & !edges).trailing_zeros() as usize;
    let other = boxes.other_side(string, coin);
    let degree = if other == GROUND {
        0
    } else {
        boxes.degree(edges, other)
    };
    (degree != 2).then_some((string, 1 + u32::from(degree == 1)))
}

/// What the chain rules leave when every capturable coin starts a chain of
/// two or more coins (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Take the first coin of this chain (one box; the same player moves
    /// again).
    Take(Chain),
    /// Chains meet: one of these two chains' first strings is an optimal
    /// move.
    Either(Chain, Chain),
    /// The last chain, with its handout ([`Chain::handout`]: `k` boxes):
    /// take all, or cut its `second` string and hand the `k` boxes out.
    Last(Chain, u32),
}

/// The chain rules' choice in `edges`, whose boxes by degree are `degrees`,
/// where every capturable coin starts a chain of two or more coins (no
/// [`free_capture`]). The chains are walked in the order of their first
/// coin (a closed chain is found from its lower end).
///
/// # Panics
/// If no box is capturable (a caller's bug).
pub fn choose(boxes: &BoxTables, edges: u64, degrees: &Degrees) -> Choice {
    let (mut first, mut second, mut open, mut big, mut count) = (None, None, None, None, 0);
    let (mut far_ends, mut open_ends, mut meet) = (0u32, 0u32, false);
    let mut coins = degrees[1];
    while coins != 0 {
        let b = coins.trailing_zeros() as u8;
        coins &= coins - 1;
        if far_ends >> b & 1 == 1 {
            continue;
        }
        let c = walk(boxes, edges, degrees, b);
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
        return Choice::Either(chain, second.expect("two chains"));
    }
    if count >= 2 {
        // All but one chain are taken; the one kept for last is the one
        // whose handout costs least: a half-open chain (two boxes), else a
        // closed chain of four or more (four); closed chains of three have
        // none. Take a coin of another.
        let keep = open.or(big).map(|k: Chain| k.first);
        return match second {
            Some(other) if keep == Some(chain.first) => Choice::Take(other),
            _ => Choice::Take(chain),
        };
    }
    match chain.handout() {
        Some(k) => Choice::Last(chain, k),
        None => Choice::Take(chain),
    }
}

/// Makes the provably right captures on `edges` (see the module docs):
/// every free capture, then the captures [`choose`] takes, until it leaves
/// a choice or no box is capturable.
pub fn reduce(boxes: &BoxTables, mut edges: u64) -> Reduced {
    let mut gained = 0;
    loop {
        // Free captures, coin by coin in increasing order.
        let mut changed = true;
        let mut any_capturable = false;
        let mut degrees = [0; 5];
        while changed {
            changed = false;
            any_capturable = false;
            // A capture never gives another coin degree 1 (it completes a
            // degree-1 neighbour or lowers a degree-3 or 4 one), so the
            // coins of degree 1 now are the only candidates in this pass.
            degrees = boxes.degrees(edges);
            let mut coins = degrees[1];
            while coins != 0 {
                let b = coins.trailing_zeros() as u8;
                coins &= coins - 1;
                if boxes.box_mask[usize::from(b)] & !edges == 0 {
                    continue; // completed with its neighbour in this pass
                }
                match free_capture(boxes, edges, b) {
                    Some((string, k)) => {
                        edges |= 1 << string;
                        gained += k as i32;
                        changed = true;
                    }
                    None => any_capturable = true,
                }
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
        match choose(boxes, edges, &degrees) {
            Choice::Either(a, b) => {
                return Reduced {
                    gained,
                    rest: edges,
                    handout: None,
                    degrees,
                    choices: 1 << a.first | 1 << b.first,
                }
            }
            Choice::Take(chain) => {
                edges |= 1 << chain.first;
                gained += 1;
            }
            Choice::Last(chain, k) => {
                return Reduced {
                    gained,
                    rest: edges | chain.strings,
                    handout: Some(k as i32),
                    degrees,
                    choices: 0,
                }
            }
        }
    }
}

/// A run of coins of degree two, followed by [`follow`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// Coins of degree two passed.
    pub coins: u32,
    /// Where it stopped: the coin it started from (the run closed a
    /// loop), [`GROUND`], or the first coin not in the set it followed.
    pub end: u8,
    /// The strings cut after the first, up to the one to `end`.
    pub strings: u64,
}

/// Follows the coins of `two` (coins of degree two, each removed from it
/// when passed) from coin `start` out through its string `string`, in the
/// position whose undrawn edges are `free`: the quiet-node walk of
/// [`redundant_openings`] and of the solver's simple loony endgames.
#[inline]
pub fn follow(boxes: &BoxTables, free: u64, two: &mut u32, start: u8, string: usize) -> Run {
    let (mut cur, mut string) = (start, string);
    let (mut coins, mut strings) = (0, 0u64);
    loop {
        let next = boxes.other_side(string, cur);
        if next == start || next == GROUND || *two >> next & 1 == 0 {
            return Run {
                coins,
                end: next,
                strings,
            };
        }
        *two &= !(1 << next);
        coins += 1;
        string = (boxes.box_mask[usize::from(next)] & free & !(1u64 << string)).trailing_zeros()
            as usize;
        strings |= 1 << string;
        cur = next;
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
pub fn redundant_openings(boxes: &BoxTables, edges: u64, two: u32) -> u64 {
    let free = !edges & boxes.full;
    let mut two = two;
    let mut skip = 0u64;
    while two != 0 {
        let s = two.trailing_zeros() as u8;
        two &= !(1 << s);
        let m = boxes.box_mask[usize::from(s)] & free;
        let mut strings = m;
        let mut coins = 1;
        let mut middle = 0u64;
        for first in [m.trailing_zeros(), 63 - m.leading_zeros()] {
            let run = follow(boxes, free, &mut two, s, first as usize);
            if coins == 1 && run.coins > 0 {
                // The string between `s` and the first coin passed.
                middle = 1 << first;
            }
            coins += run.coins;
            strings |= run.strings;
            if run.end == s {
                break; // a cycle
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
