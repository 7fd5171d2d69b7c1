//! The bitboard packer against the generic dancing-links engine on random packing
//! problems: equal counts, and every packing it enumerates covers the board exactly.

use exact_cover::{Problem, Solver};
use polyform::symmetry::{board_symmetries, count_with_symmetry, Restrict};
use polyform::{Board, Cell, Freedom, Packer, Placed, Shape};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;

/// A small deterministic generator (xorshift64*), so that one proptest seed is one case.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random board inside `rows x cols` (2x3 to 5x6) with some holes, cut into random connected pieces of
/// at most 5 cells; optionally one piece replaced by a random shape of the same size.
fn random_problem(seed: u64) -> (Board, Vec<Shape>, Freedom) {
    random_problem_with(seed, true)
}

/// As [`random_problem`]; without holes when `holes` is false (so that the board keeps
/// the symmetries of its rectangle).
fn random_problem_with(seed: u64, holes: bool) -> (Board, Vec<Shape>, Freedom) {
    let mut rng = Rng(seed | 1);
    let rows = 2 + rng.below(4) as i32;
    let cols = 3 + rng.below(4) as i32;
    let cells: Vec<Cell> = (0..rows).flat_map(|r| (0..cols).map(move |c| Cell::new(r, c, 0))).collect();
    let cells: Vec<Cell> = cells.into_iter().filter(|_| !holes || rng.below(8) != 0).collect();
    let board = Board::from_cells(cells.iter().copied());
    let mut free: HashSet<Cell> = cells.iter().copied().collect();
    let mut pieces = Vec::new();
    for &start in &cells {
        if !free.remove(&start) {
            continue;
        }
        // Pieces of 3 to 5 cells (smaller only where growth is blocked), so that packings
        // stay few enough to enumerate.
        let target = 3 + rng.below(3) as usize;
        let mut piece = vec![start];
        while piece.len() < target {
            let frontier: Vec<Cell> = piece
                .iter()
                .flat_map(|c| [(0, 1), (1, 0), (0, -1), (-1, 0)].map(|(dr, dc)| Cell::new(c.x + dr, c.y + dc, 0)))
                .filter(|c| free.contains(c))
                .collect();
            if frontier.is_empty() {
                break;
            }
            let next = frontier[rng.below(frontier.len() as u64) as usize];
            free.remove(&next);
            piece.push(next);
        }
        pieces.push(Shape::new(piece).unwrap());
    }
    if !pieces.is_empty() && rng.below(3) == 0 {
        // Replace one piece by a straight piece of the same size: often no packing.
        let k = rng.below(pieces.len() as u64) as usize;
        let n = pieces[k].len() as i32;
        pieces[k] = Shape::new((0..n).map(|c| Cell::new(0, c, 0))).unwrap();
    }
    let freedom = if rng.below(4) == 0 { Freedom::OneSided } else { Freedom::Free };
    (board, pieces, freedom)
}

fn dlx_count(board: &Board, placements: &[Vec<Vec<usize>>]) -> u64 {
    let k = placements.len();
    let mut p = Problem::new(k + board.len(), 0);
    for (piece, list) in placements.iter().enumerate() {
        for pl in list {
            let mut items = vec![piece];
            items.extend(pl.iter().map(|&c| k + c));
            p.add_option(&items).unwrap();
        }
    }
    Solver::new(&p).count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn packer_agrees_with_dancing_links(seed in any::<u64>()) {
        let (board, pieces, freedom) = random_problem(seed);
        prop_assume!(pieces.len() <= 64);
        let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|s| board.placements(s, freedom)).collect();
        let packer = Packer::new(&board, &placements).unwrap();
        let count = packer.count();
        // Cases with millions of packings (many small equal pieces) take dancing links
        // seconds: leave them out to keep the test's time steady.
        prop_assume!(count <= 2_000_000);
        let expected = dlx_count(&board, &placements);
        prop_assert_eq!(count, expected);

        // Enumeration (no transposition table) gives the same number of distinct,
        // valid packings (checked where there are few enough to list).
        if expected > 100_000 {
            return Ok(());
        }
        let mut seen = BTreeSet::new();
        let _ = packer.for_each(|sol: &[Placed]| {
            let mut covered = vec![0u32; board.len()];
            for p in sol {
                for &c in &placements[p.piece][p.placement] {
                    covered[c] += 1;
                }
            }
            assert!(covered.iter().all(|&n| n == 1), "a packing does not cover the board exactly once");
            assert_eq!(sol.len(), pieces.len());
            seen.insert(sol.to_vec());
            ControlFlow::Continue(())
        });
        prop_assert_eq!(seen.len() as u64, expected);
        prop_assert_eq!(packer.first().is_some(), expected > 0);
    }
}

#[test]
fn pentominoes_fill_3x20_in_8_ways() {
    // The 12 free pentominoes tile a 3x20 rectangle in 2 ways up to symmetry: 8 in all.
    let drawings = [
        "#####",
        "####\n#...",
        "####\n.#..",
        "###.\n..##",
        "###\n#..\n#..",
        "###\n.#.\n.#.",
        "###\n#.#",
        "###\n##.",
        ".##\n##.\n.#.",
        "#..\n##.\n.##",
        ".#.\n###\n.#.",
        "##.\n.#.\n.##",
    ];
    let board = Board::rectangle(3, 20);
    let placements: Vec<Vec<Vec<usize>>> =
        drawings.iter().map(|d| board.placements(&Shape::from_drawing(d).unwrap(), Freedom::Free)).collect();
    let packer = Packer::new(&board, &placements).unwrap();
    assert_eq!(packer.count(), 8);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Counts up to the board's symmetries against a brute force that lists every packing
    /// and keeps one canonical image per orbit; and splits into subtrees that add up.
    #[test]
    fn symmetry_and_subtrees(seed in any::<u64>()) {
        let (board, pieces, freedom) = random_problem_with(seed, false);
        let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|s| board.placements(s, freedom)).collect();
        let packer = Packer::new(&board, &placements).unwrap();
        let all = packer.count();
        prop_assume!(all <= 20_000);
        let group = board_symmetries(&board, freedom.symmetries());
        let mut orbits = BTreeSet::new();
        let _ = packer.for_each(|sol: &[Placed]| {
            let canonical = group
                .iter()
                .map(|g| sol.iter().map(|p| g.map_placement(&placements[p.piece][p.placement])).collect::<Vec<_>>())
                .min()
                .unwrap();
            orbits.insert(canonical);
            ControlFlow::Continue(())
        });
        for choice in [Restrict::FewestPlacements, Restrict::MostPlacements] {
            let counts = count_with_symmetry(&placements, &group, choice, |pl| Packer::new(&board, pl).unwrap().count());
            prop_assert_eq!(counts, (all, orbits.len() as u64));
        }
        for parts in [1, 5, 40] {
            let subtrees = packer.split(parts);
            let sum: u64 = subtrees.iter().map(|t| packer.count_subtree(t)).sum();
            prop_assert_eq!(sum, all);
            let mut listed = 0u64;
            for t in &subtrees {
                let _ = packer.for_each_in(t, |_| { listed += 1; ControlFlow::Continue(()) });
            }
            prop_assert_eq!(listed, all);
        }
    }
}
