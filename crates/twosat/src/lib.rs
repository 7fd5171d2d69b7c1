//! 2-SAT in linear time and memory.
//!
//! A [`TwoSat`] formula has variables `0..n` and clauses of one or two [`Literal`]s. It is
//! solved by the method of Aspvall, Plass and Tarjan ("A linear-time algorithm for testing
//! the truth of certain quantified boolean formulas", *Information Processing Letters* 8,
//! 1979): each clause `a ∨ b` gives the implications `¬a → b` and `¬b → a`; the formula is
//! satisfiable exactly when no variable shares a strongly connected component of this
//! implication graph with its negation, and then setting each literal true when its
//! component comes after its negation's in topological order gives a model.
//!
//! The implication graph is stored in flat adjacency arrays (CSR) and its components are
//! found by Tarjan's algorithm (R. E. Tarjan, "Depth-first search and linear graph
//! algorithms", *SIAM J. Computing* 1, 1972) run with an explicit stack, so a
//! ten-million-long chain of implications needs no deep recursion.
//!
//! ```
//! use twosat::{Literal, TwoSat};
//! let (x, y) = (Literal::positive(0), Literal::positive(1));
//! let mut f = TwoSat::new(2);
//! f.add_clause(x, y);
//! f.add_clause(!x, y);
//! f.add_clause(!y, !x);
//! let model = f.solve().expect("satisfiable");
//! assert_eq!(model, vec![false, true]);
//! ```

#![warn(missing_docs)]

pub mod dimacs;
pub mod planted;

use std::ops::Not;

/// The largest number of variables: literals are numbered `2 * var + negated` in a `u32`.
pub const MAX_VARS: u32 = (u32::MAX - 1) / 2;

/// A variable or its negation, numbered `2 * var + negated` (so `!lit` is `lit ^ 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal(u32);

impl Literal {
    /// The literal `var` (when `negated` is false) or `¬var`.
    ///
    /// Panics if `var > MAX_VARS`.
    pub fn new(var: u32, negated: bool) -> Literal {
        assert!(var <= MAX_VARS, "variable {var} is too large");
        Literal(var * 2 + negated as u32)
    }

    /// The literal `var`.
    pub fn positive(var: u32) -> Literal {
        Literal::new(var, false)
    }

    /// The literal `¬var`.
    pub fn negative(var: u32) -> Literal {
        Literal::new(var, true)
    }

    /// The variable.
    pub fn var(self) -> u32 {
        self.0 >> 1
    }

    /// Whether this is the negation of its variable.
    pub fn is_negated(self) -> bool {
        self.0 & 1 == 1
    }

    /// The literal's number, `2 * var + negated`: its node in the implication graph.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the literal is true when the variables have the values in `model`.
    ///
    /// Panics if the variable is out of `model`'s range.
    pub fn holds(self, model: &[bool]) -> bool {
        model[self.var() as usize] != self.is_negated()
    }
}

impl Not for Literal {
    type Output = Literal;

    fn not(self) -> Literal {
        Literal(self.0 ^ 1)
    }
}

/// A 2-CNF formula: a conjunction of clauses of at most two literals.
///
/// Memory: 8 bytes per clause while building; solving adds about 8 bytes per clause and
/// 24 bytes per variable.
#[derive(Debug, Clone, Default)]
pub struct TwoSat {
    vars: u32,
    clauses: Vec<(Literal, Literal)>,
    /// Whether an empty clause was added (then there is no model).
    empty_clause: bool,
}

/// Sizes of the last solve's implication graph.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes (two per variable).
    pub nodes: usize,
    /// Edges (two per clause).
    pub edges: usize,
    /// Strongly connected components.
    pub components: usize,
}

impl TwoSat {
    /// A formula over variables `0..vars` with no clause.
    ///
    /// Panics if `vars > MAX_VARS + 1`.
    pub fn new(vars: u32) -> TwoSat {
        assert!(vars <= MAX_VARS + 1, "too many variables");
        TwoSat { vars, clauses: Vec::new(), empty_clause: false }
    }

    /// Number of variables.
    pub fn vars(&self) -> u32 {
        self.vars
    }

    /// The clauses added so far (a unit clause `a` appears as `(a, a)`).
    pub fn clauses(&self) -> &[(Literal, Literal)] {
        &self.clauses
    }

    /// Reserves room for `n` more clauses.
    pub fn reserve(&mut self, n: usize) {
        self.clauses.reserve(n);
    }

    /// Adds the clause `a ∨ b`.
    ///
    /// Panics if a literal's variable is not below [`TwoSat::vars`].
    pub fn add_clause(&mut self, a: Literal, b: Literal) {
        assert!(a.var() < self.vars && b.var() < self.vars, "literal out of range");
        self.clauses.push((a, b));
    }

    /// Adds the unit clause `a` (forcing `a` true).
    pub fn add_unit(&mut self, a: Literal) {
        self.add_clause(a, a);
    }

    /// Whether the empty clause was added (then no assignment satisfies the formula).
    pub fn has_empty_clause(&self) -> bool {
        self.empty_clause
    }

    /// Adds the empty clause, which no assignment satisfies.
    pub fn add_empty_clause(&mut self) {
        self.empty_clause = true;
    }

    /// A model (one value per variable) satisfying every clause, or `None` when there is
    /// none. Time and memory are linear in the formula's size.
    pub fn solve(&self) -> Option<Vec<bool>> {
        self.solve_with_stats().0
    }

    /// As [`TwoSat::solve`], with the sizes of the implication graph.
    ///
    /// When there are many more variables than clauses, the variables that occur in no
    /// clause are left out of the graph (and set false), so that memory follows the
    /// clauses rather than the declared variable count.
    pub fn solve_with_stats(&self) -> (Option<Vec<bool>>, Stats) {
        if self.vars as usize > 4 * self.clauses.len() + 1024 {
            return self.solve_sparse();
        }
        let n = self.vars as usize * 2;
        let graph = Csr::implications(n, &self.clauses);
        let (comp, components) = graph.components();
        let stats = Stats { nodes: n, edges: graph.targets.len(), components };
        if self.empty_clause {
            return (None, stats);
        }
        let mut model = Vec::with_capacity(self.vars as usize);
        for v in 0..self.vars as usize {
            let (pos, neg) = (comp[2 * v], comp[2 * v + 1]);
            if pos == neg {
                return (None, stats);
            }
            // The literal whose component comes later in topological order (numbered
            // higher) is made true.
            model.push(pos > neg);
        }
        (Some(model), stats)
    }
}

impl TwoSat {
    /// Solves the formula restricted to the variables that occur in clauses, renumbered
    /// densely; the others are set false.
    fn solve_sparse(&self) -> (Option<Vec<bool>>, Stats) {
        let mut used: Vec<u32> = self.clauses.iter().flat_map(|&(a, b)| [a.var(), b.var()]).collect();
        used.sort_unstable();
        used.dedup();
        let dense = |l: Literal| {
            let v = used.binary_search(&l.var()).expect("variable occurs in a clause");
            Literal::new(v as u32, l.is_negated())
        };
        let mut compact = TwoSat::new(used.len() as u32);
        compact.empty_clause = self.empty_clause;
        compact.clauses = self.clauses.iter().map(|&(a, b)| (dense(a), dense(b))).collect();
        let (model, stats) = compact.solve_with_stats();
        let model = model.map(|m| {
            let mut full = vec![false; self.vars as usize];
            for (&v, value) in used.iter().zip(m) {
                full[v as usize] = value;
            }
            full
        });
        (model, stats)
    }
}

/// A directed graph in compressed sparse row form: the successors of node `v` are
/// `targets[offsets[v]..offsets[v + 1]]`.
struct Csr {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Csr {
    /// The implication graph of `clauses` over `n` literal nodes: `¬a → b`, `¬b → a`.
    fn implications(n: usize, clauses: &[(Literal, Literal)]) -> Csr {
        let mut offsets = vec![0u32; n + 1];
        for &(a, b) in clauses {
            offsets[(!a).index() + 1] += 1;
            offsets[(!b).index() + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; clauses.len() * 2];
        for &(a, b) in clauses {
            let (na, nb) = ((!a).index(), (!b).index());
            targets[fill[na] as usize] = b.0;
            fill[na] += 1;
            targets[fill[nb] as usize] = a.0;
            fill[nb] += 1;
        }
        Csr { offsets, targets }
    }

    /// Strongly connected components by Pearce's space-efficient form of Tarjan's
    /// algorithm (D. J. Pearce, "A space-efficient algorithm for finding strongly connected
    /// components", *Information Processing Letters* 116, 2016), run with an explicit
    /// stack. One array serves as Tarjan's index, low-link and component number, so each
    /// edge costs one random memory access. Returns each node's component number, numbered
    /// so that a component reachable from another has a larger number (sinks largest), and
    /// the number of components.
    fn components(&self) -> (Vec<u32>, usize) {
        let n = self.offsets.len() - 1;
        // Per node: [first edge, rindex], side by side so that the check of an edge's
        // target and the descent into it touch one cache line. rindex is 0 when not
        // visited, a DFS index (low-link) below `next_comp`, and from `next_comp + 1` on a
        // finished component's number.
        let mut node: Vec<[u32; 2]> = self.offsets.iter().map(|&o| [o, 0]).collect();
        let targets = &self.targets;
        let mut stack: Vec<u32> = Vec::new();
        // Depth-first path: node, position of its next edge, whether it is still a root.
        let mut path: Vec<(u32, u32, bool)> = Vec::new();
        let mut index = 1u32;
        let mut next_comp = n as u32; // components are numbered n, n - 1, ...
        for start in 0..n {
            if node[start][1] != 0 {
                continue;
            }
            node[start][1] = index;
            index += 1;
            path.push((start as u32, node[start][0], true));
            while let Some(&mut (v, ref mut next, ref mut root)) = path.last_mut() {
                let vu = v as usize;
                if *next < node[vu + 1][0] {
                    let e = *next as usize;
                    prefetch(&node, targets.get(e + 8).copied());
                    let w = targets[e] as usize;
                    if node[w][1] == 0 {
                        // Descend; the edge is finished on return.
                        node[w][1] = index;
                        index += 1;
                        path.push((w as u32, node[w][0], true));
                        continue;
                    }
                    *next += 1;
                    if node[w][1] < node[vu][1] {
                        node[vu][1] = node[w][1];
                        *root = false;
                    }
                    continue;
                }
                let is_root = *root;
                path.pop();
                if is_root {
                    index -= 1;
                    while let Some(&w) = stack.last() {
                        if node[vu][1] > node[w as usize][1] {
                            break;
                        }
                        stack.pop();
                        node[w as usize][1] = next_comp;
                        index -= 1;
                    }
                    node[vu][1] = next_comp;
                    next_comp -= 1;
                } else {
                    stack.push(v);
                }
                // Back in the parent: finish the edge that led here.
                if let Some(&mut (u, ref mut next, ref mut root)) = path.last_mut() {
                    *next += 1;
                    if node[vu][1] < node[u as usize][1] {
                        node[u as usize][1] = node[vu][1];
                        *root = false;
                    }
                }
            }
        }
        let comp = node[..n].iter().map(|x| x[1]).collect();
        (comp, (n as u32 - next_comp) as usize)
    }
}

/// Asks the processor to start loading the entry of node `w` (a hint; no effect elsewhere).
#[inline(always)]
fn prefetch(node: &[[u32; 2]], w: Option<u32>) {
    #[cfg(target_arch = "x86_64")]
    if let Some(entry) = w.and_then(|w| node.get(w as usize)) {
        // SAFETY: prefetching is a hint that never faults; the pointer is to a live element.
        unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(entry.as_ptr().cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (node, w);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contradiction() {
        let x = Literal::positive(0);
        let mut f = TwoSat::new(1);
        f.add_unit(x);
        f.add_unit(!x);
        assert_eq!(f.solve(), None);
    }

    #[test]
    fn many_unused_variables_cost_no_graph() {
        let mut f = TwoSat::new(50_000_000);
        f.add_clause(Literal::negative(49_999_999), Literal::negative(3));
        f.add_unit(Literal::positive(3));
        let (model, stats) = f.solve_with_stats();
        let model = model.unwrap();
        assert_eq!(stats.nodes, 4);
        assert!(model[3] && !model[49_999_999]);
    }

    #[test]
    fn no_variables() {
        assert_eq!(TwoSat::new(0).solve(), Some(vec![]));
        let mut f = TwoSat::new(0);
        f.add_empty_clause();
        assert_eq!(f.solve(), None);
    }

    #[test]
    fn long_chain_needs_no_recursion() {
        // x0 -> x1 -> ... -> x(n-1), x0 forced: all true. Ten million implications.
        let n = 10_000_000u32;
        let mut f = TwoSat::new(n);
        f.reserve(n as usize);
        for v in 0..n - 1 {
            f.add_clause(Literal::negative(v), Literal::positive(v + 1));
        }
        f.add_unit(Literal::positive(0));
        let model = f.solve().unwrap();
        assert!(model.iter().all(|&b| b));
    }

    #[test]
    fn literal_encoding() {
        let l = Literal::new(7, true);
        assert_eq!((l.var(), l.is_negated(), l.index()), (7, true, 15));
        assert_eq!(!l, Literal::positive(7));
        assert!(l.holds(&[true; 7].iter().copied().chain([false]).collect::<Vec<_>>()));
    }
}
