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

pub(crate) mod cost;
mod multiplicities;
mod zdd;
pub use multiplicities::BitSolverM;
use std::sync::Arc;

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
/// reads words (the items' option words, all primary items). Measured (BENCHMARKS.md):
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
    level: usize,
    /// The level the search starts from and never backtracks below (the length of a
    /// forced prefix, see [`BitSolver::below`]), and whether the node there is alive (not
    /// known to be a dead end).
    base: usize,
    base_alive: bool,
    done: bool,
    at_solution: bool,
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
/// flat pentacubes in a 3x4x5 box (median user s of 5 interleaved runs, BENCHMARKS.md):
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
            level: 0,
            base: 0,
            base_alive: true,
            done: false,
            at_solution: false,
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
        s.level = prefix.len();
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
        self.solution.extend(self.option_at[..self.level].iter().map(|&k| k as usize));
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

    /// Counts the solutions below node `l` of a sparse frame (alive: not known to be a
    /// dead end) on a dense search ([`Counting::Dense`]) of the problem left there, when
    /// at most [`COMPACT_AT`] options are live and at most 128 primary items uncovered;
    /// returns false, doing nothing, otherwise. The problem left has those live options,
    /// renumbered in order, and those items, renumbered in order; two options conflict in
    /// it when they do in the whole problem, so it has the same solutions as the subtree
    /// and, the dense search choosing as this one does (fewest live options, first in
    /// order; options in order), the same tree: the statistics go on as if this search
    /// had visited it. Time: the uncovered items' option words and the live options
    /// (one `pext` a word where the CPU has BMI2), against a dense search of 1 to 12
    /// words a frame instead of this one's sparse words at every node below: the
    /// bitsets are rebuilt over what is left, as Knuth's dancing cells (SSXCC) keep the
    /// live options of each item at the front of its array, here once per subtree.
    fn count_compacted(&mut self, l: usize) -> bool {
        let t = &*self.t;
        let live = &self.live[l * t.words..(l + 1) * t.words];
        let c = &mut self.compact;
        c.rank.clear();
        let mut m = 0usize;
        for &w in live {
            c.rank.push(m as u32);
            m += w.count_ones() as usize;
        }
        if m > COMPACT_AT {
            return false;
        }
        let sub = self.sub.get_or_insert_with(|| Box::new(BitSolver::fresh(Arc::new(Tables::compacted()), Counting::Dense)));
        let Some(st) = Arc::get_mut(&mut sub.t) else { return false };
        let Some(d) = st.dense.as_mut() else { return false };
        // Per primary item its number in the compacted problem (255 when covered).
        d.map.clear();
        d.map.resize(t.primary, u8::MAX);
        c.bit.clear();
        c.bit.resize(t.primary, 0);
        let mut ni = 0usize;
        for i in 0..t.primary {
            let uncovered = match self.counting {
                Counting::Popcount => self.active[l * self.active_words + i / 64] >> (i % 64) & 1 == 1,
                _ => self.count[l * t.primary + i] < COVERED / 2,
            };
            if uncovered {
                if ni == 128 {
                    return false;
                }
                d.map[i] = ni as u8;
                c.bit[i] = 1 << ni;
                ni += 1;
            }
        }
        let n = m.div_ceil(64).max(1);
        (st.options, st.primary, st.words, d.n) = (m, ni, n, n);
        // Each uncovered item's live options, renumbered: its words' live bits squeezed
        // together and shifted to the live options before them.
        d.item.clear();
        d.item.resize(ni * n, 0);
        squeeze_items(t, live, &c.rank, &d.map, &mut d.item, n);
        // Each live option's number in the whole problem (its primary items are uncovered,
        // else it would conflict with the option that covered them), and its conflicts
        // through secondary items, squeezed as the item masks are; those through primary
        // items are added from the items' options (now for narrow frames, else by the
        // option's first commit: see `DenseTables::parent`).
        d.conf.clear();
        d.conf.resize(if t.sec_word.is_empty() { 0 } else { m * n }, 0);
        d.ids.clear();
        d.prim.clear();
        for (w, &bits) in live.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let k = w * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                let (a, e) = (t.sec_start[k] as usize, t.sec_start[k + 1] as usize);
                let j = d.ids.len();
                for (&w, &bits) in t.sec_word[a..e].iter().zip(&t.sec_bits[a..e]) {
                    let lw = live[w as usize];
                    if bits & lw != 0 {
                        deposit(&mut d.conf[j * n..(j + 1) * n], pext(bits & lw, lw), c.rank[w as usize] as usize);
                    }
                }
                d.ids.push(k as u32);
                if n <= FULL_ROWS {
                    let items = &t.opt_items[t.opt_start[k] as usize..t.opt_start[k + 1] as usize];
                    d.prim.push(items.iter().fold(0u128, |p, &i| p | c.bit[i as usize]));
                }
            }
        }
        if d.parent.is_none() {
            d.parent = Some(self.t.clone());
        }
        if n <= FULL_ROWS {
            add_primary_conflicts(&mut d.conf, &d.item, &d.prim, n);
        }
        let before = self.stats.nodes;
        self.stats = run_compacted(sub, m, ni, n, self.stats);
        if crate::interrupt::requested() {
            self.done = true;
        }
        if self.stats.nodes / PROGRESS_INTERVAL != before / PROGRESS_INTERVAL {
            self.publish();
        }
        true
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
        if self.done {
            return false;
        }
        let mut l = self.level;
        // `enter`: a new node at level l (`alive`: not known to be a dead end); otherwise
        // move on to the next option at level l - 1 (after a solution, or a dead end).
        let mut enter = !self.at_solution;
        let mut alive = l > self.base || self.base_alive;
        self.at_solution = false;
        loop {
            if enter {
                self.stats.nodes += 1;
                if crate::interrupt::poll(self.stats.nodes) {
                    self.done = true;
                    return false;
                }
                if COMPACT && alive && self.compacting && self.count_compacted(l) {
                    if self.done {
                        return false;
                    }
                } else {
                    let choice = if alive { self.choose(l) } else { Some((0, 0)) };
                    match choice {
                        None => {
                            self.level = l;
                            self.at_solution = true;
                            self.stats.solutions += 1;
                            return true;
                        }
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
            if l == self.base {
                self.level = self.base;
                self.done = true;
                return false;
            }
            l -= 1;
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

    /// [`Self::advance_dense`] to the next solution.
    fn step_dense<const N: usize>(&mut self) -> bool {
        self.advance_dense::<N, true>()
    }

    /// [`Self::advance_dense`] to the end of the search, counting solutions in the
    /// statistics without stopping at them.
    fn run_dense<const N: usize>(&mut self) -> bool {
        self.advance_dense::<N, false>()
    }

    /// [`BitSolver::advance`] with [`Counting::Dense`] and frames of `N` words: the same
    /// search, its state in fixed-size arrays.
    fn advance_dense<const N: usize, const STOP: bool>(&mut self) -> bool {
        let Some(d) = self.t.dense.as_ref().filter(|d| d.n == N && !self.done) else {
            return false;
        };
        let (live, act, stats, cand, rows) = (&mut self.live, &mut self.act, &mut self.stats, &mut self.cand, &mut self.rows);
        let mut l = self.level;
        let mut enter = !self.at_solution;
        let mut alive = l > self.base || self.base_alive;
        self.at_solution = false;
        loop {
            if enter {
                stats.nodes += 1;
                if crate::interrupt::poll(stats.nodes) {
                    self.done = true;
                    return false;
                }
                let a = act[l];
                if alive && a == 0 {
                    stats.solutions += 1;
                    if STOP {
                        self.level = l;
                        self.at_solution = true;
                        return true;
                    }
                } else if let (Some((m, ni, n)), Some(sub)) = (
                    (!STOP && alive && N > 1 && self.compacting && d.parent.is_none() && narrower::<N>(chunk(live, l)))
                        .then(|| compact_dense::<N>(d, &self.t, chunk(live, l), a, &mut self.sub))
                        .flatten(),
                    self.sub.as_deref_mut(),
                ) {
                    // Counting: the subtree goes to a narrower dense search (its tables
                    // just written; otherwise the node is searched here as usual).
                    let before = stats.nodes;
                    *stats = run_compacted(sub, m, ni, n, *stats);
                    if crate::interrupt::requested() {
                        self.done = true;
                        return false;
                    }
                    if let (Some(p), true) = (&self.watch, stats.nodes / PROGRESS_INTERVAL != before / PROGRESS_INTERVAL) {
                        p.store(stats.nodes, stats.solutions, crate::solver::estimate_of(&self.path));
                    }
                } else {
                    let frame: [u64; N] = *chunk(live, l);
                    let (i, len) = if alive { choose_dense::<N>(&frame, a, &d.item) } else { (0, 0) };
                    if let Some(p) = &self.watch {
                        self.path.truncate(l);
                        self.path.push((0, len));
                        if stats.nodes % PROGRESS_INTERVAL == 0 {
                            p.store(stats.nodes, stats.solutions, crate::solver::estimate_of(&self.path));
                        }
                    }
                    if len > 0 {
                        let m: &[u64; N] = chunk(&d.item, i);
                        *chunk_mut::<N>(cand, l) = std::array::from_fn(|j| frame[j] & m[j]);
                        if let Some(k) = take_first::<N>(chunk_mut(cand, l)) {
                            self.option_at[l] = k as u32;
                            stats.updates += commit_dense::<N>(live, act, rows, l, k, d);
                            alive = true;
                            l += 1;
                            continue;
                        }
                    }
                }
            }
            // Backtrack: the next live option at level l - 1.
            if l == self.base {
                self.level = self.base;
                self.done = true;
                return false;
            }
            l -= 1;
            if let Some(k) = take_first::<N>(chunk_mut(cand, l)) {
                if let Some(branch) = self.path.get_mut(l) {
                    branch.0 += 1;
                }
                self.option_at[l] = k as u32;
                stats.updates += commit_dense::<N>(live, act, rows, l, k, d);
                alive = true;
                l += 1;
                enter = true;
            } else {
                enter = false;
            }
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

/// Runs `sub`, whose tables [`BitSolver::count_compacted`] or [`compact_dense`] has just
/// written (`m` options, `ni` primary items, `n` words a frame), from its root (a node
/// already counted in `stats`) to its end, and returns `stats` gone on by its search.
fn run_compacted(sub: &mut BitSolver, m: usize, ni: usize, n: usize, stats: Stats) -> Stats {
    // Frames past the root are written before they are read: only grown, never cleared.
    if sub.live.len() < (ni + 1) * n {
        sub.live.resize((ni + 1) * n, 0);
        sub.cand.resize((ni + 1) * n, 0);
    }
    if sub.act.len() < ni + 1 {
        sub.act.resize(ni + 1, 0);
        sub.option_at.resize(ni + 1, 0);
    }
    for (j, w) in sub.live[..n].iter_mut().enumerate() {
        *w = if m >= (j + 1) * 64 {
            !0
        } else if m > j * 64 {
            (1 << (m - j * 64)) - 1
        } else {
            0
        };
    }
    sub.act[0] = if ni == 128 { !0 } else { (1u128 << ni) - 1 };
    if sub.rows.conf.len() < m * n {
        sub.rows.conf.resize(m * n, 0);
    }
    if sub.rows.prim.len() < m {
        sub.rows.prim.resize(m, 0);
    }
    sub.rows.done.clear();
    sub.rows.done.resize(m.div_ceil(64), 0);
    (sub.level, sub.base, sub.base_alive, sub.done, sub.at_solution) = (0, 0, true, false, false);
    // Its root is the node of `stats`, counted already.
    sub.stats = stats;
    sub.stats.nodes -= 1;
    dense_dispatch!(n, sub.run_dense());
    sub.stats
}

/// Whether a dense frame of `N` words is worth handing to a narrower search: its live
/// options fit in at most half as many words. Only for the dense search of a whole
/// problem: below a compacted subtree (already narrow) the subtrees are too small to
/// pay for it (3x4x5 flat pentacubes: 0.92 to 1.04 s against 0.87 s, BENCHMARKS.md).
#[inline(always)]
fn narrower<const N: usize>(frame: &[u64; N]) -> bool {
    let m: u32 = frame.iter().map(|w| w.count_ones()).sum();
    (m as usize).div_ceil(64).max(1) * 2 <= N
}

/// The frame of a dense search ([`Counting::Dense`], tables `d` of `N` words, `top` the
/// tables of the whole problem) whose subtree [`BitSolver::advance_dense`] hands to a
/// narrower dense search: the live options `frame` and uncovered items `act` of the node.
/// Writes the tables of the problem left there into `sub` (made on first use) as
/// [`BitSolver::count_compacted`] does, renumbering options and items in order, and
/// returns the new width. Time: the uncovered items' `N` words, and the live options'
/// conflict rows through secondary items.
fn compact_dense<const N: usize>(
    d: &DenseTables,
    top: &Arc<Tables>,
    frame: &[u64; N],
    act: u128,
    sub: &mut Option<Box<BitSolver>>,
) -> Option<(usize, usize, usize)> {
    let m: usize = frame.iter().map(|w| w.count_ones() as usize).sum();
    let n = m.div_ceil(64).max(1);
    let ni = act.count_ones() as usize;
    let sub = sub.get_or_insert_with(|| Box::new(BitSolver::fresh(Arc::new(Tables::compacted()), Counting::Dense)));
    let st = Arc::get_mut(&mut sub.t)?;
    let e = st.dense.as_mut()?;
    (st.options, st.primary, st.words, e.n) = (m, ni, n, n);
    let mut rank = [0u32; N];
    let mut r = 0;
    for (x, w) in rank.iter_mut().zip(frame) {
        *x = r;
        r += w.count_ones();
    }
    // Per item of this search its number in the new one (255: covered).
    let mut renumber = [u8::MAX; 128];
    for (c, i) in bits128(act).enumerate() {
        renumber[i] = c as u8;
    }
    e.item.clear();
    e.item.resize(ni * n, 0);
    for (c, i) in bits128(act).enumerate() {
        squeeze_row::<N>(chunk(&d.item, i), frame, &rank, &mut e.item[c * n..(c + 1) * n]);
    }
    e.conf.clear();
    e.ids.clear();
    e.prim.clear();
    let sec = if d.parent.is_some() { &d.conf } else { &d.sec };
    if !sec.is_empty() {
        e.conf.resize(m * n, 0);
    }
    for (j, w) in frame.iter().enumerate() {
        let mut b = *w;
        while b != 0 {
            let k = j * 64 + b.trailing_zeros() as usize;
            b &= b - 1;
            let c = e.ids.len();
            if !sec.is_empty() {
                squeeze_row::<N>(chunk(sec, k), frame, &rank, &mut e.conf[c * n..(c + 1) * n]);
            }
            e.ids.push(if d.parent.is_some() { d.ids[k] } else { k as u32 });
            if n <= FULL_ROWS {
                e.prim.push(squeeze128(d.prim[k], act));
            }
        }
    }
    e.map.clear();
    if d.parent.is_some() {
        e.map.extend(d.map.iter().map(|&i| if i == u8::MAX { i } else { renumber[usize::from(i)] }));
    } else {
        e.map.extend_from_slice(&renumber[..top.primary]);
    }
    if e.parent.is_none() {
        e.parent = Some(d.parent.clone().unwrap_or_else(|| top.clone()));
    }
    if n <= FULL_ROWS {
        add_primary_conflicts(&mut e.conf, &e.item, &e.prim, n);
    }
    Some((m, ni, n))
}

/// ORs into `out` the bits of `row` at the live options of `frame`, renumbered as
/// [`compact_dense`] does (`rank`: the live options before each word).
#[inline(always)]
fn squeeze_row<const N: usize>(row: &[u64; N], frame: &[u64; N], rank: &[u32; N], out: &mut [u64]) {
    for w in 0..N {
        let x = row[w] & frame[w];
        if x != 0 {
            deposit(out, pext(x, frame[w]), rank[w] as usize);
        }
    }
}

/// [`compress`] by the `pext` instruction where the CPU has BMI2 (checked once).
#[inline(always)]
fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("bmi2") {
        // SAFETY: the CPU has BMI2, as just checked.
        return unsafe { pext_bmi2(x, mask) };
    }
    compress(x, mask)
}

/// The bits of `x` at the set bits of `mask`, packed together at the bottom (a 128-bit
/// [`pext`]): a set of items renumbered to the uncovered items `mask`, in order.
#[inline(always)]
fn squeeze128(x: u128, mask: u128) -> u128 {
    let (xl, ml) = (x as u64, mask as u64);
    let (xh, mh) = ((x >> 64) as u64, (mask >> 64) as u64);
    u128::from(pext(xl, ml)) | u128::from(pext(xh, mh)) << ml.count_ones()
}

/// `pext` itself.
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn pext_bmi2(x: u64, mask: u64) -> u64 {
    // Safe to call here from Rust 1.86 on (target_feature 1.1), unsafe before.
    #[allow(unused_unsafe)]
    // SAFETY: this function's condition (the CPU has BMI2).
    unsafe {
        std::arch::x86_64::_pext_u64(x, mask)
    }
}

/// Writes into `item` (`n` words a row, zero) the live options of each primary item
/// uncovered in `map` (its number in the compacted problem, 255 when covered) as
/// [`BitSolver::count_compacted`] renumbers them: live option `k` becomes the number of
/// live options before it (`rank[k / 64]` plus those before it in its word).
fn squeeze_items(t: &Tables, live: &[u64], rank: &[u32], map: &[u8], item: &mut [u64], n: usize) {
    for (i, &ci) in map.iter().enumerate() {
        if ci == u8::MAX {
            continue;
        }
        let row = &mut item[usize::from(ci) * n..(usize::from(ci) + 1) * n];
        for j in t.item_start[i] as usize..t.item_start[i + 1] as usize {
            let w = t.item_word[j] as usize;
            let x = t.item_bits[j] & live[w];
            if x != 0 {
                deposit(row, pext(x, live[w]), rank[w] as usize);
            }
        }
    }
}

/// ORs the bits of `y` into `row` from bit `r` on (those past its end dropped).
#[inline(always)]
fn deposit(row: &mut [u64], y: u64, r: usize) {
    row[r / 64] |= y << (r % 64);
    if !r.is_multiple_of(64) && r / 64 + 1 < row.len() {
        row[r / 64 + 1] |= y >> (64 - r % 64);
    }
}

/// The bits of `x` at the places of the set bits of `mask`, squeezed together (the
/// `pext` instruction of BMI2, one set bit of `x` at a time): bit `r` of the result is
/// bit `p` of `x` for the `r`-th set bit `p` of `mask`, counting from 0.
#[inline(always)]
fn compress(mut x: u64, mask: u64) -> u64 {
    let mut y = 0;
    while x != 0 {
        y |= 1 << (mask & ((x & x.wrapping_neg()) - 1)).count_ones();
        x &= x - 1;
    }
    y
}

/// Completes the conflict sets `conf` (`n` words an option, those through secondary
/// items or none) of a compacted problem with those through primary items: each option's
/// row ORed with the options of each of its primary items (`prim`, masks `item`).
fn add_primary_conflicts(conf: &mut Vec<u64>, item: &[u64], prim: &[u128], n: usize) {
    conf.resize(prim.len() * n, 0);
    for (row, &p) in conf.chunks_exact_mut(n).zip(prim) {
        for i in bits128(p) {
            for (c, m) in row.iter_mut().zip(&item[i * n..(i + 1) * n]) {
                *c |= m;
            }
        }
    }
}

/// Takes the least option of `set` out of it (`None` when empty).
#[inline(always)]
fn take_first<const N: usize>(set: &mut [u64; N]) -> Option<usize> {
    let j = set.iter().position(|&w| w != 0)?;
    let k = j * 64 + set[j].trailing_zeros() as usize;
    set[j] &= set[j] - 1;
    Some(k)
}

/// [`Counting::Dense`]: writes frame `l + 1` (`N` words of `live`, one of `act`) as frame
/// `l` with option `k` chosen: its conflict set cleared, its primary items covered.
/// Returns the options it excluded (the updates of [`Stats`]).
#[inline(always)]
fn commit_dense<const N: usize>(live: &mut [u64], act: &mut [u128], rows: &mut Rows, l: usize, k: usize, d: &DenseTables) -> u64 {
    let (conf, prim): ([u64; N], u128) = match &d.parent {
        Some(_) if N > FULL_ROWS && rows.done.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 == 1) => (*chunk(&rows.conf, k), rows.prim[k]),
        Some(t) if N > FULL_ROWS => {
            // The option's first commit in this subtree: its items there, renumbered.
            let mut conf = if d.conf.is_empty() { [0; N] } else { *chunk(&d.conf, k) };
            let mut prim = 0u128;
            let id = d.ids[k] as usize;
            for &i in &t.opt_items[t.opt_start[id] as usize..t.opt_start[id + 1] as usize] {
                let i = usize::from(d.map[i as usize]);
                let m: &[u64; N] = chunk(&d.item, i);
                conf = std::array::from_fn(|j| conf[j] | m[j]);
                prim |= 1 << i;
            }
            if let Some(w) = rows.done.get_mut(k / 64) {
                *w |= 1 << (k % 64);
                *chunk_mut::<N>(&mut rows.conf, k) = conf;
                rows.prim[k] = prim;
            }
            (conf, prim)
        }
        _ => (*chunk(&d.conf, k), d.prim[k]),
    };
    let src: [u64; N] = *chunk(live, l);
    let mut updates = 0;
    for (w, c) in src.iter().zip(&conf) {
        updates += u64::from((w & c).count_ones());
    }
    *chunk_mut::<N>(live, l + 1) = std::array::from_fn(|j| src[j] & !conf[j]);
    act[l + 1] = act[l] & !prim;
    updates
}

/// The conflict sets of a compacted problem's options (tables with
/// [`DenseTables::parent`], which list only the conflicts through secondary items), each
/// written by the option's first commit as the union of its items' options and its
/// conflicts through secondary items, and read by the later ones: an option's set is
/// built at most once a subtree, and only if the option is ever chosen there. (Built for
/// every option when the subtree is compacted, they cost more than they save where
/// subtrees are small and wide, as in the full tree of the 6x10 pentominoes, up to 12
/// words; built at every commit, they cost more where subtrees are large and narrow, as a
/// random colored XCC's 2200 nodes over at most 128 options: BENCHMARKS.md.)
#[derive(Debug, Clone, Default)]
struct Rows {
    /// Conflict set of option `k`: `conf[k * n..(k + 1) * n]`, and its primary items
    /// (bit `i` for item `i`): `prim[k]`, both valid where `done` has bit `k`.
    conf: Vec<u64>,
    prim: Vec<u128>,
    done: Vec<u64>,
}

/// A compacted subtree of frames of at most this many words gets every option's whole
/// conflict set when its tables are written; wider ones get each when first chosen
/// ([`Rows`]). Measured (A/B, `xc --count --no-memo`, BENCHMARKS.md): whole sets for
/// every width cost 18% on the pentominoes 6x10 (subtrees of up to 12 words) and saved
/// 7% more than sets on first use on a random colored XCC (2 words).
const FULL_ROWS: usize = 2;

/// What both bitset engines precompute: per option its primary items and its conflict
/// set, per primary item its options as a bitset.
#[derive(Debug, Clone)]
struct Tables {
    /// Primary items of option `k`: `opt_items[opt_start[k]..opt_start[k + 1]]`.
    opt_items: Vec<u32>,
    opt_start: Vec<u32>,
    /// Conflict set of option `k`: the nonzero words `conf_word[j]`, `conf_bits[j]` for
    /// `j` in `conf_start[k]..conf_start[k + 1]`.
    conf_word: Vec<u32>,
    conf_bits: Vec<u64>,
    conf_start: Vec<u32>,
    /// The part of option `k`'s conflict set due to secondary items (options sharing one
    /// uncolored, or giving one another color), stored as the conflict set; with
    /// `primary_conflicts` only (else the whole conflict set is this part).
    sec_word: Vec<u32>,
    sec_bits: Vec<u64>,
    sec_start: Vec<u32>,
    /// Options of primary item `i` as a bitset: the nonzero words `item_word[j]`,
    /// `item_bits[j]` for `j` in `item_start[i]..item_start[i + 1]`, in increasing word
    /// order (so its options come in input order).
    item_word: Vec<u32>,
    item_bits: Vec<u64>,
    item_start: Vec<u32>,
    /// The masks of [`Counting::Dense`], for problems small enough.
    dense: Option<DenseTables>,
    /// Words of live bits, options and primary items.
    words: usize,
    options: usize,
    primary: usize,
}

impl Tables {
    /// Tables of no problem, with empty dense masks: the start of those that
    /// [`BitSolver::count_compacted`] rewrites for each subtree.
    fn compacted() -> Tables {
        Tables {
            dense: Some(DenseTables {
                n: 1,
                item: Vec::new(),
                conf: Vec::new(),
                prim: Vec::new(),
                sec: Vec::new(),
                parent: None,
                ids: Vec::new(),
                map: Vec::new(),
            }),
            opt_items: Vec::new(),
            opt_start: vec![0],
            conf_word: Vec::new(),
            conf_bits: Vec::new(),
            conf_start: vec![0],
            sec_word: Vec::new(),
            sec_bits: Vec::new(),
            sec_start: vec![0],
            item_word: Vec::new(),
            item_bits: Vec::new(),
            item_start: vec![0],
            words: 1,
            options: 0,
            primary: 0,
        }
    }

    /// The tables of `problem`, or `None` past [`MAX_PAIRS`], or when its frames or its
    /// conflict sets could take more than [`MAX_FRAMES`] bytes. With
    /// `primary_conflicts`, an option's conflict set holds the options sharing a primary
    /// item with it (itself included) besides those clashing on a secondary item
    /// (sharing it uncolored, or giving it another color); without (Algorithm M, where
    /// primary items are shared up to their multiplicity), only the latter.
    fn build(problem: &Problem, primary_conflicts: bool) -> Option<Tables> {
        let n = problem.options();
        let primary = problem.primary_items();
        let words = n.div_ceil(64);
        // A frame: live bits, and per primary item a count (and a bound, for M).
        let frame = (words * 8 + primary * 8) as u64;
        if frame.saturating_mul(primary as u64 + 1) > MAX_FRAMES || n >= 1 << 30 {
            return None;
        }
        let mut by_item: Vec<Vec<(u32, Color)>> = vec![Vec::new(); problem.items()];
        for k in 0..n {
            for &(item, c) in problem.option(k) {
                by_item[item as usize].push((k as u32, c));
            }
        }
        let pairs: u64 = by_item.iter().map(|l| (l.len() as u64).pow(2)).sum();
        if pairs > MAX_PAIRS {
            return None;
        }
        // The conflict words stored (12 bytes each): per option at most one per option
        // sharing an item with it, and at most `words`; as many again at most for the
        // conflicts through secondary items (a subset) when there are such items.
        let stored: u64 = (0..n)
            .map(|k| {
                let sharing: u64 = problem.option(k).iter().map(|&(i, _)| by_item[i as usize].len() as u64).sum();
                sharing.min(words as u64)
            })
            .sum();
        let copies = if primary_conflicts && problem.items() > primary { 24 } else { 12 };
        if stored.saturating_mul(copies) > MAX_FRAMES {
            return None;
        }
        let mut item_word = Vec::new();
        let mut item_bits: Vec<u64> = Vec::new();
        let mut item_start = vec![0u32];
        for list in &by_item[..primary] {
            let first = item_word.len();
            for &(k, _) in list {
                let w = k / 64;
                if item_word.len() == first || item_word.last() != Some(&w) {
                    item_word.push(w);
                    item_bits.push(0);
                }
                if let Some(b) = item_bits.last_mut() {
                    *b |= 1 << (k % 64);
                }
            }
            item_start.push(item_word.len() as u32);
        }
        let mut opt_items = Vec::new();
        let mut opt_start = vec![0u32];
        let mut conf_word = Vec::new();
        let mut conf_bits = Vec::new();
        let mut conf_start = vec![0u32];
        let (mut sec_word, mut sec_bits, mut sec_start) = (Vec::new(), Vec::new(), vec![0u32]);
        // The conflict set and its secondary part, as bitsets and their nonzero words.
        let mut scratch = [vec![0u64; words], vec![0u64; words]];
        let mut touched: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        for k in 0..n {
            for &(item, c) in problem.option(k) {
                let is_primary = (item as usize) < primary;
                if is_primary {
                    opt_items.push(item);
                    if primary_conflicts {
                        // Every option of the item: its nonzero words, ORed in whole.
                        let i = item as usize;
                        for j in item_start[i] as usize..item_start[i + 1] as usize {
                            let w = item_word[j] as usize;
                            if scratch[0][w] == 0 {
                                touched[0].push(w as u32);
                            }
                            scratch[0][w] |= item_bits[j];
                        }
                    }
                    continue;
                }
                for &(other, c2) in &by_item[item as usize] {
                    if c == Color::NONE || c2 != c {
                        let w = (other / 64) as usize;
                        for part in [0, 1].into_iter().take(if primary_conflicts { 2 } else { 1 }) {
                            if scratch[part][w] == 0 {
                                touched[part].push(w as u32);
                            }
                            scratch[part][w] |= 1 << (other % 64);
                        }
                    }
                }
            }
            opt_start.push(opt_items.len() as u32);
            for (part, (word, bits)) in [(&mut conf_word, &mut conf_bits), (&mut sec_word, &mut sec_bits)].into_iter().enumerate() {
                touched[part].sort_unstable();
                for &w in &touched[part] {
                    word.push(w);
                    bits.push(scratch[part][w as usize]);
                    scratch[part][w as usize] = 0;
                }
                touched[part].clear();
            }
            conf_start.push(conf_word.len() as u32);
            sec_start.push(sec_word.len() as u32);
        }
        let dense = (words <= 8 && primary <= 128).then(|| {
            let width = words.max(1);
            let mut item = vec![0u64; primary * width];
            for i in 0..primary {
                for j in item_start[i] as usize..item_start[i + 1] as usize {
                    item[i * width + item_word[j] as usize] = item_bits[j];
                }
            }
            let mut conf = vec![0u64; n * width];
            let mut prim = Vec::with_capacity(n);
            for k in 0..n {
                for j in conf_start[k] as usize..conf_start[k + 1] as usize {
                    conf[k * width + conf_word[j] as usize] = conf_bits[j];
                }
                let items = &opt_items[opt_start[k] as usize..opt_start[k + 1] as usize];
                prim.push(items.iter().fold(0u128, |m, &i| m | 1 << i));
            }
            let mut sec = Vec::new();
            if !sec_word.is_empty() {
                sec.resize(n * width, 0);
                for k in 0..n {
                    for j in sec_start[k] as usize..sec_start[k + 1] as usize {
                        sec[k * width + sec_word[j] as usize] = sec_bits[j];
                    }
                }
            }
            DenseTables { n: width, item, conf, prim, sec, parent: None, ids: Vec::new(), map: Vec::new() }
        });
        Some(Tables {
            dense,
            opt_items,
            opt_start,
            conf_word,
            conf_bits,
            conf_start,
            sec_word,
            sec_bits,
            sec_start,
            item_word,
            item_bits,
            item_start,
            words,
            options: n,
            primary,
        })
    }

    /// The root's live bits: every option.
    fn initial_live(&self) -> Vec<u64> {
        let mut live = vec![!0u64; self.words];
        if !self.options.is_multiple_of(64) {
            live[self.words - 1] = (1u64 << (self.options % 64)) - 1;
        }
        live
    }

    /// The root's counts: per primary item, its options.
    fn initial_count(&self) -> Vec<u32> {
        (0..self.primary)
            .map(|i| {
                let (s, e) = (self.item_start[i] as usize, self.item_start[i + 1] as usize);
                self.item_bits[s..e].iter().map(|b| b.count_ones()).sum()
            })
            .collect()
    }
}

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
use dense_dispatch;

/// The tables of [`Counting::Dense`]: every item's options and every option's conflict
/// set as `n` whole words (`n` the number of words of options: 1 to 8 for a whole
/// problem, up to 16 for the problem left in a subtree, see [`BitSolver::count_compacted`]),
/// every option's primary items as one 128-bit word.
#[derive(Debug, Clone)]
struct DenseTables {
    n: usize,
    /// Options of primary item `i`: `item[i * n..(i + 1) * n]`.
    item: Vec<u64>,
    /// Conflict set of option `k`: `conf[k * n..(k + 1) * n]` (when `parent` is set, only
    /// its part through secondary items).
    conf: Vec<u64>,
    /// Primary items of option `k`, bit `i` for item `i` (with `parent`, only for frames
    /// of at most [`FULL_ROWS`] words; else in the solver's [`Rows`]).
    prim: Vec<u128>,
    /// Conflict set of option `k` through secondary items only: `sec[k * n..(k + 1) *
    /// n]` (empty when no option has any, and when `parent` is set).
    sec: Vec<u64>,
    /// For the tables of one subtree ([`BitSolver::count_compacted`]), the tables of the
    /// whole problem, with per option here its number there (`ids`) and per primary
    /// item there its number here (`map`, 255 when covered). Then, for frames of at most
    /// [`FULL_ROWS`] words, `conf` holds every option's whole conflict set, written with
    /// the tables; for wider ones only the conflicts through secondary items (empty when
    /// there are none): an option's first commit finds its conflicts through primary
    /// items as the union of the options here of its items and keeps its whole set and
    /// its items in the solver's [`Rows`], so the tables need not list every option's
    /// conflicts.
    parent: Option<Arc<Tables>>,
    ids: Vec<u32>,
    map: Vec<u8>,
}

/// [`BitSolver::choose`] for [`Counting::Dense`]: among the uncovered items `active`
/// (nonempty), the first of fewest live options in `frame` (`N` words) by popcounts over
/// its mask in `item` (`N` words an item), and that number.
#[inline(always)]
fn choose_dense<const N: usize>(frame: &[u64], active: u128, item: &[u64]) -> (usize, u32) {
    let frame: &[u64; N] = chunk(frame, 0);
    // The least (count, item) pair as one integer, kept without branches (the order of
    // the counts is random: a branch on each improvement would mispredict).
    let mut best = u64::MAX;
    for i in bits128(active) {
        if (i + 1) * N > item.len() {
            break;
        }
        let m: &[u64; N] = chunk(item, i);
        let mut len = 0;
        for j in 0..N {
            len += (frame[j] & m[j]).count_ones();
        }
        if len == 0 {
            return (i, 0);
        }
        best = best.min(u64::from(len) << 32 | i as u64);
    }
    ((best & 0xffff_ffff) as usize, (best >> 32) as u32)
}
