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
use common::{knuth_count, knuth_programs, random_problem, recorded};

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
    let recorded = recorded(include_str!("../../../tests/data/xc/knuth-counts.txt"));
    let reference = knuth_programs(&["dlx2", "dlx3"], "counts");
    let record = std::env::var_os("GRIDLOCK_RECORD").is_some();
    let mut nonzero = 0;
    for (name, text, program) in problems() {
        let named = knuth::parse(&text).unwrap();
        let ours = Solver::new(&named.problem).count();
        assert_eq!(Solver::new(&named.problem).count_memo(true).0, Some(ours as u128), "{name}: memo");
        if let Some(dir) = &reference {
            let theirs = knuth_count(dir, program, &text);
            if record {
                println!("{name} {theirs}");
            }
            assert_eq!(u128::from(ours), theirs, "{name}: gridlock {ours}, {program} {theirs}");
        }
        if !record {
            assert_eq!(Some(&vec![u128::from(ours)]), recorded.get(&name), "{name}: the count recorded from {program}");
        }
        nonzero += (ours > 0) as usize;
    }
    assert!(nonzero >= 10, "the random problems should mostly have solutions ({nonzero} of 40)");
}
