//! Laser tower defense (Luogu P5297 "完美塔防"; Code Jam 2017 Round 2 C "Beaming With
//! Joy"): set every turret to fire vertically (`|`) or horizontally (`-`) so that every
//! empty cell is crossed by a beam and no beam reaches a turret. Rules:
//! `docs/specs/laser.md`.
//!
//! Flow: [`parse`] text -> [`Grid`]s -> [`solve`] (beam tracing, then 2-SAT on the
//! [`twosat`] engine) -> [`render`] text. [`check`] validates answers from the rules alone.
//!
//! Method: a beam's path is traced once per turret orientation. An orientation whose beam
//! reaches a turret is forbidden (a unit clause). Light paths are reversible, so along each
//! axis of travel an empty cell is crossed by at most one allowed beam (two would reach each
//! other's turrets); each empty cell thus needs one of at most two literals: a 2-SAT clause.
//! Every beam state (cell, direction) belongs to at most one beam, so tracing is linear.

pub mod check;

use crate::cases::{numbers, CaseLines};
use crate::text::describe;
use twosat::{Literal, TwoSat};

/// One case: a grid of `rows x cols` cells, row-major, each one of `| - . # / \`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The cells, row-major, `rows * cols` bytes.
    pub cells: Vec<u8>,
}

/// Output styles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Style {
    /// Luogu P5297: `POSSIBLE` and the grid, or `IMPOSSIBLE`, per case.
    #[default]
    P5297,
    /// Code Jam: the same, each verdict prefixed by `Case #k: `.
    CodeJam,
}

pub use crate::cases::ParseError;

/// Reads `T`, then for each case `n m` and `n` rows of `m` characters from `| - . # / \`.
/// Blank lines between items, trailing spaces and `\r` are accepted.
///
/// Errors: a [`ParseError`] naming the line and case of the first problem: a bad or missing
/// count, a size of 0 or not a number, a row of the wrong length, an unknown character,
/// fewer cases or rows than announced, or text after the last case. Memory is bounded by
/// the input's size whatever the size fields say.
pub fn parse(input: &[u8]) -> Result<Vec<Grid>, ParseError> {
    let mut lines = CaseLines::new(input);
    let fail = |line: usize, case: usize, message: String| ParseError::new(line, message).in_case(case);
    let t = lines.count()?;
    let mut cases = Vec::new();
    for k in 1..=t as usize {
        let (line_no, size) = lines.next(k, || format!("expected {t} cases, found {}", k - 1))?;
        let (rows, cols) = match numbers(size).as_deref() {
            Some(&[n, m]) if n >= 1 && m >= 1 => (n, m),
            _ => return Err(fail(line_no, k, "expected the sizes 'ROWS COLUMNS', both at least 1".into())),
        };
        let mut cells = Vec::new();
        for r in 0..rows {
            let (line_no, row) = lines.next(k, || format!("expected {rows} rows, found {r}"))?;
            if let Some(c) = row.iter().position(|b| !b"|-.#/\\".contains(b)) {
                return Err(fail(line_no, k, format!("column {}: unexpected {}; expected one of | - . # / \\", c + 1, describe(row[c]))));
            }
            if row.len() as u64 != cols {
                return Err(fail(line_no, k, format!("a row of {} characters; expected {cols}", row.len())));
            }
            cells.extend_from_slice(row);
        }
        cases.push(Grid { rows: rows as usize, cols: cols as usize, cells });
    }
    lines.finish(t)?;
    Ok(cases)
}

/// Directions of travel: up, right, down, left.
const UP: u8 = 0;
const RIGHT: u8 = 1;
const DOWN: u8 = 2;
const LEFT: u8 = 3;

/// What ended a beam.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// It left the grid or stopped at a wall.
    Vanished,
    /// It reached the turret in this cell.
    Turret(usize),
}

const NONE: u32 = u32::MAX;

impl Grid {
    /// Traces the beam leaving cell `from` in direction `dir`, calling `empty(cell, dir)`
    /// for each empty cell it crosses (with its direction of travel there).
    fn trace(&self, from: usize, mut dir: u8, mut empty: impl FnMut(usize, u8)) -> End {
        let (mut r, mut c) = (from / self.cols, from % self.cols);
        loop {
            match dir {
                UP if r > 0 => r -= 1,
                DOWN if r + 1 < self.rows => r += 1,
                LEFT if c > 0 => c -= 1,
                RIGHT if c + 1 < self.cols => c += 1,
                _ => return End::Vanished,
            }
            let cell = r * self.cols + c;
            match self.cells[cell] {
                b'.' => empty(cell, dir),
                b'#' => return End::Vanished,
                b'|' | b'-' => return End::Turret(cell),
                // '/': right <-> up, left <-> down.
                b'/' => dir = [RIGHT, UP, LEFT, DOWN][dir as usize],
                // '\': right <-> down, left <-> up.
                _ => dir = [LEFT, DOWN, RIGHT, UP][dir as usize],
            }
        }
    }
}

/// Sizes of the last solve.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Turrets (2-SAT variables).
    pub turrets: usize,
    /// Clauses of the 2-SAT formula.
    pub clauses: usize,
}

/// Solves one case: the grid with every turret set to `|` or `-`, or `None` when no
/// setting works. Time and memory are linear in the grid (about 20 bytes a cell).
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve_with_stats(grid).0
}

/// As [`solve`], with the formula's size.
pub fn solve_with_stats(grid: &Grid) -> (Option<Grid>, Stats) {
    let turrets: Vec<usize> = (0..grid.cells.len()).filter(|&i| matches!(grid.cells[i], b'|' | b'-')).collect();
    // Variable t true: turret t fires vertically.
    let orientations = [(true, [UP, DOWN]), (false, [LEFT, RIGHT])];
    let mut formula = TwoSat::new(turrets.len() as u32);
    // For each empty cell and axis of travel (vertical 0, horizontal 1), the literal of
    // the allowed beam crossing it, if any.
    let mut cover = vec![NONE; grid.cells.len() * 2];
    for (t, &at) in turrets.iter().enumerate() {
        for (vertical, dirs) in orientations {
            let lit = Literal::new(t as u32, !vertical);
            let forbidden = dirs.iter().any(|&d| matches!(grid.trace(at, d, |_, _| {}), End::Turret(_)));
            if forbidden {
                formula.add_unit(!lit);
                continue;
            }
            for d in dirs {
                grid.trace(at, d, |cell, dir| cover[cell * 2 + (dir as usize & 1)] = lit.index() as u32);
            }
        }
    }
    for cell in 0..grid.cells.len() {
        if grid.cells[cell] != b'.' {
            continue;
        }
        let lits: Vec<Literal> =
            cover[cell * 2..cell * 2 + 2].iter().filter(|&&l| l != NONE).map(|&l| Literal::new(l >> 1, l & 1 == 1)).collect();
        match lits[..] {
            [] => formula.add_empty_clause(),
            [a] => formula.add_unit(a),
            [a, b] => formula.add_clause(a, b),
            _ => unreachable!("two axes"),
        }
    }
    drop(cover);
    let stats = Stats { turrets: turrets.len(), clauses: formula.clauses().len() };
    let model = formula.solve();
    let answer = model.map(|m| {
        let mut out = grid.clone();
        for (t, &at) in turrets.iter().enumerate() {
            out.cells[at] = if m[t] { b'|' } else { b'-' };
        }
        out
    });
    (answer, stats)
}

/// A random grid of `rows x cols` that has a solution, and one solution ("planted"):
/// random walls, mirrors, empty cells and turrets with random orientations; then each
/// turret whose beam reaches a turret turns that turret into a wall, and each empty cell no
/// beam crosses becomes a wall. The grid returned shows every turret as `|` or `-` at
/// random; the second grid is the planted setting. `seed` selects the grid. Linear time.
pub fn planted(rows: usize, cols: usize, seed: u64) -> (Grid, Grid) {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32
    };
    let cells = (0..rows * cols)
        .map(|_| match next() % 100 {
            0..=9 => b'#',
            10..=14 => b'/',
            15..=19 => b'\\',
            20..=22 => b'|',
            23..=25 => b'-',
            _ => b'.',
        })
        .collect();
    let mut grid = Grid { rows, cols, cells };
    let dirs = |b: u8| if b == b'|' { [UP, DOWN] } else { [LEFT, RIGHT] };
    for at in 0..grid.cells.len() {
        let b = grid.cells[at];
        if b != b'|' && b != b'-' {
            continue;
        }
        for d in dirs(b) {
            // Wall up the turret this beam reaches, if any.
            if let End::Turret(hit) = grid.trace(at, d, |_, _| {}) {
                grid.cells[hit] = b'#';
            }
            if grid.cells[at] == b'#' {
                break; // the beam came back to its own turret
            }
        }
    }
    let mut crossed = vec![false; grid.cells.len()];
    for at in 0..grid.cells.len() {
        let b = grid.cells[at];
        if b == b'|' || b == b'-' {
            for d in dirs(b) {
                grid.trace(at, d, |cell, _| crossed[cell] = true);
            }
        }
    }
    for (cell, &x) in grid.cells.iter_mut().zip(&crossed) {
        if *cell == b'.' && !x {
            *cell = b'#';
        }
    }
    let solution = grid.clone();
    for cell in grid.cells.iter_mut() {
        if *cell == b'|' || *cell == b'-' {
            *cell = if next() % 2 == 0 { b'|' } else { b'-' };
        }
    }
    (grid, solution)
}

/// The answer to case `k` (1-based) in `style`: the verdict line, then the grid's rows
/// when there is one.
pub fn render(k: usize, answer: Option<&Grid>, style: Style) -> String {
    let mut out = String::new();
    if style == Style::CodeJam {
        out.push_str(&format!("Case #{k}: "));
    }
    match answer {
        None => out.push_str("IMPOSSIBLE\n"),
        Some(g) => {
            out.reserve(g.cells.len() + g.rows + 9);
            out.push_str("POSSIBLE\n");
            for row in g.cells.chunks(g.cols) {
                out.push_str(std::str::from_utf8(row).expect("grid cells are ASCII"));
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        Grid { rows: rows.len(), cols: rows[0].len(), cells: rows.concat().into_bytes() }
    }

    #[test]
    fn no_turret_with_empty_cells_is_impossible() {
        assert_eq!(solve(&grid(&["..", "#/"])), None);
        assert!(solve(&grid(&["#/", "\\#"])).is_some());
    }

    #[test]
    fn beam_returning_to_its_own_turret() {
        // Fired left or right, the beam goes round the mirrors and comes back to the
        // turret: horizontal is forbidden; vertical covers both empty cells.
        let g = grid(&["/.\\", "\\-/", "#.#"]);
        let a = solve(&g).unwrap();
        assert_eq!(a.cells[4], b'|');
        let no_exit = grid(&["/#\\", "\\-/", "#.#"]);
        assert_eq!(solve(&no_exit).unwrap().cells[4], b'|');
    }

    #[test]
    fn both_orientations_forbidden() {
        // Two turrets face each other along both axes through mirrors.
        let g = grid(&["-.-", "...", "-.-"]);
        assert_eq!(solve(&g), None);
    }
}
