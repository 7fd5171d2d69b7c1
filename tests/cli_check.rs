//! `gridlock check`: accepts every answer gridlock prints on the real data, and rejects
//! broken answers with a reason (exit 1).

mod common;

use common::{gridlock, rejects};
use std::path::Path;

/// Writes `answer` to a temporary file and runs `gridlock check PUZZLE INPUT ANSWER`;
/// returns (exit code, stdout).
fn check(puzzle: &str, input: &str, answer: &str) -> (i32, String) {
    // One file per call: the tests run in parallel threads of one process.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("gridlock-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("answer-{n}-{puzzle}"));
    std::fs::write(&file, answer).unwrap();
    let out = gridlock().args(["check", puzzle, input, file.to_str().unwrap()]).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap())
}

/// What gridlock answers for `input`.
fn solve(args: &[&str], input: &str) -> String {
    let out = gridlock().args(args).arg(input).output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn accepts_gridlocks_answers_on_real_data() {
    let cases: Vec<(&str, Vec<&str>, String)> = vec![
        ("beads", vec!["beads"], "tests/data/beads/sample.in".into()),
        ("beads", vec!["beads"], "tests/data/beads/hardest-single-piece.in".into()),
        ("laser", vec!["laser"], "tests/data/laser/sample.in".into()),
        ("laser", vec!["laser", "--style", "gcj"], "tests/data/laser/small.in".into()),
        ("laser", vec!["laser"], "tests/data/laser/large.in".into()),
        ("twins", vec!["twins", "--style", "gcj"], "tests/data/twins/1.in".into()),
    ];
    let mayan: Vec<(&str, Vec<&str>, String)> =
        (1..=10).map(|k| ("mayan", vec!["mayan"], format!("tests/data/mayan/mayan{k}.in"))).collect();
    for (puzzle, args, input) in cases.into_iter().chain(mayan) {
        assert!(Path::new(&input).exists());
        let answer = solve(&args, &input);
        let (code, text) = check(puzzle, &input, &answer);
        assert_eq!(code, 0, "{puzzle} {input}: {text}");
        assert!(text.starts_with("ok"));
    }
}

#[test]
fn rejects_broken_answers() {
    // A moved bead: the sample's C at row 6 replaced.
    let beads = solve(&["beads"], "tests/data/beads/sample.in").replacen("GJGDDC", "GJGDDI", 1);
    let (code, text) = check("beads", "tests/data/beads/sample.in", &beads);
    assert_eq!(code, 1);
    assert!(text.contains("line 6"), "{text}");
    // A turret hit: case 2 of the sample set so that a beam reaches a turret.
    let laser = "Case #1: IMPOSSIBLE\nCase #2: POSSIBLE\n#.##\n#--#\n####\nCase #3: POSSIBLE\n|.\n#|\nCase #4: POSSIBLE\n.-.\n|//\n.|.\n#\\/\nCase #5: IMPOSSIBLE\n";
    let (code, text) = check("laser", "tests/data/laser/sample.in", laser);
    assert_eq!(code, 1);
    assert!(text.contains("case 2") && text.contains("reaches the turret"), "{text}");
    // A wrong move in the spec's Mayan sample.
    // mayan4's answer is 2 0 1 / 1 1 1 / 3 4 -1; the last move turned the other way.
    let (code, text) = check("mayan", "tests/data/mayan/mayan4.in", "2 0 1\n1 1 1\n3 4 1\n");
    assert_eq!(code, 1, "{text}");
    // A tiling with an overlap: two tiles drawn with one character.
    let twins = solve(&["twins", "--style", "gcj"], "tests/data/twins/sample.in");
    let broken = twins.replacen("..011233", "..001233", 1);
    assert_ne!(broken, twins);
    let (code, text) = check("twins", "tests/data/twins/sample.in", &broken);
    assert_eq!(code, 1, "{text}");
    // "No answer" where there is one.
    let (code, text) = check("mayan", "tests/data/mayan/mayan2.in", "-1\n");
    assert_eq!(code, 1);
    assert!(text.contains("no answer, but gridlock has one"), "{text}");
    let (code, text) = check("beads", "tests/data/beads/sample.in", "No solution\n");
    assert_eq!(code, 1, "{text}");
}

#[test]
fn bad_puzzle_input_exits_2() {
    std::fs::write(std::env::temp_dir().join("gridlock-check-bad.in"), "not a tray\n").unwrap();
    let bad = std::env::temp_dir().join("gridlock-check-bad.in");
    rejects(&["check", "beads", bad.to_str().unwrap(), "tests/data/beads/sample.out"], "", &["line 1"]);
}
