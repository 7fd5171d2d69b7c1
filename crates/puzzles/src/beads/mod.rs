//! Smart beads (NOI 2005 "智慧珠游戏", Luogu P4205): complete a triangular tray of 55 holes
//! with the twelve pieces `A`..`L`, some already placed. The rules are in
//! `docs/specs/beads.md`.
//!
//! Flow: [`parse`] text -> [`Tray`] -> [`BeadsSolver`] (bitboard packer or dancing links)
//! -> completed [`Tray`]s -> [`render`] text. [`check`] validates an answer from the rules
//! alone.

pub mod check;

use crate::text::{describe, trim_end};
use polyform::symmetry::{count_with_symmetry, BoardSymmetry, Restrict};
use polyform::{Board, Cell, Freedom, Search, Shape, Symmetry};
use std::ops::ControlFlow;

/// Number of rows of the tray; row `r` has `r + 1` holes.
pub const ROWS: usize = 10;
/// Number of holes in the tray.
pub const HOLES: usize = ROWS * (ROWS + 1) / 2;
/// Number of pieces, lettered `A`..`L`.
pub const PIECES: usize = 12;

/// The shape of piece `letter` (0 for `A` .. 11 for `L`): the Kanoodle set, as drawn in
/// the spec.
///
/// Panics if `letter >= 12`.
pub fn piece(letter: usize) -> Shape {
    polyform::sets::kanoodle().swap_remove(letter).shape
}

/// The scan order for the bitboard packer: the tray mapped by the anti-diagonal mirror.
/// Of the eight symmetries, combined with the choice of mirror half made by
/// [`polyform::symmetry::break_symmetry`], this gave the smallest search when counting the empty tray
/// (measured: 0.12 s against 0.14 to 0.55 s for the others; see the history of BENCHMARKS.md).
const SCAN: Symmetry = Symmetry::AntiTranspose;

/// The tray's mirror symmetry `(r, c) -> (9 - c, 9 - r)`.
pub fn mirror(cell: Cell) -> Cell {
    Cell::new(ROWS as i32 - 1 - cell.y, ROWS as i32 - 1 - cell.x, 0)
}

/// The contents of the tray: for each hole, the piece (0..12) whose bead fills it, if any.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tray {
    holes: [Option<u8>; HOLES],
}

impl Default for Tray {
    fn default() -> Tray {
        Tray { holes: [None; HOLES] }
    }
}

impl Tray {
    fn index(row: usize, col: usize) -> usize {
        assert!(col <= row && row < ROWS, "hole ({row}, {col}) is not in the tray");
        row * (row + 1) / 2 + col
    }

    /// The piece in hole `(row, col)` (with `col <= row < 10`), if any.
    ///
    /// Panics for a position outside the tray.
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        self.holes[Tray::index(row, col)]
    }

    /// Puts a bead of `piece` (or nothing) in hole `(row, col)`.
    ///
    /// Panics for a position outside the tray or a piece number of 12 or more.
    pub fn set(&mut self, row: usize, col: usize, piece: Option<u8>) {
        assert!(piece.is_none_or(|p| (p as usize) < PIECES));
        self.holes[Tray::index(row, col)] = piece;
    }

    /// All 55 holes as cells `(row, col)`, row-major.
    pub fn cells() -> impl Iterator<Item = Cell> {
        (0..ROWS as i32).flat_map(|r| (0..=r).map(move |c| Cell::new(r, c, 0)))
    }

    fn at(&self, c: Cell) -> Option<u8> {
        self.get(c.x as usize, c.y as usize)
    }

    /// Whether the tray equals its image under [`mirror`].
    pub fn is_mirror_symmetric(&self) -> bool {
        Tray::cells().all(|c| self.at(c) == self.at(mirror(c)))
    }

    /// Whether every hole is filled.
    pub fn is_full(&self) -> bool {
        self.holes.iter().all(Option::is_some)
    }
}

/// A problem in the input, located at a 1-based line and column: gridlock's one located
/// error type.
pub use located::ParseError;

fn err(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError::at(line, column, message)
}

/// Reads a tray in the contest format: 10 lines, line `i` (1-based) with `i` characters,
/// each `A`..`L` or `.`. Trailing `\r`, trailing spaces or tabs, and blank lines after the
/// tray are accepted.
///
/// Errors: a [`ParseError`] naming the line and column of the first problem: a missing or
/// extra line, a row of the wrong length, a byte other than `A`..`L` and `.` (including
/// non-UTF-8 input), or a letter whose beads do not form its piece or form it twice.
pub fn parse(input: &[u8]) -> Result<Tray, ParseError> {
    if input.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(err(1, 1, "the input is empty"));
    }
    let mut tray = Tray::default();
    // A final newline ends the last line; it does not start another.
    let body = input.strip_suffix(b"\n").unwrap_or(input);
    let mut lines = body.split(|&b| b == b'\n');
    let mut seen: [Vec<Cell>; PIECES] = Default::default();
    for r in 0..ROWS {
        let line_no = r + 1;
        let Some(raw) = lines.next() else {
            return Err(err(line_no, 1, format!("expected 10 rows, found {r}")));
        };
        let line = trim_end(raw);
        for (c, &b) in line.iter().enumerate() {
            let piece = match b {
                b'.' => None,
                b'A'..=b'L' => Some(b - b'A'),
                _ => return Err(err(line_no, c + 1, format!("unexpected {}: expected A..L or '.'", describe(b)))),
            };
            if c > r {
                return Err(err(line_no, c + 1, format!("row {line_no} must have {line_no} characters, found {}", line.len())));
            }
            if let Some(p) = piece {
                seen[p as usize].push(Cell::new(r as i32, c as i32, 0));
            }
            tray.set(r, c, piece);
        }
        if line.len() < r + 1 {
            return Err(err(line_no, line.len() + 1, format!("row {line_no} must have {line_no} characters, found {}", line.len())));
        }
    }
    let mut extra_line = ROWS;
    for raw in lines {
        extra_line += 1;
        if !trim_end(raw).is_empty() {
            return Err(err(extra_line, 1, "unexpected text after the 10 rows of the tray"));
        }
    }
    for (p, cells) in seen.iter().enumerate() {
        if cells.is_empty() {
            continue;
        }
        let letter = (b'A' + p as u8) as char;
        let shape = piece(p);
        let at = |cell: Cell| (cell.x as usize + 1, cell.y as usize + 1);
        if cells.len() > shape.len() {
            let (l, c) = at(cells[shape.len()]);
            return Err(err(l, c, format!("piece {letter} is used more than once ({} beads; the piece has {})", cells.len(), shape.len())));
        }
        let placed = Shape::new(cells.iter().copied()).expect("distinct cells");
        if placed.canonical(Freedom::Free) != shape.canonical(Freedom::Free) {
            let (l, c) = at(cells[0]);
            return Err(err(l, c, format!("the beads of {letter} do not form piece {letter}")));
        }
    }
    Ok(tray)
}

/// The tray in the contest format: 10 lines, `.` for an empty hole, each ended by `\n`.
pub fn render(tray: &Tray) -> String {
    let mut out = String::with_capacity(HOLES + ROWS);
    for r in 0..ROWS {
        for c in 0..=r {
            out.push(tray.get(r, c).map_or('.', |p| (b'A' + p) as char));
        }
        out.push('\n');
    }
    out
}

/// Which search finds completions: the bitboard packer ([`polyform::Packer`], the fast
/// path) or generic exact cover (the reference path), as for every packing.
pub use polyform::Engine;

/// A tray compiled for search: the empty holes as a board, and for each missing piece its
/// placements on them.
#[derive(Debug, Clone)]
pub struct BeadsSolver {
    tray: Tray,
    board: Board,
    /// Missing pieces, as numbers 0..12.
    missing: Vec<u8>,
    /// `placements[k]`: placements of `missing[k]`, as board cell indices.
    placements: Vec<Vec<Vec<usize>>>,
}

impl BeadsSolver {
    /// Compiles `tray`. Cost: a few thousand placements, microseconds.
    pub fn new(tray: &Tray) -> BeadsSolver {
        let board = Board::from_cells(Tray::cells().filter(|&c| tray.at(c).is_none()));
        let present: Vec<bool> = (0..PIECES).map(|p| tray.holes.contains(&Some(p as u8))).collect();
        let missing: Vec<u8> = (0..PIECES as u8).filter(|&p| !present[p as usize]).collect();
        let placements = missing.iter().map(|&p| board.placements(&piece(p as usize), Freedom::Free)).collect();
        BeadsSolver { tray: tray.clone(), board, missing, placements }
    }

    /// Calls `visit` with each completion of the tray until it returns `Break`.
    pub fn for_each<F>(&self, engine: Engine, visit: F) -> ControlFlow<()>
    where
        F: FnMut(&Tray) -> ControlFlow<()>,
    {
        self.search(engine, &self.placements, visit)
    }

    /// The first completion found, or `None` when there is none.
    pub fn first(&self, engine: Engine) -> Option<Tray> {
        let mut found = None;
        let _ = self.for_each(engine, |t| {
            found = Some(t.clone());
            ControlFlow::Break(())
        });
        found
    }

    /// The number of completions (mirror images counted separately).
    pub fn count(&self, engine: Engine) -> u64 {
        self.counts(engine).0
    }

    /// The number of completions up to the tray's mirror symmetry `(r, c) -> (9 - c,
    /// 9 - r)`. When the given tray is not its own mirror image, no completion is the
    /// mirror image of another, and this is the number of completions.
    pub fn count_unique(&self, engine: Engine) -> u64 {
        self.counts(engine).1
    }

    /// `(all, up to the mirror)`, by [`polyform::symmetry::count_with_symmetry`] over the
    /// group {identity, mirror} when the tray is symmetric (which halves the search when a
    /// missing piece has no mirror-symmetric placement), or the identity alone.
    fn counts(&self, engine: Engine) -> (u64, u64) {
        let mut group = vec![BoardSymmetry::identity(&self.board)];
        if self.tray.is_mirror_symmetric() {
            group.extend(BoardSymmetry::from_map(&self.board, mirror));
        }
        count_with_symmetry(&self.placements, &group, Restrict::MostPlacements, |pl| count_with(engine, &self.board, pl))
    }

    fn fill(&self, chosen: impl Iterator<Item = (usize, usize)>) -> Tray {
        let mut t = self.tray.clone();
        for (k, placement) in chosen {
            for &i in &self.placements[k][placement] {
                let c = self.board.cells()[i];
                t.set(c.x as usize, c.y as usize, Some(self.missing[k]));
            }
        }
        t
    }

    fn search<F>(&self, engine: Engine, placements: &[Vec<Vec<usize>>], mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(&Tray) -> ControlFlow<()>,
    {
        search(engine, &self.board, placements).for_each(|sol| visit(&self.fill(sol.iter().copied())))
    }
}

/// The search for `engine` (the tray always fits the bitboards).
fn search(engine: Engine, board: &Board, placements: &[Vec<Vec<usize>>]) -> Search {
    Search::new(board, placements, engine, Some(SCAN))
}

/// The number of packings (far below 2^64: every packing of a puzzle is one of the 32288
/// packings of the empty tray).
fn count_with(engine: Engine, board: &Board, placements: &[Vec<Vec<usize>>]) -> u64 {
    let count = search(engine, board, placements).count(&Default::default());
    count.and_then(|c| u64::try_from(c).ok()).expect("a tray's count fits 64 bits")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_orientations() {
        let counts: Vec<usize> = (0..PIECES).map(|p| piece(p).orientations(Freedom::Free).len()).collect();
        assert_eq!(counts, [4, 2, 8, 1, 4, 8, 4, 8, 8, 1, 4, 8]);
        assert_eq!(counts.iter().sum::<usize>(), 60);
        assert_eq!((0..PIECES).map(|p| piece(p).len()).sum::<usize>(), HOLES);
    }

    #[test]
    fn render_round_trips() {
        let text = "A\nAA\n...\n....\n.....\n......\n.......\n........\n.........\n..........\n";
        let tray = parse(text.as_bytes()).unwrap();
        assert_eq!(render(&tray), text);
    }
}
