//! Tests of the dancing-links solver.

use super::*;

mod algorithm_c {
    use super::*;

    /// Knuth's example from "Dancing Links" (and TAOCP (5)): 7 items, 6 options, one
    /// solution made of options 0, 3, 4 in 0-based numbering.
    #[test]
    fn knuths_example() {
        let mut p = Problem::new(7, 0);
        for opt in [&[2, 4][..], &[0, 3, 6], &[1, 2, 5], &[0, 3, 5], &[1, 6], &[3, 4, 6]] {
            p.add_option(opt).unwrap();
        }
        let mut s = Solver::new(&p);
        let all: Vec<Vec<usize>> = s.solutions().collect();
        assert_eq!(all, vec![vec![0, 3, 4]]);
        assert!(s.stats().nodes >= 4);
        assert!(s.stats().updates > 0);
    }

    /// Knuth's XCC example (TAOCP (49)): primary p, q, r; secondary x, y. One solution:
    /// options "q x:A" and "p r x:A y".
    #[test]
    fn knuths_color_example() {
        let (p_, q, r, x, y) = (0, 1, 2, 3, 4);
        let a = Color(1);
        let b = Color(2);
        let mut p = Problem::new(3, 2);
        p.add_colored_option(&[(p_, Color::NONE), (q, Color::NONE), (x, Color::NONE), (y, a)]).unwrap();
        p.add_colored_option(&[(p_, Color::NONE), (r, Color::NONE), (x, a), (y, Color::NONE)]).unwrap();
        p.add_colored_option(&[(p_, Color::NONE), (x, b)]).unwrap();
        p.add_colored_option(&[(q, Color::NONE), (x, a)]).unwrap();
        p.add_colored_option(&[(r, Color::NONE), (y, b)]).unwrap();
        let mut s = Solver::new(&p);
        let all: Vec<Vec<usize>> = s.solutions().collect();
        assert_eq!(all, vec![vec![1, 3]]);
    }

    #[test]
    fn no_items_has_one_empty_solution() {
        let p = Problem::new(0, 0);
        let mut s = Solver::new(&p);
        assert_eq!(s.next_solution(), Some(&[][..]));
        assert_eq!(s.next_solution(), None);
        assert_eq!(s.next_solution(), None);
    }

    #[test]
    fn uncoverable_item_has_no_solution() {
        let mut p = Problem::new(2, 0);
        p.add_option(&[0]).unwrap();
        assert_eq!(Solver::new(&p).count(), 0);
    }

    #[test]
    fn builder_errors() {
        let mut p = Problem::new(2, 1);
        assert_eq!(p.add_option(&[]), Err(crate::ExactCoverError::NoPrimaryItem));
        assert_eq!(p.add_option(&[3]), Err(crate::ExactCoverError::NoSuchItem { item: 3, items: 3 }));
        assert_eq!(p.add_option(&[1, 1]), Err(crate::ExactCoverError::RepeatedItem(1)));
        assert_eq!(p.add_colored_option(&[(0, Color(5))]), Err(crate::ExactCoverError::ColoredPrimary(0)));
        assert_eq!(p.add_option(&[2]), Err(crate::ExactCoverError::NoPrimaryItem));
        assert_eq!(p.options(), 0);
    }

    #[test]
    fn a_repeated_item_is_refused_in_options_short_and_long() {
        // Options of 2 to 100 items (a pairwise scan up to 16, past it a bitset in a
        // problem of at most 4096 items, else a sort), the repeat anywhere, colored or
        // not: refused, and nothing added; without it, added.
        for (primary, secondary, spread) in [(60, 60, 7), (3000, 3000, 59)] {
            let mut p = Problem::new(primary, secondary);
            let items_in_all = primary + secondary;
            for len in 2..=100 {
                for (first, second) in [(0, 1), (0, len - 1), (len / 2, len - 1), (len - 2, len - 1)] {
                    let mut items: Vec<usize> = (0..len).map(|i| (i * spread) % items_in_all).collect();
                    let before = p.options();
                    assert_eq!(p.add_option(&items), Ok(before), "{len} distinct items");
                    if first == second {
                        continue;
                    }
                    items[second] = items[first];
                    assert_eq!(p.add_option(&items), Err(crate::ExactCoverError::RepeatedItem(items[first])), "{len}: {first}, {second}");
                    let colored: Vec<(usize, Color)> =
                        items.iter().map(|&i| (i, if i >= primary { Color(1) } else { Color::NONE })).collect();
                    assert_eq!(p.add_colored_option(&colored), Err(crate::ExactCoverError::RepeatedItem(items[first])));
                }
            }
            assert_eq!(p.options(), 99 * 4);
            assert!(p.add_option(&(0..items_in_all.min(120)).collect::<Vec<_>>()).is_ok());
        }
    }
}

#[cfg(test)]
mod progress_tests {
    use super::*;

    #[test]
    fn knuths_estimate_is_exact_on_a_uniform_tree() {
        // 4 independent items with 3 options each: every node at depth d has 3 children,
        // so at the j-th of the 81 leaves the estimate is (j + 1/2) / 81.
        let mut p = Problem::new(4, 0);
        for i in 0..4 {
            for _ in 0..3 {
                p.add_option(&[i]).unwrap();
            }
        }
        let mut s = Solver::new(&p);
        let watched = s.watch();
        let mut j = 0;
        while s.next_solution().is_some() {
            assert!((s.estimate() - (j as f64 + 0.5) / 81.0).abs() < 1e-12, "leaf {j}: {}", s.estimate());
            j += 1;
        }
        assert_eq!(j, 81);
        assert_eq!(watched.nodes(), 0, "fewer nodes than one refresh interval");
    }

    #[test]
    fn a_watched_count_publishes_its_progress_and_counts_the_same() {
        // Exact cover of 0..n by intervals of length 1 and 2: Fibonacci many solutions,
        // enough nodes for several refreshes when enumerated.
        let n = 26;
        let mut p = Problem::new(n, 0);
        for i in 0..n {
            p.add_option(&[i]).unwrap();
            if i + 1 < n {
                p.add_option(&[i, i + 1]).unwrap();
            }
        }
        let plain = Solver::new(&p).count_memo(false).0;
        let mut s = Solver::new(&p);
        let watched = s.watch();
        assert_eq!(s.count_memo(false).0, plain);
        assert!(watched.nodes() >= PROGRESS_INTERVAL);
        let f = watched.fraction();
        assert!((0.0..=1.0).contains(&f), "{f}");
        let mut listing = Solver::new(&p);
        let watched = listing.watch();
        let mut found = 0u128;
        while listing.next_solution().is_some() {
            found += 1;
        }
        assert_eq!(Some(found), plain);
        assert!(watched.solutions() > 0 && (0.0..=1.0).contains(&watched.fraction()));
    }
}
