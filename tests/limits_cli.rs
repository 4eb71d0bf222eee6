//! Every computation ends within its limit: each case runs the binary
//! under a 4 GB address-space limit (`ulimit -v 4000000`) and a wall clock,
//! and must end with exit code 0 (what it reached) or 2 (bad input) soon
//! after its limit. The bounds on the wall clock are generous (a loaded
//! machine, a debug build); without the limits these cases ran for minutes
//! or aborted.

use std::time::Duration;

mod common;

/// Runs `cgtk args` under the memory limit ([`common::cgtk_bounded`]): its
/// exit code, which must be 0 or 2, standard output and wall time.
fn limited(args: &[&str]) -> (Option<i32>, String, Duration) {
    let (out, took) = common::cgtk_bounded(args, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(2),
        "{args:?}: {:?}, stderr {stderr}",
        out.status
    );
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        took,
    )
}

/// The sum of the hot games `{2i|{i|0}}` for i = 1 to `n`.
fn hot_sum(n: u32) -> String {
    (1..=n)
        .map(|i| format!("{{{}|{{{i}|0}}}}", 2 * i))
        .collect::<Vec<_>>()
        .join(" + ")
}

#[test]
fn a_canonical_form_too_large_to_print_is_reported_by_its_size() {
    // 121 characters whose canonical form takes gigabytes of text: it
    // aborted under this memory limit.
    let game = hot_sum(11);
    let (code, out, took) = limited(&["cgt", "canon", &game, "--time-limit", "5"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("too large to print: "), "{out}");
    assert!(out.contains("--full prints it whole"), "{out}");
    assert!(took < Duration::from_secs(15), "{took:?}");
    let (_, json, _) = limited(&["cgt", "canon", &game, "--json"]);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(report["canonical"].is_null(), "{json}");
    assert!(report["too_large"]["bytes"].as_u64().unwrap() > 1 << 20);
}

#[test]
fn the_thermograph_of_a_huge_canonical_form_is_still_printed() {
    let game = hot_sum(11);
    let (code, out, took) = limited(&["cgt", "thermograph", &game, "--time-limit", "5"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("canonical form  too large to print"), "{out}");
    // The mean is additive, and {2i|{i|0}} has mean 5i/4: 5/4 * 66.
    assert!(out.contains("mean            165/2\n"), "{out}");
    assert!(took < Duration::from_secs(15), "{took:?}");
}

#[test]
fn full_prints_the_whole_canonical_form() {
    // {2|{1|0}} + {4|{2|0}}: small enough to print, and equal to its own
    // canonical form read back.
    let game = hot_sum(2);
    let (code, full, _) = limited(&["cgt", "canon", &game, "--full"]);
    assert_eq!(code, Some(0));
    let (_, canon, _) = limited(&["cgt", "canon", &game]);
    assert_eq!(full, canon);
    let (_, relation, _) = limited(&["cgt", "compare", full.trim_end(), &game]);
    assert_eq!(relation, "=\n");
}

#[test]
fn a_game_value_stopped_by_its_limit_says_unknown() {
    // A sum of switches and stars that takes many seconds.
    let (code, out, took) = limited(&[
        "cgt",
        "canon",
        "+-1-v1+1-*+-4-49+-9*+-99+-8+-89*+-9999*+--9-*98",
        "--time-limit",
        "0.5",
        "--json",
    ]);
    assert_eq!(code, Some(0));
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(report["canonical"].is_null(), "{out}");
    assert_eq!(report["limit"], "time", "{out}");
    assert!(report["steps"].as_u64().unwrap() > 0, "{out}");
    assert!(took < Duration::from_secs(10), "{took:?}");
}

#[test]
fn a_proof_check_stops_at_its_time_limit() {
    // The 5x6 proof: 83 MB of text, 15.7 million nodes; its check takes half
    // an hour, and its reading alone minutes in a debug build.
    let proof = concat!(env!("CARGO_MANIFEST_DIR"), "/proofs/5x6.proof.gz");
    let (code, out, took) = limited(&[
        "amazons",
        "check-proof",
        proof,
        "--time-limit",
        "1",
        "--quiet",
        "--json",
    ]);
    assert_eq!(code, Some(0));
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(report["valid"].is_null(), "{out}");
    assert_eq!(report["limit"], "time", "{out}");
    assert!(took < Duration::from_secs(10), "{took:?}");
    // The 5x5 proof is read at once, and stopped among its leaves.
    let proof = concat!(env!("CARGO_MANIFEST_DIR"), "/proofs/5x5.proof.gz");
    let (code, out, took) = limited(&[
        "amazons",
        "check-proof",
        proof,
        "--time-limit",
        "1",
        "--quiet",
        "--threads",
        "2",
    ]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("unknown (time limit reached at node "),
        "{out}"
    );
    assert!(took < Duration::from_secs(10), "{took:?}");
}
