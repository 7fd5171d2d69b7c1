//! Running Knuth's programs from tests (shared by the polyform and puzzles crates' tests):
//! when they are built (by hand, outside the tree, from his CWEB sources that
//! `../shared/reference/README.md` points to) in the folder `GRIDLOCK_KNUTH` names
//! (default `$TMPDIR/gridlock-knuth`), their counts are compared with gridlock's; the
//! counts they gave are recorded in `tests/data` and checked either way.

#![allow(dead_code)]

/// A deterministic source of test cases (Marsaglia's xorshift64 from `seed`, nonzero):
/// each call `next(n)` gives a number below `n`.
pub fn xorshift(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    }
}

/// Counts recorded from Knuth's programs in a `tests/data` file: lines `name count`.
pub fn recorded(text: &str) -> std::collections::HashMap<String, u128> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, count) = l.split_once(' ').unwrap();
            (name.to_string(), count.trim().parse().unwrap())
        })
        .collect()
}

/// The programs of Knuth's that these tests run.
pub const PROGRAMS: [&str; 5] = ["dlx3", "ssxcc", "polyomino-dlx", "polyiamond-dlx", "polycube-dlx"];

/// The folder of Knuth's programs ([`PROGRAMS`]), when every one is built there: the
/// folder `GRIDLOCK_KNUTH` names, else `$TMPDIR/gridlock-knuth`. `None` (the tests check
/// the recorded counts only, and say so on stderr) when one is missing.
pub fn reference() -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("GRIDLOCK_KNUTH").map_or_else(|| std::env::temp_dir().join("gridlock-knuth"), std::path::PathBuf::from);
    match PROGRAMS.iter().find(|p| !dir.join(p).is_file()) {
        None => Some(dir),
        Some(missing) => {
            eprintln!("Knuth's {missing} is not built in {}: comparing with the recorded counts only", dir.display());
            None
        }
    }
}

/// `program args` fed `input`: (stdout, stderr).
pub fn run(program: &std::path::Path, args: &[&str], input: &[u8]) -> (Vec<u8>, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(program).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    (out.stdout, String::from_utf8(out.stderr).unwrap())
}

/// gridlock's counts checked against Knuth's programs (when they are built, see
/// [`reference`]) and against the counts recorded from them; with `GRIDLOCK_RECORD`
/// set, Knuth's counts are printed for the `tests/data` file instead of checked against it.
pub struct Comparison {
    recorded: std::collections::HashMap<String, u128>,
    programs: Option<std::path::PathBuf>,
    record: bool,
    /// How many cases checked had a nonzero count (tests require some, so that they do
    /// not check impossibility alone).
    pub nonzero: usize,
}

impl Comparison {
    /// A comparison with the counts of the `tests/data` file `recorded` ([`recorded`]).
    pub fn new(recorded_text: &str) -> Comparison {
        Comparison {
            recorded: recorded(recorded_text),
            programs: reference(),
            record: std::env::var_os("GRIDLOCK_RECORD").is_some(),
            nonzero: 0,
        }
    }

    /// Checks gridlock's count `ours` of case `name` (its input `text`, shown on a
    /// mismatch) against `theirs`, Knuth's pipeline run in the programs' folder when it is
    /// there, and against the recorded count.
    pub fn check(&mut self, name: &str, text: &str, ours: u128, theirs: impl FnOnce(&std::path::Path) -> u128) {
        self.nonzero += usize::from(ours > 0);
        if let Some(dir) = &self.programs {
            let theirs = theirs(dir);
            if self.record {
                println!("{name} {theirs}");
            }
            assert_eq!(ours, theirs, "{name}: gridlock {ours}, Knuth's programs {theirs}\n{text}");
        }
        if !self.record {
            assert_eq!(Some(&ours), self.recorded.get(name), "{name}: the count recorded from Knuth's programs");
        }
    }
}

/// The count a Knuth DLX program prints on stderr (`Altogether N solutions`) for `input`.
pub fn knuth_count(program: &std::path::Path, input: &[u8]) -> u128 {
    let err = run(program, &["m0"], input).1;
    let line = err.lines().find(|l| l.starts_with("Altogether")).unwrap_or_else(|| panic!("{}: {err}", program.display()));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}
