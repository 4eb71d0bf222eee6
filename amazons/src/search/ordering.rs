//! The solver's move ordering: moves that take the opponent's mobility
//! and keep one's own first.

use crate::bitboard::{king_steps, Set, Word};
use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;

/// The largest score of [`SolverGame::order_moves`]: 8 opponent queens next
/// to the arrow and 8 open squares next to the queen.
const MAX_SCORE: usize = 4 * 8 + 8;

/// [`SolverPosition`]'s move ordering (see its `order_moves`) for `p`.
pub(super) fn order_by_score(p: &Position, moves: &mut Vec<Move>) {
    let opponent = p.queens(p.to_move().opposite());
    let (mask, unburnt) = (p.mask(), p.mask() - p.burnt());
    if p.size().is_narrow() {
        order::<u64>(opponent.narrow(), mask.narrow(), unburnt.narrow(), moves);
    } else {
        order(opponent, mask, unburnt, moves);
    }
}

/// [`order_by_score`] with the opponent's queens `opponent` on the board
/// `mask` whose unburnt squares are `unburnt`.
fn order<W: Word>(opponent: Set<W>, mask: Set<W>, unburnt: Set<W>, moves: &mut Vec<Move>) {
    // The arrow's part of the score by square, counted once: 4 times the
    // opponent queens next to it (4 for each opponent queen around it).
    // The queen's part, the unburnt squares next to where it lands (the
    // arrow, never burnt before the move, is subtracted when it is one of
    // them), is a population count.
    let mut arrow_part = [0u8; Square::COUNT];
    for queen in opponent {
        for sq in king_steps::<W>(queen) & mask {
            arrow_part[usize::from(sq.index())] += 4;
        }
    }
    let score = |mv: &Move| {
        let around = king_steps::<W>(mv.to);
        usize::from(arrow_part[usize::from(mv.arrow.index())]) + (around & unburnt).count() as usize
            - usize::from(around.contains(mv.arrow))
    };
    // next[s]: where the next move of score s goes (higher scores first).
    let mut next = [0usize; MAX_SCORE + 1];
    for mv in moves.iter() {
        next[score(mv)] += 1;
    }
    let mut start = 0;
    for slot in next.iter_mut().rev() {
        (*slot, start) = (start, start + *slot);
    }
    // A copy of the moves behind them (in the vector's spare capacity,
    // which the solvers keep from one position to the next), moved
    // back to their places.
    let n = moves.len();
    moves.extend_from_within(..);
    for i in n..2 * n {
        let mv = moves[i];
        let s = score(&mv);
        moves[next[s]] = mv;
        next[s] += 1;
    }
    moves.truncate(n);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bitboard;
    use crate::search::tests::random_game_positions;
    use crate::search::SolverPosition;
    use cgt::search::SolverGame;

    #[test]
    fn move_order_is_a_stable_sort_by_score() {
        // Reference: the documented score computed square by square with
        // Bitboard::neighbours, and the standard library's stable sort.
        for pos in random_game_positions(&["4x4", "5x4", "6x6", "8x8"], 5, 99) {
            let moves = pos.legal_moves();
            let opponent = pos.queens(pos.to_move().opposite());
            let near = |sq: Square| Bitboard::from_square(sq).neighbours() & pos.mask();
            let score = |mv: &Move| {
                let arrow_near = (near(mv.arrow) & opponent).count();
                let open = (near(mv.to) - pos.burnt().with(mv.arrow)).count();
                4 * arrow_near + open
            };
            let mut expected = moves.clone();
            expected.sort_by_key(|mv| std::cmp::Reverse(score(mv)));
            let mut ordered = moves;
            SolverPosition::new(pos.clone()).order_moves(&mut ordered);
            assert_eq!(ordered, expected);
        }
    }
}
