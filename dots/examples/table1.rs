//! Times the value of positions, as in Barker & Korf 2012's Table 1.
//!
//! `cargo run --release -p dots --example table1 -- [--tt-mb N] [--no-chains]
//! [--no-symmetry] [--no-corners] [--no-centre-out] [--one-bound]
//! [--partial-tt] [--no-mtd] [--no-loony] [--no-handout-bound]
//! [--no-one-opening] [--no-etc] [--no-etc-values] [--wide-tt] [--sc-keys | --no-sc-keys]
//! [--threads N]
//! POS...`

use std::sync::Arc;
use std::time::{Duration, Instant};

use dots::{Options, Position, Solver};

fn main() {
    let mut opts = Options {
        tt_mb: 1024,
        ..Options::default()
    };
    let mut positions = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--tt-mb" => opts.tt_mb = args.next().and_then(|s| s.parse().ok()).expect("--tt-mb N"),
            "--no-chains" => opts.chains = false,
            "--no-symmetry" => opts.symmetry = false,
            "--no-corners" => opts.corners = false,
            "--no-centre-out" => opts.centre_out = false,
            "--one-bound" => opts.two_bounds = false,
            "--partial-tt" => opts.impartial_tt = false,
            "--no-mtd" => opts.mtd = false,
            "--threads" => {
                opts.threads = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .expect("--threads N")
            }
            "--no-etc" => opts.etc = false,
            "--wide-tt" => opts.compact_tt = false,
            "--no-etc-values" => opts.etc_values = false,
            "--no-loony" => opts.loony = false,
            "--no-handout-bound" => opts.handout_bound = false,
            "--sc-keys" => opts.sc_keys = Some(true),
            "--no-sc-keys" => opts.sc_keys = Some(false),
            "--no-one-opening" => opts.one_opening = false,
            _ => positions.push(a.parse::<Position>().expect("a position")),
        }
    }
    for pos in positions {
        let mut solver = Solver::new(pos.board(), opts);
        solver.set_progress(
            Some(Arc::new(|p: &dots::Progress| {
                eprintln!(
                    "{} nodes in {:.0} s, value in [{}, {}]",
                    p.nodes,
                    p.elapsed.as_secs_f64(),
                    p.lower,
                    p.upper
                )
            })),
            Duration::from_secs(5),
        );
        let start = Instant::now();
        let value = solver
            .value(&pos, cgt::budget::Limits::NONE)
            .expect("no limit and no stop flag");
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{pos}\tvalue {value:+}\t{secs:.3} s\t{} nodes\t{} MiB table",
            solver.stats().nodes,
            solver.table_bytes() >> 20
        );
        println!("{:?}", solver.stats());
    }
}
