//! Packing puzzles as text: the boards and pieces users write, Knuth's format, and the
//! drawings of the answers.
//!
//! Flow: [`rectangle`] / [`parse_board`] and [`parse_pieces`] (square boards),
//! [`lattice::boxed`] and [`drawing`] (every lattice), [`knuth`], or
//! [`polyform::sets::find`] -> [`Problem`] (the one packing front door, in
//! `polyform::pack`: it chooses the engine and counts) -> [`render`] /
//! [`render_tiling`] (square boards) or [`lattice::render`]. Counts can be split into
//! subtrees run on several threads, or into deterministic shards for separate processes.

pub mod artist;
pub mod check;
pub mod drawing;
pub mod knuth;
pub mod lattice;

pub use artist::{Artist, Style};
pub use knuth::parse_knuth;

pub use polyform::cover::exact_cover_problem;
pub use polyform::pack::{is_canonical_tiling, knuth_text, sample_tilings, Problem, RunError, Tiling, MAX_PLACEMENT_CELLS};
use polyform::{cells_connected, Board, Cell, Copies, Piece, Shape};

/// A problem in an input file, at a 1-based line and, where it applies, column:
/// gridlock's one located error type.
pub use located::ParseError;

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError::new(line, message))
}

fn err_at<T>(line: usize, column: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError::at(line, column, message))
}

/// The board `RxC` (rows `x` columns, e.g. `6x10`), each from 1 to 1000.
///
/// Errors: a message when the text is not of that form.
pub fn rectangle(spec: &str) -> Result<Board, String> {
    let bad = || format!("'{spec}' is not a rectangle ROWSxCOLUMNS such as 6x10");
    let (r, c) = spec.split_once(['x', 'X']).ok_or_else(bad)?;
    let r: i32 = r.trim().parse().map_err(|_| bad())?;
    let c: i32 = c.trim().parse().map_err(|_| bad())?;
    if !(1..=1000).contains(&r) || !(1..=1000).contains(&c) {
        return Err(format!("'{spec}': rows and columns must be 1 to 1000"));
    }
    Ok(Board::rectangle(r, c))
}

/// A board drawn as text: `.` is a cell to fill, `#` or a space is outside.
///
/// Errors: any other character (naming line and column), or no cell at all.
pub fn parse_board(text: &str) -> Result<Board, ParseError> {
    let mut cells = Vec::new();
    let skip = square_header(text)?;
    for (r, line) in text.lines().enumerate().skip(skip) {
        let r = r - skip;
        for (c, ch) in line.trim_end_matches('\r').chars().enumerate() {
            match ch {
                '.' => cells.push(Cell::new(r as i32, c as i32, 0)),
                '#' | ' ' => {}
                other => return err_at(r + 1, c + 1, format!("unexpected {other:?}; use '.' for a cell, '#' or a space outside")),
            }
        }
    }
    if cells.is_empty() {
        return err(0, "the board has no cell ('.')");
    }
    Ok(Board::from_cells(cells))
}

/// Pieces as text: blocks separated by blank lines, each a name line then the shape drawn
/// with `#` (`.` or a space for no cell). The name line may end with a count, after a
/// space: `T 3` (exactly 3 copies), `T 0..2`, `T *` (any number), `T 1..*` (see
/// [`Copies::parse`]); without one, the piece is used exactly once. (A name whose last
/// word reads as a count needs a count after it: `Room 101 1`.)
///
/// Errors: a block without a drawing, a bad character, an empty or disconnected shape, or
/// a name used twice, naming the line.
pub fn parse_pieces(text: &str) -> Result<Vec<(Piece, Copies)>, ParseError> {
    let mut pieces: Vec<(Piece, Copies)> = Vec::new();
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut i = square_header(text)?;
    while i < lines.len() {
        if lines[i].trim().is_empty() {
            i += 1;
            continue;
        }
        let name_line = i + 1;
        let (name, copies) = name_and_copies(lines[i], name_line)?;
        i += 1;
        let mut cells = Vec::new();
        let start = i;
        while i < lines.len() && !lines[i].trim().is_empty() {
            for (c, ch) in lines[i].chars().enumerate() {
                match ch {
                    '#' => cells.push(Cell::new((i - start) as i32, c as i32, 0)),
                    '.' | ' ' => {}
                    other => return err_at(i + 1, c + 1, format!("unexpected {other:?} in the drawing of piece '{name}'")),
                }
            }
            i += 1;
        }
        if cells.is_empty() {
            return err(name_line, format!("piece '{name}' has no cell ('#') drawn under its name"));
        }
        if !cells_connected(&cells) {
            return err(name_line, format!("piece '{name}' is not connected"));
        }
        if pieces.iter().any(|(p, _)| p.name == name) {
            return err(name_line, format!("the name '{name}' is used twice"));
        }
        pieces.push((Piece { name, shape: Shape::new(cells).expect("distinct cells") }, copies));
    }
    if pieces.is_empty() {
        return err(0, "no piece");
    }
    Ok(pieces)
}

/// The lines a `lattice: square` header takes at the top of a square-lattice file (0
/// without one).
///
/// Errors: a header naming another lattice (whose files `gridlock pack` reads with
/// [`drawing`], the lattice inferred), or no lattice.
fn square_header(text: &str) -> Result<usize, ParseError> {
    match drawing::file_lattice(text)? {
        (Some(polyform::Lattice::Square) | None, skip) => Ok(skip),
        (Some(l), skip) => err(skip, format!("this file is drawn on the {} lattice, not the square one", l.name())),
    }
}

/// A piece's name line `NAME [COUNT]` (line `line` of its file): a last word of digits,
/// dots and stars is a count ([`Copies::parse`]; without one the piece is used once).
///
/// Errors: a count that does not parse.
pub(crate) fn name_and_copies(text: &str, line: usize) -> Result<(String, Copies), ParseError> {
    Ok(match text.trim().rsplit_once(char::is_whitespace) {
        Some((name, spec)) if spec.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'*') => {
            let c = Copies::parse(spec).map_err(|m| ParseError::new(line, m))?;
            (name.trim_end().to_string(), c)
        }
        _ => (text.trim().to_string(), Copies::ONE),
    })
}

/// A packing as drawings take it: for each piece (or each tile), the board cell indices
/// it covers.
pub type Packing = Vec<Vec<usize>>;

/// The tiles of `tiling` (every piece used once, `pieces` of them) indexed by piece: the
/// [`Packing`] that [`render`] draws with the pieces' own labels.
pub fn by_piece(tiling: &Tiling, pieces: usize) -> Packing {
    let mut packing = vec![Vec::new(); pieces];
    for (p, cells) in tiling {
        packing[*p].clone_from(cells);
    }
    packing
}

/// How to run a count: threads, shard and progress (the one definition, shared with
/// `gridlock xc`).
pub use exact_cover::parallel::CountOptions as RunOptions;

/// The `i`-th label of drawings whose pieces are not named by distinct single
/// characters: `A`..`Z`, `a`..`z`, `0`..`9`, then Greek, Cyrillic and CJK letters, so that
/// every tile of any board gridlock builds has its own character (over 20000 of them).
pub fn nth_label(i: usize) -> char {
    const RANGES: [(u32, u32); 7] =
        [(0x41, 0x5A), (0x61, 0x7A), (0x30, 0x39), (0x3B1, 0x3C9), (0x410, 0x44F), (0x4E00, 0x9FFF), (0xAC00, 0xD7A3)];
    let mut i = i as u64;
    for (lo, hi) in RANGES {
        let n = (hi - lo + 1) as u64;
        if i < n {
            return char::from_u32(lo + i as u32).unwrap_or('?');
        }
        i -= n;
    }
    '?'
}

/// Whether [`labels`] had to replace the pieces' names (then drawings need a legend).
pub fn labels_are_names(pieces: &[Piece], labels: &[char]) -> bool {
    pieces.iter().zip(labels).all(|(p, &l)| p.name.chars().eq(std::iter::once(l)))
}

/// The legend of a drawing whose labels are not the names: a line `label name` per
/// piece; empty when the labels are the names.
pub fn legend(pieces: &[Piece], labels: &[char]) -> String {
    if labels_are_names(pieces, labels) {
        return String::new();
    }
    pieces.iter().zip(labels).map(|(p, l)| format!("{l} {}\n", located::printable(&p.name))).collect()
}

/// One character per piece for drawings: the names when they are distinct single
/// characters, otherwise [`nth_label`] in piece order.
pub fn labels(pieces: &[Piece]) -> Vec<char> {
    labels_where(pieces, |c| c != '.' && c != ' ')
}

/// [`labels`] for a drawing where only the characters `usable` allows may stand for a
/// piece (the rest draw the board).
pub fn labels_where(pieces: &[Piece], usable: impl Fn(char) -> bool) -> Vec<char> {
    let singles: Vec<char> = pieces
        .iter()
        .filter_map(|p| {
            let mut cs = p.name.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if usable(c) => Some(c),
                _ => None,
            }
        })
        .collect();
    let distinct = singles.len() == pieces.len() && {
        let mut s = singles.clone();
        s.sort_unstable();
        s.windows(2).all(|w| w[0] != w[1])
    };
    if distinct {
        return singles;
    }
    (0..pieces.len()).map(nth_label).collect()
}

/// A packing drawn over the board's bounding box: each cell shows its piece's label
/// (see [`labels`]), a cell outside the board a space; trailing spaces trimmed.
pub fn render(board: &Board, labels: &[char], packing: &Packing) -> String {
    piece_grid(board, packing)
        .iter()
        .map(|row| {
            let line: String = row.iter().map(|p| p.map_or(' ', |p| labels[p])).collect();
            format!("{}\n", line.trim_end())
        })
        .collect()
}

/// A tiling drawn over the board's bounding box, each tile with its own character
/// ([`nth_label`] in the order of the tiles), then a legend line `LABEL NAME` per tile.
pub fn render_tiling(board: &Board, pieces: &[Piece], tiling: &Tiling) -> String {
    let tiles: Packing = tiling.iter().map(|(_, cells)| cells.clone()).collect();
    let labels: Vec<char> = (0..tiling.len()).map(nth_label).collect();
    let mut text = render(board, &labels, &tiles);
    for (t, (p, _)) in tiling.iter().enumerate() {
        text.push_str(&format!("{} {}\n", labels[t], located::printable(&pieces[*p].name)));
    }
    text
}

/// A packing over the board's bounding box (rows, then columns): for each cell the piece
/// covering it, or None for a cell outside the board.
pub fn piece_grid(board: &Board, packing: &Packing) -> Vec<Vec<Option<usize>>> {
    let cells = board.cells();
    let r0 = cells.iter().map(|c| c.x).min().unwrap_or(0);
    let r1 = cells.iter().map(|c| c.x).max().unwrap_or(-1);
    let c0 = cells.iter().map(|c| c.y).min().unwrap_or(0);
    let c1 = cells.iter().map(|c| c.y).max().unwrap_or(-1);
    let mut grid = vec![vec![None; (c1 - c0 + 1).max(0) as usize]; (r1 - r0 + 1).max(0) as usize];
    for (p, pl) in packing.iter().enumerate() {
        for &i in pl {
            let c = cells[i];
            grid[(c.x - r0) as usize][(c.y - c0) as usize] = Some(p);
        }
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_boards_and_pieces() {
        let b = parse_board("..#\n. .\n").unwrap();
        assert_eq!(b.len(), 4);
        assert_eq!(parse_board("..x\n").unwrap_err().line, 1);
        assert!(parse_board("##\n").is_err());
        let p = parse_pieces("L\n#.\n##\n\nbar\n###\n").unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[1].0.shape.len(), 3);
        let counted = parse_pieces("T 3\n###\n\nleft L 0..2\n#.\n##\n\nany *\n#\n\nsome 1..*\n##\n\nright L\n##\n").unwrap();
        let got: Vec<(&str, String)> = counted.iter().map(|(p, c)| (p.name.as_str(), c.to_string())).collect();
        let want = [("T", "3"), ("left L", "0..2"), ("any", "*"), ("some", "1..*"), ("right L", "1")];
        assert_eq!(got, want.map(|(n, c)| (n, c.to_string())));
        assert!(parse_pieces("T 3..2\n#\n").unwrap_err().message.contains("lower bound"));
        assert_eq!(parse_pieces("T 3..2\n#\n").unwrap_err().line, 1);
        assert_eq!(parse_pieces("a\n#.#\n").unwrap_err().message, "piece 'a' is not connected");
        assert_eq!(parse_pieces("a\n\nb\n#\n").unwrap_err().line, 1);
        assert_eq!(parse_pieces("a\n#\n\na\n##\n").unwrap_err().line, 4);
        assert_eq!(parse_pieces("a\n#x\n").unwrap_err().line, 2);
        assert!(rectangle("6x10").is_ok());
        assert!(rectangle("6by10").is_err());
        assert!(rectangle("0x3").is_err());
    }

    #[test]
    fn labels_fall_back_to_letters() {
        let p = |n: &str| Piece { name: n.into(), shape: Shape::from_drawing("#").unwrap() };
        assert_eq!(labels(&[p("x"), p("y")]), vec!['x', 'y']);
        assert_eq!(labels(&[p("long"), p("y")]), vec!['A', 'B']);
        assert_eq!(labels(&[p("y"), p("y2"), p("y")]), vec!['A', 'B', 'C']);
        let many: Vec<Piece> = (0..5000).map(|i| p(&format!("p{i}"))).collect();
        let l = labels(&many);
        assert_eq!(l.iter().collect::<std::collections::HashSet<_>>().len(), 5000);
        assert!(l.iter().all(|c| !c.is_control() && !c.is_whitespace() && *c != '?'));
        assert_eq!(legend(&[p("x"), p("y")], &['x', 'y']), "");
        assert_eq!(legend(&[p("long"), p("y")], &['A', 'B']), "A long\nB y\n");
    }
}
