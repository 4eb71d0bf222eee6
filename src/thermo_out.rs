//! Text output of thermographs, shared by `cgt thermograph` and `amazons
//! value` (their JSON is [`cgtk::report::ThermographReport`]).

use std::fmt::Write as _;

use cgt::{Overflow, Thermograph};
use cgtk::report::wall_points;

/// The thermograph for people: stops, mean, temperature and the walls'
/// breakpoints as `(x, t)`, as CGSuite lists them.
pub fn thermograph_text(canonical: &str, t: &Thermograph) -> Result<String, Overflow> {
    let (temperature, mast) = (t.temperature(), t.mast());
    let mut out = String::new();
    let _ = writeln!(out, "canonical form  {canonical}");
    let _ = writeln!(out, "left stop       {}", t.left_stop()?);
    let _ = writeln!(out, "right stop      {}", t.right_stop()?);
    let _ = writeln!(out, "mean            {mast}");
    let _ = writeln!(out, "temperature     {temperature}");
    for (name, wall) in [("left wall ", &t.left_wall), ("right wall", &t.right_wall)] {
        let points: Vec<String> = wall_points(wall, temperature, mast)
            .iter()
            .map(|(t, x)| format!("({x}, {t})"))
            .collect();
        let _ = writeln!(out, "{name}      {}   (x, t) from t = -1", points.join(" "));
    }
    Ok(out)
}
