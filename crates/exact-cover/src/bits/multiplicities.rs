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

use super::{Tables, COVERED};
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
    level: usize,
    done: bool,
    at_solution: bool,
    solution: Vec<usize>,
    stats: Stats,
    watch: Option<Arc<Progress>>,
}

/// `option_at` of a level that took the null move.
const NULL_MOVE: u32 = u32::MAX;

impl BitSolverM {
    /// Builds the bitsets for `problem` (with or without multiplicities), or `None` past
    /// the limits of [`super::BitSolver::new`].
    pub fn new(problem: &Problem) -> Option<BitSolverM> {
        let t = Arc::new(Tables::build(problem, false)?);
        let slack = (0..t.primary)
            .map(|i| {
                let (lo, hi) = problem.multiplicity(i);
                (hi - lo) as i32
            })
            .collect();
        let bound = (0..t.primary).map(|i| problem.multiplicity(i).1 as i32);
        let items = t.initial_count().into_iter().zip(bound).collect();
        Some(BitSolverM {
            live: t.initial_live(),
            items,
            t,
            slack,
            item_at: Vec::new(),
            option_at: Vec::new(),
            level: 0,
            done: false,
            at_solution: false,
            solution: Vec::new(),
            stats: Stats::default(),
            watch: None,
        })
    }

    /// Search statistics so far: nodes as the dancing-links Algorithm M counts them (the
    /// same tree), and as updates the live-option counts lowered.
    pub fn stats(&self) -> Stats {
        self.stats
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
        self.solution.extend(self.option_at[..self.level].iter().filter(|&&k| k != NULL_MOVE).map(|&k| k as usize));
        self.solution.sort_unstable();
        Some(&self.solution)
    }

    /// Counts the remaining solutions without storing them.
    pub fn count(&mut self) -> u64 {
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
        if self.done {
            return false;
        }
        let mut l = self.level;
        let mut enter = !self.at_solution;
        self.at_solution = false;
        loop {
            if enter {
                self.stats.nodes += 1;
                if crate::interrupt::poll(self.stats.nodes) {
                    self.done = true;
                    return false;
                }
                if self.stats.nodes % PROGRESS_INTERVAL == 0 {
                    self.publish();
                }
                match self.choose(l) {
                    None => {
                        self.level = l;
                        self.at_solution = true;
                        self.stats.solutions += 1;
                        return true;
                    }
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
            if l == 0 {
                self.level = 0;
                self.done = true;
                return false;
            }
            l -= 1;
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

    fn publish(&self) {
        if let Some(p) = &self.watch {
            p.store(self.stats.nodes, self.stats.solutions, f64::NAN);
        }
    }
}
