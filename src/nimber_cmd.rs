//! `cgtk dots nimber`: the Nimstring value of a Dots position, of each of
//! its components and after each legal move.

use anyhow::Result;
use cgtk::report::{NimberComponent, NimberMove, NimberReport};
use clap::Args;
use dots::nimstring::{MoveValue, Nimstring, NimstringValue};
use dots::Position;

use crate::dots_cmd::read_position;
use crate::output::bad_input;

/// A position and the work limit.
#[derive(Args)]
pub struct NimberArgs {
    /// `WxH` or `WxH:e,e,e` (edges numbered as in ARCHITECTURE.md), an ASCII
    /// diagram, or `-` to read either from stdin.
    position: String,
    /// Print one line of JSON.
    #[arg(long)]
    json: bool,
    /// Give up after evaluating this many component positions (about a
    /// microsecond and a hundred bytes each; 1 to 1000000000).
    #[arg(long, default_value_t = 20_000_000)]
    node_limit: usize,
}

/// The report for a position.
pub fn report(pos: &Position, node_limit: usize) -> Result<NimberReport> {
    let mut nim = Nimstring::with_limit(node_limit);
    let value = nim.value(pos)?;
    let components = nim
        .components(pos)?
        .into_iter()
        .map(|c| NimberComponent {
            boxes: c.boxes,
            edges: c.edges.iter().map(|e| e.index()).collect(),
            nimber: c.value.nimber(),
            loony: c.value.is_loony(),
        })
        .collect();
    let moves = nim
        .move_values(pos)?
        .iter()
        .map(|m: &MoveValue| NimberMove {
            edge: m.edge.index(),
            nimber: m.value.nimber(),
            loony: m.value.is_loony(),
            captures: m.captures,
            winning: m.is_winning(),
        })
        .collect();
    Ok(NimberReport {
        nimber: value.nimber(),
        loony: value.is_loony(),
        moves,
        components,
    })
}

fn show(nimber: Option<u32>) -> String {
    match nimber {
        Some(n) => cgt::Nimber(n).to_string(),
        None => "loony".to_string(),
    }
}

/// Runs `cgtk dots nimber`.
pub fn run(args: NimberArgs) -> Result<()> {
    if !(1..=1_000_000_000).contains(&args.node_limit) {
        return Err(bad_input(
            "--node-limit",
            format!("{} out of range (1 to 1000000000)", args.node_limit),
        ));
    }
    let pos = read_position(&args.position)?;
    let r = report(&pos, args.node_limit)?;
    if args.json {
        println!("{}", serde_json::to_string(&r)?);
        return Ok(());
    }
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
    println!("components: {}", r.components.len());
    for c in &r.components {
        let boxes: Vec<String> = c.boxes.iter().map(usize::to_string).collect();
        println!("  boxes {}: {}", boxes.join(","), show(c.nimber));
    }
    println!("moves (value after the move; L in the diagram: loony):");
    for m in &r.moves {
        let mark = match (m.winning, m.captures) {
            (true, 0) => "  leaves 0",
            (true, _) => "  captures, then wins",
            _ => "",
        };
        println!("edge {:>2}: {}{mark}", m.edge, show(m.nimber));
    }
    Ok(())
}
