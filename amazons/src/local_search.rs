//! Local alpha-beta search with passes for small areas (Song & Müller 2015, IV-A6).
//!
//! The score is the number of moves the first player makes in the area minus
//! the number the opponent makes. Both players may pass even when they have
//! moves (playing elsewhere), so that zugzwang is handled; play ends after
//! two passes in a row or when no empty square is left. The search runs once
//! with each player first; Song & Müller 2015 turns the two values into the bounds
//! `[v_w - e, v_b + e]` of the area.

use std::cell::RefCell;

use hashbrown::HashMap;

use crate::bitboard::{Set, Word};
use crate::color::Color;
use crate::movegen::moves_of;
use crate::moves::Move;
use crate::position::Position;

/// The two local search values of an area, both from Black's (Left's) point
/// of view: Black's moves minus White's moves under best play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LocalValues {
    /// White moves first.
    pub v_w: i32,
    /// Black moves first.
    pub v_b: i32,
}

/// Transposition table entry flags.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flag {
    Exact,
    Lower,
    Upper,
}

/// A position of the search, from the side to move's point of view (both
/// sides play by the same rules and score alike): its queens, the
/// opponent's, and the empty squares, in sets of `W` (which hold the area).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Node<W: Word> {
    mover: Set<W>,
    other: Set<W>,
    empty: Set<W>,
}

impl<W: Word> Node<W> {
    /// The area `area` with `color` to move.
    fn new(area: &Position, color: Color) -> Node<W> {
        Node {
            mover: area.queens(color).narrow(),
            other: area.queens(color.opposite()).narrow(),
            empty: area.empty().narrow(),
        }
    }

    /// The node after a pass.
    fn passed(self) -> Node<W> {
        Node {
            mover: self.other,
            other: self.mover,
            empty: self.empty,
        }
    }

    /// The node after the side to move plays `mv` (a queen slide from
    /// `mv.from` to `mv.to`, then an arrow to `mv.arrow`).
    fn after(self, mv: Move) -> Node<W> {
        Node {
            mover: self.other,
            other: self.mover.without(mv.from).with(mv.to),
            empty: self.empty.with(mv.from).without(mv.to).without(mv.arrow),
        }
    }
}

/// Searches `area` (a position in which everything outside the area is
/// burnt, see [`crate::Area::to_position`]) with each player first.
///
/// The cost grows fast with the number of empty squares; Song & Müller 2015 searches
/// only areas with fewer than 9 queens plus empty squares.
///
/// ```
/// use amazons::local_search::local_search;
///
/// // `B.W`: whoever moves first takes the one square: the game * = {0|0}.
/// let v = local_search(&"B.W b".parse()?);
/// assert_eq!((v.v_w, v.v_b), (-1, 1));
/// # Ok::<(), amazons::PositionError>(())
/// ```
pub fn local_search(area: &Position) -> LocalValues {
    let key = (
        area.queens(Color::White).bits(),
        area.queens(Color::Black).bits(),
        area.empty().bits(),
    );
    if let Some(v) = CACHE.with(|c| c.borrow().get(&key).copied()) {
        return v;
    }
    let v = search_both(area);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_ENTRIES {
            c.clear();
        }
        c.insert(key, v);
    });
    v
}

/// Areas searched recently, by their White queens, Black queens and empty
/// squares (which determine an area: every other square is burnt). The
/// same small area recurs in many positions of a solver's search (Song &
/// Müller 2015, section VII, suggests such "area caching"). One cache per thread,
/// emptied when it reaches [`CACHE_ENTRIES`].
type AreaKey = (u128, u128, u128);

thread_local! {
    static CACHE: RefCell<HashMap<AreaKey, LocalValues>> = RefCell::new(HashMap::new());
}

/// The most areas a thread's cache holds (about 40 bytes each).
const CACHE_ENTRIES: usize = 1 << 20;

fn search_both(area: &Position) -> LocalValues {
    if area.size().is_narrow() {
        search_both_in::<u64>(area)
    } else {
        search_both_in::<u128>(area)
    }
}

/// [`search_both`] keyed by sets of `W`.
fn search_both_in<W: Word>(area: &Position) -> LocalValues {
    let mut search = Search::<W>::default();
    let v_b = search.negamax(Node::new(area, Color::Black), false, -64, 64);
    let v_w = -search.negamax(Node::new(area, Color::White), false, -64, 64);
    LocalValues { v_w, v_b }
}

/// The state of one local search: its transposition table, and move lists
/// of finished nodes for later nodes to reuse (one is in use at each depth
/// of the current line).
struct Search<W: Word> {
    tt: HashMap<(Node<W>, bool), (i32, Flag)>,
    spare: Vec<Vec<Move>>,
}

impl<W: Word> Default for Search<W> {
    fn default() -> Search<W> {
        Search {
            tt: HashMap::new(),
            spare: Vec::new(),
        }
    }
}

impl<W: Word> Search<W> {
    /// The value for the side to move (its moves minus the opponent's), with
    /// `passed` telling whether the last action was a pass. Fail-soft
    /// alpha-beta over the window (`alpha`, `beta`).
    fn negamax(&mut self, node: Node<W>, passed: bool, mut alpha: i32, mut beta: i32) -> i32 {
        if node.empty.is_empty() {
            return 0;
        }
        let key = (node, passed);
        let (alpha0, beta0) = (alpha, beta);
        if let Some(&(v, flag)) = self.tt.get(&key) {
            match flag {
                Flag::Exact => return v,
                Flag::Lower => alpha = alpha.max(v),
                Flag::Upper => beta = beta.min(v),
            }
            if alpha >= beta {
                return v;
            }
        }
        // Passing: ends play after a pass, else hands the move over.
        let mut best = if passed {
            0
        } else {
            -self.negamax(node.passed(), true, -beta, -alpha)
        };
        if best < beta {
            alpha = alpha.max(best);
            let mut moves = self.spare.pop().unwrap_or_default();
            moves.clear();
            moves_of(node.mover, node.empty, |mv| {
                moves.push(mv);
                true
            });
            for &mv in &moves {
                // value = 1 - child, so child's window is (1 - beta, 1 - alpha).
                let v = 1 - self.negamax(node.after(mv), false, 1 - beta, 1 - alpha);
                if v > best {
                    best = v;
                    if best >= beta {
                        break;
                    }
                    alpha = alpha.max(best);
                }
            }
            self.spare.push(moves);
        }
        let flag = if best <= alpha0 {
            Flag::Upper
        } else if best >= beta0 {
            Flag::Lower
        } else {
            Flag::Exact
        };
        self.tt.insert(key, (best, flag));
        best
    }
}
