//! Every solution of a problem as a zero-suppressed decision diagram (Knuth's program
//! DLX6), built by the memoized search of [`Solver::count_memo`] (the DXZ method of
//! Nishino, Yasuda, Minato and Nagata, "Dancing with Decision Diagrams", AAAI 2017), and
//! exactly uniform random solutions drawn from it.
//!
//! A node of the diagram is `(option, lo, hi)`: the family of option sets it stands for
//! is `lo`'s family together with every set of `hi`'s family with `option` added. Node 0
//! is the empty family (⊥), node 1 the family holding only the empty set (⊤). A node of
//! the search that branches on item `i` with options `x1, ..., xk` becomes a chain of
//! nodes, one per option with solutions below it, the first option at the bottom (as
//! DLX6 writes it); a subproblem met again (same key as the memo count's) gives the node
//! already built.
//!
//! The diagram is *reduced*: no node has `hi` = ⊥ (options without solutions below them
//! make no node), and no two nodes are equal (a unique table shares equal
//! `(option, lo, hi)` triples, which DLX6 does not). As DLX6's, it is not *ordered*: the
//! options along a path follow the search's choices, not one fixed order. Its paths from
//! the root to ⊤ are the solutions, each once.

use super::{Entered, MemoStats, Order, Solver, Table};
use std::collections::HashMap;

/// One node of a [`Zdd`]: the option (its number in the problem, from 0), and the nodes
/// of its `lo` (solutions without the option) and `hi` (the rest of the solutions with
/// it) branches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ZddNode {
    /// The option's number (from 0).
    pub option: u32,
    /// The node of the solutions without `option` (0: none).
    pub lo: u32,
    /// The node of the rest of the solutions with `option` (1: `option` alone).
    pub hi: u32,
}

/// Every solution of a problem as a reduced zero-suppressed decision diagram (see the
/// module's documentation). Nodes are numbered from 2 (0 is ⊥, 1 is ⊤) and every node's
/// children have smaller numbers than the node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zdd {
    /// `nodes[k - 2]` is node `k`.
    nodes: Vec<ZddNode>,
    root: u32,
}

/// Why a diagram could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ZddError {
    /// The diagram would have more nodes than allowed.
    #[error("the ZDD has more than {0} nodes")]
    TooManyNodes(usize),
    /// Multiplicities where some option has no item covered exactly once: the memoized
    /// search does not apply (Algorithm M would list the solutions one by one).
    #[error("a ZDD with multiplicities needs every option to have a primary item without one (as a packing's cells)")]
    Multiplicities,
    /// The search was stopped (time limit or interrupt, see [`crate::interrupt`]).
    #[error("stopped")]
    Stopped,
}

/// Statistics of building a [`Zdd`]: search nodes entered, memo hits and entries.
pub type ZddStats = MemoStats;

impl Zdd {
    /// The root node (0 when there is no solution, 1 when the empty set is the only one).
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The nodes from number 2 up (`nodes()[k - 2]` is node `k`).
    pub fn nodes(&self) -> &[ZddNode] {
        &self.nodes
    }

    /// The number of nodes other than ⊥ and ⊤.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the diagram has no node other than ⊥ and ⊤.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The number of solutions below every node: `counts()[k]` for node `k` (entries 0 and
    /// 1 for ⊥ and ⊤), `None` where it exceeds 2^128 - 1. Linear time: children come
    /// before their parents.
    pub fn counts(&self) -> Vec<Option<u128>> {
        let mut counts: Vec<Option<u128>> = Vec::with_capacity(self.nodes.len() + 2);
        counts.push(Some(0));
        counts.push(Some(1));
        for n in &self.nodes {
            let c = match (counts[n.lo as usize], counts[n.hi as usize]) {
                (Some(a), Some(b)) => a.checked_add(b),
                _ => None,
            };
            counts.push(c);
        }
        counts
    }

    /// The number of solutions (paths from the root to ⊤), `None` past 2^128 - 1.
    pub fn count(&self) -> Option<u128> {
        self.counts()[self.root as usize]
    }

    /// The solution of rank `r` (0 <= r < the count of the root) in the diagram's order,
    /// its options increasing: at each node the `hi` branch's solutions come first. Time
    /// is linear in the length of the path. `counts` is [`Zdd::counts`]; `None` when `r`
    /// is out of range or a count on the way exceeds 2^128 - 1.
    pub fn unrank(&self, counts: &[Option<u128>], mut r: u128) -> Option<Vec<usize>> {
        let mut options = Vec::new();
        let mut k = self.root as usize;
        loop {
            match k {
                0 => return None,
                1 => {
                    if r != 0 {
                        return None;
                    }
                    options.sort_unstable();
                    return Some(options);
                }
                _ => {
                    let n = self.nodes[k - 2];
                    let hi = counts[n.hi as usize]?;
                    if r < hi {
                        options.push(n.option as usize);
                        k = n.hi as usize;
                    } else {
                        r -= hi;
                        k = n.lo as usize;
                    }
                }
            }
        }
    }

    /// `n` solutions drawn independently and exactly uniformly from the diagram (see
    /// [`Zdd::samples`]), collected. Empty when there is no solution; `None` when the
    /// count exceeds 2^128 - 1.
    pub fn sample(&self, n: usize, seed: u64) -> Option<Vec<Vec<usize>>> {
        Some(self.samples(seed)?.take(n).collect())
    }

    /// An endless stream of solutions drawn independently and exactly uniformly from the
    /// diagram, with the generator seeded by `seed` (xoshiro256++, Blackman and Vigna;
    /// the same seed gives the same solutions on every machine): each is the solution of a
    /// rank drawn uniformly below the count (128-bit draws cut to the count's bit length,
    /// rejected when not below it, so no rank is favoured), found by [`Zdd::unrank`] in
    /// time linear in its length. Empty when there is no solution; `None` when the count
    /// exceeds 2^128 - 1.
    pub fn samples(&self, seed: u64) -> Option<Samples<'_>> {
        let counts = self.counts();
        let total = counts[self.root as usize]?;
        let rng = <rand_xoshiro::Xoshiro256PlusPlus as rand_core::SeedableRng>::seed_from_u64(seed);
        // The draws are cut to the bit length of the largest rank, total - 1.
        let bits = 128 - total.saturating_sub(1).leading_zeros();
        let mask = if bits == 128 { u128::MAX } else { (1u128 << bits) - 1 };
        Some(Samples { zdd: self, counts, total, mask, rng })
    }

    /// The same diagram with option `k` renamed `map[k]` (for a problem whose options are
    /// a subset of another's, as [`crate::preprocess`] leaves: `map` must be injective,
    /// so equal nodes stay one).
    ///
    /// Panics if an option is not below `map.len()`.
    pub fn renumbered(mut self, map: &[usize]) -> Zdd {
        for n in &mut self.nodes {
            n.option = map[n.option as usize] as u32;
        }
        self
    }

    /// The diagram in the text format of Knuth's DLX6 and his ZDDREAD programs: one line
    /// per node, `k: (~v?l:h)` with `k`, `l` and `h` in hexadecimal and the option number
    /// `v` in decimal counted from 1, children before parents, then DLX6's dummy root
    /// `k: (~0?0:r)` pointing at the root `r` (the last line, ended by a newline).
    pub fn to_knuth(&self) -> String {
        use std::fmt::Write;
        let mut s = String::with_capacity(24 * (self.nodes.len() + 1));
        for (k, n) in self.nodes.iter().enumerate() {
            let _ = writeln!(s, "{:x}: (~{}?{:x}:{:x})", k + 2, n.option + 1, n.lo, n.hi);
        }
        let _ = writeln!(s, "{:x}: (~0?0:{:x})", self.nodes.len() + 2, self.root);
        s
    }
}

/// Uniform random solutions of a [`Zdd`] (see [`Zdd::samples`]).
pub struct Samples<'a> {
    zdd: &'a Zdd,
    counts: Vec<Option<u128>>,
    total: u128,
    mask: u128,
    rng: rand_xoshiro::Xoshiro256PlusPlus,
}

impl Iterator for Samples<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        if self.total == 0 {
            return None;
        }
        let r = loop {
            let hi = rand_core::Rng::next_u64(&mut self.rng) as u128;
            let lo = rand_core::Rng::next_u64(&mut self.rng) as u128;
            let r = ((hi << 64) | lo) & self.mask;
            if r < self.total {
                break r;
            }
        };
        self.zdd.unrank(&self.counts, r)
    }
}

/// The nodes of a diagram under construction, children first, with the unique table that
/// makes equal nodes one node (shared by the dancing-links and bitset constructions).
pub(crate) struct Builder {
    nodes: Vec<ZddNode>,
    unique: HashMap<ZddNode, u32, foldhash::fast::FixedState>,
    max_nodes: usize,
}

impl Builder {
    /// An empty diagram that may grow to `max_nodes` nodes besides ⊥ and ⊤.
    pub(crate) fn new(max_nodes: usize) -> Builder {
        Builder { nodes: Vec::new(), unique: HashMap::default(), max_nodes }
    }

    /// The node `(option, lo, hi)` (`hi` not ⊥): the one already built, or a new one.
    pub(crate) fn node(&mut self, option: u32, lo: u32, hi: u32) -> Result<u32, ZddError> {
        let node = ZddNode { option, lo, hi };
        if let Some(&k) = self.unique.get(&node) {
            return Ok(k);
        }
        if self.nodes.len() >= self.max_nodes {
            return Err(ZddError::TooManyNodes(self.max_nodes));
        }
        let k = self.nodes.len() as u32 + 2;
        self.nodes.push(node);
        self.unique.insert(node, k);
        Ok(k)
    }

    /// The diagram with this root.
    pub(crate) fn finish(self, root: u32) -> Zdd {
        Zdd { nodes: self.nodes, root }
    }
}

/// One level of [`Solver::zdd`]'s search: the item chosen, the option committed, the
/// chain of nodes built for the options before it, whether the level's node is to be
/// stored in the memo table, and the search-node count when it was entered.
#[derive(Debug, Clone, Copy)]
struct ZddFrame {
    i: usize,
    x: usize,
    chain: u32,
    stored: bool,
    start: u64,
}

impl Solver {
    /// Every solution of the problem as a reduced ZDD (see [`Zdd`]), built by the
    /// memoized search (branching on the item with the fewest options, as DLX6), with at
    /// most `max_nodes` nodes besides ⊥ and ⊤. The memo table stays on to the end (its
    /// entries map subproblems to nodes) and holds at most one entry per node built with
    /// two or more options below it. With multiplicities it needs counter mode (see
    /// [`Solver::count_memo`]); colors are allowed.
    ///
    /// # Errors
    /// [`ZddError::TooManyNodes`], [`ZddError::Multiplicities`], or
    /// [`ZddError::Stopped`] when [`crate::interrupt`] asks the search to stop.
    pub fn zdd(&mut self, max_nodes: usize) -> Result<(Zdd, ZddStats), ZddError> {
        if !self.memo_applies() {
            return Err(ZddError::Multiplicities);
        }
        let counters = self.multi.is_some();
        let mut builder = Builder::new(max_nodes);
        let mut table = Table::default();
        let mut st = MemoStats { kept: true, always: true, order: Order::FewestOptions, ..MemoStats::default() };
        let mut lookups = 0u64;
        let mut key = Vec::new();
        let mut frames: Vec<ZddFrame> = Vec::new();
        // The memo table's counts field holds the node number.
        'enter: loop {
            let mut result: u32 = match self.memo_enter(&mut table, &mut st, &mut lookups, &mut key) {
                Entered::Done(None) => return Err(ZddError::Stopped),
                Entered::Done(Some(node)) => node as u32,
                Entered::Open { i, stored, start } => {
                    if let Some(x) = self.first_branch(i, counters) {
                        frames.push(ZddFrame { i, x, chain: 0, stored, start });
                        continue 'enter;
                    }
                    self.zdd_leave(&mut table, &st, &mut key, 0, stored, start)
                }
            };
            loop {
                let Some(f) = frames.last_mut() else {
                    st.entries = table.len() as u64;
                    return Ok((builder.finish(result), st));
                };
                self.uncommit_any(f.x, counters);
                if result != 0 {
                    let option = self.option_of(f.x) as u32;
                    f.chain = builder.node(option, f.chain, result)?;
                }
                let (i, x) = (f.i, f.x);
                if let Some(x) = self.next_branch(i, x, counters) {
                    f.x = x;
                    continue 'enter;
                }
                let f = frames.pop().expect("the frame just read");
                result = self.zdd_leave(&mut table, &st, &mut key, f.chain, f.stored, f.start);
            }
        }
    }

    /// The bottom of a node of [`Solver::zdd`]: stores its diagram node in the memo table
    /// (as [`Solver::memo_leave`] stores a count) and returns it.
    fn zdd_leave(&mut self, table: &mut Table, st: &MemoStats, key: &mut Vec<u64>, node: u32, stored: bool, start: u64) -> u32 {
        self.memo_leave(table, st, key, node as u128, stored, start);
        node
    }
}
