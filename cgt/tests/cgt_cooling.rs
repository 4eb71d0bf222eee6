//! Cooling, heating, overheating, freezing, atomic weights, reduced
//! canonical forms, incentives, Norton products and stop counts: golden
//! values from CGSuite's test suite, cgt-tools' results on random games
//! (`tests/data/cgt_tools_*.tsv`, each with its `# Source:` line), and
//! property tests from the theory (Siegel, *Combinatorial Game Theory*,
//! 2013, §§II.5, II.7; Grossman & Siegel 2009).

use cgt::{Arena, CgtError, Dyadic, GameId, NotAtomic};
use proptest::prelude::*;

fn parse(arena: &mut Arena, s: &str) -> GameId {
    arena.parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn dyadic(s: &str) -> Dyadic {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"))
}

/// CGSuite prints 2.^ as `^^`; we print `^2` (both parse).
fn ours(cgsuite: &str) -> String {
    cgsuite.replace("^^", "^2").replace("vv", "v2")
}

/// `got` is the game `expected`, as a value and as printed text.
fn assert_game(arena: &mut Arena, got: GameId, expected: &str, what: &str) {
    let e = parse(arena, expected);
    assert_eq!(
        arena.to_string(got),
        arena.to_string(e),
        "{what}: expected {expected}"
    );
    assert_eq!(got, e, "{what}");
}

/// CGSuite's `GameTest.scala` (repository aaron-siegel/cgsuite,
/// lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala, commit
/// c0dfe524): the cases of `Cool`, `Heat`, `NortonProduct` and
/// `Overheat`, with CGSuite's printed results.
#[test]
fn cgsuite_game_test_cases() {
    let mut a = Arena::new();
    let g = parse(&mut a, "{3||2+*|1+*}");
    for (t, expected) in [
        ("0", "{3||2*|1*}"),
        ("1/4", "{11/4||2|3/2}"),
        ("1/2", "{5/2|2*}"),
        ("5/8", "{19/8|17/8}"),
        ("3/4", "9/4*"),
        ("70", "9/4"),
        ("-1/2", "{7/2|||5/2|3/2||+-1/2}"),
    ] {
        let cooled = a.cool(g, dyadic(t)).unwrap();
        assert_game(
            &mut a,
            cooled,
            expected,
            &format!("{{3||2*|1*}} cooled by {t}"),
        );
    }
    // "Invalid cooling temperature (must be > -1): -1".
    assert_eq!(
        a.cool(g, dyadic("-1")),
        Err(CgtError::CoolingTemperature {
            temperature: dyadic("-1")
        })
    );
    let quarter = parse(&mut a, "1/4");
    for (t, expected) in [("-1/8", "1/4"), ("-1/4", "1/4*"), ("-3/8", "{3/8|1/8}")] {
        let cooled = a.cool(quarter, dyadic(t)).unwrap();
        assert_game(&mut a, cooled, expected, &format!("1/4 cooled by {t}"));
    }
    for (t, expected) in [
        ("0", "{3||2*|1*}"),
        ("1/2", "{7/2|||5/2|3/2||+-1/2}"),
        ("1", "{4|||3|1||0|-2}"),
        ("-3/4", "9/4*"),
        ("-1", "9/4"),
        ("-2", "3/2"),
        ("-3", "1"),
        ("-4", "0"),
        ("*", "{3*||2|1}"),
    ] {
        let t_game = parse(&mut a, t);
        let heated = a.heat(g, t_game).unwrap();
        assert_game(
            &mut a,
            heated,
            expected,
            &format!("{{3||2*|1*}} heated by {t}"),
        );
    }
    let up = parse(&mut a, "^");
    for (x, expected) in [
        ("0", "0"),
        ("6", "^6"),
        ("-4", "v4"),
        ("1/2", "{^^*|v*}"),
        ("^", "{^^*||0|v4}"),
        // Tiny(2)
        ("{0||0|-2}", "{^^*||0|v6}"),
    ] {
        let x_game = parse(&mut a, x);
        let product = a.norton_product(x_game, up).unwrap();
        assert_game(&mut a, product, &ours(expected), &format!("{x}.^"));
    }
    let (s, t) = (parse(&mut a, "*"), parse(&mut a, "1+*"));
    let over = a.overheat(g, s, t).unwrap();
    assert_game(
        &mut a,
        over,
        "{1||+-(1*)|-1,{-1|-3}}",
        "{3||2*|1*} overheated from * to 1*",
    );
    // (7/16).Overheat(0,0) is ^[3] = {0|*||*|||*}.
    let x = parse(&mut a, "7/16");
    let zero = a.zero();
    let over = a.overheat(x, zero, zero).unwrap();
    assert_game(&mut a, over, "{0|*||*|||*}", "7/16 overheated from 0 to 0");
    // Norton multiplication is by a positive unit only.
    assert_eq!(
        a.norton_product(x, zero),
        Err(CgtError::UnitNotPositive { relation: "=" })
    );
    let star = a.nimber(1);
    assert_eq!(
        a.norton_product(x, star),
        Err(CgtError::UnitNotPositive { relation: "||" })
    );
    // EvalTest.scala's infix `Heat`: `* Heat 2 = +-2`, `*2 Heat 2 =
    // +-{2,{4|0}}`, `^ Heat 2 = {2||0|-4}`, `^* Heat 2 = {2,{4|0}|-2}`,
    // `^^ Heat 2 = {2||0,+-2|-4}`, `^^ Heat * = 0`.
    let two = a.integer(2);
    let star = a.nimber(1);
    for (x, by, expected) in [
        ("*", two, "+-2"),
        ("*2", two, "+-{2,{4|0}}"),
        ("^", two, "{2||0|-4}"),
        ("^*", two, "{2,{4|0}|-2}"),
        ("^^", two, "{2||0,+-2|-4}"),
        ("^^", star, "0"),
    ] {
        let x_game = parse(&mut a, x);
        let heated = a.heat(x_game, by).unwrap();
        assert_game(&mut a, heated, expected, &format!("{x} heated"));
    }
}

/// One case of CGSuite's `CanonicalShortGameTestCase.scala` (same
/// repository, lib/core/src/test/scala/org/cgsuite/lang/, commit
/// c0dfe524): its `freeze`, `atomicWeight` (`None` where CGSuite says
/// "That game is not atomic"), `reducedCanonicalForm`, `leftIncentives`,
/// `rightIncentives`, `stopCount`. CGSuite's names are written out:
/// `Tiny(x) = {0||0|-x}`, `Miny(x) = {x|0||0}`, `^[3] = {0|*||*|||*}`,
/// `^[4] = {0|*||*|||*||||*}`, `^[2] = {^|*}`; incentive lists with other
/// names (`v<4>`, `^<2>`) are left out (`None`).
struct Case {
    input: &'static str,
    freeze: &'static str,
    atomic_weight: Option<&'static str>,
    reduced: &'static str,
    left_incentives: Option<&'static [&'static str]>,
    right_incentives: Option<&'static [&'static str]>,
    stop_count: u128,
}

const CASES: &[Case] = &[
    Case { input: "0", freeze: "0", atomic_weight: Some("0"), reduced: "0", left_incentives: Some(&[]), right_incentives: Some(&[]), stop_count: 1 },
    Case { input: "5", freeze: "5", atomic_weight: None, reduced: "5", left_incentives: Some(&["-1"]), right_incentives: Some(&[]), stop_count: 1 },
    Case { input: "-1/2", freeze: "-1/2", atomic_weight: None, reduced: "-1/2", left_incentives: Some(&["-1/2"]), right_incentives: Some(&["-1/2"]), stop_count: 1 },
    Case { input: "25/16", freeze: "25/16", atomic_weight: None, reduced: "25/16", left_incentives: Some(&["-1/16"]), right_incentives: Some(&["-1/16"]), stop_count: 1 },
    Case {
        input: "*8",
        freeze: "*8",
        atomic_weight: Some("0"),
        reduced: "0",
        left_incentives: Some(&["*8", "*9", "*10", "*11", "*12", "*13", "*14", "*15"]),
        right_incentives: Some(&["*8", "*9", "*10", "*11", "*12", "*13", "*14", "*15"]),
        stop_count: 4374,
    },
    Case { input: "9/8+*", freeze: "9/8*", atomic_weight: None, reduced: "9/8", left_incentives: Some(&["*"]), right_incentives: Some(&["*"]), stop_count: 2 },
    Case { input: "^", freeze: "^", atomic_weight: Some("1"), reduced: "0", left_incentives: Some(&["v"]), right_incentives: Some(&["^*"]), stop_count: 3 },
    Case { input: "v*", freeze: "v*", atomic_weight: Some("-1"), reduced: "0", left_incentives: Some(&["^*"]), right_incentives: Some(&["v", "v*"]), stop_count: 4 },
    Case { input: "6+^*", freeze: "6^*", atomic_weight: None, reduced: "6", left_incentives: Some(&["v", "v*"]), right_incentives: Some(&["^*"]), stop_count: 4 },
    Case { input: "^*6", freeze: "^*6", atomic_weight: Some("1"), reduced: "0", left_incentives: Some(&["v*6"]), right_incentives: Some(&["^*"]), stop_count: 1459 },
    Case { input: "73/16+v9*8", freeze: "73/16v9*8", atomic_weight: None, reduced: "73/16", left_incentives: Some(&["^*"]), right_incentives: Some(&["v9*8"]), stop_count: 13131 },
    // ^[4]: right incentive ^[4]*.
    Case {
        input: "{0|*||*|||*||||*}",
        freeze: "{0|*||*|||*||||*}",
        atomic_weight: Some("1"),
        reduced: "0",
        left_incentives: None,
        right_incentives: Some(&["{0|*||*|||*||||*} + *"]),
        stop_count: 9,
    },
    // {0|^<2>}: right incentive ^[2]*.
    Case { input: "{0||0|v*}", freeze: "{0||0|v*}", atomic_weight: Some("1"), reduced: "0", left_incentives: None, right_incentives: Some(&["{^|*} + *"]), stop_count: 6 },
    Case {
        input: "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        freeze: "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        atomic_weight: Some("0"),
        reduced: "0",
        left_incentives: Some(&["{0|{0|*||*|||*}+*||0,{0|*||*|||*}+*|||0}"]),
        right_incentives: Some(&["{0|*||*|||*||||*} + *"]),
        stop_count: 79,
    },
    Case { input: "{0||0|vvv}", freeze: "{0||0|v3}", atomic_weight: Some("0"), reduced: "0", left_incentives: Some(&["{^3|0||0}"]), right_incentives: Some(&["{^3,{^3|0}|0}"]), stop_count: 7 },
    Case { input: "{^^^|vv}", freeze: "{^3|vv}", atomic_weight: Some("{1|0}"), reduced: "0", left_incentives: Some(&["{^5|0}"]), right_incentives: Some(&["{^5|0}"]), stop_count: 10 },
    // Tiny(3/2), whose left incentive is Miny(3/2).
    Case { input: "{0||0|-3/2}", freeze: "{0||0|-3/2}", atomic_weight: Some("0"), reduced: "0", left_incentives: Some(&["{3/2|0||0}"]), right_incentives: Some(&["{3/2,{3/2|0}|0}"]), stop_count: 3 },
    // Tiny({3|1}), whose left incentive is Miny({3|1}).
    Case { input: "{0|||0||-1|-3}", freeze: "{0|||0||-1|-3}", atomic_weight: Some("0"), reduced: "0", left_incentives: Some(&["{3|1||0|||0}"]), right_incentives: None, stop_count: 4 },
    // Miny({5||3|1}).
    Case { input: "{5||3|1|||0||||0}", freeze: "{5||3|1|||0||||0}", atomic_weight: Some("0"), reduced: "0", left_incentives: None, right_incentives: Some(&["{5||3|1|||0||||0}"]), stop_count: 5 },
    Case {
        input: "{1|^^||^}",
        freeze: "{1|^^||^}",
        atomic_weight: Some("2"),
        reduced: "0",
        left_incentives: Some(&["{{1v|^},{1v||1vv|0}|0,{^|0,{0|-1^^}}}"]),
        right_incentives: Some(&["{1v|^||0}"]),
        stop_count: 9,
    },
    Case {
        input: "{1|^^^||^}",
        freeze: "{1|^3||^}",
        atomic_weight: None,
        reduced: "0",
        left_incentives: Some(&["{{1v|^^},{1v||1v3|0}|0,{^^|0,{0|-1^3}}}"]),
        right_incentives: Some(&["{1v|^^||0}"]),
        stop_count: 9,
    },
    Case { input: "{3||2+*|1+*}", freeze: "9/4*", atomic_weight: None, reduced: "{3||2|1}", left_incentives: Some(&["{2*|1*||0}"]), right_incentives: Some(&["{2*|1*||0}"]), stop_count: 5 },
    Case {
        input: "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
        freeze: "-5/16*",
        atomic_weight: None,
        reduced: "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}",
        left_incentives: Some(&["{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}},{9/2*|7/2||3/2*|1/2}|0}"]),
        right_incentives: Some(&[
            "{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}|||0,{5/2|1*,{1*|1/2}||-1/2|-2*,{-2*|-5/2}}}",
            "{{9/2*|7/2||{3|0},{2*,{5/2|2*}|1/2}},{9/2*|7/2||3/2*|1/2}|0,{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}}",
        ]),
        stop_count: 11,
    },
];

fn sorted_ids(arena: &mut Arena, games: &[&str]) -> Vec<GameId> {
    let mut ids: Vec<GameId> = games.iter().map(|s| parse(arena, s)).collect();
    ids.sort_unstable();
    ids
}

#[test]
fn cgsuite_canonical_short_game_cases() {
    for case in CASES {
        let mut a = Arena::new();
        let g = parse(&mut a, case.input);
        let frozen = a.freeze(g).unwrap();
        assert_game(
            &mut a,
            frozen,
            case.freeze,
            &format!("freeze of {}", case.input),
        );
        match (a.atomic_weight(g), case.atomic_weight) {
            (Ok(w), Some(expected)) => {
                assert_game(&mut a, w, expected, &format!("aw of {}", case.input));
            }
            (Err(CgtError::NotAtomic(_)), None) => {}
            (got, expected) => panic!("aw of {}: {got:?}, expected {expected:?}", case.input),
        }
        let reduced = a.reduced(g).unwrap();
        assert_game(
            &mut a,
            reduced,
            case.reduced,
            &format!("rcf of {}", case.input),
        );
        let incentives = a.incentives(g).unwrap();
        if let Some(left) = case.left_incentives {
            assert_eq!(
                incentives.left,
                sorted_ids(&mut a, left),
                "left incentives of {}",
                case.input
            );
        }
        if let Some(right) = case.right_incentives {
            assert_eq!(
                incentives.right,
                sorted_ids(&mut a, right),
                "right incentives of {}",
                case.input
            );
        }
        assert_eq!(
            a.stop_count(g).unwrap(),
            case.stop_count,
            "stop count of {}",
            case.input
        );
    }
}

/// Number-up-star values of any size: cooling by 0 leaves them, by more
/// gives their number (temperature 0); freezing, the reduced form and the
/// atomic weight read them off (CGSuite: `^*6` freezes to itself, reduces
/// to 0, has atomic weight 1).
#[test]
fn large_number_up_star_values() {
    let mut a = Arena::new();
    let g = parse(&mut a, "3/4 + ^5 + *300");
    assert_eq!(a.cool(g, Dyadic::ZERO).unwrap(), g);
    let cooled = a.cool(g, dyadic("1/8")).unwrap();
    assert_game(&mut a, cooled, "3/4", "cooled by 1/8");
    assert_eq!(a.freeze(g).unwrap(), g);
    let reduced = a.reduced(g).unwrap();
    assert_game(&mut a, reduced, "3/4", "reduced");
    let h = parse(&mut a, "^5 + *300");
    let w = a.atomic_weight(h).unwrap();
    assert_game(&mut a, w, "5", "atomic weight");
}

/// Numbers of birthday 2^62 inside a game are never walked down: a tiny
/// `{0||0|-x}` has atomic weight 0 for every x (CGSuite's `Tiny(3/2)` and
/// `Tiny({3|1})` cases), and an ordinal sum over so old a base is refused
/// as too deep, not overflowing the stack.
#[test]
fn old_numbers_are_not_walked() {
    let mut a = Arena::new();
    let tiny = parse(&mut a, "{0||0|-4611686018427387903}");
    let w = a.atomic_weight(tiny).unwrap();
    assert_eq!(w, a.zero());
    let star = a.nimber(1);
    let old = parse(&mut a, "4611686018427387903");
    assert!(matches!(
        a.ordinal_sum(star, old),
        Err(CgtError::TooDeep { .. })
    ));
    // * : 1 = {0, * : 0 | 0} = {0,*|0} = ^* (Conway, On Numbers and
    // Games, ch. 15; Winning Ways ch. 3: ^* = {0,*|0}).
    let one = a.integer(1);
    let up_star = a.ordinal_sum(star, one).unwrap();
    assert_game(&mut a, up_star, "^*", "*:1");
}

/// Siegel 2013, §II.7 and CGSuite: a game that is not infinitesimal has
/// no atomic weight, and says why.
#[test]
fn atomic_weight_errors_say_why() {
    let mut a = Arena::new();
    let g = parse(&mut a, "9/8*");
    assert_eq!(
        a.atomic_weight(g),
        Err(CgtError::NotAtomic(NotAtomic::NotInfinitesimal {
            left_stop: dyadic("9/8"),
            right_stop: dyadic("9/8")
        }))
    );
    let g = parse(&mut a, "{1|^^^||^}");
    let err = a.atomic_weight(g).unwrap_err();
    assert!(
        matches!(
            err,
            CgtError::NotAtomic(NotAtomic::NotNearUpMultiple { .. })
        ),
        "{err}"
    );
}

/// One data file of cgt-tools' results: `(game, argument, result)`.
fn rows(text: &str) -> Vec<(&str, &str, &str)> {
    let rows: Vec<(&str, &str, &str)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut parts = l.split('\t');
            (
                parts.next().unwrap(),
                parts.next().unwrap(),
                parts.next().unwrap(),
            )
        })
        .collect();
    assert!(rows.len() >= 200, "{} rows", rows.len());
    rows
}

/// Ours against cgt-tools on the rows of one file; `op` computes ours.
fn against_cgt_tools(text: &str, mut op: impl FnMut(&mut Arena, GameId, &str) -> GameId) {
    let mut a = Arena::new();
    for (game, arg, expected) in rows(text) {
        let g = parse(&mut a, game);
        let got = op(&mut a, g, arg);
        let e = parse(&mut a, expected);
        assert_eq!(
            a.to_string(got),
            a.to_string(e),
            "{game} with {arg}: cgt-tools gives {expected}"
        );
    }
}

#[test]
fn cooling_agrees_with_cgt_tools() {
    against_cgt_tools(
        include_str!("../../tests/data/cgt_tools_cool.tsv"),
        |a, g, t| a.cool(g, dyadic(t)).unwrap(),
    );
}

#[test]
fn heating_agrees_with_cgt_tools() {
    against_cgt_tools(
        include_str!("../../tests/data/cgt_tools_heat.tsv"),
        |a, g, t| {
            let t = parse(a, t);
            a.heat(g, t).unwrap()
        },
    );
}

#[test]
fn atomic_weight_agrees_with_cgt_tools() {
    against_cgt_tools(
        include_str!("../../tests/data/cgt_tools_atomic.tsv"),
        |a, g, _| a.atomic_weight(g).unwrap(),
    );
}

#[test]
fn reduced_form_agrees_with_cgt_tools() {
    against_cgt_tools(
        include_str!("../../tests/data/cgt_tools_reduced.tsv"),
        |a, g, _| a.reduced(g).unwrap(),
    );
}

// ----- properties ------------------------------------------------------

/// A game tree as generated (leaves are numbers, `*` and `^`).
#[derive(Clone, Debug)]
enum Tree {
    Leaf(&'static str),
    Node(Vec<Tree>, Vec<Tree>),
}

fn leaf() -> impl Strategy<Value = Tree> {
    prop::sample::select(vec!["0", "1", "-1", "2", "1/2", "-3/2", "*", "^", "v"])
        .prop_map(Tree::Leaf)
}

/// Random trees up to 3 levels deep, up to 2 options a side.
fn tree() -> impl Strategy<Value = Tree> {
    leaf().prop_recursive(3, 24, 2, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Tree::Node(l, r))
    })
}

/// Random all-small trees: leaves 0, `*`, `^`, `v`, `*2`; every node has
/// options on both sides.
fn small_tree() -> impl Strategy<Value = Tree> {
    prop::sample::select(vec!["0", "*", "^", "v", "*2"])
        .prop_map(Tree::Leaf)
        .prop_recursive(3, 24, 2, |inner| {
            (
                prop::collection::vec(inner.clone(), 1..3),
                prop::collection::vec(inner, 1..3),
            )
                .prop_map(|(l, r)| Tree::Node(l, r))
        })
}

fn build(a: &mut Arena, t: &Tree) -> GameId {
    match t {
        Tree::Leaf(s) => parse(a, s),
        Tree::Node(l, r) => {
            let l: Vec<GameId> = l.iter().map(|c| build(a, c)).collect();
            let r: Vec<GameId> = r.iter().map(|c| build(a, c)).collect();
            a.new_game(&l, &r).unwrap()
        }
    }
}

fn temperature(a: &mut Arena, g: GameId) -> cgt::Rational {
    cgt::ThermographCache::new()
        .thermograph(a, g)
        .unwrap()
        .temperature()
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x0c00_1ed5),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(6000))]

    /// `(G + H)_t = G_t + H_t` for `0 <= t` not above either temperature
    /// (Siegel 2013, §II.5).
    #[test]
    fn cooling_is_additive_below_both_temperatures(x in tree(), y in tree(), k in 0i64..9) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &x), build(&mut a, &y));
        let lowest = temperature(&mut a, g).min(temperature(&mut a, h));
        // t = k/8 of the lower temperature; where one game is a number
        // (cooled to itself at every t >= 0), t = k/4.
        let t = if lowest >= cgt::Rational::ZERO {
            lowest.to_dyadic().unwrap().checked_mul(Dyadic::new(k, 3).unwrap()).unwrap()
        } else {
            Dyadic::new(k, 2).unwrap()
        };
        let sum = a.add(g, h).unwrap();
        let cooled_sum = a.cool(sum, t).unwrap();
        let (gt, ht) = (a.cool(g, t).unwrap(), a.cool(h, t).unwrap());
        prop_assert_eq!(cooled_sum, a.add(gt, ht).unwrap());
    }

    /// Cooling a game by its temperature leaves a game infinitely close to
    /// its mean (Siegel 2013, §II.5): `G_{t(G)} - m(G)` is infinitesimal,
    /// and so is freezing; the thermograph's mean and temperature are kept
    /// by cooling below the temperature (the mast moves down by `t`).
    #[test]
    fn cooling_by_the_temperature_leaves_an_infinitesimal(x in tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &x);
        let thermograph = cgt::ThermographCache::new().thermograph(&mut a, g).unwrap();
        let (t, mean) = (thermograph.temperature(), thermograph.mean());
        if t < cgt::Rational::ZERO {
            // A number: its own frozen value.
            prop_assert!(a.is_number(g));
            prop_assert_eq!(a.freeze(g).unwrap(), g);
            return Ok(());
        }
        let mean = a.dyadic(mean.to_dyadic().unwrap());
        let cooled = a.cool(g, t.to_dyadic().unwrap()).unwrap();
        let d = a.sub(cooled, mean).unwrap();
        prop_assert!(a.is_infinitesimal(d), "{} - mean", a.to_string(cooled));
        let frozen = a.freeze(g).unwrap();
        prop_assert_eq!(frozen, cooled);
    }

    /// Heating then cooling by the same `t > 0` gives every game back
    /// (Siegel 2013, §II.5): heating by `t` raises the temperature of a
    /// game that is not a number by `t` (its thermograph's mast moves up
    /// by `t`), so cooling by `t` never stops early at the mean, and
    /// numbers are left alone by both.
    #[test]
    fn heating_then_cooling_returns_the_game(x in tree(), k in 1i64..9) {
        let mut a = Arena::new();
        let g = build(&mut a, &x);
        let t = Dyadic::new(k, 1).unwrap();
        let t_game = a.dyadic(t);
        let heated = a.heat(g, t_game).unwrap();
        // G_0 = G by the definition, whatever G.
        prop_assert_eq!(a.cool(g, Dyadic::ZERO).unwrap(), g);
        if !a.is_number(g) {
            let raised = temperature(&mut a, g).checked_add(cgt::Rational::from(t)).unwrap();
            prop_assert_eq!(temperature(&mut a, heated), raised);
        }
        prop_assert_eq!(a.cool(heated, t).unwrap(), g, "{}", a.to_string(heated));
    }

    /// Atomic weight is additive on all-small games (Siegel 2013,
    /// §II.7), and `aw(G.^) = G` for the Norton product.
    #[test]
    fn atomic_weight_is_additive(x in small_tree(), y in small_tree()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &x), build(&mut a, &y));
        let sum = a.add(g, h).unwrap();
        let (wg, wh) = (a.atomic_weight(g).unwrap(), a.atomic_weight(h).unwrap());
        prop_assert_eq!(a.atomic_weight(sum).unwrap(), a.add(wg, wh).unwrap());
    }

    /// `aw(G.^) = G` (Siegel 2013, §II.7).
    #[test]
    fn atomic_weight_inverts_norton_product_by_up(x in tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &x);
        let up = a.up_multiple(1).unwrap();
        let product = a.norton_product(g, up).unwrap();
        prop_assert_eq!(a.atomic_weight(product).unwrap(), g, "{}", a.to_string(product));
    }

    /// The reduced canonical form is equal to `G` modulo infinitesimals,
    /// is its own reduced form, is the same for every game infinitely
    /// close to `G`, and is no older than `G` (Grossman & Siegel 2009).
    #[test]
    fn reduced_form_is_the_simplest_modulo_infinitesimals(x in tree(), e in small_tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &x);
        let r = a.reduced(g).unwrap();
        let d = a.sub(g, r).unwrap();
        prop_assert!(a.is_infinitesimal(d));
        prop_assert_eq!(a.reduced(r).unwrap(), r);
        prop_assert!(a.birthday(r) <= a.birthday(g));
        let epsilon = build(&mut a, &e);
        let close = a.add(g, epsilon).unwrap();
        prop_assert_eq!(a.reduced(close).unwrap(), r);
    }

    /// Incentives are the differences of the options with the game, and
    /// the Norton product by 1 is the identity on canonical forms.
    #[test]
    fn norton_product_by_one_is_the_identity(x in tree()) {
        let mut a = Arena::new();
        let g = build(&mut a, &x);
        let one = a.integer(1);
        prop_assert_eq!(a.norton_product(g, one).unwrap(), g);
    }
}
