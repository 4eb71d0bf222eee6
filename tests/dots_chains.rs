//! `cgtk dots chains` (and `cgtk::ops::dots::chains`): the chains and loops
//! of random positions against a naive finder written here from the
//! definition (connected boxes with two undrawn sides each, joined through
//! undrawn sides; a loop when every one of them has both its undrawn sides
//! inside the set), and the CLI's JSON against the library's.

use std::collections::BTreeSet;

use cgtk::ops::dots::{chains, position};

mod common;
use common::{cgtk_output, json};

/// The boxes on either side of edge `e` of a `w x h` board.
fn edge_boxes(w: usize, h: usize, e: usize) -> Vec<usize> {
    let hs = (h + 1) * w;
    let mut out = Vec::new();
    if e < hs {
        let (r, c) = (e / w, e % w);
        if r > 0 {
            out.push((r - 1) * w + c);
        }
        if r < h {
            out.push(r * w + c);
        }
    } else {
        let (r, c) = ((e - hs) / (w + 1), (e - hs) % (w + 1));
        if c > 0 {
            out.push(r * w + c - 1);
        }
        if c < w {
            out.push(r * w + c);
        }
    }
    out
}

/// (sorted boxes, is a loop) of every chain, by the definition.
fn naive(w: usize, h: usize, drawn: u64) -> BTreeSet<(Vec<usize>, bool)> {
    let n = (h + 1) * w + h * (w + 1);
    let undrawn: Vec<usize> = (0..n).filter(|&e| drawn >> e & 1 == 0).collect();
    let degree = |b: usize| {
        undrawn
            .iter()
            .filter(|&&e| edge_boxes(w, h, e).contains(&b))
            .count()
    };
    let two: Vec<usize> = (0..w * h).filter(|&b| degree(b) == 2).collect();
    // Neighbours of a box of degree two through its undrawn sides (None:
    // the ground or a box of another degree).
    let across = |b: usize| -> Vec<Option<usize>> {
        undrawn
            .iter()
            .filter_map(|&e| {
                let sides = edge_boxes(w, h, e);
                sides.contains(&b).then(|| {
                    sides
                        .iter()
                        .copied()
                        .find(|&x| x != b)
                        .filter(|x| two.contains(x))
                })
            })
            .collect()
    };
    let mut seen = BTreeSet::new();
    let mut out = BTreeSet::new();
    for &s in &two {
        if seen.contains(&s) {
            continue;
        }
        let mut comp = vec![s];
        seen.insert(s);
        let mut i = 0;
        while i < comp.len() {
            for x in across(comp[i]).into_iter().flatten() {
                if seen.insert(x) {
                    comp.push(x);
                }
            }
            i += 1;
        }
        let is_loop = comp.iter().all(|&b| across(b).iter().all(Option::is_some));
        comp.sort_unstable();
        out.insert((comp, is_loop));
    }
    out
}

#[test]
fn chains_are_those_of_the_definition() {
    let mut x = 5u64;
    let mut loops = 0;
    let mut long = 0;
    for (w, h) in [(3, 3), (4, 3), (2, 5), (5, 5), (4, 4)] {
        let n = (h + 1) * w + h * (w + 1);
        for _ in 0..400 {
            let mut drawn = 0u64;
            for e in 0..n {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                if (x >> 33) % 100 < 55 {
                    drawn |= 1 << e;
                }
            }
            let list: Vec<String> = (0..n)
                .filter(|&e| drawn >> e & 1 == 1)
                .map(|e| e.to_string())
                .collect();
            let text = format!("{w}x{h}:{}", list.join(","));
            let report = chains(&position(&text).unwrap());
            let got: BTreeSet<(Vec<usize>, bool)> = report
                .chains
                .iter()
                .map(|c| (c.boxes.clone(), c.kind == "loop"))
                .collect();
            assert_eq!(got, naive(w, h, drawn), "{text}");
            for c in &report.chains {
                assert_eq!(c.length, c.boxes.len(), "{text}");
                assert_eq!(c.long, c.kind == "loop" || c.length >= 3, "{text}");
                assert_eq!(c.ends.len(), if c.kind == "loop" { 0 } else { 2 }, "{text}");
            }
            loops += report.loops;
            long += report.long_chains;
        }
    }
    assert!(loops > 0 && long > 0, "{loops} loops, {long} long chains");
}

#[test]
fn the_cli_prints_the_library_report() {
    // 3x3 with the board's outline and the middle box drawn: the other
    // eight boxes make a loop around it.
    let text = "3x3:0,1,2,9,10,11,12,15,16,19,20,23,4,7,17,18";
    let report = chains(&position(text).unwrap());
    let cli = json(&cgtk_output(&["dots", "chains", text, "--json"], None));
    assert_eq!(cli, serde_json::to_value(&report).unwrap());
    assert_eq!(cli["loops"], 1, "{cli}");
    let out = cgtk_output(&["dots", "chains", "3x3:0,0"], None);
    assert_eq!(out.status.code(), Some(2));
}
