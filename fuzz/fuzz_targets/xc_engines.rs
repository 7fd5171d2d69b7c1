#![no_main]
//! Fuzz target: every exact-cover engine on the same small problem (Knuth's DLX format,
//! at most 14 options): dancing links with and without the count of empty lists, live-
//! option bitsets (Algorithm C or M), the memoized count in both branching orders, and
//! a count cut into subtrees on two threads. All must list the same solutions in the same
//! order (and the same nodes where they search one tree), count them alike, and every
//! solution must pass a check written from the rules here. The ZDD's paths, its samples,
//! the problem left by preprocessing and the cheapest solutions (with their count) must
//! agree with that listing, and so must the propagating search, with some options forced.
use exact_cover::parallel::CountOptions;
use exact_cover::{BitSolver, BitSolverM, Color, Order, Problem, Solver};
use libfuzzer_sys::fuzz_target;

/// Whether `chosen` is a solution by the rules: each primary item covered within its
/// multiplicity, each secondary item at most once uncolored or always with one color.
fn holds(p: &Problem, chosen: &[usize]) -> bool {
    let mut covered = vec![0u32; p.items()];
    let mut color: Vec<Option<Color>> = vec![None; p.items()];
    for &k in chosen {
        for &(i, c) in p.option(k) {
            let i = i as usize;
            covered[i] += 1;
            if i >= p.primary_items() {
                if c == Color::NONE && covered[i] > 1 {
                    return false;
                }
                match color[i] {
                    Some(prev) if prev != c || c == Color::NONE => return false,
                    _ => color[i] = Some(c),
                }
            }
        }
    }
    (0..p.primary_items()).all(|i| {
        let (lo, hi) = p.multiplicity(i);
        (lo..=hi).contains(&covered[i])
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(named) = exact_cover::knuth::parse(text) else { return };
    let p = &named.problem;
    if p.options() > 14 {
        return;
    }
    let list = |mut s: Solver| {
        let all: Vec<Vec<usize>> = s.solutions().collect();
        (all, s.stats().nodes)
    };
    let (tracked, tracked_nodes) = list(Solver::with_tracking(p, true));
    let (plain, plain_nodes) = list(Solver::with_tracking(p, false));
    assert_eq!(tracked, plain);
    assert_eq!(tracked_nodes, plain_nodes);
    for s in &plain {
        assert!(holds(p, s), "not a solution: {s:?}");
    }
    if p.has_multiplicities() {
        if let Some(mut b) = BitSolverM::new(p) {
            let bits: Vec<Vec<usize>> = std::iter::from_fn(|| b.next_solution().map(<[usize]>::to_vec)).collect();
            assert_eq!(bits, plain);
        }
    } else if let Some(mut b) = BitSolver::new(p) {
        let bits: Vec<Vec<usize>> = std::iter::from_fn(|| b.next_solution().map(<[usize]>::to_vec)).collect();
        assert_eq!(bits, plain);
    }
    let n = plain.len() as u128;
    for order in [Order::FewestOptions, Order::Frontier] {
        assert_eq!(Solver::new(p).count_memo_in(order).0, Some(n));
    }
    assert_eq!(Solver::new(p).count_memo(false).0, Some(n));
    // The cheapest solutions (costs as DLX5's `|n`): the 3 cheapest costs are those of
    // the listing, priced here, on dancing links (without multiplicities) and on the
    // engine the strategy chooses (bitsets, multiplicities too); and so is the count of
    // the cheapest.
    let price = |s: &[usize]| s.iter().map(|&k| u128::from(p.cost(k))).sum::<u128>();
    let mut priced: Vec<u128> = plain.iter().map(|s| price(s)).collect();
    priced.sort_unstable();
    let least = priced.first().map(|&m| (m, priced.iter().filter(|&&c| c == m).count() as u128));
    priced.truncate(3);
    let mut answers = Vec::new();
    if !p.has_multiplicities() {
        answers.push(Solver::cheapest(p, 3).unwrap().0);
        assert_eq!(Solver::count_cheapest(p).unwrap().0, least);
    }
    if let Ok((found, _, _)) = exact_cover::strategy::cheapest(p, 3) {
        answers.push(found);
        assert_eq!(exact_cover::strategy::count_cheapest(p).unwrap().0, least);
    }
    for found in answers {
        assert_eq!(found.iter().map(|s| s.cost).collect::<Vec<_>>(), priced);
        for s in &found {
            assert!(holds(p, &s.options) && price(&s.options) == s.cost);
        }
    }
    // The ZDD: its paths are the listing's solutions; its samples are among them.
    let mut listed = plain.clone();
    listed.sort();
    match exact_cover::strategy::zdd(p, 1 << 20) {
        Ok((z, _, _)) => {
            let counts = z.counts();
            let mut paths: Vec<Vec<usize>> = (0..n).map(|r| z.unrank(&counts, r).unwrap()).collect();
            paths.sort();
            assert_eq!(paths, listed);
            for s in z.sample(5, n as u64).unwrap() {
                assert!(listed.binary_search(&s).is_ok());
            }
        }
        Err(exact_cover::ZddError::Multiplicities) => assert!(!Solver::new(p).memo_applies()),
        Err(e) => panic!("{e}"),
    }
    // Preprocessing keeps the solutions (in the original numbering).
    if !p.has_multiplicities() {
        let pre = exact_cover::preprocess::preprocess(p).unwrap();
        let mut s = Solver::new(&pre.problem);
        let mut kept: Vec<Vec<usize>> = s.solutions().map(|o| o.iter().map(|&k| pre.options[k]).collect()).collect();
        kept.iter_mut().for_each(|o| o.sort_unstable());
        kept.sort();
        assert_eq!(kept, listed);
    }
    // The tree cut into three shards (as threads and processes share it): the parts add up.
    let shard = |k| CountOptions { shard: Some((k, 3)), ..CountOptions::default() };
    let parts: u128 = (1..=3).map(|k| exact_cover::parallel::count_memo(p, &shard(k), false).unwrap()).sum();
    assert_eq!(parts, n);
    let memo_parts: u128 = (1..=3).map(|k| exact_cover::parallel::count_memo(p, &shard(k), true).unwrap()).sum();
    assert_eq!(memo_parts, n);
    // The propagating search (no colors, no multiplicities): the same set of solutions,
    // alone and with the options of a solution (or the first option) forced.
    if let Ok(mut prop) = exact_cover::Propagator::new(p) {
        let found = |prop: &mut exact_cover::Propagator, forced: &[usize]| {
            let mut all = Vec::new();
            prop.search(forced, &mut |s| {
                let mut s = s.to_vec();
                s.sort_unstable();
                all.push(s);
                std::ops::ControlFlow::Continue(())
            });
            all.sort();
            all
        };
        assert_eq!(found(&mut prop, &[]), listed);
        let forced: Vec<usize> = listed.first().map_or_else(|| (0..p.options().min(1)).collect(), |s| s[..s.len() / 2].to_vec());
        let within: Vec<Vec<usize>> = listed.iter().filter(|s| forced.iter().all(|f| s.contains(f))).cloned().collect();
        assert_eq!(found(&mut prop, &forced), within);
    }
});
