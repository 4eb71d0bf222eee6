//! What the user gives on the command line: an argument's text, or stdin's
//! for `-`.

use std::io::Read;

use crate::output::bad_input;

/// The text of `arg`, or all of stdin when `arg` is `-`; `what` names the
/// argument in an error.
pub fn text_or_stdin(what: &str, arg: &str) -> anyhow::Result<String> {
    if arg != "-" {
        return Ok(arg.to_owned());
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| bad_input(what, e))?;
    Ok(text)
}

/// A Dots position given as `WxH`, `WxH:e,e,e` or an ASCII diagram, or `-`
/// to read either from stdin.
pub fn dots_position(arg: &str) -> anyhow::Result<dots::Position> {
    cgtk::ops::dots::position(&text_or_stdin("position", arg)?)
}
