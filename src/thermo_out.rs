//! Text output of thermographs, shared by `cgt thermograph` and `amazons
//! value` (their JSON is [`cgtk::report::ThermographReport`]).

use std::fmt::Write as _;

use std::path::Path;

use cgt::{Overflow, Thermograph};
use cgtk::ops::cgt::canonical_text;
use cgtk::report::{wall_points, CanonReport, ThermographReport};
use cgtk::svg;

use crate::output::{bad_input, print_json};

/// Prints a thermograph as `cgt thermograph` and `amazons value` do: the
/// JSON report or the text, and the SVG drawing into `svg` if given.
pub fn print_thermograph(
    canonical: &CanonReport,
    thermograph: &Thermograph,
    json: bool,
    svg: Option<&Path>,
) -> anyhow::Result<()> {
    let text = canonical_text(canonical);
    if let Some(path) = svg {
        std::fs::write(path, svg::thermograph_svg(thermograph, &text))
            .map_err(|err| bad_input(&format!("cannot write {}", path.display()), err))?;
    }
    if json {
        print_json(&ThermographReport::with_canonical(canonical, thermograph)?);
    } else {
        print!("{}", thermograph_text(&text, thermograph)?);
    }
    Ok(())
}

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
