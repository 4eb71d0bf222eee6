//! The genome of Weaver & Bossomaier 1998, §3.3: every weight and threshold
//! of a network, node by node in the order of [`Network`], as a 10-bit
//! unsigned integer `c` standing for one of 1,024 evenly spaced values from
//! −64 to +64 inclusive, `−64 + 128·c/1023`. Bits are packed most
//! significant first into bytes, so the 465 weights of a 24-9-24 network
//! take 4,650 bits: 582 bytes with 6 bits unused.
//!
//! ```
//! use dots::play::net::{genome_bytes, Shape};
//! let shape = Shape { inputs: 24, hidden: 9, outputs: 24 };
//! assert_eq!(genome_bytes(shape), 582);
//! ```

use crate::play::{Grid, Rng};

use super::{Network, Shape};

/// Bits per weight.
pub const WEIGHT_BITS: usize = 10;

/// The largest weight magnitude a genome encodes.
pub const WEIGHT_RANGE: f64 = 64.0;

const LEVELS: u32 = (1 << WEIGHT_BITS) - 1;

/// The weight that code `c` (0 to 1,023) stands for.
#[inline]
pub fn weight_of_code(c: u32) -> f64 {
    -WEIGHT_RANGE + 2.0 * WEIGHT_RANGE * f64::from(c) / f64::from(LEVELS)
}

/// The code of the encodable weight nearest to `w` (clamped to ±64).
pub fn code_of_weight(w: f64) -> u32 {
    let x = (w.clamp(-WEIGHT_RANGE, WEIGHT_RANGE) + WEIGHT_RANGE) / (2.0 * WEIGHT_RANGE);
    (x * f64::from(LEVELS)).round() as u32
}

/// Bytes of a genome for a network of `shape`: `⌈10 · weights / 8⌉`.
pub fn genome_bytes(shape: Shape) -> usize {
    (WEIGHT_BITS * shape.num_weights()).div_ceil(8)
}

/// A bit string encoding a network's weights (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genome {
    bytes: Vec<u8>,
    bits: usize,
}

impl Genome {
    /// A uniformly random genome for `shape` (the unused bits stay zero).
    pub fn random(shape: Shape, rng: &mut Rng) -> Genome {
        let bits = WEIGHT_BITS * shape.num_weights();
        let mut g = Genome {
            bytes: vec![0; bits.div_ceil(8)],
            bits,
        };
        for i in 0..bits {
            if rng.next_u64() >> 63 == 1 {
                g.flip(i);
            }
        }
        g
    }

    /// The genome of `net`, each weight rounded to the nearest encodable
    /// value.
    pub fn encode(net: &Network) -> Genome {
        let bits = WEIGHT_BITS * net.weights().len();
        let mut g = Genome {
            bytes: vec![0; bits.div_ceil(8)],
            bits,
        };
        for (i, &w) in net.weights().iter().enumerate() {
            let c = code_of_weight(w);
            for b in 0..WEIGHT_BITS {
                if c >> (WEIGHT_BITS - 1 - b) & 1 == 1 {
                    g.flip(i * WEIGHT_BITS + b);
                }
            }
        }
        g
    }

    /// The genome from its bytes, for a network of `shape`.
    ///
    /// Returns `None` if the length is not [`genome_bytes`] of the shape.
    pub fn from_bytes(shape: Shape, bytes: Vec<u8>) -> Option<Genome> {
        (bytes.len() == genome_bytes(shape)).then_some(Genome {
            bytes,
            bits: WEIGHT_BITS * shape.num_weights(),
        })
    }

    /// The packed bytes (most significant bit first).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Number of bits that encode weights (`10 · weights`).
    pub fn len_bits(&self) -> usize {
        self.bits
    }

    /// Bit `i` (below [`Genome::len_bits`]).
    #[inline]
    pub fn bit(&self, i: usize) -> bool {
        self.bytes[i / 8] >> (7 - i % 8) & 1 == 1
    }

    /// Flips bit `i` (below [`Genome::len_bits`]).
    #[inline]
    pub fn flip(&mut self, i: usize) {
        debug_assert!(i < self.bits);
        self.bytes[i / 8] ^= 1 << (7 - i % 8);
    }

    /// The code of weight `i`.
    pub fn code(&self, i: usize) -> u32 {
        (0..WEIGHT_BITS).fold(0, |c, b| c << 1 | u32::from(self.bit(i * WEIGHT_BITS + b)))
    }

    /// The network on `grid` this genome encodes.
    ///
    /// # Panics
    /// If the genome is not of `grid`'s shape (a caller's bug).
    pub fn decode(&self, grid: &Grid) -> Network {
        let n = Shape::for_grid(grid).num_weights();
        assert_eq!(n * WEIGHT_BITS, self.bits, "a genome of another shape");
        let weights = (0..n).map(|i| weight_of_code(self.code(i))).collect();
        Network::new(grid, weights).expect("decoded weights fit the grid and are finite")
    }

    /// Single-point crossover (§3.5): the bits from `point` on are swapped
    /// between `self` and `other` (genomes of one shape).
    pub fn cross(&mut self, other: &mut Genome, point: usize) {
        debug_assert_eq!(self.bits, other.bits);
        let byte = point / 8;
        let keep = point % 8;
        if keep != 0 {
            // The low `8 - keep` bits of the byte are at or after the point.
            let mask = (1u8 << (8 - keep)) - 1;
            let (a, b) = (self.bytes[byte], other.bytes[byte]);
            self.bytes[byte] = a & !mask | b & mask;
            other.bytes[byte] = b & !mask | a & mask;
        }
        let from = point.div_ceil(8);
        let len = self.bytes.len();
        if from < len {
            self.bytes[from..].swap_with_slice(&mut other.bytes[from..len]);
        }
    }

    /// Bitwise mutation (§3.5): each weight bit flips with probability `p`.
    pub fn mutate(&mut self, p: f64, rng: &mut Rng) {
        if p <= 0.0 {
            return;
        }
        // Jumps between flips are geometric, so the cost is the number of
        // flips, not of bits.
        let ln = (1.0 - p).ln();
        let mut i = 0usize;
        loop {
            let skip = if p >= 1.0 {
                0.0
            } else {
                ((1.0 - rng.unit()).ln() / ln).floor()
            };
            if skip >= (self.bits - i) as f64 {
                return;
            }
            i += skip as usize;
            self.flip(i);
            i += 1;
        }
    }
}
