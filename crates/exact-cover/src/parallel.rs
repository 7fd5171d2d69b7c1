//! Counting solutions on several threads, or one deterministic part (shard) of the search
//! tree at a time, by cutting the tree into subtrees with [`Solver::split`].

use crate::{Problem, Solver};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// How to run a count.
#[derive(Default)]
pub struct CountOptions<'a> {
    /// Worker threads (0 or 1: the calling thread alone).
    pub threads: usize,
    /// Count only part `k` (1-based) of `n` deterministic parts of the search tree; the
    /// parts' counts add up to the whole.
    pub shard: Option<(usize, usize)>,
    /// Called as subtrees finish with (subtrees done, subtrees in all), from any thread.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
}

/// How many subtrees per thread (and per shard) the tree is cut into.
const SUBTREES_PER_THREAD: usize = 32;

/// The most subtrees asked of [`Solver::split`]: a cut costs (in time and memory) about
/// as many search nodes as it makes subtrees, so a huge shard count `n` must not make
/// each shard's cut dearer than its count; shards past the cut's size count nothing.
pub const MAX_SUBTREES: usize = 4096;

/// The number of solutions of `problem` (or of the shard asked for).
///
/// Panics if a shard is not `k/n` with `1 <= k <= n`.
pub fn count(problem: &Problem, options: &CountOptions) -> u64 {
    if options.threads <= 1 && options.shard.is_none() && options.progress.is_none() {
        return Solver::new(problem).count();
    }
    let parts = options.shard.map_or(1, |(_, n)| n);
    let wanted = options.threads.max(1).saturating_mul(SUBTREES_PER_THREAD).saturating_mul(parts);
    let prefixes = Solver::split(problem, wanted.min(MAX_SUBTREES));
    let mine: Vec<&Vec<usize>> = match options.shard {
        Some((k, n)) => {
            assert!(1 <= k && k <= n, "shard {k}/{n}");
            prefixes.iter().skip(k - 1).step_by(n).collect()
        }
        None => prefixes.iter().collect(),
    };
    let total = mine.len() as u64;
    let done = AtomicU64::new(0);
    let run = |prefix: &&Vec<usize>| {
        let c = Solver::below(problem, prefix).map_or(0, |mut s| s.count());
        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(p) = options.progress {
            p(d, total);
        }
        c
    };
    if options.threads <= 1 {
        return mine.iter().map(run).sum();
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(options.threads).build().expect("a thread pool");
    pool.install(|| mine.par_iter().with_min_len(1).map(run).sum())
}
