//! The bodies of the fuzz targets, one function per parser or reader.
//!
//! Each fuzz target in `fuzz_targets/` calls one of these, and the root
//! package's `tests/fuzz_corpus.rs` feeds every file of `fuzz/corpus/` and
//! `fuzz/regressions/` through the same function on the stable toolchain.
//! A function may return an error (the input is refused) but must never
//! panic; where the format has a writer it also checks that what was read
//! is read back the same after writing it.

use std::io::Read;

/// Inputs longer than this are ignored, so that a slow case found by the
/// fuzzer is slow for its structure, not for its size.
pub const MAX_INPUT: usize = 64 * 1024;

/// The body of a fuzz target: any bytes, and no panic.
pub type Target = fn(&[u8]);

/// The targets by name (the names of `fuzz_targets/*.rs` and of the corpus
/// directories).
pub const TARGETS: &[(&str, Target)] = &[
    ("cgt_notation", cgt_notation),
    ("dots_position", dots_position),
    ("dots_diagram", dots_diagram),
    ("amazons_position", amazons_position),
    ("amazons_moves", amazons_moves),
    ("amazons_sgf", amazons_sgf),
    ("db_file", db_file),
    ("dots_table_part", dots_table_part),
    ("proof_file", proof_file),
    ("dots_net", dots_net),
    ("plan_file", plan_file),
];

/// The input as text, if it is short enough and UTF-8.
fn text(data: &[u8]) -> Option<&str> {
    if data.len() > MAX_INPUT {
        return None;
    }
    std::str::from_utf8(data).ok()
}

/// Steps (sums of general games and comparisons), and seconds, each parse
/// may spend: a valid sum of many switches takes time exponential in its
/// length, which `cgtk cgt canon` bounds with `--node-limit` or
/// `--time-limit`; this bounds each input the same way.
const MAX_SUMS: u64 = 2_000;
const MAX_SECONDS: u64 = 1;

/// CGSuite notation, as `cgtk cgt canon` reads it (with limits on sums and
/// time): parse, print, and the printed form parses to the same game (or
/// reaches a limit too).
pub fn cgt_notation(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let mut arena = cgt::Arena::new();
    let limits = cgt::search::Limits {
        nodes: Some(MAX_SUMS),
        time: Some(std::time::Duration::from_secs(MAX_SECONDS)),
    };
    arena.set_limits(limits, None);
    let Ok(g) = arena.parse(text) else { return };
    // Rendered as the CLI and the web API do, under the output limit: the
    // length is measured first and a text too long is never built.
    let limit = cgt::budget::OutputLimit::DEFAULT;
    let printed = match arena.printed(g, limit) {
        Ok(printed) => printed,
        Err(too_large) => {
            assert!(too_large.bytes > limit.0 as u64, "{text:?}: {too_large}");
            assert_eq!(too_large.bytes, arena.printed_len(g), "{text:?}");
            return;
        }
    };
    assert_eq!(printed.len() as u64, arena.printed_len(g), "{text:?}");
    // Its thermograph, within the same limits (a limit or an overflow is an
    // answer; a panic is not).
    arena.set_limits(limits, None);
    let _ = cgt::ThermographCache::new().thermograph(&mut arena, g);
    arena.set_limits(limits, None);
    let again = match arena.parse(&printed) {
        Ok(again) => again,
        Err(cgt::ParseGameError::Arithmetic {
            source: cgt::CgtError::LimitReached { .. },
            ..
        }) => return,
        Err(e) => panic!("{printed:?}, printed from {text:?}, does not parse: {e}"),
    };
    assert_eq!(
        arena.to_string(again),
        printed,
        "{text:?} does not read back"
    );
}

/// Dots-and-Boxes positions as `cgtk dots solve` reads them (`WxH`,
/// `WxH:e,e,...` or a diagram), read back from both notations.
pub fn dots_position(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(pos) = dots::Position::read(text) else {
        return;
    };
    assert!(pos.is_consistent(), "{text:?}");
    let printed = pos.to_string();
    assert_eq!(
        dots::Position::read(&printed).ok(),
        Some(pos),
        "{printed:?}"
    );
    let diagram = pos.diagram();
    assert_eq!(
        dots::Position::read(&diagram).ok(),
        Some(pos),
        "{diagram:?}"
    );
}

/// Dots-and-Boxes diagrams ([`dots::Position::from_diagram`]), read back.
pub fn dots_diagram(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(pos) = dots::Position::from_diagram(text) else {
        return;
    };
    assert!(pos.is_consistent(), "{text:?}");
    let diagram = pos.diagram();
    assert_eq!(
        dots::Position::from_diagram(&diagram).ok(),
        Some(pos),
        "{diagram:?}"
    );
}

/// Amazons positions or sizes as `cgtk amazons solve` reads them, read back.
pub fn amazons_position(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(pos) = amazons::Position::parse_or_standard(text) else {
        return;
    };
    assert!(pos.is_consistent(), "{text:?}");
    let printed = pos.to_string();
    assert_eq!(
        amazons::Position::parse_or_standard(&printed).ok(),
        Some(pos),
        "{printed:?}"
    );
}

/// Amazons moves: the first line a position (the 5x5 start if it does not
/// read), then moves (`B1-B4xD4`) separated by white space, each checked and
/// played as a proof's or a record's moves are; every move read back.
pub fn amazons_moves(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let mut pos = amazons::Position::parse_or_standard(first.trim())
        .or_else(|_| amazons::Position::parse_or_standard("5x5"))
        .expect("the 5x5 start");
    for word in rest.split_whitespace() {
        let Ok(mv) = word.parse::<amazons::Move>() else {
            continue;
        };
        assert_eq!(mv.to_string().parse::<amazons::Move>().ok(), Some(mv));
        if pos.parse_move(word).is_ok() {
            pos.play(mv).expect("a validated move plays");
            assert!(pos.is_consistent(), "after {word} in {text:?}");
        }
    }
}

/// Amazons SGF records (`--sgf FILE`): read, write, read back.
pub fn amazons_sgf(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(game) = amazons::sgf::read(text) else {
        return;
    };
    let _ = game.final_position();
    let written = amazons::sgf::write(&game);
    assert_eq!(
        amazons::sgf::read(&written).ok().as_ref(),
        Some(&game),
        "{written:?}"
    );
}

/// `bytes` with the payload length and the checksum of the database header
/// made to hold, so that the fuzzer reaches the fields behind them.
fn with_header_fixed(bytes: &[u8]) -> Option<Vec<u8>> {
    use databases::format::HEADER_LEN;
    if bytes.len() < HEADER_LEN {
        return None;
    }
    let mut fixed = bytes.to_vec();
    let payload = (bytes.len() - HEADER_LEN) as u64;
    fixed[32..40].copy_from_slice(&payload.to_le_bytes());
    let mut sum = databases::Fnv1a64::new();
    sum.update(&fixed[0..40]);
    sum.update(&fixed[HEADER_LEN..]);
    fixed[40..48].copy_from_slice(&sum.finish().to_le_bytes());
    Some(fixed)
}

/// Amazons database files (territory, blocker, active area), as the bytes
/// are and with their header's length and checksum fixed; a database read
/// is written and read back to the same bytes.
pub fn db_file(data: &[u8]) {
    use databases::format;
    if data.len() > MAX_INPUT {
        return;
    }
    let fixed = with_header_fixed(data);
    for bytes in std::iter::once(data).chain(fixed.as_deref()) {
        if let Ok(db) = format::territory_from_bytes(bytes) {
            let written = format::territory_bytes(&db);
            let again = format::territory_from_bytes(&written).expect("written territory");
            assert_eq!(again, db);
        }
        if let Ok(db) = format::blocker_from_bytes(bytes) {
            let written = format::territory_bytes(&db);
            let again = format::blocker_from_bytes(&written).expect("written blocker");
            assert_eq!(again, db);
        }
        if let Ok(db) = format::active_from_bytes(bytes) {
            let written = format::active_bytes(&db);
            let again = format::active_from_bytes(&written).expect("written active");
            assert_eq!(format::active_bytes(&again), written);
        }
    }
}

/// The 2x2 board's table geometry (built once).
fn dots_geometry() -> &'static databases::dots::Geometry {
    static GEO: std::sync::OnceLock<databases::dots::Geometry> = std::sync::OnceLock::new();
    GEO.get_or_init(|| {
        let board = dots::Board::new(2, 2).expect("2x2");
        databases::dots::Geometry::new(board).expect("2x2 geometry")
    })
}

/// Whole-board Dots table part files, for the 2x2 board. The part
/// expected is the one the header names (when its counts and part are
/// possible on 2x2, else the first part of the empty shard), with the
/// number of positions the table computes for it, as the table reads it;
/// so the fuzzer reaches the payload. Each input is read as it is and with
/// the header's length and checksum fixed.
pub fn dots_table_part(data: &[u8]) {
    use databases::dots::file::part_from_bytes;
    use databases::dots::shard::part_range;
    use databases::dots::PartId;
    if data.len() > MAX_INPUT {
        return;
    }
    let geo = dots_geometry();
    let fixed = with_header_fixed(data);
    for bytes in std::iter::once(data).chain(fixed.as_deref()) {
        let mut id = PartId {
            counts: vec![0; geo.num_regions()],
            part: 0,
            parts: 1,
        };
        if bytes.len() >= databases::format::HEADER_LEN {
            let counts = &bytes[14..14 + geo.num_regions()];
            let part = u32::from(u16::from_le_bytes([bytes[20], bytes[21]]));
            let parts = u32::from(u16::from_le_bytes([bytes[22], bytes[23]]));
            let sizes = geo.region_sizes();
            let possible = counts
                .iter()
                .zip(&sizes)
                .all(|(&c, &n)| usize::from(c) <= n);
            if possible && part < parts {
                id = PartId {
                    counts: counts.to_vec(),
                    part,
                    parts,
                };
            }
        }
        let range = part_range(geo.shard_size(&id.counts), id.part, id.parts);
        let len = range.end - range.start;
        if let Ok(values) = part_from_bytes(geo, &id, len, bytes) {
            assert_eq!(values.len(), len);
        }
    }
}

/// Proof files as `cgtk amazons check-proof` reads them (plain, or gzip told
/// by the magic bytes), the root read as an Amazons position; written and
/// read back.
pub fn proof_file(data: &[u8]) {
    use cgt::search::ProofTree;
    if data.len() > MAX_INPUT {
        return;
    }
    let mut text = String::new();
    if data.starts_with(&[0x1f, 0x8b]) {
        let gz = flate2::read::MultiGzDecoder::new(data);
        if gz.take(MAX_INPUT as u64).read_to_string(&mut text).is_err() {
            return;
        }
    } else {
        match std::str::from_utf8(data) {
            Ok(t) => text.push_str(t),
            Err(_) => return,
        }
    }
    let Ok(proof) = ProofTree::parse(&text) else {
        return;
    };
    let _ = proof.root.parse::<amazons::Position>();
    let _ = proof.principal_variation();
    let written = proof.to_text();
    assert_eq!(
        ProofTree::parse(&written).ok().as_ref(),
        Some(&proof),
        "{written:?}"
    );
    let read = ProofTree::read_from(written.as_bytes()).expect("written proof reads");
    assert_eq!(read, proof);
}

/// Network weight files (`dots play --players net:FILE`): read, write, read
/// back to the same text.
pub fn dots_net(data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    let Ok(net) = dots::play::net::parse(data) else {
        return;
    };
    let written = net.to_text();
    let again = dots::play::net::parse(written.as_bytes())
        .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
    assert_eq!(again.to_text(), written);
}

/// Plan files (`cgtk plan run PLAN`): the JSON read and checked as
/// [`databases::plan::Plan::read`] does, written and read back.
pub fn plan_file(data: &[u8]) {
    use databases::plan::Plan;
    let Some(text) = text(data) else { return };
    let path = std::path::Path::new("plan.json");
    let Ok(plan) = serde_json::from_str::<Plan>(text) else {
        return;
    };
    let Ok(()) = plan.check(path) else { return };
    let _ = plan.levels();
    let _ = plan.total_cost();
    let written = plan.to_json();
    let again: Plan = serde_json::from_str(&written).expect("a written plan reads");
    again.check(path).expect("a written plan checks");
    assert_eq!(again, plan);
}
