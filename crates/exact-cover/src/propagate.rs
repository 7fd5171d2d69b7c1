//! A search with forced moves for one exact cover problem solved many times with different
//! options forced (a batch: the sudoku encoding with each puzzle's givens, a puzzle's
//! encoding under many partial assignments). The tables are built once; each search
//! commits its forced options and runs from there.
//!
//! The state is a bitset of live options (compatible with the options chosen) and, per
//! primary item, the count of its live options, kept incrementally as in Knuth's
//! Algorithm X with minimum remaining values (TAOCP 7.2.2.1) and as in A. Chaos's
//! `kudoku` for sudoku: committing an option clears its conflict set (the options sharing
//! an item with it, stored once per option as the nonzero words of a bitset) and lowers
//! the counts of the cleared options' primary items (its own items are marked covered
//! first, so their counts never matter). When no option has more than four primary items
//! (sudoku's encoding has four), each option's items are stored as four, padded with a
//! scratch count, and the loop that lowers them has a fixed length; likewise, when no
//! item's options span more than four words, each item's bitset is stored as four words
//! (one cache line), so that counting or finding its live options has no loop. The
//! commit indexes its tables unchecked in release builds (the bounds hold by
//! construction and are asserted in debug builds): 41 bounds checks a commit were 12% of
//! the instructions on the hardest sudokus.
//!
//! Unlike dancing links, a forced move costs no node: an item whose count falls to 1 goes
//! on a stack and takes its one live option at once, without a scan. An uncovered item
//! left with none is a contradiction, noticed by the commit that empties it (which stops
//! there) before any other forced move is made.
//!
//! Before the first guess (at level 0, see [`LOCK_LEVELS`]) the propagation also applies
//! the locked-item rule: when an item has two live options and another primary item is in
//! both, that item's other options are removed (in sudoku, the box-line rule; Knuth's
//! DLX-PRE finds the same removals in preprocessing). Once no option is forced, a scan of
//! the counts finds the items of two options the rule was not yet tried on (17-clue
//! sudoku list: 15% faster than pushing each item that fell to two options and looking
//! at it when popped; first 3000 hardest: 6%). Deeper, the rule is tried only on the
//! item chosen for a branch, when it has two options (first 3000 hardest sudokus: 132.46
//! -> 129.16 guesses a puzzle, about 2% faster); when it removes options the node is
//! propagated again before it branches.
//!
//! The options forced on a search are committed one by one, or, when that would lower
//! more counts than the items' bitsets have words, all at once: their conflict sets
//! cleared, then each item's count taken afresh by popcount (the givens of a sudoku:
//! 17-clue list, 81436 -> 93119 puzzles/s).
//!
//! Then the search branches on an uncovered primary item with the fewest live options,
//! chosen among a few: the first such in item order, and up to [`CANDIDATES`] such among
//! the items the last commit lowered, the most recently lowered first (kudoku branches on
//! the one of least count the last commit lowered, which keeps the search near its last
//! move: 142.56 guesses a puzzle against 164.29 for the first in item order, on the first
//! 3000 of the hardest sudoku list). Of those it takes the one whose live options exclude
//! the most live options: on that list, 128.52 guesses weighing the first and one recent
//! item, 101.94 weighing five recent items (+4.3% on the whole list, even on the 17-clue
//! list). Scoring every item of fewest options (51 a node) cut guesses further before the
//! locked-item rule (113.66 against 131.41 for two) but cost more than it saved. The recent
//! items are found once a node by reading the last commit's cleared options again, which
//! is cheaper than keeping them in every lowering (+2% on the first 3000 hardest, +6% on
//! the first 20000 17-clue). The item order is the encoding's to choose, and it matters:
//! the sudoku encoding with its cells first took 128.52 guesses a puzzle on the first
//! 3000 hardest (weighing one recent item), with its rows, columns or boxes first 169.59,
//! 177.64 and 171.04. The branch tries the item's options in input order. A guess copies
//! the state (one bit per option and two bytes per primary item); the last alternative
//! reuses it.
//!
//! The tree is not that of [`crate::Solver`] (forced moves are not branch points, and the
//! solutions come in another order). The set of solutions is the same (property tests
//! compare them, and the `xc_engines` fuzz target).

use crate::{Color, Problem};
use std::ops::ControlFlow;
use std::sync::Arc;

/// The count of a covered primary item: the commit that covers it clears the item's
/// options and lowers it once for each (harmlessly), so it stays at least
/// [`COVERED_FLOOR`].
const COVERED: u16 = u16::MAX;

/// Counts from here up are covered items'; an item in this many options or more is
/// declined.
const COVERED_FLOOR: u16 = 1 << 15;

/// The locked-item rule runs at the levels of guessing below this one: at level 0, the
/// propagation of the forced options before any guess, where a removal saves the most.
/// On every level it cut guesses further (first 3000 hardest sudokus: 131.41 guesses a
/// puzzle without it, 129.76 at level 0 only, 125.05 below level 2, 104.80 on every
/// level) but cost more than it saved below level 1 (4353 against 5201 puzzles/s on every
/// level; on the 17-clue list, level 0 only: 81436 against 73385 puzzles/s, 4.26 -> 1.18
/// guesses). Found by the scan of the counts (which made level 0 cheaper), with the items
/// tried kept per level, it still did not pay deeper: below level 2, 124.55 against
/// 128.52 guesses, 3% slower on the first 3000 hardest; below level 3, 119.94 guesses, 9%
/// slower.
const LOCK_LEVELS: usize = 1;

/// The count at or below which a commit pushes an item: 1 (forced) or 0 (a
/// contradiction).
const PUSH_AT: u16 = 1;

/// Why [`Propagator::new`] declines a problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Declined {
    /// Multiplicities (Algorithm M) are not propagated here.
    #[error("the propagating engine takes no multiplicities")]
    Multiplicities,
    /// Colored secondary items are not propagated here.
    #[error("the propagating engine takes no colors")]
    Colors,
    /// A primary item is in 32768 options or more (its count is two bytes, and the top
    /// half marks it covered).
    #[error("an item has too many options for the propagating engine")]
    TooManyOptions,
}

/// The counters of one [`Propagator::search`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PropagateStats {
    /// Nodes: the states after propagation at which the search branched or stopped (a
    /// solution, or a contradiction found by a choice).
    pub nodes: u64,
    /// Guesses: the alternatives tried at a branch but the last (the last one follows from
    /// the others' failure; the convention of tdoku's benchmark).
    pub guesses: u64,
    /// Options committed, forced or chosen (the forced options of the call included).
    pub commits: u64,
    /// Solutions visited.
    pub solutions: u64,
}

/// The tables of a problem, shared by the clones of a [`Propagator`].
#[derive(Debug)]
struct Tables {
    primary: usize,
    words: usize,
    /// Per option: `opt_start[o]..opt_start[o + 1]` in `opt_items`, its items (primary
    /// ones first), and how many of them are primary.
    opt_items: Vec<u32>,
    opt_start: Vec<u32>,
    opt_primary: Vec<u8>,
    /// When no option has more than four primary items: each option's primary items as
    /// four, padded with `primary` (a scratch count after the items' own), so that the
    /// commit's inner loop has a fixed length. Empty otherwise.
    fixed: Vec<[u32; 4]>,
    /// Per option its conflict set (the options sharing an item with it, itself
    /// included) as the nonzero words of a bitset: `conf_start[o]..conf_start[o + 1]` in
    /// `conf_word` (word index) and `conf_mask`.
    conf_word: Vec<u32>,
    conf_mask: Vec<u64>,
    conf_start: Vec<u32>,
    /// The primary items the locked-item rule cannot apply to (those sharing fewer than
    /// two options with every other), a bit each; the first value of [`State::tried`].
    unlockable: Vec<u64>,
    /// Per primary item its options as the nonzero words of a bitset, in word order:
    /// `mask_start[i]..mask_start[i + 1]` in `mask_word` (word index) and `mask_bits`.
    mask_word: Vec<u32>,
    mask_bits: Vec<u64>,
    mask_start: Vec<u32>,
    /// When no primary item's bitset has more than four nonzero words: each item's words
    /// as four, padded with empty ones, so that counting or finding its live options takes
    /// a fixed number of steps (a loop over one to four words mispredicted its exit).
    /// Empty otherwise.
    item_fixed: Vec<ItemWords>,
    /// The state before anything is committed.
    live0: Vec<u64>,
    count0: Vec<u16>,
}

impl Tables {
    /// Whether the locked-item rule can apply to primary item `i` (it shares two options
    /// or more with another item).
    #[inline]
    fn lockable(&self, i: usize) -> bool {
        self.unlockable[i / 64] >> (i % 64) & 1 == 0
    }
}

/// A primary item's options as four words of a bitset (see [`Tables::item_fixed`]): word
/// `word[k]` holds `bits[k]`; the padding's bits are 0. One cache line.
#[derive(Debug, Clone, Copy, Default)]
#[repr(align(64))]
struct ItemWords {
    bits: [u64; 4],
    word: [u32; 4],
}

impl ItemWords {
    /// How many of these options are live in `live` (one level's words).
    #[inline]
    fn count(&self, live: &[u64]) -> u32 {
        (0..4).map(|k| (live[self.word[k] as usize] & self.bits[k]).count_ones()).sum()
    }

    /// These options' words as they are in `live` (one level's words).
    #[inline]
    fn live_words(&self, live: &[u64]) -> [u64; 4] {
        std::array::from_fn(|k| live[self.word[k] as usize] & self.bits[k])
    }

    /// The first option of `bits` (as from [`ItemWords::live_words`]) and the index of
    /// its word among the four, without a branch; `(usize::MAX, 0)` when `bits` is empty.
    #[inline]
    fn lowest(&self, bits: &[u64; 4]) -> (usize, usize) {
        let (mut o, mut at) = (usize::MAX, 0);
        for k in (0..4).rev() {
            let some = bits[k] != 0;
            o = std::hint::select_unpredictable(some, self.word[k] as usize * 64 + bits[k].trailing_zeros() as usize, o);
            at = std::hint::select_unpredictable(some, k, at);
        }
        (o, at)
    }

    /// The first of these options live in `live`, or `usize::MAX` when none is, without a
    /// branch.
    #[inline]
    fn first(&self, live: &[u64]) -> usize {
        self.lowest(&self.live_words(live)).0
    }
}

/// How many of the items the last commit lowered a branch weighs, with the first item of
/// fewest options (see the module's documentation). On the first 3000 hardest sudokus:
/// 2 candidates, 115.93 guesses a puzzle; 3, 109.19; 4, 104.21; 5, 101.94; 8, 99.36 (but
/// 2% slower than 5, the scoring costing more than the guesses saved).
const CANDIDATES: usize = 5;

/// The propagating search over one problem (see the module's documentation).
///
/// Memory: the problem's entries, each primary item's options and each option's conflict
/// set as (word, mask) pairs, and per level of guessing `options / 8 + 2 * primary` bytes
/// of state.
#[derive(Debug, Clone)]
pub struct Propagator {
    t: Arc<Tables>,
    s: State,
}

/// The working state of a [`Propagator`].
#[derive(Debug, Clone, Default)]
struct State {
    /// Per level of guessing, the live options (`words` each) and counts (`primary + 1`
    /// each: the last is the scratch count of [`Tables::fixed`]'s padding).
    live: Vec<u64>,
    count: Vec<u16>,
    /// Items whose count fell to [`PUSH_AT`] or less, to look at: `forced[..nforced]`. The
    /// buffer has room for every decrement of a level (each option is cleared, by a commit
    /// or a removal, once a level, lowering each of its items once) and the items, plus
    /// one, so a push writes without a test.
    forced: Vec<u32>,
    nforced: usize,
    /// At level 0 (below [`LOCK_LEVELS`]), the primary items the locked-item rule is done
    /// with, a bit each: those it cannot apply to, and those it was tried on at a count of
    /// 2 (trying again while the count stays 2 would find nothing new).
    tried: Vec<u64>,
    /// The options committed on the current path.
    path: Vec<usize>,
    /// A commit's cleared words (bits, word index), the nonzero ones first; room for
    /// every word and a sentinel.
    gone: Vec<(u64, u32)>,
    /// Whether the last commit or removal left an item without options (the state is
    /// abandoned).
    dead: bool,
    /// How many words of `gone` the last commit kept (its cleared options, read again to
    /// find the branch's recent candidates); 0 when the last change was not a commit.
    last: usize,
    /// The items [`State::recent`] has met, a bit each.
    seen: Vec<u64>,
    stats: PropagateStats,
}

impl Propagator {
    /// The tables of `problem`. Costs are ignored (every solution is visited).
    ///
    /// Errors: [`Declined`] for multiplicities, colors, or an item in 65535 options or
    /// more.
    pub fn new(problem: &Problem) -> Result<Propagator, Declined> {
        if problem.has_multiplicities() {
            return Err(Declined::Multiplicities);
        }
        let primary = problem.primary_items();
        let items = problem.items();
        let options = problem.options();
        let words = options.div_ceil(64).max(1);
        let mut opt_items = Vec::new();
        let mut opt_start = vec![0u32];
        let mut opt_primary = Vec::with_capacity(options);
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); items];
        for o in 0..options {
            let entries = problem.option(o);
            if entries.iter().any(|&(_, c)| c != Color::NONE) {
                return Err(Declined::Colors);
            }
            let mut its: Vec<u32> = entries.iter().map(|&(i, _)| i).collect();
            its.sort_by_key(|&i| (i as usize >= primary, i));
            its.dedup();
            opt_primary.push(its.iter().filter(|&&i| (i as usize) < primary).count().min(255) as u8);
            for &i in &its {
                lists[i as usize].push(o as u32);
            }
            opt_items.extend_from_slice(&its);
            opt_start.push(opt_items.len() as u32);
        }
        if lists[..primary].iter().any(|l| l.len() >= COVERED_FLOOR as usize) {
            return Err(Declined::TooManyOptions);
        }
        let (mut conf_word, mut conf_mask, mut conf_start) = (Vec::new(), Vec::new(), vec![0u32]);
        let mut row = vec![0u64; words];
        let mut touched: Vec<u32> = Vec::new();
        for o in 0..options {
            for &i in &opt_items[opt_start[o] as usize..opt_start[o + 1] as usize] {
                for &q in &lists[i as usize] {
                    let w = q as usize / 64;
                    if row[w] == 0 {
                        touched.push(w as u32);
                    }
                    row[w] |= 1 << (q % 64);
                }
            }
            // An option of no item conflicts only with itself.
            let w = o / 64;
            if row[w] == 0 {
                touched.push(w as u32);
            }
            row[w] |= 1 << (o % 64);
            touched.sort_unstable();
            for &w in &touched {
                conf_word.push(w);
                conf_mask.push(row[w as usize]);
                row[w as usize] = 0;
            }
            touched.clear();
            conf_start.push(conf_word.len() as u32);
        }
        // Each primary item's options as the nonzero words of a bitset.
        let (mut mask_word, mut mask_bits, mut mask_start) = (Vec::new(), Vec::new(), vec![0u32]);
        for l in &lists[..primary] {
            for &q in l {
                let w = q / 64;
                if mask_word.len() == *mask_start.last().unwrap() as usize || *mask_word.last().unwrap() != w {
                    mask_word.push(w);
                    mask_bits.push(0u64);
                }
                *mask_bits.last_mut().unwrap() |= 1 << (q % 64);
            }
            mask_start.push(mask_word.len() as u32);
        }
        let item_fixed = if mask_start.windows(2).all(|w| w[1] - w[0] <= 4) {
            (0..primary)
                .map(|i| {
                    let mut f = ItemWords::default();
                    for (k, x) in (mask_start[i]..mask_start[i + 1]).enumerate() {
                        f.word[k] = mask_word[x as usize];
                        f.bits[k] = mask_bits[x as usize];
                    }
                    f
                })
                .collect()
        } else {
            Vec::new()
        };
        // Items sharing two options or more with another: the locked-item rule's.
        let mut lockable = vec![false; primary];
        let mut seen = vec![usize::MAX; primary];
        for i in 0..primary {
            for &o in &lists[i] {
                let s = opt_start[o as usize] as usize;
                for &j in &opt_items[s..s + opt_primary[o as usize] as usize] {
                    let j = j as usize;
                    if j != i {
                        if seen[j] == i {
                            lockable[i] = true;
                        }
                        seen[j] = i;
                    }
                }
            }
        }
        let mut unlockable = vec![0u64; primary.div_ceil(64)];
        for (i, &l) in lockable.iter().enumerate() {
            unlockable[i / 64] |= u64::from(!l) << (i % 64);
        }
        let mut live0 = vec![0u64; words];
        for o in 0..options {
            live0[o / 64] |= 1 << (o % 64);
        }
        // Per level, a count per primary item and the scratch count of the padding.
        let mut count0: Vec<u16> = lists[..primary].iter().map(|l| l.len() as u16).collect();
        count0.push(COVERED);
        let fixed = if opt_primary.iter().all(|&k| k <= 4) {
            (0..options)
                .map(|o| {
                    let mut f = [primary as u32; 4];
                    let s = opt_start[o] as usize;
                    f[..opt_primary[o] as usize].copy_from_slice(&opt_items[s..s + opt_primary[o] as usize]);
                    f
                })
                .collect()
        } else {
            Vec::new()
        };
        let t = Tables {
            primary,
            words,
            opt_items,
            opt_start,
            opt_primary,
            fixed,
            conf_word,
            conf_mask,
            conf_start,
            unlockable,
            mask_word,
            mask_bits,
            mask_start,
            item_fixed,
            live0,
            count0,
        };
        Ok(Propagator { s: State::default(), t: Arc::new(t) })
    }

    /// Calls `visit` with each solution (its options, the forced ones first, then in the
    /// order the search committed them) that contains every option of `forced`, until
    /// `visit` returns `Break` or the search ends; returns the counters. Options out of
    /// range in `forced`, or two that conflict, leave no solution; an option forced twice
    /// counts once.
    pub fn search(&mut self, forced: &[usize], visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> PropagateStats {
        self.s.search(&self.t, forced, visit)
    }

    /// The number of solutions containing `forced`, stopping at `limit`, and the
    /// counters.
    pub fn count(&mut self, forced: &[usize], limit: u64) -> (u64, PropagateStats) {
        if limit == 0 {
            return (0, PropagateStats::default());
        }
        let mut n = 0;
        let stats = self.search(forced, &mut |_| {
            n += 1;
            if n >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (n, stats)
    }
}

impl State {
    /// [`Propagator::search`] on the tables `t`.
    fn search(&mut self, t: &Tables, forced: &[usize], visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> PropagateStats {
        self.stats = PropagateStats::default();
        self.path.clear();
        let room = t.opt_items.len() + t.fixed.len() * 4 + t.primary + 1;
        if self.forced.len() < room {
            self.forced.resize(room, 0);
        }
        if self.gone.len() < t.words + 1 {
            self.gone.resize(t.words + 1, (0, 0));
        }
        self.nforced = 0;
        self.tried.clear();
        self.tried.extend_from_slice(&t.unlockable);
        self.dead = false;
        self.last = 0;
        self.live.clear();
        self.live.extend_from_slice(&t.live0);
        self.count.clear();
        self.count.extend_from_slice(&t.count0);
        let options = t.opt_primary.len();
        // Committing the forced options one by one lowers a count per primary item of
        // each option they clear; recounting every item from the live options costs a
        // popcount per word of the items' bitsets. The cheaper is taken.
        let one_by_one: usize = forced
            .iter()
            .filter(|&&o| o < options)
            .map(|&o| {
                let (a, b) = (t.conf_start[o] as usize, t.conf_start[o + 1] as usize);
                t.conf_mask[a..b].iter().map(|m| m.count_ones() as usize).sum::<usize>() * t.opt_primary[o] as usize
            })
            .sum();
        let ok = if one_by_one > t.mask_word.len() {
            self.commit_all(t, forced)
        } else {
            // Items in no option, or in one.
            for (i, &c) in t.count0[..t.primary].iter().enumerate() {
                if c <= 1 {
                    self.forced[self.nforced] = i as u32;
                    self.nforced += 1;
                }
            }
            forced.iter().all(|&o| {
                let live = o < options && self.is_live(t, 0, o);
                if live {
                    self.commit(t, 0, o);
                } else if o < options && self.path.contains(&o) {
                    // Forced twice: once is enough.
                    return true;
                }
                // A commit that empties an item leaves the state half done: stop there.
                live && !self.dead
            })
        };
        if ok && self.propagate(t, 0) {
            let _ = self.branch(t, 0, visit);
        } else {
            self.stats.nodes += 1;
        }
        self.stats
    }

    /// Commits the options `forced` at level 0 at once: clears their conflict sets, marks
    /// their items covered, then counts every other primary item's live options afresh
    /// (a popcount per word of its bitset) and pushes those of few. False when one of
    /// `forced` is out of range or not live (it conflicts with an earlier one, not
    /// itself), or an item is left without options.
    fn commit_all(&mut self, t: &Tables, forced: &[usize]) -> bool {
        let options = t.opt_primary.len();
        for &o in forced {
            if o >= options {
                return false;
            }
            if !self.is_live(t, 0, o) {
                if self.path.contains(&o) {
                    // Forced twice: once is enough.
                    continue;
                }
                return false;
            }
            self.stats.commits += 1;
            self.path.push(o);
            let (a, b) = (t.conf_start[o] as usize, t.conf_start[o + 1] as usize);
            for (&w, &m) in t.conf_word[a..b].iter().zip(&t.conf_mask[a..b]) {
                self.live[w as usize] &= !m;
            }
            let s = t.opt_start[o] as usize;
            for &i in &t.opt_items[s..s + t.opt_primary[o] as usize] {
                self.count[i as usize] = COVERED;
            }
        }
        let mut zero = false;
        // In reverse item order, so that the stack gives the items back in item order.
        // Covered items are counted too, and their count then kept: a test to skip them
        // was mispredicted about as often as not.
        for i in (0..t.primary).rev() {
            let c = match t.item_fixed.get(i) {
                Some(f) => f.count(&self.live[..t.words]),
                None => {
                    let (a, b) = (t.mask_start[i] as usize, t.mask_start[i + 1] as usize);
                    t.mask_word[a..b].iter().zip(&t.mask_bits[a..b]).map(|(&w, &m)| (self.live[w as usize] & m).count_ones()).sum()
                }
            } as u16;
            let covered = self.count[i] == COVERED;
            let c = if covered { COVERED } else { c };
            self.count[i] = c;
            self.forced[self.nforced] = i as u32;
            self.nforced += usize::from(c <= PUSH_AT);
            zero |= c == 0;
        }
        // No item was lowered by a last commit: the branch takes the first of fewest (a
        // count of 0 marks the contradiction).
        self.dead = zero;
        self.last = 0;
        !zero
    }

    /// Makes room for level `l + 1` and copies level `l` into it.
    fn push_level(&mut self, t: &Tables, l: usize) {
        let (w, p) = (t.words, t.primary + 1);
        if self.live.len() < (l + 2) * w {
            self.live.resize((l + 2) * w, 0);
            self.count.resize((l + 2) * p, 0);
        }
        self.live.copy_within(l * w..(l + 1) * w, (l + 1) * w);
        self.count.copy_within(l * p..(l + 1) * p, (l + 1) * p);
    }

    /// Whether option `o` is live at level `l`.
    #[inline]
    fn is_live(&self, t: &Tables, l: usize, o: usize) -> bool {
        self.live[l * t.words + o / 64] >> (o % 64) & 1 == 1
    }

    /// Commits option `o` at level `l`: clears its conflict set (itself included) from the
    /// live options, lowering the counts of their primary items (noting those that fall
    /// to 1 or 0), its own primary items marked covered first. When it leaves an item
    /// without options it stops, with `dead` set (the state is abandoned), and
    /// [`State::propagate`] fails.
    fn commit(&mut self, t: &Tables, l: usize, o: usize) {
        self.stats.commits += 1;
        self.path.push(o);
        let live = &mut self.live[l * t.words..(l + 1) * t.words];
        let p1 = t.primary + 1;
        let count = &mut self.count[l * p1..(l + 1) * p1];
        let (forced, mut nforced) = (&mut self.forced, self.nforced);
        // Its own items first: their options' counts then fall from COVERED, never
        // reaching 1 (nor the branch's candidates).
        if let Some(f) = t.fixed.get(o) {
            // The padding's scratch count among them.
            f.iter().for_each(|&i| count[i as usize] = COVERED);
        } else {
            let s = t.opt_start[o] as usize;
            for &i in &t.opt_items[s..s + t.opt_primary[o] as usize] {
                count[i as usize] = COVERED;
            }
        }
        count[t.primary] = COVERED;
        let mut zero = false;
        let (a, b) = (t.conf_start[o] as usize, t.conf_start[o + 1] as usize);
        // The words are cleared first and the nonzero ones kept; then one loop runs over
        // their bits. (A loop over each word's bits mispredicted its exit about once a
        // word.)
        let gone = &mut self.gone;
        let mut k = 0;
        for (&w, &mask) in t.conf_word[a..b].iter().zip(&t.conf_mask[a..b]) {
            debug_assert!((w as usize) < live.len() && k < gone.len());
            // SAFETY: the words of a conflict set are < words = live.len(); `gone` has
            // room for every word and a sentinel, and k counts distinct words.
            let word = unsafe { live.get_unchecked_mut(w as usize) };
            let bits = *word & mask;
            *word &= !mask;
            unsafe { *gone.get_unchecked_mut(k) = (bits, w) };
            k += usize::from(bits != 0);
        }
        gone[k] = (0, 0);
        let (mut j, (mut bits, mut w)) = (0, gone[0]);
        while j < k {
            let q = w as usize * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // On to the next word when this one is done, without a branch (the sentinel
            // makes `gone[j + 1]` readable).
            let (next_bits, next_w) = gone[j + 1];
            let done = bits == 0;
            bits = std::hint::select_unpredictable(done, next_bits, bits);
            w = std::hint::select_unpredictable(done, next_w, w);
            j += usize::from(done);
            // The new count is kept in a register: read back after the push (which might
            // alias it, for all the compiler knows), it waited on the store.
            let mut lower = |i: u32| {
                debug_assert!((i as usize) < count.len() && nforced < forced.len());
                // SAFETY: every item of `t.fixed` and `t.opt_items` is a primary item or
                // the scratch count, all < primary + 1 = count.len(); `forced` has room
                // for every lowering of a level and the items (see `State::forced`).
                let c = unsafe { count.get_unchecked_mut(i as usize) };
                let v = c.wrapping_sub(1);
                *c = v;
                unsafe { *forced.get_unchecked_mut(nforced) = i };
                nforced += usize::from(v <= PUSH_AT);
                zero |= v == 0;
            };
            if let Some(f) = t.fixed.get(q) {
                f.iter().for_each(|&i| lower(i));
            } else {
                let s = t.opt_start[q] as usize;
                t.opt_items[s..s + t.opt_primary[q] as usize].iter().for_each(|&i| lower(i));
            }
            if zero {
                // An item is left without options: this state is abandoned, so the rest
                // of the conflicts need not be lowered.
                break;
            }
        }
        self.dead = zero;
        self.last = k;
        self.nforced = nforced;
    }

    /// Commits the options forced at level `l` until none is left, then (at level 0) applies
    /// the locked-item rule to the items of two options ([`State::lock_pass`]), and again
    /// while it removes any; false on a contradiction (the pending work is dropped).
    fn propagate(&mut self, t: &Tables, l: usize) -> bool {
        let p = t.primary + 1;
        loop {
            // The last commit left an item without options: stop before the others.
            if self.dead {
                self.nforced = 0;
                return false;
            }
            if self.nforced == 0 {
                if l < LOCK_LEVELS && self.lock_pass(t) {
                    continue;
                }
                return true;
            }
            self.nforced -= 1;
            let i = self.forced[self.nforced] as usize;
            match self.count[l * p + i] {
                0 => {
                    self.nforced = 0;
                    return false;
                }
                1 => {
                    let live = &self.live[l * t.words..(l + 1) * t.words];
                    let o = match t.item_fixed.get(i) {
                        Some(f) => f.first(live),
                        None => {
                            let (a, b) = (t.mask_start[i] as usize, t.mask_start[i + 1] as usize);
                            let o = t.mask_word[a..b].iter().zip(&t.mask_bits[a..b]).find_map(|(&w, &m)| {
                                let bits = live[w as usize] & m;
                                (bits != 0).then(|| w as usize * 64 + bits.trailing_zeros() as usize)
                            });
                            o.expect("an item counted 1 has a live option")
                        }
                    };
                    debug_assert!(o < t.opt_primary.len(), "an item counted 1 has a live option");
                    self.commit(t, l, o);
                }
                _ => {}
            }
        }
    }

    /// The locked-item rule at level 0 on the items of two live options it has not been
    /// tried on, in item order, until one removes options; returns whether one did. They
    /// are found by a scan of the counts, 64 items a step: pushing each item that fell to
    /// 2 and looking at it again when popped was dearer (on the 17-clue sudoku list, 106
    /// such pops a puzzle, and 129 of items covered by then).
    fn lock_pass(&mut self, t: &Tables) -> bool {
        for k in 0..self.tried.len() {
            let counts = &self.count[k * 64..((k + 1) * 64).min(t.primary)];
            let mut pairs = 0u64;
            for (b, &c) in counts.iter().enumerate() {
                pairs |= u64::from(c == 2) << b;
            }
            pairs &= !self.tried[k];
            while pairs != 0 {
                let b = pairs.trailing_zeros();
                pairs &= pairs - 1;
                self.tried[k] |= 1 << b;
                if self.lock(t, 0, k * 64 + b as usize) {
                    return true;
                }
            }
        }
        false
    }

    /// The locked-item rule for item `i` of two live options at level `l`: a primary item
    /// `j` in both is covered by whichever covers `i`, so `j`'s other live options are
    /// removed (Knuth's DLX-PRE removes the same options in preprocessing; in sudoku it is
    /// the box-line rule). At most four such items are looked at. Returns whether it
    /// removed any (the forced stack then holds the items that fell).
    fn lock(&mut self, t: &Tables, l: usize, i: usize) -> bool {
        let live = &self.live[l * t.words..(l + 1) * t.words];
        let mut two = [0usize; 2];
        let mut k = 0;
        'find: for x in t.mask_start[i] as usize..t.mask_start[i + 1] as usize {
            let w = t.mask_word[x] as usize;
            let mut bits = live[w] & t.mask_bits[x];
            while bits != 0 {
                two[k] = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                k += 1;
                if k == 2 {
                    break 'find;
                }
            }
        }
        debug_assert_eq!(k, 2);
        let p = t.primary + 1;
        let mut common = [usize::MAX; 4];
        let mut n = 0;
        if let (Some(a), Some(b)) = (t.fixed.get(two[0]), t.fixed.get(two[1])) {
            for &j in a {
                if j as usize != i && j as usize != t.primary && b.contains(&j) {
                    common[n] = j as usize;
                    n += 1;
                }
            }
        } else {
            let items = |o: usize| {
                let s = t.opt_start[o] as usize;
                &t.opt_items[s..s + t.opt_primary[o] as usize]
            };
            for &j in items(two[0]) {
                if j as usize != i && items(two[1]).contains(&j) {
                    if n == common.len() {
                        break;
                    }
                    common[n] = j as usize;
                    n += 1;
                }
            }
        }
        let mut removed = false;
        for &j in &common[..n] {
            let cj = self.count[l * p + j];
            if cj <= 2 || cj >= COVERED_FLOOR {
                continue;
            }
            for x in t.mask_start[j] as usize..t.mask_start[j + 1] as usize {
                let w = t.mask_word[x] as usize;
                let mut gone = self.live[l * t.words + w] & t.mask_bits[x];
                while gone != 0 {
                    let q = w * 64 + gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    if q != two[0] && q != two[1] {
                        removed = true;
                        if !self.remove(t, l, q) {
                            return true;
                        }
                    }
                }
            }
        }
        removed
    }

    /// Removes the live option `q` at level `l` (not chosen: its items stay), lowering its
    /// primary items' counts and pushing those that fall to [`PUSH_AT`] or less; false
    /// when one falls to 0 (then `dead` is set and [`State::propagate`] fails).
    fn remove(&mut self, t: &Tables, l: usize, q: usize) -> bool {
        self.live[l * t.words + q / 64] &= !(1 << (q % 64));
        let p = t.primary + 1;
        let s = t.opt_start[q] as usize;
        self.last = 0;
        for &i in &t.opt_items[s..s + t.opt_primary[q] as usize] {
            let c = &mut self.count[l * p + i as usize];
            *c -= 1;
            if *c <= PUSH_AT {
                self.forced[self.nforced] = i;
                self.nforced += 1;
            }
            self.dead |= *c == 0;
        }
        !self.dead
    }

    /// Up to [`CANDIDATES`] items of count `least` at level `l` among the primary items of
    /// the options the last commit cleared, the most recently lowered first, and how many
    /// there are (none when the last change was not a commit). Found here, once a node,
    /// rather than kept by each commit: the options are read in reverse, so that an item
    /// is met first at its last lowering, which left it at its count now.
    fn recent(&mut self, t: &Tables, l: usize, least: u16) -> ([u32; CANDIDATES], usize) {
        let count = &self.count[l * (t.primary + 1)..(l + 1) * (t.primary + 1)];
        let seen = &mut self.seen;
        seen.clear();
        seen.resize(t.primary.div_ceil(64), 0);
        let mut found = ([0u32; CANDIDATES], 0);
        'read: for &(bits, w) in self.gone[..self.last].iter().rev() {
            let mut bits = bits;
            while bits != 0 {
                let b = 63 - bits.leading_zeros();
                bits &= !(1 << b);
                let q = w as usize * 64 + b as usize;
                let s = t.opt_start[q] as usize;
                for &i in t.opt_items[s..s + t.opt_primary[q] as usize].iter().rev() {
                    let (x, m) = (i as usize / 64, 1u64 << (i % 64));
                    if seen[x] & m == 0 {
                        seen[x] |= m;
                        if count[i as usize] == least {
                            found.0[found.1] = i;
                            found.1 += 1;
                            if found.1 == CANDIDATES {
                                break 'read;
                            }
                        }
                    }
                }
            }
        }
        found
    }

    /// The live options at level `l` that the live options of item `i` (it has `options`
    /// of them) exclude, counted once per option of `i` (a measure of how much a branch on
    /// `i` decides).
    fn live_conflicts(&self, t: &Tables, l: usize, i: usize, options: u16) -> u32 {
        let live = &self.live[l * t.words..(l + 1) * t.words];
        let conflicts = |o: usize| {
            let (a, b) = (t.conf_start[o] as usize, t.conf_start[o + 1] as usize);
            t.conf_word[a..b].iter().zip(&t.conf_mask[a..b]).map(|(&w, &m)| (live[w as usize] & m).count_ones()).sum::<u32>()
        };
        if let Some(f) = t.item_fixed.get(i) {
            // Its `options` live options taken in turn from its four words without a
            // branch (a loop over the words and their bits mispredicted its exits).
            let mut bits = f.live_words(live);
            let mut n = 0;
            for _ in 0..options {
                let (o, at) = f.lowest(&bits);
                bits[at] &= bits[at].wrapping_sub(1);
                n += conflicts(o);
            }
            return n;
        }
        let mut n = 0;
        for x in t.mask_start[i] as usize..t.mask_start[i + 1] as usize {
            let w = t.mask_word[x] as usize;
            let mut bits = live[w] & t.mask_bits[x];
            while bits != 0 {
                let o = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (a, b) = (t.conf_start[o] as usize, t.conf_start[o + 1] as usize);
                n += t.conf_word[a..b].iter().zip(&t.conf_mask[a..b]).map(|(&w, &m)| (live[w as usize] & m).count_ones()).sum::<u32>();
            }
        }
        n
    }

    /// The search below level `l`, propagated: branches on the item of fewest live
    /// options, or visits a solution when every primary item is covered.
    fn branch(&mut self, t: &Tables, l: usize, visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.stats.nodes += 1;
        let p = t.primary + 1;
        let counts = &self.count[l * p..l * p + t.primary];
        let least = counts.iter().copied().min().unwrap_or(COVERED);
        if least >= COVERED_FLOOR {
            self.stats.solutions += 1;
            return visit(&self.path);
        }
        if least == 0 {
            return ControlFlow::Continue(());
        }
        let first = counts.iter().position(|&c| c == least).expect("the least count is some item's");
        // Of the first item of fewest options and the recently lowered ones, the one whose
        // options exclude the most live options; ties go to the later candidate.
        let (cands, n) = self.recent(t, l, least);
        let mut i = first;
        if n > 0 && !(n == 1 && cands[0] as usize == first) {
            let mut best = self.live_conflicts(t, l, first, least);
            for &c in &cands[..n] {
                let c = c as usize;
                if c != first {
                    let v = self.live_conflicts(t, l, c, least);
                    if v >= best {
                        i = c;
                        best = v;
                    }
                }
            }
        }
        if least == 2 && t.lockable(i) && self.lock(t, l, i) {
            // The branch item's two options share another item: its other options are
            // gone, and the node is propagated again.
            self.stats.nodes -= 1;
            if self.propagate(t, l) {
                return self.branch(t, l, visit);
            }
            return ControlFlow::Continue(());
        }
        let depth = self.path.len();
        let mut left = least as usize;
        // The live options of `i`, through its bitset words (level `l` stays as it is
        // until the last alternative, which is committed there).
        let (mut x, mut w, mut bits) = (t.mask_start[i] as usize, 0usize, 0u64);
        while left > 0 {
            while bits == 0 {
                w = t.mask_word[x] as usize;
                bits = self.live[l * t.words + w] & t.mask_bits[x];
                x += 1;
            }
            let o = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            left -= 1;
            if left == 0 {
                // The last alternative: no guess, and this level's state is reused.
                self.commit(t, l, o);
                if self.propagate(t, l) {
                    self.branch(t, l, visit)?;
                }
                self.path.truncate(depth);
                return ControlFlow::Continue(());
            }
            self.stats.guesses += 1;
            self.push_level(t, l);
            self.commit(t, l + 1, o);
            if self.propagate(t, l + 1) {
                self.branch(t, l + 1, visit)?;
            }
            self.path.truncate(depth);
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use proptest::prelude::*;

    /// Every solution of `problem` containing `forced`, each sorted, the list sorted.
    fn by_propagation(problem: &Problem, forced: &[usize]) -> Vec<Vec<usize>> {
        let mut p = Propagator::new(problem).unwrap();
        let mut out = Vec::new();
        p.search(forced, &mut |s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            out.push(s);
            ControlFlow::Continue(())
        });
        out.sort();
        out
    }

    /// The same by dancing links, on the problem without the options that conflict with
    /// `forced` (a second algorithm: it knows nothing of propagation).
    fn by_dancing_links(problem: &Problem, forced: &[usize]) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = Solver::new(problem)
            .solutions()
            .filter(|s| forced.iter().all(|f| s.contains(f)))
            .map(|s| {
                let mut s = s.to_vec();
                s.sort_unstable();
                s
            })
            .collect();
        out.sort();
        out
    }

    /// Options of 1 to `widest` items, the first primary.
    fn random_problem(seed: u64, primary: usize, secondary: usize, options: usize, widest: u64) -> Problem {
        let mut x = seed | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut p = Problem::new(primary, secondary);
        for _ in 0..options {
            let len = 1 + (next() % widest) as usize;
            // Every option has a primary item.
            let mut items: Vec<usize> = vec![(next() % primary as u64) as usize];
            items.extend((1..len).map(|_| (next() % (primary + secondary) as u64) as usize));
            items.sort_unstable();
            items.dedup();
            p.add_option(&items).unwrap();
        }
        p
    }

    #[test]
    fn queens_and_a_forced_corner() {
        // 6 queens as exact cover: rows and columns primary, diagonals secondary.
        let n = 6;
        let mut p = Problem::new(2 * n, 4 * n - 2);
        for r in 0..n {
            for c in 0..n {
                p.add_option(&[r, n + c, 2 * n + r + c, 2 * n + 2 * n - 1 + (n - 1 + r - c)]).unwrap();
            }
        }
        let mut prop = Propagator::new(&p).unwrap();
        assert_eq!(prop.count(&[], u64::MAX).0, 4);
        assert_eq!(by_propagation(&p, &[]), by_dancing_links(&p, &[]));
        // Queen at row 0, column 1 (option 1): one solution of the four.
        assert_eq!(prop.count(&[1], u64::MAX).0, 1);
        // Two queens in one row: none.
        assert_eq!(prop.count(&[0, 1], u64::MAX).0, 0);
        assert_eq!(prop.count(&[99], u64::MAX).0, 0);
    }

    #[test]
    fn declines_colors_and_multiplicities() {
        let mut p = Problem::new(1, 1);
        p.add_colored_option(&[(0, Color::NONE), (1, Color(2))]).unwrap();
        assert_eq!(Propagator::new(&p).unwrap_err(), Declined::Colors);
        let mut p = Problem::new(1, 0);
        p.add_option(&[0]).unwrap();
        p.set_multiplicity(0, 0, 2).unwrap();
        assert_eq!(Propagator::new(&p).unwrap_err(), Declined::Multiplicities);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn same_solutions_as_dancing_links(seed in any::<u64>(), primary in 1usize..9, secondary in 0usize..4, options in 0usize..40, pick in any::<u64>(), wide in any::<bool>()) {
            // Options of at most 3 items take the fixed-length commit; up to 7, the other.
            let p = random_problem(seed, primary, secondary, options, if wide { 7 } else { 3 });
            let all = by_dancing_links(&p, &[]);
            prop_assert_eq!(by_propagation(&p, &[]), all.clone());
            // Forcing one option of some solution (or any option).
            let forced: Vec<usize> = match all.get((pick % 7) as usize) {
                Some(s) if !s.is_empty() => vec![s[(pick as usize / 7) % s.len()]],
                _ if options > 0 => vec![(pick % options as u64) as usize],
                _ => vec![],
            };
            prop_assert_eq!(by_propagation(&p, &forced), by_dancing_links(&p, &forced));
            let mut prop = Propagator::new(&p).unwrap();
            prop_assert_eq!(prop.count(&forced, 1).0, by_dancing_links(&p, &forced).len().min(1) as u64);
            // Forcing several options (committed all at once when that is cheaper): a
            // part of some solution chosen by `pick`'s bits, with another option or not.
            if let Some(s) = all.get((pick % 5) as usize) {
                let mut several: Vec<usize> = s.iter().enumerate().filter(|&(k, _)| pick >> (k % 64) & 1 == 1).map(|(_, &o)| o).collect();
                if pick >> 63 == 1 && options > 0 {
                    several.push((pick >> 32) as usize % options);
                }
                prop_assert_eq!(by_propagation(&p, &several), by_dancing_links(&p, &several));
            }
        }
    }
}
