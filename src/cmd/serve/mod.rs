//! `gridlock serve`: a local web page and an HTTP API over the same commands.
//!
//! `POST /api/<command>` takes a JSON object whose keys are the command's long flag names
//! and answers with newline-delimited JSON events (docs/serve.md). Each job is the
//! `gridlock` binary itself, run as a child process with those flags and `--format json`:
//! the answer is byte for byte the command line's, a job is stopped by killing its
//! process (when the client goes away, presses Stop, or the job's time runs out), and no
//! search ever runs on the server's async threads. The page (HTML, CSS, JavaScript) is
//! embedded in the binary.
//!
//! Safety on a shared machine: the server listens on 127.0.0.1 unless `--host` says
//! otherwise; requests whose `Host` is not one of the server's own names are refused
//! (DNS rebinding), as are cross-origin POSTs; bodies over 1 MiB get 413; at most
//! `--jobs` jobs run at once (more get 503).

mod events;
pub(crate) mod plan;

use plan::{plan, Kind, Spec, RESERVED};

use crate::output::{self, bad, Outcome};
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path as UrlPath, RawQuery, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// Arguments of `gridlock serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (0: any free port; the address is printed on stdout).
    #[arg(long, default_value_t = 7878)]
    port: u16,
    /// The address to listen on. Anything but a loopback address makes the page reachable
    /// from other machines.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the page in the desktop's browser (xdg-open) once the server listens.
    #[arg(long)]
    open: bool,
    /// At most N jobs run at once; a request past them gets 503 (1 to 64).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: u64,
    /// Every job stops after SECONDS (its client gets an error event).
    #[arg(long, default_value_t = 600.0, value_name = "SECONDS", value_parser = crate::args::parse_seconds)]
    job_time_limit: f64,
}

/// The largest request body, in bytes.
pub const MAX_BODY: usize = 1 << 20;

/// The commands the API does not run: `check` compares files, `serve` is this server.
/// Every other command of the binary, today's and later ones, is in the API.
const NOT_IN_API: &[&str] = &["check", "serve", "help"];

/// Reads the API's commands off the command line's own definition, so that the API
/// follows every flag added to the CLI. The commands' arguments are added when the
/// command is built (`main.rs` defers them), so `cli` is built here first.
fn specs(mut cli: clap::Command) -> BTreeMap<String, Spec> {
    cli.build();
    let mut specs = BTreeMap::new();
    for sub in cli.get_subcommands() {
        let name = sub.get_name();
        if NOT_IN_API.contains(&name) {
            continue;
        }
        let mut flags = BTreeMap::new();
        let mut has_input = false;
        for arg in sub.get_arguments() {
            if arg.is_positional() {
                has_input = true;
                continue;
            }
            let Some(long) = arg.get_long() else { continue };
            let kind = if !arg.get_action().takes_values() {
                Kind::Switch
            } else {
                let names: Vec<String> = arg.get_value_names().unwrap_or_default().iter().map(|s| s.to_string()).collect();
                match names.first().map(String::as_str) {
                    Some(n) if n.contains("SET") && n.contains("FILE") => Kind::SetOrFile,
                    Some(n) if n.contains("FILE") => Kind::File,
                    _ => Kind::Value,
                }
            };
            flags.insert(long.to_string(), kind);
        }
        let has_format = flags.contains_key("format");
        specs.insert(name.to_string(), Spec { flags, has_input, has_format });
    }
    specs
}

/// What every request handler shares.
struct Server {
    /// This very binary, run for every job.
    exe: PathBuf,
    specs: BTreeMap<String, Spec>,
    /// The `Host` header values accepted (lowercase, with the port).
    hosts: Vec<String>,
    /// Whether any IP literal is accepted as `Host` (when listening beyond loopback).
    any_ip: bool,
    port: u16,
    jobs: Arc<Semaphore>,
    running: Arc<AtomicUsize>,
    job_time_limit: f64,
}

/// A refusal: the status and a one-line message, as `{"error": message}`.
fn refuse(status: StatusCode, message: impl std::fmt::Display) -> Response {
    let body = json!({ "error": message.to_string() }).to_string() + "\n";
    (status, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}

/// Runs `gridlock serve`.
pub fn run(args: &Args, cli: clap::Command) -> Outcome {
    let exe = std::env::current_exe().map_err(|e| bad(format_args!("serve: cannot find the gridlock binary to run jobs: {e}")))?;
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().map_err(|e| bad(format_args!("serve: {e}")))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(args.host, args.port))
            .await
            .map_err(|e| bad(format_args!("serve: cannot listen on {}: {e}", SocketAddr::new(args.host, args.port))))?;
        let addr = listener.local_addr().map_err(|e| bad(format_args!("serve: {e}")))?;
        let port = addr.port();
        let mut hosts = vec![format!("localhost:{port}"), format!("{addr}")];
        if args.host.is_loopback() {
            hosts.push(format!("127.0.0.1:{port}"));
            hosts.push(format!("[::1]:{port}"));
        } else if let Ok(name) = std::fs::read_to_string("/proc/sys/kernel/hostname") {
            hosts.push(format!("{}:{port}", name.trim().to_ascii_lowercase()));
        }
        let server = Arc::new(Server {
            exe,
            specs: specs(cli),
            hosts,
            any_ip: !args.host.is_loopback(),
            port,
            jobs: Arc::new(Semaphore::new(args.jobs as usize)),
            running: Arc::new(AtomicUsize::new(0)),
            job_time_limit: args.job_time_limit,
        });
        let app = Router::new()
            .route("/", get(page::index))
            .route("/app.js", get(page::script))
            .route("/style.css", get(page::style))
            .route("/api/sets", get(page::sets))
            .route("/api/commands", get(commands))
            .route("/api/jobs", get(jobs))
            .route("/api/draw", post(page::draw))
            .route("/api/{command}", post(api))
            .layer(DefaultBodyLimit::max(MAX_BODY))
            .layer(middleware::from_fn_with_state(server.clone(), guard))
            .with_state(server);
        // The address bound (an IPv6 one in brackets), which the Host check accepts.
        let url = format!("http://{addr}/");
        output::emit(format!("gridlock serve: {url}\n").as_bytes())?;
        output::flush()?;
        if args.open {
            if let Err(e) = std::process::Command::new("xdg-open").arg(&url).spawn() {
                eprintln!("gridlock serve: could not open a browser (xdg-open: {e}); open {url}");
            }
        }
        axum::serve(listener, app).await.map_err(|e| bad(format_args!("serve: {e}")))?;
        Ok(())
    })
}

/// Refuses requests for another host (DNS rebinding) and cross-origin POSTs, before any
/// handler runs.
async fn guard(State(server): State<Arc<Server>>, request: Request, next: Next) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("").to_ascii_lowercase();
    if !server.host_allowed(&host) {
        return refuse(StatusCode::FORBIDDEN, format_args!("Host {host:?} is not this server's; refused"));
    }
    if request.method() == Method::POST {
        if let Some(origin) = request.headers().get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("").to_ascii_lowercase();
            if origin != format!("http://{host}") {
                return refuse(StatusCode::FORBIDDEN, format_args!("cross-origin request from {origin:?}; refused"));
            }
        }
        if request.headers().get("sec-fetch-site").is_some_and(|s| s.as_bytes() == b"cross-site") {
            return refuse(StatusCode::FORBIDDEN, "cross-site request; refused");
        }
    }
    // A declared length past the limit is refused at once, before any byte of the body
    // is awaited (a client could declare gigabytes and send two bytes).
    let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return refuse(StatusCode::PAYLOAD_TOO_LARGE, format_args!("the request body is over {MAX_BODY} bytes"));
    }
    as_json_error(next.run(request).await).await
}

/// Every refusal as `{"error": ...}` (docs/serve.md): the responses of the router itself
/// (405 for a wrong method, 413 for a body past the limit, axum's plain-text rejections)
/// rewritten with their text, or the status's name when they have none.
async fn as_json_error(response: Response) -> Response {
    let (status, parts) = (response.status(), response.headers().get(header::CONTENT_TYPE).cloned());
    let is_json = parts.as_ref().and_then(|v| v.to_str().ok()).is_some_and(|t| t.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let text = axum::body::to_bytes(response.into_body(), 64 << 10).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_string();
    let message = if text.is_empty() { status.canonical_reason().unwrap_or("refused").to_string() } else { text };
    refuse(status, message)
}

impl Server {
    /// Whether `host` (a `Host` header, lowercase) names this server: one of its names
    /// with its port, or, when it listens beyond loopback, any IP literal with its port
    /// (an IP literal cannot be rebound by DNS).
    fn host_allowed(&self, host: &str) -> bool {
        if self.hosts.iter().any(|h| h == host) {
            return true;
        }
        if self.any_ip {
            if let Ok(addr) = host.parse::<SocketAddr>() {
                return addr.port() == self.port;
            }
        }
        false
    }
}

/// `GET /api/commands`: every command of the API with its flags and their kinds.
async fn commands(State(server): State<Arc<Server>>) -> Response {
    let list: Map<String, Value> = server
        .specs
        .iter()
        .map(|(name, spec)| {
            let flags: Map<String, Value> = spec
                .flags
                .iter()
                .filter(|(f, _)| !RESERVED.contains(&f.as_str()))
                .map(|(f, k)| (f.clone(), json!(format!("{k:?}").to_lowercase())))
                .collect();
            (name.clone(), json!({ "flags": flags, "input": spec.has_input }))
        })
        .collect();
    axum::Json(json!({ "commands": list })).into_response()
}

/// `GET /api/jobs`: how many jobs run now.
async fn jobs(State(server): State<Arc<Server>>) -> Response {
    axum::Json(json!({ "running": server.running.load(Ordering::SeqCst) })).into_response()
}

/// A bad request: 400 with its one-line message, or, when the client asked for errors
/// inline (`?errors=inline`, what the page does), 200 with the `error` and `end` events
/// (status 2) that a later failure would give: so that a typo in a board is a message on
/// the page and not a failed request in the browser's console.
pub(crate) fn bad_request(message: impl std::fmt::Display, inline: bool) -> Response {
    if !inline {
        return refuse(StatusCode::BAD_REQUEST, message);
    }
    let body = format!(
        "{}\n{}\n",
        json!({ "event": "error", "status": 2, "message": message.to_string() }),
        json!({ "event": "end", "status": 2, "seconds": 0.0 })
    );
    (StatusCode::OK, [(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"))], body).into_response()
}

/// Whether the query asks for errors inline (`errors=inline`).
fn inline_errors(query: &Option<String>) -> bool {
    query.as_deref().is_some_and(|q| q.split('&').any(|kv| kv == "errors=inline"))
}

/// `POST /api/<command>`: runs the command and streams its answer as events.
async fn api(
    State(server): State<Arc<Server>>,
    UrlPath(command): UrlPath<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let inline = inline_errors(&query);
    let Some(spec) = server.specs.get(&command) else {
        let names: Vec<&str> = server.specs.keys().map(String::as_str).collect();
        return refuse(StatusCode::NOT_FOUND, format_args!("no command {command:?}; the API runs {}", names.join(", ")));
    };
    let json_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json")));
    if !json_type {
        return refuse(StatusCode::UNSUPPORTED_MEDIA_TYPE, "the request body is a JSON object (Content-Type: application/json)");
    }
    let request: Map<String, Value> = match serde_json::from_slice::<Value>(&body) {
        Ok(Value::Object(m)) => m,
        Ok(_) => return bad_request("the request body is a JSON object of flags", inline),
        Err(e) => return bad_request(format_args!("the request body: line {}, column {}: {e}", e.line(), e.column()), inline),
    };
    let plan = match plan(&command, spec, &request, server.job_time_limit) {
        Ok(p) => p,
        Err(message) => return bad_request(message, inline),
    };
    let Ok(permit) = server.jobs.clone().try_acquire_owned() else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "every job slot is busy; try again when a job ends");
    };
    events::start(&server, plan, permit, inline).await
}

pub(crate) mod page;

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn spec_of(command: &str) -> Spec {
        let cli = crate::Cli::command();
        specs(cli).remove(command).expect("a command of the API")
    }

    fn request(text: &str) -> Map<String, Value> {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn plans_follow_the_flags() {
        let spec = spec_of("pack");
        assert_eq!(spec.flags.get("board"), Some(&Kind::File));
        assert_eq!(spec.flags.get("pieces"), Some(&Kind::SetOrFile));
        assert_eq!(spec.flags.get("count"), Some(&Kind::Switch));
        assert_eq!(spec.flags.get("rect"), Some(&Kind::Value));
        let p = plan("pack", &spec, &request(r#"{"rect":"6x10","pieces":"pentominoes","count":true,"unique":false}"#), 60.0).unwrap();
        assert_eq!(p.args, ["pack", "--count", "--pieces=pentominoes", "--rect=6x10", "--format=json", "--time-limit=60"]);
        let p = plan("pack", &spec, &request(r#"{"board":"..\n..","pieces":"A\n##","time_limit":5}"#), 60.0).unwrap();
        assert_eq!(p.args, ["pack", "--board=board", "--pieces=pieces", "--format=json", "--time-limit=5"]);
        assert_eq!(p.files, [("board".to_string(), "..\n..".to_string()), ("pieces".to_string(), "A\n##".to_string())]);
    }

    #[test]
    fn plans_refuse_what_the_api_does_not_do() {
        let spec = spec_of("pack");
        for (body, word) in [
            (r#"{"svg":"out.svg"}"#, "writes no file"),
            (r#"{"checkpoint":"c.jsonl"}"#, "does not write files"),
            (r#"{"format":"text"}"#, "always answers in JSON"),
            (r#"{"colour":true}"#, "no flag --colour"),
            (r#"{"count":"yes"}"#, "is a switch"),
            (r#"{"rect":true}"#, "takes a value"),
            (r#"{"input":"x"}"#, "no flag --input"),
        ] {
            let e = plan("pack", &spec, &request(body), 60.0).unwrap_err();
            assert!(e.contains(word), "{body}: {e}");
        }
        let xc = spec_of("xc");
        assert!(xc.has_input);
        let p = plan("xc", &xc, &request(r#"{"input":"a b\na\nb\n","count":true}"#), 60.0).unwrap();
        assert_eq!(p.stdin.as_deref(), Some("a b\na\nb\n"));
        let e = plan("xc", &xc, &request(r#"{"zdd":"out"}"#), 60.0).unwrap_err();
        assert!(e.contains("does not write files"), "{e}");
    }

    /// Any JSON value, nested a little: the bodies a hostile client sends.
    fn any_value() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            any::<f64>().prop_filter("JSON numbers are finite", |x| x.is_finite()).prop_map(|x| json!(x)),
            prop_oneof![
                Just("pentominoes".to_string()),
                Just("6x10".to_string()),
                Just("1/2".to_string()),
                Just("a b\na\nb\n".to_string()),
                Just("-1".to_string()),
                Just("--count".to_string()),
                Just("=".to_string()),
                ".{0,12}",
            ]
            .prop_map(Value::String),
        ];
        leaf.prop_recursive(2, 8, 3, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..3).prop_map(Value::Array),
                proptest::collection::btree_map("[a-z_]{1,6}", inner, 0..3).prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
        /// Random request bodies for every command of the API (its own flags, the
        /// reserved and file-writing ones, and unknown keys, with values of every JSON
        /// type): the planner never panics; a refusal is one line naming the key; a plan
        /// is the command and its own flags only (`--format=json`, the picture's file and
        /// the time limit added by the server, never more than the server's limit), and
        /// the command line's parser takes it or refuses it, never panics.
        #[test]
        fn any_body_is_planned_or_refused_in_one_line(
            command in proptest::sample::select(vec!["beads", "burr", "laser", "mayan", "pack", "polyforms", "rectangles", "sat2", "sudoku", "twins", "xc"]),
            picks in proptest::collection::vec((0usize..1000, "[a-z_-]{1,10}", any_value()), 0..6),
        ) {
            let spec = spec_of(command);
            let flags: Vec<&String> = spec.flags.keys().collect();
            let mut request = Map::new();
            for (k, unknown, value) in picks {
                let key = match k % 4 {
                    0 => unknown,
                    1 => "input".to_string(),
                    _ => flags[k % flags.len()].replace('-', if k % 2 == 0 { "_" } else { "-" }),
                };
                request.insert(key, value);
            }
            match plan(command, &spec, &request, 60.0) {
                Err(message) => {
                    proptest::prop_assert!(!message.is_empty() && !message.contains('\n'), "{message:?}");
                    proptest::prop_assert!(message.starts_with('"'), "names the key: {message}");
                }
                Ok(p) => {
                    proptest::prop_assert_eq!(p.args[0].as_str(), command);
                    for arg in &p.args[1..] {
                        let flag = arg.strip_prefix("--").unwrap_or_else(|| panic!("{arg}: not a flag"));
                        let name = flag.split('=').next().unwrap();
                        proptest::prop_assert!(spec.flags.contains_key(name), "--{name} is not a flag of {command}");
                        proptest::prop_assert!(!plan::WRITES.contains(&name) || arg == "--svg=answer.svg", "{arg}");
                        if let Some(limit) = arg.strip_prefix("--time-limit=") {
                            let asked: f64 = limit.parse().unwrap();
                            proptest::prop_assert!(asked <= 60.0, "{arg}");
                        }
                    }
                    let mut line = vec!["gridlock".to_string()];
                    line.extend(p.args.iter().cloned());
                    // Taken or refused with clap's own message (what the API answers).
                    let _ = <crate::Cli as clap::Parser>::try_parse_from(&line);
                }
            }
        }
    }

    #[test]
    fn every_solving_command_is_in_the_api() {
        let specs = specs(crate::Cli::command());
        let names: Vec<&str> = specs.keys().map(String::as_str).collect();
        assert_eq!(names, ["beads", "burr", "laser", "mayan", "pack", "polyforms", "rectangles", "sat2", "sudoku", "twins", "xc"]);
    }

    #[test]
    fn hosts_are_the_servers_own() {
        let server = Server {
            exe: PathBuf::new(),
            specs: BTreeMap::new(),
            hosts: vec!["localhost:7878".into(), "127.0.0.1:7878".into()],
            any_ip: false,
            port: 7878,
            jobs: Arc::new(Semaphore::new(1)),
            running: Arc::new(AtomicUsize::new(0)),
            job_time_limit: 1.0,
        };
        assert!(server.host_allowed("localhost:7878"));
        assert!(server.host_allowed("127.0.0.1:7878"));
        assert!(!server.host_allowed("evil.example:7878"));
        assert!(!server.host_allowed("10.0.0.1:7878"));
        assert!(!server.host_allowed(""));
        let open = Server { any_ip: true, ..server };
        assert!(open.host_allowed("10.0.0.1:7878"));
        assert!(!open.host_allowed("10.0.0.1:80"));
        assert!(!open.host_allowed("evil.example:7878"));
    }
}
