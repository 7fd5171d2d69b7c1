//! `polyforms`: every polyform of a size on a lattice, listed or counted, as `gridlock
//! polyforms` (over `polyform::enumerate` and `polyform::sets::family`).

use crate::{interruptible, value_error};
use polyform::enumerate::{self, Kind};
use pyo3::prelude::*;

/// A polyform as Python gets it: its name and its cells (`(row, col)` on the square
/// lattice, `(x, y)` hexagonal, `(x, y, z)` on the others).
type Listed = (String, Vec<Vec<i64>>);

/// Every polyform of `size` cells on `lattice` (see the package's docstring).
#[pyfunction]
#[pyo3(signature = (size, lattice = "square", *, one_sided = false, fixed = false, count = false, threads = 1))]
fn polyforms<'py>(
    py: Python<'py>,
    size: usize,
    lattice: &str,
    one_sided: bool,
    fixed: bool,
    count: bool,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let l = crate::pack::lattice_named(lattice)?;
    if one_sided && fixed {
        return Err(value_error("one_sided and fixed do not go together (fixed polyforms are distinct up to translation only)"));
    }
    if !(1..=40).contains(&size) {
        return Err(value_error(format_args!("size {size}: polyforms of 1 to 40 cells")));
    }
    let kind = if fixed {
        Kind::Fixed
    } else if one_sided {
        Kind::OneSided
    } else {
        Kind::Free
    };
    let threads = crate::threads(threads)?;
    if count {
        let n = interruptible(py, || enumerate::count(l, size, kind, threads, &|_, _| {})[size - 1])?;
        return Ok(n.into_pyobject(py)?.into_any());
    }
    interruptible(py, || enumerate::listable(l, size, threads))?
        .map_err(|e| value_error(format_args!("{e}: count them with count=True")))?;
    let pieces = interruptible(py, || polyform::sets::family(l, size, kind))?;
    let listed: Vec<Listed> = pieces
        .into_iter()
        .map(|p| {
            let cells = p.shape.cells().iter().map(|&c| puzzles::pack::artist::coordinates(l, c)).collect();
            (p.name, cells)
        })
        .collect();
    let out: Vec<(String, Vec<Bound<'py, pyo3::types::PyTuple>>)> = listed
        .into_iter()
        .map(|(name, cells)| Ok((name, cells.into_iter().map(|c| pyo3::types::PyTuple::new(py, c)).collect::<PyResult<_>>()?)))
        .collect::<PyResult<_>>()?;
    Ok(out.into_pyobject(py)?.into_any())
}

/// Registers the function.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(polyforms, m)?)
}
