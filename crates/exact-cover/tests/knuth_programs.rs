//! gridlock's exact-cover engine against Knuth's own programs on random problems: DLX2
//! (Algorithm C, colors) and DLX3 (Algorithm M, multiplicities), when they are built in
//! `GRIDLOCK_KNUTH` (default `$TMPDIR/gridlock-knuth`). The counts those programs gave are recorded
//! in `tests/data/xc/knuth-counts.txt`, so the suite checks gridlock against them without
//! `../shared` too.
//!
//! To record the counts again: `GRIDLOCK_RECORD=1 cargo test -p gridlock-exact-cover
//! --test knuth_programs -- --nocapture` prints the file's lines (with the programs built).

use exact_cover::{knuth, Solver};

mod common;
use common::{knuth_count, random_problem, Reference};

/// The problems: (name, text, Knuth's program that reads it).
fn problems() -> Vec<(String, String, &'static str)> {
    let mut v = Vec::new();
    for seed in 1..=20u64 {
        v.push((format!("xcc-{seed}"), random_problem(seed, 14, 60, false), "dlx2"));
        v.push((format!("mcc-{seed}"), random_problem(1000 + seed, 12, 45, true), "dlx3"));
    }
    v
}

#[test]
fn counts_equal_knuths_programs() {
    let reference = Reference::new(include_str!("../../../tests/data/xc/knuth-counts.txt"), &["dlx2", "dlx3"], "counts");
    let mut nonzero = 0;
    for (name, text, program) in problems() {
        let named = knuth::parse(&text).unwrap();
        let ours = Solver::new(&named.problem).count();
        assert_eq!(Solver::new(&named.problem).count_memo(true).0, Some(ours as u128), "{name}: memo");
        let theirs = reference.numbers(&name, |dir| vec![knuth_count(dir, program, &text)]);
        assert_eq!(vec![u128::from(ours)], theirs, "{name}: gridlock {ours}, {program} {theirs:?}");
        nonzero += (ours > 0) as usize;
    }
    assert!(nonzero >= 10, "the random problems should mostly have solutions ({nonzero} of 40)");
}
