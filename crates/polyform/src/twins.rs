//! Two simultaneous tilings: a non-empty region of a `rows x cols` board that can be tiled
//! by copies of a piece `P` and, separately, by copies of a piece `Q` (copies rotated and
//! reflected freely).
//!
//! Method (as in the analysis of Code Jam 2018 World Finals "Two-Tiling"): the region's
//! first cell in row-major order starts a `P` tile and a `Q` tile. Then, while the cells
//! covered by the `P` tiles (`A`) and by the `Q` tiles (`B`) differ, pick a cell in exactly
//! one of them and branch on every placement of the other piece that covers it without
//! overlapping that piece's tiles. This is complete: if some region `R` works, the tiles of
//! `R`'s two tilings that cover the chosen cells are always among the branches, so the
//! search reaches a region (perhaps a smaller one inside `R`). The cell chosen is the one
//! with the fewest placements left (which makes dead ends show early), and states
//! `(A, B)` already explored are remembered. Translation is factored out by fixing the
//! first cell at column `cols - 1` of a board `2 * cols - 1` wide and keeping the region
//! within `cols` columns.

use crate::shape::{Freedom, Shape};
use rustc_hash::FxHashSet;

/// A tile of an answer: its cells as `(row, col)` on the board.
pub type Tile = Vec<(u8, u8)>;

/// An answer: the tiles by `P` and the tiles by `Q`, covering the same cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoTilings {
    /// The tiles made of copies of `P`.
    pub p_tiles: Vec<Tile>,
    /// The tiles made of copies of `Q`.
    pub q_tiles: Vec<Tile>,
}

/// Search statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// States `(A, B)` explored.
    pub states: u64,
}

/// Why a search cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TwinsError {
    /// The board needs `rows * (2 * cols - 1) <= 128` and sizes of at least 1.
    #[error("a {rows}x{cols} board is too large (rows x (2 x columns - 1) must be at most 128)")]
    BoardTooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
}

/// The placements of one piece covering one cell: as masks in the order the search
/// branches on them, and for counting (the choice of cell) sorted by their leftmost
/// column, with `from[c]` the first of those whose leftmost column is at least `c` (a
/// state's window skips those left of it at once).
#[derive(Default)]
struct Placements {
    masks: Vec<u128>,
    by_column: Vec<u128>,
    from: Vec<u32>,
    /// While built: (leftmost column, mask).
    unsorted: Vec<(u8, u128)>,
}

struct Search {
    width: usize,
    cols: usize,
    /// `covers[x][cell]`: placements of piece x (0 = P, 1 = Q) covering `cell`.
    covers: [Vec<Placements>; 2],
    /// `starts[x]`: placements of piece x whose first cell is the region's first cell.
    starts: [Vec<u128>; 2],
    seen: FxHashSet<(u128, u128)>,
    /// Tiles placed on the current path: (piece, mask).
    path: Vec<(usize, u128)>,
    stats: Stats,
    /// `left[c]`: the board's cells in columns before `c`; `right[c]`: after `c`. A
    /// state's columns outside its window are `left[lo] | right[hi]`, so that a
    /// placement is tested against its piece's tiles and the window in one operation.
    left: Vec<u128>,
    right: Vec<u128>,
}

/// Whether the search runs on a `rows x cols` board: both at least 1 and
/// `rows * (2 * cols - 1)` at most 128 (the search's board, one `u128`).
///
/// Errors: [`TwinsError::BoardTooLarge`].
pub fn check_board(rows: usize, cols: usize) -> Result<(), TwinsError> {
    if rows == 0 || cols == 0 || rows.saturating_mul(cols.saturating_mul(2) - 1) > 128 {
        return Err(TwinsError::BoardTooLarge { rows, cols });
    }
    Ok(())
}

/// Finds two tilings of one non-empty region of a `rows x cols` board, by `p` and by `q`,
/// or proves there are none (`None`).
///
/// Errors: [`TwinsError::BoardTooLarge`].
pub fn two_tilings(p: &Shape, q: &Shape, rows: usize, cols: usize) -> Result<(Option<TwoTilings>, Stats), TwinsError> {
    check_board(rows, cols)?;
    let width = 2 * cols - 1;
    // A region has a common multiple of both areas as its area.
    let (a, b) = (p.len(), q.len());
    let lcm = a / gcd(a, b) * b;
    if lcm > rows * cols {
        return Ok((None, Stats::default()));
    }
    let first = cols - 1; // the region's first cell: row 0, this column
    let mut s = Search {
        width,
        cols,
        covers: [Vec::new(), Vec::new()],
        starts: [Vec::new(), Vec::new()],
        seen: FxHashSet::with_capacity_and_hasher(1 << 12, Default::default()),
        path: Vec::new(),
        stats: Stats::default(),
        left: Vec::new(),
        right: Vec::new(),
    };
    let column = |c: usize| (0..rows).fold(0u128, |m, r| m | 1u128 << (r * width + c));
    s.left = (0..width).map(|c| (0..c).fold(0, |m, k| m | column(k))).collect();
    s.right = (0..width).map(|c| (c + 1..width).fold(0, |m, k| m | column(k))).collect();
    for (x, shape) in [p, q].into_iter().enumerate() {
        let mut covers: Vec<Placements> = (0..rows * width).map(|_| Placements::default()).collect();
        for o in shape.orientations(Freedom::Free) {
            for dr in 0..rows as i32 {
                for dc in 0..width as i32 {
                    let cells: Vec<(i32, i32)> = o.cells().iter().map(|c| (c.x + dr, c.y + dc)).collect();
                    // Inside the board, and not before the region's first cell.
                    let ok = cells.iter().all(|&(r, c)| r < rows as i32 && c < width as i32 && (r > 0 || c >= first as i32));
                    let cmin = cells.iter().map(|c| c.1).min().unwrap_or(0);
                    let cmax = cells.iter().map(|c| c.1).max().unwrap_or(0);
                    if !ok || cmax - cmin >= cols as i32 {
                        continue;
                    }
                    let mask = cells.iter().fold(0u128, |m, &(r, c)| m | 1u128 << (r as usize * width + c as usize));
                    let is_start = mask.trailing_zeros() as usize == first;
                    for &(r, c) in &cells {
                        let cell = r as usize * width + c as usize;
                        covers[cell].unsorted.push((cmin as u8, mask));
                    }
                    if is_start {
                        s.starts[x].push(mask);
                    }
                }
            }
        }
        for pl in &mut covers {
            let mut all = std::mem::take(&mut pl.unsorted);
            pl.masks = all.iter().map(|&(_, m)| m).collect();
            all.sort_by_key(|&(c, _)| c);
            pl.by_column = all.iter().map(|&(_, m)| m).collect();
            pl.from = (0..=width).map(|c| all.partition_point(|&(l, _)| (l as usize) < c) as u32).collect();
        }
        s.covers[x] = covers;
    }
    for i in 0..s.starts[0].len() {
        for j in 0..s.starts[1].len() {
            let (pm, qm) = (s.starts[0][i], s.starts[1][j]);
            s.path.clear();
            s.path.push((0, pm));
            s.path.push((1, qm));
            if s.dfs(pm, qm) {
                return Ok((Some(s.answer()), s.stats));
            }
        }
    }
    Ok((None, s.stats))
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Search {
    /// The leftmost and rightmost columns of the cells of `m` (not empty): the first
    /// column `c` such that not all of `m` lies right of it, and the last such that not
    /// all of `m` lies left of it.
    fn span(&self, m: u128) -> (u8, u8) {
        let cmin = (0..self.width).find(|&c| m & self.right[c] != m).unwrap_or(0);
        let cmax = (0..self.width).rev().find(|&c| m & self.left[c] != m).unwrap_or(self.width - 1);
        (cmin as u8, cmax as u8)
    }

    /// Whether the two partial tilings `a` (by P) and `b` (by Q) can be completed.
    fn dfs(&mut self, a: u128, b: u128) -> bool {
        if a == b {
            return true;
        }
        if !self.seen.insert((a, b)) {
            return false;
        }
        self.stats.states += 1;
        // The columns a tile may use: the region stays within `cols` columns.
        let (cmin, cmax) = self.span(a | b);
        let lo = (cmax as usize + 1).saturating_sub(self.cols);
        let hi = (cmin as usize + self.cols - 1).min(self.width - 1);
        let outside = self.left[lo] | self.right[hi];
        // The cell in exactly one tiling with the fewest placements of the other piece
        // (counting stops once a cell cannot beat the best so far).
        let mut best = (usize::MAX, 0usize, 0usize); // (count, cell, piece to add)
        let mut diff = a ^ b;
        while diff != 0 {
            let cell = diff.trailing_zeros() as usize;
            diff &= diff - 1;
            let (x, own) = if a >> cell & 1 == 1 { (1, b) } else { (0, a) };
            let block = own | outside;
            let mut n = 0;
            let pl = &self.covers[x][cell];
            // Counted eight at a time without a branch each (whether a placement is free
            // is unpredictable); the count may pass the best by up to seven before it
            // stops, which decides the same.
            for eight in pl.by_column[pl.from[lo] as usize..].chunks(8) {
                for &m in eight {
                    n += usize::from(m & block == 0);
                }
                if n >= best.0 {
                    break;
                }
            }
            if n < best.0 {
                best = (n, cell, x);
                if n == 0 {
                    return false;
                }
            }
        }
        let (_, cell, x) = best;
        let block = if x == 0 { a } else { b } | outside;
        for k in 0..self.covers[x][cell].masks.len() {
            let m = self.covers[x][cell].masks[k];
            if m & block != 0 {
                continue;
            }
            self.path.push((x, m));
            let found = if x == 0 { self.dfs(a | m, b) } else { self.dfs(a, b | m) };
            if found {
                return true;
            }
            self.path.pop();
        }
        false
    }

    /// The tiles on the path, with columns shifted so that the region starts at column 0.
    fn answer(&self) -> TwoTilings {
        let all = self.path.iter().fold(0u128, |m, &(_, t)| m | t);
        let (cmin, _) = self.span(all);
        let tile = |m: u128| -> Tile {
            let mut cells = Vec::new();
            let mut bits = m;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                cells.push(((i / self.width) as u8, (i % self.width) as u8 - cmin));
                bits &= bits - 1;
            }
            cells
        };
        let mut out = TwoTilings { p_tiles: Vec::new(), q_tiles: Vec::new() };
        for &(x, m) in &self.path {
            if x == 0 {
                out.p_tiles.push(tile(m));
            } else {
                out.q_tiles.push(tile(m));
            }
        }
        out
    }
}
