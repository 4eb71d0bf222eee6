//! Planning database builds: which tables a request names (one box and
//! queen counts, or the paper's set), how large each is, and building each
//! with the tables it depends on (a blocker table needs the table with one
//! blocker fewer, down to the simple table; see [`crate::build_blocker`]).

use std::path::{Path, PathBuf};

use cgt::budget::Watch;
use cgt::ProgressSink;

use crate::builder::{
    build_active, build_blocker, build_simple, paper_active_set, paper_blocker_set,
    paper_simple_set, BuildReport,
};
use crate::format::{file_name, read_active, read_blocker, read_territory, DbError, DbKind};
use crate::index::BoxIndex;

/// The most squares a box may have (an index of a 24-square box fits memory
/// only with few queens; a limit on entries keeps the rest out).
pub const MAX_SQUARES: u32 = 24;

/// One database to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildJob {
    /// A simple territory table: box width, height, queens.
    Simple(u8, u8, u32),
    /// A blocker territory table: box width, height, normal queens,
    /// blockers (at least 1).
    Blocker(u8, u8, u32, u32),
    /// An active area table: box width, height, Black and White queens.
    Active(u8, u8, u32, u32),
}

/// Why a build request names no valid set of tables.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JobError {
    /// The box has more than [`MAX_SQUARES`] squares.
    #[error("{width}x{height}: at most {MAX_SQUARES} squares for {kind} databases")]
    BoxTooLarge {
        /// The box width.
        width: u8,
        /// The box height.
        height: u8,
        /// The kind asked for.
        kind: DbKind,
    },
    /// A territory queen count outside `1..squares`.
    #[error("{queens} is out of range (1 to {max})")]
    QueensOutOfRange {
        /// The count asked for.
        queens: u32,
        /// The largest count the box allows.
        max: u32,
    },
    /// Active areas take two counts, Black and White.
    #[error("active areas need B,W: at least one queen each, fewer than the box's squares")]
    BadActiveQueens,
    /// Only Amazons tables are built box by box.
    #[error("whole-board Dots tables are built by `cgtk dots table build`")]
    NotAnAmazonsKind,
}

impl BuildJob {
    /// The jobs of one box: for simple and blocker tables every queen count
    /// of `queens` (empty: 1 to 4, where they fit; a blocker table for each
    /// split of a count into normal queens and at least one blocker); for
    /// active tables `queens` is `[black, white]` (empty: `[1, 1]`).
    ///
    /// # Errors
    /// [`JobError`] for a box or queen counts out of range.
    pub fn for_box(
        kind: DbKind,
        width: u8,
        height: u8,
        queens: &[u32],
    ) -> Result<Vec<BuildJob>, JobError> {
        let n = u32::from(width) * u32::from(height);
        if n > MAX_SQUARES {
            return Err(JobError::BoxTooLarge {
                width,
                height,
                kind,
            });
        }
        if kind == DbKind::Active {
            let q = if queens.is_empty() {
                &[1, 1][..]
            } else {
                queens
            };
            if q.len() != 2 || q.contains(&0) || q[0].saturating_add(q[1]) >= n {
                return Err(JobError::BadActiveQueens);
            }
            return Ok(vec![BuildJob::Active(width, height, q[0], q[1])]);
        }
        let queens: Vec<u32> = if queens.is_empty() {
            (1..=4).filter(|&q| q < n).collect()
        } else {
            queens.to_vec()
        };
        if let Some(&q) = queens.iter().find(|&&q| q == 0 || q >= n) {
            return Err(JobError::QueensOutOfRange {
                queens: q,
                max: n - 1,
            });
        }
        Ok(match kind {
            DbKind::DotsShard => return Err(JobError::NotAnAmazonsKind),
            DbKind::Blocker => queens
                .into_iter()
                .flat_map(|k| (1..=k).map(move |b| BuildJob::Blocker(width, height, k - b, b)))
                .collect(),
            DbKind::Simple | DbKind::Active => queens
                .into_iter()
                .map(|q| BuildJob::Simple(width, height, q))
                .collect(),
        })
    }

    /// The paper's set of `kinds` (Song & Müller 2015, §III), smallest
    /// tables first within each kind.
    pub fn paper_set(kinds: &[DbKind]) -> Vec<BuildJob> {
        let mut jobs = Vec::new();
        for kind in kinds {
            match kind {
                DbKind::Simple => jobs.extend(
                    paper_simple_set()
                        .into_iter()
                        .map(|(w, h, q)| BuildJob::Simple(w, h, q)),
                ),
                DbKind::Blocker => jobs.extend(
                    paper_blocker_set()
                        .into_iter()
                        .map(|(w, h, n, b)| BuildJob::Blocker(w, h, n, b)),
                ),
                DbKind::Active => jobs.extend(
                    paper_active_set()
                        .into_iter()
                        .map(|(w, h, b, wq)| BuildJob::Active(w, h, b, wq)),
                ),
                // Whole-board Dots tables are built by their own plans.
                DbKind::DotsShard => {}
            }
        }
        jobs
    }

    /// The kind of table.
    pub fn kind(self) -> DbKind {
        match self {
            BuildJob::Simple(..) => DbKind::Simple,
            BuildJob::Blocker(..) => DbKind::Blocker,
            BuildJob::Active(..) => DbKind::Active,
        }
    }

    /// The table's file in `dir`.
    pub fn path(self, dir: &Path) -> PathBuf {
        let (w, h, groups) = match self {
            BuildJob::Simple(w, h, q) => (w, h, vec![q]),
            BuildJob::Blocker(w, h, n, b) | BuildJob::Active(w, h, n, b) => (w, h, vec![n, b]),
        };
        dir.join(file_name(self.kind(), w, h, &groups))
    }

    /// Whether the table's file in `dir` is there and reads back valid, as
    /// this job's table.
    pub fn is_built(self, dir: &Path) -> bool {
        let path = self.path(dir);
        let (w, h, groups): (u8, u8, Vec<u32>) = match self {
            BuildJob::Simple(w, h, q) => (w, h, vec![q]),
            BuildJob::Blocker(w, h, n, b) | BuildJob::Active(w, h, n, b) => (w, h, vec![n, b]),
        };
        let index = match self {
            BuildJob::Simple(..) => read_territory(&path).map(|db| db.index().clone()),
            BuildJob::Blocker(..) => read_blocker(&path).map(|db| db.index().clone()),
            BuildJob::Active(..) => read_active(&path).map(|db| db.index().clone()),
        };
        index.is_ok_and(|i| (i.width(), i.height(), i.groups()) == (w, h, &groups[..]))
    }

    /// The entries of the largest table this job builds (a blocker table
    /// first builds the tables with fewer blockers it depends on); `None`
    /// if the box cannot be indexed.
    pub fn entries(self) -> Option<u64> {
        let count = |w, h, groups: &[u32]| BoxIndex::new(w, h, groups).ok().map(|i| i.count());
        match self {
            BuildJob::Simple(w, h, q) => count(w, h, &[q]),
            BuildJob::Blocker(w, h, n, b) => (0..b)
                .map(|down| count(w, h, &[n + down, b - down]))
                .chain([count(w, h, &[n + b])])
                .try_fold(0, |acc, c| c.map(|c| acc.max(c))),
            BuildJob::Active(w, h, b, wq) => count(w, h, &[b, wq]),
        }
    }

    /// Builds the table into `dir` (keeping a valid file already there),
    /// asking `watch` during the build (pass `&Watch::unlimited()` for no
    /// limit): a limit it names ends the build with [`DbError::Stopped`],
    /// leaving no file for the table under way (the tables finished before
    /// it stay).
    ///
    /// # Errors
    /// [`DbError`] on I/O errors or a box that cannot be indexed, and
    /// [`DbError::Stopped`] on a limit.
    pub fn run(
        self,
        dir: &Path,
        progress: &dyn ProgressSink,
        watch: &Watch,
    ) -> Result<BuildReport, DbError> {
        match self {
            BuildJob::Simple(w, h, q) => build_simple(dir, w, h, q, progress, watch),
            BuildJob::Blocker(w, h, n, b) => build_blocker(dir, w, h, n, b, progress, watch),
            BuildJob::Active(w, h, b, wq) => build_active(dir, w, h, b, wq, progress, watch),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocker_jobs_split_each_count() {
        // Two queens: one blocker and one normal queen, or two blockers.
        let jobs = BuildJob::for_box(DbKind::Blocker, 3, 2, &[2]).unwrap();
        assert_eq!(
            jobs,
            [BuildJob::Blocker(3, 2, 1, 1), BuildJob::Blocker(3, 2, 0, 2)]
        );
        // The table with two blockers (C(6,2) 2^4 = 240 entries) depends on
        // q1b1 (6 * 5 * 2^4 = 480: the normal queen and the blocker are
        // told apart) and on simple q2 (240); the largest bounds it.
        assert_eq!(jobs[1].entries(), Some(480));
    }

    #[test]
    fn bad_requests_are_refused() {
        assert!(matches!(
            BuildJob::for_box(DbKind::Simple, 5, 5, &[]),
            Err(JobError::BoxTooLarge { .. })
        ));
        assert_eq!(
            BuildJob::for_box(DbKind::Simple, 2, 1, &[2]),
            Err(JobError::QueensOutOfRange { queens: 2, max: 1 })
        );
        assert_eq!(
            BuildJob::for_box(DbKind::Active, 2, 1, &[1, 1]),
            Err(JobError::BadActiveQueens)
        );
        assert_eq!(
            BuildJob::for_box(DbKind::Simple, 2, 1, &[]).unwrap(),
            [BuildJob::Simple(2, 1, 1)]
        );
    }
}
