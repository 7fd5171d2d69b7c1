//! Polyomino pairs (NOI.AC CSP-2019 mock "c"; Code Jam 2018 World Finals "Two-Tiling"):
//! for two pieces, a non-empty region of the board tileable by each, or IMPOSSIBLE. Rules:
//! `docs/specs/twins.md`.
//!
//! Flow: [`parse`] text -> [`Case`]s -> [`solve_all`] (the search of
//! [`polyform::twins`], every pair decided live, in parallel) -> [`render`] text.
//! [`check`] validates answers from the rules alone.

pub mod check;

use crate::cases::CaseLines;
use crate::text::describe;
use polyform::twins::{two_tilings, TwinsError, TwoTilings};
use polyform::{cells_connected, Cell, Shape};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// One case: the two pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The first piece.
    pub p: Shape,
    /// The second piece.
    pub q: Shape,
}

/// Output styles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Style {
    /// NOI.AC: `POSSIBLE` and the board, or `IMPOSSIBLE`, per case.
    #[default]
    NoiAc,
    /// Code Jam: the same, each verdict prefixed by `Case #k: `.
    CodeJam,
}

pub use crate::cases::ParseError;
/// The board check every search of this module makes first, for front ends that check
/// `--board` before reading their cases.
pub use polyform::twins::check_board;

/// Reads `T`, then per case 3 lines of 7 characters: columns 1-3 draw `P`, column 4 is a
/// space, columns 5-7 draw `Q`, with `@` for a square and `.` for none. Blank lines
/// between cases (Code Jam's files) are accepted.
///
/// Errors: a bad count, a short or long line, a bad character, an empty or disconnected
/// piece, fewer cases than announced, or text after the last case.
pub fn parse(input: &[u8]) -> Result<Vec<Case>, ParseError> {
    let mut lines = CaseLines::new(input);
    let fail = |line: usize, case: Option<usize>, message: String| ParseError { case, ..ParseError::new(line, message) };
    let t = lines.count()?;
    let mut cases = Vec::new();
    for k in 1..=t as usize {
        let case = Some(k);
        let mut p = Vec::new();
        let mut q = Vec::new();
        let mut first_line = 0;
        for r in 0..3 {
            let (line_no, row) = lines.next(k, || format!("expected {t} cases of 3 lines, found {} cases", k - 1))?;
            if r == 0 {
                first_line = line_no;
            }
            // Every row has 7 characters: P's three, a space, Q's three.
            if row.len() != 7 {
                return Err(fail(line_no, case, format!("a row of {} characters; expected 7 ('PPP QQQ')", row.len())));
            }
            for (c, &b) in row.iter().enumerate() {
                let ok = if c == 3 { b == b' ' } else { b == b'@' || b == b'.' };
                if !ok {
                    let want = if c == 3 { "a space" } else { "'@' or '.'" };
                    return Err(fail(line_no, case, format!("column {}: unexpected {}; expected {want}", c + 1, describe(b))));
                }
                if b == b'@' {
                    let cell = Cell::new(r, (c % 4) as i32, 0);
                    if c < 3 {
                        p.push(cell)
                    } else {
                        q.push(cell)
                    }
                }
            }
        }
        let piece = |cells: Vec<Cell>, name: &str| -> Result<Shape, ParseError> {
            if cells.is_empty() {
                return Err(fail(first_line, case, format!("piece {name} has no square")));
            }
            if !cells_connected(&cells) {
                return Err(fail(first_line, case, format!("piece {name} is not connected")));
            }
            Ok(Shape::new(cells).expect("distinct cells"))
        };
        cases.push(Case { p: piece(p, "P")?, q: piece(q, "Q")? });
    }
    lines.finish(t)?;
    Ok(cases)
}

/// Decides every case on a `rows x cols` board, in parallel (one search per pair).
///
/// Errors: [`TwinsError`] when the board is too large for the search (also with no case:
/// the board is checked first).
pub fn solve_all(cases: &[Case], rows: usize, cols: usize) -> Result<Vec<Option<TwoTilings>>, TwinsError> {
    check_board(rows, cols)?;
    cases.par_iter().map(|c| two_tilings(&c.p, &c.q, rows, cols).map(|(answer, _)| answer)).collect()
}

/// Decides every case on a `rows x cols` board on as many threads as rayon's pool has
/// (`RAYON_NUM_THREADS`, else the cores), handing each answer to `deliver` with its index
/// in the cases' order, as soon as it and every case before it are decided: the threads
/// take the cases in order, one at a time, so a slow case holds back only the answers
/// after it and no thread waits for another's batch. Memory: the answers decided ahead
/// of one not yet decided. When `deliver` returns an error, the threads take no further
/// case and that error is returned.
///
/// Errors: [`TwinsError`] when the board is too large for the search (before any case).
pub fn solve_each<E>(
    cases: &[Case],
    rows: usize,
    cols: usize,
    mut deliver: impl FnMut(usize, Option<TwoTilings>) -> Result<(), E>,
) -> Result<Result<(), E>, TwinsError> {
    check_board(rows, cols)?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(usize, Option<TwoTilings>)>();
    let threads = rayon::current_num_threads().clamp(1, cases.len().max(1));
    Ok(std::thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(c) = cases.get(k) else { break };
                    // The board's only error was ruled out above.
                    let (answer, _) = two_tilings(&c.p, &c.q, rows, cols).expect("the board was checked");
                    if send.send((k, answer)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Answers that came before their turn, by index.
        let mut early: BTreeMap<usize, Option<TwoTilings>> = BTreeMap::new();
        let mut turn = 0;
        for (k, answer) in receive {
            early.insert(k, answer);
            while let Some(answer) = early.remove(&turn) {
                if let Err(e) = deliver(turn, answer) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                turn += 1;
            }
        }
        Ok(())
    }))
}

/// The first tile labels: `0-9`, `a-z`, `A-Z` (the contest's characters). Past 62 tiles
/// (only on boards beyond the contest's), [`crate::pack::nth_label`]'s Greek, Cyrillic and
/// CJK letters follow, so every tile keeps its own character.
const LABELS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The label of tile `i`.
fn label(i: usize) -> char {
    LABELS.get(i).map_or_else(|| crate::pack::nth_label(i), |&b| b as char)
}

/// The answer to case `k` (1-based) on a `rows x cols` board in `style`.
pub fn render(k: usize, answer: Option<&TwoTilings>, rows: usize, cols: usize, style: Style) -> String {
    let mut out = String::new();
    if style == Style::CodeJam {
        out.push_str(&format!("Case #{k}: "));
    }
    let Some(t) = answer else {
        out.push_str("IMPOSSIBLE\n");
        return out;
    };
    out.push_str("POSSIBLE\n");
    let draw = |tiles: &[Vec<(u8, u8)>]| {
        let mut g = vec![vec!['.'; cols]; rows];
        for (i, tile) in tiles.iter().enumerate() {
            for &(r, c) in tile {
                g[r as usize][c as usize] = label(i);
            }
        }
        g
    };
    let (gp, gq) = (draw(&t.p_tiles), draw(&t.q_tiles));
    for r in 0..rows {
        out.extend(&gp[r]);
        out.push(' ');
        out.extend(&gq[r]);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_than_62_tiles_keep_distinct_labels() {
        let labels: std::collections::HashSet<char> = (0..500).map(label).collect();
        assert_eq!(labels.len(), 500);
        assert!(!labels.contains(&'.') && !labels.contains(&' ') && !labels.contains(&'?'));
        assert_eq!((label(0), label(61)), ('0', 'Z'));
    }

    #[test]
    fn a_drawing_of_64_monominoes_passes_the_checker() {
        let mono = Shape::new([Cell::new(0, 0, 0)]).unwrap();
        let tiles: Vec<Vec<(u8, u8)>> = (0..8u8).flat_map(|r| (0..8u8).map(move |c| vec![(r, c)])).collect();
        let t = TwoTilings { p_tiles: tiles.clone(), q_tiles: tiles };
        let text = render(1, Some(&t), 8, 8, Style::NoiAc);
        let case = Case { p: mono.clone(), q: mono };
        assert_eq!(check::check(&[case], &text, 8, 8), Ok(vec![check::Verdict::Valid]));
    }
}
