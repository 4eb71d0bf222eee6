//! Whole-board Dots-and-Boxes tables (`databases::dots`) against a plain
//! retrograde analysis written here as the reference: one byte per position
//! (the value as `i8`), every one of the 2^edges edge sets, no symmetry, one
//! thread, the same value rule. Each benchmark checks every stored position
//! of the table against the reference.
//!
//! Run: `cargo bench --bench dots_table` (criterion: 2x4 and 3x3 builds),
//! then the 3x4 comparison (time and peak memory of each, printed, and the
//! table's time one shard at a time on every core and on one thread; about
//! three minutes): `CGTK_BENCH_3X4=1 cargo bench --bench dots_table -- 3x4`.
//! Numbers are in BENCHMARKS.md.

#![expect(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::path::{Path, PathBuf};
use std::time::Instant;

use criterion::{criterion_group, Criterion};
use databases::dots::{shard_specs, DotsTable, Split};
use databases::plan::{self, RunOptions};
use dots::{Board, EdgeSet, Position};

/// The plain retrograde analysis: `v[s]` is the value of the position with
/// edge set `s`. A child's edge set is numerically larger than its
/// parent's, so one pass from the full board down sees every child first.
fn plain_retrograde(b: Board) -> Vec<i8> {
    let n = b.num_edges();
    let boxes: Vec<u64> = (0..b.num_boxes())
        .map(|i| b.box_edges(i).iter().fold(0, |m, e| m | e.bit()))
        .collect();
    // Per edge: the masks of the boxes it borders (0 for none).
    let beside: Vec<[u64; 2]> = (0..n)
        .map(|e| {
            b.edge_boxes(dots::Edge::new(e))
                .map(|x| x.map_or(0, |x| boxes[x]))
        })
        .collect();
    let full = b.all_edges().0;
    let mut v = vec![0i8; 1usize << n];
    for s in (0..full).rev() {
        let mut best = i8::MIN;
        let mut moves = full & !s;
        while moves != 0 {
            let e = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let c = s | 1 << e;
            let [a, d] = beside[e];
            let k = i8::from(a != 0 && c & a == a) + i8::from(d != 0 && c & d == d);
            let x = v[c as usize];
            best = best.max(if k > 0 { k + x } else { -x });
        }
        v[s as usize] = best;
    }
    v
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgtk-bench-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn build_table(b: Board, dir: &Path) {
    build_table_with(b, dir, &RunOptions::default());
}

fn build_table_with(b: Board, dir: &Path, opts: &RunOptions) {
    let p = plan::dots_table_plan(b, dir, Split::default()).unwrap();
    plan::run_local(&p, opts, &()).unwrap();
}

/// Checks every stored position of the table (the positions it reads
/// every other one's value from, by symmetry) against the reference.
fn check(b: Board, dir: &Path, reference: &[i8]) {
    let table = DotsTable::open(dir, b).unwrap();
    let geo = table.geometry();
    let boxes = b.num_boxes() as i32;
    for spec in shard_specs(geo, Split::default()) {
        let values = table.shard(&spec.counts).unwrap();
        let lists: Vec<&[u16]> = (0..spec.counts.len())
            .map(|i| geo.regions[i].masks[usize::from(spec.counts[i])].as_slice())
            .collect();
        for idx in 0..spec.size {
            let (mut rest, mut g) = (idx, 0u64);
            for i in (0..lists.len()).rev() {
                let n = lists[i].len() as u64;
                g |= geo.regions[i].scatter[usize::from(lists[i][(rest % n) as usize])];
                rest /= n;
            }
            let value = 2 * values.get(idx) as i32 - (boxes - geo.boxes.completed(g) as i32);
            if value != i32::from(reference[g as usize]) {
                let p = Position::from_edges(b, EdgeSet(g)).unwrap();
                panic!(
                    "{p}: table {value:+}, reference {:+}",
                    reference[g as usize]
                );
            }
        }
        table.release(&spec.counts);
    }
}

/// Peak resident memory of this process so far, in bytes (Linux).
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn benches(c: &mut Criterion) {
    for (w, h) in [(2, 4), (3, 3)] {
        let b = Board::new(w, h).unwrap();
        let reference = plain_retrograde(b);
        let dir = temp_dir(&format!("{w}x{h}"));
        build_table(b, &dir);
        check(b, &dir, &reference);
        let mut group = c.benchmark_group(format!("dots table {w}x{h}"));
        group.sample_size(10);
        group.bench_function("table build (shards, symmetry, packed, rayon)", |bench| {
            bench.iter(|| {
                std::fs::remove_dir_all(&dir).unwrap();
                std::fs::create_dir_all(&dir).unwrap();
                build_table(b, &dir);
            })
        });
        group.bench_function(
            "plain retrograde (1 byte, no symmetry, 1 thread)",
            |bench| bench.iter(|| plain_retrograde(b)),
        );
        group.finish();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// The 3x4 comparison: one run of each (criterion's ten samples of the
/// reference would take half an hour), the table first so that the peak
/// memory read after it is its own.
fn three_by_four() {
    if std::env::var("CGTK_BENCH_3X4").as_deref() != Ok("1") {
        return;
    }
    let b = Board::new(3, 4).unwrap();
    let dir = temp_dir("3x4");
    let base = peak_rss().unwrap_or(0);
    let t = Instant::now();
    build_table(b, &dir);
    let table_secs = t.elapsed().as_secs_f64();
    let table_peak = peak_rss().unwrap_or(0);
    // The same table one shard at a time on every core (`--workers 1`),
    // and on one thread (`--workers 1 --single-thread-shards`), as the
    // reference runs.
    let two = temp_dir("3x4-one-worker");
    let t = Instant::now();
    build_table_with(
        b,
        &two,
        &RunOptions {
            workers: 1,
            parallel_within: true,
            ..RunOptions::default()
        },
    );
    let two_secs = t.elapsed().as_secs_f64();
    let one = temp_dir("3x4-one-thread");
    let t = Instant::now();
    build_table_with(
        b,
        &one,
        &RunOptions {
            workers: 1,
            parallel_within: false,
            ..RunOptions::default()
        },
    );
    let one_secs = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let reference = plain_retrograde(b);
    let reference_secs = t.elapsed().as_secs_f64();
    let reference_peak = peak_rss().unwrap_or(0);
    check(b, &dir, &reference);
    check(b, &two, &reference);
    check(b, &one, &reference);
    std::fs::remove_dir_all(&two).unwrap();
    std::fs::remove_dir_all(&one).unwrap();
    let table = DotsTable::open(&dir, b).unwrap();
    assert_eq!(
        table.value(&Position::empty(b)).unwrap(),
        i32::from(reference[0])
    );
    println!(
        "3x4: table {table_secs:.1} s, peak {:.0} MiB; plain retrograde {reference_secs:.1} s, peak {:.0} MiB; {:.1}x faster, {:.1}x less memory; empty board {:+}",
        (table_peak - base) as f64 / 1048576.0,
        reference_peak as f64 / 1048576.0,
        reference_secs / table_secs,
        reference_peak as f64 / (table_peak - base).max(1) as f64,
        reference[0]
    );
    println!(
        "3x4: table one shard at a time on every core {two_secs:.1} s; {:.1}x faster",
        reference_secs / two_secs
    );
    println!(
        "3x4: table on one thread {one_secs:.1} s; {:.1}x faster",
        reference_secs / one_secs
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

criterion_group!(group, benches);

fn main() {
    three_by_four();
    group();
    Criterion::default().configure_from_args().final_summary();
}
