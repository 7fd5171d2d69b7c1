//! An answer checker for `gridlock pack` written from the rules alone (its own reading of
//! the drawing and its own congruence test), sharing no code with the packer, the
//! geometry crate's placements or dancing links.

use std::collections::{BTreeMap, BTreeSet};

/// What a valid answer says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A drawing in which every board cell is covered, every piece appears once as a
    /// congruent copy, and nothing lies outside the board.
    Solved,
    /// `No solution` (whether that is true is not checked here).
    ClaimsNoSolution,
}

/// A piece for the checker: its name and its cells `(row, col)`.
pub type PieceCells = (String, Vec<(i32, i32)>);

/// How many tiles of a piece an answer must draw: from `.0` to `.1` (`None`: any number).
pub type Bounds = (u32, Option<u32>);

/// Cells moved to the origin and sorted.
fn normal(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut v: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    v.sort_unstable();
    v
}

/// The image of `cells` (row, column) under the square's symmetry `t` (0 to 7): `t & 3`
/// quarter turns `(r, c) -> (c, -r)` after the mirror `(r, c) -> (r, -c)` when `t & 4`.
/// The checker's own arithmetic, shared by the tests' brute forces, not by the solvers.
pub fn square_image(cells: &[(i32, i32)], t: u8) -> Vec<(i32, i32)> {
    cells
        .iter()
        .map(|&(r, c)| {
            let (mut r, mut c) = if t & 4 == 4 { (r, -c) } else { (r, c) };
            for _ in 0..(t & 3) {
                (r, c) = (c, -r);
            }
            (r, c)
        })
        .collect()
}

/// Whether `cells` are a copy of `piece` under a translation and a rotation (or, unless
/// `one_sided`, a reflection).
fn congruent(piece: &[(i32, i32)], cells: &[(i32, i32)], one_sided: bool) -> bool {
    if piece.len() != cells.len() {
        return false;
    }
    let target = normal(cells);
    // Quarter turns (r, c) -> (c, -r), each with and without the mirror (r, c) -> (r, -c).
    (0..8).filter(|t| !one_sided || t & 4 == 0).any(|t| {
        let image = square_image(piece, t);
        normal(&image) == target
    })
}

/// Checks `answer` to the packing of `pieces` into the board of cells `board` (rows and
/// columns as in the board file), piece `p` drawn as between `bounds[p].0` and
/// `bounds[p].1` tiles. The answer is `No solution`, or the drawing over the board's
/// bounding box (a space outside the board, trailing spaces optional), each tile its own
/// character, then, unless every piece is used once and named by a distinct single
/// character, a legend line `LABEL NAME` per tile. Returns the first broken rule with its
/// 1-based line (0 for the whole answer).
///
/// Panics if `bounds` and `pieces` differ in length.
pub fn check(
    board: &[(i32, i32)],
    pieces: &[PieceCells],
    bounds: &[Bounds],
    one_sided: bool,
    answer: &str,
) -> Result<Verdict, (usize, String)> {
    assert_eq!(pieces.len(), bounds.len(), "one count per piece");
    let lines: Vec<&str> = answer.lines().map(|l| l.trim_end_matches('\r')).collect();
    let content: Vec<&str> = lines.iter().copied().filter(|l| !l.trim().is_empty()).collect();
    if content == ["No solution"] {
        return Ok(Verdict::ClaimsNoSolution);
    }
    let r0 = board.iter().map(|c| c.0).min().unwrap_or(0);
    let r1 = board.iter().map(|c| c.0).max().unwrap_or(-1);
    let c0 = board.iter().map(|c| c.1).min().unwrap_or(0);
    let height = (r1 - r0 + 1) as usize;
    if lines.len() < height {
        return Err((0, format!("expected {height} rows of drawing, found {} lines", lines.len())));
    }
    let cells: BTreeSet<(i32, i32)> = board.iter().copied().collect();
    let mut by_label: BTreeMap<char, Vec<(i32, i32)>> = BTreeMap::new();
    for (i, line) in lines[..height].iter().enumerate() {
        for (j, ch) in line.chars().enumerate() {
            let cell = (r0 + i as i32, c0 + j as i32);
            match (ch, cells.contains(&cell)) {
                (' ', true) => return Err((i + 1, format!("column {}: a board cell is left empty", j + 1))),
                (' ', false) => {}
                (_, false) => return Err((i + 1, format!("column {}: '{ch}' lies outside the board", j + 1))),
                (ch, true) if ch.is_control() => return Err((i + 1, format!("column {}: a control character", j + 1))),
                (ch, true) => by_label.entry(ch).or_default().push(cell),
            }
        }
    }
    let covered: usize = by_label.values().map(Vec::len).sum();
    if covered != cells.len() {
        return Err((0, format!("{covered} of the board's {} cells are covered", cells.len())));
    }
    // Which piece each label stands for: the legend, or the names themselves.
    let mut piece_of: BTreeMap<char, &PieceCells> = BTreeMap::new();
    let legend: Vec<(usize, &str)> =
        lines.iter().enumerate().skip(height).filter(|(_, l)| !l.trim().is_empty()).map(|(i, l)| (i + 1, *l)).collect();
    if legend.is_empty() {
        for p in pieces {
            let mut chars = p.0.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                piece_of.insert(c, p);
            }
        }
    } else {
        for (line, text) in &legend {
            let mut chars = text.chars();
            let (Some(label), Some(' ')) = (chars.next(), chars.next()) else {
                return Err((*line, "a legend line is 'LABEL NAME'".into()));
            };
            let name = chars.as_str();
            let Some(p) = pieces.iter().find(|p| p.0 == name) else {
                return Err((*line, format!("no piece is named '{name}'")));
            };
            if piece_of.insert(label, p).is_some() {
                return Err((*line, format!("label '{label}' is given twice")));
            }
        }
    }
    let mut used: BTreeMap<&str, u32> = BTreeMap::new();
    for (label, cells) in &by_label {
        let Some(p) = piece_of.get(label) else {
            return Err((0, format!("'{label}' names no piece")));
        };
        *used.entry(p.0.as_str()).or_default() += 1;
        if !congruent(&p.1, cells, one_sided) {
            return Err((0, format!("the cells marked '{label}' are not one copy of piece '{}'", p.0)));
        }
    }
    for (p, &(lo, hi)) in pieces.iter().zip(bounds) {
        let n = used.get(p.0.as_str()).copied().unwrap_or(0);
        if n < lo || hi.is_some_and(|hi| n > hi) {
            let want = match hi {
                Some(hi) if hi == lo => format!("{hi}"),
                Some(hi) => format!("{lo} to {hi}"),
                None => format!("at least {lo}"),
            };
            return Err((0, format!("piece '{}' is drawn {n} time(s), not {want}", p.0)));
        }
    }
    Ok(Verdict::Solved)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(r: i32, c: i32) -> Vec<(i32, i32)> {
        (0..r).flat_map(|i| (0..c).map(move |j| (i, j))).collect()
    }

    const ONES: [Bounds; 2] = [(1, Some(1)); 2];

    #[test]
    fn copies_within_their_bounds() {
        let domino = vec![("domino".to_string(), vec![(0, 0), (0, 1)])];
        let board = rect(2, 2);
        let answer = "AA\nBB\nA domino\nB domino\n";
        assert_eq!(check(&board, &domino, &[(0, None)], false, answer), Ok(Verdict::Solved));
        assert_eq!(check(&board, &domino, &[(2, Some(2))], false, answer), Ok(Verdict::Solved));
        assert!(check(&board, &domino, &[(0, Some(1))], false, answer).unwrap_err().1.contains("2 time(s), not 0 to 1"));
        assert!(check(&board, &domino, &[(3, None)], false, answer).is_err());
        assert!(check(&board, &domino, &[(0, None)], false, "AA\nAA\nA domino\n").is_err(), "one label, two tiles");
    }

    #[test]
    fn two_l_trominoes_in_a_2x3() {
        let l = vec![(0, 0), (1, 0), (1, 1)];
        let pieces = vec![("a".to_string(), l.clone()), ("b".to_string(), l)];
        let board = rect(2, 3);
        assert_eq!(check(&board, &pieces, &ONES, false, "aab\nabb\n"), Ok(Verdict::Solved));
        assert_eq!(check(&board, &pieces, &ONES, false, "No solution\n"), Ok(Verdict::ClaimsNoSolution));
        assert!(check(&board, &pieces, &ONES, false, "aaa\nbbb\n").is_err(), "not L shapes");
        assert!(check(&board, &pieces, &ONES, false, "aab\nab\n").is_err(), "a cell left empty");
        assert!(check(&board, &pieces, &ONES, false, "aab\nabb\nc\n").is_err(), "a stray line");
        assert!(check(&board, &pieces, &ONES, false, "aab\nabbb\n").is_err(), "outside the board");
        assert!(check(&board, &pieces, &ONES, false, "aaa\naaa\n").is_err(), "one piece twice");
        // Legend form.
        let named = vec![("long".to_string(), vec![(0, 0), (1, 0), (1, 1)]), ("x".to_string(), vec![(0, 0), (0, 1), (1, 1)])];
        assert_eq!(check(&board, &named, &ONES, false, "AAB\nABB\nA long\nB x\n"), Ok(Verdict::Solved));
        assert!(check(&board, &named, &ONES, false, "AAB\nABB\nA long\nB nope\n").is_err());
    }

    #[test]
    fn one_sided_refuses_mirror_images() {
        let s = vec![(0, 1), (0, 2), (1, 0), (1, 1)];
        let z = vec![(0, 0), (0, 1), (1, 1), (1, 2)];
        assert!(congruent(&s, &z, false));
        assert!(!congruent(&s, &z, true));
        assert!(congruent(&s, &[(0, 0), (1, 0), (1, 1), (2, 1)], true), "a quarter turn");
    }
}
