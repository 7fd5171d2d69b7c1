//! `gridlock mayan` end to end.

use crate::common::{gridlock, rejects};

const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";

#[test]
fn spec_sample_and_real_case() {
    gridlock().arg("mayan").write_stdin(SAMPLE).assert().success().stdout("2 1 1\n3 1 1\n3 0 1\n");
    gridlock().args(["mayan", "tests/data/mayan/mayan7.in"]).assert().success().stdout(include_str!("../data/mayan/mayan7.ans"));
    gridlock().args(["mayan", "tests/data/mayan/hard-no-answer.in"]).assert().success().stdout("-1\n");
}

#[test]
fn explain_draws_each_board() {
    let out = gridlock().args(["mayan", "--explain"]).write_stdin(SAMPLE).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("2 1 1\n3 1 1\n3 0 1\n\nstart:\n"));
    assert!(text.contains("after move 3 (3 0 1):"));
    // The last board is empty: seven rows of dots.
    let last: Vec<&str> = text.lines().rev().take(7).collect();
    assert!(last.iter().all(|l| l.chars().all(|c| c == '.' || c == ' ')), "{text}");
}

#[test]
fn bad_input() {
    rejects(&["mayan"], "3\n1 2 1 2 1 2 1 2 0\n0\n0\n0\n0\n", &["line 2", "8 blocks; at most 7"]);
    rejects(&["mayan"], "3\n1 0\n11 0\n0\n0\n0\n", &["line 3", "'11' is outside 1..=10"]);
    rejects(&["mayan"], "3\n1 0\n1 2\n0\n0\n0\n", &["line 3", "does not end with 0"]);
    rejects(&["mayan"], "3\n1 0\n0\n1 1 1 0\n0\n0\n", &["line 4", "run of 3"]);
    rejects(&["mayan"], "3\n2 0\n2 0\n2 0\n0\n0\n", &["line 2", "run of 3 (a row"]);
    rejects(&["mayan"], "three\n", &["line 1", "number of moves"]);
    rejects(&["mayan"], "0\n0\n0\n0\n0\n0\n", &["line 1", "number of moves"]);
    rejects(&["mayan"], "2\n1 0\n0\n", &["expected 5 columns, found 2"]);
    rejects(&["mayan"], "2\n1 0\n0\n0\n0\n0\n7 0\n", &["line 7", "after the 5 columns"]);
    rejects(&["mayan"], "2\n1 0 3\n0\n0\n0\n0\n", &["line 2", "after the 0"]);
    rejects(&["mayan"], "", &["line 1", "empty"]);
}
