//! Smart beads (NOI 2005 "智慧珠游戏", Luogu P4205): complete a triangular tray of 55 holes
//! with the twelve pieces `A`..`L`, some already placed. The rules are in
//! `shared/specs/beads.md`.
//!
//! Flow: [`parse`] text -> [`Tray`] -> [`BeadsSolver`] (bitboard packer or dancing links)
//! -> completed [`Tray`]s -> [`render`] text. [`check`] validates an answer from the rules
//! alone.

pub mod check;

use exact_cover::{Problem, Solver};
use polyomino::{Board, Cell, Freedom, Packer, Shape, Symmetry};
use std::ops::ControlFlow;
use thiserror::Error;

/// Number of rows of the tray; row `r` has `r + 1` holes.
pub const ROWS: usize = 10;
/// Number of holes in the tray.
pub const HOLES: usize = ROWS * (ROWS + 1) / 2;
/// Number of pieces, lettered `A`..`L`.
pub const PIECES: usize = 12;

/// The pieces as drawn in the spec, `#` for a bead, in letter order `A`..`L`.
const DRAWINGS: [&str; PIECES] = [
    "##\n#.",
    "####",
    "###\n#..",
    "##\n##",
    "#..\n#..\n###",
    "####\n.#..",
    "###\n#.#",
    "###\n##.",
    "###.\n..##",
    ".#.\n###\n.#.",
    "#..\n##.\n.##",
    "####\n#...",
];

/// The shape of piece `letter` (0 for `A` .. 11 for `L`) as drawn in the spec.
///
/// Panics if `letter >= 12`.
pub fn piece(letter: usize) -> Shape {
    Shape::from_drawing(DRAWINGS[letter]).expect("built-in drawings are valid")
}

/// The scan order for the bitboard packer: the tray mapped by the anti-diagonal mirror.
/// Of the eight symmetries, combined with the choice of mirror half in
/// [`BeadsSolver::count`], this gave the smallest search when counting the empty tray
/// (measured: 0.12 s against 0.14 to 0.55 s for the others; see BENCHMARKS.md).
const SCAN: Symmetry = Symmetry::AntiTranspose;

/// The tray's mirror symmetry `(r, c) -> (9 - c, 9 - r)`.
pub fn mirror(cell: Cell) -> Cell {
    Cell::new(ROWS as i32 - 1 - cell.col, ROWS as i32 - 1 - cell.row)
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
        (0..ROWS as i32).flat_map(|r| (0..=r).map(move |c| Cell::new(r, c)))
    }

    fn at(&self, c: Cell) -> Option<u8> {
        self.get(c.row as usize, c.col as usize)
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

/// A problem in the input, located at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number (byte offset within the line, plus one).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError { line, column, message: message.into() }
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
                seen[p as usize].push(Cell::new(r as i32, c as i32));
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
        let at = |cell: Cell| (cell.row as usize + 1, cell.col as usize + 1);
        if cells.len() > shape.len() {
            let (l, c) = at(cells[shape.len()]);
            return Err(err(
                l,
                c,
                format!("piece {letter} is used more than once ({} beads; the piece has {})", cells.len(), shape.len()),
            ));
        }
        let placed = Shape::new(cells.iter().copied()).expect("distinct cells");
        if placed.canonical() != shape.canonical() {
            let (l, c) = at(cells[0]);
            return Err(err(l, c, format!("the beads of {letter} do not form piece {letter}")));
        }
    }
    Ok(tray)
}

fn trim_end(line: &[u8]) -> &[u8] {
    let end = line.iter().rposition(|&b| !matches!(b, b'\r' | b' ' | b'\t')).map_or(0, |i| i + 1);
    &line[..end]
}

fn describe(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("character '{}'", b as char)
    } else {
        format!("byte 0x{b:02x}")
    }
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

/// Which search finds completions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// The bitboard packer ([`polyomino::Packer`]): the fast path.
    #[default]
    Bitboard,
    /// The generic dancing-links engine ([`exact_cover::Solver`]): the reference path.
    DancingLinks,
}

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
    ///
    /// When the tray is its own mirror image and some missing piece has no
    /// mirror-symmetric placement, completions pair off with their distinct mirror images;
    /// restricting that piece to one placement of each mirror pair counts exactly one of
    /// each pair, and the total is twice that.
    pub fn count(&self, engine: Engine) -> u64 {
        if self.tray.is_mirror_symmetric() {
            if let Some(halved) = self.mirror_halved() {
                return 2 * count_with(engine, &self.board, &halved);
            }
        }
        count_with(engine, &self.board, &self.placements)
    }

    /// The placement lists with one piece (that has no mirror-symmetric placement)
    /// restricted to the lesser of each placement and its mirror image; `None` when every
    /// missing piece has a symmetric placement. Assumes the tray is mirror-symmetric.
    fn mirror_halved(&self) -> Option<Vec<Vec<Vec<usize>>>> {
        let image = |pl: &[usize]| -> Vec<usize> {
            let mut m: Vec<usize> = pl
                .iter()
                .map(|&i| self.board.index_of(mirror(self.board.cells()[i])).expect("the board is symmetric"))
                .collect();
            m.sort_unstable();
            m
        };
        // Among the candidates, halve the piece with the most placements.
        let k = (0..self.missing.len())
            .filter(|&k| self.placements[k].iter().all(|pl| image(pl) != *pl))
            .max_by_key(|&k| self.placements[k].len())?;
        let mut halved = self.placements.clone();
        halved[k].retain(|pl| *pl < image(pl));
        Some(halved)
    }

    /// The number of completions up to the tray's mirror symmetry `(r, c) -> (9 - c,
    /// 9 - r)`, by Burnside's lemma: when the given tray is its own mirror image the
    /// mirror pairs up completions, and the orbits number `(all + fixed) / 2`, where
    /// `fixed` counts the completions equal to their own mirror image (each piece placed
    /// on a mirror-symmetric set of holes). Otherwise no completion is the mirror image of
    /// another and all are distinct.
    pub fn count_unique(&self, engine: Engine) -> u64 {
        let all = self.count(engine);
        if !self.tray.is_mirror_symmetric() {
            return all;
        }
        let symmetric: Vec<Vec<Vec<usize>>> = self
            .placements
            .iter()
            .map(|list| list.iter().filter(|pl| self.is_symmetric(pl)).cloned().collect())
            .collect();
        let fixed = count_with(engine, &self.board, &symmetric);
        (all + fixed) / 2
    }

    fn is_symmetric(&self, placement: &[usize]) -> bool {
        placement.iter().all(|&i| {
            let image = mirror(self.board.cells()[i]);
            self.board.index_of(image).is_some_and(|j| placement.contains(&j))
        })
    }

    fn fill(&self, chosen: impl Iterator<Item = (usize, usize)>) -> Tray {
        let mut t = self.tray.clone();
        for (k, placement) in chosen {
            for &i in &self.placements[k][placement] {
                let c = self.board.cells()[i];
                t.set(c.row as usize, c.col as usize, Some(self.missing[k]));
            }
        }
        t
    }

    fn search<F>(&self, engine: Engine, placements: &[Vec<Vec<usize>>], mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(&Tray) -> ControlFlow<()>,
    {
        match engine {
            Engine::Bitboard => match Packer::with_scan(&self.board, placements, SCAN) {
                Ok(packer) => packer.for_each(|sol| visit(&self.fill(sol.iter().map(|p| (p.piece, p.placement))))),
                // The tray always fits the bitboards; fall back rather than fail.
                Err(_) => self.search(Engine::DancingLinks, placements, visit),
            },
            Engine::DancingLinks => {
                let (problem, owners) = exact_cover_problem(&self.board, placements);
                let mut solver = Solver::new(&problem);
                while let Some(sol) = solver.next_solution() {
                    visit(&self.fill(sol.iter().map(|&o| owners[o])))?;
                }
                ControlFlow::Continue(())
            }
        }
    }
}

fn count_with(engine: Engine, board: &Board, placements: &[Vec<Vec<usize>>]) -> u64 {
    match engine {
        Engine::Bitboard => match Packer::with_scan(board, placements, SCAN) {
            Ok(packer) => packer.count(),
            Err(_) => count_with(Engine::DancingLinks, board, placements),
        },
        Engine::DancingLinks => Solver::new(&exact_cover_problem(board, placements).0).count(),
    }
}

/// The packing as exact cover: primary items are the pieces (`0..k`) then the board cells
/// (`k..k + n`); one option per placement. Also returns, per option, `(piece, placement)`.
fn exact_cover_problem(board: &Board, placements: &[Vec<Vec<usize>>]) -> (Problem, Vec<(usize, usize)>) {
    let k = placements.len();
    let mut problem = Problem::new(k + board.len(), 0);
    let mut owners = Vec::new();
    let mut items = Vec::new();
    for (p, list) in placements.iter().enumerate() {
        for (j, pl) in list.iter().enumerate() {
            items.clear();
            items.push(p);
            items.extend(pl.iter().map(|&c| k + c));
            problem.add_option(&items).expect("placements are valid options");
            owners.push((p, j));
        }
    }
    (problem, owners)
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
