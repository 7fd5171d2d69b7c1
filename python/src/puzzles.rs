//! The contest puzzles: `solve` prints what `gridlock <puzzle>` prints, `check` is the
//! special judge of `gridlock check` (`puzzles::judge`).

use crate::{interruptible, parse_error, value_error, verdict};
use puzzles::judge::{judge, Puzzle};
use puzzles::{beads, laser, mayan, twins};
use pyo3::prelude::*;

/// The judge's verdict on `answer` for `puzzle`, with the jury's answer when given.
fn check(py: Python<'_>, puzzle: &Puzzle, answer: &str, jury: Option<&str>) -> PyResult<(&'static str, String)> {
    interruptible(py, || verdict(judge(puzzle, answer.as_bytes(), jury)))
}

/// Smart beads: the completed tray, or "No solution".
#[pyfunction]
fn beads_solve(py: Python<'_>, text: &str) -> PyResult<String> {
    let tray = beads::parse(text.as_bytes()).map_err(|e| parse_error(&e))?;
    let first = interruptible(py, || beads::BeadsSolver::new(&tray).first(beads::Engine::Bitboard))?;
    Ok(first.map_or_else(|| "No solution\n".to_string(), |t| beads::render(&t)))
}

/// Smart beads: the number of completions (with `unique`, up to the tray's mirror
/// symmetry when the given beads have it).
#[pyfunction]
#[pyo3(signature = (text, unique = false))]
fn beads_count(py: Python<'_>, text: &str, unique: bool) -> PyResult<u64> {
    let tray = beads::parse(text.as_bytes()).map_err(|e| parse_error(&e))?;
    interruptible(py, || {
        let solver = beads::BeadsSolver::new(&tray);
        if unique {
            solver.count_unique(beads::Engine::Bitboard)
        } else {
            solver.count(beads::Engine::Bitboard)
        }
    })
}

/// Smart beads: the judge.
#[pyfunction]
#[pyo3(signature = (input, answer, jury = None))]
fn beads_check(py: Python<'_>, input: &str, answer: &str, jury: Option<&str>) -> PyResult<(&'static str, String)> {
    let puzzle = Puzzle::beads(input.as_bytes()).map_err(|e| parse_error(&e))?;
    check(py, &puzzle, answer, jury)
}

/// The value that `name` stands for among `choices` (name, value), for argument `what`;
/// a `ValueError` that lists the names otherwise.
fn choose<T: Copy>(what: &str, name: &str, choices: &[(&str, T)]) -> PyResult<T> {
    match choices.iter().find(|c| c.0 == name) {
        Some(c) => Ok(c.1),
        None => {
            let names: Vec<String> = choices.iter().map(|c| format!("'{}'", c.0)).collect();
            Err(value_error(format_args!("{what} {name:?}: use {}", names.join(" or "))))
        }
    }
}

/// Laser tower defense: every case's answer, in `style`.
#[pyfunction]
#[pyo3(signature = (text, style = "p5297"))]
fn laser_solve(py: Python<'_>, text: &str, style: &str) -> PyResult<String> {
    let style = choose("style", style, &[("p5297", laser::Style::P5297), ("gcj", laser::Style::CodeJam)])?;
    let cases = laser::parse(text.as_bytes()).map_err(|e| parse_error(&e))?;
    interruptible(py, || cases.iter().enumerate().map(|(k, g)| laser::render(k + 1, laser::solve(g).as_ref(), style)).collect())
}

/// Laser tower defense: the judge (either output style).
#[pyfunction]
#[pyo3(signature = (input, answer, jury = None))]
fn laser_check(py: Python<'_>, input: &str, answer: &str, jury: Option<&str>) -> PyResult<(&'static str, String)> {
    let puzzle = Puzzle::Laser(laser::parse(input.as_bytes()).map_err(|e| parse_error(&e))?);
    check(py, &puzzle, answer, jury)
}

/// The Mayan puzzle: the lexicographically least moves, or -1.
#[pyfunction]
fn mayan_solve(py: Python<'_>, text: &str) -> PyResult<String> {
    let puzzle = mayan::parse(text.as_bytes()).map_err(|e| parse_error(&e))?;
    interruptible(py, || mayan::render(mayan::solve(&puzzle).as_deref()))
}

/// The Mayan puzzle: the judge (the answer must also be the least).
#[pyfunction]
#[pyo3(signature = (input, answer, jury = None))]
fn mayan_check(py: Python<'_>, input: &str, answer: &str, jury: Option<&str>) -> PyResult<(&'static str, String)> {
    let puzzle = Puzzle::Mayan(mayan::parse(input.as_bytes()).map_err(|e| parse_error(&e))?);
    check(py, &puzzle, answer, jury)
}

/// Polyomino pairs: every case's answer on a `rows` x `cols` board, in `style`.
#[pyfunction]
#[pyo3(signature = (text, rows = 8, cols = 8, style = "noiac"))]
fn twins_solve(py: Python<'_>, text: &str, rows: usize, cols: usize, style: &str) -> PyResult<String> {
    let style = choose("style", style, &[("noiac", twins::Style::NoiAc), ("gcj", twins::Style::CodeJam)])?;
    twins::check_board(rows, cols).map_err(|e| value_error(format_args!("board: {e}")))?;
    let cases = twins::parse(text.as_bytes()).map_err(|e| parse_error(&e))?;
    let solved = interruptible(py, || twins::solve_all(&cases, rows, cols))?.map_err(value_error)?;
    Ok(solved.iter().enumerate().map(|(k, a)| twins::render(k + 1, a.as_ref(), rows, cols, style)).collect())
}

/// Polyomino pairs: the judge (either output style).
#[pyfunction]
#[pyo3(signature = (input, answer, jury = None, rows = 8, cols = 8))]
fn twins_check(
    py: Python<'_>,
    input: &str,
    answer: &str,
    jury: Option<&str>,
    rows: usize,
    cols: usize,
) -> PyResult<(&'static str, String)> {
    twins::check_board(rows, cols).map_err(|e| value_error(format_args!("board: {e}")))?;
    let puzzle = Puzzle::Twins(twins::parse(input.as_bytes()).map_err(|e| parse_error(&e))?, rows, cols);
    check(py, &puzzle, answer, jury)
}

/// Registers the functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add_functions!(
        m,
        beads_solve,
        beads_count,
        beads_check,
        laser_solve,
        laser_check,
        mayan_solve,
        mayan_check,
        twins_solve,
        twins_check
    );
    Ok(())
}
