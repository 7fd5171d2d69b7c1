//! The Mayan puzzle (NOIP 2011 senior day 1 problem 3, Luogu P1312): empty a 5x7 board
//! of coloured blocks in exactly `n` moves, giving the lexicographically smallest answer.
//! Rules: `docs/specs/mayan.md`.
//!
//! Flow: [`parse`] text -> [`Puzzle`] -> [`solve`] (depth-first search over the rules of
//! [`board`]) -> [`render`] text.
//!
//! As the spec says, swapping two blocks of the same colour is not a move (it changes
//! nothing). The search tries moves in lexicographic order (`x`, then `y`, then `g = 1`
//! before `-1`), so the first answer it finds is the smallest. It prunes with the facts in
//! the spec (a left swap repeats its neighbour's right swap; a colour with one or two blocks
//! can never vanish) and remembers dead (board, moves left) states in a transposition table.

pub mod board;
pub mod check;

pub use board::{Board, Move};

use rustc_hash::FxHashSet;

/// The largest move count accepted: 7 (the contest's limit is 5). Each further move
/// multiplies the search on boards without answer by about 15 (measured on
/// `tests/data/mayan/hard-no-answer.in`: 0.03 s for 5 moves, 1.2 s and 105 MB for 7,
/// 18 s and 410 MB for 8), so larger counts are refused rather than left to run for hours.
pub const MAX_MOVES: usize = 7;

/// A puzzle: empty `board` in exactly `moves` moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The number of moves, 1 to [`MAX_MOVES`].
    pub moves: usize,
    /// The starting board.
    pub board: Board,
}

/// A problem in the input, at a 1-based line: gridlock's one located error type.
pub use located::ParseError;

/// Reads `n`, then 5 lines (columns from the left) of colours from the bottom up, each
/// ended by `0`.
///
/// Errors: a [`ParseError`] for a bad or out-of-range `n`, a token that is not a number,
/// a column without its final `0` or taller than 7, a colour outside 1..=10, a missing or
/// extra line, or a board that already holds a run of 3.
pub fn parse(input: &[u8]) -> Result<Puzzle, ParseError> {
    let text = String::from_utf8_lossy(input);
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty());
    let fail = |line: usize, message: String| ParseError::new(line, message);
    let (line_no, first) = lines.next().ok_or_else(|| fail(1, "the input is empty".into()))?;
    let moves: usize = first
        .parse()
        .ok()
        .filter(|n| (1..=MAX_MOVES).contains(n))
        .ok_or_else(|| fail(line_no, format!("expected the number of moves (1 to {MAX_MOVES}), found '{first}'")))?;
    let mut columns = Vec::new();
    let mut column_lines = Vec::new();
    for x in 0..board::COLS {
        let (line_no, line) = lines.next().ok_or_else(|| fail(line_no + x + 1, format!("expected 5 columns, found {x}")))?;
        let mut col = Vec::new();
        let mut ended = false;
        for token in line.split_whitespace() {
            if ended {
                return Err(fail(line_no, format!("'{token}' after the 0 that ends column {x}")));
            }
            let v: u8 = token
                .parse()
                .ok()
                .filter(|&v| v <= board::MAX_COLOUR)
                .ok_or_else(|| fail(line_no, format!("colour '{token}' is outside 1..={}", board::MAX_COLOUR)))?;
            if v == 0 {
                ended = true;
            } else {
                col.push(v);
            }
        }
        if !ended {
            return Err(fail(line_no, format!("column {x} does not end with 0")));
        }
        columns.push(col);
        column_lines.push(line_no);
    }
    if let Some((line_no, _)) = lines.next() {
        return Err(fail(line_no, "unexpected text after the 5 columns".into()));
    }
    let board = Board::from_columns(&columns).map_err(|(x, m)| fail(column_lines[x], m))?;
    if let Some((x, y, horizontal)) = board.first_run() {
        let how = if horizontal { "row" } else { "column" };
        return Err(fail(column_lines[x], format!("the board already holds a run of 3 (a {how} from x = {x}, y = {y})")));
    }
    Ok(Puzzle { moves, board })
}

/// The answer in the contest format: one `x y g` line per move, or `-1`.
pub fn render(answer: Option<&[Move]>) -> String {
    match answer {
        None => "-1\n".to_string(),
        Some(moves) => moves.iter().map(|m| format!("{m}\n")).collect(),
    }
}

/// The board before and after each move of `moves`, drawn for a person to follow.
pub fn explain(start: &Board, moves: &[Move]) -> String {
    let mut out = format!("start:\n{}", start.draw());
    let mut b = *start;
    for (i, &m) in moves.iter().enumerate() {
        b = b.play(m).expect("an answer's moves are legal");
        out.push_str(&format!("\nafter move {} ({m}):\n{}", i + 1, b.draw()));
    }
    out
}

/// Search statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Boards examined.
    pub nodes: u64,
    /// Boards skipped because the transposition table knew them dead.
    pub table_hits: u64,
}

/// The lexicographically smallest sequence of exactly `puzzle.moves` moves that empties
/// the board, or `None`.
pub fn solve(puzzle: &Puzzle) -> Option<Vec<Move>> {
    solve_with_stats(puzzle).0
}

/// As [`solve`], with search statistics.
pub fn solve_with_stats(puzzle: &Puzzle) -> (Option<Vec<Move>>, Stats) {
    let mut s = Search { dead: FxHashSet::default(), stats: Stats::default(), path: Vec::new() };
    let found = s.dfs(&puzzle.board, puzzle.moves);
    (found.then_some(s.path), s.stats)
}

/// The most dead states remembered (about 40 bytes each); the table is cleared when full.
const TABLE_LIMIT: usize = 1 << 22;

struct Search {
    dead: FxHashSet<(u128, u32, u8)>,
    stats: Stats,
    path: Vec<Move>,
}

impl Search {
    fn dfs(&mut self, b: &Board, left: usize) -> bool {
        self.stats.nodes += 1;
        if b.is_empty() {
            return left == 0;
        }
        if left == 0 {
            return false;
        }
        if b.colour_counts().iter().any(|&n| n == 1 || n == 2) {
            return false;
        }
        let (hi, lo) = b.key();
        let key = (hi, lo, left as u8);
        if self.dead.contains(&key) {
            self.stats.table_hits += 1;
            return false;
        }
        for x in 0..board::COLS {
            for y in 0..b.height(x) {
                let here = b.get(x, y);
                for g in [1i8, -1] {
                    let t = x as isize + g as isize;
                    if !(0..board::COLS as isize).contains(&t) {
                        continue;
                    }
                    let there = b.get(t as usize, y);
                    // A left swap gives the board of the right swap from x - 1, tried first.
                    if g == -1 && there != 0 {
                        continue;
                    }
                    // Swapping equal colours changes nothing: not a move.
                    if there == here {
                        continue;
                    }
                    let m = Move { x: x as u8, y: y as u8, g };
                    let next = b.play(m).expect("the move is legal");
                    self.path.push(m);
                    if self.dfs(&next, left - 1) {
                        return true;
                    }
                    self.path.pop();
                }
            }
        }
        if self.dead.len() >= TABLE_LIMIT {
            self.dead.clear();
        }
        self.dead.insert(key);
        false
    }
}
