//! `gridlock check`: accepts every answer gridlock prints on the real data, and rejects
//! broken answers with a reason (exit 1).

use crate::common::{gridlock, rejects};
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

/// Runs `gridlock check ARGS` with files written from `files` (name, contents) into a
/// fresh folder, the arguments naming them as `@name`; returns (exit code, stdout).
fn judge(args: &[&str], files: &[(&str, &str)], stdin: &str) -> (i32, String, std::path::PathBuf) {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("gridlock-judge-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let args: Vec<String> =
        args.iter().map(|a| a.strip_prefix('@').map_or(a.to_string(), |f| dir.join(f).to_string_lossy().into_owned())).collect();
    let out = gridlock().arg("check").args(&args).write_stdin(stdin.to_string()).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), dir)
}

#[test]
fn mayan_answers_must_be_the_least_and_written_strictly() {
    let input = "tests/data/mayan/mayan4.in";
    assert_eq!(check("mayan", input, "2 0 1\n1 1 1\n3 4 -1\n").0, 0);
    // The same swap written from the other side: valid, but not the least answer.
    let (code, text) = check("mayan", input, "3 0 -1\n1 1 1\n3 4 -1\n");
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("lexicographically smallest") && text.contains("line 1"), "{text}");
    for bad in [
        "2 0 1 junk\n1 1 1\n3 4 -1\n",
        "+2 0 1\n1 1 1\n3 4 -1\n",
        "2 0 +1\n1 1 1\n3 4 -1\n",
        "2 0 1\n1 1 1\n3 4 -1\n0 0 1\n",
        "2 0 1\n1 1 1\n",
    ] {
        assert_eq!(check("mayan", input, bad).0, 1, "{bad:?}");
    }
}

#[test]
fn every_checker_rejects_extra_and_missing_lines() {
    // Twins: the board's shape exactly (8 rows of 8 + 1 + 8 characters).
    let twins = solve(&["twins", "--style", "gcj"], "tests/data/twins/sample.in");
    assert_eq!(check("twins", "tests/data/twins/sample.in", &twins).0, 0);
    let narrow: String =
        twins.lines().map(|l| if l.len() == 17 { format!("{} {}\n", &l[..7], &l[9..16]) } else { format!("{l}\n") }).collect();
    assert_eq!(check("twins", "tests/data/twins/sample.in", &narrow).0, 1, "{narrow}");
    let missing_row = twins.replacen("\n", "\n\n", 1).replacen("....11.. ....11..\n", "", 1);
    assert_eq!(check("twins", "tests/data/twins/sample.in", &missing_row).0, 1);
    assert_eq!(check("twins", "tests/data/twins/sample.in", &format!("{twins}Case #5: IMPOSSIBLE\n")).0, 1);
    // Laser: a case too many or too few.
    let laser = solve(&["laser"], "tests/data/laser/sample.in");
    assert_eq!(check("laser", "tests/data/laser/sample.in", &format!("{laser}IMPOSSIBLE\n")).0, 1);
    let short: String = laser.lines().take(laser.lines().count() - 1).map(|l| format!("{l}\n")).collect();
    assert_eq!(check("laser", "tests/data/laser/sample.in", &short).0, 1);
    // Beads: a stray line after the tray.
    let beads = solve(&["beads"], "tests/data/beads/sample.in");
    assert_eq!(check("beads", "tests/data/beads/sample.in", &format!("{beads}A\n")).0, 1);
}

#[test]
fn testlib_convention() {
    let input = "tests/data/mayan/mayan4.in";
    let jury = std::fs::read_to_string("tests/data/mayan/mayan4.ans").unwrap();
    let run = |output: &str, answer: &str| judge(&["mayan", input, "@out", "@ans"], &[("out", output), ("ans", answer)], "").0;
    assert_eq!(run(&jury, &jury), 0);
    assert_eq!(run("3 0 -1\n1 1 1\n3 4 -1\n", &jury), 1, "not the jury's least answer");
    assert_eq!(run("-1\n", &jury), 1, "the jury has an answer");
    // The jury claims none, but the output is valid: the judge fails.
    assert_eq!(run(&jury, "-1\n"), 3);
    // The jury's answer breaks the rules: the judge fails.
    assert_eq!(run(&jury, "0 0 1\n0 0 1\n0 0 1\n"), 3);
    // Output that is not text: presentation error.
    let (_, _, dir) = judge(&["mayan", input, "@ans", "@ans"], &[("ans", &jury)], "");
    std::fs::write(dir.join("out"), b"\xff\xfe\n").unwrap();
    let out =
        gridlock().args(["check", "mayan", input, dir.join("out").to_str().unwrap(), dir.join("ans").to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn domjudge_validator_convention() {
    let jury = std::fs::read_to_string("tests/data/laser/sample.ans").unwrap();
    let output = solve(&["laser", "--style", "gcj"], "tests/data/laser/sample.in");
    // `check --validator FEEDBACK_DIR PUZZLE INPUT JURY_ANSWER < OUTPUT`.
    let run = |team: &str| {
        let (_, _, dir) = judge(&["laser", "tests/data/laser/sample.in", "@ans", "@ans"], &[("ans", &jury)], "");
        let fb = dir.join("feedback");
        std::fs::create_dir_all(&fb).unwrap();
        let out = gridlock()
            .args(["check", "--validator", fb.to_str().unwrap(), "laser", "tests/data/laser/sample.in", dir.join("ans").to_str().unwrap()])
            .write_stdin(team.to_string())
            .output()
            .unwrap();
        (out.status.code().unwrap(), std::fs::read_to_string(fb.join("judgemessage.txt")).unwrap_or_default())
    };
    let (code, message) = run(&output);
    assert_eq!((code, message.as_str()), (42, "ok (2 case(s) claim no answer; the jury's answer agrees)\n"));
    // Case 2 claimed impossible: the jury's answer has one.
    let (code, message) = run(&output.replacen("Case #2: POSSIBLE\n#.##\n#||#\n####\n", "Case #2: IMPOSSIBLE\n", 1));
    assert_eq!(code, 43, "{message}");
    assert!(message.contains("case 2"), "{message}");
    // A feedback folder that does not exist: the validator fails (exit 2, not a verdict).
    let (_, _, dir) = judge(&["laser", "tests/data/laser/sample.in", "@ans", "@ans"], &[("ans", &jury)], "");
    let out = gridlock()
        .args([
            "check",
            "--validator",
            dir.join("none").to_str().unwrap(),
            "laser",
            "tests/data/laser/sample.in",
            dir.join("ans").to_str().unwrap(),
        ])
        .write_stdin(output.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn pack_xc_and_sat2_answers_are_checked() {
    // pack: gridlock's own packing passes; a swapped pair of cells does not.
    let board = "......\n......\n......\n......\n......\n......\n......\n......\n......\n......\n";
    let answer =
        String::from_utf8(gridlock().args(["pack", "--rect", "10x6", "--pieces", "pentominoes"]).output().unwrap().stdout).unwrap();
    let ok = judge(&["pack", "--pieces", "pentominoes", "@board", "@out"], &[("board", board), ("out", &answer)], "");
    assert_eq!((ok.0, ok.1.as_str()), (0, "ok\n"));
    let mut chars: Vec<char> = answer.chars().collect();
    let (a, b) = (0, chars.iter().position(|&c| c != chars[0] && c != '\n').unwrap());
    chars.swap(a, b);
    let broken: String = chars.into_iter().collect();
    assert_eq!(judge(&["pack", "--pieces", "pentominoes", "@board", "@out"], &[("board", board), ("out", &broken)], "").0, 1);
    let hopeless = "......\n......\n";
    let none = judge(&["pack", "--pieces", "pentominoes", "@board", "@out"], &[("board", hopeless), ("out", "No solution\n")], "");
    assert_eq!(none.0, 0, "{}", none.1);
    assert_eq!(judge(&["pack", "--pieces", "pentominoes", "@board", "@out"], &[("board", board), ("out", "No solution\n")], "").0, 1);
    // xc.
    let dlx = "tests/data/pack/pentominoes-6x10.dlx";
    let xc = solve(&["xc"], dlx);
    assert_eq!(judge(&["xc", dlx, "@out"], &[("out", &xc)], "").0, 0);
    let dropped: String = xc.lines().skip(1).map(|l| format!("{l}\n")).collect();
    assert_eq!(judge(&["xc", dlx, "@out"], &[("out", &dropped)], "").0, 1);
    assert_eq!(judge(&["xc", dlx, "@out"], &[("out", &format!("{xc}{}\n", xc.lines().next().unwrap()))], "").0, 1);
    // sat2.
    let cnf = "p cnf 3 3\n1 -2 0\n2 3 0\n-3 0\n";
    assert_eq!(judge(&["sat2", "@f", "@out"], &[("f", cnf), ("out", "s SATISFIABLE\nv 1 2 -3 0\n")], "").0, 0);
    assert_eq!(judge(&["sat2", "@f", "@out"], &[("f", cnf), ("out", "s SATISFIABLE\nv 1 2 3 0\n")], "").0, 1);
    assert_eq!(judge(&["sat2", "@f", "@out"], &[("f", cnf), ("out", "s UNSATISFIABLE\n")], "").0, 1);
    let unsat = "p cnf 1 2\n1 0\n-1 0\n";
    assert_eq!(judge(&["sat2", "@f", "@out"], &[("f", unsat), ("out", "s UNSATISFIABLE\n")], "").0, 0);
}
