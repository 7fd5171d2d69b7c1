//! `pack_box`: packings into boxes of the built-in sets of the other lattices (Soma, the
//! Tetris cube, Bedlam, flat pentacubes, hexiamonds, tetrahexes) or of pieces drawn on
//! any lattice (a pieces file with a `lattice:` header, piece counts allowed), over
//! `puzzles::pack::lattice::LatticeSolver`, as `gridlock pack --pieces SET|FILE --box
//! SPEC`: counts (also in parts on an executor), classes, the exact cover text.

use crate::pack::run_error;
use crate::{interruptible, value_error};
use polyform::Copies;
use puzzles::pack::{self, lattice, lattice::LatticeSolver};
use pyo3::prelude::*;
use std::sync::Arc;

/// The packing into a box of a built-in lattice set, or of pieces drawn as in `gridlock
/// pack --pieces FILE` (a text of more than one line: a `lattice: NAME` header, then per
/// piece a name line, optionally with a count, and its drawing; see the package's
/// docstring). Raises `ParseError` for a bad drawing, `ValueError` otherwise.
#[pyfunction]
#[pyo3(signature = (r#box, pieces, *, mirror = false, one_sided = false))]
fn pack_box(r#box: &str, pieces: &str, mirror: bool, one_sided: bool) -> PyResult<BoxPacking> {
    let (l, set, copies) = if pieces.contains('\n') {
        let (l, _) = pack::drawing::file_lattice(pieces).map_err(|e| crate::parse_error(&e))?;
        let l = l.ok_or_else(|| value_error("drawn pieces for pack_box start with a 'lattice: NAME' line (pack takes square ones)"))?;
        let drawn = pack::drawing::parse_pieces(pieces, l).map_err(|e| crate::parse_error(&e))?;
        let (set, copies) = drawn.into_iter().unzip();
        (l, set, copies)
    } else {
        let (l, set) = lattice::set(pieces).ok_or_else(|| {
            value_error(format_args!(
                "no built-in set '{pieces}' of another lattice (there are {}), nor drawn pieces",
                polyform::sets::other_names()
            ))
        })?;
        let copies = vec![Copies::ONE; set.len()];
        (l, set, copies)
    };
    let solid = l.is_solid();
    if mirror && !solid {
        return Err(value_error("mirror is for solids (polycubes, prisms); plane pieces are turned over unless one_sided"));
    }
    if one_sided && solid {
        return Err(value_error(format_args!("one_sided is for plane pieces; {} are rotated only unless mirror", l.polyforms_name())));
    }
    let region = lattice::boxed(l, r#box).map_err(value_error)?;
    let reflections = if solid { mirror } else { !one_sided };
    let solver = LatticeSolver::new(region, set, copies, reflections).map_err(value_error)?;
    let spec = (r#box.to_string(), pieces.to_string(), mirror, one_sided);
    Ok(BoxPacking { solver: Arc::new(solver), spec })
}

/// A packing of a lattice set into a box (Python class `gridlock.BoxPacking`).
#[pyclass(module = "gridlock", frozen)]
pub struct BoxPacking {
    solver: Arc<LatticeSolver>,
    /// `(box, pieces, mirror, one_sided)`, for pickling.
    spec: Spec,
}

/// What `pack_box` was called with.
type Spec = (String, String, bool, bool);

#[pymethods]
impl BoxPacking {
    /// The number of packings (every packing, the box's symmetries broken inside the
    /// count); `unique`: of classes under the box's symmetries that keep the set
    /// (Burnside's lemma). `executor`, `parts`, `checkpoint`, `progress`: as
    /// `ExactCover.count` (with `unique`, the parts are those of Burnside's sum).
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
        let solver = &*slf.get().solver;
        let options = pack::RunOptions { threads: crate::threads(threads)?, shard: None, progress: None };
        let count =
            interruptible(py, || if unique { solver.count_classes(&options) } else { solver.count(&options) })?.map_err(run_error)?;
        Ok(count.into_pyobject(py)?.into_any())
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
        interruptible(py, || if unique { solver.burnside_part(&options) } else { solver.count(&options) })?.map_err(run_error)
    }

    /// What the parts of Burnside's sum add up to, over the number of classes.
    fn _burnside_order(&self) -> PyResult<u128> {
        self.solver.burnside_order().map_err(run_error)
    }

    /// `(command, problem hash)` naming this count in a checkpoint, as `gridlock pack
    /// --count --checkpoint` names it.
    #[pyo3(signature = (unique = false))]
    fn _checkpoint_id(&self, unique: bool) -> (&'static str, String) {
        crate::parts::pack_checkpoint_id(&self.solver.knuth_text(), unique)
    }

    /// `(restore, ("box", (box, pieces, mirror, one_sided)))`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (&'static str, Spec))> {
        Ok((py.import("gridlock._parts")?.getattr("_restore")?, ("box", self.spec.clone())))
    }

    /// The engine that runs the search, in words.
    #[getter]
    fn engine(&self) -> String {
        self.solver.engine()
    }

    /// The problem as exact cover in Knuth's DLX format.
    fn to_knuth(&self) -> String {
        self.solver.knuth_text()
    }

    fn __repr__(&self) -> String {
        format!("pack_box({:?}, {:?})", self.spec.0, self.spec.1)
    }
}

/// Registers the function and the class.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pack_box, m)?)?;
    m.add_class::<BoxPacking>()
}
