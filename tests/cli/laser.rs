//! `gridlock laser` and `gridlock sat2` end to end.

use crate::common::gridlock;
use predicates::prelude::*;

fn verdicts(text: &str) -> Vec<String> {
    text.lines().filter(|l| l.contains("POSSIBLE")).map(str::to_string).collect()
}

#[test]
fn code_jam_sample_in_both_styles() {
    let expected = include_str!("../data/laser/sample.ans");
    let out = gridlock().args(["laser", "--style", "gcj", "tests/data/laser/sample.in"]).output().unwrap();
    assert!(out.status.success());
    let ours = String::from_utf8(out.stdout).unwrap();
    assert_eq!(verdicts(&ours), verdicts(expected));
    let out = gridlock().arg("laser").write_stdin(include_str!("../data/laser/sample.in")).output().unwrap();
    let p5297 = String::from_utf8(out.stdout).unwrap();
    let plain: Vec<String> = verdicts(expected).iter().map(|v| v.split(": ").nth(1).unwrap().to_string()).collect();
    assert_eq!(verdicts(&p5297), plain);
}

#[test]
fn spec_edge_cases() {
    // Empty cells and no turret: IMPOSSIBLE (the reference program says POSSIBLE).
    gridlock().arg("laser").write_stdin("1\n2 2\n..\n#/\n").assert().success().stdout("IMPOSSIBLE\n");
    // A beam that would come back to its own turret through mirrors.
    gridlock().arg("laser").write_stdin("1\n3 3\n/.\\\n\\-/\n#.#\n").assert().success().stdout("POSSIBLE\n/.\\\n\\|/\n#.#\n");
    // Both orientations of the corner turrets are forbidden.
    gridlock().arg("laser").write_stdin("1\n3 3\n-.-\n...\n-.-\n").assert().success().stdout("IMPOSSIBLE\n");
    // A grid of walls and mirrors only needs nothing.
    gridlock().arg("laser").write_stdin("1\n1 2\n#/\n").assert().success().stdout("POSSIBLE\n#/\n");
}

#[test]
fn sat2_answers() {
    gridlock()
        .arg("sat2")
        .write_stdin("c example\np cnf 3 3\n1 -2 0\n2 3 0\n-3 0\n")
        .assert()
        .success()
        .stdout("s SATISFIABLE\nv 1 2 -3 0\n");
    gridlock().arg("sat2").write_stdin("p cnf 1 2\n1 0\n-1 0\n").assert().success().stdout("s UNSATISFIABLE\n");
    gridlock().arg("sat2").write_stdin("p cnf 0 0\n").assert().success().stdout("s SATISFIABLE\nv 0\n");
}

#[test]
fn sat2_missing_file() {
    gridlock().args(["sat2", "no/such.cnf"]).assert().code(2).stderr(predicate::str::contains("no/such.cnf"));
}
