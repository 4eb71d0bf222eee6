//! A player that plays Nimstring-correctly until the endgame, then counts
//! boxes (Berlekamp 2000: whoever wins the Nimstring game gets control of
//! the long chains; in the endgame the exact solver takes over).

use cgt::budget::{Limits, Meter};

use crate::{Edge, EdgeSet, Options, Position, Solver};

use super::value::{loony_moves, Nimstring};

/// Transposition table of the endgame solver, in MiB.
const ENDGAME_TT_MB: usize = 32;

/// SplitMix64 (Steele, Lea & Flood 2014): a fixed, seedable choice among
/// equally good moves.
fn pick(set: &[Edge], seed: u64) -> Edge {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    set[(z % set.len() as u64) as usize]
}

/// A move for the player to move in `pos` (`None` when the game is over),
/// chosen as follows under the budget `meter` (its node limit counts the
/// component positions valued, its time limit and stop flag bound the
/// whole move); `seed` picks among equally good moves.
///
/// - Endgame: when every move that completes no box is loony (only long
///   chains and loops are left, or worse), the exact [`Solver`] picks a
///   move that maximises the boxes; if the time runs out or the flag is set
///   first, a capture if there is one, else any move.
/// - Otherwise a move that wins the Nimstring game
///   ([`super::value::MoveValue::is_winning`]: a move to 0, or a capture after
///   which the mover still wins), captures first. With none, a capture if
///   there is one, else a random move that is not loony. If the budget runs
///   out before every move is valued, a random move that is not loony.
///
/// With a node limit and no time limit, the move depends only on the
/// position, the seed and the limit.
pub fn nimstring_move(pos: &Position, seed: u64, meter: Meter) -> Option<Edge> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let board = pos.board();
    let captures: EdgeSet = legal
        .iter()
        .filter(|&e| board.completed_by(pos.edges(), e) > 0)
        .collect();
    let safe = EdgeSet(legal.0 & !captures.0 & !loony_moves(pos).0);
    if safe.is_empty() {
        let opts = Options {
            tt_mb: ENDGAME_TT_MB,
            ..Options::default()
        };
        let mut solver = Solver::new(board, opts);
        solver.set_stop(meter.watch().stop_flag().cloned());
        let limits = Limits {
            nodes: None,
            time: meter.watch().remaining(),
        };
        let fallback = if captures.is_empty() { legal } else { captures };
        return Some(match solver.solve(pos, limits) {
            Ok(s) => pick(&s.best_moves, seed),
            Err(_) => pick(&fallback.iter().collect::<Vec<_>>(), seed),
        });
    }
    let safe_list: Vec<Edge> = safe.iter().collect();
    let Ok(values) = Nimstring::with_meter(meter).move_values(pos) else {
        return Some(pick(&safe_list, seed));
    };
    let winning: Vec<Edge> = values
        .iter()
        .filter(|m| m.is_winning())
        .map(|m| m.edge)
        .collect();
    let winning_captures: Vec<Edge> = winning
        .iter()
        .copied()
        .filter(|&e| captures.contains(e))
        .collect();
    let captures: Vec<Edge> = captures.iter().collect();
    for choice in [winning_captures, winning, captures, safe_list] {
        if !choice.is_empty() {
            return Some(pick(&choice, seed));
        }
    }
    unreachable!("safe moves exist")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::budget::StopFlag;

    use crate::nimstring::nimstring_value;

    #[test]
    fn moves_to_zero_when_one_exists() {
        // Every position on 2x2 with a few edges drawn: when the value is a
        // non-zero nimber and no box can be completed, the move leaves 0.
        let board = crate::Board::new(2, 2).unwrap();
        let mut checked = 0;
        for bits in (0u64..1 << 12).step_by(7) {
            let pos = Position::from_edges(board, EdgeSet(bits)).unwrap();
            let quiet = pos
                .legal_moves()
                .iter()
                .all(|e| board.completed_by(pos.edges(), e) == 0);
            let v = nimstring_value(&pos);
            if !quiet || v.is_loony() || v.is_zero() || loony_moves(&pos) == pos.legal_moves() {
                continue;
            }
            let mv = nimstring_move(&pos, bits, Meter::unlimited()).unwrap();
            let (next, _) = pos.play_unchecked(mv);
            assert!(nimstring_value(&next).is_zero(), "{pos}: {mv}");
            checked += 1;
        }
        assert!(checked > 20, "{checked}");
    }

    #[test]
    fn endgame_moves_are_optimal_for_boxes() {
        // 1x3 with the three boxes in one chain (Barker & Korf 2012: the
        // exact solver): only loony moves are left.
        let pos: Position = "1x3:4,5,6,7,8,9".parse().unwrap();
        let mv = nimstring_move(&pos, 1, Meter::unlimited()).unwrap();
        let mut solver = Solver::new(pos.board(), Options::default());
        assert!(solver
            .solve(&pos, Limits::NONE)
            .unwrap()
            .best_moves
            .contains(&mv));
        assert_eq!(
            nimstring_move(&"1x1:0,1,2,3".parse().unwrap(), 0, Meter::unlimited()),
            None
        );
    }

    #[test]
    fn a_spent_budget_falls_back_to_a_safe_move() {
        // 5x5 takes far more than no budget at all: the move is then a
        // random one that completes no box and is not loony.
        let pos: Position = "5x5".parse().unwrap();
        let stop = StopFlag::new();
        stop.stop();
        for seed in 0..5 {
            let e = nimstring_move(&pos, seed, Meter::new(Limits::NONE, Some(&stop))).unwrap();
            assert!(pos.legal_moves().contains(e));
            assert!(!loony_moves(&pos).contains(e));
        }
    }
}
