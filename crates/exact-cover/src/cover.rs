//! The crate's front door: a [`Cover`] is one problem with every question gridlock asks
//! of it, each answered on the engine [`crate::strategy`] chooses for that question
//! (bitsets or dancing links, Algorithm C or M, memoized counting or not, branch and
//! bound for costs). The command line, Python, polyform's packings, sudoku and burr ask
//! through it; the engines sit beneath it.
//!
//! ```
//! use exact_cover::{Cover, Problem};
//! // Items 0, 1, 2 primary; options {0,1}, {2}, {0}, {1,2}: two solutions.
//! let mut p = Problem::new(3, 0);
//! for option in [&[0, 1][..], &[2], &[0], &[1, 2]] {
//!     p.add_option(option).unwrap();
//! }
//! let cover = Cover::new(&p);
//! assert_eq!(cover.count(&Default::default(), true), Some(2));
//! let mut search = cover.search();
//! let mut listed = 0;
//! while search.next_solution().is_some() {
//!     listed += 1;
//! }
//! assert_eq!(listed, 2);
//! assert_eq!(cover.zdd(1000usize).unwrap().0.count(), Some(2));
//! assert_eq!(cover.first(), Some(vec![0, 1]));
//! ```

use crate::parallel::CountOptions;
use crate::strategy::{self, Counted, Engine, LeastCost, Search};
use crate::{CostError, CostStats, Priced, Problem, Zdd, ZddError, ZddLimit, ZddStats};

/// One exact cover problem and the questions asked of it (see the module documentation).
#[derive(Debug, Clone, Copy)]
pub struct Cover<'p> {
    problem: &'p Problem,
}

impl<'p> Cover<'p> {
    /// The front door of `problem`.
    pub fn new(problem: &'p Problem) -> Cover<'p> {
        Cover { problem }
    }

    /// The problem.
    pub fn problem(&self) -> &'p Problem {
        self.problem
    }

    /// The search that lists the solutions, one at a time ([`Search::next_solution`]),
    /// on the engine [`Search::new`] chooses (live-option bitsets when their tables fit,
    /// else dancing links).
    pub fn search(&self) -> Search {
        Search::new(self.problem)
    }

    /// The options of the first solution, or `None`.
    pub fn first(&self) -> Option<Vec<usize>> {
        self.search().next_solution().map(<[usize]>::to_vec)
    }

    /// The number of solutions (of the shard `options` asks for, on its threads), or
    /// `None` past 2^128 - 1 or when stopped: the tree cut into subtrees
    /// ([`crate::parallel::count_memo`]), each memoized when `memo` and the table pays.
    pub fn count(&self, options: &CountOptions, memo: bool) -> Option<u128> {
        crate::parallel::count_memo(self.problem, options, memo)
    }

    /// The number of solutions on one thread with the engine that finished it and the
    /// statistics ([`strategy::count_below`]); `watch` sees each search before it runs
    /// (to show its progress). `None` when stopped.
    pub fn count_watched(&self, memo: bool, watch: &mut dyn FnMut(&mut Search)) -> Option<Counted> {
        strategy::count_below(self.problem, &[], memo, watch)
    }

    /// The ZDD of every solution within `limit` ([`strategy::zdd`]): for counts, uniform
    /// samples ([`Zdd::samples`]) and DLX6's text.
    ///
    /// # Errors
    /// As [`strategy::zdd`]: the diagram passes `limit`.
    pub fn zdd(&self, limit: impl Into<ZddLimit>) -> Result<(Zdd, ZddStats, Engine), ZddError> {
        strategy::zdd(self.problem, limit)
    }

    /// The `k` cheapest solutions, cheapest first ([`strategy::cheapest`]).
    ///
    /// # Errors
    /// As [`strategy::cheapest`].
    pub fn cheapest(&self, k: usize) -> Result<(Vec<Priced>, CostStats, Engine), CostError> {
        strategy::cheapest(self.problem, k)
    }

    /// The least total cost and how many solutions have it ([`strategy::count_cheapest`]).
    ///
    /// # Errors
    /// As [`strategy::cheapest`].
    pub fn count_cheapest(&self) -> Result<(LeastCost, CostStats, Engine), CostError> {
        strategy::count_cheapest(self.problem)
    }
}
