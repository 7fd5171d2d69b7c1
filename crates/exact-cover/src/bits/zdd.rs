//! The ZDD of every solution (see [`crate::Zdd`]) built by a memoized search on the
//! live-option bitsets of [`BitSolver`], for problems without colors or multiplicities:
//! the same diagram construction as [`crate::Solver::zdd`] (DXZ, as Knuth's DLX6), on the
//! engine that enumerates fastest.
//!
//! The memo key of a node is the set of items its chosen options cover, primary and
//! secondary, one bit each: without colors, two nodes that cover the same items have the
//! same live options (those that avoid the covered items), so the same solutions below
//! them. The key of a level is its parent's with the chosen option's items added, so it
//! costs a few words a level.

use super::{BitSolver, Counting};
use crate::solver::zdd::Builder;
use crate::{MemoStats, Problem, Zdd, ZddError, ZddLimit, ZddStats};
use std::collections::HashMap;

/// One level of [`BitSolver::zdd`]'s search: the option being tried, the chain of nodes
/// built for the options before it, and whether the level's node is to be stored.
#[derive(Debug, Clone, Copy)]
struct Frame {
    k: usize,
    chain: u32,
    stored: bool,
}

impl BitSolver {
    /// Every solution of `problem` as a reduced ZDD, as [`crate::Solver::zdd`] builds it
    /// (the same item choices, so the same diagram), within `limit` (nodes and bytes, as
    /// [`ZddLimit`] counts them; a `usize`: that many nodes). `None` when the problem is not one for this search: it has
    /// colors or multiplicities, or is not one for [`BitSolver::new`].
    ///
    /// Memory: per stored subproblem its key (one bit per item) in a hash table.
    ///
    /// # Errors
    /// [`ZddError::TooManyNodes`], [`ZddError::TooMuchMemory`], or [`ZddError::Stopped`] when [`crate::interrupt`]
    /// asks the search to stop.
    pub fn zdd(problem: &Problem, limit: impl Into<ZddLimit>) -> Option<Result<(Zdd, ZddStats), ZddError>> {
        let colored = (0..problem.options()).any(|k| problem.option(k).iter().any(|&(_, c)| c != crate::Color::NONE));
        if colored || problem.has_multiplicities() {
            return None;
        }
        // Dense frames have a search of their own; the sparse ones share `choose`,
        // `commit` and `next_option` (a problem small enough for dense frames counts by
        // popcounts over the same tables instead).
        let mut s = BitSolver::with_counting(problem, None)?;
        if s.counting == Counting::Dense {
            s = BitSolver::fresh(s.t.clone(), Counting::Popcount);
        }
        s.compacting = false;
        Some(s.zdd_search(problem, limit.into()))
    }

    fn zdd_search(&mut self, problem: &Problem, limit: ZddLimit) -> Result<(Zdd, ZddStats), ZddError> {
        let kw = problem.items().div_ceil(64).max(1);
        // Each option's items as (word, bits) pairs of the key.
        let mut item_start = vec![0u32];
        let mut item_key: Vec<(u32, u64)> = Vec::new();
        for k in 0..problem.options() {
            for &(i, _) in problem.option(k) {
                let (w, b) = (i as usize / 64, 1u64 << (i % 64));
                match item_key[item_start[k] as usize..].iter_mut().find(|e| e.0 == w as u32) {
                    Some(e) => e.1 |= b,
                    None => item_key.push((w as u32, b)),
                }
            }
            item_start.push(item_key.len() as u32);
        }
        let mut keys: Vec<u64> = vec![0; kw];
        let mut table: HashMap<Box<[u64]>, u32, foldhash::fast::FixedState> = HashMap::default();
        let mut builder = Builder::new(limit);
        let mut st = MemoStats::default();
        let mut frames: Vec<Frame> = Vec::new();
        let mut alive = true;
        'enter: loop {
            // Enter the node at level l = frames.len().
            let l = frames.len();
            st.nodes += 1;
            self.stats.nodes += 1;
            if crate::interrupt::poll(st.nodes) {
                return Err(ZddError::Stopped);
            }
            let mut result: u32 = 'node: {
                if !alive {
                    break 'node 0;
                }
                let Some((i, len)) = self.choose(l) else { break 'node 1 };
                if len == 0 {
                    break 'node 0;
                }
                let key = &keys[l * kw..(l + 1) * kw];
                let stored = len > 1;
                if stored {
                    if let Some(&z) = table.get(key) {
                        st.hits += 1;
                        break 'node z;
                    }
                }
                self.start_item(l, i);
                let k = self.next_option(l).expect("an item with live options has a first one");
                frames.push(Frame { k, chain: 0, stored });
                alive = self.enter_child(l, k, kw, &mut keys, &item_start, &item_key);
                continue 'enter;
            };
            // Return `result` to the frames above until one has another option to try.
            loop {
                let l = frames.len().wrapping_sub(1);
                let Some(f) = frames.last_mut() else {
                    st.entries = table.len() as u64;
                    st.kept = true;
                    return Ok((builder.finish(result), st));
                };
                if result != 0 {
                    f.chain = builder.node(f.k as u32, f.chain, result)?;
                }
                if let Some(k) = self.next_option(l) {
                    f.k = k;
                    alive = self.enter_child(l, k, kw, &mut keys, &item_start, &item_key);
                    continue 'enter;
                }
                let f = frames.pop().expect("the frame just read");
                if f.stored {
                    builder.charge_entry(kw)?;
                    table.insert(keys[l * kw..(l + 1) * kw].into(), f.chain);
                }
                result = f.chain;
            }
        }
    }

    /// Commits option `k` at level `l` and writes the key of level `l + 1`; whether the
    /// child is alive.
    #[inline]
    fn enter_child(&mut self, l: usize, k: usize, kw: usize, keys: &mut Vec<u64>, item_start: &[u32], item_key: &[(u32, u64)]) -> bool {
        if keys.len() < (l + 2) * kw {
            keys.resize((l + 2) * kw, 0);
        }
        keys.copy_within(l * kw..(l + 1) * kw, (l + 1) * kw);
        for &(w, b) in &item_key[item_start[k] as usize..item_start[k + 1] as usize] {
            keys[(l + 1) * kw + w as usize] |= b;
        }
        self.commit(l, k)
    }
}
