//! `ExactCover`: exact cover with primary, secondary and colored items and
//! multiplicities, over the `exact_cover` crate (dancing links: Knuth's Algorithms C and
//! M, memoized counting).

use crate::{interruptible, parse_error, value_error, Stream};
use exact_cover::knuth::Named;
use exact_cover::{Color, Problem};
use pyo3::prelude::*;
use pyo3::types::PyType;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;

/// A multiplicity as Python gives it: `n` (exactly n) or `(lo, hi)`.
#[derive(FromPyObject)]
enum Bounds {
    Exactly(u32),
    Range(u32, u32),
}

/// A count from Rust, or the Python int `gridlock._parts` returned.
pub(crate) enum BigUintOrInt {
    Int(u128),
    Py(Py<PyAny>),
}

impl<'py> IntoPyObject<'py> for BigUintOrInt {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            BigUintOrInt::Int(v) => Ok(v.into_pyobject(py)?.into_any()),
            BigUintOrInt::Py(o) => Ok(o.into_bound(py)),
        }
    }
}

/// An exact cover problem (Python class `gridlock.ExactCover`).
#[pyclass(module = "gridlock")]
pub struct ExactCover {
    /// The problem with its item and color names (as Knuth's format reads them).
    named: Named,
    /// Item numbers and color numbers by name.
    index: HashMap<String, usize>,
    color_index: HashMap<String, u32>,
    /// The tree cut for counting part by part (`_count_part`), with the number of parts
    /// it was cut for: made once per process, however many parts it counts.
    cut: Option<(usize, Arc<exact_cover::parallel::Cut>)>,
}

impl ExactCover {
    fn build(primary: Vec<String>, secondary: Vec<String>) -> PyResult<ExactCover> {
        if primary.is_empty() {
            return Err(value_error("an exact cover problem needs at least one primary item"));
        }
        let mut index = HashMap::new();
        for (k, name) in primary.iter().chain(&secondary).enumerate() {
            if name.is_empty() || name.contains([':', '|']) || name.chars().any(char::is_whitespace) {
                return Err(value_error(format_args!("bad item name {name:?} (no spaces, ':' or '|')")));
            }
            if index.insert(name.clone(), k).is_some() {
                return Err(value_error(format_args!("item '{name}' is named twice")));
            }
        }
        let problem = Problem::new(primary.len(), secondary.len());
        let items = primary.into_iter().chain(secondary).collect();
        let named = Named { problem, items, colors: vec![String::new()], lines: Vec::new() };
        Ok(ExactCover { named, index, color_index: HashMap::new(), cut: None })
    }

    fn from_named(named: Named) -> ExactCover {
        let index = named.items.iter().enumerate().map(|(k, n)| (n.clone(), k)).collect();
        let color_index = named.colors.iter().enumerate().skip(1).map(|(k, n)| (n.clone(), k as u32)).collect();
        ExactCover { named, index, color_index, cut: None }
    }
}

#[pymethods]
impl ExactCover {
    #[new]
    #[pyo3(signature = (primary, secondary = Vec::new(), multiplicities = None))]
    fn new(primary: Vec<String>, secondary: Vec<String>, multiplicities: Option<HashMap<String, Bounds>>) -> PyResult<ExactCover> {
        let mut xc = ExactCover::build(primary, secondary)?;
        let mut given: Vec<(String, Bounds)> = multiplicities.unwrap_or_default().into_iter().collect();
        given.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, bounds) in given {
            let item = match xc.index.get(&name) {
                Some(&i) if i < xc.named.problem.primary_items() => i,
                Some(_) => return Err(value_error(format_args!("item '{name}' is secondary; only primary items have multiplicities"))),
                None => return Err(value_error(format_args!("multiplicity for unknown item '{name}'"))),
            };
            let (lo, hi) = match bounds {
                Bounds::Exactly(n) => (n, n),
                Bounds::Range(lo, hi) => (lo, hi),
            };
            xc.named
                .problem
                .set_multiplicity(item, lo, hi)
                .map_err(|_| value_error(format_args!("item '{name}' cannot be covered between {lo} and {hi} times")))?;
        }
        Ok(xc)
    }

    /// Reads Knuth's DLX format (as `gridlock xc` and Knuth's dlx1/dlx2/dlx3 do).
    #[classmethod]
    fn from_knuth(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<ExactCover> {
        exact_cover::knuth::parse(text).map(ExactCover::from_named).map_err(|e| parse_error(&e))
    }

    /// Adds an option (item names; "item:color" colors a secondary item) with a
    /// nonnegative `cost` (as DLX5's `|n`; it matters only to `min_cost` and `best`);
    /// returns its index.
    #[pyo3(signature = (items, cost = 0))]
    fn add_option(&mut self, items: Vec<String>, cost: u64) -> PyResult<usize> {
        let k = self.named.problem.options();
        let mut option = Vec::with_capacity(items.len());
        for text in &items {
            let (name, color) = match text.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (text.as_str(), None),
            };
            let Some(&item) = self.index.get(name) else {
                return Err(value_error(format_args!("option {k}: unknown item '{name}'")));
            };
            if option.iter().any(|&(i, _)| i == item as u32) {
                return Err(value_error(format_args!("option {k}: item '{name}' appears twice")));
            }
            let color = match color {
                None => Color::NONE,
                Some(_) if item < self.named.problem.primary_items() => {
                    return Err(value_error(format_args!("option {k}: item '{name}' is primary and cannot have a color")))
                }
                Some(c) if c.is_empty() || c.chars().any(char::is_whitespace) => {
                    return Err(value_error(format_args!("option {k}: bad color {c:?}")))
                }
                Some(c) => {
                    let next = self.named.colors.len() as u32;
                    let id = *self.color_index.entry(c.to_string()).or_insert(next);
                    if id == next {
                        self.named.colors.push(c.to_string());
                    }
                    Color(id)
                }
            };
            option.push((item as u32, color));
        }
        let option: Vec<(usize, Color)> = option.into_iter().map(|(i, c)| (i as usize, c)).collect();
        let added = self.named.problem.add_colored_option(&option).map_err(|e| value_error(format_args!("option {k}: {e}")))?;
        self.named.problem.set_cost(added, cost);
        self.named.lines.push(k + 1);
        Ok(added)
    }

    /// The items of option `k`, as given ("item" or "item:color").
    fn option(&self, k: usize) -> PyResult<Vec<String>> {
        if k >= self.named.problem.options() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!("no option {k} (there are {})", self.named.problem.options())));
        }
        Ok(self.named.option_items(k))
    }

    /// The primary items' names.
    #[getter]
    fn primary(&self) -> Vec<String> {
        self.named.items[..self.named.problem.primary_items()].to_vec()
    }

    /// The secondary items' names.
    #[getter]
    fn secondary(&self) -> Vec<String> {
        self.named.items[self.named.problem.primary_items()..].to_vec()
    }

    /// The number of options.
    fn __len__(&self) -> usize {
        self.named.problem.options()
    }

    /// The first solution (option indices, in the order chosen) or `None`.
    fn first(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        let problem = &self.named.problem;
        interruptible(py, || exact_cover::Cover::new(problem).first())
    }

    /// The solutions, lazily.
    fn solutions(&self) -> Solutions {
        let problem = self.named.problem.clone();
        Solutions(Mutex::new(Stream::spawn(move |emit| {
            let mut solver = exact_cover::Cover::new(&problem).search();
            while let Some(s) = solver.next_solution() {
                if emit(s.to_vec()).is_break() {
                    break;
                }
            }
        })))
    }

    /// The number of solutions, exact; on `threads` threads (the tree cut into subtrees,
    /// each memoized on its own).
    #[pyo3(signature = (memo = true, threads = 1, *, executor = None, parts = 64, checkpoint = None, progress = None))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        memo: bool,
        threads: usize,
        executor: Option<Bound<'_, PyAny>>,
        parts: usize,
        checkpoint: Option<Bound<'_, PyAny>>,
        progress: Option<Bound<'_, PyAny>>,
    ) -> PyResult<BigUintOrInt> {
        let extra = pyo3::types::PyTuple::new(py, [memo])?;
        if let Some(count) = crate::parts::count_in_parts(py, slf.as_any(), false, threads, executor, parts, checkpoint, progress, extra)? {
            return Ok(BigUintOrInt::Py(count.unbind()));
        }
        let this = slf.borrow();
        let threads = crate::threads(threads)?;
        let problem = &this.named.problem;
        let counted = interruptible(py, || {
            if threads == 1 {
                exact_cover::Cover::new(problem).count_watched(memo, &mut |_| {}).and_then(|c| c.count)
            } else {
                let options = exact_cover::parallel::CountOptions { threads, shard: None, progress: None };
                exact_cover::Cover::new(problem).count(&options, memo)
            }
        })?;
        counted.map(BigUintOrInt::Int).ok_or_else(crate::overflow)
    }

    /// A solution of least total cost as `(cost, options)` (option indices, increasing),
    /// or `None` when there is none: branch and bound as Knuth's DLX5.
    fn min_cost(&self, py: Python<'_>) -> PyResult<Option<(u128, Vec<usize>)>> {
        Ok(self.best(py, 1)?.into_iter().next())
    }

    /// The `k` cheapest solutions as `(cost, options)`, cheapest first (among equal costs,
    /// those the search meets first); fewer when there are fewer solutions.
    fn best(&self, py: Python<'_>, k: usize) -> PyResult<Vec<(u128, Vec<usize>)>> {
        let problem = &self.named.problem;
        let found = interruptible(py, || exact_cover::Cover::new(problem).cheapest(k))?.map_err(value_error)?;
        Ok(found.0.into_iter().map(|p| (p.cost, p.options)).collect())
    }

    /// `n` solutions drawn independently and exactly uniformly at random (option indices,
    /// increasing), reproducible from `seed`: from the ZDD of every solution (as `gridlock
    /// xc --sample`), each the solution of a rank drawn uniformly below the count. Empty
    /// when there is no solution. Raises `ValueError` when the ZDD passes `max_nodes`
    /// nodes or `max_memory` bytes (as `exact_cover::ZddLimit` counts them), or the
    /// problem has multiplicities outside counter mode.
    #[pyo3(signature = (n, *, seed = 0, max_nodes = 50_000_000, max_memory = 1 << 30))]
    fn sample(&self, py: Python<'_>, n: usize, seed: u64, max_nodes: usize, max_memory: usize) -> PyResult<Vec<Vec<usize>>> {
        let problem = &self.named.problem;
        let limit = exact_cover::ZddLimit { nodes: max_nodes, bytes: max_memory };
        let (zdd, _, _) = interruptible(py, || exact_cover::Cover::new(problem).zdd(limit))?.map_err(value_error)?;
        zdd.sample(n, seed).ok_or_else(crate::overflow)
    }

    /// Every solution as a ZDD in the text format of Knuth's DLX6 (see `gridlock xc
    /// --zdd`): one line `k: (~v?lo:hi)` a node, options `v` numbered from 1.
    /// `ValueError` past `max_nodes` nodes or `max_memory` bytes, as `sample`.
    #[pyo3(signature = (*, max_nodes = 50_000_000, max_memory = 1 << 30))]
    fn zdd(&self, py: Python<'_>, max_nodes: usize, max_memory: usize) -> PyResult<String> {
        let problem = &self.named.problem;
        let limit = exact_cover::ZddLimit { nodes: max_nodes, bytes: max_memory };
        let (zdd, _, _) = interruptible(py, || exact_cover::Cover::new(problem).zdd(limit))?.map_err(value_error)?;
        Ok(zdd.to_knuth())
    }

    /// The problem in Knuth's format (costs as `|n`): what a worker process rebuilds it
    /// from, and what its checkpoint's hash is taken of.
    fn to_knuth(&self) -> String {
        self.named.to_text(&[])
    }

    /// `(restore, (kind, text))`: pickling sends the problem as its text.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (&'static str, String))> {
        Ok((py.import("gridlock._parts")?.getattr("_restore")?, ("xc", self.named.to_text(&[]))))
    }

    /// `(command, problem hash)` naming this count in a checkpoint, as `gridlock xc
    /// --count --checkpoint` names it (so the CLI and Python share checkpoint files).
    fn _checkpoint_id(&self) -> (&'static str, String) {
        ("xc --count", checkpoint::problem_hash(&[self.named.to_text(&[]).as_bytes()]))
    }

    /// The count of part `k` of `n` (the tree cut once per process as
    /// `gridlock xc --count --checkpoint` and `--shard k/n` cut it).
    #[pyo3(signature = (k, n, memo = true))]
    fn _count_part(&mut self, py: Python<'_>, k: usize, n: usize, memo: bool) -> PyResult<u128> {
        if k == 0 || k > n {
            return Err(value_error(format_args!("part {k} of {n}: parts are 1 to n")));
        }
        let cut = match &self.cut {
            Some((parts, cut)) if *parts == n => cut.clone(),
            _ => {
                let cut = Arc::new(exact_cover::parallel::Cut::for_parts(&self.named.problem, n));
                self.cut = Some((n, cut.clone()));
                cut
            }
        };
        let problem = &self.named.problem;
        let options = exact_cover::parallel::CountOptions { threads: 1, shard: Some((k, n)), progress: None };
        interruptible(py, || cut.count(problem, &options, memo))?.ok_or_else(crate::overflow)
    }

    fn __repr__(&self) -> String {
        format!(
            "ExactCover({} primary, {} secondary items, {} options)",
            self.named.problem.primary_items(),
            self.named.problem.secondary_items(),
            self.named.problem.options()
        )
    }
}

/// A lazy iterator over an exact cover problem's solutions.
#[pyclass(module = "gridlock", name = "ExactCoverSolutions")]
pub struct Solutions(Mutex<Stream<Vec<usize>>>);

impl Solutions {
    /// The iterator over `stream`.
    pub(crate) fn new(stream: Stream<Vec<usize>>) -> Solutions {
        Solutions(Mutex::new(stream))
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        crate::locked(&self.0)?.next(py)
    }

    /// Stops the search.
    fn close(&self) {
        if let Ok(mut s) = self.0.lock() {
            s.close();
        }
    }
}

/// Registers the classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ExactCover>()?;
    m.add_class::<Solutions>()?;
    Ok(())
}
