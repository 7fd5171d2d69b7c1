//! BurrTools puzzles from Python (`gridlock.burrtools`): the problems of a `.xmpuzzle`
//! file, their assemblies (one per class under the result's symmetries) and the
//! disassembly of an assembly, on the crates' `burr`.

use crate::{interruptible, value_error};
use burr::{self, BurrError, BurrPuzzle};
use pyo3::prelude::*;

/// A file's error as the package's `ParseError`, with its line and column when it has
/// them.
fn burr_error(e: &BurrError) -> PyErr {
    let (line, column) = match e {
        BurrError::At { line, column, .. } => (Some(*line), Some(*column)),
        BurrError::Gzip { .. } => (None, None),
    };
    Python::attach(|py| match py.import("gridlock._errors").and_then(|m| m.getattr("ParseError")) {
        Ok(class) => match class.call1((e.to_string(), line, column, None::<u32>)) {
            Ok(value) => PyErr::from_value(value),
            Err(err) => err,
        },
        Err(err) => err,
    })
}

fn load(data: &[u8]) -> PyResult<BurrPuzzle> {
    burr::parse(data).map_err(|e| burr_error(&e))
}

/// A problem: its name, its pieces as `(shape name, min, max)`, its result shape's name.
type ProblemPy = (String, Vec<(String, u32, u32)>, String);

/// The problems of a file.
#[pyfunction]
fn burr_problems(data: &[u8]) -> PyResult<Vec<ProblemPy>> {
    let puzzle = load(data)?;
    Ok(puzzle
        .problems
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let parts = p.parts.iter().map(|part| (puzzle.shapes[part.shape].label(part.shape), part.min, part.max)).collect();
            (p.label(k), parts, puzzle.shapes[p.result].label(p.result))
        })
        .collect())
}

/// A placed piece: its shape's name and its cells `(x, y, z)`.
type PlacedPy = (String, Vec<(i32, i32, i32)>);

/// Problem `index`'s assemblies, one per class, from the file's bytes.
fn solve(py: Python<'_>, puzzle: &BurrPuzzle, index: usize, max_assemblies: u64) -> PyResult<burr::Assemblies> {
    if index >= puzzle.problems.len() {
        return Err(value_error(format_args!("problem {index}: the file has {} (from 0)", puzzle.problems.len())));
    }
    interruptible(py, || burr::assemblies(puzzle, index, max_assemblies))?.map_err(value_error)
}

/// The assemblies of problem `index`, one per class: each a list of placed pieces.
#[pyfunction]
#[pyo3(signature = (data, index, max_assemblies = 5_000_000))]
fn burr_assemblies(py: Python<'_>, data: &[u8], index: usize, max_assemblies: u64) -> PyResult<Vec<Vec<PlacedPy>>> {
    let puzzle = load(data)?;
    let found = solve(py, &puzzle, index, max_assemblies)?;
    let problem = &puzzle.problems[index];
    Ok(found
        .classes
        .iter()
        .map(|a| {
            a.iter()
                .map(|placed| {
                    let shape = problem.parts[placed.part].shape;
                    (puzzle.shapes[shape].label(shape), placed.cells.iter().map(|c| (c[0], c[1], c[2])).collect())
                })
                .collect()
        })
        .collect())
}

/// The number of assemblies of problem `index` (one per class), counted without keeping
/// them (memory does not grow with the count).
#[pyfunction]
fn burr_count(py: Python<'_>, data: &[u8], index: usize) -> PyResult<u64> {
    let puzzle = load(data)?;
    if index >= puzzle.problems.len() {
        return Err(value_error(format_args!("problem {index}: the file has {} (from 0)", puzzle.problems.len())));
    }
    let tally = interruptible(py, || burr::each_assembly(&puzzle, index, |_, _| std::ops::ControlFlow::Continue(())))?;
    Ok(tally.map_err(value_error)?.classes)
}

/// A move: the pieces (indices into the assembly), the axis (0 x, 1 y, 2 z), the sense
/// (+1, -1) and the units (`None`: away for good).
type StepPy = (Vec<usize>, usize, i32, Option<u32>);

/// How the pieces (cell lists) come apart: `(level, moves)`, or `None` when they do not;
/// `ValueError` when the search gives up (`max_moves`, `max_states`). The piece groups:
/// `groups`, each piece's one BurrTools group (0: none), as
/// [`burr::disassemble_in_groups`]; or `shapes`, each shape's `(group, count)` list
/// (as [`burr_grouping`] gives them), with `shape_of`, each piece's shape (an index into
/// `shapes`), as [`burr::Grouping`]: BurrTools' `subProbGroup` and `subProbGrouping`.
#[pyfunction]
#[pyo3(signature = (pieces, max_moves = 200, max_states = 2_000_000, groups = None, shapes = None, shape_of = None))]
fn burr_disassemble(
    py: Python<'_>,
    pieces: Vec<Vec<(i32, i32, i32)>>,
    max_moves: u32,
    max_states: usize,
    groups: Option<Vec<u32>>,
    shapes: Option<Vec<Vec<(u32, u32)>>>,
    shape_of: Option<Vec<usize>>,
) -> PyResult<Option<(Vec<u32>, Vec<StepPy>)>> {
    let cells: Vec<Vec<[i32; 3]>> = pieces.iter().map(|p| p.iter().map(|&(x, y, z)| [x, y, z]).collect()).collect();
    let grouping = match (groups, shapes, shape_of) {
        (None, Some(shapes), Some(shape_of)) => {
            if shape_of.len() != cells.len() || shape_of.iter().any(|&s| s >= shapes.len()) {
                return Err(value_error("shape_of must name one shape of shapes for each piece"));
            }
            burr::Grouping { shape_of, shapes }
        }
        (groups, None, None) => burr::Grouping::one_each(&groups.unwrap_or_default()),
        _ => return Err(value_error("give either groups, or shapes with shape_of")),
    };
    match interruptible(py, || burr::Disassembler::default().disassemble(&cells, &grouping, max_moves, max_states))? {
        Ok(d) => Ok(Some((d.level, d.steps.into_iter().map(|s| (s.pieces, s.axis, s.sign, s.distance)).collect()))),
        Err(burr::Stuck::Locked) => Ok(None),
        Err(burr::Stuck::GaveUp) => Err(value_error("the disassembly search gave up: raise max_moves or max_states")),
    }
}

/// A shape's name and its BurrTools groups, as `(group, count)`.
type GroupsPy = (String, Vec<(u32, u32)>);

/// Problem `index`'s pieces' groups as BurrTools lists them: per piece (shape of the
/// problem), its shape's name and its `(group, count)` list (empty: in no group).
#[pyfunction]
fn burr_grouping(data: &[u8], index: usize) -> PyResult<Vec<GroupsPy>> {
    let puzzle = load(data)?;
    let problem = puzzle.problems.get(index).ok_or_else(|| value_error("no such problem"))?;
    Ok(problem.parts.iter().map(|part| (puzzle.shapes[part.shape].label(part.shape), part.groups.clone())).collect())
}

/// Adds the functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add_functions!(m, burr_problems, burr_assemblies, burr_count, burr_disassemble, burr_grouping);
    Ok(())
}
