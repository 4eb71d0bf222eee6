//! `cgtk cgt canon | compare`, run as a binary.

use std::process::{Command, Output};

fn cgtk(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .output()
        .expect("cgtk runs")
}

/// Runs successfully and returns stdout.
fn ok(args: &[&str]) -> String {
    let out = cgtk(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn canon_prints_canonical_forms() {
    // Golden values of the issue (see cgt/tests/cgt_golden.rs for sources).
    for (game, canonical) in [
        ("{0|0}", "*"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0,*|0}", "^*"),
        ("{0,*|0,*}", "*2"),
        ("{0|^}", "^2*"),
        ("{1|1}", "1*"),
        ("{0|1}", "1/2"),
        ("{1/2|1}", "3/4"),
        ("{2|1} + {2|1}", "3"),
        ("-3/4", "-3/4"),
        ("-{2|1}", "{-1|-2}"),
        ("+-1", "+-1"),
        ("±1", "+-1"),
        ("{3 || 2+* | 1+*}", "{3||2*|1*}"),
        ("{1|*} + {2|1}", "{{3|2},{3|2*}|{2|1*},{2*|1*}}"),
    ] {
        assert_eq!(
            ok(&["cgt", "canon", game]),
            format!("{canonical}\n"),
            "{game}"
        );
    }
}

#[test]
fn canon_json() {
    assert_eq!(
        ok(&["cgt", "canon", "{0|^}", "--json"]),
        "{\"canonical\":\"^2*\"}\n"
    );
}

#[test]
fn compare_prints_one_relation() {
    for (g, h, rel) in [
        ("^", "0", ">"),
        ("v", "0", "<"),
        ("*", "0", "||"),
        ("{0|^}", "^^*", "="),
        ("{1|-1}", "1/2", "||"),
        ("-1", "v", "<"),
        ("{2|1} + {2|1}", "3", "="),
    ] {
        assert_eq!(
            ok(&["cgt", "compare", g, h]),
            format!("{rel}\n"),
            "{g} vs {h}"
        );
    }
    assert_eq!(
        ok(&["cgt", "compare", "^", "*", "--json"]),
        "{\"relation\":\"||\"}\n"
    );
}

#[test]
fn malformed_game_is_one_line_error_with_exit_code_2() {
    for (args, column) in [
        (
            &["cgt", "canon", "{1|2}}"][..],
            "at column 6: unexpected '}'",
        ),
        (
            &["cgt", "canon", "{3|2|1}"][..],
            "at column 5: ambiguous slashes",
        ),
        (
            &["cgt", "canon", "{1|2"][..],
            "at column 5: unexpected end of input",
        ),
        (&["cgt", "canon", "1/3"][..], "at column 1:"),
        (
            &["cgt", "compare", "0", "{1,|0}"][..],
            "at column 4: unexpected '|'",
        ),
    ] {
        let out = cgtk(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: bad game"), "{args:?}: {err}");
        assert!(err.contains(column), "{args:?}: {err}");
    }
}

#[test]
fn out_of_range_value_is_bad_input() {
    // 2^62 + 2^62 overflows the i64 numerator: a typed error, not a wrap.
    let big = "4611686018427387904";
    let out = cgtk(&["cgt", "canon", &format!("{big} + {big}")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("overflow"), "{err}");
}

/// `cgt cool | heat | overheat | freeze | atomic-weight | reduced | norton
/// | incentives`: CGSuite's printed results (repository
/// aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
/// GameTest.scala and CanonicalShortGameTestCase.scala, commit c0dfe524),
/// as text and as `--json`.
#[test]
fn games_made_from_a_game() {
    for (args, printed) in [
        (&["cool", "{3||2+*|1+*}", "1/2"][..], "{5/2|2*}"),
        (&["cool", "{3||2+*|1+*}", "-1/2"], "{7/2|||5/2|3/2||+-1/2}"),
        (&["cool", "1/4", "-1/4"], "1/4*"),
        (&["heat", "{3||2+*|1+*}", "1"], "{4|||3|1||0|-2}"),
        (&["heat", "{3||2+*|1+*}", "*"], "{3*||2|1}"),
        (&["heat", "^", "2"], "{2||0|-4}"),
        (
            &["overheat", "{3||2+*|1+*}", "*", "1+*"],
            "{1||+-(1*)|-1,{-1|-3}}",
        ),
        (&["freeze", "{3||2+*|1+*}"], "9/4*"),
        (
            &["freeze", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}"],
            "-5/16*",
        ),
        (&["atomic-weight", "{^^^|vv}"], "{1|0}"),
        (&["atomic-weight", "{1|^^||^}"], "2"),
        (&["reduced", "{3||2+*|1+*}"], "{3||2|1}"),
        (&["reduced", "73/16+v9*8"], "73/16"),
        (&["norton", "1/2", "^"], "{^2*|v*}"),
        (&["norton", "-4", "^"], "v4"),
    ] {
        let mut all = vec!["cgt"];
        all.extend_from_slice(args);
        assert_eq!(ok(&all), format!("{printed}\n"), "{args:?}");
        all.push("--json");
        assert_eq!(
            ok(&all),
            format!(
                "{{\"canonical\":{}}}\n",
                serde_json::to_string(printed).unwrap()
            ),
            "{args:?}"
        );
    }
    // CanonicalShortGameTestCase: v* has left incentives {^*} and right
    // incentives {v, v*}.
    assert_eq!(
        ok(&["cgt", "incentives", "v*"]),
        "left: [^*]\nright: [v*, v]\n"
    );
    assert_eq!(
        ok(&["cgt", "incentives", "v*", "--json"]),
        "{\"left\":[\"^*\"],\"right\":[\"v*\",\"v\"]}\n"
    );
}

/// Where an operation is not defined: one line naming the game and why,
/// exit code 2 (CGSuite: "That game is not atomic", "Invalid cooling
/// temperature (must be > -1)").
#[test]
fn undefined_operations_are_bad_input() {
    for (args, message) in [
        (
            &["cgt", "atomic-weight", "9/8*"][..],
            "error: atomic weight of \"9/8*\": no atomic weight: the game is not infinitesimal (its stops are 9/8 and 9/8, not 0)",
        ),
        (
            &["cgt", "atomic-weight", "{1|^^^||^}"],
            "error: atomic weight of \"{1|^^^||^}\": no atomic weight: the game differs from ",
        ),
        (
            &["cgt", "cool", "{3||2*|1*}", "-1"],
            "error: cooling of \"{3||2*|1*}\": cannot cool by -1: the temperature must be more than -1",
        ),
        (
            &["cgt", "cool", "{3||2*|1*}", "*"],
            "error: cooling temperature \"*\": not a number",
        ),
        (
            &["cgt", "norton", "1/2", "*"],
            "error: Norton product of \"1/2\": Norton multiplication is by a positive unit, and this one is || 0",
        ),
        (&["cgt", "heat", "{1|", "1"], "error: bad game \"{1|\""),
    ] {
        let out = cgtk(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with(message), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

/// The budget stops the new operations as it stops `canon`: exit 0 and
/// `unknown` with the limit.
#[test]
fn limits_stop_the_operations() {
    let hot = "{2|-2}+{3|-3}+{4|-4}+{5|-5}+{6|-6}+{7|-7}+{8|-8}+{9|-9}";
    for op in ["cool", "heat", "norton"] {
        let out = ok(&["cgt", op, hot, "1", "--node-limit", "5"]);
        assert_eq!(
            out, "unknown (node limit reached after 5 sums and comparisons of games)\n",
            "{op}"
        );
    }
    let out = ok(&["cgt", "incentives", hot, "--node-limit", "5", "--json"]);
    assert_eq!(
        out,
        "{\"left\":null,\"right\":null,\"limit\":\"node\",\"steps\":5}\n"
    );
}
