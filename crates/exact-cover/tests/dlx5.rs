//! The cheapest solutions against Knuth's DLX5: on 30 seeded random problems with colors
//! and costs, the 5 cheapest costs of both engines (dancing links and bitsets) equal those
//! `dlx5 k5` prints. `dlx5` is built by hand
//! outside the tree from Knuth's CWEB source (`../shared/reference/README.md` says where),
//! in `GRIDLOCK_KNUTH` (default `$TMPDIR/gridlock-knuth`); without it the costs it printed
//! once, recorded in `tests/data/xc/dlx5-costs.txt`, are checked alone (and the test says
//! so on stderr). `GRIDLOCK_RECORD=1` prints the lines to record.

use exact_cover::{knuth, strategy, Solver};
use std::path::Path;

mod common;
use common::{knuth_stderr, xorshift, Reference};

/// A random problem in Knuth's format (names of at most 8 characters, one-character
/// colors, as DLX5 reads them): `primary` items, 3 colored secondary ones, `options`
/// options of 1 to 4 primary items with costs 0 to 999 written as one or two `|n`, and a
/// dear option for each item alone so that there are solutions.
fn priced_problem(seed: u64, primary: usize, options: usize) -> String {
    let mut next = xorshift(seed);
    let mut text = format!("| random priced problem, seed {seed}\n");
    text += &(0..primary).map(|i| format!("p{i}")).collect::<Vec<_>>().join(" ");
    text += " | s0 s1 s2\n";
    for _ in 0..options {
        let mut items: Vec<String> = Vec::new();
        for _ in 0..1 + next(4) {
            let name = format!("p{}", next(primary as u64));
            if !items.contains(&name) {
                items.push(name);
            }
        }
        if next(2) == 0 {
            items.push(format!("s{}:{}", next(3), ["A", "B"][next(2) as usize]));
        }
        let cost = next(1000);
        let costs = if next(3) == 0 { format!("|{} |{}", cost / 2, cost - cost / 2) } else { format!("|{cost}") };
        text += &format!("{} {costs}\n", items.join(" "));
    }
    for i in 0..primary {
        text += &format!("p{i} |{}\n", 500 + next(1000));
    }
    text
}

fn problems() -> Vec<(String, String)> {
    (1..=30u64).map(|seed| (format!("priced-{seed}"), priced_problem(seed, 10 + seed as usize % 6, 25 + seed as usize % 30))).collect()
}

/// The optimum costs `dlx5 k5` prints for `text` ("The optimum cost is $N", or a list of
/// " $N" lines, "(repeated m times)" expanded), cheapest first.
fn dlx5_costs(dir: &Path, text: &str) -> Vec<u128> {
    let err = knuth_stderr(dir, "dlx5", "k5", text);
    let mut costs = Vec::new();
    let mut listing = false;
    for line in err.lines() {
        if let Some(rest) = line.strip_prefix("The optimum cost is $") {
            costs.push(rest.trim().parse().unwrap());
        } else if line.starts_with("The optimum costs are") {
            listing = true;
        } else if listing {
            let Some(rest) = line.trim().strip_prefix('$') else { break };
            let mut words = rest.split_whitespace();
            let cost: u128 = words.next().unwrap().parse().unwrap();
            let times = match (words.next(), words.next()) {
                (Some("(repeated"), Some(n)) => n.parse().unwrap(),
                _ => 1,
            };
            costs.extend(std::iter::repeat_n(cost, times));
        }
    }
    costs
}

#[test]
fn the_five_cheapest_equal_dlx5s() {
    let reference = Reference::new(include_str!("../../../tests/data/xc/dlx5-costs.txt"), &["dlx5"], "costs");
    for (name, text) in problems() {
        let named = knuth::parse(&text).unwrap();
        let (found, _) = Solver::cheapest(&named.problem, 5).unwrap();
        let ours: Vec<u128> = found.iter().map(|s| s.cost).collect();
        assert_eq!(ours.len(), 5, "{name}: at least five solutions");
        let (bitsets, _, _) = strategy::cheapest(&named.problem, 5).unwrap();
        assert_eq!(bitsets.iter().map(|s| s.cost).collect::<Vec<_>>(), ours, "{name}: bitsets against dancing links");
        assert_eq!(ours, reference.numbers(&name, |dir| dlx5_costs(dir, &text)), "{name}: gridlock against dlx5");
    }
}
