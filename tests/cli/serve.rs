//! `gridlock serve` on a real port: the API's answers equal the command line's, its
//! events parse, a client that goes away leaves no search running, and every refusal has
//! its status (docs/serve.md). A plain HTTP/1.1 client on `TcpStream`, so that every
//! header (Host, Origin) is exactly what the test says.

use assert_cmd::cargo::CommandCargoExt;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server on a free port, killed when dropped.
struct Server {
    child: Child,
    port: u16,
    /// The address the server printed.
    url: String,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::cargo_bin("gridlock")
            .unwrap()
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let port = line.trim().trim_end_matches('/').rsplit(':').next().unwrap().parse().unwrap();
        let url = line.trim().trim_start_matches("gridlock serve: ").to_string();
        Server { child, port, url }
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// The job processes the server runs now: its children (from /proc) that have not
    /// ended (a zombie has ended: it searches no more).
    fn children(&self) -> Vec<u32> {
        let mut pids = Vec::new();
        let tasks = std::fs::read_dir(format!("/proc/{}/task", self.child.id())).unwrap();
        for task in tasks.flatten() {
            let text = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            pids.extend(text.split_whitespace().map(|p| p.parse::<u32>().unwrap()));
        }
        pids.retain(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let state = stat.rsplit(')').next().unwrap_or("").trim_start().chars().next();
            !matches!(state, None | Some('Z') | Some('X'))
        });
        pids
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response: status, headers (lowercase names) and the body, de-chunked.
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Response {
    fn text(&self) -> String {
        String::from_utf8(self.body.clone()).unwrap()
    }

    fn events(&self) -> Vec<Value> {
        self.text().lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn error(&self) -> String {
        let v: Value = serde_json::from_slice(&self.body).unwrap();
        v["error"].as_str().unwrap().to_string()
    }
}

fn send(port: u16, head: &str, body: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    // A server that refuses a body may stop reading it: the response still comes.
    let _ = stream.write_all(body);
    stream
}

fn read_response(stream: TcpStream) -> Response {
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    reader.read_line(&mut status_line).unwrap();
    let status = status_line.split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':').unwrap();
        headers.push((name.to_ascii_lowercase(), value.trim().to_string()));
    }
    let chunked = headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let mut body = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).unwrap();
            let n = usize::from_str_radix(size.trim(), 16).unwrap();
            let mut chunk = vec![0; n + 2];
            reader.read_exact(&mut chunk).unwrap();
            body.extend_from_slice(&chunk[..n]);
            if n == 0 {
                break;
            }
        }
    } else {
        reader.read_to_end(&mut body).unwrap();
    }
    Response { status, headers, body }
}

/// POSTs `body` to `path` with the server's own Host and `extra` header lines.
fn post_with(server: &Server, path: &str, body: &str, extra: &str) -> Response {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n",
        server.host(),
        body.len()
    );
    read_response(send(server.port, &head, body.as_bytes()))
}

fn post(server: &Server, path: &str, body: &str) -> Response {
    post_with(server, path, body, "")
}

fn get(server: &Server, path: &str, host: &str) -> Response {
    let head = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    read_response(send(server.port, &head, b""))
}

/// The `answer` event of a response (after checking that the events end with `end`
/// status 0).
fn answer(response: &Response) -> Value {
    assert_eq!(response.status, 200, "{}", response.text());
    let events = response.events();
    let end = events.last().unwrap();
    assert_eq!(end["event"], "end");
    assert_eq!(end["status"], 0, "{}", response.text());
    events.into_iter().find(|e| e["event"] == "answer").expect("an answer event")
}

fn cli(args: &[&str]) -> Value {
    let out = Command::cargo_bin("gridlock").unwrap().args(args).args(["--format", "json"]).output().unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The address printed (and opened with --open) is the one bound, whatever --host says
/// (issue 54, item 6: it printed 127.0.0.1 for every host).
#[test]
fn the_printed_address_is_the_one_bound() {
    let server = Server::start(&[]);
    assert_eq!(server.url, format!("http://127.0.0.1:{}/", server.port));
    let server = Server::start(&["--host", "127.0.0.2"]);
    assert_eq!(server.url, format!("http://127.0.0.2:{}/", server.port));
    let host = format!("127.0.0.2:{}", server.port);
    let mut stream = TcpStream::connect(host.as_str()).unwrap();
    stream.write_all(format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes()).unwrap();
    assert_eq!(read_response(stream).status, 200);
    // IPv6 in brackets, where this machine has an IPv6 loopback.
    if std::net::TcpListener::bind("[::1]:0").is_ok() {
        let server = Server::start(&["--host", "::1"]);
        assert_eq!(server.url, format!("http://[::1]:{}/", server.port));
    }
}

#[test]
fn counts_equal_the_command_lines() {
    let server = Server::start(&[]);
    for (body, args, expected) in [
        (
            r#"{"rect":"6x10","pieces":"pentominoes","count":true}"#,
            vec!["pack", "--rect", "6x10", "--pieces", "pentominoes", "--count"],
            9356,
        ),
        (
            r#"{"rect":"6x10","pieces":"pentominoes","count":true,"unique":true}"#,
            vec!["pack", "--rect", "6x10", "--pieces", "pentominoes", "--count", "--unique"],
            2339,
        ),
        (r#"{"box":"3x3x3","pieces":"soma","count":true}"#, vec!["pack", "--box", "3x3x3", "--pieces", "soma", "--count"], 11520),
    ] {
        let event = answer(&post(&server, "/api/pack", body));
        assert_eq!(event["answer"]["count"], expected, "{body}");
        assert_eq!(event["answer"]["count"], cli(&args)["count"], "{body}");
        assert_eq!(event["answer"]["schema"], "gridlock-answer/1");
    }
    // A file flag takes the file's text; the positional input is "input".
    let board = std::fs::read_to_string("examples/pack/scott-8x8.txt").unwrap();
    let body = serde_json::json!({ "board": board, "pieces": "pentominoes", "count": true }).to_string();
    let event = answer(&post(&server, "/api/pack", &body));
    let expected = cli(&["pack", "--board", "examples/pack/scott-8x8.txt", "--pieces", "pentominoes", "--count"]);
    assert_eq!(event["answer"]["count"], expected["count"]);
    let body = serde_json::json!({ "input": "| queens 4\nr0 r1 c0 c1\nr0 c0\nr0 c1\nr1 c0\nr1 c1\n", "count": true }).to_string();
    let event = answer(&post(&server, "/api/xc", &body));
    assert_eq!(event["answer"]["count"], 2);
}

#[test]
fn streamed_events_parse_and_list_every_solution() {
    let server = Server::start(&[]);
    let response = post(&server, "/api/pack", r#"{"rect":"3x20","pieces":"pentominoes","all":true}"#);
    assert_eq!(response.header("content-type"), Some("application/x-ndjson"));
    let events = response.events();
    let items: Vec<&Value> = events.iter().filter(|e| e["event"] == "item").collect();
    let listed = cli(&["pack", "--rect", "3x20", "--pieces", "pentominoes", "--all"]);
    let solutions = listed["solutions"].as_array().unwrap();
    assert_eq!(items.len(), solutions.len());
    assert_eq!(items.len(), 8, "3x20 pentomino packings: 2 up to symmetry, 8 in all");
    for (k, (item, solution)) in items.iter().zip(solutions).enumerate() {
        assert_eq!(item["index"], k);
        assert_eq!(item["key"], "solutions");
        assert_eq!(&item["value"], solution);
    }
    let answer = events.iter().find(|e| e["event"] == "answer").unwrap();
    assert_eq!(answer["streamed"], serde_json::json!({"key": "solutions", "items": 8}));
    assert_eq!(answer["answer"]["verdict"], "solved");
    // The picture comes as its own event, drawn by the command's renderer.
    let response = post(&server, "/api/pack", r#"{"rect":"3x20","pieces":"pentominoes","svg":true}"#);
    let svg = response.events().into_iter().find(|e| e["event"] == "svg").expect("an svg event");
    assert!(svg["svg"].as_str().unwrap().starts_with("<svg"));
}

#[test]
fn a_client_that_goes_away_leaves_no_search_running() {
    let server = Server::start(&[]);
    // The Tetris cube's count takes about 20 s.
    let body = r#"{"box":"4x4x4","pieces":"tetris-cube","count":true}"#;
    let head = format!(
        "POST /api/pack HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        server.host(),
        body.len()
    );
    let stream = send(server.port, &head, body.as_bytes());
    let mut reader = BufReader::new(stream);
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(first.contains(" 200 "), "{first}");
    // Read up to the first progress event: the job runs.
    let mut line = String::new();
    while !line.contains("\"progress\"") {
        line.clear();
        reader.read_line(&mut line).unwrap();
    }
    assert_eq!(server.children().len(), 1, "the job's process runs");
    let jobs: Value = serde_json::from_slice(&get(&server, "/api/jobs", &server.host()).body).unwrap();
    assert_eq!(jobs["running"], 1);
    drop(reader);
    let gone = Instant::now();
    while !server.children().is_empty() {
        assert!(gone.elapsed() < Duration::from_secs(1), "the job still runs {:?} after the client left", gone.elapsed());
        std::thread::sleep(Duration::from_millis(20));
    }
    // The job's slot is free again.
    let deadline = Instant::now() + Duration::from_secs(1);
    loop {
        let jobs: Value = serde_json::from_slice(&get(&server, "/api/jobs", &server.host()).body).unwrap();
        if jobs["running"] == 0 {
            break;
        }
        assert!(Instant::now() < deadline, "the job is still counted as running");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn refusals_have_their_status() {
    let server = Server::start(&["--jobs", "1"]);
    // DNS rebinding: another name for this address.
    let r = get(&server, "/api/sets", &format!("rebind.example:{}", server.port));
    assert_eq!(r.status, 403);
    assert!(r.error().contains("not this server's"), "{}", r.error());
    assert_eq!(get(&server, "/", &format!("localhost:{}", server.port)).status, 200);
    // Values the command refuses: 400 with the command's own message, not the parser's
    // last line (issue 54, item 13).
    for (body, says) in [
        (r#"{"rect":"2x2","pieces":"dominoes","limit":2.5}"#, "--limit"),
        (r#"{"rect":"2x2","pieces":"dominoes","count":true,"threads":99}"#, "--threads"),
        (r#"{"rect":"2x2","pieces":"dominoes","copies":"x"}"#, "--copies"),
        (r#"{"rect":"2x2","pieces":"dominoes","count":true,"all":true}"#, "cannot be used with"),
        (r#"{"rect":"2x2","pieces":"dominoes","time_limit":0}"#, "--time-limit"),
    ] {
        let r = post(&server, "/api/pack", body);
        assert_eq!(r.status, 400, "{body}");
        let e = r.error();
        assert!(e.contains(says) && !e.contains("try '--help'"), "{body}: {e}");
    }
    // A cross-origin POST.
    let r = post_with(&server, "/api/pack", r#"{"rect":"6x10","pieces":"pentominoes"}"#, "Origin: http://evil.example\r\n");
    assert_eq!(r.status, 403);
    let r = post_with(&server, "/api/pack", r#"{"rect":"6x10","pieces":"pentominoes"}"#, "Sec-Fetch-Site: cross-site\r\n");
    assert_eq!(r.status, 403);
    let own = format!("Origin: http://{}\r\n", server.host());
    assert_eq!(post_with(&server, "/api/pack", r#"{"rect":"6x10","pieces":"pentominoes"}"#, &own).status, 200);
    // A body over 1 MiB.
    let big = format!("{{\"input\":\"{}\"}}", "x".repeat(1 << 20));
    let r = post(&server, "/api/xc", &big);
    assert_eq!(r.status, 413);
    assert!(r.error().contains("over 1048576 bytes"), "{}", r.error());
    // Every refusal is {"error": ...} (issue 54, item 14): a wrong method too, and a
    // declared length past the limit is refused at once, without waiting for the body.
    let r = get(&server, "/api/pack", &server.host());
    assert_eq!(r.status, 405);
    assert!(!r.error().is_empty());
    let head = format!(
        "POST /api/pack HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\nConnection: close\r\n\r\n",
        server.host()
    );
    let stream = send(server.port, &head, b"{}");
    stream.set_read_timeout(Some(std::time::Duration::from_secs(5))).unwrap();
    let r = read_response(stream);
    assert_eq!(r.status, 413);
    assert!(r.error().contains("over 1048576 bytes"), "{}", r.error());
    // Bad input: the CLI's one-line message, naming the line and column.
    let r = post(&server, "/api/pack", r#"{"board":"...\n.x.\n","pieces":"dominoes"}"#);
    assert_eq!(r.status, 400);
    assert_eq!(r.error(), "board: line 2, column 2: unexpected 'x'; use '.' for a cell, '#' or a space outside");
    let r = post(&server, "/api/pack", r#"{"rect":"2x2","pieces":"A\n#.#\n"}"#);
    assert_eq!(r.status, 400);
    assert_eq!(r.error(), "pieces: line 1: piece 'A' is not connected");
    let r = post(&server, "/api/pack", r#"{"rect":"2x2","pieces":"A\n#%\n"}"#);
    assert_eq!(r.status, 400);
    assert!(r.error().starts_with("pieces: line 2, column 2"), "{}", r.error());
    // The page's way: the same message as events, with status 200.
    let r = post(&server, "/api/pack?errors=inline", r#"{"board":"...\n.x.\n","pieces":"dominoes"}"#);
    assert_eq!(r.status, 200);
    let events = r.events();
    assert_eq!(events[0]["event"], "error");
    assert_eq!(events[0]["status"], 2);
    assert_eq!(events[0]["message"], "board: line 2, column 2: unexpected 'x'; use '.' for a cell, '#' or a space outside");
    assert_eq!(events[1]["event"], "end");
    let cli = Command::cargo_bin("gridlock")
        .unwrap()
        .args(["pack", "--board", "/dev/stdin", "--pieces", "dominoes"])
        .write_stdin_text("...\n.x.\n");
    assert!(cli.contains("line 2, column 2: unexpected 'x'"), "{cli}");
    // Flags that write files, unknown flags and commands, a body that is not JSON.
    for body in [r#"{"rect":"2x2","pieces":"dominoes","svg":"out.svg"}"#, r#"{"rect":"2x2","pieces":"dominoes","colour":1}"#, "[1]", "{"] {
        assert_eq!(post(&server, "/api/pack", body).status, 400, "{body}");
    }
    assert_eq!(post(&server, "/api/burr", r#"{"input":"<puzzle/>","write-xmpuzzle":"out.xmpuzzle"}"#).status, 400);
    assert_eq!(post(&server, "/api/check", "{}").status, 404);
    let head = format!(
        "POST /api/pack HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n",
        server.host()
    );
    assert_eq!(read_response(send(server.port, &head, b"{}")).status, 415);
    // More jobs than --jobs: 503 while the first runs.
    let body = r#"{"box":"4x4x4","pieces":"tetris-cube","count":true}"#;
    let head = format!(
        "POST /api/pack HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        server.host(),
        body.len()
    );
    let mut long = BufReader::new(send(server.port, &head, body.as_bytes()));
    let mut status = String::new();
    long.read_line(&mut status).unwrap();
    assert!(status.contains(" 200 "), "{status}");
    let r = post(&server, "/api/pack", r#"{"rect":"6x10","pieces":"pentominoes","count":true}"#);
    assert_eq!(r.status, 503);
    drop(long);
}

/// Runs a command with `text` on stdin and returns its stderr.
trait WriteStdinText {
    fn write_stdin_text(self, text: &str) -> String;
}

impl WriteStdinText for &mut Command {
    fn write_stdin_text(self, text: &str) -> String {
        let mut child = self.stdin(Stdio::piped()).stderr(Stdio::piped()).stdout(Stdio::null()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        String::from_utf8(out.stderr).unwrap()
    }
}

#[test]
fn a_job_past_its_time_gets_an_error_event() {
    let server = Server::start(&["--job-time-limit", "0.5"]);
    let r = post(&server, "/api/pack", r#"{"box":"4x4x4","pieces":"tetris-cube","count":true}"#);
    assert_eq!(r.status, 200);
    let events = r.events();
    let error = events.iter().find(|e| e["event"] == "error").expect("an error event");
    assert_eq!(error["status"], 3, "{error}");
    assert!(events.iter().all(|e| e["event"] != "answer"));
}

#[test]
fn sets_and_pictures() {
    let server = Server::start(&[]);
    let sets: Value = serde_json::from_slice(&get(&server, "/api/sets", &server.host()).body).unwrap();
    let sets = sets["sets"].as_array().unwrap();
    let pentominoes = sets.iter().find(|s| s["name"] == "pentominoes").unwrap();
    assert_eq!(pentominoes["lattice"], "square");
    assert_eq!(pentominoes["pieces"].as_array().unwrap().len(), 12);
    let soma = sets.iter().find(|s| s["name"] == "soma").unwrap();
    let cells: usize = soma["pieces"].as_array().unwrap().iter().map(|p| p["cells"].as_array().unwrap().len()).sum();
    assert_eq!(cells, 27);
    let r = post(
        &server,
        "/api/draw",
        r#"{"lattice":"square","tiles":[{"piece":"A","cells":[[0,0],[0,1]]},{"piece":"B","cells":[[1,0],[1,1]]}]}"#,
    );
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("image/svg+xml"));
    assert_eq!(r.text().matches("<polygon").count(), 4);
    // A field the picture does not have, or of the wrong type, is named (issue 54, item
    // 18: it said "nothing to draw").
    for (body, says) in [
        (r#"{"cells":"x"}"#, r#"no field "cells""#),
        (r#"{"board":3}"#, r#""board" is a board drawing"#),
        (r#"{"tiles":{"piece":"A"}}"#, r#""tiles" is a list"#),
        (r#"{"tiles":[{"piece":"A","cells":"x"}]}"#, "tile 1: a tile is"),
    ] {
        let r = post(&server, "/api/draw", body);
        assert_eq!(r.status, 400, "{body}");
        assert!(r.error().contains(says), "{body}: {}", r.error());
    }
    let r = post(&server, "/api/draw", r#"{"lattice":"hexagonal","board":"lattice: hexagonal\n . .\n. x\n"}"#);
    assert_eq!(r.status, 400);
    assert!(r.error().starts_with("board: line 3"), "{}", r.error());
    let page = get(&server, "/", &server.host());
    assert!(page.text().contains("id=\"answer\""));
    assert_eq!(get(&server, "/app.js", &server.host()).header("content-type"), Some("text/javascript; charset=utf-8"));
}

/// A line of events with every `"seconds":NUMBER` set to 0 (times differ run to run).
fn timeless(line: &str) -> Value {
    fn zero(v: &mut Value) {
        match v {
            Value::Object(m) => {
                for (k, x) in m.iter_mut() {
                    if k == "seconds" {
                        *x = Value::from(0);
                    } else {
                        zero(x);
                    }
                }
            }
            Value::Array(a) => a.iter_mut().for_each(zero),
            _ => {}
        }
    }
    let mut v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    zero(&mut v);
    v
}

#[test]
fn the_documented_examples_run() {
    let server = Server::start(&[]);
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/serve.md")).unwrap();
    let mut examples = 0;
    for block in page.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let (command, expected) = block.split_once('\n').unwrap();
        assert!(command.starts_with("$ curl -s -H 'Content-Type: application/json' -d '"), "{command}");
        let rest = command.split_once(" -d '").unwrap().1;
        let (body, url) = rest.split_once("' ").unwrap();
        let path = url.trim().strip_prefix("http://127.0.0.1:7878").expect("the documented address");
        let response = post(&server, path, body);
        let got: Vec<Value> = response.text().lines().map(timeless).filter(|e| e["event"] != "progress").collect();
        let want: Vec<Value> = expected.lines().map(timeless).collect();
        assert_eq!(got, want, "{command}");
        examples += 1;
    }
    assert_eq!(examples, 5, "the page's examples were found");
}
