//! The computer player (`amazons::player`) against plain minimax (the test
//! kit's reference) on small positions: with no limit, it proves who wins
//! and its move keeps a win.

use amazons::player::{choose, PlayerOptions};
use amazons::Position;
use cgt::budget::{Limits, Meter};
use testkit::amazons::{minimax_wins, random_position};

/// Random positions of small boards (standard starts played at random
/// down to 8 empty squares, and random boards of up to 9 empty
/// squares): an unbounded search proves who wins as plain minimax
/// (the test kit's) says, and its move keeps a win.
#[test]
fn proved_results_agree_with_minimax() {
    use rand::SeedableRng;
    let mut seed = 17u64;
    let mut positions = Vec::new();
    for size in ["4x4", "5x4", "4x5", "5x5"] {
        for _game in 0..12 {
            let mut pos = Position::standard(size.parse().unwrap()).unwrap();
            while pos.empty().count() > 8 && pos.has_move() {
                let moves = pos.legal_moves();
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
            positions.push(pos);
        }
    }
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    positions.extend((0..250).map(|_| random_position(&mut rng, 9)));
    let mut checked = 0;
    for pos in positions.into_iter().filter(Position::has_move) {
        let mut meter = Meter::new(Limits::NONE, None);
        let c = choose(&pos, &PlayerOptions::default(), &mut meter).unwrap();
        let win = minimax_wins(&mut pos.clone());
        assert!(c.proved, "{pos}: {c:?}");
        let me = pos.to_move();
        let want = if win { me } else { me.opposite() };
        assert_eq!(c.winner(me), Some(want), "{pos}: {c:?}");
        let mut after = pos.clone();
        after.play(c.best).unwrap();
        assert_eq!(!minimax_wins(&mut after), win, "{pos}: {}", c.best);
        checked += 1;
    }
    assert!(checked > 200, "{checked}");
}
