//! `xc --zdd FILE` and `xc --sample N` (DLX6's diagram; uniform samples): the file read
//! back by the tests' own reader of Knuth's format (and by serde for JSON) has as many
//! paths as `xc --count` counts, every path and every sample is a solution checked from
//! the problem's text, the seed fixes the samples, and the errors leave no file.

use crate::common::{gridlock, measured, rejects};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

/// The pentominoes in a 6x10 box, in Knuth's format as `pack --emit-knuth` writes it.
fn pentominoes() -> String {
    let out = gridlock().args(["pack", "--rect", "6x10", "--pieces", "pentominoes", "--emit-knuth"]).output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// A problem's primary items, secondary items and option lines (items with their
/// colors), read from Knuth's format here (no colors or multiplicities expected).
fn parse(text: &str) -> (Vec<String>, Vec<String>, Vec<Vec<String>>) {
    let mut lines = text.lines().filter(|l| !l.starts_with('|') && !l.trim().is_empty());
    let head = lines.next().unwrap();
    let (p, s) = head.split_once(" | ").unwrap_or((head, ""));
    let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    (words(p), words(s), lines.map(words).collect())
}

/// Whether the option lines `chosen` cover every primary item once and every secondary
/// item at most once (no colors).
fn covers(primary: &[String], secondary: &[String], chosen: &[Vec<String>]) -> bool {
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for o in chosen {
        for i in o {
            *uses.entry(i.as_str()).or_default() += 1;
        }
    }
    primary.iter().all(|i| uses.get(i.as_str()) == Some(&1))
        && secondary.iter().all(|i| uses.get(i.as_str()).copied().unwrap_or(0) <= 1)
        && uses.keys().all(|i| primary.iter().chain(secondary).any(|j| j == i))
}

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let out = gridlock().args(args).write_stdin(input.to_string()).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn the_pentomino_diagram_has_9356_paths_each_a_packing() {
    let text = pentominoes();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.zdd");
    let (code, out, _) = run(&["xc", "--zdd", path.to_str().unwrap()], &text);
    assert_eq!((code, out.as_str()), (0, "9356\n"));
    let zdd = crate::zdd_text::read(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(zdd.count(), 9356);
    // Knuth's dlx6 m1 wrote 38966 nodes besides the sinks and its dummy root.
    assert!(zdd.real_nodes() <= 38966, "{}", zdd.real_nodes());
    let (primary, secondary, options) = parse(&text);
    let solutions = zdd.solutions();
    let distinct: BTreeSet<&Vec<usize>> = solutions.iter().collect();
    assert_eq!(distinct.len(), 9356);
    for s in &solutions {
        let chosen: Vec<Vec<String>> = s.iter().map(|&k| options[k].clone()).collect();
        assert!(covers(&primary, &secondary, &chosen), "{s:?}");
    }
    // JSON: the same diagram, options by text.
    let (code, json, _) = run(&["xc", "--zdd", "-", "--zdd-format", "json"], &text);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!((v["format"].as_str(), v["count"].as_u64()), (Some("gridlock-zdd/1"), Some(9356)));
    let nodes = v["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), zdd.real_nodes());
    let mut count = vec![0u128, 1];
    for n in nodes {
        let [option, lo, hi] = [0, 1, 2].map(|j| n[j].as_u64().unwrap() as usize);
        assert!(option < options.len() && lo < count.len() && hi < count.len());
        count.push(count[lo] + count[hi]);
    }
    assert_eq!(count[v["root"].as_u64().unwrap() as usize], 9356);
    assert_eq!(v["options"].as_array().unwrap().len(), options.len());
}

#[test]
fn samples_are_packings_fixed_by_the_seed() {
    let text = pentominoes();
    let (primary, secondary, _) = parse(&text);
    let (code, out, _) = run(&["xc", "--sample", "20", "--seed", "5"], &text);
    assert_eq!(code, 0);
    let blocks: Vec<&str> = out.trim_end().split("\n\n").collect();
    assert_eq!(blocks.len(), 20);
    for b in &blocks {
        let chosen: Vec<Vec<String>> = b.lines().map(|l| l.split_whitespace().map(str::to_string).collect()).collect();
        assert!(covers(&primary, &secondary, &chosen), "{b}");
    }
    assert!(blocks.iter().collect::<BTreeSet<_>>().len() >= 19, "20 draws of 9356 repeat at most rarely");
    assert_eq!(run(&["xc", "--sample", "20", "--seed", "5"], &text).1, out, "the seed fixes the samples");
    assert_ne!(run(&["xc", "--sample", "20", "--seed", "6"], &text).1, out);
    let (_, json, _) = run(&["xc", "--sample", "3", "--format", "json"], &text);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["solutions"].as_array().unwrap().len(), 3);
    assert_eq!(run(&["xc", "--sample", "3"], "a b\na\n").1, "No solution\n");
}

#[test]
fn random_problems_have_as_many_paths_as_solutions() {
    let mut solved = 0;
    for round in 0..12 {
        let text = crate::common::random_problem(12345 + round, false);
        let (_, count, _) = run(&["xc", "--count"], &text);
        let (code, zdd, _) = run(&["xc", "--zdd", "-"], &text);
        assert_eq!(code, 0);
        let z = crate::zdd_text::read(&zdd);
        assert_eq!(z.count().to_string(), count.trim(), "round {round}:\n{text}");
        solved += usize::from(z.count() > 0);
        let (primary_items, secondary, options) = parse(&text);
        for s in z.solutions() {
            let chosen: Vec<Vec<String>> = s.iter().map(|&k| options[k].clone()).collect();
            assert!(covers(&primary_items, &secondary, &chosen), "round {round}: {s:?}");
        }
    }
    assert!(solved >= 4, "only {solved} of 12 problems have a solution");
}

#[test]
fn errors_leave_no_file() {
    let text = pentominoes();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.zdd");
    let p = path.to_str().unwrap();
    rejects(&["xc", "--zdd", p, "--zdd-max-nodes", "100"], &text, &["more than 100 nodes (raise --zdd-max-nodes)"]);
    assert!(!path.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no temporary file left");
    rejects(&["xc", "--sample", "2", "--zdd-max-nodes", "100"], &text, &["more than 100 nodes"]);
    for conflict in [&["--count"][..], &["--all"], &["--min-cost"], &["--sample", "2"]] {
        let mut args = vec!["xc", "--zdd", p];
        args.extend_from_slice(conflict);
        let out = gridlock().args(&args).write_stdin(text.clone()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let out = gridlock().args(["xc", "--seed", "3"]).write_stdin(text.clone()).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "--seed without --sample");
    // Multiplicities outside counter mode are refused by name.
    rejects(&["xc", "--zdd", p], "2|a b\na\na b\nb\n", &["multiplicities"]);
    // The input file is never overwritten.
    let input = dir.path().join("in.dlx");
    std::fs::write(&input, "a\na\n").unwrap();
    rejects(&["xc", "--zdd", input.to_str().unwrap(), input.to_str().unwrap()], "", &["--zdd", "input file"]);
    // The message names the flag given (issue 54, item 15: it said --svg).
    let err = crate::common::rejects_usage(
        &["xc", "--emit-preprocessed", input.to_str().unwrap(), input.to_str().unwrap()],
        "",
        &["--emit-preprocessed", "input file"],
    );
    assert!(!err.contains("--svg"), "{err}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "a\na\n");
}

/// `gridlock ARGS` on no input: stdout, after a successful run.
fn stdout_of(args: &[&str]) -> String {
    let out = gridlock().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// A drawing of a domino tiling of two rows with its labels renamed in order of first
/// appearance (labels follow the order of the tiles, which differs between listings).
fn canonical(block: &str) -> String {
    let mut names: HashMap<char, char> = HashMap::new();
    block
        .lines()
        .take(2)
        .map(|l| {
            l.chars()
                .map(|c| {
                    let n = names.len();
                    *names.entry(c).or_insert((b'a' + n as u8) as char)
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn pack_samples_are_uniform_over_the_listed_tilings() {
    // The 34 domino tilings of 2x8, listed by --all (the enumerating search), and 3400
    // samples: every sample is one of them, each is drawn, and Pearson's statistic over 33
    // degrees of freedom stays under its 0.001 point (63.2, Wilson-Hilferty).
    let base = ["pack", "--rect", "2x8", "--pieces", "dominoes", "--copies", "*"];
    let all: BTreeSet<String> = stdout_of(&[&base[..], &["--all"]].concat()).split("\n\n").map(canonical).collect();
    assert_eq!(all.len(), 34);
    let drawn = stdout_of(&[&base[..], &["--sample", "3400", "--seed", "11"]].concat());
    let mut freq: HashMap<String, u64> = HashMap::new();
    for b in drawn.split("\n\n") {
        let b = canonical(b);
        assert!(all.contains(&b), "not a tiling: {b}");
        *freq.entry(b).or_default() += 1;
    }
    assert_eq!(freq.values().sum::<u64>(), 3400);
    assert_eq!(freq.len(), 34, "every tiling drawn");
    let stat: f64 = freq.values().map(|&o| (o as f64 - 100.0).powi(2) / 100.0).sum();
    assert!(stat < 63.2, "chi-square {stat}");
    // Distinct pieces on the square lattice and a cubic box: samples check out as packings.
    for args in [
        &["pack", "--rect", "6x10", "--pieces", "pentominoes"][..],
        &["pack", "--box", "2x3x5", "--pieces", "pentacubes-flat", "--copies", "0..1"],
    ] {
        let out = stdout_of(&[args, &["--sample", "4", "--format", "json"]].concat());
        let v: Value = serde_json::from_str(&out).unwrap();
        let sols = v["solutions"].as_array().unwrap();
        assert_eq!(sols.len(), 4, "{args:?}");
        for s in sols {
            let cells: Vec<&Value> = match s.get("tiles") {
                Some(t) => t.as_array().unwrap().iter().flat_map(|t| t["cells"].as_array().unwrap()).collect(),
                None => s["pieces"].as_object().unwrap().values().flat_map(|c| c.as_array().unwrap()).collect(),
            };
            let distinct: BTreeSet<String> = cells.iter().map(|c| c.to_string()).collect();
            assert_eq!((cells.len(), distinct.len()), (if args[1] == "--rect" { 60 } else { 30 }, cells.len()), "{s}");
        }
    }
    rejects(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--sample", "2", "--unique"], "", &["--unique"]);
}

#[test]
fn a_fifo_target_is_written_in_place_not_replaced() {
    // Writing through a temporary file renamed over the target would turn /dev/null or
    // a FIFO into a regular file; a FIFO in a scratch folder stands for both here.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("out.fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let (code, out, err) = run(&["xc", "--zdd", fifo.to_str().unwrap()], "a b\na\nb\na b\n");
    assert_eq!((code, out.as_str()), (0, "2\n"), "{err}");
    // Checked before joining the reader, which a replaced FIFO would leave waiting.
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo(), "the FIFO was replaced");
    assert_eq!(crate::zdd_text::read(&reader.join().unwrap()).count(), 2);
    // A symbolic link is followed: the file it names is written, the link stays.
    let target = dir.path().join("real.zdd");
    let link = dir.path().join("link.zdd");
    std::fs::write(&target, "old").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    assert_eq!(run(&["xc", "--zdd", link.to_str().unwrap()], "a\na\n").0, 0);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(crate::zdd_text::read(&std::fs::read_to_string(&target).unwrap()).count(), 1);
}

#[test]
fn the_memory_cap_bounds_the_process() {
    // Every domino tiling of a 100 x 100 board (a memo key of 1,256 bytes per subproblem)
    // and every sudoku grid: each once grew past a gigabyte under the node cap alone. The
    // bytes cap is charged for every node and subproblem remembered; the process's peak
    // stays within it and the error names the flag that raises it.
    let cap = 64 << 20;
    let runs: [(&[&str], &str); 3] = [
        (&["pack", "--rect", "100x100", "--pieces", "dominoes", "--copies", "*", "--sample", "1"], ""),
        (&["xc", "--zdd", "-"], "100x100"),
        (&["sudoku", "--sample", "2"], "empty"),
    ];
    let dir = tempfile::tempdir().unwrap();
    let dominoes = dir.path().join("dominoes.dlx");
    let knuth = gridlock().args(["pack", "--rect", "100x100", "--pieces", "dominoes", "--copies", "*", "--emit-knuth"]).output().unwrap();
    assert_eq!(knuth.status.code(), Some(0));
    std::fs::write(&dominoes, knuth.stdout).unwrap();
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, format!("{}\n", ".".repeat(81))).unwrap();
    for (args, input) in runs {
        let mut args: Vec<&str> = args.to_vec();
        args.extend(["--zdd-max-memory", "64M"]);
        let stdin = match input {
            "100x100" => std::fs::File::open(&dominoes).unwrap().into(),
            "empty" => std::fs::File::open(&empty).unwrap().into(),
            _ => std::process::Stdio::null(),
        };
        let m = measured(&args, stdin);
        assert_eq!(m.code, Some(2), "{args:?}: {}", m.stderr);
        assert!(m.stdout.is_empty(), "{args:?}");
        assert!(m.stderr.contains("more than 67108864 bytes (raise --zdd-max-memory)"), "{args:?}: {}", m.stderr);
        // The cap, and the program's own tables and code besides (under 40 MB on its own).
        assert!(m.peak_kib * 1024 < cap + (40 << 20), "{args:?}: peak {} KiB", m.peak_kib);
    }
}
