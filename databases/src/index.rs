//! The index of a database: a bijective ranking of the configurations of a
//! `w x h` box for given queen counts (Song & Müller 2015, III: every database entry is
//! one configuration of its bounding box).
//!
//! # Cells
//!
//! The `n = w * h` cells of the box are numbered row by row from the bottom
//! left: cell `i` is file `i % w`, rank `i / w` (the board square with the
//! same file and rank). A set of cells is a `u64` with bit `i` for cell `i`.
//!
//! # Configurations
//!
//! A configuration puts `k_1` queens of group 1, `k_2` queens of group 2, ...
//! on distinct cells (simple territories have one group, the owner's queens;
//! active areas two, Black then White), and marks every other cell empty or
//! burnt. There are
//!
//! ```text
//! C(n, k_1) * C(n - k_1, k_2) * ... * 2^(n - k_1 - k_2 - ...)
//! ```
//!
//! of them.
//!
//! # Rank
//!
//! Mixed radix, most significant first:
//!
//! 1. group 1's cells as a combination of the `n` cells, ranked in the
//!    combinatorial number system (`sum C(c_j, j)` for its cells
//!    `c_1 < c_2 < ...`, `j` from 1), radix `C(n, k_1)`;
//! 2. group 2's cells as a combination of the `n - k_1` cells left, each
//!    renumbered by its position among them, radix `C(n - k_1, k_2)`; and so
//!    on;
//! 3. last, the empty cells among the `m` cells without a queen, as an
//!    `m`-bit number (bit `j` for the `j`-th such cell), radix `2^m`.
//!
//! So the low `m` bits of a rank are the empty mask: its popcount is the
//! number of empty squares, the order of the retrograde analysis.

use std::fmt;

use amazons::{Bitboard, Square};

/// The largest number of cells of a box we index (every rank fits a `u64`
/// and every cell set a `u64`).
pub const MAX_CELLS: u32 = 64;

/// An index that cannot be made: the count of configurations overflows
/// `u64`, or the queens do not fit.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum IndexError {
    /// More configurations than a `u64` holds (or a box over 64 cells, or
    /// wider or higher than the largest board).
    #[error("a {width}x{height} box with these queens has too many configurations to index")]
    TooLarge {
        /// Box width.
        width: u8,
        /// Box height.
        height: u8,
    },
    /// The table of the index's entries could not be allocated.
    #[error("{entries} entries need {entries} bytes, which could not be allocated")]
    OutOfMemory {
        /// The entries (one byte each).
        entries: u64,
    },
    /// A build over this index was stopped before it finished (a time
    /// limit or Ctrl-C; see [`cgt::budget::Watch`]).
    #[error("stopped ({})", (*.0).reason())]
    Stopped(cgt::search::Limit),
    /// More queens than cells.
    #[error("{queens} queens do not fit a {width}x{height} box")]
    TooManyQueens {
        /// Box width.
        width: u8,
        /// Box height.
        height: u8,
        /// The number of queens asked for.
        queens: u32,
    },
}

/// A configuration of a box, as cell sets (see the module docs).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Config {
    /// The cells of each queen group, in group order.
    pub queens: Vec<u64>,
    /// The empty cells (no queen on them); every other cell is burnt.
    pub empty: u64,
}

/// The ranking of the configurations of a box for given queen counts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoxIndex {
    width: u8,
    height: u8,
    groups: Vec<u32>,
    /// `radix[g]` = number of combinations for group `g`.
    radix: Vec<u64>,
    free: u32,
    count: u64,
}

/// `C(n, k)` as a `u64`, or `None` on overflow.
pub fn binomial(n: u32, k: u32) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut acc: u128 = 1;
    for i in 0..k {
        // acc * (n - i) / (i + 1) stays an integer: it is C(n, i + 1) * ...
        acc = acc * u128::from(n - i) / u128::from(i + 1);
        if acc > u128::from(u64::MAX) {
            return None;
        }
    }
    u64::try_from(acc).ok()
}

/// `C(n, k)` for `n, k <= 64` (Pascal's triangle; every entry fits a
/// `u64`, the largest being `C(64, 32) < 2^61`), for ranking without
/// divisions.
static PASCAL: [[u64; 65]; 65] = {
    let mut t = [[0u64; 65]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// The rank of the set `cells` (of `k` elements) in the combinatorial number
/// system.
pub(crate) fn comb_rank(cells: u64) -> u64 {
    let mut rank = 0;
    let mut rest = cells;
    let mut j = 1;
    while rest != 0 {
        let c = rest.trailing_zeros();
        rank += PASCAL[c as usize][j];
        rest &= rest - 1;
        j += 1;
    }
    rank
}

/// The set of `k` elements with rank `rank` in the combinatorial number
/// system, among the first `n` integers.
fn comb_unrank(mut rank: u64, k: u32, n: u32) -> u64 {
    let mut cells = 0u64;
    let mut c = n;
    for j in (1..=k).rev() {
        // The largest c with C(c, j) <= rank.
        c -= 1;
        while PASCAL[c as usize][j as usize] > rank {
            c -= 1;
        }
        rank -= PASCAL[c as usize][j as usize];
        cells |= 1 << c;
    }
    cells
}

/// `COMPRESS[within][set]`: the bits of the byte `set` at the positions of
/// the byte `within`'s bits, packed low (a byte of [`compress`]).
static COMPRESS: std::sync::LazyLock<Box<[[u8; 256]; 256]>> = std::sync::LazyLock::new(|| {
    let mut t = Box::new([[0u8; 256]; 256]);
    for (within, row) in t.iter_mut().enumerate() {
        for (set, out) in row.iter_mut().enumerate() {
            let mut bit = 0;
            for c in 0..8 {
                if within & (1 << c) != 0 {
                    if set & (1 << c) != 0 {
                        *out |= 1 << bit;
                    }
                    bit += 1;
                }
            }
        }
    }
    t
});

/// The bits of `set` at the positions of `within`'s bits, packed low (a
/// byte at a time).
pub(crate) fn compress(set: u64, within: u64) -> u64 {
    let table = &**COMPRESS;
    let mut out = 0;
    let mut shift = 0;
    let (mut within, mut set) = (within, set);
    while within != 0 {
        let w = (within & 0xff) as usize;
        out |= u64::from(table[w][(set & 0xff) as usize]) << shift;
        shift += w.count_ones();
        within >>= 8;
        set >>= 8;
    }
    out
}

/// The inverse of [`compress`]: the low bits of `packed` spread over
/// `within`'s bits.
pub(crate) fn expand(packed: u64, within: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    let mut rest = within;
    while rest != 0 {
        let c = rest.trailing_zeros();
        if packed & (1 << bit) != 0 {
            out |= 1 << c;
        }
        bit += 1;
        rest &= rest - 1;
    }
    out
}

impl BoxIndex {
    /// The index of a `width x height` box with `groups[g]` queens in group
    /// `g`.
    ///
    /// # Errors
    /// [`IndexError`] if the queens do not fit or the count overflows.
    pub fn new(width: u8, height: u8, groups: &[u32]) -> Result<BoxIndex, IndexError> {
        let n = u32::from(width) * u32::from(height);
        let too_large = IndexError::TooLarge { width, height };
        // A box lies on a board (`cells_to_board`).
        if n > MAX_CELLS || width > amazons::Size::MAX || height > amazons::Size::MAX {
            return Err(too_large);
        }
        let queens: u32 = groups.iter().sum();
        if queens > n {
            return Err(IndexError::TooManyQueens {
                width,
                height,
                queens,
            });
        }
        let mut left = n;
        let mut radix = Vec::with_capacity(groups.len());
        let mut count: u64 = 1;
        for &k in groups {
            let r = binomial(left, k).ok_or(too_large)?;
            radix.push(r);
            count = count.checked_mul(r).ok_or(too_large)?;
            left -= k;
        }
        let masks = 1u64.checked_shl(left).ok_or(too_large)?;
        count = count.checked_mul(masks).ok_or(too_large)?;
        Ok(BoxIndex {
            width,
            height,
            groups: groups.to_vec(),
            radix,
            free: left,
            count,
        })
    }

    /// The box width.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The box height.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The queen count of each group.
    pub fn groups(&self) -> &[u32] {
        &self.groups
    }

    /// The number of cells.
    pub fn cells(&self) -> u32 {
        u32::from(self.width) * u32::from(self.height)
    }

    /// The set of all the box's cells.
    pub fn box_cells(&self) -> u64 {
        let n = self.cells();
        if n == 64 {
            u64::MAX
        } else {
            (1u64 << n) - 1
        }
    }

    /// The number of placements of each group (the radices of the queen
    /// part of a rank).
    pub(crate) fn radix(&self) -> &[u64] {
        &self.radix
    }

    /// The number of cells without a queen (the width of the empty mask).
    pub fn free_cells(&self) -> u32 {
        self.free
    }

    /// The number of configurations (ranks are `0..count`).
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The number of empty cells of the configuration of rank `rank`.
    pub fn empty_count(&self, rank: u64) -> u32 {
        (rank & ((1u64 << self.free) - 1)).count_ones()
    }

    /// The rank of `config`.
    ///
    /// # Panics
    /// If `config` does not belong to this index (wrong number of groups or
    /// queens, overlapping groups, cells outside the box, an empty cell under
    /// a queen): a caller's bug.
    pub fn rank(&self, config: &Config) -> u64 {
        self.rank_of(&config.queens, config.empty)
    }

    /// The rank of the configuration with the cell sets `queens` (one per
    /// group) and `empty`, without building a [`Config`].
    ///
    /// # Panics
    /// As [`BoxIndex::rank`].
    pub fn rank_of(&self, queens: &[u64], empty: u64) -> u64 {
        assert_eq!(queens.len(), self.groups.len(), "group count");
        let mut free = self.box_cells();
        let mut rank = 0u64;
        for ((&cells, &k), &radix) in queens.iter().zip(&self.groups).zip(&self.radix) {
            assert_eq!(cells.count_ones(), k, "queen count of a group");
            assert_eq!(cells & !free, 0, "queens overlap or leave the box");
            rank = rank * radix + comb_rank(compress(cells, free));
            free &= !cells;
        }
        assert_eq!(empty & !free, 0, "empty cell under a queen");
        (rank << self.free) | compress(empty, free)
    }

    /// The configuration of rank `rank`.
    ///
    /// # Panics
    /// If `rank >= self.count()`.
    pub fn unrank(&self, rank: u64) -> Config {
        assert!(rank < self.count, "rank out of range");
        let mask_part = rank & ((1u64 << self.free) - 1);
        let mut high = rank >> self.free;
        // Peel the group ranks off, least significant (last group) first.
        let mut parts = vec![0u64; self.groups.len()];
        for g in (0..self.groups.len()).rev() {
            parts[g] = high % self.radix[g];
            high /= self.radix[g];
        }
        let n = self.cells();
        let mut free = self.box_cells();
        let mut left = n;
        let mut queens = Vec::with_capacity(self.groups.len());
        for (g, &k) in self.groups.iter().enumerate() {
            let cells = expand(comb_unrank(parts[g], k, left), free);
            queens.push(cells);
            free &= !cells;
            left -= k;
        }
        Config {
            queens,
            empty: expand(mask_part, free),
        }
    }
}

impl BoxIndex {
    /// The board squares (file and rank as in the box, the box at `A1`) of
    /// the cell set `cells`.
    pub fn cells_to_board(&self, cells: u64) -> Bitboard {
        let w = u32::from(self.width);
        let mut out = Bitboard::EMPTY;
        let mut rest = cells;
        while rest != 0 {
            let c = rest.trailing_zeros();
            out = out
                .with(Square::new((c % w) as u8, (c / w) as u8).expect("a box of at most 10x10"));
            rest &= rest - 1;
        }
        out
    }

    /// The cell set of the board squares `board`, or `None` if a square lies
    /// outside the box (placed at `A1`).
    pub fn board_to_cells(&self, board: Bitboard) -> Option<u64> {
        let w = self.width;
        let mut out = 0u64;
        for sq in board {
            if sq.file() >= w || sq.rank() >= self.height {
                return None;
            }
            out |= 1 << (u32::from(sq.rank()) * u32::from(w) + u32::from(sq.file()));
        }
        Some(out)
    }
}

impl fmt::Display for BoxIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{} queens", self.width, self.height)?;
        for (i, k) in self.groups.iter().enumerate() {
            write!(f, "{}{k}", if i == 0 { " " } else { "+" })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_match_pascal() {
        // Pascal's rule, computed here independently of `binomial`.
        let mut row = vec![1u64];
        for n in 0..40u32 {
            for (k, &v) in row.iter().enumerate() {
                assert_eq!(binomial(n, k as u32), Some(v), "C({n},{k})");
            }
            let mut next = vec![1u64; row.len() + 1];
            for k in 1..row.len() {
                next[k] = row[k - 1] + row[k];
            }
            row = next;
        }
    }

    #[test]
    fn compress_and_expand_match_bit_by_bit() {
        // Against a bit-by-bit loop, on sets spread over all eight bytes.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (set, within) = (x, x.rotate_left(29) | x.rotate_left(3));
            let mut plain = 0;
            let mut bit = 0;
            for c in 0..64 {
                if within >> c & 1 == 1 {
                    plain |= (set >> c & 1) << bit;
                    bit += 1;
                }
            }
            assert_eq!(compress(set, within), plain);
            assert_eq!(expand(plain, within), set & within);
        }
    }

    #[test]
    fn combinations_round_trip_in_order() {
        // All 3-subsets of 7 in colexicographic order get ranks 0, 1, 2, ...
        let mut sets: Vec<u64> = (0u64..128).filter(|s| s.count_ones() == 3).collect();
        sets.sort_by_key(|s| (0..7).rev().map(|b| (s >> b) & 1).collect::<Vec<_>>());
        for (r, &s) in sets.iter().enumerate() {
            assert_eq!(comb_rank(s), r as u64);
            assert_eq!(comb_unrank(r as u64, 3, 7), s);
        }
    }
}
