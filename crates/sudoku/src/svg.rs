//! The picture of a sudoku answer.

use draw::{document, CELL};
use std::fmt::Write;

/// A sudoku: thin lines between cells, thick ones between regions (boxes or jigsaw),
/// the diagonals and windows shaded, killer cages dashed with their sums in the corner,
/// the givens in black bold and the digits filled in by the solver in blue. `answer`
/// (when given) holds every cell's digit; `givens` 0 for a blank.
pub fn draw(rules: &crate::Rules, givens: &[u8], answer: Option<&[u8]>, alphabet: crate::Alphabet) -> String {
    let n = rules.size();
    let side = n as f64 * CELL;
    let (x0, y0) = (8.0, 8.0);
    let mut out = String::new();
    let windows: Vec<usize> =
        if rules.windows() { rules.units()[3 * n + if rules.diagonals() { 2 } else { 0 }..].concat() } else { Vec::new() };
    for i in 0..n * n {
        let (r, c) = (i / n, i % n);
        let diagonal = rules.diagonals() && (r == c || r + c + 1 == n);
        let fill = if windows.contains(&i) {
            "#dde8f6"
        } else if diagonal {
            "#eeeeee"
        } else {
            "white"
        };
        let (x, y) = (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#999\" stroke-width=\"0.5\"/>"
        );
    }
    let region = rules.regions();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
            let i = r * n + c;
            if c + 1 < n && region[i] != region[i + 1] {
                let _ = writeln!(
                    out,
                    "<line x1=\"{0}\" y1=\"{y}\" x2=\"{0}\" y2=\"{1}\" stroke=\"black\" stroke-width=\"2.5\"/>",
                    x + CELL,
                    y + CELL
                );
            }
            if r + 1 < n && region[i] != region[i + n] {
                let _ = writeln!(
                    out,
                    "<line x1=\"{x}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"black\" stroke-width=\"2.5\"/>",
                    y + CELL,
                    x + CELL
                );
            }
        }
    }
    let _ =
        writeln!(out, "<rect x=\"{x0}\" y=\"{y0}\" width=\"{side}\" height=\"{side}\" fill=\"none\" stroke=\"black\" stroke-width=\"3\"/>");
    for cage in rules.cages() {
        let inside = |r: isize, c: isize| {
            r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n && cage.cells.contains(&(r as usize * n + c as usize))
        };
        let inset = 3.0;
        for &i in &cage.cells {
            let (r, c) = ((i / n) as isize, (i % n) as isize);
            let (x, y) = (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
            for (dr, dc, x1, y1, x2, y2) in [
                (-1, 0, x + inset, y + inset, x + CELL - inset, y + inset),
                (1, 0, x + inset, y + CELL - inset, x + CELL - inset, y + CELL - inset),
                (0, -1, x + inset, y + inset, x + inset, y + CELL - inset),
                (0, 1, x + CELL - inset, y + inset, x + CELL - inset, y + CELL - inset),
            ] {
                if !inside(r + dr, c + dc) {
                    let _ = writeln!(out, "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#555\" stroke-width=\"1\" stroke-dasharray=\"3 2\"/>");
                }
            }
        }
        if let Some(&first) = cage.cells.iter().min() {
            let (x, y) = (x0 + (first % n) as f64 * CELL, y0 + (first / n) as f64 * CELL);
            let _ = writeln!(out, "<text x=\"{}\" y=\"{}\" font-size=\"8\" fill=\"#333\">{}</text>", x + 4.5, y + 11.0, cage.sum);
        }
    }
    for i in 0..n * n {
        let (x, y) = (x0 + (i % n) as f64 * CELL + CELL / 2.0, y0 + (i / n) as f64 * CELL + CELL / 2.0 + 6.0);
        let (digit, style) = match (givens[i], answer.map(|a| a[i])) {
            (g, _) if g != 0 => (g, "font-weight=\"bold\" fill=\"black\" class=\"given\""),
            (_, Some(d)) if d != 0 => (d, "fill=\"#1f5fbf\" class=\"filled\""),
            _ => continue,
        };
        let _ = writeln!(out, "<text x=\"{x}\" y=\"{y}\" font-size=\"17\" text-anchor=\"middle\" {style}>{}</text>", alphabet.char(digit));
    }
    document(side + 2.0 * x0, side + 2.0 * y0, &out)
}
