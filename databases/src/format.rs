//! The on-disk format: one file per database.
//!
//! ```text
//! offset size  field (integers little endian)
//!      0    8  magic  b"CGTKDB\x1a\n"
//!      8    2  format version (1)
//!     10    1  kind: 1 simple territory, 2 blocker territory, 3 active area
//!     11    1  box width
//!     12    1  box height
//!     13    1  number of queen groups (1 for territories, 2 for active areas)
//!     14    4  queens per group, one byte each (unused bytes 0)
//!     18    6  reserved, 0
//!     24    8  entry count
//!     32    8  payload length in bytes
//!     40    8  checksum: FNV-1a 64 of bytes 0..40 followed by the payload
//!     48    .  payload: the entries in rank order (simple territory: one
//!              byte per entry, the move count)
//! ```
//!
//! Reading checks, in order: magic, version, length, checksum, then every
//! field and entry; each failure is its own [`DbError`]. Writing goes to a
//! temporary file in the same directory, synced and renamed into place, so a
//! file with the final name is always complete.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::checksum::Fnv1a64;
use crate::index::BoxIndex;
use crate::territory::TerritoryDb;

/// The magic number at the start of every database file.
pub const MAGIC: [u8; 8] = *b"CGTKDB\x1a\n";
/// The format version this crate writes and reads.
pub const VERSION: u16 = 1;
/// The header length in bytes.
pub const HEADER_LEN: usize = 48;
/// The file extension of database files.
pub const EXTENSION: &str = "cgtkdb";

/// The kind of a database (seed 004, III).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DbKind {
    /// Simple territories.
    Simple,
    /// Blocker territories.
    Blocker,
    /// Active areas.
    Active,
}

impl DbKind {
    fn code(self) -> u8 {
        match self {
            DbKind::Simple => 1,
            DbKind::Blocker => 2,
            DbKind::Active => 3,
        }
    }

    fn from_code(code: u8) -> Option<DbKind> {
        match code {
            1 => Some(DbKind::Simple),
            2 => Some(DbKind::Blocker),
            3 => Some(DbKind::Active),
            _ => None,
        }
    }
}

impl fmt::Display for DbKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DbKind::Simple => "simple",
            DbKind::Blocker => "blocker",
            DbKind::Active => "active",
        })
    }
}

/// An error reading or writing a database file.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// An I/O error.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// Not a cgtk database: the first bytes are not the magic number.
    #[error("not a cgtk database (magic {found:02x?})")]
    BadMagic {
        /// The bytes found (fewer than 8 if the file is that short).
        found: Vec<u8>,
    },
    /// A format version this build cannot read.
    #[error("unsupported database format version {found} (this build reads {VERSION})")]
    UnsupportedVersion {
        /// The version found.
        found: u16,
    },
    /// The file is shorter than its header says.
    #[error("truncated database: {found} bytes, expected {expected}")]
    Truncated {
        /// The length the header implies.
        expected: u64,
        /// The length found.
        found: u64,
    },
    /// The checksum does not match the contents.
    #[error("checksum mismatch: stored {stored:016x}, computed {computed:016x}")]
    ChecksumMismatch {
        /// The checksum in the header.
        stored: u64,
        /// The checksum of the contents.
        computed: u64,
    },
    /// A field or entry is impossible, at byte `offset`.
    #[error("corrupted database at byte {offset}: {what}")]
    Corrupted {
        /// The byte offset of the bad field or entry.
        offset: u64,
        /// What is wrong.
        what: String,
    },
    /// A kind of database this build cannot read yet.
    #[error("{kind} databases are not supported by this build")]
    UnsupportedKind {
        /// The kind.
        kind: DbKind,
    },
}

/// What a database file's header says.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Header {
    /// The kind.
    pub kind: DbKind,
    /// Box width.
    pub width: u8,
    /// Box height.
    pub height: u8,
    /// Queens per group.
    pub queens: Vec<u32>,
    /// The number of entries.
    pub entries: u64,
    /// The payload length in bytes.
    pub payload_len: u64,
    /// The stored checksum.
    pub checksum: u64,
}

/// The header of a database file and whether its checksum holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FileInfo {
    /// The header.
    pub header: Header,
    /// The file length in bytes.
    pub file_len: u64,
    /// Whether the checksum matches the contents.
    pub checksum_ok: bool,
}

/// The file name of a database: `simple-3x4-q2.cgtkdb`, `active-3x3-b1w2.cgtkdb`.
pub fn file_name(kind: DbKind, width: u8, height: u8, queens: &[u32]) -> String {
    let q = match queens {
        [q] => format!("q{q}"),
        [b, w] => format!("b{b}w{w}"),
        other => other.iter().map(|q| format!("q{q}")).collect(),
    };
    format!("{kind}-{width}x{height}-{q}.{EXTENSION}")
}

fn header_bytes(kind: DbKind, index: &BoxIndex, payload: &[u8]) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[0..8].copy_from_slice(&MAGIC);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h[10] = kind.code();
    h[11] = index.width();
    h[12] = index.height();
    let groups = index.groups();
    h[13] = groups.len() as u8;
    for (i, &q) in groups.iter().enumerate() {
        h[14 + i] = q as u8;
    }
    h[24..32].copy_from_slice(&index.count().to_le_bytes());
    h[32..40].copy_from_slice(&(payload.len() as u64).to_le_bytes());
    let mut sum = Fnv1a64::new();
    sum.update(&h[0..40]);
    sum.update(payload);
    h[40..48].copy_from_slice(&sum.finish().to_le_bytes());
    h
}

/// The bytes of a simple territory database file.
pub fn territory_bytes(db: &TerritoryDb) -> Vec<u8> {
    let payload = db.entries();
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(&header_bytes(DbKind::Simple, db.index(), payload));
    out.extend_from_slice(payload);
    out
}

/// Writes `bytes` to `path` through a temporary file renamed into place.
///
/// # Errors
/// [`DbError::Io`].
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), DbError> {
    let io = |source| DbError::Io {
        path: path.to_owned(),
        source,
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let mut file = fs::File::create(&tmp).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    fs::rename(&tmp, path).map_err(io)
}

fn le_u64(b: &[u8]) -> u64 {
    u64::from_le_bytes(b.try_into().expect("8 bytes"))
}

/// Reads and checks the header of `bytes` (magic, version, length), and
/// computes the checksum; if `strict`, a checksum mismatch is an error
/// before any other field is read.
fn parse_header(bytes: &[u8], strict: bool) -> Result<(Header, bool), DbError> {
    if bytes.len() < MAGIC.len() || bytes[..8] != MAGIC {
        if bytes.len() < MAGIC.len() && MAGIC.starts_with(bytes) {
            return Err(DbError::Truncated {
                expected: HEADER_LEN as u64,
                found: bytes.len() as u64,
            });
        }
        return Err(DbError::BadMagic {
            found: bytes[..bytes.len().min(8)].to_vec(),
        });
    }
    if bytes.len() < HEADER_LEN {
        return Err(DbError::Truncated {
            expected: HEADER_LEN as u64,
            found: bytes.len() as u64,
        });
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(DbError::UnsupportedVersion { found: version });
    }
    let payload_len = le_u64(&bytes[32..40]);
    let expected = (HEADER_LEN as u64).saturating_add(payload_len);
    let found = bytes.len() as u64;
    if found < expected {
        return Err(DbError::Truncated { expected, found });
    }
    if found > expected {
        return Err(DbError::Corrupted {
            offset: expected,
            what: format!("{} bytes after the payload", found - expected),
        });
    }
    let stored = le_u64(&bytes[40..48]);
    let mut sum = Fnv1a64::new();
    sum.update(&bytes[0..40]);
    sum.update(&bytes[HEADER_LEN..]);
    let computed = sum.finish();
    let checksum_ok = computed == stored;
    if strict && !checksum_ok {
        return Err(DbError::ChecksumMismatch { stored, computed });
    }
    let corrupted = |offset: u64, what: &str| DbError::Corrupted {
        offset,
        what: what.to_owned(),
    };
    let kind = DbKind::from_code(bytes[10]).ok_or_else(|| corrupted(10, "unknown kind"))?;
    let groups = usize::from(bytes[13]);
    if !(1..=4).contains(&groups) {
        return Err(corrupted(13, "bad number of queen groups"));
    }
    let header = Header {
        kind,
        width: bytes[11],
        height: bytes[12],
        queens: bytes[14..14 + groups]
            .iter()
            .map(|&q| u32::from(q))
            .collect(),
        entries: le_u64(&bytes[24..32]),
        payload_len,
        checksum: stored,
    };
    Ok((header, checksum_ok))
}

/// The header of the database file `path` and whether its checksum holds.
///
/// # Errors
/// [`DbError`] if the file cannot be read or is not a readable database
/// (a checksum mismatch is reported in [`FileInfo::checksum_ok`] instead).
pub fn inspect(path: &Path) -> Result<FileInfo, DbError> {
    let bytes = fs::read(path).map_err(|source| DbError::Io {
        path: path.to_owned(),
        source,
    })?;
    let (header, checksum_ok) = parse_header(&bytes, false)?;
    Ok(FileInfo {
        header,
        file_len: bytes.len() as u64,
        checksum_ok,
    })
}

/// A simple territory database from the bytes of its file.
///
/// # Errors
/// Every way the bytes can be wrong has its [`DbError`]; never a panic.
pub fn territory_from_bytes(bytes: &[u8]) -> Result<TerritoryDb, DbError> {
    let (h, _) = parse_header(bytes, true)?;
    if h.kind != DbKind::Simple {
        return Err(DbError::UnsupportedKind { kind: h.kind });
    }
    let corrupted = |offset: u64, what: String| DbError::Corrupted { offset, what };
    if h.queens.len() != 1 {
        return Err(corrupted(13, "a territory has one queen group".into()));
    }
    if !(1..=8).contains(&h.width) || !(1..=8).contains(&h.height) {
        return Err(corrupted(11, format!("bad box {}x{}", h.width, h.height)));
    }
    let index =
        BoxIndex::new(h.width, h.height, &h.queens).map_err(|e| corrupted(14, e.to_string()))?;
    if h.entries != index.count() {
        return Err(corrupted(
            24,
            format!("{} entries, the box has {}", h.entries, index.count()),
        ));
    }
    if h.payload_len != h.entries {
        return Err(corrupted(
            32,
            "payload length is not one byte per entry".into(),
        ));
    }
    TerritoryDb::from_parts(index, bytes[HEADER_LEN..].to_vec()).map_err(|rank| {
        corrupted(
            HEADER_LEN as u64 + rank,
            "move count above the number of empty squares".into(),
        )
    })
}

/// Reads the simple territory database file `path`.
///
/// # Errors
/// As [`territory_from_bytes`], and [`DbError::Io`].
pub fn read_territory(path: &Path) -> Result<TerritoryDb, DbError> {
    let bytes = fs::read(path).map_err(|source| DbError::Io {
        path: path.to_owned(),
        source,
    })?;
    territory_from_bytes(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::ProgressBar;

    fn sample() -> Vec<u8> {
        territory_bytes(&TerritoryDb::build(2, 3, 1, &ProgressBar::hidden()).unwrap())
    }

    #[test]
    fn round_trip() {
        let db = TerritoryDb::build(2, 3, 1, &ProgressBar::hidden()).unwrap();
        assert_eq!(territory_from_bytes(&territory_bytes(&db)).unwrap(), db);
    }

    #[test]
    fn flipped_byte_is_a_checksum_mismatch() {
        let good = sample();
        // Every single-bit flip past the magic and version is caught.
        for at in 10..good.len() {
            if (32..40).contains(&at) {
                continue; // the payload length: reads as truncated or trailing
            }
            let mut bad = good.clone();
            bad[at] ^= 0x10;
            assert!(
                matches!(
                    territory_from_bytes(&bad),
                    Err(DbError::ChecksumMismatch { .. })
                ),
                "flip at {at}"
            );
        }
    }

    #[test]
    fn truncation_magic_and_version() {
        let good = sample();
        for len in [0, 5, 20, HEADER_LEN, good.len() - 1] {
            assert!(
                matches!(
                    territory_from_bytes(&good[..len]),
                    Err(DbError::Truncated { .. })
                ),
                "length {len}"
            );
        }
        let mut magic = good.clone();
        magic[0] = b'X';
        assert!(matches!(
            territory_from_bytes(&magic),
            Err(DbError::BadMagic { .. })
        ));
        let mut version = good.clone();
        version[8] = 2;
        assert!(matches!(
            territory_from_bytes(&version),
            Err(DbError::UnsupportedVersion { found: 2 })
        ));
    }

    #[test]
    fn impossible_entry_with_a_good_checksum_is_corrupted() {
        // Rank 0 has no empty square (the lowest mask), so 1 move is
        // impossible; the checksum is recomputed so that only the entry check
        // can catch it.
        let good = sample();
        let mut payload = good[HEADER_LEN..].to_vec();
        payload[0] = 1;
        let index = BoxIndex::new(2, 3, &[1]).unwrap();
        let mut bad = header_bytes(DbKind::Simple, &index, &payload).to_vec();
        bad.extend_from_slice(&payload);
        assert!(matches!(
            territory_from_bytes(&bad),
            Err(DbError::Corrupted { offset: 48, .. })
        ));
    }
}
