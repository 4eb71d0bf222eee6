//! Proof files on disk: either version of the format, plain or
//! gzip-compressed.
//!
//! Reading: [`ProofReader::open`] tells a gzip file from plain text by its
//! first two bytes (`1f 8b`), never by its name, and streams the text (a
//! proof of many gigabytes is never held as text): a [`BufRead`] that any
//! parser of this module reads, which fails when a [`Watch`] ends and past
//! a most number of bytes of text ([`ProofReader::max_bytes`]).
//! [`ProofReader::read_for`] parses it, with an error that says whether
//! the file could not be read (a truncated gzip stream), was stopped, was
//! too long, or is malformed.
//!
//! Writing: [`ProofWriter::create`] creates `FILE.PID.partial` at once (so
//! that an unwritable path is refused before a long search; the process id
//! keeps two processes writing one proof out of each other's file), and
//! [`ProofWriter::write`] writes the proof there, syncs it and renames it
//! to `FILE`; [`ProofWriter::write_with`] streams a proof written
//! elsewhere. A writer dropped before, or a write that fails, removes
//! `FILE.PID.partial`: no partial proof is ever left under the real name.
//!
//! ```
//! use cgt::budget::Watch;
//! use cgt::search::proof::file::{write_proof, Compression, ProofFormat, ProofReader};
//! use cgt::search::{extract_proof, toy::Nim, DfpnConfig, DfpnSolver};
//!
//! let nim = Nim::new(&[1, 2]);
//! let mut solver = DfpnSolver::new(DfpnConfig::default()).unwrap();
//! solver.solve(&nim);
//! let proof = extract_proof(&mut solver, &nim).unwrap();
//!
//! let path = std::env::temp_dir().join(format!("nim-doctest-{}.proof.gz", std::process::id()));
//! write_proof(&path, &proof, ProofFormat::Compact, Compression::Gzip).unwrap();
//! let watch = Watch::unlimited();
//! let reader = ProofReader::open(&path, &watch).unwrap();
//! assert!(reader.is_gzip());
//! let read = reader.read_for(|_| Ok(nim.clone())).unwrap();
//! assert_eq!(read.root, proof.root);
//! # std::fs::remove_file(&path).unwrap();
//! ```

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
use std::path::{Path, PathBuf};

use super::format::{
    io_lines, parse_header, Lines, ParseProofError, ProofHeader, COMPACT_PROOF_VERSION,
    PROOF_VERSION,
};
use super::tree::ProofTree;
use crate::budget::{Limit, Watch};
use crate::search::game::SolverGame;

/// The first two bytes of a gzip stream (RFC 1952, section 2.3.1).
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The bytes a [`ProofReader`] asks the file (or the decompressor) for at
/// once.
const READ_BUFFER: usize = 1 << 16;

/// The version of the file format a proof is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofFormat {
    /// Version [`PROOF_VERSION`]: one numbered line per node, every reply
    /// of an AND node named.
    Named,
    /// Version [`COMPACT_PROOF_VERSION`]: the nodes in depth-first order,
    /// the replies of AND nodes implied by the game.
    Compact,
}

impl ProofFormat {
    /// The format of a version number, if it is one.
    #[must_use]
    pub fn from_version(version: u32) -> Option<ProofFormat> {
        match version {
            PROOF_VERSION => Some(ProofFormat::Named),
            COMPACT_PROOF_VERSION => Some(ProofFormat::Compact),
            _ => None,
        }
    }

    /// The version number written on the first line of the file.
    #[must_use]
    pub fn version(self) -> u32 {
        match self {
            ProofFormat::Named => PROOF_VERSION,
            ProofFormat::Compact => COMPACT_PROOF_VERSION,
        }
    }
}

/// Whether a proof file is written gzip-compressed (reading tells it from
/// the file's first bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain text.
    Plain,
    /// gzip (the best compression level).
    Gzip,
}

impl Compression {
    /// The compression a file name asks for: [`Compression::Gzip`] when it
    /// ends in `.gz`.
    #[must_use]
    pub fn for_path(path: &Path) -> Compression {
        if path.extension().is_some_and(|e| e == "gz") {
            Compression::Gzip
        } else {
            Compression::Plain
        }
    }
}

/// A proof file that cannot be opened, read or written; every variant
/// names the file.
#[derive(Debug, thiserror::Error)]
pub enum ProofFileError {
    /// The file cannot be opened (or, when writing, `FILE.PID.partial` cannot
    /// be created).
    #[error("cannot open {}: {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: io::Error,
    },
    /// Reading failed: an error of the system, or a gzip stream that is
    /// truncated or corrupt.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The error of the reader or the decompressor.
        #[source]
        source: io::Error,
    },
    /// The text is longer than the reader allows.
    #[error("{}: longer than {max} bytes of text", path.display())]
    TooLong {
        /// The file.
        path: PathBuf,
        /// The most bytes of text allowed.
        max: u64,
    },
    /// The watch ended (a time limit, Ctrl-C) while the file was read.
    #[error("{}: {limit} while reading", path.display())]
    Stopped {
        /// The file.
        path: PathBuf,
        /// The limit that stopped the reading.
        limit: Limit,
    },
    /// The text is not a well-formed proof.
    #[error("{}: {source}", path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// The line and what is wrong with it.
        #[source]
        source: ParseProofError,
    },
    /// Writing, syncing or renaming into place failed (`FILE.PID.partial` is
    /// removed).
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: io::Error,
    },
}

/// A proof file open for reading, plain or gzip-compressed, as a stream of
/// its text; see the [module documentation](self).
pub struct ProofReader<'w> {
    path: PathBuf,
    gzip: bool,
    pub(super) input: BufReader<Guard<'w>>,
    /// The lines read so far (after [`ProofReader::header`]).
    pub(super) line: usize,
}

impl std::fmt::Debug for ProofReader<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProofReader")
            .field("path", &self.path)
            .field("gzip", &self.gzip)
            .field("read", &self.input.get_ref().read)
            .finish_non_exhaustive()
    }
}

impl<'w> ProofReader<'w> {
    /// Opens `path`, gzip-compressed or plain (told by its first two
    /// bytes); reading fails once `watch` ends.
    ///
    /// # Errors
    /// [`ProofFileError::Open`] when the file cannot be opened,
    /// [`ProofFileError::Read`] when its first bytes cannot be read.
    pub fn open(
        path: impl AsRef<Path>,
        watch: &'w Watch,
    ) -> Result<ProofReader<'w>, ProofFileError> {
        let path = path.as_ref().to_path_buf();
        let mut file = File::open(&path).map_err(|source| ProofFileError::Open {
            path: path.clone(),
            source,
        })?;
        let gzip = starts_with_gzip_magic(&mut file).map_err(|source| ProofFileError::Read {
            path: path.clone(),
            source,
        })?;
        let input: Box<dyn Read + Send> = if gzip {
            Box::new(flate2::read::MultiGzDecoder::new(BufReader::with_capacity(
                READ_BUFFER,
                file,
            )))
        } else {
            Box::new(file)
        };
        let guard = Guard {
            input,
            read: 0,
            max_bytes: u64::MAX,
            watch,
            failure: None,
        };
        Ok(ProofReader {
            path,
            gzip,
            input: BufReader::with_capacity(READ_BUFFER, guard),
            line: 0,
        })
    }

    /// Refuses text past `max` bytes (after decompression), with
    /// [`ProofFileError::TooLong`]: a small compressed file may hold more
    /// text than a reader should parse.
    #[must_use]
    pub fn max_bytes(mut self, max: u64) -> ProofReader<'w> {
        self.input.get_mut().max_bytes = max;
        self
    }

    /// The file's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the file is gzip-compressed.
    #[must_use]
    pub fn is_gzip(&self) -> bool {
        self.gzip
    }

    /// Reads the header (the first four significant lines) alone; the
    /// reader is left at the first line of the body.
    ///
    /// # Errors
    /// As [`ProofReader::read_for`].
    pub fn header(&mut self) -> Result<ProofHeader, ProofFileError> {
        let (parsed, last) = {
            let mut lines = Lines::new(io_lines(&mut self.input));
            (parse_header(&mut lines), lines.last)
        };
        self.line = last;
        self.check(parsed)
    }

    /// Reads the proof, of either version; a version 2 body is replayed on
    /// `game_of(root)`, as in [`ProofTree::read_for`].
    ///
    /// # Errors
    /// [`ProofFileError::Read`], [`ProofFileError::TooLong`] or
    /// [`ProofFileError::Stopped`] when the stream failed, else
    /// [`ProofFileError::Parse`] for a malformed proof.
    pub fn read_for<G: SolverGame>(
        mut self,
        game_of: impl FnOnce(&str) -> Result<G, String>,
    ) -> Result<ProofTree, ProofFileError> {
        let parsed = ProofTree::read_for(&mut self.input, game_of);
        self.check(parsed)
    }

    /// Reads a version 1 proof, as [`ProofTree::read_from`].
    ///
    /// # Errors
    /// As [`ProofReader::read_for`].
    pub fn read_from(mut self) -> Result<ProofTree, ProofFileError> {
        let parsed = ProofTree::read_from(&mut self.input);
        self.check(parsed)
    }

    /// `parsed` as the result of reading the file: a failure of the stream
    /// comes first, since the parser saw it only as a read error (the
    /// failure is taken, so a reader that goes on reports each once).
    pub(super) fn check<T>(
        &mut self,
        parsed: Result<T, ParseProofError>,
    ) -> Result<T, ProofFileError> {
        let path = self.path.clone();
        match self.input.get_mut().failure.take() {
            Some(Failure::Io(source)) => Err(ProofFileError::Read { path, source }),
            Some(Failure::TooLong(max)) => Err(ProofFileError::TooLong { path, max }),
            Some(Failure::Stopped(limit)) => Err(ProofFileError::Stopped { path, limit }),
            None => parsed.map_err(|source| ProofFileError::Parse { path, source }),
        }
    }
}

impl Read for ProofReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.input.read(buf)
    }
}

impl BufRead for ProofReader<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.input.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.input.consume(amt);
    }
}

/// Whether `file` starts with the gzip magic; it is left at its start.
fn starts_with_gzip_magic(file: &mut File) -> io::Result<bool> {
    let mut magic = [0u8; 2];
    let mut got = 0;
    while got < magic.len() {
        match file.read(&mut magic[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    file.rewind()?;
    Ok(got == magic.len() && magic == GZIP_MAGIC)
}

/// Why a [`Guard`] failed.
enum Failure {
    Io(io::Error),
    TooLong(u64),
    Stopped(Limit),
}

/// The raw stream of a [`ProofReader`]: it counts the bytes of text, fails
/// past the most allowed and once the watch ends, and keeps the first
/// failure (the parser sees only its message).
pub(super) struct Guard<'w> {
    input: Box<dyn Read + Send>,
    read: u64,
    max_bytes: u64,
    watch: &'w Watch,
    failure: Option<Failure>,
}

impl Read for Guard<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.failure.is_none() {
            if let Some(limit) = self.watch.reached() {
                self.failure = Some(Failure::Stopped(limit));
            }
        }
        if let Some(failure) = &self.failure {
            let message = match failure {
                Failure::Io(e) => e.to_string(),
                Failure::TooLong(max) => format!("longer than {max} bytes of text"),
                Failure::Stopped(limit) => limit.reason().to_string(),
            };
            return Err(io::Error::other(message));
        }
        match self.input.read(buf) {
            Ok(n) => {
                self.read = self.read.saturating_add(n as u64);
                if self.read > self.max_bytes {
                    self.failure = Some(Failure::TooLong(self.max_bytes));
                    return self.read(buf);
                }
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Err(e),
            Err(e) => {
                let seen = io::Error::new(e.kind(), e.to_string());
                self.failure = Some(Failure::Io(e));
                Err(seen)
            }
        }
    }
}

/// A proof file being written: `FILE.PID.partial`, renamed to `FILE` once the
/// proof is written whole; see the [module documentation](self).
#[derive(Debug)]
pub struct ProofWriter {
    path: PathBuf,
    partial: PathBuf,
    /// `FILE.PID.partial`, open; `None` once renamed into place.
    file: Option<File>,
}

impl ProofWriter {
    /// Creates `FILE.PID.partial` (`PID` this process's id) for a proof to
    /// be written to `path`.
    ///
    /// # Errors
    /// [`ProofFileError::Open`] when it cannot be created.
    pub fn create(path: impl AsRef<Path>) -> Result<ProofWriter, ProofFileError> {
        let path = path.as_ref().to_path_buf();
        let mut name = OsString::from(path.as_os_str());
        name.push(format!(".{}.partial", std::process::id()));
        let partial = PathBuf::from(name);
        let file = File::create(&partial).map_err(|source| ProofFileError::Open {
            path: partial.clone(),
            source,
        })?;
        Ok(ProofWriter {
            path,
            partial,
            file: Some(file),
        })
    }

    /// The path the proof is written to.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path it is written at until it is whole: `FILE.PID.partial`.
    #[must_use]
    pub fn partial_path(&self) -> &Path {
        &self.partial
    }

    /// Writes `proof` in `format` and `compression` to `FILE.PID.partial`,
    /// syncs it to the disk and renames it to `FILE`.
    ///
    /// # Errors
    /// [`ProofFileError::Write`] (and `FILE.PID.partial` is removed).
    pub fn write(
        self,
        proof: &ProofTree,
        format: ProofFormat,
        compression: Compression,
    ) -> Result<(), ProofFileError> {
        let path = self.path.clone();
        self.write_with(compression, |out| {
            match format {
                ProofFormat::Named => proof.write_to(out),
                ProofFormat::Compact => proof.write_compact_to(out),
            }
            .map_err(|source| ProofFileError::Write { path, source })
        })
    }

    /// Writes to `FILE.PID.partial` what `fill` writes (a proof streamed from
    /// elsewhere, such as [`write_joined`](super::write_joined)), through a
    /// buffer and compressed as `compression` says, syncs it to the disk and
    /// renames it to `FILE`; what `fill` returns. A `fill` that fails
    /// leaves no file.
    ///
    /// # Errors
    /// What `fill` returns, or [`ProofFileError::Write`] for the file's
    /// own writing, syncing or renaming (`FILE.PID.partial` is removed).
    pub fn write_with<T, E: From<ProofFileError>>(
        mut self,
        compression: Compression,
        fill: impl FnOnce(&mut dyn Write) -> Result<T, E>,
    ) -> Result<T, E> {
        let file = self.file.take().expect("a writer writes once");
        let mut filled = None;
        let written = write_to_file(file, compression, |out| {
            let result = fill(out);
            let failed = result.is_err();
            filled = Some(result);
            if failed {
                // Stop before the file is finished and synced.
                return Err(io::Error::other("the proof was not written"));
            }
            Ok(())
        });
        let result = match (filled, written) {
            (Some(Err(e)), _) => Err(e),
            (_, Err(source)) => Err(ProofFileError::Write {
                path: self.path.clone(),
                source,
            }
            .into()),
            (Some(Ok(value)), Ok(())) => std::fs::rename(&self.partial, &self.path)
                .map(|()| value)
                .map_err(|source| {
                    ProofFileError::Write {
                        path: self.path.clone(),
                        source,
                    }
                    .into()
                }),
            (None, Ok(())) => unreachable!("write_to_file calls its writer"),
        };
        if result.is_err() {
            let _ = std::fs::remove_file(&self.partial);
        }
        result
    }
}

impl Drop for ProofWriter {
    /// A writer dropped before its proof was written removes
    /// `FILE.PID.partial`.
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}

/// Writes to `file` what `write` writes, compressed or not, and syncs it.
fn write_to_file(
    file: File,
    compression: Compression,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let out = BufWriter::with_capacity(READ_BUFFER, file);
    let out = match compression {
        Compression::Gzip => {
            let mut gz = flate2::write::GzEncoder::new(out, flate2::Compression::best());
            write(&mut gz)?;
            gz.finish()?
        }
        Compression::Plain => {
            let mut out = out;
            write(&mut out)?;
            out
        }
    };
    out.into_inner()
        .map_err(io::IntoInnerError::into_error)?
        .sync_all()
}

/// Writes `proof` to `path` through `FILE.PID.partial`, as
/// [`ProofWriter::create`] then [`ProofWriter::write`].
///
/// # Errors
/// As those two.
pub fn write_proof(
    path: impl AsRef<Path>,
    proof: &ProofTree,
    format: ProofFormat,
    compression: Compression,
) -> Result<(), ProofFileError> {
    ProofWriter::create(path)?.write(proof, format, compression)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::StopFlag;
    use crate::search::toy::Nim;
    use crate::search::{extract_proof, DfpnConfig, DfpnSolver};

    /// A fresh directory of its own for one test.
    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("cgt-proof-file-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn nim() -> Nim {
        Nim::new(&[1, 2, 3])
    }

    fn nim_proof() -> ProofTree {
        let mut solver = DfpnSolver::new(DfpnConfig::default()).unwrap();
        solver.solve(&nim());
        extract_proof(&mut solver, &nim()).unwrap()
    }

    fn read(path: &Path) -> Result<ProofTree, ProofFileError> {
        ProofReader::open(path, &Watch::unlimited())?.read_for(|_| Ok(nim()))
    }

    #[test]
    fn every_format_and_compression_round_trips() {
        let dir = temp_dir("round-trip");
        let proof = nim_proof();
        let watch = Watch::unlimited();
        for format in [ProofFormat::Named, ProofFormat::Compact] {
            for compression in [Compression::Plain, Compression::Gzip] {
                let path = dir.join(format!("{format:?}-{compression:?}.proof"));
                write_proof(&path, &proof, format, compression).unwrap();
                let reader = ProofReader::open(&path, &watch).unwrap();
                assert_eq!(reader.is_gzip(), compression == Compression::Gzip);
                assert_eq!(reader.read_for(|_| Ok(nim())).unwrap(), proof);
                let mut partial = path.into_os_string();
                partial.push(format!(".{}.partial", std::process::id()));
                assert!(!Path::new(&partial).exists());
            }
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn gzip_is_told_by_its_bytes_not_its_name() {
        let dir = temp_dir("detect");
        let proof = nim_proof();
        let gzip_named_plain = dir.join("proof.txt");
        let plain_named_gzip = dir.join("proof.gz");
        write_proof(
            &gzip_named_plain,
            &proof,
            ProofFormat::Named,
            Compression::Gzip,
        )
        .unwrap();
        write_proof(
            &plain_named_gzip,
            &proof,
            ProofFormat::Named,
            Compression::Plain,
        )
        .unwrap();
        let watch = Watch::unlimited();
        assert!(ProofReader::open(&gzip_named_plain, &watch)
            .unwrap()
            .is_gzip());
        assert!(!ProofReader::open(&plain_named_gzip, &watch)
            .unwrap()
            .is_gzip());
        assert_eq!(read(&gzip_named_plain).unwrap(), proof);
        assert_eq!(read(&plain_named_gzip).unwrap(), proof);
        assert_eq!(Compression::for_path(&plain_named_gzip), Compression::Gzip);
        assert_eq!(Compression::for_path(&gzip_named_plain), Compression::Plain);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_truncated_gzip_file_is_a_read_error() {
        let dir = temp_dir("truncated");
        let path = dir.join("proof.gz");
        write_proof(&path, &nim_proof(), ProofFormat::Named, Compression::Gzip).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 12]).unwrap();
        match read(&path) {
            Err(ProofFileError::Read {
                path: named,
                source,
            }) => {
                assert_eq!(named, path);
                assert_eq!(source.kind(), io::ErrorKind::UnexpectedEof);
            }
            other => panic!("expected a read error, got {other:?}"),
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn errors_name_their_file() {
        let dir = temp_dir("errors");
        let missing = dir.join("missing.proof");
        assert!(
            matches!(read(&missing), Err(ProofFileError::Open { path, .. }) if path == missing)
        );
        let bad = dir.join("bad.proof");
        std::fs::write(&bad, "cgtk-proof 1\nroot 1 2 3\noutcome draw\n").unwrap();
        let err = read(&bad).unwrap_err();
        assert!(matches!(&err, ProofFileError::Parse { path, .. } if *path == bad));
        assert!(err.to_string().starts_with(&bad.display().to_string()));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn reading_stops_with_the_watch_and_past_the_most_bytes() {
        let dir = temp_dir("limits");
        let path = dir.join("proof");
        let proof = nim_proof();
        write_proof(&path, &proof, ProofFormat::Named, Compression::Plain).unwrap();
        let stop = StopFlag::new();
        stop.stop();
        let watch = Watch::new(None, Some(&stop));
        let stopped = ProofReader::open(&path, &watch).unwrap().read_from();
        assert!(matches!(
            stopped,
            Err(ProofFileError::Stopped {
                limit: Limit::Interrupt,
                ..
            })
        ));
        let long = ProofReader::open(&path, &Watch::unlimited())
            .unwrap()
            .max_bytes(10)
            .read_from();
        assert!(matches!(long, Err(ProofFileError::TooLong { max: 10, .. })));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn no_file_is_left_by_a_failed_or_abandoned_write() {
        let dir = temp_dir("failed");
        let path = dir.join("proof");
        // A proof naming a node it does not have fails in the compact
        // writer, after the header is written.
        let mut broken = nim_proof();
        broken.nodes.truncate(1);
        let err = write_proof(&path, &broken, ProofFormat::Compact, Compression::Gzip);
        assert!(matches!(err, Err(ProofFileError::Write { .. })), "{err:?}");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);

        let writer = ProofWriter::create(&path).unwrap();
        assert!(writer.partial_path().exists());
        drop(writer);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);

        let unwritable = dir.join("no-such-directory").join("proof");
        assert!(matches!(
            ProofWriter::create(unwritable),
            Err(ProofFileError::Open { .. })
        ));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn formats_have_their_version_numbers() {
        for format in [ProofFormat::Named, ProofFormat::Compact] {
            assert_eq!(ProofFormat::from_version(format.version()), Some(format));
        }
        assert_eq!(ProofFormat::from_version(3), None);
    }
}
