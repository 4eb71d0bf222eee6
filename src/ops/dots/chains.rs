//! `dots chains`: the chains and loops of a position, found by the chain
//! rules' own walk ([`dots::chains::follow`]).

use dots::chains::follow;
use dots::geometry::{BoxTables, GROUND};
use dots::Position;

use crate::report::{ChainEnd, ChainReport, DotsChainsReport};

/// The boxes of a bit set, in increasing order.
fn boxes_of(mut set: u32) -> Vec<usize> {
    let mut out = Vec::new();
    while set != 0 {
        out.push(set.trailing_zeros() as usize);
        set &= set - 1;
    }
    out
}

/// `dots chains`: every maximal run of boxes with two undrawn sides in
/// `pos` (a chain between two ends, or a loop), as the solver's chain
/// rules walk them at a quiet node ([`dots::chains::redundant_openings`]'s
/// chains): each from its lowest box, with where its ends lead.
///
/// ```
/// use cgtk::ops::dots::{chains, position};
///
/// // 3x1 with every horizontal edge drawn: one chain of three boxes, open
/// // at both ends (its end strings lead to the ground).
/// let report = chains(&position("3x1:0,1,2,3,4,5").unwrap());
/// assert_eq!((report.long_chains, report.loops), (1, 0));
/// assert_eq!(report.chains[0].boxes, [0, 1, 2]);
/// assert!(report.chains[0].ends.iter().all(|e| e.kind == "ground"));
/// ```
pub fn chains(pos: &Position) -> DotsChainsReport {
    let tables = BoxTables::new(pos.board());
    let edges = pos.edges().0;
    let free = !edges & tables.full;
    let degrees = tables.degrees(edges);
    let mut two = degrees[2];
    let mut found = Vec::new();
    while two != 0 {
        let s = two.trailing_zeros() as u8;
        two &= !(1 << s);
        let before = two;
        let strings = tables.box_mask[usize::from(s)] & free;
        let mut ends = Vec::new();
        let mut closed_loop = false;
        for first in [strings.trailing_zeros(), 63 - strings.leading_zeros()] {
            let run = follow(&tables, free, &mut two, s, first as usize);
            if run.end == s {
                closed_loop = true;
                break;
            }
            ends.push(end(&tables, edges, run.end));
        }
        let boxes = boxes_of((before & !two) | 1 << s);
        let length = boxes.len();
        found.push(ChainReport {
            boxes,
            ends: if closed_loop { Vec::new() } else { ends },
            kind: if closed_loop { "loop" } else { "chain" },
            length,
            long: closed_loop || length >= 3,
        });
    }
    DotsChainsReport {
        long_chains: found.iter().filter(|c| c.kind == "chain" && c.long).count(),
        loops: found.iter().filter(|c| c.kind == "loop").count(),
        chains: found,
    }
}

/// Where a chain's end at box `b` ([`GROUND`] for none) leads.
fn end(tables: &BoxTables, edges: u64, b: u8) -> ChainEnd {
    if b == GROUND {
        return ChainEnd {
            box_index: None,
            kind: "ground",
        };
    }
    ChainEnd {
        box_index: Some(usize::from(b)),
        kind: if tables.degree(edges, b) == 1 {
            "capturable"
        } else {
            "joint"
        },
    }
}
