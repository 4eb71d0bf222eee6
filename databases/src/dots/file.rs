//! One file per shard part, in the databases' container
//! ([`crate::format`]: magic, version, kind, header checksum over the whole
//! file, atomic writes).
//!
//! ```text
//! offset size  field (integers little endian), kind 4 = Dots-and-Boxes shard
//!      0   10  magic, format version (as every database file)
//!     10    1  kind: 4
//!     11    1  board width (boxes)
//!     12    1  board height (boxes)
//!     13    1  number of regions R (4, or 5 with a centre line)
//!     14    R  lines drawn per region (the shard's counts, normalised)
//!     19    1  bits per value
//!     20    2  part (0-based)
//!     22    2  parts the shard is split into
//!     24    8  positions in this part
//!     32    8  payload length in bytes
//!     40    8  checksum: FNV-1a 64 of bytes 0..40 followed by the payload
//!     48    .  payload: the part's values packed as in [`super::packed::Packed`],
//!              u64 words little endian; a value is the boxes the player to
//!              move will take
//! ```

use std::path::Path;

use crate::checksum::Fnv1a64;
use crate::format::{parse_header, DbError, DbKind, HEADER_LEN, MAGIC, VERSION};

use super::geometry::Geometry;
use super::packed::{words_for, Packed};

/// What a shard part file must be: its board, counts and part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartId {
    /// The normalised counts per region.
    pub counts: Vec<u8>,
    /// The part (0-based).
    pub part: u32,
    /// The number of parts of the shard.
    pub parts: u32,
}

/// The file name of a shard part: `dots-3x4-5_4_3_2_0.cgtkdb`, or with
/// parts `dots-4x4-5_5_5_5-p03of20.cgtkdb`.
pub fn part_file_name(geo: &Geometry, id: &PartId) -> String {
    let b = geo.board();
    let counts: Vec<String> = id.counts.iter().map(u8::to_string).collect();
    let part = if id.parts > 1 {
        format!("-p{:02}of{:02}", id.part, id.parts)
    } else {
        String::new()
    };
    format!(
        "dots-{}x{}-{}{}.{}",
        b.width(),
        b.height(),
        counts.join("_"),
        part,
        crate::format::EXTENSION
    )
}

/// The bytes of a shard part file.
pub fn part_bytes(geo: &Geometry, id: &PartId, values: &Packed) -> Vec<u8> {
    let payload_len = values.words().len() * 8;
    let mut out = vec![0u8; HEADER_LEN];
    out.reserve_exact(payload_len);
    for w in values.words() {
        out.extend_from_slice(&w.to_le_bytes());
    }
    let h = &mut out[..HEADER_LEN];
    h[0..8].copy_from_slice(&MAGIC);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h[10] = 4;
    h[11] = geo.board().width() as u8;
    h[12] = geo.board().height() as u8;
    h[13] = id.counts.len() as u8;
    h[14..14 + id.counts.len()].copy_from_slice(&id.counts);
    h[19] = values.bits() as u8;
    h[20..22].copy_from_slice(&(id.part as u16).to_le_bytes());
    h[22..24].copy_from_slice(&(id.parts as u16).to_le_bytes());
    h[24..32].copy_from_slice(&values.len().to_le_bytes());
    h[32..40].copy_from_slice(&(payload_len as u64).to_le_bytes());
    let mut sum = Fnv1a64::new();
    sum.update(&out[0..40]);
    sum.update(&out[HEADER_LEN..]);
    out[40..48].copy_from_slice(&sum.finish().to_le_bytes());
    out
}

/// The values of a shard part from its file's bytes, checked against what
/// the part must be (`len` positions).
///
/// # Errors
/// Every way the bytes can be wrong has its [`DbError`] (a header that
/// names another board, shard or part is [`DbError::Corrupted`] at that
/// field); never a panic.
pub fn part_from_bytes(
    geo: &Geometry,
    id: &PartId,
    len: u64,
    bytes: &[u8],
) -> Result<Packed, DbError> {
    let (h, _) = parse_header(bytes, true)?;
    if h.kind != DbKind::DotsShard {
        return Err(DbError::WrongKind {
            found: h.kind,
            expected: DbKind::DotsShard,
        });
    }
    let bad = |offset: u64, what: String| DbError::Corrupted { offset, what };
    let board = geo.board();
    if (usize::from(h.width), usize::from(h.height)) != (board.width(), board.height()) {
        return Err(bad(
            11,
            format!(
                "board {}x{}, expected {}x{}",
                h.width,
                h.height,
                board.width(),
                board.height()
            ),
        ));
    }
    let counts: Vec<u8> = h.queens.iter().map(|&q| q as u8).collect();
    if counts != id.counts {
        return Err(bad(
            13,
            format!("shard {counts:?}, expected {:?}", id.counts),
        ));
    }
    let bits = u32::from(bytes[19]);
    if bits != geo.value_bits() {
        return Err(bad(
            19,
            format!("{bits} bits per value, expected {}", geo.value_bits()),
        ));
    }
    let part = u32::from(u16::from_le_bytes([bytes[20], bytes[21]]));
    let parts = u32::from(u16::from_le_bytes([bytes[22], bytes[23]]));
    if (part, parts) != (id.part, id.parts) {
        return Err(bad(
            20,
            format!(
                "part {part} of {parts}, expected {} of {}",
                id.part, id.parts
            ),
        ));
    }
    if h.entries != len {
        return Err(bad(24, format!("{} positions, expected {len}", h.entries)));
    }
    let words = words_for(len, bits);
    if h.payload_len != words as u64 * 8 {
        return Err(bad(
            32,
            format!("payload of {} bytes, expected {}", h.payload_len, words * 8),
        ));
    }
    let words: Vec<u64> = bytes[HEADER_LEN..]
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect();
    let values = Packed::from_words(bits, len, words).expect("word count checked");
    let max = board.num_boxes() as u32;
    for i in 0..len {
        if values.get(i) > max {
            let offset = HEADER_LEN as u64 + i * u64::from(bits) / 8;
            return Err(bad(
                offset,
                format!("value {} above {max} boxes", values.get(i)),
            ));
        }
    }
    Ok(values)
}

/// Reads a shard part file.
///
/// # Errors
/// As [`part_from_bytes`], and [`DbError::Io`].
pub fn read_part(geo: &Geometry, id: &PartId, len: u64, path: &Path) -> Result<Packed, DbError> {
    let bytes = std::fs::read(path).map_err(|source| DbError::Io {
        path: path.to_owned(),
        source,
    })?;
    part_from_bytes(geo, id, len, &bytes)
}
