//! An answer checker for laser tower defense written from the rules alone: its own beam
//! simulation (directions as vectors, mirrors as reflections of them), sharing no code with
//! the solver's tracing.

use super::Grid;

pub use crate::cases::{CheckError, Verdict};

/// Checks a setting `answer` (same size as `input`) against the rules: the same cells as
/// the input except that turrets may be turned; no beam reaches a turret; every empty cell
/// is crossed by a beam. Returns the first broken rule, naming the cell as (row, column)
/// from 1.
pub fn check_case(input: &Grid, answer: &Grid) -> Result<(), String> {
    if (answer.rows, answer.cols) != (input.rows, input.cols) || answer.cells.len() != input.cells.len() {
        return Err(format!("the grid is {}x{}, expected {}x{}", answer.rows, answer.cols, input.rows, input.cols));
    }
    let turret = |b: u8| b == b'|' || b == b'-';
    let at = |i: usize| format!("({}, {})", i / input.cols + 1, i % input.cols + 1);
    for (i, (&a, &b)) in input.cells.iter().zip(&answer.cells).enumerate() {
        if a != b && !(turret(a) && turret(b)) {
            return Err(format!("cell {} is '{}' but the input has '{}'", at(i), b as char, a as char));
        }
    }
    let (rows, cols) = (input.rows as i64, input.cols as i64);
    let mut crossed = vec![false; input.cells.len()];
    let limit = 4 * input.cells.len() + 4;
    for (i, &b) in answer.cells.iter().enumerate() {
        if !turret(b) {
            continue;
        }
        let dirs: [(i64, i64); 2] = if b == b'|' { [(-1, 0), (1, 0)] } else { [(0, -1), (0, 1)] };
        for (mut dr, mut dc) in dirs {
            let (mut r, mut c) = ((i / input.cols) as i64, (i % input.cols) as i64);
            for step in 0.. {
                if step > limit {
                    return Err(format!("the beam of the turret at {} does not end", at(i)));
                }
                r += dr;
                c += dc;
                if r < 0 || c < 0 || r >= rows || c >= cols {
                    break;
                }
                let j = (r * cols + c) as usize;
                match answer.cells[j] {
                    b'#' => break,
                    b'.' => crossed[j] = true,
                    b'/' => (dr, dc) = (-dc, -dr),
                    b'\\' => (dr, dc) = (dc, dr),
                    _ => return Err(format!("the beam of the turret at {} reaches the turret at {}", at(i), at(j))),
                }
            }
        }
    }
    match (0..crossed.len()).find(|&j| answer.cells[j] == b'.' && !crossed[j]) {
        Some(j) => Err(format!("no beam crosses the empty cell at {}", at(j))),
        None => Ok(()),
    }
}

/// Checks a whole answer (in either output style) against the parsed input cases.
pub fn check(input: &[Grid], answer: &str) -> Result<Vec<Verdict>, CheckError> {
    crate::cases::check_answer(
        input.len(),
        answer,
        |k| input[k].rows,
        |k, rows| {
            let grid = &input[k];
            if let Some(r) = rows.iter().position(|row| row.len() != grid.cols) {
                return Err(format!("row {} has {} characters; expected {}", r + 1, rows[r].len(), grid.cols));
            }
            let given = Grid { rows: grid.rows, cols: grid.cols, cells: rows.concat().into_bytes() };
            check_case(grid, &given)
        },
    )
}
