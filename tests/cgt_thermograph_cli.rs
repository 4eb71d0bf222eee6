//! `cgtk cgt thermograph`: text, JSON and SVG output.

use std::process::Command;

fn cgtk(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .output()
        .expect("the cgtk binary runs")
}

/// `{3|{2*|1*}}`: temperature 3/4 and mean 9/4 (CGSuite's thermograph test
/// cases, as quoted in issue 3); stops 3 and 2 by the definition.
#[test]
fn json_fields_of_architecture_md() {
    let out = cgtk(&["cgt", "thermograph", "{3|{2*|1*}}", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["canonical"], "{3||2*|1*}");
    assert_eq!(v["temperature"], "3/4");
    assert_eq!(v["mean"], "9/4");
    assert_eq!(v["left_stop"], "3");
    assert_eq!(v["right_stop"], "2");
    // Walls from t = -1 up to the mast at (3/4, 9/4).
    let first = |w: &serde_json::Value| w[0].clone();
    let last = |w: &serde_json::Value| w.as_array().unwrap().last().unwrap().clone();
    assert_eq!(first(&v["left_wall"]), serde_json::json!(["-1", "4"]));
    assert_eq!(last(&v["left_wall"]), serde_json::json!(["3/4", "9/4"]));
    assert_eq!(first(&v["right_wall"]), serde_json::json!(["-1", "1"]));
    assert_eq!(last(&v["right_wall"]), serde_json::json!(["3/4", "9/4"]));
}

#[test]
fn svg_snapshot() {
    let dir = std::env::temp_dir().join(format!("cgtk-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.svg");
    let out = cgtk(&[
        "cgt",
        "thermograph",
        "{{3/2*|1/2}|{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
        "--svg",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    insta::assert_snapshot!(svg);
}

#[test]
fn malformed_game_and_unwritable_file_are_one_line_errors() {
    let out = cgtk(&["cgt", "thermograph", "{1|"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = cgtk(&["cgt", "thermograph", "*", "--svg", "/nonexistent-dir/x.svg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent-dir/x.svg"));
}
