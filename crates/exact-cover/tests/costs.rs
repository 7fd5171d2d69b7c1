//! The cheapest solutions ([`Solver::cheapest`], Knuth's DLX5) against a brute force that
//! prices every solution from the definition: on random problems with colors and costs,
//! the `k` cheapest costs are the brute force's `k` smallest, every solution returned is a
//! solution and costs what it says; and Knuth's format reads costs as DLX5 writes them.
//! Both engines are checked: the branch and bound on dancing links ([`Solver::cheapest`])
//! and the one on bitsets that [`strategy::cheapest`] chooses (which also takes
//! multiplicities).

use exact_cover::strategy::{self, Engine};
use exact_cover::{knuth, CostError, Priced, Problem, Solver};
use proptest::prelude::*;

mod common;
use common::{brute_force, is_solution, small_problem, small_problem_with_multiplicities, xorshift};

/// The sum of the costs of `options`.
fn price(p: &Problem, options: &[usize]) -> u128 {
    options.iter().map(|&k| u128::from(p.cost(k))).sum()
}

/// `p` with random costs (some zero, some large).
fn with_costs(p: Problem, costs: &[u64]) -> Problem {
    let mut p = p;
    for k in 0..p.options() {
        p.set_cost(k, costs[k % costs.len()]);
    }
    p
}

fn costs() -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(prop_oneof![Just(0u64), 0u64..10, 0u64..1000, Just(u64::MAX / 4)], 1..20)
}

/// Checks `found` against the brute force's `k` cheapest costs of `p`: the same costs,
/// each solution a solution that costs what it says, its options increasing, none twice.
fn check_k_cheapest(p: &Problem, k: usize, found: &[Priced]) -> Result<(), TestCaseError> {
    let mut all: Vec<u128> = brute_force(p).iter().map(|s| price(p, s)).collect();
    all.sort_unstable();
    all.truncate(k);
    let got: Vec<u128> = found.iter().map(|s| s.cost).collect();
    prop_assert_eq!(&got, &all);
    for s in found {
        prop_assert!(is_solution(p, &s.options), "{:?}", s);
        prop_assert_eq!(price(p, &s.options), s.cost);
        prop_assert!(s.options.windows(2).all(|w| w[0] < w[1]));
    }
    let mut distinct: Vec<&Vec<usize>> = found.iter().map(|s| &s.options).collect();
    distinct.sort();
    distinct.dedup();
    prop_assert_eq!(distinct.len(), found.len(), "no solution twice");
    Ok(())
}

/// The least cost of `p`'s solutions and how many have it, by the brute force.
fn brute_least(p: &Problem) -> Option<(u128, u128)> {
    let all: Vec<u128> = brute_force(p).iter().map(|s| price(p, s)).collect();
    all.iter().min().map(|&m| (m, all.iter().filter(|&&c| c == m).count() as u128))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn the_k_cheapest_are_the_brute_forces(p in small_problem(14), costs in costs(), k in 1usize..6) {
        let p = with_costs(p, &costs);
        check_k_cheapest(&p, k, &Solver::cheapest(&p, k).unwrap().0)?;
        let (found, _, engine) = strategy::cheapest(&p, k).unwrap();
        prop_assert_eq!(engine, Engine::CostBitsets);
        check_k_cheapest(&p, k, &found)?;
    }

    /// With multiplicities (and colors): the bitset engine against the brute force, for
    /// the `k` cheapest and for the count of the cheapest (small costs, so ties are common).
    #[test]
    fn costs_with_multiplicities_are_the_brute_forces(
        p in small_problem_with_multiplicities(12),
        costs in costs(),
        small in prop::collection::vec(0u64..4, 1..20),
        k in 1usize..6,
    ) {
        let priced = with_costs(p.clone(), &costs);
        check_k_cheapest(&priced, k, &strategy::cheapest(&priced, k).unwrap().0)?;
        let tied = with_costs(p, &small);
        prop_assert_eq!(strategy::count_cheapest(&tied).unwrap().0, brute_least(&tied));
    }
}

#[test]
fn knuths_format_reads_costs_as_dlx5() {
    let named = knuth::parse("a b | x\na b |3 |4\na |1\nb x:A |0\nb\n").unwrap();
    let p = &named.problem;
    assert_eq!((p.cost(0), p.cost(1), p.cost(2), p.cost(3)), (7, 1, 0, 0));
    let (best, stats) = Solver::cheapest(p, 1).unwrap();
    assert_eq!(best[0].cost, 1);
    assert_eq!(best[0].options, vec![1, 2]);
    assert_eq!(stats.tax, 1, "item a is taxed its cheapest option");
    for bad in ["a b\na |x\n", "a b\na |\n", "a b\na |-1\n", "a b\na |18446744073709551616\n"] {
        assert!(knuth::parse(bad).unwrap_err().message.contains("cost"), "{bad}");
    }
    let e = knuth::parse("a b\na |18446744073709551615 |1\n").unwrap_err();
    assert!(e.message.contains("2^64"), "{}", e.message);
}

#[test]
fn multiplicities_go_to_the_bitsets_and_no_solution_is_empty() {
    let mut p = Problem::new(1, 0);
    for cost in [5, 2, 3] {
        let k = p.add_option(&[0]).unwrap();
        p.set_cost(k, cost);
    }
    p.set_multiplicity(0, 1, 2).unwrap();
    assert_eq!(Solver::cheapest(&p, 1).unwrap_err(), CostError::Multiplicities);
    // Solutions: one or two of the three options; the cheapest are {1}, {2}, {0}, {1, 2}.
    let (found, _, engine) = strategy::cheapest(&p, 4).unwrap();
    assert_eq!(engine, Engine::CostBitsets);
    let mut got: Vec<(u128, Vec<usize>)> = found.into_iter().map(|s| (s.cost, s.options)).collect();
    got.sort();
    assert_eq!(got, vec![(2, vec![1]), (3, vec![2]), (5, vec![0]), (5, vec![1, 2])]);
    let mut q = Problem::new(2, 0);
    q.add_option(&[0]).unwrap();
    assert!(Solver::cheapest(&q, 3).unwrap().0.is_empty());
    assert!(strategy::cheapest(&q, 3).unwrap().0.is_empty());
    assert_eq!(strategy::count_cheapest(&q).unwrap().0, None);
}

/// Larger random problems than the brute force can take: `primary` primary items and 3
/// colored secondary ones, `options` options of 1 to 4 items with costs 0 to 99 (a
/// seeded xorshift), plus a cheap and a dear option for each item alone so that
/// solutions are many.
fn priced_problem(seed: u64, primary: usize, options: usize) -> Problem {
    let mut next = xorshift(seed);
    let mut p = Problem::new(primary, 3);
    for _ in 0..options {
        let mut items: Vec<(usize, exact_cover::Color)> = Vec::new();
        for _ in 0..1 + next(4) {
            let i = next(primary as u64) as usize;
            if !items.iter().any(|&(j, _)| j == i) {
                items.push((i, exact_cover::Color::NONE));
            }
        }
        if next(2) == 0 {
            items.push((primary + next(3) as usize, exact_cover::Color(1 + next(2) as u32)));
        }
        let k = p.add_colored_option(&items).unwrap();
        p.set_cost(k, next(100));
    }
    for i in 0..primary {
        let k = p.add_option(&[i]).unwrap();
        p.set_cost(k, 40 + next(200));
    }
    p
}

/// On problems of 12 to 16 primary items and up to 60 options (thousands of solutions),
/// the `k` cheapest costs equal those of every solution listed by the plain search and
/// priced here.
#[test]
fn the_k_cheapest_are_the_cheapest_of_the_listing() {
    for seed in 1..=40u64 {
        let p = priced_problem(seed, 12 + seed as usize % 5, 20 + seed as usize % 41);
        let mut all: Vec<u128> = Solver::new(&p).solutions().map(|s| price(&p, &s)).collect();
        all.sort_unstable();
        for k in [1, 3, 10] {
            let links = Solver::cheapest(&p, k).unwrap().0;
            let bitsets = strategy::cheapest(&p, k).unwrap().0;
            for found in [links, bitsets] {
                let got: Vec<u128> = found.iter().map(|s| s.cost).collect();
                assert_eq!(got, all[..k.min(all.len())], "seed {seed}, k {k}");
                for s in &found {
                    assert!(is_solution(&p, &s.options) && price(&p, &s.options) == s.cost, "seed {seed}");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The least cost and the number of solutions that have it, against the brute force.
    #[test]
    fn the_cheapest_are_counted(p in small_problem(14), costs in prop::collection::vec(0u64..4, 1..20)) {
        // Small costs, so that ties are common.
        let p = with_costs(p, &costs);
        let want = brute_least(&p);
        prop_assert_eq!(Solver::count_cheapest(&p).unwrap().0, want);
        prop_assert_eq!(strategy::count_cheapest(&p).unwrap().0, want);
    }
}

/// Packing-like problems: `pieces` items that no option holds two of (so the bound that
/// adds up the cheapest options of such items is in play) and `cells` items, each option
/// a piece and one to three cells, with costs.
fn packing_like() -> impl Strategy<Value = Problem> {
    (3usize..5, 3usize..8).prop_flat_map(|(pieces, cells)| {
        prop::collection::vec((0..pieces, prop::collection::btree_set(0..cells, 1..4), 0u64..30), 4..18).prop_map(move |rows| {
            let mut p = Problem::new(pieces + cells, 0);
            for (piece, set, cost) in rows {
                let items: Vec<usize> = std::iter::once(piece).chain(set.iter().map(|&c| pieces + c)).collect();
                let k = p.add_option(&items).unwrap();
                p.set_cost(k, cost);
            }
            p
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn packings_with_costs_equal_the_brute_force(p in packing_like(), k in 1usize..4) {
        let mut all: Vec<u128> = brute_force(&p).iter().map(|s| price(&p, s)).collect();
        all.sort_unstable();
        let want = all.first().map(|&m| (m, all.iter().filter(|&&c| c == m).count() as u128));
        for found in [Solver::cheapest(&p, k).unwrap().0, strategy::cheapest(&p, k).unwrap().0] {
            prop_assert_eq!(found.iter().map(|s| s.cost).collect::<Vec<_>>(), all.iter().copied().take(k).collect::<Vec<_>>());
        }
        prop_assert_eq!(Solver::count_cheapest(&p).unwrap().0, want);
        prop_assert_eq!(strategy::count_cheapest(&p).unwrap().0, want);
    }
}
