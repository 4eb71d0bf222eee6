//! Every entry of small active area tables against
//! `amazons::Valuer::thermograph` of the same position: an independent path
//! (canonical forms of the areas of the basic partition, summed in the `cgt`
//! arena, then the thermograph of the canonical form).

use amazons::{Color, Position, Setup, Size, Valuer};
use cgt::budget::Watch;
use databases::{ActiveDb, BoxIndex};

/// The position of the entry of rank `r` (the box as the whole board, White
/// to move).
fn position(index: &BoxIndex, r: u64) -> Position {
    let size = Size::new(index.width(), index.height()).unwrap();
    let c = index.unrank(r);
    let black = index.cells_to_board(c.queens[0]);
    let white = index.cells_to_board(c.queens[1]);
    let empty = index.cells_to_board(c.empty);
    Position::from_setup(Setup {
        size,
        white,
        black,
        burnt: size.mask() - empty - black - white,
        to_move: Color::White,
    })
    .unwrap()
}

fn check(w: u8, h: u8, black: u32, white: u32) {
    let db = ActiveDb::build(w, h, black, white, &(), &Watch::unlimited()).unwrap();
    let index = db.index();
    let mut valuer = Valuer::new();
    for r in 0..index.count() {
        let pos = position(index, r);
        assert_eq!(
            *db.thermograph_at(r),
            valuer.thermograph(&pos).unwrap(),
            "{w}x{h} b{black} w{white}: {pos}"
        );
    }
}

#[test]
fn small_boxes_entry_by_entry() {
    for (w, h, b, wq) in [
        (3, 1, 1, 1),
        (4, 1, 1, 1),
        (2, 2, 1, 1),
        (3, 2, 1, 1),
        (3, 2, 1, 2),
    ] {
        check(w, h, b, wq);
    }
}

#[test]
fn larger_boxes_entry_by_entry() {
    // Up to 8 empty squares.
    for (w, h, b, wq) in [
        (4, 2, 1, 1),
        (3, 3, 1, 1),
        (4, 2, 2, 2),
        (3, 3, 1, 2),
        (5, 2, 1, 1),
    ] {
        check(w, h, b, wq);
    }
}

#[test]
fn ten_empty_squares_entry_by_entry() {
    // 6x2 with one queen each: up to 10 empty squares, 135,168 entries.
    check(6, 2, 1, 1);
}

#[test]
fn canonical_forms_entry_by_entry() {
    // Against the canonical form of the same position through
    // amazons::Valuer (the basic partition's areas summed in the arena).
    for (w, h, b, wq) in [(3, 2, 1, 1), (3, 2, 1, 2), (4, 2, 1, 1), (3, 3, 1, 1)] {
        let mut db = ActiveDb::build(w, h, b, wq, &(), &Watch::unlimited()).unwrap();
        db.compute_canonical_forms().unwrap();
        let index = db.index();
        let mut valuer = Valuer::new();
        for r in 0..index.count() {
            let pos = position(index, r);
            let g = valuer
                .canonical(&pos, cgt::budget::Limits::NONE, &())
                .unwrap();
            assert_eq!(
                db.canonical_at(r),
                Some(valuer.arena.to_string(g).as_str()),
                "{pos}"
            );
        }
    }
}

/// Random entries of every active table in the directory `CGTK_DB_CHECK`
/// (tables too large to build in a test: `cgtk db build --kind active ...`
/// first) against `amazons::Valuer::thermograph`; `CGTK_DB_CHECK_SAMPLES`
/// entries a table (default 100), fixed seed. Run with
/// `CGTK_DB_CHECK=DIR cargo test -p databases --test
/// active_thermographs -- --ignored`.
#[test]
#[ignore = "needs built tables: set CGTK_DB_CHECK to their directory"]
fn built_tables_match_the_evaluator_on_random_entries() {
    use rand::{rngs::SmallRng, Rng, SeedableRng};
    let dir = std::env::var("CGTK_DB_CHECK").expect("CGTK_DB_CHECK names a directory");
    let samples: u64 = std::env::var("CGTK_DB_CHECK_SAMPLES").map_or(100, |s| s.parse().unwrap());
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("active-")
        })
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no active tables in {dir}");
    let mut rng = SmallRng::seed_from_u64(2015);
    for path in paths {
        let db = databases::read_active(&path).unwrap();
        let index = db.index();
        let mut valuer = Valuer::new();
        for _ in 0..samples {
            let r = rng.gen_range(0..index.count());
            let pos = position(index, r);
            assert_eq!(
                *db.thermograph_at(r),
                valuer.thermograph(&pos).unwrap(),
                "{}: {pos}",
                path.display()
            );
        }
        eprintln!("{}: {samples} entries agree", path.display());
    }
}
