//! The model of a sudoku of the family: its size, its groups of cells that hold different
//! digits (rows, columns, boxes or jigsaw regions, diagonals, windows, killer cages), the
//! cages' sums, and the givens of one puzzle.

use std::fmt;

/// The largest number of digits (a 36 x 36 grid, boxes of 6 x 6): candidates fit a `u64`.
pub const MAX_SIZE: usize = 36;

/// A killer cage: its cells hold different digits that add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// The sum of the cage's digits (digits count from 1).
    pub sum: u32,
    /// The cells, as indices `row * size + column`, all different.
    pub cells: Vec<usize>,
}

/// The rules of a sudoku, without its givens: a grid of `size` x `size` cells that takes
/// the digits 1..=size, where every row, column and region is a permutation of the
/// digits, and the variants' further groups of cells hold different digits.
///
/// Built by [`Rules::new`], which checks that every group fits the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    size: usize,
    /// Each cell's region (boxes or a jigsaw map), numbered 0..size.
    regions: Vec<u8>,
    jigsaw: bool,
    diagonals: bool,
    windows: bool,
    cages: Vec<Cage>,
    /// Every group of `size` cells that must be a permutation of the digits.
    units: Vec<Vec<usize>>,
}

/// Why a set of rules cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The size is not 1..=36, or boxes were asked of a size that is not a square.
    Size(String),
    /// The regions are not `size` regions of `size` cells each.
    Regions(String),
    /// A cage is empty, repeats a cell, leaves the grid, or has a sum no digits reach.
    Cage(usize, String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Size(m) | RulesError::Regions(m) => f.write_str(m),
            RulesError::Cage(k, m) => write!(f, "cage {}: {m}", k + 1),
        }
    }
}

impl std::error::Error for RulesError {}

/// The square root of `n` when `n` is a square.
pub fn square_root(n: usize) -> Option<usize> {
    (1..=n).find(|b| b * b >= n).filter(|b| b * b == n)
}

/// The least and greatest sums of `k` different digits from 1..=size.
pub fn sum_range(k: usize, size: usize) -> (u32, u32) {
    let k = k as u32;
    let n = size as u32;
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

impl Rules {
    /// The rules of a grid of `size` digits. `regions` is a jigsaw map (each cell's region,
    /// `size` regions of `size` cells), or `None` for the boxes of a square size (b x b
    /// boxes for size b^2). `diagonals` adds both main diagonals, `windows` the (b-1)^2
    /// windows of b x b cells at rows and columns 1 + k(b+1) (windoku, for size b^2).
    ///
    /// Errors: a size outside 1..=36, boxes or windows on a size that is not a square,
    /// regions of the wrong number or size, a bad cage.
    pub fn new(size: usize, regions: Option<Vec<u8>>, diagonals: bool, windows: bool, cages: Vec<Cage>) -> Result<Rules, RulesError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(RulesError::Size(format!("a sudoku has 1 to {MAX_SIZE} digits, not {size}")));
        }
        let box_side = square_root(size);
        let jigsaw = regions.is_some();
        let regions = match regions {
            Some(r) => {
                if r.len() != size * size {
                    return Err(RulesError::Regions(format!("the region map has {} cells, not {}", r.len(), size * size)));
                }
                let mut counts = vec![0usize; size];
                for &g in &r {
                    match counts.get_mut(g as usize) {
                        Some(c) => *c += 1,
                        None => return Err(RulesError::Regions(format!("region {g} is not below {size}"))),
                    }
                }
                if let Some(g) = counts.iter().position(|&c| c != size) {
                    return Err(RulesError::Regions(format!("region {} has {} cells, not {size}", g + 1, counts[g])));
                }
                r
            }
            None => {
                let b = box_side.ok_or_else(|| RulesError::Size(format!("{size} is not a square: give the regions as a jigsaw map")))?;
                (0..size * size).map(|i| ((i / size / b) * b + (i % size) / b) as u8).collect()
            }
        };
        if windows && box_side.is_none() {
            return Err(RulesError::Size(format!("windows need a square size, not {size}")));
        }
        let mut units: Vec<Vec<usize>> = Vec::new();
        for r in 0..size {
            units.push((0..size).map(|c| r * size + c).collect());
        }
        for c in 0..size {
            units.push((0..size).map(|r| r * size + c).collect());
        }
        let mut by_region = vec![Vec::new(); size];
        for (i, &g) in regions.iter().enumerate() {
            by_region[g as usize].push(i);
        }
        units.extend(by_region);
        if diagonals {
            units.push((0..size).map(|i| i * size + i).collect());
            units.push((0..size).map(|i| i * size + size - 1 - i).collect());
        }
        if windows {
            let b = box_side.unwrap_or(1);
            for wr in 0..b.saturating_sub(1) {
                for wc in 0..b.saturating_sub(1) {
                    let (r0, c0) = (1 + wr * (b + 1), 1 + wc * (b + 1));
                    units.push((0..size).map(|i| (r0 + i / b) * size + c0 + i % b).collect());
                }
            }
        }
        for (k, cage) in cages.iter().enumerate() {
            if cage.cells.is_empty() {
                return Err(RulesError::Cage(k, "a cage needs a cell".into()));
            }
            if cage.cells.len() > size {
                return Err(RulesError::Cage(k, format!("{} cells cannot hold different digits 1 to {size}", cage.cells.len())));
            }
            let mut seen = cage.cells.clone();
            seen.sort_unstable();
            if seen.windows(2).any(|w| w[0] == w[1]) {
                return Err(RulesError::Cage(k, "a cell is named twice".into()));
            }
            if seen.last().is_some_and(|&c| c >= size * size) {
                return Err(RulesError::Cage(k, "a cell is outside the grid".into()));
            }
            let (lo, hi) = sum_range(cage.cells.len(), size);
            if !(lo..=hi).contains(&cage.sum) {
                return Err(RulesError::Cage(k, format!("{} different digits add up to {lo}..{hi}, never {}", cage.cells.len(), cage.sum)));
            }
        }
        Ok(Rules { size, regions, jigsaw, diagonals, windows, cages, units })
    }

    /// The classic rules of a b^2 x b^2 grid with b x b boxes.
    pub fn classic(size: usize) -> Result<Rules, RulesError> {
        Rules::new(size, None, false, false, Vec::new())
    }

    /// The number of digits (and of rows and columns).
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells, size^2.
    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    /// Each cell's region (boxes or the jigsaw map), numbered from 0.
    pub fn regions(&self) -> &[u8] {
        &self.regions
    }

    /// Whether the regions are a jigsaw map rather than boxes.
    pub fn is_jigsaw(&self) -> bool {
        self.jigsaw
    }

    /// Whether both main diagonals are units.
    pub fn diagonals(&self) -> bool {
        self.diagonals
    }

    /// Whether the windoku windows are units.
    pub fn windows(&self) -> bool {
        self.windows
    }

    /// The killer cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Every group of `size` cells that must hold each digit once: rows, then columns,
    /// then regions, then the diagonals and windows asked for.
    pub fn units(&self) -> &[Vec<usize>] {
        &self.units
    }

    /// Whether these are the classic rules of a 9 x 9 grid (the fast engine's case).
    pub fn is_classic_9(&self) -> bool {
        self.size == 9 && !self.jigsaw && !self.diagonals && !self.windows && self.cages.is_empty()
    }
}

/// A digit written as a character: 1-based (`1`-`9`, then `A`-`Z`; `.` or `0` blank) or
/// 0-based (`0`-`9`, then `A`-`Z`; `.` blank), as the lists of 16 x 16 puzzles write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Alphabet {
    /// Digits 1..=size written `1`-`9` `A`-`Z`; `0` and `.` are blanks.
    #[default]
    OneBased,
    /// Digits 1..=size written `0`-`9` `A`-`Z` (digit 1 is `0`); `.` is the blank.
    ZeroBased,
}

impl Alphabet {
    /// The digit (1..=size) a character stands for, `Some(0)` for a blank, `None` for a
    /// character that is no digit of this alphabet (case-insensitive letters).
    pub fn digit(self, ch: char, size: usize) -> Option<u8> {
        let value = match ch {
            '.' => return Some(0),
            '0'..='9' => ch as u32 - '0' as u32,
            'A'..='Z' => ch as u32 - 'A' as u32 + 10,
            'a'..='z' => ch as u32 - 'a' as u32 + 10,
            _ => return None,
        } as usize;
        let digit = match self {
            Alphabet::OneBased if value == 0 => return Some(0),
            Alphabet::OneBased => value,
            Alphabet::ZeroBased => value + 1,
        };
        (digit <= size).then_some(digit as u8)
    }

    /// The character of digit `d` (1..=36), `.` for 0.
    pub fn char(self, d: u8) -> char {
        let v = match (self, d) {
            (_, 0) => return '.',
            (Alphabet::OneBased, d) => d as u32,
            (Alphabet::ZeroBased, d) => d as u32 - 1,
        };
        char::from_digit(v, 36).map_or('?', |c| c.to_ascii_uppercase())
    }
}

/// One puzzle: the givens, `size^2` digits in row order, 0 for a blank.
pub type Grid = Vec<u8>;
