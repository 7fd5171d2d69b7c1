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

/// The placements of one piece covering one cell: masks, and beside them (in their own
/// array, so that the mask test streams through memory) the leftmost and rightmost column
/// each uses.
#[derive(Default)]
struct Placements {
    masks: Vec<u128>,
    spans: Vec<(u8, u8)>,
}

struct Search {
    width: usize,
    cols: usize,
    /// `covers[x][cell]`: placements of piece x (0 = P, 1 = Q) covering `cell`.
    covers: [Vec<Placements>; 2],
    /// `starts[x]`: placements of piece x whose first cell is the region's first cell.
    starts: [Vec<usize>; 2],
    seen: FxHashSet<(u128, u128)>,
    /// Tiles placed on the current path: (piece, mask).
    path: Vec<(usize, u128)>,
    stats: Stats,
}

/// Finds two tilings of one non-empty region of a `rows x cols` board, by `p` and by `q`,
/// or proves there are none (`None`).
///
/// Errors: [`TwinsError::BoardTooLarge`].
pub fn two_tilings(p: &Shape, q: &Shape, rows: usize, cols: usize) -> Result<(Option<TwoTilings>, Stats), TwinsError> {
    let width = 2 * cols.max(1) - 1;
    if rows == 0 || cols == 0 || rows * width > 128 {
        return Err(TwinsError::BoardTooLarge { rows, cols });
    }
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
    };
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
                        covers[cell].masks.push(mask);
                        covers[cell].spans.push((cmin as u8, cmax as u8));
                    }
                    if is_start {
                        s.starts[x].push(covers[first].masks.len() - 1);
                    }
                }
            }
        }
        s.covers[x] = covers;
    }
    for i in 0..s.starts[0].len() {
        for j in 0..s.starts[1].len() {
            let pm = s.covers[0][first].masks[s.starts[0][i]];
            let qm = s.covers[1][first].masks[s.starts[1][j]];
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
    fn span(&self, m: u128) -> (u8, u8) {
        let mut cmin = u8::MAX;
        let mut cmax = 0;
        let mut bits = m;
        while bits != 0 {
            let c = (bits.trailing_zeros() as usize % self.width) as u8;
            cmin = cmin.min(c);
            cmax = cmax.max(c);
            bits &= bits - 1;
        }
        (cmin, cmax)
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
        let (cmin, cmax) = self.span(a | b);
        let cols = self.cols as u8;
        let fits = |span: (u8, u8)| span.1.max(cmax) - span.0.min(cmin) < cols;
        // The cell in exactly one tiling with the fewest placements of the other piece
        // (counting stops once a cell cannot beat the best so far).
        let mut best = (usize::MAX, 0usize, 0usize); // (count, cell, piece to add)
        let mut diff = a ^ b;
        while diff != 0 {
            let cell = diff.trailing_zeros() as usize;
            diff &= diff - 1;
            let (x, own) = if a >> cell & 1 == 1 { (1, b) } else { (0, a) };
            let pl = &self.covers[x][cell];
            let mut n = 0;
            for (k, &m) in pl.masks.iter().enumerate() {
                if m & own == 0 && fits(pl.spans[k]) {
                    n += 1;
                    if n >= best.0 {
                        break;
                    }
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
        let own = if x == 0 { a } else { b };
        let pl = &self.covers[x][cell];
        let masks: Vec<u128> = (0..pl.masks.len()).filter(|&k| pl.masks[k] & own == 0 && fits(pl.spans[k])).map(|k| pl.masks[k]).collect();
        for m in masks {
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
