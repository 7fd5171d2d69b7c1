//! Exact cover by dancing links.
//!
//! A [`Problem`] has *items* and *options*; each option is a set of items. A solution is a
//! set of options that contains every *primary* item exactly once and every *secondary*
//! item at most once. Secondary items may carry a *color* in an option: options that give
//! the same secondary item the same color are compatible (Knuth's XCC problem).
//!
//! The [`Solver`] is Knuth's Algorithm C (Algorithm X with colors), with the
//! minimum-remaining-values item choice, on the dancing-links data structure of
//! D. E. Knuth, "Dancing Links", *Millennial Perspectives in Computer Science* (2000), and
//! *The Art of Computer Programming* vol. 4B, section 7.2.2.1 (algorithms X and C). It is
//! iterative (no recursion), so the search depth is limited only by memory, and it can
//! stop after each solution and resume.
//!
//! The front door is [`Cover`]: one problem and every question asked of it (list, count,
//! ZDD and samples, cheapest solutions), each on the engine [`strategy`] chooses.
//!
//! ```
//! use exact_cover::{Problem, Solver};
//! // Items 0, 1, 2 primary. Options {0,1}, {2}, {0}, {1,2}.
//! let mut p = Problem::new(3, 0);
//! p.add_option(&[0, 1]).unwrap();
//! p.add_option(&[2]).unwrap();
//! p.add_option(&[0]).unwrap();
//! p.add_option(&[1, 2]).unwrap();
//! let mut s = Solver::new(&p);
//! assert_eq!(s.count(), 2);
//! ```

#![warn(missing_docs)]

pub mod bits;
pub mod check;
pub mod cover;
pub mod interrupt;
pub mod knuth;
pub mod parallel;
pub mod preprocess;
pub mod propagate;
mod solver;
pub mod strategy;

pub use bits::{BitSolver, BitSolverM, Counting};
pub use cover::Cover;
pub use propagate::{PropagateStats, Propagator};
pub use solver::cost::{CostError, CostStats, Priced};
pub use solver::zdd::{Samples, Zdd, ZddError, ZddLimit, ZddNode, ZddStats};
pub use solver::{
    MemoStats, MemoTable, Order, Progress, Solutions, Solver, Stats, MEMO_MAX_ENTRIES, MEMO_MIN_SAVING, MEMO_TRIAL, PROGRESS_INTERVAL,
    TRACK_FROM,
};

use std::ops::ControlFlow;
use thiserror::Error;

/// A visitor of solutions (slices of `X`) that counts them in `n` and stops the search
/// once `n` reaches `limit`: the count with a bound that several searches offer (`limit`
/// 2 decides uniqueness). `n` should start at 0 and `limit` be at least 1.
pub fn count_up_to<X>(n: &mut u64, limit: u64) -> impl FnMut(&[X]) -> ControlFlow<()> + '_ {
    move |_| {
        *n += 1;
        if *n >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Errors raised while building a [`Problem`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExactCoverError {
    /// An option named an item number `item` that is not below the item count `items`.
    #[error("item {item} does not exist (there are {items} items)")]
    NoSuchItem {
        /// The offending item number.
        item: usize,
        /// The number of items in the problem.
        items: usize,
    },
    /// An option had no primary item (Algorithm C could never choose it; Knuth requires
    /// one in every option).
    #[error("an option must contain at least one primary item")]
    NoPrimaryItem,
    /// An option named the same item twice.
    #[error("item {0} appears twice in one option")]
    RepeatedItem(usize),
    /// A color was given to a primary item; only secondary items can be colored.
    #[error("item {0} is primary and cannot have a color")]
    ColoredPrimary(usize),
    /// A multiplicity `lo..=hi` with `lo > hi`, `hi == 0` or `hi >= 2^31`.
    #[error("item {item} cannot be covered between {lo} and {hi} times")]
    BadMultiplicity {
        /// The item.
        item: usize,
        /// The lower bound.
        lo: u32,
        /// The upper bound.
        hi: u32,
    },
    /// The problem is larger than the engine's 32-bit node indices allow.
    #[error("the problem has more than 2^31 - 1 nodes")]
    TooLarge,
}

/// The color of a secondary item within one option: [`Color::NONE`] for an uncolored
/// item, any other value for a color.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Color(pub u32);

impl Color {
    /// No color: the item is covered (used exclusively) by the option.
    pub const NONE: Color = Color(0);
}

/// An exact cover problem with `primary + secondary` items numbered from 0 (primary items
/// first) and a list of options.
///
/// Memory: one node per item occurrence in an option, plus one per item and per option.
#[derive(Debug, Clone)]
pub struct Problem {
    primary: usize,
    secondary: usize,
    /// Concatenated `(item, color)` pairs of all options.
    entries: Vec<(u32, Color)>,
    /// `bounds[k]..bounds[k + 1]` is option `k` in `entries`.
    bounds: Vec<usize>,
    /// Per primary item, how many chosen options may cover it, `(lo, hi)`; empty when
    /// every primary item is covered exactly once.
    multiplicities: Vec<(u32, u32)>,
    /// Per option, its cost (DLX5's `|n`); empty while every option costs 0.
    costs: Vec<u64>,
}

impl Default for Problem {
    /// The problem with no item and no option (its one solution is the empty set).
    fn default() -> Problem {
        Problem::new(0, 0)
    }
}

impl Problem {
    /// A problem with items `0..primary` primary and `primary..primary + secondary`
    /// secondary, and no options yet.
    pub fn new(primary: usize, secondary: usize) -> Problem {
        Problem { primary, secondary, entries: Vec::new(), bounds: vec![0], multiplicities: Vec::new(), costs: Vec::new() }
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// Number of secondary items.
    pub fn secondary_items(&self) -> usize {
        self.secondary
    }

    /// Number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.primary + self.secondary
    }

    /// Number of options added so far.
    pub fn options(&self) -> usize {
        self.bounds.len() - 1
    }

    /// The items of option `k` with their colors, in the order given.
    ///
    /// Panics if `k >= self.options()`.
    pub fn option(&self, k: usize) -> &[(u32, Color)] {
        &self.entries[self.bounds[k]..self.bounds[k + 1]]
    }

    /// Lets primary item `item` be covered by between `lo` and `hi` chosen options
    /// (Knuth's multiplicities, as DLX3 reads `lo:hi|item`; the default is exactly once).
    /// Problems with multiplicities are solved by Algorithm M.
    ///
    /// Errors: [`ExactCoverError::NoSuchItem`] for an item that is not primary,
    /// [`ExactCoverError::BadMultiplicity`] unless `lo <= hi` and `1 <= hi < 2^31`.
    pub fn set_multiplicity(&mut self, item: usize, lo: u32, hi: u32) -> Result<(), ExactCoverError> {
        if item >= self.primary {
            return Err(ExactCoverError::NoSuchItem { item, items: self.primary });
        }
        if lo > hi || hi == 0 || hi > i32::MAX as u32 {
            return Err(ExactCoverError::BadMultiplicity { item, lo, hi });
        }
        if self.multiplicities.is_empty() {
            if (lo, hi) == (1, 1) {
                return Ok(());
            }
            self.multiplicities = vec![(1, 1); self.primary];
        }
        self.multiplicities[item] = (lo, hi);
        Ok(())
    }

    /// Primary item `item`'s multiplicity `(lo, hi)`: `(1, 1)` unless set.
    ///
    /// Panics if `item` is not primary.
    pub fn multiplicity(&self, item: usize) -> (u32, u32) {
        assert!(item < self.primary, "item {item} is not primary");
        self.multiplicities.get(item).copied().unwrap_or((1, 1))
    }

    /// Gives option `k` the cost `cost` (Knuth's DLX5 writes it `|cost` after the option;
    /// the default is 0). Costs matter only to the cheapest solutions
    /// ([`Solver::cheapest`]); counts and listings ignore them.
    ///
    /// Panics if `k >= self.options()`.
    pub fn set_cost(&mut self, k: usize, cost: u64) {
        assert!(k < self.options(), "option {k} does not exist");
        if self.costs.is_empty() {
            if cost == 0 {
                return;
            }
            self.costs = vec![0; self.options()];
        }
        self.costs.resize(self.options(), 0);
        self.costs[k] = cost;
    }

    /// Option `k`'s cost (0 unless set).
    pub fn cost(&self, k: usize) -> u64 {
        self.costs.get(k).copied().unwrap_or(0)
    }

    /// Whether some option has a cost other than 0.
    pub fn has_costs(&self) -> bool {
        self.costs.iter().any(|&c| c != 0)
    }

    /// Whether some primary item has a multiplicity other than exactly once.
    pub fn has_multiplicities(&self) -> bool {
        self.multiplicities.iter().any(|&m| m != (1, 1))
    }

    /// Adds an option made of uncolored items and returns its number.
    ///
    /// Errors: [`ExactCoverError::NoSuchItem`], [`ExactCoverError::NoPrimaryItem`],
    /// [`ExactCoverError::RepeatedItem`].
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, ExactCoverError> {
        self.check_option(items.len(), |k| (items[k], Color::NONE))?;
        Ok(self.push_option(items.iter().map(|&i| (i as u32, Color::NONE))))
    }

    /// Adds an option whose secondary items may carry colors, and returns its number.
    ///
    /// Errors: as [`Problem::add_option`], plus [`ExactCoverError::ColoredPrimary`].
    pub fn add_colored_option(&mut self, items: &[(usize, Color)]) -> Result<usize, ExactCoverError> {
        self.check_option(items.len(), |k| items[k])?;
        Ok(self.push_option(items.iter().map(|&(i, c)| (i as u32, c))))
    }

    /// Appends an option already checked ([`Problem::check_option`]) and returns its number.
    fn push_option(&mut self, entries: impl Iterator<Item = (u32, Color)>) -> usize {
        self.entries.extend(entries);
        self.bounds.push(self.entries.len());
        self.options() - 1
    }

    /// Whether the option of `len` items `at(0..len)` may be added: its items exist, no
    /// primary one is colored, none repeats, one is primary, and the problem stays within
    /// its size. A repeated item is found by a pairwise scan up to 16 items, by a bitset
    /// on the stack in problems of up to 4096 items, else by a sort, so that adding an
    /// option stays O(k log k) in its length k.
    fn check_option(&self, len: usize, at: impl Fn(usize) -> (usize, Color)) -> Result<(), ExactCoverError> {
        let n = self.items();
        for k in 0..len {
            let (item, color) = at(k);
            if item >= n {
                return Err(ExactCoverError::NoSuchItem { item, items: n });
            }
            if color != Color::NONE && item < self.primary {
                return Err(ExactCoverError::ColoredPrimary(item));
            }
        }
        if len <= 16 {
            for k in 1..len {
                let item = at(k).0;
                if (0..k).any(|j| at(j).0 == item) {
                    return Err(ExactCoverError::RepeatedItem(item));
                }
            }
        } else if n <= 64 * 64 {
            let mut seen = [0u64; 64];
            for k in 0..len {
                let item = at(k).0;
                let (w, bit) = (item / 64, 1u64 << (item % 64));
                if seen[w] & bit != 0 {
                    return Err(ExactCoverError::RepeatedItem(item));
                }
                seen[w] |= bit;
            }
        } else {
            let mut sorted: Vec<usize> = (0..len).map(|k| at(k).0).collect();
            sorted.sort_unstable();
            if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
                return Err(ExactCoverError::RepeatedItem(w[0]));
            }
        }
        if !(0..len).any(|k| at(k).0 < self.primary) {
            return Err(ExactCoverError::NoPrimaryItem);
        }
        if self.entries.len() + len + n + self.options() + 2 >= i32::MAX as usize {
            return Err(ExactCoverError::TooLarge);
        }
        Ok(())
    }
}
