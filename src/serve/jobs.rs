//! Searches as jobs: `POST /api/jobs/<route>` starts one and answers its
//! number, `GET /api/job/<n>` polls it (its progress while it runs, its
//! report once it has ended), `POST /api/job/<n>/stop` sets its
//! [`StopFlag`] (the search then answers what it reached).
//!
//! The registry is bounded: at most [`MAX_LIVE`] jobs waiting or running
//! at once, at most [`MAX_KEPT`] kept in all; an ended job is dropped
//! [`KEEP_SECONDS`] after its last poll, and a running job that nobody has
//! polled for [`ABANDON_SECONDS`] is stopped (its page went away).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cgt::search::StopFlag;
use serde::Serialize;
use serde_json::Value;

/// The most jobs waiting for a turn or running at once.
pub const MAX_LIVE: usize = 8;

/// The most jobs kept, ended ones included.
pub const MAX_KEPT: usize = 32;

/// How long an ended job is kept after its last poll.
pub const KEEP_SECONDS: u64 = 120;

/// How long a running job goes without a poll before it is stopped.
pub const ABANDON_SECONDS: u64 = 10;

/// Where a job stands.
#[derive(Clone, Debug)]
pub enum Stage {
    /// Waiting for a turn of its class.
    Queued,
    /// Searching.
    Running,
    /// Ended with a report (complete, or what a limit or a stop reached).
    Done(Value),
    /// Ended with an error: the HTTP status a plain request would have
    /// had and the one-line message.
    Failed(u16, String),
}

/// One job: its route, flag, progress and outcome.
pub struct Job {
    route: &'static str,
    started: Instant,
    flag: StopFlag,
    polled: Mutex<Instant>,
    ended: Mutex<Option<Instant>>,
    progress: Mutex<Option<Value>>,
    stage: Mutex<Stage>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Job {
    /// The job's stop flag.
    pub fn flag(&self) -> &StopFlag {
        &self.flag
    }

    /// Records the search's latest progress.
    pub fn report_progress(&self, progress: Value) {
        *lock(&self.progress) = Some(progress);
    }

    /// Moves the job to `stage` (an ended stage also ends the job).
    pub fn set(&self, stage: Stage) {
        if matches!(stage, Stage::Done(_) | Stage::Failed(..)) {
            *lock(&self.ended) = Some(Instant::now());
        }
        *lock(&self.stage) = stage;
    }

    /// Whether the job has ended.
    pub fn has_ended(&self) -> bool {
        lock(&self.ended).is_some()
    }

    /// Whether nobody has polled the job for [`ABANDON_SECONDS`].
    pub fn is_abandoned(&self) -> bool {
        lock(&self.polled).elapsed() > Duration::from_secs(ABANDON_SECONDS)
    }

    /// The answer to a poll (which counts as one).
    pub fn poll(&self, id: u64) -> Poll {
        *lock(&self.polled) = Instant::now();
        let stage = lock(&self.stage).clone();
        let (state, result, error, status) = match stage {
            Stage::Queued => ("queued", None, None, None),
            Stage::Running => ("running", None, None, None),
            Stage::Done(v) => ("done", Some(v), None, None),
            Stage::Failed(status, message) => ("failed", None, Some(message), Some(status)),
        };
        let seconds = match *lock(&self.ended) {
            Some(end) => end.duration_since(self.started),
            None => self.started.elapsed(),
        };
        Poll {
            job: id,
            route: self.route,
            state,
            stopping: self.flag.is_stopped() && result.is_none() && error.is_none(),
            seconds: seconds.as_secs_f64(),
            progress: lock(&self.progress).clone(),
            result,
            error,
            status,
        }
    }
}

/// `GET /api/job/<n>`.
#[derive(Serialize)]
pub struct Poll {
    /// The job's number.
    job: u64,
    /// The route it runs (`dots/analyze`, ...).
    route: &'static str,
    /// `queued`, `running`, `done` or `failed`.
    state: &'static str,
    /// Whether a stop was asked for and the search has not ended yet.
    stopping: bool,
    /// Seconds since the job started (until it ended, once it has).
    seconds: f64,
    /// The search's latest progress, if it reported any.
    progress: Option<Value>,
    /// The report (the route's JSON), once done.
    result: Option<Value>,
    /// The one-line error, once failed.
    error: Option<String>,
    /// The HTTP status a plain request would have had, once failed.
    status: Option<u16>,
}

/// The jobs, by number.
#[derive(Default)]
pub struct Registry {
    next: u64,
    jobs: HashMap<u64, Arc<Job>>,
}

impl Registry {
    /// Drops ended jobs not polled for [`KEEP_SECONDS`].
    fn sweep(&mut self) {
        let keep = Duration::from_secs(KEEP_SECONDS);
        self.jobs
            .retain(|_, j| !(j.has_ended() && lock(&j.polled).elapsed() > keep));
    }

    /// A new job of `route` with `flag`, or why none can start now.
    pub fn start(
        &mut self,
        route: &'static str,
        flag: StopFlag,
    ) -> Result<(u64, Arc<Job>), String> {
        self.sweep();
        let live = self.jobs.values().filter(|j| !j.has_ended()).count();
        if live >= MAX_LIVE {
            return Err(format!(
                "busy: {MAX_LIVE} searches are waiting or running; stop one or try again later"
            ));
        }
        if self.jobs.len() >= MAX_KEPT {
            // The ended job polled longest ago makes room.
            let oldest = self
                .jobs
                .iter()
                .filter(|(_, j)| j.has_ended())
                .min_by_key(|(_, j)| *lock(&j.polled))
                .map(|(&id, _)| id);
            if let Some(id) = oldest {
                self.jobs.remove(&id);
            }
        }
        let now = Instant::now();
        let job = Arc::new(Job {
            route,
            started: now,
            flag,
            polled: Mutex::new(now),
            ended: Mutex::new(None),
            progress: Mutex::new(None),
            stage: Mutex::new(Stage::Queued),
        });
        let id = self.next;
        self.next += 1;
        self.jobs.insert(id, Arc::clone(&job));
        Ok((id, job))
    }

    /// The job numbered `id`, if it is kept.
    pub fn get(&mut self, id: u64) -> Option<Arc<Job>> {
        self.sweep();
        self.jobs.get(&id).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_refuses_more_live_jobs_than_its_bound() {
        let mut r = Registry::default();
        let jobs: Vec<_> = (0..MAX_LIVE)
            .map(|_| r.start("dots/analyze", StopFlag::new()).unwrap())
            .collect();
        assert!(r.start("dots/analyze", StopFlag::new()).is_err());
        jobs[0].1.set(Stage::Done(Value::Null));
        let (id, _) = r.start("dots/analyze", StopFlag::new()).unwrap();
        assert_eq!(id, MAX_LIVE as u64);
        assert!(r.get(0).is_some_and(|j| j.has_ended()));
    }

    #[test]
    fn ended_jobs_make_room_for_new_ones_beyond_the_kept_bound() {
        let mut r = Registry::default();
        for _ in 0..MAX_KEPT + 3 {
            let (_, job) = r.start("dots/nimber", StopFlag::new()).unwrap();
            job.set(Stage::Failed(400, "error".into()));
        }
        assert_eq!(r.jobs.len(), MAX_KEPT);
        let poll = r.get((MAX_KEPT + 2) as u64).unwrap().poll(0);
        assert_eq!(poll.state, "failed");
        assert_eq!(poll.status, Some(400));
    }
}
