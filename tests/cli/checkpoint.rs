//! `--checkpoint FILE` on `pack --count` and `xc --count`: the count part by part, each
//! finished part in the file; a rerun counts only the missing parts (a count killed with
//! SIGKILL ends exact, no finished part counted twice, as the file shows); a torn last
//! line is cut off and its part counted again; a foreign or damaged file is refused.

use crate::common::gridlock;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

/// The pentominoes on 6x10 as exact cover (Knuth's format), written into `dir`.
fn pentominoes_dlx(dir: &Path) -> std::path::PathBuf {
    let out = gridlock().args(["pack", "--emit-knuth", "--rect", "6x10", "--pieces", "pentominoes"]).output().unwrap();
    assert!(out.status.success());
    let path = dir.join("p610.dlx");
    std::fs::write(&path, out.stdout).unwrap();
    path
}

/// The parts recorded in a checkpoint: part -> how many times it is recorded.
fn recorded(path: &Path) -> BTreeMap<u64, usize> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut parts = BTreeMap::new();
    for line in text.lines().skip(1) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        *parts.entry(v["part"].as_u64().unwrap()).or_insert(0) += 1;
    }
    parts
}

/// Asserts that the checkpoint at `path` records each of its `parts` parts exactly once;
/// returns them.
fn each_part_once(path: &Path, parts: usize) -> BTreeMap<u64, usize> {
    let recorded = recorded(path);
    assert_eq!(recorded.len(), parts, "{recorded:?}");
    assert!(recorded.values().all(|&n| n == 1), "a part recorded twice: {recorded:?}");
    recorded
}

/// A fresh folder (removed when dropped) and the path of a checkpoint file `name` in it.
fn scratch(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    (dir, file)
}

fn run(args: &[&str]) -> (String, String, i32) {
    let out = gridlock().args(args).output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap(), out.status.code().unwrap_or(-1))
}

#[test]
fn a_checkpointed_count_equals_the_count_and_a_rerun_counts_nothing() {
    let (_dir, file) = scratch("run.jsonl");
    let f = file.to_str().unwrap();
    let (out, err, code) = run(&["pack", "--count", "--rect", "6x10", "--pieces", "pentominoes", "--checkpoint", f, "--parts", "16"]);
    assert_eq!((out.as_str(), code), ("9356\n", 0), "{err}");
    each_part_once(&file, 16);
    let header: serde_json::Value = serde_json::from_str(std::fs::read_to_string(&file).unwrap().lines().next().unwrap()).unwrap();
    assert_eq!(header["format"], "gridlock-checkpoint/2");
    assert_eq!(header["parts"], 16);
    // A rerun reads every part and writes nothing.
    let before = std::fs::read(&file).unwrap();
    let (again, _, code) = run(&["pack", "--count", "--rect", "6x10", "--pieces", "pentominoes", "--checkpoint", f, "--parts", "16"]);
    assert_eq!((again.as_str(), code), ("9356\n", 0));
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // A torn last line (a write cut short): cut off, that part counted again, once.
    let text = String::from_utf8(before.clone()).unwrap();
    let keep = text.trim_end_matches('\n').rfind('\n').unwrap() + 1;
    std::fs::write(&file, format!("{}{{\"part\":", &text[..keep])).unwrap();
    let (again, _, _) = run(&["pack", "--count", "--rect", "6x10", "--pieces", "pentominoes", "--checkpoint", f, "--parts", "16"]);
    assert_eq!(again, "9356\n");
    each_part_once(&file, 16);
}

#[test]
fn a_count_killed_mid_way_resumes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let dlx = pentominoes_dlx(dir.path());
    let file = dir.path().join("run.jsonl");
    let args = ["xc", "--count", dlx.to_str().unwrap(), "--checkpoint", file.to_str().unwrap(), "--parts", "64"];
    let bin = assert_cmd::cargo::cargo_bin("gridlock");
    let mut proc = std::process::Command::new(bin).args(args).stdout(std::process::Stdio::null()).spawn().unwrap();
    // Kill it (SIGKILL) once a few parts are on the disk.
    let start = Instant::now();
    loop {
        let done = std::fs::read_to_string(&file).map(|t| t.lines().count().saturating_sub(1)).unwrap_or(0);
        if done >= 3 {
            break;
        }
        if let Some(status) = proc.try_wait().unwrap() {
            panic!("the count ended ({status}) before it could be killed");
        }
        assert!(start.elapsed() < Duration::from_secs(120), "no part was recorded");
        std::thread::sleep(Duration::from_millis(5));
    }
    proc.kill().unwrap();
    proc.wait().unwrap();
    let before = recorded(&file);
    assert!(before.len() < 64, "killed before the end");
    let (out, err, code) = run(&args);
    assert_eq!((out.as_str(), code), ("9356\n", 0), "{err}");
    let after = each_part_once(&file, 64);
    assert!(before.keys().all(|k| after.contains_key(k)));
}

#[test]
fn foreign_or_damaged_checkpoints_are_refused() {
    let (_dir, file) = scratch("run.jsonl");
    let f = file.to_str().unwrap();
    let (_, _, code) = run(&["pack", "--count", "--rect", "5x12", "--pieces", "pentominoes", "--checkpoint", f, "--parts", "8"]);
    assert_eq!(code, 0);
    let before = std::fs::read(&file).unwrap();
    for (args, says) in [
        (vec!["pack", "--count", "--rect", "6x10", "--pieces", "pentominoes", "--checkpoint", f, "--parts", "8"], "problem"),
        (vec!["pack", "--count", "--rect", "5x12", "--pieces", "pentominoes", "--checkpoint", f, "--parts", "9"], "parts"),
        (vec!["pack", "--count", "--rect", "5x12", "--pieces", "pentominoes", "--checkpoint", f, "--parts", "8", "--one-sided"], "problem"),
    ] {
        let (out, err, code) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty() && err.contains(says) && err.lines().count() == 1, "{err}");
        assert_eq!(std::fs::read(&file).unwrap(), before, "a refused file is left alone");
    }
    // A file of the first format (whose counts with multiplicities were one part).
    let old = String::from_utf8(before.clone()).unwrap().replacen("gridlock-checkpoint/2", "gridlock-checkpoint/1", 1);
    std::fs::write(&file, &old).unwrap();
    let (out, err, code) = run(&["pack", "--count", "--rect", "5x12", "--pieces", "pentominoes", "--checkpoint", f, "--parts", "8"]);
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("format is gridlock-checkpoint/1"), "{err}");
    std::fs::write(&file, &before).unwrap();
    // A damaged line in the middle.
    let text = String::from_utf8(before).unwrap();
    let damaged = text.replacen("\"count\":\"", "\"count\":\"x", 1);
    std::fs::write(&file, &damaged).unwrap();
    let (out, err, code) = run(&["pack", "--count", "--rect", "5x12", "--pieces", "pentominoes", "--checkpoint", f, "--parts", "8"]);
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains(":2:") && err.contains("damaged"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), damaged);
    // Flags that do not go together.
    for args in [
        vec!["pack", "--count", "--rect", "5x12", "--pieces", "pentominoes", "--parts", "8"],
        vec!["pack", "--count", "--rect", "5x12", "--pieces", "pentominoes", "--checkpoint", f, "--shard", "1/2"],
    ] {
        let (_, _, code) = run(&args);
        assert_eq!(code, 2, "{args:?}");
    }
}

/// `--unique --checkpoint`: the parts of Burnside's sum (each part's packings, and in the
/// first the packings each other symmetry fixes), divided by the group's order at the end;
/// equal to `--unique` whole on the square lattice (distinct pieces, and piece counts) and
/// on the cubic one; resumable; a file whose parts do not add up to a multiple of the
/// order is refused.
#[test]
fn classes_are_counted_in_parts() {
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in [
        ("pentominoes", vec!["pack", "--count", "--unique", "--rect", "6x10", "--pieces", "pentominoes"]),
        ("tetrominoes", vec!["pack", "--count", "--unique", "--rect", "8x4", "--pieces", "tetrominoes", "--copies", "*"]),
        ("soma", vec!["pack", "--count", "--unique", "--lattice", "cubic", "--box", "3x3x3", "--pieces", "soma"]),
    ] {
        let (whole, err, code) = run(&args);
        assert_eq!(code, 0, "{name}: {err}");
        let file = dir.path().join(format!("{name}.jsonl"));
        let f = file.to_str().unwrap();
        let with = [args.clone(), vec!["--checkpoint", f, "--parts", "8"]].concat();
        let (out, err, code) = run(&with);
        assert_eq!((out.as_str(), code), (whole.as_str(), 0), "{name}: {err}");
        assert_eq!(recorded(&file).len(), 8, "{name}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.lines().next().unwrap().contains("\"command\":\"pack --count --unique\""), "{name}");
        // Half the parts lost: the rerun counts them again and gives the same classes.
        let kept: Vec<&str> = text.lines().take(5).collect();
        std::fs::write(&file, kept.join("\n") + "\n").unwrap();
        let (out, _, code) = run(&with);
        assert_eq!((out.as_str(), code), (whole.as_str(), 0), "{name}");
        assert!(recorded(&file).values().all(|&n| n == 1), "{name}: no part counted twice");
    }
    // The pentominoes' parts made to add up to one more: not a multiple of the 4
    // symmetries of the rectangle.
    let file = dir.path().join("pentominoes.jsonl");
    let text = std::fs::read_to_string(&file).unwrap();
    let v: serde_json::Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    let c: u128 = v["count"].as_str().unwrap().parse().unwrap();
    let bumped = text.replacen(&format!("\"count\":\"{c}\""), &format!("\"count\":\"{}\"", c + 1), 1);
    std::fs::write(&file, bumped).unwrap();
    let f = file.to_str().unwrap();
    let (out, err, code) =
        run(&["pack", "--count", "--unique", "--rect", "6x10", "--pieces", "pentominoes", "--checkpoint", f, "--parts", "8"]);
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("not a multiple") && err.lines().count() == 1, "{err}");
}

#[test]
fn parts_do_not_depend_on_the_thread_count() {
    // Written on two threads, half lost, resumed on one: the parts are the same parts.
    let dir = tempfile::tempdir().unwrap();
    let dlx = pentominoes_dlx(dir.path());
    for (command, args) in [
        ("pack", vec!["pack", "--count", "--rect", "6x10", "--pieces", "pentominoes"]),
        ("xc", vec!["xc", "--count", "--no-memo", dlx.to_str().unwrap()]),
    ] {
        let file = dir.path().join(format!("{command}.jsonl"));
        let f = file.to_str().unwrap();
        let with = |threads: &'static str| [args.clone(), vec!["--checkpoint", f, "--parts", "32", "--threads", threads]].concat();
        let (out, err, code) = run(&with("2"));
        assert_eq!((out.as_str(), code), ("9356\n", 0), "{err}");
        let text = std::fs::read_to_string(&file).unwrap();
        let half: Vec<&str> = text.lines().take(17).collect();
        std::fs::write(&file, half.join("\n") + "\n").unwrap();
        let (out, err, code) = run(&with("1"));
        assert_eq!((out.as_str(), code), ("9356\n", 0), "{command}: {err}");
        each_part_once(&file, 32);
    }
}

/// A count with multiplicities (Soma pieces, 0 to 2 copies each, in 2x3x4: exact cover
/// with multiplicities, counted by the memoized count in counter mode) is cut: its count
/// is spread over the parts, which add up to the count whole; half of them lost, the
/// rerun gives it again and counts no part twice.
#[test]
fn counts_with_multiplicities_are_spread_over_the_parts() {
    let (_dir, file) = scratch("soma.jsonl");
    let f = file.to_str().unwrap();
    let args = ["pack", "--count", "--lattice", "cubic", "--box", "2x3x4", "--pieces", "soma", "--copies", "0..2", "--stats"];
    let (whole, err, code) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("multiplicities"), "{err}");
    let with = [&args[..], &["--checkpoint", f, "--parts", "16", "--threads", "2"]].concat();
    let (out, err, code) = run(&with);
    assert_eq!((out.as_str(), code), (whole.as_str(), 0), "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    let counts: Vec<u128> = text
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["count"].as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!(counts.len(), 16);
    assert_eq!(counts.iter().sum::<u128>(), whole.trim().parse::<u128>().unwrap());
    assert!(counts.iter().filter(|&&c| c > 0).count() >= 8, "spread over the parts: {counts:?}");
    let half: Vec<&str> = text.lines().take(9).collect();
    std::fs::write(&file, half.join("\n") + "\n").unwrap();
    let (out, _, code) = run(&with);
    assert_eq!((out.as_str(), code), (whole.as_str(), 0));
    assert!(recorded(&file).values().all(|&n| n == 1));
}
