//! An answer checker for smart beads written from the rules alone: it shares no code with
//! the parser, the geometry crate or the solvers (its own piece table, its own symmetry
//! code), so that a bug there cannot hide a wrong answer here.

use std::fmt;

/// What a valid answer says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A completed tray that obeys every rule.
    Solved,
    /// The answer is `No solution` (whether that is true is not checked here).
    ClaimsNoSolution,
}

/// Why an answer is wrong: a 1-based line of the answer (0 when it concerns the whole
/// answer) and a reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckError {
    /// 1-based line in the answer, or 0.
    pub line: usize,
    /// The first rule broken.
    pub reason: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "line {}: {}", self.line, self.reason)
        }
    }
}

impl std::error::Error for CheckError {}

/// The twelve pieces, one string per row, `x` for a bead (copied from the spec's table).
pub const PIECES: [&[&str]; 12] = [
    &["xx", "x."],
    &["xxxx"],
    &["xxx", "x.."],
    &["xx", "xx"],
    &["x..", "x..", "xxx"],
    &["xxxx", ".x.."],
    &["xxx", "x.x"],
    &["xxx", "xx."],
    &["xxx.", "..xx"],
    &[".x.", "xxx", ".x."],
    &["x..", "xx.", ".xx"],
    &["xxxx", "x..."],
];

fn normalise(mut cells: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for c in &mut cells {
        *c = (c.0 - r0, c.1 - c0);
    }
    cells.sort();
    cells
}

/// Whether `cells` are a copy of piece `p` under some rotation or reflection.
fn is_piece(p: usize, cells: &[(i32, i32)]) -> bool {
    let base: Vec<(i32, i32)> = PIECES[p]
        .iter()
        .enumerate()
        .flat_map(|(r, row)| row.bytes().enumerate().filter(|&(_, b)| b == b'x').map(move |(c, _)| (r as i32, c as i32)))
        .collect();
    let target = normalise(cells.to_vec());
    (0..8).any(|t| {
        let image = base
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if t & 1 == 1 { (c, r) } else { (r, c) };
                (if t & 2 == 2 { -r } else { r }, if t & 4 == 4 { -c } else { c })
            })
            .collect();
        normalise(image) == target
    })
}

fn rows(text: &str) -> Vec<&str> {
    let mut rows: Vec<&str> = text.lines().map(|l| l.trim_end()).collect();
    while rows.last() == Some(&"") {
        rows.pop();
    }
    rows
}

/// Checks `answer` against the puzzle `input` (both in the contest format).
///
/// Returns [`Verdict::Solved`] when the answer is a full tray (10 rows, row `i` with `i`
/// letters) that keeps every bead of the input, and in which the beads of each letter form
/// that piece; [`Verdict::ClaimsNoSolution`] for `No solution`; otherwise the first broken
/// rule. The input is assumed well formed (see [`super::parse`]).
pub fn check(input: &str, answer: &str) -> Result<Verdict, CheckError> {
    let bad = |line: usize, reason: String| Err(CheckError { line, reason });
    let out = rows(answer);
    if out == ["No solution"] {
        return Ok(Verdict::ClaimsNoSolution);
    }
    if out.len() != 10 {
        return bad(0, format!("expected 10 rows or 'No solution', found {} lines", out.len()));
    }
    let given = rows(input);
    let mut cells: Vec<Vec<(i32, i32)>> = vec![Vec::new(); 12];
    for (r, row) in out.iter().enumerate() {
        if row.len() != r + 1 {
            return bad(r + 1, format!("row {} has {} characters, expected {}", r + 1, row.len(), r + 1));
        }
        for (c, ch) in row.bytes().enumerate() {
            if !(b'A'..=b'L').contains(&ch) {
                return bad(r + 1, format!("column {}: '{}' is not a piece letter", c + 1, ch as char));
            }
            let want = given.get(r).and_then(|g| g.as_bytes().get(c)).copied().unwrap_or(b'.');
            if want != b'.' && want != ch {
                return bad(r + 1, format!("column {}: the given bead {} was replaced by {}", c + 1, want as char, ch as char));
            }
            cells[(ch - b'A') as usize].push((r as i32, c as i32));
        }
    }
    for (p, cs) in cells.iter().enumerate() {
        let letter = (b'A' + p as u8) as char;
        if !is_piece(p, cs) {
            let line = cs.first().map_or(0, |c| c.0 as usize + 1);
            return bad(line, format!("the beads of {letter} ({} of them) do not form piece {letter}", cs.len()));
        }
    }
    Ok(Verdict::Solved)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = ".\n..\n...\n....\n.....\n.....C\n...CCC.\nEEEHH...\nE.HHH....\nE.........\n";
    const SAMPLE_OUT: &str = "B\nBK\nBKK\nBJKK\nJJJDD\nGJGDDC\nGGGCCCI\nEEEHHIIA\nELHHHIAAF\nELLLLIFFFF\n";

    #[test]
    fn accepts_the_spec_sample() {
        assert_eq!(check(SAMPLE_IN, SAMPLE_OUT), Ok(Verdict::Solved));
        assert_eq!(check(SAMPLE_IN, "No solution\n"), Ok(Verdict::ClaimsNoSolution));
    }

    #[test]
    fn rejects_broken_answers() {
        // Two beads of K and B swapped: shapes broken.
        let swapped = SAMPLE_OUT.replacen("BK\n", "KB\n", 1);
        assert!(check(SAMPLE_IN, &swapped).is_err());
        // A given bead moved: the input's C at row 6 replaced.
        let moved = SAMPLE_OUT.replacen("GJGDDC", "GJGDDI", 1);
        assert_eq!(check(SAMPLE_IN, &moved).unwrap_err().line, 6);
        // Short row.
        assert!(check(SAMPLE_IN, &SAMPLE_OUT.replacen("BKK\n", "BK\n", 1)).is_err());
        // A dot left.
        assert!(check(SAMPLE_IN, &SAMPLE_OUT.replacen("BJKK", "BJK.", 1)).is_err());
        assert!(check(SAMPLE_IN, "").is_err());
    }
}
