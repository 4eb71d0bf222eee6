//! The test kit of cgtk: naive references, written from the rules alone and
//! independent of the code they check, and random positions, shared by the
//! tests and benchmarks of every crate (a dev-dependency only).
//!
//! - [`search`]: plain minimax over any [`cgt::search::SolverGame`], and
//!   Kayles outcomes from its Grundy values.
//! - [`dots`]: memoised negamax on Dots-and-Boxes edge sets, and random
//!   positions.
//! - [`amazons`]: "does the player to move win" by exhaustive search, random
//!   boards, and the CGSuite golden data in `tests/data/`.
//! - [`files`]: temporary directories and the bytes of a directory's files.

pub mod amazons;
pub mod dots;
pub mod files;
pub mod search;

/// SplitMix64 (Steele, Lea and Flood 2014): a seeded generator whose
/// sequence never changes, for fixtures and benchmark corpora.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (slightly biased for large `n`; fine for tests).
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}
