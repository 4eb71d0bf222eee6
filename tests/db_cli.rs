//! The `cgtk db` command line: build, info, query, resume, bad input.

use std::path::PathBuf;
use std::process::Command;

use amazons::territory::territory_moves;
use amazons::{Color, Position};

fn cgtk(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .env_remove("CGTK_DB")
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgtk-db-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn build_info_query_and_resume() {
    let dir = temp_dir("build");
    let d = dir.to_str().unwrap();
    let (code, out, err) = cgtk(&[
        "db", "build", "--kind", "simple", "--size", "3x2", "--queens", "1,2", "--out", d,
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    // 3x2 with 1 queen: C(6,1) 2^5 = 192 entries; with 2: C(6,2) 2^4 = 240.
    assert!(
        out.contains("simple-3x2-q1.cgtkdb 192 entries 240 bytes"),
        "{out}"
    );
    assert!(
        out.contains("simple-3x2-q2.cgtkdb 240 entries 288 bytes"),
        "{out}"
    );
    // Without --queens: 1 to 4 queens where they fit; a 2x1 box holds only
    // one queen: 2 squares for it times 2 states (empty, burnt) of the other.
    let (code, small, err) = cgtk(&["db", "build", "--size", "2x1", "--out", d, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(small.lines().count(), 1, "{small}");
    assert!(small.contains("simple-2x1-q1.cgtkdb 4 entries"), "{small}");
    // A second run finds both files valid and builds nothing.
    let (_, again, _) = cgtk(&[
        "db", "build", "--size", "3x2", "--queens", "1,2", "--out", d,
    ]);
    assert_eq!(again.matches("(already there)").count(), 2, "{again}");

    let (code, info, _) = cgtk(&["db", "info", d]);
    assert_eq!(code, 0);
    assert!(
        info.contains("simple 3x2 queens 1 entries 192 bytes 240 checksum ok"),
        "{info}"
    );

    // A 2x3 territory (transposed into the 3x2 box) away from the corner.
    let text = "xxxx/x..x/x.Bx/x..x w";
    let pos: Position = text.parse().unwrap();
    let expected = territory_moves(pos.empty(), pos.queens(Color::Black));
    let (code, json, _) = cgtk(&["db", "query", text, "--db", d, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["found"], true);
    assert_eq!(v["kind"], "simple");
    assert_eq!(v["moves"], expected);
    assert!(v["thermograph"].is_null());
    let mv = v["best_move"].as_str().unwrap();
    let mut child = pos.with_to_move(Color::Black);
    child.play(child.parse_move(mv).unwrap()).unwrap();
    assert_eq!(
        territory_moves(child.empty(), child.queens(Color::Black)),
        expected - 1
    );
    // An active position is not in a territory database.
    let (_, json, _) = cgtk(&["db", "query", "B.W. w", "--db", d, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["found"], false);

    // A corrupted file: info names the problem, exit 2.
    let file = dir.join("simple-3x2-q1.cgtkdb");
    let mut bytes = std::fs::read(&file).unwrap();
    bytes.truncate(100);
    std::fs::write(&file, &bytes).unwrap();
    let (code, _, err) = cgtk(&["db", "info", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("truncated"), "{err}");
    assert_eq!(err.lines().count(), 1);
    // In the directory: info goes on past it (the other table is still
    // listed as valid), names it, and exits 2; a query still uses the other
    // table, and warns of the bad one by name.
    let (code, info, err) = cgtk(&["db", "info", d]);
    assert_eq!(code, 2);
    assert!(
        info.contains("simple 3x2 queens 2 entries 240 bytes 288 checksum ok"),
        "{info}"
    );
    assert!(info.contains("simple-3x2-q1.cgtkdb: invalid:"), "{info}");
    assert!(err.contains("simple-3x2-q1.cgtkdb"), "{err}");
    assert_eq!(err.lines().count(), 1);
    let two_queens = "xxxx/x..x/x.Bx/xB.x w";
    let (code, json, err) = cgtk(&["db", "query", two_queens, "--db", d, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning") && err.contains("simple-3x2-q1.cgtkdb"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["found"], true);
    let pos: Position = two_queens.parse().unwrap();
    assert_eq!(
        v["moves"],
        territory_moves(pos.empty(), pos.queens(Color::Black))
    );
    // A table renamed to another kind is named as such.
    let renamed = dir.join("active-3x2-b2w0.cgtkdb");
    std::fs::copy(dir.join("simple-3x2-q2.cgtkdb"), &renamed).unwrap();
    let (code, info, _) = cgtk(&["db", "info", renamed.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        info.contains("the header says simple but the name says active"),
        "{info}"
    );
    std::fs::remove_file(&renamed).unwrap();
    // The build replaces it.
    let (_, out, _) = cgtk(&[
        "db", "build", "--size", "3x2", "--queens", "1", "--out", d, "--quiet",
    ]);
    assert!(!out.contains("already there"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn active_build_and_query_match_amazons_value() {
    let dir = temp_dir("active");
    let d = dir.to_str().unwrap();
    let (code, out, err) = cgtk(&[
        "db", "build", "--kind", "active", "--size", "3x2", "--queens", "1,1", "--out", d,
    ]);
    assert_eq!(code, 0, "{err}");
    // C(6,1) C(5,1) 2^4 = 480 entries.
    assert!(out.contains("active-3x2-b1w1.cgtkdb 480 entries"), "{out}");
    let (_, info, _) = cgtk(&["db", "info", d]);
    assert!(info.contains("active 3x2 queens 1+1 entries 480"), "{info}");
    // Positions of a 2x3 region (transposed into the box) on a larger board;
    // the reference is `cgtk amazons value --json` (canonical forms).
    for text in [
        "xxxx/xW.x/x..x/x.Bx/xxxx w",
        "xxxx/xWBx/x..x/x..x/xxxx b",
        "xxxx/x.Wx/xx.x/xB.x/xxxx w",
    ] {
        let (code, json, err) = cgtk(&["db", "query", text, "--db", d, "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["found"], true, "{text}");
        assert_eq!(v["kind"], "active");
        let (_, reference, _) = cgtk(&["amazons", "value", text, "--json"]);
        // Canonical form included: the 3x2 table is small enough to hold them.
        let r: serde_json::Value = serde_json::from_str(&reference).unwrap();
        assert_eq!(v["thermograph"], r, "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let dir = temp_dir("bad");
    let d = dir.to_str().unwrap();
    for (args, needle) in [
        (vec!["db", "build", "--size", "11x2", "--out", d], "size"),
        (
            vec!["db", "build", "--size", "3x2", "--queens", "6", "--out", d],
            "out of range",
        ),
        (vec!["db", "query", "B.q. w", "--db", d], "position"),
        (vec!["db", "query", "B... w", "--db", d], "database"),
        (vec!["db", "info", d], "directory"),
        (
            vec![
                "db", "build", "--kind", "active", "--size", "3x2", "--queens", "1", "--out", d,
            ],
            "B,W",
        ),
    ] {
        let (code, out, err) = cgtk(&args);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn blocker_build_and_query() {
    let dir = temp_dir("blocker");
    let d = dir.to_str().unwrap();
    let (code, out, err) = cgtk(&[
        "db", "build", "--kind", "blocker", "--size", "3x1", "--queens", "1", "--out", d, "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    // One blocker and no normal queen: C(3,0) C(3,1) 2^2 = 12 entries.
    assert!(out.contains("blocker-3x1-q0b1.cgtkdb 12 entries"), "{out}");
    // Worked by hand: a queen in the middle of `.B.` makes 2 moves (to a1
    // shooting c1, back to b1 shooting a1); as a blocker it must shoot back
    // at b1 and is stuck after 1.
    let (code, json, err) = cgtk(&["db", "query", ".B. w", "--db", d, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (v["kind"].as_str(), v["moves"].as_u64()),
        (Some("simple"), Some(2))
    );
    let (code, json, err) = cgtk(&[
        "db",
        "query",
        ".B. w",
        "--blockers",
        "b1",
        "--db",
        d,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (v["kind"].as_str(), v["moves"].as_u64()),
        (Some("blocker"), Some(1))
    );
    // Its one move: into a1 or c1, shooting back at b1.
    let best = v["best_move"].as_str();
    assert!(matches!(best, Some("B1-A1xB1" | "B1-C1xB1")), "{json}");
    // A blocker that is not a queen: one-line input error, exit code 2.
    let (code, _, err) = cgtk(&["db", "query", ".B. w", "--blockers", "a1", "--db", d]);
    assert_eq!(code, 2);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    // --max-entries skips what is too large: C(12, 2) 2^10 = 67,584.
    let (code, out, _) = cgtk(&[
        "db",
        "build",
        "--size",
        "4x3",
        "--queens",
        "2",
        "--max-entries",
        "100",
        "--out",
        d,
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("simple-4x3-q2.cgtkdb (skipped: 67584 entries"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_plan_builds_the_same_files_as_db_build() {
    // The blocker tables of 3x2 with two queens (and the tables they depend
    // on) and an active table, once by `db build`, once as a plan run by
    // `plan run`: the same files, byte for byte.
    let built = temp_dir("plan-build");
    let planned = temp_dir("plan-run");
    let plan = temp_dir("plan-file").with_extension("json");
    let (b, p, f) = (
        built.to_str().unwrap(),
        planned.to_str().unwrap(),
        plan.to_str().unwrap(),
    );
    for args in [
        ["--kind", "blocker", "--size", "3x2", "--queens", "2"],
        ["--kind", "active", "--size", "3x2", "--queens", "1,1"],
    ] {
        let mut build = vec!["db", "build", "--out", b, "--quiet"];
        build.extend(args);
        assert_eq!(cgtk(&build).0, 0);
    }
    let mut plan_args = vec![
        "db", "plan", "--kind", "blocker", "--size", "3x2", "--queens", "2",
    ];
    plan_args.extend(["--out", p, "--emit", "json", "--plan-file", f]);
    let (code, json, err) = cgtk(&plan_args);
    assert_eq!(code, 0, "{err}");
    // simple q2, then q1b1, then q0b2: each after what it reads.
    let ids: Vec<&str> = json
        .lines()
        .filter_map(|l| l.trim().strip_prefix("\"id\": \""))
        .map(|l| l.trim_end_matches("\","))
        .collect();
    assert_eq!(
        ids,
        ["simple-3x2-q2", "blocker-3x2-q1b1", "blocker-3x2-q0b2"]
    );
    assert_eq!(cgtk(&["plan", "run", f, "--quiet"]).0, 0);
    let active = temp_dir("plan-file-active").with_extension("json");
    let a = active.to_str().unwrap();
    let args = [
        "db", "plan", "--kind", "active", "--size", "3x2", "--queens", "1,1", "--out", p,
    ];
    let mut with_file = args.to_vec();
    with_file.extend(["--emit", "json", "--plan-file", a]);
    assert_eq!(cgtk(&with_file).0, 0);
    assert_eq!(cgtk(&["plan", "run", a, "--quiet"]).0, 0);
    let mut names: Vec<_> = std::fs::read_dir(&built)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(names.len(), 4, "{names:?}");
    for name in names {
        assert_eq!(
            std::fs::read(built.join(&name)).unwrap(),
            std::fs::read(planned.join(&name)).unwrap(),
            "{name:?}"
        );
    }
    for dir in [built, planned] {
        std::fs::remove_dir_all(dir).unwrap();
    }
    let _ = std::fs::remove_file(plan);
    let _ = std::fs::remove_file(active);
}

#[test]
fn the_paper_set_plan_lists_the_large_active_tables() {
    // Song & Müller 2015, §III-B: active areas of 5x3 with up to 4 queens
    // a side and 6x3 with up to 2. The largest of them (every 5x3 table
    // from 1+3 and 2+2 up, 6x3 from 1+2 up) are each a shard of their own,
    // with no dependency, costed by their entries C(n, b) C(n - b, w)
    // 2^(n - b - w) for a box of n squares.
    let out = temp_dir("paper-plan");
    let (code, json, err) = cgtk(&[
        "db",
        "plan",
        "--paper-set",
        "--kind",
        "active",
        "--emit",
        "json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let plan: serde_json::Value = serde_json::from_str(&json).unwrap();
    let shards = plan["shards"].as_array().unwrap();
    let choose = |n: u64, k: u64| (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1));
    let mut large = Vec::new();
    for b in 1..=4u64 {
        for w in 1..=4u64 {
            if b + w >= 4 {
                large.push((5u64, 3u64, b, w));
            }
        }
    }
    large.extend([(6, 3, 1, 2), (6, 3, 2, 1), (6, 3, 2, 2)]);
    assert_eq!(large.len(), 16);
    for (width, height, b, w) in large {
        let n = width * height;
        let entries = choose(n, b) * choose(n - b, w) * (1u64 << (n - b - w));
        let id = format!("active-{width}x{height}-b{b}w{w}");
        let shard = shards
            .iter()
            .find(|s| s["id"] == id.as_str())
            .unwrap_or_else(|| panic!("{id} is not in the plan"));
        assert_eq!(shard["cost"], entries, "{id}");
        assert_eq!(shard["deps"].as_array().unwrap().len(), 0, "{id}");
    }
    let _ = std::fs::remove_dir_all(out);
}

/// A table whose header is sound but whose payload is not is found bad when
/// a query first reads it (directories are opened lazily): the query warns
/// of it by name and answers as if it were not there; `db info`, which
/// reads every file whole, names it too.
#[test]
fn a_bad_payload_is_named_when_first_read() {
    let dir = temp_dir("lazy");
    let d = dir.to_str().unwrap();
    let (code, _, err) = cgtk(&[
        "db", "build", "--kind", "simple", "--size", "3x2", "--queens", "1", "--out", d, "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let text = "xxxx/x..x/x.Bx/x..x w";
    let (code, json, err) = cgtk(&["db", "query", text, "--db", d, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["found"], true);
    let file = dir.join("simple-3x2-q1.cgtkdb");
    let mut bytes = std::fs::read(&file).unwrap();
    *bytes.last_mut().unwrap() ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let (code, json, err) = cgtk(&["db", "query", text, "--db", d, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("warning: left out")
            && err.contains("simple-3x2-q1.cgtkdb")
            && err.contains("checksum mismatch"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["found"], false);
    let (code, info, _) = cgtk(&["db", "info", d]);
    assert_eq!(code, 2);
    assert!(
        info.contains("simple-3x2-q1.cgtkdb: invalid: checksum MISMATCH"),
        "{info}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
