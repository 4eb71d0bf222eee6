//! The JSON contract of ARCHITECTURE.md: one [`serde::Serialize`] type for
//! every `--json` output, used by the `cgtk` CLI and by anything else that
//! answers with the same JSON (a web server, a script linking the library).
//!
//! Each type is built from the library's own result (a solver's solution,
//! an evaluation, a thermograph), so the JSON is defined once, here.
//!
//! Fields are declared in alphabetical order: that is the order of the keys
//! in the JSON, which scripts may compare byte for byte. Times are seconds
//! as floating-point numbers; exact rationals are strings (`"-3/4"`).
//!
//! ```
//! use cgtk::report::CompareReport;
//! let report = CompareReport { limit: None, relation: Some("||".into()), steps: None };
//! let json = serde_json::to_string(&report).unwrap();
//! assert_eq!(json, r#"{"relation":"||"}"#);
//! ```

use amazons::{Color, Evaluation, Move, Position};
use cgt::search::{ProofNumbers, SolveResult, Verdict, WinLoss};
use cgt::{Overflow, Rational, Thermograph, Trajectory};
use dots::play::Tournament;
use serde::Serialize;

/// `cgt canon --json` (and `cgt thermograph --json` when a limit stops it
/// before the thermograph).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CanonReport {
    /// The canonical form in CGSuite notation; `null` when a limit stopped
    /// the computation (`limit`, `steps`) or the text is longer than the
    /// output allows (`too_large`).
    pub canonical: Option<String>,
    /// The limit that stopped the computation: `"time"`, `"node"` or
    /// `"interrupt"` (absent when it finished).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'static str>,
    /// Steps taken before the limit (sums and comparisons of games; absent
    /// when it finished).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<u64>,
    /// The size of a canonical form too long to print (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub too_large: Option<TooLarge>,
}

impl CanonReport {
    /// The canonical form of `g` within `output`, or its size when its text
    /// is longer.
    #[must_use]
    pub fn new(
        arena: &cgt::Arena,
        g: cgt::GameId,
        output: cgt::budget::OutputLimit,
    ) -> CanonReport {
        let (canonical, too_large) = match arena.printed(g, output) {
            Ok(text) => (Some(text), None),
            Err(e) => (
                None,
                Some(TooLarge {
                    birthday: arena.birthday(g),
                    bytes: e.bytes,
                }),
            ),
        };
        CanonReport {
            canonical,
            limit: None,
            steps: None,
            too_large,
        }
    }

    /// A computation stopped by `limit` after `steps` steps.
    #[must_use]
    pub fn stopped(limit: cgt::budget::Limit, steps: u64) -> CanonReport {
        CanonReport {
            canonical: None,
            limit: Some(limit.name()),
            steps: Some(steps),
            too_large: None,
        }
    }
}

/// A canonical form longer than the output allows: its size, so that a
/// user can decide to ask for it whole (`--full`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TooLarge {
    /// The game's birthday.
    pub birthday: u64,
    /// The length of its text in bytes.
    pub bytes: u64,
}

/// `cgt incentives --json`: each player's undominated incentives (Left's
/// `G^L - G`, Right's `G - G^R`), as `cgt canon` prints games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IncentivesReport {
    /// Left's incentives; `null` when a limit stopped the computation or
    /// the texts are longer together than the output allows.
    pub left: Option<Vec<String>>,
    /// Right's incentives; `null` as `left` is.
    pub right: Option<Vec<String>>,
    /// The limit that stopped the computation (absent when it finished).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'static str>,
    /// Steps taken before the limit (absent when it finished).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<u64>,
    /// The size of the incentives' texts together, and the largest
    /// birthday, when longer than the output allows (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub too_large: Option<TooLarge>,
}

impl IncentivesReport {
    /// The incentives, printed within `output` (all of them together).
    #[must_use]
    pub fn new(
        arena: &cgt::Arena,
        incentives: &cgt::Incentives,
        output: cgt::budget::OutputLimit,
    ) -> IncentivesReport {
        let all = || incentives.left.iter().chain(&incentives.right);
        let bytes: u64 = all().map(|&g| arena.printed_len(g)).sum();
        if usize::try_from(bytes).map_or(true, |b| b > output.0) {
            return IncentivesReport {
                left: None,
                right: None,
                limit: None,
                steps: None,
                too_large: Some(TooLarge {
                    birthday: all().map(|&g| arena.birthday(g)).max().unwrap_or(0),
                    bytes,
                }),
            };
        }
        let texts = |games: &[cgt::GameId]| games.iter().map(|&g| arena.to_string(g)).collect();
        IncentivesReport {
            left: Some(texts(&incentives.left)),
            right: Some(texts(&incentives.right)),
            limit: None,
            steps: None,
            too_large: None,
        }
    }

    /// A computation stopped as `stopped` says (its limit and steps).
    #[must_use]
    pub fn stopped(stopped: &CanonReport) -> IncentivesReport {
        IncentivesReport {
            left: None,
            right: None,
            limit: stopped.limit,
            steps: stopped.steps,
            too_large: None,
        }
    }
}

/// `cgt compare --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CompareReport {
    /// The limit that stopped the comparison (absent when it finished).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'static str>,
    /// One of `=`, `<`, `>`, `||`; `null` when a limit stopped it.
    pub relation: Option<String>,
    /// Steps taken before the limit (absent when it finished).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<u64>,
}

/// `cgt thermograph --json`, `amazons value --json`, and the thermograph of
/// `db build --json`: the tables built or kept, those left out, and the
/// limit that stopped the build.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DbBuildReport {
    /// `"time"` or `"interrupt"` when a limit stopped the build before its
    /// last table (a later build resumes), else `null`.
    pub limit: Option<&'static str>,
    /// Tables left out for `--max-entries`.
    pub skipped: Vec<DbSkippedReport>,
    /// The tables built or kept, in the order of the build.
    pub tables: Vec<DbTableReport>,
    /// Tables the build was to make (those left out not counted).
    pub total: usize,
}

/// A table of [`DbBuildReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DbTableReport {
    /// The file's size.
    pub bytes: u64,
    /// Its entries.
    pub entries: u64,
    /// Its path.
    pub path: String,
    /// Whether a valid file was already there (nothing built).
    pub resumed: bool,
    /// The build's wall-clock time (0 when resumed).
    pub seconds: f64,
}

/// A table left out of a build or a plan for `--max-entries`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DbSkippedReport {
    /// Its entries.
    pub entries: u64,
    /// The path its file would have.
    pub path: String,
}

/// `db info --json`: every database file named (an invalid one makes the
/// command exit with code 2 after printing it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DbInfoReport {
    /// The files, sorted by path.
    pub files: Vec<DbFileReport>,
}

/// A file of [`DbInfoReport`]: what it holds when valid, else why not
/// (then only `error` and `path` are not null).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DbFileReport {
    /// The file's size.
    pub bytes: Option<u64>,
    /// Its entries.
    pub entries: Option<u64>,
    /// Why it is not valid, `null` when it is.
    pub error: Option<String>,
    /// `simple`, `blocker`, `active` or `dots`.
    pub kind: Option<String>,
    /// Its path.
    pub path: String,
    /// The queen counts of its groups.
    pub queens: Option<Vec<u32>>,
    /// Its box, `WxH`.
    pub size: Option<String>,
}

/// `plan build-shard --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BuildShardReport {
    /// Whether it was built now (`false`: its valid file was there).
    pub built: bool,
    /// The shard's id.
    pub id: String,
}

/// `db query --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThermographReport {
    /// The canonical form (`null` where a database stores none).
    pub canonical: Option<String>,
    /// `LW(0)`.
    pub left_stop: Rational,
    /// The left wall's breakpoints `[t, x]` from t = -1 up to the mast.
    pub left_wall: Vec<[Rational; 2]>,
    /// The mast value.
    pub mean: Rational,
    /// `RW(0)`.
    pub right_stop: Rational,
    /// The right wall's breakpoints `[t, x]` from t = -1 up to the mast.
    pub right_wall: Vec<[Rational; 2]>,
    /// Where the walls meet the mast.
    pub temperature: Rational,
    /// The size of a canonical form too long to print (`canonical` is then
    /// `null`; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub too_large: Option<TooLarge>,
}

impl ThermographReport {
    /// The report of `thermograph`, whose canonical form is `canonical`.
    ///
    /// # Errors
    /// [`Overflow`] if a stop is out of the rationals' range.
    pub fn new(canonical: Option<&str>, t: &Thermograph) -> Result<ThermographReport, Overflow> {
        let (temperature, mast) = (t.temperature(), t.mast());
        let wall = |w| {
            wall_points(w, temperature, mast)
                .into_iter()
                .map(|(t, x)| [t, x])
                .collect()
        };
        Ok(ThermographReport {
            canonical: canonical.map(str::to_owned),
            left_stop: t.left_stop()?,
            left_wall: wall(&t.left_wall),
            mean: mast,
            right_stop: t.right_stop()?,
            right_wall: wall(&t.right_wall),
            temperature,
            too_large: None,
        })
    }
}

impl ThermographReport {
    /// The report of `thermograph` with the canonical form `canonical`
    /// reported as `cgt canon` does (its text, or its size when too large).
    ///
    /// # Errors
    /// [`Overflow`] if a stop is out of the rationals' range.
    pub fn with_canonical(
        canonical: &CanonReport,
        t: &Thermograph,
    ) -> Result<ThermographReport, Overflow> {
        let mut report = ThermographReport::new(canonical.canonical.as_deref(), t)?;
        report.too_large = canonical.too_large;
        Ok(report)
    }
}

/// The breakpoints `(t, x)` of a wall from t = -1 up to where it joins the
/// mast.
pub fn wall_points(
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

/// Why a search stopped, for people: "time limit reached", "node limit
/// reached" or "interrupted" (Ctrl-C); `limit` as [`cgt::budget::Limit::name`] gives it.
pub fn stop_reason(limit: &str) -> String {
    match limit {
        "interrupt" => "interrupted".to_owned(),
        limit => format!("{limit} limit reached"),
    }
}

/// `amazons value --json` when a limit stops it: which limit, and the
/// positions valued.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueLimitReport {
    /// `"time"`, `"node"`, `"memory"` (the `--tt-mb` bound) or `"interrupt"`.
    pub limit: &'static str,
    /// Positions valued before the stop.
    pub positions: u64,
}

/// `dots solve --json`. When a limit ends the search, `value` is `null`,
/// `best_moves` empty, and `limit`, `lower` and `upper` say which limit and
/// the bounds on the value reached (these three are absent otherwise).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DotsSolveReport {
    /// Every move that achieves the value, in increasing edge order.
    pub best_moves: Vec<dots::Edge>,
    /// `"time"` or `"node"` when a limit ended the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'static str>,
    /// The least value still possible, when a limit ended the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower: Option<i32>,
    /// Search nodes of all threads.
    pub nodes: u64,
    /// Wall-clock time.
    pub seconds: f64,
    /// The greatest value still possible, when a limit ended the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upper: Option<i32>,
    /// Boxes the player to move takes minus the opponent's, over the boxes
    /// not yet completed, under optimal play.
    pub value: Option<i32>,
}

impl DotsSolveReport {
    /// The report of `solution`, found in `seconds`.
    pub fn new(solution: &dots::Solution, seconds: f64) -> DotsSolveReport {
        DotsSolveReport {
            best_moves: solution.best_moves.clone(),
            limit: None,
            lower: None,
            nodes: solution.nodes,
            seconds,
            upper: None,
            value: Some(solution.value),
        }
    }

    /// The report of a search a limit ended after `seconds`.
    pub fn interrupted(i: &dots::Interrupted, seconds: f64) -> DotsSolveReport {
        DotsSolveReport {
            best_moves: Vec::new(),
            limit: Some(i.limit.name()),
            lower: Some(i.lower),
            nodes: i.nodes,
            seconds,
            upper: Some(i.upper),
            value: None,
        }
    }
}

/// One move of [`DotsAnalyzeReport`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct EdgeValue {
    /// The edge drawn.
    pub edge: dots::Edge,
    /// Whether the move offers the opponent a loony position (Berlekamp
    /// 2000): a capturable chain of two or more, or a loop, where the
    /// opponent may take all or decline the last boxes.
    pub loony: bool,
    /// The value for the player who draws it (counting the boxes it
    /// completes).
    pub value: i32,
}

/// `dots analyze --json` (and `dots table query --json`, with `nodes` 0).
/// When a limit ends the search, as in [`DotsSolveReport`]: `value` null,
/// `moves` empty, and `limit`, `lower`, `upper`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DotsAnalyzeReport {
    /// `"time"` or `"node"` when a limit ended the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'static str>,
    /// The least value still possible, when a limit ended the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower: Option<i32>,
    /// Every legal move, in increasing edge order.
    pub moves: Vec<EdgeValue>,
    /// Search nodes of all threads.
    pub nodes: u64,
    /// Wall-clock time.
    pub seconds: f64,
    /// The greatest value still possible, when a limit ended the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upper: Option<i32>,
    /// The value of the position: the best of the moves' values.
    pub value: Option<i32>,
}

impl DotsAnalyzeReport {
    /// The report of `analysis` of `pos`, found in `seconds`.
    pub fn new(pos: &dots::Position, analysis: &dots::Analysis, seconds: f64) -> DotsAnalyzeReport {
        let loony = dots::nimstring::loony_moves(pos);
        DotsAnalyzeReport {
            limit: None,
            lower: None,
            moves: analysis
                .moves
                .iter()
                .map(|&(e, value)| EdgeValue {
                    edge: e,
                    loony: loony.contains(e),
                    value,
                })
                .collect(),
            nodes: analysis.nodes,
            seconds,
            upper: None,
            value: Some(analysis.value),
        }
    }

    /// The report of a search a limit ended after `seconds`.
    pub fn interrupted(i: &dots::Interrupted, seconds: f64) -> DotsAnalyzeReport {
        DotsAnalyzeReport {
            limit: Some(i.limit.name()),
            lower: Some(i.lower),
            moves: Vec::new(),
            nodes: i.nodes,
            seconds,
            upper: Some(i.upper),
            value: None,
        }
    }
}

/// `dots show --json`: the board and its edges, numbered as `dots show
/// --edges` draws them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DotsShowReport {
    /// The drawn edges, in increasing order.
    pub drawn: Vec<usize>,
    /// Rows of boxes.
    pub height: usize,
    /// The position, `WxH` or `WxH:e,e,...`.
    pub position: String,
    /// The undrawn edges (the legal moves), in increasing order.
    pub undrawn: Vec<usize>,
    /// Columns of boxes.
    pub width: usize,
}

impl DotsShowReport {
    /// The report of `pos`.
    pub fn new(pos: &dots::Position) -> DotsShowReport {
        let board = pos.board();
        DotsShowReport {
            drawn: pos.edges().iter().map(|e| e.index()).collect(),
            height: board.height(),
            position: pos.to_string(),
            undrawn: pos.legal_moves().iter().map(|e| e.index()).collect(),
            width: board.width(),
        }
    }
}

/// `white` or `black`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The player who wins from `pos` by a search's verdict for the player to
/// move (`None` while it is unknown).
pub fn winner(pos: &Position, verdict: Verdict) -> Option<Color> {
    match verdict {
        Verdict::Proven(WinLoss::Win) => Some(pos.to_move()),
        Verdict::Proven(WinLoss::Loss) => Some(pos.to_move().opposite()),
        Verdict::Unknown(_) => None,
    }
}

/// `amazons solve --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AmazonsSolveReport {
    /// A winning move when the player to move wins.
    pub best_move: Option<String>,
    /// `"time"` or `"node"` when a limit ended the search, else `null`.
    pub limit: Option<&'static str>,
    /// Nodes of all threads.
    pub nodes: u64,
    /// The principal variation, with `--pv` on a proven result (absent
    /// otherwise): see `ProofTree::principal_variation`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pv: Option<Vec<String>>,
    /// The root's disproof number (`null` for infinity).
    pub root_dn: Option<u32>,
    /// The root's proof number (`null` for infinity).
    pub root_pn: Option<u32>,
    /// Wall-clock time.
    pub seconds: f64,
    /// `"proved"` or `"unknown"`.
    pub status: &'static str,
    /// The player to move at the root.
    pub to_move: &'static str,
    /// The player who wins, `null` when unknown.
    pub winner: Option<&'static str>,
}

impl AmazonsSolveReport {
    /// The report of a search of `pos`.
    pub fn new(pos: &Position, result: &SolveResult<Move>) -> AmazonsSolveReport {
        let winner = winner(pos, result.verdict);
        // Proof numbers as JSON numbers, infinity as null.
        let number = |x: u32| (x != ProofNumbers::INFINITY).then_some(x);
        AmazonsSolveReport {
            best_move: result.best_move.map(|m| m.to_string()),
            limit: match result.verdict {
                Verdict::Unknown(limit) => Some(limit.name()),
                Verdict::Proven(_) => None,
            },
            nodes: result.nodes,
            pv: None,
            root_dn: number(result.root.dn),
            root_pn: number(result.root.pn),
            seconds: result.elapsed.as_secs_f64(),
            status: if winner.is_some() {
                "proved"
            } else {
                "unknown"
            },
            to_move: color_name(pos.to_move()),
            winner: winner.map(color_name),
        }
    }
}

/// `amazons moves --json`: a position and the legal moves of its side to
/// move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AmazonsMovesReport {
    /// The position (after the moves played, if any), as text.
    pub position: String,
    /// Its board, `WxH`.
    pub size: String,
    /// The side to move: `"white"` or `"black"`.
    pub to_move: &'static str,
    /// The legal moves of the side to move, queen by queen (from the lowest
    /// square: `A1`, `B1`, ..., `A2`, ...), then by destination, then by
    /// arrow; none when it has lost.
    pub moves: Vec<String>,
}

/// `amazons perft --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AmazonsPerftReport {
    /// The number of moves of each sequence.
    pub depth: u32,
    /// `"time"` or `"interrupt"` when a limit stopped the count (then
    /// `sequences` is a lower bound), else `null`.
    pub limit: Option<&'static str>,
    /// The number of move sequences of `depth` moves (those counted so far
    /// when a limit stopped it).
    pub sequences: u64,
}

/// `amazons convert-proof --json`: the file written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConvertProofReport {
    /// Whether it is gzip-compressed.
    pub compressed: bool,
    /// The version of the file format written.
    pub format: u32,
    /// The proof's nodes.
    pub nodes: usize,
    /// Its path.
    pub output: String,
}

/// `amazons check-proof --json` (an invalid proof is an error, exit 2).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckProofReport {
    /// The checker's counts: `depth`, `evaluated_leaves`,
    /// `no_move_leaves`, `nodes`, `searched_leaves` (keys of this object).
    #[serde(flatten)]
    pub stats: cgt::search::ProofStats,
    /// Wall-clock time of the check.
    pub seconds: f64,
    /// Always `true`: the proof proves its claim.
    pub valid: bool,
}

/// `amazons check-proof --json` when a limit (`--time-limit`, Ctrl-C)
/// stopped the check before every leaf was decided: no verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckProofStoppedReport {
    /// `"time"` or `"interrupt"`.
    pub limit: &'static str,
    /// The node reached (`null`: the file was still being read).
    pub node: Option<usize>,
    /// Wall-clock time until the stop.
    pub seconds: f64,
    /// Always `null`: no verdict.
    pub valid: Option<bool>,
}

impl CheckProofReport {
    /// The report of a check that accepted a proof in `seconds`.
    pub fn new(stats: &cgt::search::ProofStats, seconds: f64) -> CheckProofReport {
        CheckProofReport {
            stats: *stats,
            seconds,
            valid: true,
        }
    }
}

/// One area of [`AmazonsEvalReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AreaJson {
    /// The area's bounds, as Song & Müller (2015) print them (`[1, 2+e]`).
    pub bounds: String,
    /// Its kind: `dead`, `simple territory (black)`, `active`, ...
    pub kind: String,
    /// Where the bounds come from (`exact search`, `database`, ...).
    pub source: String,
    /// Its empty squares.
    pub squares: Vec<String>,
}

/// `amazons eval --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AmazonsEvalReport {
    /// The areas of the partition.
    pub areas: Vec<AreaJson>,
    /// The bounds of the sum.
    pub bounds: String,
    /// The player to move.
    pub to_move: &'static str,
    /// The player who wins from this position with `to_move` to move, or
    /// `unknown`.
    pub verdict: &'static str,
}

impl AmazonsEvalReport {
    /// The report of the evaluation `eval` of `pos`.
    pub fn new(pos: &Position, eval: &Evaluation) -> AmazonsEvalReport {
        AmazonsEvalReport {
            areas: eval
                .areas
                .iter()
                .map(|r| AreaJson {
                    bounds: r.bounds.to_string(),
                    kind: r.area.kind.to_string(),
                    source: r.source.to_string(),
                    squares: r.area.squares().squares().map(|s| s.to_string()).collect(),
                })
                .collect(),
            bounds: eval.bounds.to_string(),
            to_move: color_name(pos.to_move()),
            verdict: eval.verdict.map_or("unknown", color_name),
        }
    }
}

/// `db query --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DbQueryReport {
    /// A best move of a territory's owner, if the table stores one.
    pub best_move: Option<String>,
    /// Whether a database answered.
    pub found: bool,
    /// `simple`, `blocker` or `active`; `null` when not found.
    pub kind: Option<&'static str>,
    /// How many moves the owner can make in a territory.
    pub moves: Option<u32>,
    /// The thermograph of an active area.
    pub thermograph: Option<ThermographReport>,
}

impl DbQueryReport {
    /// The report of a query no database answered.
    pub fn not_found() -> DbQueryReport {
        DbQueryReport {
            best_move: None,
            found: false,
            kind: None,
            moves: None,
            thermograph: None,
        }
    }
}

/// One line of JSON, as every `--json` output prints it.
///
/// # Panics
/// Never for the types of this module (they hold only strings, numbers,
/// lists and options).
pub fn to_json_line<T: Serialize>(report: &T) -> String {
    serde_json::to_string(report).expect("reports serialize")
}

/// `plan status --json`: where every shard of a plan stands, from the
/// files in its directory.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanStatusReport {
    /// The plan's name.
    pub plan: String,
    /// Shards in the plan.
    pub shards: usize,
    /// Shards built (a solve shard: proved).
    pub done: usize,
    /// Solve shards stopped by a limit, and gathers with a move unknown.
    pub unknown: usize,
    /// Shards without valid output.
    pub missing: usize,
    /// Solve shards not searched because their line was decided above
    /// them.
    pub needless: usize,
    /// Every shard, in the plan's order.
    pub results: Vec<ShardStatusReport>,
}

/// `plan simulate`: a solve plan on a number of workers, each shard's
/// time from its result file or assumed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanSimulationReport {
    /// The plan's name.
    pub plan: String,
    /// One-core workers simulated.
    pub workers: usize,
    /// Shards in the plan.
    pub shards: usize,
    /// Solve shards with a time in their result file.
    pub recorded: usize,
    /// Of those, shards stopped by a limit: their time is a lower bound.
    pub stopped: usize,
    /// Solve shards without a result, each assumed to take
    /// `assumed_seconds`.
    pub assumed: usize,
    /// The time assumed for a shard without a result (and at least for a
    /// stopped one the next run retries).
    pub assumed_seconds: f64,
    /// The whole plan from the start: the shards' seconds added up.
    pub work: f64,
    /// The whole plan from the start: the simulated wall time.
    pub makespan: f64,
    /// Mean busy workers over that wall time.
    pub mean_busy: f64,
    /// What the next run builds: the shards' seconds added up.
    pub left_work: f64,
    /// What the next run builds: the simulated wall time.
    pub left_makespan: f64,
}

/// One shard of [`PlanStatusReport`]; the fields after `state` are those
/// of a solve shard's result file (null for other shards).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShardStatusReport {
    /// The shard's id.
    pub id: String,
    /// `"done"`, `"unknown"`, `"missing"` or `"needless"`.
    pub state: &'static str,
    /// Whether the next run of the plan builds it again (a missing shard,
    /// a gather with a move unknown, a solve stopped under other options).
    pub retried: bool,
    /// `white` or `black`, when proved.
    pub winner: Option<String>,
    /// A winning move, when the player to move wins.
    pub best_move: Option<String>,
    /// `time` or `node` when a limit stopped a solve.
    pub limit: Option<String>,
    /// A needless shard: the shard whose proved result decided the line
    /// above it.
    pub decided_by: Option<String>,
    /// Df-pn nodes (a gather: the sum over its moves' shards).
    pub nodes: Option<u64>,
    /// Seconds (a gather: the sum over its moves' shards).
    pub seconds: Option<f64>,
    /// Bytes of the proof file, when proved.
    pub proof_bytes: Option<u64>,
    /// A gather: its legal moves.
    pub moves: Option<usize>,
    /// A gather: its moves whose shards are proved.
    pub settled_moves: Option<usize>,
    /// A Dots solve shard: its position's value for the player to move
    /// there, when known.
    pub value: Option<i32>,
    /// A Dots solve shard: the bounds `[lower, upper]` on that value.
    pub bounds: Option<[i32; 2]>,
    /// A Dots solve shard below the root: the value of the line's last
    /// move for the player who made it (as `dots analyze` gives it), when
    /// known.
    pub move_value: Option<i32>,
    /// A Dots solve shard below the root: the bounds on that move's value.
    pub move_bounds: Option<[i32; 2]>,
}

/// `dots table build --json` and `plan run --json`: what a run of a plan
/// did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanRunReport {
    /// The board, `WxH` (`dots table build` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Shards built by this run.
    pub built: usize,
    /// Shards whose valid files were already there.
    pub kept: usize,
    /// The limit that stopped the run before every shard was built
    /// (`"time"` or `"interrupt"`; a later run resumes), else null.
    pub limit: Option<&'static str>,
    /// The most bytes of shards held in memory at once.
    pub peak_loaded_bytes: usize,
    /// Wall-clock time.
    pub seconds: f64,
    /// Shards in the plan.
    pub shards: usize,
}

/// One board's table of [`TableInfoReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableInfoEntry {
    /// Bits per stored value.
    pub bits_per_value: u32,
    /// The board, `WxH`.
    pub board: String,
    /// Positions of the whole board (2 to the number of edges).
    pub board_positions: u64,
    /// Bytes of the valid files.
    pub bytes: u64,
    /// Whether every shard file is there and valid.
    pub complete: bool,
    /// Shard files the table needs.
    pub files: usize,
    /// Positions stored in the valid files.
    pub positions: u64,
    /// Of the files, those that read back valid.
    pub valid: usize,
}

/// `dots table info --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableInfoReport {
    /// Every board with shard files in the directory.
    pub tables: Vec<TableInfoEntry>,
}

/// One pair's results in `dots tournament --json` (ARCHITECTURE.md).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairReport {
    /// The first player (moves first in even-numbered games).
    pub a: String,
    /// The second player.
    pub b: String,
    /// Games `a` won.
    pub a_wins: usize,
    /// Games `b` won.
    pub b_wins: usize,
    /// Tied games.
    pub ties: usize,
    /// Mean boxes of `a` minus `b`, null when the pair played no game (a
    /// tournament stopped by a limit).
    pub a_margin: Option<f64>,
    /// Games played.
    pub games: usize,
}

/// One rating in `dots tournament --json`: every player has one, with null
/// fields for a player that played no game (a tournament stopped by a
/// limit).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingReport {
    /// The player.
    pub player: String,
    /// Bradley-Terry rating on the Elo scale.
    pub rating: Option<f64>,
    /// Low end of the 95 % interval.
    pub low: Option<f64>,
    /// High end of the 95 % interval.
    pub high: Option<f64>,
}

/// `dots tournament --json` (ARCHITECTURE.md), plus the crosstable: row
/// player's score against the column player (wins plus half the ties, over
/// games), null on the diagonal.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentReport {
    /// The board, `WxH` boxes.
    pub board: String,
    /// Games each pair played.
    pub games_per_pair: usize,
    /// The tournament seed.
    pub seed: u64,
    /// Every pair.
    pub pairs: Vec<PairReport>,
    /// Every player's rating.
    pub ratings: Vec<RatingReport>,
    /// The players, in the crosstable's order.
    pub players: Vec<String>,
    /// Row player's score against the column player (wins plus half the ties, over games), null on the diagonal
    /// and for pairs that played no game.
    pub crosstable: Vec<Vec<Option<f64>>>,
    /// The limit that stopped the tournament before every game was played
    /// (`"time"` or `"interrupt"`; the results are those of the games
    /// played), else null.
    pub limit: Option<&'static str>,
}

impl From<&Tournament> for TournamentReport {
    fn from(t: &Tournament) -> TournamentReport {
        TournamentReport {
            board: t.board.clone(),
            games_per_pair: t.games_per_pair,
            seed: t.seed,
            pairs: t
                .pairs
                .iter()
                .map(|p| PairReport {
                    a: p.a.clone(),
                    b: p.b.clone(),
                    a_wins: p.a_wins,
                    b_wins: p.b_wins,
                    ties: p.ties,
                    a_margin: p.margin(),
                    games: p.games(),
                })
                .collect(),
            ratings: t
                .players
                .iter()
                .map(|name| {
                    let r = t.rating(name);
                    RatingReport {
                        player: name.clone(),
                        rating: r.map(|r| r.rating),
                        low: r.map(|r| r.low),
                        high: r.map(|r| r.high),
                    }
                })
                .collect(),
            players: t.players.clone(),
            crosstable: t.crosstable(),
            limit: t.stopped.map(cgt::budget::Limit::name),
        }
    }
}

/// One player's line of `dots score --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreReport {
    /// The player.
    pub player: String,
    /// Games played.
    pub games: usize,
    /// Moves made.
    pub moves: u64,
    /// Moves of the position's value.
    pub optimal_moves: u64,
    /// `optimal_moves / moves`.
    pub optimal_share: f64,
    /// Boxes given away: the sum over its moves of value(best) - value(chosen).
    pub boxes_given: i64,
    /// `boxes_given / games`.
    pub given_per_game: f64,
    /// Games won.
    pub wins: usize,
    /// Tied games.
    pub ties: usize,
    /// Games lost.
    pub losses: usize,
}

/// `dots nimber --json` (ARCHITECTURE.md): the value (`nimber` null when
/// loony), the value after every legal move in increasing edge order, and
/// the components. When a limit stops it, `limit` names the limit, the
/// value is unknown unless it was found before (`nimber` null and `loony`
/// false), and `components` and `moves` hold those valued before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimberReport {
    /// The nimber, or null when the position is loony or its value was not
    /// found before the limit.
    pub nimber: Option<u32>,
    /// Whether the player to move has been offered a loony move.
    pub loony: bool,
    /// Every legal move valued, in increasing edge order (all of them
    /// unless a limit stopped the work).
    pub moves: Vec<NimberMove>,
    /// The connected components valued, in the order of their lowest edge
    /// (all of them unless a limit stopped the work).
    pub components: Vec<NimberComponent>,
    /// The limit that stopped the work (`"time"`, `"node"` or
    /// `"interrupt"`), else null.
    pub limit: Option<&'static str>,
    /// Component positions valued (the unit of `--node-limit`).
    pub positions: u64,
}

/// One legal move and the value of the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimberMove {
    /// The edge drawn.
    pub edge: usize,
    /// The value after the move, or null when loony.
    pub nimber: Option<u32>,
    /// Whether the position after the move is loony.
    pub loony: bool,
    /// Boxes the move completes (the mover then moves again).
    pub captures: usize,
    /// Whether the move wins the Nimstring game (completes no box and
    /// leaves 0, or completes a box and leaves a non-zero value).
    pub winning: bool,
}

/// One connected component of the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimberComponent {
    /// Its unfinished boxes (`row * width + col`).
    pub boxes: Vec<usize>,
    /// Its undrawn edges.
    pub edges: Vec<usize>,
    /// Its value, or null when loony.
    pub nimber: Option<u32>,
    /// Whether it is loony.
    pub loony: bool,
}

/// `dots move --json`: the edge a player draws in a game record's
/// position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DotsMoveReport {
    /// The edge drawn.
    pub edge: usize,
    /// The player's name, as given.
    pub player: String,
}

/// One snapshot of `dots train --json`: the population's proficiency.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrainSnapshotReport {
    /// The best member's share of games won against level 0 (random).
    pub best_level0: f64,
    /// The best member's share of games won against level 1.
    pub best_level1: f64,
    /// Training games played by then.
    pub games: u64,
    /// Generations (or back-propagation epochs) done.
    pub generation: usize,
    /// The mean member's share against level 0.
    pub mean_level0: f64,
    /// The mean member's share against level 1.
    pub mean_level1: f64,
}

/// `dots train --json`: the run and the network written.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrainReport {
    /// The board, `WxH` boxes.
    pub board: String,
    /// Training games played.
    pub games: u64,
    /// Generations (or epochs) run.
    pub generations: usize,
    /// The written network's share of games won against level 0 (2,000
    /// games, after the last snapshot).
    pub level0: f64,
    /// The same against level 1.
    pub level1: f64,
    /// The limit that stopped the training before the generations asked
    /// (`"time"` or `"interrupt"`), else null.
    pub limit: Option<&'static str>,
    /// `direct`, `round-robin`, `antibody` or `backprop`.
    pub method: String,
    /// Direct evolution's opponent (`random` or `level1`), else null.
    pub opponent: Option<String>,
    /// The file written.
    pub out: String,
    /// Wall-clock time.
    pub seconds: f64,
    /// The seed.
    pub seed: u64,
    /// Every snapshot, in order.
    pub snapshots: Vec<TrainSnapshotReport>,
}

/// The principal variation of a Dots-and-Boxes position (`/api/dots/pv`):
/// best moves played one after another (the lowest-numbered optimal move
/// each time) until the game ends or a limit stops the search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DotsPvReport {
    /// The value of the position for the player to move (boxes they take
    /// minus boxes the opponent takes, of those left), null when a limit
    /// stopped the search before the first move was found.
    pub value: Option<i32>,
    /// The moves of the variation, in the order played: all moves to the
    /// end of the game unless `limit` is set.
    pub moves: Vec<DotsPvMove>,
    /// `"time"`, `"node"` or `"interrupt"` when a limit ended the variation
    /// early, else null.
    pub limit: Option<&'static str>,
    /// Search nodes of all steps (0 for steps answered by a table).
    pub nodes: u64,
}

/// One move of [`DotsPvReport`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DotsPvMove {
    /// The edge drawn.
    pub edge: usize,
    /// The value of the position before the move for the player who makes
    /// it (the value the move keeps).
    pub value: i32,
    /// Boxes the move completes (the mover then moves again).
    pub captures: usize,
}

/// How a move of a reviewed game compares with the best move of the
/// position before it (the rule is [`crate::ops::dots::classify`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveClass {
    /// It keeps the position's value (loss 0).
    Best,
    /// It costs boxes but keeps the game's result for its mover.
    Mistake,
    /// It changes the game's result for its mover (a win to a tie or a
    /// loss, a tie to a loss).
    Blunder,
}

impl MoveClass {
    /// `best`, `mistake` or `blunder` (as in the JSON).
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }
}

/// `dots review --json` (and `/api/dots/review`): the positions of a game
/// record, each analysed, and every move measured against the best move of
/// the position before it. Every `margin` is the first player's final
/// margin (boxes of the first player minus the second's at the end of the
/// game) under perfect play from there, counting the boxes taken so far.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DotsReviewReport {
    /// The board, `WxH`.
    pub board: String,
    /// The first position analysed: the ones before it are only replayed.
    pub from: usize,
    /// `"time"`, `"node"` or `"interrupt"` when a limit ended the review
    /// before its last position (a position stopped by the time per
    /// position alone does not end it), else null.
    pub limit: Option<&'static str>,
    /// The moves played from the positions analysed, in order (move `ply`
    /// is played from position `ply - 1`).
    pub moves: Vec<ReviewMove>,
    /// Search nodes of all positions (0 for positions a table answered).
    pub nodes: u64,
    /// The positions analysed, from position `from` (after `from` moves)
    /// to the end of the record, or up to the one a limit stopped.
    pub positions: Vec<ReviewPosition>,
    /// Wall-clock time.
    pub seconds: f64,
}

/// One position of [`DotsReviewReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewPosition {
    /// `"time"`, `"node"` or `"interrupt"` when a limit stopped its
    /// analysis (the review's, or its own time per position).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<&'static str>,
    /// The first player's final margin under perfect play (null when a
    /// limit stopped its analysis).
    pub margin: Option<i32>,
    /// When a limit stopped its analysis: the least and greatest first
    /// player's margins still possible.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin_range: Option<[i32; 2]>,
    /// Every legal move (none when the game is over or a limit stopped the
    /// analysis), in increasing edge order.
    pub moves: Vec<ReviewEdge>,
    /// Search nodes of its analysis (0 from a table or at the game's end).
    pub nodes: u64,
    /// Moves played before it.
    pub ply: usize,
    /// Boxes taken so far: the first player's, the second's.
    pub score: [usize; 2],
    /// `"first"` or `"second"`: the player to move.
    pub to_move: &'static str,
    /// Its value for the player to move (boxes they take minus boxes the
    /// opponent takes, of those left), as `dots analyze` gives it.
    pub value: Option<i32>,
}

/// One legal move of [`ReviewPosition`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewEdge {
    /// The edge.
    pub edge: usize,
    /// Whether it offers the opponent a loony position (as in `dots
    /// analyze`).
    pub loony: bool,
    /// The first player's final margin after it, under perfect play.
    pub margin: i32,
    /// Its value for the player who draws it (counting the boxes it
    /// completes), as `dots analyze` gives it.
    pub value: i32,
}

/// One move of [`DotsReviewReport`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewMove {
    /// The value of the position before it for its mover (the best move's).
    pub best: i32,
    /// Boxes it completes (its mover then moves again).
    pub captures: usize,
    /// `best`, `mistake` or `blunder`.
    pub class: MoveClass,
    /// The edge drawn.
    pub edge: usize,
    /// `best` minus `value`: the boxes it gives away (0 or more).
    pub loss: i32,
    /// The first player's final margin after it, under perfect play.
    pub margin: i32,
    /// `"first"` or `"second"`.
    pub mover: &'static str,
    /// Which move of the record it is (1 for the first).
    pub ply: usize,
    /// Its value for its mover (counting the boxes it completes).
    pub value: i32,
}

/// `dots chains --json` (and `/api/dots/chains`): the chains and loops of
/// a Dots-and-Boxes position as the solver's chain rules see them at a
/// quiet node: maximal runs of boxes with two undrawn sides each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DotsChainsReport {
    /// Every chain and loop, by its lowest box.
    pub chains: Vec<ChainReport>,
    /// Chains of three or more boxes.
    pub long_chains: usize,
    /// Loops.
    pub loops: usize,
}

/// One chain or loop of [`DotsChainsReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChainReport {
    /// Its boxes (`r * W + c` for row `r` from the top, column `c` from the
    /// left), in increasing order.
    pub boxes: Vec<usize>,
    /// Where a chain's two ends lead (none for a loop).
    pub ends: Vec<ChainEnd>,
    /// `"chain"` or `"loop"`.
    pub kind: &'static str,
    /// Boxes in it.
    pub length: usize,
    /// A long chain (three boxes or more) or a loop: what decides who
    /// keeps control in the endgame (Berlekamp 2000).
    pub long: bool,
}

/// Where one end of a chain leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ChainEnd {
    /// The box past the end (null for the ground: the board's edge).
    #[serde(rename = "box")]
    pub box_index: Option<usize>,
    /// `"ground"` (an open end at the board's edge), `"joint"` (a box with
    /// three or four undrawn sides, where chains meet) or `"capturable"`
    /// (a box with one undrawn side: the chain can be taken from there).
    pub kind: &'static str,
}

/// `amazons move --json` (and `/api/amazons/move`): the computer player's
/// move ([`amazons::player`]) and how it was found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AmazonsMoveReport {
    /// The move (`B1-B4xD4`), null when the side to move has none (it has
    /// lost).
    pub best_move: Option<String>,
    /// The deepest iteration of the search that counted, in plies (0: the
    /// budget ended before the first, and the move is the first legal one).
    pub depth: u32,
    /// `"time"`, `"node"` or `"interrupt"` when the budget ended the search,
    /// null when it ended by proving the result or at its depth limit.
    pub limit: Option<&'static str>,
    /// Positions searched.
    pub nodes: u64,
    /// Whether `score` is exact (a proved win or loss, or an iteration in
    /// which the full-board evaluation decided every leaf).
    pub proved: bool,
    /// The move's score for the player to move: ±(1000000 − plies to the
    /// end) when proved, else the queen-distance territory score of the
    /// position it leads to.
    pub score: i32,
    /// Wall-clock time.
    pub seconds: f64,
    /// The player to move.
    pub to_move: &'static str,
    /// The winner the search proved, null when it did not.
    pub winner: Option<&'static str>,
}
