//! Running the `cgtk` binary from the root package's integration tests (the
//! references they share are in the test kit, `tests/kit`).

use std::process::Command;

/// Runs the `cgtk` binary with `args`: (exit code, stdout, stderr).
pub fn cgtk(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
