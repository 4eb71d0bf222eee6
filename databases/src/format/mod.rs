//! The on-disk format: one file per database.
//!
//! ```text
//! offset size  field (integers little endian)
//!      0    8  magic  b"CGTKDB\x1a\n"
//!      8    2  format version (1)
//!     10    1  kind: 1 simple territory, 2 blocker territory, 3 active area,
//!                  4 Dots-and-Boxes shard (fields in [`crate::dots`])
//!     11    1  box width
//!     12    1  box height
//!     13    1  number of queen groups (1 simple, 2 blocker, 2 active)
//!     14    4  queens per group, one byte each (unused bytes 0)
//!     18    6  reserved, 0
//!     24    8  entry count
//!     32    8  payload length in bytes
//!     40    8  checksum: FNV-1a 64 of bytes 0..40 followed by the payload
//!     48    .  payload: the entries in rank order
//! ```
//!
//! Simple and blocker territory payload: one byte per entry, the move count
//! (blocker tables: queen group 1 the normal queens, group 2 the blockers;
//! see [`crate::territory`]). Active area
//! payload: a dictionary of the distinct thermographs, then one index into
//! it per entry:
//!
//! ```text
//! u32 D (distinct thermographs), u8 index width (2 or 4 bytes)
//! D times: left wall, right wall; a wall is
//!     u16 P, P breakpoints (t, x), then the tail slope; each rational is
//!     i64 numerator, i64 denominator (> 0)
//! one index per entry (u16 or u32), below D
//! u8 1 if canonical forms follow, else 0; if 1:
//!     u32 S (distinct forms), S times u16 length and UTF-8 CGSuite text,
//!     then one index per entry (u16 if S <= 2^16, else u32), below S
//! ```
//!
//! Reading checks, in order: magic, version, length, checksum, then every
//! field and entry; each failure is its own [`DbError`]. Writing goes to a
//! temporary file in the same directory, synced and renamed into place, so a
//! file with the final name is always complete.
//!
//! This module holds the container (header, kinds, errors, reading and
//! atomic writing); its submodules `territory` and `active` hold the two
//! payloads, whose functions it re-exports.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::checksum::Fnv1a64;
use crate::index::BoxIndex;

mod active;
mod territory;

pub use active::{active_bytes, active_from_bytes, read_active};
pub use territory::{
    blocker_from_bytes, read_blocker, read_territory, territory_bytes, territory_from_bytes,
};

/// The magic number at the start of every database file.
pub const MAGIC: [u8; 8] = *b"CGTKDB\x1a\n";
/// The format version this crate writes and reads.
pub const VERSION: u16 = 1;
/// The header length in bytes.
pub const HEADER_LEN: usize = 48;
/// The file extension of database files.
pub const EXTENSION: &str = "cgtkdb";

/// The kind of a database (Song & Müller 2015, III).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DbKind {
    /// Simple territories.
    Simple,
    /// Blocker territories.
    Blocker,
    /// Active areas.
    Active,
    /// One shard (or part of a shard) of a whole-board Dots-and-Boxes table
    /// (see [`crate::dots`] for its header fields and payload).
    DotsShard,
}

impl DbKind {
    fn code(self) -> u8 {
        match self {
            DbKind::Simple => 1,
            DbKind::Blocker => 2,
            DbKind::Active => 3,
            DbKind::DotsShard => 4,
        }
    }

    fn from_code(code: u8) -> Option<DbKind> {
        match code {
            1 => Some(DbKind::Simple),
            2 => Some(DbKind::Blocker),
            3 => Some(DbKind::Active),
            4 => Some(DbKind::DotsShard),
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
            DbKind::DotsShard => "dots",
        })
    }
}

/// An error reading or writing a database file.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// A database file that cannot be read, and why.
    #[error("{path}: {source}")]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: Box<DbError>,
    },
    /// An I/O error.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// Not a cgtk database: the first bytes are not the magic number.
    #[error("not a cgtk database (it starts with the bytes {})", hex_bytes(found))]
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
    /// The table needs more memory than could be allocated.
    #[error("{what}: {entries} entries need {bytes} bytes, which could not be allocated")]
    OutOfMemory {
        /// The table.
        what: String,
        /// Its entries.
        entries: u64,
        /// The bytes it needed.
        bytes: u64,
    },
    /// A build stopped before the table was finished (a time limit or
    /// Ctrl-C, see [`cgt::budget::Watch`]); no file was written for it.
    #[error("stopped ({}) before the table was finished", (*.limit).reason())]
    Stopped {
        /// The limit that stopped it.
        limit: cgt::search::Limit,
    },
    /// A database of another kind than the one expected (a file renamed,
    /// or passed where another kind is read).
    #[error("{found} table where {expected} was expected")]
    WrongKind {
        /// The kind its header gives.
        found: DbKind,
        /// The kind expected.
        expected: DbKind,
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

/// The file name of a database: `simple-3x4-q2.cgtkdb`,
/// `blocker-3x3-q1b2.cgtkdb` (1 normal queen, 2 blockers),
/// `active-3x3-b1w2.cgtkdb` (1 Black, 2 White queens).
pub fn file_name(kind: DbKind, width: u8, height: u8, queens: &[u32]) -> String {
    let q = match (kind, queens) {
        (_, [q]) => format!("q{q}"),
        (DbKind::Blocker, [q, b]) => format!("q{q}b{b}"),
        (_, [b, w]) => format!("b{b}w{w}"),
        (_, other) => other.iter().map(|q| format!("q{q}")).collect(),
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

/// The header of a database file of `kind` with `groups` queen groups, and
/// the index of its box, checked against each other: the part of reading a
/// file that every kind shares.
fn checked_header(
    bytes: &[u8],
    kind: DbKind,
    groups: usize,
    groups_message: &str,
) -> Result<(Header, BoxIndex), DbError> {
    let (h, _) = parse_header(bytes, true)?;
    let index = checked_box(&h, kind, groups, groups_message)?;
    Ok((h, index))
}

/// The index of the box of a header of `kind` with `groups` queen groups.
fn checked_box(
    h: &Header,
    kind: DbKind,
    groups: usize,
    groups_message: &str,
) -> Result<BoxIndex, DbError> {
    if h.kind != kind {
        return Err(DbError::WrongKind {
            found: h.kind,
            expected: kind,
        });
    }
    let corrupted = |offset: u64, what: String| DbError::Corrupted { offset, what };
    if h.queens.len() != groups {
        return Err(corrupted(13, groups_message.into()));
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
    Ok(index)
}

/// The queen groups of a table of `kind`, and the message when a header
/// has another number.
fn groups_of(kind: DbKind) -> (usize, &'static str) {
    match kind {
        DbKind::Simple => (1, "a simple territory has one queen group"),
        DbKind::Blocker => (
            2,
            "a blocker territory has two queen groups (normal queens, blockers)",
        ),
        DbKind::Active => (2, "an active area has two queen groups"),
        DbKind::DotsShard => (4, "a Dots shard has four or five regions"),
    }
}

/// The header of the territory or active area table `path` of `kind`, and
/// the index of its box, read from the first bytes and the file's length
/// only: the magic, version, length, kind, box, queens and entry count are
/// checked, not the checksum or the payload (which reading the table
/// whole does; see [`crate::Databases`], which opens directories this way).
///
/// # Errors
/// [`DbError::Io`] if the file cannot be read or is not a regular file;
/// the [`DbError`] of the first field that is wrong.
pub fn read_header(path: &Path, kind: DbKind) -> Result<(Header, BoxIndex), DbError> {
    use std::io::Read;
    let io = |source| DbError::Io {
        path: path.to_owned(),
        source,
    };
    let file = fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(io(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        )));
    }
    let mut head = Vec::with_capacity(HEADER_LEN);
    file.take(HEADER_LEN as u64)
        .read_to_end(&mut head)
        .map_err(io)?;
    let payload_len = check_prefix(&head, meta.len())?;
    let header = header_fields(&head, payload_len)?;
    let (groups, message) = groups_of(kind);
    let index = checked_box(&header, kind, groups, message)?;
    Ok((header, index))
}

/// Writes `bytes` to `path` through a temporary file renamed into place,
/// after waiting for the disk.
///
/// # Errors
/// [`DbError::Io`].
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), DbError> {
    write_renamed(path, bytes, true)
}

/// Writes `bytes` to `path` through a temporary file renamed into place;
/// with `sync`, the file reaches the disk before the rename.
///
/// # Errors
/// [`DbError::Io`].
pub fn write_renamed(path: &Path, bytes: &[u8], sync: bool) -> Result<(), DbError> {
    write_renamed_with(path, sync, |out| out.write_all(bytes)).map_err(|source| DbError::Io {
        path: path.to_owned(),
        source,
    })
}

/// Writes `path` with `fill`, through a buffer into a temporary file that
/// is renamed into place (and removed if `fill` fails); with `sync`, the
/// file reaches the disk before the rename. Returns what `fill` returns.
///
/// # Errors
/// What `fill` returns, or the I/O error of the file.
fn write_renamed_with<T, E: From<io::Error>>(
    path: &Path,
    sync: bool,
    fill: impl FnOnce(&mut io::BufWriter<fs::File>) -> Result<T, E>,
) -> Result<T, E> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let mut out = io::BufWriter::with_capacity(1 << 16, fs::File::create(&tmp)?);
    let written = fill(&mut out).and_then(|value| {
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        if sync {
            file.sync_all()?;
        }
        Ok(value)
    });
    match written {
        Ok(value) => {
            fs::rename(&tmp, path)?;
            Ok(value)
        }
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

fn le_u64(b: &[u8]) -> u64 {
    u64::from_le_bytes(b.try_into().expect("8 bytes"))
}

/// Reads and checks the header of `bytes` (magic, version, length), and
/// computes the checksum; if `strict`, a checksum mismatch is an error
/// before any other field is read.
pub(crate) fn parse_header(bytes: &[u8], strict: bool) -> Result<(Header, bool), DbError> {
    let payload_len = check_prefix(bytes, bytes.len() as u64)?;
    let stored = le_u64(&bytes[40..48]);
    let mut sum = Fnv1a64::new();
    sum.update(&bytes[0..40]);
    sum.update(&bytes[HEADER_LEN..]);
    let computed = sum.finish();
    let checksum_ok = computed == stored;
    if strict && !checksum_ok {
        return Err(DbError::ChecksumMismatch { stored, computed });
    }
    Ok((header_fields(bytes, payload_len)?, checksum_ok))
}

/// Checks the magic, version and length of a file of `file_len` bytes
/// starting with `bytes` (at least the header, if the file has one), and
/// returns the payload length.
fn check_prefix(bytes: &[u8], file_len: u64) -> Result<u64, DbError> {
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
    let found = file_len;
    if found < expected {
        return Err(DbError::Truncated { expected, found });
    }
    if found > expected {
        return Err(DbError::Corrupted {
            offset: expected,
            what: format!("{} bytes after the payload", found - expected),
        });
    }
    Ok(payload_len)
}

/// The fields of a header whose magic, version and length are checked.
fn header_fields(bytes: &[u8], payload_len: u64) -> Result<Header, DbError> {
    let corrupted = |offset: u64, what: &str| DbError::Corrupted {
        offset,
        what: what.to_owned(),
    };
    let kind = DbKind::from_code(bytes[10]).ok_or_else(|| corrupted(10, "unknown kind"))?;
    let groups = usize::from(bytes[13]);
    // Dots shards: one group per region (4, or 5 with a centre line).
    let max_groups = if kind == DbKind::DotsShard { 5 } else { 4 };
    if !(1..=max_groups).contains(&groups) {
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
        checksum: le_u64(&bytes[40..48]),
    };
    Ok(header)
}

/// The header of the database file `path` and whether its checksum holds.
///
/// # Errors
/// [`DbError`] if the file cannot be read or is not a readable database
/// (a checksum mismatch is reported in [`FileInfo::checksum_ok`] instead).
pub fn inspect(path: &Path) -> Result<FileInfo, DbError> {
    let bytes = read_bytes(path)?;
    let (header, checksum_ok) = parse_header(&bytes, false)?;
    Ok(FileInfo {
        header,
        file_len: bytes.len() as u64,
        checksum_ok,
    })
}

/// [`inspect`], and with a matching checksum also the payload decoded as
/// the header's kind (territories and active areas; a Dots shard's payload
/// needs its table's geometry), from one read of the file.
///
/// # Errors
/// As [`inspect`], and what decoding the payload finds.
pub fn validate(path: &Path) -> Result<FileInfo, DbError> {
    let bytes = read_bytes(path)?;
    let (header, checksum_ok) = parse_header(&bytes, false)?;
    if checksum_ok {
        match header.kind {
            DbKind::Simple => territory_from_bytes(&bytes).map(drop)?,
            DbKind::Blocker => blocker_from_bytes(&bytes).map(drop)?,
            DbKind::Active => active_from_bytes(&bytes).map(drop)?,
            DbKind::DotsShard => {}
        }
    }
    Ok(FileInfo {
        header,
        file_len: bytes.len() as u64,
        checksum_ok,
    })
}

/// The bytes of a database file: a regular file (not a device or a pipe,
/// which could be endless).
pub(super) fn read_bytes(path: &Path) -> Result<Vec<u8>, DbError> {
    let io = |source| DbError::Io {
        path: path.to_owned(),
        source,
    };
    if !fs::metadata(path).map_err(io)?.is_file() {
        return Err(io(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        )));
    }
    fs::read(path).map_err(io)
}

/// `bytes` in hexadecimal, separated by spaces (`78 0a`); `none` when empty.
fn hex_bytes(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "none".to_owned();
    }
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::territory::TerritoryDb;
    use cgt::budget::Watch;

    fn sample() -> Vec<u8> {
        territory_bytes(&TerritoryDb::build(2, 3, 1, &(), &Watch::unlimited()).unwrap())
    }

    #[test]
    fn round_trip() {
        let db = TerritoryDb::build(2, 3, 1, &(), &Watch::unlimited()).unwrap();
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
        let err = DbError::BadMagic {
            found: b"x\n".to_vec(),
        };
        assert_eq!(
            err.to_string(),
            "not a cgtk database (it starts with the bytes 78 0a)"
        );
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
