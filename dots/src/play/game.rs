//! The game as players see it: a board of up to 128 edges (so up to 7x7
//! boxes, beyond the solver's 64-edge [`crate::Board`]), the drawn edges,
//! the score and the side to move; and the seeded random number generator
//! every player draws from.
//!
//! Edges are numbered as everywhere in cgtk (ARCHITECTURE.md): first the
//! horizontal edges row by row from the top, then the vertical ones.
//!
//! ```text
//! +-0-+-1-+        2x1 board
//! 4   5   6
//! +-2-+-3-+
//! ```

use std::fmt;

use crate::board;
use crate::geometry::GROUND;
use crate::{Board, EdgeSet, Position};

use super::PlayError;

/// Board geometry for play: `width x height` boxes with at most 128 edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    num_edges: usize,
    /// Bit `e` of `box_mask[b]` is set when edge `e` is a side of box `b`.
    box_mask: Vec<u128>,
    /// The boxes on either side of each edge ([`GROUND`] on the border).
    edge_boxes: Vec<[u8; 2]>,
    /// The edges from the centre of the board outwards (the solver's
    /// centre-out order, Barker & Korf 2012, "Move Ordering").
    centre_out: Vec<u8>,
}

impl Grid {
    /// A board of `width x height` boxes.
    ///
    /// # Errors
    /// [`PlayError::BoardSize`] if a side is zero or the board has more than
    /// 128 edges (7x7 has 112, 7x8 127).
    pub fn new(width: usize, height: usize) -> Result<Grid, PlayError> {
        let size = || PlayError::BoardSize {
            size: format!("{width}x{height}"),
        };
        if width == 0 || height == 0 || width > 128 || height > 128 {
            return Err(size());
        }
        let num_edges = board::num_edges(width, height);
        if num_edges > 128 {
            return Err(size());
        }
        let box_mask = (0..width * height)
            .map(|b| {
                let sides = board::box_edges(width, height, b);
                sides.iter().fold(0u128, |m, &e| m | 1 << e)
            })
            .collect();
        let edge_boxes = (0..num_edges)
            .map(|e| board::edge_boxes(width, height, e).map(|b| b.map_or(GROUND, |b| b as u8)))
            .collect();
        let centre_out = board::centre_out(width, height);
        Ok(Grid {
            width,
            height,
            num_edges,
            box_mask,
            edge_boxes,
            centre_out,
        })
    }

    /// The grid of a solver board.
    pub fn of_board(board: Board) -> Grid {
        Grid::new(board.width(), board.height()).expect("a Board has at most 64 edges")
    }

    /// Reads `WxH`.
    ///
    /// # Errors
    /// [`PlayError::BoardSize`] for malformed or unsupported sizes.
    pub fn parse(text: &str) -> Result<Grid, PlayError> {
        let bad = || PlayError::BoardSize {
            size: text.to_string(),
        };
        let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let number = |s: &str| {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            s.parse::<usize>().map_err(|_| bad())
        };
        Grid::new(number(w)?, number(h)?).map_err(|_| bad())
    }

    /// Boxes across.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Boxes down.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of boxes.
    pub fn num_boxes(&self) -> usize {
        self.width * self.height
    }

    /// Number of edges.
    pub fn num_edges(&self) -> usize {
        self.num_edges
    }

    /// All edges, as a bit set (bit `e` for edge `e`).
    pub fn all_edges(&self) -> u128 {
        if self.num_edges == 128 {
            u128::MAX
        } else {
            (1u128 << self.num_edges) - 1
        }
    }

    /// The four sides of box `b` (`row * width + col`) as a bit set.
    pub fn box_mask(&self, b: usize) -> u128 {
        self.box_mask[b]
    }

    /// The boxes on either side of edge `e` (`None` beyond the border).
    pub fn edge_boxes(&self, e: usize) -> [Option<usize>; 2] {
        self.edge_boxes[e].map(|b| (b != GROUND).then_some(usize::from(b)))
    }

    /// Every edge, from the centre of the board outwards.
    pub fn centre_out(&self) -> &[u8] {
        &self.centre_out
    }

    /// Number of boxes that drawing `e` on `edges` completes (0, 1 or 2).
    #[inline]
    pub fn completed_by(&self, edges: u128, e: usize) -> usize {
        let after = edges | 1 << e;
        let [a, b] = self.edge_boxes[e];
        let full = |x: u8| {
            x != GROUND && after & self.box_mask[usize::from(x)] == self.box_mask[usize::from(x)]
        };
        usize::from(full(a)) + usize::from(full(b))
    }

    /// The most sides any box next to `e` has before `e` is drawn.
    #[inline]
    pub fn max_sides_next_to(&self, edges: u128, e: usize) -> u32 {
        let [a, b] = self.edge_boxes[e];
        let sides = |x: u8| {
            if x == GROUND {
                0
            } else {
                (edges & self.box_mask[usize::from(x)]).count_ones()
            }
        };
        sides(a).max(sides(b))
    }

    /// The solver's board of the same size, if it has at most 64 edges.
    pub fn board(&self) -> Option<Board> {
        Board::new(self.width, self.height).ok()
    }

    /// The ASCII diagram of `edges` with every undrawn edge labelled by its
    /// number, and each completed box by the initial `owner` gives it (as
    /// [`Position::annotated_diagram`] draws it, but for any grid).
    pub fn diagram(&self, edges: u128, owner: impl Fn(usize) -> Option<char>) -> String {
        crate::notation::draw(
            self.width,
            self.height,
            |e| edges >> e & 1 == 1,
            |e| Some(e.to_string()),
            owner,
        )
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A game in progress as a player sees it: the drawn edges, the boxes each
/// side has taken and the side to move (0 moved first, 1 second). A move
/// that completes a box gives its mover another move.
#[derive(Clone, Copy, Debug)]
pub struct Game<'g> {
    grid: &'g Grid,
    edges: u128,
    score: [u16; 2],
    to_move: u8,
}

impl<'g> Game<'g> {
    /// The empty board, side 0 to move.
    pub fn new(grid: &'g Grid) -> Game<'g> {
        Game {
            grid,
            edges: 0,
            score: [0, 0],
            to_move: 0,
        }
    }

    /// A game from drawn edges, the score and the side to move.
    ///
    /// # Errors
    /// [`PlayError::Setup`] if an edge is off the board, the side is not 0
    /// or 1, or the score does not add up to the completed boxes.
    pub fn from_parts(
        grid: &'g Grid,
        edges: u128,
        score: [usize; 2],
        to_move: usize,
    ) -> Result<Game<'g>, PlayError> {
        let setup = |reason: &str| PlayError::Setup {
            reason: reason.to_string(),
        };
        if edges & !grid.all_edges() != 0 {
            return Err(setup("an edge is off the board"));
        }
        if to_move > 1 {
            return Err(setup("the side to move must be 0 or 1"));
        }
        let done = (0..grid.num_boxes())
            .filter(|&b| edges & grid.box_mask(b) == grid.box_mask(b))
            .count();
        if score[0] + score[1] != done {
            return Err(setup("the scores do not add up to the completed boxes"));
        }
        Ok(Game {
            grid,
            edges,
            score: [score[0] as u16, score[1] as u16],
            to_move: to_move as u8,
        })
    }

    /// The game at a solver position, side 0 to move, completed boxes
    /// credited to nobody (the value of a position does not depend on them).
    ///
    /// # Errors
    /// [`PlayError::Setup`] if the position's board is not `grid`'s size.
    pub fn from_position(grid: &'g Grid, pos: &Position) -> Result<Game<'g>, PlayError> {
        let b = pos.board();
        if (b.width(), b.height()) != (grid.width(), grid.height()) {
            return Err(PlayError::Setup {
                reason: format!(
                    "the position is on {}x{}, the game on {grid}",
                    b.width(),
                    b.height()
                ),
            });
        }
        Ok(Game {
            grid,
            edges: u128::from(pos.edges().0),
            score: [0, 0],
            to_move: 0,
        })
    }

    /// The position (board and drawn edges) for the solver, if the board has
    /// at most 64 edges.
    pub fn position(&self) -> Option<Position> {
        let board = self.grid.board()?;
        Position::from_edges(board, EdgeSet(self.edges as u64)).ok()
    }

    /// The board.
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// The drawn edges (bit `e` for edge `e`).
    pub fn edges(&self) -> u128 {
        self.edges
    }

    /// The undrawn edges (the legal moves).
    pub fn legal(&self) -> u128 {
        self.grid.all_edges() & !self.edges
    }

    /// Number of undrawn edges.
    pub fn num_legal(&self) -> usize {
        self.legal().count_ones() as usize
    }

    /// Whether every edge is drawn.
    pub fn is_over(&self) -> bool {
        self.legal() == 0
    }

    /// Boxes taken by side 0 and side 1.
    pub fn score(&self) -> [usize; 2] {
        self.score.map(usize::from)
    }

    /// The side to move (0 or 1).
    pub fn to_move(&self) -> usize {
        usize::from(self.to_move)
    }

    /// Boxes not yet completed.
    pub fn remaining_boxes(&self) -> usize {
        self.grid.num_boxes() - usize::from(self.score[0] + self.score[1])
    }

    /// Sides drawn around box `b`.
    pub fn sides(&self, b: usize) -> u32 {
        (self.edges & self.grid.box_mask[b]).count_ones()
    }

    /// Draws edge `e`, returning the boxes it completed.
    ///
    /// # Errors
    /// [`PlayError::IllegalMove`] if `e` is off the board or drawn.
    pub fn play(&mut self, e: usize) -> Result<usize, PlayError> {
        if e >= self.grid.num_edges() || self.edges >> e & 1 == 1 {
            return Err(PlayError::IllegalMove {
                edge: e,
                position: self.to_string(),
            });
        }
        Ok(self.play_unchecked(e))
    }

    /// [`Game::play`] without the check: `e` must be undrawn.
    #[inline]
    pub fn play_unchecked(&mut self, e: usize) -> usize {
        debug_assert!(self.legal() >> e & 1 == 1);
        let done = self.grid.completed_by(self.edges, e);
        self.edges |= 1 << e;
        if done == 0 {
            self.to_move ^= 1;
        } else {
            self.score[usize::from(self.to_move)] += done as u16;
        }
        done
    }

    /// The utility of O'Flaherty & Wu (§III-F, eq. 3) for `side`, times 4
    /// so that it is an integer: 4·(2·S4A − 2·S4B + 0.75·S3 − 0.5·S2) where
    /// S4A and S4B are the boxes `side` and its opponent have taken, S3 the
    /// boxes with three sides drawn and S2 those with two.
    #[inline]
    pub fn utility4(&self, side: usize) -> i32 {
        let (mut s3, mut s2) = (0i32, 0i32);
        for &m in &self.grid.box_mask {
            match (self.edges & m).count_ones() {
                3 => s3 += 1,
                2 => s2 += 1,
                _ => {}
            }
        }
        let mine = i32::from(self.score[side]);
        let theirs = i32::from(self.score[side ^ 1]);
        8 * (mine - theirs) + 3 * s3 - 2 * s2
    }

    /// The utility in the form `utility` says, for `side`, times 4.
    #[inline]
    pub fn utility(&self, utility: Utility, side: usize) -> i32 {
        match utility {
            Utility::Paper => self.utility4(side),
            Utility::Relative => {
                let mut s3 = 0i32;
                for &m in &self.grid.box_mask {
                    s3 += i32::from((self.edges & m).count_ones() == 3);
                }
                // utility4 counts 3·S3; the relative form counts ±3·S3.
                let sign = if self.to_move() == side { 0 } else { -6 };
                self.utility4(side) + sign * s3
            }
        }
    }
}

impl fmt::Display for Game<'_> {
    /// `WxH:e,e,e` (drawn edges in increasing order), as `dots analyze`
    /// reads it on boards of up to 64 edges.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.grid)?;
        let mut first = true;
        for e in bits(self.edges) {
            write!(f, "{}{e}", if first { ':' } else { ',' })?;
            first = false;
        }
        Ok(())
    }
}

/// The form of the utility of O'Flaherty & Wu (§III-F, eq. 3) a player
/// evaluates positions with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Utility {
    /// As printed: 2·S4A − 2·S4B + 0.75·S3 − 0.5·S2 for player A, whoever
    /// is to move. A box's third side then scores as much as taking a box
    /// (+1.25 either way), though the third side hands the box over.
    #[default]
    Paper,
    /// The three-sided boxes count for the side to move and against the
    /// other: +0.75·S3 if A is to move, −0.75·S3 if B is (option
    /// `relative`). Beyond the paper.
    Relative,
}

/// The set bits of `set`, lowest first.
pub fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let e = set.trailing_zeros() as usize;
            set &= set - 1;
            e
        })
    })
}

/// The `k`-th lowest set bit of `set` (`k` below its population count).
#[inline]
pub fn nth_bit(set: u128, mut k: u32) -> usize {
    let (lo, hi) = (set as u64, (set >> 64) as u64);
    let (mut word, base) = if k < lo.count_ones() {
        (lo, 0)
    } else {
        k -= lo.count_ones();
        (hi, 64)
    };
    for _ in 0..k {
        word &= word - 1;
    }
    base + word.trailing_zeros() as usize
}

/// The random number generator of every game and player: xoshiro256**
/// (Blackman & Vigna 2018) seeded through SplitMix64, written out here so
/// that a seed gives the same games on every platform and version.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    /// A generator from several numbers (e.g. a tournament seed, a pair and
    /// a game index): each feeds the next seed through SplitMix64.
    pub fn from_parts(parts: &[u64]) -> Rng {
        let mut seed = 0x5EED_u64;
        for &p in parts {
            seed = Rng::new(seed ^ p).next_u64();
        }
        Rng::new(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n` (`n > 0`), by Lemire's multiply-and-reject.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n64 = u64::from(n);
        let mut m = (self.next_u64() >> 32) * n64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = (self.next_u64() >> 32) * n64;
            }
        }
        (m >> 32) as u32
    }

    /// A uniform number in `[0, 1)`.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniformly chosen member of a non-empty set of edges.
    #[inline]
    pub fn pick(&mut self, set: u128) -> usize {
        nth_bit(set, self.below(set.count_ones()))
    }

    /// Shuffles `items` uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_matches_the_solver_board() {
        for (w, h) in [(1, 1), (2, 3), (3, 3), (5, 5), (1, 21)] {
            let board = Board::new(w, h).unwrap();
            let grid = Grid::of_board(board);
            assert_eq!(grid.num_edges(), board.num_edges());
            for b in 0..board.num_boxes() {
                let mask = board
                    .box_edges(b)
                    .iter()
                    .fold(0u128, |m, e| m | 1 << e.index());
                assert_eq!(grid.box_mask(b), mask);
            }
            for e in 0..board.num_edges() {
                let mut ours = grid.edge_boxes(e);
                let mut theirs = board.edge_boxes(crate::Edge::new(e));
                ours.sort();
                theirs.sort();
                assert_eq!(ours, theirs);
            }
        }
        // 6x6 and 7x7 boxes (O'Flaherty & Wu's 7x7 and 8x8 dots) fit in 128
        // edges: 2·6·7 = 84 and 2·7·8 = 112.
        assert_eq!(Grid::new(6, 6).unwrap().num_edges(), 84);
        assert_eq!(Grid::new(7, 7).unwrap().num_edges(), 112);
        assert!(Grid::new(8, 8).is_err() && Grid::new(0, 2).is_err());
        assert!(Grid::parse("3x").is_err() && Grid::parse("6x6").is_ok());
    }

    #[test]
    fn below_is_uniform_enough_and_in_range() {
        let mut rng = Rng::new(7);
        let mut count = [0u32; 6];
        for _ in 0..60_000 {
            count[rng.below(6) as usize] += 1;
        }
        // Each bucket expects 10,000; six standard deviations is about 550.
        assert!(
            count.iter().all(|&c| (9_450..=10_550).contains(&c)),
            "{count:?}"
        );
    }

    #[test]
    fn nth_bit_walks_both_words() {
        let set: u128 = 1 << 3 | 1 << 63 | 1 << 64 | 1 << 100;
        let all: Vec<usize> = (0..4).map(|k| nth_bit(set, k)).collect();
        assert_eq!(all, bits(set).collect::<Vec<_>>());
        assert_eq!(all, vec![3, 63, 64, 100]);
    }
}
