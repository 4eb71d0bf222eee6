//! Solver signature (STYLE.md, after Stockfish's `bench`): a fixed suite,
//! single-threaded, fixed table size; the verdicts (each checked first
//! against theory or plain minimax) and the node counts of df-pn and
//! alpha-beta in an insta snapshot. A refactor that changes a count has a
//! bug; a search change states the new counts in its commit message.

use std::collections::HashMap;
use std::fmt::Write as _;

use cgt::search::toy::{Domineering, Kayles, Nim};
use cgt::search::{AlphaBetaSolver, Budget, DfpnConfig, DfpnSolver, SolverGame, Verdict};
use testkit::search::minimax;

fn line<G: SolverGame + std::hash::Hash + Eq>(out: &mut String, game: &G) {
    let expected = minimax(&mut game.clone(), &mut HashMap::new());
    let mut dfpn = DfpnSolver::new(DfpnConfig {
        budget: Budget::with_table(4),
        ..DfpnConfig::default()
    })
    .unwrap();
    let d = dfpn.solve(game);
    let mut ab = AlphaBetaSolver::new(Budget::with_table(4)).unwrap();
    let a = ab.solve(game);
    assert_eq!(d.verdict, Verdict::Proven(expected));
    assert_eq!(a.verdict, Verdict::Proven(expected));
    writeln!(
        out,
        "{:<26} {:<5} dfpn {:>7} ab {:>7}",
        game.position_text(),
        expected.to_string(),
        d.nodes,
        a.nodes
    )
    .unwrap();
}

#[test]
fn solver_signature() {
    let mut out = String::new();
    for heaps in [&[1u8, 2, 3][..], &[3, 5, 6, 7], &[2, 4, 4, 5]] {
        line(&mut out, &Nim::new(heaps));
    }
    for (pins, len) in [(0b1111_1111_1111u64, 12), (0b1110_1111_0111_1011, 16)] {
        line(&mut out, &Kayles::new(pins, len));
    }
    for (w, h, left) in [(4, 4, true), (4, 4, false), (5, 4, false), (4, 5, true)] {
        line(&mut out, &Domineering::new(w, h, 0, left));
    }
    insta::assert_snapshot!(out);
}
