//! A search with forced moves for one exact cover problem solved many times with different
//! options forced (a batch: the sudoku encoding with each puzzle's givens, a puzzle's
//! encoding under many partial assignments). The tables are built once; each search
//! commits its forced options and runs from there.
//!
//! The state is a bitset of live options (compatible with the options chosen) and, per
//! primary item, the count of its live options, kept incrementally as in Knuth's
//! Algorithm X with minimum remaining values (TAOCP 7.2.2.1) and as in A. Chaos's
//! `kudoku`: committing an option clears its conflict set (the options sharing an item
//! with it, stored once per option as the nonzero words of a bitset) and lowers the counts
//! of the cleared options' primary items (its own items are marked covered first). When
//! no option has more than four primary items and no item's options span more than four
//! words (sudoku's encoding), both are stored as four padded entries, so that the loops
//! that lower counts and read an item's options have no exit. The commit indexes its
//! tables unchecked in release builds: the bounds hold by construction and are asserted in
//! debug builds (the bounds checks were 12% of the instructions on the hardest sudokus).
//!
//! Unlike dancing links, a forced move costs no node: an item whose count falls to 1 goes
//! on a stack and takes its one live option at once. An uncovered item left with none is
//! a contradiction, noticed by the commit that empties it.
//!
//! Before the first guess (level 0, [`LOCK_LEVELS`]) the propagation also applies the
//! locked-item rule: when an item has two live options and another primary item is in
//! both, that item's other options are removed (sudoku's box-line rule; Knuth's DLX-PRE
//! finds the same removals in preprocessing). The items of count 2 are found by a scan of
//! the counts once nothing is forced, each tried once. Deeper, the rule is tried only on
//! the item chosen for a branch when it has two options. Options forced on a search are
//! committed one by one, or all at once with the counts taken afresh by popcount when that
//! is cheaper (a sudoku's givens).
//!
//! The search branches on an uncovered primary item with the fewest live options, chosen
//! among the first such in item order and up to [`CANDIDATES`] such among the items the
//! last commit lowered (most recently lowered first, found by reading its cleared options
//! again): the one whose live options exclude the most live options. On the first 3000 of
//! the forum's hardest sudokus that makes 101.94 guesses a puzzle, against 164.29 for the
//! first item in item order alone; the encoding's item order matters too (cells first).
//! The branch tries the item's options in input order; a guess copies the state (one bit
//! per option and two bytes per primary item), the last alternative reuses it.
//!
//! The tree is not that of [`crate::Solver`] (forced moves are not branch points, and the
//! solutions come in another order); the set of solutions is the same (property tests
//! compare them, and the `xc_engines` fuzz target).

use crate::{Color, Problem};
use std::ops::ControlFlow;
use std::sync::Arc;

mod state;
use state::State;

/// The count of a covered primary item: the commit that covers it clears the item's
/// options and lowers it once for each (harmlessly), so it stays at least
/// [`COVERED_FLOOR`].
const COVERED: u16 = u16::MAX;

/// Counts from here up are covered items'; an item in this many options or more is
/// declined.
const COVERED_FLOOR: u16 = 1 << 15;

/// The locked-item rule runs at the levels of guessing below this one: at level 0, the
/// propagation of the forced options before any guess, where a removal saves the most.
/// Deeper levels cut guesses further but cost more than they saved: on the first 3000
/// hardest sudokus, below level 2, 124.55 against 128.52 guesses a puzzle and 3% slower;
/// on every level, 104.80 guesses and 16% slower.
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
        let stats = self.search(forced, &mut crate::count_up_to(&mut n, limit));
        (n, stats)
    }
}

#[cfg(test)]
mod tests;
