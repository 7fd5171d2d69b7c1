//! Memoized counting on the links of [`Solver`] (subproblems keyed by the active items
//! and the purified colors, as in Knuth's DXZ): the table, its hasher and the policy that
//! keeps it only when it pays.

use super::*;

/// Statistics of a memoized count ([`Solver::count_memo`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Search-tree nodes entered (each distinct subproblem once while the table has room).
    pub nodes: u64,
    /// Subproblems answered by the table.
    pub hits: u64,
    /// Subproblems stored.
    pub entries: u64,
    /// Search nodes the hits saved (the nodes their subtrees took when first counted).
    pub saved: u64,
    /// Whether the table stayed on to the end (it is switched off when it does not pay).
    pub kept: bool,
    /// The branching order of the run that finished.
    pub order: Order,
    /// Whether the node budget ran out (internal to [`Solver::count_adaptive`]).
    pub(super) aborted: bool,
    /// The node budget of the run, if any.
    pub(super) budget: Option<u64>,
    /// Whether the run stops (as `aborted`) instead of going on without the table when
    /// the trial drops it (see [`Solver::count_memo_if_it_pays`]).
    pub(super) give_up: bool,
    /// Whether the table is kept whatever it saves, with no cap on its entries (the ZDD,
    /// see [`Solver::zdd`], maps subproblems to its nodes).
    pub(super) always: bool,
}

/// Which item a memoized count branches on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// The item with the fewest options (Knuth's MRV).
    #[default]
    FewestOptions,
    /// The first item in item order, unless some item has at most one option left: for
    /// packings, the first uncovered cell, so that the covered cells form a frontier and
    /// subproblems repeat as in a transfer matrix.
    Frontier,
}

/// The count of a subproblem, or that it exceeds 2^128.
pub(super) type Count = Option<u128>;

/// One level of [`Solver::count_memo`]'s search: the item chosen, the option committed,
/// the count of the options before it, whether the level's count is to be stored, and the
/// node count when it was entered.
#[derive(Debug, Clone, Copy)]
struct MemoFrame {
    i: usize,
    x: usize,
    total: u128,
    stored: bool,
    start: u64,
}

/// How a node of [`Solver::count_memo`]'s search begins: answered at once (a leaf, a
/// stored count, or `None` when stopped), or open on item `i`.
pub(super) enum Entered {
    Done(Count),
    Open { i: usize, stored: bool, start: u64 },
}

/// Memo table: subproblem key -> (count, search nodes its subtree took).
pub(super) type Table = std::collections::HashMap<Box<[u64]>, (u128, u64), BuildKey>;

/// The subproblems a memoized count stored (a subproblem's key and its count), to be
/// shared by counts of subtrees of one problem ([`Solver::count_memo_if_it_pays_in`]).
/// At most [`MEMO_MAX_ENTRIES`] entries.
#[derive(Default)]
pub struct MemoTable(Table);

impl std::fmt::Debug for MemoTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MemoTable({} subproblems)", self.0.len())
    }
}

/// A fast hasher for keys that are already well mixed bitsets (FxHash's multiply-rotate).
#[derive(Default, Clone, Copy)]
pub(super) struct BuildKey;

impl std::hash::BuildHasher for BuildKey {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

/// See [`BuildKey`].
pub(super) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(*b as u64);
        }
    }
    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, w: usize) {
        self.write_u64(w as u64);
    }
}

/// How a memoized count decides to keep its table: after [`MEMO_TRIAL`] lookups, the
/// table stays on only if its hits saved at least [`MEMO_MIN_SAVING`] search nodes per
/// lookup (each entry remembers how many nodes its subtree took, so a hit knows what it
/// saved; a lookup costs about as much as a node). It is also capped at
/// [`MEMO_MAX_ENTRIES`] entries (then nothing more is stored).
pub const MEMO_TRIAL: u64 = 50_000;
/// See [`MEMO_TRIAL`]: search nodes a lookup must save on average, 2.
pub const MEMO_MIN_SAVING: u64 = 2;
/// See [`MEMO_TRIAL`]: at most 2^21 subproblems are stored (about 100 bytes each for
/// problems of up to a hundred items: 200 MB at most).
pub const MEMO_MAX_ENTRIES: usize = 1 << 21;

impl Solver {
    /// The state of the remaining subproblem: which items are still active (primary and
    /// secondary), and for colored problems the color each purified item holds. Two
    /// states with the same key have the same options left, so the same solutions.
    fn memo_key(&self, key: &mut Vec<u64>) {
        let n = self.llink.len();
        let words = n.div_ceil(64);
        key.clear();
        key.resize(words, 0);
        let mut p = self.rlink[0] as usize;
        while p != 0 {
            key[p / 64] |= 1 << (p % 64);
            p = self.rlink[p] as usize;
        }
        let head2 = n - 1;
        let mut p = self.rlink[head2] as usize;
        while p != head2 {
            key[p / 64] |= 1 << (p % 64);
            p = self.rlink[p] as usize;
        }
        if self.colored {
            for (i, &c) in self.purified.iter().enumerate() {
                if c != 0 {
                    key.push(((i as u64) << 32) | c as u32 as u64);
                }
            }
        }
        if let Some(m) = &self.multi {
            // Counter mode: how many more times each item with a multiplicity may be used.
            key.extend(m.bound.iter().zip(&m.exact).filter(|(_, &e)| !e).map(|(&b, _)| b as u64));
        }
    }

    /// Counts the remaining solutions with memoization over subproblems (the DXZ method
    /// of Nishino, Yasuda, Minato and Nagata, "Dancing with Decision Diagrams", AAAI
    /// 2017; Knuth's DLX6 counts the same way): the count of each distinct set of
    /// remaining items is computed once. Problems whose subproblems repeat (tilings with
    /// many equal pieces) are counted without enumerating their solutions. When `memo` is
    /// false, or when the table does not pay (see [`MEMO_TRIAL`]), it is a plain count.
    ///
    /// Returns `None` when the count exceeds 2^128 - 1. The search keeps its own stack of
    /// frames (see `count_below`), so its depth is limited by memory alone.
    ///
    /// With multiplicities, when every option has an item covered exactly once (packings
    /// with piece counts: every option has its cells), it branches only on such items and
    /// keeps the others as counters (an item whose upper bound is reached is covered; a
    /// solution must meet every lower bound), with the counters' values in the key. That
    /// finds each solution once, and lets subproblems repeat. Other problems with
    /// multiplicities are counted by Algorithm M without the table.
    pub fn count_memo(&mut self, memo: bool) -> (Option<u128>, MemoStats) {
        self.count_memo_run(memo, Order::FewestOptions, None)
    }

    /// [`Solver::count_memo`] with the table on, branching in `order` (see [`Order`];
    /// [`Solver::count_adaptive`] races the two).
    pub fn count_memo_in(&mut self, order: Order) -> (Option<u128>, MemoStats) {
        self.count_memo_run(true, order, None)
    }

    /// Counts like [`Solver::count_memo`] with the table on, racing the two branching
    /// orders ([`Order`]): runs of each in turn with node budgets of 2^17, 2^19, ...
    /// nodes until one finishes, so the count costs at most a few times what the better
    /// order needs (tilings favour the frontier, most packings the fewest options). The
    /// first budget is at least twice the number of items, so that a tree as deep as the
    /// problem is wide reaches its leaves in the first round (the monomino on 1000x1000
    /// built its problem five times and walked its million levels 2.3 times).
    pub fn count_adaptive(problem: &Problem) -> (Option<u128>, MemoStats) {
        Solver::count_adaptive_below(problem, &[], &mut MemoTable::default()).expect("the empty prefix is a path")
    }

    /// [`Solver::count_adaptive`] of the subproblem below `prefix`
    /// ([`Solver::below_counters`]: with multiplicities in counter mode, the memoized
    /// count's own tree is cut), starting from `table` and leaving in it the subproblems
    /// it counted (shared by the subtrees of a cut; [`Solver::count_memo_if_it_pays_in`]).
    /// `None` when `prefix` is not a path of that tree.
    pub fn count_adaptive_below(problem: &Problem, prefix: &[usize], table: &mut MemoTable) -> Option<(Option<u128>, MemoStats)> {
        let mut budget: u64 = (1u64 << 17).max(2 * problem.items() as u64);
        loop {
            for order in [Order::FewestOptions, Order::Frontier] {
                let (count, st) =
                    Solver::below_counters(problem, prefix)?.count_memo_run_in(&mut table.0, true, order, Some(budget), false);
                // An interrupted run (see `interrupt`) ends the race too.
                if !st.aborted || crate::interrupt::requested() {
                    return Some((count, st));
                }
            }
            budget = budget.saturating_mul(4);
        }
    }

    /// Whether [`Solver::count_memo`] can use its table on this problem: always without
    /// multiplicities; with them, when every option has an item covered exactly once
    /// (counter mode).
    pub fn memo_applies(&self) -> bool {
        match &self.multi {
            None => true,
            Some(m) => self.every_option_has_an_exact_item(&m.exact),
        }
    }

    /// Counts like [`Solver::count_memo`] with the table on, but gives up (`None`) where
    /// that would drop the table and go on enumerating: after [`MEMO_TRIAL`] lookups
    /// that saved too little, so that the caller can enumerate with a faster engine
    /// (see [`crate::strategy`]). Problems that cannot use the table (multiplicities
    /// outside counter mode) are counted here anyway. The solver's state is restored
    /// when it gives up; its statistics keep the trial's nodes.
    pub fn count_memo_if_it_pays(&mut self) -> Option<(Option<u128>, MemoStats)> {
        self.count_memo_if_it_pays_in(&mut MemoTable::default())
    }

    /// [`Solver::count_memo_if_it_pays`] starting from `table`, and leaving in it the
    /// subproblems it counted: the subtrees of one cut ([`crate::parallel::Cut`]) share
    /// their subproblems (a subproblem's key, its remaining items and their colors, has
    /// the same count in every subtree of the same problem). A run that stops or gives
    /// up stores nothing it did not finish counting.
    pub fn count_memo_if_it_pays_in(&mut self, table: &mut MemoTable) -> Option<(Option<u128>, MemoStats)> {
        let (count, st) = self.count_memo_run_in(&mut table.0, true, Order::FewestOptions, None, true);
        (!st.aborted).then_some((count, st))
    }

    fn count_memo_run(&mut self, memo: bool, order: Order, budget: Option<u64>) -> (Option<u128>, MemoStats) {
        self.count_memo_run_with(memo, order, budget, false)
    }

    fn count_memo_run_with(&mut self, memo: bool, order: Order, budget: Option<u64>, give_up: bool) -> (Option<u128>, MemoStats) {
        self.count_memo_run_in(&mut Table::default(), memo, order, budget, give_up)
    }

    fn count_memo_run_in(
        &mut self,
        table: &mut Table,
        memo: bool,
        order: Order,
        budget: Option<u64>,
        give_up: bool,
    ) -> (Option<u128>, MemoStats) {
        let counters = match &self.multi {
            None => false,
            Some(m) => self.every_option_has_an_exact_item(&m.exact),
        };
        if self.multi.is_some() && !counters {
            let before = self.stats.nodes;
            let count = self.count() as u128;
            return (Some(count), MemoStats { nodes: self.stats.nodes - before, ..MemoStats::default() });
        }
        let mut st = MemoStats { kept: memo, order, budget, give_up, ..MemoStats::default() };
        let mut lookups = 0u64;
        let mut key = Vec::new();
        let count = self.count_below(table, &mut st, &mut lookups, &mut key);
        st.entries = table.len() as u64;
        (count, st)
    }

    /// Whether every option names some item of `exact` (primary items covered exactly
    /// once).
    fn every_option_has_an_exact_item(&self, exact: &[bool]) -> bool {
        // Nodes: 0 and the item headers, the first spacer at `llink.len() - 1`, then each
        // option's nodes followed by a spacer (`top <= 0`).
        let mut has = false;
        for node in &self.nodes[self.llink.len()..] {
            if node.top <= 0 {
                if !has {
                    return false;
                }
                has = false;
            } else if exact.get(node.top as usize).copied().unwrap_or(false) {
                has = true;
            }
        }
        true
    }

    /// The active exactly-once primary item with the fewest options, or `None` when none
    /// is left (counter mode of [`Solver::count_memo`]).
    ///
    /// With `frontier`, it takes instead the first such item in item order unless some
    /// item has at most one option left (a dead end or a forced move): for packings the
    /// first uncovered cell in reading order, so the covered cells form a frontier and
    /// subproblems repeat as in a transfer matrix.
    ///
    /// The scan stops at the first item as short as the shortest can be (one option when
    /// no list is empty, see [`Solver::empty`]).
    pub(super) fn choose_exact(&self, frontier: bool) -> Option<usize> {
        let enough = self.shortest_at_least();
        let mut first = None;
        let mut best = None;
        let mut best_len = i32::MAX;
        let mut p = self.rlink[0] as usize;
        while p != 0 {
            if self.tracked[p] {
                let len = self.nodes[p].top;
                first = first.or(Some(p));
                if len < best_len && (!frontier || len <= 1) {
                    best = Some(p);
                    best_len = len;
                    if len <= enough {
                        break;
                    }
                }
            }
            p = self.rlink[p] as usize;
        }
        best.or(first)
    }

    /// The memoized count of the subproblem below the current state (DXZ with Knuth's
    /// choice of item): depth-first without recursion, one [`MemoFrame`] per level on a
    /// stack of its own, so the depth is limited by memory alone (a chain of 10^5 forced
    /// items overflowed the thread's stack when this was recursive).
    fn count_below(&mut self, table: &mut Table, st: &mut MemoStats, lookups: &mut u64, key: &mut Vec<u64>) -> Count {
        let counters = self.multi.is_some();
        let watched = self.watch.is_some();
        let mut frames: Vec<MemoFrame> = Vec::new();
        'enter: loop {
            // Enter a node: a leaf, a stored count or a stop ends it at once; otherwise
            // its item's first option is committed and its first child entered.
            let mut result = match self.memo_enter(table, st, lookups, key) {
                Entered::Done(count) => count,
                Entered::Open { i, stored, start } => {
                    if let Some(x) = self.first_branch(i, counters) {
                        frames.push(MemoFrame { i, x, total: 0, stored, start });
                        continue 'enter;
                    }
                    self.memo_leave(table, st, key, 0, stored, start)
                }
            };
            // Return `result` to the frames above until one has another option to try.
            loop {
                let Some(f) = frames.last_mut() else {
                    return result;
                };
                self.uncommit_any(f.x, counters);
                match result.and_then(|b| f.total.checked_add(b)) {
                    Some(t) => f.total = t,
                    None => {
                        let i = f.i;
                        frames.pop();
                        self.uncover(i);
                        if watched {
                            self.path.pop();
                        }
                        result = None;
                        continue;
                    }
                }
                let (i, x) = (f.i, f.x);
                if let Some(x) = self.next_branch(i, x, counters) {
                    f.x = x;
                    continue 'enter;
                }
                let f = frames.pop().expect("the frame just read");
                result = self.memo_leave(table, st, key, f.total, f.stored, f.start);
            }
        }
    }

    /// Opens a node of a memoized search on item `i`: covers it and commits its first
    /// option, whose node it returns; `None`, with nothing changed, when `i` has no option
    /// (shared by [`Solver::count_below`] and the ZDD's search).
    pub(super) fn first_branch(&mut self, i: usize, counters: bool) -> Option<usize> {
        if self.nodes[i].top <= 0 {
            return None;
        }
        self.cover(i);
        let x = self.nodes[i].down as usize;
        if x == i {
            self.uncover(i);
            return None;
        }
        self.commit_any(x, counters);
        Some(x)
    }

    /// Moves the node open on item `i` from option `x` (already uncommitted) to the next
    /// one: commits it and returns its node, or, after the last, uncovers `i` and returns
    /// `None`. The progress path's branch moves on either way.
    pub(super) fn next_branch(&mut self, i: usize, x: usize, counters: bool) -> Option<usize> {
        let x = self.nodes[x].down as usize;
        if let Some(branch) = self.path.last_mut() {
            branch.0 += 1;
        }
        if x == i {
            self.uncover(i);
            return None;
        }
        self.commit_any(x, counters);
        Some(x)
    }

    /// Commits option `x` (Algorithm M's bookkeeping when `counters`).
    #[inline]
    pub(super) fn commit_any(&mut self, x: usize, counters: bool) {
        if counters {
            self.commit_option_m(x);
        } else {
            self.commit_option(x);
        }
    }

    /// Undoes [`Solver::commit_any`].
    #[inline]
    pub(super) fn uncommit_any(&mut self, x: usize, counters: bool) {
        if counters {
            self.uncommit_option_m(x);
        } else {
            self.uncommit_option(x);
        }
    }

    /// The top of a node of [`Solver::count_below`]: counts it, polls the stop flag and
    /// the budget, chooses its item, and answers from the table when it can; else the
    /// item, whether the count is to be stored, and the node count at the start (the
    /// branch is pushed on the progress path when watched).
    pub(super) fn memo_enter(&mut self, table: &mut Table, st: &mut MemoStats, lookups: &mut u64, key: &mut Vec<u64>) -> Entered {
        let start = st.nodes;
        st.nodes += 1;
        self.stats.nodes += 1;
        if st.budget.is_some_and(|b| st.nodes > b) || crate::interrupt::poll(st.nodes) {
            st.aborted = true;
            return Entered::Done(None);
        }
        let chosen = self.choose_exact(st.order == Order::Frontier);
        let Some(i) = chosen else {
            // A solution, if every counter met its lower bound.
            let met = self.multi.as_ref().is_none_or(|m| (1..m.bound.len()).all(|j| m.exact[j] || m.bound[j] <= m.slack[j]));
            return Entered::Done(Some(met as u128));
        };
        let stored = if st.kept {
            *lookups += 1;
            if *lookups == MEMO_TRIAL && !st.always && st.saved < MEMO_MIN_SAVING * MEMO_TRIAL {
                if st.give_up {
                    st.aborted = true;
                    return Entered::Done(None);
                }
                st.kept = false;
                table.clear();
                table.shrink_to_fit();
            }
            // A node whose item has at most one option left (a dead end, or a forced move
            // whose count is its one child's, looked up there) is neither looked up nor
            // stored, though it counts as a lookup of the trial: a chain of forced moves
            // costs no key.
            if st.kept && self.nodes[i].top > 1 {
                self.memo_key(key);
                if let Some(&(c, nodes)) = table.get(&key[..]) {
                    st.hits += 1;
                    st.saved += nodes;
                    return Entered::Done(Some(c));
                }
                st.always || table.len() < MEMO_MAX_ENTRIES
            } else {
                false
            }
        } else {
            false
        };
        if self.watch.is_some() {
            self.path.push((0, self.nodes[i].top.max(0) as u32));
            if self.stats.nodes.is_multiple_of(PROGRESS_INTERVAL) {
                self.publish(self.estimate());
            }
        }
        Entered::Open { i, stored, start }
    }

    /// The bottom of a node of [`Solver::count_below`] whose options are all counted
    /// (`total`): pops its progress branch and stores its count when it is to be stored.
    pub(super) fn memo_leave(
        &mut self,
        table: &mut Table,
        st: &MemoStats,
        key: &mut Vec<u64>,
        total: u128,
        stored: bool,
        start: u64,
    ) -> Count {
        if self.watch.is_some() {
            self.path.pop();
        }
        if stored && st.kept {
            // The key was overwritten below: compute it again (the state is restored).
            self.memo_key(key);
            table.insert(key.as_slice().into(), (total, st.nodes - start));
        }
        Some(total)
    }
}
