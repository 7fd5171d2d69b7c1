//! Smart beads on random trays: both engines against each other and against a plain
//! backtracking search written here from the rules (its own symmetry code, on the piece
//! table of the spec that the independent checker holds), with every printed tray
//! validated by that checker.

use proptest::prelude::*;
use puzzles::beads::{self, check, BeadsSolver, Engine};
use std::collections::HashSet;
use std::sync::OnceLock;

type Grid = [[u8; 10]; 10];

/// The distinct orientations of one piece, each a sorted list of cells from (0, 0).
type Orientations = Vec<Vec<(i32, i32)>>;

/// Every orientation of every piece.
fn orientations() -> &'static Vec<Orientations> {
    static O: OnceLock<Vec<Orientations>> = OnceLock::new();
    O.get_or_init(|| {
        check::PIECES
            .iter()
            .map(|rows| {
                let cells: Vec<(i32, i32)> = rows
                    .iter()
                    .enumerate()
                    .flat_map(|(r, row)| row.bytes().enumerate().filter(|&(_, b)| b == b'x').map(move |(c, _)| (r as i32, c as i32)))
                    .collect();
                let mut seen: Vec<Vec<(i32, i32)>> = Vec::new();
                for t in 0..8 {
                    let mut v: Vec<(i32, i32)> = cells
                        .iter()
                        .map(|&(r, c)| {
                            let (r, c) = if t & 1 == 1 { (c, r) } else { (r, c) };
                            (if t & 2 == 2 { -r } else { r }, if t & 4 == 4 { -c } else { c })
                        })
                        .collect();
                    let r0 = v.iter().map(|x| x.0).min().unwrap();
                    let c0 = v.iter().map(|x| x.1).min().unwrap();
                    for x in &mut v {
                        *x = (x.0 - r0, x.1 - c0);
                    }
                    v.sort();
                    if !seen.contains(&v) {
                        seen.push(v);
                    }
                }
                seen
            })
            .collect()
    })
}

fn in_tray(r: i32, c: i32) -> bool {
    (0..10).contains(&r) && 0 <= c && c <= r
}

/// All completions by first-empty-hole backtracking.
fn brute_force(grid: &mut Grid, out: &mut Vec<Grid>) {
    let first = (0..10).flat_map(|r| (0..=r).map(move |c| (r, c))).find(|&(r, c)| grid[r][c] == b'.');
    let Some((r, c)) = first else {
        out.push(*grid);
        return;
    };
    let used: HashSet<u8> = grid.iter().flatten().copied().collect();
    for (p, orients) in orientations().iter().enumerate() {
        let letter = b'A' + p as u8;
        if used.contains(&letter) {
            continue;
        }
        for o in orients {
            let (dr, dc) = (r as i32 - o[0].0, c as i32 - o[0].1);
            let fits = o.iter().all(|&(a, b)| in_tray(a + dr, b + dc) && grid[(a + dr) as usize][(b + dc) as usize] == b'.');
            if !fits {
                continue;
            }
            for &(a, b) in o {
                grid[(a + dr) as usize][(b + dc) as usize] = letter;
            }
            brute_force(grid, out);
            for &(a, b) in o {
                grid[(a + dr) as usize][(b + dc) as usize] = b'.';
            }
        }
    }
}

fn text(grid: &Grid) -> String {
    (0..10).map(|r| format!("{}\n", String::from_utf8(grid[r][..=r].to_vec()).unwrap())).collect()
}

fn empty_grid() -> Grid {
    [[b'.'; 10]; 10]
}

fn mirror(grid: &Grid) -> Grid {
    let mut m = empty_grid();
    for r in 0..10 {
        for c in 0..=r {
            m[9 - c][9 - r] = grid[r][c];
        }
    }
    m
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

/// Every 97th completion of the empty tray, as found by the solver and each validated.
fn pool() -> &'static Vec<Grid> {
    static P: OnceLock<Vec<Grid>> = OnceLock::new();
    P.get_or_init(|| {
        let solver = BeadsSolver::new(&beads::parse(text(&empty_grid()).as_bytes()).unwrap());
        let mut out = Vec::new();
        let mut k = 0;
        let _ = solver.for_each(Engine::Bitboard, |t| {
            if k % 97 == 0 {
                let s = beads::render(t);
                let mut g = empty_grid();
                for (r, line) in s.lines().enumerate() {
                    g[r][..=r].copy_from_slice(line.as_bytes());
                }
                out.push(g);
            }
            k += 1;
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(k, 32288);
        out
    })
}

/// Solves `grid` with both engines and checks everything that can be checked: agreement of
/// the engines, answers valid by the checker, and (with at most `brute_missing` pieces
/// missing) agreement with the brute force, including on "No solution" and on the count
/// up to mirror symmetry.
fn cross_check(grid: &Grid, brute_missing: usize) -> Result<u64, TestCaseError> {
    let input = text(grid);
    let tray = beads::parse(input.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}\n{input}")))?;
    let solver = BeadsSolver::new(&tray);
    let fast = solver.first(Engine::Bitboard);
    let dlx = solver.first(Engine::ExactCover);
    prop_assert_eq!(fast.is_some(), dlx.is_some());
    for t in fast.iter().chain(dlx.iter()) {
        let answer = beads::render(t);
        prop_assert_eq!(check::check(&input, &answer), Ok(check::Verdict::Solved), "{}", answer);
    }
    let count = solver.count(Engine::Bitboard);
    prop_assert_eq!(count, solver.count(Engine::ExactCover));
    prop_assert_eq!(count > 0, fast.is_some());
    let unique = solver.count_unique(Engine::Bitboard);
    prop_assert_eq!(unique, solver.count_unique(Engine::ExactCover));

    let present: HashSet<u8> = grid.iter().flatten().copied().filter(|&b| b != b'.').collect();
    if 12 - present.len() <= brute_missing {
        let mut all = Vec::new();
        brute_force(&mut grid.clone(), &mut all);
        prop_assert_eq!(count, all.len() as u64, "brute force disagrees on\n{}", input);
        let orbits: HashSet<Grid> = all.iter().map(|g| (*g).min(mirror(g))).collect();
        let expect_unique = if mirror(grid) == *grid { orbits.len() } else { all.len() };
        prop_assert_eq!(unique, expect_unique as u64, "unique count on\n{}", input);
    }
    Ok(count)
}

/// Places up to `n` random pieces at random legal positions (some attempts fail).
fn random_placements(rng: &mut Rng, n: usize) -> Grid {
    let mut g = empty_grid();
    for _ in 0..n {
        let p = rng.below(12) as usize;
        let letter = b'A' + p as u8;
        if g.iter().flatten().any(|&b| b == letter) {
            continue;
        }
        let orients = &orientations()[p];
        let o = &orients[rng.below(orients.len() as u64) as usize];
        let (dr, dc) = (rng.below(10) as i32, rng.below(10) as i32);
        if o.iter().all(|&(a, b)| in_tray(a + dr, b + dc) && g[(a + dr) as usize][(b + dc) as usize] == b'.') {
            for &(a, b) in o {
                g[(a + dr) as usize][(b + dc) as usize] = letter;
            }
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Pieces removed from a real completion: always solvable.
    #[test]
    fn solvable_trays(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let full = pool()[rng.below(pool().len() as u64) as usize];
        let keep: Vec<bool> = (0..12).map(|_| rng.below(3) != 0).collect();
        let mut g = full;
        for row in g.iter_mut() {
            for b in row.iter_mut() {
                if *b != b'.' && !keep[(*b - b'A') as usize] {
                    *b = b'.';
                }
            }
        }
        let count = cross_check(&g, 7)?;
        prop_assert!(count >= 1);
    }

    /// Random pieces at random places: mostly unsolvable, which must then be proved.
    #[test]
    fn random_trays(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        // At least five pieces, so that the brute force stays quick.
        let g = loop {
            let g = random_placements(&mut rng, 12);
            let placed: HashSet<u8> = g.iter().flatten().copied().filter(|&b| b != b'.').collect();
            if placed.len() >= 5 {
                break g;
            }
        };
        cross_check(&g, 7)?;
    }

    /// Trays equal to their own mirror image: the mirror halving of the count and the
    /// count up to symmetry, against the brute force.
    #[test]
    fn mirror_symmetric_trays(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        // Symmetric placements of pieces that have them, chosen at random.
        let mut g = empty_grid();
        for p in [0usize, 3, 4, 9, 10] {
            if rng.below(4) == 0 {
                continue;
            }
            let letter = b'A' + p as u8;
            let mut options = Vec::new();
            for o in &orientations()[p] {
                for dr in 0..10 {
                    for dc in 0..10 {
                        let cells: Vec<(i32, i32)> = o.iter().map(|&(a, b)| (a + dr, b + dc)).collect();
                        let ok = cells.iter().all(|&(a, b)| in_tray(a, b) && g[a as usize][b as usize] == b'.');
                        let sym = cells.iter().all(|&(a, b)| cells.contains(&(9 - b, 9 - a)));
                        if ok && sym {
                            options.push(cells);
                        }
                    }
                }
            }
            if options.is_empty() {
                continue;
            }
            for &(a, b) in &options[rng.below(options.len() as u64) as usize] {
                g[a as usize][b as usize] = letter;
            }
        }
        prop_assert_eq!(mirror(&g), g);
        cross_check(&g, 8)?;
    }
}

#[test]
fn the_empty_tray_counts() {
    let solver = BeadsSolver::new(&beads::parse(text(&empty_grid()).as_bytes()).unwrap());
    assert_eq!(solver.count(Engine::Bitboard), 32288);
    assert_eq!(solver.count_unique(Engine::Bitboard), 16144);
    assert_eq!(solver.count(Engine::ExactCover), 32288);
    assert_eq!(pool().len(), 333);
    for g in pool() {
        assert_eq!(check::check(&text(&empty_grid()), &text(g)), Ok(check::Verdict::Solved));
    }
}
