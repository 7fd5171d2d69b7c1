//! A specialised exact-cover search for packing distinct pieces into a board of at most
//! 128 cells (with padding), on 128-bit bitboards.
//!
//! The method is the classic cell-first backtrack for polyomino packing (D. Scott, 1958;
//! see also Knuth, TAOCP 7.2.2.1, "polyomino packing"): always fill the first empty cell in
//! scan order; a placement that covers it must have that cell as its own first cell, so
//! placements are indexed by (first cell, piece). After each placement, the empty cells
//! next to the new piece are split into their connected regions by bit-parallel flood fill,
//! and a region whose size is no sum of sizes of the pieces left is a dead end.

use crate::geometry::{Board, Cell};
use std::ops::ControlFlow;
use thiserror::Error;

/// Why a [`Packer`] cannot be built for a problem (use the generic exact-cover engine).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PackError {
    /// The board's bounding box, padded by one column, exceeds 128 cells.
    #[error("the board's {rows}x{cols} bounding box is too large for 128-bit bitboards")]
    TooLarge {
        /// Rows of the bounding box.
        rows: usize,
        /// Columns of the bounding box.
        cols: usize,
    },
    /// More than 64 pieces.
    #[error("more than 64 pieces")]
    TooManyPieces,
    /// A placement named a cell index that is not on the board.
    #[error("placement {placement} of piece {piece} names a cell not on the board")]
    BadPlacement {
        /// Piece number.
        piece: usize,
        /// Placement number within the piece's list.
        placement: usize,
    },
}

/// One placed piece in a solution: piece number and the number of its placement in the
/// list given to [`Packer::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placed {
    /// The piece.
    pub piece: usize,
    /// Index into that piece's placement list.
    pub placement: usize,
}

/// A packing problem compiled to bitboards: fill every board cell with each piece used
/// exactly once, each piece in one of its given placements.
#[derive(Debug, Clone)]
pub struct Packer {
    pieces: usize,
    /// Bits that are not board cells (always "filled").
    outside: u128,
    /// Row stride of the bit layout (board width + 1 padding column).
    stride: u32,
    /// `starts[bit * pieces + piece]..starts[bit * pieces + piece + 1]` indexes `masks`.
    starts: Vec<u32>,
    masks: Vec<u128>,
    /// Placement number (within its piece's list) of each mask.
    ids: Vec<u32>,
    /// For each set of remaining pieces (when there are at most 16 pieces): bit `s` set
    /// when some subset of them has `s` cells in all.
    sums: Vec<u128>,
    sizes: Vec<u32>,
    /// Whether the piece sizes add up to the board size.
    sizes_match: bool,
}

/// The largest number of pieces for which region sizes are checked against exact subset
/// sums (a table of `2^n` entries); above it only the smallest piece size is used.
const SUBSET_SUM_PIECES: usize = 16;

impl Packer {
    /// Compiles the problem. `placements[p]` lists the placements of piece `p`, each a list
    /// of board cell indices (as from [`Board::placements`]). The bit layout scans the
    /// board row by row along its shorter side.
    ///
    /// Errors: [`PackError`] when the board or piece count does not fit the bitboards.
    pub fn new(board: &Board, placements: &[Vec<Vec<usize>>]) -> Result<Packer, PackError> {
        let pieces = placements.len();
        if pieces > 64 {
            return Err(PackError::TooManyPieces);
        }
        let (r0, c0) = min_corner(board.cells());
        let rows = board.cells().iter().map(|c| (c.row - r0) as usize + 1).max().unwrap_or(0);
        let cols = board.cells().iter().map(|c| (c.col - c0) as usize + 1).max().unwrap_or(0);
        // Scan along the shorter side: transpose when the board is wider than tall.
        let transpose = cols > rows;
        let (h, w) = if transpose { (cols, rows) } else { (rows, cols) };
        if h * (w + 1) > 128 {
            return Err(PackError::TooLarge { rows, cols });
        }
        let stride = (w + 1) as u32;
        let bit_of: Vec<u32> = board
            .cells()
            .iter()
            .map(|c| {
                let (r, c) = ((c.row - r0) as u32, (c.col - c0) as u32);
                let (r, c) = if transpose { (c, r) } else { (r, c) };
                r * stride + c
            })
            .collect();
        let board_mask = bit_of.iter().fold(0u128, |m, &b| m | 1u128 << b);

        // Bucket placements by (first bit, piece).
        let mut buckets: Vec<Vec<(u128, u32)>> = vec![Vec::new(); 128 * pieces];
        let mut sizes = Vec::with_capacity(pieces);
        for (p, list) in placements.iter().enumerate() {
            sizes.push(list.first().map_or(0, |pl| pl.len() as u32));
            for (k, pl) in list.iter().enumerate() {
                let mut m = 0u128;
                for &cell in pl {
                    let bit = *bit_of.get(cell).ok_or(PackError::BadPlacement { piece: p, placement: k })?;
                    m |= 1u128 << bit;
                }
                if pl.is_empty() || m.count_ones() as usize != pl.len() {
                    return Err(PackError::BadPlacement { piece: p, placement: k });
                }
                let first = m.trailing_zeros() as usize;
                buckets[first * pieces + p].push((m, k as u32));
            }
        }
        let mut starts = Vec::with_capacity(128 * pieces + 1);
        let mut masks = Vec::new();
        let mut ids = Vec::new();
        for b in &buckets {
            starts.push(masks.len() as u32);
            for &(m, k) in b {
                masks.push(m);
                ids.push(k);
            }
        }
        starts.push(masks.len() as u32);

        // Sizes must be uniform per piece for the region test; placements of one piece
        // all have its size by construction of Board::placements, but check anyway.
        let uniform = placements.iter().zip(&sizes).all(|(l, &s)| l.iter().all(|pl| pl.len() as u32 == s));
        let total: u32 = sizes.iter().sum();
        let sizes_match = uniform && total as usize == board.len();
        let sums = if pieces <= SUBSET_SUM_PIECES {
            let mut sums = vec![1u128; 1 << pieces];
            for set in 1usize..1 << pieces {
                let p = set.trailing_zeros() as usize;
                let rest = sums[set & (set - 1)];
                sums[set] = rest | rest.checked_shl(sizes[p]).unwrap_or(0);
            }
            sums
        } else {
            Vec::new()
        };
        Ok(Packer { pieces, outside: !board_mask, stride, starts, masks, ids, sums, sizes, sizes_match })
    }

    /// Number of pieces.
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// Counts all packings.
    pub fn count(&self) -> u64 {
        let mut n = 0u64;
        let _ = self.for_each(|_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// The first packing found, one [`Placed`] per piece in piece order, or `None`.
    pub fn first(&self) -> Option<Vec<Placed>> {
        let mut found = None;
        let _ = self.for_each(|s| {
            found = Some(s.to_vec());
            ControlFlow::Break(())
        });
        found
    }

    /// Calls `visit` with every packing (one [`Placed`] per piece, in piece order) until
    /// it returns `Break`. Returns `Break` if the visitor stopped the search.
    pub fn for_each<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(&[Placed]) -> ControlFlow<()>,
    {
        if !self.sizes_match {
            return ControlFlow::Continue(());
        }
        let all: u64 = if self.pieces == 64 { u64::MAX } else { (1u64 << self.pieces) - 1 };
        let mut chosen = vec![u32::MAX; self.pieces];
        let mut out = Vec::with_capacity(self.pieces);
        self.search(self.outside, all, &mut chosen, &mut |chosen: &[u32]| {
            out.clear();
            out.extend(chosen.iter().enumerate().map(|(p, &i)| Placed { piece: p, placement: self.ids[i as usize] as usize }));
            visit(&out)
        })
    }

    fn search<F>(&self, filled: u128, remaining: u64, chosen: &mut [u32], visit: &mut F) -> ControlFlow<()>
    where
        F: FnMut(&[u32]) -> ControlFlow<()>,
    {
        if remaining == 0 {
            return visit(chosen);
        }
        let bit = (!filled).trailing_zeros() as usize;
        let base = bit * self.pieces;
        let mut rest = remaining;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (s, e) = (self.starts[base + p] as usize, self.starts[base + p + 1] as usize);
            let left = remaining & !(1u64 << p);
            for i in s..e {
                let m = self.masks[i];
                if m & filled != 0 {
                    continue;
                }
                let f = filled | m;
                if left != 0 && self.dead(f, m, left) {
                    continue;
                }
                chosen[p] = i as u32;
                self.search(f, left, chosen, visit)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The empty cells adjacent to a bitboard `m`.
    #[inline(always)]
    fn neighbours(&self, m: u128) -> u128 {
        (m << 1) | (m >> 1) | (m << self.stride) | (m >> self.stride)
    }

    /// Whether the empty cells next to the just placed `piece` fall into a region no set
    /// of the `left` pieces can fill exactly.
    #[inline]
    fn dead(&self, filled: u128, piece: u128, left: u64) -> bool {
        let empty = !filled;
        let mut seeds = self.neighbours(piece) & empty;
        let sums = if self.sums.is_empty() { None } else { Some(self.sums[left as usize]) };
        let min = if sums.is_none() { self.min_size(left) } else { 0 };
        while seeds != 0 {
            let mut region = seeds & seeds.wrapping_neg();
            loop {
                let grown = (region | self.neighbours(region)) & empty;
                if grown == region {
                    break;
                }
                region = grown;
            }
            let size = region.count_ones();
            let ok = match sums {
                Some(s) => s >> size & 1 == 1,
                None => size >= min,
            };
            if !ok {
                return true;
            }
            seeds &= !region;
        }
        false
    }

    fn min_size(&self, left: u64) -> u32 {
        let mut m = u32::MAX;
        let mut rest = left;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            m = m.min(self.sizes[p]);
        }
        m
    }
}

fn min_corner(cells: &[Cell]) -> (i32, i32) {
    (cells.iter().map(|c| c.row).min().unwrap_or(0), cells.iter().map(|c| c.col).min().unwrap_or(0))
}
