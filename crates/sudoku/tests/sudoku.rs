//! The sudoku engines against each other, against the exact cover encoding on dancing
//! links, against a brute force written from the rules, and against the judge.

use exact_cover::Solver as Dlx;
use proptest::prelude::*;
use sudoku::{check, encode, generate, parse, Alphabet, Cage, Engine, Rules, Solver};

fn sample(name: &str) -> Vec<Vec<u8>> {
    let path = format!("{}/../../tests/data/sudoku/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the sample list");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !parse::is_skipped(l))
        .map(|(k, l)| parse::parse_line(l, k + 1, 9, Alphabet::OneBased).expect("a puzzle line"))
        .collect()
}

/// The number of solutions by Algorithm C on the XCC encoding (up to `limit`), and the
/// first one.
fn xc_count(rules: &Rules, givens: &[u8], limit: u64) -> (u64, Option<Vec<u8>>) {
    let (problem, meanings) = encode::encode(rules, givens).unwrap();
    let mut dlx = Dlx::new(&problem);
    let (mut n, mut first) = (0, None);
    while n < limit {
        let Some(options) = dlx.next_solution() else { break };
        if first.is_none() {
            first = Some(encode::decode(rules, &meanings, options));
        }
        n += 1;
    }
    (n, first)
}

/// Every filling of the blanks by plain backtracking, each completed grid judged by
/// `check::check` alone (the groups are never consulted before a grid is full, but a
/// partial grid is pruned by a direct scan of rows, columns and regions).
fn brute_count(rules: &Rules, givens: &[u8]) -> u64 {
    let n = rules.size();
    let regions = rules.regions();
    let mut grid = givens.to_vec();
    fn go(rules: &Rules, givens: &[u8], grid: &mut Vec<u8>, i: usize, n: usize, regions: &[u8]) -> u64 {
        if i == n * n {
            return u64::from(check::check(rules, givens, grid).is_ok());
        }
        if givens[i] != 0 {
            return go(rules, givens, grid, i + 1, n, regions);
        }
        let mut total = 0;
        for d in 1..=n as u8 {
            let clash = (0..n * n).any(|j| j != i && grid[j] == d && (j / n == i / n || j % n == i % n || regions[j] == regions[i]));
            if !clash {
                grid[i] = d;
                total += go(rules, givens, grid, i + 1, n, regions);
                grid[i] = 0;
            }
        }
        total
    }
    go(rules, givens, &mut grid, 0, n, regions)
}

#[test]
fn the_public_lists_have_one_valid_solution_each() {
    let rules = Rules::classic(9).unwrap();
    let fast = Solver::new(rules.clone()).unwrap();
    assert_eq!(fast.engine(), Engine::Fast9);
    let general = fast.clone().with_engine(Engine::General);
    let batch = encode::Batch::new(&rules).unwrap();
    for name in ["puzzles2_17_clue.sample", "puzzles5_forum_hardest_1905_11+.sample"] {
        let puzzles = sample(name);
        assert!(puzzles.len() > 190, "{name}");
        for (k, p) in puzzles.iter().enumerate() {
            let (a, _) = fast.solutions(p, 3);
            let (b, _) = general.solutions(p, 3);
            let (c, _, _) = batch.solve(p, 3, true);
            assert_eq!(a.len(), 1, "{name} puzzle {k}");
            assert_eq!(a, b, "{name} puzzle {k}");
            assert_eq!(a, c, "{name} puzzle {k}");
            assert_eq!(check::check(&rules, p, &a[0]), Ok(()), "{name} puzzle {k}");
            if k % 20 == 0 {
                let (n, first) = xc_count(&rules, p, 3);
                assert_eq!((n, first.as_ref()), (1, Some(&a[0])), "{name} puzzle {k}");
            }
        }
    }
}

/// With givens taken away (puzzles of many solutions, where the 9 x 9 engine's guesses
/// go deep and its kept patterns change at every level), the 9 x 9 engine finds the same
/// solutions as the general engine, which shares none of its rules.
#[test]
fn the_engines_find_the_same_solutions_of_puzzles_with_many() {
    let rules = Rules::classic(9).unwrap();
    let fast = Solver::new(rules.clone()).unwrap();
    let general = fast.clone().with_engine(Engine::General);
    let puzzles = sample("puzzles5_forum_hardest_1905_11+.sample");
    let mut many = 0;
    for (k, p) in puzzles.iter().enumerate().take(60) {
        let mut fewer = p.clone();
        let mut seen = 0;
        for d in fewer.iter_mut() {
            if *d != 0 {
                seen += 1;
                if seen % (2 + k % 3) == 0 {
                    *d = 0;
                }
            }
        }
        let (mut a, _) = fast.solutions(&fewer, 400);
        let (mut b, _) = general.solutions(&fewer, 400);
        a.sort();
        b.sort();
        if a.len() < 400 {
            assert_eq!(a, b, "puzzle {k}");
        } else {
            assert_eq!(b.len(), 400, "puzzle {k}");
        }
        many += usize::from(a.len() > 1);
        for g in &a {
            assert_eq!(check::check(&rules, &fewer, g), Ok(()), "puzzle {k}");
        }
    }
    assert!(many >= 30, "{many} puzzles of more than one solution");
}

/// Jigsaw maps for the property tests (n x n, n regions of n cells).
const MAPS: [&str; 3] = ["AAB\nACB\nCCB", "AABBB\nAABCB\nDACCC\nDDEEC\nDDEEE", "AAABBB\nAAABBB\nCCCDDD\nCCCDDD\nEEEFFF\nEEEFFF"];

/// Rules for a case: the size and variants, with cages cut from a solved grid.
fn rules_of(kind: usize, cages: &[(Vec<usize>, Vec<u8>)]) -> Rules {
    let mk_cages = |n: usize| -> Vec<Cage> {
        cages
            .iter()
            .filter(|(cells, _)| cells.iter().all(|&c| c < n * n))
            .map(|(cells, grid)| Cage { sum: cells.iter().map(|&c| grid[c] as u32).sum(), cells: cells.clone() })
            .collect()
    };
    match kind {
        0 => Rules::classic(4).unwrap(),
        1 => Rules::new(4, None, true, false, Vec::new()).unwrap(),
        2 => Rules::new(4, None, false, true, Vec::new()).unwrap(),
        3 => Rules::new(4, None, false, false, mk_cages(4)).unwrap(),
        4 | 5 => {
            let (n, map) = parse::parse_regions(MAPS[kind - 3]).unwrap();
            Rules::new(n, Some(map), false, false, if kind == 5 { mk_cages(n) } else { Vec::new() }).unwrap()
        }
        _ => {
            let (n, map) = parse::parse_regions(MAPS[0]).unwrap();
            Rules::new(n, Some(map), true, false, Vec::new()).unwrap()
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// On small grids of every variant, with random givens taken from a solution and
    /// killer cages cut from it: the general engine's count equals dancing links on the
    /// exact cover encoding and a brute force; every solution it gives passes the judge.
    #[test]
    fn small_grids_count_alike(kind in 0usize..7, seed in any::<u64>(), keep in 0u32..100, cage_cells in proptest::collection::vec(0usize..25, 0..6)) {
        let base = rules_of(kind, &[]);
        let solver = Solver::new(base.clone()).unwrap();
        let n = base.size();
        let Some(full) = generate::generate(&solver, seed, generate::Symmetry::None).map(|g| g.solution) else {
            // These rules have no solution at all: every engine agrees.
            prop_assert_eq!(xc_count(&base, &vec![0; n * n], 1).0, 0);
            return Ok(());
        };
        // Cages of two or three consecutive listed cells, sums from the full grid.
        let cages: Vec<(Vec<usize>, Vec<u8>)> = cage_cells
            .chunks(2)
            .map(|c| { let mut c = c.to_vec(); c.sort(); c.dedup(); (c, full.clone()) })
            .filter(|(c, g)| c.iter().all(|&x| x < n * n) && (c.len() < 2 || g[c[0]] != g[c[c.len() - 1]]))
            .collect();
        // Cages must not overlap: keep the first of overlapping ones.
        let mut used = vec![false; n * n];
        let cages: Vec<_> = cages.into_iter().filter(|(c, _)| {
            let free = c.iter().all(|&x| !used[x]);
            if free { for &x in c { used[x] = true; } }
            free
        }).collect();
        let rules = rules_of(kind, &cages);
        let solver = Solver::new(rules.clone()).unwrap();
        let mut rng = seed;
        let givens: Vec<u8> = full.iter().map(|&d| {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if (rng >> 33) % 100 < keep as u64 / 3 { d } else { 0 }
        }).collect();
        // Counts are compared up to a cap (a 6x6 grid with no clue has 28200960
        // solutions); the brute force runs on the small grids with fewer solutions.
        const CAP: u64 = 5000;
        let (mine, _) = solver.count(&givens, CAP);
        let (dlx, _) = xc_count(&rules, &givens, CAP);
        prop_assert_eq!(mine, dlx);
        // The encoding built once, the givens forced on the propagating engine (rules
        // without cages; with cages it declines).
        match encode::Batch::new(&rules) {
            Some(batch) => {
                let (grids, k, _) = batch.solve(&givens, CAP, true);
                prop_assert_eq!(k, dlx);
                for g in &grids {
                    prop_assert_eq!(check::check(&rules, &givens, g), Ok(()));
                }
            }
            None => prop_assert!(!rules.cages().is_empty()),
        }
        if n <= 5 && mine < CAP {
            prop_assert_eq!(mine, brute_count(&rules, &givens));
        }
        let (grids, _) = solver.solutions(&givens, 50);
        for g in &grids {
            prop_assert_eq!(check::check(&rules, &givens, g), Ok(()));
        }
        prop_assert!(mine >= 1, "the full grid the givens came from is a solution");
    }

    /// The 9x9 engine and the general one list the same solutions of random sparse 9x9
    /// puzzles (givens from a generated grid), up to 30 of them, and so does the exact cover
    /// encoding's batch (the givens forced on `exact_cover::Propagator`).
    #[test]
    fn the_two_engines_agree_on_9x9(seed in any::<u64>(), keep in 12u64..40) {
        let fast = Solver::new(Rules::classic(9).unwrap()).unwrap();
        let general = fast.clone().with_engine(Engine::General);
        let full = generate::generate(&general, seed, generate::Symmetry::None).unwrap().solution;
        let mut rng = seed ^ 0x9e3779b97f4a7c15;
        let givens: Vec<u8> = full.iter().map(|&d| {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if (rng >> 33) % 81 < keep { d } else { 0 }
        }).collect();
        let (mut a, _) = fast.solutions(&givens, 30);
        let (mut b, _) = general.solutions(&givens, 30);
        let (mut c, _, _) = encode::Batch::new(fast.rules()).unwrap().solve(&givens, 30, true);
        prop_assert_eq!(a.len(), b.len());
        prop_assert_eq!(a.len(), c.len());
        if a.len() < 30 {
            a.sort();
            b.sort();
            c.sort();
            prop_assert_eq!(&a, &b);
            prop_assert_eq!(&a, &c);
        }
    }
}

#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let cases: Vec<(Rules, generate::Symmetry)> = vec![
        (Rules::classic(4).unwrap(), generate::Symmetry::None),
        (Rules::classic(9).unwrap(), generate::Symmetry::None),
        (Rules::classic(9).unwrap(), generate::Symmetry::Rotational),
        (Rules::new(9, None, true, false, Vec::new()).unwrap(), generate::Symmetry::None),
        (Rules::new(9, None, false, true, Vec::new()).unwrap(), generate::Symmetry::None),
        (rules_of(4, &[]), generate::Symmetry::None),
        (
            Rules::new(4, None, false, false, vec![Cage { sum: 3, cells: vec![0, 1] }, Cage { sum: 7, cells: vec![14, 15] }]).unwrap(),
            generate::Symmetry::None,
        ),
    ];
    for (k, (rules, symmetry)) in cases.into_iter().enumerate() {
        let solver = Solver::new(rules.clone()).unwrap();
        for seed in 0..3 {
            let g = generate::generate(&solver, seed, symmetry).unwrap();
            // Unique, by dancing links on the encoding (not the generator's engine).
            assert_eq!(xc_count(&rules, &g.puzzle, 2), (1, Some(g.solution.clone())), "case {k} seed {seed}");
            assert_eq!(check::check(&rules, &g.puzzle, &g.solution), Ok(()));
            let n = g.puzzle.len();
            for c in 0..n {
                if g.puzzle[c] == 0 {
                    continue;
                }
                let mut fewer = g.puzzle.clone();
                fewer[c] = 0;
                if symmetry == generate::Symmetry::Rotational {
                    fewer[n - 1 - c] = 0;
                    assert_eq!(g.puzzle[c] == 0, g.puzzle[n - 1 - c] == 0, "symmetric");
                }
                assert!(xc_count(&rules, &fewer, 2).0 >= 2, "case {k} seed {seed}: clue {c} could go");
            }
            assert_eq!(generate::generate(&solver, seed, symmetry).unwrap(), g, "reproducible");
        }
    }
}

#[test]
fn contradictions_and_bad_cages() {
    let rules = Rules::classic(9).unwrap();
    let solver = Solver::new(rules.clone()).unwrap();
    // Two givens that force a contradiction without sharing a unit: r1c1..r1c8 hold 1..8
    // and r2c9 holds 9, so r1c9 has no digit.
    let mut g = vec![0u8; 81];
    for (c, d) in g.iter_mut().take(8).zip(1..) {
        *c = d;
    }
    g[17] = 9;
    assert_eq!(parse::conflict(&rules, &g), None);
    assert_eq!(solver.count(&g, 10).0, 0);
    assert_eq!(solver.clone().with_engine(Engine::General).count(&g, 10).0, 0);
    assert_eq!(xc_count(&rules, &g, 10).0, 0);
    // Givens that break a rule outright (a digit twice in a row, a box, a column; a cage's
    // givens past its sum): no solution on either engine, nor on the encoding.
    let killer = Rules::new(9, None, false, false, vec![Cage { sum: 4, cells: vec![40, 41] }]).unwrap();
    for (rules, cells) in
        [(&rules, [(0, 5), (7, 5)]), (&rules, [(0, 5), (20, 5)]), (&rules, [(4, 7), (76, 7)]), (&killer, [(40, 3), (41, 2)])]
    {
        let mut g = vec![0u8; 81];
        for (cell, digit) in cells {
            g[cell] = digit;
        }
        assert!(parse::conflict(rules, &g).is_some(), "{cells:?}");
        let solver = Solver::new(rules.clone()).unwrap();
        assert_eq!(solver.count(&g, 10).0, 0, "{cells:?}");
        assert_eq!(solver.with_engine(Engine::General).count(&g, 10).0, 0, "{cells:?}");
        assert_eq!(xc_count(rules, &g, 10).0, 0, "{cells:?}");
    }
    assert!(Rules::new(9, None, false, false, vec![Cage { sum: 50, cells: vec![0, 1] }]).is_err());
    assert!(Rules::new(9, None, false, false, vec![Cage { sum: 3, cells: vec![0, 0] }]).is_err());
}
