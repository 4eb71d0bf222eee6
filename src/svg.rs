//! SVG drawings of thermographs, drawn the way the literature does: values
//! on the horizontal axis with Left (positive) on the left, temperature
//! upward, the walls, the mast, and the t = 0 line; and the boards of
//! Dots-and-Boxes (with the values of the moves) and Amazons (with the areas
//! of an evaluation coloured) as the web page draws them.

use std::fmt::Write as _;

use cgt::{Rational, Thermograph};

use crate::report::{AmazonsEvalReport, DotsAnalyzeReport};

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 480.0;
const MARGIN_LEFT: f64 = 70.0;
const MARGIN_RIGHT: f64 = 40.0;
const MARGIN_TOP: f64 = 60.0;
const MARGIN_BOTTOM: f64 = 70.0;

fn f(q: Rational) -> f64 {
    q.numer() as f64 / q.denom() as f64
}

/// A "nice" tick step for a span, 1, 2 or 5 times a power of ten, or a
/// power-of-two fraction for short spans.
fn tick_step(span: f64) -> f64 {
    let raw = span / 8.0;
    if raw <= 0.0 {
        return 1.0;
    }
    if raw < 1.0 {
        let mut step = 1.0;
        while step / 2.0 >= raw {
            step /= 2.0;
        }
        return step;
    }
    let magnitude = 10f64.powf(raw.log10().floor());
    for m in [1.0, 2.0, 5.0, 10.0] {
        if m * magnitude >= raw {
            return m * magnitude;
        }
    }
    10.0 * magnitude
}

fn label(v: f64) -> String {
    // Ticks are dyadic; print them exactly as fractions.
    let mut denom = 1i64;
    while (v * denom as f64).fract().abs() > 1e-9 && denom < 1 << 20 {
        denom *= 2;
    }
    let numer = (v * denom as f64).round() as i64;
    if denom == 1 {
        numer.to_string()
    } else {
        format!("{numer}/{denom}")
    }
}

/// Draws `thermograph` as a standalone SVG document; `title` is printed on
/// top (the game's canonical form, typically).
pub fn thermograph_svg(thermograph: &Thermograph, title: &str) -> String {
    let temperature = f(thermograph.temperature());
    let mast = f(thermograph.mast());
    let left: Vec<(f64, f64)> = thermograph
        .left_wall
        .points()
        .iter()
        .map(|&(t, x)| (f(t), f(x)))
        .collect();
    let right: Vec<(f64, f64)> = thermograph
        .right_wall
        .points()
        .iter()
        .map(|&(t, x)| (f(t), f(x)))
        .collect();

    // The frame: values from the right wall's least to the left wall's
    // largest, temperatures from -1 to a little above the temperature.
    let xs = left.iter().chain(&right).map(|p| p.1).chain([mast, 0.0]);
    let (mut x_min, mut x_max) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    if x_max - x_min < 2.0 {
        let mid = (x_max + x_min) / 2.0;
        x_min = mid - 1.0;
        x_max = mid + 1.0;
    }
    let pad = (x_max - x_min) * 0.08;
    x_min -= pad;
    x_max += pad;
    let t_min = -1.0;
    let t_top = temperature.max(0.0);
    let t_max = t_top + ((t_top - t_min) * 0.35).max(0.5);

    let plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT;
    let plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
    // One scale for both axes, so that walls of slope 1 are drawn at 45
    // degrees as in the literature: widen whichever range is short.
    let mut t_max = t_max;
    let unit = (plot_w / (x_max - x_min)).min(plot_h / (t_max - t_min));
    let widen = (plot_w / unit - (x_max - x_min)) / 2.0;
    x_min -= widen;
    x_max += widen;
    t_max = t_min + plot_h / unit;
    // Left is positive and drawn on the left: x_max maps to the left edge.
    let px = |x: f64| MARGIN_LEFT + (x_max - x) / (x_max - x_min) * plot_w;
    let py = |t: f64| MARGIN_TOP + (t_max - t) / (t_max - t_min) * plot_h;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="15">Thermograph of {}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );

    // Grid and ticks on the value axis.
    let step = tick_step(x_max - x_min);
    let mut tick = (x_min / step).ceil() * step;
    while tick <= x_max + 1e-9 {
        let x = px(tick);
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.2}" y1="{:.2}" x2="{x:.2}" y2="{:.2}" stroke="#eee"/>"##,
            py(t_max),
            py(t_min)
        );
        let _ = writeln!(
            svg,
            r#"<text x="{x:.2}" y="{:.2}" text-anchor="middle">{}</text>"#,
            py(t_min) + 16.0,
            label(tick)
        );
        tick += step;
    }
    // Ticks on the temperature axis.
    let step = tick_step(t_max - t_min);
    let mut tick = (t_min / step).ceil() * step;
    while tick <= t_max + 1e-9 {
        let y = py(tick);
        let _ = writeln!(
            svg,
            r##"<line x1="{:.2}" y1="{y:.2}" x2="{:.2}" y2="{y:.2}" stroke="#eee"/>"##,
            px(x_max),
            px(x_min)
        );
        let _ = writeln!(
            svg,
            r#"<text x="{:.2}" y="{:.2}" text-anchor="end">{}</text>"#,
            MARGIN_LEFT - 6.0,
            y + 4.0,
            label(tick)
        );
        tick += step;
    }
    // Frame, the t = 0 line and the x = 0 line.
    let _ = writeln!(
        svg,
        r#"<rect x="{MARGIN_LEFT}" y="{MARGIN_TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="black"/>"#
    );
    let _ = writeln!(
        svg,
        r##"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="#888" stroke-dasharray="6 4"/>"##,
        px(x_max),
        py(0.0),
        px(x_min),
        py(0.0)
    );
    let _ = writeln!(
        svg,
        r##"<text x="{:.2}" y="{:.2}" fill="#666">t = 0</text>"##,
        px(x_max) + 4.0,
        py(0.0) - 4.0
    );
    let _ = writeln!(
        svg,
        r##"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="#bbb"/>"##,
        px(0.0),
        py(t_min),
        px(0.0),
        py(t_max)
    );

    // The walls up to the temperature, then the mast.
    let polyline = |points: &[(f64, f64)], colour: &str| {
        let mut path = String::new();
        for &(t, x) in points {
            let _ = write!(path, "{:.2},{:.2} ", px(x), py(t));
        }
        let _ = write!(path, "{:.2},{:.2}", px(mast), py(temperature));
        format!(r#"<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"/>"#)
    };
    let _ = writeln!(svg, "{}", polyline(&left, "#1f5fbf"));
    let _ = writeln!(svg, "{}", polyline(&right, "#c0392b"));
    let _ = writeln!(
        svg,
        r#"<line x1="{0:.2}" y1="{1:.2}" x2="{0:.2}" y2="{2:.2}" stroke="black" stroke-width="2.5"/>"#,
        px(mast),
        py(temperature),
        py(t_max) + 8.0
    );
    let _ = writeln!(
        svg,
        r#"<polygon points="{0:.2},{1:.2} {2:.2},{3:.2} {4:.2},{3:.2}" fill="black"/>"#,
        px(mast),
        py(t_max) - 2.0,
        px(mast) - 5.0,
        py(t_max) + 9.0,
        px(mast) + 5.0
    );

    // Legend and axis labels.
    let _ = writeln!(
        svg,
        r#"<text x="{:.2}" y="{:.2}" text-anchor="middle">value (Left = positive, drawn on the left)</text>"#,
        MARGIN_LEFT + plot_w / 2.0,
        HEIGHT - 22.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="18" y="{:.2}" text-anchor="middle" transform="rotate(-90 18 {:.2})">temperature t</text>"#,
        MARGIN_TOP + plot_h / 2.0,
        MARGIN_TOP + plot_h / 2.0
    );
    let _ = writeln!(
        svg,
        r##"<text x="{:.2}" y="46" fill="#1f5fbf">left wall</text><text x="{:.2}" y="46" fill="#c0392b" text-anchor="end">right wall</text>"##,
        MARGIN_LEFT + 4.0,
        WIDTH - MARGIN_RIGHT - 4.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="{:.2}" y="{:.2}">mean {}, temperature {}</text>"#,
        px(mast) + 8.0,
        py(temperature) - 8.0,
        thermograph.mast(),
        thermograph.temperature()
    );
    svg.push_str("</svg>\n");
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The style of the board drawings: the colours of the web page's boards.
const BOARD_STYLE: &str = "<style>\
.edge{stroke:#e3e6eb;stroke-width:9;stroke-linecap:round}\
.edge.drawn{stroke:#1d2330}.dot{fill:#1d2330}.box{fill:#e3e6eb}\
.val{font:700 15px sans-serif;text-anchor:middle;dominant-baseline:central}\
.val.win{fill:#1b8a3a}.val.tie{fill:#8a6d00}.val.loss{fill:#c62828}\
.val.best{text-decoration:underline}\
.loony{fill:#7b1fa2;font:11px sans-serif;text-anchor:middle}\
.sq.light{fill:#f0d9b5}.sq.dark{fill:#b58863}.sq.burnt{fill:#4a4038}\
.x{fill:#9c8f80;font:20px sans-serif;text-anchor:middle;dominant-baseline:central}\
.q{font:30px sans-serif;text-anchor:middle;dominant-baseline:central}\
.q.w{fill:#fff;stroke:#000;stroke-width:1}.q.b{fill:#111}\
.coord{fill:#555;font:9px sans-serif}\
.kind-active{fill:rgba(255,140,0,.45)}.kind-dead{fill:rgba(110,110,110,.45)}\
.kind-black{fill:rgba(20,20,60,.4)}.kind-white{fill:rgba(80,150,255,.4)}\
.kind-blocker{fill:rgba(27,138,58,.45)}\
</style>";

/// The side of a box of a Dots board, and the margin around the board, as
/// the web page draws it.
const DOTS_BOX: usize = 60;
const DOTS_MARGIN: usize = 24;

/// Draws a Dots-and-Boxes position as the web page does: dots, drawn and
/// undrawn edges, completed boxes shaded; with `analysis`, every move's
/// value at its edge (green a win, red a loss for the player who draws it,
/// the best underlined, `L` under a loony move).
pub fn dots_board_svg(pos: &dots::Position, analysis: Option<&DotsAnalyzeReport>) -> String {
    let board = pos.board();
    let (w, h) = (board.width(), board.height());
    let (x, y) = (
        |c: usize| DOTS_MARGIN + c * DOTS_BOX,
        |r: usize| DOTS_MARGIN + r * DOTS_BOX,
    );
    let mut out = String::new();
    let (width, height) = (
        w * DOTS_BOX + 2 * DOTS_MARGIN,
        h * DOTS_BOX + 2 * DOTS_MARGIN,
    );
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" data-position="{pos}">{BOARD_STYLE}"#
    );
    for b in 0..board.num_boxes() {
        if board.box_edges(b).iter().all(|&e| pos.edges().contains(e)) {
            let _ = write!(
                out,
                r#"<rect class="box" x="{}" y="{}" width="{DOTS_BOX}" height="{DOTS_BOX}"/>"#,
                x(b % w),
                y(b / w)
            );
        }
    }
    for e in board.all_edges().iter() {
        let [(c0, r0), (c1, r1)] = board.edge_dots(e);
        let drawn = if pos.edges().contains(e) {
            " drawn"
        } else {
            ""
        };
        let _ = write!(
            out,
            r#"<line class="edge{drawn}" data-edge="{}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            e.index(),
            x(c0),
            y(r0),
            x(c1),
            y(r1)
        );
    }
    for r in 0..=h {
        for c in 0..=w {
            let _ = write!(
                out,
                r#"<circle class="dot" cx="{}" cy="{}" r="5"/>"#,
                x(c),
                y(r)
            );
        }
    }
    if let Some(a) = analysis {
        for m in &a.moves {
            let [(c0, r0), (c1, r1)] = board.edge_dots(m.edge);
            let (mx, my) = ((x(c0) + x(c1)) / 2, (y(r0) + y(r1)) / 2);
            let class = match m.value {
                v if v > 0 => "win",
                0 => "tie",
                _ => "loss",
            };
            let best = if Some(m.value) == a.value {
                " best"
            } else {
                ""
            };
            let sign = if m.value > 0 { "+" } else { "" };
            let _ = write!(
                out,
                r#"<text class="val {class}{best}" data-edge="{}" data-value="{}" x="{mx}" y="{my}">{sign}{}</text>"#,
                m.edge.index(),
                m.value,
                m.value
            );
            if m.loony {
                let (lx, ly) = if r0 == r1 {
                    (mx, my + 15)
                } else {
                    (mx + 12, my + 14)
                };
                let _ = write!(out, r#"<text class="loony" x="{lx}" y="{ly}">L</text>"#);
            }
        }
    }
    out.push_str("</svg>");
    out
}

/// The side of a square of an Amazons board.
const AMAZONS_SQUARE: usize = 48;

/// The colour class of an area's kind (and owner, for territories), as the
/// web page colours it.
fn kind_class(kind: &str) -> Option<&'static str> {
    for (word, class) in [
        ("active", "kind-active"),
        ("dead", "kind-dead"),
        ("blocker", "kind-blocker"),
    ] {
        if kind.contains(word) {
            return Some(class);
        }
    }
    if kind.contains("simple") {
        return Some(if kind.contains("black") {
            "kind-black"
        } else {
            "kind-white"
        });
    }
    None
}

/// Draws an Amazons position as the web page does: ranks from the top, the
/// queens (white and black), burnt squares, the squares' names; with
/// `eval`, every area's squares coloured by its kind (orange active, grey
/// dead, dark blue Black's and light blue White's territories, green
/// blocker territories).
pub fn amazons_board_svg(pos: &amazons::Position, eval: Option<&AmazonsEvalReport>) -> String {
    let size = pos.size();
    let (w, h) = (usize::from(size.width()), usize::from(size.height()));
    let s = AMAZONS_SQUARE;
    let mut kinds = std::collections::HashMap::new();
    for (i, area) in eval.map_or(&[][..], |e| &e.areas).iter().enumerate() {
        if let Some(class) = kind_class(&area.kind) {
            for sq in &area.squares {
                kinds.insert(sq.clone(), (class, i));
            }
        }
    }
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" data-position="{pos}">{BOARD_STYLE}"#,
        w * s,
        h * s,
        w * s,
        h * s
    );
    for rank in (0..h).rev() {
        for file in 0..w {
            let (px, py) = (file * s, (h - 1 - rank) * s);
            let sq = amazons::Square::new(file as u8, rank as u8).expect("on the board");
            let name = sq.to_string();
            let burnt = pos.burnt().contains(sq);
            let shade = if burnt {
                "burnt"
            } else if (file + rank) % 2 == 1 {
                "light"
            } else {
                "dark"
            };
            let _ = write!(
                out,
                r#"<rect class="sq {shade}" data-square="{name}" x="{px}" y="{py}" width="{s}" height="{s}"/>"#
            );
            if let Some((class, i)) = kinds.get(&name) {
                let _ = write!(
                    out,
                    r#"<rect class="{class}" data-area="{i}" x="{px}" y="{py}" width="{s}" height="{s}"/>"#
                );
            }
            let (cx, cy) = (px + s / 2, py + s / 2);
            if burnt {
                let _ = write!(out, r#"<text class="x" x="{cx}" y="{cy}">&#x2716;</text>"#);
            }
            for (color, class) in [(amazons::Color::White, "w"), (amazons::Color::Black, "b")] {
                if pos.queens(color).contains(sq) {
                    let _ = write!(
                        out,
                        r#"<text class="q {class}" x="{cx}" y="{cy}">&#x265B;</text>"#
                    );
                }
            }
            let _ = write!(
                out,
                r#"<text class="coord" x="{}" y="{}">{name}</text>"#,
                px + 2,
                py + 10
            );
        }
    }
    out.push_str("</svg>");
    out
}
