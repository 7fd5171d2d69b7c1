//! What a running search publishes for a progress line, and Knuth's estimate of the
//! fraction done.

use std::sync::atomic::{AtomicU64, Ordering};

/// Search statistics, counted since the solver was built.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the search tree entered (step C2 of Algorithm C).
    pub nodes: u64,
    /// Link updates: options or items removed from a list (Knuth's "updates").
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// What a running search publishes for a progress line, read from any thread (see
/// [`Solver::watch`]): nodes entered, solutions found and Knuth's estimate of the
/// fraction of the search tree done, refreshed every [`PROGRESS_INTERVAL`] nodes.
///
/// The estimate (Knuth, the `delta` progress reports of DLX1..DLX3 and SSXCC; TAOCP
/// 7.2.2, "estimating the running time"): at depth `l`, with the `k`-th level's branch the
/// `x_k`-th (0-based) of `d_k`, it is the sum over `k` of `x_k / (d_1 ... d_k)` plus half
/// of `1 / (d_1 ... d_l)`, exact for a tree whose nodes at each depth have equally many
/// children, and otherwise a guess that ends at 1.
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    solutions: AtomicU64,
    /// The estimate as `f64` bits.
    fraction: AtomicU64,
}

impl Progress {
    /// Nodes entered so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Solutions found so far (0 while counting with [`Solver::count_memo`], which does
    /// not visit solutions one by one).
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    /// The estimated fraction of the search tree done, in `0.0..=1.0` (NaN for Algorithm
    /// M's enumeration, which keeps no estimate; 0 before the first refresh).
    pub fn fraction(&self) -> f64 {
        f64::from_bits(self.fraction.load(Ordering::Relaxed))
    }
}

impl Progress {
    /// Stores a search's counters and estimate (NaN where none is kept), for readers on
    /// other threads.
    pub(crate) fn store(&self, nodes: u64, solutions: u64, fraction: f64) {
        self.nodes.store(nodes, Ordering::Relaxed);
        self.solutions.store(solutions, Ordering::Relaxed);
        self.fraction.store(fraction.to_bits(), Ordering::Relaxed);
    }
}

/// Knuth's estimate of the fraction of a search tree done (see [`Progress`]) at a path
/// given per level as (branch taken, 0-based; branches in all).
pub(crate) fn estimate_of(path: &[(u32, u32)]) -> f64 {
    let mut fraction = 0.0;
    let mut weight = 1.0;
    for &(x, d) in path {
        weight /= f64::from(d.max(1));
        fraction += f64::from(x) * weight;
    }
    (fraction + weight / 2.0).min(1.0)
}

/// How many search nodes pass between two refreshes of a watched [`Progress`] (a power of
/// two).
pub const PROGRESS_INTERVAL: u64 = 1 << 16;
