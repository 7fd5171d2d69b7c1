//! The SVG primitives every gridlock picture is drawn with: the cell size, a palette of
//! 20 distinct colours (Sasha Trubetskoy's list) with a legible ink for each, text
//! escaping, the document frame, and tiles on a square grid outlined where neighbours
//! differ. Each puzzle draws its own picture from these.

#![warn(missing_docs)]

use std::fmt::Write;

/// The side of a cell, in SVG user units (pixels at 100%).
pub const CELL: f64 = 32.0;

/// Distinct fill colours (a qualitative palette), cycled.
pub const PALETTE: [&str; 20] = [
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6", "#bcf60c", "#fabebe", "#008080", "#e6beff",
    "#9a6324", "#fffac8", "#800000", "#aaffc3", "#808000", "#ffd8b1", "#000075", "#a9a9a9",
];

/// The fill of piece or tile `i` (the palette repeats after 20).
pub fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// The label colour readable on fill `colour(i)`: white on dark fills, near-black on light
/// ones (by the fill's relative luminance, WCAG 2's formula simplified to sRGB weights).
pub fn ink(i: usize) -> &'static str {
    let hex = &colour(i)[1..];
    let channel = |k: usize| u8::from_str_radix(&hex[2 * k..2 * k + 2], 16).unwrap_or(0) as f64 / 255.0;
    let luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
    if luminance < 0.4 {
        "#fff"
    } else {
        "#000c"
    }
}

/// Text made safe for XML: markup characters escaped, control characters (which XML 1.0
/// forbids) replaced by U+FFFD.
pub fn escape(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            c if c.is_control() => '\u{fffd}'.to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// A whole SVG document of `width` x `height` user units on a white ground, `body` inside.
pub fn document(width: f64, height: f64, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
         font-family=\"DejaVu Sans, Arial, sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{body}</svg>\n"
    )
}

/// Tiles on a grid at `(x0, y0)`: `label(r, c)` gives the tile of a cell (None: not on
/// the board) and `text(r, c)` an optional letter. Cells of one tile share a colour; thick
/// lines separate different tiles and the outside.
pub fn tiles(
    out: &mut String,
    (x0, y0): (f64, f64),
    rows: usize,
    cols: usize,
    label: &dyn Fn(usize, usize) -> Option<usize>,
    text: &dyn Fn(usize, usize) -> Option<String>,
) {
    for r in 0..rows {
        for c in 0..cols {
            let (x, y) = (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
            match label(r, c) {
                Some(t) => {
                    let _ = writeln!(
                        out,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" stroke=\"#0003\"/>",
                        colour(t)
                    );
                    if let Some(s) = text(r, c) {
                        let _ = writeln!(
                            out,
                            "<text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                            x + CELL / 2.0,
                            y + CELL / 2.0 + 5.0,
                            ink(t),
                            escape(&s)
                        );
                    }
                }
                None => {
                    let _ = writeln!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#f4f4f4\"/>");
                }
            }
        }
    }
    // Outlines: a side between different tiles, or between a tile and the outside.
    let at = |r: isize, c: isize| {
        if r < 0 || c < 0 || r >= rows as isize || c >= cols as isize {
            None
        } else {
            label(r as usize, c as usize)
        }
    };
    for r in 0..rows as isize {
        for c in 0..cols as isize {
            let Some(t) = at(r, c) else { continue };
            let (x, y) = (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
            for (dr, dc, x1, y1, x2, y2) in [
                (-1, 0, x, y, x + CELL, y),
                (1, 0, x, y + CELL, x + CELL, y + CELL),
                (0, -1, x, y, x, y + CELL),
                (0, 1, x + CELL, y, x + CELL, y + CELL),
            ] {
                if at(r + dr, c + dc) != Some(t) {
                    let _ = writeln!(out, "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"black\" stroke-width=\"2.5\" stroke-linecap=\"round\"/>");
                }
            }
        }
    }
}
