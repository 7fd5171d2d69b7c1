//! Everything between a typed answer and the outside world: reading the input, the
//! failure kinds and their exit statuses, the stdout sink that answers stream through,
//! the JSON envelope, SVG files written whole, the progress bar and the time limit.

use crate::args::{Format, Puzzle};
use serde::Serialize;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex, MutexGuard};
use std::time::Instant;

/// Why a command did not print an answer, and the exit status that says so.
#[derive(Debug)]
pub enum Failure {
    /// Bad input or usage: exit status 2.
    Input(String),
    /// The answer could not be written: exit status 1 (a closed pipe is silent, exit 0).
    Write(io::Error),
    /// The checked answer is wrong (`check`): the verdict was printed; this exit status.
    Verdict(u8),
}

/// A command's result.
pub type Outcome = Result<(), Failure>;

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Write(e)
    }
}

/// A bad-input failure with this message.
pub fn bad(message: impl std::fmt::Display) -> Failure {
    Failure::Input(message.to_string())
}

/// The flag that raises the limit a library error (or one of its sources) hit: the
/// libraries name the limit and its value, the command line names its flag.
fn raising_flag(e: &(dyn std::error::Error + 'static)) -> Option<&'static str> {
    let mut at = Some(e);
    while let Some(e) = at {
        match e.downcast_ref() {
            Some(exact_cover::ZddError::TooManyNodes(_)) => return Some("--zdd-max-nodes"),
            Some(exact_cover::ZddError::TooMuchMemory(_)) => return Some("--zdd-max-memory"),
            _ => {}
        }
        if let Some(true) = e.downcast_ref::<polyform::transfer::TransferError>().map(|e| e.is_too_many_states()) {
            return Some("--max-states");
        }
        at = e.source();
    }
    None
}

/// A library error as the command line words it: with the flag that raises the limit it
/// hit, if any ("the ZDD has more than 2 nodes (raise --zdd-max-nodes)").
pub fn worded(e: &(dyn std::error::Error + 'static)) -> String {
    match raising_flag(e) {
        Some(flag) => format!("{e} (raise {flag})"),
        None => e.to_string(),
    }
}

/// A bad-input failure for a library error, [`worded`].
pub fn failed(e: impl std::error::Error + 'static) -> Failure {
    Failure::Input(worded(&e))
}

/// The largest small-puzzle input read (beads, mayan, boards, pieces), in bytes: far above
/// any real puzzle, so that a huge or endless input is refused instead of filling memory.
pub const SMALL_INPUT_LIMIT: u64 = 1 << 20;

/// The largest grid, formula or problem file read (4 GiB): room for grids of tens of
/// thousands of cells a side, while an endless input is still refused.
pub const LARGE_INPUT_LIMIT: u64 = 1 << 32;

/// An input read whole: its name for messages (`<stdin>` or the path) and its bytes.
pub struct Input {
    /// The name used in messages.
    pub name: String,
    /// The bytes.
    pub data: Vec<u8>,
}

impl Input {
    /// A bad-input failure at this input: "NAME: message".
    pub fn bad(&self, message: impl std::fmt::Display) -> Failure {
        bad(format!("{}: {message}", self.name))
    }

    /// The input as UTF-8 text, or a failure naming the line and column of the first
    /// byte that is not.
    pub fn text(&self) -> Result<&str, Failure> {
        std::str::from_utf8(&self.data).map_err(|e| {
            let at = e.valid_up_to();
            let line = self.data[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            let column = at - self.data[..at].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
            self.bad(format_args!("line {line}, column {column}: not UTF-8 text"))
        })
    }
}

/// Reads the text of FILE (or stdin for `None` / `-`), at most `limit` bytes. A NUL byte
/// is refused where it is met, with its line and column (no format of gridlock's holds
/// one): a binary file or a stream of zeros stops at its first block, not at the limit.
pub fn read_input(file: Option<&Path>, limit: u64) -> Result<Input, Failure> {
    read(file, limit, true)
}

/// Reads the bytes of FILE (or stdin for `None` / `-`), at most `limit` bytes, NUL bytes
/// and all (a gzip'd file; a judged program's output).
pub fn read_bytes(file: Option<&Path>, limit: u64) -> Result<Input, Failure> {
    read(file, limit, false)
}

/// A device other than a terminal or /dev/null (/dev/zero, /dev/urandom) is no input: it
/// would be read to the limit, gigabytes, before being refused.
fn refuse_device(f: &std::fs::File, name: &str) -> Result<(), Failure> {
    use std::io::IsTerminal;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let meta = f.metadata().map_err(|e| bad(format_args!("{name}: {e}")))?;
    let kind = meta.file_type();
    let null = std::fs::metadata("/dev/null").is_ok_and(|n| n.file_type().is_char_device() && n.rdev() == meta.rdev());
    if (kind.is_char_device() || kind.is_block_device()) && !f.is_terminal() && !null {
        return Err(bad(format_args!("{name}: a device, not a file or a pipe")));
    }
    Ok(())
}

fn read(file: Option<&Path>, limit: u64, text: bool) -> Result<Input, Failure> {
    let (name, reader): (String, Box<dyn Read>) = match file {
        None => stdin_reader()?,
        Some(p) if p.as_os_str() == "-" => stdin_reader()?,
        Some(p) => {
            let f = std::fs::File::open(p).map_err(|e| bad(format_args!("{}: {e}", p.display())))?;
            refuse_device(&f, &p.display().to_string())?;
            (p.display().to_string(), Box::new(f))
        }
    };
    // Read straight into the answer (no zeroed block: a small file touches a page or
    // two), 64 KiB at a time so that a NUL byte stops a flood of zeros at once.
    let mut data = Vec::new();
    let mut reader = reader.take(limit + 1);
    loop {
        let start = data.len();
        let n = match (&mut reader).take(1 << 16).read_to_end(&mut data) {
            Ok(n) => n,
            Err(e) => return Err(bad(format_args!("{name}: {e}"))),
        };
        if n == 0 {
            break;
        }
        if text {
            if let Some(k) = data[start..].iter().position(|&b| b == 0) {
                let before = &data[..start + k];
                let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
                let column = before.len() - before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
                return Err(bad(format_args!("{name}: line {line}, column {column}: a NUL byte (not a text file)")));
            }
        }
    }
    if data.len() as u64 > limit {
        return Err(bad(format_args!("{name}: input is larger than {limit} bytes")));
    }
    Ok(Input { name, data })
}

/// Standard input, refused when it is a device other than a terminal (`< /dev/zero`).
fn stdin_reader() -> Result<(String, Box<dyn Read>), Failure> {
    use std::os::fd::AsFd;
    let name = "<stdin>".to_string();
    // A duplicate of descriptor 0 to read its metadata; when it cannot be made (a closed
    // stdin), reading says so.
    if let Ok(fd) = io::stdin().as_fd().try_clone_to_owned() {
        refuse_device(&std::fs::File::from(fd), &name)?;
    }
    Ok((name, Box::new(io::stdin())))
}

/// A contest puzzle's picture target (checked first: never the input file) and its input,
/// read up to `limit` bytes.
pub fn open_puzzle(puzzle: &Puzzle, limit: u64) -> Result<(Option<Target>, Input), Failure> {
    let svg = Target::new("--svg", puzzle.picture.svg.as_deref(), &[puzzle.io.file.as_deref()])?;
    Ok((svg, read_input(puzzle.io.file.as_deref(), limit)?))
}

/// Standard output as a file of its own (a duplicate of descriptor 1), so that every
/// write error reaches gridlock (Rust's `Stdout` ignores some). When descriptor 1 cannot
/// be duplicated, every write fails: the answer could not be written.
enum Sink {
    /// The duplicate of descriptor 1.
    Open(std::fs::File),
    /// Descriptor 1 could not be duplicated.
    Closed,
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Open(f) => f.write(buf),
            Sink::Closed => Err(io::Error::other("standard output is closed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Open(f) => f.flush(),
            Sink::Closed => Ok(()),
        }
    }
}

static STDOUT: LazyLock<Mutex<BufWriter<Sink>>> = LazyLock::new(|| {
    use std::os::fd::AsFd;
    let sink = match io::stdout().as_fd().try_clone_to_owned() {
        // A closed descriptor 1 (`>&-`) cannot be told apart here from `1<>/dev/null`
        // (what Python's `subprocess.DEVNULL` gives): Rust's runtime reopens a closed
        // standard descriptor on /dev/null read-write before `main`. Both write nowhere
        // and succeed, as in other Rust tools; treating both as closed made every run
        // from Python with `stdout=DEVNULL` exit 1.
        Ok(fd) => Sink::Open(fd.into()),
        Err(_) => Sink::Closed,
    };
    Mutex::new(BufWriter::with_capacity(1 << 16, sink))
});

/// Locks standard output. Every piece of an answer is written under this lock in one
/// call, so whatever stops the process from another thread (the time limit) holding it
/// leaves only whole pieces on stdout.
fn lock_stdout() -> MutexGuard<'static, BufWriter<Sink>> {
    STDOUT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Writes one whole piece of an answer (a solution, a case, a count) to stdout.
pub fn emit(bytes: &[u8]) -> io::Result<()> {
    lock_stdout().write_all(bytes)
}

/// Flushes stdout.
pub fn flush() -> io::Result<()> {
    lock_stdout().flush()
}

/// What every answer reports besides its own fields: the command and the start time.
pub struct Run {
    /// The subcommand's name, for the JSON envelope.
    pub command: &'static str,
    /// The output format.
    pub format: Format,
    /// When solving started (for `stats.seconds`).
    pub start: Instant,
}

impl Run {
    /// A run of `command` in `format`, starting now.
    pub fn new(command: &'static str, format: Format) -> Run {
        Run { command, format, start: Instant::now() }
    }

    /// The JSON envelope's opening (`{"schema":…,"command":…,`), to which the answer's
    /// fields and `"stats"` are added.
    fn open(&self) -> String {
        format!("{{\"schema\":\"gridlock-answer/1\",\"command\":\"{}\",", self.command)
    }

    /// `"stats":{…,"seconds":…}}` and a newline: the envelope's end.
    fn close(&self, stats: &impl Serialize) -> String {
        let mut s = serde_json::to_value(stats).unwrap_or_default();
        if !s.is_object() {
            s = serde_json::json!({});
        }
        s["seconds"] = serde_json::json!(self.start.elapsed().as_secs_f64());
        format!("\"stats\":{s}}}\n")
    }

    /// Writes one answer: `text` in text format, or the JSON envelope around `answer`'s
    /// fields (it must serialize as an object) and `stats`.
    pub fn answer(&self, text: impl FnOnce() -> String, answer: &impl Serialize, stats: &impl Serialize) -> Outcome {
        match self.format {
            Format::Text => emit(text().as_bytes())?,
            Format::Json => {
                let fields = serde_json::to_string(answer).expect("answers serialize");
                let inner = fields.strip_prefix('{').and_then(|f| f.strip_suffix('}')).unwrap_or("");
                let sep = if inner.is_empty() { "" } else { "," };
                emit(format!("{}{inner}{sep}{}", self.open(), self.close(stats)).as_bytes())?;
            }
        }
        Ok(())
    }

    /// Starts a streamed list (`--all`, `--limit`, or the cases of a multi-case input):
    /// see [`Stream`].
    pub fn stream(&self, key: &'static str, text_separator: &'static str) -> Stream<'_> {
        Stream { run: self, key, separator: text_separator, items: 0 }
    }
}

/// A list of answers written as they are found, so memory stays flat. Text: the items,
/// separated by `separator`. JSON: one document, `{"schema":…,"command":…,"KEY":[item,
/// item, …], …, "stats":{…}}`, the array written item by item.
pub struct Stream<'r> {
    run: &'r Run,
    key: &'static str,
    separator: &'static str,
    items: u64,
}

impl Stream<'_> {
    /// Writes one item: `text` or `item` as JSON.
    pub fn push(&mut self, text: impl FnOnce() -> String, item: &impl Serialize) -> io::Result<()> {
        let first = self.items == 0;
        self.items += 1;
        match self.run.format {
            Format::Text => {
                if !first && !self.separator.is_empty() {
                    emit(self.separator.as_bytes())?;
                }
                emit(text().as_bytes())
            }
            Format::Json => {
                let head = if first { format!("{}\"{}\":[", self.run.open(), self.key) } else { ",".into() };
                let body = serde_json::to_string(item).expect("answers serialize");
                emit(format!("{head}{body}").as_bytes())
            }
        }
    }

    /// Items written so far.
    pub fn len(&self) -> u64 {
        self.items
    }

    /// Ends the list: in text, `empty_text` when there was no item; in JSON, the array's
    /// end, the `fields` (an object) and `stats`.
    pub fn finish(self, empty_text: &str, fields: &impl Serialize, stats: &impl Serialize) -> Outcome {
        match self.run.format {
            Format::Text => {
                if self.items == 0 {
                    emit(empty_text.as_bytes())?;
                }
            }
            Format::Json => {
                let head = if self.items == 0 { format!("{}\"{}\":[", self.run.open(), self.key) } else { String::new() };
                let fields = serde_json::to_string(fields).expect("answers serialize");
                let inner = fields.strip_prefix('{').and_then(|f| f.strip_suffix('}')).unwrap_or("");
                let sep = if inner.is_empty() { "" } else { "," };
                emit(format!("{head}],{inner}{sep}{}", self.run.close(stats)).as_bytes())?;
            }
        }
        Ok(())
    }
}

/// No statistics beyond the elapsed time.
#[derive(Serialize)]
pub struct NoStats {}

/// Where a file that a flag names goes (`--svg`, `--zdd`, `--emit-preprocessed`,
/// `--write-xmpuzzle`), checked before any solving.
pub enum Target {
    /// To this file, written whole through a temporary file beside it.
    File(PathBuf),
    /// To stdout (`-`), instead of the answer.
    Stdout,
}

impl Target {
    /// The target of `flag PATH`, refusing the input files themselves (the message names
    /// `flag`).
    pub fn new(flag: &str, path: Option<&Path>, inputs: &[Option<&Path>]) -> Result<Option<Target>, Failure> {
        let Some(path) = path else { return Ok(None) };
        if path.as_os_str() == "-" {
            return Ok(Some(Target::Stdout));
        }
        for input in inputs.iter().flatten() {
            if input.as_os_str() != "-" && same_file(path, input) {
                return Err(bad(format_args!("{flag} {}: that is the input file; refusing to overwrite it", path.display())));
            }
        }
        Ok(Some(Target::File(path.to_path_buf())))
    }

    /// Whether the file replaces the answer on stdout.
    pub fn is_stdout(target: &Option<Target>) -> bool {
        matches!(target, Some(Target::Stdout))
    }

    /// Writes the file: to stdout, or to a temporary file in the target's folder that is
    /// then renamed over the target (so the file is whole or absent; a symbolic link is
    /// followed, so the file it names is replaced, not the link), or in place when the
    /// target is not a regular file (a device such as /dev/null, or a FIFO).
    pub fn write(&self, data: impl AsRef<[u8]>) -> Outcome {
        match self {
            Target::Stdout => Ok(emit(data.as_ref())?),
            Target::File(path) => write_whole(path, data.as_ref()),
        }
    }
}

/// Writes `bytes` to `path` whole or not at all: through a temporary file in its folder
/// renamed over it (a symbolic link is followed, so the file it names is replaced, not
/// the link), or in place when `path` is not a regular file (a device such as /dev/null,
/// or a FIFO, which a rename would replace with a regular file).
pub fn write_whole(path: &Path, bytes: &[u8]) -> Outcome {
    let failed = |e: io::Error, path: &Path| Failure::Write(io::Error::new(e.kind(), format!("writing {}: {e}", path.display())));
    if !is_regular_or_absent(path) {
        return std::fs::write(path, bytes).map_err(|e| failed(e, path));
    }
    let path = &std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(failed(e, path));
    }
    Ok(())
}

/// Whether `path` is a regular file (following links) or does not exist yet: the targets
/// that are written through a temporary file renamed over them.
fn is_regular_or_absent(path: &Path) -> bool {
    match std::fs::metadata(path) {
        Ok(m) => m.is_file(),
        Err(_) => true,
    }
}

/// Whether two paths name the same existing file.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The largest picture drawn, in cells: an SVG of a larger answer would take hundreds of
/// megabytes, so it is refused with the size named.
pub const MAX_SVG_CELLS: usize = 250_000;

/// Refuses a picture of more than [`MAX_SVG_CELLS`] cells.
pub fn check_svg_size(cells: usize) -> Outcome {
    if cells > MAX_SVG_CELLS {
        return Err(bad(format_args!("--svg: the answer has {cells} cells; pictures are drawn up to {MAX_SVG_CELLS} cells")));
    }
    Ok(())
}

/// Starts the `--time-limit` watchdog: after `seconds` it takes stdout's lock (so no
/// piece of an answer is cut), says so on stderr and exits with status 3.
pub fn start_time_limit(seconds: Option<f64>) {
    let Some(seconds) = seconds else { return };
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs_f64(seconds));
        let _held = lock_stdout();
        eprintln!("gridlock: time limit of {seconds} s reached; no (further) answer");
        std::process::exit(3);
    });
}

/// A progress bar on stderr when stderr is a terminal (nothing otherwise), counting
/// `unit` (the bar's label: "of columns", ...).
pub fn progress_bar_of(unit: &str) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(1);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{spinner}} {{percent:>3}}% of {unit} [{{bar:40}}] {{elapsed}} (eta {{eta}}) {{msg}}"
        ))
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    Some(bar)
}

/// Calls `tick` with the seconds elapsed, once a second, on a thread of its own, until
/// `stop` is set (looked at every 50 ms, so that a short run ends at once): the clock of
/// every progress line (`pack --progress`, `xc --progress`).
pub fn every_second(
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    mut tick: impl FnMut(f64) + Send + 'static,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let start = std::time::Instant::now();
        let mut ticks = 0u64;
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            std::thread::sleep(std::time::Duration::from_millis(50));
            ticks += 1;
            if ticks.is_multiple_of(20) {
                tick(start.elapsed().as_secs_f64());
            }
        }
    })
}

/// How a long count shows its progress: a bar on stderr when stderr is a terminal
/// ([`progress_bar_of`]); with `--progress`, a line on stderr once a second whatever
/// stderr is (a log file on a cluster): "gridlock pack: 12 s, 340 of 1024 subtrees (33%)",
/// and a last line when the count ends ("..., 1024 of 1024 subtrees (100%), done").
/// Reports come from the engines through [`Progress::callback`]; nothing is shown when
/// neither applies.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    lines: Option<Lines>,
    /// Moves the bar, or the units the lines read, to (done, total).
    report: Box<dyn Fn(u64, u64) + Sync + Send>,
}

/// The state the line printer reads, and its thread.
struct Lines {
    command: &'static str,
    unit: &'static str,
    start: std::time::Instant,
    done: std::sync::Arc<std::sync::atomic::AtomicU64>,
    total: std::sync::Arc<std::sync::atomic::AtomicU64>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    /// Progress of `command` counted in `unit` (subtrees, parts): lines when `lines`
    /// (--progress), else a bar on a terminal.
    pub fn new(command: &'static str, unit: &'static str, lines: bool) -> Progress {
        use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
        use std::sync::Arc;
        if !lines {
            let bar = progress_bar_of(unit);
            let moved = bar.clone();
            let report = Box::new(move |done, total| {
                if let Some(b) = &moved {
                    b.set_length(total);
                    b.set_position(done);
                }
            });
            return Progress { bar, lines: None, report };
        }
        let (done, total, stop) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
        let (d, t) = (done.clone(), total.clone());
        let thread = every_second(stop.clone(), move |seconds| {
            let (done, total) = (d.load(Ordering::Relaxed), t.load(Ordering::Relaxed));
            let at = if total == 0 {
                format!("cutting the search into {unit}")
            } else {
                format!("{done} of {total} {unit} ({:.0}%)", 100.0 * done as f64 / total as f64)
            };
            eprintln!("gridlock {command}: {seconds:.0} s, {at}");
        });
        let (d, t) = (done.clone(), total.clone());
        let report = Box::new(move |done, total| {
            t.store(total, Ordering::Relaxed);
            d.store(done, Ordering::Relaxed);
        });
        let start = std::time::Instant::now();
        Progress { bar: None, lines: Some(Lines { command, unit, start, done, total, stop, thread: Some(thread) }), report }
    }

    /// No progress shown (another display runs: the parts of a checkpointed count).
    pub fn none() -> Progress {
        Progress { bar: None, lines: None, report: Box::new(|_, _| {}) }
    }

    /// The callback an engine reports (done, total) to, when anything is shown (the
    /// engines then cut their searches to report); `None` otherwise.
    pub fn callback(&self) -> Option<&(dyn Fn(u64, u64) + Sync)> {
        (self.bar.is_some() || self.lines.is_some()).then_some(&*self.report as &(dyn Fn(u64, u64) + Sync))
    }

    /// `done` of `total` units are done.
    pub fn report(&self, done: u64, total: u64) {
        (self.report)(done, total);
    }

    /// A message beside the bar (the count so far); the lines do not show it.
    pub fn message(&self, message: String) {
        if let Some(b) = &self.bar {
            b.set_message(message);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
        if let Some(l) = &mut self.lines {
            l.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            if let Some(t) = l.thread.take() {
                let _ = t.join();
            }
            // The last line: where the count ended (all units, unless it was stopped).
            let (done, total) = (l.done.load(std::sync::atomic::Ordering::Relaxed), l.total.load(std::sync::atomic::Ordering::Relaxed));
            if total > 0 {
                let (command, unit, seconds) = (l.command, l.unit, l.start.elapsed().as_secs_f64());
                eprintln!(
                    "gridlock {command}: {seconds:.1} s, {done} of {total} {unit} ({:.0}%), done",
                    100.0 * done as f64 / total as f64
                );
            }
        }
    }
}

/// Lines on stderr for a search that reports where it is as it goes (`rectangles
/// --progress`: the width and depth finished): the status last set, printed by a thread
/// of its own once a second when it changed, and once a minute when it did not (a run of
/// hours leaves a readable log: "gridlock rectangles: 754 s, width 42, depth 21,
/// 98765432 states"); a last line with the seconds when it is dropped ("..., done").
pub struct StatusLines {
    command: &'static str,
    start: std::time::Instant,
    status: std::sync::Arc<std::sync::Mutex<String>>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl StatusLines {
    /// Lines for `command`, starting with the status `first`.
    pub fn new(command: &'static str, first: String) -> StatusLines {
        use std::sync::{atomic::AtomicBool, Arc, Mutex};
        let status = Arc::new(Mutex::new(first));
        let stop = Arc::new(AtomicBool::new(false));
        let (shown, mut printed, mut quiet) = (status.clone(), String::new(), 0.0);
        let thread = every_second(stop.clone(), move |seconds| {
            let now = shown.lock().map(|s| s.clone()).unwrap_or_default();
            if now != printed || seconds - quiet >= 60.0 {
                eprintln!("gridlock {command}: {seconds:.0} s, {now}");
                (printed, quiet) = (now, seconds);
            }
        });
        StatusLines { command, start: std::time::Instant::now(), status, stop, thread: Some(thread) }
    }

    /// Sets the status the next line shows.
    pub fn set(&self, status: String) {
        if let Ok(mut s) = self.status.lock() {
            *s = status;
        }
    }
}

impl Drop for StatusLines {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        let now = self.status.lock().map(|s| s.clone()).unwrap_or_default();
        eprintln!("gridlock {}: {:.1} s, {now}, done", self.command, self.start.elapsed().as_secs_f64());
    }
}

/// A message or a name made safe for one line of a terminal ([`located::printable`]).
pub use located::printable;

/// A count in JSON: a number below 2^53 (where every reader's doubles are exact), a
/// decimal string from there (docs/json.md).
pub fn json_count(count: &num_bigint::BigUint) -> serde_json::Value {
    match u64::try_from(count) {
        Ok(v) if v < 1 << 53 => serde_json::json!(v),
        _ => serde_json::json!(count.to_string()),
    }
}
