//! The proofs shipped in `proofs/` (written by `cgtk amazons solve SIZE
//! --proof proofs/SIZE.proof.gz`, or by the root gather of `cgtk amazons
//! plan SIZE` for 6x4 and 5x6): each is for the standard start of its
//! board, proves the winner the literature gives, and passes the checker
//! with the exact leaf verifier; so do the 6x5 replies refuted so far.
//! The small ones run in every test run, the others in release
//! builds: `cargo test --release -p amazons --test amazons_proofs -- --ignored`.
//! The command-line check of a compressed proof is in `amazons_solve_cli.rs`.

use std::path::Path;

use amazons::{LeafVerifier, Position, Size, SolverPosition};
use cgt::budget::Watch;
use cgt::search::proof::file::ProofReader;
use cgt::search::{check_proof_parallel, WinLoss};

/// The workspace's root, which holds `proofs/`.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Reads, parses and checks `proofs/{size}.proof.gz`; returns the outcome
/// it proves for the player to move at the start.
fn check_shipped(size: &str) -> WinLoss {
    let start = Position::standard(size.parse::<Size>().unwrap()).unwrap();
    check_file(&format!("proofs/{size}.proof.gz"), &start)
}

/// Reads, parses and checks the proof file at `path` (from the workspace's
/// root), whose root must be `root`; returns the outcome it proves for the
/// player to move there.
fn check_file(path: &str, root: &Position) -> WinLoss {
    let watch = Watch::unlimited();
    let reader = ProofReader::open(Path::new(ROOT).join(path), &watch).unwrap();
    assert!(reader.is_gzip(), "{path}: shipped gzip-compressed");
    let proof = reader
        .read_for(SolverPosition::from_proof_root)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(proof.root, root.to_string(), "{path}: not its position");
    let game = SolverPosition::new(root.clone());
    let stats = check_proof_parallel(
        &game,
        &proof,
        || {
            let mut verifier = LeafVerifier::new();
            move |g: &SolverPosition, o| verifier.confirms(g, o)
        },
        &watch,
        &(),
    )
    .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(stats.nodes, proof.len());
    proof.outcome
}

/// 4x4: the second player wins (Müller 2001; Song & Müller 2015, Table I).
#[test]
fn four_by_four_proof_checks() {
    assert_eq!(check_shipped("4x4"), WinLoss::Loss);
}

/// 5x4: the first player wins (Song & Müller 2015, Table I).
#[test]
fn five_by_four_proof_checks() {
    assert_eq!(check_shipped("5x4"), WinLoss::Win);
}

/// 4x6: the first player wins (Song & Müller 2015, Table I).
#[test]
fn four_by_six_proof_checks() {
    assert_eq!(check_shipped("4x6"), WinLoss::Win);
}

/// 4x7: the first player wins (Song & Müller 2015, Table I).
#[test]
#[ignore = "minutes in release builds; run with --release -- --ignored"]
fn four_by_seven_proof_checks() {
    assert_eq!(check_shipped("4x7"), WinLoss::Win);
}

/// 6x4: the second player wins (Song & Müller 2015, Table I: "almost a full
/// CPU day" to refute all 256 first moves). The proof is the root gather of
/// `amazons plan 6x4 --weak-pn-from 1` (BENCHMARKS.md, "Solving the
/// standard starts"), every first move refuted.
#[test]
#[ignore = "minutes in release builds; run with --release -- --ignored"]
fn six_by_four_proof_checks() {
    assert_eq!(check_shipped("6x4"), WinLoss::Loss);
}

/// 5x6: the first player wins by B1-B4xD4 (Song & Müller 2015, §V-B, who
/// fixed that first move and refuted its 157 replies). The proof is the
/// root gather of `amazons plan 5x6 --moves B1-B4xD4 --split replies`
/// (BENCHMARKS.md, "Solving the standard starts").
#[test]
#[ignore = "half an hour on two cores in release builds; run with --release -- --ignored"]
fn five_by_six_proof_checks() {
    assert_eq!(check_shipped("5x6"), WinLoss::Win);
}

/// 6x5, first move B1-B4xB3 (Müller's attempt of 2013): the directory of
/// the plan `amazons plan 6x5 --moves B1-B4xB3 --split replies` (BENCHMARKS.md,
/// `proofs/6x5-B1-B4xB3/README.md`) keeps every solve shard's proof,
/// `solve.B1-B4xB3.REPLY[.MOVE...].proof.gz`, beside its result: each proof
/// proves the outcome its result claims for the position after its line, and
/// a reply's proof is a win for White (the reply refuted).
///
/// The files are checked in the order of their names, each named on stderr
/// as it passes (`-- --nocapture` shows them); `CGTK_PROOFS_FROM=NAME`
/// starts at the first file whose name is not before NAME, so that a run
/// that was stopped can go on from where it was.
#[test]
#[ignore = "hours on two cores in release builds (hundreds of proofs); run with --release -- --ignored"]
fn six_by_five_refuted_replies_check() {
    let dir = Path::new(ROOT).join("proofs/6x5-B1-B4xB3");
    let from = std::env::var("CGTK_PROOFS_FROM").unwrap_or_default();
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".proof.gz") && *name >= from)
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let start = Position::standard("6x5".parse::<Size>().unwrap()).unwrap();
    let began = std::time::Instant::now();
    for name in files {
        let id = name.trim_end_matches(".proof.gz");
        let line: Vec<&str> = id.split('.').skip(1).collect();
        assert_eq!(line[0], "B1-B4xB3", "{name}");
        let mut root = start.clone();
        for mv in &line {
            root.play(root.parse_move(mv).unwrap()).unwrap();
        }
        let outcome = check_file(&format!("proofs/6x5-B1-B4xB3/{name}"), &root);
        let result = std::fs::read_to_string(dir.join(format!("{id}.result.json"))).unwrap();
        let claimed = if result.contains("\"outcome\": \"win\"") {
            WinLoss::Win
        } else {
            assert!(result.contains("\"outcome\": \"loss\""), "{name}");
            WinLoss::Loss
        };
        assert_eq!(outcome, claimed, "{name}");
        if line.len() == 2 {
            assert_eq!(outcome, WinLoss::Win, "{name}");
        }
        eprintln!("{name}: valid ({:.0} s)", began.elapsed().as_secs_f64());
    }
}

/// Heavy tests: run by `.ci/run` in the test profile
/// (`cargo test -p amazons --test amazons_proofs -- --ignored heavy::`).
mod heavy {
    use super::*;

    /// 4x5: Song & Müller 2015 (Table I) give the first player; the exhaustive
    /// searches of `amazons_solve.rs` and this proof give the second.
    #[test]
    #[ignore = "heavy: about ten seconds of proof checking in the test profile"]
    fn four_by_five_proof_checks() {
        assert_eq!(check_shipped("4x5"), WinLoss::Loss);
    }

    /// 5x5: the first player wins (Müller 2001; Song & Müller 2015, Table I).
    #[test]
    #[ignore = "heavy: about twenty seconds of proof checking in the test profile"]
    fn five_by_five_proof_checks() {
        assert_eq!(check_shipped("5x5"), WinLoss::Win);
    }
}
