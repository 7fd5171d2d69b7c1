//! `xc --preprocess` and `--emit-preprocessed` (Knuth's DLX-PRE rules): every mode answers
//! as without them, options written as in the input; a problem proved unsolvable says so;
//! the emitted problem, read back, counts the same; multiplicities are refused.

use crate::common::{gridlock, random_problem, rejects};

/// DLX-PRE's first example: its one solution is A D, C E F, B G.
const KNUTH: &str = "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let out = gridlock().args(args).write_stdin(input.to_string()).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn every_mode_answers_as_without_preprocessing() {
    let mut reduced = 0;
    for seed in 1..=25 {
        let text = random_problem(seed, true);
        let (_, _, stats) = run(&["xc", "--preprocess", "--stats", "--count"], &text);
        reduced += usize::from(!stats.contains(" 0 of ") || stats.contains("no solution"));
        let blocks = |out: &str| -> std::collections::BTreeSet<String> { out.split("\n\n").map(|b| b.trim_end().to_string()).collect() };
        let costs = |out: &str| -> Vec<String> { out.lines().filter(|l| l.starts_with("cost: ")).map(str::to_string).collect() };
        let with = |args: &[&str]| {
            let (code, out, err) = run(&[&["xc", "--preprocess"][..], args].concat(), &text);
            assert_eq!(code, 0, "seed {seed} {args:?}: {err}");
            out
        };
        let without = |args: &[&str]| run(&[&["xc"][..], args].concat(), &text).1;
        // Counts and ZDD path counts are equal; listings are the same sets (the search
        // tree differs, so their order may); the k cheapest have the same costs.
        assert_eq!(with(&["--count"]), without(&["--count"]), "seed {seed}:\n{text}");
        assert_eq!(with(&["--zdd", "/dev/null"]), without(&["--count"]), "seed {seed}");
        let all = blocks(&without(&["--all"]));
        assert_eq!(blocks(&with(&["--all"])), all, "seed {seed}:\n{text}");
        assert_eq!(costs(&with(&["--best", "3"])), costs(&without(&["--best", "3"])), "seed {seed}");
        for out in [with(&[]), with(&["--sample", "4", "--seed", "9"])] {
            if out != "No solution\n" {
                assert!(blocks(&out).iter().all(|b| all.contains(b)), "seed {seed}: {out}");
            } else {
                assert_eq!(all, blocks("No solution\n"), "seed {seed}");
            }
        }
    }
    assert!(reduced >= 10, "only {reduced} of 25 problems were reduced");
}

#[test]
fn knuths_example_and_the_emitted_problem() {
    let (code, out, err) = run(&["xc", "--preprocess", "--stats"], KNUTH);
    assert_eq!((code, out.as_str()), (0, "C E F\nA D\nB G\n"));
    assert!(err.contains("3 of 6 options and 4 of 7 items removed"), "{err}");
    let (code, emitted, _) = run(&["xc", "--emit-preprocessed", "-"], KNUTH);
    assert_eq!(code, 0);
    // DLX-PRE prints " A B E", " A", " B", " E" (its order); gridlock keeps input order.
    let mut lines: Vec<&str> = emitted.lines().filter(|l| !l.starts_with('|')).collect();
    assert_eq!(lines.remove(0), "A B E");
    lines.sort_unstable();
    assert_eq!(lines, ["A", "B", "E"]);
    assert!(emitted.contains("| input lines of the options: 3 6 7\n"), "{emitted}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pre.dlx");
    let (code, out, _) = run(&["xc", "--emit-preprocessed", path.to_str().unwrap(), "--count"], KNUTH);
    assert_eq!((code, out.as_str()), (0, "1\n"));
    assert_eq!(run(&["xc", "--count", path.to_str().unwrap()], "").1, "1\n");
}

#[test]
fn an_uncoverable_item_is_no_solution_without_a_search() {
    let text = "a b c\na b\nb c\n";
    let (code, out, err) = run(&["xc", "--preprocess", "--stats"], text);
    assert_eq!((code, out.as_str()), (0, "No solution\n"));
    assert!(err.contains("primary item a has no option left: no solution"), "{err}");
    assert_eq!(run(&["xc", "--preprocess", "--count"], text).1, "0\n");
    assert_eq!(run(&["xc", "--emit-preprocessed", "-"], text).1.lines().last(), Some("a"));
    rejects(&["xc", "--preprocess"], "2|a b\na\nb\n", &["--preprocess", "multiplicities"]);
}
