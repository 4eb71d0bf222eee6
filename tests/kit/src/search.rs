//! References for the generic solvers.

use std::collections::HashMap;
use std::hash::Hash;

use cgt::search::{SolverGame, WinLoss};

/// Plain minimax on win/loss, memoised on the exact position. Uses only
/// `generate_moves`, `play` and `undo`: no evaluation, no symmetry.
pub fn minimax<G: SolverGame + Hash + Eq>(game: &mut G, memo: &mut HashMap<G, WinLoss>) -> WinLoss {
    if let Some(&o) = memo.get(game) {
        return o;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut result = WinLoss::Loss;
    for mv in moves {
        game.play(mv);
        let child = minimax(game, memo);
        game.undo(mv);
        if child == WinLoss::Loss {
            result = WinLoss::Win;
            break;
        }
    }
    memo.insert(game.clone(), result);
    result
}

/// The Grundy values of Kayles rows of 0 to `n` pins, by the mex rule
/// (a move knocks down one pin or two adjacent ones).
pub fn kayles_grundy(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for len in 1..=n {
        let mut seen = vec![false; 2 * len + 2];
        for take in 1..=2usize.min(len) {
            for left in 0..=len - take {
                let right = len - take - left;
                let v = (g[left] ^ g[right]) as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
        }
        g[len] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
    }
    g
}

/// The outcome of a Kayles row (`pins` bit `i` = pin `i` standing, `len`
/// places) from the nim-sum of its runs' Grundy values (Sprague-Grundy).
pub fn kayles_outcome(pins: u64, len: u32, grundy: &[u32]) -> WinLoss {
    let (mut sum, mut run) = (0, 0);
    for i in 0..=len {
        if i < len && pins >> i & 1 == 1 {
            run += 1;
        } else {
            sum ^= grundy[run];
            run = 0;
        }
    }
    if sum != 0 {
        WinLoss::Win
    } else {
        WinLoss::Loss
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_grundy_values_from_winning_ways() {
        // Berlekamp, Conway & Guy, Winning Ways, ch. 4: 0 1 2 3 1 4 3 2 1 4 2 6.
        assert_eq!(kayles_grundy(11), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    }
}
