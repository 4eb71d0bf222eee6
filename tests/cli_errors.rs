//! The CLI error corpus (`tests/data/cli-errors.txt`): bad invocations of
//! `cgtk`, each run under a time limit and (with `prlimit` from util-linux)
//! a memory limit. Every case must end with its expected exit code: 2 with
//! one line on stderr holding the expected text, 0 with the expected text
//! in what it printed (an honest partial result), or 1 with it on stderr (a
//! limit that stopped a command with no partial result). A panic (101), an
//! abort (134), a signal or a run past the time limit fails the test.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Each case must finish within this.
const TIME_LIMIT: Duration = Duration::from_secs(60);
/// Address space of each case, when `prlimit` is there.
const MEMORY_LIMIT: &str = "4294967296";

/// One line of the corpus.
struct Case {
    line: usize,
    exits: Vec<i32>,
    needs_memory_limit: bool,
    expected: String,
    args: Vec<String>,
}

fn parse_corpus(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.splitn(3, " | ");
        let (Some(exit), Some(expected), Some(args)) =
            (fields.next(), fields.next(), fields.next())
        else {
            panic!("line {}: expected EXIT | TEXT | ARGUMENTS", i + 1);
        };
        let (exit, needs_memory_limit) = match exit.strip_suffix("@mem") {
            Some(e) => (e, true),
            None => (exit, false),
        };
        let exits = exit
            .split(',')
            .map(|e| e.trim().parse().expect("an exit code"))
            .collect();
        cases.push(Case {
            line: i + 1,
            exits,
            needs_memory_limit,
            expected: expected.trim().to_owned(),
            args: split_args(args),
        });
    }
    cases
}

/// Words separated by spaces; `'...'` keeps spaces.
fn split_args(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in text.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    args.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            c => {
                current.push(c);
                started = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quote in {text}");
    if started {
        args.push(current);
    }
    args
}

/// A directory for one case's files.
fn scratch(line: usize) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-errors-{line}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `name(n)` at the start of `rest`: the number and what follows.
fn call<'a>(rest: &'a str, name: &str) -> Option<(usize, &'a str)> {
    let rest = rest.strip_prefix(name)?.strip_prefix('(')?;
    let close = rest.find(')')?;
    Some((rest[..close].parse().ok()?, &rest[close + 1..]))
}

/// Expands the generators of the corpus header in one argument.
fn expand(arg: &str, dir: &Path) -> String {
    let mut out = String::new();
    let mut rest = arg;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        if let Some((n, after)) = call(rest, "NEST") {
            out.push_str(&"{".repeat(n));
            out.push('0');
            out.push_str(&"|}".repeat(n));
            rest = after;
        } else if let Some((n, after)) = call(rest, "HOT") {
            out.push_str(&"{1|".repeat(n));
            out.push('0');
            out.push_str(&"}".repeat(n));
            rest = after;
        } else if let Some((n, after)) = call(rest, "SUM") {
            out.push_str(&vec!["{1|0}"; n].join("+"));
            rest = after;
        } else if let Some((n, after)) = call(rest, "SGF") {
            let path = dir.join("deep.sgf");
            let text = format!("(;SZ[4]{}{})", "(;".repeat(n), ")".repeat(n));
            std::fs::write(&path, text).unwrap();
            out.push_str(path.to_str().unwrap());
            rest = after;
        } else if let Some(after) = rest.strip_prefix("DIR") {
            out.push_str(dir.join("out").to_str().unwrap());
            rest = after;
        } else if let Some(after) = rest.strip_prefix("FILE") {
            let path = dir.join("a-file");
            std::fs::write(&path, "").unwrap();
            out.push_str(path.to_str().unwrap());
            rest = after;
        } else if let Some(after) = rest.strip_prefix("NOWHERE") {
            out.push_str(dir.join("no-such-dir/out").to_str().unwrap());
            rest = after;
        } else {
            panic!("unknown generator in {arg}");
        }
    }
    out.push_str(rest);
    out
}

fn prlimit_available() -> bool {
    Command::new("prlimit")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs one case: (exit code or `None` for a signal, stdout, stderr), or an
/// error if it ran past the time limit.
fn run(args: &[String], limit_memory: bool) -> Result<(Option<i32>, String, String), String> {
    let mut command = if limit_memory {
        let mut c = Command::new("prlimit");
        c.arg(format!("--as={MEMORY_LIMIT}"))
            .arg("--")
            .arg(env!("CARGO_BIN_EXE_cgtk"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_cgtk"))
    };
    let mut child = command
        .args(args)
        .env_remove("CGTK_DB")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cgtk");
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stdout.read_to_end(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {} s", TIME_LIMIT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let text = |v: Vec<u8>| String::from_utf8_lossy(&v).into_owned();
    Ok((
        status.code(),
        text(out.join().unwrap()),
        text(err.join().unwrap()),
    ))
}

fn shorten(s: &str) -> String {
    if s.chars().count() > 200 {
        format!("{}...", s.chars().take(200).collect::<String>())
    } else {
        s.to_owned()
    }
}

#[test]
fn every_bad_invocation_ends_cleanly() {
    let corpus = include_str!("data/cli-errors.txt");
    let cases = parse_corpus(corpus);
    assert!(cases.len() >= 40, "the corpus has {} cases", cases.len());
    let limit_memory = prlimit_available();
    if !limit_memory {
        eprintln!("prlimit not found: running without a memory limit");
    }
    let mut failures = Vec::new();
    for case in &cases {
        if case.needs_memory_limit && !limit_memory {
            continue;
        }
        let dir = scratch(case.line);
        let args: Vec<String> = case.args.iter().map(|a| expand(a, &dir)).collect();
        let shown = shorten(&case.args.join(" "));
        let (code, stdout, stderr) = match run(&args, limit_memory) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("line {} ({shown}): {e}", case.line));
                continue;
            }
        };
        let problem = match code {
            None => Some("killed by a signal".to_owned()),
            Some(c) if !case.exits.contains(&c) => Some(format!("exit {c}")),
            Some(2) if stderr.trim_end().lines().count() != 1 => {
                Some("not one line on stderr".to_owned())
            }
            Some(2) if !stderr.contains(&case.expected) => {
                Some(format!("stderr lacks {:?}", case.expected))
            }
            Some(_) if !stderr.contains(&case.expected) && !stdout.contains(&case.expected) => {
                Some(format!("output lacks {:?}", case.expected))
            }
            Some(_) => None,
        };
        if let Some(problem) = problem {
            failures.push(format!(
                "line {} ({shown}): {problem}; stderr: {}",
                case.line,
                shorten(stderr.trim_end())
            ));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn arguments_split_on_spaces_outside_quotes() {
    assert_eq!(
        split_args("cgt canon '{1|0} + *'  x"),
        ["cgt", "canon", "{1|0} + *", "x"]
    );
    assert_eq!(split_args("a '' b"), ["a", "", "b"]);
}
