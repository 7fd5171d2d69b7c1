//! Boards and pieces drawn as text on every lattice: the pieces and boards files of
//! `gridlock pack` (README, "Drawings on every lattice").
//!
//! A file may start with a header line `lattice: NAME` (`square`, `triangular`,
//! `hexagonal`, `cubic`, `prism`, `stick` or `trig`; blank lines before it are skipped); without one it is a
//! square-lattice file. Boards draw a cell to fill as `.` and outside as `#` or a space;
//! pieces draw a cell as `#` and empty as `.` or a space, each under a name line
//! (optionally ending in a count, as on the square lattice). Where the characters of a
//! drawing sit:
//!
//! - **square**: line `r`, column `c` is the cell `(r, c)`.
//! - **cubic**: layers `z = 0, 1, ...` drawn as squares, one after the other, separated by
//!   a blank line; in a pieces file a piece's layers follow its name line (a new name
//!   line ends the piece).
//! - **triangular**: every character is a triangle, line `r` a strip of triangles
//!   pointing up and down in turn: the character at line `r`, column `c` points up when
//!   `r + c` is even (line and column counted from 0 in the drawing), and shares its
//!   horizontal side with the character below it (pointing up) or above it (pointing
//!   down). In Knuth's `polyiamond-dlx` notation, that upward triangle is `xy` and the
//!   downward one `xy'` with `x = -r`, `y = (r + c) / 2` rounded down, translated so
//!   that the least `x` and `y` are 0.
//! - **hexagonal**: hexagons sit every other column, each line offset by one column from
//!   the line above, so a hexagon's neighbours are two columns left and right on its line
//!   and one column left and right on the lines above and below. The column parity of
//!   the first hexagon fixes the grid; a character off it is an error. The axial cell is
//!   `(x, y) = ((c + r - p) / 2, -r)` (`p` the parity), translated so that the least `x`
//!   and `y` are 0: lines are rows of constant `y`, the top one the largest, as the
//!   SVG pictures draw them.
//!
//! - **stick** (polysticks): grid point `(x, y)` sits at line `2x`, column `2y` (drawn
//!   `+`, or a space or `.`), the segment from it to `(x + 1, y)` is a `|` at line
//!   `2x + 1`, column `2y`, and the one to `(x, y + 1)` a `-` at line `2x`, column
//!   `2y + 1`. Boards and pieces alike draw their segments so; a piece's drawing is the
//!   lines made only of `+`, `-`, `|`, `.` and spaces under its name.
//! - **trig** (polytrigs): grid point `(u, v)` sits at line `-2v`, column `4u + 2v`
//!   (counted from the top line of the drawing, so each line of points is two columns
//!   right of the one below), the segment to `(u + 1, v)` is the `-` midway between the
//!   two points (drawn `+---+`, the outer `-` decoration), the one to `(u, v + 1)` a `/`
//!   and the one to `(u - 1, v + 1)` a `\` on the line between.
//!
//! The triangular and hexagonal drawings are oriented as gridlock's SVG pictures of
//! the same cells.

use super::{err, err_at, ParseError};
use polyform::Copies;
use polyform::{Cell, Lattice, Piece, Region, Shape};

/// The lattice a `lattice: NAME` line names, if it is one; `Err` when the line starts
/// `lattice:` but names no lattice.
fn header(line: &str) -> Option<Result<Lattice, String>> {
    let rest = line.trim().strip_prefix("lattice:")?;
    Some(match rest.trim() {
        "square" => Ok(Lattice::Square),
        "triangular" => Ok(Lattice::Triangular),
        "hexagonal" => Ok(Lattice::Hexagonal),
        "cubic" => Ok(Lattice::Cubic),
        "prism" => Ok(Lattice::TriangularPrism),
        "stick" => Ok(Lattice::Stick),
        "trig" => Ok(Lattice::Trig),
        other => Err(format!("'{other}' is not a lattice (square, triangular, hexagonal, cubic, prism, stick, trig)")),
    })
}

/// The lattice named by the header line of a drawn file (`None` without one) and the
/// number of lines up to and including it.
///
/// Errors: a `lattice:` line naming no lattice (at its line).
pub fn file_lattice(text: &str) -> Result<(Option<Lattice>, usize), ParseError> {
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        return match header(line) {
            Some(Ok(l)) => Ok((Some(l), i + 1)),
            Some(Err(m)) => err(i + 1, m),
            None => Ok((None, 0)),
        };
    }
    Ok((None, 0))
}

/// The lines of `text` after its header, each with its 1-based line number, when the
/// header (if any) names `lattice`.
fn body(text: &str, lattice: Lattice) -> Result<Vec<(usize, &str)>, ParseError> {
    let (named, skip) = file_lattice(text)?;
    if let Some(l) = named {
        if l != lattice {
            return err(skip, format!("this file is drawn on the {} lattice, not the {}", l.name(), lattice.name()));
        }
    }
    Ok(text.lines().enumerate().skip(skip).map(|(i, l)| (i + 1, l.trim_end_matches('\r'))).collect())
}

/// Places drawn characters on the lattice: collects the cells of one drawing (its
/// lines and columns counted from 0), then translates them so that the least `x` and
/// `y` are 0.
struct Placer {
    lattice: Lattice,
    cells: Vec<Cell>,
    /// The hexagonal grid's column parity, once the first hexagon fixed it.
    parity: Option<i32>,
}

impl Placer {
    fn new(lattice: Lattice) -> Placer {
        Placer { lattice, cells: Vec::new(), parity: None }
    }

    /// The character at drawing line `r`, column `c`, layer `z` (cubic) is a cell;
    /// `at` is its place in the file (line, column), for errors.
    fn put(&mut self, r: i32, c: i32, z: i32, at: (usize, usize)) -> Result<(), ParseError> {
        let cell = match self.lattice {
            Lattice::Square => Cell::new(r, c, 0),
            Lattice::Cubic => Cell::new(r, c, z),
            Lattice::Triangular => {
                let t = r + c;
                Cell::new(-r, t.div_euclid(2), t.rem_euclid(2))
            }
            Lattice::TriangularPrism => {
                let t = r + c;
                Cell::new(-r, t.div_euclid(2), 2 * z + t.rem_euclid(2))
            }
            Lattice::Hexagonal => {
                let p = *self.parity.get_or_insert((c + r).rem_euclid(2));
                if (c + r - p).rem_euclid(2) != 0 {
                    return err_at(
                        at.0,
                        at.1,
                        "a hexagon off the grid: hexagons sit every other column, each line offset by one column from the line above",
                    );
                }
                Cell::new((c + r - p).div_euclid(2), -r, 0)
            }
            Lattice::Stick | Lattice::Trig => unreachable!("segments are placed by segment_at"),
        };
        self.cells.push(cell);
        Ok(())
    }

    /// The cells of drawing line `r` (layer `z`), file line `n`: on the segment lattices
    /// its segments ([`segment_at`]); otherwise on a board (`board`) each `.` (`#` and
    /// spaces outside), in a piece each `#`.
    ///
    /// Errors: a character that is none of these, or a segment or hexagon off the grid.
    fn read_line(&mut self, line: &str, (r, z): (i32, i32), n: usize, board: bool) -> Result<(), ParseError> {
        for (c, ch) in line.chars().enumerate() {
            if self.lattice.is_segments() {
                match segment_at(self.lattice, r, c as i32, ch) {
                    Ok(Some(cell)) => self.cells.push(cell),
                    Ok(None) => {}
                    Err(m) => return err_at(n, c + 1, m),
                }
                continue;
            }
            match (ch, board) {
                ('.', true) | ('#', false) => self.put(r, c as i32, z, (n, c + 1))?,
                ('#' | ' ', true) | (_, false) => {}
                (other, true) => return err_at(n, c + 1, format!("unexpected {other:?}; use '.' for a cell, '#' or a space outside")),
            }
        }
        Ok(())
    }

    fn finish(self) -> Vec<Cell> {
        let dx = self.cells.iter().map(|c| c.x).min().unwrap_or(0);
        let dy = self.cells.iter().map(|c| c.y).min().unwrap_or(0);
        self.cells.into_iter().map(|c| Cell::new(c.x - dx, c.y - dy, c.z)).collect()
    }
}

/// What the character `ch` at drawing line `r`, column `c` (counted from 0) is on a
/// lattice of segments: a segment (`Some`), or a point or decoration (`None`).
///
/// Errors: a message for any other character, or a segment's character off the grid.
fn segment_at(lattice: Lattice, r: i32, c: i32, ch: char) -> Result<Option<Cell>, String> {
    let off = |what: &str| Err(format!("a segment off the grid: {what}"));
    match (lattice, ch) {
        (_, '+' | '.' | ' ') => Ok(None),
        (Lattice::Stick, '|') if r.rem_euclid(2) == 1 && c.rem_euclid(2) == 0 => Ok(Some(Cell::new(r.div_euclid(2), c.div_euclid(2), 0))),
        (Lattice::Stick, '-') if r.rem_euclid(2) == 0 && c.rem_euclid(2) == 1 => Ok(Some(Cell::new(r.div_euclid(2), c.div_euclid(2), 1))),
        (Lattice::Stick, '|' | '-') => off("'|' sits on odd lines at even columns, '-' on even lines at odd columns (counted from 0)"),
        (Lattice::Trig, '-' | '/' | '\\') => {
            // Point (u, v) at line -2v, column 4u + 2v; a '-' between two points of a line
            // (its middle '-' the segment, the outer ones drawing), '/' and '\\' between
            // lines.
            let (v, k) = if r.rem_euclid(2) == 0 { (-r / 2, c) } else { (-(r + 1) / 2, c) };
            let at = |shift: i32| (k - shift - 2 * v).rem_euclid(4) == 0;
            match (r.rem_euclid(2), ch) {
                (0, '-') if at(2) => Ok(Some(Cell::new((k - 2 - 2 * v).div_euclid(4), v, 0))),
                (0, '-') if c.rem_euclid(2) == 1 => Ok(None),
                (1, '/') if at(1) => Ok(Some(Cell::new((k - 1 - 2 * v).div_euclid(4), v, 1))),
                (1, '\\') if at(-1) => Ok(Some(Cell::new((k + 1 - 2 * v).div_euclid(4), v, 2))),
                _ => off("points sit every fourth column of every other line, each line of points two columns right of the one below; '-' between two points of a line, '/' and '\\' between lines"),
            }
        }
        (Lattice::Stick, other) => Err(format!("unexpected {other:?}; use '-' and '|' for segments, '+', '.' or a space for points")),
        (_, other) => Err(format!("unexpected {other:?}; use '-', '/' and '\\' for segments, '+', '.' or a space for points")),
    }
}

/// A board of `lattice` drawn as text (see the module documentation): `.` a cell to
/// fill, `#` or a space outside; on the cubic lattice, layers separated by blank lines.
/// Blank lines before and after the drawing are skipped.
///
/// Errors (naming line and column): a header naming another lattice, any other
/// character, a hexagon off the grid, a blank line inside a plane drawing, no cell.
pub fn parse_board(text: &str, lattice: Lattice) -> Result<Region, ParseError> {
    let lines = body(text, lattice)?;
    let first = lines.iter().position(|(_, l)| !l.trim().is_empty());
    let last = lines.iter().rposition(|(_, l)| !l.trim().is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return err(0, "the board has no cell ('.')");
    };
    let mut placer = Placer::new(lattice);
    let (mut z, mut r) = (0, 0);
    let mut blank = false;
    for &(n, line) in &lines[first..=last] {
        if line.trim().is_empty() {
            if !lattice.is_solid() {
                return err(
                    n,
                    format!(
                        "a blank line inside the board: only cubic and prism boards have layers (the {} lattice is a plane)",
                        lattice.name()
                    ),
                );
            }
            blank = true;
            continue;
        }
        if blank {
            (z, r, blank) = (z + 1, 0, false);
        }
        placer.read_line(line, (r, z), n, true)?;
        r += 1;
    }
    let cells = placer.finish();
    if cells.is_empty() {
        return err(0, "the board has no cell ('.', or segments on the stick and trig lattices)");
    }
    Ok(Region::new(lattice, cells))
}

/// Whether a line is part of a piece's drawing on `lattice` (only `#`, `.` and spaces;
/// on the segment lattices `+`, `.`, spaces and their segments' characters).
fn is_drawing(line: &str, lattice: Lattice) -> bool {
    match lattice {
        Lattice::Stick => line.chars().all(|ch| matches!(ch, '+' | '-' | '|' | '.' | ' ')),
        Lattice::Trig => line.chars().all(|ch| matches!(ch, '+' | '-' | '/' | '\\' | '.' | ' ')),
        _ => line.chars().all(|ch| matches!(ch, '#' | '.' | ' ')),
    }
}

/// Pieces of `lattice` drawn as text (see the module documentation): per piece a name
/// line, optionally ending in a count (`T 3`, `T 0..2`, `T *`, `T 1..*`; without one the
/// piece is used once), then its drawing, `#` a cell; pieces separated by blank lines,
/// and on the cubic lattice a piece's layers too (a name line starts the next piece).
///
/// Errors (naming the line, and the column of a bad character): a header naming another
/// lattice, a bad count, a piece without cells or not connected, a name used twice, no
/// piece at all.
pub fn parse_pieces(text: &str, lattice: Lattice) -> Result<Vec<(Piece, Copies)>, ParseError> {
    let lines = body(text, lattice)?;
    let mut pieces: Vec<(Piece, Copies)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = lines[i];
        if line.trim().is_empty() {
            i += 1;
            continue;
        }
        if is_drawing(line, lattice) {
            return err(n, "a drawing without a name line above it (a piece is a name line, then its drawing)");
        }
        let (name, copies) = super::name_and_copies(line, n)?;
        i += 1;
        let mut placer = Placer::new(lattice);
        let (mut z, mut r) = (0, 0);
        let mut blank = false;
        while i < lines.len() {
            let (m, line) = lines[i];
            if line.trim().is_empty() {
                if !lattice.is_solid() {
                    break;
                }
                blank = true;
                i += 1;
                continue;
            }
            if !is_drawing(line, lattice) {
                break;
            }
            if blank {
                (z, r, blank) = (z + 1, 0, false);
            }
            placer.read_line(line, (r, z), m, false)?;
            r += 1;
            i += 1;
        }
        let cells = placer.finish();
        if cells.is_empty() {
            return err(n, format!("piece '{name}' has no cell ('#', or segments on the stick and trig lattices) drawn under its name"));
        }
        let Some(shape) = Shape::polyform(lattice, cells) else {
            return err(n, format!("piece '{name}' is not connected"));
        };
        if pieces.iter().any(|(p, _)| p.name == name) {
            return err(n, format!("the name '{name}' is used twice"));
        }
        pieces.push((Piece { name, shape }, copies));
    }
    if pieces.is_empty() {
        return err(0, "no piece");
    }
    Ok(pieces)
}

/// `shape` drawn as a pieces file draws it (see the module documentation): `#` a cell,
/// `.` none, one line per row; solids layer by layer, a blank line between layers. The
/// inverse of [`parse_pieces`]'s reading: the drawing reads back as the same shape.
pub fn draw(shape: &Shape) -> String {
    let lattice = shape.lattice();
    if lattice.is_segments() {
        return draw_segments(lattice, &shape.cells().iter().map(|&c| (c, segment_char(lattice, c))).collect::<Vec<_>>());
    }
    // Where each cell's character sits: (layer, line, column).
    let spots: Vec<(i32, i32, i32)> = match lattice {
        Lattice::Square => shape.cells().iter().map(|c| (0, c.x, c.y)).collect(),
        Lattice::Cubic => shape.cells().iter().map(|c| (c.z, c.x, c.y)).collect(),
        Lattice::Triangular | Lattice::TriangularPrism => {
            // Line r = X - x, and r + c = 2y + t (plus an even shift, which keeps each
            // triangle's direction), so c = 2y + t + x - X.
            let top = shape.cells().iter().map(|c| c.x).max().unwrap_or(0);
            let split = |z: i32| if lattice == Lattice::Triangular { (0, z) } else { (z.div_euclid(2), z.rem_euclid(2)) };
            shape
                .cells()
                .iter()
                .map(|c| {
                    let (layer, t) = split(c.z);
                    (layer, top - c.x, 2 * c.y + t + c.x - top)
                })
                .collect()
        }
        Lattice::Hexagonal => {
            // Line r = Y - y, column c = 2x + y - Y (so c + r is even: the grid's parity 0).
            let top = shape.cells().iter().map(|c| c.y).max().unwrap_or(0);
            shape.cells().iter().map(|c| (0, top - c.y, 2 * c.x + c.y - top)).collect()
        }
        Lattice::Stick | Lattice::Trig => unreachable!("drawn by draw_segments above"),
    };
    // Columns shifted by an even amount to start at 0 or 1 (keeping parities).
    let shift = spots.iter().map(|s| s.2).min().unwrap_or(0).div_euclid(2) * 2;
    let layers = spots.iter().map(|s| s.0).max().unwrap_or(0) + 1;
    let rows = spots.iter().map(|s| s.1).max().unwrap_or(0) + 1;
    let cols = spots.iter().map(|s| s.2 - shift).max().unwrap_or(0) + 1;
    let mut grid = vec![vec![vec!['.'; cols as usize]; rows as usize]; layers as usize];
    for &(l, r, c) in &spots {
        grid[l as usize][r as usize][(c - shift) as usize] = '#';
    }
    let layer_text: Vec<String> =
        grid.iter().map(|layer| layer.iter().map(|row| row.iter().collect::<String>() + "\n").collect()).collect();
    layer_text.join("\n")
}

/// The character a pieces file draws segment `c` of a segment lattice with.
pub fn segment_char(lattice: Lattice, c: Cell) -> char {
    match (lattice, c.z) {
        (Lattice::Stick, 0) => '|',
        (Lattice::Stick, _) | (_, 0) => '-',
        (_, 1) => '/',
        _ => '\\',
    }
}

/// Segments of `lattice` (stick or trig) drawn as its files draw them (see the module
/// documentation), each segment as its own character, `+` at the ends of segments; on the
/// stick lattice `.` at the other grid points, on the trig lattice a `-` either side of a
/// segment along a line; lines without trailing spaces. Coordinates start from the least
/// among the segments' points.
pub fn draw_segments(lattice: Lattice, cells: &[(Cell, char)]) -> String {
    let ends_of = |c: Cell| lattice.segment_ends(c).expect("a lattice of segments");
    let ends: Vec<(i32, i32)> = cells.iter().flat_map(|&(c, _)| ends_of(c)).collect();
    // Where point (p, q) sits, (line, column): sticks at (2x, 2y); trigs at line 2(top - v),
    // column 4u + 2v - shift, the shift keeping the column parity that reading counts from
    // the top line.
    let (p0, q0) = (ends.iter().map(|e| e.0).min().unwrap_or(0), ends.iter().map(|e| e.1).min().unwrap_or(0));
    let top = ends.iter().map(|e| e.1).max().unwrap_or(0);
    let left = ends.iter().map(|e| 4 * e.0 + 2 * e.1).min().unwrap_or(0);
    let shift = 2 * top + 4 * (left - 2 * top).div_euclid(4);
    let stick = lattice == Lattice::Stick;
    let spot = |(p, q): (i32, i32)| {
        if stick {
            ((2 * (p - p0)) as usize, (2 * (q - q0)) as usize)
        } else {
            ((2 * (top - q)) as usize, (4 * p + 2 * q - shift) as usize)
        }
    };
    let rows = ends.iter().map(|&e| spot(e).0).max().unwrap_or(0) + 1;
    let cols = ends.iter().map(|&e| spot(e).1).max().unwrap_or(0) + 1;
    let mut grid = vec![vec![' '; cols]; rows];
    if stick {
        for row in grid.iter_mut().step_by(2) {
            row.iter_mut().step_by(2).for_each(|ch| *ch = '.');
        }
    }
    for &(c, ch) in cells {
        let [a, b] = ends_of(c);
        let ((r1, c1), (r2, c2)) = (spot(a), spot(b));
        let (r, k) = ((r1 + r2) / 2, (c1 + c2) / 2);
        grid[r][k] = ch;
        if !stick && c.z == 0 {
            grid[r][k - 1] = '-';
            grid[r][k + 1] = '-';
        }
        grid[r1][c1] = '+';
        grid[r2][c2] = '+';
    }
    grid.iter().map(|row| row.iter().collect::<String>().trim_end().to_string() + "\n").collect()
}

/// `pieces` (all of one lattice) as a pieces file that [`parse_pieces`] (and `gridlock
/// pack --pieces`) reads back: a `lattice: NAME` header off the square lattice, then
/// per piece its name line and [`draw`]ing, a blank line between pieces.
pub fn pieces_file(pieces: &[Piece]) -> String {
    let header = match pieces.first().map(|p| p.shape.lattice()) {
        Some(l) if l != Lattice::Square => format!("lattice: {}\n\n", l.name()),
        _ => String::new(),
    };
    let blocks: Vec<String> = pieces.iter().map(|p| format!("{}\n{}", p.name, draw(&p.shape))).collect();
    header + &blocks.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawings_read_back_as_the_same_pieces_on_every_lattice() {
        for lattice in Lattice::ALL {
            let n = if lattice.is_solid() { 4 } else { 5 };
            let pieces: Vec<Piece> =
                lattice.polyforms(n, false).into_iter().enumerate().map(|(k, shape)| Piece { name: format!("p{k}"), shape }).collect();
            let text = pieces_file(&pieces);
            let (named, _) = file_lattice(&text).unwrap();
            let back = parse_pieces(&text, named.unwrap_or(Lattice::Square)).unwrap();
            assert_eq!(back.len(), pieces.len(), "{}", lattice.name());
            for ((b, copies), p) in back.iter().zip(&pieces) {
                assert_eq!((&b.name, &b.shape, *copies), (&p.name, &p.shape, Copies::ONE), "{}:\n{}", lattice.name(), draw(&p.shape));
            }
        }
    }

    fn cells(region: &Region) -> Vec<(i32, i32, i32)> {
        region.cells().iter().map(|c| (c.x, c.y, c.z)).collect()
    }

    #[test]
    fn boxes_drawn_are_the_boxes() {
        let cube = parse_board("lattice: cubic\n...\n...\n\n...\n...\n", Lattice::Cubic).unwrap();
        assert_eq!(cells(&cube), cells(&Region::cuboid(2, 3, 2)));
        // Two strips of six triangles, the upper one a column to the right: the 2x3
        // parallelogram of rhombi (the first character of each line points up).
        let tri = parse_board("lattice: triangular\n  ......\n ......\n", Lattice::Triangular).unwrap();
        assert_eq!(cells(&tri), cells(&Region::parallelogram(Lattice::Triangular, 2, 3)));
        // Two rows of three hexagons, the upper one a column to the right: the 3x2
        // parallelogram (x along the rows, y up).
        let hex = parse_board("lattice: hexagonal\n . . .\n. . .\n", Lattice::Hexagonal).unwrap();
        assert_eq!(cells(&hex), cells(&Region::parallelogram(Lattice::Hexagonal, 3, 2)));
    }

    #[test]
    fn drawn_neighbours_are_lattice_neighbours() {
        // A character and the one below it share a side on the triangular lattice (up
        // at even r + c, its base below), and hexagons one column apart on
        // successive lines are neighbours.
        let tri = parse_board("..\n..\n", Lattice::Triangular).unwrap();
        assert!(polyform::connected(Lattice::Triangular, tri.cells()));
        let shape = |t: &str, l: Lattice| parse_pieces(t, l).unwrap()[0].0.shape.clone();
        // Three triangles in a row: a triamond; the upward one with the triangle below
        // it: a diamond; the downward one (column 1) with the one below it: not a side.
        assert_eq!(shape("A\n###\n", Lattice::Triangular).cells().len(), 3);
        assert_eq!(shape("A\n#\n#\n", Lattice::Triangular).cells().len(), 2);
        assert!(parse_pieces("A\n.#\n.#\n", Lattice::Triangular).is_err());
        assert_eq!(shape("H\n # \n# #\n # \n", Lattice::Hexagonal).cells().len(), 4);
        assert!(parse_pieces("H\n#\n#\n", Lattice::Hexagonal).is_err());
    }

    #[test]
    fn cubic_pieces_have_layers_and_name_lines() {
        let text = "lattice: cubic\nscrew\n##\n.#\n\n..\n.#\n\nT 2\n###\n.#.\n";
        let pieces = parse_pieces(text, Lattice::Cubic).unwrap();
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[0].0.shape.cells().len(), 4);
        assert!(pieces[0].0.shape.cells().iter().any(|c| c.z == 1));
        assert_eq!((pieces[1].0.name.as_str(), pieces[1].1), ("T", Copies { lo: 2, hi: Some(2) }));
    }

    #[test]
    fn errors_name_line_and_column() {
        let boards = [
            ("lattice: hexagonal\n. .\n. .\n", Lattice::Hexagonal, (3, Some(1))),
            ("lattice: cubic\n..\n", Lattice::Hexagonal, (1, None)),
            ("lattice: round\n..\n", Lattice::Square, (1, None)),
            ("..\n\n..\n", Lattice::Triangular, (2, None)),
            ("..x\n", Lattice::Cubic, (1, Some(3))),
        ];
        // (input, lattice, line, column where one is named)
        for (text, lattice, (line, column)) in boards {
            let e = parse_board(text, lattice).unwrap_err();
            assert_eq!(e.line, line, "{text:?}");
            assert!(column.is_none() || e.column == column, "{text:?}: {:?}", e.column);
        }
        let e = parse_pieces("lattice: cubic\nA\n#.\n\n.#\n", Lattice::Cubic).unwrap_err();
        assert_eq!(e.line, 2);
        let e = parse_pieces("#\n", Lattice::Triangular).unwrap_err();
        assert_eq!(e.line, 1);
    }
}
