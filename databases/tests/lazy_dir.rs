//! A database directory opened lazily: opening reads only the headers, a
//! table is read (and checked) on first use, once for every thread, and
//! answers as the same tables loaded whole; a table found bad on first use
//! is reported once, by name, and left out.

use std::path::Path;
use std::sync::{Arc, Mutex};

use amazons::territory::territory_moves;
use amazons::{Bitboard, Color, Position};
use cgt::budget::Watch;
use databases::{
    build_active, build_blocker, build_simple, read_active, read_blocker, read_territory,
    Databases, DbError,
};

/// Simple 3x2 with 1 and 2 queens, 4x2 with 1, blocker 3x2 with one
/// blocker, active 3x2 with 1+1.
fn build(dir: &Path) {
    for (w, h, q) in [(3, 2, 1), (3, 2, 2), (4, 2, 1)] {
        build_simple(dir, w, h, q, &(), &Watch::unlimited()).unwrap();
    }
    build_blocker(dir, 3, 2, 0, 1, &(), &Watch::unlimited()).unwrap();
    build_active(dir, 3, 2, 1, 1, &(), &Watch::unlimited()).unwrap();
}

/// The same files loaded whole, the way directories were opened before
/// they were opened lazily.
fn loaded(dir: &Path) -> Databases {
    let mut dbs = Databases::new();
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    for p in names {
        let name = p.file_name().unwrap().to_str().unwrap().to_owned();
        if name.starts_with("simple-") {
            dbs.add_territory(read_territory(&p).unwrap());
        } else if name.starts_with("blocker-") {
            dbs.add_blocker(read_blocker(&p).unwrap());
        } else if name.starts_with("active-") {
            dbs.add_active(read_active(&p).unwrap());
        }
    }
    dbs
}

/// Territories of the 3x2 box (one transposed, one needing the 4x2 box),
/// and an active area.
const POSITIONS: [&str; 5] = [
    "xxxx/x..x/x.Bx/x..x w",
    "xxxx/x..x/x.Bx/xB.x w",
    "xxxxxx/x....x/xB...x/xxxxxx w",
    "xxxx/xW.x/x..x/x.Bx/xxxx w",
    "xxxxxxx/x.....x/xW....x/xxxxxxx w",
];

fn answer(dbs: &Databases, text: &str) -> String {
    let pos: Position = text.parse().unwrap();
    format!("{:?}", dbs.query(&pos, Bitboard::EMPTY).unwrap())
}

/// A hook that keeps what it is told.
fn recorder() -> (databases::BadTableHook, Arc<Mutex<Vec<String>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let keep = Arc::clone(&seen);
    let hook = Arc::new(move |e: &DbError| keep.lock().unwrap().push(e.to_string()));
    (hook, seen)
}

#[test]
fn opening_reads_headers_and_answers_as_loaded_tables() {
    let dir = testkit::files::temp_dir("lazy-dir");
    build(&dir);
    let whole = loaded(&dir);
    let (lazy, skipped) = Databases::open_dir_skipping(&dir).unwrap();
    assert!(skipped.is_empty(), "{skipped:?}");
    assert_eq!(lazy.len(), 5);
    assert_eq!(lazy.tables_read(), 0);
    // The first query reads the one table that answers it.
    assert_eq!(answer(&lazy, POSITIONS[0]), answer(&whole, POSITIONS[0]));
    assert_eq!(lazy.tables_read(), 1);
    for text in POSITIONS {
        assert_eq!(answer(&lazy, text), answer(&whole, text), "{text}");
    }
    // Blocker territories: the blocker table, and the simple tables for
    // its best move.
    let pos: Position = "x.xxx/x.xxx/x.B.W b".parse().unwrap();
    let blockers = pos.queens(Color::Black);
    assert_eq!(
        format!("{:?}", lazy.query(&pos, blockers).unwrap()),
        format!("{:?}", whole.query(&pos, blockers).unwrap())
    );
    assert!(lazy.tables_read() <= 5);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_table_bad_on_first_use_is_named_once_and_left_out() {
    let dir = testkit::files::temp_dir("lazy-bad");
    build(&dir);
    let file = dir.join("simple-3x2-q1.cgtkdb");
    let mut bytes = std::fs::read(&file).unwrap();
    *bytes.last_mut().unwrap() ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    // The header is intact: the directory opens with every file.
    let (mut lazy, skipped) = Databases::open_dir_skipping(&dir).unwrap();
    assert!(skipped.is_empty(), "{skipped:?}");
    assert_eq!(lazy.len(), 5);
    let (hook, seen) = recorder();
    lazy.on_bad_table(hook);
    // The 3x2 table is read, found bad, and the 4x2 one answers instead.
    let pos: Position = POSITIONS[0].parse().unwrap();
    let expected = territory_moves(pos.empty(), pos.queens(Color::Black));
    for _ in 0..3 {
        assert_eq!(
            lazy.territory(pos.empty(), pos.queens(Color::Black)),
            Some(expected)
        );
    }
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert!(
        seen[0].contains("simple-3x2-q1.cgtkdb") && seen[0].contains("checksum mismatch"),
        "{}",
        seen[0]
    );
    // Reading the file whole says the same.
    assert!(matches!(
        read_territory(&file),
        Err(DbError::ChecksumMismatch { .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn threads_read_a_table_once() {
    let dir = testkit::files::temp_dir("lazy-threads");
    build(&dir);
    let whole = loaded(&dir);
    let expected: Vec<String> = POSITIONS.iter().map(|t| answer(&whole, t)).collect();
    // A bad active table, found by several threads at once.
    let file = dir.join("active-3x2-b1w1.cgtkdb");
    let good = std::fs::read(&file).unwrap();
    let mut bad = good.clone();
    bad[60] ^= 1;
    std::fs::write(&file, &bad).unwrap();
    let (mut lazy, _) = Databases::open_dir_skipping(&dir).unwrap();
    let (hook, seen) = recorder();
    lazy.on_bad_table(hook);
    let lazy = Arc::new(lazy);
    std::thread::scope(|s| {
        for _ in 0..4 {
            let lazy = Arc::clone(&lazy);
            let expected = &expected;
            s.spawn(move || {
                for _ in 0..50 {
                    for (i, text) in POSITIONS.iter().enumerate() {
                        let got = answer(&lazy, text);
                        if i == 3 {
                            assert_eq!(got, "NotFound", "{text}");
                        } else {
                            assert_eq!(&got, &expected[i], "{text}");
                        }
                    }
                }
            });
        }
    });
    assert_eq!(seen.lock().unwrap().len(), 1);
    assert_eq!(lazy.tables_read(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}
