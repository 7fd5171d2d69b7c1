//! A specialised exact-cover search for packing distinct pieces into a board whose
//! bounding box, padded by one column, has at most 128 cells, on 128-bit bitboards.
//!
//! The method is the cell-first backtrack for polyomino packing (D. Scott, 1958; Knuth,
//! TAOCP 7.2.2.1, on polyomino packing and "first empty cell" branching):
//!
//! - At the root, branch on the placements of the piece with the fewest placements (the
//!   X-pentomino trick: the hardest piece to place goes first).
//! - Below, fill the first empty cell in scan order. A placement that covers it must have
//!   that cell as its own first cell, so placements are indexed by (first cell, piece).
//! - After each placement, the empty regions next to the new piece are measured by
//!   bit-parallel flood fill; a region whose size is no sum of the sizes of the pieces
//!   left, or a region as small as one piece that is no placement of a piece left, is a
//!   dead end. Isolated cells are found first by plain bit operations.

use crate::lattice::square::Symmetry;
use crate::lattice::Cell;
use crate::layout::{Adjacency, Layout};
use crate::region::Board;
use exact_cover::interrupt;
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
    /// A bit layout (from [`Packer::from_layout`]) past bit 127.
    #[error("the board's bit layout needs {bits} bits, more than 128")]
    TooManyBits {
        /// Bits the layout needs.
        bits: usize,
    },
    /// Two board cells on one bit of a layout.
    #[error("board cells {0} and {1} share a bit of the layout")]
    SharedBit(usize, usize),
    /// More than 64 pieces.
    #[error("more than 64 pieces")]
    TooManyPieces,
    /// A placement named a cell index that is not on the board, or a cell twice, or no
    /// cell.
    #[error("placement {placement} of piece {piece} is not a set of board cells")]
    BadPlacement {
        /// Piece number.
        piece: usize,
        /// Placement number within the piece's list.
        placement: usize,
    },
}

impl Layout {
    /// The square board `board` mapped by `scan`, rows of its bounding box's width plus
    /// one padding bit; also the bounding box's rows and columns.
    pub fn square(board: &Board, scan: Symmetry) -> (Layout, usize, usize) {
        let moved: Vec<Cell> = board.cells().iter().map(|&c| scan.apply(c)).collect();
        let (rows, cols) = extent(moved.iter().copied());
        let r0 = moved.iter().map(|c| c.x).min().unwrap_or(0);
        let c0 = moved.iter().map(|c| c.y).min().unwrap_or(0);
        let stride = cols as u32 + 1;
        let bit_of = moved.iter().map(|c| (c.x - r0) as u32 * stride + (c.y - c0) as u32).collect();
        (Layout { bit_of, adjacency: Adjacency::Square { stride }, crossings: Vec::new() }, rows, cols)
    }

    /// The scan order rows along a square board's shorter side.
    pub fn square_scan(board: &Board) -> Symmetry {
        let (rows, cols) = extent(board.cells().iter().copied());
        if cols > rows {
            Symmetry::Transpose
        } else {
            Symmetry::Identity
        }
    }
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

/// The largest number of pieces for which region sizes are checked against exact subset
/// sums (a table of `2^n` entries); above it only the smallest piece size is used.
const SUBSET_SUM_PIECES: usize = 16;

/// A packing problem compiled to bitboards: fill every board cell, using each piece
/// exactly once, each in one of its given placements.
#[derive(Debug, Clone)]
pub struct Packer {
    pieces: usize,
    /// Bits that are not board cells (always "filled").
    outside: u128,
    /// Which bits touch which: the lattice's neighbour shifts.
    adjacency: Adjacency,
    /// `starts[bit * pieces + piece]..starts[bit * pieces + piece + 1]` indexes `masks`.
    starts: Vec<u32>,
    masks: Vec<u128>,
    /// Placement number (within its piece's list) of each mask.
    ids: Vec<u32>,
    /// Per set of remaining pieces (at most [`SUBSET_SUM_PIECES`]): bit `s` set when some
    /// subset of them has `s` cells in all. Empty when there are more pieces.
    sums: Vec<u128>,
    /// Per set of remaining pieces: the largest region size to examine (the largest size
    /// that is no subset sum, or the largest piece size if more); a region known to be
    /// larger needs no further flood fill.
    horizon: Vec<u8>,
    sizes: Vec<u32>,
    max_size: u32,
    /// `by_size[s]`: the set of pieces with `s` cells.
    by_size: Vec<u64>,
    /// The piece to branch on at the root, if any.
    root: Option<usize>,
    /// Whether every placement of a piece has the piece's size and the sizes add up to
    /// the board size (otherwise there is no packing).
    sizes_match: bool,
}

impl Packer {
    /// Compiles the problem with the default scan order: rows along the board's shorter
    /// side. `placements[p]` lists the placements of piece `p`, each a list of board cell
    /// indices (as from [`Board::placements`]).
    ///
    /// Errors: [`PackError`] when the board or the piece count does not fit the bitboards,
    /// or a placement is not a set of board cells.
    pub fn new(board: &Board, placements: &[Vec<Vec<usize>>]) -> Result<Packer, PackError> {
        Packer::with_scan(board, placements, Layout::square_scan(board))
    }

    /// As [`Packer::new`], but the scan order is row-major after mapping the board by
    /// `scan` (which changes the search tree, not the solutions).
    pub fn with_scan(board: &Board, placements: &[Vec<Vec<usize>>], scan: Symmetry) -> Result<Packer, PackError> {
        let pieces = placements.len();
        if pieces > 64 {
            return Err(PackError::TooManyPieces);
        }
        let (layout, rows, cols) = Layout::square(board, scan);
        if rows * (cols + 1) > 128 {
            return Err(PackError::TooLarge { rows, cols });
        }
        Packer::from_layout(&layout, placements)
    }

    /// Compiles a problem on any lattice's [`Layout`] (which must leave padding bits where
    /// [`Adjacency`] says so). Cells are filled in increasing bit order.
    /// `placements[p]` lists the placements of piece `p` as board cell indices.
    ///
    /// Errors: [`PackError::TooManyBits`] for a bit past 127, [`PackError::TooManyPieces`],
    /// [`PackError::SharedBit`], [`PackError::BadPlacement`] (a cell index past `bit_of`,
    /// repeated, or none).
    pub fn from_layout(layout: &Layout, placements: &[Vec<Vec<usize>>]) -> Result<Packer, PackError> {
        let (bit_of, adjacency) = (&layout.bit_of, layout.adjacency);
        let pieces = placements.len();
        if pieces > 64 {
            return Err(PackError::TooManyPieces);
        }
        if let Some(&b) = bit_of.iter().find(|&&b| b > 127) {
            return Err(PackError::TooManyBits { bits: b as usize + 1 });
        }
        let mut owner = [usize::MAX; 128];
        for (i, &b) in bit_of.iter().enumerate() {
            if owner[b as usize] != usize::MAX {
                return Err(PackError::SharedBit(owner[b as usize], i));
            }
            owner[b as usize] = i;
        }
        let board_mask = bit_of.iter().fold(0u128, |m, &b| m | 1u128 << b);

        // Bucket placements by (first bit, piece).
        let mut buckets: Vec<Vec<(u128, u32)>> = vec![Vec::new(); 128 * pieces];
        let mut sizes = Vec::with_capacity(pieces);
        let mut uniform = true;
        for (p, list) in placements.iter().enumerate() {
            let size = list.first().map_or(0, |pl| pl.len() as u32);
            sizes.push(size);
            for (k, pl) in list.iter().enumerate() {
                let bad = PackError::BadPlacement { piece: p, placement: k };
                let mut m = 0u128;
                for &cell in pl {
                    m |= 1u128 << *bit_of.get(cell).ok_or(bad.clone())?;
                }
                if pl.is_empty() || m.count_ones() as usize != pl.len() {
                    return Err(bad);
                }
                uniform &= pl.len() as u32 == size;
                buckets[m.trailing_zeros() as usize * pieces + p].push((m, k as u32));
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
        let total: u32 = sizes.iter().sum();
        let sizes_match = uniform && total as usize == bit_of.len() && sizes.iter().all(|&s| s > 0);
        let max_size = sizes.iter().copied().max().unwrap_or(0);
        let mut by_size = vec![0u64; 129];
        for (p, &s) in sizes.iter().enumerate() {
            by_size[s as usize] |= 1 << p;
        }
        let mut sums = Vec::new();
        let mut horizon = Vec::new();
        if pieces <= SUBSET_SUM_PIECES {
            sums = vec![1u128; 1 << pieces];
            horizon = vec![0u8; 1 << pieces];
            for set in 1usize..1 << pieces {
                let p = set.trailing_zeros() as usize;
                let rest = sums[set & (set - 1)];
                sums[set] = rest | rest.checked_shl(sizes[p]).unwrap_or(0);
                let left: u32 = (0..pieces).filter(|q| set >> q & 1 == 1).map(|q| sizes[q]).sum();
                let bad = (1..=left.min(127)).rev().find(|&k| sums[set] >> k & 1 == 0).unwrap_or(0);
                horizon[set] = bad.max(max_size).min(127) as u8;
            }
        }
        let mut packer = Packer {
            pieces,
            outside: !board_mask,
            adjacency,
            starts,
            masks,
            ids,
            sums,
            horizon,
            sizes,
            max_size,
            by_size,
            root: None,
            sizes_match,
        };
        packer.root = (0..pieces).min_by_key(|&p| packer.placements_of(p).count());
        Ok(packer)
    }

    /// Number of pieces.
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// Counts all packings. Counts saturate: `u64::MAX` means at least that many.
    pub fn count(&self) -> u64 {
        self.count_with_nodes().0
    }

    /// Counts all packings; also returns the number of search-tree nodes visited.
    pub fn count_with_nodes(&self) -> (u64, u64) {
        if !self.sizes_match {
            return (0, 0);
        }
        let mut memo = Memo::new(MEMO_BITS);
        let mut nodes = 0;
        let n = self.count_below(self.outside, self.all_pieces(), 0, true, &mut memo, &mut nodes);
        (n, nodes)
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

    /// The search tree cut into at least `at_least` subtrees where it has that many nodes
    /// at some depth (fewer otherwise), in a fixed order: the packings of all subtrees
    /// together are the packings of the problem, each in exactly one subtree. For parallel
    /// or sharded runs.
    pub fn split(&self, at_least: usize) -> Vec<Subtree> {
        if !self.sizes_match {
            return Vec::new();
        }
        let root = Subtree { filled: self.outside, remaining: self.all_pieces(), at_root: true, chosen: Vec::new() };
        let mut frontier = vec![root];
        while frontier.len() < at_least && frontier.iter().any(|t| t.remaining != 0) {
            let mut next = Vec::new();
            for t in frontier {
                if t.remaining == 0 {
                    next.push(t);
                    continue;
                }
                let _ = self.children(t.filled, t.remaining, t.at_root, true, |p, i, after, left| {
                    let mut chosen = t.chosen.clone();
                    chosen.push((p as u32, i as u32));
                    next.push(Subtree { filled: after, remaining: left, at_root: false, chosen });
                    ControlFlow::Continue(())
                });
            }
            frontier = next;
        }
        frontier
    }

    /// The number of packings in a subtree from [`Packer::split`] (saturating at
    /// `u64::MAX`, as [`Packer::count`]).
    pub fn count_subtree(&self, t: &Subtree) -> u64 {
        self.count_subtree_cached(t, &mut CountCache::new())
    }

    /// As [`Packer::count_subtree`], reusing `cache` (a transposition table) across the
    /// subtrees that one worker counts, so that states shared between them are counted
    /// once. A cache must only be used with one packer.
    pub fn count_subtree_cached(&self, t: &Subtree, cache: &mut CountCache) -> u64 {
        let mut nodes = 0;
        self.count_below(t.filled, t.remaining, 0, t.at_root, &mut cache.0, &mut nodes)
    }

    /// As [`Packer::for_each`], over the packings of one subtree from [`Packer::split`].
    pub fn for_each_in<F>(&self, t: &Subtree, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(&[Placed]) -> ControlFlow<()>,
    {
        let mut chosen = vec![u32::MAX; self.pieces];
        for &(p, i) in &t.chosen {
            chosen[p as usize] = i;
        }
        let mut out = Vec::with_capacity(self.pieces);
        let mut wrapped = |chosen: &[u32]| {
            out.clear();
            out.extend(chosen.iter().enumerate().map(|(p, &i)| Placed { piece: p, placement: self.ids[i as usize] as usize }));
            visit(&out)
        };
        let mut search = Search { chosen, nodes: 0, found: 0, dead: Memo::new(MEMO_BITS), visit: &mut wrapped };
        self.search(t.filled, t.remaining, t.at_root, &mut search)
    }

    /// Calls `visit` with every packing (one [`Placed`] per piece, in piece order) until
    /// it returns `Break`. Returns `Break` if the visitor stopped the search.
    pub fn for_each<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(&[Placed]) -> ControlFlow<()>,
    {
        let mut out = Vec::with_capacity(self.pieces);
        self.run(|chosen| {
            out.clear();
            out.extend(chosen.iter().enumerate().map(|(p, &i)| Placed { piece: p, placement: self.ids[i as usize] as usize }));
            visit(&out)
        })
        .0
    }

    /// Runs the search; the visitor sees, per piece, the index of its chosen mask.
    fn run<F>(&self, mut visit: F) -> (ControlFlow<()>, u64)
    where
        F: FnMut(&[u32]) -> ControlFlow<()>,
    {
        if !self.sizes_match {
            return (ControlFlow::Continue(()), 0);
        }
        let mut search = Search { chosen: vec![u32::MAX; self.pieces], nodes: 0, found: 0, dead: Memo::new(MEMO_BITS), visit: &mut visit };
        let flow = self.search(self.outside, self.all_pieces(), true, &mut search);
        (flow, search.nodes)
    }

    fn all_pieces(&self) -> u64 {
        if self.pieces == 64 {
            u64::MAX
        } else {
            (1u64 << self.pieces) - 1
        }
    }

    /// Indices into `masks` of every placement of piece `p`.
    fn placements_of(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        (0..128).flat_map(move |b| self.starts[b * self.pieces + p] as usize..self.starts[b * self.pieces + p + 1] as usize)
    }

    /// Calls `f(piece, mask index, filled after, pieces left after)` for each live
    /// child of the state: at the root the placements of the root piece, below it the
    /// placements covering the first empty cell. Children whose empty regions are dead are
    /// skipped.
    #[inline(always)]
    fn children<G>(&self, filled: u128, remaining: u64, at_root: bool, prune: bool, mut f: G) -> ControlFlow<()>
    where
        G: FnMut(usize, usize, u128, u64) -> ControlFlow<()>,
    {
        let mut each = |p: usize, range: std::ops::Range<usize>| {
            let left = remaining & !(1u64 << p);
            for i in range {
                let m = self.masks[i];
                if m & filled != 0 {
                    continue;
                }
                let after = filled | m;
                if prune && left != 0 && self.dead(after, m, left) {
                    continue;
                }
                f(p, i, after, left)?;
            }
            ControlFlow::Continue(())
        };
        match self.root {
            Some(p) if at_root => {
                for b in 0..128 {
                    each(p, self.starts[b * self.pieces + p] as usize..self.starts[b * self.pieces + p + 1] as usize)?;
                }
            }
            _ => {
                let base = (!filled).trailing_zeros() as usize * self.pieces;
                let mut rest = remaining;
                while rest != 0 {
                    let p = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    each(p, self.starts[base + p] as usize..self.starts[base + p + 1] as usize)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Enumerates the packings below a state. States whose whole subtree held no packing
    /// are remembered in a transposition table and not searched again.
    fn search<F>(&self, filled: u128, remaining: u64, at_root: bool, s: &mut Search<'_, F>) -> ControlFlow<()>
    where
        F: FnMut(&[u32]) -> ControlFlow<()>,
    {
        s.nodes += 1;
        if interrupt::poll(s.nodes) {
            return ControlFlow::Break(());
        }
        if remaining == 0 {
            s.found += 1;
            return (s.visit)(&s.chosen);
        }
        let use_memo = remaining & (remaining - 1) != 0;
        if use_memo && s.dead.get(filled, remaining) == Some(0) {
            return ControlFlow::Continue(());
        }
        let before = s.found;
        self.children(filled, remaining, at_root, true, |p, i, after, left| {
            s.chosen[p] = i as u32;
            self.search(after, left, false, s)
        })?;
        if use_memo && s.found == before {
            s.dead.put(filled, remaining, 0);
        }
        ControlFlow::Continue(())
    }

    /// The number of packings below a state reached by placing `last`, with a
    /// transposition table of counts consulted before the dead-region test.
    fn count_below(&self, filled: u128, remaining: u64, last: u128, at_root: bool, memo: &mut Memo, nodes: &mut u64) -> u64 {
        if remaining == 0 {
            *nodes += 1;
            return 1;
        }
        // States with one piece left are cheaper to search than to look up.
        let use_memo = remaining & (remaining - 1) != 0;
        if use_memo {
            if let Some(n) = memo.get(filled, remaining) {
                return n;
            }
        }
        if last != 0 && self.dead(filled, last, remaining) {
            return 0;
        }
        *nodes += 1;
        if interrupt::poll(*nodes) {
            return 0;
        }
        let mut total = 0;
        let _ = self.children(filled, remaining, at_root, false, |_, i, after, left| {
            total = self.count_below(after, left, self.masks[i], false, memo, nodes).saturating_add(total);
            ControlFlow::Continue(())
        });
        if use_memo {
            memo.put(filled, remaining, total);
        }
        total
    }

    /// Whether the empty cells next to the just placed `piece` fall into a region that the
    /// `left` pieces cannot fill exactly.
    #[inline]
    fn dead(&self, filled: u128, piece: u128, left: u64) -> bool {
        // The lattice is chosen once per call, not at every step of the flood fill: each
        // arm is its own copy of `dead_by`, with the adjacency's shifts constant.
        match self.adjacency {
            a @ Adjacency::Square { .. } => self.dead_by(filled, piece, left, move |m| a.neighbours(m)),
            a @ Adjacency::Hexagonal { .. } => self.dead_by(filled, piece, left, move |m| a.neighbours(m)),
            a @ Adjacency::Triangular { .. } => self.dead_by(filled, piece, left, move |m| a.neighbours(m)),
            a => self.dead_by(filled, piece, left, move |m| a.neighbours(m)),
        }
    }

    /// [`Packer::dead`] with the lattice's neighbours `near`.
    #[inline(always)]
    fn dead_by(&self, filled: u128, piece: u128, left: u64, near: impl Fn(u128) -> u128) -> bool {
        let empty = !filled;
        let mut seeds = near(piece) & empty;
        if seeds == 0 {
            return false;
        }
        let (sums, horizon) =
            if self.sums.is_empty() { (None, self.max_size) } else { (Some(self.sums[left as usize]), self.horizon[left as usize] as u32) };
        // A cell with no empty neighbour is a region of one cell.
        let one_fits = sums.map_or(self.min_size(left) <= 1, |s| s & 2 != 0);
        if !one_fits && seeds & !near(empty) != 0 {
            return true;
        }
        // Cells of regions already known to be larger than the horizon.
        let mut big = 0u128;
        while seeds != 0 {
            let mut region = seeds & seeds.wrapping_neg();
            let mut size = 1;
            loop {
                let grown = (region | near(region)) & empty;
                if grown == region {
                    break;
                }
                region = grown;
                size = region.count_ones();
                if size > horizon || region & big != 0 {
                    size = u32::MAX;
                    big |= region;
                    break;
                }
            }
            if size <= horizon {
                let fits = match sums {
                    Some(s) => s >> size & 1 == 1,
                    None => size >= self.min_size(left),
                };
                if !fits || (size <= self.max_size && !self.is_placement(region, size, left)) {
                    return true;
                }
            }
            seeds &= !region;
        }
        false
    }

    /// Whether a region of `size` cells that fits no bigger combination must be one piece:
    /// true when it is a placement of one of the `left` pieces, or when it can also be
    /// split among several of them (then it is not checked further).
    #[inline]
    fn is_placement(&self, region: u128, size: u32, left: u64) -> bool {
        let singles = left & self.by_size[size as usize];
        if singles == 0 {
            return true; // only a combination of smaller pieces can fill it
        }
        if self.min_size(left & !singles).saturating_mul(2) <= size {
            return true; // two smaller pieces might fill it: not checked here
        }
        let base = region.trailing_zeros() as usize * self.pieces;
        let mut rest = singles;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (s, e) = (self.starts[base + p] as usize, self.starts[base + p + 1] as usize);
            if self.masks[s..e].contains(&region) {
                return true;
            }
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

/// A transposition table for counting with one [`Packer`] (2 MiB).
pub struct CountCache(Memo);

impl CountCache {
    /// An empty table.
    pub fn new() -> CountCache {
        CountCache(Memo::new(MEMO_BITS))
    }
}

impl Default for CountCache {
    fn default() -> CountCache {
        CountCache::new()
    }
}

impl std::fmt::Debug for CountCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CountCache")
    }
}

/// A node of the search tree (the pieces placed so far), as cut by [`Packer::split`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subtree {
    filled: u128,
    remaining: u64,
    at_root: bool,
    /// (piece, mask index) of each piece placed.
    chosen: Vec<(u32, u32)>,
}

/// The mutable state of one search.
struct Search<'v, F> {
    /// Per piece, the index of its chosen mask.
    chosen: Vec<u32>,
    nodes: u64,
    /// Packings visited so far.
    found: u64,
    /// States known to have no packing below them.
    dead: Memo,
    visit: &'v mut F,
}

/// log2 of the number of entries in the transposition table used for counting (32 bytes
/// each: 2 MiB, so that it stays in cache; larger tables measured slower on the tray).
const MEMO_BITS: u32 = 16;

/// A direct-mapped transposition table from search states (filled cells, pieces left) to
/// their numbers of packings. Lossy: a new entry replaces whatever shared its slot, so
/// memory is fixed and a lost entry only costs a recount.
struct Memo {
    entries: Vec<Entry>,
    shift: u32,
}

/// One slot: a state and its count. (0, 0) is never a real key, since a state in the table
/// has pieces left.
#[derive(Clone, Copy, Default)]
#[repr(align(32))]
struct Entry {
    filled: u128,
    remaining: u64,
    count: u64,
}

impl Memo {
    fn new(bits: u32) -> Memo {
        Memo { entries: vec![Entry::default(); 1 << bits], shift: 64 - bits }
    }

    #[inline]
    fn slot(&self, filled: u128, remaining: u64) -> usize {
        let h = (filled as u64 ^ (filled >> 64) as u64 ^ remaining.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> self.shift) as usize
    }

    #[inline]
    fn get(&self, filled: u128, remaining: u64) -> Option<u64> {
        let i = self.slot(filled, remaining) & !1;
        let hit = |e: &Entry| e.filled == filled && e.remaining == remaining;
        if hit(&self.entries[i]) {
            Some(self.entries[i].count)
        } else if hit(&self.entries[i + 1]) {
            Some(self.entries[i + 1].count)
        } else {
            None
        }
    }

    /// Stores a count, replacing in its pair of slots the entry with fewer pieces left
    /// (the cheaper one to recount).
    #[inline]
    fn put(&mut self, filled: u128, remaining: u64, count: u64) {
        let i = self.slot(filled, remaining) & !1;
        let j = if self.entries[i].remaining.count_ones() <= self.entries[i + 1].remaining.count_ones() { i } else { i + 1 };
        self.entries[j] = Entry { filled, remaining, count };
    }
}

/// Rows and columns of the bounding box of `cells`.
pub(crate) fn extent(cells: impl Iterator<Item = Cell> + Clone) -> (usize, usize) {
    let span = |v: Vec<i32>| match (v.iter().min(), v.iter().max()) {
        (Some(a), Some(b)) => (b - a + 1) as usize,
        _ => 0,
    };
    (span(cells.clone().map(|c| c.x).collect()), span(cells.map(|c| c.y).collect()))
}
