//! The one place where gridlock chooses how to search an exact cover problem.
//!
//! - **Bitsets** ([`BitSolver`]) for problems without multiplicities whose conflict sets
//!   and frames fit its limits ([`crate::bits::MAX_PAIRS`], [`crate::bits::MAX_FRAMES`]):
//!   the fastest enumeration gridlock has (see BENCHMARKS.md).
//! - **Dancing links** ([`Solver`], Algorithm C) for the other problems without
//!   multiplicities, and **Algorithm M** on dancing links for problems with them.
//! - **Cheapest solutions** ([`cheapest`], DLX5's question) by branch and bound on bitsets
//!   when they fit, else on dancing links.
//! - **Memoized counting** (DXZ, [`Solver::count_memo_if_it_pays`]) when a count asks for
//!   it: the table runs on dancing links for a trial of [`crate::MEMO_TRIAL`] lookups and
//!   the count finishes there if the table pays; if not, the count starts over on the
//!   enumerating engine above (the trial's nodes are the price of trying).
//!
//! Both enumerating engines visit the same search tree (the minimum-remaining-values item
//! choice, first in item order on ties; options in input order), so they list the same
//! solutions in the same order and count the same nodes.

use crate::solver::cost::Keep;
use crate::{BitSolver, BitSolverM, CostError, CostStats, Counting, MemoStats, Priced, Problem, Progress, Solver, Stats};
use std::sync::Arc;

/// The engine a search ran on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// Algorithm C on live-option bitsets ([`BitSolver`]), counting live options as
    /// given.
    Bitsets(Counting),
    /// Algorithm C on dancing links ([`Solver`]).
    DancingLinks,
    /// Algorithm M (multiplicities) on dancing links ([`Solver`]).
    AlgorithmM,
    /// Algorithm M (multiplicities) on live-option bitsets ([`BitSolverM`]), on dense
    /// frames when true (see [`BitSolverM::with_dense`]).
    BitsetsM(bool),
    /// Memoized counting (DXZ) on dancing links ([`Solver::count_memo`]).
    Memo,
    /// The ZDD of every solution by a memoized search on bitsets ([`BitSolver::zdd`]).
    ZddBitsets,
    /// The ZDD of every solution by a memoized search on dancing links ([`Solver::zdd`]).
    ZddLinks,
    /// The cheapest solutions by branch and bound on live-option bitsets, options
    /// renumbered by net cost (Algorithms C and M, see [`cheapest`]).
    CostBitsets,
    /// The cheapest solutions by branch and bound on dancing links ([`Solver::cheapest`],
    /// Algorithm C).
    CostLinks,
}

impl Engine {
    /// The engine's name as `--stats` and JSON report it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Bitsets(Counting::Incremental) => {
                "bitsets (Algorithm C on live-option bitsets, incremental counts; a count compacts subtrees of at most 768 live options to dense frames), enumerating"
            }
            Engine::Bitsets(Counting::Popcount) => {
                "bitsets (Algorithm C on live-option bitsets, popcounts; a count compacts subtrees of at most 768 live options to dense frames), enumerating"
            }
            Engine::Bitsets(Counting::Dense) => {
                "bitsets (Algorithm C on live-option bitsets, dense popcounts; a count narrows frames as options die), enumerating"
            }
            Engine::DancingLinks => "dancing links (Algorithm C), enumerating",
            Engine::AlgorithmM => "dancing links (Algorithm M, multiplicities), enumerating",
            Engine::BitsetsM(false) => "bitsets (Algorithm M, multiplicities, on live-option bitsets), enumerating",
            Engine::BitsetsM(true) => "bitsets (Algorithm M, multiplicities, on live-option bitsets, dense frames), enumerating",
            Engine::Memo => "dancing links (Algorithm C) with memoized subproblems (DXZ)",
            Engine::ZddBitsets => "ZDD by a memoized search (DXZ, as DLX6) on live-option bitsets, keyed by the items covered",
            Engine::ZddLinks => "ZDD by a memoized search (DXZ, as DLX6) on dancing links (Algorithms C and M)",
            Engine::CostBitsets => "branch and bound (DLX5's taxes and cutoff) on live-option bitsets, options numbered by net cost",
            Engine::CostLinks => "branch and bound (DLX5's taxes and cutoff) on dancing links (Algorithm C)",
        }
    }
}

/// An enumerating search on the engine chosen for its problem.
#[derive(Debug, Clone)]
pub enum Search {
    /// On bitsets.
    Bits(Box<BitSolver>),
    /// Algorithm M on bitsets.
    BitsM(Box<BitSolverM>),
    /// On dancing links (Algorithm C or M).
    Links(Box<Solver>),
}

impl Search {
    /// The search of `problem` on the engine this module chooses for it.
    pub fn new(problem: &Problem) -> Search {
        if problem.has_multiplicities() {
            if let Some(b) = BitSolverM::new(problem) {
                return Search::BitsM(Box::new(b));
            }
        } else if let Some(b) = BitSolver::new(problem) {
            return Search::Bits(Box::new(b));
        }
        Search::Links(Box::new(Solver::new(problem)))
    }

    /// The search of the subtree below `prefix` (see [`Solver::below`]; both engines cut
    /// the same tree), or `None` when `prefix` is not a path of the tree.
    pub fn below(problem: &Problem, prefix: &[usize]) -> Option<Search> {
        Search::new(problem).subtree(problem, prefix)
    }

    /// [`Search::below`] on the engine of this search, which must be one of `problem`:
    /// a new search, sharing the bitset tables where there are some (the subtrees of a
    /// cut build them once).
    pub fn subtree(&self, problem: &Problem, prefix: &[usize]) -> Option<Search> {
        match self {
            Search::Bits(b) => b.subtree(prefix).map(|b| Search::Bits(Box::new(b))),
            // Algorithm M's tree is not cut (see `Solver::below`).
            Search::BitsM(_) => prefix.is_empty().then(|| Search::new(problem)),
            Search::Links(_) => Solver::below(problem, prefix).map(|s| Search::Links(Box::new(s))),
        }
    }

    /// Which engine runs this search.
    pub fn engine(&self) -> Engine {
        match self {
            Search::Bits(b) => Engine::Bitsets(b.counting()),
            Search::BitsM(b) => Engine::BitsetsM(b.is_dense()),
            Search::Links(s) if s.has_multiplicities() => Engine::AlgorithmM,
            Search::Links(_) => Engine::DancingLinks,
        }
    }

    /// The next solution (option numbers in increasing order), or `None` at the end.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        match self {
            Search::Bits(b) => b.next_solution(),
            Search::BitsM(b) => b.next_solution(),
            Search::Links(s) => s.next_solution(),
        }
    }

    /// Whether the last call was paused by an interrupt ([`crate::interrupt`]) where the
    /// search can go on: the next call then resumes it as if never interrupted (on
    /// bitsets; a search on the other engines is stopped for good by an interrupt).
    pub fn paused(&self) -> bool {
        match self {
            Search::Bits(b) => b.paused(),
            Search::BitsM(_) | Search::Links(_) => false,
        }
    }

    /// Counts the remaining solutions.
    pub fn count(&mut self) -> u64 {
        match self {
            Search::Bits(b) => b.count(),
            Search::BitsM(b) => b.count(),
            Search::Links(s) => s.count(),
        }
    }

    /// Search statistics so far (nodes, updates, solutions; see each engine's `stats`).
    pub fn stats(&self) -> Stats {
        match self {
            Search::Bits(b) => b.stats(),
            Search::BitsM(b) => b.stats(),
            Search::Links(s) => s.stats(),
        }
    }

    /// Publishes the search's progress from now on (see [`Solver::watch`]).
    pub fn watch(&mut self) -> Arc<Progress> {
        match self {
            Search::Bits(b) => b.watch(),
            Search::BitsM(b) => b.watch(),
            Search::Links(s) => s.watch(),
        }
    }
}

/// A finished count: the number (`None` past 2^128 - 1), the engine that produced it,
/// its search statistics (the memo trial's nodes included when the count started over)
/// and the memo table's figures.
#[derive(Debug, Clone, Copy)]
pub struct Counted {
    /// The number of solutions, `None` when it exceeds 2^128 - 1.
    pub count: Option<u128>,
    /// The engine that finished the count.
    pub engine: Engine,
    /// Nodes, updates and solutions of every search run for the count.
    pub stats: Stats,
    /// The memo table's hits and entries (zero when no table was kept).
    pub memo: MemoStats,
}

/// Counts the solutions of `problem` below `prefix` (the empty prefix: all of them; see
/// [`Solver::below`]), memoized when `memo` and the table pays, else on the enumerating
/// engine of [`Search::new`]; with multiplicities and a prefix, the prefix is a path of
/// the memoized count's tree ([`Solver::below_counters`]) and that count runs
/// ([`Solver::count_adaptive_below`]). `None` when `prefix` is not a path of the search
/// tree.
///
/// A `watch` callback, given the search that is about to run, may ask it for its
/// [`Progress`] (called once per search run: twice when the memo trial gives up).
pub fn count_below(problem: &Problem, prefix: &[usize], memo: bool, watch: &mut dyn FnMut(&mut Search)) -> Option<Counted> {
    count_subtree(&Search::new(problem), problem, prefix, memo, &mut crate::MemoTable::default(), watch)
}

/// [`count_below`] with the enumerating search of `problem` built already (`root`, from
/// [`Search::new`]): the subtrees of a cut share its tables; and the memoized count's
/// subproblems kept in `table` ([`Solver::count_memo_if_it_pays_in`]), which the subtrees
/// a thread counts share.
pub fn count_subtree(
    root: &Search,
    problem: &Problem,
    prefix: &[usize],
    memo: bool,
    table: &mut crate::MemoTable,
    watch: &mut dyn FnMut(&mut Search),
) -> Option<Counted> {
    if problem.has_multiplicities() && !prefix.is_empty() {
        // A subtree of the memoized count's own tree (counter mode, see
        // `Solver::split`): counted by that count, whatever `memo` says.
        let (count, st) = Solver::count_adaptive_below(problem, prefix, table)?;
        let stats = Stats { nodes: st.nodes, ..Stats::default() };
        return Some(Counted { count, engine: Engine::Memo, stats, memo: st });
    }
    let mut extra = Stats::default();
    if memo {
        let solver = Solver::below(problem, prefix)?;
        if solver.memo_applies() {
            let mut search = Search::Links(Box::new(solver));
            watch(&mut search);
            let Search::Links(solver) = &mut search else { unreachable!("built as dancing links") };
            if let Some((count, st)) = solver.count_memo_if_it_pays_in(table) {
                return Some(Counted { count, engine: Engine::Memo, stats: solver.stats(), memo: st });
            }
            extra = solver.stats();
        }
    }
    let mut search = root.subtree(problem, prefix)?;
    watch(&mut search);
    let count = search.count() as u128;
    let mut stats = search.stats();
    stats.nodes += extra.nodes;
    stats.updates += extra.updates;
    Some(Counted { count: Some(count), engine: search.engine(), stats, memo: MemoStats::default() })
}

/// Every solution of `problem` as a reduced ZDD within `limit` (nodes and bytes, see
/// [`crate::Zdd`]), with the statistics of its search and the engine that built it: the
/// memoized search on bitsets for problems without colors or multiplicities that fit
/// them ([`BitSolver::zdd`]; on the flat pentacubes in a 3x4x5 box it ran 17 times
/// faster than on dancing links, the history of BENCHMARKS.md), else on dancing links ([`Solver::zdd`]).
/// Both branch on the same items, so they build the same diagram.
///
/// # Errors
/// As [`Solver::zdd`].
pub fn zdd(problem: &Problem, limit: impl Into<crate::ZddLimit>) -> Result<(crate::Zdd, crate::ZddStats, Engine), crate::ZddError> {
    let limit = limit.into();
    if let Some(built) = BitSolver::zdd(problem, limit) {
        return built.map(|(z, st)| (z, st, Engine::ZddBitsets));
    }
    Solver::new(problem).zdd(limit).map(|(z, st)| (z, st, Engine::ZddLinks))
}

/// The `k` cheapest solutions of `problem`, cheapest first, as [`Solver::cheapest`]
/// defines them, with the search's statistics and the engine that ran it: the branch and
/// bound on live-option bitsets whenever its tables fit ([`crate::bits::MAX_PAIRS`],
/// [`crate::bits::MAX_FRAMES`]), else on dancing links (problems without multiplicities
/// only). The bitsets branch as dancing links do and add a dual bound: on the random
/// priced problem of `scripts/priced-problems.py` (60 items, 860 options) they visit 1.5 million nodes
/// to the 8.1 million of dancing links, in 2.4 s against 6.4, and 0.42 s against 1.36 on
/// the pentominoes priced by position (user time, one run each, 2026-11-26).
///
/// # Errors
/// [`CostError::Multiplicities`] for a problem with multiplicities past the bitsets'
/// limits. Stops early (with what it has) when [`crate::interrupt`] asks.
pub fn cheapest(problem: &Problem, k: usize) -> Result<(Vec<Priced>, CostStats, Engine), CostError> {
    let mut keep = Keep::best(k);
    let (stats, engine) = priced(problem, &mut keep)?;
    Ok((keep.into_best(stats.tax), stats, engine))
}

/// The least total cost of a problem's solutions and how many solutions have it (`None`
/// when it has none; the count saturates at 2^128 - 1).
pub type LeastCost = Option<(u128, u128)>;

/// The least total cost of a solution of `problem` and how many solutions have it
/// (`None` when there is none), as [`Solver::count_cheapest`], on the engine of
/// [`cheapest`].
///
/// # Errors
/// As [`cheapest`].
pub fn count_cheapest(problem: &Problem) -> Result<(LeastCost, CostStats, Engine), CostError> {
    let mut keep = Keep::ties();
    let (stats, engine) = priced(problem, &mut keep)?;
    Ok((keep.into_ties(stats.tax), stats, engine))
}

/// Runs the branch and bound of [`cheapest`] on the engine chosen for `problem`.
fn priced(problem: &Problem, keep: &mut Keep) -> Result<(CostStats, Engine), CostError> {
    if let Some(stats) = crate::bits::cost::search(problem, keep) {
        return Ok((stats, Engine::CostBitsets));
    }
    if problem.has_multiplicities() {
        return Err(CostError::Multiplicities);
    }
    Ok((Solver::search_priced(problem, keep), Engine::CostLinks))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_names_state_the_compaction_threshold() {
        let at = crate::bits::COMPACT_AT.to_string();
        for counting in [Counting::Incremental, Counting::Popcount] {
            assert!(Engine::Bitsets(counting).name().contains(&format!("at most {at} live options")), "{counting:?}");
        }
    }
}
