//! Area analysis checked by exhaustive search on small areas.
//!
//! The reference is a plain negamax with a memo, written here, over the
//! area plus an integer `n` (a territory in which Black can make `n` moves
//! if `n > 0`, White `-n` moves if `n < 0`): the game `G + n`. Then, in CGT
//! terms (Left = Black):
//! - `G >= l`  iff Black wins `G - l` when White moves first;
//! - `G <= u`  iff White wins `G - u` when Black moves first;
//! - `G > x`   iff Black wins `G - x` whoever moves first (and `<` alike).
//!
//! Positions: random playouts of the standard starts up to 6x6 and random
//! scatterings of queens and arrows, fixed seeds, at most 6 empty squares
//! per area in the normal suite; the `#[ignore]`d `*_large` tests (run in
//! release) go to 9 (7 for local search, whose reference checks are the
//! slowest: about 2.5 minutes in release on the shared machine).

use std::collections::HashMap;

use amazons::local_search::local_search;
use amazons::safe_moves::{safe_move_rule, static_eval, SafeMoveRules};
use amazons::territory::{plodding, territory_moves};
use amazons::{
    basic_partition, improved_partition, Area, AreaAnalyzer, AreaKind, Bitboard, Color, Position,
    Size,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

type Key = (u128, u128, u128, Color, i32);

/// The reference solver of `G + n`.
struct Solver {
    memo: HashMap<Key, bool>,
}

impl Solver {
    fn new() -> Solver {
        Solver {
            memo: HashMap::new(),
        }
    }

    /// Whether the side to move in `pos` wins `pos + n`.
    fn wins(&mut self, pos: &mut Position, n: i32) -> bool {
        let side = pos.to_move();
        let key = (
            pos.queens(Color::White).bits(),
            pos.queens(Color::Black).bits(),
            pos.burnt().bits(),
            side,
            n,
        );
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        // A move in the integer: Black uses one of its n moves, or White one
        // of its -n moves.
        let mut win = match side {
            Color::Black if n > 0 => !self.wins(&mut pos.with_to_move(Color::White), n - 1),
            Color::White if n < 0 => !self.wins(&mut pos.with_to_move(Color::Black), n + 1),
            _ => false,
        };
        if !win {
            for mv in pos.legal_moves() {
                pos.play_unchecked(mv);
                let lost = !self.wins(pos, n);
                pos.undo(mv);
                if lost {
                    win = true;
                    break;
                }
            }
        }
        self.memo.insert(key, win);
        win
    }

    fn first_wins(&mut self, g: &Position, first: Color, n: i32) -> bool {
        self.wins(&mut g.with_to_move(first), n)
    }

    /// `G >= l`.
    fn ge(&mut self, g: &Position, l: i32) -> bool {
        !self.first_wins(g, Color::White, -l)
    }

    /// `G <= u`.
    fn le(&mut self, g: &Position, u: i32) -> bool {
        !self.first_wins(g, Color::Black, -u)
    }

    /// `G > x`.
    fn gt(&mut self, g: &Position, x: i32) -> bool {
        self.ge(g, x) && self.first_wins(g, Color::Black, -x)
    }

    /// `G < x`.
    fn lt(&mut self, g: &Position, x: i32) -> bool {
        self.le(g, x) && self.first_wins(g, Color::White, -x)
    }
}

/// A random position: a playout from a standard start, or a scattering.
fn random_position(rng: &mut SmallRng, max_empty: u32) -> Position {
    if rng.gen_bool(0.5) {
        let w = rng.gen_range(4..=6);
        let h = rng.gen_range(4..=6);
        let mut pos = Position::standard(Size::new(w, h).unwrap()).unwrap();
        let target = rng.gen_range(2..=max_empty + 2);
        while pos.empty().count() > target {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                // Let the other side go on, to keep filling the board.
                pos = pos.with_to_move(pos.to_move().opposite());
                if !pos.has_move() {
                    break;
                }
                continue;
            }
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        }
        pos
    } else {
        let w = rng.gen_range(1..=6u8);
        let h = rng.gen_range(1..=6u8);
        let n = u32::from(w) * u32::from(h);
        let empty_share = f64::from(max_empty.min(n)) / f64::from(n);
        let mut text = String::new();
        for r in 0..h {
            for _ in 0..w {
                let x: f64 = rng.gen();
                text.push(if x < 0.08 {
                    'W'
                } else if x < 0.16 {
                    'B'
                } else if x < 0.16 + empty_share * 0.84 {
                    '.'
                } else {
                    'x'
                });
            }
            if r + 1 < h {
                text.push('/');
            }
        }
        format!("{text} w").parse().unwrap()
    }
}

/// Areas (as positions of their own) of random positions, both partitions.
fn sample(seed: u64, count: usize, max_empty: u32) -> Vec<(Position, Area, Position)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let pos = random_position(&mut rng, max_empty);
        let partition = if rng.gen_bool(0.5) {
            basic_partition(&pos)
        } else {
            improved_partition(&pos)
        };
        for area in partition {
            if area.empty.count() <= max_empty {
                let g = area.to_position(&pos, Color::White);
                out.push((pos.clone(), area, g));
            }
        }
    }
    out
}

/// The most moves the owner of a one-colour area can make alone, by plain
/// depth-first search over the legal moves, with a memo.
fn naive_territory(g: &Position, owner: Color, memo: &mut HashMap<(u128, u128), u32>) -> u32 {
    let key = (g.queens(owner).bits(), g.burnt().bits());
    if let Some(&n) = memo.get(&key) {
        return n;
    }
    let mut best = 0;
    for mv in g.with_to_move(owner).legal_moves() {
        let mut next = g.with_to_move(owner);
        next.play_unchecked(mv);
        best = best.max(1 + naive_territory(&next, owner, memo));
    }
    memo.insert(key, best);
    best
}

#[test]
fn territory_count_is_exact_and_plodding_is_below_it() {
    territories(1, 2000, 6);
}

#[test]
#[ignore = "large: run in release with --ignored"]
fn territory_count_is_exact_and_plodding_is_below_it_large() {
    territories(11, 3000, 9);
}

fn territories(seed: u64, count: usize, max_empty: u32) {
    let mut checked = 0;
    let mut defective = 0;
    for (_, area, g) in sample(seed, count, max_empty) {
        let mut solver = Solver::new();
        let owner = match area.kind {
            AreaKind::SimpleTerritory(c) | AreaKind::BlockerTerritory(c) => c,
            _ => continue,
        };
        let queens = area.queens(owner);
        let n = territory_moves(area.empty, queens);
        assert_eq!(n, naive_territory(&g, owner, &mut HashMap::new()), "{g}");
        // The game value of a territory is the integer +-n.
        let value = if owner == Color::Black {
            n as i32
        } else {
            -(n as i32)
        };
        assert!(solver.ge(&g, value) && solver.le(&g, value), "{g}: {value}");
        let p = plodding(area.empty, queens - area.blockers, area.blockers);
        assert!(p <= n, "{g}: plodding {p} > exact {n}");
        if n < area.empty.count() {
            defective += 1;
        }
        checked += 1;
    }
    // Defective territories (fewer moves than squares, Song & Müller 2015 II-B2) occur.
    assert!(
        checked > count / 10 && defective > 0,
        "{checked} {defective}"
    );
}

type LocalKey = (u128, u128, u128, Color, bool);

/// Plain negamax with passes and a memo (Song & Müller 2015 IV-A6): the side to
/// move's moves minus the opponent's; a pass after a pass ends play.
fn naive_local(g: &mut Position, passed: bool, memo: &mut HashMap<LocalKey, i32>) -> i32 {
    if g.empty().is_empty() {
        return 0;
    }
    let key = (
        g.queens(Color::White).bits(),
        g.queens(Color::Black).bits(),
        g.burnt().bits(),
        g.to_move(),
        passed,
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = if passed {
        0
    } else {
        -naive_local(&mut g.with_to_move(g.to_move().opposite()), true, memo)
    };
    for mv in g.legal_moves() {
        g.play_unchecked(mv);
        best = best.max(1 - naive_local(g, false, memo));
        g.undo(mv);
    }
    memo.insert(key, best);
    best
}

#[test]
fn local_search_matches_naive_search_and_bounds_the_value() {
    local_searches(2, 1500, 6);
}

#[test]
#[ignore = "large: run in release with --ignored"]
fn local_search_matches_naive_search_and_bounds_the_value_large() {
    local_searches(12, 1000, 7);
}

fn local_searches(seed: u64, count: usize, max_empty: u32) {
    let mut checked = 0;
    for (_, area, g) in sample(seed, count, max_empty) {
        if area.kind != AreaKind::Active {
            continue;
        }
        let mut solver = Solver::new();
        let mut memo = HashMap::new();
        let v = local_search(&g);
        assert_eq!(
            v.v_b,
            naive_local(&mut g.with_to_move(Color::Black), false, &mut memo),
            "{g}"
        );
        assert_eq!(
            v.v_w,
            -naive_local(&mut g.with_to_move(Color::White), false, &mut memo),
            "{g}"
        );
        // Song & Müller 2015: bounds [v_w - e, v_b + e]. Checked with e = 1:
        // G > v_w - 1 and G < v_b + 1.
        assert!(solver.gt(&g, v.v_w - 1), "{g}: G > {} fails", v.v_w - 1);
        assert!(solver.lt(&g, v.v_b + 1), "{g}: G < {} fails", v.v_b + 1);
        checked += 1;
    }
    assert!(checked > count / 6, "{checked}");
}

/// Each safe-move rule on its own: whenever it gives a player a safe move,
/// the bound it implies holds.
#[test]
fn each_safe_move_rule_is_sound() {
    safe_move_rules(3, 3000, 6);
}

#[test]
#[ignore = "large: run in release with --ignored"]
fn each_safe_move_rule_is_sound_large() {
    safe_move_rules(13, 1000, 9);
}

fn safe_move_rules(seed: u64, count: usize, max_empty: u32) {
    let mut fired = [0; 6];
    for (_, area, g) in sample(seed, count, max_empty) {
        if area.kind != AreaKind::Active {
            continue;
        }
        let mut solver = Solver::new();
        let v = area.empty.count() as i32;
        for rule in 1..=6 {
            let rules = SafeMoveRules::only(rule);
            for excluded in [Bitboard::EMPTY, area.blockers] {
                if safe_move_rule(&g, Color::Black, excluded, rules).is_some() {
                    assert!(
                        solver.ge(&g, 2 - v),
                        "rule {rule}: {g}: Black, G >= {}",
                        2 - v
                    );
                    fired[usize::from(rule - 1)] += 1;
                }
                if safe_move_rule(&g, Color::White, excluded, rules).is_some() {
                    assert!(
                        solver.le(&g, v - 2),
                        "rule {rule}: {g}: White, G <= {}",
                        v - 2
                    );
                    fired[usize::from(rule - 1)] += 1;
                }
            }
        }
    }
    // Every rule must have been put to the test.
    assert!(fired.iter().all(|&n| n > 20), "{fired:?}");
}

#[test]
fn static_eval_with_all_rules_is_sound() {
    for (_, area, g) in sample(4, 2000, 6) {
        if area.kind != AreaKind::Active {
            continue;
        }
        let mut solver = Solver::new();
        let s = static_eval(&g, area.blockers, SafeMoveRules::ALL);
        assert!(
            solver.ge(&g, s.lower) && solver.le(&g, s.upper),
            "{g}: {s:?}"
        );
    }
}

/// The analyzer's bounds (territory search, plodding, local search, static
/// rules, as chosen per area) contain every area's value.
#[test]
fn analyzer_bounds_contain_the_value() {
    analyzer_bounds(5, 2000, 6);
}

#[test]
#[ignore = "large: run in release with --ignored"]
fn analyzer_bounds_contain_the_value_large() {
    analyzer_bounds(15, 1000, 9);
}

fn analyzer_bounds(seed: u64, count: usize, max_empty: u32) {
    let analyzer = AreaAnalyzer {
        // Below the sample's 6 empty squares, so plodding is used too.
        exact_territory_max_empty: 4,
        ..AreaAnalyzer::default()
    };
    let mut sources = std::collections::BTreeSet::new();
    for (pos, area, g) in sample(seed, count, max_empty) {
        let mut solver = Solver::new();
        let b = analyzer.bounds(&pos, &area, None);
        sources.insert(format!("{:?}", std::mem::discriminant(&b.source)));
        let low_ok = if b.lower_relaxed {
            solver.gt(&g, b.lower - 1)
        } else {
            solver.ge(&g, b.lower)
        };
        let high_ok = if b.upper_relaxed {
            solver.lt(&g, b.upper + 1)
        } else {
            solver.le(&g, b.upper)
        };
        assert!(low_ok && high_ok, "{g}: {b} from {}", b.source);
    }
    // Dead, exact search, plodding, safe moves, local search.
    assert_eq!(sources.len(), 5, "{sources:?}");
}
