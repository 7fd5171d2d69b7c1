//! The count of empty item lists that lets dancing links find a forced move without a
//! scan of every item (kept on problems of at least `TRACK_FROM` primary items): on
//! random problems, with and without it, the same solutions in the same order, the same
//! search nodes, and the same memoized counts in both branching orders; and chains
//! thousands of levels deep answered in time linear in their depth.

use exact_cover::{Order, Problem, Solver, TRACK_FROM};
use proptest::prelude::*;

mod common;
use common::{brute_force, small_problem, small_problem_with_multiplicities};

/// Every solution in order and the nodes entered, with tracking on or off.
fn listed(p: &Problem, track: bool) -> (Vec<Vec<usize>>, u64) {
    let mut s = Solver::with_tracking(p, track);
    let all: Vec<Vec<usize>> = s.solutions().collect();
    (all, s.stats().nodes)
}

fn same_either_way(p: &Problem) -> Result<(), TestCaseError> {
    let (on, on_nodes) = listed(p, true);
    let (off, off_nodes) = listed(p, false);
    prop_assert_eq!(&on, &off);
    prop_assert_eq!(on_nodes, off_nodes, "the same search tree");
    let expected = brute_force(p).len() as u128;
    prop_assert_eq!(on.len() as u128, expected);
    for order in [Order::FewestOptions, Order::Frontier] {
        let (a, sa) = Solver::with_tracking(p, true).count_memo_in(order);
        let (b, sb) = Solver::with_tracking(p, false).count_memo_in(order);
        prop_assert_eq!(a, Some(expected));
        prop_assert_eq!(b, Some(expected));
        prop_assert_eq!(sa.nodes, sb.nodes, "the same memoized tree in {:?}", order);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn tracking_changes_nothing_but_time(p in small_problem(12)) {
        same_either_way(&p)?;
    }

    #[test]
    fn tracking_changes_nothing_with_multiplicities(p in small_problem_with_multiplicities(10)) {
        same_either_way(&p)?;
    }
}

/// A chain of `n` primary items, each covered by an option of its own, and a last item
/// that two options cover (two solutions, `n` levels deep).
fn chain(n: usize) -> Problem {
    let mut p = Problem::new(n, 0);
    for i in 0..n {
        p.add_option(&[i]).unwrap();
    }
    p.add_option(&[n - 1]).unwrap();
    p
}

#[test]
fn a_deep_chain_is_tracked_and_answered() {
    let n = 200_000;
    assert!(n >= TRACK_FROM);
    let p = chain(n);
    let mut s = Solver::new(&p);
    let first = s.next_solution().expect("a solution").to_vec();
    assert_eq!(first.len(), n);
    assert_eq!(first[n - 1], n - 1, "the first option of the last item first");
    assert!(s.next_solution().is_some());
    assert!(s.next_solution().is_none());
    assert_eq!(s.stats().nodes, n as u64 + 2, "one node a level, and the second leaf");
    for order in [Order::FewestOptions, Order::Frontier] {
        assert_eq!(Solver::new(&p).count_memo_in(order).0, Some(2));
    }
    assert_eq!(Solver::new(&p).count_memo(false).0, Some(2));
}
