//! The API's request planner: a request's JSON object turned into the command line of
//! one job (docs/serve.md), or a one-line reason to refuse it. Self-contained (serde_json
//! and polyform's set registry only), so that the fuzz target `api_bodies` compiles this
//! very file.

use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Flags that write files: refused by the API (`svg` is accepted as `true`, which puts
/// the picture in the stream).
pub const WRITES: &[&str] = &["svg", "checkpoint", "zdd", "emit-preprocessed", "write-xmpuzzle"];

/// Flags that do not belong in a request: the server sets the format, and the page has
/// no terminal for help.
pub const RESERVED: &[&str] = &["format", "help", "version"];

/// How a command's flag takes its value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A switch: `true` or `false`.
    Switch,
    /// A plain value (a number, a size, a name).
    Value,
    /// A file to read: the request gives the file's text.
    File,
    /// A built-in set's name, or a file's text (`--pieces SET|FILE`).
    SetOrFile,
}

/// A command as the API sees it: its flags by long name, and whether it reads an input
/// (the positional FILE, given as the key `input`).
#[derive(Debug)]
pub struct Spec {
    /// The flags by long name.
    pub flags: BTreeMap<String, Kind>,
    /// Whether the command reads an input (the key `input`).
    pub has_input: bool,
    /// Whether the command has `--format`.
    pub has_format: bool,
}

/// A job's command line, built from a request: the arguments, the files to write in the
/// job's folder, the text for standard input, and whether the picture is wanted.
#[derive(Debug, Default)]
pub struct Plan {
    /// The command and its flags.
    pub args: Vec<String>,
    /// The files to write in the job's folder: (name, text).
    pub files: Vec<(String, String)>,
    /// The text for standard input.
    pub stdin: Option<String>,
    /// Whether the picture is wanted.
    pub svg: bool,
    /// Whether the answer is JSON (`--format=json`).
    pub json: bool,
}

/// Turns the request's keys into the command's flags (docs/serve.md), or a one-line
/// reason to refuse it.
pub fn plan(command: &str, spec: &Spec, request: &Map<String, Value>, job_time_limit: f64) -> Result<Plan, String> {
    let mut plan = Plan { args: vec![command.to_string()], ..Plan::default() };
    let mut time_limit = job_time_limit;
    let mut text_output = false;
    for (key, value) in request {
        let flag = key.replace('_', "-");
        if flag == "input" && spec.has_input {
            match value {
                Value::String(s) => plan.stdin = Some(s.clone()),
                _ => return Err("\"input\" is the problem's text: a string".into()),
            }
            continue;
        }
        if RESERVED.contains(&flag.as_str()) {
            if flag == "format" && value == "json" {
                continue;
            }
            return Err(format!("{key:?}: the API always answers in JSON events (docs/serve.md)"));
        }
        let Some(&kind) = spec.flags.get(&flag) else {
            return Err(format!("{key:?}: {command} has no flag --{}", flag.escape_debug()));
        };
        if flag == "svg" {
            match value {
                Value::Bool(b) => {
                    plan.svg = *b;
                    continue;
                }
                _ => return Err("\"svg\": true puts the picture in the answer's events; the API writes no file".into()),
            }
        }
        if WRITES.contains(&flag.as_str()) {
            return Err(format!("{key:?}: --{flag} writes a file; the API does not write files"));
        }
        if flag == "emit-knuth" && value == &Value::Bool(true) {
            text_output = true;
        }
        let text = match value {
            Value::Null => continue,
            Value::Bool(b) if kind == Kind::Switch => {
                if *b {
                    plan.args.push(format!("--{flag}"));
                }
                continue;
            }
            Value::Bool(_) => return Err(format!("{key:?}: --{flag} takes a value, not true or false")),
            _ if kind == Kind::Switch => return Err(format!("{key:?}: --{flag} is a switch: true or false")),
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            _ => return Err(format!("{key:?}: a string, a number or a boolean")),
        };
        if flag == "time-limit" {
            let asked: f64 = text.parse().map_err(|_| format!("{key:?}: a number of seconds"))?;
            time_limit = time_limit.min(asked);
            continue;
        }
        let is_set = kind == Kind::SetOrFile && !text.contains('\n') && is_set_name(&text);
        if matches!(kind, Kind::File | Kind::SetOrFile) && !is_set {
            plan.args.push(format!("--{flag}={flag}"));
            plan.files.push((flag.clone(), text));
        } else {
            plan.args.push(format!("--{flag}={text}"));
        }
    }
    if spec.has_format && !text_output {
        plan.args.push("--format=json".into());
        plan.json = true;
    }
    if plan.svg {
        plan.args.push("--svg=answer.svg".into());
    }
    if spec.flags.contains_key("time-limit") {
        plan.args.push(format!("--time-limit={time_limit}"));
    }
    Ok(plan)
}

/// Whether `name` is one of the built-in piece sets (which `--pieces` takes by name).
pub fn is_set_name(name: &str) -> bool {
    polyform::sets::find(name).is_some()
}
