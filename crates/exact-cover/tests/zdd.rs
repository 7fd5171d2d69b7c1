//! The ZDD of every solution ([`Solver::zdd`], Knuth's DLX6) and the uniform samples drawn
//! from it, against a brute force written from the definition of a solution: its paths are
//! exactly the solutions, each once; it is reduced; and samples pass a chi-square test
//! that a sampler favouring the `hi` branches fails.

use exact_cover::{Problem, Solver, Zdd, ZddError, ZddLimit};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashSet};

mod common;
use common::{brute_force, small_problem, small_problem_with_multiplicities};

/// Every solution of the diagram, by unranking every rank.
fn paths(z: &Zdd) -> Vec<Vec<usize>> {
    let counts = z.counts();
    let n = z.count().unwrap();
    (0..n).map(|r| z.unrank(&counts, r).unwrap()).collect()
}

/// Reduced: no node with `hi` = ⊥, no two equal nodes, children before parents.
fn assert_reduced(z: &Zdd) {
    let mut seen = HashSet::new();
    for (k, n) in z.nodes().iter().enumerate() {
        let k = k as u32 + 2;
        assert_ne!(n.hi, 0, "node {k} has hi = ⊥");
        assert!(n.lo < k && n.hi < k, "node {k}'s children come after it");
        assert!(seen.insert(*n), "node {k} is a second copy");
    }
}

/// The diagram's solutions equal the brute force's, each once.
fn check(p: &Problem) -> Result<(), TestCaseError> {
    let want = brute_force(p);
    let (z, _) = Solver::new(p).zdd(usize::MAX).unwrap();
    assert_reduced(&z);
    prop_assert_eq!(z.count(), Some(want.len() as u128));
    let got = paths(&z);
    let set: BTreeSet<Vec<usize>> = got.iter().cloned().collect();
    prop_assert_eq!(set.len(), got.len(), "a solution twice");
    prop_assert_eq!(set, want);
    if z.count() == Some(0) {
        prop_assert_eq!(z.root(), 0);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn paths_are_the_solutions(p in small_problem(14)) {
        check(&p)?;
    }

    #[test]
    fn paths_are_the_solutions_with_multiplicities(p in small_problem_with_multiplicities(12)) {
        match Solver::new(&p).zdd(usize::MAX) {
            Err(ZddError::Multiplicities) => prop_assert!(!Solver::new(&p).memo_applies()),
            _ => check(&p)?,
        }
    }

    #[test]
    fn samples_are_solutions(p in small_problem(14), seed in any::<u64>()) {
        let (z, _) = Solver::new(&p).zdd(usize::MAX).unwrap();
        let want = brute_force(&p);
        let s = z.sample(20, seed).unwrap();
        prop_assert_eq!(s.len(), if want.is_empty() { 0 } else { 20 });
        for x in &s {
            prop_assert!(want.contains(x));
        }
        prop_assert_eq!(z.sample(20, seed).unwrap(), s, "the seed fixes the samples");
    }
}

/// Domino tilings of a `rows` x `cols` rectangle: cells are the items, dominoes the
/// options.
fn dominoes(rows: usize, cols: usize) -> Problem {
    let mut p = Problem::new(rows * cols, 0);
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                p.add_option(&[r * cols + c, r * cols + c + 1]).unwrap();
            }
            if r + 1 < rows {
                p.add_option(&[r * cols + c, (r + 1) * cols + c]).unwrap();
            }
        }
    }
    p
}

/// Pearson's statistic of `draws` against equal frequencies over `cells` outcomes.
fn chi_square(draws: &[Vec<usize>], cells: usize) -> f64 {
    let mut freq = std::collections::HashMap::<&Vec<usize>, u64>::new();
    for d in draws {
        *freq.entry(d).or_default() += 1;
    }
    assert!(freq.len() <= cells);
    let e = draws.len() as f64 / cells as f64;
    let seen: f64 = freq.values().map(|&o| (o as f64 - e).powi(2) / e).sum();
    seen + (cells - freq.len()) as f64 * e // outcomes never drawn
}

/// The upper `alpha` = 0.001 point of the chi-square distribution with `df` degrees of
/// freedom (Wilson and Hilferty's cube-root normal approximation, z = 3.0902).
fn chi_square_critical(df: f64) -> f64 {
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + 3.0902 * a.sqrt()).powi(3)
}

#[test]
fn samples_are_uniform_by_chi_square() {
    // 281 domino tilings of 4x6, 200 draws each on average.
    let p = dominoes(4, 6);
    let (z, _) = Solver::new(&p).zdd(usize::MAX).unwrap();
    assert_eq!(z.count(), Some(281));
    let n = 281 * 200;
    let draws = z.sample(n, 2026).unwrap();
    let want = brute_force_tilings(4, 6);
    assert!(draws.iter().all(|d| want.contains(d)), "every sample is a tiling");
    let critical = chi_square_critical(280.0);
    let stat = chi_square(&draws, 281);
    assert!(stat < critical, "chi-square {stat:.1} over 280 degrees of freedom reaches the 0.001 point {critical:.1}");

    // The same statistic rejects a walk that takes `hi` and `lo` with equal odds (a
    // search that picks a random branch at each choice, which is not uniform).
    let mut rng = 2026u64;
    let biased: Vec<Vec<usize>> = (0..n)
        .map(|_| {
            let mut k = z.root() as usize;
            let counts = z.counts();
            let mut opts = Vec::new();
            while k > 1 {
                let node = z.nodes()[k - 2];
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                if node.lo == 0 || counts[node.lo as usize] == Some(0) || rng.is_multiple_of(2) {
                    opts.push(node.option as usize);
                    k = node.hi as usize;
                } else {
                    k = node.lo as usize;
                }
            }
            opts.sort_unstable();
            opts
        })
        .collect();
    let stat = chi_square(&biased, 281);
    assert!(stat > critical, "the biased walk passed: {stat:.1}");
}

/// The domino tilings of `rows` x `cols`, by brute force over the options' subsets of the
/// right size (a tiling has `rows * cols / 2` dominoes), extending partial tilings cell by
/// cell: the first free cell takes a horizontal or a vertical domino.
fn brute_force_tilings(rows: usize, cols: usize) -> BTreeSet<Vec<usize>> {
    let p = dominoes(rows, cols);
    let mut out = BTreeSet::new();
    fn go(p: &Problem, covered: &mut Vec<bool>, chosen: &mut Vec<usize>, out: &mut BTreeSet<Vec<usize>>) {
        let Some(cell) = covered.iter().position(|&c| !c) else {
            let mut s = chosen.clone();
            s.sort_unstable();
            out.insert(s);
            return;
        };
        for k in 0..p.options() {
            let cells: Vec<usize> = p.option(k).iter().map(|&(i, _)| i as usize).collect();
            if cells.contains(&cell) && cells.iter().all(|&c| !covered[c]) {
                cells.iter().for_each(|&c| covered[c] = true);
                chosen.push(k);
                go(p, covered, chosen, out);
                chosen.pop();
                cells.iter().for_each(|&c| covered[c] = false);
            }
        }
    }
    go(&p, &mut vec![false; rows * cols], &mut Vec::new(), &mut out);
    out
}

#[test]
fn tilings_by_brute_force_agree() {
    let want = brute_force_tilings(4, 6);
    assert_eq!(want.len(), 281);
    let (z, _) = Solver::new(&dominoes(4, 6)).zdd(usize::MAX).unwrap();
    let got: BTreeSet<Vec<usize>> = paths(&z).into_iter().collect();
    assert_eq!(got, want);
}

#[test]
fn the_node_limit_stops_the_build() {
    let p = dominoes(4, 6);
    let (z, _) = Solver::new(&p).zdd(usize::MAX).unwrap();
    assert!(z.len() > 10);
    assert_eq!(Solver::new(&p).zdd(z.len() - 1).unwrap_err(), ZddError::TooManyNodes(z.len() - 1));
    assert_eq!(Solver::new(&p).zdd(z.len()).unwrap().0, z);
}

#[test]
fn the_memory_limit_stops_the_build_on_both_engines() {
    // The bytes charged: 64 a node and 80 plus the key's words for each subproblem stored,
    // so the diagram's nodes alone cost 64 each; a cap below that stops both engines with
    // the bytes named, and a cap well above it changes nothing.
    let p = dominoes(4, 6);
    let (z, _) = Solver::new(&p).zdd(usize::MAX).unwrap();
    let low = ZddLimit { nodes: usize::MAX, bytes: z.len() * ZddLimit::NODE_BYTES - 1 };
    assert_eq!(Solver::new(&p).zdd(low).unwrap_err(), ZddError::TooMuchMemory(low.bytes));
    assert_eq!(exact_cover::BitSolver::zdd(&p, low).unwrap().unwrap_err(), ZddError::TooMuchMemory(low.bytes));
    let high = ZddLimit { nodes: usize::MAX, bytes: 1 << 24 };
    assert_eq!(Solver::new(&p).zdd(high).unwrap().0, z);
    assert_eq!(exact_cover::BitSolver::zdd(&p, high).unwrap().unwrap().0, z);
}

#[test]
fn knuths_text_format() {
    // DLX6's example in miniature: options 1..5 from 1, the dummy root last.
    let named = exact_cover::knuth::parse("A B C\nA B\nC\nA\nB C\nB\n").unwrap();
    let (z, _) = Solver::new(&named.problem).zdd(100).unwrap();
    let text = z.to_knuth();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), z.len() + 1);
    assert_eq!(*lines.last().unwrap(), format!("{:x}: (~0?0:{:x})", z.len() + 2, z.root()));
    assert_eq!(z.count(), Some(3));
    // No solution: the root is ⊥; the empty problem: ⊤.
    let (none, _) = Solver::new(&exact_cover::knuth::parse("A B\nA\n").unwrap().problem).zdd(10).unwrap();
    assert_eq!((none.root(), none.to_knuth()), (0, "2: (~0?0:0)\n".to_string()));
    assert_eq!(Solver::new(&Problem::new(0, 0)).zdd(10).unwrap().0.root(), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The bitset construction branches as dancing links do, so it builds the same
    /// diagram; the strategy picks it for problems without colors.
    #[test]
    fn bitsets_build_the_dancing_links_diagram(p in small_problem(20)) {
        let links = Solver::new(&p).zdd(usize::MAX).unwrap();
        match exact_cover::BitSolver::zdd(&p, usize::MAX) {
            None => prop_assert!((0..p.options()).any(|k| p.option(k).iter().any(|&(_, c)| c != exact_cover::Color::NONE))),
            Some(bits) => {
                let bits = bits.unwrap();
                prop_assert_eq!(&bits.0, &links.0);
                prop_assert_eq!((bits.1.nodes, bits.1.hits, bits.1.entries), (links.1.nodes, links.1.hits, links.1.entries));
                let (_, _, engine) = exact_cover::strategy::zdd(&p, usize::MAX).unwrap();
                prop_assert_eq!(engine, exact_cover::strategy::Engine::ZddBitsets);
            }
        }
    }
}

#[test]
fn bitsets_build_the_dancing_links_diagram_of_tilings() {
    for (r, c) in [(4, 6), (5, 6), (6, 6)] {
        let p = dominoes(r, c);
        let links = Solver::new(&p).zdd(usize::MAX).unwrap().0;
        let bits = exact_cover::BitSolver::zdd(&p, usize::MAX).unwrap().unwrap().0;
        assert_eq!(bits, links, "{r}x{c}");
        assert_eq!(exact_cover::BitSolver::zdd(&p, links.len() - 1).unwrap().unwrap_err(), ZddError::TooManyNodes(links.len() - 1));
    }
    assert_eq!(Solver::new(&dominoes(6, 6)).zdd(usize::MAX).unwrap().0.count(), Some(6728));
}
