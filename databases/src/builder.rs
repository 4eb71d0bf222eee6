//! Building database files into a directory, resumably: a database whose
//! file is already there and reads back valid is not rebuilt, and each file
//! appears only when complete (see [`crate::format::write_atomic`]).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cgt::budget::Watch;
use cgt::ProgressSink;

use crate::active::ActiveDb;
use crate::format::{
    active_bytes, file_name, read_active, read_blocker, read_territory, territory_bytes,
    write_atomic, DbError, DbKind,
};
use crate::index::BoxIndex;
use crate::territory::TerritoryDb;

/// What building one database did.
#[derive(Clone, Debug)]
pub struct BuildReport {
    /// The file.
    pub path: PathBuf,
    /// The number of entries.
    pub entries: u64,
    /// The file size in bytes.
    pub bytes: u64,
    /// Whether a valid file was already there (nothing was built).
    pub resumed: bool,
    /// The build time (zero when resumed).
    pub elapsed: Duration,
}

/// The paper's simple territory set (Song & Müller 2015, III-A): boxes 1xn, 2xn and
/// 3xn for 2 <= n <= 6 with 1 to 4 queens (fewer than the box's squares),
/// except 3x6 with 4 queens; as (width, height, queens) with the longer side
/// as the width (a database also answers the transposed box), smallest
/// first.
pub fn paper_simple_set() -> Vec<(u8, u8, u32)> {
    let mut out = Vec::new();
    for h in 1..=3u8 {
        for w in 2..=6u8 {
            for q in 1..=4u32 {
                if w >= h && (w, h, q) != (6, 3, 4) && u32::from(w) * u32::from(h) > q {
                    out.push((w, h, q));
                }
            }
        }
    }
    out.sort_by_key(|&(w, h, q)| BoxIndex::new(w, h, &[q]).map_or(u64::MAX, |i| i.count()));
    out
}

/// The blocker territory tables of the paper's set (Song & Müller 2015, III-A: the
/// boxes of [`paper_simple_set`]): for each box and total queen count `k`
/// there, every split into `k - b` normal queens and `b >= 1` blockers, as
/// (width, height, normal, blockers), in dependency order within a box
/// (fewer blockers first) and smaller boxes first.
pub fn paper_blocker_set() -> Vec<(u8, u8, u32, u32)> {
    paper_simple_set()
        .into_iter()
        .flat_map(|(w, h, k)| (1..=k).map(move |b| (w, h, k - b, b)))
        .collect()
}

/// The most queens a side has in the paper's active set (the boards solved
/// in Song & Müller 2015 have at most 4 a side).
pub const ACTIVE_MAX_SIDE: u32 = 4;

/// The paper's active area set (Song & Müller 2015, III-B2): every nontrivial table
/// (at least one queen a side, at most [`ACTIVE_MAX_SIDE`], at least one
/// square free) of the boxes 1xn and 2xn for 2 <= n <= 6 and 3xn for
/// 3 <= n <= 5; 3x6 with at most two queens a side; and the four smallest
/// 4x4 tables (by entry count: 1+1, 1+2, 2+1, then 1+3 before 3+1 and
/// 2+2). As (width, height, black, white), the longer side as the width,
/// smallest first.
pub fn paper_active_set() -> Vec<(u8, u8, u32, u32)> {
    let mut out = Vec::new();
    let mut add = |w: u8, h: u8, max_side: u32| {
        for b in 1..=max_side {
            for wq in 1..=max_side {
                if b + wq < u32::from(w) * u32::from(h) {
                    out.push((w, h, b, wq));
                }
            }
        }
    };
    for n in 2..=6u8 {
        add(n, 1, ACTIVE_MAX_SIDE);
        add(n, 2, ACTIVE_MAX_SIDE);
    }
    for n in 3..=5u8 {
        add(n, 3, ACTIVE_MAX_SIDE);
    }
    add(6, 3, 2);
    let count = |&(w, h, b, wq): &(u8, u8, u32, u32)| {
        BoxIndex::new(w, h, &[b, wq]).map_or(u64::MAX, |i| i.count())
    };
    let mut four: Vec<(u8, u8, u32, u32)> = Vec::new();
    for b in 1..=ACTIVE_MAX_SIDE {
        for wq in 1..=ACTIVE_MAX_SIDE {
            four.push((4, 4, b, wq));
        }
    }
    four.sort_by_key(|t| (count(t), t.2));
    out.extend(four.into_iter().take(4));
    out.sort_by_key(count);
    out
}

/// Builds the simple territory database of a `width x height` box with
/// `queens` queens into `dir`, unless a valid file is already there, asking
/// `watch` during the build (pass `&Watch::unlimited()` for no limit): a
/// limit it names ends the build with [`DbError::Stopped`], leaving no file
/// for the table.
///
/// # Errors
/// [`DbError`] on I/O errors; [`DbError::Corrupted`] if the box cannot be
/// indexed; [`DbError::Stopped`] on a limit.
pub fn build_simple(
    dir: &Path,
    width: u8,
    height: u8,
    queens: u32,
    progress: &dyn ProgressSink,
    watch: &Watch,
) -> Result<BuildReport, DbError> {
    build_territory_kind(dir, width, height, &[queens], progress, |progress| {
        TerritoryDb::build(width, height, queens, progress, watch)
    })
}

/// Builds the blocker territory table of a `width x height` box with
/// `normal` normal queens and `blockers >= 1` blockers into `dir`, unless a
/// valid file is already there; the tables it depends on (one blocker
/// fewer, down to the simple table) are built first if missing. `watch` is
/// asked during every one of these builds (pass `&Watch::unlimited()` for
/// no limit): a limit it names ends the build with [`DbError::Stopped`],
/// leaving no file for the table under way (the tables finished before it
/// stay).
///
/// # Errors
/// [`DbError`] on I/O errors; [`DbError::Corrupted`] if the box cannot be
/// indexed; [`DbError::Stopped`] on a limit.
///
/// # Panics
/// If `blockers` is 0 (a caller's bug).
pub fn build_blocker(
    dir: &Path,
    width: u8,
    height: u8,
    normal: u32,
    blockers: u32,
    progress: &dyn ProgressSink,
    watch: &Watch,
) -> Result<BuildReport, DbError> {
    assert!(blockers >= 1, "a blocker table has blockers");
    let groups = [normal, blockers];
    if let Some(report) = existing(dir, DbKind::Blocker, width, height, &groups) {
        return Ok(report);
    }
    let lower = if blockers == 1 {
        let r = build_simple(dir, width, height, normal + 1, progress, watch)?;
        read_territory(&r.path)?
    } else {
        let r = build_blocker(
            dir,
            width,
            height,
            normal + 1,
            blockers - 1,
            progress,
            watch,
        )?;
        read_blocker(&r.path)?
    };
    build_territory_kind(dir, width, height, &groups, progress, |progress| {
        TerritoryDb::build_blocker(width, height, normal, blockers, &lower, progress, watch)
    })
}

/// The report of a valid territory file already in `dir`, if there is one.
fn existing(
    dir: &Path,
    kind: DbKind,
    width: u8,
    height: u8,
    groups: &[u32],
) -> Option<BuildReport> {
    let path = dir.join(file_name(kind, width, height, groups));
    let db = match kind {
        DbKind::Blocker => read_blocker(&path),
        _ => read_territory(&path),
    }
    .ok()?;
    let index = db.index();
    ((index.width(), index.height(), index.groups()) == (width, height, groups)).then(|| {
        BuildReport {
            bytes: std::fs::metadata(&path).map_or(0, |m| m.len()),
            path,
            entries: index.count(),
            resumed: true,
            elapsed: Duration::ZERO,
        }
    })
}

/// Builds a simple (one group) or blocker (two groups) territory table with
/// `build` into `dir`, unless a valid file is already there.
fn build_territory_kind(
    dir: &Path,
    width: u8,
    height: u8,
    groups: &[u32],
    progress: &dyn ProgressSink,
    build: impl FnOnce(&dyn ProgressSink) -> Result<TerritoryDb, crate::IndexError>,
) -> Result<BuildReport, DbError> {
    let kind = if groups.len() == 1 {
        DbKind::Simple
    } else {
        DbKind::Blocker
    };
    if let Some(report) = existing(dir, kind, width, height, groups) {
        return Ok(report);
    }
    let path = dir.join(file_name(kind, width, height, groups));
    std::fs::create_dir_all(dir).map_err(|source| DbError::Io {
        path: dir.to_owned(),
        source,
    })?;
    let corrupted = |e: crate::IndexError| DbError::Corrupted {
        offset: 0,
        what: e.to_string(),
    };
    let index = BoxIndex::new(width, height, groups).map_err(corrupted)?;
    let name = file_name(kind, width, height, groups);
    progress.start(
        name.trim_end_matches(&format!(".{}", crate::EXTENSION)),
        index.count() * u64::from(index.free_cells() + 1),
    );
    let start = Instant::now();
    let db = build(progress);
    progress.finish();
    let db = db.map_err(|e| match e {
        crate::IndexError::OutOfMemory { entries } => DbError::OutOfMemory {
            what: name
                .trim_end_matches(&format!(".{}", crate::EXTENSION))
                .to_owned(),
            entries,
            bytes: entries,
        },
        crate::IndexError::Stopped(limit) => DbError::Stopped { limit },
        e => corrupted(e),
    })?;
    let bytes = territory_bytes(&db);
    write_atomic(&path, &bytes)?;
    let elapsed = start.elapsed();
    Ok(BuildReport {
        path,
        entries: db.index().count(),
        bytes: bytes.len() as u64,
        resumed: false,
        elapsed,
    })
}

/// Builds the active area table of a `width x height` box with `black`
/// Black and `white` White queens into `dir`, unless a valid file is already
/// there, with canonical forms if it has at most
/// [`crate::active::CANONICAL_MAX_ENTRIES`] entries, reporting one unit of
/// progress per entry and asking `watch` during the build (pass
/// `&Watch::unlimited()` for no limit): a limit it names ends the build with
/// [`DbError::Stopped`], leaving no file for the table.
///
/// # Errors
/// [`DbError`] on I/O errors; [`DbError::Corrupted`] if the box cannot be
/// indexed or thermograph arithmetic overflows; [`DbError::Stopped`] on a
/// limit.
pub fn build_active(
    dir: &Path,
    width: u8,
    height: u8,
    black: u32,
    white: u32,
    progress: &dyn ProgressSink,
    watch: &Watch,
) -> Result<BuildReport, DbError> {
    let path = dir.join(file_name(DbKind::Active, width, height, &[black, white]));
    if let Ok(db) = read_active(&path) {
        if (db.index().width(), db.index().height(), db.index().groups())
            == (width, height, &[black, white][..])
        {
            return Ok(BuildReport {
                bytes: std::fs::metadata(&path).map_or(0, |m| m.len()),
                path,
                entries: db.index().count(),
                resumed: true,
                elapsed: Duration::ZERO,
            });
        }
    }
    std::fs::create_dir_all(dir).map_err(|source| DbError::Io {
        path: dir.to_owned(),
        source,
    })?;
    let start = Instant::now();
    let corrupted = |e: crate::active::ActiveError| DbError::Corrupted {
        offset: 0,
        what: e.to_string(),
    };
    let count = BoxIndex::new(width, height, &[black, white]).map_or(0, |i| i.count());
    progress.start(&format!("active {width}x{height} b{black}w{white}"), count);
    let db = ActiveDb::build(width, height, black, white, progress, watch);
    progress.finish();
    let mut db = db.map_err(|e| match e {
        crate::active::ActiveError::OutOfMemory { entries, bytes } => DbError::OutOfMemory {
            what: format!("active {width}x{height} b{black}w{white}"),
            entries,
            bytes,
        },
        crate::active::ActiveError::Stopped(limit) => DbError::Stopped { limit },
        e => corrupted(e),
    })?;
    if db.index().count() <= crate::active::CANONICAL_MAX_ENTRIES {
        db.compute_canonical_forms().map_err(corrupted)?;
    }
    let bytes = active_bytes(&db);
    write_atomic(&path, &bytes)?;
    Ok(BuildReport {
        path,
        entries: db.index().count(),
        bytes: bytes.len() as u64,
        resumed: false,
        elapsed: start.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::budget::Limit;

    #[test]
    fn paper_set_is_the_listed_boxes() {
        // Song & Müller 2015 III-A: 1xn, 2xn, 3xn, 2 <= n <= 6, not 3x6 with 4 queens.
        // By hand: 1xn gives 5 boxes, 2xn 5 (2x2 .. 2x6), 3xn 4 (3x3 .. 3x6,
        // 3x2 being 2x3); queens 1..4 where they fit (1x2: 1; 1x3: 1, 2;
        // 1x4: 1..3; 2x2: 1..3), minus 3x6 with 4 queens.
        let set = paper_simple_set();
        assert_eq!(set.len(), 1 + 2 + 3 + 4 + 4 + 3 + 4 * 4 + 4 * 4 - 1);
        assert!(!set.contains(&(6, 3, 4)));
        assert!(set.contains(&(6, 3, 3)) && set.contains(&(2, 1, 1)));
    }

    #[test]
    fn active_set_is_the_listed_boxes() {
        let set = paper_active_set();
        // 1x2 has room for 1+... nothing (two queens fill it); 1x3: 1+1.
        assert!(!set.iter().any(|&(w, h, _, _)| (w, h) == (2, 1)));
        assert!(set.contains(&(3, 1, 1, 1)) && !set.contains(&(3, 1, 1, 2)));
        assert!(set.contains(&(6, 3, 2, 2)) && !set.contains(&(6, 3, 3, 1)));
        let four: Vec<_> = set.iter().filter(|t| (t.0, t.1) == (4, 4)).collect();
        assert_eq!(
            four,
            [&(4, 4, 1, 1), &(4, 4, 1, 2), &(4, 4, 2, 1), &(4, 4, 1, 3)]
        );
    }

    #[test]
    fn blocker_set_splits_each_simple_box() {
        // Each (box, k) of the simple set gives k blocker tables, b = 1..k.
        let simple = paper_simple_set();
        let blocker = paper_blocker_set();
        let expected: u32 = simple.iter().map(|&(_, _, k)| k).sum();
        assert_eq!(blocker.len(), expected as usize);
        assert!(blocker.contains(&(3, 3, 1, 2)) && !blocker.contains(&(6, 3, 0, 4)));
    }

    /// A progress sink that sets its stop flag once `n` units of work are
    /// reported done, as Ctrl-C at that point would.
    struct StopAfter {
        n: u64,
        done: std::sync::atomic::AtomicU64,
        flag: cgt::budget::StopFlag,
    }

    impl StopAfter {
        fn new(n: u64) -> StopAfter {
            StopAfter {
                n,
                done: std::sync::atomic::AtomicU64::new(0),
                flag: cgt::budget::StopFlag::new(),
            }
        }

        fn watch(&self) -> Watch {
            Watch::new(None, Some(&self.flag))
        }
    }

    impl ProgressSink for StopAfter {
        fn advance(&self, units: u64) {
            let done = self
                .done
                .fetch_add(units, std::sync::atomic::Ordering::Relaxed);
            if done + units >= self.n {
                self.flag.stop();
            }
        }
    }

    /// The `.cgtkdb` files and anything else (a temporary file) in `dir`.
    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .map(|d| {
                d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    }

    /// A build stopped inside a table leaves no file for it (the tables
    /// it finished before stay), and a build resumed afterwards writes the
    /// same bytes as one never stopped.
    #[test]
    fn stopped_builds_leave_no_partial_file() {
        let dir = std::env::temp_dir().join(format!("cgtk-stopped-build-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        // Simple 4x3, 1 queen: 24,576 entries, six chunks a layer.
        let stop = StopAfter::new(10);
        let r = build_simple(&dir, 4, 3, 1, &stop, &stop.watch());
        assert!(
            matches!(
                r,
                Err(DbError::Stopped {
                    limit: Limit::Interrupt
                })
            ),
            "{r:?}"
        );
        assert_eq!(names(&dir), Vec::<String>::new());
        // A blocker table stopped while building the simple table it needs.
        let stop = StopAfter::new(0);
        stop.flag.stop();
        let r = build_blocker(&dir, 3, 2, 0, 1, &stop, &stop.watch());
        assert!(matches!(
            r,
            Err(DbError::Stopped {
                limit: Limit::Interrupt
            })
        ));
        assert_eq!(names(&dir), Vec::<String>::new());
        // Stopped in the blocker table itself: the simple one stays.
        // The units of work the simple table reports, then one more.
        let simple_units = {
            let count = StopAfter::new(u64::MAX);
            TerritoryDb::build(3, 2, 1, &count, &Watch::unlimited()).unwrap();
            count.done.into_inner()
        };
        let stop = StopAfter::new(simple_units + 1);
        let r = build_blocker(&dir, 3, 2, 0, 1, &stop, &stop.watch());
        assert!(matches!(r, Err(DbError::Stopped { .. })), "{r:?}");
        assert_eq!(names(&dir), ["simple-3x2-q1.cgtkdb"]);
        // Active 3x2 1+1: stopped at the 100th entry.
        let stop = StopAfter::new(100);
        let r = build_active(&dir, 3, 2, 1, 1, &stop, &stop.watch());
        assert!(matches!(r, Err(DbError::Stopped { .. })), "{r:?}");
        assert_eq!(names(&dir), ["simple-3x2-q1.cgtkdb"]);
        // Resumed: the same bytes as the tables built without a stop.
        build_simple(&dir, 4, 3, 1, &(), &Watch::unlimited()).unwrap();
        build_blocker(&dir, 3, 2, 0, 1, &(), &Watch::unlimited()).unwrap();
        let r = build_active(&dir, 3, 2, 1, 1, &(), &Watch::unlimited()).unwrap();
        assert!(!r.resumed);
        let simple = TerritoryDb::build(4, 3, 1, &(), &Watch::unlimited()).unwrap();
        assert_eq!(
            std::fs::read(dir.join("simple-4x3-q1.cgtkdb")).unwrap(),
            territory_bytes(&simple)
        );
        let lower = TerritoryDb::build(3, 2, 1, &(), &Watch::unlimited()).unwrap();
        let blocker =
            TerritoryDb::build_blocker(3, 2, 0, 1, &lower, &(), &Watch::unlimited()).unwrap();
        assert_eq!(
            std::fs::read(dir.join("blocker-3x2-q0b1.cgtkdb")).unwrap(),
            territory_bytes(&blocker)
        );
        let mut active = ActiveDb::build(3, 2, 1, 1, &(), &Watch::unlimited()).unwrap();
        active.compute_canonical_forms().unwrap();
        assert_eq!(
            std::fs::read(dir.join("active-3x2-b1w1.cgtkdb")).unwrap(),
            active_bytes(&active)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn blocker_build_builds_its_dependencies_and_resumes() {
        let dir = std::env::temp_dir().join(format!("cgtk-blocker-build-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let r = build_blocker(&dir, 3, 2, 0, 2, &(), &Watch::unlimited()).unwrap();
        assert!(!r.resumed);
        // The chain below it: simple q2, then blocker q1b1.
        for name in ["simple-3x2-q2.cgtkdb", "blocker-3x2-q1b1.cgtkdb"] {
            assert!(dir.join(name).exists(), "{name}");
        }
        let again = build_blocker(&dir, 3, 2, 0, 2, &(), &Watch::unlimited()).unwrap();
        assert!(again.resumed);
        assert_eq!(again.entries, r.entries);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
