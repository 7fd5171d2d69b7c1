//! Counting tilings of strips and boards by a transfer matrix: a frontier
//! (broken-profile) dynamic program over the cells, column by column, with counts of any
//! size.
//!
//! The cells of a board `height` rows high are visited column by column, each column
//! from its first row to its last (cell `p = column * height + row`). Before cell `p`
//! the state is the set of cells at `p, p + 1, ...` already covered by pieces placed
//! earlier (the *frontier*, a bit set `height x reach` bits long, where `reach` is the
//! most columns a piece spans), and, when some piece has bounds on its copies, how
//! many copies of each are down so far. Cell `p` is either covered already (the state
//! shifts by one) or is covered now by a placement whose first cell (in the visiting
//! order) is `p`. Every tiling is counted once, by the order its tiles' first cells
//! come in. The states reachable at each cell are kept in a hash map; the counts are
//! flat arrays of 64-bit limbs that widen when a sum carries out of the top limb, so
//! the counts have no size limit. This is the method of Klarner and Pollack ("Domino
//! tilings of rectangles with fixed width", 1980) and of the transfer-matrix chapter of
//! Stanley's *Enumerative Combinatorics* I, 4.7, on a frontier of single cells.
//!
//! The same sweep runs over two value layers: exact counts ([`Frontier::strip_counts`],
//! [`Frontier::count_board`]) and the fewest copies of an odd and of an even number of
//! pieces ([`Frontier::fewest_copies`]), with a tiling that reaches them.

use crate::copies::Copies;
use crate::lattice::{Cell, Lattice};
use crate::region::Region;
use crate::shape::{Freedom, Shape};
use num_bigint::BigUint;
use rustc_hash::FxHashMap;
use std::ops::ControlFlow;
use thiserror::Error;

/// The default bound on the states kept at one cell ([`Frontier::max_states`]).
pub const DEFAULT_MAX_STATES: usize = 1 << 22;

/// Why a frontier sweep cannot run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TransferError {
    /// The frontier and the copy counters do not fit a 128-bit state.
    #[error("the frontier needs {frontier} bits ({height} rows x {reach} columns a piece spans) and the copy counters {counters} more: past the 128 a state holds")]
    TooWide {
        /// Rows of the sweep.
        height: usize,
        /// Columns a piece spans at most.
        reach: usize,
        /// Bits of the frontier.
        frontier: u32,
        /// Bits of the copy counters.
        counters: u32,
    },
    /// More states at one cell than allowed.
    #[error("the frontier reached more than {0} states at one cell")]
    TooManyStates(usize),
    /// More states at one width of a skyline search ([`crate::skyline`]) than allowed.
    #[error("the search kept more than {0} states at one width")]
    TooManyWidthStates(usize),
    /// A piece off the square lattice.
    #[error("the transfer matrix counts polyominoes (square lattice); piece {0} is on the {1} lattice")]
    NotSquare(usize, &'static str),
    /// No pieces, or an empty one.
    #[error("no pieces to tile with")]
    NoPieces,
    /// A sweep of no rows.
    #[error("a strip is at least 1 row high")]
    NoRows,
    /// A generating function would need more terms than allowed.
    #[error("the generating function needs more than {0} terms (the transfer matrix has too many states for it)")]
    TooManyTerms(usize),
    /// The caller's stop flag was raised ([`exact_cover::interrupt`]).
    #[error("interrupted")]
    Interrupted,
    /// The order (fewest copies) of polycubes of different sizes was asked for: a box
    /// search goes by volume, and with different sizes fewer copies is not less volume.
    #[error("the order (fewest copies) of polycubes of different sizes is not searched: boxes are searched by volume, which then does not follow the copies; ask for --smallest rectangle (the box of least volume)")]
    OrderOfMixedSizes,
    /// A search was given the saved states of another search ([`crate::skyline::Sweep`]:
    /// another cross-section, other placements or another length bound).
    #[error("the saved states belong to another search (another width, other pieces or another length bound)")]
    ForeignSweep,
    /// Exact cover of a cross-section's boxes ran past its budget ([`crate::boxes`]).
    #[error("exact cover of its boxes ran past its budget")]
    CoverBudget,
    /// Pieces the skyline search ([`crate::skyline::Skyline::fits`]) does not take.
    #[error(
        "the skyline search takes polyominoes or polycubes of one size, each used any number of times (at most 4 of them at least once), across at most 64 cells"
    )]
    Unfit,
    /// The file of the states kept in the directory given
    /// ([`crate::skyline::Skyline::states_in`]) could not be made.
    #[error("the states cannot be kept in {0}")]
    StatesFile(String),
}

/// One placement shape relative to its first cell: the piece, the orientation (index in
/// [`Shape::orientations`]), and its cells as `(row, column)` offsets, the first `(0, 0)`.
#[derive(Debug, Clone)]
struct Orientation {
    piece: usize,
    index: usize,
    cells: Vec<(i32, i32)>,
}

/// A set of polyominoes with their copy bounds, compiled for a sweep `height` rows high.
#[derive(Debug, Clone)]
pub struct Frontier {
    height: usize,
    /// Bits of the frontier: `height x reach`.
    bits: u32,
    orientations: Vec<Orientation>,
    /// Per anchor row, the orientations that fit the rows below it: `(orientation, mask)`
    /// with bit `i` of the mask the cell `p + i`.
    moves: Vec<Vec<(usize, u128)>>,
    copies: Vec<Copies>,
    /// Per piece, its counter's place value and its top value (a counter saturates there
    /// when the piece has no upper bound).
    place: Vec<u128>,
    top: Vec<u32>,
    max_states: usize,
    /// Whether every piece's orientations are closed under the strip's reflection (row
    /// `r` to `height - 1 - r`): then a state and its mirror image have equal counts at
    /// every column boundary, and are merged there.
    mirrored: bool,
}

/// A tiling as the sweep finds it: per tile `(piece, orientation, cells)` with cells as
/// `(row, column)` of the board swept.
pub type Tiles = Vec<(usize, usize, Vec<(i32, i32)>)>;

/// The fewest copies that tile a rectangle, by parity (see [`Frontier::fewest_copies`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fewest {
    /// Per number of columns `n = 0..=length`, the fewest copies of an even number and of
    /// an odd number of pieces that tile `height x n` (`None`: no such tiling).
    pub by_length: Vec<[Option<u32>; 2]>,
}

/// The checks every engine of strips and rectangles makes of its pieces: one count per
/// piece (a panic otherwise), at least one row, at least one piece and none empty, every
/// piece a polyomino.
///
/// Errors: [`TransferError::NoRows`], [`TransferError::NoPieces`],
/// [`TransferError::NotSquare`].
pub(crate) fn check_polyominoes(shapes: &[Shape], copies: &[Copies], rows: usize) -> Result<(), TransferError> {
    assert_eq!(shapes.len(), copies.len(), "one count per piece");
    if rows == 0 {
        return Err(TransferError::NoRows);
    }
    if shapes.is_empty() || shapes.iter().any(Shape::is_empty) {
        return Err(TransferError::NoPieces);
    }
    if let Some((q, s)) = shapes.iter().enumerate().find(|(_, s)| s.lattice() != Lattice::Square) {
        return Err(TransferError::NotSquare(q, s.lattice().name()));
    }
    Ok(())
}

impl TransferError {
    /// Whether a bound on states was reached ([`TransferError::TooManyStates`] or
    /// [`TransferError::TooManyWidthStates`]): raising `max_states` may get further.
    pub fn is_too_many_states(&self) -> bool {
        matches!(self, TransferError::TooManyStates(_) | TransferError::TooManyWidthStates(_))
    }
}

impl Frontier {
    /// Compiles `shapes` (polyominoes; `freedom` says whether they may be turned over),
    /// piece `q` used as `copies[q]` says, for a sweep `height` rows high.
    ///
    /// Errors: a shape off the square lattice, no shapes, `height == 0`, or a state past
    /// 128 bits (the frontier is `height x` the most columns a piece spans; the counters
    /// need `log2` of the product of `top + 1` over the pieces with bounds).
    ///
    /// Panics if `copies` and `shapes` differ in length.
    pub fn new(shapes: &[Shape], freedom: Freedom, copies: &[Copies], height: usize) -> Result<Frontier, TransferError> {
        check_polyominoes(shapes, copies, height)?;
        let oriented: Vec<Vec<Shape>> = shapes.iter().map(|s| s.orientations(freedom)).collect();
        let mut orientations = Vec::new();
        for (q, shape) in oriented.iter().enumerate() {
            if copies[q].hi == Some(0) {
                continue;
            }
            for (index, o) in shape.iter().enumerate() {
                // Rows are x, columns y; the first cell in column-major order.
                let mut cells: Vec<(i32, i32)> = o.cells().iter().map(|c| (c.x, c.y)).collect();
                let &(r0, c0) = cells.iter().min_by_key(|&&(r, c)| (c, r)).expect("not empty");
                for cell in &mut cells {
                    *cell = (cell.0 - r0, cell.1 - c0);
                }
                orientations.push(Orientation { piece: q, index, cells });
            }
        }
        let reach = orientations.iter().flat_map(|o| o.cells.iter().map(|c| c.1 + 1)).max().unwrap_or(1) as usize;
        let frontier = (height * reach).min(u32::MAX as usize) as u32;
        // The counters: pieces whose copies need counting.
        let mut place = vec![0u128; shapes.len()];
        let mut top = vec![0u32; shapes.len()];
        let mut span: u128 = 1;
        let mut fits = true;
        for (q, c) in copies.iter().enumerate() {
            let t = match c.hi {
                Some(h) => h,
                None => c.lo,
            };
            top[q] = t;
            place[q] = span;
            match span.checked_mul(t as u128 + 1) {
                Some(s) => span = s,
                None => fits = false,
            }
        }
        let counters = if fits { 128 - (span - 1).leading_zeros() } else { 129 };
        if frontier > 128 || frontier + counters > 128 {
            return Err(TransferError::TooWide { height, reach, frontier, counters });
        }
        let mut moves = vec![Vec::new(); height];
        for (row, list) in moves.iter_mut().enumerate() {
            for (i, o) in orientations.iter().enumerate() {
                let fits = o.cells.iter().all(|&(dr, _)| (0..height as i32).contains(&(row as i32 + dr)));
                if fits {
                    let mask = o.cells.iter().fold(0u128, |m, &(dr, dc)| m | 1u128 << (dc as i64 * height as i64 + dr as i64));
                    list.push((i, mask));
                }
            }
        }
        // The reflection x -> -x maps each piece's orientations onto themselves (free
        // pieces always; one-sided ones when each is its own mirror image up to rotation).
        let mirrored = oriented.into_iter().enumerate().all(|(q, mut mine)| {
            let mut images: Vec<Shape> = mine.iter().map(|o| o.transformed(crate::lattice::square::Symmetry::FlipRows)).collect();
            mine.sort();
            images.sort();
            copies[q].hi == Some(0) || mine == images
        });
        Ok(Frontier {
            height,
            bits: frontier,
            orientations,
            moves,
            copies: copies.to_vec(),
            place,
            top,
            max_states: DEFAULT_MAX_STATES,
            mirrored,
        })
    }

    /// The same, keeping at most `max` states at any cell (past it a sweep fails with
    /// [`TransferError::TooManyStates`]); memory is about `max x (16 + 8 x limbs)` bytes.
    pub fn max_states(mut self, max: usize) -> Frontier {
        self.max_states = max;
        self
    }

    /// Rows of the sweep.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Bits of the frontier (`height x` the most columns a piece spans).
    pub fn frontier_bits(&self) -> u32 {
        self.bits
    }

    fn frontier_of(&self, key: u128) -> u128 {
        if self.bits == 128 {
            key
        } else {
            key & ((1u128 << self.bits) - 1)
        }
    }

    fn code_of(&self, key: u128) -> u128 {
        if self.bits == 128 {
            0
        } else {
            key >> self.bits
        }
    }

    /// Whether the copy counters of `key` meet every lower bound.
    fn accepted(&self, key: u128) -> bool {
        let code = self.code_of(key);
        self.copies.iter().enumerate().all(|(q, c)| c.lo == 0 || (code / self.place[q]) % (self.top[q] as u128 + 1) >= c.lo as u128)
    }

    /// The counter code after one more copy of piece `q`, or `None` past its bound.
    fn bump(&self, code: u128, q: usize) -> Option<u128> {
        let top = self.top[q] as u128;
        let c = (code / self.place[q]) % (top + 1);
        if c < top {
            Some(code + self.place[q])
        } else if self.copies[q].hi.is_none() {
            Some(code)
        } else {
            None
        }
    }

    /// Calls `f(next key, orientation placed)` for every way to go past cell `p` (row
    /// `row`) from state `key`; `blocked` has bit `i` set when cell `p + i` is not to be
    /// covered (outside the board), `hole` when cell `p` itself is.
    #[inline]
    fn transitions(&self, row: usize, blocked: u128, hole: bool, key: u128, mut f: impl FnMut(u128, Option<usize>)) {
        let frontier = self.frontier_of(key);
        let code = self.code_of(key);
        let join = |frontier: u128, code: u128| if self.bits == 128 { frontier } else { frontier | code << self.bits };
        if hole || frontier & 1 == 1 {
            f(join(frontier >> 1, code), None);
            return;
        }
        let taken = frontier | blocked;
        for &(o, mask) in &self.moves[row] {
            if mask & taken == 0 {
                if let Some(next) = self.bump(code, self.orientations[o].piece) {
                    f(join((frontier | mask) >> 1, next), Some(o));
                }
            }
        }
    }

    /// One step of the sweep over a value layer: the states after cell `p`.
    fn step<V: Layer>(&self, row: usize, blocked: u128, hole: bool, keys: &[u128], values: &mut V) -> Result<Vec<u128>, TransferError> {
        if exact_cover::interrupt::requested() {
            return Err(TransferError::Interrupted);
        }
        loop {
            let mut index: FxHashMap<u128, u32> = FxHashMap::default();
            index.reserve(keys.len() * 2);
            let mut next_keys = Vec::with_capacity(keys.len() * 2);
            let mut next = values.empty_like();
            let mut overflow = false;
            for (i, &key) in keys.iter().enumerate() {
                if values.is_none(i) {
                    continue;
                }
                self.transitions(row, blocked, hole, key, |k, placed| {
                    let j = *index.entry(k).or_insert_with(|| {
                        next_keys.push(k);
                        next.push_none();
                        (next_keys.len() - 1) as u32
                    });
                    overflow |= next.add(j as usize, values, i, placed.is_some());
                });
            }
            if next_keys.len() > self.max_states {
                return Err(TransferError::TooManyStates(self.max_states));
            }
            if !overflow {
                *values = next;
                return Ok(next_keys);
            }
            values.widen();
        }
    }

    /// The number of tilings of `height x n` for `n = 0..=length` (the strip is `height`
    /// rows high; a tiling uses piece `q` as `copies[q]` says). Each count is exact.
    /// `progress(columns done)` is called after each column.
    ///
    /// Errors: [`TransferError::TooManyStates`].
    pub fn strip_counts(&self, length: usize, progress: &mut dyn FnMut(usize)) -> Result<Vec<BigUint>, TransferError> {
        let mut out = Vec::with_capacity(length + 1);
        self.strip_sweep(&mut |n, count, _| {
            out.push(count.clone());
            progress(n);
            n < length
        })?;
        Ok(out)
    }

    /// The counts of `height x n` for `n = 0, 1, ...`, each handed to `go_on(n, count,
    /// states)` as soon as it is known (with the states at that column boundary, as opaque
    /// keys), while `go_on` returns `true`. Memory is that of one column's states, however
    /// many counts pass.
    ///
    /// Errors: [`TransferError::TooManyStates`], [`TransferError::Interrupted`].
    pub fn strip_sweep(&self, go_on: &mut dyn FnMut(usize, &BigUint, &[u128]) -> bool) -> Result<(), TransferError> {
        let mut keys = vec![0u128];
        let mut values = Counts::one();
        let mut n = 0;
        while go_on(n, &self.boundary_count(&keys, &values), &keys) {
            for row in 0..self.height {
                keys = self.step(row, 0, false, &keys, &mut values)?;
            }
            if self.mirrored {
                keys = self.merge_mirrors(&keys, &mut values);
            }
            n += 1;
        }
        Ok(())
    }

    /// The image of a column-boundary state under the strip's reflection: each column
    /// of the frontier read upside down (the copy counters unchanged).
    fn mirror(&self, key: u128) -> u128 {
        let h = self.height as u32;
        let frontier = self.frontier_of(key);
        let column = if h == 128 { u128::MAX } else { (1u128 << h) - 1 };
        let mut out = 0u128;
        let mut at = 0;
        while at < self.bits {
            let chunk = (frontier >> at) & column;
            out |= (chunk.reverse_bits() >> (128 - h)) << at;
            at += h;
        }
        if self.bits == 128 {
            out
        } else {
            out | (key >> self.bits) << self.bits
        }
    }

    /// Merges each column-boundary state with its mirror image, into the smaller key.
    /// Sound because the sweep's only use of a boundary state's value is to pass it on:
    /// if `w(s)` is the count of `s` plus that of its mirror when they differ (the
    /// count itself when `s` is its own mirror), the next boundary's merged values are
    /// again of that form (the reflection maps transitions to transitions), and the
    /// states that end tilings (empty frontier) are their own mirrors, so their values
    /// are the counts. States then number about half.
    fn merge_mirrors(&self, keys: &[u128], values: &mut Counts) -> Vec<u128> {
        let mut index: FxHashMap<u128, u32> = FxHashMap::default();
        index.reserve(keys.len());
        let mut out_keys = Vec::with_capacity(keys.len() / 2 + 1);
        let mut out = values.empty_like();
        let mut overflow = false;
        for (i, &k) in keys.iter().enumerate() {
            let canonical = k.min(self.mirror(k));
            let j = *index.entry(canonical).or_insert_with(|| {
                out_keys.push(canonical);
                out.push_none();
                (out_keys.len() - 1) as u32
            });
            overflow |= out.add(j as usize, values, i, false);
        }
        if overflow {
            values.widen();
            return self.merge_mirrors(keys, values);
        }
        *values = out;
        out_keys
    }

    /// The sum of the counts of the states with an empty frontier whose copies are
    /// within bounds: the tilings that end at this column boundary.
    fn boundary_count(&self, keys: &[u128], values: &Counts) -> BigUint {
        let mut sum = vec![0u64; values.limbs + 1];
        for (i, &k) in keys.iter().enumerate() {
            if self.frontier_of(k) == 0 && self.accepted(k) {
                let carried = add_limbs(&mut sum, values.get(i));
                debug_assert!(!carried, "the sum has a limb more than any count");
            }
        }
        to_big(&sum)
    }

    /// The number of tilings of `board`, given as its cells `(row, column)` with rows
    /// `0..height` (columns from 0). Exact. A full rectangle goes through
    /// [`Frontier::strip_sweep`] (mirror images merged); any other board cell by cell,
    /// the cells off it blocked.
    ///
    /// Errors: [`TransferError::TooManyStates`].
    pub fn count_board(&self, board: &[(i32, i32)], progress: &mut dyn FnMut(usize, usize)) -> Result<BigUint, TransferError> {
        let (inside, columns) = self.grid(board);
        if inside.iter().all(|&c| c) {
            // A full rectangle: the strip's sweep, with its mirror images merged.
            let mut last = BigUint::default();
            self.strip_sweep(&mut |n, count, _| {
                progress(n, columns);
                if n == columns {
                    last = count.clone();
                }
                n < columns
            })?;
            return Ok(last);
        }
        let mut keys = vec![0u128];
        let mut values = Counts::one();
        for p in 0..self.height * columns {
            let (blocked, hole) = self.blocked(&inside, p);
            keys = self.step(p % self.height, blocked, hole, &keys, &mut values)?;
            if (p + 1) % self.height == 0 {
                progress((p + 1) / self.height, columns);
            }
        }
        Ok(self.boundary_count(&keys, &values))
    }

    /// Per cell of the `height x columns` grid, whether it is on the board.
    fn grid(&self, board: &[(i32, i32)]) -> (Vec<bool>, usize) {
        let columns = board.iter().map(|c| c.1 + 1).max().unwrap_or(0).max(0) as usize;
        let mut inside = vec![false; self.height * columns];
        for &(r, c) in board {
            if r >= 0 && (r as usize) < self.height && c >= 0 {
                inside[c as usize * self.height + r as usize] = true;
            }
        }
        (inside, columns)
    }

    /// The cells of the window at `p` that are off the board, and whether `p` is.
    fn blocked(&self, inside: &[bool], p: usize) -> (u128, bool) {
        let mut blocked = 0u128;
        for i in 0..self.bits as usize {
            if !inside.get(p + i).copied().unwrap_or(false) {
                blocked |= 1u128 << i;
            }
        }
        (blocked, !inside[p])
    }

    /// The fewest copies that tile `height x n`, an even and an odd number, for every
    /// `n = 0..=length` ([`Frontier::tiling`] draws a tiling that reaches them).
    ///
    /// Errors: [`TransferError::TooManyStates`].
    pub fn fewest_copies(&self, length: usize) -> Result<Fewest, TransferError> {
        Ok(self.sweep_fewest(length, false)?.0)
    }

    /// As [`Frontier::fewest_copies`], streamed: `visit(n, [even, odd])` for `n = 0, 1,
    /// ...` up to `length` or until it returns `Break`, keeping nothing, so that a search
    /// stops where it is answered and its memory does not grow with `length`.
    ///
    /// Errors: [`TransferError::TooManyStates`], [`TransferError::Interrupted`].
    pub fn fewest_copies_until(
        &self,
        length: usize,
        visit: &mut dyn FnMut(usize, [Option<u32>; 2]) -> ControlFlow<()>,
    ) -> Result<(), TransferError> {
        self.sweep(length, false, visit).map(drop)
    }

    fn sweep_fewest(&self, length: usize, keep: bool) -> Result<(Fewest, Vec<Kept>), TransferError> {
        let mut by_length = Vec::new();
        let kept = self.sweep(length, keep, &mut |_, fewest| {
            by_length.push(fewest);
            ControlFlow::Continue(())
        })?;
        Ok((Fewest { by_length }, kept))
    }

    /// The sweep of [`Frontier::fewest_copies`]: `visit` for each length, and with `keep`
    /// the states at every cell (for [`Frontier::tiling`]).
    fn sweep(
        &self,
        length: usize,
        keep: bool,
        visit: &mut dyn FnMut(usize, [Option<u32>; 2]) -> ControlFlow<()>,
    ) -> Result<Vec<Kept>, TransferError> {
        let mut keys = vec![0u128];
        let mut values = Least(vec![[Some(0), None]]);
        let mut kept = Vec::new();
        let boundary = |keys: &[u128], values: &Least| {
            let mut best = [None, None];
            for (i, &k) in keys.iter().enumerate() {
                if self.frontier_of(k) == 0 && self.accepted(k) {
                    for (b, &v) in best.iter_mut().zip(&values.0[i]) {
                        *b = min_opt(*b, v);
                    }
                }
            }
            best
        };
        if visit(0, boundary(&keys, &values)).is_break() {
            return Ok(kept);
        }
        for n in 1..=length {
            for row in 0..self.height {
                if keep {
                    kept.push((keys.clone(), values.clone()));
                }
                keys = self.step(row, 0, false, &keys, &mut values)?;
            }
            if visit(n, boundary(&keys, &values)).is_break() {
                break;
            }
        }
        if keep {
            kept.push((keys, values));
        }
        Ok(kept)
    }

    /// A tiling of `height x length` by exactly `copies` pieces, when one exists with the
    /// fewest copies of that parity (the value [`Frontier::fewest_copies`] gives); `None`
    /// otherwise. Memory: the states of every cell of the rectangle.
    ///
    /// Errors: [`TransferError::TooManyStates`].
    pub fn tiling(&self, length: usize, copies: u32) -> Result<Option<Tiles>, TransferError> {
        let (fewest, kept) = self.sweep_fewest(length, true)?;
        let parity = (copies % 2) as usize;
        if fewest.by_length[length][parity] != Some(copies) {
            return Ok(None);
        }
        let (keys, values) = kept.last().expect("the last step");
        let mut at = keys
            .iter()
            .enumerate()
            .find(|&(i, &k)| self.frontier_of(k) == 0 && self.accepted(k) && values.0[i][parity] == Some(copies))
            .map(|(_, &k)| k)
            .expect("the boundary value came from a state");
        let mut want = copies;
        let mut tiles = Vec::new();
        for p in (0..self.height * length).rev() {
            let (keys, values) = &kept[p];
            let row = p % self.height;
            let mut found = None;
            'search: for (i, &key) in keys.iter().enumerate() {
                let mut hit = None;
                self.transitions(row, 0, false, key, |k, placed| {
                    if hit.is_none() && k == at {
                        let need = if placed.is_some() { want.checked_sub(1) } else { Some(want) };
                        if let Some(need) = need {
                            if values.0[i][(need % 2) as usize] == Some(need) {
                                hit = Some((placed, need));
                            }
                        }
                    }
                });
                if let Some((placed, need)) = hit {
                    found = Some((key, placed, need));
                    break 'search;
                }
            }
            let (key, placed, need) = found.expect("a value has a predecessor");
            if let Some(o) = placed {
                let orientation = &self.orientations[o];
                let (r0, c0) = ((p % self.height) as i32, (p / self.height) as i32);
                let cells = orientation.cells.iter().map(|&(dr, dc)| (r0 + dr, c0 + dc)).collect();
                tiles.push((orientation.piece, orientation.index, cells));
            }
            at = key;
            want = need;
        }
        tiles.reverse();
        Ok(Some(tiles))
    }
}

/// The smaller of two values, `None` counting as none (not as the least).
pub(crate) fn min_opt(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

/// The states before one cell and their values, kept for drawing a tiling.
type Kept = (Vec<u128>, Least);

/// A value layer of the sweep: one value per state, added along transitions.
trait Layer: Sized {
    /// An empty layer of the same width.
    fn empty_like(&self) -> Self;
    /// Appends a state with no value (zero tilings, or unreachable).
    fn push_none(&mut self);
    /// Whether state `i` has no value (its transitions can be skipped).
    fn is_none(&self, i: usize) -> bool;
    /// Adds `from[i]` (after one more piece when `placed`) into state `j`; `true` when the
    /// sum does not fit (the step is then redone after [`Layer::widen`]).
    fn add(&mut self, j: usize, from: &Self, i: usize, placed: bool) -> bool;
    /// Makes room for larger values.
    fn widen(&mut self);
}

/// Exact counts: `limbs` 64-bit limbs per state, least significant first.
#[derive(Debug, Clone)]
struct Counts {
    limbs: usize,
    data: Vec<u64>,
}

impl Counts {
    fn one() -> Counts {
        Counts { limbs: 1, data: vec![1] }
    }

    fn get(&self, i: usize) -> &[u64] {
        &self.data[i * self.limbs..(i + 1) * self.limbs]
    }
}

impl Layer for Counts {
    fn empty_like(&self) -> Counts {
        Counts { limbs: self.limbs, data: Vec::new() }
    }

    fn push_none(&mut self) {
        self.data.extend(std::iter::repeat_n(0, self.limbs));
    }

    fn is_none(&self, i: usize) -> bool {
        self.get(i).iter().all(|&l| l == 0)
    }

    #[inline]
    fn add(&mut self, j: usize, from: &Counts, i: usize, _placed: bool) -> bool {
        let n = self.limbs;
        add_limbs(&mut self.data[j * n..(j + 1) * n], &from.data[i * n..(i + 1) * n])
    }

    fn widen(&mut self) {
        let n = self.limbs;
        let mut data = Vec::with_capacity(self.data.len() / n * (n + 1));
        for chunk in self.data.chunks(n) {
            data.extend_from_slice(chunk);
            data.push(0);
        }
        self.data = data;
        self.limbs = n + 1;
    }
}

/// The fewest pieces that reach each state, with an even and with an odd number.
#[derive(Debug, Clone)]
struct Least(Vec<[Option<u32>; 2]>);

impl Layer for Least {
    fn empty_like(&self) -> Least {
        Least(Vec::new())
    }

    fn push_none(&mut self) {
        self.0.push([None, None]);
    }

    fn is_none(&self, i: usize) -> bool {
        self.0[i] == [None, None]
    }

    fn add(&mut self, j: usize, from: &Least, i: usize, placed: bool) -> bool {
        let src = from.0[i];
        let dst = &mut self.0[j];
        for (parity, &v) in src.iter().enumerate() {
            let (to, value) = if placed { (1 - parity, v.map(|v| v + 1)) } else { (parity, v) };
            dst[to] = min_opt(dst[to], value);
        }
        false
    }

    fn widen(&mut self) {}
}

/// Adds `src` into `sum` (at least as long), limb by limb with the carry; `true` when a
/// carry is left past `sum`'s top limb.
#[inline]
fn add_limbs(sum: &mut [u64], src: &[u64]) -> bool {
    let (low, high) = sum.split_at_mut(src.len());
    let mut carry = false;
    for (d, &s) in low.iter_mut().zip(src) {
        let (a, c1) = d.overflowing_add(s);
        let (b, c2) = a.overflowing_add(carry as u64);
        *d = b;
        carry = c1 | c2;
    }
    for d in high {
        if !carry {
            break;
        }
        (*d, carry) = d.overflowing_add(1);
    }
    carry
}

/// The integer of 64-bit limbs, least significant first.
fn to_big(limbs: &[u64]) -> BigUint {
    BigUint::from_slice(&limbs.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect::<Vec<u32>>())
}

/// The number of tilings of a square-lattice `region` by `shapes` (piece `q` used as
/// `copies[q]` says), on the transfer matrix: the region is turned so that its narrower
/// side is the sweep's height. Exact, of any size.
///
/// Errors: as [`Frontier::new`] and [`Frontier::count_board`].
pub fn count_region(
    region: &Region,
    shapes: &[Shape],
    freedom: Freedom,
    copies: &[Copies],
    max_states: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<BigUint, TransferError> {
    let (cells, height) = sweep_cells(region.cells());
    if cells.is_empty() {
        return Ok(BigUint::from(u32::from(copies.iter().all(|c| c.lo == 0))));
    }
    Frontier::new(shapes, freedom, copies, height)?.max_states(max_states).count_board(&cells, progress)
}

/// A region's cells as `(row, column)` of a sweep, turned a quarter (which keeps every
/// set of orientations, one-sided too) when it is taller than wide, so that the height
/// is the narrower side; with that height.
pub fn sweep_cells(cells: &[Cell]) -> (Vec<(i32, i32)>, usize) {
    if cells.is_empty() {
        return (Vec::new(), 1);
    }
    let rows = cells.iter().map(|c| c.x).max().unwrap() - cells.iter().map(|c| c.x).min().unwrap() + 1;
    let cols = cells.iter().map(|c| c.y).max().unwrap() - cells.iter().map(|c| c.y).min().unwrap() + 1;
    // A quarter turn (x, y) -> (y, -x).
    let turned: Vec<(i32, i32)> =
        if rows > cols { cells.iter().map(|c| (c.y, -c.x)).collect() } else { cells.iter().map(|c| (c.x, c.y)).collect() };
    let r0 = turned.iter().map(|c| c.0).min().unwrap();
    let c0 = turned.iter().map(|c| c.1).min().unwrap();
    (turned.iter().map(|&(r, c)| (r - r0, c - c0)).collect(), rows.min(cols) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(d: &str) -> Shape {
        Shape::from_drawing(d).unwrap()
    }

    const ANY: Copies = Copies { lo: 0, hi: None };

    #[test]
    fn dominoes_on_a_strip_of_two_are_fibonacci() {
        let f = Frontier::new(&[shape("##")], Freedom::Free, &[ANY], 2).unwrap();
        let counts = f.strip_counts(10, &mut |_| {}).unwrap();
        let want: Vec<BigUint> = [1u32, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89].iter().map(|&x| BigUint::from(x)).collect();
        assert_eq!(counts, want);
    }

    #[test]
    fn counts_widen_past_a_limb() {
        // 2 x n domino tilings: F(n + 1); F(101) needs 69 bits.
        let f = Frontier::new(&[shape("##")], Freedom::Free, &[ANY], 2).unwrap();
        let counts = f.strip_counts(100, &mut |_| {}).unwrap();
        let (mut a, mut b) = (BigUint::from(1u32), BigUint::from(1u32));
        for _ in 1..100 {
            let c = &a + &b;
            a = b;
            b = c;
        }
        assert_eq!(counts[100], b);
    }

    #[test]
    fn fewest_copies_and_a_tiling() {
        // The L-tromino tiles 2x3 with 2 copies, 3x3 never... 2 rows: lengths 3, 6, ...
        let f = Frontier::new(&[shape("##\n#.")], Freedom::Free, &[ANY], 2).unwrap();
        let fewest = f.fewest_copies(6).unwrap();
        assert_eq!(fewest.by_length[3], [Some(2), None]);
        assert_eq!(fewest.by_length[4], [None, None]);
        assert_eq!(fewest.by_length[6], [Some(4), None]);
        let tiles = f.tiling(3, 2).unwrap().unwrap();
        let mut cells: Vec<(i32, i32)> = tiles.iter().flat_map(|t| t.2.clone()).collect();
        cells.sort();
        assert_eq!(cells, (0..2).flat_map(|r| (0..3).map(move |c| (r, c))).collect::<Vec<_>>());
    }
}
