//! `pack`: polyomino packing over `puzzles::pack::PackSolver` (the bitboard packer, the
//! bitboard tiler or dancing links, chosen in `polyform::cover::Search`).

use crate::{interruptible, parse_error, value_error, Stream};
use polyform::atlas::{self, Goal};
use polyform::transfer::{Frontier, TransferError, DEFAULT_MAX_STATES};
use polyform::{Board, Cell, Copies, Freedom, Piece};
use puzzles::pack::{self, PackSolver, Tiling};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

/// A piece count as Python gives it: `n`, a string as in pieces files (`"0..2"`, `"*"`,
/// `"1..*"`), or `(lo, hi)` with `hi=None` for no upper bound.
#[derive(FromPyObject)]
enum CountArg {
    Exactly(u32),
    Spec(String),
    Range(u32, Option<u32>),
}

impl CountArg {
    fn copies(self, piece: &str) -> PyResult<Copies> {
        let spec = match self {
            CountArg::Exactly(n) => n.to_string(),
            CountArg::Spec(s) => s,
            CountArg::Range(lo, Some(hi)) => format!("{lo}..{hi}"),
            CountArg::Range(lo, None) => format!("{lo}..*"),
        };
        Copies::parse(&spec).map_err(|e| value_error(format_args!("piece '{piece}': {e}")))
    }
}

/// The board: a drawing in the board-file notation, or an iterable of `(row, col)`.
fn read_board(arg: &Bound<'_, PyAny>) -> PyResult<Board> {
    if let Ok(text) = arg.cast::<PyString>() {
        return pack::parse_board(&text.to_cow()?).map_err(|e| parse_error(&e));
    }
    let mut cells = Vec::new();
    for item in arg.try_iter()? {
        let (row, col): (i32, i32) = item?.extract()?;
        cells.push(Cell::new(row, col, 0));
    }
    if cells.is_empty() {
        return Err(value_error("the board has no cell"));
    }
    let mut sorted = cells.clone();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != cells.len() {
        return Err(value_error("the board names a cell twice"));
    }
    Ok(Board::from_cells(cells))
}

/// One piece from its drawing (`#` a cell), named `name`; errors name the drawing's line.
fn piece(name: &str, drawing: &str) -> PyResult<Piece> {
    // The pieces-file parser reads the drawing under a placeholder name line.
    let text = format!("piece\n{}", drawing.trim_matches('\n'));
    let mut parsed = pack::parse_pieces(&text).map_err(|mut e| {
        e.line = e.line.saturating_sub(1);
        e.message = format!("piece '{name}': {}", e.message.replace("'piece'", &format!("'{name}'")));
        parse_error(&e)
    })?;
    if parsed.len() != 1 {
        return Err(value_error(format_args!("piece '{name}': the drawing has a blank line")));
    }
    let (mut p, _) = parsed.remove(0);
    p.name = name.to_string();
    Ok(p)
}

/// A packing error as Python's: `OverflowError` past 2^128 - 1, else `ValueError`.
pub(crate) fn run_error(e: pack::RunError) -> PyErr {
    match e {
        pack::RunError::Overflow => crate::overflow(),
        other => value_error(other),
    }
}

/// A shape drawn as a pieces file draws it (`#` a cell, `.` none), rows from its least.
fn drawing(shape: &polyform::Shape) -> String {
    let cells = shape.cells();
    let (r0, c0) = (cells.iter().map(|c| c.x).min().unwrap_or(0), cells.iter().map(|c| c.y).min().unwrap_or(0));
    let (rows, cols) = (shape.height() - r0, shape.width() - c0);
    let mut grid = vec![vec!['.'; cols.max(0) as usize]; rows.max(0) as usize];
    for c in cells {
        grid[(c.x - r0) as usize][(c.y - c0) as usize] = '#';
    }
    grid.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("\n")
}

/// The pieces: a built-in set's name, or a dict name -> drawing or (drawing, count).
fn read_pieces(arg: &Bound<'_, PyAny>) -> PyResult<Vec<(Piece, Copies)>> {
    if let Ok(name) = arg.cast::<PyString>() {
        let name = &*name.to_cow()?;
        return polyform::sets::square(name)
            .map(|set| set.into_iter().map(|p| (p, Copies::ONE)).collect())
            .ok_or_else(|| value_error(format_args!("no built-in set '{name}' (there are {})", polyform::sets::square_names())));
    }
    let dict = arg.cast::<PyDict>().map_err(|_| value_error("pieces must be a set name or a dict name -> drawing"))?;
    let mut out = Vec::new();
    for (key, value) in dict.iter() {
        let name: String = key.extract()?;
        let (drawing, count): (String, Option<CountArg>) = match value.extract::<String>() {
            Ok(d) => (d, None),
            Err(_) => {
                let (d, c): (String, CountArg) =
                    value.extract().map_err(|_| value_error(format_args!("piece '{name}': give a drawing or (drawing, count)")))?;
                (d, Some(c))
            }
        };
        let copies = match count {
            Some(c) => c.copies(&name)?,
            None => Copies::ONE,
        };
        out.push((piece(&name, &drawing)?, copies));
    }
    if out.is_empty() {
        return Err(value_error("no piece"));
    }
    Ok(out)
}

/// Packs `pieces` into `board` (see the package's docstring).
#[pyfunction(name = "pack")]
#[pyo3(signature = (board, pieces, *, one_sided = false, copies = None))]
fn pack_problem(board: &Bound<'_, PyAny>, pieces: &Bound<'_, PyAny>, one_sided: bool, copies: Option<CountArg>) -> PyResult<Packing> {
    let board = read_board(board)?;
    let listed = read_pieces(pieces)?;
    let every = copies.map(|c| c.copies("*")).transpose()?;
    let (pieces, copies): (Vec<Piece>, Vec<Copies>) = listed.into_iter().map(|(p, c)| (p, every.unwrap_or(c))).unzip();
    let freedom = if one_sided { Freedom::OneSided } else { Freedom::Free };
    let solver = PackSolver::with_copies(board, pieces, copies, freedom).map_err(value_error)?;
    Ok(Packing { solver: Arc::new(solver), one_sided })
}

/// Packs the box and pieces of a file in the input notation of Knuth's polyomino-dlx.
#[pyfunction]
#[pyo3(signature = (text, *, one_sided = false))]
fn pack_knuth(text: &str, one_sided: bool) -> PyResult<Packing> {
    let (board, listed) = pack::parse_knuth(text).map_err(|e| parse_error(&e))?;
    let (pieces, copies): (Vec<Piece>, Vec<Copies>) = listed.into_iter().unzip();
    let freedom = if one_sided { Freedom::OneSided } else { Freedom::Free };
    let solver = PackSolver::with_copies(board, pieces, copies, freedom).map_err(value_error)?;
    Ok(Packing { solver: Arc::new(solver), one_sided })
}

/// A packing problem (Python class `gridlock.Packing`).
#[pyclass(module = "gridlock", frozen)]
pub struct Packing {
    solver: Arc<PackSolver>,
    /// Whether pieces may not be turned over (kept for pickling).
    one_sided: bool,
}

#[pymethods]
impl Packing {
    /// The first packing, or `None`.
    fn first(&self, py: Python<'_>) -> PyResult<Option<Solution>> {
        let solver = &*self.solver;
        let found = interruptible(py, || {
            let mut first = None;
            let _ = solver.for_each_tiling(|t| {
                first = Some(t.clone());
                ControlFlow::Break(())
            });
            first
        })?;
        Ok(found.map(|tiling| Solution { solver: self.solver.clone(), tiling }))
    }

    /// The packings, lazily; with `unique`, one per class under the board's symmetries
    /// (copies of a piece indistinguishable).
    #[pyo3(signature = (unique = false))]
    fn solutions(&self, unique: bool) -> PyResult<Solutions> {
        let solver = self.solver.clone();
        let stream = Stream::spawn(move |emit| {
            let group = if unique { solver.symmetries() } else { Vec::new() };
            let cells = solver.board().len();
            let _ = solver.for_each_tiling(|t| {
                // The class representative `gridlock pack --all --unique` lists: the
                // packing key for distinct pieces, the tiling key with counts.
                let least = || {
                    if solver.is_distinct() {
                        let packing: pack::Packing = t.iter().map(|(_, c)| c.clone()).collect();
                        pack::is_canonical(&packing, &group, cells)
                    } else {
                        pack::is_canonical_tiling(t, &group, cells)
                    }
                };
                if unique && !least() {
                    return ControlFlow::Continue(());
                }
                emit(t.clone())
            });
        });
        Ok(Solutions { solver: self.solver.clone(), stream: Mutex::new(stream) })
    }

    /// The number of packings, exact; with `unique`, of classes under the board's
    /// symmetries (Burnside's lemma; copies of a piece indistinguishable); on `threads`
    /// threads where the engine's tree can be cut.
    #[pyo3(signature = (unique = false, threads = 1, *, executor = None, parts = 64, checkpoint = None, progress = None))]
    #[allow(clippy::too_many_arguments)]
    fn count<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
        unique: bool,
        threads: usize,
        executor: Option<Bound<'py, PyAny>>,
        parts: usize,
        checkpoint: Option<Bound<'py, PyAny>>,
        progress: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let extra = pyo3::types::PyTuple::empty(py);
        if let Some(count) = crate::parts::count_in_parts(py, slf.as_any(), unique, threads, executor, parts, checkpoint, progress, extra)?
        {
            return Ok(count);
        }
        let this = slf.get();
        let solver = &*this.solver;
        let options = pack::RunOptions { threads: crate::threads(threads)?, shard: None, progress: None };
        let counted = interruptible(py, || {
            if unique {
                solver.count_tilings_with_symmetry(&options).map(|(_, u)| u.into())
            } else {
                solver.count_exact(&options)
            }
        })?;
        let count = counted.map_err(run_error)?;
        Ok(count.into_pyobject(py)?.into_any())
    }

    /// `(restore, ("pack", (cells, pieces, one_sided)))`: pickling sends the board's
    /// cells and each piece as `(name, drawing, count)`.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (&'static str, (Vec<(i32, i32)>, Vec<(String, String, String)>, bool)))> {
        let solver = &*self.solver;
        let cells: Vec<(i32, i32)> = solver.board().cells().iter().map(|c| (c.x, c.y)).collect();
        let pieces = solver
            .pieces()
            .iter()
            .zip(solver.copies())
            .map(|(p, c)| {
                let count = match c.hi {
                    Some(h) => format!("{}..{h}", c.lo),
                    None => format!("{}..*", c.lo),
                };
                (p.name.clone(), drawing(&p.shape), count)
            })
            .collect();
        Ok((py.import("gridlock._parts")?.getattr("_restore")?, ("pack", (cells, pieces, self.one_sided))))
    }

    /// `(command, problem hash)` naming this count in a checkpoint, as `gridlock pack
    /// --count --checkpoint` names it (the exact cover text's hash).
    #[pyo3(signature = (unique = false))]
    fn _checkpoint_id(&self, unique: bool) -> (&'static str, String) {
        crate::parts::pack_checkpoint_id(&self.solver.knuth_text(), unique)
    }

    /// The count of part `k` of `n` (as `gridlock pack --count --shard k/n`); with
    /// `unique`, that part of Burnside's sum (as `gridlock pack --count --unique
    /// --checkpoint`), which `_burnside_order()` divides.
    #[pyo3(signature = (k, n, unique = false))]
    fn _count_part(&self, py: Python<'_>, k: usize, n: usize, unique: bool) -> PyResult<u128> {
        if k == 0 || k > n {
            return Err(value_error(format_args!("part {k} of {n}: parts are 1 to n")));
        }
        let solver = &*self.solver;
        let options = pack::RunOptions { threads: 1, shard: Some((k, n)), progress: None };
        interruptible(py, || if unique { solver.burnside_part(&options) } else { solver.count_tilings(&options) })?.map_err(run_error)
    }

    /// What the parts of Burnside's sum add up to, over the number of classes.
    fn _burnside_order(&self) -> PyResult<u128> {
        Ok(self.solver.burnside_order())
    }

    /// `n` packings drawn independently and exactly uniformly at random, reproducible
    /// from `seed` (as `gridlock pack --sample`). `ValueError` when the ZDD passes
    /// `max_nodes` nodes or `max_memory` bytes (as `exact_cover::ZddLimit` counts them).
    #[pyo3(signature = (n, *, seed = 0, max_nodes = 50_000_000, max_memory = 1 << 30))]
    fn sample(&self, py: Python<'_>, n: usize, seed: u64, max_nodes: usize, max_memory: usize) -> PyResult<Vec<Solution>> {
        let limit = exact_cover::ZddLimit { nodes: max_nodes, bytes: max_memory };
        let solver = &*self.solver;
        let drawn = interruptible(py, || {
            let mut drawn = Vec::new();
            solver
                .sample(n, seed, limit, |t| {
                    drawn.push(t.clone());
                    ControlFlow::Continue(())
                })
                .map(|()| drawn)
        })?
        .map_err(run_error)?;
        Ok(drawn.into_iter().map(|tiling| Solution { solver: self.solver.clone(), tiling }).collect())
    }

    /// The engine that searches this problem, in words (as `gridlock pack --stats`).
    #[getter]
    fn engine(&self) -> String {
        self.solver.engine()
    }

    /// The problem as exact cover in Knuth's DLX format (DLX3 multiplicities for counts).
    fn to_knuth(&self) -> String {
        self.solver.knuth_text()
    }

    /// The board's cells, `(row, col)`, in reading order.
    #[getter]
    fn cells(&self) -> Vec<(i32, i32)> {
        self.solver.board().cells().iter().map(|c| (c.x, c.y)).collect()
    }

    fn __repr__(&self) -> String {
        format!("Packing({} cells, {} pieces)", self.solver.board().len(), self.solver.pieces().len())
    }
}

/// A lazy iterator over packings.
#[pyclass(module = "gridlock", name = "PackingSolutions")]
pub struct Solutions {
    solver: Arc<PackSolver>,
    stream: Mutex<Stream<Tiling>>,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Solution>> {
        let next = crate::locked(&self.stream)?.next(py)?;
        Ok(next.map(|tiling| Solution { solver: self.solver.clone(), tiling }))
    }

    /// Stops the search.
    fn close(&self) {
        if let Ok(mut s) = self.stream.lock() {
            s.close();
        }
    }
}

/// One packing (Python class `gridlock.Solution`): its tiles, each a piece name and the
/// board cells `(row, col)` it covers.
#[pyclass(module = "gridlock", frozen)]
pub struct Solution {
    solver: Arc<PackSolver>,
    tiling: Tiling,
}

impl Solution {
    fn packing(&self) -> pack::Packing {
        self.tiling.iter().map(|(_, c)| c.clone()).collect()
    }
}

#[pymethods]
impl Solution {
    /// The tiles: `(piece name, [(row, col), ...])`, in the order of their labels.
    #[getter]
    fn tiles(&self) -> Vec<(String, Vec<(i32, i32)>)> {
        let cells = self.solver.board().cells();
        self.tiling
            .iter()
            .map(|(p, pl)| (self.solver.pieces()[*p].name.clone(), pl.iter().map(|&i| (cells[i].x, cells[i].y)).collect()))
            .collect()
    }

    fn __len__(&self) -> usize {
        self.tiling.len()
    }

    /// The drawing as `gridlock pack` prints it (a letter per tile, a legend when the
    /// letters are not the piece names).
    fn __str__(&self) -> String {
        let solver = &*self.solver;
        if solver.is_distinct() {
            let labels = pack::labels(solver.pieces());
            pack::render(solver.board(), &labels, &self.packing()) + &pack::legend(solver.pieces(), &labels)
        } else {
            pack::render_tiling(solver.board(), solver.pieces(), &self.tiling)
        }
    }

    fn __repr__(&self) -> String {
        format!("<gridlock.Solution of {} tiles>\n{}", self.tiling.len(), self.__str__())
    }

    /// The packing as an SVG document (as `gridlock pack --svg`).
    fn to_svg(&self) -> String {
        let solver = &*self.solver;
        let grid = pack::piece_grid(solver.board(), &self.packing());
        if solver.is_distinct() {
            let labels = pack::labels(solver.pieces());
            let legend: Vec<(char, String)> = if pack::legend(solver.pieces(), &labels).is_empty() {
                Vec::new()
            } else {
                labels.iter().zip(solver.pieces()).map(|(&l, p)| (l, p.name.clone())).collect()
            };
            return puzzles::svg::pack(&grid, &labels, &legend);
        }
        let labels: Vec<char> = (0..self.tiling.len()).map(pack::nth_label).collect();
        let legend: Vec<(char, String)> =
            self.tiling.iter().zip(&labels).map(|((p, _), &l)| (l, solver.pieces()[*p].name.clone())).collect();
        puzzles::svg::pack(&grid, &labels, &legend)
    }

    /// Jupyter's hook: the SVG picture.
    fn _repr_svg_(&self) -> String {
        self.to_svg()
    }
}

/// Registers the function and classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pack_problem, m)?)?;
    m.add_function(wrap_pyfunction!(pack_knuth, m)?)?;
    m.add_function(wrap_pyfunction!(rectangles, m)?)?;
    m.add_class::<Packing>()?;
    m.add_class::<Solutions>()?;
    m.add_class::<Solution>()?;
    Ok(())
}

/// What a polyomino set does with rectangles, as `gridlock rectangles` (docs/rectangles.md):
/// exactly one question of `length` (with `width`), `gf` (with `width`), `table`
/// (`(W, H)`), `smallest` (`"rectangle"`, `"square"` or `"odd"`), `order`, `odd_order`,
/// `square_order`. Returns the JSON answer's fields as a dict, integers as Python ints.
#[pyfunction]
#[pyo3(signature = (pieces, *, copies = None, one_sided = false, width = None, length = None, gf = false, table = None,
    smallest = None, order = false, odd_order = false, square_order = false, max_area = 1000, max_states = DEFAULT_MAX_STATES))]
#[allow(clippy::too_many_arguments)]
fn rectangles<'py>(
    py: Python<'py>,
    pieces: &Bound<'py, PyAny>,
    copies: Option<CountArg>,
    one_sided: bool,
    width: Option<usize>,
    length: Option<usize>,
    gf: bool,
    table: Option<(usize, usize)>,
    smallest: Option<String>,
    order: bool,
    odd_order: bool,
    square_order: bool,
    max_area: usize,
    max_states: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let listed = read_pieces(pieces)?;
    let (pieces, written): (Vec<Piece>, Vec<Copies>) = listed.into_iter().unzip();
    let copies = atlas::copies_for(&written, copies.map(|c| c.copies("*")).transpose()?);
    let shapes: Vec<polyform::Shape> = pieces.iter().map(|p| p.shape.clone()).collect();
    let freedom = if one_sided { Freedom::OneSided } else { Freedom::Free };
    let asked = [length.is_some(), gf, table.is_some(), smallest.is_some(), order, odd_order, square_order];
    if asked.iter().filter(|&&a| a).count() != 1 {
        return Err(value_error("ask exactly one of length, gf, table, smallest, order, odd_order, square_order"));
    }
    if (length.is_some() || gf) != width.is_some() {
        return Err(value_error("width goes with length or gf (and only with them)"));
    }
    let failed = |e: TransferError| match e {
        TransferError::TooManyStates(_) => value_error(format!("{e} (raise max_states)")),
        e => value_error(e),
    };
    let out = PyDict::new(py);
    let frontier = |w: usize| Frontier::new(&shapes, freedom, &copies, w).map(|f| f.max_states(max_states)).map_err(failed);
    if let Some(n) = length {
        let f = frontier(width.unwrap_or(0))?;
        let counts = interruptible(py, || f.strip_counts(n, &mut |_| {}))?.map_err(failed)?;
        out.set_item("width", width)?;
        out.set_item("counts", counts)?;
    } else if gf {
        let f = frontier(width.unwrap_or(0))?;
        let (r, _) = interruptible(py, || atlas::generating_function(&f, 1 << 20, &mut |_| {}))?.map_err(failed)?;
        out.set_item("width", width)?;
        out.set_item("numerator", r.numerator)?;
        out.set_item("denominator", r.denominator)?;
    } else if let Some((w_max, h_max)) = table {
        if w_max == 0 || h_max == 0 {
            return Err(value_error("a table is at least 1x1"));
        }
        let rows = interruptible(py, || atlas::table(&shapes, freedom, &copies, w_max, h_max, max_states))?.map_err(failed)?;
        out.set_item("table", rows)?;
    } else {
        let goal = match smallest.as_deref() {
            Some("rectangle") => Goal::Rectangle,
            Some("square") => Goal::Square,
            Some("odd") => Goal::Odd,
            Some(other) => return Err(value_error(format_args!("smallest is 'rectangle', 'square' or 'odd', not '{other}'"))),
            None if order => Goal::Order,
            None if odd_order => Goal::OddOrder,
            None => Goal::SquareOrder,
        };
        let searched =
            interruptible(py, || atlas::search(&shapes, freedom, &copies, goal, max_area, max_states, &mut |_| {}))?.map_err(failed)?;
        out.set_item("proven", searched.unproven.is_none())?;
        let bound = searched.unproven.map(|u| match u {
            atlas::Unproven::Area(_) => format!("{u} (raise max_area)"),
            atlas::Unproven::Width { error: TransferError::TooManyStates(_), .. } => format!("{u} (raise max_states)"),
            u => u.to_string(),
        });
        out.set_item("bound", bound)?;
        if let Some(found) = searched.found {
            out.set_item("rows", found.rows)?;
            out.set_item("columns", found.columns)?;
            out.set_item("copies", found.copies)?;
            let tiles: Vec<(String, Vec<(i32, i32)>)> =
                found.tiles.into_iter().map(|(p, _, cells)| (pieces[p].name.clone(), cells)).collect();
            out.set_item("tiles", tiles)?;
        }
    }
    Ok(out)
}
