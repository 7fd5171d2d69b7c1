//! Tests of the [`Propagator`] against dancing links.

use super::*;
use crate::Solver;
use proptest::prelude::*;

/// Every solution of `problem` containing `forced`, each sorted, the list sorted.
fn by_propagation(problem: &Problem, forced: &[usize]) -> Vec<Vec<usize>> {
    let mut p = Propagator::new(problem).unwrap();
    let mut out = Vec::new();
    p.search(forced, &mut |s| {
        let mut s = s.to_vec();
        s.sort_unstable();
        out.push(s);
        ControlFlow::Continue(())
    });
    out.sort();
    out
}

/// The same by dancing links, on the problem without the options that conflict with
/// `forced` (a second algorithm: it knows nothing of propagation).
fn by_dancing_links(problem: &Problem, forced: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Solver::new(problem)
        .solutions()
        .filter(|s| forced.iter().all(|f| s.contains(f)))
        .map(|s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            s
        })
        .collect();
    out.sort();
    out
}

/// Options of 1 to `widest` items, the first primary.
fn random_problem(seed: u64, primary: usize, secondary: usize, options: usize, widest: u64) -> Problem {
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut p = Problem::new(primary, secondary);
    for _ in 0..options {
        let len = 1 + (next() % widest) as usize;
        // Every option has a primary item.
        let mut items: Vec<usize> = vec![(next() % primary as u64) as usize];
        items.extend((1..len).map(|_| (next() % (primary + secondary) as u64) as usize));
        items.sort_unstable();
        items.dedup();
        p.add_option(&items).unwrap();
    }
    p
}

#[test]
fn queens_and_a_forced_corner() {
    // 6 queens as exact cover: rows and columns primary, diagonals secondary.
    let n = 6;
    let mut p = Problem::new(2 * n, 4 * n - 2);
    for r in 0..n {
        for c in 0..n {
            p.add_option(&[r, n + c, 2 * n + r + c, 2 * n + 2 * n - 1 + (n - 1 + r - c)]).unwrap();
        }
    }
    let mut prop = Propagator::new(&p).unwrap();
    assert_eq!(prop.count(&[], u64::MAX).0, 4);
    assert_eq!(by_propagation(&p, &[]), by_dancing_links(&p, &[]));
    // Queen at row 0, column 1 (option 1): one solution of the four.
    assert_eq!(prop.count(&[1], u64::MAX).0, 1);
    // Two queens in one row: none.
    assert_eq!(prop.count(&[0, 1], u64::MAX).0, 0);
    assert_eq!(prop.count(&[99], u64::MAX).0, 0);
}

#[test]
fn declines_colors_and_multiplicities() {
    let mut p = Problem::new(1, 1);
    p.add_colored_option(&[(0, Color::NONE), (1, Color(2))]).unwrap();
    assert_eq!(Propagator::new(&p).unwrap_err(), Declined::Colors);
    let mut p = Problem::new(1, 0);
    p.add_option(&[0]).unwrap();
    p.set_multiplicity(0, 0, 2).unwrap();
    assert_eq!(Propagator::new(&p).unwrap_err(), Declined::Multiplicities);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn same_solutions_as_dancing_links(seed in any::<u64>(), primary in 1usize..9, secondary in 0usize..4, options in 0usize..40, pick in any::<u64>(), wide in any::<bool>()) {
        // Options of at most 3 items take the fixed-length commit; up to 7, the other.
        let p = random_problem(seed, primary, secondary, options, if wide { 7 } else { 3 });
        let all = by_dancing_links(&p, &[]);
        prop_assert_eq!(by_propagation(&p, &[]), all.clone());
        // Forcing one option of some solution (or any option).
        let forced: Vec<usize> = match all.get((pick % 7) as usize) {
            Some(s) if !s.is_empty() => vec![s[(pick as usize / 7) % s.len()]],
            _ if options > 0 => vec![(pick % options as u64) as usize],
            _ => vec![],
        };
        prop_assert_eq!(by_propagation(&p, &forced), by_dancing_links(&p, &forced));
        let mut prop = Propagator::new(&p).unwrap();
        prop_assert_eq!(prop.count(&forced, 1).0, by_dancing_links(&p, &forced).len().min(1) as u64);
        // Forcing several options (committed all at once when that is cheaper): a
        // part of some solution chosen by `pick`'s bits, with another option or not.
        if let Some(s) = all.get((pick % 5) as usize) {
            let mut several: Vec<usize> = s.iter().enumerate().filter(|&(k, _)| pick >> (k % 64) & 1 == 1).map(|(_, &o)| o).collect();
            if pick >> 63 == 1 && options > 0 {
                several.push((pick >> 32) as usize % options);
            }
            prop_assert_eq!(by_propagation(&p, &several), by_dancing_links(&p, &several));
        }
    }
}
