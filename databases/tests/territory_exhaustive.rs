//! Every entry of the simple territory databases with up to 10 empty
//! squares against `amazons::territory::territory_moves`, an independent
//! exhaustive search (seed 004, IV-A: a territory's value is the most moves
//! its owner can make there).

use amazons::territory::territory_moves;
use databases::TerritoryDb;
use indicatif::ProgressBar;

fn check(w: u8, h: u8, q: u32) -> u64 {
    let db = TerritoryDb::build(w, h, q, &ProgressBar::hidden()).unwrap();
    let index = db.index();
    let mut checked = 0;
    for r in 0..index.count() {
        if index.empty_count(r) > 10 {
            continue;
        }
        let c = index.unrank(r);
        let empty = index.cells_to_board(c.empty);
        let queens = index.cells_to_board(c.queens[0]);
        assert_eq!(
            u32::from(db.moves_at(r)),
            territory_moves(empty, queens),
            "{w}x{h} q{q}: {c:?}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn boxes_up_to_ten_cells_entry_by_entry() {
    // Boxes of at most 11 cells: every entry has at most 10 empty squares.
    let mut total = 0;
    for (w, h) in [
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
        (6, 1),
        (2, 2),
        (3, 2),
        (4, 2),
        (5, 2),
        (3, 3),
    ] {
        for q in 1..=4 {
            if q < u32::from(w) * u32::from(h) {
                total += check(w, h, q);
            }
        }
    }
    assert!(total > 10_000);
}

#[test]
fn larger_boxes_entries_up_to_ten_empty() {
    // 2x6 and 3x4 (12 cells): the entries with at most 10 empty squares.
    for (w, h, q) in [(6, 2, 1), (4, 3, 2), (6, 2, 2)] {
        check(w, h, q);
    }
}
