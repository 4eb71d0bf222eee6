//! `cgtk dots nimber`: the Nimstring value of a Dots position, of each of
//! its components and after each legal move, under a node and time limit
//! (and Ctrl-C).

use std::time::Duration;

use anyhow::Result;
use cgt::budget::Limits;
use cgtk::ops::dots::{nimber, DEFAULT_NIMBER_NODES, NIMBER_NODES};
use clap::Args;
use dots::nimstring::{position_components, NimstringValue};

use crate::input::dots_position;
use crate::output::print_json;

/// A position and the limits.
#[derive(Args)]
pub struct NimberArgs {
    /// `WxH` or `WxH:e,e,e` (edges numbered as `cgtk dots show --edges` shows), an ASCII
    /// diagram, or `-` to read either from stdin.
    position: String,
    /// Print one line of JSON.
    #[arg(long)]
    json: bool,
    /// Stop after valuing or testing this many component positions (1 to
    /// 1000000000; each takes about 10 to 30 µs in a release build, more in
    /// larger components, and 21 to 43 bytes of table, so the default takes
    /// 10 to 30 seconds; the empty 3x3 board takes 19,000, 2x5 62,000): the
    /// report then has what was found.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NIMBER_NODES,
          value_parser = cgtk::ops::bounds::parser(NIMBER_NODES))]
    node_limit: u64,
    /// Stop after S seconds (more than 0, at most 10^7; Ctrl-C stops it
    /// too): the report then has what was found.
    #[arg(long, value_name = "S", value_parser = cgtk::ops::bounds::seconds)]
    time_limit: Option<Duration>,
}

fn show(nimber: Option<u32>) -> String {
    match nimber {
        Some(n) => cgt::Nimber(n).to_string(),
        None => "loony".to_string(),
    }
}

/// Runs `cgtk dots nimber`.
pub fn run(args: NimberArgs) -> Result<()> {
    let pos = dots_position(&args.position)?;
    let limits = Limits {
        nodes: Some(args.node_limit),
        time: args.time_limit,
    };
    let r = nimber(&pos, limits, crate::interrupted())?;
    if args.json {
        print_json(&r);
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
