//! `gridlock twins` end to end.

use crate::common::{gridlock, rejects, rejects_usage};

#[test]
fn sample_in_both_styles() {
    let out = gridlock().args(["twins", "--style", "gcj", "tests/data/twins/sample.in"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let verdicts: Vec<&str> = text.lines().filter(|l| l.starts_with("Case #")).collect();
    assert_eq!(verdicts, ["Case #1: POSSIBLE", "Case #2: IMPOSSIBLE", "Case #3: POSSIBLE", "Case #4: POSSIBLE"]);
    let plain = gridlock().arg("twins").write_stdin(std::fs::read("tests/data/twins/sample.in").unwrap()).output().unwrap();
    let plain = String::from_utf8(plain.stdout).unwrap();
    assert!(plain.starts_with("POSSIBLE\n"));
    assert_eq!(plain.lines().count(), 3 * 9 + 1);
}

#[test]
fn other_board_sizes() {
    // Monomino and domino: the domino itself, on any board that holds it.
    let input = "1\n@.. @@.\n... ...\n... ...\n";
    gridlock().args(["twins", "--board", "1x2"]).write_stdin(input).assert().success().stdout("POSSIBLE\n01 00\n");
    gridlock().args(["twins", "--board", "1x1"]).write_stdin(input).assert().success().stdout("IMPOSSIBLE\n");
    rejects(&["twins", "--board", "20x20"], input, &["too large"]);
    rejects_usage(&["twins", "--board", "8by8"], input, &["ROWSxCOLUMNS"]);
}
