//! Counting part by part from Python: the checkpoint file of `checkpoint`
//! (the same files as the CLI's `--checkpoint`), for `gridlock._parts`, which hands the
//! parts to any `concurrent.futures.Executor`.

use crate::value_error;
use checkpoint::{Checkpoint as File, CheckpointError};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

/// An open checkpoint (Python class `gridlock._gridlock.Checkpoint`).
#[pyclass(module = "gridlock", name = "Checkpoint", frozen)]
pub struct Checkpoint {
    file: Mutex<File>,
}

fn error(e: CheckpointError) -> PyErr {
    match e {
        CheckpointError::Io { .. } => PyOSError::new_err(e.to_string()),
        other => value_error(other),
    }
}

#[pymethods]
impl Checkpoint {
    /// Opens (or creates) the checkpoint at `path` for the count `command` of the problem
    /// `problem` cut into `parts` parts. Raises `ValueError` for a foreign or damaged
    /// file, `OSError` when it cannot be read or written.
    #[new]
    fn new(path: PathBuf, command: &str, problem: &str, parts: usize) -> PyResult<Checkpoint> {
        if parts == 0 {
            return Err(value_error("parts must be at least 1"));
        }
        Ok(Checkpoint { file: Mutex::new(File::open(&path, command, problem, parts).map_err(error)?) })
    }

    /// The parts not recorded yet, in order.
    fn missing(&self) -> Vec<usize> {
        self.file.lock().expect("not poisoned").missing()
    }

    /// The parts recorded, with their counts.
    fn done(&self) -> BTreeMap<usize, u128> {
        self.file.lock().expect("not poisoned").done().clone()
    }

    /// Records part `k`'s count (appended and synced to the disk).
    fn record(&self, k: usize, count: u128) -> PyResult<()> {
        let mut file = self.file.lock().expect("not poisoned");
        if k == 0 || k > file.parts() {
            return Err(value_error(format_args!("part {k} is not one of 1 to {}", file.parts())));
        }
        file.record(k, count).map_err(error)
    }
}

/// `count(executor=..., parts=..., checkpoint=..., progress=...)` of `problem` (an
/// `ExactCover` or a `Packing`) through `gridlock._parts.count_in_parts` when any of
/// `executor`, `checkpoint`, `progress` is given (`extra`: the arguments of the
/// problem's `_count_part` after `k` and `n`); `None` otherwise (the caller counts in
/// process).
///
/// # Errors
/// `ValueError` when `threads` is not 1 (the parts share the executor's workers), and
/// what `count_in_parts` raises. With `unique` the parts are those of Burnside's sum
/// (the problem's `_count_part(k, n, True)`), divided by its `_burnside_order()`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn count_in_parts<'py>(
    py: Python<'py>,
    problem: &Bound<'py, PyAny>,
    unique: bool,
    threads: usize,
    executor: Option<Bound<'py, PyAny>>,
    parts: usize,
    checkpoint: Option<Bound<'py, PyAny>>,
    progress: Option<Bound<'py, PyAny>>,
    extra: Bound<'py, PyTuple>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    if executor.is_none() && checkpoint.is_none() && progress.is_none() {
        return Ok(None);
    }
    if threads != 1 {
        return Err(value_error(
            "threads counts in this process; with executor, checkpoint or progress the parts share the executor's workers",
        ));
    }
    let f = py.import("gridlock._parts")?.getattr("count_in_parts")?;
    f.call1((problem, executor, parts, checkpoint, progress, extra, unique)).map(Some)
}

/// `(command, problem hash)` naming a packing's count in a checkpoint, as `gridlock pack
/// --count [--unique] --checkpoint` names it: the hash of its exact cover text `knuth`.
pub(crate) fn pack_checkpoint_id(knuth: &str, unique: bool) -> (&'static str, String) {
    (if unique { "pack --count --unique" } else { "pack --count" }, checkpoint::problem_hash(&[knuth.as_bytes()]))
}

/// Registers the class.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // How this build cuts counts into parts: the checkpoint format and the engines'
    // version. A worker whose build says otherwise refuses the caller's parts.
    m.add("_PARTS", format!("{} {}", checkpoint::FORMAT, checkpoint::VERSION))?;
    m.add_class::<Checkpoint>()
}
