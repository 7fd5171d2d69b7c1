//! `gridlock beads` end to end: contest format from a file and from stdin, counting, all
//! completions, and bad input (one-line error, exit status 2, nothing on stdout).

use crate::common::{gridlock, rejects, rejects_usage};
use predicates::prelude::*;

const SAMPLE_IN: &str = include_str!("../data/beads/sample.in");
const SAMPLE_OUT: &str = include_str!("../data/beads/sample.out");
const EMPTY: &str = include_str!("../data/beads/empty.in");

#[test]
fn sample_from_file_and_stdin() {
    gridlock().args(["beads", "tests/data/beads/sample.in"]).assert().success().stdout(SAMPLE_OUT);
    gridlock().arg("beads").write_stdin(SAMPLE_IN).assert().success().stdout(SAMPLE_OUT);
    gridlock().args(["beads", "-"]).write_stdin(SAMPLE_IN).assert().success().stdout(SAMPLE_OUT);
    gridlock().args(["beads", "--engine", "dlx"]).write_stdin(SAMPLE_IN).assert().success().stdout(SAMPLE_OUT);
    // The official data promises one solution for such inputs.
    gridlock().args(["beads", "--count"]).write_stdin(SAMPLE_IN).assert().success().stdout("1\n");
}

#[test]
fn empty_tray_counts() {
    gridlock().args(["beads", "--count"]).write_stdin(EMPTY).assert().success().stdout("32288\n");
    gridlock().args(["beads", "--count", "--unique"]).write_stdin(EMPTY).assert().success().stdout("16144\n");
}

#[test]
fn no_solution() {
    // Piece J (the X pentomino) centred at (2, 1) cuts off the two holes (0, 0) and
    // (1, 0), which no piece can fill.
    let input = ".\n.J\nJJJ\n.J..\n.....\n......\n.......\n........\n.........\n..........\n";
    gridlock().arg("beads").write_stdin(input).assert().success().stdout("No solution\n");
    gridlock().args(["beads", "--count"]).write_stdin(input).assert().success().stdout("0\n");
    gridlock().args(["beads", "--all"]).write_stdin(input).assert().success().stdout("No solution\n");
}

#[test]
fn all_completions_are_listed_and_match_the_count() {
    // The sample with B, K and J removed from the answer: several completions.
    let input = ".\n..\n...\n....\n...DD\nG.GDDC\nGGGCCCI\nEEEHHIIA\nELHHHIAAF\nELLLLIFFFF\n";
    let count: usize = String::from_utf8(gridlock().args(["beads", "--count"]).write_stdin(input).output().unwrap().stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(count >= 1);
    let out = gridlock().args(["beads", "--all"]).write_stdin(input).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let trays: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(trays.len(), count);
    for t in &trays {
        let answer = format!("{}\n", t.trim_end());
        assert_eq!(puzzles::beads::check::check(input, &answer), Ok(puzzles::beads::check::Verdict::Solved));
    }
}

#[test]
fn bad_input() {
    let short_row = EMPTY.replacen("...\n", "..\n", 1);
    rejects(&["beads"], short_row.as_bytes(), &["line 3, column 3", "row 3 must have 3 characters, found 2"]);
    let long_row = EMPTY.replacen("..\n", "...\n", 1);
    rejects(&["beads"], long_row.as_bytes(), &["line 2, column 3", "row 2 must have 2 characters"]);
    let unknown = EMPTY.replacen("....\n", "..M.\n", 1);
    rejects(&["beads"], unknown.as_bytes(), &["line 4, column 3", "'M'"]);
    let lower = EMPTY.replacen("....\n", "..a.\n", 1);
    rejects(&["beads"], lower.as_bytes(), &["line 4, column 3"]);
    // Three beads of D in a row: not the O-tetromino (and too few).
    let wrong_shape = EMPTY.replacen("......\n", ".DDD..\n", 1);
    rejects(&["beads"], wrong_shape.as_bytes(), &["line 6, column 2", "do not form piece D"]);
    // Two copies of A.
    let twice = ".\n..\n...\n....\n.....\n......\nAA.....\nA.......\n......AA.\n......A...\n";
    rejects(&["beads"], twice.as_bytes(), &["line 9, column 7", "piece A is used more than once"]);
    rejects(&["beads"], b"", &["line 1", "empty"]);
    rejects(&["beads"], b"\x00\x01\xff\xfe\n", &["line 1, column 1", "a NUL byte (not a text file)"]);
    rejects(&["beads"], b"\x01\xff\xfe\n", &["line 1, column 1"]);
    rejects(&["beads"], ".\n..\n...\n".as_bytes(), &["line 4", "expected 10 rows, found 3"]);
    rejects(&["beads"], format!("{EMPTY}x\n").as_bytes(), &["line 11", "after the 10 rows"]);
}

#[test]
fn accepts_crlf_and_trailing_blank_lines() {
    let crlf = SAMPLE_IN.replace('\n', "\r\n") + "\r\n\n";
    gridlock().arg("beads").write_stdin(crlf).assert().success().stdout(SAMPLE_OUT);
}

#[test]
fn usage_errors_exit_2() {
    rejects_usage(&["beads", "--unique"], EMPTY, &["--count"]);
    rejects_usage(&["beads", "--count", "--all"], EMPTY, &["--all"]);
    rejects_usage(&["beads", "--engine", "quantum"], EMPTY, &["quantum"]);
    gridlock().args(["beads", "no/such/file.txt"]).assert().code(2).stdout("").stderr(predicate::str::contains("no/such/file.txt"));
    gridlock().arg("frobnicate").assert().code(2);
}

#[test]
fn help_lists_beads() {
    gridlock().arg("--help").assert().success().stdout(predicate::str::contains("beads"));
    gridlock().args(["beads", "--help"]).assert().success().stdout(predicate::str::contains("--count"));
}
