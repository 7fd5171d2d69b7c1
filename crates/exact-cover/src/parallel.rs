//! Counting solutions on several threads, or one deterministic part (shard) of the search
//! tree at a time, by cutting the tree into subtrees with [`Solver::split`].

use crate::strategy::{count_subtree, Search};
use crate::{Problem, Solver};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

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

/// How many subtrees to ask a tree cut for: 32 per shard when the count is cut into
/// shards (whatever the threads: shard `k/n` must be the same part in every run, or
/// shards counted with different `--threads` would not add up), else 32 per thread; at
/// most [`MAX_SUBTREES`] (the arithmetic saturates, so no count overflows).
pub fn cut_size(options: &CountOptions) -> usize {
    match options.shard {
        Some((_, n)) => SUBTREES_PER_THREAD.saturating_mul(n),
        None => options.threads.max(1).saturating_mul(SUBTREES_PER_THREAD),
    }
    .min(MAX_SUBTREES)
}

/// Sums `count` over the subtrees of a cut that `options` gives this run: all of them, or
/// every `n`-th from the `k`-th for shard `k/n`; on `options.threads` threads (each with
/// its own state from `init`, reused across the subtrees it takes), reporting progress.
/// The caller's stop flag ([`crate::interrupt`]) is passed to the worker threads.
/// This is the one place where counts are spread over threads and shards, for every
/// engine whose tree can be cut.
///
/// Panics if a shard is not `k/n` with `1 <= k <= n`.
pub fn sum_subtrees<S, C, T>(
    subtrees: &[S],
    options: &CountOptions,
    init: impl Fn() -> C + Sync + Send,
    count: impl Fn(&mut C, &S) -> T + Sync + Send,
) -> T
where
    S: Sync,
    T: Send + std::iter::Sum<T>,
{
    let mine: Vec<&S> = match options.shard {
        Some((k, n)) => {
            assert!(1 <= k && k <= n, "shard {k}/{n}");
            subtrees.iter().skip(k - 1).step_by(n).collect()
        }
        None => subtrees.iter().collect(),
    };
    let total = mine.len() as u64;
    let done = AtomicU64::new(0);
    // The caller's stop flag (see `interrupt`) holds on every worker thread too.
    let flag = crate::interrupt::current();
    let run = |state: &mut C, t: &&S| {
        let c = match &flag {
            Some(f) => crate::interrupt::with(f.clone(), || count(state, t)),
            None => count(state, t),
        };
        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(p) = options.progress {
            p(d, total);
        }
        c
    };
    if options.threads <= 1 {
        let mut state = init();
        return mine.iter().map(|t| run(&mut state, t)).sum();
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(options.threads).build().expect("a thread pool");
    pool.install(|| mine.par_iter().with_min_len(1).map_init(&init, run).sum())
}

/// Memo tables (transposition tables) kept between the parts of one cut that a process
/// counts: a table maps a state of the search (the items left, or the cells filled and
/// copies used) to its number of completions, which is the same in every subtree, so a
/// part may start from the tables earlier parts filled. Without them each part started
/// empty and a count cut into many parts lost what the engine's memo shares between
/// subtrees: the tetrominoes (any number of each) on 8x8 took 0.10 s whole on the tiler
/// and 3.8 s in 64 parts, 35 s in 1024. One table per thread counting at once, lent out
/// by [`Tables::lease`] and given back when the part is done (`C`: the engine's table:
/// [`crate::MemoTable`], the polyform packer's and tiler's caches).
pub struct Tables<C>(std::sync::Mutex<Vec<C>>);

impl<C> Default for Tables<C> {
    fn default() -> Tables<C> {
        Tables(std::sync::Mutex::new(Vec::new()))
    }
}

impl<C: Default> Tables<C> {
    /// A table for one thread's subtrees: one given back earlier, else a new one.
    pub fn lease(&self) -> Lease<'_, C> {
        let table = self.0.lock().ok().and_then(|mut t| t.pop()).unwrap_or_default();
        Lease { table: Some(table), stopped: false, home: self }
    }
}

/// A table lent by [`Tables::lease`], given back when dropped unless a stop was
/// requested while it was in use: a stopped search may have stored partial counts (the
/// packer's count below a stopped node reads 0), so its table is not used again.
pub struct Lease<'a, C> {
    table: Option<C>,
    stopped: bool,
    home: &'a Tables<C>,
}

impl<C: Default> Lease<'_, C> {
    /// Counts with the table: `count(table)`, noting whether a stop was requested
    /// ([`crate::interrupt`]) by the time it returns.
    pub fn count<T>(&mut self, count: impl FnOnce(&mut C) -> T) -> T {
        let t = count(self.table.get_or_insert_with(C::default));
        self.stopped |= crate::interrupt::requested();
        t
    }
}

impl<C> Drop for Lease<'_, C> {
    fn drop(&mut self) {
        if self.stopped {
            return;
        }
        if let (Some(t), Ok(mut home)) = (self.table.take(), self.home.0.lock()) {
            home.push(t);
        }
    }
}

/// A count that is `None` once it has overflowed 2^128 - 1: sums of [`Checked`] stay
/// exact or say they are not, for [`sum_subtrees`] over engines with 128-bit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked(pub Option<u128>);

impl std::iter::Sum for Checked {
    fn sum<I: Iterator<Item = Checked>>(mut iter: I) -> Checked {
        Checked(iter.try_fold(0u128, |a, b| b.0.and_then(|b| a.checked_add(b))))
    }
}

/// The number of solutions of `problem` (or of the shard asked for): the tree cut into
/// [`cut_size`] subtrees ([`Cut`]), each subtree counted by
/// [`crate::strategy::count_subtree`] (memoized subproblems when `memo` and the table
/// pays; the subtrees a thread counts share one table); `None` past 2^128 - 1. With
/// multiplicities the memoized count's own tree is cut when it counts in counter mode,
/// else the tree is one subtree (see [`Solver::split`]).
///
/// Panics if a shard is not `k/n` with `1 <= k <= n`.
pub fn count_memo(problem: &Problem, options: &CountOptions, memo: bool) -> Option<u128> {
    Cut::new(problem, options).count(problem, options, memo)
}

/// A search tree cut once into subtrees ([`Solver::split`]) with its compiled search, to
/// count part by part: the cut and the search are made once however many parts are
/// counted (`--checkpoint` counts every part of one cut; cutting again for each part cost
/// 6.7x the whole count of the pentominoes on 6x10 in 64 parts).
pub struct Cut {
    prefixes: Vec<Vec<usize>>,
    root: Search,
    /// The memoized counts' tables, shared by the subtrees (and parts) a thread counts.
    tables: Tables<crate::MemoTable>,
    /// Set once a subtree's memo trial gave up (the table did not pay): the later
    /// subtrees enumerate at once. On 16 queens in 64 parts the trials cost 32% of the
    /// whole count; once is enough to learn that they do not pay.
    memo_gave_up: AtomicBool,
}

impl Cut {
    /// The cut [`count_memo`] makes for `options`: [`cut_size`] subtrees (its `shard`'s
    /// `n` is the number of parts the cut is for; `k` is not read; fewer when the tree has
    /// fewer leaves). The subtrees a thread counts share its memo table ([`Tables`]).
    pub fn new(problem: &Problem, options: &CountOptions) -> Cut {
        Cut {
            prefixes: Solver::split(problem, cut_size(options)),
            root: Search::new(problem),
            tables: Tables::default(),
            memo_gave_up: AtomicBool::new(false),
        }
    }

    /// The cut for a count in `parts` parts: the one [`Cut::new`] makes for the shards
    /// `k/parts` (so `--checkpoint`, Python's parts and `--shard` count the same parts).
    pub fn for_parts(problem: &Problem, parts: usize) -> Cut {
        Cut::new(problem, &CountOptions { shard: Some((1, parts.max(1))), ..Default::default() })
    }

    /// The number of solutions of `problem` (the one the cut was made of) in the part
    /// `options.shard` names (every `n`-th subtree from the `k`-th; all of them without a
    /// shard), each subtree counted by [`crate::strategy::count_below`] as [`count_memo`]
    /// does (but without a memo trial once one gave up); `None` past 2^128 - 1.
    ///
    /// Panics if a shard is not `k/n` with `1 <= k <= n`.
    pub fn count(&self, problem: &Problem, options: &CountOptions, memo: bool) -> Option<u128> {
        let root = &self.root;
        let count = |lease: &mut Lease<crate::MemoTable>, prefix: &Vec<usize>| {
            let trial = memo && !self.memo_gave_up.load(Ordering::Relaxed);
            let counted = lease.count(|table| count_subtree(root, problem, prefix, trial, table, &mut |_| {}));
            if trial && counted.is_some_and(|c| c.engine != crate::strategy::Engine::Memo) {
                self.memo_gave_up.store(true, Ordering::Relaxed);
            }
            Checked(counted.map_or(Some(0), |c| c.count))
        };
        sum_subtrees(&self.prefixes, options, || self.tables.lease(), count).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed linear congruential generator (Knuth's MMIX constants): each call gives a
    /// number below its argument.
    fn lcg(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |m| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % m
        }
    }

    /// Asserts that `p`'s count on 2 threads and the parts of 3 and 7 shards, memo on and
    /// off, equal `plain`.
    fn parts_add_up_to(p: &Problem, plain: u128, what: &str) {
        for memo in [true, false] {
            assert_eq!(count_memo(p, &CountOptions { threads: 2, ..Default::default() }, memo), Some(plain), "{what}");
            for n in [3usize, 7] {
                let sum: u128 =
                    (1..=n).map(|k| count_memo(p, &CountOptions { shard: Some((k, n)), ..Default::default() }, memo).unwrap()).sum();
                assert_eq!(sum, plain, "{what}, {n} shards, memo {memo}");
            }
        }
    }

    /// Exact cover of 0..n by intervals of length 1 and 2 (Fibonacci many solutions).
    fn intervals(n: usize) -> Problem {
        let mut p = Problem::new(n, 0);
        for i in 0..n {
            p.add_option(&[i]).unwrap();
            if i + 1 < n {
                p.add_option(&[i, i + 1]).unwrap();
            }
        }
        p
    }

    #[test]
    fn shards_past_the_cut_add_up() {
        let p = intervals(14);
        let count = |p: &Problem, o: &CountOptions| count_memo(p, o, false).unwrap() as u64;
        let whole = count(&p, &CountOptions::default());
        assert_eq!(whole, 610);
        // More shards than the tree has leaves: those past the cut count nothing, and all
        // of them add up to the whole.
        let shard = |k: usize, n: usize| count(&p, &CountOptions { shard: Some((k, n)), ..Default::default() });
        assert_eq!((1..=1000).map(|k| shard(k, 1000)).sum::<u64>(), whole);
        assert_eq!(shard(1000, 1000), 0);
        assert_eq!(shard(1_000_000, 1_000_000), 0);
        // A big problem: the cut stops near MAX_SUBTREES subtrees whatever N asks for.
        let big = intervals(40);
        assert!(Solver::split(&big, MAX_SUBTREES).len() < 4 * MAX_SUBTREES);
    }

    #[test]
    fn a_shard_is_the_same_part_whatever_the_threads() {
        let p = intervals(24);
        for k in 1..=5 {
            let one = count_memo(&p, &CountOptions { shard: Some((k, 5)), threads: 1, progress: None }, false);
            let two = count_memo(&p, &CountOptions { shard: Some((k, 5)), threads: 2, progress: None }, false);
            assert_eq!(one, two, "shard {k}/5");
        }
    }

    #[test]
    fn the_parts_of_one_cut_add_up() {
        let p = intervals(20);
        let options = CountOptions { shard: Some((1, 7)), ..Default::default() };
        let cut = Cut::new(&p, &options);
        let parts: Vec<u128> =
            (1..=7).map(|k| cut.count(&p, &CountOptions { shard: Some((k, 7)), ..Default::default() }, true).unwrap()).collect();
        assert_eq!(parts.iter().sum::<u128>(), 10946);
        assert!(parts.iter().filter(|&&c| c > 0).count() > 1, "the count is spread over parts");
        // Each part equals the shard of the same number counted on its own.
        for (k, &c) in parts.iter().enumerate() {
            assert_eq!(count_memo(&p, &CountOptions { shard: Some((k + 1, 7)), ..Default::default() }, false), Some(c));
        }
    }

    #[test]
    fn parts_share_their_memo_tables_and_a_stopped_part_leaves_none() {
        // Intervals of 1 and 2 on 0..60: F(61) solutions, counted only by the memo.
        let p = intervals(60);
        let fib = (0..61).fold((0u128, 1u128), |(a, b), _| (b, a + b)).0;
        let n = 16;
        let options = |k| CountOptions { shard: Some((k, n)), ..Default::default() };
        let cut = Cut::new(&p, &options(1));
        // A part counted while a stop is requested first: its tables must not be reused.
        let stop = std::sync::Arc::new(AtomicBool::new(true));
        let _ = crate::interrupt::with(stop, || cut.count(&p, &options(1), true));
        let parts: Vec<u128> = (1..=n).map(|k| cut.count(&p, &options(k), true).expect("no overflow")).collect();
        assert_eq!(parts.iter().sum::<u128>(), fib);
        // The parts after the first found the first one's subproblems in the kept table.
        assert!(cut.tables.0.lock().unwrap().iter().any(|t| format!("{t:?}") != "MemoTable(0 subproblems)"));
    }

    #[test]
    fn counts_with_multiplicities_are_cut_and_add_up() {
        // Random problems with multiplicities (a fixed LCG): items 0..e exactly once, the
        // rest with bounds lo..hi; with `counter`, every option has an exactly-once item
        // (the memoized count's counter mode, whose tree is cut), else some may not (not
        // cut: one subtree). Parts on 3 and 7 shards and on 2 threads, memo on and off,
        // equal Algorithm M's enumeration.
        let mut next = lcg(0x2545_f491_4f6c_dd1d);
        let mut cut_ones = 0;
        for round in 0..60 {
            let counter = round % 3 != 0;
            let (exact, bounded) = (2 + next(5) as usize, 1 + next(3) as usize);
            let mut p = Problem::new(exact + bounded, 0);
            for j in exact..exact + bounded {
                let lo = next(2) as u32;
                p.set_multiplicity(j, lo, lo + 1 + next(3) as u32).unwrap();
            }
            for _ in 0..(6 + next(30)) {
                let mut items: Vec<usize> = (0..exact + bounded).filter(|_| next(3) == 0).collect();
                if counter && !items.iter().any(|&i| i < exact) {
                    items.insert(0, next(exact as u64) as usize);
                }
                if !items.is_empty() {
                    p.add_option(&items).unwrap();
                }
            }
            let plain = Solver::new(&p).count() as u128;
            let subtrees = Solver::split(&p, 8).len();
            cut_ones += usize::from(subtrees > 1);
            parts_add_up_to(&p, plain, &format!("round {round}"));
        }
        assert!(cut_ones > 20, "counter mode problems are cut ({cut_ones} of 60)");
    }

    #[test]
    fn the_default_problem_is_empty() {
        let p = Problem::default();
        assert_eq!((p.items(), p.options()), (0, 0));
        assert_eq!(count_memo(&p, &CountOptions::default(), false), Some(1));
    }

    #[test]
    fn memoized_subtree_counts_add_up_to_the_plain_count() {
        // Random XCC problems (a fixed LCG): counts on 2 threads and over 3 and 7 shards,
        // memo on and off, equal the plain enumeration.
        let mut next = lcg(0x9e37_79b9_7f4a_7c15);
        for round in 0..40 {
            let (primary, secondary) = (4 + next(8) as usize, next(4) as usize);
            let mut p = Problem::new(primary, secondary);
            for _ in 0..(5 + next(40)) {
                let mut items: Vec<(usize, crate::Color)> = Vec::new();
                for i in 0..primary + secondary {
                    if next(4) == 0 || (i == primary - 1 && items.is_empty()) {
                        let color = if i >= primary && next(2) == 0 { crate::Color(1 + next(2) as u32) } else { crate::Color::NONE };
                        items.push((i, color));
                    }
                }
                if items.iter().any(|&(i, _)| i < primary) {
                    p.add_colored_option(&items).unwrap();
                }
            }
            let plain = Solver::new(&p).count() as u128;
            parts_add_up_to(&p, plain, &format!("round {round}"));
        }
    }
}
