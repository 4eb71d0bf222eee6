//! Does the work of `cgtk dots nimber` (the value, the components' values
//! and the value after each move, with one evaluator) for each position
//! given, and prints the value, the number of component positions valued
//! (cached) and the time.
//!
//! `cargo run --release -p dots --example nimstring_report -- POS...`

use std::time::Instant;

use dots::nimstring::Nimstring;
use dots::Position;

fn main() {
    for arg in std::env::args().skip(1) {
        let pos: Position = arg.parse().expect("a position");
        let start = Instant::now();
        let mut nim = Nimstring::new();
        let value = nim.value(&pos).expect("no limit");
        let components = nim.components(&pos).expect("no limit").len();
        let moves = nim.move_values(&pos).expect("no limit").len();
        let time = start.elapsed();
        println!(
            "{arg}: {value}, {components} components, {moves} moves, {} component positions, {:.3} s",
            nim.cached(),
            time.as_secs_f64()
        );
    }
}
