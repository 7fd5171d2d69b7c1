//! `pack`: packing on every lattice over `puzzles::pack::Problem` (the one packing front
//! door: it chooses the engine), as `gridlock pack`; `pack_knuth` and `pack_box` build
//! the same `Packing` from Knuth's format and from a box (`pack_box` and the name
//! `BoxPacking` are kept as aliases for one release).

use crate::{interruptible, parse_error, value_error, Stream};
use polyform::atlas::{self, Goal};
use polyform::transfer::{Frontier, TransferError, DEFAULT_MAX_STATES};
use polyform::{Cell, Copies, Freedom, Lattice, Piece, Region, Shape};
use puzzles::pack::{self, lattice, Artist, Problem, Tiling};
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

/// The lattice named `name` as the command line spells it.
pub(crate) fn lattice_named(name: &str) -> PyResult<Lattice> {
    let names: Vec<&str> = Lattice::ALL.iter().map(|l| l.name()).collect();
    Lattice::ALL
        .into_iter()
        .find(|l| l.name() == name)
        .ok_or_else(|| value_error(format_args!("no lattice '{name}' (there are {})", names.join(", "))))
}

/// Whether `text` is a box such as `6x10` or `3x4x5` rather than a drawing.
fn is_box(text: &str) -> bool {
    let parts: Vec<&str> = text.trim().split(['x', 'X']).collect();
    (2..=3).contains(&parts.len()) && parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// The lattice a pieces or board argument names, if it names one: a built-in set's, or
/// the `lattice: NAME` header of a drawing.
fn named_lattice(arg: &Bound<'_, PyAny>) -> PyResult<Option<Lattice>> {
    let Ok(text) = arg.cast::<PyString>() else {
        return Ok(None);
    };
    let text = &*text.to_cow()?;
    if let Some(set) = polyform::sets::find(text) {
        return Ok(Some(set.lattice));
    }
    Ok(pack::drawing::file_lattice(text).map_err(|e| parse_error(&e))?.0)
}

/// The board on lattice `l`: a box `AxB[xC]` (on the square lattice `ROWSxCOLUMNS`), a
/// drawing in the board-file notation, or an iterable of cells (`(row, col)` on the
/// square lattice, `(x, y, z)` on any).
fn read_board(arg: &Bound<'_, PyAny>, l: Lattice) -> PyResult<Region> {
    if let Ok(text) = arg.cast::<PyString>() {
        let text = &*text.to_cow()?;
        return match (l, is_box(text)) {
            (Lattice::Square, true) => pack::rectangle(text).map_err(value_error),
            (_, true) => lattice::boxed(l, text).map_err(value_error),
            (Lattice::Square, false) => pack::parse_board(text).map_err(|e| parse_error(&e)),
            (_, false) => pack::drawing::parse_board(text, l).map_err(|e| parse_error(&e)),
        };
    }
    let mut cells = Vec::new();
    for item in arg.try_iter()? {
        let item = item?;
        let c = match item.extract::<(i32, i32)>() {
            Ok((x, y)) => Cell::new(x, y, 0),
            Err(_) => {
                let (x, y, z): (i32, i32, i32) = item.extract()?;
                Cell::new(x, y, z)
            }
        };
        if !l.contains(c) {
            return Err(value_error(format_args!("({}, {}, {}) is not a cell of the {} lattice", c.x, c.y, c.z, l.name())));
        }
        cells.push(c);
    }
    if cells.is_empty() {
        return Err(value_error("the board has no cell"));
    }
    let region = Region::new(l, cells.iter().copied());
    if region.len() != cells.len() {
        return Err(value_error("the board names a cell twice"));
    }
    Ok(region)
}

/// One square piece from its drawing (`#` a cell), named `name`; errors name the
/// drawing's line.
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

/// The pieces on lattice `l`: a built-in set's name, a pieces file's text (a `lattice:
/// NAME` header off the square lattice), or (square lattice) a dict name -> drawing or
/// (drawing, count).
fn read_pieces(arg: &Bound<'_, PyAny>, l: Lattice) -> PyResult<Vec<(Piece, Copies)>> {
    if let Ok(text) = arg.cast::<PyString>() {
        let text = &*text.to_cow()?;
        if let Some(set) = polyform::sets::find(text).filter(|s| s.lattice == l) {
            return Ok(set.pieces().into_iter().map(|p| (p, Copies::ONE)).collect());
        }
        if !text.contains('\n') {
            let names = if l == Lattice::Square { polyform::sets::square_names() } else { polyform::sets::other_names() };
            return Err(value_error(format_args!("no built-in set '{text}' of the {} lattice (there are {names})", l.name())));
        }
        return match l {
            Lattice::Square => pack::parse_pieces(text),
            _ => pack::drawing::parse_pieces(text, l),
        }
        .map_err(|e| parse_error(&e));
    }
    let dict =
        arg.cast::<PyDict>().map_err(|_| value_error("pieces must be a set name, a pieces file's text or a dict name -> drawing"))?;
    if l != Lattice::Square {
        return Err(value_error(format_args!("a dict of drawings is square pieces; draw {} in a pieces file's text", l.polyforms_name())));
    }
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

/// Whether pieces may be turned over: plane pieces unless `one_sided`, solids only
/// with `mirror`.
fn reflections(l: Lattice, one_sided: bool, mirror: bool) -> PyResult<bool> {
    if l.is_solid() && one_sided {
        return Err(value_error(format_args!("one_sided is for plane pieces; {} are rotated only unless mirror", l.polyforms_name())));
    }
    if !l.is_solid() && mirror {
        return Err(value_error("mirror is for solids (polycubes, prisms); plane pieces are turned over unless one_sided"));
    }
    Ok(if l.is_solid() { mirror } else { !one_sided })
}

/// Packs `pieces` into `board` on any lattice (see the package's docstring): the
/// lattice is `lattice`, else the one the pieces or the board name, else square.
#[pyfunction(name = "pack")]
#[pyo3(signature = (board, pieces, *, one_sided = false, copies = None, mirror = false, lattice = None))]
fn pack_problem(
    board: &Bound<'_, PyAny>,
    pieces: &Bound<'_, PyAny>,
    one_sided: bool,
    copies: Option<CountArg>,
    mirror: bool,
    lattice: Option<&str>,
) -> PyResult<Packing> {
    let mut named: Vec<Lattice> = lattice.map(lattice_named).transpose()?.into_iter().collect();
    named.extend(named_lattice(pieces)?);
    named.extend(named_lattice(board)?);
    if let Some(other) = named.iter().find(|&&l| l != named[0]) {
        return Err(value_error(format_args!("the board and pieces name the {} lattice and the {}", named[0].name(), other.name())));
    }
    let l = named.first().copied().unwrap_or(Lattice::Square);
    let reflections = reflections(l, one_sided, mirror)?;
    let region = read_board(board, l)?;
    let listed = read_pieces(pieces, l)?;
    let every = copies.map(|c| c.copies("*")).transpose()?;
    let (pieces, copies): (Vec<Piece>, Vec<Copies>) = listed.into_iter().map(|(p, c)| (p, every.unwrap_or(c))).unzip();
    Packing::new(region, pieces, copies, reflections)
}

/// Packs the box and pieces of a file in the input notation of Knuth's polyomino-dlx.
#[pyfunction]
#[pyo3(signature = (text, *, one_sided = false))]
fn pack_knuth(text: &str, one_sided: bool) -> PyResult<Packing> {
    let (board, listed) = pack::parse_knuth(text).map_err(|e| parse_error(&e))?;
    let (pieces, copies): (Vec<Piece>, Vec<Copies>) = listed.into_iter().unzip();
    Packing::new(board, pieces, copies, !one_sided)
}

/// `pack(box, pieces, mirror=..., one_sided=...)` for pieces off the square lattice (a
/// built-in set, or drawn pieces with a `lattice: NAME` header): kept as an alias of
/// `pack` for one release.
#[pyfunction]
#[pyo3(signature = (r#box, pieces, *, mirror = false, one_sided = false))]
fn pack_box(r#box: &str, pieces: &str, mirror: bool, one_sided: bool) -> PyResult<Packing> {
    let l = match polyform::sets::find(pieces).filter(|s| s.lattice != Lattice::Square) {
        Some(set) => set.lattice,
        None if pieces.contains('\n') => pack::drawing::file_lattice(pieces)
            .map_err(|e| parse_error(&e))?
            .0
            .filter(|&l| l != Lattice::Square)
            .ok_or_else(|| value_error("drawn pieces for pack_box start with a 'lattice: NAME' line (pack takes square ones)"))?,
        None => {
            return Err(value_error(format_args!(
                "no built-in set '{pieces}' of another lattice (there are {}), nor drawn pieces",
                polyform::sets::other_names()
            )))
        }
    };
    let reflections = reflections(l, one_sided, mirror)?;
    let region = lattice::boxed(l, r#box).map_err(value_error)?;
    let (set, copies) = Python::attach(|py| read_pieces(PyString::new(py, pieces).as_any(), l))?.into_iter().unzip();
    Packing::new(region, set, copies, reflections)
}

/// A pickled piece: its name, its cells `(x, y, z)` and its count (`lo..hi` or `lo..*`).
type PickledPiece = (String, Vec<(i32, i32, i32)>, String);

/// A pickled problem: the lattice's name, the region's cells `(x, y, z)`, each piece
/// ([`PickledPiece`]), and whether pieces may be turned over (solids: mirrored).
type Pickled = (String, Vec<(i32, i32, i32)>, Vec<PickledPiece>, bool);

/// Rebuilds a pickled `Packing` (see `Packing.__reduce__`).
#[pyfunction]
fn _packing(lattice: &str, cells: Vec<(i32, i32, i32)>, pieces: Vec<PickledPiece>, reflections: bool) -> PyResult<Packing> {
    let l = lattice_named(lattice)?;
    let region = Region::new(l, cells.into_iter().map(|(x, y, z)| Cell::new(x, y, z)));
    let mut listed = Vec::new();
    let mut counts = Vec::new();
    for (name, cells, count) in pieces {
        let shape = Shape::on(l, cells.into_iter().map(|(x, y, z)| Cell::new(x, y, z))).map_err(value_error)?;
        counts.push(Copies::parse(&count).map_err(value_error)?);
        listed.push(Piece { name, shape });
    }
    Packing::new(region, listed, counts, reflections)
}

/// A packing problem on any lattice (Python class `gridlock.Packing`; `BoxPacking` is an
/// alias for one release).
#[pyclass(module = "gridlock", frozen)]
pub struct Packing {
    problem: Arc<Problem>,
}

impl Packing {
    fn new(region: Region, pieces: Vec<Piece>, copies: Vec<Copies>, reflections: bool) -> PyResult<Packing> {
        let problem = Problem::new(region, pieces, copies, reflections).map_err(value_error)?;
        Ok(Packing { problem: Arc::new(problem) })
    }

    fn solution(&self, tiling: Tiling) -> Solution {
        Solution { problem: self.problem.clone(), tiling }
    }
}

#[pymethods]
impl Packing {
    /// The first packing, or `None`.
    fn first(&self, py: Python<'_>) -> PyResult<Option<Solution>> {
        let problem = &*self.problem;
        let found = interruptible(py, || problem.first())?;
        Ok(found.map(|t| self.solution(t)))
    }

    /// The packings, lazily; with `unique`, one per class under the region's symmetries
    /// (copies of a piece indistinguishable), as `gridlock pack --all --unique` lists them.
    #[pyo3(signature = (unique = false))]
    fn solutions(&self, unique: bool) -> PyResult<Solutions> {
        let problem = self.problem.clone();
        if unique && problem.region().lattice() != Lattice::Square && !problem.is_distinct() {
            return Err(run_error(pack::RunError::Copies));
        }
        let stream = Stream::spawn(move |emit| {
            let mut each = |t: &Tiling| emit(t.clone());
            if unique {
                let _ = problem.for_each_class(&mut each);
            } else {
                let _ = problem.for_each(&mut each);
            }
        });
        Ok(Solutions { problem: self.problem.clone(), stream: Mutex::new(stream) })
    }

    /// The number of packings, exact; with `unique`, of classes under the region's
    /// symmetries (Burnside's lemma; copies of a piece indistinguishable); on `threads`
    /// threads where the engine's tree can be cut. `executor`, `parts`, `checkpoint`,
    /// `progress`: as `ExactCover.count` (with `unique`, the parts are those of
    /// Burnside's sum).
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
        let problem = &*slf.get().problem;
        let options = pack::RunOptions { threads: crate::threads(threads)?, shard: None, progress: None };
        let counted =
            interruptible(py, || if unique { problem.count_classes(&options).map(Into::into) } else { problem.count_exact(&options) })?;
        let count = counted.map_err(run_error)?;
        Ok(count.into_pyobject(py)?.into_any())
    }

    /// `(restore, ("packing", (lattice, cells, pieces, reflections)))`: pickling sends
    /// the region's cells and each piece as `(name, cells, count)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (&'static str, Pickled))> {
        let problem = &*self.problem;
        let triple = |c: &Cell| (c.x, c.y, c.z);
        let cells = problem.region().cells().iter().map(triple).collect();
        let pieces = problem
            .pieces()
            .iter()
            .zip(problem.copies())
            .map(|(p, c)| {
                let count = match c.hi {
                    Some(h) => format!("{}..{h}", c.lo),
                    None => format!("{}..*", c.lo),
                };
                (p.name.clone(), p.shape.cells().iter().map(triple).collect(), count)
            })
            .collect();
        let lattice = problem.region().lattice().name().to_string();
        let payload = (lattice, cells, pieces, problem.freedom() == Freedom::Free);
        Ok((py.import("gridlock._parts")?.getattr("_restore")?, ("packing", payload)))
    }

    /// `(command, problem hash)` naming this count in a checkpoint, as `gridlock pack
    /// --count --checkpoint` names it (the exact cover text's hash).
    #[pyo3(signature = (unique = false))]
    fn _checkpoint_id(&self, unique: bool) -> (&'static str, String) {
        crate::parts::pack_checkpoint_id(&self.problem.knuth_text(), unique)
    }

    /// The count of part `k` of `n` (as `gridlock pack --count --shard k/n`); with
    /// `unique`, that part of Burnside's sum (as `gridlock pack --count --unique
    /// --checkpoint`), which `_burnside_order()` divides.
    #[pyo3(signature = (k, n, unique = false))]
    fn _count_part(&self, py: Python<'_>, k: usize, n: usize, unique: bool) -> PyResult<u128> {
        if k == 0 || k > n {
            return Err(value_error(format_args!("part {k} of {n}: parts are 1 to n")));
        }
        let problem = &*self.problem;
        let options = pack::RunOptions { threads: 1, shard: Some((k, n)), progress: None };
        interruptible(py, || if unique { problem.burnside_part(&options) } else { problem.count(&options) })?.map_err(run_error)
    }

    /// What the parts of Burnside's sum add up to, over the number of classes.
    fn _burnside_order(&self) -> u128 {
        self.problem.burnside_order()
    }

    /// `n` packings drawn independently and exactly uniformly at random, reproducible
    /// from `seed` (as `gridlock pack --sample`). `ValueError` when the ZDD passes
    /// `max_nodes` nodes or `max_memory` bytes (as `exact_cover::ZddLimit` counts them).
    #[pyo3(signature = (n, *, seed = 0, max_nodes = 50_000_000, max_memory = 1 << 30))]
    fn sample(&self, py: Python<'_>, n: usize, seed: u64, max_nodes: usize, max_memory: usize) -> PyResult<Vec<Solution>> {
        let limit = exact_cover::ZddLimit { nodes: max_nodes, bytes: max_memory };
        let problem = &*self.problem;
        let drawn = interruptible(py, || {
            let mut drawn = Vec::new();
            problem
                .sample(n, seed, limit, |t| {
                    drawn.push(t.clone());
                    ControlFlow::Continue(())
                })
                .map(|()| drawn)
        })?
        .map_err(run_error)?;
        Ok(drawn.into_iter().map(|t| self.solution(t)).collect())
    }

    /// The engine that searches this problem, in words (as `gridlock pack --stats`).
    #[getter]
    fn engine(&self) -> String {
        self.problem.engine()
    }

    /// The problem as exact cover in Knuth's DLX format (DLX3 multiplicities for counts).
    fn to_knuth(&self) -> String {
        self.problem.knuth_text()
    }

    /// The lattice's name (`square`, `triangular`, `hexagonal`, `cubic`, `prism`).
    #[getter]
    fn lattice(&self) -> &'static str {
        self.problem.region().lattice().name()
    }

    /// The region's cells in order: `(row, col)` on the square lattice, else as
    /// `Solution.tiles` gives them.
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, pyo3::types::PyTuple>>> {
        let artist = Artist::new(&self.problem);
        (0..self.problem.region().len()).map(|i| pyo3::types::PyTuple::new(py, artist.coordinates(i))).collect()
    }

    fn __repr__(&self) -> String {
        let problem = &*self.problem;
        format!("Packing({} cells, {} pieces, {} lattice)", problem.region().len(), problem.pieces().len(), self.lattice())
    }
}

/// A lazy iterator over packings.
#[pyclass(module = "gridlock", name = "PackingSolutions")]
pub struct Solutions {
    problem: Arc<Problem>,
    stream: Mutex<Stream<Tiling>>,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Solution>> {
        let next = crate::locked(&self.stream)?.next(py)?;
        Ok(next.map(|tiling| Solution { problem: self.problem.clone(), tiling }))
    }

    /// Stops the search.
    fn close(&self) {
        if let Ok(mut s) = self.stream.lock() {
            s.close();
        }
    }
}

/// One packing (Python class `gridlock.Solution`): its tiles, each a piece name and the
/// cells it covers.
#[pyclass(module = "gridlock", frozen)]
pub struct Solution {
    problem: Arc<Problem>,
    tiling: Tiling,
}

#[pymethods]
impl Solution {
    /// The tiles: `(piece name, [cell, ...])`, in the order of their labels; a cell is
    /// `(row, col)` on the square lattice, `(x, y)` on the hexagonal one, `(x, y, t)`
    /// on the triangular one, `(x, y, z)` on the cubic and prism ones (as `gridlock pack
    /// --format json`).
    #[getter]
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Vec<(String, Vec<Bound<'py, pyo3::types::PyTuple>>)>> {
        let artist = Artist::new(&self.problem);
        self.tiling
            .iter()
            .map(|(p, pl)| {
                let cells = pl.iter().map(|&i| pyo3::types::PyTuple::new(py, artist.coordinates(i))).collect::<PyResult<_>>()?;
                Ok((self.problem.pieces()[*p].name.clone(), cells))
            })
            .collect()
    }

    fn __len__(&self) -> usize {
        self.tiling.len()
    }

    /// The packing as `gridlock pack` prints it.
    fn __str__(&self) -> String {
        Artist::new(&self.problem).text(&self.tiling)
    }

    fn __repr__(&self) -> String {
        format!("<gridlock.Solution of {} tiles>\n{}", self.tiling.len(), self.__str__())
    }

    /// The packing as an SVG document (as `gridlock pack --svg`).
    fn to_svg(&self) -> String {
        Artist::new(&self.problem).svg(Some(&self.tiling))
    }

    /// Jupyter's hook: the SVG picture.
    fn _repr_svg_(&self) -> String {
        self.to_svg()
    }
}

/// Registers the functions and classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add_functions!(m, pack_problem, pack_knuth, pack_box, _packing, rectangles);
    m.add_class::<Packing>()?;
    m.add("BoxPacking", m.getattr("Packing")?)?;
    m.add_class::<Solutions>()?;
    m.add_class::<Solution>()?;
    Ok(())
}

/// A cell of a box: `(row, column, layer)`.
type Cube = (i32, i32, i32);

/// Why a search of `rectangles` is unproven, worded with the argument that raises the
/// bound.
fn bound(u: atlas::Unproven) -> String {
    match u {
        atlas::Unproven::Area(_) | atlas::Unproven::Volume(_) => format!("{u} (raise max_area)"),
        atlas::Unproven::Width { ref error, .. } | atlas::Unproven::Across { ref error, .. } if error.is_too_many_states() => {
            format!("{u} (raise max_states)")
        }
        u => u.to_string(),
    }
}

/// What a polyomino set does with rectangles, as `gridlock rectangles` (docs/rectangles.md):
/// exactly one question of `length` (with `width`), `gf` (with `width`), `table`
/// (`(W, H)`), `smallest` (`"rectangle"`, `"square"` or `"odd"`), `order`, `odd_order`,
/// `square_order`. Returns the JSON answer's fields as a dict, integers as Python ints.
/// With `lattice="cubic"` the pieces are polycubes (`mirror`: also mirrored) and
/// `smallest` and the orders ask for boxes (`sides`, `copies`, `tiles`).
#[pyfunction]
#[pyo3(signature = (pieces, *, copies = None, one_sided = false, width = None, length = None, gf = false, table = None,
    smallest = None, order = false, odd_order = false, square_order = false, max_area = 1000, max_states = None, threads = 1, checkpoint = None,
    checkpoint_every = None, lattice = "square", mirror = false, lookahead = None, states_dir = None))]
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
    max_states: Option<usize>,
    threads: usize,
    checkpoint: Option<std::path::PathBuf>,
    checkpoint_every: Option<f64>,
    lattice: &str,
    mirror: bool,
    lookahead: Option<usize>,
    states_dir: Option<std::path::PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    if checkpoint_every.is_some() && checkpoint.is_none() {
        return Err(value_error("checkpoint_every goes with checkpoint"));
    }
    if checkpoint_every.is_some_and(|t| !(0.0..=366.0 * 86400.0).contains(&t)) {
        return Err(value_error("checkpoint_every is a number of seconds from 0 (at most a year)"));
    }
    let cell_states = max_states.unwrap_or(DEFAULT_MAX_STATES);
    let lattice = match lattice {
        "square" => Lattice::Square,
        "cubic" => Lattice::Cubic,
        other => return Err(value_error(format_args!("lattice is 'square' (rectangles) or 'cubic' (boxes), not '{other}'"))),
    };
    if mirror && lattice != Lattice::Cubic {
        return Err(value_error("mirror is for polycubes (lattice='cubic'); polyominoes are turned over unless one_sided"));
    }
    let listed = read_pieces(pieces, lattice)?;
    let (pieces, written): (Vec<Piece>, Vec<Copies>) = listed.into_iter().unzip();
    let copies = atlas::copies_for(&written, copies.map(|c| c.copies("*")).transpose()?);
    let shapes: Vec<polyform::Shape> = pieces.iter().map(|p| p.shape.clone()).collect();
    let freedom = if one_sided { Freedom::OneSided } else { Freedom::Free };
    let asked = [length.is_some(), gf, table.is_some(), smallest.is_some(), order, odd_order, square_order];
    if asked.iter().filter(|&&a| a).count() != 1 {
        return Err(value_error("ask exactly one of length, gf, table, smallest, order, odd_order, square_order"));
    }
    // As the CLI's --lookahead and --states-dir: refused where no skyline search runs.
    if lookahead.is_some_and(|rows| !(1..=polyform::skyline::MAX_LOOKAHEAD).contains(&rows)) {
        return Err(value_error(format_args!("lookahead is 1 to {} rows", polyform::skyline::MAX_LOOKAHEAD)));
    }
    let tuning = match (lookahead, &states_dir) {
        (Some(_), _) => Some("lookahead"),
        (None, Some(_)) => Some("states_dir"),
        (None, None) => None,
    };
    if let Some(name) = tuning {
        if !(smallest.is_some() || order || odd_order || square_order) {
            return Err(value_error(format_args!("{name} tunes the skyline search of smallest and the orders")));
        }
        if !polyform::skyline::Skyline::fits(&shapes, &copies, 1) {
            return Err(value_error(format_args!(
                "{name} tunes the skyline search, which takes pieces of one size each used any number of times; these go to another engine"
            )));
        }
    }
    if let Some(dir) = states_dir.as_deref().filter(|d| !d.is_dir()) {
        return Err(value_error(format_args!("states_dir {} is not a directory", dir.display())));
    }
    if (length.is_some() || gf) != width.is_some() {
        return Err(value_error("width goes with length or gf (and only with them)"));
    }
    let failed = |e: TransferError| match e {
        e if e.is_too_many_states() => value_error(format!("{e} (raise max_states)")),
        e => value_error(e),
    };
    let out = PyDict::new(py);
    let goal = || -> PyResult<Goal> {
        Ok(match smallest.as_deref() {
            Some("rectangle") => Goal::Rectangle,
            Some("square") => Goal::Square,
            Some("odd") => Goal::Odd,
            Some(other) => return Err(value_error(format_args!("smallest is 'rectangle', 'square' or 'odd', not '{other}'"))),
            None if order => Goal::Order,
            None if odd_order => Goal::OddOrder,
            None => Goal::SquareOrder,
        })
    };
    if lattice == Lattice::Cubic {
        if length.is_some() || gf || table.is_some() {
            return Err(value_error("length, gf and table count tilings of plane strips; for polycubes ask smallest or an order"));
        }
        if one_sided {
            return Err(value_error("one_sided is for polyominoes; polycubes are rotated only unless mirror"));
        }
        if checkpoint_every.is_some() {
            return Err(value_error("checkpoint_every saves the states within a width of polyominoes; with polycubes the checkpoint records whole cross-sections"));
        }
        let freedom = if mirror { Freedom::Free } else { Freedom::OneSided };
        let bounds = atlas::Bounds { max_area, max_states, threads: threads.max(1), lookahead, states_dir: states_dir.clone() };
        let goal = goal()?;
        // With a checkpoint: a part per cross-section, as `gridlock rectangles
        // --checkpoint` records a box search.
        let searched = interruptible(py, || {
            puzzles::orders::boxes_journaled(&shapes, freedom, &copies, goal, bounds, checkpoint.as_deref(), &mut |_| {})
        })?;
        let searched = searched.map_err(|e| match e {
            puzzles::orders::JournaledError::Search(e) => failed(e),
            e => value_error(e),
        })?;
        out.set_item("proven", searched.unproven.is_none())?;
        out.set_item("bound", searched.unproven.map(bound))?;
        out.set_item("impossible", searched.impossible.map(|i| i.to_string()))?;
        if let Some(found) = searched.found {
            out.set_item("sides", found.sides.to_vec())?;
            out.set_item("copies", found.copies)?;
            let tiles: Vec<(String, Vec<Cube>)> = found
                .tiles
                .into_iter()
                .map(|(p, _, cells)| (pieces[p].name.clone(), cells.into_iter().map(|[i, j, l]| (i, j, l)).collect()))
                .collect();
            out.set_item("tiles", tiles)?;
        }
        return Ok(out);
    }
    let frontier = |w: usize| Frontier::new(&shapes, freedom, &copies, w).map(|f| f.max_states(cell_states)).map_err(failed);
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
        let rows = interruptible(py, || atlas::table(&shapes, freedom, &copies, w_max, h_max, cell_states))?.map_err(failed)?;
        out.set_item("table", rows)?;
    } else {
        let goal = goal()?;
        let bounds = atlas::Bounds { max_area, max_states, threads: threads.max(1), lookahead, states_dir: states_dir.clone() };
        // With a checkpoint: the widths it records are skipped, each width finished is
        // recorded and the states of the width in progress are saved beside it
        // (`checkpoint_every` seconds apart, 600 by default) and resumed, as `gridlock
        // rectangles --checkpoint` does, in the same file format.
        let every = std::time::Duration::from_secs_f64(checkpoint_every.unwrap_or(600.0));
        let searched = interruptible(py, || {
            puzzles::orders::search_journaled(&shapes, freedom, &copies, goal, bounds, checkpoint.as_deref(), every, &mut |_| {})
        })?;
        let (searched, _) = searched.map_err(|e| match e {
            puzzles::orders::JournaledError::Search(e) => failed(e),
            e => value_error(e),
        })?;
        out.set_item("proven", searched.unproven.is_none())?;
        out.set_item("bound", searched.unproven.map(bound))?;
        out.set_item("impossible", searched.impossible.map(|i| i.to_string()))?;
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
