//! An answer checker for polyomino pairs written from the rules alone (its own shape
//! comparison), sharing no code with the search.

use super::Case;
use std::collections::BTreeMap;

pub use crate::cases::{CheckError, Verdict};

/// Cells moved to the origin and sorted.
fn normal(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut v: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    v.sort();
    v
}

/// Whether `cells` are a copy of `piece` under a rotation, reflection and translation.
fn same_piece(piece: &[(i32, i32)], cells: &[(i32, i32)]) -> bool {
    let target = normal(cells);
    (0..8).any(|t| {
        let image: Vec<(i32, i32)> = piece
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if t & 1 == 1 { (c, r) } else { (r, c) };
                (if t & 2 == 2 { -r } else { r }, if t & 4 == 4 { -c } else { c })
            })
            .collect();
        normal(&image) == target
    })
}

/// Checks one board (`rows` rows, each "PPPPPPPP QQQQQQQQ": `cols` characters, a space,
/// `cols` characters) against the pieces: both halves cover the same non-empty set of
/// cells, and in each half every character's cells are one copy of that half's piece.
pub fn check_boards(case: &Case, rows: &[&str], cols: usize) -> Result<(), String> {
    let mut halves: [BTreeMap<char, Vec<(i32, i32)>>; 2] = Default::default();
    for (r, row) in rows.iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        if chars.len() != 2 * cols + 1 || chars[cols] != ' ' {
            return Err(format!("row {} is not two halves of {cols} characters separated by a space", r + 1));
        }
        for c in 0..cols {
            let (left, right) = (chars[c], chars[cols + 1 + c]);
            if (left == '.') != (right == '.') {
                return Err(format!("cell ({}, {}) is covered in one tiling only", r + 1, c + 1));
            }
            for (h, ch) in [left, right].into_iter().enumerate() {
                if ch != '.' {
                    // gridlock writes 0-9, a-z, A-Z (then other letters past 62 tiles);
                    // Code Jam's own answers use any printable character (its sample
                    // has '!').
                    if ch.is_control() || ch.is_whitespace() {
                        return Err(format!("{ch:?} is not a printable tile character"));
                    }
                    halves[h].entry(ch).or_default().push((r as i32, c as i32));
                }
            }
        }
    }
    if halves[0].is_empty() {
        return Err("the region is empty".into());
    }
    for (h, piece) in [&case.p, &case.q].into_iter().enumerate() {
        let shape: Vec<(i32, i32)> = piece.cells().iter().map(|c| (c.x, c.y)).collect();
        for (ch, cells) in &halves[h] {
            if !same_piece(&shape, cells) {
                let name = if h == 0 { "P" } else { "Q" };
                return Err(format!("the cells marked '{ch}' in the {} tiling are not one copy of {name}", ["left", "right"][h]));
            }
        }
    }
    Ok(())
}

/// Checks a whole answer (either output style) with boards of `rows` rows of `cols`
/// columns (8 and 8 for the contest).
pub fn check(cases: &[Case], answer: &str, rows: usize, cols: usize) -> Result<Vec<Verdict>, CheckError> {
    crate::cases::check_answer(cases.len(), answer, |_| rows, |k, lines| check_boards(&cases[k], lines, cols))
}
