//! Text and JSON output of thermographs, shared by `cgt thermograph` and
//! `amazons value`.

use std::fmt::Write as _;

use cgt::{Overflow, Rational, Thermograph, Trajectory};
use serde_json::{json, Value};

/// The breakpoints of a wall from t = -1 up to where it joins the mast.
fn wall_points(
    wall: &Trajectory,
    temperature: Rational,
    mast: Rational,
) -> Vec<(Rational, Rational)> {
    let mut points = wall.points().to_vec();
    if points.last().is_some_and(|p| p.0 < temperature) {
        points.push((temperature, mast));
    }
    points
}

/// The JSON object of ARCHITECTURE.md's `cgt thermograph --json`: exact
/// rationals as strings, walls as `[t, x]` pairs from t = -1 up to the mast.
pub fn thermograph_json(canonical: &str, t: &Thermograph) -> Result<Value, Overflow> {
    let (temperature, mast) = (t.temperature(), t.mast());
    let wall = |w| {
        wall_points(w, temperature, mast)
            .into_iter()
            .map(|(t, x)| json!([t.to_string(), x.to_string()]))
            .collect::<Vec<_>>()
    };
    Ok(json!({
        "canonical": canonical,
        "left_stop": t.left_stop()?.to_string(),
        "right_stop": t.right_stop()?.to_string(),
        "mean": mast.to_string(),
        "temperature": temperature.to_string(),
        "left_wall": wall(&t.left_wall),
        "right_wall": wall(&t.right_wall),
    }))
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
