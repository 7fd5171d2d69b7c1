//! The dancing-links solver against a brute force over every subset of options, on random
//! small problems with primary, secondary and colored items.

use exact_cover::{Color, Problem, Solver};
use proptest::prelude::*;
use std::collections::BTreeSet;

mod common;
use common::{brute_force, small_problem, small_problem_with_multiplicities};

/// The problem written in Knuth's format (items `i0 i1 ...`, colors `c1 c7`).
fn knuth_text(p: &Problem) -> String {
    let name = |i: usize| format!("i{i}");
    let primary: Vec<String> = (0..p.primary_items())
        .map(|i| match p.multiplicity(i) {
            (1, 1) => name(i),
            (lo, hi) => format!("{lo}:{hi}|{}", name(i)),
        })
        .collect();
    let secondary: Vec<String> = (p.primary_items()..p.items()).map(name).collect();
    let mut text = format!("| random\n{} | {}\n", primary.join(" "), secondary.join(" "));
    for k in 0..p.options() {
        let items: Vec<String> = p
            .option(k)
            .iter()
            .map(|&(i, c)| if c == Color::NONE { name(i as usize) } else { format!("{}:c{}", name(i as usize), c.0) })
            .collect();
        text.push_str(&items.join(" "));
        text.push('\n');
    }
    text
}

/// Lists the solutions of `p` on dancing links and checks them against the brute force:
/// each reported once, the same set. Returns the brute force's set and the solver.
fn solutions_equal_brute_force_of(p: &Problem) -> Result<(BTreeSet<Vec<usize>>, Solver), TestCaseError> {
    let expected = brute_force(p);
    let mut s = Solver::new(p);
    let got: Vec<Vec<usize>> = s.solutions().collect();
    let got_set: BTreeSet<Vec<usize>> = got.iter().cloned().collect();
    prop_assert_eq!(got.len(), got_set.len(), "a solution was reported twice");
    prop_assert_eq!(&got_set, &expected);
    Ok((expected, s))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn subtrees_partition_the_solutions(p in small_problem(11), parts in 1usize..12) {
        let expected = brute_force(&p);
        let mut seen = BTreeSet::new();
        for prefix in Solver::split(&p, parts) {
            let mut s = Solver::below(&p, &prefix).unwrap();
            for sol in s.solutions() {
                prop_assert!(seen.insert(sol), "a solution in two subtrees");
            }
        }
        prop_assert_eq!(seen, expected.clone());
        let counted: u64 = Solver::split(&p, parts).iter().map(|pre| Solver::below(&p, pre).unwrap().count()).sum();
        prop_assert_eq!(counted, expected.len() as u64);
    }

    #[test]
    fn knuth_format_round_trip(p in small_problem(11)) {
        let named = exact_cover::knuth::parse(&knuth_text(&p)).unwrap();
        prop_assert_eq!(named.problem.options(), p.options());
        prop_assert_eq!(Solver::new(&named.problem).count(), brute_force(&p).len() as u64);
    }

    #[test]
    fn solutions_equal_brute_force(p in small_problem(11)) {
        let (expected, s) = solutions_equal_brute_force_of(&p)?;
        prop_assert_eq!(s.stats().solutions, expected.len() as u64);
        prop_assert_eq!(Solver::new(&p).count(), expected.len() as u64);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn memoized_counts_equal_brute_force(p in small_problem(11)) {
        let expected = brute_force(&p).len() as u128;
        let (memo, st) = Solver::new(&p).count_memo(true);
        prop_assert_eq!(memo, Some(expected));
        prop_assert!(st.kept, "small problems keep the table");
        prop_assert_eq!(Solver::new(&p).count_memo(false).0, Some(expected));
    }

    /// Larger random problems with repeated structure (options drawn from few shapes, so
    /// subproblems repeat): the memoized count equals the plain one.
    #[test]
    fn memoized_counts_equal_plain_counts(n in 8usize..20, seed in any::<u64>(), colored in any::<bool>()) {
        let mut rng = seed | 1;
        let mut next = move || { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; rng };
        let secondary = if colored { 3 } else { 0 };
        let mut p = Problem::new(n, secondary);
        for _ in 0..(3 * n) {
            let start = (next() % n as u64) as usize;
            let len = 1 + (next() % 3) as usize;
            let mut items: Vec<(usize, Color)> = (start..(start + len).min(n)).map(|i| (i, Color::NONE)).collect();
            if colored && next() % 2 == 0 {
                items.push((n + (next() % 3) as usize, Color(1 + (next() % 2) as u32)));
            }
            let _ = p.add_colored_option(&items);
        }
        let plain = Solver::new(&p).count() as u128;
        prop_assert_eq!(Solver::new(&p).count_memo(true).0, Some(plain));
    }
}

/// Domino tilings of an `r x c` board as exact cover: one item per cell, one option per
/// domino position.
fn dominoes(r: usize, c: usize) -> Problem {
    let mut p = Problem::new(r * c, 0);
    for i in 0..r {
        for j in 0..c {
            if j + 1 < c {
                p.add_option(&[i * c + j, i * c + j + 1]).unwrap();
            }
            if i + 1 < r {
                p.add_option(&[i * c + j, (i + 1) * c + j]).unwrap();
            }
        }
    }
    p
}

/// Kasteleyn's formula for the domino tilings of an `m x n` board (m, n even):
/// the product over 1 <= j <= m/2, 1 <= k <= n/2 of 4 cos^2(pi j / (m+1)) + 4 cos^2(pi k
/// / (n+1)), rounded (exact in f64 for the sizes used here).
fn kasteleyn(m: usize, n: usize) -> u128 {
    let mut prod = 1.0f64;
    for j in 1..=m / 2 {
        for k in 1..=n / 2 {
            let a = (std::f64::consts::PI * j as f64 / (m + 1) as f64).cos();
            let b = (std::f64::consts::PI * k as f64 / (n + 1) as f64).cos();
            prod *= 4.0 * a * a + 4.0 * b * b;
        }
    }
    prod.round() as u128
}

#[test]
fn domino_tilings_counted_by_memo() {
    assert_eq!(kasteleyn(8, 8), 12_988_816);
    for (r, c) in [(2, 2), (4, 4), (6, 6), (4, 8), (8, 8)] {
        let (count, st) = Solver::new(&dominoes(r, c)).count_memo(true);
        assert_eq!(count, Some(kasteleyn(r, c)), "{r}x{c}");
        assert!(st.hits > 0 || r * c <= 4);
    }
    // A 2 x n strip: Fibonacci numbers.
    let (mut a, mut b) = (1u128, 1u128);
    for n in 1..=40 {
        assert_eq!(Solver::new(&dominoes(2, n)).count_memo(true).0, Some(b), "2x{n}");
        (a, b) = (b, a + b);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn algorithm_m_equals_brute_force(p in small_problem_with_multiplicities(11)) {
        let (expected, _) = solutions_equal_brute_force_of(&p)?;
        prop_assert_eq!(Solver::new(&p).count_memo(true).0, Some(expected.len() as u128));
        // In Knuth's format and back.
        let named = exact_cover::knuth::parse(&knuth_text(&p)).unwrap();
        prop_assert_eq!(Solver::new(&named.problem).count(), expected.len() as u64);
    }
}

/// n queens with the diagonals as secondary items.
fn queens(n: usize) -> Problem {
    let mut p = Problem::new(2 * n, 4 * n - 2);
    for i in 0..n {
        for j in 0..n {
            p.add_option(&[i, n + j, 2 * n + i + j, 2 * n + (2 * n - 1) + (i + n - 1 - j)]).unwrap();
        }
    }
    p
}

#[test]
fn the_memo_table_is_dropped_where_it_does_not_pay() {
    // Queens: subproblems rarely repeat, so after the trial the count enumerates.
    let (count, st) = Solver::new(&queens(12)).count_memo(true);
    assert_eq!(count, Some(14200));
    assert!(!st.kept && st.nodes > exact_cover::MEMO_TRIAL, "{st:?}");
    // Dominoes: nearly every subproblem repeats, and the table stays.
    let (count, st) = Solver::new(&dominoes(10, 10)).count_memo(true);
    assert_eq!(count, Some(kasteleyn(10, 10)));
    assert!(st.kept && st.saved > st.nodes, "{st:?}");
}
