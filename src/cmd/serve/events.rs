//! A job: the child process that runs one request, and the newline-delimited JSON events
//! its answer becomes (docs/serve.md).

use super::plan::Plan;
use super::{refuse, Server};
use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStderr, ChildStdout};
use tokio::sync::{mpsc, OwnedSemaphorePermit};

/// The lists that commands stream item by item inside their one JSON document
/// (`Run::stream`'s keys): streamed again here as `item` events.
const STREAMED: &[&str] = &["solutions", "cases", "puzzles", "counts"];

/// How long a job's start is awaited before the response's status is sent: an input
/// error (parsing runs before any search) within this time answers 400.
const FIRST_WAIT: Duration = Duration::from_secs(1);

/// How often a `progress` event is sent (also how soon a client that went away is
/// noticed: the next write to its connection fails).
const TICK: Duration = Duration::from_millis(250);

/// Splits the streamed document of `--format json` into its list's items and the rest of
/// the envelope, whatever pieces the pipe delivers it in: a byte scanner that tracks
/// strings and nesting.
#[derive(Default)]
pub struct Splitter {
    depth: u32,
    in_string: bool,
    escaped: bool,
    /// The envelope: every byte but the streamed items (the list is left as `[]`).
    envelope: Vec<u8>,
    /// The item being read.
    item: Vec<u8>,
    /// Inside a streamed list (its items at depth 2).
    streaming: bool,
    /// The last string read at depth 1 (a key when a ':' follows).
    last_string: Vec<u8>,
    string: Vec<u8>,
    after_colon: bool,
    /// The streamed list's key and how many items it had.
    key: Option<String>,
    items: u64,
    /// The envelope grew past its bound (the output is not a streamed document).
    overflow: bool,
}

/// The largest envelope (or non-JSON output, such as `--emit-knuth`'s text) kept, in
/// bytes; past it the output is dropped with an error event.
const MAX_ENVELOPE: usize = 64 << 20;

impl Splitter {
    /// Feeds bytes; complete items are appended to `items` as JSON values.
    pub fn feed(&mut self, bytes: &[u8], items: &mut Vec<Value>) {
        for &b in bytes {
            if self.streaming {
                self.feed_item(b, items);
            } else {
                self.feed_envelope(b);
            }
        }
    }

    /// Takes byte `b` inside a JSON string: true when it is the closing quote (then the
    /// string is left), false for a byte of the string (an escape's backslash included).
    fn closes_string(&mut self, b: u8) -> bool {
        if self.escaped {
            self.escaped = false;
        } else if b == b'\\' {
            self.escaped = true;
        } else if b == b'"' {
            self.in_string = false;
            return true;
        }
        false
    }

    fn feed_item(&mut self, b: u8, items: &mut Vec<Value>) {
        if self.in_string {
            self.item.push(b);
            self.closes_string(b);
            return;
        }
        match b {
            b'"' => {
                self.in_string = true;
                self.item.push(b);
            }
            b'{' | b'[' => {
                self.depth += 1;
                self.item.push(b);
            }
            b']' if self.depth == 2 => {
                self.flush_item(items);
                self.streaming = false;
                self.depth = 1;
                self.envelope.push(b']');
            }
            b'}' | b']' => {
                self.depth -= 1;
                self.item.push(b);
            }
            b',' if self.depth == 2 => self.flush_item(items),
            b' ' | b'\n' | b'\t' | b'\r' if self.depth == 2 => {}
            _ => self.item.push(b),
        }
    }

    fn flush_item(&mut self, items: &mut Vec<Value>) {
        if self.item.is_empty() {
            return;
        }
        let value = serde_json::from_slice(&self.item).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&self.item).into()));
        items.push(value);
        self.items += 1;
        self.item.clear();
    }

    fn feed_envelope(&mut self, b: u8) {
        if self.envelope.len() >= MAX_ENVELOPE {
            self.overflow = true;
            return;
        }
        self.envelope.push(b);
        if self.in_string {
            if self.closes_string(b) {
                if self.depth == 1 {
                    self.last_string = std::mem::take(&mut self.string);
                }
                return;
            }
            if self.depth == 1 {
                self.string.push(b);
            }
            return;
        }
        match b {
            b'"' => {
                self.in_string = true;
                self.string.clear();
                self.after_colon = false;
            }
            b':' if self.depth == 1 => self.after_colon = true,
            b'[' if self.depth == 1 && self.after_colon && STREAMED.iter().any(|k| k.as_bytes() == self.last_string) => {
                self.streaming = true;
                self.depth = 2;
                self.key = Some(String::from_utf8_lossy(&self.last_string).into());
                self.after_colon = false;
            }
            b'{' | b'[' => {
                self.depth += 1;
                self.after_colon = false;
            }
            b'}' | b']' => {
                self.depth = self.depth.saturating_sub(1);
                self.after_colon = false;
            }
            b' ' | b'\n' | b'\t' | b'\r' => {}
            _ => self.after_colon = false,
        }
    }

    /// The events that end the output: `answer` (the envelope, without the streamed list's
    /// key, and `streamed` naming it), `output` (text that is not JSON, such as
    /// `--emit-knuth`'s), or nothing for an empty output.
    pub fn finish(self) -> Option<Value> {
        if self.overflow {
            return Some(json!({ "event": "error", "status": 1, "message": "the output is too large for the API" }));
        }
        let text = String::from_utf8_lossy(&self.envelope);
        if text.trim().is_empty() {
            return None;
        }
        match serde_json::from_str::<Value>(text.trim()) {
            Ok(Value::Object(mut answer)) => {
                let mut event = json!({ "event": "answer" });
                if let Some(key) = self.key {
                    answer.remove(&key);
                    event["streamed"] = json!({ "key": key, "items": self.items });
                }
                event["answer"] = Value::Object(answer);
                Some(event)
            }
            _ => Some(json!({ "event": "output", "text": text })),
        }
    }
}

/// What a job's process gives, one thing at a time.
enum Out {
    Stdout(Vec<u8>),
    Stderr(String),
    Exit(Option<i32>),
}

/// A running job: the child (killed when dropped), its job slot and folder, its output
/// readers. Dropping it ends the job whatever state it is in.
struct Job {
    /// The process (`None` only while the job is dropped).
    child: Option<Child>,
    stdout: Option<ChildStdout>,
    stderr: Option<tokio::io::Lines<BufReader<ChildStderr>>>,
    folder: tempfile::TempDir,
    running: Arc<AtomicUsize>,
    _permit: OwnedSemaphorePermit,
    exited: bool,
}

impl Drop for Job {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            if !self.exited {
                // Killed and reaped on a task of its own (`kill_on_drop` would leave the
                // dead process unreaped for a while); without a runtime, killed only.
                match tokio::runtime::Handle::try_current() {
                    Ok(runtime) => {
                        runtime.spawn(async move {
                            let _ = child.kill().await;
                        });
                    }
                    Err(_) => {
                        let _ = child.start_kill();
                    }
                }
            }
        }
        self.running.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Job {
    /// The next output of the process, stdout and stderr as they come, then its exit.
    async fn next(&mut self) -> Out {
        let mut buf = vec![0u8; 1 << 16];
        loop {
            if self.stdout.is_none() && self.stderr.is_none() {
                let status = self.child.as_mut().expect("until dropped").wait().await;
                self.exited = true;
                return Out::Exit(status.ok().and_then(|s| s.code()));
            }
            tokio::select! {
                read = async { self.stdout.as_mut().expect("guarded").read(&mut buf).await }, if self.stdout.is_some() => {
                    match read {
                        Ok(n) if n > 0 => return Out::Stdout(buf[..n].to_vec()),
                        _ => self.stdout = None,
                    }
                }
                line = async { self.stderr.as_mut().expect("guarded").next_line().await }, if self.stderr.is_some() => {
                    match line {
                        Ok(Some(l)) => return Out::Stderr(l),
                        _ => self.stderr = None,
                    }
                }
            }
        }
    }
}

/// An error line of the child (`gridlock: MESSAGE`) as the message alone.
/// The error a line of a job's stderr states, if it states one: gridlock's own
/// (`gridlock: ...`, one line) or the argument parser's (`error: ...`, which the lines of
/// usage and "For more information, try '--help'." follow and must not replace).
fn message_of(line: &str) -> Option<String> {
    line.strip_prefix("gridlock: ").or_else(|| line.strip_prefix("error: ")).map(str::to_string)
}

/// Starts the job of `plan` and answers: 400 when the input is refused at once (or the
/// events of that error, when `inline`), else 200
/// with the events streamed until the process ends (or the client goes away).
pub async fn start(server: &Server, plan: Plan, permit: OwnedSemaphorePermit, inline: bool) -> Response {
    let folder = match tempfile::Builder::new().prefix("gridlock-serve-").tempdir() {
        Ok(f) => f,
        Err(e) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, format_args!("a folder for the job: {e}")),
    };
    for (name, text) in &plan.files {
        if let Err(e) = std::fs::write(folder.path().join(name), text) {
            return refuse(StatusCode::INTERNAL_SERVER_ERROR, format_args!("writing the job's {name}: {e}"));
        }
    }
    let mut command = tokio::process::Command::new(&server.exe);
    command
        .args(&plan.args)
        .current_dir(folder.path())
        .stdin(if plan.stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    #[cfg(target_os = "linux")]
    // SAFETY: between fork and exec only prctl, which is async-signal-safe, is called.
    unsafe {
        // The job dies with the server, even when the server is killed outright (its
        // spawning thread is a runtime worker, alive as long as the server).
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    let mut child = match command.spawn() {
        Ok(c) => c,
        Err(e) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, format_args!("starting the job: {e}")),
    };
    server.running.fetch_add(1, Ordering::SeqCst);
    if let (Some(text), Some(mut stdin)) = (plan.stdin, child.stdin.take()) {
        // Written on its own task: the child may answer before reading all of it.
        tokio::spawn(async move {
            let _ = stdin.write_all(text.as_bytes()).await;
        });
    }
    let stdout = child.stdout.take();
    let stderr = child.stderr.take().map(|e| BufReader::new(e).lines());
    let mut job = Job { child: Some(child), stdout, stderr, folder, running: server.running.clone(), _permit: permit, exited: false };
    let started = Instant::now();
    // Wait for the first answer bytes, the exit, or FIRST_WAIT, keeping stderr lines.
    let mut early = Vec::new();
    let deadline = tokio::time::Instant::now() + FIRST_WAIT;
    loop {
        match tokio::time::timeout_at(deadline, job.next()).await {
            Err(_) => break,
            Ok(Out::Stderr(line)) => early.push(Out::Stderr(line)),
            Ok(Out::Exit(Some(2))) => {
                let message = early.iter().rev().find_map(|o| if let Out::Stderr(l) = o { message_of(l) } else { None });
                return super::bad_request(message.unwrap_or_else(|| "bad input".into()), inline);
            }
            Ok(out) => {
                early.push(out);
                break;
            }
        }
    }
    let (tx, rx) = mpsc::channel::<Result<Bytes, std::io::Error>>(64);
    let time_limit = Duration::from_secs_f64(server.job_time_limit);
    let (svg, json) = (plan.svg, plan.json);
    tokio::spawn(async move { pump(job, early, tx, started, time_limit, svg, json).await });
    let mut response = Body::from_stream(tokio_stream::wrappers::ReceiverStream::new(rx)).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    response
}

/// One event as a line of the response.
fn line(event: &Value) -> Result<Bytes, std::io::Error> {
    Ok(Bytes::from(event.to_string() + "\n"))
}

/// Streams the job's events to `tx` until the process ends, the client goes away (the
/// receiver is dropped: the job is killed), or the job's time runs out.
async fn pump(
    mut job: Job,
    early: Vec<Out>,
    tx: mpsc::Sender<Result<Bytes, std::io::Error>>,
    started: Instant,
    time_limit: Duration,
    svg: bool,
    json: bool,
) {
    let mut splitter = Splitter::default();
    let mut last_error: Option<String> = None;
    let mut items = Vec::new();
    let mut count = 0u64;
    // The first progress event after TICK: a job quicker than that sends none.
    let mut ticker = tokio::time::interval_at(tokio::time::Instant::now() + TICK, TICK);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let deadline = tokio::time::Instant::from_std(started + time_limit);
    let mut pending = early.into_iter();
    loop {
        let out = match pending.next() {
            Some(out) => out,
            None => tokio::select! {
                out = job.next() => out,
                _ = tx.closed() => return,
                _ = ticker.tick() => {
                    let event = json!({ "event": "progress", "seconds": started.elapsed().as_secs_f64(), "items": count });
                    if tx.send(line(&event)).await.is_err() {
                        return;
                    }
                    continue;
                }
                _ = tokio::time::sleep_until(deadline) => {
                    let event = json!({ "event": "error", "status": 3, "message": format!("the job's time limit of {} s ran out", time_limit.as_secs_f64()) });
                    let _ = tx.send(line(&event)).await;
                    return;
                }
            },
        };
        match out {
            Out::Stdout(bytes) => {
                if !json {
                    splitter.envelope.extend_from_slice(&bytes);
                    if splitter.envelope.len() > MAX_ENVELOPE {
                        splitter.overflow = true;
                        splitter.envelope.clear();
                    }
                    continue;
                }
                splitter.feed(&bytes, &mut items);
                for value in items.drain(..) {
                    let event = json!({ "event": "item", "key": splitter.key, "index": count, "value": value });
                    count += 1;
                    if tx.send(line(&event)).await.is_err() {
                        return;
                    }
                }
            }
            Out::Stderr(text) => {
                let event = json!({ "event": "log", "text": text });
                if let Some(message) = message_of(&text) {
                    last_error = Some(message);
                }
                if tx.send(line(&event)).await.is_err() {
                    return;
                }
            }
            Out::Exit(code) => {
                let code = code.unwrap_or(1);
                if code == 0 && svg {
                    if let Ok(picture) = std::fs::read_to_string(job.folder.path().join("answer.svg")) {
                        let _ = tx.send(line(&json!({ "event": "svg", "svg": picture }))).await;
                    }
                }
                if code == 0 {
                    if let Some(event) = std::mem::take(&mut splitter).finish() {
                        let _ = tx.send(line(&event)).await;
                    }
                } else {
                    let message = last_error.take().unwrap_or_else(|| format!("the job ended with exit status {code}"));
                    let _ = tx.send(line(&json!({ "event": "error", "status": code, "message": message }))).await;
                }
                let _ = tx.send(line(&json!({ "event": "end", "status": code, "seconds": started.elapsed().as_secs_f64() }))).await;
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(document: &str, piece: usize) -> (Vec<Value>, Option<Value>) {
        let mut s = Splitter::default();
        let mut items = Vec::new();
        for chunk in document.as_bytes().chunks(piece) {
            s.feed(chunk, &mut items);
        }
        (items, s.finish())
    }

    #[test]
    fn lists_are_split_into_items_whatever_the_pieces() {
        let doc = r#"{"schema":"gridlock-answer/1","command":"xc","solutions":[["a b","c"],["x \"]\",y"]],"verdict":"solved","stats":{"seconds":0.1}}"#;
        for piece in [1, 2, 3, 7, 1000] {
            let (items, end) = split(doc, piece);
            assert_eq!(items, vec![json!(["a b", "c"]), json!(["x \"]\",y"])], "pieces of {piece}");
            let end = end.unwrap();
            assert_eq!(end["streamed"], json!({"key": "solutions", "items": 2}));
            assert_eq!(end["answer"]["verdict"], "solved");
            assert!(end["answer"].get("solutions").is_none());
        }
    }

    #[test]
    fn other_arrays_stay_in_the_answer() {
        let doc = r#"{"schema":"gridlock-answer/1","command":"pack","verdict":"solved","board":["AB","AB"],"pieces":{"A":[[0,0],[1,0]]},"note":"solutions","stats":{}}"#;
        let (items, end) = split(doc, 5);
        assert!(items.is_empty());
        let end = end.unwrap();
        assert_eq!(end["answer"]["board"], json!(["AB", "AB"]));
        assert!(end.get("streamed").is_none());
        let (items, end) = split(r#"{"schema":"gridlock-answer/1","solutions":[],"verdict":"no_solution"}"#, 3);
        assert!(items.is_empty());
        assert_eq!(end.unwrap()["streamed"]["items"], 0);
        assert!(split("", 3).1.is_none());
        assert_eq!(split("p cover\n", 3).1.unwrap()["event"], "output");
    }
}
