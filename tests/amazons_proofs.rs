//! The proofs shipped in `proofs/` (written by `cgtk amazons solve SIZE
//! --proof proofs/SIZE.proof.gz`, or by the root gather of `cgtk amazons
//! plan SIZE` for 6x4): each is for the standard start of its
//! board, proves the winner the literature gives, and passes the checker
//! with the exact leaf verifier. The small ones run in every test run, the
//! large ones in release builds:
//! `cargo test --release --test amazons_proofs -- --ignored`.
//! The command-line check of a compressed proof is in `amazons_solve_cli.rs`.

use std::io::Read;
use std::path::Path;

use amazons::{LeafVerifier, Position, Size, SolverPosition};
use cgt::search::{check_proof_parallel, ProofTree, WinLoss};

/// Reads, parses and checks `proofs/{size}.proof.gz`; returns the outcome
/// it proves for the player to move at the start.
fn check_shipped(size: &str) -> WinLoss {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("proofs/{size}.proof.gz"));
    let file = std::fs::File::open(&path).unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap();
    let proof = ProofTree::parse_for(&text, SolverPosition::from_proof_root).unwrap();
    let start = Position::standard(size.parse::<Size>().unwrap()).unwrap();
    assert_eq!(
        proof.root,
        start.to_string(),
        "{size}: not the standard start"
    );
    let game = SolverPosition::new(start);
    let stats = check_proof_parallel(
        &game,
        &proof,
        || {
            let mut verifier = LeafVerifier::new();
            move |g: &SolverPosition, o| verifier.confirms(g, o)
        },
        &(),
    )
    .unwrap_or_else(|e| panic!("{size}: {e}"));
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

/// 4x5: Song & Müller 2015 (Table I) give the first player; the exhaustive
/// searches of `amazons_solve.rs` and this proof give the second.
#[test]
fn four_by_five_proof_checks() {
    assert_eq!(check_shipped("4x5"), WinLoss::Loss);
}

/// 5x5: the first player wins (Müller 2001; Song & Müller 2015, Table I).
#[test]
fn five_by_five_proof_checks() {
    assert_eq!(check_shipped("5x5"), WinLoss::Win);
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
/// `amazons plan 6x4 --weak-pn-from 1` (BENCHMARKS.md, "6x4 and 5x6 as root
/// splits"), every first move refuted.
#[test]
#[ignore = "minutes in release builds; run with --release -- --ignored"]
fn six_by_four_proof_checks() {
    assert_eq!(check_shipped("6x4"), WinLoss::Loss);
}
