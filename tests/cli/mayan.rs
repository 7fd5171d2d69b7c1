//! `gridlock mayan` end to end.

use crate::common::gridlock;

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
