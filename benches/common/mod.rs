//! Shared by the benchmarks: a fixed pseudo-random corpus of game trees and
//! Domineering, a small game engine that hands its positions to `cgt`.

#![allow(dead_code, reason = "each benchmark uses a part of this module")]

use cgt::{Arena, GameId, PartizanPosition};

/// A game tree as generated (not simplified).
pub struct Tree {
    pub left: Vec<Tree>,
    pub right: Vec<Tree>,
}

pub use testkit::SplitMix;

pub fn random_tree(rng: &mut SplitMix, depth: u32) -> Tree {
    if depth == 0 {
        return Tree {
            left: vec![],
            right: vec![],
        };
    }
    let nl = rng.below(4);
    let nr = rng.below(4);
    Tree {
        left: (0..nl).map(|_| random_tree(rng, depth - 1)).collect(),
        right: (0..nr).map(|_| random_tree(rng, depth - 1)).collect(),
    }
}

/// 300 random trees of height at most 5, from a fixed seed.
pub fn corpus() -> Vec<Tree> {
    let mut rng = SplitMix(2024);
    (0..300).map(|_| random_tree(&mut rng, 5)).collect()
}

pub fn build(arena: &mut Arena, t: &Tree) -> GameId {
    let l: Vec<GameId> = t.left.iter().map(|c| build(arena, c)).collect();
    let r: Vec<GameId> = t.right.iter().map(|c| build(arena, c)).collect();
    arena.new_game(&l, &r).unwrap()
}

/// Domineering on a `w x h` board: Left places vertical dominoes, Right
/// horizontal ones. `empty` has bit `r * w + c` for each empty square.
/// Positions are cropped to the bounding box of their empty squares.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Domineering {
    pub w: u8,
    pub h: u8,
    pub empty: u32,
}

impl Domineering {
    pub fn full(w: u8, h: u8) -> Self {
        let n = u32::from(w) * u32::from(h);
        Domineering {
            w,
            h,
            empty: if n == 32 { u32::MAX } else { (1 << n) - 1 },
        }
    }

    fn is_empty_at(&self, r: u8, c: u8) -> bool {
        self.empty >> (u32::from(r) * u32::from(self.w) + u32::from(c)) & 1 == 1
    }

    /// The smallest box holding the empty squares.
    fn cropped(&self) -> Self {
        let cells: Vec<(u8, u8)> = (0..self.h)
            .flat_map(|r| (0..self.w).map(move |c| (r, c)))
            .filter(|&(r, c)| self.is_empty_at(r, c))
            .collect();
        if cells.is_empty() {
            return Domineering {
                w: 0,
                h: 0,
                empty: 0,
            };
        }
        let r0 = cells.iter().map(|p| p.0).min().unwrap();
        let r1 = cells.iter().map(|p| p.0).max().unwrap();
        let c0 = cells.iter().map(|p| p.1).min().unwrap();
        let c1 = cells.iter().map(|p| p.1).max().unwrap();
        let w = c1 - c0 + 1;
        let mut empty = 0;
        for (r, c) in cells {
            empty |= 1 << (u32::from(r - r0) * u32::from(w) + u32::from(c - c0));
        }
        Domineering {
            w,
            h: r1 - r0 + 1,
            empty,
        }
    }

    fn place(&self, a: (u8, u8), b: (u8, u8)) -> Self {
        let bit = |(r, c): (u8, u8)| 1u32 << (u32::from(r) * u32::from(self.w) + u32::from(c));
        Domineering {
            w: self.w,
            h: self.h,
            empty: self.empty & !bit(a) & !bit(b),
        }
        .cropped()
    }

    pub fn moves(&self, vertical: bool) -> Vec<Self> {
        let mut out = Vec::new();
        for r in 0..self.h {
            for c in 0..self.w {
                let other = if vertical { (r + 1, c) } else { (r, c + 1) };
                if other.0 < self.h
                    && other.1 < self.w
                    && self.is_empty_at(r, c)
                    && self.is_empty_at(other.0, other.1)
                {
                    out.push(self.place((r, c), other));
                }
            }
        }
        out
    }

    /// Connected regions of empty squares (4-neighbours), each cropped.
    pub fn components(&self) -> Vec<Self> {
        let mut seen = 0u32;
        let mut parts = Vec::new();
        for start in 0..u32::from(self.w) * u32::from(self.h) {
            if self.empty >> start & 1 == 0 || seen >> start & 1 == 1 {
                continue;
            }
            let mut region = 0u32;
            let mut stack = vec![start];
            seen |= 1 << start;
            while let Some(i) = stack.pop() {
                region |= 1 << i;
                let (r, c) = (i / u32::from(self.w), i % u32::from(self.w));
                let mut push = |j: u32| {
                    if self.empty >> j & 1 == 1 && seen >> j & 1 == 0 {
                        seen |= 1 << j;
                        stack.push(j);
                    }
                };
                if r > 0 {
                    push(i - u32::from(self.w));
                }
                if r + 1 < u32::from(self.h) {
                    push(i + u32::from(self.w));
                }
                if c > 0 {
                    push(i - 1);
                }
                if c + 1 < u32::from(self.w) {
                    push(i + 1);
                }
            }
            parts.push(
                Domineering {
                    w: self.w,
                    h: self.h,
                    empty: region,
                }
                .cropped(),
            );
        }
        parts
    }
}

impl PartizanPosition for Domineering {
    fn left_options(&self) -> Vec<Self> {
        self.moves(true)
    }
    fn right_options(&self) -> Vec<Self> {
        self.moves(false)
    }
    fn decompose(&self) -> Option<Vec<Self>> {
        let parts = self.components();
        (parts.len() > 1).then_some(parts)
    }
}
