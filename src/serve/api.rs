//! The JSON API: `GET /api/<command path>?<option>=<value>` answers the JSON
//! the matching CLI command prints with `--json` (the types of
//! [`cgtk::report`]), built by the same functions. Bad input: HTTP 400 with
//! the CLI's one-line message. The searches also run as jobs
//! (`POST /api/jobs/<route>`, `GET /api/job/<n>`, `POST /api/job/<n>/stop`;
//! see [`super::jobs`]), which report their progress and stop on request.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Result;
use axum::extract::{Path, Query, State as Extract};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use cgt::budget::OutputLimit;
use cgt::search::{Limits, StopFlag};
use cgtk::ops::amazons as amazons_ops;
use cgtk::ops::bounds;
use cgtk::ops::cgt::{canonical_text, CgtOptions, Thermographed, Transform};
use cgtk::ops::dots::{MoveOptions, SolveOptions, MOVE_MS};
use cgtk::report::ThermographReport;
use cgtk::{ops, svg};
use serde::Serialize;
use tokio::sync::Semaphore;

use super::jobs;
use crate::output::{bad_input, one_line, BadInput};

/// The longest search a request may ask for, in seconds (also the limit of
/// a search that names none).
pub const MAX_SECONDS: f64 = 60.0;

/// The transposition table of a search, in MiB.
const TABLE_MB: usize = 64;

/// The largest Nimstring work limit (component positions) of a request.
const MAX_NIMBER_NODES: usize = 20_000_000;

/// How long a request waits for a turn of its class before the answer
/// "busy" (HTTP 503).
const QUEUE_SECONDS: u64 = 30;

/// How many computations of each [`Class`] run at once (each Dots and
/// Amazons search with a table of [`TABLE_MB`], an Amazons value with at
/// most [`amazons_ops::VALUE_TT_MB`]).
const TURNS: usize = 2;

/// The classes of computing routes. Each has a pool of turns of its own, so
/// that a flood of one cannot hold up the others; a request waits for a
/// turn (at most [`QUEUE_SECONDS`]) and holds it until its computation has
/// ended, stopped or not, even when its client went away earlier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// `/dots/analyze`.
    DotsAnalysis,
    /// `/dots/nimber`.
    Nimstring,
    /// `/dots/move`.
    DotsMove,
    /// `/amazons/solve`, `/amazons/value`, `/amazons/value.svg`.
    Amazons,
    /// `/cgt/*`.
    Cgt,
}

impl Class {
    /// Every class, in the order of [`State::pools`] (the order of the
    /// variants, which index it).
    const ALL: [Class; 5] = [
        Class::DotsAnalysis,
        Class::Nimstring,
        Class::DotsMove,
        Class::Amazons,
        Class::Cgt,
    ];

    /// The class in words, for the answer "busy".
    const fn name(self) -> &'static str {
        match self {
            Class::DotsAnalysis => "Dots analyses",
            Class::Nimstring => "Nimstring values",
            Class::DotsMove => "Dots players' moves",
            Class::Amazons => "Amazons searches and values",
            Class::Cgt => "game calculations",
        }
    }
}

/// What every request shares.
pub struct State {
    db: Option<Arc<databases::Databases>>,
    table: Option<PathBuf>,
    /// The turns of each class, in the order of [`Class::ALL`].
    pools: Vec<Arc<Semaphore>>,
    /// The stop flags of the computations running or waiting for a turn.
    running: Mutex<Running>,
    /// The searches started as jobs.
    jobs: Mutex<jobs::Registry>,
}

/// The computations in flight, by number; once `closing`, every new one
/// starts stopped.
#[derive(Default)]
struct Running {
    next: u64,
    flags: HashMap<u64, StopFlag>,
    closing: bool,
}

impl State {
    /// The state of a server answering from `db` (Amazons databases) and
    /// `table` (a directory of whole-board Dots tables).
    pub fn new(db: Option<Arc<databases::Databases>>, table: Option<PathBuf>) -> State {
        State {
            db,
            table,
            pools: Class::ALL
                .iter()
                .map(|_| Arc::new(Semaphore::new(TURNS)))
                .collect(),
            running: Mutex::new(Running::default()),
            jobs: Mutex::new(jobs::Registry::default()),
        }
    }

    fn pool(&self, class: Class) -> Arc<Semaphore> {
        Arc::clone(&self.pools[class as usize])
    }

    /// Sets the stop flag of every computation in flight and of every one
    /// that starts from now on (the server is shutting down).
    pub fn stop_all(&self) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        running.closing = true;
        for flag in running.flags.values() {
            flag.stop();
        }
    }

    /// A new computation's flag, stopped already when the server is
    /// shutting down, and its number.
    fn register(&self) -> (u64, StopFlag) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        let flag = StopFlag::new();
        if running.closing {
            flag.stop();
        }
        let id = running.next;
        running.next += 1;
        running.flags.insert(id, flag.clone());
        (id, flag)
    }

    fn unregister(&self, id: u64) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        running.flags.remove(&id);
    }
}

type Shared = Arc<State>;
type Params = HashMap<String, String>;

/// The routes under `/api`: each search of [`SEARCHES`] as a plain request
/// (`GET /api/<route>`) and as a job (`POST /api/jobs/<route>`), and the
/// other requests.
pub fn routes() -> Router<Shared> {
    let mut router = Router::new()
        .route("/dots/chains", get(dots_chains))
        .route("/dots/move", get(dots_move))
        .route("/amazons/moves", get(amazons_moves))
        .route("/amazons/eval", get(amazons_eval))
        .route("/amazons/value", get(amazons_value))
        .route("/amazons/value.svg", get(amazons_value_svg))
        .route("/cgt/canon", get(cgt_canon))
        .route("/cgt/compare", get(cgt_compare))
        .route("/cgt/thermograph", get(cgt_thermograph))
        .route("/cgt/thermograph.svg", get(cgt_thermograph_svg))
        .route("/cgt/cool", get(cgt_cool))
        .route("/cgt/heat", get(cgt_heat))
        .route("/cgt/overheat", get(cgt_overheat))
        .route("/cgt/freeze", get(cgt_freeze))
        .route("/cgt/atomic-weight", get(cgt_atomic_weight))
        .route("/cgt/reduced", get(cgt_reduced))
        .route("/cgt/norton", get(cgt_norton))
        .route("/cgt/incentives", get(cgt_incentives))
        .route("/job/{id}", get(job_poll))
        .route("/job/{id}/stop", post(job_stop));
    for &(route, ..) in &SEARCHES {
        router = router
            .route(&format!("/{route}"), get(move |s, q| search(s, q, route)))
            .route(
                &format!("/jobs/{route}"),
                post(move |s, q| job_start(s, q, route)),
            );
    }
    router
}

/// Where a search tells its progress (a JSON object; nothing for a plain
/// request).
type Tell = Arc<dyn Fn(serde_json::Value) + Send + Sync>;

/// A search's work: its report (or error), stopping when the flag is set.
type Work = Box<dyn FnOnce(StopFlag, Tell) -> Result<serde_json::Value> + Send>;

/// The searches that run as a plain request or as a job: route, class and
/// the parameters each takes.
const SEARCHES: [(&str, Class, &[&str]); 6] = [
    (
        "dots/analyze",
        Class::DotsAnalysis,
        &["position", "time_limit", "node_limit"],
    ),
    (
        "dots/pv",
        Class::DotsAnalysis,
        &["position", "time_limit", "node_limit"],
    ),
    (
        "dots/review",
        Class::DotsAnalysis,
        &[
            "position",
            "from",
            "time_limit",
            "node_limit",
            "position_time",
        ],
    ),
    (
        "dots/nimber",
        Class::Nimstring,
        &["position", "node_limit", "time_limit"],
    ),
    (
        "amazons/solve",
        Class::Amazons,
        &["position", "sgf", "time_limit", "node_limit", "pv"],
    ),
    (
        "amazons/move",
        Class::Amazons,
        &["position", "sgf", "time_limit", "node_limit", "max_depth"],
    ),
];

/// The class and work of the search `route` asked with `p`. Every
/// parameter is read and checked here, before the work waits for a turn:
/// bad input is answered at once.
fn search_work(state: &Shared, route: &str, p: Params) -> Result<(Class, Work)> {
    let Some(&(_, class, known)) = SEARCHES.iter().find(|(r, ..)| *r == route) else {
        return Err(bad_input("route", format!("{route:?} is not a search")));
    };
    let q = Request::new(p, known)?;
    let table = state.table.clone();
    let db = state.db.clone();
    let limits = q.limits()?;
    let dots_options = SolveOptions {
        solver: dots::Options {
            tt_mb: TABLE_MB,
            ..dots::Options::default()
        },
        limits,
    };
    let work: Work = match route {
        "dots/analyze" => {
            let pos = q.dots_position()?;
            Box::new(move |stop, tell| {
                if let Some(dir) = &table {
                    if let Some(report) = ops::dots::table_analysis(dir, &pos)? {
                        return Ok(serde_json::to_value(report)?);
                    }
                }
                let hook: dots::ProgressHook = Arc::new(move |p: &dots::Progress| {
                    let mut progress =
                        serde_json::json!({"nodes": p.nodes, "lower": p.lower, "upper": p.upper});
                    if let Some((valued, legal)) = p.moves {
                        progress["valued"] = valued.into();
                        progress["legal"] = legal.into();
                    }
                    tell(progress);
                });
                Ok(serde_json::to_value(ops::dots::analyze(
                    &pos,
                    &dots_options,
                    &stop,
                    Some(hook),
                )?)?)
            })
        }
        "dots/pv" => {
            let pos = q.dots_position()?;
            Box::new(move |stop, tell| {
                let report = ops::dots::principal_variation(
                    &pos,
                    &dots_options,
                    table.as_deref(),
                    &stop,
                    &|r| tell(serde_json::to_value(r).unwrap_or_default()),
                )?;
                Ok(serde_json::to_value(report)?)
            })
        }
        "dots/review" => {
            let record = ops::dots::ReviewRecord::read(q.required("position")?)?;
            let options = ops::dots::ReviewOptions {
                solve: dots_options,
                from: q.number("from", 0..=record.moves())?.unwrap_or(0),
                position_time: q
                    .get("position_time")
                    .map(|t| {
                        bounds::above_zero(MAX_SECONDS)(t)
                            .map(Duration::from_secs_f64)
                            .map_err(|e| bad_input("position_time", e))
                    })
                    .transpose()?,
            };
            Box::new(move |stop, tell| {
                // The progress: the solver's within a position, with the
                // review so far.
                let so_far = Arc::new(Mutex::new(serde_json::Value::Null));
                let (seen, tell_search) = (Arc::clone(&so_far), Arc::clone(&tell));
                let hook: dots::ProgressHook = Arc::new(move |p: &dots::Progress| {
                    let review = lock(&seen).clone();
                    tell_search(serde_json::json!({
                        "nodes": p.nodes, "lower": p.lower, "upper": p.upper, "review": review,
                    }));
                });
                let report = ops::dots::review(
                    &record,
                    &options,
                    table.as_deref(),
                    &stop,
                    Some(hook),
                    &|r| {
                        let value = serde_json::to_value(r).unwrap_or_default();
                        *lock(&so_far) = value.clone();
                        tell(serde_json::json!({ "review": value }));
                    },
                )?;
                Ok(serde_json::to_value(report)?)
            })
        }
        "dots/nimber" => {
            let pos = q.dots_position()?;
            let max = MAX_NIMBER_NODES as u64;
            let limits = Limits {
                nodes: Some(q.number("node_limit", 1..=max)?.unwrap_or(max)),
                ..limits
            };
            Box::new(move |stop, tell| {
                let report = ops::dots::nimber_watched(&pos, limits, &stop, &|r| {
                    tell(serde_json::to_value(r).unwrap_or_default())
                })?;
                Ok(serde_json::to_value(report)?)
            })
        }
        "amazons/move" => {
            let pos = q.amazons_position()?;
            let options = amazons_ops::PlayerOptions {
                limits,
                max_depth: q
                    .number("max_depth", amazons_ops::PLAYER_DEPTH)?
                    .unwrap_or(*amazons_ops::PLAYER_DEPTH.end()),
            };
            Box::new(move |stop, _| {
                Ok(serde_json::to_value(amazons_ops::computer_move(
                    &pos, &options, &stop,
                )?)?)
            })
        }
        _ => {
            let pos = q.amazons_position()?;
            let options = amazons_ops::SolveOptions {
                tt_mb: TABLE_MB as u64,
                limits,
                db,
                pv: q.flag("pv")?,
                ..amazons_ops::SolveOptions::default()
            };
            Box::new(move |stop, tell| {
                let hook: cgt::search::ProgressHook = Arc::new(move |p: &cgt::search::Progress| {
                    tell(serde_json::json!({"nodes": p.nodes, "root": p.root.to_string()}));
                });
                let progress = amazons_ops::SolveProgress {
                    search: Some(&hook),
                    ..amazons_ops::SolveProgress::default()
                };
                Ok(serde_json::to_value(amazons_ops::solve(
                    &pos, &options, &stop, progress,
                )?)?)
            })
        }
    };
    Ok((class, work))
}

/// A search as a plain request: `GET /api/<route>` answers its report.
async fn search(Extract(state): Extract<Shared>, Query(p): Query<Params>, route: &str) -> Response {
    let (class, work) = match search_work(&state, route, p) {
        Ok(w) => w,
        Err(e) => return error_response(&e),
    };
    blocking(&state, Some(class), move |stop| {
        work(stop, Arc::new(|_| {}))
    })
    .await
}

/// `POST /api/jobs/<route>`: starts the search as a job and answers
/// `{"job": N}` at once (HTTP 503 when [`jobs::MAX_LIVE`] are live).
async fn job_start(
    Extract(state): Extract<Shared>,
    Query(p): Query<Params>,
    route: &'static str,
) -> Response {
    let (class, work) = match search_work(&state, route, p) {
        Ok(w) => w,
        Err(e) => return error_response(&e),
    };
    let (reg, flag) = state.register();
    let started = lock(&state.jobs).start(route, flag.clone());
    let (id, job) = match started {
        Ok(j) => j,
        Err(why) => {
            state.unregister(reg);
            return (StatusCode::SERVICE_UNAVAILABLE, format!("error: {why}")).into_response();
        }
    };
    // The watchdog: a job nobody polls any more stops.
    let watched = Arc::clone(&job);
    tokio::spawn(async move {
        while !watched.has_ended() {
            tokio::time::sleep(Duration::from_millis(500)).await;
            if watched.is_abandoned() && !watched.flag().is_stopped() {
                watched.flag().stop();
                eprintln!("cgtk serve: nobody polls job {id} any more; its search stops");
            }
        }
    });
    let pool = state.pool(class);
    let runner = Arc::clone(&state);
    tokio::spawn(async move {
        let waited = std::time::Instant::now();
        let turn = loop {
            if let Ok(turn) = Arc::clone(&pool).try_acquire_owned() {
                break Some(turn);
            }
            if job.flag().is_stopped() || waited.elapsed() > Duration::from_secs(QUEUE_SECONDS) {
                break None;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        let Some(turn) = turn else {
            let why = if job.flag().is_stopped() {
                "error: stopped before it started".to_owned()
            } else {
                busy_line(class)
            };
            job.set(jobs::Stage::Failed(503, why));
            runner.unregister(reg);
            return;
        };
        job.set(jobs::Stage::Running);
        let teller = Arc::clone(&job);
        let tell: Tell = Arc::new(move |v| teller.report_progress(v));
        let result = tokio::task::spawn_blocking(move || {
            let answer = work(flag, tell);
            drop(turn);
            answer
        })
        .await;
        job.set(match result {
            Ok(Ok(v)) => jobs::Stage::Done(v),
            Ok(Err(err)) => jobs::Stage::Failed(
                error_status(&err).as_u16(),
                format!("error: {}", one_line(&err)),
            ),
            Err(join) => jobs::Stage::Failed(500, format!("error: the computation failed: {join}")),
        });
        runner.unregister(reg);
    });
    json_response(&serde_json::json!({ "job": id }))
}

/// The job numbered `id`, if it is kept.
fn find_job(state: &Shared, id: &str) -> Option<(u64, Arc<jobs::Job>)> {
    let n = id.parse::<u64>().ok()?;
    lock(&state.jobs).get(n).map(|j| (n, j))
}

/// HTTP 404: no job `id` is kept.
fn no_job(id: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        format!(
            "error: job {id:?}: no such job (ended jobs are kept {} s after their last poll)",
            jobs::KEEP_SECONDS
        ),
    )
        .into_response()
}

/// `GET /api/job/<n>`: where the job stands.
async fn job_poll(Extract(state): Extract<Shared>, Path(id): Path<String>) -> Response {
    match find_job(&state, &id) {
        Some((n, job)) => json_response(&job.poll(n)),
        None => no_job(&id),
    }
}

/// `POST /api/job/<n>/stop`: stops the job's search (it then ends with
/// what it reached) and answers where it stands.
async fn job_stop(Extract(state): Extract<Shared>, Path(id): Path<String>) -> Response {
    match find_job(&state, &id) {
        Some((n, job)) => {
            job.flag().stop();
            json_response(&job.poll(n))
        }
        None => no_job(&id),
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The query of one request, checked against the parameters a route takes.
struct Request {
    params: Params,
}

impl Request {
    fn new(params: Params, known: &[&str]) -> Result<Request> {
        let mut names: Vec<&String> = params.keys().collect();
        names.sort();
        if let Some(bad) = names.into_iter().find(|k| !known.contains(&k.as_str())) {
            return Err(bad_input(
                "query",
                format!(
                    "unknown parameter {bad:?} (this route takes {})",
                    known.join(", ")
                ),
            ));
        }
        Ok(Request { params })
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.params.get(name).map(String::as_str)
    }

    fn required(&self, name: &str) -> Result<&str> {
        self.get(name)
            .ok_or_else(|| bad_input("query", format!("missing parameter {name:?}")))
    }

    fn flag(&self, name: &str) -> Result<bool> {
        match self.get(name) {
            None | Some("0" | "false") => Ok(false),
            Some("" | "1" | "true") => Ok(true),
            Some(other) => Err(bad_input(name, format!("{other:?} is not true or false"))),
        }
    }

    fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy>(
        &self,
        name: &str,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<Option<T>> {
        let Some(text) = self.get(name) else {
            return Ok(None);
        };
        let n = text
            .trim()
            .parse::<T>()
            .map_err(|_| bad_input(name, format!("{text:?} is not a whole number")))?;
        bounds::check(name, n, &range).map(Some)
    }

    /// `time_limit` (seconds, at most [`MAX_SECONDS`], which is also the
    /// default) and `node_limit`.
    fn limits(&self) -> Result<Limits> {
        let time = match self.get("time_limit") {
            None => Duration::from_secs_f64(MAX_SECONDS),
            Some(text) => bounds::above_zero(MAX_SECONDS)(text)
                .map(Duration::from_secs_f64)
                .map_err(|e| bad_input("time_limit", e))?,
        };
        Ok(Limits {
            nodes: self.number("node_limit", 1..=u64::MAX)?,
            time: Some(time),
        })
    }

    /// An Amazons position: `position` (text or `WxH`) or `sgf` (a game
    /// record's text).
    fn amazons_position(&self) -> Result<amazons::Position> {
        match (self.get("position"), self.get("sgf")) {
            (Some(_), Some(_)) => Err(bad_input("query", "give position or sgf, not both")),
            (None, Some(sgf)) => amazons_ops::position_from_sgf(sgf),
            (_, None) => amazons_ops::parse_position_or_size(self.required("position")?),
        }
    }

    fn dots_position(&self) -> Result<dots::Position> {
        ops::dots::position(self.required("position")?)
    }
}

/// An error as the CLI prints it, with 400 for bad input and 500 else.
fn error_response(err: &anyhow::Error) -> Response {
    (error_status(err), format!("error: {}", one_line(err))).into_response()
}

/// The status of an error: 400 for bad input, 500 else.
fn error_status(err: &anyhow::Error) -> StatusCode {
    if err.is::<BadInput>() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::INTERNAL_SERVER_ERROR
    }
}

fn json_response<T: Serialize>(report: &T) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        cgtk::report::to_json_line(report),
    )
        .into_response()
}

fn svg_response(svg: String) -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response()
}

/// A computation in flight: its flag is registered with the [`State`]
/// (which sets it on shutdown) while the request lives. Dropped before
/// [`InFlight::done`] (axum drops a request's future when its client goes
/// away), it sets the flag, and the computation watching it stops.
struct InFlight {
    state: Shared,
    id: u64,
    flag: StopFlag,
    started: bool,
    done: bool,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.state.unregister(self.id);
        if !self.done {
            self.flag.stop();
            if self.started {
                eprintln!("cgtk serve: a client went away; its computation stops");
            }
        }
    }
}

/// Runs `work` on the blocking pool with a stop flag, set if the client
/// goes away or the server shuts down; with a `class`, it first waits for
/// one of the class's turns (at most [`QUEUE_SECONDS`]: else HTTP 503) and
/// holds it until the work has ended (stopped or not).
async fn blocking<T, F>(state: &Shared, class: Option<Class>, work: F) -> Response
where
    T: Send + 'static,
    F: FnOnce(StopFlag) -> Result<T> + Send + 'static,
    Response: From<Answer<T>>,
{
    let (id, flag) = state.register();
    let mut guard = InFlight {
        state: Arc::clone(state),
        id,
        flag,
        started: false,
        done: false,
    };
    let turn = match class {
        None => None,
        Some(class) => {
            let wait = Duration::from_secs(QUEUE_SECONDS);
            match tokio::time::timeout(wait, state.pool(class).acquire_owned()).await {
                Ok(Ok(turn)) => Some(turn),
                _ => {
                    guard.done = true;
                    return busy(class);
                }
            }
        }
    };
    guard.started = true;
    let flag = guard.flag.clone();
    let result = tokio::task::spawn_blocking(move || {
        let answer = work(flag);
        drop(turn);
        answer
    })
    .await;
    guard.done = true;
    match result {
        Ok(Ok(answer)) => Answer(answer).into(),
        Ok(Err(err)) => error_response(&err),
        Err(join) => error_response(&anyhow::anyhow!("the computation failed: {join}")),
    }
}

/// HTTP 503: every turn of `class` stayed taken while the request waited.
fn busy(class: Class) -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, busy_line(class)).into_response()
}

/// The answer "busy" for `class`, in one line.
fn busy_line(class: Class) -> String {
    format!(
        "error: busy: all {TURNS} turns for {} stayed taken for {QUEUE_SECONDS} s; try again later",
        class.name()
    )
}

/// A computed answer, turned into a response by its type.
struct Answer<T>(T);

impl<T: Serialize> From<Answer<T>> for Response {
    fn from(a: Answer<T>) -> Response {
        json_response(&a.0)
    }
}

/// An SVG drawing (a response of its own type).
struct Svg(String);

impl From<Answer<Svg>> for Response {
    fn from(a: Answer<Svg>) -> Response {
        svg_response(a.0 .0)
    }
}

/// `dots move`: `position` (a game record), `player`, `seed`, `move_ms`.
async fn dots_move(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["position", "player", "seed", "move_ms"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(&state, Some(Class::DotsMove), move |stop| {
        let options = MoveOptions {
            record: q.required("position")?.to_owned(),
            player: q.required("player")?.to_owned(),
            seed: q.number("seed", 0..=u64::MAX)?.unwrap_or(0),
            move_ms: q.number("move_ms", MOVE_MS)?.unwrap_or(1000),
        };
        ops::dots::best_move(&options, &stop)
    })
    .await
}

/// `dots chains`: `position`. It takes no turn: one walk over the boxes.
async fn dots_chains(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["position"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(&state, None, move |_| {
        Ok(ops::dots::chains(&q.dots_position()?))
    })
    .await
}

/// `amazons eval`: `position` or `sgf`, `basic_partition`. It takes no turn:
/// its work is bounded (exact searches of territories of at most 12 empty
/// squares, local searches of areas under 9 squares).
async fn amazons_moves(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["position", "sgf", "then"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(&state, None, move |_| {
        let then: Vec<&str> = q
            .get("then")
            .map_or_else(Vec::new, |t| t.split(',').collect());
        amazons_ops::moves(&q.amazons_position()?, &then)
    })
    .await
}

async fn amazons_eval(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["position", "sgf", "basic_partition"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    let db = state.db.clone();
    blocking(&state, None, move |_| {
        let pos = q.amazons_position()?;
        let oracle = db.as_deref().map(|d| d as &dyn amazons::AreaOracle);
        let eval = amazons_ops::evaluate(&pos, q.flag("basic_partition")?, oracle);
        Ok(cgtk::report::AmazonsEvalReport::new(&pos, &eval))
    })
    .await
}

/// The canonical form and thermograph of an Amazons position, or the
/// report of the limit that stopped it.
fn amazons_value_of(
    q: &Request,
    stop: &StopFlag,
) -> Result<Result<(cgtk::report::CanonReport, cgt::Thermograph), cgtk::report::ValueLimitReport>> {
    let pos = q.amazons_position()?;
    let options = amazons_ops::ValueOptions {
        limits: q.limits()?,
        ..amazons_ops::ValueOptions::default()
    };
    amazons_ops::value(&pos, &options, stop, &())
}

/// `amazons value`: `position` or `sgf`, `time_limit`, `node_limit`.
async fn amazons_value(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["position", "sgf", "time_limit", "node_limit"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(&state, Some(Class::Amazons), move |stop| {
        Ok(match amazons_value_of(&q, &stop)? {
            Ok((canonical, t)) => {
                serde_json::to_value(ThermographReport::with_canonical(&canonical, &t)?)?
            }
            Err(limit) => serde_json::to_value(limit)?,
        })
    })
    .await
}

/// `amazons value --svg`: the drawing of the position's thermograph, or
/// when a limit stops the valuer, a drawing that says so in words (the line
/// `amazons value` prints).
async fn amazons_value_svg(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["position", "sgf", "time_limit", "node_limit"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(
        &state,
        Some(Class::Amazons),
        move |stop| match amazons_value_of(&q, &stop)? {
            Ok((canonical, t)) => Ok(Svg(svg::thermograph_svg(&t, &canonical_text(&canonical)))),
            Err(limit) => Ok(Svg(unknown_svg(
                limit.limit,
                &format!(
                    "value: unknown ({} after {} positions)",
                    cgtk::report::stop_reason(limit.limit),
                    limit.positions
                ),
            ))),
        },
    )
    .await
}

/// A drawing in place of a thermograph that a limit stopped: `text` in one
/// line, and the limit's name in `data-limit`.
fn unknown_svg(limit: &str, text: &str) -> String {
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let width = 16 + 8 * text.chars().count();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"32\" \
         viewBox=\"0 0 {width} 32\" data-limit=\"{limit}\">\
         <text x=\"8\" y=\"21\" font-family=\"sans-serif\" font-size=\"14\">{escaped}</text></svg>\n"
    )
}

/// The budget of one request on games: at most [`MAX_SECONDS`] of sums
/// (and none once the client has gone: the stop flag).
fn cgt_options() -> CgtOptions {
    CgtOptions {
        limits: Limits {
            nodes: None,
            time: Some(Duration::from_secs_f64(MAX_SECONDS)),
        },
        output: OutputLimit::DEFAULT,
    }
}

/// `cgt canon`: `game`.
async fn cgt_canon(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["game"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(&state, Some(Class::Cgt), move |stop| {
        ops::cgt::canon(q.required("game")?, &cgt_options(), &stop)
    })
    .await
}

/// `cgt compare`: `g`, `h`.
async fn cgt_compare(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["g", "h"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(&state, Some(Class::Cgt), move |stop| {
        let (g, h) = (q.required("g")?, q.required("h")?);
        ops::cgt::compare(g, h, &cgt_options(), &stop)
    })
    .await
}

/// `cgt thermograph`: `game`.
async fn cgt_thermograph(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["game"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(&state, Some(Class::Cgt), move |stop| {
        let game = q.required("game")?;
        Ok(match ops::cgt::thermograph(game, &cgt_options(), &stop)? {
            Thermographed::Done(canonical, t) => {
                serde_json::to_value(ThermographReport::with_canonical(&canonical, &t)?)?
            }
            Thermographed::Stopped(stopped) => serde_json::to_value(stopped)?,
        })
    })
    .await
}

/// A `cgt` command that makes a game from `game` and the operands named
/// in `operands` (in the order of the command's arguments), as `how` says.
async fn cgt_made(
    state: Shared,
    p: Params,
    operands: &'static [&'static str],
    how: for<'a> fn(&[&'a str]) -> Transform<'a>,
) -> Response {
    let mut known = vec!["game"];
    known.extend_from_slice(operands);
    let q = match Request::new(p, &known) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(&state, Some(Class::Cgt), move |stop| {
        let values = operands
            .iter()
            .map(|name| q.required(name))
            .collect::<Result<Vec<&str>>>()?;
        ops::cgt::transform(q.required("game")?, how(&values), &cgt_options(), &stop)
    })
    .await
}

/// `cgt cool`: `game`, `t`.
async fn cgt_cool(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    cgt_made(state, p, &["t"], |v| Transform::Cool(v[0])).await
}

/// `cgt heat`: `game`, `t`.
async fn cgt_heat(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    cgt_made(state, p, &["t"], |v| Transform::Heat(v[0])).await
}

/// `cgt overheat`: `game`, `s`, `t`.
async fn cgt_overheat(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    cgt_made(state, p, &["s", "t"], |v| Transform::Overheat(v[0], v[1])).await
}

/// `cgt freeze`: `game`.
async fn cgt_freeze(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    cgt_made(state, p, &[], |_| Transform::Freeze).await
}

/// `cgt atomic-weight`: `game`.
async fn cgt_atomic_weight(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    cgt_made(state, p, &[], |_| Transform::AtomicWeight).await
}

/// `cgt reduced`: `game`.
async fn cgt_reduced(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    cgt_made(state, p, &[], |_| Transform::Reduced).await
}

/// `cgt norton`: `game`, `u`.
async fn cgt_norton(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    cgt_made(state, p, &["u"], |v| Transform::Norton(v[0])).await
}

/// `cgt incentives`: `game`.
async fn cgt_incentives(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["game"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(&state, Some(Class::Cgt), move |stop| {
        ops::cgt::incentives(q.required("game")?, &cgt_options(), &stop)
    })
    .await
}

/// `cgt thermograph --svg`: the drawing (or the words of the limit that
/// stopped it).
async fn cgt_thermograph_svg(Extract(state): Extract<Shared>, Query(p): Query<Params>) -> Response {
    let q = match Request::new(p, &["game"]) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    blocking(&state, Some(Class::Cgt), move |stop| {
        let game = q.required("game")?;
        Ok(Svg(
            match ops::cgt::thermograph(game, &cgt_options(), &stop)? {
                Thermographed::Done(canonical, t) => {
                    svg::thermograph_svg(&t, &canonical_text(&canonical))
                }
                Thermographed::Stopped(stopped) => {
                    unknown_svg(stopped.limit.unwrap_or("time"), &canonical_text(&stopped))
                }
            },
        ))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_drawing_escapes_its_words() {
        let svg = unknown_svg("time", "game \"{1|<2}\" & more");
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("data-limit=\"time\""));
        assert!(svg.contains("game \"{1|&lt;2}\" &amp; more"), "{svg}");
    }
}
