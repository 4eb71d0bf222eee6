//! Position text (`WxH` or `WxH:e,e,e`) and ASCII diagrams.
//!
//! A diagram has dots `+`, drawn horizontal lines `---` and drawn vertical
//! lines `|`; box interiors are three characters wide and may hold anything
//! (e.g. the initial of the owner). The 2x1 board with edges 0, 4 and 5:
//!
//! ```text
//! +---+   +
//! |   |
//! +   +   +
//! ```

use std::str::FromStr;

use crate::{Board, Edge, EdgeSet, Position, PositionError};

fn parse_size(text: &str) -> Result<Board, PositionError> {
    let malformed = || PositionError::MalformedSize {
        size: text.to_string(),
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(malformed)?;
    let number = |s: &str| -> Result<usize, PositionError> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        // A huge number is still a well-formed size, just not one we know.
        Ok(s.parse::<usize>().unwrap_or(usize::MAX / 4))
    };
    Board::new(number(w.trim())?, number(h.trim())?)
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads `WxH` or `WxH:e,e,e`.
    fn from_str(text: &str) -> Result<Position, PositionError> {
        let text = text.trim();
        let (size, list) = match text.split_once(':') {
            Some((s, l)) => (s, Some(l)),
            None => (text, None),
        };
        let board = parse_size(size)?;
        let mut edges = EdgeSet::EMPTY;
        for item in list.into_iter().flat_map(|l| l.split(',')) {
            let item = item.trim();
            if item.is_empty() && list.is_some_and(|l| l.trim().is_empty()) {
                continue;
            }
            if item.is_empty() || !item.bytes().all(|b| b.is_ascii_digit()) {
                return Err(PositionError::MalformedEdge {
                    text: item.to_string(),
                });
            }
            let index = item
                .parse::<usize>()
                .map_err(|_| PositionError::EdgeNumberTooLarge {
                    text: item.to_string(),
                    num_edges: board.num_edges(),
                })?;
            let edge = board.edge(index).ok_or(PositionError::EdgeOutOfRange {
                edge: index,
                num_edges: board.num_edges(),
            })?;
            if edges.contains(edge) {
                return Err(PositionError::DuplicateEdge { edge: index });
            }
            edges = edges.with(edge);
        }
        Position::from_edges(board, edges)
    }
}

impl Position {
    /// The ASCII diagram (lines without trailing spaces, ending in a
    /// newline): dots `+`, drawn edges `---` and `|`, in slots three
    /// characters wide, as [`Position::annotated_diagram`] draws them with no
    /// labels. [`Position::from_diagram`] reads it back.
    pub fn diagram(&self) -> String {
        self.annotated_diagram(|_| None)
    }

    /// The diagram with each undrawn edge showing a label of up to three
    /// characters (e.g. its number, or the value of drawing it).
    pub fn annotated_diagram(&self, label: impl Fn(Edge) -> Option<String>) -> String {
        let board = self.board();
        let edges = self.edges();
        draw(
            board.width(),
            board.height(),
            |e| edges.contains(Edge::new(e)),
            |e| label(Edge::new(e)),
            |_| None,
        )
    }

    /// Reads a position in either notation: the text `WxH` or `WxH:e,e,e`,
    /// or a diagram as printed by [`Position::diagram`] (recognised by its
    /// dots, `+`).
    ///
    /// # Errors
    /// As [`Position::from_str`](std::str::FromStr::from_str) or
    /// [`Position::from_diagram`].
    pub fn read(text: &str) -> Result<Position, PositionError> {
        if text.contains('+') {
            Position::from_diagram(text)
        } else {
            text.parse()
        }
    }

    /// Reads a diagram as printed by [`Position::diagram`]. Blank lines
    /// before and after and a common indentation are ignored, trailing spaces
    /// may be missing, and box interiors may hold any character.
    ///
    /// # Errors
    /// [`PositionError::MalformedDiagram`] naming the line and column, or
    /// [`PositionError::UnknownSize`] for a board we do not support.
    pub fn from_diagram(text: &str) -> Result<Position, PositionError> {
        let all: Vec<&str> = text.lines().collect();
        let first = all.iter().position(|l| !l.trim().is_empty());
        let last = all.iter().rposition(|l| !l.trim().is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(bad(1, 1, "empty diagram"));
        };
        let lines = &all[first..=last];
        let indent = lines[0].len() - lines[0].trim_start().len();
        let line_no = |i: usize| first + i + 1;
        let mut rows: Vec<Vec<char>> = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let head = line.get(..indent.min(line.len())).unwrap_or("");
            if !head.chars().all(char::is_whitespace) {
                return Err(bad(line_no(i), 1, "line starts left of the first dot"));
            }
            rows.push(
                line.get(indent..)
                    .unwrap_or("")
                    .trim_end()
                    .chars()
                    .collect(),
            );
        }
        let top = &rows[0];
        // Dots every `cell` columns: 6 in the diagrams cgtk prints (`+ --- +`),
        // 4 in the compact form (`+---+`); the three-character slot of an
        // edge or a box interior starts `slot` columns after its dot.
        let (cell, slot) = match top.iter().skip(1).position(|&c| c == '+') {
            Some(5) => (6, 2),
            _ => (4, 1),
        };
        if top.first() != Some(&'+') || top.len() % cell != 1 {
            return Err(bad(
                line_no(0),
                indent + 1,
                "the first line must be a row of dots: + then --- or spaces then +",
            ));
        }
        let w = top.len() / cell;
        if rows.len() % 2 == 0 || rows.len() < 3 || w == 0 {
            return Err(bad(
                line_no(rows.len() - 1),
                1,
                "a diagram has an odd number of lines (dot rows and box rows alternating), at least 3, and at least one box across",
            ));
        }
        let h = rows.len() / 2;
        let board = Board::new(w, h)?;
        let mut edges = EdgeSet::EMPTY;
        for (i, row) in rows.iter().enumerate() {
            let at = |col: usize| row.get(col).copied().unwrap_or(' ');
            let width = cell * w + 1;
            if row.len() > width {
                return Err(bad(
                    line_no(i),
                    indent + width + 1,
                    "line longer than the board",
                ));
            }
            if i % 2 == 0 {
                for c in 0..=w {
                    if at(cell * c) != '+' {
                        return Err(bad(line_no(i), indent + cell * c + 1, "expected a dot '+'"));
                    }
                    if c < w {
                        let between: String = (1..cell).map(|k| at(cell * c + k)).collect();
                        let (drawn, undrawn) = if cell == 6 {
                            (" --- ", "     ")
                        } else {
                            ("---", "   ")
                        };
                        if between == drawn {
                            edges = edges.with(board.horizontal(i / 2, c));
                        } else if between != undrawn {
                            return Err(bad(
                                line_no(i),
                                indent + cell * c + 2,
                                "expected '---' or spaces between dots",
                            ));
                        }
                    }
                }
            } else {
                for c in 0..=w {
                    match at(cell * c) {
                        '|' => edges = edges.with(board.vertical(i / 2, c)),
                        ' ' => {}
                        _ => {
                            return Err(bad(
                                line_no(i),
                                indent + cell * c + 1,
                                "expected '|' or a space for a vertical line",
                            ))
                        }
                    }
                    // Between two lines, the box: anything in its slot, spaces
                    // around it.
                    if c < w
                        && (1..cell).any(|k| (k < slot || k >= slot + 3) && at(cell * c + k) != ' ')
                    {
                        return Err(bad(
                            line_no(i),
                            indent + cell * c + 2,
                            "a box holds at most three characters, centred",
                        ));
                    }
                }
            }
        }
        Position::from_edges(board, edges)
    }
}

/// The diagram of a board `w` boxes wide and `h` high whose edges are
/// numbered as [`Board`] numbers them: each edge `drawn` is a line, each
/// other shows its `label` (up to three characters), each box its `inside`
/// mark. [`Position::annotated_diagram`] and the players' grids
/// (`dots::play::Grid::diagram`, for boards beyond 64 edges) draw with it.
pub(crate) fn draw(
    w: usize,
    h: usize,
    drawn: impl Fn(usize) -> bool,
    label: impl Fn(usize) -> Option<String>,
    inside: impl Fn(usize) -> Option<char>,
) -> String {
    let horizontals = (h + 1) * w;
    let mut out = String::new();
    let mut push = |line: String| {
        out.push_str(line.trim_end());
        out.push('\n');
    };
    let slot = |e: usize, line: &str| -> String {
        if drawn(e) {
            line.to_string()
        } else {
            format!("{:^3}", label(e).unwrap_or_default())
        }
    };
    for r in 0..=h {
        let mut line = String::from(" + ");
        for c in 0..w {
            line += &slot(r * w + c, "---");
            line += " + ";
        }
        push(line);
        if r < h {
            let mut line = String::new();
            for c in 0..=w {
                line += &slot(horizontals + r * (w + 1) + c, " | ");
                if c < w {
                    line += &format!(" {} ", inside(r * w + c).unwrap_or(' '));
                }
            }
            push(line);
        }
    }
    out
}

fn bad(line: usize, column: usize, reason: &str) -> PositionError {
    PositionError::MalformedDiagram {
        line,
        column,
        reason: reason.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::SmallRng, Rng, SeedableRng};

    #[test]
    fn text_round_trips() {
        for text in ["3x3", "2x1:0,4,5", "5x5:0,17,59", "1x21:63"] {
            let p: Position = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
        }
        let p: Position = " 2x2 : 3 , 1 ".parse().unwrap();
        assert_eq!(p.to_string(), "2x2:1,3");
    }

    #[test]
    fn bad_text_gets_a_typed_error() {
        let err = |t: &str| t.parse::<Position>().unwrap_err();
        assert!(matches!(err("3y3"), PositionError::MalformedSize { .. }));
        assert!(matches!(err("x3"), PositionError::MalformedSize { .. }));
        assert!(matches!(err("6x6"), PositionError::UnknownSize { .. }));
        assert!(matches!(err("0x2"), PositionError::UnknownSize { .. }));
        assert!(matches!(
            err("99999999999999999999x2"),
            PositionError::UnknownSize { .. }
        ));
        assert!(matches!(
            err("1x1:4"),
            PositionError::EdgeOutOfRange {
                edge: 4,
                num_edges: 4
            }
        ));
        assert_eq!(
            err("1x1:99999999999999999999999").to_string(),
            "edge 99999999999999999999999 out of range (this board has edges 0..4)"
        );
        assert!(matches!(
            err("1x1:1,2,1"),
            PositionError::DuplicateEdge { edge: 1 }
        ));
        assert!(matches!(
            err("1x1:1,,2"),
            PositionError::MalformedEdge { .. }
        ));
        assert!(matches!(err("1x1:-1"), PositionError::MalformedEdge { .. }));
    }

    #[test]
    fn diagram_of_a_small_board() {
        // Edge numbers from ARCHITECTURE.md: on 2x1, 0 is the top-left
        // horizontal edge, 4 and 5 the two left verticals.
        let p: Position = "2x1:0,4,5".parse().unwrap();
        assert_eq!(p.diagram(), " + --- +     +\n |     |\n +     +     +\n");
        // The compact form is read too.
        assert_eq!(
            Position::from_diagram("+---+   +\n|   |\n+   +   +\n").unwrap(),
            p
        );
    }

    #[test]
    fn diagrams_round_trip_on_random_positions() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..500 {
            let board = Board::new(rng.gen_range(1..=5), rng.gen_range(1..=5)).unwrap();
            let edges = EdgeSet(rng.gen::<u64>() & board.all_edges().0);
            let p = Position::from_edges(board, edges).unwrap();
            assert_eq!(Position::from_diagram(&p.diagram()).unwrap(), p);
            let indented: String = p.diagram().lines().map(|l| format!("    {l}\n")).collect();
            assert_eq!(
                Position::from_diagram(&format!("\n{indented}\n")).unwrap(),
                p
            );
        }
    }

    #[test]
    fn diagram_interiors_may_hold_marks() {
        let p = Position::from_diagram("+---+\n| A |\n+---+").unwrap();
        assert_eq!(p.to_string(), "1x1:0,1,2,3");
        let p = Position::from_diagram(" + --- +\n |  A  |\n + --- +").unwrap();
        assert_eq!(p.to_string(), "1x1:0,1,2,3");
        assert!(Position::from_diagram(" + --- +\n | A   x\n + --- +").is_err());
    }

    #[test]
    fn bad_diagrams_name_line_and_column() {
        let err = |t: &str| Position::from_diagram(t).unwrap_err();
        assert!(matches!(err(""), PositionError::MalformedDiagram { .. }));
        assert!(matches!(
            err("+-- +\n|   |\n+---+"),
            PositionError::MalformedDiagram {
                line: 1,
                column: 2,
                ..
            }
        ));
        assert!(matches!(
            err("+---+\n| A -\n+---+"),
            PositionError::MalformedDiagram {
                line: 2,
                column: 5,
                ..
            }
        ));
        assert!(matches!(
            err("+---+\n|   |"),
            PositionError::MalformedDiagram { .. }
        ));
        assert!(matches!(
            err("+---+---x\n\n+   +   +"),
            PositionError::MalformedDiagram {
                line: 1,
                column: 9,
                ..
            }
        ));
    }
}
