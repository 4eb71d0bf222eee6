//! The evaluation with databases: active areas answered by thermographs
//! (Song & Müller 2015, IV-B2, IV-C) must still only name true winners.

use amazons::{AreaOracle, Evaluator, Position};
use cgt::budget::Watch;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use testkit::amazons::minimax_wins as wins;
use testkit::amazons::random_position as random_small_position;

/// A 5x3 board: a 3x2 pocket on the left (one queen each, the rest empty or
/// burnt at random), a burnt column, and a small territory on the right.
fn random_position(rng: &mut SmallRng) -> Position {
    let mut cells = ['x'; 15];
    let pocket = [0, 1, 2, 5, 6, 7];
    let mut order = pocket;
    for i in 0..order.len() {
        let j = rng.gen_range(i..order.len());
        order.swap(i, j);
    }
    cells[order[0]] = 'W';
    cells[order[1]] = 'B';
    for &i in &order[2..] {
        cells[i] = if rng.gen_bool(0.8) { '.' } else { 'x' };
    }
    // The right-hand 1x2 strip: a queen of either colour and an empty square.
    cells[4] = if rng.gen_bool(0.5) { 'W' } else { 'B' };
    cells[9] = '.';
    let ranks: Vec<String> = cells.chunks(5).map(|r| r.iter().collect()).collect();
    let side = if rng.gen_bool(0.5) { "w" } else { "b" };
    format!("{} {side}", ranks.join("/")).parse().unwrap()
}

/// Whether `eval` names a winner; if it does, asserts that plain minimax
/// agrees.
fn check_verdict(pos: &mut Position, eval: &amazons::Evaluation) -> bool {
    let Some(winner) = eval.verdict else {
        return false;
    };
    let truth = if wins(pos) {
        pos.to_move()
    } else {
        pos.to_move().opposite()
    };
    assert_eq!(winner, truth, "{pos}: {} by {:?}", eval.bounds, eval.rule);
    true
}

#[test]
fn verdicts_with_active_databases_agree_with_minimax() {
    let dir = std::env::temp_dir().join(format!("cgtk-db-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    databases::builder::build_active(&dir, 3, 2, 1, 1, &(), &Watch::unlimited()).unwrap();
    let dbs = databases::Databases::open_dir(&dir).unwrap();
    let oracle: &dyn AreaOracle = &dbs;
    let mut rng = SmallRng::seed_from_u64(0xdb_e7a1);
    let evaluator = Evaluator::default();
    let (mut decided, mut from_db) = (0, 0);
    for _ in 0..2000 {
        let mut pos = random_position(&mut rng);
        let eval = evaluator.evaluate(&pos, Some(oracle));
        from_db += eval
            .areas
            .iter()
            .filter(|r| r.source == amazons::BoundsSource::Oracle)
            .count();
        decided += u32::from(check_verdict(&mut pos, &eval));
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        from_db > 1000,
        "only {from_db} areas answered by the database"
    );
    assert!(decided > 500, "only {decided} verdicts");
}

/// df-pn with the databases as the evaluation's oracle proves the same
/// winners as plain minimax.
#[test]
fn solver_with_active_databases_agrees_with_minimax() {
    use amazons::SolverPosition;
    use cgt::search::{Budget, DfpnConfig, DfpnSolver, Verdict, WinLoss};
    use std::sync::Arc;

    let dir = std::env::temp_dir().join(format!("cgtk-db-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    databases::builder::build_active(&dir, 3, 2, 1, 1, &(), &Watch::unlimited()).unwrap();
    let dbs = Arc::new(databases::Databases::open_dir(&dir).unwrap());
    let mut solver = DfpnSolver::new(DfpnConfig {
        budget: Budget::with_table(4),
        ..DfpnConfig::default()
    })
    .unwrap();
    let mut rng = SmallRng::seed_from_u64(0xdb_5017);
    for _ in 0..500 {
        let mut pos = random_position(&mut rng);
        let expected = if wins(&mut pos) {
            WinLoss::Win
        } else {
            WinLoss::Loss
        };
        let game = SolverPosition::new(pos.clone()).with_oracle(dbs.clone());
        let result = solver.solve(&game);
        assert_eq!(result.verdict, Verdict::Proven(expected), "{pos}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Blocker territory databases (Song & Müller 2015, III-A) answer the blocker
/// territories of the improved partition; the verdicts stay those of plain
/// minimax, and the database never gives a lower bound below plodding's.
#[test]
fn verdicts_with_blocker_databases_agree_with_minimax() {
    use amazons::{AreaKind, BoundsSource};
    let dir = std::env::temp_dir().join(format!("cgtk-db-blocker-{}", std::process::id()));
    // Every blocker table of the boxes the random boards' territories fit
    // (up to 4x3 with 1 to 3 queens).
    for (w, h) in [(2, 2), (3, 2), (4, 2), (5, 2), (3, 3), (4, 3)] {
        for k in 1..=3u32 {
            for b in 1..=k {
                databases::builder::build_blocker(&dir, w, h, k - b, b, &(), &Watch::unlimited())
                    .unwrap();
            }
        }
    }
    let dbs = databases::Databases::open_dir(&dir).unwrap();
    let oracle: &dyn AreaOracle = &dbs;
    let evaluator = Evaluator::default();
    let mut rng = SmallRng::seed_from_u64(0xb10c);
    let (mut decided, mut from_db) = (0, 0);
    for _ in 0..3000 {
        let mut pos = random_small_position(&mut rng, 9);
        let with = evaluator.evaluate(&pos, Some(oracle));
        let without = evaluator.evaluate(&pos, None);
        for (a, b) in with.areas.iter().zip(&without.areas) {
            if let AreaKind::BlockerTerritory(_) = a.area.kind {
                if a.source == BoundsSource::Oracle {
                    from_db += 1;
                    // At least as tight as plodding, never wider.
                    let (l, u) = (a.bounds.lower.value, a.bounds.upper.value);
                    assert!(
                        l >= b.bounds.lower.value && u <= b.bounds.upper.value,
                        "{pos}"
                    );
                }
            }
        }
        decided += u32::from(check_verdict(&mut pos, &with));
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(from_db > 100, "only {from_db} blocker territories answered");
    assert!(decided > 500, "only {decided} verdicts");
}
