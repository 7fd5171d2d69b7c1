//! What the exact-cover tests share: random small problems and a brute force written from
//! the definition of a solution alone.

#![allow(dead_code)] // each test file uses its own part

use exact_cover::{Color, Problem};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Whether the options `chosen` form a solution, by definition: each primary item in as
/// many of them as its multiplicity allows (exactly one by default); each secondary item
/// either in at most one, or colored identically in all that name it.
pub fn is_solution(p: &Problem, chosen: &[usize]) -> bool {
    (0..p.items()).all(|item| {
        let uses: Vec<Color> =
            chosen.iter().flat_map(|&k| p.option(k).iter()).filter(|&&(i, _)| i as usize == item).map(|&(_, c)| c).collect();
        if item < p.primary_items() {
            let (lo, hi) = p.multiplicity(item);
            (lo as usize..=hi as usize).contains(&uses.len())
        } else {
            uses.len() <= 1 || uses.iter().all(|&c| c != Color::NONE && c == uses[0])
        }
    })
}

/// Every subset of options that is a solution (the problem must have few options).
pub fn brute_force(p: &Problem) -> BTreeSet<Vec<usize>> {
    let m = p.options();
    (0u32..(1 << m)).map(|mask| (0..m).filter(|k| mask >> k & 1 == 1).collect::<Vec<usize>>()).filter(|c| is_solution(p, c)).collect()
}

/// Small random problems: up to 5 primary and 3 secondary items, fewer than
/// `max_options` options, each item absent, uncolored or (secondary) colored 1 or 7.
pub fn small_problem(max_options: usize) -> impl Strategy<Value = Problem> {
    (1usize..6, 0usize..4).prop_flat_map(move |(n1, n2)| {
        proptest::collection::vec(proptest::collection::vec(0u8..6, n1 + n2), 0..max_options).prop_map(move |rows| {
            let mut p = Problem::new(n1, n2);
            for row in rows {
                let opt: Vec<(usize, Color)> = row
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &v)| match v {
                        0..=2 => None,
                        3 => Some((i, Color::NONE)),
                        _ if i < n1 => Some((i, Color::NONE)),
                        4 => Some((i, Color(1))),
                        _ => Some((i, Color(7))),
                    })
                    .collect();
                if opt.iter().any(|&(i, _)| i < n1) {
                    p.add_colored_option(&opt).unwrap();
                }
            }
            p
        })
    })
}

/// [`small_problem`] with multiplicities: each primary item covered once, or `lo..=hi`
/// times with 0 <= lo <= hi <= 3 (Algorithm M, DLX3's `lo:hi|item`).
pub fn small_problem_with_multiplicities(max_options: usize) -> impl Strategy<Value = Problem> {
    (small_problem(max_options), proptest::collection::vec((0u32..4, 0u32..4), 6)).prop_map(|(mut p, bounds)| {
        for (item, &(a, b)) in bounds.iter().enumerate().take(p.primary_items()) {
            let (lo, hi) = (a.min(b), a.max(b).max(1));
            p.set_multiplicity(item, lo, hi).unwrap();
        }
        p
    })
}

/// A seeded xorshift: each call gives a number below its argument.
pub fn xorshift(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut rng = seed | 1;
    move |m: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % m
    }
}

/// Where Knuth's programs are built by hand (outside the tree, from his CWEB sources that
/// `../shared/reference/README.md` points to): `GRIDLOCK_KNUTH`, else
/// `$TMPDIR/gridlock-knuth`.
pub fn knuth_dir() -> std::path::PathBuf {
    std::env::var_os("GRIDLOCK_KNUTH").map_or_else(|| std::env::temp_dir().join("gridlock-knuth"), std::path::PathBuf::from)
}

/// [`knuth_dir`] when every one of `programs` is built there; else `None`, said on stderr
/// (the test then compares with what it recorded of them, `instead`).
pub fn knuth_programs(programs: &[&str], instead: &str) -> Option<std::path::PathBuf> {
    let dir = knuth_dir();
    if let Some(p) = programs.iter().find(|p| !dir.join(p).is_file()) {
        eprintln!("Knuth's {p} is not built in {}: comparing with the recorded {instead} only", dir.display());
        return None;
    }
    Some(dir)
}

/// Knuth's numbers for each test problem (counts, costs, removals): from his programs
/// when they are built ([`knuth_programs`]), else from the numbers recorded from them in
/// `tests/data` ([`recorded`]). With `GRIDLOCK_RECORD` set, the programs' numbers are
/// printed as the lines to record instead of checked against the record.
pub struct Reference {
    recorded: std::collections::HashMap<String, Vec<u128>>,
    dir: Option<std::path::PathBuf>,
    record: bool,
}

impl Reference {
    /// The reference of the record `recorded_text` and the `programs` that make it
    /// (`what`: what the tests compare without them, for the message that says so).
    pub fn new(recorded_text: &str, programs: &[&str], what: &str) -> Reference {
        Reference {
            recorded: recorded(recorded_text),
            dir: knuth_programs(programs, what),
            record: std::env::var_os("GRIDLOCK_RECORD").is_some(),
        }
    }

    /// Knuth's numbers for problem `name`: `run` in the programs' folder when they are
    /// built (and then equal to the record, unless recording), else the recorded ones.
    pub fn numbers(&self, name: &str, run: impl FnOnce(&std::path::Path) -> Vec<u128>) -> Vec<u128> {
        let recorded = self.recorded.get(name);
        let Some(dir) = &self.dir else {
            return recorded.unwrap_or_else(|| panic!("{name} is not recorded")).clone();
        };
        let theirs = run(dir);
        if self.record {
            println!("{name} {}", theirs.iter().map(u128::to_string).collect::<Vec<_>>().join(" "));
        } else {
            assert_eq!(Some(&theirs), recorded, "{name}: Knuth's programs against the record");
        }
        theirs
    }
}

/// A file of numbers recorded from Knuth's programs: per line a problem's name and its
/// numbers (lines starting with `#` and blank lines skipped).
pub fn recorded(text: &str) -> std::collections::HashMap<String, Vec<u128>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            (words.next().unwrap().to_string(), words.map(|w| w.parse().unwrap()).collect())
        })
        .collect()
}

/// What Knuth's `program` (in `dir`), run with `arg` on `text` as its input, prints on
/// standard error (its counts and costs; the solutions on standard output are dropped).
pub fn knuth_stderr(dir: &std::path::Path, program: &str, arg: &str, text: &str) -> String {
    knuth_output(dir, program, arg, text).1
}

/// The count Knuth's `program` (in `dir`) prints ("Altogether N solutions") for `text`,
/// run with `m0`; panics, showing what it printed, when there is none.
pub fn knuth_count(dir: &std::path::Path, program: &str, text: &str) -> u128 {
    let err = knuth_stderr(dir, program, "m0", text);
    let line = err.lines().find(|l| l.starts_with("Altogether")).unwrap_or_else(|| panic!("{program}: {err}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// What Knuth's `program` (in `dir`), run with `arg` on `text` as its input, prints:
/// (standard output, standard error).
pub fn knuth_output(dir: &std::path::Path, program: &str, arg: &str, text: &str) -> (String, String) {
    use std::io::Write;
    let mut child = std::process::Command::new(dir.join(program))
        .arg(arg)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A random problem in Knuth's format: `primary` items (some with multiplicities
/// `lo:hi|`), 4 secondary items with colors, `options` options.
pub fn random_problem(seed: u64, primary: usize, options: usize, multiplicities: bool) -> String {
    let mut next = xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut head: Vec<String> = (0..primary)
        .map(|i| match (multiplicities, next(3)) {
            (true, 0) => format!("{}:{}|p{i}", next(2), 2 + next(2)),
            (true, 1) => format!("2|p{i}"),
            _ => format!("p{i}"),
        })
        .collect();
    head.push("|".into());
    head.extend((0..4).map(|j| format!("s{j}")));
    let mut text = format!("| random problem, seed {seed}\n{}\n", head.join(" "));
    for _ in 0..options {
        let mut items: Vec<String> = Vec::new();
        let len = 1 + next(4) as usize;
        let start = next(primary as u64) as usize;
        for d in 0..len {
            let i = (start + d * (1 + next(3) as usize)) % primary;
            let name = format!("p{i}");
            if !items.contains(&name) {
                items.push(name);
            }
        }
        for j in 0..4 {
            match next(6) {
                0 => items.push(format!("s{j}")),
                1 => items.push(format!("s{j}:{}", (b'a' + next(2) as u8) as char)),
                _ => {}
            }
        }
        text.push_str(&items.join(" "));
        text.push('\n');
    }
    text
}
