//! The payload of simple and blocker territory files: one byte per entry,
//! the move count.

use std::path::Path;

use super::{checked_header, groups_of, header_bytes, read_bytes, DbError, DbKind, HEADER_LEN};
use crate::index::BoxIndex;
use crate::territory::TerritoryDb;

/// The bytes of a simple or blocker territory database file.
pub fn territory_bytes(db: &TerritoryDb) -> Vec<u8> {
    let payload = db.entries();
    let kind = if db.is_blocker() {
        DbKind::Blocker
    } else {
        DbKind::Simple
    };
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(&header_bytes(kind, db.index(), payload));
    out.extend_from_slice(payload);
    out
}

/// A simple territory database from the bytes of its file.
///
/// # Errors
/// Every way the bytes can be wrong has its [`DbError`]; never a panic.
pub fn territory_from_bytes(bytes: &[u8]) -> Result<TerritoryDb, DbError> {
    territory_kind_from_bytes(bytes, DbKind::Simple)
}

/// A blocker territory database from the bytes of its file (the same
/// payload as a simple territory: one byte per entry).
///
/// # Errors
/// Every way the bytes can be wrong has its [`DbError`]; never a panic.
pub fn blocker_from_bytes(bytes: &[u8]) -> Result<TerritoryDb, DbError> {
    territory_kind_from_bytes(bytes, DbKind::Blocker)
}

fn territory_kind_from_bytes(bytes: &[u8], kind: DbKind) -> Result<TerritoryDb, DbError> {
    let index = territory_index(bytes, kind)?;
    territory_from_payload(index, bytes[HEADER_LEN..].to_vec())
}

/// [`territory_kind_from_bytes`] from the bytes of a whole file, whose
/// buffer becomes the table's (no second copy of a large table).
fn territory_kind_from_vec(mut bytes: Vec<u8>, kind: DbKind) -> Result<TerritoryDb, DbError> {
    let index = territory_index(&bytes, kind)?;
    bytes.drain(..HEADER_LEN);
    territory_from_payload(index, bytes)
}

/// The index of a territory file of `kind`, its header and checksum
/// checked.
fn territory_index(bytes: &[u8], kind: DbKind) -> Result<BoxIndex, DbError> {
    let (groups, message) = groups_of(kind);
    let (h, index) = checked_header(bytes, kind, groups, message)?;
    if h.payload_len != h.entries {
        return Err(DbError::Corrupted {
            offset: 32,
            what: "payload length is not one byte per entry".into(),
        });
    }
    Ok(index)
}

/// A territory table from its checked index and payload, every entry
/// checked.
fn territory_from_payload(index: BoxIndex, payload: Vec<u8>) -> Result<TerritoryDb, DbError> {
    TerritoryDb::from_parts(index, payload).map_err(|rank| DbError::Corrupted {
        offset: HEADER_LEN as u64 + rank,
        what: "move count above the number of empty squares".into(),
    })
}

/// Reads the simple territory database file `path`.
///
/// # Errors
/// As [`territory_from_bytes`], and [`DbError::Io`].
pub fn read_territory(path: &Path) -> Result<TerritoryDb, DbError> {
    territory_kind_from_vec(read_bytes(path)?, DbKind::Simple)
}

/// Reads the blocker territory database file `path`.
///
/// # Errors
/// As [`blocker_from_bytes`], and [`DbError::Io`].
pub fn read_blocker(path: &Path) -> Result<TerritoryDb, DbError> {
    territory_kind_from_vec(read_bytes(path)?, DbKind::Blocker)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::budget::Watch;

    #[test]
    fn blocker_round_trip_and_corruption() {
        let hidden = ();
        let simple = TerritoryDb::build(3, 2, 2, &hidden, &Watch::unlimited()).unwrap();
        let db =
            TerritoryDb::build_blocker(3, 2, 1, 1, &simple, &hidden, &Watch::unlimited()).unwrap();
        let good = territory_bytes(&db);
        assert_eq!(blocker_from_bytes(&good).unwrap(), db);
        // Not a simple territory, and a simple file is not a blocker one.
        assert!(matches!(
            territory_from_bytes(&good),
            Err(DbError::WrongKind {
                found: DbKind::Blocker,
                expected: DbKind::Simple
            })
        ));
        assert!(matches!(
            blocker_from_bytes(&territory_bytes(&simple)),
            Err(DbError::WrongKind {
                found: DbKind::Simple,
                expected: DbKind::Blocker
            })
        ));
        let mut flipped = good.clone();
        flipped[HEADER_LEN + 7] ^= 1;
        assert!(matches!(
            blocker_from_bytes(&flipped),
            Err(DbError::ChecksumMismatch { .. })
        ));
        assert!(matches!(
            blocker_from_bytes(&good[..good.len() - 1]),
            Err(DbError::Truncated { .. })
        ));
        let mut magic = good.clone();
        magic[3] = b'?';
        assert!(matches!(
            blocker_from_bytes(&magic),
            Err(DbError::BadMagic { .. })
        ));
        let mut version = good.clone();
        version[8] = 7;
        assert!(matches!(
            blocker_from_bytes(&version),
            Err(DbError::UnsupportedVersion { found: 7 })
        ));
        // Rank 0 has no empty square: a move count of 1 there is impossible.
        let mut payload = good[HEADER_LEN..].to_vec();
        payload[0] = 1;
        let mut bad = header_bytes(DbKind::Blocker, db.index(), &payload).to_vec();
        bad.extend_from_slice(&payload);
        assert!(matches!(
            blocker_from_bytes(&bad),
            Err(DbError::Corrupted { offset: 48, .. })
        ));
    }
}
