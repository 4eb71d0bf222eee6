//! The scheduling study of the University of Lynchburg thesis on
//! distributed retrograde analysis of 4x4 Dots-and-Boxes (§§II–IV, Figs 5,
//! 8, 10 and 11), on cgtk's plan of the 4x4 whole-board table, and the
//! check of the simulation against a real local run.
//!
//! 1. Calibration: the 3x3 table is built twice on this machine, one
//!    shard at a time on one thread each (a one-core cluster job), from an
//!    empty directory; the per-shard times of the first run give
//!    `seconds = overhead + positions * seconds_per_position`
//!    ([`Calibration::fit`]). The same table is then built with 2 workers
//!    and its makespan compared with the simulated one.
//! 2. The 4x4 plan (40 lines, 10 per region, 11^4 count vectors before
//!    normalisation) without sub-shards and with the thesis's (over 200
//!    million positions, up to 20 parts), simulated with the calibration
//!    of the largest board built (3x3, or the board of `--check`) scaled
//!    to 4x4 (seconds per position times 40 over its lines, an upper
//!    bound: a position with a capturable box reads one or two children
//!    whatever the board).
//! 3. Figures as SVG in `docs/figures/` and the numbers as Markdown on
//!    stdout.
//!
//! With `--check WxH`, the simulation is also checked on a larger board
//! (3x4: a run of about a minute): calibrated on its build with one worker,
//! the makespan with two workers is predicted and measured.
//!
//! ```text
//! cargo run --release --example plan_simulation -- [OUT_DIR] [--check WxH]
//! ```
//!
//! `OUT_DIR` defaults to `docs/figures`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use databases::dots::Split;
use databases::plan::{self, simulate, Calibration, Plan, RunOptions, SimReport};
use dots::Board;

/// One line of a plot.
struct Series {
    name: String,
    points: Vec<(f64, f64)>,
    colour: &'static str,
    /// Draw as a step function (a value holds until the next point).
    step: bool,
}

/// A line plot as SVG: axes from 0 to the data's maxima, five ticks each.
fn plot(title: &str, x_label: &str, y_label: &str, series: &[Series]) -> String {
    let (w, h, left, right, top, bottom) = (720.0, 420.0, 70.0, 20.0, 40.0, 60.0);
    let x_max = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .fold(0.0f64, f64::max)
        .max(1e-9);
    let y_max = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(0.0f64, f64::max)
        .max(1e-9)
        * 1.05;
    let px = |x: f64| left + x / x_max * (w - left - right);
    let py = |y: f64| h - bottom - y / y_max * (h - top - bottom);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">{title}</text>"#,
        w / 2.0
    );
    let (x0, y0, x1, y1) = (px(0.0), py(0.0), px(x_max), py(y_max));
    let _ = writeln!(
        s,
        r#"<path d="M{x0},{y1} L{x0},{y0} L{x1},{y0}" stroke="black" fill="none"/>"#
    );
    for k in 0..=5 {
        let xv = x_max * k as f64 / 5.0;
        let yv = y_max * k as f64 / 5.0;
        let _ = writeln!(
            s,
            r#"<line x1="{0}" y1="{y0}" x2="{0}" y2="{1}" stroke="black"/><text x="{0}" y="{2}" text-anchor="middle">{3}</text>"#,
            px(xv),
            y0 + 5.0,
            y0 + 18.0,
            short(xv)
        );
        let _ = writeln!(
            s,
            r#"<line x1="{0}" y1="{1}" x2="{2}" y2="{1}" stroke="lightgrey"/><text x="{3}" y="{4}" text-anchor="end">{5}</text>"#,
            x0,
            py(yv),
            x1,
            x0 - 6.0,
            py(yv) + 4.0,
            short(yv)
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">{x_label}</text>"#,
        (x0 + x1) / 2.0,
        h - 20.0
    );
    let _ = writeln!(
        s,
        r#"<text x="18" y="{0}" text-anchor="middle" transform="rotate(-90 18 {0})">{y_label}</text>"#,
        (y0 + y1) / 2.0
    );
    for (k, ser) in series.iter().enumerate() {
        let mut d = String::new();
        let mut last_y = None;
        for &(x, y) in &ser.points {
            if d.is_empty() {
                let _ = write!(d, "M{:.1},{:.1}", px(x), py(y));
            } else {
                if ser.step {
                    let _ = write!(d, " L{:.1},{:.1}", px(x), py(last_y.unwrap_or(y)));
                }
                let _ = write!(d, " L{:.1},{:.1}", px(x), py(y));
            }
            last_y = Some(y);
        }
        let _ = writeln!(
            s,
            r#"<path d="{d}" stroke="{}" fill="none" stroke-width="1.5"/>"#,
            ser.colour
        );
        let ly = top + 8.0 + 16.0 * k as f64;
        let _ = writeln!(
            s,
            r#"<line x1="{0}" y1="{1}" x2="{2}" y2="{1}" stroke="{3}" stroke-width="2"/><text x="{4}" y="{5}">{6}</text>"#,
            x1 - 170.0,
            ly,
            x1 - 150.0,
            ser.colour,
            x1 - 145.0,
            ly + 4.0,
            ser.name
        );
    }
    s.push_str("</svg>\n");
    s
}

/// A tick label: at most 3 significant digits.
fn short(v: f64) -> String {
    if v == 0.0 {
        "0".into()
    } else if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// Busy workers over time, in hours, as step points ending at the makespan.
fn busy_points(r: &SimReport) -> Vec<(f64, f64)> {
    let mut pts: Vec<(f64, f64)> = r
        .busy
        .iter()
        .map(|&(t, n)| (t / 3600.0, n as f64))
        .collect();
    pts.push((r.makespan / 3600.0, 0.0));
    pts
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgtk-sim-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn local_run(plan: &Plan, workers: usize) -> plan::RunReport {
    let _ = std::fs::remove_dir_all(&plan.dir);
    std::fs::create_dir_all(&plan.dir).unwrap();
    let opts = RunOptions {
        workers,
        parallel_within: false,
        ..RunOptions::default()
    };
    plan::run_local(plan, &opts, &()).unwrap()
}

/// The simulation against a real build of `board`: calibrated on the run
/// with one worker, the makespan with two predicted and measured. Returns
/// the calibration.
fn check_larger(board: Board) -> Calibration {
    let dir = temp_dir("check");
    let plan = plan::dots_table_plan(board, &dir, Split::default()).unwrap();
    let one = local_run(&plan, 1);
    let cal = Calibration::fit(&plan, &one).expect("shards of different sizes");
    println!(
        "\n## Simulated against measured ({}x{}, calibrated on the run with one worker: {:.1} ns per position + {:.3} ms per shard)\n",
        board.width(),
        board.height(),
        cal.seconds_per_unit * 1e9,
        cal.overhead * 1e3
    );
    println!("| workers | measured makespan | simulated | error |");
    println!("| ---: | ---: | ---: | ---: |");
    let sim = simulate(&plan, 1, &cal).makespan;
    println!(
        "| 1 | {:.1} s | {sim:.1} s | {:+.0} % (the calibration run) |",
        one.seconds,
        (sim - one.seconds) / one.seconds * 100.0
    );
    let measured = local_run(&plan, 2).seconds;
    let sim = simulate(&plan, 2, &cal).makespan;
    println!(
        "| 2 | {measured:.1} s | {sim:.1} s | {:+.0} % |",
        (sim - measured) / measured * 100.0
    );
    std::fs::remove_dir_all(&dir).unwrap();
    cal
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check: Option<Board> = args.iter().position(|a| a == "--check").map(|i| {
        let text = args.get(i + 1).expect("--check WxH");
        let pos: dots::Position = text.parse().expect("a board WxH");
        pos.board()
    });
    let out = PathBuf::from(
        args.iter()
            .take_while(|a| *a != "--check")
            .next()
            .cloned()
            .unwrap_or_else(|| "docs/figures".into()),
    );
    std::fs::create_dir_all(&out).unwrap();
    let write = |name: &str, svg: String| {
        let path: PathBuf = Path::new(&out).join(name);
        std::fs::write(&path, svg).unwrap();
        println!("wrote {}", path.display());
    };

    // 1. Calibration on 3x3, and the check of the simulation.
    let small = Board::new(3, 3).unwrap();
    let dir = temp_dir("3x3");
    let small_plan = plan::dots_table_plan(small, &dir, Split::default()).unwrap();
    let one = local_run(&small_plan, 1);
    let cal = Calibration::fit(&small_plan, &one).expect("shards of different sizes");
    println!("\n## Calibration (3x3, one worker, one thread per shard)\n");
    println!(
        "{} shards, {} positions, makespan {:.3} s; fit: {:.1} ns per position + {:.3} ms per shard",
        small_plan.shards.len(),
        small_plan.total_cost(),
        one.seconds,
        cal.seconds_per_unit * 1e9,
        cal.overhead * 1e3
    );
    println!("\n## Simulated against measured (3x3)\n");
    println!("| workers | measured makespan | simulated | error |");
    println!("| ---: | ---: | ---: | ---: |");
    for workers in [1, 2, 3] {
        let measured = local_run(&small_plan, workers).seconds;
        let sim = simulate(&small_plan, workers, &cal).makespan;
        println!(
            "| {workers} | {measured:.3} s | {sim:.3} s | {:+.0} % |",
            (sim - measured) / measured * 100.0
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // The calibration of the largest board built (its run is the longest,
    // so the least disturbed by start-up), with its number of lines.
    let (cal, lines) = match check {
        Some(board) => (check_larger(board), board.num_edges()),
        None => (cal, small.num_edges()),
    };

    // 2. The 4x4 plans.
    let board = Board::new(4, 4).unwrap();
    let scaled = Calibration {
        seconds_per_unit: cal.seconds_per_unit * 40.0 / lines as f64,
        overhead: cal.overhead,
    };
    let big = Path::new("/nonexistent/4x4");
    let whole = plan::dots_table_plan(
        board,
        big,
        Split {
            above: u64::MAX,
            max_parts: 1,
        },
    )
    .unwrap();
    let split = plan::dots_table_plan(board, big, Split::default()).unwrap();
    let largest = whole.shards.iter().map(|s| s.cost).max().unwrap();
    println!("\n## The 4x4 plan\n");
    println!(
        "{} shards without sub-shards, {} with ({} positions stored of 2^40 = {}, largest shard {}); {:.1} ns per position",
        whole.shards.len(),
        split.shards.len(),
        whole.total_cost(),
        1u64 << 40,
        largest,
        scaled.seconds_per_unit * 1e9
    );
    let hours = |s: f64| s / 3600.0;
    let minutes = |s: f64| s / 60.0;
    let unlimited_whole = simulate(&whole, usize::MAX, &scaled);
    let unlimited_split = simulate(&split, usize::MAX, &scaled);
    let p25_whole = simulate(&whole, 25, &scaled);
    let p25_split = simulate(&split, 25, &scaled);
    let one_worker = simulate(&split, 1, &scaled);
    println!("\n| run | makespan | max busy | mean busy |");
    println!("| --- | ---: | ---: | ---: |");
    for (name, r) in [
        ("no sub-shards, unlimited workers", &unlimited_whole),
        ("sub-shards, unlimited workers", &unlimited_split),
        ("no sub-shards, 25 workers", &p25_whole),
        ("sub-shards, 25 workers", &p25_split),
        ("1 worker", &one_worker),
    ] {
        println!(
            "| {name} | {:.1} min | {} | {:.1} |",
            minutes(r.makespan),
            r.max_busy,
            r.mean_busy
        );
    }
    write(
        "dots4x4-busy-unlimited.svg",
        plot(
            "4x4: workers busy over time, no sub-shards, unlimited workers (thesis Fig. 5)",
            "hours",
            "workers busy",
            &[Series {
                name: "no sub-shards".into(),
                points: busy_points(&unlimited_whole),
                colour: "#1f77b4",
                step: true,
            }],
        ),
    );
    write(
        "dots4x4-busy-25.svg",
        plot(
            "4x4: 25 workers, without and with sub-shards (thesis Figs 7-9)",
            "hours",
            "workers busy",
            &[
                Series {
                    name: "no sub-shards".into(),
                    points: busy_points(&p25_whole),
                    colour: "#1f77b4",
                    step: true,
                },
                Series {
                    name: "sub-shards".into(),
                    points: busy_points(&p25_split),
                    colour: "#d62728",
                    step: true,
                },
            ],
        ),
    );
    let colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"];
    let fig10: Vec<Series> = [25usize, 50, 75, 100]
        .iter()
        .zip(colours)
        .map(|(&p, colour)| Series {
            name: format!("{p} workers"),
            points: busy_points(&simulate(&split, p, &scaled)),
            colour,
            step: true,
        })
        .collect();
    write(
        "dots4x4-busy-25-100.svg",
        plot(
            "4x4 with sub-shards: 25, 50, 75, 100 workers (thesis Fig. 10)",
            "hours",
            "workers busy",
            &fig10,
        ),
    );
    let t1 = one_worker.makespan;
    let mut speed_whole = Vec::new();
    let mut speed_split = Vec::new();
    println!("\n| workers | makespan, sub-shards | speed-up | no sub-shards | speed-up |");
    println!("| ---: | ---: | ---: | ---: | ---: |");
    for p in 1..=137usize {
        let a = simulate(&split, p, &scaled).makespan;
        let b = simulate(&whole, p, &scaled).makespan;
        speed_split.push((p as f64, t1 / a));
        speed_whole.push((p as f64, t1 / b));
        if [1, 2, 5, 10, 25, 50, 60, 75, 100, 137].contains(&p) {
            println!(
                "| {p} | {:.1} min | {:.1} | {:.1} min | {:.1} |",
                minutes(a),
                t1 / a,
                minutes(b),
                t1 / b
            );
        }
    }
    write(
        "dots4x4-speedup.svg",
        plot(
            "4x4: speed-up over one worker, 1 to 137 workers (thesis Fig. 11)",
            "workers",
            "speed-up",
            &[
                Series {
                    name: "sub-shards".into(),
                    points: speed_split,
                    colour: "#d62728",
                    step: false,
                },
                Series {
                    name: "no sub-shards".into(),
                    points: speed_whole,
                    colour: "#1f77b4",
                    step: false,
                },
            ],
        ),
    );
    // The cost on a cluster.
    let bits = 5.0;
    let disk = whole.total_cost() as f64 * bits / 8.0;
    println!("\n## 4x4 on a cluster\n");
    println!(
        "work {:.1} core-hours; disk {:.0} GB ({} bits per value); sub-shards on 60 workers: {:.1} min",
        hours(one_worker.work),
        disk / 1e9,
        bits,
        minutes(simulate(&split, 60, &scaled).makespan)
    );
}
