//! An answer checker for laser tower defense written from the rules alone: its own beam
//! simulation (directions as vectors, mirrors as reflections of them), sharing no code with
//! the solver's tracing.

use super::Grid;
use std::fmt;

/// What a valid answer to one case says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A setting that obeys every rule.
    Valid,
    /// `IMPOSSIBLE` (whether that is true is not checked here).
    ClaimsImpossible,
}

/// Why an answer is wrong: the 1-based case, the 1-based line of the answer (0 when none
/// applies) and a reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckError {
    /// 1-based case.
    pub case: usize,
    /// 1-based line of the answer, or 0.
    pub line: usize,
    /// The first rule broken.
    pub reason: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "case {}", self.case)?;
        if self.line > 0 {
            write!(f, ", line {}", self.line)?;
        }
        write!(f, ": {}", self.reason)
    }
}

impl std::error::Error for CheckError {}

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
    let lines: Vec<&str> = answer.lines().map(str::trim_end).collect();
    let mut pos = 0;
    let mut verdicts = Vec::new();
    for (k, grid) in input.iter().enumerate() {
        let case = k + 1;
        let bad = |line: usize, reason: String| CheckError { case, line, reason };
        while pos < lines.len() && lines[pos].is_empty() {
            pos += 1;
        }
        let Some(&head) = lines.get(pos) else {
            return Err(bad(0, "the answer ends before this case".into()));
        };
        let prefix = format!("Case #{case}: ");
        let verdict = head.strip_prefix(&prefix).unwrap_or(head);
        pos += 1;
        match verdict {
            "IMPOSSIBLE" => verdicts.push(Verdict::ClaimsImpossible),
            "POSSIBLE" => {
                if pos + grid.rows > lines.len() {
                    return Err(bad(pos, format!("expected {} rows after POSSIBLE", grid.rows)));
                }
                let rows = &lines[pos..pos + grid.rows];
                if let Some(r) = rows.iter().position(|row| row.len() != grid.cols) {
                    return Err(bad(pos + r + 1, format!("a row of {} characters; expected {}", rows[r].len(), grid.cols)));
                }
                let given = Grid { rows: grid.rows, cols: grid.cols, cells: rows.concat().into_bytes() };
                check_case(grid, &given).map_err(|reason| bad(pos, reason))?;
                pos += grid.rows;
                verdicts.push(Verdict::Valid);
            }
            other => return Err(bad(pos, format!("expected POSSIBLE or IMPOSSIBLE, found '{other}'"))),
        }
    }
    if let Some(extra) = (pos..lines.len()).find(|&i| !lines[i].is_empty()) {
        return Err(CheckError { case: input.len(), line: extra + 1, reason: "text after the last case".into() });
    }
    Ok(verdicts)
}
