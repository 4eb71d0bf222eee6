//! Every CLI example in README.md is real output: the `console` blocks are
//! run by trycmd, in order, in a fresh directory (the database examples
//! write `cgtk-db/` and a proof file there). `[..]` in an expected line
//! matches anything (times).

#[test]
fn readme_examples() {
    let dir = std::env::temp_dir().join(format!("cgtk-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let readme = dir.join("README.md");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"), &readme).unwrap();
    // An empty `README.out/` makes trycmd run the blocks in a sandbox of
    // their own (with nothing to compare at the end).
    std::fs::create_dir_all(dir.join("README.out")).unwrap();
    std::fs::write(dir.join("README.out/.keep"), "").unwrap();
    trycmd::TestCases::new()
        .register_bin("cgtk", std::path::Path::new(env!("CARGO_BIN_EXE_cgtk")))
        .case(&readme)
        .run();
    let _ = std::fs::remove_dir_all(&dir);
}
