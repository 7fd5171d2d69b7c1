//! Knuth's `polyomino-dlx` input (D. E. Knuth, `polyomino-dlx.w`, the program that turns a
//! box and pieces into a DLX file): a packing problem written in his notation.
//!
//! - Lines beginning with `|` are comments; blank lines are skipped.
//! - The first other line lists the box's cells, separated by spaces. A cell is two
//!   coordinates `xy`, each one "extended hexadecimal" digit (`0`-`9`, `a`-`z`, `A`-`Z`:
//!   0 to 61) or a bracketed set of digits and increasing ranges: `[02]b` is the cells
//!   `0b` and `2b`, `[1-3][1-4]` a 3x4 rectangle. Cells given twice count once.
//! - Every further line is a piece: its name, optionally preceded by a multiplicity and
//!   `|` (`3|T`: exactly 3 copies; `0:2|T`: 0 to 2, as DLX3 reads them), then its
//!   "typical cells" in the same notation. The piece is placed in every rotation and
//!   reflection of those cells, shifted anywhere inside the box. Several lines may name
//!   the same piece (Knuth combines their placements): gridlock accepts them when they
//!   draw the same piece, congruently, with the same multiplicity.
//!
//! Cell `xy` becomes row `x`, column `y`. Knuth's suffixes (secondary items made from
//! cells, `[12]7suf`) and pieces that are not connected are outside what gridlock packs
//! and are refused with their line and column; so is a piece whose drawing differs from
//! an earlier line of the same name.

use super::ParseError;
use polyform::{Board, Cell, Copies, Lattice, Piece, Region, Shape};

/// The value of an extended hexadecimal digit.
fn digit(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some(u32::from(c - b'0')),
        b'a'..=b'z' => Some(u32::from(c - b'a') + 10),
        b'A'..=b'Z' => Some(u32::from(c - b'A') + 36),
        _ => None,
    }
}

/// Reads one coordinate set at `token[*at..]`: a digit or a bracketed set; `col` is the
/// token's 1-based column on its line. Advances `at`.
fn coordinates(token: &[u8], at: &mut usize, line: usize, col: usize) -> Result<u64, ParseError> {
    let here = |k: usize| col + k;
    let Some(&first) = token.get(*at) else {
        return Err(ParseError::at(line, here(*at), "a cell needs two coordinates"));
    };
    if first != b'[' {
        let d = digit(first)
            .ok_or_else(|| ParseError::at(line, here(*at), format!("{:?} is not a coordinate digit (0-9, a-z, A-Z)", first as char)))?;
        *at += 1;
        return Ok(1 << d);
    }
    let open = *at;
    *at += 1;
    let mut set = 0u64;
    let mut last: Option<u32> = None;
    loop {
        let Some(&c) = token.get(*at) else {
            return Err(ParseError::at(line, here(open), "no closing bracket"));
        };
        match c {
            b']' => {
                *at += 1;
                return Ok(set);
            }
            b'-' => {
                let (Some(from), Some(&to)) = (last, token.get(*at + 1)) else {
                    return Err(ParseError::at(line, here(*at), "a range needs a digit on each side"));
                };
                let to = digit(to).ok_or_else(|| ParseError::at(line, here(*at + 1), "a range needs a digit on each side"))?;
                if to < from {
                    return Err(ParseError::at(line, here(*at), "a decreasing range"));
                }
                set |= ((1u64 << (to + 1)) - 1) & !((1u64 << from) - 1);
                last = None;
                *at += 2;
            }
            _ => {
                let d = digit(c)
                    .ok_or_else(|| ParseError::at(line, here(*at), format!("{:?} is not a coordinate digit (0-9, a-z, A-Z)", c as char)))?;
                set |= 1 << d;
                last = Some(d);
                *at += 1;
            }
        }
    }
}

/// The cells of the space-separated cell specifications in `text`, which starts at
/// 1-based column `col` of line `line`, on `lattice`: `xy` (square), `xy` or `xy'`
/// (triangular: the apostrophe is the downward triangle), `xyz` (cubic).
fn cells(text: &str, line: usize, col: usize, lattice: Lattice) -> Result<Vec<Cell>, ParseError> {
    let mut out = Vec::new();
    let mut offset = 0;
    for token in text.split(' ') {
        let start = col + offset;
        offset += token.len() + 1;
        if token.is_empty() {
            continue;
        }
        let bytes = token.as_bytes();
        let mut at = 0;
        let xs = coordinates(bytes, &mut at, line, start)?;
        let ys = coordinates(bytes, &mut at, line, start)?;
        let zs = match lattice {
            Lattice::Cubic => coordinates(bytes, &mut at, line, start)?,
            Lattice::Triangular if bytes.get(at) == Some(&b'\'') => {
                at += 1;
                0b10
            }
            _ => 0b01,
        };
        if at < bytes.len() {
            return Err(ParseError::at(
                line,
                start + at,
                "a suffix after a cell (Knuth's secondary items) is not supported by gridlock pack",
            ));
        }
        for x in (0..62).filter(|x| xs >> x & 1 == 1) {
            for y in (0..62).filter(|y| ys >> y & 1 == 1) {
                for z in (0..62).filter(|z| zs >> z & 1 == 1) {
                    out.push(Cell::new(x, y, z));
                }
            }
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// A multiplicity as DLX3 reads it: `m` (exactly m) or `lo:hi`.
fn multiplicity(text: &str) -> Option<Copies> {
    let copies = match text.split_once(':') {
        Some((lo, hi)) => Copies { lo: lo.parse().ok()?, hi: Some(hi.parse().ok()?) },
        None => {
            let m = text.parse().ok()?;
            Copies { lo: m, hi: Some(m) }
        }
    };
    (copies.hi.is_some_and(|hi| copies.lo <= hi && hi >= 1)).then_some(copies)
}

/// Reads Knuth's `polyomino-dlx` notation (see the module documentation): the box and
/// the pieces with their counts.
///
/// Errors: as [`parse_knuth_lattice`].
pub fn parse_knuth(text: &str) -> Result<(Board, Vec<(Piece, Copies)>), ParseError> {
    parse_knuth_lattice(text, Lattice::Square)
}

/// Reads the notation of Knuth's `polyomino-dlx` (square), `polyiamond-dlx`
/// (triangular: cells `xy` and `xy'`) or `polycube-dlx` (cubic: cells `xyz`; a
/// multiplicity may also be written `n*NAME`, `n` one digit, as that program reads it):
/// the box as a region of `lattice`, and the pieces with their counts. Hexagonal has no
/// Knuth program; it reads as square cells would, on the hexagonal lattice.
///
/// Errors: a malformed cell (naming the column), an empty box, a piece line without a
/// name or cells, a bad multiplicity, a suffix, a disconnected piece, or a piece named
/// again with another shape or multiplicity.
pub fn parse_knuth_lattice(text: &str, lattice: Lattice) -> Result<(Region, Vec<(Piece, Copies)>), ParseError> {
    // Knuth's programs turn pieces over in the plane, and only rotate them in space.
    let reflections = lattice != Lattice::Cubic;
    let mut board: Option<Vec<Cell>> = None;
    let mut pieces: Vec<(Piece, Copies)> = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let l = raw.trim_end_matches('\r');
        if l.starts_with('|') || l.trim().is_empty() {
            continue;
        }
        if board.is_none() {
            let cells = cells(l, line, 1, lattice)?;
            if cells.is_empty() {
                return Err(ParseError::new(line, "the box has no cell"));
            }
            board = Some(cells);
            continue;
        }
        let lead = l.len() - l.trim_start().len();
        let rest = l.trim_start();
        let name_end = rest.find(' ').unwrap_or(rest.len());
        let word = &rest[..name_end];
        let starred = word.as_bytes().get(1) == Some(&b'*');
        let (copies, name) = match word.split_once('|') {
            Some((m, name)) => {
                let c = multiplicity(m).ok_or_else(|| {
                    ParseError::at(line, lead + 1, format!("'{m}' is not a multiplicity ('m' or 'lo:hi' with lo <= hi, hi >= 1)"))
                })?;
                (c, name)
            }
            None if starred => {
                let m = digit(word.as_bytes()[0]).filter(|&m| m >= 1).ok_or_else(|| {
                    ParseError::at(line, lead + 1, format!("'{}' is not a multiplicity (one digit 1-9, a-z, A-Z before '*')", &word[..1]))
                })?;
                (Copies { lo: m, hi: Some(m) }, &word[2..])
            }
            None => (Copies::ONE, word),
        };
        if name.is_empty() || name.contains([':', '|', '*']) {
            return Err(ParseError::at(line, lead + 1, format!("'{word}' is not a piece name")));
        }
        let cells = cells(&rest[name_end..], line, lead + name_end + 1, lattice)?;
        if cells.is_empty() {
            return Err(ParseError::new(line, format!("piece '{name}' has no cell")));
        }
        let Some(shape) = Shape::polyform(lattice, cells) else {
            return Err(ParseError::new(line, format!("piece '{name}' is not connected (gridlock packs {})", lattice.polyforms_name())));
        };
        match pieces.iter().find(|(p, _)| p.name == name) {
            Some((p, c)) => {
                if *c != copies {
                    return Err(ParseError::new(line, format!("piece '{name}' was given another multiplicity before")));
                }
                if p.shape.canonical(reflections) != shape.canonical(reflections) {
                    return Err(ParseError::new(
                        line,
                        format!("piece '{name}' was drawn with another shape before (gridlock packs one shape per piece)"),
                    ));
                }
            }
            None => pieces.push((Piece { name: name.to_string(), shape }, copies)),
        }
    }
    let board = board.ok_or_else(|| ParseError::new(0, "no box line"))?;
    if pieces.is_empty() {
        return Err(ParseError::new(0, "no piece"));
    }
    Ok((Region::new(lattice, board), pieces))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notation_of_knuths_examples() {
        let (board, pieces) = parse_knuth("| a comment\n[1-3][1-4]\n2|I 00 01\n L 00 01 02 10\n").unwrap();
        assert_eq!(board.len(), 12);
        assert!(board.index_of(Cell::new(1, 1, 0)).is_some() && board.index_of(Cell::new(3, 4, 0)).is_some());
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[0].1, Copies { lo: 2, hi: Some(2) });
        assert_eq!((pieces[1].0.name.as_str(), pieces[1].1), ("L", Copies::ONE));
        // A cross: [123]2 2[123]; [02]b is two cells; ranges mix with digits.
        assert_eq!(parse_knuth("[123]2 2[123]\nx 00\n").unwrap().0.len(), 5);
        assert_eq!(parse_knuth("[02]b\nx 00\n").unwrap().0.len(), 2);
        assert_eq!(parse_knuth("[7-z32-4A5-5]0\nx 00\n").unwrap().0.len(), cells("[2-57-A]0", 1, 1, Lattice::Square).unwrap().len());
        assert_eq!(parse_knuth("0:3|P 00 01 10 11\nnot a box").map(|_| ()).unwrap_err().line, 1);
    }

    #[test]
    fn bad_input_names_line_and_column() {
        let e = |t: &str| parse_knuth(t).unwrap_err();
        assert_eq!((e("00 0?\nx 00\n").line, e("00 0?\nx 00\n").column), (1, Some(5)));
        assert_eq!(e("[0-2\nx 00\n").column, Some(1));
        assert_eq!(e("[2-0]0\nx 00\n").column, Some(3));
        assert_eq!(e("00 01s\nx 00\n").column, Some(6));
        assert!(e("00\n5:2|x 00\n").message.contains("multiplicity"));
        assert!(e("00 02\nx 00 02\n").message.contains("not connected"));
        assert!(e("[0-3]0\nx 00 10\nx 00 10 20\n").message.contains("another shape"));
        assert!(e("[0-3]0\n2|x 00 10\nx 00 10\n").message.contains("multiplicity"));
        assert_eq!(e("| only a comment\n").message, "no box line");
        // The same piece twice, congruently: one piece.
        assert_eq!(parse_knuth("[0-3]0\nx 00 10\nx 00 01\n").unwrap().1.len(), 1);
    }
}
