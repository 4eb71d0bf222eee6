//! Solver signature (STYLE.md, after Stockfish's `bench`): a fixed suite,
//! single-threaded, a fixed 16 MiB table, all techniques on; the values and
//! the node counts in an insta snapshot. A refactor that changes a node
//! count has a bug; a search change states the new counts.
//!
//! The values of the empty boards are also asserted against the literature
//! (2x2 +2, 2x3 -2, 1x6 0: Wilson's analysis; 3x3 -3: Barker & Korf 2012).

use dots::{Options, Position, Solver};

#[test]
fn signature() {
    let suite: [(&str, Option<i32>); 7] = [
        ("2x2", Some(2)),
        ("2x3", Some(-2)),
        ("1x6", Some(0)),
        ("3x3", Some(-3)),
        ("3x3:0,5,9,13,16,18,20", None),
        ("4x4:0,1,2,3,4,5,6,7,8,9,10,11,20,21,22,23,24,25,26,27", None),
        ("5x5:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40", None),
    ];
    let mut lines = Vec::new();
    let mut total = 0;
    for (text, published) in suite {
        let pos: Position = text.parse().unwrap();
        let opts = Options {
            tt_mb: 16,
            ..Options::default()
        };
        let mut solver = Solver::new(pos.board(), opts);
        let value = solver.value(&pos, cgt::budget::Limits::NONE).unwrap();
        if let Some(v) = published {
            assert_eq!(value, v, "{text}");
        }
        let nodes = solver.stats().nodes;
        total += nodes;
        lines.push(format!("{text}  value {value:+}  nodes {nodes}"));
    }
    lines.push(format!("total nodes {total}"));
    insta::assert_snapshot!(lines.join("\n"));
}
