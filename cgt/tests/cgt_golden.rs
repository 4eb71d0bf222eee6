//! Golden canonical forms, each with its source.

use cgt::{Arena, Dyadic, GameId, Outcome};

fn parse(arena: &mut Arena, s: &str) -> GameId {
    arena.parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// CGSuite prints 2.^ as `^^` and `vv`; we print `^2` and `v2` (both parse).
fn ours(cgsuite: &str) -> String {
    cgsuite.replace("^^", "^2").replace("vv", "v2")
}

/// `input` has canonical form `expected` (compared as values, and as text).
fn check(input: &str, expected: &str) {
    let mut arena = Arena::new();
    let g = parse(&mut arena, input);
    let e = parse(&mut arena, expected);
    assert_eq!(
        arena.to_string(g),
        arena.to_string(e),
        "{input} = {expected}"
    );
    assert_eq!(g, e, "{input} = {expected}");
    assert_eq!(
        arena.to_string(g),
        ours(expected),
        "{input} prints as {expected}"
    );
}

/// Golden values named in the issue, checked against the theory (Winning
/// Ways ch. 3-4; Siegel, Combinatorial Game Theory, ch. II):
/// `* = {0|0}`, `^ = {0|*}`, `v = {*|0}`, `^* = {0,*|0}`, `*2 = {0,*|0,*}`,
/// `^^* = {0|^}` (the double-up-star: Left moves to 0, Right to ^; the
/// canonical form of n.^ + *m for n >= 2 is `{0 | (n-1).^ + *(m xor 1)}`),
/// `1* = {1|1}`, `1/2 = {0|1}`, `3/4 = {1/2|1}`, and `{2|1} + {2|1} = 3`
/// (whoever moves first takes one switch and the opponent the other:
/// 2 + 1 = 3 either way, and the sum is exactly the number 3).
#[test]
fn issue_golden_values() {
    check("{0|0}", "*");
    check("{0|*}", "^");
    check("{*|0}", "v");
    check("{0,*|0}", "^*");
    check("{0,*|0,*}", "*2");
    check("{0|^}", "^2*");
    check("{1|1}", "1*");
    check("{0|1}", "1/2");
    check("{1/2|1}", "3/4");
    check("{2|1} + {2|1}", "3");
}

/// One case of CGSuite's `CanonicalShortGameTestCase`.
struct Case {
    input: &'static str,
    /// CGSuite's printed canonical form, where we print the same game the
    /// same way (after `^^` -> `^2`); `None` where CGSuite uses a name we do
    /// not print (`^[4]`, `Tiny(..)`, `Miny(..)`, `^<2>`), or orders options
    /// differently: then the input itself is the canonical form, checked by
    /// value.
    printed: Option<&'static str>,
    birthday: u64,
    outcome: Outcome,
    left_stop: &'static str,
    right_stop: &'static str,
    left_options: &'static [&'static str],
    right_options: &'static [&'static str],
}

/// The cases of CGSuite's test suite, `CanonicalShortGameTestCase.scala`
/// (repository aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/,
/// commit 2e627f7a): input, printed form, birthday, outcome class, stops,
/// and the options where CGSuite lists them in notation we parse.
const CGSUITE_CASES: &[Case] = &[
    Case { input: "0", printed: Some("0"), birthday: 0, outcome: Outcome::Previous, left_stop: "0", right_stop: "0", left_options: &[], right_options: &[] },
    Case { input: "5", printed: Some("5"), birthday: 5, outcome: Outcome::Left, left_stop: "5", right_stop: "5", left_options: &["4"], right_options: &[] },
    Case {
        input: "-1823437481924",
        printed: Some("-1823437481924"),
        birthday: 1_823_437_481_924,
        outcome: Outcome::Right,
        left_stop: "-1823437481924",
        right_stop: "-1823437481924",
        left_options: &[],
        right_options: &["-1823437481923"],
    },
    Case { input: "-1/2", printed: Some("-1/2"), birthday: 2, outcome: Outcome::Right, left_stop: "-1/2", right_stop: "-1/2", left_options: &["-1"], right_options: &["0"] },
    Case { input: "25/16", printed: Some("25/16"), birthday: 6, outcome: Outcome::Left, left_stop: "25/16", right_stop: "25/16", left_options: &["3/2"], right_options: &["13/8"] },
    Case {
        input: "*8",
        printed: Some("*8"),
        birthday: 8,
        outcome: Outcome::Next,
        left_stop: "0",
        right_stop: "0",
        left_options: &["0", "*", "*2", "*3", "*4", "*5", "*6", "*7"],
        right_options: &["0", "*", "*2", "*3", "*4", "*5", "*6", "*7"],
    },
    Case { input: "9/8+*", printed: Some("9/8*"), birthday: 6, outcome: Outcome::Left, left_stop: "9/8", right_stop: "9/8", left_options: &["9/8"], right_options: &["9/8"] },
    Case { input: "^", printed: Some("^"), birthday: 2, outcome: Outcome::Left, left_stop: "0", right_stop: "0", left_options: &["0"], right_options: &["*"] },
    Case { input: "v*", printed: Some("v*"), birthday: 2, outcome: Outcome::Next, left_stop: "0", right_stop: "0", left_options: &["0"], right_options: &["0", "*"] },
    Case { input: "6+^*", printed: Some("6^*"), birthday: 8, outcome: Outcome::Left, left_stop: "6", right_stop: "6", left_options: &["6", "6*"], right_options: &["6"] },
    Case { input: "^*6", printed: Some("^*6"), birthday: 8, outcome: Outcome::Left, left_stop: "0", right_stop: "0", left_options: &["0"], right_options: &["*7"] },
    Case {
        input: "73/16+v9*8",
        printed: Some("73/16v9*8"),
        birthday: 27,
        outcome: Outcome::Left,
        left_stop: "73/16",
        right_stop: "73/16",
        left_options: &["73/16v8*9"],
        right_options: &["73/16"],
    },
    // CGSuite prints ^[4]; its options ^[3] and * (we check *).
    Case { input: "{0|*||*|||*||||*}", printed: None, birthday: 5, outcome: Outcome::Left, left_stop: "0", right_stop: "0", left_options: &["{0|*||*|||*}"], right_options: &["*"] },
    // CGSuite prints {0|^<2>}, where ^<2> = {0|v*} (EvalTest "Pow").
    Case { input: "{0||0|v*}", printed: None, birthday: 4, outcome: Outcome::Left, left_stop: "0", right_stop: "0", left_options: &["0"], right_options: &["{0|v*}"] },
    Case {
        input: "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        printed: None,
        birthday: 9,
        outcome: Outcome::Left,
        left_stop: "0",
        right_stop: "0",
        left_options: &["{0||0,v*|vv}"],
        right_options: &["{{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}"],
    },
    Case {
        input: "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
        printed: None,
        birthday: 12,
        outcome: Outcome::Next,
        left_stop: "0",
        right_stop: "0",
        left_options: &["0", "*", "*2", "*3", "{0,*,*2,*3,*4||*4,v*5|vv*4}"],
        right_options: &["{{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}"],
    },
    Case { input: "{0||0|vvv}", printed: Some("{0||0|v3}"), birthday: 6, outcome: Outcome::Left, left_stop: "0", right_stop: "0", left_options: &["0"], right_options: &["{0|v3}"] },
    Case { input: "{^^^|vv}", printed: Some("{^3|vv}"), birthday: 5, outcome: Outcome::Next, left_stop: "0", right_stop: "0", left_options: &["^3"], right_options: &["vv"] },
    // Tiny(3/2)
    Case { input: "{0||0|-3/2}", printed: Some("{0||0|-3/2}"), birthday: 5, outcome: Outcome::Left, left_stop: "0", right_stop: "0", left_options: &["0"], right_options: &["{0|-3/2}"] },
    // Tiny({3|1})
    Case { input: "{0|||0||-1|-3}", printed: Some("{0|||0||-1|-3}"), birthday: 6, outcome: Outcome::Left, left_stop: "0", right_stop: "0", left_options: &["0"], right_options: &["{0||-1|-3}"] },
    // Miny({5||3|1})
    Case { input: "{5||3|1|||0||||0}", printed: Some("{5||3|1|||0||||0}"), birthday: 8, outcome: Outcome::Right, left_stop: "0", right_stop: "0", left_options: &["{5||3|1|||0}"], right_options: &["0"] },
    Case { input: "{1|^^||^}", printed: Some("{1|^^||^}"), birthday: 5, outcome: Outcome::Left, left_stop: "0", right_stop: "0", left_options: &["{1|^^}"], right_options: &["^"] },
    Case { input: "{1|^^^||^}", printed: Some("{1|^3||^}"), birthday: 6, outcome: Outcome::Left, left_stop: "0", right_stop: "0", left_options: &["{1|^3}"], right_options: &["^"] },
    Case { input: "{3||2+*|1+*}", printed: Some("{3||2*|1*}"), birthday: 5, outcome: Outcome::Left, left_stop: "3", right_stop: "2", left_options: &["3"], right_options: &["{2*|1*}"] },
    Case {
        input: "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
        printed: Some("{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"),
        birthday: 6,
        outcome: Outcome::Next,
        left_stop: "1/2",
        right_stop: "-1",
        left_options: &["{3/2*|1/2}"],
        right_options: &["{0|-3}", "{-1*,{-1/2|-1*}|-5/2}"],
    },
];

#[test]
fn cgsuite_canonical_short_game_cases() {
    for case in CGSUITE_CASES {
        let mut arena = Arena::new();
        let g = parse(&mut arena, case.input);
        let printed = arena.to_string(g);
        match case.printed {
            Some(p) => assert_eq!(printed, ours(p), "{}", case.input),
            // The input is canonical: it parses to itself.
            None => assert_eq!(g, parse(&mut arena, case.input)),
        }
        assert_eq!(parse(&mut arena, &printed), g, "{} round-trips", case.input);
        assert_eq!(
            arena.birthday(g),
            case.birthday,
            "birthday of {}",
            case.input
        );
        assert_eq!(arena.outcome(g), case.outcome, "outcome of {}", case.input);
        let stop = |s: &str| s.parse::<Dyadic>().unwrap();
        assert_eq!(
            arena.left_stop(g),
            stop(case.left_stop),
            "left stop of {}",
            case.input
        );
        assert_eq!(
            arena.right_stop(g),
            stop(case.right_stop),
            "right stop of {}",
            case.input
        );
        let mut expect = |opts: &[&str]| {
            let mut ids: Vec<GameId> = opts.iter().map(|o| parse(&mut arena, o)).collect();
            ids.sort();
            ids
        };
        let (el, er) = (expect(case.left_options), expect(case.right_options));
        let mut l = arena.left_options(g).to_vec();
        l.sort();
        let mut r = arena.right_options(g).to_vec();
        r.sort();
        assert_eq!(l, el, "left options of {}", case.input);
        assert_eq!(r, er, "right options of {}", case.input);
        // The canonical form rebuilt from its options is itself.
        assert_eq!(
            arena.new_game(&l, &r).unwrap(),
            g,
            "{} is canonical",
            case.input
        );
    }
}

/// CGSuite's `EvalTest.scala` (same repository, lib/core/src/test/scala/
/// org/cgsuite/lang/): expressions and their printed results.
#[test]
fn cgsuite_eval_cases() {
    // "Ups"
    check("^^^^^^+vvv*+^19*3+v14", "^8*2");
    // "Integer plus canonical game", "Integer minus canonical game"
    check("2 + (1+*)", "3*");
    check("2 - (1+*)", "1*");
    // "Composition"
    check("{0|^*5}", "^^*4");
    // "Slashes"
    check("{3|||2||1|0,*||||-1/2}", "{3|||2||1|0,*||||-1/2}");
    // "Switch", "Fractional switch", "Number + switch", "Compound switch"
    check("+-1", "+-1");
    check("+-(1/2)", "+-1/2");
    check("3+-1", "{4|2}");
    check("+-1+-2+-3+-4", "+-{10|8||6|4|||4|2||0|-2}");
    // "PlusMinus" (order of operations)
    check("3 - 2 +- 6 - 7 +- 8 + 4", "{12|0||-4|-16}");
    // "Tiny", "Tiny fraction", "Tiny G", "Miny": canonical as typed.
    check("{0||0|-1}", "{0||0|-1}");
    check("{0||0|-1/4}", "{0||0|-1/4}");
    check("{0|||0||-1|-2}", "{0|||0||-1|-2}");
    check("{1|0||0}", "{1|0||0}");
    // "Pow", "Pow*", "PowTo", "PowTo*": ^<2>, ^<2>*, ^[2], ^[2]*.
    check("{0|v*}", "{0|v*}");
    check("{0,*|v}", "{0,*|v}");
    check("{^|*}", "{^|*}");
    check("{0,^*|0}", "{0,^*|0}");
    // "Ambiguous slashes" is a syntax error.
    assert!(Arena::new().parse("{3|2|1}").is_err());
    // "Explicit game eval - 6": 2 * ({*|*} : 1) = ^^, where {*|*}:1 = ^
    // (ordinal sum); here as ^ + ^.
    check("^ + ^", "^^");
}

/// CGSuite's `GameTest.scala` results: the printed forms of
/// `{3||2+*|1+*}.Heat(...)`, `Cool(...)` and Norton products parse and
/// print back unchanged (they are canonical); `cgt_cooling.rs` checks that
/// the operations give them.
#[test]
fn cgsuite_printed_forms_round_trip() {
    for s in [
        "{3||2*|1*}",
        "{11/4||2|3/2}",
        "{5/2|2*}",
        "{19/8|17/8}",
        "9/4*",
        "{7/2|||5/2|3/2||+-1/2}",
        "{4|||3|1||0|-2}",
        "{3*||2|1}",
        "{^2*|v*}",
        "{^2*||0|v4}",
        "{^2*||0|v6}",
        "{1||+-(1*)|-1,{-1|-3}}",
        "{3/8|1/8}",
        "1/4*",
        "+-2",
        "+-{2,{4|0}}",
        "{2||0|-4}",
        "{2,{4|0}|-2}",
        "{2||0,+-2|-4}",
    ] {
        let mut arena = Arena::new();
        let g = parse(&mut arena, s);
        assert_eq!(
            arena.to_string(g),
            s,
            "{s} is canonical and prints as typed"
        );
    }
}

/// Sums of forms from CGSuite's EvalTest "infix ops" (`* Heat 2 = +-2`,
/// `^ Heat 2 = {2||0|-4}`; the heating itself is checked in
/// `cgt_cooling.rs`):
/// `+-2 + +-2 = 0`, and `{2||0|-4}` plus its negative `{4|0||-2}` is 0.
#[test]
fn sums_of_cgsuite_forms() {
    let mut arena = Arena::new();
    let pm2 = parse(&mut arena, "+-2");
    let twice = arena.add(pm2, pm2).unwrap();
    assert_eq!(twice, arena.zero());
    let g = parse(&mut arena, "{2||0|-4}");
    let ng = arena.neg(g);
    assert_eq!(arena.to_string(ng), "{4|0||-2}");
    assert_eq!(arena.add(g, ng).unwrap(), arena.zero());
}
