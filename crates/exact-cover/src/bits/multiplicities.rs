//! Algorithm M (Knuth, TAOCP 7.2.2.1; program DLX3) on live-option bitsets: primary items
//! covered between `lo` and `hi` times, with colors.
//!
//! The state of level `l` is a frame as in [`super::BitSolver`] (live bits, per primary
//! item its live options, or [`COVERED`] once it takes no more options) plus per primary
//! item its *bound*, how many more options may cover it. The item to branch on is the one
//! of least branching degree (its live options plus one, less the options it still
//! needs), the first in item order on ties, stopping at a degree of 1; its live options
//! are tried in input order, and each one tried is set aside (cleared from the level's
//! own frame) before the next, so that an item's options are chosen in increasing order
//! and no solution is found twice; last, once the item's lower bound is met, the *null
//! move* covers it without another option. This is the search tree of gridlock's
//! dancing-links Algorithm M ([`crate::Solver`]), so both list the same solutions in the
//! same order and count the same nodes.
//!
//! Choosing an option `x` lowers the bound of each of its primary items; an item whose
//! bound reaches zero is covered (its live options cleared). Its secondary items clear
//! the options that clash with it there (the conflict set of [`super::Tables`] without
//! primary conflicts).
//!
//! Problems of at most 8 words of options and 128 primary items run on dense frames (as
//! [`super::Counting::Dense`] for Algorithm C): no counts are kept, an item's live options
//! are the popcount of its mask of 1 to 8 words, covering an item clears that mask, and the
//! least key of the item choice is kept as one packed integer without a branch per item.

use super::{bits128, chunk, chunk_mut, tick, Cursor, DenseTables, Tables, COVERED};
use crate::{Problem, Progress, Stats, PROGRESS_INTERVAL};
use std::sync::Arc;

/// An Algorithm M search over one [`Problem`] on live-option bitsets.
///
/// Memory: the tables of [`super::BitSolver`] (conflict sets of secondary items only) and
/// one frame per level (`options / 8 + 8 * primary` bytes).
#[derive(Debug, Clone)]
pub struct BitSolverM {
    t: Arc<Tables>,
    /// Per primary item, upper minus lower bound (fixed).
    slack: Vec<i32>,
    /// Frame `l`: `live[l * words..]` and `items[l * primary..]`, per primary item its
    /// live options (or [`COVERED`] once it takes no more) and its bound (options that
    /// may still cover it). The options tried at level `l` are cleared from frame
    /// `l` itself; frame `l + 1` is written from it for each try.
    live: Vec<u64>,
    items: Vec<(u32, i32)>,
    /// Per level: the item branched on, and the option tried there (`NULL_MOVE` for the
    /// null move).
    item_at: Vec<u32>,
    option_at: Vec<u32>,
    cursor: Cursor,
    solution: Vec<usize>,
    stats: Stats,
    watch: Option<Arc<Progress>>,
    /// Dense frames (problems of at most 8 words of options and 128 primary items, see
    /// [`DenseTables`]): frame `l` is `live[l * n..(l + 1) * n]`, `open[l]` (one bit per
    /// primary item that may take more options); `bound` holds each primary item's bound
    /// on the current path (lowered for each option chosen, raised again when it is
    /// taken back); `items` is then unused, counts being popcounts of the items' masks.
    dense: bool,
    open: Vec<u128>,
    bound: Vec<i32>,
}

/// `option_at` of a level that took the null move.
const NULL_MOVE: u32 = u32::MAX;

impl BitSolverM {
    /// Builds the bitsets for `problem` (with or without multiplicities), or `None` past
    /// the limits of [`super::BitSolver::new`].
    pub fn new(problem: &Problem) -> Option<BitSolverM> {
        BitSolverM::with_dense(problem, true)
    }

    /// [`BitSolverM::new`], with dense frames when `dense` and the problem fits them (at
    /// most 8 words of options and 128 primary items), else with counts kept
    /// incrementally. Both search the same tree; only their speed differs.
    pub fn with_dense(problem: &Problem, dense: bool) -> Option<BitSolverM> {
        let t = Arc::new(Tables::build(problem, false)?);
        let slack = (0..t.primary)
            .map(|i| {
                let (lo, hi) = problem.multiplicity(i);
                (hi - lo) as i32
            })
            .collect();
        let bound: Vec<i32> = (0..t.primary).map(|i| problem.multiplicity(i).1 as i32).collect();
        let mut live = t.initial_live();
        let (mut items, mut open, mut bounds) = (Vec::new(), Vec::new(), Vec::new());
        let dense = dense && t.dense.is_some();
        if let (true, Some(d)) = (dense, &t.dense) {
            // Every frame at once: a level takes an option or covers an item, each option
            // at most once and at most sum(hi) of them (an item of bound 0 starts
            // covered; a bound may be huge, the options are not).
            let takes = bound.iter().map(|&b| b.max(0) as usize).fold(0usize, usize::saturating_add);
            let levels = t.primary + takes.min(t.options) + 1;
            live.resize(levels * d.n, 0);
            open = vec![0u128; levels];
            open[0] = (0..t.primary).filter(|&i| bound[i] > 0).fold(0, |m, i| m | 1 << i);
            bounds = bound.clone();
        } else {
            items = t.initial_count().into_iter().zip(bound.iter().copied()).collect();
        }
        Some(BitSolverM {
            dense,
            open,
            bound: bounds,
            live,
            items,
            t,
            slack,
            item_at: Vec::new(),
            option_at: Vec::new(),
            cursor: Cursor::default(),
            solution: Vec::new(),
            stats: Stats::default(),
            watch: None,
        })
    }

    /// Search statistics so far: nodes as the dancing-links Algorithm M counts them (the
    /// same tree), and as updates the live-option counts lowered (with dense frames, the
    /// options cleared).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether this search runs on dense frames (see [`BitSolverM::with_dense`]).
    pub fn is_dense(&self) -> bool {
        self.dense
    }

    /// Publishes this search's nodes and solutions in the returned [`Progress`] every
    /// [`PROGRESS_INTERVAL`] nodes (Algorithm M keeps no estimate: the fraction is NaN).
    pub fn watch(&mut self) -> Arc<Progress> {
        let p = Arc::new(Progress::default());
        self.watch = Some(p.clone());
        p
    }

    /// The next solution, as the numbers of its options in increasing order, or `None`
    /// when the search is exhausted (or interrupted, see [`crate::interrupt`]).
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if !self.advance() {
            return None;
        }
        self.solution.clear();
        self.solution.extend(self.option_at[..self.cursor.level].iter().filter(|&&k| k != NULL_MOVE).map(|&k| k as usize));
        self.solution.sort_unstable();
        Some(&self.solution)
    }

    /// Counts the remaining solutions without storing them.
    pub fn count(&mut self) -> u64 {
        if self.dense {
            // Dense frames: one search that counts solutions as it passes them.
            let before = self.stats.solutions;
            dense_dispatch!(self.t.dense.as_ref().map_or(0, |d| d.n), self.run_dense());
            return self.stats.solutions - before;
        }
        let mut n = 0;
        while self.advance() {
            n += 1;
        }
        n
    }

    /// In frame `l`, the item of least branching degree (see the module's documentation;
    /// the scan stops at a degree of 0 or less, a dead end whichever item has it) with
    /// that degree, or `None` when every primary item is covered.
    fn choose(&self, l: usize) -> Option<(usize, i32)> {
        let pn = self.t.primary;
        let items = &self.items[l * pn..(l + 1) * pn];
        let mut best = None;
        let mut best_key = (i32::MAX, i32::MAX, i32::MAX);
        for (i, (&(c, b), &slack)) in items.iter().zip(&self.slack).enumerate() {
            if c >= COVERED / 2 {
                continue;
            }
            let s = slack.min(b);
            let theta = c as i32 + s - b + 1;
            let key = (theta, s, -(c as i32));
            if key < best_key {
                best = Some((i, theta));
                best_key = key;
                if theta <= 0 {
                    break;
                }
            }
        }
        best
    }

    /// Clears option `p` (live in frame `f`) there, lowering the counts of its items.
    #[inline]
    fn clear_option(&mut self, f: usize, p: usize) {
        let (wn, pn) = (self.t.words, self.t.primary);
        self.live[f * wn + p / 64] &= !(1u64 << (p % 64));
        let (s, e) = (self.t.opt_start[p] as usize, self.t.opt_start[p + 1] as usize);
        for &i in &self.t.opt_items[s..e] {
            self.items[f * pn + i as usize].0 -= 1;
        }
        self.stats.updates += (e - s) as u64;
    }

    /// Clears in frame `f` the live options of `bits` in word `w`.
    #[inline]
    fn clear_word(&mut self, f: usize, w: usize, bits: u64) {
        let mut c = self.live[f * self.t.words + w] & bits;
        while c != 0 {
            let p = w * 64 + c.trailing_zeros() as usize;
            c &= c - 1;
            self.clear_option(f, p);
        }
    }

    /// Covers primary item `i` in frame `f`: clears its live options, and it takes no
    /// more.
    fn cover(&mut self, f: usize, i: usize) {
        let (s, e) = (self.t.item_start[i] as usize, self.t.item_start[i + 1] as usize);
        for m in s..e {
            self.clear_word(f, self.t.item_word[m] as usize, self.t.item_bits[m]);
        }
        self.items[f * self.t.primary + i].0 = COVERED;
    }

    /// Copies frame `l` to frame `l + 1`.
    fn copy_frame(&mut self, l: usize) {
        let (wn, pn) = (self.t.words, self.t.primary);
        if self.live.len() < (l + 2) * wn || self.items.len() < (l + 2) * pn {
            self.live.resize((l + 2) * wn, 0);
            self.items.resize((l + 2) * pn, (0, 0));
        }
        self.live.copy_within(l * wn..(l + 1) * wn, (l + 1) * wn);
        self.items.copy_within(l * pn..(l + 1) * pn, (l + 1) * pn);
    }

    /// Writes frame `l + 1`: frame `l` with option `x` chosen (cleared, its primary
    /// items' bounds lowered and those at zero covered, its secondary clashes cleared).
    fn commit(&mut self, l: usize, x: usize) {
        self.copy_frame(l);
        let f = l + 1;
        let pn = self.t.primary;
        self.clear_option(f, x);
        let (s, e) = (self.t.opt_start[x] as usize, self.t.opt_start[x + 1] as usize);
        for j in s..e {
            let i = self.t.opt_items[j] as usize;
            self.items[f * pn + i].1 -= 1;
            if self.items[f * pn + i].1 == 0 {
                self.cover(f, i);
            }
        }
        let (a, b) = (self.t.conf_start[x] as usize, self.t.conf_start[x + 1] as usize);
        for j in a..b {
            self.clear_word(f, self.t.conf_word[j] as usize, self.t.conf_bits[j]);
        }
    }

    /// The least live option of item `i` in frame `l`, if any.
    fn first_live(&self, l: usize, i: usize) -> Option<usize> {
        let live = &self.live[l * self.t.words..(l + 1) * self.t.words];
        let (s, e) = (self.t.item_start[i] as usize, self.t.item_start[i + 1] as usize);
        (s..e).find_map(|m| {
            let w = self.t.item_word[m] as usize;
            let bits = live[w] & self.t.item_bits[m];
            (bits != 0).then(|| w * 64 + bits.trailing_zeros() as usize)
        })
    }

    /// At level `l` (branching on its item), the next move: the least live option of the
    /// item while enough are left to meet its lower bound, else the null move once that
    /// bound is met. Writes frame `l + 1` and returns true, or returns false when the
    /// level has no move left.
    fn try_next(&mut self, l: usize) -> bool {
        let pn = self.t.primary;
        let i = self.item_at[l] as usize;
        let (count, bound) = self.items[l * pn + i];
        let need = bound - self.slack[i];
        match self.first_live(l, i) {
            Some(x) => {
                if (count as i32) < need {
                    return false; // too few options left to meet the lower bound
                }
                self.option_at[l] = x as u32;
                self.commit(l, x);
                true
            }
            None if need <= 0 => {
                // The null move: every option of i was tried (and set aside) at this level.
                self.option_at[l] = NULL_MOVE;
                self.copy_frame(l);
                self.items[(l + 1) * pn + i].0 = COVERED;
                true
            }
            None => false,
        }
    }

    /// Runs the search until the next solution (true, with `option_at[0..level]` holding
    /// it) or its end (false).
    fn advance(&mut self) -> bool {
        if self.dense {
            return dense_dispatch!(self.t.dense.as_ref().map_or(0, |d| d.n), self.step_dense());
        }
        let Some((mut l, mut enter)) = self.cursor.resume() else { return false };
        loop {
            if enter {
                if !self.tick() {
                    return false;
                }
                match self.choose(l) {
                    None => return self.cursor.found(l, &mut self.stats),
                    Some((i, theta)) if theta > 0 => {
                        if self.item_at.len() <= l {
                            self.item_at.push(0);
                            self.option_at.push(0);
                        }
                        self.item_at[l] = i as u32;
                        if self.try_next(l) {
                            l += 1;
                            continue;
                        }
                    }
                    Some(_) => {}
                }
            }
            // Backtrack: the next move at level l - 1, its last option set aside.
            let Some(up) = self.cursor.back_up(l, 0) else { return false };
            l = up;
            let x = self.option_at[l];
            enter = false;
            if x != NULL_MOVE {
                self.clear_option(l, x as usize);
                if self.try_next(l) {
                    l += 1;
                    enter = true;
                }
            }
        }
    }

    /// Counts a node entered, publishing progress every [`PROGRESS_INTERVAL`] nodes;
    /// false when an interrupt stops the search.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        if !tick(&mut self.stats) {
            return self.cursor.stop();
        }
        if self.stats.nodes.is_multiple_of(PROGRESS_INTERVAL) {
            self.publish();
        }
        true
    }

    fn publish(&self) {
        if let Some(p) = &self.watch {
            p.store(self.stats.nodes, self.stats.solutions, f64::NAN);
        }
    }

    /// [`Self::advance_dense`] to the next solution.
    fn step_dense<const N: usize>(&mut self) -> bool {
        self.advance_dense::<N, true>()
    }

    /// [`Self::advance_dense`] to the end of the search, counting solutions in the
    /// statistics without stopping at them.
    fn run_dense<const N: usize>(&mut self) -> bool {
        self.advance_dense::<N, false>()
    }

    /// [`BitSolverM::advance`] on dense frames of `N` words: the same search, items'
    /// counts taken by popcount, covering an item one mask cleared.
    fn advance_dense<const N: usize, const STOP: bool>(&mut self) -> bool {
        if self.t.dense.as_ref().is_none_or(|d| d.n != N) {
            return false;
        }
        let Some((mut l, mut enter)) = self.cursor.resume() else { return false };
        loop {
            if enter {
                if !self.tick() {
                    return false;
                }
                let open = self.open[l];
                if open == 0 {
                    if STOP {
                        return self.cursor.found(l, &mut self.stats);
                    }
                    self.stats.solutions += 1;
                } else {
                    let Some(d) = self.t.dense.as_ref() else { return false };
                    let frame: &[u64; N] = chunk(&self.live, l);
                    let (i, theta) = choose_dense_m::<N>(frame, open, &self.bound, &self.slack, d);
                    if theta > 0 {
                        if self.item_at.len() <= l {
                            self.item_at.resize(l + 1, 0);
                            self.option_at.resize(l + 1, 0);
                        }
                        self.item_at[l] = i as u32;
                        if self.try_next_dense::<N>(l) {
                            l += 1;
                            continue;
                        }
                    }
                }
            }
            // Backtrack: the next move at level l - 1, its last option set aside.
            let Some(up) = self.cursor.back_up(l, 0) else { return false };
            l = up;
            let x = self.option_at[l];
            enter = false;
            if x != NULL_MOVE {
                let (s, e) = (self.t.opt_start[x as usize] as usize, self.t.opt_start[x as usize + 1] as usize);
                for &item in &self.t.opt_items[s..e] {
                    self.bound[item as usize] += 1;
                }
                chunk_mut::<N>(&mut self.live, l)[x as usize / 64] &= !(1u64 << (x % 64));
                if self.try_next_dense::<N>(l) {
                    l += 1;
                    enter = true;
                }
            }
        }
    }

    /// [`BitSolverM::try_next`] on dense frames.
    #[inline]
    fn try_next_dense<const N: usize>(&mut self, l: usize) -> bool {
        let Some(d) = self.t.dense.as_ref() else { return false };
        let i = self.item_at[l] as usize;
        let frame: [u64; N] = *chunk(&self.live, l);
        let mask: &[u64; N] = chunk(&d.item, i);
        let mut count = 0;
        let mut first = None;
        for j in 0..N {
            let w = frame[j] & mask[j];
            count += w.count_ones() as i32;
            if first.is_none() && w != 0 {
                first = Some(j * 64 + w.trailing_zeros() as usize);
            }
        }
        let need = self.bound[i] - self.slack[i];
        match first {
            Some(x) => {
                if count < need {
                    return false; // too few options left to meet the lower bound
                }
                self.option_at[l] = x as u32;
                // Frame l + 1: x chosen (set aside, its secondary clashes cleared), the
                // bounds of its primary items lowered and those at zero covered.
                let conf: &[u64; N] = chunk(&d.conf, x);
                let mut next: [u64; N] = std::array::from_fn(|j| frame[j] & !conf[j]);
                next[x / 64] &= !(1u64 << (x % 64));
                let mut open = self.open[l];
                let bound = &mut self.bound;
                let (s, e) = (self.t.opt_start[x] as usize, self.t.opt_start[x + 1] as usize);
                for &item in &self.t.opt_items[s..e] {
                    let item = item as usize;
                    bound[item] -= 1;
                    if bound[item] == 0 {
                        let m: &[u64; N] = chunk(&d.item, item);
                        for j in 0..N {
                            next[j] &= !m[j];
                        }
                        open &= !(1u128 << item);
                    }
                }
                let mut updates = 0;
                for j in 0..N {
                    updates += u64::from((frame[j] & !next[j]).count_ones());
                }
                self.stats.updates += updates;
                *chunk_mut::<N>(&mut self.live, l + 1) = next;
                self.open[l + 1] = open;
                true
            }
            None if need <= 0 => {
                // The null move: every option of i was tried (and set aside) at this level.
                self.option_at[l] = NULL_MOVE;
                *chunk_mut::<N>(&mut self.live, l + 1) = frame;
                self.open[l + 1] = self.open[l] & !(1u128 << i);
                true
            }
            None => false,
        }
    }
}

/// [`BitSolverM::choose`] on a dense frame: among the items of `open` (nonempty), the
/// first of least key (branching degree, then `min(slack, bound)`, then most live
/// options), or the first whose degree is 0 or less; with that degree.
#[inline]
fn choose_dense_m<const N: usize>(frame: &[u64; N], open: u128, bound: &[i32], slack: &[i32], d: &DenseTables) -> (usize, i32) {
    // The key packed in one integer, least first: degree (at most 513), the bound's slack
    // (0 to i32::MAX: 31 bits), 1023 less the count (at most 512), the item (below 128).
    let mut best = u64::MAX;
    for i in bits128(open) {
        if i >= bound.len() {
            break;
        }
        let m: &[u64; N] = chunk(&d.item, i);
        let mut c = 0;
        for j in 0..N {
            c += (frame[j] & m[j]).count_ones();
        }
        let b = bound[i];
        let s = slack[i].min(b);
        let theta = c as i32 + s - b + 1;
        if theta <= 0 {
            return (i, theta);
        }
        let key = (theta as u64) << 54 | (s.max(0) as u64) << 17 | u64::from(1023 - c) << 7 | i as u64;
        best = best.min(key);
    }
    ((best & 0x7f) as usize, (best >> 54) as i32)
}
