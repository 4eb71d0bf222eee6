//! `cgtk dots nimber`: the Nimstring value of a Dots position, of each of
//! its components and after each legal move, under a node and time limit
//! (and Ctrl-C).

use std::time::Duration;

use anyhow::Result;
use cgt::budget::{Limit, Limits, Meter, StopFlag};
use cgtk::report::{NimberComponent, NimberMove, NimberReport};
use clap::Args;
use dots::nimstring::{position_components, Nimstring, NimstringError, NimstringValue};
use dots::Position;

use crate::dots_cmd::read_position;

/// The default `--node-limit`: one to three minutes of work (a component
/// position takes about 30 to 100 µs in a release build, more in larger
/// components; BENCHMARKS.md), enough for the empty boards of up to ten
/// boxes.
pub const DEFAULT_NODE_LIMIT: u64 = 1_000_000;

/// A position and the limits.
#[derive(Args)]
pub struct NimberArgs {
    /// `WxH` or `WxH:e,e,e` (edges numbered as in ARCHITECTURE.md), an ASCII
    /// diagram, or `-` to read either from stdin.
    position: String,
    /// Print one line of JSON.
    #[arg(long)]
    json: bool,
    /// Stop after valuing this many component positions (1 to 1000000000;
    /// each takes about 30 to 100 µs and 100 bytes in a release build, more
    /// in larger components, so the default takes one to three minutes; the empty
    /// 3x3 board takes 27,000, 2x5 180,000): the report then has what was
    /// found.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_LIMIT,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    node_limit: u64,
    /// Stop after S seconds (more than 0, at most 10^7; Ctrl-C stops it
    /// too): the report then has what was found.
    #[arg(long, value_name = "S", value_parser = crate::search_args::parse_seconds)]
    time_limit: Option<Duration>,
}

/// The report for a position, valued under `limits` (the node limit counts
/// component positions valued) and `stop`: the components first (the
/// position's value is their sum), then every legal move in increasing
/// edge order. A limit ends the work; the report then names it and holds
/// what was valued before it.
pub fn report(pos: &Position, limits: Limits, stop: Option<&StopFlag>) -> NimberReport {
    let mut nim = Nimstring::with_meter(Meter::new(limits, stop));
    let mut r = NimberReport {
        nimber: None,
        loony: false,
        moves: Vec::new(),
        components: Vec::new(),
        limit: None,
        positions: 0,
    };
    r.limit = fill(&mut nim, pos, &mut r).err().map(Limit::name);
    r.positions = nim.positions();
    r
}

/// Values the components, the position and the moves into `r`, until a
/// limit.
fn fill(nim: &mut Nimstring, pos: &Position, r: &mut NimberReport) -> Result<(), Limit> {
    let stopped = |e: NimstringError| match e {
        NimstringError::LimitReached { limit, .. } => limit,
    };
    for c in position_components(pos) {
        let value = nim.graph_value(&c.graph).map_err(stopped)?;
        r.components.push(NimberComponent {
            boxes: c.boxes,
            edges: c.edges.iter().map(|e| e.index()).collect(),
            nimber: value.nimber(),
            loony: value.is_loony(),
        });
    }
    let value = nim.value(pos).map_err(stopped)?;
    r.nimber = value.nimber();
    r.loony = value.is_loony();
    for edge in pos.legal_moves().iter() {
        let m = nim.move_value(pos, edge).map_err(stopped)?;
        r.moves.push(NimberMove {
            edge: m.edge.index(),
            nimber: m.value.nimber(),
            loony: m.value.is_loony(),
            captures: m.captures,
            winning: m.is_winning(),
        });
    }
    Ok(())
}

fn show(nimber: Option<u32>) -> String {
    match nimber {
        Some(n) => cgt::Nimber(n).to_string(),
        None => "loony".to_string(),
    }
}

/// Runs `cgtk dots nimber`.
pub fn run(args: NimberArgs) -> Result<()> {
    let pos = read_position(&args.position)?;
    let limits = Limits {
        nodes: Some(args.node_limit),
        time: args.time_limit,
    };
    let r = report(&pos, limits, Some(crate::interrupted()));
    if args.json {
        println!("{}", serde_json::to_string(&r)?);
        return Ok(());
    }
    let value_known = r.nimber.is_some() || r.loony;
    print!(
        "{}",
        pos.annotated_diagram(|e| {
            r.moves.iter().find(|m| m.edge == e.index()).map(|m| {
                m.nimber
                    .map_or("L".to_string(), |n| cgt::Nimber(n).to_string())
            })
        })
    );
    println!("position: {pos}");
    let stop_reason = r.limit.map(|l| {
        format!(
            "{} after {} component positions",
            cgtk::report::stop_reason(l),
            r.positions
        )
    });
    if value_known {
        let value = match r.nimber {
            Some(n) => NimstringValue::Nimber(cgt::Nimber(n)),
            None => NimstringValue::Loony,
        };
        let verdict = if value.is_zero() {
            "a loss for the player to move"
        } else {
            "a win for the player to move"
        };
        println!("nimstring value: {value} ({verdict})");
    } else {
        println!(
            "nimstring value: unknown ({})",
            stop_reason.as_deref().unwrap_or_default()
        );
    }
    let total = position_components(&pos).len();
    if r.components.len() == total {
        println!("components: {total}");
    } else {
        println!("components: {total} ({} valued)", r.components.len());
    }
    for c in &r.components {
        let boxes: Vec<String> = c.boxes.iter().map(usize::to_string).collect();
        println!("  boxes {}: {}", boxes.join(","), show(c.nimber));
    }
    let legal = pos.legal_moves().len();
    if r.moves.len() == legal {
        println!("moves (value after the move; L in the diagram: loony):");
    } else {
        println!(
            "moves (value after the move; L in the diagram: loony; {} of {legal} valued):",
            r.moves.len()
        );
    }
    for m in &r.moves {
        let mark = match (m.winning, m.captures) {
            (true, 0) => "  leaves 0",
            (true, _) => "  captures, then wins",
            _ => "",
        };
        println!("edge {:>2}: {}{mark}", m.edge, show(m.nimber));
    }
    if let (true, Some(reason)) = (value_known, stop_reason) {
        println!("stopped: {reason}");
    }
    Ok(())
}
