//! A sudoku as an exact cover problem with colors (Knuth, TAOCP 7.2.2.1, the XCC form of
//! sudoku): the independent second algorithm of the tests, and a way to hand any puzzle of
//! the family to `gridlock xc` or Knuth's programs.
//!
//! Primary items: `p` + cell (the cell holds a digit) and, for each unit (row, column,
//! region, diagonal, window) and digit, `u` + unit + digit (the unit holds the digit).
//! Option (cell, digit): its cell item and its units' items. For killer cages, each caged
//! cell also has a secondary item colored by its digit, and each cage a primary item whose
//! options are the cage's fillings (distinct digits with its sum, each cell colored by its
//! digit): a filling is compatible with the cell options exactly when the colors agree.
//! Options that a given blocks (its digit in another cell of its units) are left out.

use super::model::{Grid, Rules};
use exact_cover::{Color, ExactCoverError, Problem};

/// What an option of [`encode`] stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// The cell (row-major index) holds the digit.
    Place(usize, u8),
    /// The cage (index) holds these digits in its cells' order.
    Fill(usize, Vec<u8>),
}

/// The most options [`encode`] makes for the cages (their fillings are permutations).
pub const MAX_FILLINGS: usize = 1 << 20;

/// The exact cover problem of `givens` under `rules`, with the meaning of each option.
/// Errors when the cages' fillings pass [`MAX_FILLINGS`] (reported as
/// [`ExactCoverError::TooLarge`]).
pub fn encode(rules: &Rules, givens: &[u8]) -> Result<(Problem, Vec<Meaning>), ExactCoverError> {
    let n = rules.size();
    let cells = n * n;
    let units = rules.units();
    let cages = rules.cages();
    let primary = cells + units.len() * n + cages.len();
    let mut caged = vec![usize::MAX; cells];
    let mut secondary = 0;
    for cage in cages {
        for &c in &cage.cells {
            if caged[c] == usize::MAX {
                caged[c] = secondary;
                secondary += 1;
            }
        }
    }
    let mut unit_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (u, unit) in units.iter().enumerate() {
        for &c in unit {
            unit_of[c].push(u);
        }
    }
    // A digit given in a unit blocks the option of that digit in the unit's other cells
    // (DLX-PRE's blocked options): they are left out, which changes no solution.
    let mut given_in = vec![0u64; units.len()];
    for (u, unit) in units.iter().enumerate() {
        for &c in unit {
            if givens[c] != 0 {
                given_in[u] |= 1 << (givens[c] - 1);
            }
        }
    }
    let mut problem = Problem::new(primary, secondary);
    let mut meanings = Vec::new();
    for c in 0..cells {
        let blocked = unit_of[c].iter().fold(0u64, |m, &u| m | given_in[u]);
        for d in 1..=n as u8 {
            if givens[c] != 0 && givens[c] != d || givens[c] == 0 && blocked >> (d - 1) & 1 == 1 {
                continue;
            }
            let mut items: Vec<(usize, Color)> = vec![(c, Color::NONE)];
            items.extend(unit_of[c].iter().map(|&u| (cells + u * n + d as usize - 1, Color::NONE)));
            if caged[c] != usize::MAX {
                items.push((primary + caged[c], Color(d as u32)));
            }
            problem.add_colored_option(&items)?;
            meanings.push(Meaning::Place(c, d));
        }
    }
    let mut made = 0usize;
    for (k, cage) in cages.iter().enumerate() {
        let mut digits = Vec::with_capacity(cage.cells.len());
        let mut used = vec![false; n + 1];
        let mut fillings = Vec::new();
        fill(n, cage.sum, cage.cells.len(), &mut digits, &mut used, &mut fillings, &mut made)?;
        for f in fillings {
            let mut items = vec![(cells + units.len() * n + k, Color::NONE)];
            items.extend(cage.cells.iter().zip(&f).map(|(&c, &d)| (primary + caged[c], Color(d as u32))));
            problem.add_colored_option(&items)?;
            meanings.push(Meaning::Fill(k, f));
        }
    }
    Ok((problem, meanings))
}

/// Every sequence of `len` distinct digits 1..=n adding up to `sum`.
fn fill(
    n: usize,
    sum: u32,
    len: usize,
    digits: &mut Vec<u8>,
    used: &mut [bool],
    out: &mut Vec<Vec<u8>>,
    made: &mut usize,
) -> Result<(), ExactCoverError> {
    if digits.len() == len {
        if sum == 0 {
            *made += 1;
            if *made > MAX_FILLINGS {
                return Err(ExactCoverError::TooLarge);
            }
            out.push(digits.clone());
        }
        return Ok(());
    }
    for d in 1..=n {
        if !used[d] && d as u32 <= sum {
            used[d] = true;
            digits.push(d as u8);
            fill(n, sum - d as u32, len, digits, used, out, made)?;
            digits.pop();
            used[d] = false;
        }
    }
    Ok(())
}

/// The grid of a solution of [`encode`]'s problem, given as the options chosen.
pub fn decode(rules: &Rules, meanings: &[Meaning], options: &[usize]) -> Grid {
    let mut grid = vec![0u8; rules.cells()];
    for &o in options {
        if let Meaning::Place(c, d) = meanings[o] {
            grid[c] = d;
        }
    }
    grid
}

/// The exact cover encoding of a family of puzzles under one set of rules, built once (no
/// givens), whose puzzles are each solved by forcing the options of their givens on
/// [`exact_cover::Propagator`]: the generic engine's batch mode. Its options are
/// [`encode`]'s, in another order (by region, digit, cell). Rules with killer cages
/// (colored items) are not taken ([`Batch::new`] gives `None`); [`encode`] serves those.
#[derive(Debug)]
pub struct Batch {
    rules: Rules,
    meanings: Vec<Meaning>,
    /// The option of digit `d` (1-based) in cell `c`: `place[c * n + d - 1]`.
    place: Vec<usize>,
    engine: exact_cover::Propagator,
    /// Engines whose working memory is already sized, each with a buffer for a puzzle's
    /// forced options, one taken per solve (threads share a batch).
    pool: std::sync::Mutex<Vec<(exact_cover::Propagator, Vec<usize>)>>,
}

impl Batch {
    /// The encoding of `rules`; `None` for rules with cages.
    pub fn new(rules: &Rules) -> Option<Batch> {
        if !rules.cages().is_empty() {
            return None;
        }
        let n = rules.size();
        let (encoded, encoded_meanings) = encode(rules, &vec![0; n * n]).ok()?;
        // The same options ordered by region, then digit, then cell: each option's
        // conflict set (its cell's options and its digit's in its units) then spans 5.9
        // words of the engine's bitsets on average in a 9x9 grid, against 9.9 in
        // [`encode`]'s cell-major order (first 3000 hardest: 5330 -> 6220 puzzles/s; first
        // 20000 17-clue: 93000 -> 102000, interleaved).
        let regions = rules.regions();
        let mut order: Vec<usize> = (0..encoded.options()).collect();
        order.sort_by_key(|&o| match encoded_meanings[o] {
            Meaning::Place(c, d) => (regions[c] as usize, d as usize, c),
            Meaning::Fill(..) => (usize::MAX, o, 0),
        });
        let mut problem = Problem::new(encoded.primary_items(), encoded.items() - encoded.primary_items());
        let mut meanings = Vec::with_capacity(order.len());
        for &o in &order {
            let items: Vec<(usize, Color)> = encoded.option(o).iter().map(|&(i, c)| (i as usize, c)).collect();
            problem.add_colored_option(&items).ok()?;
            meanings.push(encoded_meanings[o].clone());
        }
        let mut place = vec![usize::MAX; n * n * n];
        for (o, m) in meanings.iter().enumerate() {
            if let Meaning::Place(c, d) = m {
                place[c * n + *d as usize - 1] = o;
            }
        }
        let engine = exact_cover::Propagator::new(&problem).ok()?;
        Some(Batch { rules: rules.clone(), meanings, place, engine, pool: std::sync::Mutex::new(Vec::new()) })
    }

    /// The option of digit `d` in cell `c`, or one out of range (which the engine takes
    /// as no solution) for a digit or cell outside the grid.
    fn option(&self, n: usize, c: usize, d: u8) -> usize {
        if c >= n * n || d as usize > n {
            return usize::MAX;
        }
        self.place[c * n + d as usize - 1]
    }

    /// Up to `limit` solutions of `givens` (0 blank): the grids (kept only when `keep`),
    /// how many were found, and the engine's counters.
    pub fn solve(&self, givens: &[u8], limit: u64, keep: bool) -> (Vec<Grid>, u64, exact_cover::PropagateStats) {
        let n = self.rules.size();
        let (mut grids, mut found) = (Vec::new(), 0u64);
        if limit == 0 {
            return (grids, 0, exact_cover::PropagateStats::default());
        }
        let taken = self.pool.lock().map(|mut p| p.pop()).unwrap_or(None);
        let (mut engine, mut forced) = taken.unwrap_or_else(|| (self.engine.clone(), Vec::new()));
        forced.clear();
        forced.extend(givens.iter().enumerate().filter(|&(_, &d)| d != 0).map(|(c, &d)| self.option(n, c, d)));
        let stats = engine.search(&forced, &mut |options| {
            found += 1;
            if keep {
                grids.push(decode(&self.rules, &self.meanings, options));
            }
            if found >= limit {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        });
        if let Ok(mut pool) = self.pool.lock() {
            pool.push((engine, forced));
        }
        (grids, found, stats)
    }
}
