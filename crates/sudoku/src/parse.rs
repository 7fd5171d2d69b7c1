//! Readers of sudoku texts: puzzle lines (the public benchmark lists' format), grid
//! drawings, jigsaw region maps and killer cage files. Every error names its line and
//! column.

use super::model::{square_root, Alphabet, Cage, Grid, Rules, MAX_SIZE};
use located::{Kind, ParseError};

/// Whether a line is skipped: blank, or a `#` comment.
pub fn is_skipped(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// The characters of a drawing that are not cells (and `\r`, which ends a Windows line).
pub fn is_decoration(ch: char) -> bool {
    matches!(ch, ' ' | '\t' | '|' | '-' | '+' | '=' | '\r')
}

/// Whether a line of a drawing holds no cell: blank, a `#` comment, or decorations only.
fn is_drawing_filler(line: &str) -> bool {
    is_skipped(line) || line.chars().all(is_decoration)
}

/// How an input is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One puzzle a line, size^2 characters.
    Lines(usize),
    /// One puzzle drawn as `size` rows.
    Drawing(usize),
}

/// The layout of an input whose first puzzle line is `first`, for rules of `size` digits
/// when they fix it (a jigsaw map), else guessed: a line with spaces, bars or dashes, or of
/// 4, 9, 25 or 36 cells, starts a drawing; a line of 16, 81, 256, 625 or 1296 cells is a
/// puzzle line (a 16 x 16 drawing without separators needs `drawing`).
pub fn layout(first: &str, line: usize, size: Option<usize>, drawing: bool) -> Result<Layout, ParseError> {
    let first = first.trim_end_matches(['\r', '\n']);
    let cells = first.chars().filter(|&c| !is_decoration(c)).count();
    let decorated = first.trim().chars().any(is_decoration);
    if let Some(n) = size {
        return Ok(if drawing || decorated || cells == n && n != n * n { Layout::Drawing(n) } else { Layout::Lines(n) });
    }
    if drawing || decorated {
        return match square_root(cells).filter(|b| (2..=6).contains(b)) {
            Some(_) => Ok(Layout::Drawing(cells)),
            None => Err(ParseError::new(line, format!("a drawn row has 4, 9, 16, 25 or 36 cells, not {cells}")).of_kind(Kind::Syntax)),
        };
    }
    match cells {
        4 | 9 | 25 | 36 => Ok(Layout::Drawing(cells)),
        _ => match square_root(cells).filter(|&s| matches!(s, 4 | 9 | 16 | 25 | 36)) {
            Some(s) => Ok(Layout::Lines(s)),
            None => Err(ParseError::at(
                line,
                first.len() + 1,
                format!("a puzzle line has 16, 81, 256, 625 or 1296 cells (4x4 to 36x36), not {cells}"),
            )),
        },
    }
}

/// Checks that the alphabet writes every digit of `size`.
pub fn check_alphabet(size: usize, alphabet: Alphabet) -> Result<(), ParseError> {
    if size == MAX_SIZE && alphabet == Alphabet::OneBased {
        return Err(ParseError::new(0, "36 digits are written 0-9 A-Z: give --zero-based"));
    }
    Ok(())
}

/// Reads one puzzle line of `size`^2 cells (line number `line`, 1-based), trailing spaces
/// and `\r` ignored.
pub fn parse_line(text: &str, line: usize, size: usize, alphabet: Alphabet) -> Result<Grid, ParseError> {
    let mut grid = Vec::with_capacity(size * size);
    parse_line_into(text, line, size, alphabet, &mut grid)?;
    Ok(grid)
}

/// [`parse_line`], the `size`^2 cells appended to `cells` (a list of many puzzles' cells
/// kept in one allocation); `cells` as it was on an error.
pub fn parse_line_into(text: &str, line: usize, size: usize, alphabet: Alphabet, cells: &mut Vec<u8>) -> Result<(), ParseError> {
    let text = text.trim_end_matches(['\r', '\n', ' ', '\t']);
    let want = size * size;
    let start = cells.len();
    // The common case, a line of exactly `want` single-byte digits and blanks, read
    // through a table of the 256 bytes in one pass, each entry stored and checked;
    // anything else (and any error) takes the loop below, which names the column.
    if text.len() == want {
        let table = byte_digits(size, alphabet);
        let mut bad = false;
        cells.extend(text.bytes().map(|b| {
            let d = table[usize::from(b)];
            bad |= d == NOT_A_DIGIT;
            d
        }));
        if !bad {
            return Ok(());
        }
        cells.truncate(start);
    }
    let mut n = 0;
    for (col, ch) in text.char_indices() {
        if n == want {
            cells.truncate(start);
            return Err(ParseError::at(line, col + 1, format!("the line goes on after its {want} cells")).of_kind(Kind::Extra));
        }
        match alphabet.digit(ch, size) {
            Some(d) => cells.push(d),
            None => {
                cells.truncate(start);
                return Err(ParseError::at(line, col + 1, format!("{ch:?} is not a digit 1 to {size} or a blank ('.')")));
            }
        }
        n += 1;
    }
    if n < want {
        cells.truncate(start);
        return Err(ParseError::at(line, text.len() + 1, format!("the line ends after {n} cells; a {size}x{size} puzzle has {want}"))
            .of_kind(Kind::Missing));
    }
    Ok(())
}

/// The mark of a byte that is no digit in [`byte_digits`]'s table.
const NOT_A_DIGIT: u8 = u8::MAX;

/// The digit (0 for a blank) each byte stands for under `alphabet` in a grid of `size`
/// (at most [`MAX_SIZE`]), or [`NOT_A_DIGIT`]: [`Alphabet::digit`] tabulated for the bytes
/// below 128, built once for every size and both alphabets (19 KB).
fn byte_digits(size: usize, alphabet: Alphabet) -> &'static [u8; 256] {
    static TABLES: std::sync::OnceLock<Vec<[u8; 256]>> = std::sync::OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let mut tables = Vec::with_capacity(2 * (MAX_SIZE + 1));
        for alphabet in [Alphabet::OneBased, Alphabet::ZeroBased] {
            for size in 0..=MAX_SIZE {
                let mut table = [NOT_A_DIGIT; 256];
                for (b, entry) in table.iter_mut().enumerate().take(128) {
                    if let Some(d) = alphabet.digit(char::from(b as u8), size) {
                        *entry = d;
                    }
                }
                tables.push(table);
            }
        }
        tables
    });
    let k = usize::from(alphabet == Alphabet::ZeroBased) * (MAX_SIZE + 1) + size.min(MAX_SIZE);
    &tables[k]
}

/// Reads a grid drawing of `size` rows (the lines of `text` from line number `first`, one
/// row of cells a line; spaces, `|`, `-`, `+` and `=` ignored, rows made only of them
/// skipped, as are blank and `#` lines). Returns the grid and the number of the last line
/// read.
pub fn parse_drawing(lines: &[&str], first: usize, size: usize, alphabet: Alphabet) -> Result<Grid, ParseError> {
    let mut grid = Vec::with_capacity(size * size);
    let mut rows = 0;
    let mut last = first;
    for (k, text) in lines.iter().enumerate() {
        let line = first + k;
        if is_drawing_filler(text) {
            continue;
        }
        if rows == size {
            return Err(ParseError::new(line, format!("the drawing goes on after its {size} rows")).of_kind(Kind::Extra));
        }
        let mut cells = 0;
        for (col, ch) in text.char_indices() {
            if is_decoration(ch) {
                continue;
            }
            if cells == size {
                return Err(ParseError::at(line, col + 1, format!("the row goes on after its {size} cells")).of_kind(Kind::Extra));
            }
            match alphabet.digit(ch, size) {
                Some(d) => grid.push(d),
                None => return Err(ParseError::at(line, col + 1, format!("{ch:?} is not a digit 1 to {size} or a blank ('.')"))),
            }
            cells += 1;
        }
        if cells < size {
            return Err(ParseError::new(line, format!("the row has {cells} cells, not {size}")).of_kind(Kind::Missing));
        }
        rows += 1;
        last = line;
    }
    if rows < size {
        return Err(ParseError::new(last, format!("the drawing has {rows} rows, not {size}")).of_kind(Kind::Missing));
    }
    Ok(grid)
}

/// Where cell `cell` of a drawing read by [`parse_drawing`] (from line number `first`)
/// stands: its (line, column), 1-based.
pub fn drawing_position(lines: &[&str], first: usize, size: usize, cell: usize) -> (usize, usize) {
    let row = lines.iter().enumerate().filter(|(_, text)| !is_drawing_filler(text)).nth(cell / size);
    match row {
        Some((k, text)) => {
            let col = text.char_indices().filter(|&(_, c)| !is_decoration(c)).nth(cell % size).map_or(1, |(i, _)| i + 1);
            (first + k, col)
        }
        None => (first, 1),
    }
}

/// The puzzles of a text read whole by [`read`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzles {
    /// The number of digits.
    pub size: usize,
    /// Whether the text is one drawing (else puzzle lines).
    pub drawing: bool,
    /// Each puzzle's first line number (1-based) and givens.
    pub puzzles: Vec<(usize, Grid)>,
}

/// Every puzzle of a text read whole: puzzle lines, or one drawing (`drawing` forces it;
/// `size` is the rules' size when they fix it, as a jigsaw map does).
///
/// # Errors
/// The first line and column that break the format, or "no puzzle".
pub fn read(text: &str, size: Option<usize>, drawing: bool, alphabet: Alphabet) -> Result<Puzzles, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(first) = lines.iter().position(|l| !is_skipped(l)) else {
        return Err(ParseError::new(0, "no puzzle").of_kind(Kind::Missing));
    };
    let (n, drawn) = match layout(lines[first], first + 1, size, drawing)? {
        Layout::Lines(n) => (n, false),
        Layout::Drawing(n) => (n, true),
    };
    check_alphabet(n, alphabet)?;
    let puzzles = if drawn {
        vec![(first + 1, parse_drawing(&lines[first..], first + 1, n, alphabet)?)]
    } else {
        let lines = lines.iter().enumerate().filter(|(_, l)| !is_skipped(l));
        lines.map(|(k, l)| Ok((k + 1, parse_line(l, k + 1, n, alphabet)?))).collect::<Result<_, ParseError>>()?
    };
    Ok(Puzzles { size: n, drawing: drawn, puzzles })
}

/// What [`conflict`]'s answer says, for a person: "5 is given twice in row 1 (also at
/// r1c3)", or "the givens of cage 2 (sum 10) already pass its sum".
pub fn conflict_message(rules: &Rules, grid: &[u8], (later, earlier, unit): &(usize, usize, String), alphabet: Alphabet) -> String {
    let n = rules.size();
    if later == earlier {
        format!("the givens of {unit} already pass its sum")
    } else {
        format!("{} is given twice in {unit} (also at r{}c{})", alphabet.char(grid[*later]), earlier / n + 1, earlier % n + 1)
    }
}

/// The first pair of givens that break a rule before any search: two equal digits in one
/// unit or cage, or a cage whose givens already pass its sum. Returns the later cell, the
/// earlier one and what they share.
pub fn conflict(rules: &Rules, grid: &[u8]) -> Option<(usize, usize, String)> {
    let size = rules.size();
    let names = |u: usize| -> String {
        let regions_end = 3 * size;
        match u {
            _ if u < size => format!("row {}", u + 1),
            _ if u < 2 * size => format!("column {}", u - size + 1),
            _ if u < regions_end => format!("{} {}", if rules.is_jigsaw() { "region" } else { "box" }, u - 2 * size + 1),
            _ if rules.diagonals() && u < regions_end + 2 => "a diagonal".to_string(),
            _ => format!("window {}", u - regions_end - if rules.diagonals() { 2 } else { 0 } + 1),
        }
    };
    let mut worst: Option<(usize, usize, String)> = None;
    let mut keep = |later: usize, earlier: usize, what: &dyn Fn() -> String| {
        if worst.as_ref().is_none_or(|w| (later, earlier) < (w.0, w.1)) {
            worst = Some((later, earlier, what()));
        }
    };
    let units = rules.units().iter().enumerate().map(|(u, cells)| (cells, u, false));
    let cages = rules.cages().iter().enumerate().map(|(k, c)| (&c.cells, k, true));
    let mut seen = vec![usize::MAX; size + 1];
    for (cells, index, is_cage) in units.chain(cages) {
        seen.fill(usize::MAX);
        // The earliest cell (in reading order) that repeats a digit of the group.
        let mut found: Option<(usize, usize)> = None;
        for &c in cells {
            let d = grid[c] as usize;
            if d != 0 {
                if seen[d] != usize::MAX {
                    let pair = (c.max(seen[d]), c.min(seen[d]));
                    if found.is_none_or(|f| pair < f) {
                        found = Some(pair);
                    }
                } else {
                    seen[d] = c;
                }
            }
        }
        if let Some((later, earlier)) = found {
            keep(later, earlier, &|| if is_cage { format!("cage {}", index + 1) } else { names(index) });
        }
    }
    for (k, cage) in rules.cages().iter().enumerate() {
        let given: u32 = cage.cells.iter().map(|&c| grid[c] as u32).sum();
        let blanks = cage.cells.iter().filter(|&&c| grid[c] == 0).count();
        let least = (blanks * (blanks + 1) / 2) as u32;
        if given + least > cage.sum {
            let last = cage.cells.iter().copied().filter(|&c| grid[c] != 0).max().unwrap_or(cage.cells[0]);
            keep(last, last, &|| format!("cage {} (sum {})", k + 1, cage.sum));
        }
    }
    worst
}

/// Reads a jigsaw region map: `n` rows of `n` characters (letters or digits, one a region;
/// spaces ignored; blank and `#` lines skipped), `n` regions of `n` cells each. Returns
/// the size and each cell's region (numbered in order of first appearance).
pub fn parse_regions(text: &str) -> Result<(usize, Vec<u8>), ParseError> {
    let mut rows: Vec<(usize, Vec<(usize, char)>)> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        if is_skipped(line) {
            continue;
        }
        let cells: Vec<(usize, char)> = line.char_indices().filter(|(_, c)| !c.is_whitespace()).map(|(i, c)| (i + 1, c)).collect();
        if rows.len() == MAX_SIZE {
            return Err(ParseError::new(k + 1, format!("a region map has at most {MAX_SIZE} rows")).of_kind(Kind::TooLarge));
        }
        rows.push((k + 1, cells));
    }
    let n = rows.len();
    if n == 0 {
        return Err(ParseError::new(0, "the region map is empty").of_kind(Kind::Missing));
    }
    let mut names: Vec<char> = Vec::new();
    let mut map = Vec::with_capacity(n * n);
    let mut counts: Vec<usize> = Vec::new();
    let mut first_seen: Vec<(usize, usize)> = Vec::new();
    for (line, cells) in &rows {
        if cells.len() != n {
            let col = cells.get(n).map_or(cells.last().map_or(1, |c| c.0 + 1), |c| c.0);
            return Err(ParseError::at(*line, col, format!("the row has {} cells; a map of {n} rows needs {n}", cells.len())));
        }
        for &(col, ch) in cells {
            if !ch.is_ascii_alphanumeric() {
                return Err(ParseError::at(*line, col, format!("{ch:?} is not a region letter or digit")));
            }
            let g = match names.iter().position(|&c| c == ch) {
                Some(g) => g,
                None => {
                    if names.len() == n {
                        return Err(ParseError::at(*line, col, format!("region {ch:?} is one more than the {n} regions of a {n}x{n} map"))
                            .of_kind(Kind::Invalid));
                    }
                    names.push(ch);
                    counts.push(0);
                    first_seen.push((*line, col));
                    names.len() - 1
                }
            };
            counts[g] += 1;
            if counts[g] > n {
                return Err(ParseError::at(*line, col, format!("region {ch:?} has more than {n} cells")).of_kind(Kind::Invalid));
            }
            map.push(g as u8);
        }
    }
    if let Some(g) = counts.iter().position(|&c| c != n) {
        let (line, col) = first_seen[g];
        return Err(ParseError::at(line, col, format!("region {:?} has {} cells, not {n}", names[g], counts[g])).of_kind(Kind::Invalid));
    }
    if names.len() != n {
        return Err(ParseError::new(0, format!("the map has {} regions, not {n}", names.len())).of_kind(Kind::Invalid));
    }
    Ok((n, map))
}

/// Reads a killer cage file for a grid of `size` digits: one cage a line, its sum and then
/// its cells as `rRcC` (1-based row and column), separated by spaces: `15 r1c1 r1c2 r2c1`.
/// Blank and `#` lines are skipped. Each cage's cells are different and its sum is one
/// that different digits reach.
pub fn parse_cages(text: &str, size: usize) -> Result<Vec<Cage>, ParseError> {
    let mut cages = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line_no = k + 1;
        if is_skipped(line) {
            continue;
        }
        if cages.len() == size * size {
            return Err(ParseError::new(line_no, format!("a {size}x{size} grid has at most {} cages", size * size)).of_kind(Kind::TooLarge));
        }
        let mut tokens = line.char_indices().filter(|&(i, c)| !c.is_whitespace() && (i == 0 || line[..i].ends_with(char::is_whitespace)));
        let word = |start: usize| line[start..].split_whitespace().next().unwrap_or("");
        let (start, _) = tokens.next().unwrap_or((0, ' '));
        let sum: u32 =
            word(start).parse().map_err(|_| ParseError::at(line_no, start + 1, format!("{:?} is not a cage's sum", word(start))))?;
        let mut cells: Vec<usize> = Vec::new();
        let mut columns: Vec<usize> = Vec::new();
        for (start, _) in tokens {
            let w = word(start);
            let cell = parse_cell(w, size).map_err(|m| ParseError::at(line_no, start + 1, m))?;
            if cells.contains(&cell) {
                return Err(ParseError::at(line_no, start + 1, format!("{w} is named twice in the cage")).of_kind(Kind::Invalid));
            }
            if cells.len() == size {
                return Err(
                    ParseError::at(line_no, start + 1, format!("a cage holds at most {size} different digits")).of_kind(Kind::Invalid)
                );
            }
            cells.push(cell);
            columns.push(start + 1);
        }
        if cells.is_empty() {
            return Err(ParseError::at(line_no, line.trim_end().len() + 1, "the cage has no cells").of_kind(Kind::Missing));
        }
        let (lo, hi) = super::model::sum_range(cells.len(), size);
        if !(lo..=hi).contains(&sum) {
            return Err(ParseError::at(
                line_no,
                start + 1,
                format!("{} different digits 1 to {size} add up to {lo}..{hi}, never {sum}", cells.len()),
            )
            .of_kind(Kind::Invalid));
        }
        cages.push(Cage { sum, cells });
    }
    Ok(cages)
}

/// Reads a cell `rRcC` (1-based) of a grid of `size`.
fn parse_cell(w: &str, size: usize) -> Result<usize, String> {
    let bad = || format!("{w:?} is not a cell rRcC with R and C from 1 to {size}");
    let rest = w.strip_prefix(['r', 'R']).ok_or_else(bad)?;
    let (r, c) = rest.split_once(['c', 'C']).ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    if !(1..=size).contains(&r) || !(1..=size).contains(&c) {
        return Err(bad());
    }
    Ok((r - 1) * size + c - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table read of a whole line agrees with [`Alphabet::digit`] read a character at
    /// a time, for every character below 256 put in every place of a line, in both
    /// alphabets and three sizes.
    #[test]
    fn the_fast_path_reads_as_the_characters_do() {
        for alphabet in [Alphabet::OneBased, Alphabet::ZeroBased] {
            for size in [4usize, 9, 16] {
                let want = size * size;
                for code in 0u32..256 {
                    let ch = char::from_u32(code).unwrap();
                    for at in [0, want / 2, want - 1] {
                        let text: String = (0..want).map(|k| if k == at { ch } else { '.' }).collect();
                        let slow: Option<Vec<u8>> =
                            text.chars().map(|c| alphabet.digit(c, size)).collect::<Option<Vec<u8>>>().filter(|g| g.len() == want);
                        let trimmed = text.trim_end_matches(['\r', '\n', ' ', '\t']).chars().count() == want;
                        let fast = parse_line(&text, 1, size, alphabet).ok();
                        if trimmed {
                            assert_eq!(fast, slow, "{alphabet:?} size {size} char {code} at {at}");
                        } else {
                            // A trailing blank character is trimmed: the line is short.
                            assert_eq!(fast, None);
                        }
                    }
                }
            }
        }
    }

    /// Lines parsed into one list of cells append what [`parse_line`] returns, and a line
    /// refused (by the fast path or the slow one) leaves the list as it was.
    #[test]
    fn lines_parsed_into_one_list() {
        let good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut cells = Vec::new();
        parse_line_into(good, 1, 9, Alphabet::OneBased, &mut cells).unwrap();
        parse_line_into(&good.replace('.', "0"), 2, 9, Alphabet::OneBased, &mut cells).unwrap();
        assert_eq!(cells.len(), 162);
        assert_eq!(cells[..81], parse_line(good, 1, 9, Alphabet::OneBased).unwrap()[..]);
        assert_eq!(cells[..81], cells[81..]);
        let kept = cells.clone();
        for bad in [good.replace('8', "x"), good[..80].to_string(), format!("{good}1"), good.replacen('.', "\u{e9}", 1)] {
            assert!(parse_line_into(&bad, 3, 9, Alphabet::OneBased, &mut cells).is_err(), "{bad}");
            assert_eq!(cells, kept, "{bad}");
        }
    }

    #[test]
    fn lines_and_their_errors() {
        let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let g = parse_line(line, 1, 9, Alphabet::OneBased).unwrap();
        assert_eq!((g[0], g[1], g[6], g.len()), (4, 0, 8, 81));
        let e = parse_line(&line[..80], 7, 9, Alphabet::OneBased).unwrap_err();
        assert_eq!(e.to_string(), "line 7, column 81: the line ends after 80 cells; a 9x9 puzzle has 81");
        let e = parse_line(&format!("{line}1"), 2, 9, Alphabet::OneBased).unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(82)));
        let e = parse_line(&line.replace('8', "x"), 3, 9, Alphabet::OneBased).unwrap_err();
        assert_eq!(e.column, Some(7));
        assert_eq!(layout(line, 1, None, false), Ok(Layout::Lines(9)));
        assert_eq!(layout("12 34", 1, None, false), Ok(Layout::Drawing(4)));
        assert!(layout(&line[..80], 1, None, false).is_err());
        let g = parse_line(&"0123456789ABCDEF".repeat(16), 1, 16, Alphabet::ZeroBased).unwrap();
        assert_eq!((g[0], g[15]), (1, 16));
        let g = parse_line(&"123456789ABCDEFG".repeat(16), 1, 16, Alphabet::OneBased).unwrap();
        assert_eq!((g[0], g[15]), (1, 16));
        assert!(parse_line(&"123456789ABCDEFH".repeat(16), 1, 16, Alphabet::OneBased).is_err());
    }

    #[test]
    fn drawings() {
        let text = "1 2 | . .\n. . | 1 2\n----+----\n2 1 | . .\n. . | 2 1\n";
        let lines: Vec<&str> = text.lines().collect();
        let g = parse_drawing(&lines, 1, 4, Alphabet::OneBased).unwrap();
        assert_eq!(g, vec![1, 2, 0, 0, 0, 0, 1, 2, 2, 1, 0, 0, 0, 0, 2, 1]);
        let e = parse_drawing(&lines[..4], 1, 4, Alphabet::OneBased).unwrap_err();
        assert!(e.to_string().contains("3 rows"), "{e}");
    }

    #[test]
    fn region_maps_and_cages() {
        let (n, map) = parse_regions("AAB\nACB\nCCB\n").unwrap();
        assert_eq!((n, map), (3, vec![0, 0, 1, 0, 2, 1, 2, 2, 1]));
        let e = parse_regions("AAB\nAAB\nCCB\n").unwrap_err();
        assert!(e.to_string().contains("more than 3 cells"), "{e}");
        let cages = parse_cages("# killer\n3 r1c1 r1c2\n\n17 r9c9 r9c8\n", 9).unwrap();
        assert_eq!(cages[0], Cage { sum: 3, cells: vec![0, 1] });
        assert_eq!(cages[1].cells, vec![80, 79]);
        let e = parse_cages("2 r1c1 r1c2\n", 9).unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 1: 2 different digits 1 to 9 add up to 3..17, never 2");
        let e = parse_cages("5 r1c1 r10c2\n", 9).unwrap_err();
        assert_eq!(e.column, Some(8));
        assert!(parse_cages("5 r1c1 r1c1\n", 9).is_err());
    }

    #[test]
    fn conflicts_name_the_unit() {
        let rules = Rules::classic(4).unwrap();
        let mut g = vec![0u8; 16];
        assert_eq!(conflict(&rules, &g), None);
        g[0] = 1;
        g[3] = 1;
        assert_eq!(conflict(&rules, &g), Some((3, 0, "row 1".into())));
        g[3] = 0;
        g[5] = 1;
        assert_eq!(conflict(&rules, &g), Some((5, 0, "box 1".into())));
    }
}
