//! Resumable counts, for the front ends (the command line and Python; the engines know
//! nothing of files): a file that records each finished part of a count cut into parts
//! (`exact_cover::parallel::CountOptions::shard`), so that a count killed at any moment and
//! run again with the same file counts only the parts still missing.
//!
//! The file is JSON lines (docs/checkpoint.md): a header
//! `{"format":"gridlock-checkpoint/2","version":V,"command":C,"problem":H,"parts":N}`
//! (`H` the SHA-256 of the problem as the front end states it, [`problem_hash`]), then one
//! line per finished part, `{"part":K,"count":"DECIMAL"}`, appended, flushed and synced
//! to the disk ([`std::fs::File::sync_data`]) before the next part starts. On reading, a
//! last line without its newline (a write cut short by the kill) is ignored and cut off;
//! any other line that does not read, a part out of range, or one part recorded twice
//! with different counts is refused, and so is a header of another format, version,
//! command, problem or number of parts: a checkpoint is never silently wrong.

#![warn(missing_docs)]

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The format's name, the header's `format`. Its number changes whenever the parts a
/// count is cut into change, so that a file of the old parts is refused (`/2`, 2026-11-26:
/// problems with multiplicities are cut, when before they were one part; `xc` cuts
/// 32 subtrees a part, as `--shard` does, where it cut one).
pub const FORMAT: &str = "gridlock-checkpoint/2";

/// The version of the engines, the header's `version`: a checkpoint written by another
/// version is refused (its parts could be cut differently).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The first line of a checkpoint file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// [`FORMAT`].
    pub format: String,
    /// [`VERSION`] of the program that wrote it.
    pub version: String,
    /// The command (`pack`, `xc`, ...) and the options that change the count.
    pub command: String,
    /// [`problem_hash`] of the problem.
    pub problem: String,
    /// How many parts the count is cut into.
    pub parts: usize,
}

/// One finished part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Part {
    part: usize,
    count: String,
}

/// Why a checkpoint cannot be used.
#[derive(Debug, Error)]
pub enum CheckpointError {
    /// Reading or writing the file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The path names something other than a regular file (a device, a FIFO, a folder):
    /// a checkpoint is read whole and appended to, which those cannot be.
    #[error("{path}: not a regular file; a checkpoint is a file of its own")]
    NotAFile {
        /// The path.
        path: PathBuf,
    },
    /// The file is longer than any checkpoint of this many parts.
    #[error("{path}: longer than a checkpoint of these parts can be ({limit} bytes); give another file")]
    TooLong {
        /// The file.
        path: PathBuf,
        /// The most bytes read.
        limit: u64,
    },
    /// The header belongs to another count.
    #[error("{path}: a checkpoint of another count ({field} is {found}, this count's is {wanted}); give another file")]
    Foreign {
        /// The file.
        path: PathBuf,
        /// The header field that differs.
        field: &'static str,
        /// Its value in the file.
        found: String,
        /// This count's.
        wanted: String,
    },
    /// A line does not read.
    #[error("{path}:{line}: {message}; the checkpoint is damaged (not used)")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The line (from 1).
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// An open checkpoint: the parts finished so far, and the file to record more in.
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    file: File,
    parts: usize,
    done: BTreeMap<usize, u128>,
}

/// The SHA-256, in hex, of `pieces` (each prefixed by its length, so that the pieces'
/// boundaries count): the problem's identity in a checkpoint's header.
pub fn problem_hash(pieces: &[&[u8]]) -> String {
    let mut h = Sha256::new();
    for p in pieces {
        h.update((p.len() as u64).to_le_bytes());
        h.update(p);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for the count `command` of the problem `problem`
    /// ([`problem_hash`]) cut into `parts` parts: creates it with its header when it does
    /// not exist or is empty, else reads and checks it (cutting off a torn last line).
    ///
    /// Errors: [`CheckpointError`].
    pub fn open(path: &Path, command: &str, problem: &str, parts: usize) -> Result<Checkpoint, CheckpointError> {
        let io_error = |source| CheckpointError::Io { path: path.to_path_buf(), source };
        // Only a regular file, or none yet: /dev/zero would be read forever, a FIFO block.
        match std::fs::metadata(path) {
            Ok(m) if !m.is_file() => return Err(CheckpointError::NotAFile { path: path.to_path_buf() }),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_error(e)),
        }
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path).map_err(io_error)?;
        // The header and a line a part (each recorded at most a few times) fit far below
        // this; a longer file is not a checkpoint of these parts, and is not read whole.
        let limit = 64 * 1024 + 1024 * parts as u64;
        let mut text = String::new();
        (&mut file).take(limit + 1).read_to_string(&mut text).map_err(io_error)?;
        if text.len() as u64 > limit {
            return Err(CheckpointError::TooLong { path: path.to_path_buf(), limit });
        }
        let wanted = Header { format: FORMAT.into(), version: VERSION.into(), command: command.into(), problem: problem.into(), parts };
        let mut checkpoint = Checkpoint { path: path.to_path_buf(), file, parts, done: BTreeMap::new() };
        // Complete lines only: a last line without its newline was cut short.
        let complete = text.rfind('\n').map_or(0, |i| i + 1);
        if complete < text.len() {
            checkpoint.file.set_len(complete as u64).map_err(io_error)?;
            checkpoint.file.seek(SeekFrom::End(0)).map_err(io_error)?;
        }
        let mut lines = text[..complete].lines();
        match lines.next() {
            None => {
                let header = serde_json::to_string(&wanted).expect("a header serializes");
                checkpoint.write_line(&header).map_err(io_error)?;
            }
            Some(first) => {
                let found: Header =
                    serde_json::from_str(first).map_err(|e| checkpoint.corrupt(1, format!("not a checkpoint header ({e})")))?;
                let fields: [(&'static str, String, String); 5] = [
                    ("format", found.format, wanted.format),
                    ("version", found.version, wanted.version),
                    ("command", found.command, wanted.command),
                    ("problem", found.problem, wanted.problem),
                    ("parts", found.parts.to_string(), wanted.parts.to_string()),
                ];
                for (field, found, wanted) in fields {
                    if found != wanted {
                        return Err(CheckpointError::Foreign { path: path.to_path_buf(), field, found, wanted });
                    }
                }
            }
        }
        for (i, line) in lines.enumerate() {
            let n = i + 2;
            let part: Part = serde_json::from_str(line).map_err(|e| checkpoint.corrupt(n, format!("not a part ({e})")))?;
            if !(1..=parts).contains(&part.part) {
                return Err(checkpoint.corrupt(n, format!("part {} is not one of 1 to {parts}", part.part)));
            }
            let count: u128 = part.count.parse().map_err(|_| checkpoint.corrupt(n, format!("'{}' is not a count", part.count)))?;
            if let Some(&earlier) = checkpoint.done.get(&part.part) {
                if earlier != count {
                    return Err(checkpoint.corrupt(n, format!("part {} recorded twice, as {earlier} and {count}", part.part)));
                }
            }
            checkpoint.done.insert(part.part, count);
        }
        Ok(checkpoint)
    }

    fn corrupt(&self, line: usize, message: String) -> CheckpointError {
        CheckpointError::Corrupt { path: self.path.clone(), line, message }
    }

    fn write_line(&mut self, line: &str) -> io::Result<()> {
        self.file.write_all(format!("{line}\n").as_bytes())?;
        self.file.flush()?;
        self.file.sync_data()
    }

    /// The parts recorded so far, with their counts.
    pub fn done(&self) -> &BTreeMap<usize, u128> {
        &self.done
    }

    /// How many parts the count is cut into.
    pub fn parts(&self) -> usize {
        self.parts
    }

    /// The parts not recorded yet, in order.
    pub fn missing(&self) -> Vec<usize> {
        (1..=self.parts).filter(|k| !self.done.contains_key(k)).collect()
    }

    /// Records part `part`'s count: appended, flushed and synced before returning.
    ///
    /// Errors: [`CheckpointError::Io`].
    pub fn record(&mut self, part: usize, count: u128) -> Result<(), CheckpointError> {
        let line = serde_json::to_string(&Part { part, count: count.to_string() }).expect("a part serializes");
        self.write_line(&line).map_err(|source| CheckpointError::Io { path: self.path.clone(), source })?;
        self.done.insert(part, count);
        Ok(())
    }

    /// The sum of the parts recorded: `None` past 2^128 - 1.
    pub fn sum(&self) -> Option<u128> {
        self.done.values().try_fold(0u128, |a, &b| a.checked_add(b))
    }
}

/// What a width of a search for the smallest rectangles or the orders ended with
/// (`polyform::atlas::Outcome`): the best rectangle of that width that beat the best
/// before it, as `(length, copies)`, or `None`.
pub type WidthOutcome = Option<(usize, u32)>;

/// A checkpoint of a rectangle search (`gridlock rectangles --order --checkpoint`,
/// Python's `rectangles(checkpoint=...)`): a part per width, each recorded as it is
/// finished, its outcome coded as the part's count (0 for none, else
/// `(length << 32 | copies) + 1`).
///
/// Beside it, the file named by [`Widths::frontier_path`] (the checkpoint's path with
/// `.frontier` added) holds the states of the width in progress, saved as the search
/// finishes its depths ([`Widths::save_frontier`]): a line of header,
/// `{"format":"gridlock-frontier/1","version":V,"problem":H,"width":W}`, then the
/// engine's bytes (`polyform::skyline::Sweep::write_to`). It is written whole to a
/// temporary file, synced and renamed over the last, so that a kill leaves the old one or
/// the new one, and it is removed when its width is recorded.
#[derive(Debug)]
pub struct Widths {
    file: Checkpoint,
    problem: String,
}

/// The format of a frontier file's header ([`Widths::save_frontier`]).
pub const FRONTIER_FORMAT: &str = "gridlock-frontier/1";

/// The format of a tiling file's header ([`Widths::save_tiling`]).
pub const TILING_FORMAT: &str = "gridlock-tiling/1";

/// The header line of a frontier file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FrontierHeader {
    format: String,
    version: String,
    problem: String,
    width: usize,
}

impl Widths {
    /// Opens the checkpoint at `path` of the search named by `problem` (the front end's
    /// words for the pieces, their freedom and copies, the goal and the area bound: all
    /// the outcomes depend on), for widths 1 to `widths`.
    ///
    /// Errors: as [`Checkpoint::open`].
    pub fn open(path: &Path, problem: &str, widths: usize) -> Result<Widths, CheckpointError> {
        let hash = problem_hash(&[problem.as_bytes()]);
        Ok(Widths { file: Checkpoint::open(path, "rectangles", &hash, widths.max(1))?, problem: hash })
    }

    /// The file beside the checkpoint that holds the states of the width in progress:
    /// the checkpoint's path with `.frontier` added.
    pub fn frontier_path(&self) -> PathBuf {
        let mut name = self.file.path.clone().into_os_string();
        name.push(".frontier");
        PathBuf::from(name)
    }

    /// Where [`Widths::save_frontier`] writes before it renames: the frontier's path with
    /// `.tmp` added.
    fn temporary_path(&self) -> PathBuf {
        temporary_of(&self.frontier_path())
    }

    /// The file beside the checkpoint that holds the tiling of the best width recorded
    /// ([`Widths::save_tiling`]): the checkpoint's path with `.tiling` added.
    pub fn tiling_path(&self) -> PathBuf {
        let mut name = self.file.path.clone().into_os_string();
        name.push(".tiling");
        PathBuf::from(name)
    }

    /// Saves the tiling of width `width`, the best so far, for a later run to draw its
    /// answer without searching that width again: a header line
    /// (`{"format":"gridlock-tiling/1",...,"width":W}`, as the frontier's), then the
    /// bytes `write` writes, whole as [`Widths::save_frontier`] writes. It is kept when
    /// its width is recorded, and replaced by the next best width's.
    ///
    /// Errors: [`CheckpointError::Io`] (the temporary file is then removed).
    pub fn save_tiling(&self, width: usize, write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> Result<(), CheckpointError> {
        self.save_beside(&self.tiling_path(), TILING_FORMAT, width, write)
    }

    /// Reads the saved tiling, when there is one of this search: `read` is given the
    /// bytes after the header, and its result is returned with the width. A file that
    /// cannot be read, of another search or version, or that `read` refuses, is none:
    /// the tiling is drawn again by searching its width.
    pub fn read_tiling<T>(&self, read: impl FnOnce(&mut dyn Read) -> io::Result<T>) -> Option<(usize, T)> {
        let path = self.tiling_path();
        // (Looked at before it is opened: opening a pipe would wait for a writer.)
        if !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
            return None;
        }
        let mut input = io::BufReader::new(File::open(&path).ok()?);
        let header = self.header_in(&path, &mut input, TILING_FORMAT).ok()?;
        read(&mut input).ok().map(|t| (header.width, t))
    }

    /// Reads a header line of `format` from `input` and checks it is this search's.
    fn header_in(&self, path: &Path, input: &mut dyn io::BufRead, format: &str) -> Result<FrontierHeader, CheckpointError> {
        let mut line = Vec::new();
        io::BufRead::read_until(&mut input.take(4096), b'\n', &mut line)
            .map_err(|source| CheckpointError::Io { path: path.into(), source })?;
        let header: FrontierHeader = std::str::from_utf8(&line)
            .ok()
            .and_then(|t| serde_json::from_str(t.trim_end()).ok())
            .ok_or_else(|| CheckpointError::Corrupt { path: path.into(), line: 1, message: format!("not a {format} header") })?;
        let fields: [(&'static str, &String, String); 3] = [
            ("format", &header.format, format.into()),
            ("version", &header.version, VERSION.into()),
            ("problem", &header.problem, self.problem.clone()),
        ];
        for (field, found, wanted) in fields {
            if *found != wanted {
                return Err(CheckpointError::Foreign { path: path.into(), field, found: found.clone(), wanted });
            }
        }
        Ok(header)
    }

    /// Reads the saved states of the width in progress, when there are some: `read` is
    /// given the engine's bytes (after the header) and its result is returned with the
    /// width. States saved for a width already recorded (a kill between the record and the
    /// removal) are none.
    ///
    /// Errors: [`CheckpointError::Io`]; [`CheckpointError::Foreign`] for the states of
    /// another search or version; [`CheckpointError::Corrupt`] (line 1 for the header,
    /// line 2 for the bytes after it) when the header does not read or `read` fails with
    /// [`io::ErrorKind::InvalidData`].
    pub fn read_frontier<T>(&self, read: impl FnOnce(&mut dyn Read) -> io::Result<T>) -> Result<Option<(usize, T)>, CheckpointError> {
        let path = self.frontier_path();
        let io_error = |source| CheckpointError::Io { path: path.clone(), source };
        let corrupt = |line, message| CheckpointError::Corrupt { path: path.clone(), line, message };
        let file = match File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_error(e)),
        };
        if !file.metadata().map_err(io_error)?.is_file() {
            return Err(CheckpointError::NotAFile { path });
        }
        let mut input = io::BufReader::new(file);
        let header = self.header_in(&path, &mut input, FRONTIER_FORMAT)?;
        if self.file.done.contains_key(&header.width) {
            return Ok(None);
        }
        match read(&mut input) {
            Ok(t) => Ok(Some((header.width, t))),
            Err(e) if e.kind() == io::ErrorKind::InvalidData => Err(corrupt(2, e.to_string())),
            Err(e) => Err(io_error(e)),
        }
    }

    /// Saves the states of width `width`, in progress: a header line, then the bytes
    /// `write` writes, to a temporary file beside the checkpoint, synced, then renamed
    /// over [`Widths::frontier_path`] (and the folder synced), so that the file is whole
    /// or is the last one saved.
    ///
    /// Errors: [`CheckpointError::Io`] (the temporary file is then removed).
    pub fn save_frontier(&self, width: usize, write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> Result<(), CheckpointError> {
        self.save_beside(&self.frontier_path(), FRONTIER_FORMAT, width, write)
    }

    /// Writes a header of `format` and `write`'s bytes to `path` whole: to its temporary
    /// file, synced, renamed over it, the folder synced.
    fn save_beside(
        &self,
        path: &Path,
        format: &str,
        width: usize,
        write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), CheckpointError> {
        let temporary = temporary_of(path);
        let header = FrontierHeader { format: format.into(), version: VERSION.into(), problem: self.problem.clone(), width };
        let written = (|| {
            let mut file = File::create(&temporary)?;
            file.write_all(serde_json::to_string(&header).expect("a header serializes").as_bytes())?;
            file.write_all(b"\n")?;
            write(&mut file)?;
            file.sync_all()?;
            drop(file);
            std::fs::rename(&temporary, path)?;
            sync_folder(path)
        })();
        written.map_err(|source| {
            let _ = std::fs::remove_file(&temporary);
            CheckpointError::Io { path: path.into(), source }
        })
    }

    /// [`Widths::open`] when a front end was given a `path`, else `None` (no checkpoint).
    ///
    /// Errors: as [`Checkpoint::open`].
    pub fn open_if(path: Option<&Path>, problem: &str, widths: usize) -> Result<Option<Widths>, CheckpointError> {
        path.map(|p| Widths::open(p, problem, widths)).transpose()
    }

    /// The widths recorded, with their outcomes.
    pub fn done(&self) -> BTreeMap<usize, WidthOutcome> {
        let decode = |code: u128| (code > 0).then(|| (((code - 1) >> 32) as usize, ((code - 1) & 0xffff_ffff) as u32));
        self.file.done().iter().map(|(&r, &code)| (r, decode(code))).collect()
    }

    /// The widths recorded in `log`, none without one.
    pub fn done_in(log: &Option<Widths>) -> BTreeMap<usize, WidthOutcome> {
        log.as_ref().map(Widths::done).unwrap_or_default()
    }

    /// Records width `width`'s outcome: appended, flushed and synced before returning.
    ///
    /// Errors: [`CheckpointError::Io`].
    pub fn record(&mut self, width: usize, outcome: WidthOutcome) -> Result<(), CheckpointError> {
        let code = outcome.map_or(0, |(n, k)| ((n as u128) << 32 | k as u128) + 1);
        self.file.record(width, code)?;
        // The states of the width in progress were this width's (and a save cut short
        // by a kill, if any, too).
        for path in [self.frontier_path(), self.temporary_path()] {
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(CheckpointError::Io { path, source: e }),
                _ => {}
            }
        }
        Ok(())
    }
}

/// Where a file beside the checkpoint is written before it is renamed: its path with
/// `.tmp` added.
fn temporary_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// Syncs the folder holding `path`, so that a rename in it survives a power cut (a no-op
/// where folders cannot be opened).
fn sync_folder(path: &Path) -> io::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match File::open(folder) {
        Ok(f) => f.sync_all().or(Ok(())),
        Err(_) => Ok(()),
    }
}

/// A search's two hooks over one checkpoint of widths (`polyform::atlas::Journal`'s
/// `finished` and `kept`): each width finished recorded ([`Widths::record`]), and the
/// states of the width in progress saved at most once every `every`
/// ([`Widths::save_frontier`]; `Duration::MAX` for searches that save none). The first
/// failure to write is kept and stops the search (`Break`).
pub struct Book<'a> {
    inner: std::sync::Mutex<Pages<'a>>,
    every: std::time::Duration,
}

/// What a [`Book`] changes as the search goes (behind a mutex, so that a front end may
/// run the search on another thread).
struct Pages<'a> {
    log: &'a mut Option<Widths>,
    failure: Option<CheckpointError>,
    last: std::time::Instant,
}

impl<'a> Book<'a> {
    /// The hooks over `log` (none without one), saving states once every `every`.
    pub fn new(log: &'a mut Option<Widths>, every: std::time::Duration) -> Book<'a> {
        Book { inner: std::sync::Mutex::new(Pages { log, failure: None, last: std::time::Instant::now() }), every }
    }

    /// Records width `width` as finished.
    pub fn finished(&self, width: usize, outcome: WidthOutcome) -> ControlFlow<()> {
        let mut p = self.inner.lock().expect("not poisoned");
        let recorded = p.log.as_mut().map(|w| w.record(width, outcome));
        p.last = std::time::Instant::now();
        p.fail_on(recorded)
    }

    /// Saves the states of width `width` (written by `write`), when `every` has passed
    /// since the last save or the width's start.
    pub fn keep(&self, width: usize, write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> ControlFlow<()> {
        let mut p = self.inner.lock().expect("not poisoned");
        if p.last.elapsed() < self.every {
            return ControlFlow::Continue(());
        }
        let saved = p.log.as_ref().map(|w| w.save_frontier(width, write));
        p.last = std::time::Instant::now();
        p.fail_on(saved)
    }

    /// Saves width `width`'s tiling (written by `write`), the best so far.
    pub fn drawn(&self, width: usize, write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> ControlFlow<()> {
        let mut p = self.inner.lock().expect("not poisoned");
        let saved = p.log.as_ref().map(|w| w.save_tiling(width, write));
        p.fail_on(saved)
    }

    /// The first failure to write, if any.
    pub fn failure(self) -> Option<CheckpointError> {
        self.inner.into_inner().expect("not poisoned").failure
    }
}

impl Pages<'_> {
    fn fail_on(&mut self, done: Option<Result<(), CheckpointError>>) -> ControlFlow<()> {
        match done {
            Some(Err(e)) => {
                self.failure.get_or_insert(e);
                ControlFlow::Break(())
            }
            _ => ControlFlow::Continue(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_survive_a_reopen_and_a_torn_line_is_cut() {
        let dir = std::env::temp_dir().join(format!("gridlock-checkpoint-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.jsonl");
        let _ = std::fs::remove_file(&path);
        let hash = problem_hash(&[b"problem"]);
        let mut c = Checkpoint::open(&path, "xc", &hash, 4).unwrap();
        c.record(2, 7).unwrap();
        c.record(4, 1).unwrap();
        drop(c);
        // A write cut short.
        std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(b"{\"part\":1,\"cou").unwrap();
        let c = Checkpoint::open(&path, "xc", &hash, 4).unwrap();
        assert_eq!(c.missing(), [1, 3]);
        assert_eq!(c.sum(), Some(8));
        assert!(std::fs::read_to_string(&path).unwrap().ends_with("}\n"), "the torn line is cut off");
        // Another problem, another cut, another command: refused.
        assert!(matches!(
            Checkpoint::open(&path, "xc", &problem_hash(&[b"other"]), 4),
            Err(CheckpointError::Foreign { field: "problem", .. })
        ));
        assert!(matches!(Checkpoint::open(&path, "xc", &hash, 5), Err(CheckpointError::Foreign { field: "parts", .. })));
        assert!(matches!(Checkpoint::open(&path, "pack", &hash, 4), Err(CheckpointError::Foreign { field: "command", .. })));
        // A damaged line in the middle: refused.
        let text = std::fs::read_to_string(&path).unwrap().replace("\"count\":\"7\"", "\"count\":\"x\"");
        std::fs::write(&path, text).unwrap();
        assert!(matches!(Checkpoint::open(&path, "xc", &hash, 4), Err(CheckpointError::Corrupt { line: 2, .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn widths_keep_their_outcomes() {
        let dir = std::env::temp_dir().join(format!("gridlock-widths-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.jsonl");
        let _ = std::fs::remove_file(&path);
        let mut w = Widths::open(&path, "Y order", 31).unwrap();
        w.record(1, None).unwrap();
        w.record(5, Some((10, 10))).unwrap();
        w.record(23, Some((24, u32::MAX))).unwrap();
        drop(w);
        let w = Widths::open(&path, "Y order", 31).unwrap();
        assert_eq!(w.done(), BTreeMap::from([(1, None), (5, Some((10, 10))), (23, Some((24, u32::MAX)))]));
        assert!(matches!(Widths::open(&path, "Y square", 31), Err(CheckpointError::Foreign { field: "problem", .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_frontier_is_saved_whole_read_back_and_removed_with_its_width() {
        let dir = std::env::temp_dir().join(format!("gridlock-frontier-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.jsonl");
        let _ = std::fs::remove_file(&path);
        let mut w = Widths::open(&path, "Y order", 31).unwrap();
        let read_all = |input: &mut dyn Read| {
            let mut v = Vec::new();
            input.read_to_end(&mut v).map(|_| v)
        };
        assert!(w.read_frontier(read_all).unwrap().is_none());
        w.record(1, None).unwrap();
        w.save_frontier(2, &mut |out| out.write_all(b"first")).unwrap();
        w.save_frontier(2, &mut |out| out.write_all(b"second")).unwrap();
        assert_eq!(w.read_frontier(read_all).unwrap(), Some((2, b"second".to_vec())));
        // A save that fails leaves the last one, and no temporary file.
        let failed = w.save_frontier(2, &mut |out| {
            out.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        });
        assert!(matches!(failed, Err(CheckpointError::Io { .. })));
        assert_eq!(w.read_frontier(read_all).unwrap(), Some((2, b"second".to_vec())));
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "the checkpoint and its frontier only");
        // The engine's bytes refused: line 2; another search's header: foreign.
        let damaged = w.read_frontier(|_| Err::<(), _>(io::Error::new(io::ErrorKind::InvalidData, "bad")));
        assert!(matches!(damaged, Err(CheckpointError::Corrupt { line: 2, .. })));
        let other = Widths::open(&dir.join("v.jsonl"), "Y square", 31).unwrap();
        std::fs::copy(w.frontier_path(), other.frontier_path()).unwrap();
        assert!(matches!(other.read_frontier(read_all), Err(CheckpointError::Foreign { field: "problem", .. })));
        std::fs::write(other.frontier_path(), b"not json\nsecond").unwrap();
        assert!(matches!(other.read_frontier(read_all), Err(CheckpointError::Corrupt { line: 1, .. })));
        // Recording the width removes its states, and a save cut short; reopened, the
        // width is done.
        std::fs::write(w.temporary_path(), b"cut short").unwrap();
        w.record(2, Some((5, 3))).unwrap();
        assert!(!w.frontier_path().exists() && !w.temporary_path().exists());
        w.save_frontier(2, &mut |out| out.write_all(b"stale")).unwrap();
        drop(w);
        let w = Widths::open(&path, "Y order", 31).unwrap();
        assert!(w.read_frontier(read_all).unwrap().is_none(), "states of a recorded width are none");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_hash_tells_piece_boundaries_apart() {
        assert_ne!(problem_hash(&[b"ab", b"c"]), problem_hash(&[b"a", b"bc"]));
        assert_eq!(problem_hash(&[b"x"]).len(), 64);
    }
}
