//! The ZDD of every solution against Knuth's DLX6: on 20 seeded random colored problems
//! and domino tilings (and any of 10 random problems with multiplicities that gridlock
//! builds: counter mode, see `Solver::zdd`; these 10 are refused), the diagram gridlock writes in DLX6's text format is read back by the
//! tests' own reader: its paths are the solutions that `dlx6 m1`'s diagram has (compared
//! as sets) and it has no more nodes. `dlx6` is built by hand outside the tree from
//! Knuth's CWEB source (`../shared/reference/README.md` says where), in `GRIDLOCK_KNUTH`
//! (default `$TMPDIR/gridlock-knuth`); without it the counts and node counts it printed
//! once, recorded in `tests/data/xc/dlx6-zdd.txt`, are checked alone (and the test says
//! so on stderr). `GRIDLOCK_RECORD=1` prints the lines to record.

use exact_cover::{knuth, strategy, ZddError};

mod common;
#[path = "common/zdd_text.rs"]
mod zdd_text;
use common::{knuth_output, random_problem, Reference};

/// Domino tilings of `rows` x `cols` in Knuth's format.
fn dominoes(rows: usize, cols: usize) -> String {
    let mut text = format!("| domino tilings of {rows}x{cols}\n");
    let cells: Vec<String> = (0..rows * cols).map(|c| format!("c{c}")).collect();
    text += &cells.join(" ");
    text.push('\n');
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                text += &format!("c{} c{}\n", r * cols + c, r * cols + c + 1);
            }
            if r + 1 < rows {
                text += &format!("c{} c{}\n", r * cols + c, (r + 1) * cols + c);
            }
        }
    }
    text
}

fn problems() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = (1..=20u64).map(|seed| (format!("xcc-{seed}"), random_problem(seed, 14, 60, false))).collect();
    v.extend((1..=10u64).map(|seed| (format!("mcc-{seed}"), random_problem(1000 + seed, 12, 45, true))));
    v.extend([(4, 6), (6, 6), (4, 9)].iter().map(|&(r, c)| (format!("dominoes-{r}x{c}"), dominoes(r, c))));
    v
}

#[test]
fn diagrams_have_dlx6s_solutions_and_no_more_nodes() {
    let reference = Reference::new(include_str!("../../../tests/data/xc/dlx6-zdd.txt"), &["dlx6"], "counts");
    let mut built = 0;
    for (name, text) in problems() {
        let named = knuth::parse(&text).unwrap();
        let (zdd, _, _) = match strategy::zdd(&named.problem, 1 << 24) {
            Err(ZddError::Multiplicities) => continue,
            r => r.unwrap(),
        };
        built += 1;
        let ours = zdd_text::read(&zdd.to_knuth());
        let mut our_solutions = ours.solutions();
        our_solutions.sort();
        assert_eq!(our_solutions.len() as u128, ours.count(), "{name}: a path twice");
        let r = reference.numbers(&name, |dir| {
            let theirs = zdd_text::read(&knuth_output(dir, "dlx6", "m1", &text).0);
            let mut their_solutions = theirs.solutions();
            their_solutions.sort();
            assert_eq!(our_solutions, their_solutions, "{name}: the solutions of dlx6's diagram");
            vec![theirs.count(), theirs.real_nodes() as u128]
        });
        let (count, nodes) = (r[0], r[1] as usize);
        assert_eq!(ours.count(), count, "{name}: the count of dlx6's diagram");
        assert!(ours.real_nodes() <= nodes, "{name}: {} nodes, dlx6 had {nodes}", ours.real_nodes());
    }
    assert!(built >= 23, "only {built} problems built");
}
