//! Puzzles with a unique solution: a random full grid, then clues removed in a random
//! order while the solution stays unique (checked by counting solutions up to 2). One pass
//! suffices for minimality: removing a clue only adds solutions, so a clue that could not
//! go when it was tried cannot go later, with fewer clues around it.

use super::{Grid, Solver};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The clue pattern of a generated puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Symmetry {
    /// Any pattern; the puzzle is minimal: no clue can be removed.
    #[default]
    None,
    /// Symmetric under the half turn: clues are removed in pairs of opposite cells, and no
    /// such pair can be removed (one clue of a pair alone might).
    Rotational,
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The givens, 0 for a blank.
    pub puzzle: Grid,
    /// Its unique solution.
    pub solution: Grid,
}

fn below(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
    // Lemire's reduction has a bias below 2^-50 for the sizes here (n <= 1296); the
    // modulo's bias is of the same order, and the puzzles need no exact uniformity.
    ((rng.next_u64() >> 11) % n as u64) as usize
}

/// The largest size whose full grids are made by random filling: past it, a partial grid
/// without completion can take the engine very long to refute (16x16 seeds were seen to
/// run for minutes).
const RANDOM_FILL_MAX: usize = 9;

/// A random full grid under the solver's rules, from `rng`. Up to 9x9: cells are filled in
/// a random order with random candidates, each choice kept only if the grid can still be
/// completed; once a completion is unique it is the grid. Larger grids: the first row is a
/// random permutation of the digits (always completable when the rules have a solution
/// and no cages, since relabeling the digits of a solution gives another), completed by
/// the engine's first solution; with cages, the engine's first solution of the empty grid
/// (the seed then varies only the clues removed). `None` when the rules have no solution.
fn full_grid(solver: &Solver, rng: &mut Xoshiro256PlusPlus) -> Option<Grid> {
    let n = solver.rules().size();
    let cells = n * n;
    let mut grid = vec![0u8; cells];
    let (first, _) = solver.solutions(&grid, 1);
    let first = first.into_iter().next()?;
    if n > RANDOM_FILL_MAX {
        if !solver.rules().cages().is_empty() {
            return Some(first);
        }
        let mut row: Vec<u8> = (1..=n as u8).collect();
        for i in (1..n).rev() {
            row.swap(i, below(rng, i + 1));
        }
        grid[..n].copy_from_slice(&row);
        return solver.solutions(&grid, 1).0.into_iter().next().or(Some(first));
    }
    let mut order: Vec<usize> = (0..cells).collect();
    for i in (1..cells).rev() {
        order.swap(i, below(rng, i + 1));
    }
    for &c in &order {
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        for i in (1..n).rev() {
            digits.swap(i, below(rng, i + 1));
        }
        for &d in &digits {
            grid[c] = d;
            let (found, _) = solver.solutions(&grid, 2);
            match found.len() {
                0 => continue,
                1 => return found.into_iter().next(),
                _ => break,
            }
        }
    }
    Some(grid)
}

/// A puzzle under the solver's rules with a unique solution, minimal (for
/// [`Symmetry::Rotational`], minimal among symmetric patterns), the same for the same seed,
/// rules and version. `None` when the rules have no solution at all.
///
/// Time: one count up to 2 per cell (or pair), each a search.
pub fn generate(solver: &Solver, seed: u64, symmetry: Symmetry) -> Option<Generated> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let solution = full_grid(solver, &mut rng)?;
    let cells = solution.len();
    let mut puzzle = solution.clone();
    let mut order: Vec<usize> = (0..cells).collect();
    for i in (1..cells).rev() {
        order.swap(i, below(&mut rng, i + 1));
    }
    for &c in &order {
        let twin = match symmetry {
            Symmetry::None => c,
            Symmetry::Rotational => cells - 1 - c,
        };
        if puzzle[c] == 0 {
            continue;
        }
        let kept = (puzzle[c], puzzle[twin]);
        puzzle[c] = 0;
        puzzle[twin] = 0;
        if solver.count(&puzzle, 2).0 != 1 {
            puzzle[c] = kept.0;
            puzzle[twin] = kept.1;
        }
    }
    Some(Generated { puzzle, solution })
}
