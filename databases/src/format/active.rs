//! The payload of active area files: the dictionary of distinct
//! thermographs, one index into it per entry, and canonical forms for small
//! tables (the layout is in the module [`format`](super)).

use std::path::Path;

use cgt::{Rational, Thermograph};

use super::{checked_header, header_bytes, read_bytes, DbError, DbKind, HEADER_LEN};
use crate::active::ActiveDb;

/// The bytes of an active area database file.
pub fn active_bytes(db: &ActiveDb) -> Vec<u8> {
    let dict = db.distinct_thermographs();
    let entries = db.thermograph_ids();
    let width: u8 = if dict.len() <= 1 << 16 { 2 } else { 4 };
    // The header goes in front once the payload (which its checksum covers)
    // is written: one buffer, no copy of the entries.
    let mut payload = vec![0u8; HEADER_LEN];
    payload.reserve(entries.len() * usize::from(width) + 1);
    payload.extend_from_slice(&(dict.len() as u32).to_le_bytes());
    payload.push(width);
    let rational = |out: &mut Vec<u8>, q: Rational| {
        out.extend_from_slice(&q.numer().to_le_bytes());
        out.extend_from_slice(&q.denom().to_le_bytes());
    };
    for t in dict {
        for wall in [&t.left_wall, &t.right_wall] {
            payload.extend_from_slice(&(wall.len() as u16).to_le_bytes());
            for (t, x) in wall.points() {
                rational(&mut payload, t);
                rational(&mut payload, x);
            }
            rational(&mut payload, wall.tail());
        }
    }
    let push_ids = |payload: &mut Vec<u8>, ids: &[u32], wide: bool| {
        for &e in ids {
            if wide {
                payload.extend_from_slice(&e.to_le_bytes());
            } else {
                payload.extend_from_slice(&(e as u16).to_le_bytes());
            }
        }
    };
    push_ids(&mut payload, entries, width == 4);
    if db.has_canonical_forms() {
        payload.push(1);
        let mut forms: Vec<&str> = Vec::new();
        let mut form_ids: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
        let ids: Vec<u32> = (0..db.index().count())
            .map(|r| {
                let f = db.canonical_at(r).expect("has canonical forms");
                *form_ids.entry(f).or_insert_with(|| {
                    forms.push(f);
                    (forms.len() - 1) as u32
                })
            })
            .collect();
        payload.extend_from_slice(&(forms.len() as u32).to_le_bytes());
        for f in &forms {
            let len = u16::try_from(f.len()).expect("canonical forms of small tables are short");
            payload.extend_from_slice(&len.to_le_bytes());
            payload.extend_from_slice(f.as_bytes());
        }
        push_ids(&mut payload, &ids, forms.len() > 1 << 16);
    } else {
        payload.push(0);
    }
    let header = header_bytes(DbKind::Active, db.index(), &payload[HEADER_LEN..]);
    payload[..HEADER_LEN].copy_from_slice(&header);
    payload
}

/// A reader over a payload that reports where it ran out or went wrong.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn offset(&self) -> u64 {
        (HEADER_LEN + self.at) as u64
    }

    fn take(&mut self, n: usize) -> Result<&[u8], DbError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(DbError::Corrupted {
                offset: self.offset(),
                what: "payload ends inside a field".into(),
            });
        };
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u16(&mut self) -> Result<u16, DbError> {
        Ok(u16::from_le_bytes(
            self.take(2)?.try_into().expect("2 bytes"),
        ))
    }

    fn u32(&mut self) -> Result<u32, DbError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn i64(&mut self) -> Result<i64, DbError> {
        Ok(i64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }

    fn rational(&mut self) -> Result<Rational, DbError> {
        let offset = self.offset();
        let (n, d) = (self.i64()?, self.i64()?);
        if d <= 0 || n == i64::MIN {
            return Err(DbError::Corrupted {
                offset,
                what: "bad rational".into(),
            });
        }
        Ok(Rational::new(n, d))
    }

    fn wall(&mut self) -> Result<cgt::Trajectory, DbError> {
        let offset = self.offset();
        let bad = |what: &str| DbError::Corrupted {
            offset,
            what: what.to_owned(),
        };
        let count = self.u16()?;
        let mut points = Vec::with_capacity(usize::from(count).min(1024));
        for _ in 0..count {
            points.push((self.rational()?, self.rational()?));
        }
        let tail = self.rational()?;
        if points.first().is_none_or(|p| p.0 != Rational::MINUS_ONE) {
            return Err(bad("a wall must start at t = -1"));
        }
        if !points.windows(2).all(|w| w[0].0 < w[1].0) {
            return Err(bad("wall breakpoints must increase in t"));
        }
        cgt::Trajectory::new(points, tail).map_err(|_| bad("wall arithmetic overflows"))
    }
}

/// An active area database from the bytes of its file.
///
/// # Errors
/// Every way the bytes can be wrong has its [`DbError`]; never a panic.
pub fn active_from_bytes(bytes: &[u8]) -> Result<ActiveDb, DbError> {
    let (h, index) = checked_header(
        bytes,
        DbKind::Active,
        2,
        "an active area has two queen groups",
    )?;
    let corrupted = |offset: u64, what: String| DbError::Corrupted { offset, what };
    let mut cur = Cursor {
        bytes: &bytes[HEADER_LEN..],
        at: 0,
    };
    let distinct = cur.u32()?;
    let width_at = cur.offset();
    let width = cur.take(1)?[0];
    if width != 2 && width != 4 {
        return Err(corrupted(width_at, format!("index width {width}")));
    }
    // Each thermograph takes at least 2 * (2 + 16 + 16) bytes.
    if u64::from(distinct) * 68 > bytes.len() as u64 {
        return Err(corrupted(HEADER_LEN as u64, "too many thermographs".into()));
    }
    let mut dict = Vec::with_capacity(distinct as usize);
    for _ in 0..distinct {
        let left_wall = cur.wall()?;
        let right_wall = cur.wall()?;
        dict.push(Thermograph {
            left_wall,
            right_wall,
        });
    }
    let rest = (cur.bytes.len() - cur.at) as u64;
    if rest < h.entries * u64::from(width) + 1 {
        return Err(corrupted(
            cur.offset(),
            format!("{rest} bytes left for {} entries", h.entries),
        ));
    }
    let mut ids = Vec::with_capacity(index.count() as usize);
    for _ in 0..h.entries {
        let offset = cur.offset();
        let id = if width == 2 {
            u32::from(cur.u16()?)
        } else {
            cur.u32()?
        };
        if id >= distinct {
            return Err(corrupted(offset, format!("thermograph {id} of {distinct}")));
        }
        ids.push(id);
    }
    let flag_at = cur.offset();
    let mut canonical = Vec::new();
    match cur.take(1)?[0] {
        0 => {}
        1 => {
            let count = cur.u32()?;
            if u64::from(count) * 2 > bytes.len() as u64 {
                return Err(corrupted(flag_at + 1, "too many canonical forms".into()));
            }
            let mut forms = Vec::with_capacity(count as usize);
            for _ in 0..count {
                let at = cur.offset();
                let len = cur.u16()?;
                let text = std::str::from_utf8(cur.take(usize::from(len))?)
                    .map_err(|_| corrupted(at, "canonical form is not UTF-8".into()))?;
                forms.push(text.to_owned());
            }
            let wide = forms.len() > 1 << 16;
            for _ in 0..h.entries {
                let offset = cur.offset();
                let id = if wide {
                    cur.u32()?
                } else {
                    u32::from(cur.u16()?)
                };
                let f = forms
                    .get(id as usize)
                    .ok_or_else(|| corrupted(offset, format!("canonical form {id} of {count}")))?;
                canonical.push(f.clone());
            }
        }
        other => return Err(corrupted(flag_at, format!("canonical flag {other}"))),
    }
    if cur.at != cur.bytes.len() {
        return Err(corrupted(cur.offset(), "bytes after the entries".into()));
    }
    Ok(ActiveDb::from_parts(index, dict, ids, canonical))
}

/// Reads the active area database file `path`.
///
/// # Errors
/// As [`active_from_bytes`], and [`DbError::Io`].
pub fn read_active(path: &Path) -> Result<ActiveDb, DbError> {
    active_from_bytes(&read_bytes(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::budget::Watch;

    #[test]
    fn active_round_trip_and_corruption() {
        let mut db = ActiveDb::build(3, 2, 1, 1, &(), &Watch::unlimited()).unwrap();
        let plain = active_from_bytes(&active_bytes(&db)).unwrap();
        assert!(!plain.has_canonical_forms());
        db.compute_canonical_forms().unwrap();
        let bytes = active_bytes(&db);
        let back = active_from_bytes(&bytes).unwrap();
        for r in 0..db.index().count() {
            assert_eq!(back.thermograph_at(r), db.thermograph_at(r));
            assert_eq!(plain.thermograph_at(r), db.thermograph_at(r));
            assert_eq!(back.canonical_at(r), db.canonical_at(r));
        }
        let mut flipped = bytes.clone();
        flipped[HEADER_LEN + 10] ^= 1;
        assert!(matches!(
            active_from_bytes(&flipped),
            Err(DbError::ChecksumMismatch { .. })
        ));
        assert!(matches!(
            active_from_bytes(&bytes[..bytes.len() - 3]),
            Err(DbError::Truncated { .. })
        ));
        // A bad entry index with a recomputed checksum: Corrupted, no panic.
        let mut payload = bytes[HEADER_LEN..].to_vec();
        let n = payload.len();
        payload[n - 2..].copy_from_slice(&u16::MAX.to_le_bytes());
        let mut bad = header_bytes(DbKind::Active, db.index(), &payload).to_vec();
        bad.extend_from_slice(&payload);
        assert!(matches!(
            active_from_bytes(&bad),
            Err(DbError::Corrupted { .. })
        ));
        // Garbage payloads of every length below the real one never panic.
        for len in 0..payload.len() {
            let cut = &payload[..len];
            let mut b = header_bytes(DbKind::Active, db.index(), cut).to_vec();
            b.extend_from_slice(cut);
            assert!(active_from_bytes(&b).is_err(), "length {len}");
        }
    }
}
