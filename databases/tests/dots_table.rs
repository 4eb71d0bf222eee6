//! Whole-board Dots-and-Boxes tables against a plain retrograde reference
//! written here (one byte per position, no symmetry) and against the exact
//! alpha-beta solver; file corruption and resumed builds.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use databases::dots::{DotsTable, Split, TableError};
use databases::plan::{self, RunOptions};
use databases::DbError;
use dots::{Board, EdgeSet, Options, Position, Solver};

fn board(w: usize, h: usize) -> Board {
    Board::new(w, h).unwrap()
}

/// A fresh temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgtk-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The plain retrograde analysis: every position's value (future boxes of
/// the player to move minus the opponent's) by the rule "a move completing
/// k > 0 boxes is worth k plus the value after it, any other move minus the
/// value after it", over all 2^edges edge sets, largest first (a child's
/// edge set is numerically larger than its parent's).
fn reference(b: Board) -> Vec<i8> {
    let n = b.num_edges();
    let full = b.all_edges().0;
    let boxes: Vec<u64> = (0..b.num_boxes())
        .map(|i| b.box_edges(i).iter().fold(0, |m, e| m | e.bit()))
        .collect();
    let done = |s: u64| boxes.iter().filter(|&&m| s & m == m).count() as i32;
    let mut v = vec![0i8; 1 << n];
    for s in (0..full).rev() {
        let before = done(s);
        let mut best = i32::MIN;
        for e in 0..n {
            if s >> e & 1 == 0 {
                let c = s | 1 << e;
                let k = done(c) - before;
                let x = i32::from(v[c as usize]);
                best = best.max(if k > 0 { k + x } else { -x });
            }
        }
        v[s as usize] = best as i8;
    }
    v
}

fn build(b: Board, dir: &Path, split: Split, opts: RunOptions) -> plan::RunReport {
    let p = plan::dots_table_plan(b, dir, split).unwrap();
    plan::run_local(&p, &opts, &()).unwrap()
}

fn pos(b: Board, edges: u64) -> Position {
    Position::from_edges(b, EdgeSet(edges)).unwrap()
}

fn check_against_reference(w: usize, h: usize) {
    let b = board(w, h);
    let dir = temp_dir(&format!("ref-{w}x{h}"));
    build(b, &dir, Split::default(), RunOptions::default());
    let table = DotsTable::open(&dir, b).unwrap();
    let r = reference(b);
    for (s, &v) in r.iter().enumerate() {
        assert_eq!(
            table.value(&pos(b, s as u64)).unwrap(),
            i32::from(v),
            "{w}x{h} position {}",
            pos(b, s as u64)
        );
    }
    // Every move's value, on a sample of positions.
    for s in (0..r.len()).step_by(97) {
        let a = table.analyze(&pos(b, s as u64)).unwrap();
        let before = b.completed_boxes(EdgeSet(s as u64)) as i32;
        for (e, v) in a.moves {
            let c = s as u64 | e.bit();
            let k = b.completed_boxes(EdgeSet(c)) as i32 - before;
            let x = i32::from(r[c as usize]);
            assert_eq!(v, if k > 0 { k + x } else { -x });
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn small_tables_match_the_plain_retrograde() {
    // 3x3 is the first of these boards where the hard-hearted handout of a
    // closed chain of four boxes decides values (one of the two moves a
    // position with a capturable box is valued from).
    for (w, h) in [(1, 1), (2, 1), (2, 2), (3, 2), (2, 3), (1, 5), (3, 3)] {
        check_against_reference(w, h);
    }
}

#[test]
#[ignore = "run in release: every position of 2x4 against the plain retrograde"]
fn two_by_four_matches_the_plain_retrograde() {
    check_against_reference(2, 4);
    check_against_reference(4, 2);
}

/// The next number of Marsaglia's xorshift64 generator from `x`.
fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

fn check_against_solver(w: usize, h: usize, step: usize) {
    let b = board(w, h);
    let dir = temp_dir(&format!("solver-{w}x{h}-{step}"));
    build(b, &dir, Split::default(), RunOptions::default());
    let table = DotsTable::open(&dir, b).unwrap();
    let mut solver = Solver::new(
        b,
        Options {
            tt_mb: 16,
            ..Options::default()
        },
    );
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let total = 1u64 << b.num_edges();
    let mut s = 0u64;
    while s < total {
        let p = pos(b, s);
        assert_eq!(
            table.value(&p).unwrap(),
            solver.value(&p, cgt::budget::Limits::NONE).unwrap(),
            "{p}"
        );
        // Every position when step is 1, else a pseudo-random stride.
        if step == 1 {
            s += 1;
        } else {
            s += 1 + xorshift(&mut x) % (2 * step as u64);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tables_match_the_solver() {
    // Every position of 2x2 and 3x2; a sample of 3x3 and 2x4.
    check_against_solver(2, 2, 1);
    check_against_solver(3, 2, 1);
    check_against_solver(3, 3, 4000);
    check_against_solver(2, 4, 1000);
}

#[test]
#[ignore = "minutes in release: every position of 3x3 and 2x4 against the solver"]
fn every_position_of_three_by_three_and_two_by_four_matches_the_solver() {
    check_against_solver(3, 3, 1);
    check_against_solver(2, 4, 1);
}

/// The solver against the whole-board table on a million random positions
/// of 3x4 (each line drawn with probability one half), one solver keeping
/// its table throughout, as an analysis session does.
#[test]
#[ignore = "a minute or two in release: a million random positions of 3x4 against the solver"]
fn a_million_random_positions_of_three_by_four_match_the_solver() {
    let b = board(3, 4);
    let dir = temp_dir("solver-3x4-random");
    build(b, &dir, Split::default(), RunOptions::default());
    let table = DotsTable::open(&dir, b).unwrap();
    let mut solver = Solver::new(
        b,
        Options {
            tt_mb: 64,
            ..Options::default()
        },
    );
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let lines = (1u64 << b.num_edges()) - 1;
    for _ in 0..1_000_000 {
        let p = pos(b, xorshift(&mut x) & lines);
        assert_eq!(
            table.value(&p).unwrap(),
            solver.value(&p, cgt::budget::Limits::NONE).unwrap(),
            "{p}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn empty_boards_have_the_known_values() {
    // Barker & Korf 2012, Table 1 lists these boards as solved; the values
    // (first player's margin) are those of cgtk's solver tests: 2x2 +2,
    // 3x3 -3 (ARCHITECTURE.md).
    for (w, h, value) in [(2, 2, 2), (3, 3, -3)] {
        let b = board(w, h);
        let dir = temp_dir(&format!("empty-{w}x{h}"));
        build(b, &dir, Split::default(), RunOptions::default());
        let table = DotsTable::open(&dir, b).unwrap();
        assert_eq!(table.value(&Position::empty(b)).unwrap(), value);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn parts_workers_and_threads_give_the_same_values() {
    let b = board(3, 3);
    // One shard at a time, each over rayon's pool.
    let whole = temp_dir("whole-3x3");
    build(
        b,
        &whole,
        Split::default(),
        RunOptions {
            workers: 1,
            parallel_within: true,
            ..RunOptions::default()
        },
    );
    // The same build with three workers, one thread each: the same files.
    let workers = temp_dir("workers-3x3");
    build(
        b,
        &workers,
        Split::default(),
        RunOptions {
            workers: 3,
            parallel_within: false,
            ..RunOptions::default()
        },
    );
    assert_eq!(files_of(&whole), files_of(&workers));
    // Split into parts of at most 20,000 positions: other files, the same
    // values.
    let split = temp_dir("split-3x3");
    let split_opts = Split {
        above: 20_000,
        max_parts: 7,
    };
    build(b, &split, split_opts, RunOptions::default());
    assert!(files_of(&split).iter().any(|(n, _)| n.contains("-p06of07")));
    let a = DotsTable::open(&whole, b).unwrap();
    let c = DotsTable::open(&split, b).unwrap();
    for s in (0..1u64 << 24).step_by(101) {
        let p = pos(b, s);
        assert_eq!(a.value(&p).unwrap(), c.value(&p).unwrap());
    }
    for d in [whole, workers, split] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// A progress sink that records what it is told.
#[derive(Default)]
struct Count {
    started: Mutex<Vec<(String, u64)>>,
    first: Mutex<Option<u64>>,
    done: AtomicU64,
}

impl cgt::ProgressSink for Count {
    fn start(&self, name: &str, total: u64) {
        self.started.lock().unwrap().push((name.to_owned(), total));
    }
    fn advance(&self, units: u64) {
        self.first.lock().unwrap().get_or_insert(units);
        self.done.fetch_add(units, Ordering::Relaxed);
    }
}

#[test]
fn corrupted_files_give_typed_errors_and_resume_rebuilds_only_them() {
    let b = board(3, 2);
    let dir = temp_dir("corrupt-3x2");
    let p = plan::dots_table_plan(b, &dir, Split::default()).unwrap();
    let first = plan::run_local(&p, &RunOptions::default(), &()).unwrap();
    assert_eq!((first.built, first.kept), (p.shards.len(), 0));
    let before = files_of(&dir);
    // The shard of the empty board, and a middle one.
    let empty = dir.join(format!("{}.cgtkdb", p.shards.last().unwrap().id));
    let middle = dir.join(format!("{}.cgtkdb", p.shards[p.shards.len() / 2].id));
    let empty_pos = Position::empty(b);

    let mut bytes = std::fs::read(&empty).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    std::fs::write(&empty, &bytes).unwrap();
    let table = DotsTable::open(&dir, b).unwrap();
    assert!(matches!(
        table.value(&empty_pos),
        Err(TableError::File {
            source: DbError::ChecksumMismatch { .. },
            ..
        })
    ));
    assert!(table.lookup(&empty_pos).is_none());
    std::fs::write(&empty, &bytes[..20]).unwrap();
    let table = DotsTable::open(&dir, b).unwrap();
    assert!(matches!(
        table.value(&empty_pos),
        Err(TableError::File {
            source: DbError::Truncated { .. },
            ..
        })
    ));
    // Another shard's file under this name: a typed mismatch.
    std::fs::copy(&middle, &empty).unwrap();
    let table = DotsTable::open(&dir, b).unwrap();
    assert!(matches!(
        table.value(&empty_pos),
        Err(TableError::File {
            source: DbError::Corrupted { .. },
            ..
        })
    ));
    std::fs::remove_file(&middle).unwrap();
    // Resume: only the two bad shards are built again, to the same bytes;
    // the progress reaches the plan's cost (the kept shards' at once).
    let sink = Count::default();
    let again = plan::run_local(&p, &RunOptions::default(), &sink).unwrap();
    assert_eq!((again.built, again.kept), (2, p.shards.len() - 2));
    let total = p.total_cost();
    assert_eq!(*sink.started.lock().unwrap(), vec![(p.name.clone(), total)]);
    assert_eq!(sink.done.load(Ordering::Relaxed), total);
    let rebuilt = p.shards.last().unwrap().cost + p.shards[p.shards.len() / 2].cost;
    assert_eq!(*sink.first.lock().unwrap(), Some(total - rebuilt));
    assert_eq!(files_of(&dir), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_position_of_another_board_is_refused() {
    let b = board(2, 2);
    let dir = temp_dir("wrong-board");
    build(b, &dir, Split::default(), RunOptions::default());
    let table = DotsTable::open(&dir, b).unwrap();
    assert!(matches!(
        table.value(&Position::empty(board(2, 1))),
        Err(TableError::WrongBoard { .. })
    ));
    assert!(matches!(
        DotsTable::open(&dir, board(3, 3)),
        Err(TableError::NoTable { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The bytes of every file of `dir`, by name.
fn files_of(dir: &Path) -> Vec<(String, Vec<u8>)> {
    testkit::files::files(dir, "")
}
