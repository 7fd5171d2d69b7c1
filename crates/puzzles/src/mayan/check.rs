//! An answer checker for the Mayan puzzle written from the rules alone: its own board
//! (a grid indexed `[y][x]`) and its own simulation, sharing no code with
//! [`super::board`] or the search.

// Grid code reads most plainly with (x, y) index loops.
#![allow(clippy::needless_range_loop)]

use super::Puzzle;

const W: usize = 5;
const H: usize = 7;

/// What a valid answer says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Moves that empty the board after exactly the last one.
    Valid,
    /// `-1` (whether that is true is not checked here).
    ClaimsNone,
}

type Grid = [[u8; W]; H];

fn fall(g: &mut Grid) {
    for x in 0..W {
        let stack: Vec<u8> = (0..H).map(|y| g[y][x]).filter(|&c| c != 0).collect();
        for y in 0..H {
            g[y][x] = stack.get(y).copied().unwrap_or(0);
        }
    }
}

/// Removes all runs of 3+ at once, then lets blocks fall, until nothing changes.
fn clear(g: &mut Grid) {
    loop {
        let mut gone = [[false; W]; H];
        let mut any = false;
        for y in 0..H {
            for x in 0..W {
                let c = g[y][x];
                if c == 0 {
                    continue;
                }
                if x + 2 < W && g[y][x + 1] == c && g[y][x + 2] == c {
                    for d in 0..3 {
                        gone[y][x + d] = true;
                    }
                    any = true;
                }
                if y + 2 < H && g[y + 1][x] == c && g[y + 2][x] == c {
                    for d in 0..3 {
                        gone[y + d][x] = true;
                    }
                    any = true;
                }
            }
        }
        if !any {
            return;
        }
        for y in 0..H {
            for x in 0..W {
                if gone[y][x] {
                    g[y][x] = 0;
                }
            }
        }
        fall(g);
    }
}

/// The three numbers of a move line, written exactly as the contest prints them: `x` and
/// `y` as unsigned decimal numbers of at most two digits, `g` as `1` or `-1`, nothing else.
fn move_tokens(line: &str) -> Option<[i64; 3]> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let [x, y, g] = tokens[..] else { return None };
    let unsigned = |t: &str| (t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse::<i64>().ok()).flatten();
    let g = match g {
        "1" => 1,
        "-1" => -1,
        _ => return None,
    };
    Some([unsigned(x)?, unsigned(y)?, g])
}

/// Checks `answer` (one `x y g` line per move, or `-1`) against the puzzle: exactly `n`
/// moves, each dragging an existing block to a column on the board and not swapping two
/// blocks of one colour, the board not empty before any move and empty after the last.
/// Returns the first broken rule with its 1-based line.
pub fn check(puzzle: &Puzzle, answer: &str) -> Result<Verdict, (usize, String)> {
    let lines: Vec<&str> = answer.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if lines == ["-1"] {
        return Ok(Verdict::ClaimsNone);
    }
    if lines.len() != puzzle.moves {
        return Err((0, format!("{} moves; exactly {} are asked for", lines.len(), puzzle.moves)));
    }
    let mut g: Grid = [[0; W]; H];
    for x in 0..W {
        for y in 0..H {
            g[y][x] = puzzle.board.get(x, y);
        }
    }
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        let Some([x, y, d]) = move_tokens(line) else {
            return Err((n, format!("'{line}' is not 'x y g' (two unsigned numbers, then 1 or -1)")));
        };
        if g.iter().all(|row| row.iter().all(|&c| c == 0)) {
            return Err((n, "the board is already empty".into()));
        }
        if !(0..W as i64).contains(&x) || !(0..H as i64).contains(&y) || (d != 1 && d != -1) {
            return Err((n, format!("move '{line}' is outside the board or g is not 1 or -1")));
        }
        let (x, y, t) = (x as usize, y as usize, x + d);
        if g[y][x] == 0 {
            return Err((n, format!("there is no block at ({x}, {y})")));
        }
        if !(0..W as i64).contains(&t) {
            return Err((n, format!("the block at ({x}, {y}) cannot move off the board")));
        }
        let t = t as usize;
        if g[y][t] == g[y][x] {
            return Err((n, "swapping two blocks of the same colour is not a move".into()));
        }
        g[y].swap(x, t);
        fall(&mut g);
        clear(&mut g);
    }
    if g.iter().any(|row| row.iter().any(|&c| c != 0)) {
        return Err((lines.len(), "the board is not empty after the last move".into()));
    }
    Ok(Verdict::Valid)
}
