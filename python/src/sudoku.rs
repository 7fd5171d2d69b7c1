//! Sudoku and its variants (`sudoku`): `SudokuRules` holds one set of rules
//! compiled once (the engine chosen by `sudoku::Solver`), and solves, counts,
//! judges and generates under them; `sudoku_read` reads a puzzle's text.

use crate::{interruptible, parse_error, value_error, verdict};
use puzzles::judge::{judge, Puzzle};
use pyo3::prelude::*;
use sudoku::{self, generate, parse, Alphabet, Cage, Rules, Solver};

/// The alphabet asked for.
fn alphabet(zero_based: bool) -> Alphabet {
    if zero_based {
        Alphabet::ZeroBased
    } else {
        Alphabet::OneBased
    }
}

/// Reads one puzzle (a puzzle line or a grid drawing) as (size, givens); a jigsaw map's
/// text, when given, fixes the size.
#[pyfunction]
#[pyo3(signature = (text, regions = None, zero_based = false))]
fn sudoku_read(text: &str, regions: Option<&str>, zero_based: bool) -> PyResult<(usize, Vec<u8>)> {
    let size = match regions {
        Some(map) => Some(parse::parse_regions(map).map_err(|e| parse_error(&e))?.0),
        None => None,
    };
    let read = parse::read(text, size, false, alphabet(zero_based)).map_err(|e| parse_error(&e))?;
    let mut puzzles = read.puzzles.into_iter();
    let first = puzzles.next().map(|p| p.1);
    if let Some((line, _)) = puzzles.next() {
        return Err(value_error(format_args!("line {line}: one puzzle at a time (solve_many takes several)")));
    }
    Ok((read.size, first.unwrap_or_default()))
}

/// The rules of a sudoku of the family, compiled once for many puzzles.
#[pyclass(module = "gridlock._gridlock", frozen)]
pub struct SudokuRules {
    solver: Solver,
    alphabet: Alphabet,
}

impl SudokuRules {
    /// `givens` checked: size^2 cells. Givens that break a rule (a digit twice in a unit,
    /// a cage past its sum) are a puzzle without solution, as on the command line.
    fn givens(&self, givens: &[u8]) -> PyResult<()> {
        let rules = self.solver.rules();
        if givens.len() != rules.cells() {
            return Err(value_error(format_args!("the puzzle has {} cells; these rules take {}", givens.len(), rules.cells())));
        }
        Ok(())
    }
}

#[pymethods]
impl SudokuRules {
    /// Rules of `size` digits: `regions` a jigsaw map's text (it fixes the size), `cages`
    /// a cage file's text or a list of `(sum, [(row, col), ...])` with rows and columns
    /// from 1.
    #[new]
    #[pyo3(signature = (size, diagonals = false, windows = false, regions = None, cages = None, zero_based = false))]
    fn new(
        size: usize,
        diagonals: bool,
        windows: bool,
        regions: Option<&str>,
        cages: Option<&Bound<'_, PyAny>>,
        zero_based: bool,
    ) -> PyResult<Self> {
        let (size, map) = match regions {
            Some(text) => {
                let (n, map) = parse::parse_regions(text).map_err(|e| parse_error(&e))?;
                (n, Some(map))
            }
            None => (size, None),
        };
        let cages = match cages {
            None => Vec::new(),
            Some(c) => match c.extract::<String>() {
                Ok(text) => parse::parse_cages(&text, size).map_err(|e| parse_error(&e))?,
                Err(_) => {
                    let list: Vec<(u32, Vec<(usize, usize)>)> = c.extract()?;
                    let mut out = Vec::new();
                    for (k, (sum, cells)) in list.into_iter().enumerate() {
                        let mut idx = Vec::new();
                        for (r, col) in cells {
                            if !(1..=size).contains(&r) || !(1..=size).contains(&col) {
                                return Err(value_error(format_args!("cage {}: cell ({r}, {col}) is outside 1..={size}", k + 1)));
                            }
                            idx.push((r - 1) * size + col - 1);
                        }
                        out.push(Cage { sum, cells: idx });
                    }
                    out
                }
            },
        };
        let ab = alphabet(zero_based);
        parse::check_alphabet(size, ab).map_err(|e| parse_error(&e))?;
        let rules = Rules::new(size, map, diagonals, windows, cages).map_err(value_error)?;
        let solver = Solver::new(rules).map_err(value_error)?;
        Ok(SudokuRules { solver, alphabet: ab })
    }

    /// The number of digits.
    #[getter]
    fn size(&self) -> usize {
        self.solver.rules().size()
    }

    /// The engine chosen for these rules.
    #[getter]
    fn engine(&self) -> &'static str {
        self.solver.engine().name()
    }

    /// The first solution of `givens` as a line, or None.
    fn solve(&self, py: Python<'_>, givens: Vec<u8>) -> PyResult<Option<String>> {
        self.givens(&givens)?;
        let (found, _) = interruptible(py, || self.solver.solutions(&givens, 1))?;
        Ok(found.first().map(|g| sudoku::line(g, self.alphabet)))
    }

    /// The number of solutions of `givens`, up to `limit` when given.
    #[pyo3(signature = (givens, limit = None))]
    fn count(&self, py: Python<'_>, givens: Vec<u8>, limit: Option<u64>) -> PyResult<u64> {
        self.givens(&givens)?;
        if limit == Some(0) {
            return Err(value_error("limit must be at least 1"));
        }
        Ok(interruptible(py, || self.solver.count(&givens, limit.unwrap_or(u64::MAX)))?.0)
    }

    /// The first solution of each puzzle line, in order, solved on `threads` threads.
    /// Raises `ParseError` for a bad line (its number counted from `first_line`).
    #[pyo3(signature = (lines, threads = 1, first_line = 1))]
    fn solve_lines(&self, py: Python<'_>, lines: Vec<String>, threads: usize, first_line: usize) -> PyResult<Vec<Option<String>>> {
        let threads = crate::threads(threads)?;
        let n = self.solver.rules().size();
        let mut puzzles = Vec::with_capacity(lines.len());
        for (k, l) in lines.iter().enumerate() {
            let g = parse::parse_line(l, first_line + k, n, self.alphabet).map_err(|e| parse_error(&e))?;
            self.givens(&g).map_err(|e| value_error(format_args!("line {}: {}", first_line + k, e.value(py))))?;
            puzzles.push(g);
        }
        let solve = |g: &Vec<u8>| self.solver.solutions(g, 1).0.first().map(|s| sudoku::line(s, self.alphabet));
        interruptible(py, || sudoku::map_in_order(&puzzles, threads, solve))
    }

    /// The judge: `answer` (a line, rows, or "No solution") for `givens`, with the jury's
    /// answer deciding a claim of no solution when given (else the solver does).
    #[pyo3(signature = (givens, answer, jury = None))]
    fn check(&self, py: Python<'_>, givens: Vec<u8>, answer: &str, jury: Option<&str>) -> PyResult<(&'static str, String)> {
        self.givens(&givens)?;
        let puzzle = Puzzle::Sudoku(Box::new(self.solver.clone()), self.alphabet, vec![(1, givens)], true);
        interruptible(py, || verdict(judge(&puzzle, answer.as_bytes(), jury)))
    }

    /// A minimal puzzle with a unique solution as (puzzle line, solution line), the same
    /// for the same seed; `symmetric` keeps the clues symmetric under the half turn.
    #[pyo3(signature = (seed = 0, symmetric = false))]
    fn generate(&self, py: Python<'_>, seed: u64, symmetric: bool) -> PyResult<(String, String)> {
        let symmetry = if symmetric { generate::Symmetry::Rotational } else { generate::Symmetry::None };
        let g = interruptible(py, || generate::generate(&self.solver, seed, symmetry))?;
        let g = g.ok_or_else(|| value_error("these rules have no solution: no puzzle can be made"))?;
        Ok((sudoku::line(&g.puzzle, self.alphabet), sudoku::line(&g.solution, self.alphabet)))
    }
}

/// Registers the sudoku functions and class.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sudoku_read, m)?)?;
    m.add_class::<SudokuRules>()?;
    Ok(())
}
