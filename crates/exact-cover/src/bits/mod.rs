//! Algorithm C (Knuth, TAOCP 7.2.2.1) on a bitset of live options, with per-item counts of
//! live options kept incrementally: gridlock's engine for exact cover problems with colors
//! and without multiplicities whose options conflict sparsely enough to list (see
//! [`BitSolver::new`]).
//!
//! The state of the search is one bit per option: live (still compatible with the options
//! chosen) or not. Each option has its *conflict set*, the options it excludes (those
//! sharing a primary item or an uncolored secondary item with it, or giving one of its
//! colored secondary items another color), stored once as the nonzero 64-bit words of a
//! bitset. Choosing an option clears its conflict set from the live bits, word by word,
//! and for every option newly cleared lowers the live-option count of each of its
//! primary items; the cleared words go on a stack, and backtracking sets them again and
//! raises the counts back. The item to branch on is the uncovered primary item with the
//! fewest live options (the first such in item order), the options of an item are tried
//! in input order, exactly as the dancing-links [`crate::Solver`] does: both engines
//! visit the same search tree and list the same solutions in the same order.
//!
//! Where dancing links unlinks each excluded option from the list of every item it
//! contains (node by node, scattered over memory), this engine clears whole words and
//! touches a small dense array of counts; the lists it walks are contiguous. The idea of
//! covering by bitsets is old (BurrTools' SIMD bitset cover; the bit-parallel searches of
//! TAOCP 7.1.3); the incremental counts give the minimum-remaining-values choice of
//! Algorithm C at the cost of one scan over the uncovered primary items.
//!
//! A count compacts: once few options are live at a node ([`COMPACT_AT`]), the problem
//! left there (those options, the uncovered items, renumbered in order) is rebuilt as
//! dense bitsets of a few words and its subtree counted on them (see
//! [`BitSolver::count_compacted`]), each option's conflict set there written once (with
//! those tables for frames of 1 or 2 words, else by the option's first commit, see
//! [`FULL_ROWS`]); a dense count does the same once its live options fit in half its
//! words. The tree and its statistics stay those of the plain search.

use crate::{Color, Problem, Progress, Stats, PROGRESS_INTERVAL};

/// `$f::<N>($args)` (or `self.$f::<N>($args)`) for the `N` in 1..=16 equal to `$n` (the
/// words of a [`DenseTables`] frame: at most 8 for a whole problem, up to 12 for a
/// compacted subtree, see [`COMPACT_AT`]).
macro_rules! dense_dispatch {
    ($n:expr, $s:ident . $f:ident($($arg:expr),*)) => {
        match $n {
            1 => $s.$f::<1>($($arg),*),
            2 => $s.$f::<2>($($arg),*),
            3 => $s.$f::<3>($($arg),*),
            4 => $s.$f::<4>($($arg),*),
            5 => $s.$f::<5>($($arg),*),
            6 => $s.$f::<6>($($arg),*),
            7 => $s.$f::<7>($($arg),*),
            8 => $s.$f::<8>($($arg),*),
            9 => $s.$f::<9>($($arg),*),
            10 => $s.$f::<10>($($arg),*),
            11 => $s.$f::<11>($($arg),*),
            12 => $s.$f::<12>($($arg),*),
            13 => $s.$f::<13>($($arg),*),
            14 => $s.$f::<14>($($arg),*),
            15 => $s.$f::<15>($($arg),*),
            _ => $s.$f::<16>($($arg),*),
        }
    };
    ($n:expr, $f:ident($($arg:expr),*)) => {
        match $n {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5 => $f::<5>($($arg),*),
            6 => $f::<6>($($arg),*),
            7 => $f::<7>($($arg),*),
            8 => $f::<8>($($arg),*),
            9 => $f::<9>($($arg),*),
            10 => $f::<10>($($arg),*),
            11 => $f::<11>($($arg),*),
            12 => $f::<12>($($arg),*),
            13 => $f::<13>($($arg),*),
            14 => $f::<14>($($arg),*),
            15 => $f::<15>($($arg),*),
            _ => $f::<16>($($arg),*),
        }
    };
}

pub(crate) mod cost;
/// Where a resumable bitset search stands, shared by [`BitSolver`] and [`BitSolverM`]:
/// the level reached, whether the search is done, whether it stopped at a solution
/// (the next call moves on from it), and whether an interrupt paused it on entering a
/// node (the next call enters that node again; with whether its frame was alive).
#[derive(Debug, Clone, Copy, Default)]
struct Cursor {
    level: usize,
    done: bool,
    at_solution: bool,
    paused: Option<bool>,
}

impl Cursor {
    /// Where a resumed search goes on: its level, and whether a node is entered there
    /// (false after a solution: the next option at the level below); `None` once done.
    #[inline(always)]
    fn resume(&mut self) -> Option<(usize, bool)> {
        if self.done {
            return None;
        }
        let enter = !self.at_solution;
        self.at_solution = false;
        Some((self.level, enter))
    }

    /// Stops at the solution of level `l`, counted in `stats`: true.
    #[inline(always)]
    fn found(&mut self, l: usize, stats: &mut Stats) -> bool {
        self.level = l;
        self.at_solution = true;
        stats.solutions += 1;
        true
    }

    /// Ends the search at its `base` level, every option there tried: false.
    #[inline(always)]
    fn finish(&mut self, base: usize) -> bool {
        self.level = base;
        self.done = true;
        false
    }

    /// Backtracking from level `l`: level `l - 1`, or `None` at the `base` level, where
    /// the search ends ([`Cursor::finish`]).
    #[inline(always)]
    fn back_up(&mut self, l: usize, base: usize) -> Option<usize> {
        if l == base {
            self.finish(base);
            return None;
        }
        Some(l - 1)
    }

    /// Pauses the search on an interrupt, on entering a node at level `l` (`alive`: its
    /// frame not known to be a dead end), before any work on it: false. The next call
    /// enters that node again, so that the search goes on as if never interrupted.
    #[cold]
    fn pause(&mut self, l: usize, alive: bool) -> bool {
        self.level = l;
        self.paused = Some(alive);
        false
    }

    /// Stops the search on an interrupt: false.
    #[inline(always)]
    fn stop(&mut self) -> bool {
        self.done = true;
        false
    }
}

/// Counts a node entered in `stats`; false when an interrupt asks the search to stop.
#[inline(always)]
fn tick(stats: &mut Stats) -> bool {
    stats.nodes += 1;
    !crate::interrupt::poll(stats.nodes)
}

mod dense;
mod multiplicities;
mod tables;
mod zdd;
use dense::{choose_dense, commit_dense, DenseTables};
pub use multiplicities::BitSolverM;
use std::sync::Arc;
use tables::{Rows, Tables};

/// At most this many (option, option) pairs sharing an item are examined when conflict
/// sets are built (the sum over items of the square of the number of options containing
/// the item); past it [`BitSolver::new`] declines (dancing links are the better engine).
pub const MAX_PAIRS: u64 = 1 << 28;

/// The count of a covered primary item: larger than twice any number of options.
const COVERED: u32 = 1 << 31;

/// At most this many bytes of frames (one per level, see [`BitSolver`]), and at most this
/// many of conflict sets; past either [`BitSolver::new`] declines.
pub const MAX_FRAMES: u64 = 1 << 28;

/// How a [`BitSolver`] knows how many live options each item has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counting {
    /// Counts kept in each frame and lowered for every option cleared (the better way
    /// when options conflict with few others).
    Incremental,
    /// Counted when needed, as the population count of the item's nonzero option words
    /// and the live bits, stopping once no better than the best item so far: the better
    /// way when options conflict widely, since choosing an option then clears words
    /// without touching counts.
    Popcount,
    /// Popcounts over dense masks, for problems of at most 8 words of options (512) and
    /// 128 primary items: every item's options and every option's conflict set are 1 to
    /// 8 whole words (a fixed size known to the compiler), a frame is those words of
    /// live bits and one 128-bit word of uncovered items, so a choice, a commit and the
    /// next option are short loops without sparse indices, and the least (count, item)
    /// pair is kept without a branch per item. Same tree as the others.
    Dense,
}

/// [`BitSolver::new`] counts by [`Counting::Dense`] when the problem fits it (at most 8
/// words of live bits and 128 primary items); else by [`Counting::Popcount`] when a
/// commit at the root would make on average at least
/// `POPCOUNT_RATIO.0 / POPCOUNT_RATIO.1` times as many count decrements as a full popcount
/// reads words (the items' option words, all primary items). Measured (the history of BENCHMARKS.md):
/// sparse popcounts won on pentomino packings (ratio 2.0 to 2.3) and random colored
/// problems with ratios 2.4 and 4.5; incremental counts on Langford pairs (1.5, 1.7),
/// queens (1.5) and random colored problems with ratios 0.7 and 1.4, but dense popcounts
/// beat them on all of those (at most 8 words each).
pub const POPCOUNT_RATIO: (u64, u64) = (9, 5);

/// A search over one [`Problem`] without multiplicities by live-option bitsets.
///
/// Memory: one `u32` per option per primary item, the conflict sets as (word number,
/// word) pairs (at most one per pair of conflicting options, usually far fewer), and one
/// frame of state per level of the search (the live bits and the counts: `options / 8 +
/// 4 * primary` bytes), at most one level per primary item.
#[derive(Debug, Clone)]
pub struct BitSolver {
    /// The option, conflict and item tables (shared by the solvers of one cut's subtrees).
    t: Arc<Tables>,
    /// Frame `l` (the state at level `l`): `live[l * words..]`, one bit per option still
    /// compatible with the options chosen above, and `count[l * primary..]`, per primary
    /// item its live options, or at least [`COVERED`] once covered. Trying an option at
    /// level `l` writes frame `l + 1` from frame `l`, so backtracking restores nothing.
    live: Vec<u64>,
    count: Vec<u32>,
    /// How the live options of each item are known (see [`Counting`]); with
    /// [`Counting::Popcount`], `count` is empty and frame `l` has instead
    /// `active[l * active_words..]`, one bit per primary item not yet covered.
    counting: Counting,
    active: Vec<u64>,
    active_words: usize,
    /// With [`Counting::Dense`] (`n` words of live bits a frame, see [`DenseTables`]):
    /// per level the uncovered primary items (one bit each), and the live options of the
    /// item branched on there not yet tried (`n` words a level).
    act: Vec<u128>,
    cand: Vec<u64>,
    /// With [`Counting::Dense`] over the tables of one subtree (see [`DenseTables::parent`]):
    /// each option's whole conflict set, written by its first commit (see [`Rows`]).
    rows: Rows,
    /// Per level: the option being tried, the index of the item word it came from (in
    /// `item_word`), the end of that item's words, and the live options of that word
    /// still to try.
    option_at: Vec<u32>,
    word_at: Vec<u32>,
    word_end: Vec<u32>,
    pending: Vec<u64>,
    /// Where the search stands: its level, whether it is done or stopped at a solution.
    cursor: Cursor,
    /// The level the search starts from and never backtracks below (the length of a
    /// forced prefix, see [`BitSolver::below`]), and whether the node there is alive (not
    /// known to be a dead end).
    base: usize,
    base_alive: bool,
    solution: Vec<usize>,
    stats: Stats,
    watch: Option<Arc<Progress>>,
    /// Per level of the current path (branch taken, 0-based; branches in all), kept only
    /// when watched.
    path: Vec<(u32, u32)>,
    /// The dense search a count hands a subtree to once few options are live there (see
    /// [`BitSolver::count_compacted`]), its tables rewritten for each such subtree, and
    /// the scratch lists that rewrite uses.
    sub: Option<Box<BitSolver>>,
    compact: Compaction,
    /// Whether counts compact (see [`BitSolver::set_compaction`]).
    compacting: bool,
}

/// Scratch space of [`BitSolver::count_compacted`]: per word of the frame the live
/// options in the words before it, and per primary item its bit in the compacted
/// problem's item sets (0 when covered).
#[derive(Debug, Clone, Default)]
struct Compaction {
    rank: Vec<u32>,
    bit: Vec<u128>,
}

/// A count hands the subtree below a node of a sparse frame to a dense search over just
/// that node's live options (see [`BitSolver::count_compacted`]) once at most this many
/// options are live there (12 words of frame; dense frames go up to 16). Measured on the
/// flat pentacubes in a 3x4x5 box (median user s of 5 interleaved runs, the history of BENCHMARKS.md):
/// 640 0.88, 768 0.87, 896 0.92, 1024 1.01; 256 and 512 were slower (more sparse nodes).
pub const COMPACT_AT: usize = 768;

impl BitSolver {
    /// Builds the bitsets for `problem`, or `None` when it has multiplicities (Algorithm
    /// M is not done here), its conflict sets are too large to list (more than
    /// [`MAX_PAIRS`] option pairs share an item) or its frames would pass [`MAX_FRAMES`]
    /// bytes. Time: at most the number of such pairs (through a primary item, the
    /// item's options are ORed in a word at a time).
    pub fn new(problem: &Problem) -> Option<BitSolver> {
        BitSolver::with_counting(problem, None)
    }

    /// [`BitSolver::new`] with the way of counting given (`None`: chosen as `new` does).
    /// Both ways search the same tree; only their speed differs.
    pub fn with_counting(problem: &Problem, counting: Option<Counting>) -> Option<BitSolver> {
        if problem.has_multiplicities() {
            return None;
        }
        let t = Tables::build(problem, true)?;
        let n = problem.options();
        let (conf_start, conf_bits, opt_start) = (&t.conf_start, &t.conf_bits, &t.opt_start);
        // Decrements a commit would make on average at the root (each option's conflict
        // set times the primary items of its options; conflicts are symmetric, so
        // option p is in |conf(p)| sets), against the words a full popcount reads.
        let decrements: u64 = (0..n)
            .map(|p| {
                let (a, b) = (conf_start[p] as usize, conf_start[p + 1] as usize);
                let conflicts: u64 = conf_bits[a..b].iter().map(|w| u64::from(w.count_ones())).sum();
                conflicts * u64::from(opt_start[p + 1] - opt_start[p])
            })
            .sum();
        let counting = match counting {
            Some(Counting::Dense) | None if t.dense.is_some() => Counting::Dense,
            Some(Counting::Dense) => Counting::Popcount,
            Some(c) => c,
            None if POPCOUNT_RATIO.1 * decrements >= POPCOUNT_RATIO.0 * (n as u64) * (t.item_word.len() as u64) => Counting::Popcount,
            None => Counting::Incremental,
        };
        Some(BitSolver::fresh(Arc::new(t), counting))
    }

    /// A solver at the root of the search over tables `t`, counting as given.
    fn fresh(t: Arc<Tables>, counting: Counting) -> BitSolver {
        let primary = t.primary;
        let active_words = primary.div_ceil(64);
        let mut active = Vec::new();
        let mut count = Vec::new();
        let mut live = t.initial_live();
        let (mut act, mut cand, mut option_at) = (Vec::new(), Vec::new(), Vec::new());
        if let (Counting::Dense, Some(d)) = (counting, &t.dense) {
            // Every frame allocated at once: at most one level per primary item.
            live.resize((primary + 1) * d.n, 0);
            cand = vec![0; (primary + 1) * d.n];
            act = vec![0u128; primary + 1];
            act[0] = if primary == 128 { !0 } else { (1u128 << primary) - 1 };
            option_at = vec![0; primary + 1];
        } else if counting == Counting::Popcount {
            active = vec![!0u64; active_words];
            if !primary.is_multiple_of(64) {
                active[active_words - 1] = (1u64 << (primary % 64)) - 1;
            }
        } else {
            count = t.initial_count();
        }
        BitSolver {
            live,
            t,
            count,
            counting,
            active,
            active_words,
            act,
            cand,
            rows: Rows::default(),
            option_at,
            word_at: Vec::new(),
            word_end: Vec::new(),
            pending: Vec::new(),
            cursor: Cursor::default(),
            base: 0,
            base_alive: true,
            solution: Vec::new(),
            stats: Stats::default(),
            watch: None,
            path: Vec::new(),
            sub: None,
            compact: Compaction::default(),
            compacting: true,
        }
    }

    /// A solver for the part of the search tree below `prefix`: options chosen at the
    /// first levels, each among the live options of the item that the search itself
    /// would branch on there (as [`crate::Solver::below`], whose tree this is too), or
    /// `None` when `prefix` is not such a path or the problem is not one for this engine
    /// (see [`BitSolver::new`]). Its solutions are the full solutions that begin with
    /// `prefix`.
    pub fn below(problem: &Problem, prefix: &[usize]) -> Option<BitSolver> {
        BitSolver::new(problem)?.subtree(prefix)
    }

    /// [`BitSolver::below`] for the problem of this solver, sharing its tables (built
    /// once for all the subtrees of a cut): a new search, whatever this one has done.
    pub fn subtree(&self, prefix: &[usize]) -> Option<BitSolver> {
        let mut s = BitSolver::fresh(self.t.clone(), self.counting);
        s.compacting = self.compacting;
        let mut alive = true;
        for (l, &k) in prefix.iter().enumerate() {
            let (i, _) = if alive { s.choose(l)? } else { return None };
            let (a, b) = (s.t.item_start[i] as usize, s.t.item_start[i + 1] as usize);
            let w = (k / 64) as u32;
            let m = (a..b).find(|&m| s.t.item_word[m] == w)?;
            if k >= s.t.options || (s.live[l * s.stride() + k / 64] & s.t.item_bits[m]) >> (k % 64) & 1 == 0 {
                return None;
            }
            if s.counting == Counting::Dense {
                s.option_at[l] = k as u32;
            } else {
                s.option_at.push(k as u32);
            }
            s.word_at.push(m as u32);
            s.word_end.push(b as u32);
            s.pending.push(0);
            alive = s.commit(l, k);
        }
        s.cursor.level = prefix.len();
        s.base = prefix.len();
        s.base_alive = alive;
        Some(s)
    }

    /// Search statistics so far: nodes as the dancing-links [`crate::Solver`] counts them
    /// (the same tree, so the same number), and as updates, with
    /// [`Counting::Incremental`], the live-option counts lowered (one per excluded option
    /// and primary item of it: the option removals of dancing links from primary items'
    /// lists, but for those a dead end cut short), with [`Counting::Popcount`] the
    /// options excluded.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether the last call was paused by an interrupt ([`crate::interrupt`], a flag
    /// or a budget) where the search can go on: the next call then resumes it exactly
    /// where it stopped, as if never interrupted. False after a call that ended at a
    /// solution or at the end, or that an interrupt stopped for good (inside a compacted
    /// subtree of a count).
    pub fn paused(&self) -> bool {
        self.cursor.paused.is_some() && !self.cursor.done
    }

    /// Whether [`BitSolver::count`] compacts (the default): hands the subtree below a
    /// node of few live options to a dense search over just those
    /// ([`BitSolver::count_compacted`]), and the subtree below a dense node whose live
    /// options fit in half its words to a narrower one. The tree, the count and the
    /// nodes are the same either way (and the updates with [`Counting::Popcount`] and
    /// [`Counting::Dense`]; with [`Counting::Incremental`], a compacted subtree's
    /// updates are its options excluded); only the time differs. For tests and
    /// measurements.
    pub fn set_compaction(&mut self, on: bool) {
        self.compacting = on;
    }

    /// How this solver counts live options.
    pub fn counting(&self) -> Counting {
        self.counting
    }

    /// Words of live bits a frame.
    fn stride(&self) -> usize {
        match (&self.t.dense, self.counting) {
            (Some(d), Counting::Dense) => d.n,
            _ => self.t.words,
        }
    }

    /// Publishes this search's progress in the returned [`Progress`] from now on, every
    /// [`PROGRESS_INTERVAL`] nodes, with Knuth's estimate as [`crate::Solver::watch`].
    pub fn watch(&mut self) -> Arc<Progress> {
        let p = Arc::new(Progress::default());
        self.watch = Some(p.clone());
        p
    }

    /// Knuth's estimate of the fraction of the tree done (see [`Progress`]); 0 when the
    /// search is not watched.
    pub fn estimate(&self) -> f64 {
        crate::solver::estimate_of(&self.path)
    }

    /// The next solution, as the numbers of its options in increasing order, or `None`
    /// when the search is exhausted (or interrupted, see [`crate::interrupt`]).
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if !self.advance::<false>() {
            return None;
        }
        self.solution.clear();
        self.solution.extend(self.option_at[..self.cursor.level].iter().map(|&k| k as usize));
        self.solution.sort_unstable();
        Some(&self.solution)
    }

    /// Counts the remaining solutions without storing them.
    pub fn count(&mut self) -> u64 {
        if self.counting == Counting::Dense {
            // Dense frames: one search that counts solutions as it passes them.
            let before = self.stats.solutions;
            dense_dispatch!(self.t.dense.as_ref().map_or(0, |d| d.n), self.run_dense());
            return self.stats.solutions - before;
        }
        // Every solution passes through `stats.solutions`, also those of the subtrees
        // counted on compacted dense frames.
        let before = self.stats.solutions;
        while self.advance::<true>() {}
        self.stats.solutions - before
    }

    /// In frame `l`, the uncovered primary item with the fewest live options (the first
    /// in item order on ties) and that number, or `None` when every primary item is
    /// covered. Covered items count at least [`COVERED`] / 2, so a plain minimum over all
    /// counts (which the compiler vectorizes) finds it.
    #[inline]
    fn choose(&self, l: usize) -> Option<(usize, u32)> {
        match (&self.t.dense, self.counting) {
            (Some(d), Counting::Dense) if self.act[l] != 0 => {
                let f = &self.live[l * d.n..(l + 1) * d.n];
                return Some(dense_dispatch!(d.n, choose_dense(f, self.act[l], &d.item)));
            }
            (Some(_), Counting::Dense) => return None,
            (_, Counting::Popcount) => return self.choose_by_popcount(l),
            _ => {}
        }
        let count = &self.count[l * self.t.primary..(l + 1) * self.t.primary];
        let min = count.iter().copied().min().unwrap_or(COVERED);
        if min >= COVERED / 2 {
            return None;
        }
        let i = count.iter().position(|&c| c == min).unwrap_or(0);
        Some((i, min))
    }

    /// [`BitSolver::choose`] for [`Counting::Popcount`]: each uncovered item's live
    /// options counted from its words, stopping as soon as the count is no better than
    /// the best so far.
    #[inline]
    fn choose_by_popcount(&self, l: usize) -> Option<(usize, u32)> {
        let t = &*self.t;
        let live = &self.live[l * t.words..(l + 1) * t.words];
        let active = &self.active[l * self.active_words..(l + 1) * self.active_words];
        let mut best = None;
        let mut best_len = u32::MAX;
        for (aw, &bits) in active.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let i = aw * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                let (s, e) = (t.item_start[i] as usize, t.item_start[i + 1] as usize);
                let mut len = 0;
                for (&w, &m) in t.item_word[s..e].iter().zip(&t.item_bits[s..e]) {
                    len += (live[w as usize] & m).count_ones();
                    if len >= best_len {
                        break;
                    }
                }
                if len < best_len {
                    best = Some(i);
                    best_len = len;
                    if len == 0 {
                        return best.map(|i| (i, 0));
                    }
                }
            }
        }
        best.map(|i| (i, best_len))
    }

    /// [`BitSolver::commit`] for [`Counting::Popcount`]: frame `l + 1` is frame `l` with
    /// option `k`'s primary items covered and its conflict set cleared.
    #[inline]
    fn commit_by_popcount(&mut self, l: usize, k: usize) -> bool {
        let t = &*self.t;
        let (wn, an) = (t.words, self.active_words);
        if self.live.len() < (l + 2) * wn {
            self.live.resize((l + 2) * wn, 0);
            self.active.resize((l + 2) * an, 0);
        }
        self.live.copy_within(l * wn..(l + 1) * wn, (l + 1) * wn);
        self.active.copy_within(l * an..(l + 1) * an, (l + 1) * an);
        let live = &mut self.live[(l + 1) * wn..(l + 2) * wn];
        let active = &mut self.active[(l + 1) * an..(l + 2) * an];
        let (s, e) = (t.opt_start[k] as usize, t.opt_start[k + 1] as usize);
        for &i in &t.opt_items[s..e] {
            active[i as usize / 64] &= !(1u64 << (i % 64));
        }
        let (a, b) = (t.conf_start[k] as usize, t.conf_start[k + 1] as usize);
        let mut updates = 0u64;
        for (&w, &bits) in t.conf_word[a..b].iter().zip(&t.conf_bits[a..b]) {
            let w = w as usize;
            updates += u64::from((live[w] & bits).count_ones());
            live[w] &= !bits;
        }
        self.stats.updates += updates;
        true
    }

    /// Writes frame `l + 1`: frame `l` with option `k` chosen (its primary items covered,
    /// its conflict set cleared from the live bits, counts lowered). Returns false, and
    /// stops clearing, as soon as an uncovered item has no live option left (the node
    /// below is a dead end).
    #[inline]
    fn commit(&mut self, l: usize, k: usize) -> bool {
        let t = &*self.t;
        match (&t.dense, self.counting) {
            (Some(d), Counting::Dense) => {
                self.stats.updates += dense_dispatch!(d.n, commit_dense(&mut self.live, &mut self.act, &mut self.rows, l, k, d));
                return true;
            }
            (_, Counting::Popcount) => return self.commit_by_popcount(l, k),
            _ => {}
        }
        let (wn, pn) = (t.words, t.primary);
        if self.live.len() < (l + 2) * wn {
            self.live.resize((l + 2) * wn, 0);
            self.count.resize((l + 2) * pn, 0);
        }
        self.live.copy_within(l * wn..(l + 1) * wn, (l + 1) * wn);
        self.count.copy_within(l * pn..(l + 1) * pn, (l + 1) * pn);
        let live = &mut self.live[(l + 1) * wn..(l + 2) * wn];
        let count = &mut self.count[(l + 1) * pn..(l + 2) * pn];
        let (s, e) = (t.opt_start[k] as usize, t.opt_start[k + 1] as usize);
        for &i in &t.opt_items[s..e] {
            count[i as usize] = COVERED;
        }
        let (a, b) = (t.conf_start[k] as usize, t.conf_start[k + 1] as usize);
        let mut updates = 0u64;
        let mut dead = false;
        for (&w, &bits) in t.conf_word[a..b].iter().zip(&t.conf_bits[a..b]) {
            let w = w as usize;
            let cleared = live[w] & bits;
            if cleared == 0 {
                continue;
            }
            live[w] &= !cleared;
            let mut c = cleared;
            while c != 0 {
                let p = w * 64 + c.trailing_zeros() as usize;
                c &= c - 1;
                let (s, e) = (t.opt_start[p] as usize, t.opt_start[p + 1] as usize);
                for &i in &t.opt_items[s..e] {
                    let n = count[i as usize] - 1;
                    count[i as usize] = n;
                    dead |= n == 0;
                }
                updates += (e - s) as u64;
            }
            if dead {
                break;
            }
        }
        self.stats.updates += updates;
        !dead
    }

    /// The next option to try at level `l`: the least live option of the item branched
    /// on there after those tried, or `None`.
    #[inline]
    fn next_option(&mut self, l: usize) -> Option<usize> {
        let t = &*self.t;
        let mut bits = self.pending[l];
        let mut m = self.word_at[l] as usize;
        let end = self.word_end[l] as usize;
        let live = &self.live[l * t.words..(l + 1) * t.words];
        while bits == 0 {
            m += 1;
            if m >= end {
                return None;
            }
            bits = live[t.item_word[m] as usize] & t.item_bits[m];
        }
        let k = t.item_word[m] as usize * 64 + bits.trailing_zeros() as usize;
        self.pending[l] = bits & (bits - 1);
        self.word_at[l] = m as u32;
        self.option_at[l] = k as u32;
        Some(k)
    }

    /// Makes level `l` branch on item `i` (which has live options): its options are
    /// tried from the item's first word on by [`BitSolver::next_option`].
    #[inline]
    fn start_item(&mut self, l: usize, i: usize) {
        if self.option_at.len() <= l {
            self.option_at.push(0);
            self.word_at.push(0);
            self.word_end.push(0);
            self.pending.push(0);
        }
        let m = self.t.item_start[i] as usize;
        self.word_at[l] = m as u32;
        self.word_end[l] = self.t.item_start[i + 1];
        self.pending[l] = self.live[l * self.t.words + self.t.item_word[m] as usize] & self.t.item_bits[m];
    }

    /// Runs the search until the next solution (true, with the options of
    /// `pos[0..level]` forming it) or its end (false).
    ///
    /// With `COMPACT` (a count), the subtree below a node of few live options is counted
    /// by [`BitSolver::count_compacted`] (its solutions only in the statistics).
    fn advance<const COMPACT: bool>(&mut self) -> bool {
        if self.counting == Counting::Dense {
            return dense_dispatch!(self.t.dense.as_ref().map_or(0, |d| d.n), self.step_dense());
        }
        // `enter`: a new node at level l (`alive`: not known to be a dead end); otherwise
        // move on to the next option at level l - 1 (after a solution, or a dead end).
        let Some((mut l, mut enter)) = self.cursor.resume() else { return false };
        let mut alive = self.cursor.paused.take().unwrap_or(l > self.base || self.base_alive);
        loop {
            if enter {
                if !tick(&mut self.stats) {
                    return self.cursor.pause(l, alive);
                }
                if COMPACT && alive && self.compacting && self.count_compacted(l) {
                    if self.cursor.done {
                        return false;
                    }
                } else {
                    let choice = if alive { self.choose(l) } else { Some((0, 0)) };
                    match choice {
                        None => return self.cursor.found(l, &mut self.stats),
                        Some((i, len)) => {
                            if self.watch.is_some() {
                                self.path.truncate(l);
                                self.path.push((0, len));
                                if self.stats.nodes.is_multiple_of(PROGRESS_INTERVAL) {
                                    self.publish();
                                }
                            }
                            if len > 0 {
                                self.start_item(l, i);
                                if let Some(k) = self.next_option(l) {
                                    alive = self.commit(l, k);
                                    l += 1;
                                    continue;
                                }
                            }
                        }
                    }
                }
            }
            // Backtrack: the next live option at level l - 1.
            let Some(up) = self.cursor.back_up(l, self.base) else { return false };
            l = up;
            if let Some(k) = self.next_option(l) {
                if let Some(branch) = self.path.get_mut(l) {
                    branch.0 += 1;
                }
                alive = self.commit(l, k);
                l += 1;
                enter = true;
            } else {
                enter = false;
            }
        }
    }

    fn publish(&self) {
        if let Some(p) = &self.watch {
            p.store(self.stats.nodes, self.stats.solutions, self.estimate());
        }
    }
}

/// Words `k * N..(k + 1) * N` of `v`, as an array.
#[inline(always)]
fn chunk<const N: usize>(v: &[u64], k: usize) -> &[u64; N] {
    v[k * N..(k + 1) * N].try_into().expect("N words")
}

/// [`chunk`], mutable.
#[inline(always)]
fn chunk_mut<const N: usize>(v: &mut [u64], k: usize) -> &mut [u64; N] {
    (&mut v[k * N..(k + 1) * N]).try_into().expect("N words")
}

/// The numbers of the set bits of `m` (the items of a 128-bit item set), least first.
#[inline(always)]
fn bits128(m: u128) -> impl Iterator<Item = usize> {
    let (mut lo, mut hi) = (m as u64, (m >> 64) as u64);
    std::iter::from_fn(move || {
        if lo != 0 {
            let i = lo.trailing_zeros() as usize;
            lo &= lo - 1;
            Some(i)
        } else if hi != 0 {
            let i = hi.trailing_zeros() as usize;
            hi &= hi - 1;
            Some(64 + i)
        } else {
            None
        }
    })
}
