//! Every entry of the simple territory databases with up to 10 empty
//! squares against `amazons::territory::territory_moves`, an independent
//! exhaustive search (Song & Müller 2015, IV-A: a territory's value is the most moves
//! its owner can make there); and every entry of the blocker territory
//! databases of boxes of up to 10 squares against an exhaustive search
//! under the blocker rule written here.

use amazons::territory::{blocker_territory_moves, territory_moves};
use amazons::{queen_attacks, Bitboard};
use cgt::budget::Watch;
use databases::TerritoryDb;

/// The boxes of the paper's set with at most 10 cells.
const SMALL_BOXES: [(u8, u8); 10] = [
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
];

fn check(w: u8, h: u8, q: u32) -> u64 {
    let db = TerritoryDb::build(w, h, q, &(), &Watch::unlimited()).unwrap();
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
    for (w, h) in SMALL_BOXES {
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

/// Exhaustive search of a blocker territory under the blocker rule of
/// Song & Müller 2015, III-A, written out here on bitboards (memoised): a normal
/// queen moves and shoots anywhere; a blocker moves into the territory,
/// shoots back at its origin and is a normal queen from then on.
fn blocker_reference(
    empty: Bitboard,
    normal: Bitboard,
    blockers: Bitboard,
    memo: &mut std::collections::HashMap<(Bitboard, Bitboard, Bitboard), u32>,
) -> u32 {
    if let Some(&v) = memo.get(&(empty, normal, blockers)) {
        return v;
    }
    let mut best = 0;
    for from in normal {
        for to in queen_attacks(from, empty) {
            let vacated = empty.with(from).without(to);
            for arrow in queen_attacks(to, vacated) {
                let n = normal.without(from).with(to);
                best = best.max(1 + blocker_reference(vacated.without(arrow), n, blockers, memo));
            }
        }
    }
    for from in blockers {
        for to in queen_attacks(from, empty) {
            let (e, n, b) = (empty.without(to), normal.with(to), blockers.without(from));
            best = best.max(1 + blocker_reference(e, n, b, memo));
        }
    }
    memo.insert((empty, normal, blockers), best);
    best
}

#[test]
fn blocker_tables_of_small_boxes_match_exhaustive_search() {
    // Every entry of every blocker table of the boxes of the paper set
    // with at most 10 squares (so at most 10 empty squares), for every
    // split of 1 to 4 queens into normal queens and blockers.
    let hidden = ();
    let mut memo = std::collections::HashMap::new();
    let mut checked = 0u64;
    for (w, h) in SMALL_BOXES {
        for total in 1..=4u32.min(w as u32 * h as u32 - 1) {
            let mut lower = TerritoryDb::build(w, h, total, &hidden, &Watch::unlimited()).unwrap();
            for blockers in 1..=total {
                let db = TerritoryDb::build_blocker(
                    w,
                    h,
                    total - blockers,
                    blockers,
                    &lower,
                    &hidden,
                    &Watch::unlimited(),
                )
                .unwrap();
                for r in 0..db.index().count() {
                    let c = db.index().unrank(r);
                    let board = |x: u64| db.index().cells_to_board(x);
                    let expected = blocker_reference(
                        board(c.empty),
                        board(c.queens[0]),
                        board(c.queens[1]),
                        &mut memo,
                    );
                    assert_eq!(u32::from(db.moves_at(r)), expected, "{w}x{h} {c:?}");
                    // The evaluation's own exact search under the blocker
                    // rule, on a sample (it has no shared memo).
                    if r % 16 == 0 {
                        let (e, n, b) = (board(c.empty), board(c.queens[0]), board(c.queens[1]));
                        assert_eq!(blocker_territory_moves(e, n, b), expected, "{w}x{h} {c:?}");
                    }
                    checked += 1;
                }
                lower = db;
            }
        }
    }
    // The table sizes add up (C(n, k) C(k, b) 2^(n-k) each).
    assert!(checked > 200_000, "{checked}");
}

#[test]
fn blocker_best_moves_reach_a_territory_worth_one_less() {
    // For every entry of the blocker tables of three small boxes, the best
    // move the databases name is a legal move under the blocker rule and
    // leaves a territory the exhaustive search values one move lower.
    let hidden = ();
    let mut memo = std::collections::HashMap::new();
    let mut checked = 0u64;
    for (w, h, total) in [(2u8, 2u8, 2u32), (3, 2, 3), (4, 2, 2)] {
        let mut dbs = databases::Databases::new();
        // A blocker's move in leaves one blocker fewer: a table of smaller
        // blocker count, down to the simple table of all queens.
        let mut lower = TerritoryDb::build(w, h, total, &hidden, &Watch::unlimited()).unwrap();
        dbs.add_territory(lower.clone());
        let mut tables = Vec::new();
        for blockers in 1..=total {
            let db = TerritoryDb::build_blocker(
                w,
                h,
                total - blockers,
                blockers,
                &lower,
                &hidden,
                &Watch::unlimited(),
            )
            .unwrap();
            dbs.add_blocker(db.clone());
            tables.push(db.clone());
            lower = db;
        }
        for db in &tables {
            for r in 0..db.index().count() {
                let c = db.index().unrank(r);
                let board = |x: u64| db.index().cells_to_board(x);
                let (empty, normal, blockers) =
                    (board(c.empty), board(c.queens[0]), board(c.queens[1]));
                let n = blocker_reference(empty, normal, blockers, &mut memo);
                let mv = dbs.blocker_territory_best_move(empty, normal, blockers);
                let Some(mv) = mv else {
                    assert_eq!(n, 0, "{w}x{h} {c:?}: no move named");
                    continue;
                };
                let child = if blockers.contains(mv.from) {
                    assert_eq!(mv.arrow, mv.from, "a blocker shoots back");
                    assert!(queen_attacks(mv.from, empty).contains(mv.to));
                    (
                        empty.without(mv.to),
                        normal.with(mv.to),
                        blockers.without(mv.from),
                    )
                } else {
                    assert!(normal.contains(mv.from));
                    assert!(queen_attacks(mv.from, empty).contains(mv.to));
                    let vacated = empty.with(mv.from).without(mv.to);
                    assert!(queen_attacks(mv.to, vacated).contains(mv.arrow));
                    (
                        vacated.without(mv.arrow),
                        normal.without(mv.from).with(mv.to),
                        blockers,
                    )
                };
                assert_eq!(
                    blocker_reference(child.0, child.1, child.2, &mut memo) + 1,
                    n,
                    "{w}x{h} {c:?}: {mv}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 1_000, "{checked}");
}
