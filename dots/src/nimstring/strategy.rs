//! A player that plays Nimstring-correctly until the endgame, then counts
//! boxes (Berlekamp 2000: whoever wins the Nimstring game gets control of
//! the long chains; in the endgame the exact solver takes over).

use crate::{Edge, EdgeSet, Options, Position, Solver};

use super::{loony_moves, Nimstring};

/// Component positions one move may evaluate before the player falls back
/// to a random safe move (a few seconds at most).
/// The default limit of [`nimstring_move`]: component positions valued
/// before it falls back to a random move that is not loony.
pub const MOVE_LIMIT: usize = 2_000_000;

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
/// chosen as follows; `seed` picks among equally good moves.
///
/// - Endgame: when every move that completes no box is loony (only long
///   chains and loops are left, or worse), the exact [`Solver`] picks a
///   move that maximises the boxes.
/// - Otherwise a move that wins the Nimstring game
///   ([`super::MoveValue::is_winning`]: a move to 0, or a capture after
///   which the mover still wins), captures first. With none, a capture if
///   there is one, else a random move that is not loony. If the values take
///   too long (more than two million component positions), a random move
///   that is not loony.
pub fn nimstring_move(pos: &Position, seed: u64) -> Option<Edge> {
    nimstring_move_within(pos, seed, MOVE_LIMIT)
}

/// [`nimstring_move`], valuing at most `limit` component positions before
/// it falls back to a random move that is not loony.
pub fn nimstring_move_within(pos: &Position, seed: u64, limit: usize) -> Option<Edge> {
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
        let best = Solver::new(board, opts).solve(pos).best_moves;
        return Some(pick(&best, seed));
    }
    let safe_list: Vec<Edge> = safe.iter().collect();
    let Ok(values) = Nimstring::with_limit(limit).move_values(pos) else {
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
            let mv = nimstring_move(&pos, bits).unwrap();
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
        let mv = nimstring_move(&pos, 1).unwrap();
        let mut solver = Solver::new(pos.board(), Options::default());
        assert!(solver.solve(&pos).best_moves.contains(&mv));
        assert_eq!(nimstring_move(&"1x1:0,1,2,3".parse().unwrap(), 0), None);
    }
}
