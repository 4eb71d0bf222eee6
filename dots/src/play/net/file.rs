//! Networks on disk: a small text format, so that a network can be read,
//! compared and edited by hand (a 3x3 network is 465 numbers, about 10 KB),
//! and so that every weight is written exactly (Rust's shortest form that
//! reads back to the same `f64`).
//!
//! ```text
//! # comment lines and blank lines are ignored anywhere
//! cgtk-net 1                 magic and format version
//! board 3x3                  board size in boxes (WxH)
//! hidden 9                   one line per hidden unit follows (one per box)
//! w0 w1 ... w23 t            its weight from each edge's input, then its threshold
//! ...
//! output 24                  one line per output unit follows (one per edge)
//! v0 v1 ... v8 t             its weight from each hidden unit, then its threshold
//! ...
//! ```
//!
//! Numbers are separated by spaces or tabs and must be finite. Hidden
//! units come in box order, output units in edge order, as in
//! [`Network`](super::Network). A file that does not follow this gets a
//! [`NetError`] naming the line; a file that cannot be read, a
//! [`NetFileError`] naming the file.

use std::fmt::Write as _;
use std::path::Path;

use thiserror::Error;

use crate::play::Grid;

use super::Network;

/// The first line of every network file, before the version.
pub const MAGIC: &str = "cgtk-net";

/// The version [`Network::to_text`] writes and [`parse`] reads.
pub const VERSION: u32 = 1;

/// The longest network file [`Network::read`] reads: 4 MiB. The largest
/// network a board of at most 128 edges can have (7x8 boxes: 127 inputs,
/// 56 hidden units, 14,407 weights and thresholds) takes at most about
/// 0.4 MB in the text format (24 characters a number at most, and a
/// separator).
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// What is wrong with the contents of a network file (lines count from 1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NetError {
    /// Bytes that are not UTF-8 text.
    #[error("byte {offset}: not UTF-8 text")]
    NotText {
        /// Offset of the first bad byte.
        offset: usize,
    },
    /// The first line is not `cgtk-net VERSION`.
    #[error("line {line}: not a network file (expected `{MAGIC} {VERSION}`)")]
    BadMagic {
        /// The line.
        line: usize,
    },
    /// A version this build does not read.
    #[error("line {line}: format version {found} (this build reads version {VERSION})")]
    UnsupportedVersion {
        /// The line.
        line: usize,
        /// The version in the file.
        found: String,
    },
    /// A line that is not what the format expects there.
    #[error("line {line}: expected {expected}")]
    Syntax {
        /// The line.
        line: usize,
        /// What the format expects.
        expected: String,
    },
    /// A field that is not a finite number.
    #[error("line {line}, field {field}: {text:?} is not a finite number")]
    BadNumber {
        /// The line.
        line: usize,
        /// The field (from 1).
        field: usize,
        /// The text of the field.
        text: String,
    },
    /// A board size that is malformed or beyond 128 edges.
    #[error("line {line}: bad board size {text:?} (WxH boxes, at most 128 edges)")]
    BadBoard {
        /// The line.
        line: usize,
        /// The size given.
        text: String,
    },
    /// A unit count or a line's count of numbers that does not fit the board.
    #[error("line {line}: {what}: expected {expected} for the board, found {found}")]
    WrongSize {
        /// The line.
        line: usize,
        /// What was counted.
        what: &'static str,
        /// The count the board needs.
        expected: usize,
        /// The count in the file.
        found: usize,
    },
    /// The file ends before the network is complete.
    #[error("line {line}: the file ends early (expected {expected})")]
    Truncated {
        /// The line after the last one.
        line: usize,
        /// What was still expected.
        expected: String,
    },
    /// Text after the last output unit.
    #[error("line {line}: text after the network")]
    Trailing {
        /// The line.
        line: usize,
    },
}

/// A network file that cannot be read or parsed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NetFileError {
    /// The file cannot be read or written.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// The system's message.
        message: String,
    },
    /// The file is longer than [`MAX_FILE_BYTES`].
    #[error("{path}: longer than 4 MiB (the most a network file takes is about 0.4 MB)")]
    TooLong {
        /// The file.
        path: String,
    },
    /// The contents are not a network.
    #[error("{path}: {source}")]
    Parse {
        /// The file.
        path: String,
        /// What is wrong.
        source: NetError,
    },
}

/// Reads a network from the bytes of a network file (never panics, on any
/// bytes).
///
/// # Errors
/// [`NetError`] naming the line (or byte) that is wrong.
pub fn parse(bytes: &[u8]) -> Result<Network, NetError> {
    let text = std::str::from_utf8(bytes).map_err(|e| NetError::NotText {
        offset: e.valid_up_to(),
    })?;
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let last_line = text.lines().count() + 1;
    let mut next = |expected: &str| {
        lines.next().ok_or_else(|| NetError::Truncated {
            line: last_line,
            expected: expected.to_string(),
        })
    };
    let (line, magic) = next(&format!("`{MAGIC} {VERSION}`"))?;
    let mut words = magic.split_whitespace();
    if words.next() != Some(MAGIC) {
        return Err(NetError::BadMagic { line });
    }
    match (words.next(), words.next()) {
        (Some(v), None) if v == VERSION.to_string() => {}
        (Some(v), None) => {
            return Err(NetError::UnsupportedVersion {
                line,
                found: v.chars().take(20).collect(),
            })
        }
        _ => return Err(NetError::BadMagic { line }),
    }
    let keyword = |(line, text): (usize, &str), key: &str| -> Result<String, NetError> {
        match text.split_whitespace().collect::<Vec<_>>()[..] {
            [k, v] if k == key => Ok(v.to_string()),
            _ => Err(NetError::Syntax {
                line,
                expected: format!("`{key} N`"),
            }),
        }
    };
    let board_line = next("`board WxH`")?;
    let size = keyword(board_line, "board")?;
    let grid = Grid::parse(&size).map_err(|_| NetError::BadBoard {
        line: board_line.0,
        text: size.chars().take(20).collect(),
    })?;
    let count = |at: (usize, &str), key: &str, what: &'static str, expected: usize| {
        let v = keyword(at, key)?;
        match v.parse::<usize>() {
            Ok(n) if n == expected => Ok(()),
            Ok(n) => Err(NetError::WrongSize {
                line: at.0,
                what,
                expected,
                found: n,
            }),
            Err(_) => Err(NetError::Syntax {
                line: at.0,
                expected: format!("`{key} N` with a count"),
            }),
        }
    };
    let numbers = |(line, text): (usize, &str), expected: usize, out: &mut Vec<f64>| {
        let before = out.len();
        for (i, field) in text.split_whitespace().enumerate() {
            match field.parse::<f64>() {
                Ok(x) if x.is_finite() => out.push(x),
                _ => {
                    return Err(NetError::BadNumber {
                        line,
                        field: i + 1,
                        text: field.chars().take(40).collect(),
                    })
                }
            }
        }
        let found = out.len() - before;
        if found != expected {
            return Err(NetError::WrongSize {
                line,
                what: "numbers on the line",
                expected,
                found,
            });
        }
        Ok(())
    };
    let (inputs, hidden) = (grid.num_edges(), grid.num_boxes());
    let mut weights = Vec::with_capacity(hidden * (inputs + 1) + inputs * (hidden + 1));
    count(next("`hidden N`")?, "hidden", "hidden units", hidden)?;
    for j in 0..hidden {
        let at = next(&format!("hidden unit {j}"))?;
        numbers(at, inputs + 1, &mut weights)?;
    }
    count(next("`output N`")?, "output", "output units", inputs)?;
    for k in 0..inputs {
        let at = next(&format!("output unit {k}"))?;
        numbers(at, hidden + 1, &mut weights)?;
    }
    if let Some((line, _)) = lines.next() {
        return Err(NetError::Trailing { line });
    }
    Ok(Network::new(&grid, weights).expect("counts and finiteness checked above"))
}

impl Network {
    /// The network in the text format of [`parse`].
    pub fn to_text(&self) -> String {
        let shape = self.shape();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# A Dots-and-Boxes network (Weaver & Bossomaier 1998, §3.2): inputs = edges,"
        );
        let _ = writeln!(
            out,
            "# hidden units = boxes, outputs = edges; each line: weights, then the threshold."
        );
        let _ = writeln!(out, "{MAGIC} {VERSION}");
        let _ = writeln!(out, "board {}x{}", self.width(), self.height());
        let mut rows = Vec::new();
        let mut rest = self.weights();
        for _ in 0..shape.hidden {
            let (row, tail) = rest.split_at(shape.inputs + 1);
            rows.push(row);
            rest = tail;
        }
        let _ = writeln!(out, "hidden {}", shape.hidden);
        for row in &rows {
            out.push_str(&join(row));
        }
        let _ = writeln!(out, "output {}", shape.outputs);
        for row in rest.chunks(shape.hidden + 1) {
            out.push_str(&join(row));
        }
        out
    }

    /// Reads a network file (at most [`MAX_FILE_BYTES`] of it: a longer
    /// file, or an endless one such as `/dev/zero`, is refused after that
    /// many bytes).
    ///
    /// # Errors
    /// [`NetFileError`] naming the file and what is wrong.
    pub fn read(path: &Path) -> Result<Network, NetFileError> {
        use std::io::Read as _;
        let name = path.display().to_string();
        let io = |e: std::io::Error| NetFileError::Io {
            path: name.clone(),
            message: e.to_string(),
        };
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .map_err(io)?
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(NetFileError::TooLong { path: name });
        }
        parse(&bytes).map_err(|source| NetFileError::Parse { path: name, source })
    }

    /// Writes the network to `path` (through a temporary file renamed into
    /// place, so that a reader never sees half a file).
    ///
    /// # Errors
    /// [`NetFileError::Io`].
    pub fn write(&self, path: &Path) -> Result<(), NetFileError> {
        let io = |e: std::io::Error| NetFileError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        std::fs::write(&tmp, self.to_text()).map_err(io)?;
        std::fs::rename(&tmp, path).map_err(io)
    }
}

fn join(row: &[f64]) -> String {
    let mut line = String::new();
    for (i, w) in row.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        let _ = write!(line, "{w}");
    }
    line.push('\n');
    line
}
