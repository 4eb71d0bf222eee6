//! Building database files into a directory, resumably: a database whose
//! file is already there and reads back valid is not rebuilt, and each file
//! appears only when complete (see [`crate::format::write_atomic`]).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::active::ActiveDb;
use crate::format::{
    active_bytes, file_name, read_active, read_territory, territory_bytes, write_atomic, DbError,
    DbKind,
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

/// The paper's simple territory set (seed 004, III-A): boxes 1xn, 2xn and
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

/// A progress bar on stderr with rate and ETA (hidden if `show` is false).
pub fn progress_bar(len: u64, message: String, show: bool) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} {per_sec} ETA {eta}",
        )
        .expect("a valid template"),
    );
    bar.set_message(message);
    bar
}

/// Builds the simple territory database of a `width x height` box with
/// `queens` queens into `dir`, unless a valid file is already there.
///
/// # Errors
/// [`DbError`] on I/O errors; [`DbError::Corrupted`] if the box cannot be
/// indexed.
pub fn build_simple(
    dir: &Path,
    width: u8,
    height: u8,
    queens: u32,
    show_progress: bool,
) -> Result<BuildReport, DbError> {
    let path = dir.join(file_name(DbKind::Simple, width, height, &[queens]));
    if let Ok(db) = read_territory(&path) {
        if (db.index().width(), db.index().height(), db.queens()) == (width, height, queens) {
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
    let index = BoxIndex::new(width, height, &[queens]).map_err(|e| DbError::Corrupted {
        offset: 0,
        what: e.to_string(),
    })?;
    let bar = progress_bar(
        index.count() * u64::from(index.free_cells() + 1),
        format!("simple {width}x{height} q{queens}"),
        show_progress,
    );
    let start = Instant::now();
    let db = TerritoryDb::build(width, height, queens, &bar).map_err(|e| DbError::Corrupted {
        offset: 0,
        what: e.to_string(),
    })?;
    let bytes = territory_bytes(&db);
    write_atomic(&path, &bytes)?;
    let elapsed = start.elapsed();
    bar.finish_and_clear();
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
/// [`crate::active::CANONICAL_MAX_ENTRIES`] entries. No progress bar: the
/// thermograph pass is short for the boxes this version handles.
///
/// # Errors
/// [`DbError`] on I/O errors; [`DbError::Corrupted`] if the box cannot be
/// indexed or thermograph arithmetic overflows.
pub fn build_active(
    dir: &Path,
    width: u8,
    height: u8,
    black: u32,
    white: u32,
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
    let mut db = ActiveDb::build(width, height, black, white).map_err(corrupted)?;
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

    #[test]
    fn paper_set_is_the_listed_boxes() {
        // Seed 004 III-A: 1xn, 2xn, 3xn, 2 <= n <= 6, not 3x6 with 4 queens.
        // By hand: 1xn gives 5 boxes, 2xn 5 (2x2 .. 2x6), 3xn 4 (3x3 .. 3x6,
        // 3x2 being 2x3); queens 1..4 where they fit (1x2: 1; 1x3: 1, 2;
        // 1x4: 1..3; 2x2: 1..3), minus 3x6 with 4 queens.
        let set = paper_simple_set();
        assert_eq!(set.len(), 1 + 2 + 3 + 4 + 4 + 3 + 4 * 4 + 4 * 4 - 1);
        assert!(!set.contains(&(6, 3, 4)));
        assert!(set.contains(&(6, 3, 3)) && set.contains(&(2, 1, 1)));
    }
}
