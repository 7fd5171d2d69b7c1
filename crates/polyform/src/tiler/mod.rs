//! The bitboard search for packings with piece counts on boards of any size up to
//! [`MAX_BITS`] bits: each piece used between a lower and an upper number of times
//! ([`Copies`]), copies of a piece indistinguishable, the board's cells held in a bitset
//! of 1 to 32 machine words chosen from the board's size.
//!
//! The method is the cell-first backtrack of [`crate::packer`] (D. Scott, 1958; Knuth,
//! TAOCP 7.2.2.1), generalised:
//!
//! - Fill the first empty cell in scan order (rows along the board's shorter side, so
//!   the filled cells ahead of the scan form a narrow frontier). Placements are indexed
//!   by their first cell; a piece may be placed while its copies are below its upper
//!   bound. Every tiling is reached exactly once, since each tile is chosen at its own
//!   first cell.
//! - A state whose empty cells are fewer than the cells the lower bounds still owe, or
//!   more than the pieces left can cover, is a dead end; so is one whose empty regions
//!   next to the last tile have a size that no sum of piece sizes reaches, or a region
//!   that can only be one tile but is no placement.
//! - Counting memoizes the number of tilings below each state in a fixed-size
//!   transposition table keyed on the whole filled bitset and the copies used (the copies
//!   that matter: of a piece with no binding upper bound, only as many as its lower bound
//!   asks) -- the frontier memoization of transfer-matrix counting, found by the search
//!   itself. A table entry is compared in full, so a lost entry costs a recount, never a
//!   wrong count. Enumeration keeps the states whose subtree held no tiling.

use crate::copies::Copies;
use crate::layout::{Adjacency, Layout};
use crate::packer::PackError;
use crate::region::Board;
use exact_cover::interrupt;
use std::ops::ControlFlow;

mod bits;
use bits::Bits;

/// The largest bit layout a [`Tiler`] takes: the board's bounding box, rows along its
/// shorter side, each row padded by one bit (2048: a 44x45 rectangle).
pub const MAX_BITS: usize = 32 * 64;

/// The most distinct pieces a [`Tiler`] takes.
pub const MAX_PIECES: usize = 1024;

/// The most placement words (placements x words per bitset) a [`Tiler`] stores: 2^24
/// (128 MiB); past it the problem goes to dancing links.
pub const MAX_MASK_WORDS: usize = 1 << 24;

/// The largest transposition table in bytes (it starts at 4096 slots and grows as it
/// fills).
const TABLE_BYTES: usize = 64 << 20;

/// A packing problem with piece counts compiled to bitsets: fill every board cell, each
/// piece `p` used between `copies[p].lo` and its upper bound, each copy in one of the
/// piece's placements.
#[derive(Debug, Clone)]
pub struct Tiler(Inner);

#[derive(Debug, Clone)]
enum Inner {
    W1(Box<Grid<1>>),
    W2(Box<Grid<2>>),
    W3(Box<Grid<3>>),
    W4(Box<Grid<4>>),
    W6(Box<Grid<6>>),
    W8(Box<Grid<8>>),
    W16(Box<Grid<16>>),
    W32(Box<Grid<32>>),
}

/// Runs `$body` with `$g` bound to the [`Grid`] inside a [`Tiler`] (or a subtree's
/// matching state), whatever its width.
macro_rules! with_grid {
    ($inner:expr, $g:ident => $body:expr) => {
        match $inner {
            Inner::W1($g) => $body,
            Inner::W2($g) => $body,
            Inner::W3($g) => $body,
            Inner::W4($g) => $body,
            Inner::W6($g) => $body,
            Inner::W8($g) => $body,
            Inner::W16($g) => $body,
            Inner::W32($g) => $body,
        }
    };
}

/// One tile of a tiling: its piece and the number of its placement in the list given to
/// [`Tiler::new`].
pub type Tile = (usize, usize);

impl Tiler {
    /// Compiles the problem, with the scan order rows along the board's shorter side.
    /// `placements[p]` lists piece `p`'s placements as board cell indices (as from
    /// [`Board::placements`]), all of one size; `copies[p]` bounds its copies.
    ///
    /// Errors: [`PackError::TooLarge`] when the board's bit layout exceeds [`MAX_BITS`]
    /// or the placements' bitsets [`MAX_MASK_WORDS`], [`PackError::TooManyPieces`] past
    /// [`MAX_PIECES`], [`PackError::BadPlacement`] for a placement that is not a non-empty
    /// set of board cells of its piece's size.
    ///
    /// Panics if `copies` and `placements` differ in length.
    pub fn new(board: &Board, placements: &[Vec<Vec<usize>>], copies: &[Copies]) -> Result<Tiler, PackError> {
        assert_eq!(placements.len(), copies.len(), "one count per piece");
        if placements.len() > MAX_PIECES {
            return Err(PackError::TooManyPieces);
        }
        let (layout, rows, cols) = Layout::square(board, Layout::square_scan(board));
        if rows.saturating_mul(cols + 1) > MAX_BITS {
            return Err(PackError::TooLarge { rows, cols });
        }
        Tiler::from_layout(&layout, placements, copies)
    }

    /// As [`Tiler::new`], on any lattice's [`Layout`] (cells filled in increasing bit
    /// order).
    ///
    /// Errors: [`PackError::TooManyBits`] past [`MAX_BITS`] bits or [`MAX_MASK_WORDS`]
    /// placement words, [`PackError::SharedBit`], and as [`Tiler::new`].
    ///
    /// Panics if `copies` and `placements` differ in length.
    pub fn from_layout(layout: &Layout, placements: &[Vec<Vec<usize>>], copies: &[Copies]) -> Result<Tiler, PackError> {
        assert_eq!(placements.len(), copies.len(), "one count per piece");
        if placements.len() > MAX_PIECES {
            return Err(PackError::TooManyPieces);
        }
        let bits = layout.bit_of.iter().map(|&b| b as usize + 1).max().unwrap_or(0);
        let words = bits.div_ceil(64);
        let masks: usize = placements.iter().map(Vec::len).sum();
        if bits > MAX_BITS || masks.saturating_mul(words) > MAX_MASK_WORDS {
            return Err(PackError::TooManyBits { bits: bits.max(masks.saturating_mul(words)) });
        }
        let mut seen = vec![usize::MAX; bits];
        for (i, &b) in layout.bit_of.iter().enumerate() {
            if seen[b as usize] != usize::MAX {
                return Err(PackError::SharedBit(seen[b as usize], i));
            }
            seen[b as usize] = i;
        }
        let inner = match words {
            0..=1 => Inner::W1(Box::new(Grid::new(layout, placements, copies)?)),
            2 => Inner::W2(Box::new(Grid::new(layout, placements, copies)?)),
            3 => Inner::W3(Box::new(Grid::new(layout, placements, copies)?)),
            4 => Inner::W4(Box::new(Grid::new(layout, placements, copies)?)),
            5..=6 => Inner::W6(Box::new(Grid::new(layout, placements, copies)?)),
            7..=8 => Inner::W8(Box::new(Grid::new(layout, placements, copies)?)),
            9..=16 => Inner::W16(Box::new(Grid::new(layout, placements, copies)?)),
            _ => Inner::W32(Box::new(Grid::new(layout, placements, copies)?)),
        };
        Ok(Tiler(inner))
    }

    /// The machine words in each of its bitsets (1, 2, 3, 4, 6, 8, 16 or 32).
    pub fn words(&self) -> usize {
        with_grid!(&self.0, g => words_of(&**g))
    }

    /// Calls `visit` with each tiling, as its tiles in the order they were placed, until
    /// it returns `Break`. Returns `Break` if the visitor stopped the search.
    pub fn for_each(&self, visit: impl FnMut(&[Tile]) -> ControlFlow<()>) -> ControlFlow<()> {
        with_grid!(&self.0, g => g.for_each(&g.root(), visit))
    }

    /// The number of tilings, or `None` past 2^128 - 1; and the search-tree nodes visited.
    pub fn count_with_nodes(&self) -> (Option<u128>, u64) {
        let mut cache = TilerCache::default();
        let mut nodes = 0;
        let n = with_grid!(&self.0, g => g.count_from(&g.root(), &mut cache, &mut nodes));
        (n, nodes)
    }

    /// The number of tilings, or `None` past 2^128 - 1.
    pub fn count(&self) -> Option<u128> {
        self.count_with_nodes().0
    }

    /// The search tree cut into at least `at_least` subtrees where it has that many nodes
    /// at some depth (fewer otherwise), in a fixed order: every tiling is in exactly one.
    /// For parallel or sharded counts.
    pub fn split(&self, at_least: usize) -> Vec<TilerSubtree> {
        with_grid!(&self.0, g => g.split(at_least))
    }

    /// The number of tilings in a subtree from [`Tiler::split`] of this tiler, or `None`
    /// past 2^128 - 1, reusing `cache` (one per worker) across subtrees.
    pub fn count_subtree(&self, t: &TilerSubtree, cache: &mut TilerCache) -> Option<u128> {
        let mut nodes = 0;
        with_grid!(&self.0, g => g.count_from(&g.state_of(t), cache, &mut nodes))
    }
}

fn words_of<const W: usize>(_: &Grid<W>) -> usize {
    W
}

/// A transposition table for counting with one [`Tiler`] (allocated on first use, grown
/// as it fills, at most 64 MiB).
#[derive(Default)]
pub struct TilerCache {
    table: Option<Table>,
}

impl std::fmt::Debug for TilerCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TilerCache")
    }
}

/// A node of a [`Tiler`]'s search tree, as cut by [`Tiler::split`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TilerSubtree {
    /// Mask indices of the tiles placed, in order.
    chosen: Vec<u32>,
}

/// Where one piece's placements with a given first cell sit in the mask list.
#[derive(Debug, Clone, Copy)]
struct Move {
    piece: u32,
    start: u32,
    end: u32,
}

/// A [`Tiler`] with `W` words per bitset.
#[derive(Debug, Clone)]
struct Grid<const W: usize> {
    /// Bits that are not board cells: always filled.
    outside: Bits<W>,
    adjacency: Adjacency,
    cells: u32,
    sizes: Vec<u32>,
    lo: Vec<u32>,
    /// Upper bounds, capped by how many copies fit the board.
    hi: Vec<u32>,
    /// Per piece, the weight of its copies in the table key (0: its copies do not
    /// matter), and whether its upper bound binds (then every copy counts in the key;
    /// otherwise only those up to the lower bound).
    radix: Vec<u128>,
    binding: Vec<bool>,
    /// Whether the table key fits 128 bits (otherwise no memoization).
    keyed: bool,
    /// `moves[move_start[b]..move_start[b + 1]]`: the pieces with a placement whose first
    /// cell is bit `b`.
    move_start: Vec<u32>,
    moves: Vec<Move>,
    masks: Vec<Bits<W>>,
    /// Per mask: its words `lo..=hi`, piece and placement number.
    span: Vec<(u8, u8)>,
    piece: Vec<u32>,
    ids: Vec<u32>,
    /// Bit `s` set when `s` cells (s < 64) are a sum of sizes of pieces that may be used.
    reach: u64,
    /// Regions up to this size are measured after each tile.
    horizon: u32,
    /// Whether a one-cell piece may be used.
    monomino: bool,
    min_size: u32,
}

/// A search state.
#[derive(Clone)]
struct State<const W: usize> {
    filled: Bits<W>,
    used: Vec<u32>,
    key: u128,
    /// Cells the lower bounds still ask for.
    owed: u64,
    /// Cells the pieces left could still cover at most.
    room: u64,
    empty: u32,
}

impl<const W: usize> Grid<W> {
    fn new(layout: &Layout, placements: &[Vec<Vec<usize>>], copies: &[Copies]) -> Result<Grid<W>, PackError> {
        let pieces = placements.len();
        let bit_of: Vec<usize> = layout.bit_of.iter().map(|&b| b as usize).collect();
        let mut board = Bits::<W>::ZERO;
        for &b in &bit_of {
            board.set(b);
        }
        let cells = bit_of.len() as u32;
        let sizes: Vec<u32> = placements.iter().map(|l| l.first().map_or(0, |p| p.len() as u32)).collect();
        let lo: Vec<u32> = copies.iter().map(|c| c.lo).collect();
        let hi: Vec<u32> = copies.iter().zip(&sizes).map(|(c, &s)| c.most(s as usize, cells as usize)).collect();
        let fit: Vec<u32> = sizes.iter().map(|&s| Copies { lo: 0, hi: None }.most(s as usize, cells as usize)).collect();
        let binding: Vec<bool> = (0..pieces).map(|p| hi[p] < fit[p]).collect();
        let mut radix = vec![0u128; pieces];
        let mut weight: Option<u128> = Some(1);
        for p in 0..pieces {
            let values = if binding[p] { hi[p] } else { lo[p] };
            if values > 0 {
                radix[p] = weight.unwrap_or(0);
                weight = weight.and_then(|w| w.checked_mul(values as u128 + 1));
            }
        }
        let keyed = weight.is_some();

        // Bucket the placements by (first bit, piece).
        let mut buckets: Vec<(usize, u32, Bits<W>, u32)> = Vec::new();
        for (p, list) in placements.iter().enumerate() {
            if hi[p] == 0 {
                continue;
            }
            for (k, pl) in list.iter().enumerate() {
                let bad = PackError::BadPlacement { piece: p, placement: k };
                let mut m = Bits::<W>::ZERO;
                for &cell in pl {
                    m.set(*bit_of.get(cell).ok_or(bad.clone())?);
                }
                if pl.is_empty() || m.count() as usize != pl.len() || pl.len() as u32 != sizes[p] {
                    return Err(bad);
                }
                buckets.push((m.lowest().unwrap_or(0), p as u32, m, k as u32));
            }
        }
        buckets.sort_by_key(|&(b, p, _, k)| (b, p, k));
        let mut move_start = vec![0u32; W * 64 + 1];
        let mut moves: Vec<Move> = Vec::new();
        let (mut masks, mut span, mut piece, mut ids) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for (i, &(b, p, m, k)) in buckets.iter().enumerate() {
            if i == 0 || buckets[i - 1].0 != b || buckets[i - 1].1 != p {
                moves.push(Move { piece: p, start: i as u32, end: i as u32 });
                move_start[b + 1] = moves.len() as u32;
            }
            moves.last_mut().expect("a move").end = i as u32 + 1;
            let words: Vec<usize> = (0..W).filter(|&w| m.0[w] != 0).collect();
            span.push((words[0] as u8, words[words.len() - 1] as u8));
            masks.push(m);
            piece.push(p);
            ids.push(k);
        }
        for b in 1..move_start.len() {
            move_start[b] = move_start[b].max(move_start[b - 1]);
        }

        let usable: Vec<usize> = (0..pieces).filter(|&p| hi[p] > 0 && sizes[p] > 0).collect();
        let mut reach = 1u64;
        for s in 1..64u32 {
            if usable.iter().any(|&p| sizes[p] <= s && reach >> (s - sizes[p]) & 1 == 1) {
                reach |= 1 << s;
            }
        }
        let min_size = usable.iter().map(|&p| sizes[p]).min().unwrap_or(1);
        let max_size = usable.iter().map(|&p| sizes[p]).max().unwrap_or(1);
        // Measure regions up to a few pieces' size, and past any size no sum reaches.
        let unreachable = (1..64u32).rev().find(|&s| reach >> s & 1 == 0).unwrap_or(0);
        let horizon = unreachable.min(3 * max_size).max(max_size).min(63);
        Ok(Grid {
            outside: board.not(),
            adjacency: layout.adjacency,
            cells,
            sizes,
            lo,
            hi,
            radix,
            binding,
            keyed,
            move_start,
            moves,
            masks,
            span,
            piece,
            ids,
            reach,
            horizon,
            monomino: reach & 2 != 0,
            min_size,
        })
    }

    fn root(&self) -> State<W> {
        // A piece with no placement (size 0) that must be used owes more than the board.
        let owed = (0..self.sizes.len())
            .map(|p| if self.sizes[p] == 0 && self.lo[p] > 0 { self.cells as u64 + 1 } else { self.lo[p] as u64 * self.sizes[p] as u64 })
            .sum();
        let room = (0..self.sizes.len()).map(|p| self.hi[p] as u64 * self.sizes[p] as u64).sum();
        State { filled: self.outside, used: vec![0; self.sizes.len()], key: 0, owed, room, empty: self.cells }
    }

    /// The state after placing the tiles of a subtree.
    fn state_of(&self, t: &TilerSubtree) -> State<W> {
        let mut s = self.root();
        for &i in &t.chosen {
            self.place(&mut s, i as usize);
        }
        s
    }

    #[inline(always)]
    fn place(&self, s: &mut State<W>, i: usize) {
        let p = self.piece[i] as usize;
        let (a, b) = self.span[i];
        for k in a as usize..=b as usize {
            s.filled.0[k] |= self.masks[i].0[k];
        }
        let size = self.sizes[p];
        if s.used[p] < self.lo[p] {
            s.owed -= size as u64;
            s.key += self.radix[p];
        } else if self.binding[p] {
            s.key += self.radix[p];
        }
        s.used[p] += 1;
        s.room -= size as u64;
        s.empty -= size;
    }

    #[inline(always)]
    fn unplace(&self, s: &mut State<W>, i: usize, filled: &Bits<W>) {
        let p = self.piece[i] as usize;
        s.filled = *filled;
        s.used[p] -= 1;
        let size = self.sizes[p];
        if s.used[p] < self.lo[p] {
            s.owed += size as u64;
            s.key -= self.radix[p];
        } else if self.binding[p] {
            s.key -= self.radix[p];
        }
        s.room += size as u64;
        s.empty += size;
    }

    /// Whether the state can have no tiling by its cell counts alone.
    #[inline(always)]
    fn hopeless(&self, s: &State<W>) -> bool {
        s.owed > s.empty as u64 || s.room < s.empty as u64
    }

    /// Appends to `out` each placement (mask index) that may go on the state's first empty
    /// cell without leaving a dead region.
    #[inline(always)]
    fn candidates(&self, s: &State<W>, out: &mut Vec<u32>) {
        let b = s.filled.lowest_clear();
        let (from, to) = (self.move_start[b] as usize, self.move_start[b + 1] as usize);
        for mv in &self.moves[from..to] {
            let p = mv.piece as usize;
            if s.used[p] >= self.hi[p] {
                continue;
            }
            for i in mv.start as usize..mv.end as usize {
                let (a, z) = self.span[i];
                let m = &self.masks[i];
                if (a as usize..=z as usize).any(|k| m.0[k] & s.filled.0[k] != 0) {
                    continue;
                }
                if !self.dead(&s.filled.or(m), m, &s.used, p) {
                    out.push(i as u32);
                }
            }
        }
    }

    #[inline(always)]
    fn neighbours(&self, m: &Bits<W>) -> Bits<W> {
        let near = m.up(1).or(&m.down(1));
        match self.adjacency {
            Adjacency::Square { stride } => near.or(&m.up(stride as usize)).or(&m.down(stride as usize)),
            Adjacency::Cubic { row, layer } => {
                let (row, layer) = (row as usize, layer as usize);
                near.or(&m.up(row)).or(&m.down(row)).or(&m.up(layer)).or(&m.down(layer))
            }
            Adjacency::Hexagonal { stride } => {
                let s = stride as usize;
                near.or(&m.up(s)).or(&m.down(s)).or(&m.up(s - 1)).or(&m.down(s - 1))
            }
            Adjacency::Triangular { stride } => {
                // Upward triangles (even bits) touch a downward one a row below, downward
                // ones (odd bits) an upward one a row above.
                let even = Bits([0x5555_5555_5555_5555u64; W]);
                let s = stride as usize - 1;
                near.or(&m.and(&even).down(s)).or(&m.and_not(&even).up(s))
            }
            Adjacency::TriangularPrism { stride, layer } => {
                let even = Bits([0x5555_5555_5555_5555u64; W]);
                let (s, layer) = (stride as usize - 1, layer as usize);
                near.or(&m.and(&even).down(s)).or(&m.and_not(&even).up(s)).or(&m.up(layer)).or(&m.down(layer))
            }
            Adjacency::Stick { stride } => {
                // As Adjacency::neighbours: even bits +-stride and +stride +- 1, odd bits
                // +-2 and -stride +- 1.
                let even = Bits([0x5555_5555_5555_5555u64; W]);
                let s = stride as usize;
                let (e, o) = (m.and(&even), m.and_not(&even));
                near.or(&e.up(s))
                    .or(&e.down(s))
                    .or(&e.up(s + 1))
                    .or(&e.up(s - 1))
                    .or(&o.up(2))
                    .or(&o.down(2))
                    .or(&o.down(s + 1))
                    .or(&o.down(s - 1))
            }
            // Segments go to exact cover (Search::on_layout); the tiler never sees them.
            Adjacency::Trig { .. } => unreachable!("polytrigs are packed by exact cover"),
        }
    }

    /// Whether placing tile `m` (of piece `placed`) leaves next to it an empty region that
    /// no tiles can fill: one whose size no sum of piece sizes reaches, or one that must
    /// be a single tile but is no placement of a piece still available.
    fn dead(&self, filled: &Bits<W>, m: &Bits<W>, used: &[u32], placed: usize) -> bool {
        let empty = filled.not();
        let mut seeds = self.neighbours(m).and(&empty);
        if seeds.is_zero() {
            return false;
        }
        if !self.monomino && !seeds.and_not(&self.neighbours(&empty)).is_zero() {
            return true;
        }
        let mut big = Bits::<W>::ZERO;
        while let Some(b) = seeds.lowest() {
            let mut region = Bits::<W>::ZERO;
            region.set(b);
            let mut size = 1;
            loop {
                let grown = region.or(&self.neighbours(&region)).and(&empty);
                if grown == region {
                    break;
                }
                region = grown;
                size = region.count();
                if size > self.horizon || region.intersects(&big) {
                    size = u32::MAX;
                    big = big.or(&region);
                    break;
                }
            }
            if size <= self.horizon {
                if self.reach >> size & 1 == 0 {
                    return true;
                }
                if size < 2 * self.min_size && !self.is_placement(&region, size, used, placed) {
                    return true;
                }
            }
            seeds = seeds.and_not(&region);
        }
        false
    }

    /// Whether `region` (of `size` cells, too small for two tiles) is a placement of a
    /// piece that still has a copy once piece `placed` has one more.
    fn is_placement(&self, region: &Bits<W>, size: u32, used: &[u32], placed: usize) -> bool {
        let b = region.lowest().unwrap_or(0);
        let (from, to) = (self.move_start[b] as usize, self.move_start[b + 1] as usize);
        self.moves[from..to].iter().any(|mv| {
            let p = mv.piece as usize;
            let taken = used[p] + (p == placed) as u32;
            self.sizes[p] == size && taken < self.hi[p] && self.masks[mv.start as usize..mv.end as usize].contains(region)
        })
    }

    fn count_from(&self, start: &State<W>, cache: &mut TilerCache, nodes: &mut u64) -> Option<u128> {
        let table = cache.table.get_or_insert_with(|| Table::new(W));
        let mut s = start.clone();
        self.count_below(&mut s, table, &mut Vec::new(), nodes)
    }

    /// The tilings below state `s` (memoized when keyed), depth-first without recursion:
    /// one [`Frame`] a level on a stack of its own, so the depth (a tile a level: up to
    /// 2048) is limited by memory, not by the thread's stack; `buf` is a stack of
    /// candidate placements shared by the levels.
    fn count_below(&self, s: &mut State<W>, table: &mut Table, buf: &mut Vec<u32>, nodes: &mut u64) -> Option<u128> {
        let mut frames: Vec<Frame<W>> = Vec::new();
        'enter: loop {
            // Enter a node: answered at once, or its first candidate placed.
            let mut result: Option<u128> = 'node: {
                *nodes += 1;
                if interrupt::poll(*nodes) {
                    break 'node None;
                }
                if s.empty == 0 {
                    break 'node Some((s.owed == 0) as u128);
                }
                if self.hopeless(s) {
                    break 'node Some(0);
                }
                if self.keyed {
                    if let Some(n) = table.get(&s.filled.0, s.key) {
                        break 'node Some(n);
                    }
                }
                let filled = s.filled;
                let base = buf.len();
                self.candidates(s, buf);
                if base < buf.len() {
                    self.place(s, buf[base] as usize);
                    frames.push(Frame { filled, base, j: base, total: Some(0), found: 0 });
                    continue 'enter;
                }
                if self.keyed {
                    table.put(&filled.0, s.key, 0, s.empty);
                }
                Some(0)
            };
            // Return `result` to the frames above until one has another candidate.
            loop {
                let Some(f) = frames.last_mut() else {
                    return result;
                };
                self.unplace(s, buf[f.j] as usize, &f.filled);
                f.total = match (f.total, result) {
                    (Some(t), Some(b)) => t.checked_add(b),
                    _ => None,
                };
                f.j += 1;
                if f.total.is_some() && f.j < buf.len() {
                    self.place(s, buf[f.j] as usize);
                    continue 'enter;
                }
                let f = frames.pop().expect("the frame just read");
                buf.truncate(f.base);
                if let (true, Some(t)) = (self.keyed, f.total) {
                    table.put(&f.filled.0, s.key, t, s.empty);
                }
                result = f.total;
            }
        }
    }

    fn for_each(&self, start: &State<W>, mut visit: impl FnMut(&[Tile]) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut run = Run { table: Table::new(W), chosen: Vec::new(), tiles: Vec::new(), buf: Vec::new(), found: 0, nodes: 0 };
        let mut s = start.clone();
        self.search(&mut s, &mut run, &mut visit)
    }

    /// Every tiling below state `s`, to `visit` until it breaks; depth-first without
    /// recursion, as [`Grid::count_below`].
    fn search(&self, s: &mut State<W>, run: &mut Run, visit: &mut impl FnMut(&[Tile]) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut frames: Vec<Frame<W>> = Vec::new();
        'enter: loop {
            // Enter a node: a tiling, a dead end or a stop ends it at once; else its first
            // candidate is placed.
            let flow: ControlFlow<()> = 'node: {
                run.nodes += 1;
                if interrupt::poll(run.nodes) {
                    break 'node ControlFlow::Break(());
                }
                if s.empty == 0 {
                    if s.owed != 0 {
                        break 'node ControlFlow::Continue(());
                    }
                    run.found += 1;
                    run.tiles.clear();
                    run.tiles.extend(run.chosen.iter().map(|&i| (self.piece[i as usize] as usize, self.ids[i as usize] as usize)));
                    break 'node visit(&run.tiles);
                }
                if self.hopeless(s) {
                    break 'node ControlFlow::Continue(());
                }
                if self.keyed && run.table.get(&s.filled.0, s.key) == Some(0) {
                    break 'node ControlFlow::Continue(());
                }
                let filled = s.filled;
                let base = run.buf.len();
                self.candidates(s, &mut run.buf);
                if base < run.buf.len() {
                    let i = run.buf[base] as usize;
                    self.place(s, i);
                    run.chosen.push(i as u32);
                    frames.push(Frame { filled, base, j: base, total: None, found: run.found });
                    continue 'enter;
                }
                if self.keyed {
                    run.table.put(&filled.0, s.key, 0, s.empty);
                }
                ControlFlow::Continue(())
            };
            // Return `flow` to the frames above until one has another candidate.
            loop {
                let Some(f) = frames.last_mut() else {
                    return flow;
                };
                run.chosen.pop();
                self.unplace(s, run.buf[f.j] as usize, &f.filled);
                f.j += 1;
                if flow.is_continue() && f.j < run.buf.len() {
                    let i = run.buf[f.j] as usize;
                    self.place(s, i);
                    run.chosen.push(i as u32);
                    continue 'enter;
                }
                let f = frames.pop().expect("the frame just read");
                run.buf.truncate(f.base);
                if flow.is_continue() && self.keyed && run.found == f.found {
                    run.table.put(&f.filled.0, s.key, 0, s.empty);
                }
            }
        }
    }

    fn split(&self, at_least: usize) -> Vec<TilerSubtree> {
        let mut frontier = vec![TilerSubtree { chosen: Vec::new() }];
        loop {
            let states: Vec<State<W>> = frontier.iter().map(|t| self.state_of(t)).collect();
            let open = |s: &State<W>| s.empty > 0 && !self.hopeless(s);
            if frontier.len() >= at_least || !states.iter().any(open) {
                return frontier;
            }
            let mut next = Vec::new();
            for (t, s) in frontier.into_iter().zip(&states) {
                if s.empty == 0 {
                    next.push(t);
                    continue;
                }
                if !open(s) {
                    continue;
                }
                let mut buf = Vec::new();
                self.candidates(s, &mut buf);
                for i in buf {
                    let mut chosen = t.chosen.clone();
                    chosen.push(i);
                    next.push(TilerSubtree { chosen });
                }
            }
            frontier = next;
        }
    }
}

/// One level of the tiler's depth-first searches: the cells filled on entering it, where
/// its candidates start in the shared buffer, the candidate being tried, the count so far
/// (counting) and the tilings found before it was entered (listing).
struct Frame<const W: usize> {
    filled: Bits<W>,
    base: usize,
    j: usize,
    total: Option<u128>,
    found: u64,
}

/// The mutable parts of one enumeration.
struct Run {
    /// States known to have no tiling below them (count 0).
    table: Table,
    /// Mask indices of the tiles placed.
    chosen: Vec<u32>,
    tiles: Vec<Tile>,
    buf: Vec<u32>,
    found: u64,
    /// Search nodes entered (for polling [`interrupt`]).
    nodes: u64,
}

/// A direct-mapped, two-way transposition table from states (filled bitset, copies key)
/// to counts: entries compared in full, a new entry replacing the one of its pair with
/// fewer empty cells (the cheaper to recount). It starts small and grows fourfold while
/// more than half its slots are taken, up to [`TABLE_BYTES`]; then it only replaces.
struct Table {
    /// Per slot: `words` words of the filled bitset, then the key's two halves.
    keys: Vec<u64>,
    counts: Vec<u128>,
    /// Per slot: empty cells + 1 of its state, 0 when vacant.
    tags: Vec<u32>,
    words: usize,
    bits: u32,
    max_bits: u32,
    taken: usize,
}

impl Table {
    fn new(words: usize) -> Table {
        let slot = (words + 2) * 8 + 16 + 4;
        let max_bits = (TABLE_BYTES / slot).max(2).ilog2();
        Table::with_bits(words, max_bits.min(12), max_bits)
    }

    fn with_bits(words: usize, bits: u32, max_bits: u32) -> Table {
        let n = 1usize << bits;
        Table { keys: vec![0; n * (words + 2)], counts: vec![0; n], tags: vec![0; n], words, bits, max_bits, taken: 0 }
    }

    #[inline(always)]
    fn slot(&self, filled: &[u64], key: u128) -> usize {
        let mut h = (key as u64) ^ ((key >> 64) as u64).rotate_left(23);
        for &w in filled {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        }
        (h.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - self.bits)) as usize & !1
    }

    #[inline(always)]
    fn matches(&self, j: usize, filled: &[u64], key: u128) -> bool {
        let at = j * (self.words + 2);
        self.tags[j] != 0
            && self.keys[at..at + self.words] == *filled
            && self.keys[at + self.words] == key as u64
            && self.keys[at + self.words + 1] == (key >> 64) as u64
    }

    #[inline(always)]
    fn get(&self, filled: &[u64], key: u128) -> Option<u128> {
        let i = self.slot(filled, key);
        (i..i + 2).find(|&j| self.matches(j, filled, key)).map(|j| self.counts[j])
    }

    #[inline(always)]
    fn put(&mut self, filled: &[u64], key: u128, count: u128, empty: u32) {
        if self.bits < self.max_bits && self.taken * 2 > self.tags.len() {
            self.grow();
        }
        let i = self.slot(filled, key);
        let j = if self.tags[i] <= self.tags[i + 1] { i } else { i + 1 };
        self.taken += (self.tags[j] == 0) as usize;
        let at = j * (self.words + 2);
        self.keys[at..at + self.words].copy_from_slice(filled);
        self.keys[at + self.words] = key as u64;
        self.keys[at + self.words + 1] = (key >> 64) as u64;
        self.counts[j] = count;
        self.tags[j] = empty + 1;
    }

    /// Moves every entry into a table four times as large (or as large as allowed).
    fn grow(&mut self) {
        let mut bigger = Table::with_bits(self.words, (self.bits + 2).min(self.max_bits), self.max_bits);
        let w = self.words + 2;
        for j in 0..self.tags.len() {
            if self.tags[j] != 0 {
                let k = &self.keys[j * w..(j + 1) * w];
                let key = k[self.words] as u128 | (k[self.words + 1] as u128) << 64;
                bigger.put(&k[..self.words], key, self.counts[j], self.tags[j] - 1);
            }
        }
        *self = bigger;
    }
}

#[cfg(test)]
mod tests;
