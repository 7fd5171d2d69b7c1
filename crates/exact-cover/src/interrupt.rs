//! Cooperative interruption of long searches.
//!
//! A front end that must be able to stop a search it started (the Python bindings stop
//! on Ctrl-C) runs the search inside [`with`], giving a flag it may set from another
//! thread. The engines of gridlock (dancing links here; the packer and the tiler of the
//! polyform crate) poll [`requested`] once every [`POLL_INTERVAL`] search nodes and,
//! when it says yes, unwind at once. What an interrupted search returns is meaningless
//! (a partial count, or "no further solution"): the front end that set the flag knows
//! it did and must discard it. Outside [`with`], [`requested`] is always false, so the
//! command-line tool and library users see no change.
//!
//! The flag is per thread: a search is only stopped by the flag its own thread was given.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How many search nodes an engine visits between two polls of [`requested`] (a power of
/// two; an engine polls when its node counter is a multiple of it).
pub const POLL_INTERVAL: u64 = 1024;

thread_local! {
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
    /// The polls left to the enclosing [`with_budget`] on this thread.
    static BUDGET: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Whether the flag given to the enclosing [`with`] on this thread is set, or the
/// budget of the enclosing [`with_budget`] is spent (false outside both).
pub fn requested() -> bool {
    BUDGET.get() == Some(0) || FLAG.with_borrow(|f| f.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)))
}

/// The stop flag of the enclosing [`with`] on this thread, if any: a front end that
/// spreads one search over worker threads hands it to each of them (as
/// [`crate::parallel::sum_subtrees`] does).
pub fn current() -> Option<Arc<AtomicBool>> {
    FLAG.with_borrow(|f| f.clone())
}

/// Whether an engine whose node counter reads `nodes` should stop now: polls
/// [`requested`] once every [`POLL_INTERVAL`] nodes.
#[inline]
pub fn poll(nodes: u64) -> bool {
    nodes & (POLL_INTERVAL - 1) == 0 && (spend() || requested())
}

/// One poll of the enclosing [`with_budget`]'s budget spent: whether none was left.
fn spend() -> bool {
    match BUDGET.get() {
        Some(0) => true,
        Some(n) => {
            BUDGET.set(Some(n - 1));
            false
        }
        None => false,
    }
}

/// Runs `search` on this thread with a budget of about `nodes` search nodes: the
/// engines' polls ([`poll`], one per [`POLL_INTERVAL`] nodes of an engine's counter)
/// spend it, and once it is spent [`requested`] says yes, so that the search unwinds
/// as if interrupted. Returns what `search` returned and, when it finished within the
/// budget, about how many nodes it took (in steps of [`POLL_INTERVAL`]); `None` when the
/// budget ran out (then that answer is meaningless, as an interrupted one is). A caller
/// uses it to race a search that may be cheap against another (the box orders race
/// exact cover on each box against the skyline search). The previous budget is restored
/// afterwards.
pub fn with_budget<T>(nodes: u64, search: impl FnOnce() -> T) -> (T, Option<u64>) {
    struct Restore(Option<u64>);
    impl Drop for Restore {
        fn drop(&mut self) {
            BUDGET.set(self.0);
        }
    }
    let polls = nodes.div_ceil(POLL_INTERVAL).max(1);
    let _restore = Restore(BUDGET.replace(Some(polls)));
    let out = search();
    let left = BUDGET.get().unwrap_or(0);
    (out, (left > 0).then(|| (polls - left) * POLL_INTERVAL))
}

/// Runs `search` on this thread with `flag` as its stop flag (restoring the previous one
/// afterwards, also when `search` panics).
pub fn with<T>(flag: Arc<AtomicBool>, search: impl FnOnce() -> T) -> T {
    struct Restore(Option<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            FLAG.with_borrow_mut(|f| *f = previous);
        }
    }
    let _restore = Restore(FLAG.with_borrow_mut(|f| f.replace(flag)));
    search()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_is_seen_inside_with_only_and_only_on_its_thread() {
        let flag = Arc::new(AtomicBool::new(true));
        assert!(!requested());
        with(flag.clone(), || {
            assert!(requested());
            assert!(poll(0) && poll(POLL_INTERVAL) && !poll(1));
            std::thread::scope(|s| assert!(!s.spawn(requested).join().unwrap()));
        });
        assert!(!requested());
    }

    #[test]
    fn a_budget_stops_a_search_and_says_so() {
        // Exact cover of 0..40 by pairs across the halves: 20! solutions, far past any
        // budget; a small one stops the count at once, a count within it is whole.
        let mut p = crate::Problem::new(40, 0);
        for a in 0..20 {
            for b in 20..40 {
                p.add_option(&[a, b]).unwrap();
            }
        }
        let mut s = crate::Solver::new(&p);
        let (_, used) = with_budget(4 * POLL_INTERVAL, || s.count());
        assert_eq!(used, None);
        assert!(s.stats().nodes <= 6 * POLL_INTERVAL, "{} nodes", s.stats().nodes);
        assert!(!requested(), "the budget ends with its search");
        let mut q = crate::Problem::new(4, 0);
        for a in 0..2 {
            for b in 2..4 {
                q.add_option(&[a, b]).unwrap();
            }
        }
        let (n, used) = with_budget(1 << 20, || crate::Solver::new(&q).count());
        assert_eq!((n, used), (2, Some(0)), "under one poll interval of nodes");
    }

    #[test]
    fn an_interrupted_count_stops_early() {
        // 14 queens' worth of search would take seconds; with the flag set it stops at
        // the first poll.
        let mut p = crate::Problem::new(40, 0);
        for a in 0..20 {
            for b in 20..40 {
                p.add_option(&[a, b]).unwrap();
            }
        }
        let flag = Arc::new(AtomicBool::new(true));
        let mut s = crate::Solver::new(&p);
        let n = with(flag, || s.count());
        assert!(s.stats().nodes <= POLL_INTERVAL, "{} nodes", s.stats().nodes);
        assert!(n < 1000);
    }

    #[test]
    fn the_flag_reaches_the_worker_threads_of_a_parallel_count() {
        // Exact cover of 0..80 by intervals of length 1 and 2: about 3.8e16 solutions,
        // which enumeration (memo off) could never finish; stopped, it returns at once.
        let mut p = crate::Problem::new(80, 0);
        for i in 0..80 {
            p.add_option(&[i]).unwrap();
            if i + 1 < 80 {
                p.add_option(&[i, i + 1]).unwrap();
            }
        }
        let flag = Arc::new(AtomicBool::new(true));
        let options = crate::parallel::CountOptions { threads: 2, ..Default::default() };
        let n = with(flag, || crate::parallel::count_memo(&p, &options, false));
        assert!(n.is_none_or(|n| n < 1_000_000_000), "{n:?}");
    }
}
