//! Amazons solver signature (STYLE.md, after Stockfish's `bench`): a fixed
//! suite of real Amazons positions (the 4x4, 5x4 and 4x5 starts and
//! positions a few moves into games on 5x5, 4x5, 5x4, 4x6, 6x4 and 5x6),
//! df-pn with the default settings, one thread and a fixed 64 MiB table; the
//! verdicts and node counts in an insta snapshot. A refactor that changes a
//! line has a bug; a search change states the new counts.
//!
//! The starts' verdicts are also asserted against the literature: 4x4 is a
//! second-player win and 5x4 a first-player win (Song & Müller 2015, Table
//! I). 4x5, a first-player win in that table, is solved here as a
//! second-player win, with a proof that `check-proof` accepts
//! (`tests/amazons_solve.rs`).

use std::fmt::Write as _;

use amazons::Position;
use amazons::SolverPosition;
use cgt::search::{Budget, DfpnConfig, DfpnSolver, Verdict, WinLoss};

const SUITE: [&str; 17] = [
    "4x4",
    "5x4",
    "4x5",
    "B..x./....B/xB.xW/WWxxB/.W.x. w",
    ".B.x../Bx.xB./W.WW../..x.WB w",
    ".B.../.W..B/xBxx./.x.BW/.W.W. w",
    ".B.B./B.Wx./....B/....W/.WxW. w",
    ".BB./..WB/..x./x.B./W.../.WxW b",
    ".B.x./B..xB/.B..W/W...W/.W..x b",
    ".B.../.xx.B/..B.x/.W.Bx/x.x.W/.W.W. w",
    ".B../B..B/.WB./..xW/.WWx w",
    ".BB./B..x/...B/..W./W.../xWW. w",
    "x.B.../B..WxB/xW.B.x/.x.W../.Wx... w",
    "B..../xx..B/..xxW/.xBx./WW.BW w",
    ".B..B./.x.xBx/WB..xW/.W..W. w",
    ".B.x./B.x.B/.W.x./W.W.W/...B. b",
    ".BB.xx/B.WxW./.Wxx.B/xW.... w",
];

#[test]
fn amazons_signature() {
    let mut out = String::new();
    let mut total = 0;
    for text in SUITE {
        let pos = match text.parse() {
            Ok(size) => Position::standard(size).unwrap(),
            Err(_) => text.parse::<Position>().unwrap(),
        };
        let mut solver = DfpnSolver::new(DfpnConfig {
            budget: Budget::with_table(64),
            threads: 1,
            ..DfpnConfig::default()
        })
        .unwrap();
        let result = solver.solve(&SolverPosition::new(pos.clone()));
        let Verdict::Proven(outcome) = result.verdict else {
            panic!("{text}: not solved");
        };
        match text {
            "4x4" => assert_eq!(outcome, WinLoss::Loss, "4x4: second player wins"),
            "5x4" => assert_eq!(outcome, WinLoss::Win, "5x4: first player wins"),
            _ => {}
        }
        total += result.nodes;
        writeln!(
            out,
            "{text:<36} {:<4} nodes {:>8}",
            outcome.to_string(),
            result.nodes
        )
        .unwrap();
    }
    writeln!(out, "total nodes {total}").unwrap();
    insta::assert_snapshot!(out);
}
