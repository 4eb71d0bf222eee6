//! The layout rules of ARCHITECTURE.md that a reader of the source can
//! check: no module of a crate imports a module that imports it back (the
//! top-level modules of each crate, over `crate::` paths outside comments),
//! and the web server calls the library of operations, never a module of
//! the command-line interface.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The `.rs` files below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// The text of `file` without its comment lines.
fn code(file: &Path) -> String {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names that follow `crate::` in `text`, alone or in a `crate::{..}`
/// group (every identifier of the group).
fn crate_refs(text: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for word in group.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
                if !word.is_empty() {
                    names.insert(word.to_owned());
                }
            }
        } else {
            names.insert(ident(rest));
        }
    }
    names
}

/// The top-level modules of the crate whose sources are in `src`, each with
/// the other top-level modules it refers to.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in sources(src) {
        let rel = file.strip_prefix(src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs").to_owned();
        if module == "lib" || module == "main" {
            continue;
        }
        let refs = crate_refs(&code(&file));
        graph.entry(module.clone()).or_default().extend(refs);
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for (module, refs) in &mut graph {
        refs.retain(|r| modules.contains(r) && r != module);
    }
    graph
}

/// The modules of `graph` that lie on a cycle, each with one path back to
/// itself.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in graph.keys() {
        // Breadth-first from `start`, remembering each module's parent.
        let mut parent: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.as_str()]);
        'search: while let Some(m) = queue.pop_front() {
            for next in &graph[m] {
                if next == start {
                    let mut path = vec![start.clone()];
                    let mut at = m;
                    while at != start {
                        path.push(at.to_owned());
                        at = parent[at];
                    }
                    path[1..].reverse();
                    path.push(start.clone());
                    found.push(path);
                    break 'search;
                }
                if !parent.contains_key(next.as_str()) {
                    parent.insert(next, m);
                    queue.push_back(next);
                }
            }
        }
    }
    found
}

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let mut problems = Vec::new();
    for src in [
        "cgt/src",
        "dots/src",
        "amazons/src",
        "databases/src",
        "src",
        "python/src",
    ] {
        for cycle in cycles(&module_graph(&Path::new(ROOT).join(src))) {
            problems.push(format!("{src}: {}", cycle.join(" -> ")));
        }
    }
    assert!(
        problems.is_empty(),
        "module cycles:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(m, r)| (m.to_owned(), r.into_iter().map(str::to_owned).collect()))
    .collect();
    let found = cycles(&graph);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found.contains(&vec!["a".into(), "b".into(), "c".into(), "a".into()]));
    assert_eq!(
        crate_refs("use crate::{x::Y, z};\nlet a = crate::w::f();"),
        ["Y", "w", "x", "z"]
            .into_iter()
            .map(str::to_owned)
            .collect()
    );
}

#[test]
fn the_server_calls_the_library_not_the_cli() {
    let serve = Path::new(ROOT).join("src/serve");
    let cli: Vec<String> = sources(&Path::new(ROOT).join("src"))
        .iter()
        .filter_map(|f| f.file_stem()?.to_str().map(str::to_owned))
        .filter(|stem| stem.ends_with("_cmd"))
        .collect();
    assert!(!cli.is_empty(), "the CLI's modules are named *_cmd");
    for file in sources(&serve) {
        let refs = crate_refs(&code(&file));
        let used: Vec<&String> = cli.iter().filter(|m| refs.contains(*m)).collect();
        assert!(used.is_empty(), "{} uses {used:?}", file.display());
    }
}
