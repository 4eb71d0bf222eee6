//! `cgtk dots nimber`: the Nimstring value of a Dots position, of each of
//! its components and after each legal move.

use std::io::Read;

use anyhow::Result;
use clap::Args;
use dots::nimstring::{MoveValue, Nimstring, NimstringValue};
use dots::Position;
use serde::Serialize;

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

/// `dots nimber --json` (ARCHITECTURE.md): the value (`nimber` null when
/// loony), the value after every legal move in increasing edge order, and
/// the components.
#[derive(Serialize)]
pub struct NimberReport {
    /// The nimber, or null when the position is loony.
    pub nimber: Option<u32>,
    /// Whether the player to move has been offered a loony move.
    pub loony: bool,
    /// Every legal move, in increasing edge order.
    pub moves: Vec<NimberMove>,
    /// The connected components, in the order of their lowest edge.
    pub components: Vec<NimberComponent>,
}

/// One legal move and the value of the position it leaves.
#[derive(Serialize)]
pub struct NimberMove {
    /// The edge drawn.
    pub edge: usize,
    /// The value after the move, or null when loony.
    pub nimber: Option<u32>,
    /// Whether the position after the move is loony.
    pub loony: bool,
    /// Boxes the move completes (the mover then moves again).
    pub captures: usize,
    /// Whether the move wins the Nimstring game (completes no box and
    /// leaves 0, or completes a box and leaves a non-zero value).
    pub winning: bool,
}

/// One connected component of the position.
#[derive(Serialize)]
pub struct NimberComponent {
    /// Its unfinished boxes (`row * width + col`).
    pub boxes: Vec<usize>,
    /// Its undrawn edges.
    pub edges: Vec<usize>,
    /// Its value, or null when loony.
    pub nimber: Option<u32>,
    /// Whether it is loony.
    pub loony: bool,
}

fn read_position(text: &str) -> Result<Position> {
    let text = if text == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| bad_input("position", e))?;
        s
    } else {
        text.to_string()
    };
    let parsed = if text.contains('+') {
        Position::from_diagram(&text)
    } else {
        text.parse()
    };
    parsed.map_err(|e| bad_input("position", e))
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
