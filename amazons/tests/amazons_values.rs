//! Exact values of small Amazons positions against CGSuite.
//!
//! Golden data: `tests/data/amazons-cgsuite/` (test files of the MCGS
//! project, results from CGSuite 2.1.1 and 2.2-beta2; see the README there).
//! Grids are rows joined by `|`, top row first; `X` = Black = Left, `O` =
//! White = Right, `#` burnt.

use amazons::{Position, Valuer};
use cgt::Outcome;

use testkit::amazons::{cgsuite_board, cgsuite_data as data};

/// The position of a CGSuite grid with White to move, if `grid` is one.
fn grid_to_position(grid: &str) -> Option<Position> {
    let board = cgsuite_board(grid)?;
    Some(
        format!("{board} w")
            .parse()
            .expect("CGSuite grids are valid positions"),
    )
}

/// Every thermograph of `autotests_thermographs_amazons_3x3_therm.test`
/// (CGSuite 2.2-beta2), wall by wall.
#[test]
fn thermographs_of_3x3_positions_match_cgsuite() {
    let text = data("autotests_thermographs_amazons_3x3_therm.test");
    let mut lines = text.lines().map(str::trim);
    let mut valuer = Valuer::new();
    let mut checked = 0;
    while let Some(line) = lines.next() {
        let Some(position) = grid_to_position(line) else {
            continue;
        };
        assert_eq!(lines.next(), Some("{thermograph"));
        let left = lines.next().unwrap();
        let right = lines.next().unwrap();
        let expected = format!("{left} {right}");
        let ours = valuer.thermograph(&position).unwrap().to_string();
        let g = valuer
            .canonical(&position, cgt::budget::Limits::NONE, &())
            .unwrap();
        assert_eq!(ours, expected, "{line} = {}", valuer.arena.to_string(g));
        checked += 1;
    }
    assert_eq!(checked, 10);
}

/// A memory bound stops valuing with the limit "memory" (the table of
/// positions and the arena staying within it), and a bound that is large
/// enough changes no value: the 3x3 thermographs under a 16 MiB bound match
/// CGSuite's.
#[test]
fn a_memory_bound_stops_valuing_and_changes_no_value() {
    let bound = 1 << 20;
    let mut valuer = Valuer::new();
    valuer.set_memory_limit(Some(bound));
    let start: Position = Position::parse_or_standard("5x4").unwrap();
    let r = valuer.canonical(&start, cgt::search::Limits::default(), &());
    assert!(
        matches!(
            r,
            Err(cgt::CgtError::LimitReached {
                limit: cgt::budget::Limit::Memory,
                ..
            })
        ),
        "{r:?}"
    );
    assert!(
        valuer.memory_bytes() <= bound,
        "{} bytes",
        valuer.memory_bytes()
    );

    let text = data("autotests_thermographs_amazons_3x3_therm.test");
    let mut lines = text.lines().map(str::trim);
    let mut bounded = Valuer::new();
    bounded.set_memory_limit(Some(16 << 20));
    let mut checked = 0;
    while let Some(line) = lines.next() {
        let Some(position) = grid_to_position(line) else {
            continue;
        };
        assert_eq!(lines.next(), Some("{thermograph"));
        let expected = format!("{} {}", lines.next().unwrap(), lines.next().unwrap());
        let g = bounded
            .canonical(&position, cgt::search::Limits::default(), &())
            .unwrap();
        assert_eq!(bounded.thermograph_of(g).unwrap().to_string(), expected);
        checked += 1;
    }
    assert_eq!(checked, 10);
}

/// Heavy tests: run by `.ci/run` in the test profile
/// (`cargo test -p amazons --test amazons_values -- --ignored heavy::`).
mod heavy {
    use super::*;

    /// Every outcome of the 3x3, 3x4 and 4x4 files (CGSuite 2.1.1), read off the
    /// canonical form: `{B win, W loss}` is Left's (Black's) win whoever starts.
    #[test]
    #[ignore = "heavy: about fifteen seconds in the test profile"]
    fn outcomes_from_canonical_forms_match_cgsuite() {
        let mut valuer = Valuer::new();
        let mut checked = 0;
        for file in [
            "main_tests_amazons_autotests_3x3.test",
            "main_tests_amazons_autotests_3x4.test",
            "main_tests_amazons_autotests_4x4.test",
        ] {
            for line in data(file).lines() {
                let Some((grid, outcome)) = line.split_once(' ') else {
                    continue;
                };
                let Some(position) = grid_to_position(grid) else {
                    continue;
                };
                let expected = match (outcome.contains("B win"), outcome.contains("W win")) {
                    (true, false) => Outcome::Left,
                    (false, true) => Outcome::Right,
                    (false, false) => Outcome::Previous,
                    (true, true) => Outcome::Next,
                };
                let g = valuer
                    .canonical(&position, cgt::budget::Limits::NONE, &())
                    .unwrap();
                assert_eq!(valuer.arena.outcome(g), expected, "{file}: {grid}");
                checked += 1;
            }
        }
        assert!(checked >= 140, "only {checked} positions read");
    }
}
