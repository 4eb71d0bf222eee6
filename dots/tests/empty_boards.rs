//! Values of empty boards, from the literature.
//!
//! Sources: Barker & Korf, "Solving Dots-And-Boxes" (AAAI 2012):
//! 3x3 is a second-player win by 3, 4x5 a tie. David Wilson's Dots-and-Boxes
//! analysis results (retrograde analysis; cited in Barker & Korf 2012 as Wilson 2010):
//! 1xN alternates -1 (odd N) and 0 (even N), 2x2 +2, 2x3 -2, 2x4 +2, 2x5 -2,
//! 2x6 +2, 3x4 0, 4x4 0 (also the 4x4 thesis, the Lynchburg retrograde thesis); on his results
//! page (https://wilson.engr.wisc.edu/boxes/results.shtml) the "3x5
//! American game" is an empty board of 5 x 3 boxes with every opening move
//! valued -1, so the empty 3x5 board is -1. The value is the margin of the
//! player to move (the first player on an empty board).
//!
//! The larger boards are `#[ignore]`d: run them with
//! `cargo test -p dots --release --test empty_boards -- --ignored`.

use dots::{Board, Options, Position, Solver};

fn value(w: usize, h: usize) -> i32 {
    let board = Board::new(w, h).unwrap();
    // The table grows from 1 MiB as it fills, so small boards stay small.
    let opts = Options {
        tt_mb: 2048,
        ..Options::default()
    };
    let mut solver = Solver::new(board, opts);
    solver
        .value(&Position::empty(board), cgt::budget::Limits::NONE)
        .expect("no limit and no stop flag")
}

#[test]
fn one_by_n_up_to_six() {
    // Wilson: -1 for odd N, 0 for even N.
    for n in 1..=6 {
        assert_eq!(value(1, n), if n % 2 == 1 { -1 } else { 0 }, "1x{n}");
        assert_eq!(value(n, 1), if n % 2 == 1 { -1 } else { 0 }, "{n}x1");
    }
}

#[test]
fn two_by_two_and_two_by_three() {
    assert_eq!(value(2, 2), 2); // Wilson
    assert_eq!(value(2, 3), -2); // Wilson
    assert_eq!(value(3, 2), -2); // the same board turned
}

#[test]
fn three_by_three() {
    assert_eq!(value(3, 3), -3); // Barker & Korf 2012: "a win for the second player by three boxes"
}

#[test]
#[ignore = "seconds in release"]
fn one_by_n_seven_to_ten() {
    for n in 7..=10 {
        assert_eq!(value(1, n), if n % 2 == 1 { -1 } else { 0 }, "1x{n}"); // Wilson
    }
}

#[test]
#[ignore = "seconds in release"]
fn two_by_four_and_five() {
    assert_eq!(value(2, 4), 2); // Wilson
    assert_eq!(value(2, 5), -2); // Wilson
}

#[test]
#[ignore = "tens of seconds in release"]
fn two_by_six_and_three_by_four() {
    assert_eq!(value(2, 6), 2); // Wilson
    assert_eq!(value(3, 4), 0); // Wilson
}

#[test]
#[ignore = "minutes in release"]
fn four_by_four() {
    assert_eq!(value(4, 4), 0); // Wilson; the Lynchburg retrograde thesis
}

#[test]
#[ignore = "minutes in release"]
fn three_by_five() {
    // Wilson's "3x5 American game": every opening move -1 (his diagram is 5
    // boxes across and 3 down, the same board turned).
    assert_eq!(value(3, 5), -1);
}

#[test]
#[ignore = "days: Barker & Korf 2012 took ten days with a 24 GB table"]
fn four_by_five() {
    assert_eq!(value(4, 5), 0); // Barker & Korf 2012: "a tie given optimal play"
}
