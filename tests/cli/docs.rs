//! The documentation runs as printed: every `console` block of README.md and of the pages
//! under docs/ is a list of `$ gridlock ARGS` lines, each followed by exactly what the
//! command prints on stdout. Each is run from the repository's root and its output
//! compared line by line, exactly but for blank lines at the end (which separate examples). `< FILE` after the arguments feeds FILE
//! on stdin; a `$` line that is not a gridlock command (`$ cat ...`) is refused, so a
//! page cannot show an example this test skips. docs/serve.md is the exception: its
//! `curl` examples need a running server, and `tests/cli/serve.rs` runs them against one.

use crate::common::gridlock;
use std::path::{Path, PathBuf};

/// One example: where it stands, its arguments, stdin's file and the expected stdout.
struct Example {
    place: String,
    args: Vec<String>,
    stdin: Option<String>,
    expect: Vec<String>,
}

/// Splits a command line as a POSIX shell does for words without expansions: blanks
/// separate words, single quotes keep their contents, double quotes keep theirs.
fn words(line: &str, place: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut started = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if started {
                    out.push(std::mem::take(&mut cur));
                    started = false;
                }
            }
            '\'' | '"' => {
                started = true;
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some(q) => cur.push(q),
                        None => panic!("{place}: unclosed quote"),
                    }
                }
            }
            c => {
                started = true;
                cur.push(c);
            }
        }
    }
    if started {
        out.push(cur);
    }
    out
}

/// The examples of one Markdown file.
fn examples(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (i, line) in text.lines().enumerate() {
        let place = format!("{}:{}", path.display(), i + 1);
        if !in_console {
            in_console = line.trim_start() == "```console";
            continue;
        }
        if line.trim_start().starts_with("```") {
            in_console = false;
        } else if let Some(cmd) = line.strip_prefix("$ ") {
            let mut w = words(cmd, &place);
            assert_eq!(w.first().map(String::as_str), Some("gridlock"), "{place}: a console example runs gridlock");
            w.remove(0);
            let stdin = match w.iter().position(|a| a == "<") {
                Some(k) => {
                    let file = w.get(k + 1).cloned().unwrap_or_else(|| panic!("{place}: '<' names no file"));
                    w.truncate(k);
                    Some(file)
                }
                None => None,
            };
            out.push(Example { place, args: w, stdin, expect: Vec::new() });
        } else {
            let ex = out.last_mut().unwrap_or_else(|| panic!("{place}: output before any command"));
            ex.expect.push(line.to_string());
        }
    }
    assert!(!in_console, "{}: a console block is not closed", path.display());
    for ex in &mut out {
        while ex.expect.last().is_some_and(String::is_empty) {
            ex.expect.pop();
        }
    }
    out
}

/// README.md and every page of docs/.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md") && !p.ends_with("serve.md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

#[test]
fn every_console_example_prints_what_the_page_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut run = 0;
    for page in pages() {
        for ex in examples(&page) {
            let mut cmd = gridlock();
            cmd.current_dir(root).args(&ex.args);
            if let Some(f) = &ex.stdin {
                cmd.write_stdin(std::fs::read(root.join(f)).unwrap_or_else(|e| panic!("{}: {f}: {e}", ex.place)));
            }
            let out = cmd.output().unwrap();
            assert!(out.status.success(), "{}: gridlock {}: {}", ex.place, ex.args.join(" "), String::from_utf8_lossy(&out.stderr));
            let stdout = String::from_utf8_lossy(&out.stdout);
            let mut got: Vec<&str> = stdout.lines().collect();
            while got.last().is_some_and(|l| l.is_empty()) {
                got.pop();
            }
            assert_eq!(got, ex.expect, "{}: gridlock {}\nstderr: {}", ex.place, ex.args.join(" "), String::from_utf8_lossy(&out.stderr));
            run += 1;
        }
    }
    // The README alone shows one example per command but serve; the pages more.
    assert!(run >= 30, "only {run} console examples found");
}

#[test]
fn the_example_reader_splits_quotes_and_takes_stdin() {
    assert_eq!(words("pack --copies '*' --x \"a b\"", "t"), ["pack", "--copies", "*", "--x", "a b"]);
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("p.md");
    std::fs::write(&page, "text\n```console\n$ gridlock sat2 < f.cnf\ns SATISFIABLE\n\n$ gridlock x\n```\n").unwrap();
    let ex = examples(&page);
    assert_eq!(ex.len(), 2);
    assert_eq!((ex[0].args.clone(), ex[0].stdin.clone()), (vec!["sat2".to_string()], Some("f.cnf".to_string())));
    assert_eq!(ex[0].expect, ["s SATISFIABLE"]);
    assert!(ex[1].expect.is_empty());
}
