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
