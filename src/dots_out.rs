//! Text output of Dots-and-Boxes analyses, shared by `dots analyze` and
//! `dots table query` (their JSON is [`cgtk::report::DotsAnalyzeReport`]).

use std::path::Path;

use cgtk::report::{stop_reason, DotsAnalyzeReport};
use dots::Position;

use crate::output::print_json;

/// Prints an analysis: one line of JSON, or the board with every move's
/// value, the values (loony moves marked), and where they come from (a
/// table `source`, or the solver's nodes and time).
pub fn print_analysis(
    pos: &Position,
    report: &DotsAnalyzeReport,
    json: bool,
    source: Option<&Path>,
) {
    if json {
        print_json(report);
        return;
    }
    let Some(value) = report.value else {
        print_stopped(report.limit, report.lower, report.upper, report.nodes);
        return;
    };
    print!(
        "{}",
        pos.annotated_diagram(|e| {
            report
                .moves
                .iter()
                .find(|m| m.edge == e)
                .map(|m| format!("{:+}", m.value))
        })
    );
    println!("position: {pos}");
    println!("value: {value:+}");
    for m in &report.moves {
        let best = if m.value == value { "  best" } else { "" };
        // Moves that offer the opponent a loony position (Berlekamp 2000).
        let loony = if m.loony { "  loony" } else { "" };
        println!("edge {}: {:+}{best}{loony}", m.edge, m.value);
    }
    match source {
        Some(dir) => println!("source: table {}", dir.display()),
        None => {
            println!("nodes: {}", report.nodes);
            println!("seconds: {:.3}", report.seconds);
        }
    }
}

/// What a search stopped by a limit reached, for people: the limit, the
/// bounds on the value, and the nodes.
pub fn print_stopped(limit: Option<&str>, lower: Option<i32>, upper: Option<i32>, nodes: u64) {
    println!(
        "value: unknown ({}; value in [{:+}, {:+}])",
        stop_reason(limit.unwrap_or("time")),
        lower.unwrap_or_default(),
        upper.unwrap_or_default()
    );
    println!("nodes: {nodes}");
}
