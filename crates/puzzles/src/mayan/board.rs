//! The Mayan puzzle's board and its rules: moves, simultaneous clearing of runs, falls.

use std::fmt;

/// Columns of the board.
pub const COLS: usize = 5;
/// Rows of the board.
pub const ROWS: usize = 7;
/// The largest colour.
pub const MAX_COLOUR: u8 = 10;

/// A move: drag the block at column `x`, height `y` (both from 0, `y` from the bottom) one
/// column left (`g = -1`) or right (`g = 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Column, 0 to 4 from the left.
    pub x: u8,
    /// Height, 0 to 6 from the bottom.
    pub y: u8,
    /// Direction: 1 right, -1 left.
    pub g: i8,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.g)
    }
}

/// A board of 5 columns by 7 rows: `cells[x][y]` is the colour (1..=10) of the block at
/// column `x`, height `y`, or 0 for none. Blocks never float: each column is a stack
/// from the bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    cells: [[u8; ROWS]; COLS],
}

impl Board {
    /// The board with the given columns (bottom first).
    ///
    /// Errors: a column taller than 7 or a colour outside 1..=10 (with the column index).
    pub fn from_columns(columns: &[Vec<u8>]) -> Result<Board, (usize, String)> {
        let mut b = Board::default();
        for (x, col) in columns.iter().enumerate().take(COLS) {
            if col.len() > ROWS {
                return Err((x, format!("column {x} has {} blocks; at most {ROWS} fit", col.len())));
            }
            for (y, &c) in col.iter().enumerate() {
                if c == 0 || c > MAX_COLOUR {
                    return Err((x, format!("colour {c} is outside 1..={MAX_COLOUR}")));
                }
                b.cells[x][y] = c;
            }
        }
        Ok(b)
    }

    /// The colour at column `x`, height `y` (0 when empty).
    ///
    /// Panics if `x >= 5` or `y >= 7`.
    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.cells[x][y]
    }

    /// The number of blocks in column `x`.
    pub fn height(&self, x: usize) -> usize {
        self.cells[x].iter().position(|&c| c == 0).unwrap_or(ROWS)
    }

    /// Whether no block is left.
    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(|col| col[0] == 0)
    }

    /// How many blocks of each colour (index 0 unused).
    pub fn colour_counts(&self) -> [u8; MAX_COLOUR as usize + 1] {
        let mut counts = [0u8; MAX_COLOUR as usize + 1];
        for col in &self.cells {
            for &c in col {
                counts[c as usize] += 1;
            }
        }
        counts[0] = 0;
        counts
    }

    /// The cells of the first run of 3 or more same-coloured blocks, if any (for input
    /// checks): `(x, y)` of its first block and whether it is horizontal.
    pub fn first_run(&self) -> Option<(usize, usize, bool)> {
        let marks = self.runs();
        (0..COLS).flat_map(|x| (0..ROWS).map(move |y| (x, y))).find(|&(x, y)| marks[x] >> y & 1 == 1).map(|(x, y)| {
            let horizontal = x + 2 < COLS && self.cells[x + 1][y] == self.cells[x][y] && self.cells[x + 2][y] == self.cells[x][y];
            (x, y, horizontal)
        })
    }

    /// The board after `m` and everything it sets off, or `None` when `m` is not a legal
    /// move (no block there, or the target column is off the board).
    pub fn play(&self, m: Move) -> Option<Board> {
        let (x, y) = (m.x as usize, m.y as usize);
        let target = x as isize + m.g as isize;
        if x >= COLS || y >= ROWS || self.cells[x][y] == 0 || !(0..COLS as isize).contains(&target) || m.g.abs() != 1 {
            return None;
        }
        let t = target as usize;
        let mut b = *self;
        if b.cells[t][y] != 0 {
            let (a, c) = (b.cells[x][y], b.cells[t][y]);
            b.cells[x][y] = c;
            b.cells[t][y] = a;
        } else {
            // The block leaves its column (those above drop) and falls in the target one.
            let colour = b.cells[x][y];
            b.cells[x].copy_within(y + 1.., y);
            b.cells[x][ROWS - 1] = 0;
            let h = b.height(t);
            b.cells[t][h] = colour;
        }
        b.settle();
        Some(b)
    }

    /// Repeats until nothing changes: remove every run of 3 or more at once, then let the
    /// blocks fall.
    pub fn settle(&mut self) {
        loop {
            let marks = self.runs();
            if marks.iter().all(|&m| m == 0) {
                return;
            }
            for (col, &m) in self.cells.iter_mut().zip(&marks) {
                if m == 0 {
                    continue;
                }
                let mut kept = [0u8; ROWS];
                let mut h = 0;
                for (y, &c) in col.iter().enumerate() {
                    if c != 0 && m >> y & 1 == 0 {
                        kept[h] = c;
                        h += 1;
                    }
                }
                *col = kept;
            }
        }
    }

    /// For each column, a bit mask of the heights of blocks in a run of 3 or more.
    fn runs(&self) -> [u8; COLS] {
        let mut marks = [0u8; COLS];
        let c = &self.cells;
        for x in 0..COLS {
            for y in 0..ROWS {
                let v = c[x][y];
                if v == 0 {
                    break;
                }
                if y + 2 < ROWS && c[x][y + 1] == v && c[x][y + 2] == v {
                    marks[x] |= 0b111 << y;
                }
                if x + 2 < COLS && c[x + 1][y] == v && c[x + 2][y] == v {
                    marks[x] |= 1 << y;
                    marks[x + 1] |= 1 << y;
                    marks[x + 2] |= 1 << y;
                }
            }
        }
        marks
    }

    /// An exact compact key: 4 bits per cell, column-major; columns 0 to 3 in the `u128`,
    /// column 4 in the `u32` (28 bits each).
    pub fn key(&self) -> (u128, u32) {
        let pack = |col: &[u8; ROWS]| col.iter().fold(0u32, |a, &c| a << 4 | c as u32);
        let hi = self.cells[..4].iter().fold(0u128, |a, col| a << 28 | pack(col) as u128);
        (hi, pack(&self.cells[4]))
    }

    /// The board drawn as 7 text rows (top first), two characters a cell, `.` for empty.
    pub fn draw(&self) -> String {
        let mut out = String::new();
        for y in (0..ROWS).rev() {
            let row: Vec<String> = (0..COLS)
                .map(|x| match self.cells[x][y] {
                    0 => " .".to_string(),
                    c => format!("{c:>2}"),
                })
                .collect();
            out.push_str(row.concat().trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(cols: &[&[u8]]) -> Board {
        Board::from_columns(&cols.iter().map(|c| c.to_vec()).collect::<Vec<_>>()).unwrap()
    }

    fn mv(x: u8, y: u8, g: i8) -> Move {
        Move { x, y, g }
    }

    #[test]
    fn swap_with_an_empty_target_makes_the_block_fall() {
        // Column 0: 1 2 3; moving the 2 right: it falls to the floor of column 1 and the
        // 3 above it drops.
        let b = board(&[&[1, 2, 3], &[], &[], &[], &[]]);
        assert_eq!(b.play(mv(0, 1, 1)).unwrap(), board(&[&[1, 3], &[2], &[], &[], &[]]));
        // Onto a shorter column: it lands on top.
        let b = board(&[&[1], &[4, 5, 6], &[7], &[], &[]]);
        assert_eq!(b.play(mv(1, 2, 1)).unwrap(), board(&[&[1], &[4, 5], &[7, 6], &[], &[]]));
    }

    #[test]
    fn swap_of_two_blocks() {
        let b = board(&[&[1, 2], &[3, 4], &[], &[], &[]]);
        assert_eq!(b.play(mv(0, 1, 1)).unwrap(), board(&[&[1, 4], &[3, 2], &[], &[], &[]]));
        assert_eq!(b.play(mv(1, 0, -1)).unwrap(), board(&[&[3, 2], &[1, 4], &[], &[], &[]]));
    }

    #[test]
    fn a_row_and_a_column_clear_together() {
        // A cross of 5s: the column of three at x = 1 and the row of three at y = 1 share
        // the block at (1, 1), which vanishes once; all five go at once.
        let mut cross = board(&[&[1, 5], &[5, 5, 5], &[3, 5], &[], &[]]);
        cross.settle();
        assert_eq!(cross, board(&[&[1], &[], &[3], &[], &[]]));
    }

    #[test]
    fn chains_of_falls_and_clears() {
        // The 9 at (2, 0) moves right into the empty column 3; the 7 above it drops to
        // height 0, making 7 7 7, which clears; the 8s fall into 8 8 8, which clears too.
        let b = board(&[&[7, 8], &[7, 8], &[9, 7, 8], &[], &[]]);
        assert_eq!(b.first_run(), None);
        assert_eq!(b.play(mv(2, 0, 1)).unwrap(), board(&[&[], &[], &[], &[9], &[]]));
        // A fall that completes a vertical run: the 4 at (1, 2) moves left into the empty
        // cell (0, 2), rests on column 0's two 4s, and the three vanish.
        let b = board(&[&[4, 4], &[1, 2, 4], &[], &[], &[]]);
        assert_eq!(b.play(mv(1, 2, -1)).unwrap(), board(&[&[], &[1, 2], &[], &[], &[]]));
    }

    #[test]
    fn moves_off_the_board_or_from_nothing_are_refused() {
        let b = board(&[&[1], &[], &[], &[], &[2]]);
        assert_eq!(b.play(mv(0, 0, -1)), None);
        assert_eq!(b.play(mv(4, 0, 1)), None);
        assert_eq!(b.play(mv(1, 0, 1)), None);
        assert_eq!(b.play(mv(0, 1, 1)), None);
        assert_eq!(b.play(mv(0, 0, 0)), None);
        assert_eq!(b.play(mv(9, 0, 1)), None);
    }

    #[test]
    fn runs_are_found() {
        assert_eq!(board(&[&[1, 1, 1], &[], &[], &[], &[]]).first_run(), Some((0, 0, false)));
        assert_eq!(board(&[&[], &[2], &[2], &[2], &[]]).first_run(), Some((1, 0, true)));
        assert_eq!(board(&[&[1, 1], &[1], &[], &[], &[]]).first_run(), None);
    }
}
