//! Sudoku and its family: grids of 4 x 4 to 36 x 36, jigsaw regions, diagonals (sudoku
//! X), windows (windoku) and killer cages, in any combination.
//!
//! - [`model`]: the [`Rules`] (size, regions, variants, cages) and the givens.
//! - [`parse`]: puzzle lines, grid drawings, region maps and cage files.
//! - [`engine`]: the general engine (any size and rule), bitsets of candidates per cell.
//! - [`fast`]: the engine of the classic 9 x 9 (bitsets per digit over the grid's bands).
//! - [`check`]: the judge, from the rules alone.
//! - [`encode`]: the puzzle as an exact cover problem with colors (Knuth's XCC), the
//!   independent second algorithm of the tests and of `gridlock xc`.
//! - [`generate`]: puzzles with a unique solution, minimal, optionally symmetric.
//!
//! [`Solver`] chooses the engine once, from the rules.

#![warn(missing_docs)]

pub mod check;
pub mod encode;
pub mod engine;
pub mod fast;
pub mod generate;
pub mod model;
pub mod parse;
pub mod svg;

pub use engine::SearchStats;
pub use model::{Alphabet, Cage, Grid, Rules, RulesError};

use std::ops::ControlFlow;

/// Which engine a [`Solver`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// [`fast`]: the classic 9 x 9.
    Fast9,
    /// [`engine`]: every size and rule.
    General,
}

impl Engine {
    /// The engine's name in `--stats`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Fast9 => "bands (9x9)",
            Engine::General => "cells (general)",
        }
    }
}

/// A solver for every puzzle under one set of rules: the rules compiled once, and the
/// engine chosen once (the fast 9 x 9 engine for the classic rules, else the general one).
#[derive(Clone, Debug)]
pub struct Solver {
    rules: Rules,
    topology: engine::Topology,
    engine: Engine,
}

impl Solver {
    /// The solver of `rules`. Errors when killer cages have too many digit combinations
    /// to keep ([`engine::MAX_CAGE_COMBINATIONS`]).
    pub fn new(rules: Rules) -> Result<Solver, engine::TooManyCombinations> {
        let topology = engine::Topology::new(&rules)?;
        let engine = if rules.is_classic_9() { Engine::Fast9 } else { Engine::General };
        Ok(Solver { rules, topology, engine })
    }

    /// The same solver, forced onto `engine` (the general engine takes every rule; the fast
    /// one only the classic 9 x 9, and asking it of others keeps the general one).
    pub fn with_engine(mut self, engine: Engine) -> Solver {
        if engine == Engine::General || self.rules.is_classic_9() {
            self.engine = engine;
        }
        self
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The engine chosen.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Calls `visit` with each solution of `givens` (size^2 digits, 0 blank) until it
    /// returns `Break`; returns the search's counters.
    pub fn each_solution(&self, givens: &[u8], mut visit: impl FnMut(&[u8]) -> ControlFlow<()>) -> SearchStats {
        match self.engine {
            Engine::Fast9 => fast::solve(givens, &mut visit),
            Engine::General => engine::solve(&self.topology, givens, |cand| visit(&engine::digits_of(cand))),
        }
    }

    /// At most `limit` solutions of `givens`, in the engine's order.
    pub fn solutions(&self, givens: &[u8], limit: u64) -> (Vec<Grid>, SearchStats) {
        let mut found = Vec::new();
        let stats = self.each_solution(givens, |g| {
            found.push(g.to_vec());
            if found.len() as u64 >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (found, stats)
    }

    /// The number of solutions of `givens`, counted up to `limit`.
    pub fn count(&self, givens: &[u8], limit: u64) -> (u64, SearchStats) {
        let mut n = 0u64;
        let stats = self.each_solution(givens, exact_cover::count_up_to(&mut n, limit));
        (n, stats)
    }
}

/// `f` of every item, in the items' order, on `threads` threads (each a contiguous share of
/// the items): the batch modes of the CLI and of Python.
pub fn map_in_order<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    if threads <= 1 || items.len() < 2 {
        return items.iter().map(f).collect();
    }
    let per = items.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items.chunks(per).map(|part| s.spawn(move || part.iter().map(f).collect::<Vec<R>>())).collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

/// A grid as one line of characters.
pub fn line(grid: &[u8], alphabet: Alphabet) -> String {
    grid.iter().map(|&d| alphabet.char(d)).collect()
}

/// A grid as `size` rows of characters.
pub fn rows(grid: &[u8], size: usize, alphabet: Alphabet) -> Vec<String> {
    grid.chunks(size.max(1)).map(|r| line(r, alphabet)).collect()
}
