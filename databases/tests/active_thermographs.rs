//! Every entry of small active area tables against
//! `amazons::Valuer::thermograph` of the same position: an independent path
//! (canonical forms of the areas of the basic partition, summed in the `cgt`
//! arena, then the thermograph of the canonical form).

use amazons::{Color, Position, Setup, Size, Valuer};
use cgt::budget::Watch;
use databases::ActiveDb;

fn check(w: u8, h: u8, black: u32, white: u32) {
    let db = ActiveDb::build(w, h, black, white, &(), &Watch::unlimited()).unwrap();
    let index = db.index();
    let size = Size::new(w, h).unwrap();
    let mut valuer = Valuer::new();
    for r in 0..index.count() {
        let c = index.unrank(r);
        let black_bb = index.cells_to_board(c.queens[0]);
        let white_bb = index.cells_to_board(c.queens[1]);
        let empty = index.cells_to_board(c.empty);
        let pos = Position::from_setup(Setup {
            size,
            white: white_bb,
            black: black_bb,
            burnt: size.mask() - empty - black_bb - white_bb,
            to_move: Color::White,
        })
        .unwrap();
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
        let size = Size::new(w, h).unwrap();
        let mut valuer = Valuer::new();
        for r in 0..index.count() {
            let c = index.unrank(r);
            let black = index.cells_to_board(c.queens[0]);
            let white = index.cells_to_board(c.queens[1]);
            let empty = index.cells_to_board(c.empty);
            let pos = Position::from_setup(Setup {
                size,
                white,
                black,
                burnt: size.mask() - empty - black - white,
                to_move: Color::White,
            })
            .unwrap();
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
