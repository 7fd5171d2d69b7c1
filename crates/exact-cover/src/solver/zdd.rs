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
    /// Building the diagram would take more memory than allowed (bytes; see
    /// [`ZddLimit::bytes`] for what is counted).
    #[error("building the ZDD takes more than {0} bytes")]
    TooMuchMemory(usize),
    /// Multiplicities where some option has no item covered exactly once: the memoized
    /// search does not apply (Algorithm M would list the solutions one by one).
    #[error("a ZDD with multiplicities needs every option to have a primary item without one (as a packing's cells)")]
    Multiplicities,
    /// The search was stopped (time limit or interrupt, see [`crate::interrupt`]).
    #[error("stopped")]
    Stopped,
}

/// The most a [`Zdd`]'s construction may take: nodes, and bytes of memory.
///
/// The bytes counted are the construction's own structures, each charged at its worst
/// case: [`ZddLimit::NODE_BYTES`] a node (the node itself in a vector that doubles, and
/// its entry in the unique table) and [`ZddLimit::ENTRY_BYTES`] plus 8 bytes a key word
/// for each subproblem stored in the memo table (a key has a bit per item: 1,256 bytes on
/// a 100 x 100 board). The search's own stack is not counted (a few words per item and
/// level). A `usize` converts to a limit of that many nodes and the default bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZddLimit {
    /// The most nodes besides ⊥ and ⊤.
    pub nodes: usize,
    /// The most bytes charged.
    pub bytes: usize,
}

impl ZddLimit {
    /// The bytes charged per node: 24 for the 12-byte node in a vector grown by doubling,
    /// 40 for its unique-table entry (16 bytes and a control byte, in a table at least 7/16
    /// full).
    pub const NODE_BYTES: usize = 64;
    /// The bytes charged per memo-table entry besides its key's words: the table's slot
    /// (its boxed key's pointer and length and the value, twice over for the load factor)
    /// and the allocator's header of the key.
    pub const ENTRY_BYTES: usize = 80;
    /// The default bytes: 1 GiB.
    pub const DEFAULT_BYTES: usize = 1 << 30;
    /// The default nodes: 50 million.
    pub const DEFAULT_NODES: usize = 50_000_000;
}

impl Default for ZddLimit {
    fn default() -> Self {
        ZddLimit { nodes: Self::DEFAULT_NODES, bytes: Self::DEFAULT_BYTES }
    }
}

impl From<usize> for ZddLimit {
    fn from(nodes: usize) -> Self {
        ZddLimit { nodes, bytes: Self::DEFAULT_BYTES }
    }
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
    limit: ZddLimit,
    /// The bytes charged so far (see [`ZddLimit`]).
    charged: usize,
}

impl Builder {
    /// An empty diagram that may grow to the limit's nodes besides ⊥ and ⊤ and bytes.
    pub(crate) fn new(limit: ZddLimit) -> Builder {
        Builder { nodes: Vec::new(), unique: HashMap::default(), limit, charged: 0 }
    }

    /// Charges a memo-table entry whose key has `words` words (see [`ZddLimit`]).
    pub(crate) fn charge_entry(&mut self, words: usize) -> Result<(), ZddError> {
        self.charge(ZddLimit::ENTRY_BYTES + 8 * words)
    }

    fn charge(&mut self, bytes: usize) -> Result<(), ZddError> {
        self.charged = self.charged.saturating_add(bytes);
        if self.charged > self.limit.bytes {
            return Err(ZddError::TooMuchMemory(self.limit.bytes));
        }
        Ok(())
    }

    /// The node `(option, lo, hi)` (`hi` not ⊥): the one already built, or a new one.
    pub(crate) fn node(&mut self, option: u32, lo: u32, hi: u32) -> Result<u32, ZddError> {
        let node = ZddNode { option, lo, hi };
        if let Some(&k) = self.unique.get(&node) {
            return Ok(k);
        }
        if self.nodes.len() >= self.limit.nodes {
            return Err(ZddError::TooManyNodes(self.limit.nodes));
        }
        self.charge(ZddLimit::NODE_BYTES)?;
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
    /// most `limit`'s nodes besides ⊥ and ⊤ and bytes (a `usize`: that many nodes). The memo table stays on to the end (its
    /// entries map subproblems to nodes) and holds at most one entry per node built with
    /// two or more options below it. With multiplicities it needs counter mode (see
    /// [`Solver::count_memo`]); colors are allowed.
    ///
    /// # Errors
    /// [`ZddError::TooManyNodes`], [`ZddError::TooMuchMemory`], [`ZddError::Multiplicities`], or
    /// [`ZddError::Stopped`] when [`crate::interrupt`] asks the search to stop.
    pub fn zdd(&mut self, limit: impl Into<ZddLimit>) -> Result<(Zdd, ZddStats), ZddError> {
        if !self.memo_applies() {
            return Err(ZddError::Multiplicities);
        }
        let counters = self.multi.is_some();
        let mut builder = Builder::new(limit.into());
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
                    self.zdd_leave(&mut table, &st, &mut key, 0, stored, start, &mut builder)?
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
                result = self.zdd_leave(&mut table, &st, &mut key, f.chain, f.stored, f.start, &mut builder)?;
            }
        }
    }

    /// The bottom of a node of [`Solver::zdd`]: stores its diagram node in the memo table
    /// (as [`Solver::memo_leave`] stores a count), charged to `builder`, and returns it.
    #[allow(clippy::too_many_arguments)]
    fn zdd_leave(
        &mut self,
        table: &mut Table,
        st: &MemoStats,
        key: &mut Vec<u64>,
        node: u32,
        stored: bool,
        start: u64,
        builder: &mut Builder,
    ) -> Result<u32, ZddError> {
        let before = table.len();
        self.memo_leave(table, st, key, node as u128, stored, start);
        if table.len() > before {
            builder.charge_entry(key.len())?;
        }
        Ok(node)
    }
}
