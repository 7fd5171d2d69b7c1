//! The bitset engine ([`BitSolver`]) against a brute force over every subset of options
//! and against dancing links ([`Solver`]), which searches the same tree: the same
//! solutions in the same order and the same number of nodes; and the choice of engine in
//! [`exact_cover::strategy`].

use exact_cover::strategy::{count_below, Engine, Search};
use exact_cover::{BitSolver, BitSolverM, Color, Counting, Problem, Solver};
use proptest::prelude::*;
use std::collections::BTreeSet;

mod common;
use common::{brute_force, is_solution, small_problem, small_problem_with_multiplicities, xorshift};

/// Adds `options` random options to `p` (numbers below `n` from `next(n)`): each draws
/// `width.0 + next(width.1)` primary items (a repeat dropped), and one in `odds` a
/// secondary item, uncolored or of color 1 or 2.
fn add_random_options(p: &mut Problem, next: &mut impl FnMut(u64) -> u64, options: usize, width: (u64, u64), odds: u64) {
    let (primary, secondary) = (p.primary_items() as u64, p.secondary_items() as u64);
    for _ in 0..options {
        let mut items: Vec<(usize, Color)> = Vec::new();
        for _ in 0..width.0 + next(width.1) {
            let i = next(primary) as usize;
            if !items.iter().any(|&(j, _)| j == i) {
                items.push((i, Color::NONE));
            }
        }
        if next(odds) == 0 {
            let color = if next(3) == 0 { Color::NONE } else { Color(1 + next(2) as u32) };
            items.push(((primary + next(secondary)) as usize, color));
        }
        p.add_colored_option(&items).unwrap();
    }
}

/// Larger random problems (a seeded xorshift): `primary` primary items, a few colored
/// secondary ones, `options` options of 1 to 4 items, so that more than 64 options span
/// several words of live bits.
fn larger_problem(seed: u64, primary: usize, options: usize) -> Problem {
    let mut next = xorshift(seed);
    let mut p = Problem::new(primary, 4);
    add_random_options(&mut p, &mut next, options, (1, 3), 2);
    p
}

/// Solutions in the order found, and the search nodes entered by then.
type Listed = (Vec<Vec<usize>>, u64);

/// The first `cap` solutions of both engines (the bitset engine's three ways of counting
/// checked equal first), in order, with their node counts then.
fn both(p: &Problem, cap: usize) -> (Listed, Listed) {
    let listed = |counting| {
        let mut b = BitSolver::with_counting(p, Some(counting)).expect("a problem for bitsets");
        let fits = p.options() <= 8 * 64 && p.primary_items() <= 128;
        let expected = if counting == Counting::Dense && !fits { Counting::Popcount } else { counting };
        assert_eq!(b.counting(), expected, "the way of counting asked for, if the problem fits it");
        let mut bits = Vec::new();
        while let Some(s) = b.next_solution() {
            bits.push(s.to_vec());
            if bits.len() == cap {
                break;
            }
        }
        (bits, b.stats().nodes)
    };
    let bits = listed(Counting::Incremental);
    assert_eq!(listed(Counting::Popcount), bits, "popcounts and incremental counts search the same tree");
    assert_eq!(listed(Counting::Dense), bits, "dense popcounts and incremental counts search the same tree");
    let mut d = Solver::new(p);
    let links: Vec<Vec<usize>> = d.solutions().take(cap).collect();
    (bits, (links, d.stats().nodes))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn bitsets_equal_brute_force_and_dancing_links(p in small_problem(13)) {
        let expected = brute_force(&p);
        let ((bits, bit_nodes), (links, link_nodes)) = both(&p, usize::MAX);
        let set: BTreeSet<Vec<usize>> = bits.iter().cloned().collect();
        prop_assert_eq!(set.len(), bits.len(), "a solution was reported twice");
        prop_assert_eq!(&set, &expected);
        prop_assert_eq!(&bits, &links, "the same solutions in the same order");
        prop_assert_eq!(bit_nodes, link_nodes, "the same search tree");
        for counting in [Counting::Dense, Counting::Popcount, Counting::Incremental] {
            let mut b = BitSolver::with_counting(&p, Some(counting)).unwrap();
            prop_assert_eq!(b.count(), expected.len() as u64);
            prop_assert_eq!(b.stats().nodes, bit_nodes);
        }
    }

    #[test]
    fn bitset_subtrees_partition_the_solutions(p in small_problem(13), parts in 1usize..12) {
        let expected = brute_force(&p);
        let mut seen = BTreeSet::new();
        for prefix in Solver::split(&p, parts) {
            let mut b = BitSolver::below(&p, &prefix).expect("a prefix of the tree");
            while let Some(s) = b.next_solution() {
                prop_assert!(seen.insert(s.to_vec()), "a solution in two subtrees");
            }
        }
        prop_assert_eq!(seen, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bitsets_equal_dancing_links_on_larger_problems(seed in any::<u64>(), primary in 8usize..40, per_item in 2usize..8) {
        let p = larger_problem(seed, primary, primary * per_item);
        let cap = 20_000;
        let ((bits, bit_nodes), (links, link_nodes)) = both(&p, cap);
        prop_assert_eq!(&bits, &links);
        prop_assert_eq!(bit_nodes, link_nodes);
        for s in &bits {
            prop_assert!(is_solution(&p, s), "not a solution: {:?}", s);
        }
        if bits.len() < cap {
            // Cut into subtrees, counted on the chosen engine, memo on and off.
            let total = bits.len() as u128;
            let pieces: u128 =
                Solver::split(&p, 9).iter().map(|pre| count_below(&p, pre, false, &mut |_| {}).unwrap().count.unwrap()).sum();
            prop_assert_eq!(pieces, total);
            prop_assert_eq!(count_below(&p, &[], true, &mut |_| {}).unwrap().count, Some(total));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// More than 8 words of options: popcounts over the items' sparse words.
    #[test]
    fn bitsets_equal_dancing_links_past_eight_words(seed in any::<u64>(), primary in 80usize..100, per_item in 7usize..9) {
        let p = larger_problem(seed, primary, primary * per_item);
        prop_assert!(p.options() > 8 * 64);
        let ((bits, bit_nodes), (links, link_nodes)) = both(&p, 5_000);
        prop_assert_eq!(&bits, &links);
        prop_assert_eq!(bit_nodes, link_nodes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Up to 128 primary items (all the bits of a dense frame's uncovered items) and just
    /// past them.
    #[test]
    fn dense_frames_up_to_128_primary_items(seed in any::<u64>(), primary in 120usize..=130) {
        let p = larger_problem(seed, primary, 3 * primary);
        let ((bits, bit_nodes), (links, link_nodes)) = both(&p, 5_000);
        prop_assert_eq!(&bits, &links);
        prop_assert_eq!(bit_nodes, link_nodes);
        let auto = BitSolver::new(&p).unwrap().counting();
        prop_assert_eq!(auto == Counting::Dense, primary <= 128);
    }
}

#[test]
fn a_huge_multiplicity_takes_no_more_frames_than_options() {
    // Item a may be covered up to 2e9 times: the dense frames are bounded by the options
    // (a frame per unit of the bound would take 32 GB).
    let mut p = Problem::new(2, 0);
    p.set_multiplicity(0, 0, 2_000_000_000).unwrap();
    p.add_option(&[0, 1]).unwrap();
    p.add_option(&[0]).unwrap();
    p.add_option(&[0]).unwrap();
    let mut b = BitSolverM::new(&p).unwrap();
    assert!(b.is_dense());
    // Item b once, with any subset of the two {a} options: 4 solutions.
    assert_eq!(b.count(), 4);
    assert_eq!(Solver::new(&p).count(), 4);
}

#[test]
fn huge_multiplicities_order_the_item_choice_as_dancing_links() {
    // Items 0 and 1 have the same counts and degrees; their slacks (2^30 + 5 and 2^30 +
    // 3, past 30 bits) decide which is branched on first: item 1.
    let mut p = Problem::new(3, 0);
    p.set_multiplicity(0, 0, (1 << 30) + 5).unwrap();
    p.set_multiplicity(1, 0, (1 << 30) + 3).unwrap();
    for items in [&[0, 2][..], &[1, 2], &[0], &[1], &[0, 1]] {
        p.add_option(items).unwrap();
    }
    let ((bits, bit_nodes), (links, link_nodes)) = both_m(&p);
    assert_eq!(bits, links);
    assert_eq!(bit_nodes, link_nodes);
}

#[test]
fn a_prefix_off_the_tree_is_refused() {
    // Items 0, 1; options {0}, {1}, {0, 1}. The search branches on item 0 first.
    let mut p = Problem::new(2, 0);
    p.add_option(&[0]).unwrap();
    p.add_option(&[1]).unwrap();
    p.add_option(&[0, 1]).unwrap();
    assert!(BitSolver::below(&p, &[1]).is_none(), "option 1 does not cover item 0");
    assert!(BitSolver::below(&p, &[7]).is_none(), "no option 7");
    assert!(BitSolver::below(&p, &[2, 0]).is_none(), "nothing is left to branch on");
    assert_eq!(BitSolver::below(&p, &[0]).unwrap().count(), 1);
    assert_eq!(BitSolver::below(&p, &[2]).unwrap().count(), 1);
}

#[test]
fn the_strategy_names_its_engine() {
    // Plain and colored problems run on bitsets, multiplicities on Algorithm M there.
    let p = larger_problem(5, 20, 100);
    assert!(matches!(Search::new(&p).engine(), Engine::Bitsets(_)));
    let mut m = p.clone();
    m.set_multiplicity(0, 0, 2).unwrap();
    assert_eq!(Search::new(&m).engine(), Engine::BitsetsM(true));
    assert_eq!(Search::new(&m).engine().name(), "bitsets (Algorithm M, multiplicities, on live-option bitsets, dense frames), enumerating");
    // One item in 20000 options: 4e8 conflicting pairs, past MAX_PAIRS: dancing links.
    let mut wide = Problem::new(1, 0);
    for _ in 0..20000 {
        wide.add_option(&[0]).unwrap();
    }
    assert_eq!(Search::new(&wide).engine(), Engine::DancingLinks);
    assert_eq!(Search::new(&wide).count(), 20000);
    // A count that memoizes: dominoes on 6x6 keep the table; queens give it up and
    // enumerate on bitsets, with the trial's nodes in the statistics.
    let mut dominoes = Problem::new(36, 0);
    for i in 0..6 {
        for j in 0..6 {
            if j < 5 {
                dominoes.add_option(&[6 * i + j, 6 * i + j + 1]).unwrap();
            }
            if i < 5 {
                dominoes.add_option(&[6 * i + j, 6 * i + j + 6]).unwrap();
            }
        }
    }
    let c = count_below(&dominoes, &[], true, &mut |_| {}).unwrap();
    assert_eq!((c.count, c.engine), (Some(6728), Engine::Memo));
    let n = 11;
    let mut queens = Problem::new(2 * n, 4 * n - 2);
    for i in 0..n {
        for j in 0..n {
            queens.add_option(&[i, n + j, 2 * n + i + j, 2 * n + (2 * n - 1) + (i + n - 1 - j)]).unwrap();
        }
    }
    let c = count_below(&queens, &[], true, &mut |_| {}).unwrap();
    let plain = BitSolver::new(&queens).unwrap().count();
    assert_eq!(c.count, Some(2680));
    assert!(matches!(c.engine, Engine::Bitsets(_)), "{:?}", c.engine);
    assert_eq!(plain, 2680);
    let enumerated = BitSolver::new(&queens).map(|mut b| {
        b.count();
        b.stats().nodes
    });
    assert!(c.stats.nodes > enumerated.unwrap(), "the trial's nodes are counted too");
}

/// Every solution of Algorithm M on bitsets and on dancing links, in order, with nodes
/// (the bitset engine's dense and sparse frames checked equal first).
fn both_m(p: &Problem) -> (Listed, Listed) {
    let listed = |dense| {
        let mut b = BitSolverM::with_dense(p, dense).expect("a problem for bitsets");
        assert_eq!(b.is_dense(), dense && p.options() <= 8 * 64 && p.primary_items() <= 128);
        let mut bits = Vec::new();
        while let Some(s) = b.next_solution() {
            bits.push(s.to_vec());
        }
        (bits, b.stats().nodes)
    };
    let (bits, nodes) = listed(true);
    assert_eq!(listed(false), (bits.clone(), nodes), "dense and sparse frames search the same tree");
    for dense in [true, false] {
        let mut b = BitSolverM::with_dense(p, dense).expect("a problem for bitsets");
        assert_eq!(b.count(), bits.len() as u64, "count() passes the solutions listed");
        assert_eq!(b.stats().nodes, nodes);
    }
    let b_nodes = nodes;
    let mut d = Solver::new(p);
    let links: Vec<Vec<usize>> = d.solutions().collect();
    ((bits, b_nodes), (links, d.stats().nodes))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn algorithm_m_on_bitsets_equals_brute_force_and_dancing_links(p in small_problem_with_multiplicities(13)) {
        let expected = brute_force(&p);
        let ((bits, bit_nodes), (links, link_nodes)) = both_m(&p);
        let set: BTreeSet<Vec<usize>> = bits.iter().cloned().collect();
        prop_assert_eq!(set.len(), bits.len(), "a solution was reported twice");
        prop_assert_eq!(&set, &expected);
        prop_assert_eq!(&bits, &links, "the same solutions in the same order");
        prop_assert_eq!(bit_nodes, link_nodes, "the same search tree");
        prop_assert_eq!(Search::new(&p).count(), expected.len() as u64);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn algorithm_m_on_bitsets_equals_dancing_links_on_larger_problems(seed in any::<u64>(), primary in 8usize..30, per_item in 2usize..6) {
        let mut p = larger_problem(seed, primary, primary * per_item);
        let mut rng = seed.rotate_left(17) | 1;
        for item in 0..primary {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let (lo, hi) = [(1, 1), (0, 1), (1, 2), (2, 2), (0, 3)][(rng % 5) as usize];
            p.set_multiplicity(item, lo, hi).unwrap();
        }
        let cap = 20_000;
        let mut b = BitSolverM::new(&p).unwrap();
        let mut sparse = BitSolverM::with_dense(&p, false).unwrap();
        prop_assert!(b.is_dense() && !sparse.is_dense());
        let mut d = Solver::new(&p);
        for _ in 0..cap {
            let (x, y) = (b.next_solution().map(<[usize]>::to_vec), d.next_solution().map(<[usize]>::to_vec));
            prop_assert_eq!(&x, &y);
            prop_assert_eq!(&sparse.next_solution().map(<[usize]>::to_vec), &y);
            match x {
                Some(s) => prop_assert!(is_solution(&p, &s), "not a solution: {:?}", s),
                None => break,
            }
        }
        prop_assert_eq!(b.stats().nodes, d.stats().nodes);
        prop_assert_eq!(sparse.stats().nodes, d.stats().nodes);
    }
}

/// Random problems whose options have `width` to `width + 3` primary items (a colored
/// secondary item on some), so that exact covers are rare and a full count stays short
/// even with hundreds of options, plus one planted exact cover (the primary items in a
/// random order, cut into runs of 3 to 7) so that there is at least one: `primary`
/// primary items, `options` random options (a seeded xorshift).
fn sparse_cover_problem(seed: u64, primary: usize, options: usize, width: u64) -> Problem {
    let mut next = xorshift(seed);
    let mut p = Problem::new(primary, 6);
    add_random_options(&mut p, &mut next, options, (width, 4), 3);
    let mut order: Vec<usize> = (0..primary).collect();
    for i in (1..primary).rev() {
        order.swap(i, next(i as u64 + 1) as usize);
    }
    let mut rest = &order[..];
    while !rest.is_empty() {
        let (run, after) = rest.split_at((3 + next(5) as usize).min(rest.len()));
        p.add_option(run).unwrap();
        rest = after;
    }
    p
}

/// Counts that compact (the subtree below a node of few live options counted on dense
/// frames over just those, and dense frames narrowed) against the same counts without
/// compaction and against the solutions listed one by one: the same number, the same
/// nodes, and with popcounts the same updates.
fn compacted_against_plain(p: &Problem) -> Result<(), TestCaseError> {
    let listed = {
        let mut b = BitSolver::new(p).unwrap();
        let mut n = 0u64;
        while let Some(s) = b.next_solution() {
            prop_assert!(is_solution(p, s));
            n += 1;
        }
        (n, b.stats().nodes)
    };
    prop_assert!(listed.0 >= 1, "the planted solution");
    for counting in [Counting::Dense, Counting::Popcount, Counting::Incremental] {
        let run = |compact: bool| {
            let mut b = BitSolver::with_counting(p, Some(counting)).unwrap();
            b.set_compaction(compact);
            let n = b.count();
            (n, b.stats())
        };
        let ((with, stats), (without, plain)) = (run(true), run(false));
        prop_assert_eq!((with, stats.nodes), listed, "{:?} compacted against listed", counting);
        prop_assert_eq!((without, plain.nodes), listed, "{:?} plain against listed", counting);
        prop_assert_eq!(stats.solutions, plain.solutions);
        if counting != Counting::Incremental {
            prop_assert_eq!(stats.updates, plain.updates, "{:?}", counting);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Up to 160 options: dense from the root (narrowed as options die), or sparse
    /// compacted at the root.
    #[test]
    fn compacted_counts_equal_plain_counts(seed in any::<u64>(), primary in 8usize..32, per_item in 3usize..6) {
        compacted_against_plain(&sparse_cover_problem(seed, primary, primary * per_item, 2))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// 600 to 840 options over 120 to 140 primary items: sparse nodes first (past 768
    /// live options, or past 128 uncovered items), then compacted subtrees.
    #[test]
    fn compacted_counts_equal_plain_counts_past_the_threshold(seed in any::<u64>(), primary in 120usize..140, per_item in 5usize..7) {
        compacted_against_plain(&sparse_cover_problem(seed, primary, primary * per_item, 7))?;
    }
}

/// The first `cap` solutions of a bitset search counting `counting`, each call of
/// `next_solution` run within `budget` nodes ([`exact_cover::interrupt::with_budget`])
/// and called again while [`BitSolver::paused`]: the solutions in order, the nodes
/// entered, the pauses, and the most nodes between two solutions (or the start and the
/// end).
fn listed_in_pieces(p: &Problem, counting: Counting, budget: u64, cap: usize) -> (Listed, u64, u64) {
    let mut b = BitSolver::with_counting(p, Some(counting)).expect("a problem for bitsets");
    let (mut found, mut pauses, mut gap, mut last) = (Vec::new(), 0, 0, 0);
    while found.len() < cap {
        let (next, _) = exact_cover::interrupt::with_budget(budget, || b.next_solution().map(<[usize]>::to_vec));
        if next.is_some() || !b.paused() {
            gap = gap.max(b.stats().nodes - last);
            last = b.stats().nodes;
        }
        match next {
            Some(s) => found.push(s),
            None if b.paused() => pauses += 1,
            None => break,
        }
    }
    ((found, b.stats().nodes), pauses, gap)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// A search paused by a budget again and again goes on exactly where it stopped: the
    /// same solutions in the same order as a search never paused, and the same nodes (a
    /// node entered once more at each pause).
    #[test]
    fn a_paused_search_resumes_where_it_stopped(seed in any::<u64>(), primary in 16usize..40, per_item in 3usize..8, budget in 1u64..5000) {
        let p = larger_problem(seed, primary, primary * per_item);
        for counting in [Counting::Incremental, Counting::Popcount, Counting::Dense] {
            let ((whole, nodes), never, gap) = listed_in_pieces(&p, counting, u64::MAX / 2, 3000);
            prop_assert_eq!(never, 0);
            let ((pieces, paused_nodes), pauses, _) = listed_in_pieces(&p, counting, budget, 3000);
            prop_assert_eq!(&pieces, &whole, "{:?}: the same solutions in the same order", counting);
            prop_assert_eq!(paused_nodes, nodes + pauses, "{:?}: a node entered again at each of {} pauses", counting, pauses);
            if gap > budget + 2 * exact_cover::interrupt::POLL_INTERVAL {
                prop_assert!(pauses > 0, "{:?}: {} nodes between two solutions, budgets of {}, never paused", counting, gap, budget);
            }
        }
    }
}
