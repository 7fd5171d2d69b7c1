//! Every polyform of a size, on every lattice: counted without being stored, or listed.
//!
//! Fixed polyforms (distinct up to translation) are counted by Redelmeier's algorithm
//! (D. H. Redelmeier, "Counting polyominoes: yet another attack", *Discrete Mathematics*
//! 36 (1981) 191-203), here on the graph of the lattice's cells that can belong to a
//! polyform whose least cell (in the order of [`Cell`]s, which translations keep) is a
//! given root: each fixed polyform is grown exactly once from its least cell, one root
//! per kind of cell (the triangular lattice's two triangles, the prism lattice's two
//! prisms). The untried cells live in one array, each level's set a slice of it followed
//! by the cells the level adds, so a step copies nothing; the last level is counted, not
//! visited. Memory is independent of the count (a few arrays of the graph's size).
//!
//! Free (turning over allowed; for solids, mirror images identified) and one-sided
//! (rotations only) polyforms are the fixed ones that equal their canonical form
//! ([`Shape::canonical`]): each class is met once, at that form, so counting and
//! listing them needs no table of the forms seen either.
//!
//! A count is cut for threads by the subtrees at a fixed depth, dealt round-robin: each
//! thread walks the small tree above that depth and the subtrees dealt to it.

use crate::lattice::{Cell, Lattice};
use crate::shape::{Freedom, Shape};

/// Which polyforms are the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Distinct up to translation only.
    Fixed,
    /// Distinct up to rotation (and translation): turning over not allowed; for solids,
    /// mirror images distinct.
    OneSided,
    /// Distinct up to every symmetry of the lattice: rotations and reflections.
    Free,
}

impl Kind {
    /// The symmetries that identify polyforms, as [`Shape::orientations`] takes them
    /// (`None` for [`Kind::Fixed`]).
    fn freedom(self) -> Option<Freedom> {
        match self {
            Kind::Fixed => None,
            Kind::OneSided => Some(Freedom::OneSided),
            Kind::Free => Some(Freedom::Free),
        }
    }
}

/// The cells that can belong to a polyform of at most `n` cells whose least cell is
/// `root`: the cells after `root` within `n - 1` steps of it through such cells (node 0
/// is `root`), with their neighbours among them.
struct Graph {
    cells: Vec<Cell>,
    neighbours: Vec<Vec<u32>>,
}

impl Graph {
    fn new(lattice: Lattice, root: Cell, n: usize) -> Graph {
        let mut index: rustc_hash::FxHashMap<Cell, u32> = rustc_hash::FxHashMap::default();
        let mut cells = vec![root];
        index.insert(root, 0);
        let mut frontier = vec![root];
        for _ in 1..n {
            let mut next = Vec::new();
            for c in frontier {
                for d in lattice.neighbours(c) {
                    if d > root && !index.contains_key(&d) {
                        index.insert(d, cells.len() as u32);
                        cells.push(d);
                        next.push(d);
                    }
                }
            }
            frontier = next;
        }
        let neighbours = cells
            .iter()
            .map(|&c| lattice.neighbours(c).into_iter().filter_map(|d| index.get(&d).copied()).filter(|&j| j != 0).collect())
            .collect();
        Graph { cells, neighbours }
    }
}

/// The roots: one cell of each kind under the lattice's translations.
fn roots(lattice: Lattice) -> Vec<Cell> {
    let period = lattice.geometry().periods()[2];
    (0..3).map(|z| Cell::new(0, 0, z)).filter(|&c| lattice.contains(c) && (period == 0 || c.z < period)).collect()
}

/// The most fixed polyforms of one size whose listing the front ends build
/// ([`list`] holds and sorts its forms): 2,000,000, 14 cells on the square lattice being
/// the first size past it.
pub const MAX_LISTED: u128 = 2_000_000;

/// A listing refused: `size` cells make `fixed` fixed polyforms of `lattice`, more than
/// [`MAX_LISTED`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{size} cells make {fixed} fixed {}; a listing stops at {MAX_LISTED} fixed forms", .lattice.polyforms_name())]
pub struct TooMany {
    /// The lattice.
    pub lattice: Lattice,
    /// The size asked for.
    pub size: usize,
    /// Its number of fixed polyforms.
    pub fixed: u128,
}

/// Whether the polyforms of `n` cells on `lattice` may be listed ([`list`] holds them
/// all): their fixed forms, counted on `threads` threads, number at most [`MAX_LISTED`].
///
/// Errors: [`TooMany`] past it.
pub fn listable(lattice: Lattice, n: usize, threads: usize) -> Result<(), TooMany> {
    let fixed = count(lattice, n, Kind::Fixed, threads, &|_, _| {})[n - 1];
    if fixed > MAX_LISTED {
        return Err(TooMany { lattice, size: n, fixed });
    }
    Ok(())
}

/// The depth at which a count is cut into subtrees for threads.
const SPLIT_DEPTH: usize = 5;

/// One walk of Redelmeier's tree for polyforms of up to `n` cells grown from node 0.
struct Walk<'g, F: FnMut(&[u32])> {
    graph: &'g Graph,
    n: usize,
    /// Per size `k`, the polyforms of `k` cells counted (index 0 unused).
    counts: Vec<u128>,
    /// The untried cells of every level, one level's set a slice.
    untried: Vec<u32>,
    marked: Vec<bool>,
    /// The polyform being grown, as nodes.
    cells: Vec<u32>,
    /// Called with every polyform of `n` cells; without it the last level is counted
    /// without being visited.
    leaf: Option<F>,
    /// `(thread, threads)`: the subtrees at [`SPLIT_DEPTH`] this walk takes.
    share: (usize, usize),
    subtree: usize,
}

impl<F: FnMut(&[u32])> Walk<'_, F> {
    fn new(graph: &Graph, n: usize, leaf: Option<F>, share: (usize, usize)) -> Walk<'_, F> {
        let degree = graph.neighbours.iter().map(Vec::len).max().unwrap_or(0);
        Walk {
            graph,
            n,
            counts: vec![0; n + 1],
            untried: vec![0; 1 + n * degree],
            marked: vec![false; graph.cells.len()],
            cells: Vec::with_capacity(n),
            leaf,
            share,
            subtree: 0,
        }
    }

    fn run(&mut self) {
        if self.n == 0 {
            return;
        }
        self.untried[0] = 0;
        self.marked[0] = true;
        self.grow(0, 1);
    }

    /// Grows the polyform of `self.cells` by each untried cell of `untried[from..to]` in
    /// turn (the cells before each one left out of its subtree).
    fn grow(&mut self, from: usize, to: usize) {
        let size = self.cells.len() + 1;
        for i in from..to {
            if size == SPLIT_DEPTH {
                self.subtree += 1;
                if self.subtree % self.share.1 != self.share.0 {
                    continue;
                }
            }
            let v = self.untried[i];
            // Above the split every thread walks the same tree: the first counts it.
            let counted = size >= SPLIT_DEPTH || self.share.0 == 0;
            if counted {
                self.counts[size] += 1;
            }
            self.cells.push(v);
            if size == self.n {
                if let Some(leaf) = self.leaf.as_mut().filter(|_| counted) {
                    leaf(&self.cells);
                }
            } else {
                let mut end = to;
                for &w in &self.graph.neighbours[v as usize] {
                    if !self.marked[w as usize] {
                        self.marked[w as usize] = true;
                        self.untried[end] = w;
                        end += 1;
                    }
                }
                if size + 1 == self.n && self.leaf.is_none() && size + 1 != SPLIT_DEPTH {
                    // The last level: every untried cell makes one polyform.
                    if size + 1 > SPLIT_DEPTH || self.share.0 == 0 {
                        self.counts[size + 1] += (end - i - 1) as u128;
                    }
                } else {
                    self.grow(i + 1, end);
                }
                for k in to..end {
                    self.marked[self.untried[k] as usize] = false;
                }
            }
            self.cells.pop();
        }
    }
}

/// The number of polyforms of each size `1..=n` on `lattice` of `kind`, on `threads`
/// threads (index `k - 1` for `k` cells), calling `progress(done, total)` as the
/// threads' shares finish. Fixed polyforms are counted without being visited; free and
/// one-sided ones are the fixed ones of each size that are their own canonical form.
pub fn count(lattice: Lattice, n: usize, kind: Kind, threads: usize, progress: &(dyn Fn(u64, u64) + Sync)) -> Vec<u128> {
    let threads = threads.max(1);
    let roots = roots(lattice);
    let graphs: Vec<Graph> = roots.iter().map(|&r| Graph::new(lattice, r, n)).collect();
    let done = std::sync::atomic::AtomicU64::new(0);
    let total = (threads * graphs.len()) as u64;
    let partial: Vec<Vec<u128>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (graphs, done) = (&graphs, &done);
                scope.spawn(move || {
                    let mut counts = vec![0u128; n + 1];
                    for g in graphs {
                        let c = count_on(lattice, g, n, kind, (t, threads));
                        counts.iter_mut().zip(c).for_each(|(a, b)| *a += b);
                        progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1, total);
                    }
                    counts
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a counting thread")).collect()
    });
    (1..=n).map(|k| partial.iter().map(|c| c[k]).sum()).collect()
}

/// One thread's share of the counts on one root's graph.
fn count_on(lattice: Lattice, graph: &Graph, n: usize, kind: Kind, share: (usize, usize)) -> Vec<u128> {
    match kind.freedom() {
        None => {
            let mut walk: Walk<fn(&[u32])> = Walk::new(graph, n, None, share);
            walk.run();
            walk.counts
        }
        Some(freedom) => {
            // Every size's canonical forms: the walk visits each polyform of each size
            // below n through the counts, so the sizes are walked one at a time.
            let mut counts = vec![0u128; n + 1];
            let mut test = Canonical::new(lattice, freedom);
            for (k, slot) in counts.iter_mut().enumerate().skip(1) {
                let mut canonical = 0u128;
                let leaf = |nodes: &[u32]| {
                    if test.test(graph, nodes) {
                        canonical += 1;
                    }
                };
                let mut walk = Walk::new(graph, k, Some(leaf), share);
                walk.run();
                drop(walk);
                *slot = canonical;
            }
            counts
        }
    }
}

/// Tests polyforms for being their own canonical form ([`Shape::canonical`]: the least
/// of their images under the symmetries), stopping at the first smaller image, with
/// buffers kept from one test to the next.
struct Canonical {
    lattice: Lattice,
    /// The symmetries but the identity.
    group: Vec<crate::lattice::Matrix>,
    cells: Vec<Cell>,
    image: Vec<Cell>,
}

impl Canonical {
    fn new(lattice: Lattice, freedom: Freedom) -> Canonical {
        let group = lattice.group(freedom.reflections()).into_iter().skip(1).collect();
        Canonical { lattice, group, cells: Vec::new(), image: Vec::new() }
    }

    /// Whether the polyform of `nodes` (cells of `graph`) is its own canonical form.
    fn test(&mut self, graph: &Graph, nodes: &[u32]) -> bool {
        let l = self.lattice;
        let mut cells = std::mem::take(&mut self.cells);
        cells.clear();
        cells.extend(nodes.iter().map(|&v| graph.cells[v as usize]));
        let (cells, _) = l.normalise(cells);
        let mut canonical = true;
        for m in &self.group {
            let mut image = std::mem::take(&mut self.image);
            image.clear();
            image.extend(cells.iter().map(|&c| l.transform(m, c)));
            let (image, _) = l.normalise(image);
            let smaller = image < cells;
            self.image = image;
            if smaller {
                canonical = false;
                break;
            }
        }
        self.cells = cells;
        canonical
    }
}

/// Every polyform of `n` cells on `lattice` of `kind` (for [`Kind::Fixed`] every
/// translation class), each as its canonical form (fixed ones translated to the origin),
/// sorted.
pub fn list(lattice: Lattice, n: usize, kind: Kind) -> Vec<Shape> {
    let mut out = Vec::new();
    let mut test = kind.freedom().map(|f| Canonical::new(lattice, f));
    for root in roots(lattice) {
        let graph = Graph::new(lattice, root, n);
        let leaf = |nodes: &[u32]| {
            if test.as_mut().is_none_or(|t| t.test(&graph, nodes)) {
                out.push(Shape::on(lattice, nodes.iter().map(|&v| graph.cells[v as usize])).expect("distinct lattice cells"));
            }
        };
        Walk::new(&graph, n, Some(leaf), (0, 1)).run();
    }
    out.sort();
    out
}
