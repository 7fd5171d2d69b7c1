#![no_main]
//! Fuzz target: the bodies of `gridlock serve`'s API. The fuzzer's bytes are read as a
//! JSON request body (as the server reads it) and, when they are an object, planned by
//! the server's own planner (`src/cmd/serve/plan.rs`, compiled here as it is) for a
//! command with a flag of every kind, an input and `--format`. Never a panic; a refusal
//! is one line naming the key; a plan is the command and its own flags (`--format=json`,
//! the picture's file and the time limit added), the time limit never past the server's,
//! no file-writing flag but the picture's, every file it asks for named after its flag.
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeMap;

#[path = "../../src/cmd/serve/plan.rs"]
mod plan;

use plan::{Kind, Spec};

fuzz_target!(|data: &[u8]| {
    let Ok(serde_json::Value::Object(request)) = serde_json::from_slice::<serde_json::Value>(data) else { return };
    let flags: BTreeMap<String, Kind> = [
        ("count", Kind::Switch),
        ("all", Kind::Switch),
        ("emit-knuth", Kind::Switch),
        ("limit", Kind::Value),
        ("time-limit", Kind::Value),
        ("board", Kind::File),
        ("pieces", Kind::SetOrFile),
        ("svg", Kind::File),
        ("checkpoint", Kind::File),
        ("format", Kind::Value),
    ]
    .into_iter()
    .map(|(f, k)| (f.to_string(), k))
    .collect();
    let spec = Spec { flags, has_input: true, has_format: true };
    match plan::plan("job", &spec, &request, 60.0) {
        Err(message) => {
            assert!(!message.is_empty() && !message.contains('\n'), "{message:?}");
            assert!(message.starts_with('"'), "names the key: {message}");
        }
        Ok(p) => {
            assert_eq!(p.args[0], "job");
            for arg in &p.args[1..] {
                let flag = arg.strip_prefix("--").unwrap_or_else(|| panic!("{arg}: not a flag"));
                let name = flag.split('=').next().unwrap();
                assert!(spec.flags.contains_key(name), "--{name} is no flag of the command");
                assert!(!plan::WRITES.contains(&name) || arg == "--svg=answer.svg", "{arg}");
                if let Some(limit) = arg.strip_prefix("--time-limit=") {
                    let asked: f64 = limit.parse().expect("a number");
                    assert!(asked <= 60.0, "{arg}");
                }
            }
            for (name, _) in &p.files {
                assert!(p.args.contains(&format!("--{name}={name}")), "the file {name} is not on the command line");
            }
            assert_eq!(p.json, p.args.iter().any(|a| a == "--format=json"));
        }
    }
});
