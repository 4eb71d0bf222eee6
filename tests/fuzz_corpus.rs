//! Replays the fuzz corpora (`fuzz/corpus/TARGET/`) and every input the
//! fuzzer found a crash with (`fuzz/regressions/TARGET/`) through the fuzz
//! targets' own bodies (`fuzz/targets.rs`), on the stable toolchain: no
//! input may panic or take longer than the fuzzer's timeout.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[path = "../fuzz/targets.rs"]
mod targets;

/// The stack of the fuzzer's main thread, on which the targets run.
const STACK: usize = 8 << 20;

/// The longest one input may take (the fuzzer's `-timeout`).
const TIMEOUT: Duration = Duration::from_secs(10);

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// The files of `dir` (none if it does not exist), sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// The path of `file` relative to `fuzz/`.
fn name(file: &Path) -> String {
    let rel = file.strip_prefix(fuzz_dir()).expect("under fuzz/");
    rel.to_string_lossy().replace('\\', "/")
}

/// Runs `target` on each file on a thread with the fuzzer's stack; the
/// files that panic, or the first that runs longer than the fuzzer's
/// timeout.
fn replay(target: targets::Target, files: &[PathBuf]) -> Vec<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let todo = files.to_vec();
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            for file in todo {
                let data = std::fs::read(&file).expect("readable corpus file");
                let ok = catch_unwind(AssertUnwindSafe(|| target(&data))).is_ok();
                if tx.send(ok).is_err() {
                    return;
                }
            }
        })
        .expect("replay thread");
    let mut failed = Vec::new();
    for file in files {
        match rx.recv_timeout(TIMEOUT) {
            Ok(true) => {}
            Ok(false) => failed.push(name(file)),
            Err(_) => {
                failed.push(format!("{} (no answer in {TIMEOUT:?})", name(file)));
                break;
            }
        }
    }
    failed
}

fn target(name: &str) -> targets::Target {
    targets::TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no target {name}"))
        .1
}

/// Replays the corpus (which must not be empty) and the regressions of one
/// target.
fn check(name: &str) {
    let corpus = files(&fuzz_dir().join("corpus").join(name));
    assert!(!corpus.is_empty(), "fuzz/corpus/{name} is empty or missing");
    let regressions = files(&fuzz_dir().join("regressions").join(name));
    let all: Vec<PathBuf> = corpus.into_iter().chain(regressions).collect();
    let failed = replay(target(name), &all);
    assert!(
        failed.is_empty(),
        "inputs that panic or time out: {failed:?}"
    );
}

#[test]
fn every_target_has_a_fuzz_target_file_and_a_corpus() {
    let names: Vec<&str> = targets::TARGETS.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, REPLAYED, "every target is replayed");
    for (name, _) in targets::TARGETS {
        let file = fuzz_dir().join("fuzz_targets").join(format!("{name}.rs"));
        assert!(file.is_file(), "{} missing", file.display());
        assert!(
            !files(&fuzz_dir().join("corpus").join(name)).is_empty(),
            "fuzz/corpus/{name} is empty or missing"
        );
    }
}

macro_rules! corpus_tests {
    ($($name:ident),* $(,)?) => {
        /// The targets replayed by a test below.
        const REPLAYED: &[&str] = &[$(stringify!($name)),*];

        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*
    };
}

corpus_tests!(
    cgt_notation,
    dots_position,
    dots_diagram,
    amazons_position,
    amazons_moves,
    amazons_sgf,
    db_file,
    dots_table_part,
    proof_file,
    dots_net,
    plan_file,
);
