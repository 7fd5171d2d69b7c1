//! The picture of a burr answer.

use draw::{document, escape, tiles, CELL};
use std::fmt::Write;

/// One frame of a BurrTools picture: its caption and the pieces shown, each as (its index,
/// its cells `[x, y, z]`).
pub type Frame = (String, Vec<(usize, Vec<[i32; 3]>)>);

/// A BurrTools assembly and its disassembly as frames, top to bottom: each frame a
/// caption and the pieces shown (`(piece, its cells)`, the piece an index into `labels`
/// and into the palette), drawn as layers `z` side by side, each a grid of lines `y` and
/// columns `x` over one box holding every frame (as `gridlock burr` prints assemblies).
pub fn draw(frames: &[Frame], labels: &[char]) -> String {
    // One box for every frame (the union of their cells), so that a move shows as a
    // shift of the pieces, not of the grid.
    let (mut lo, mut hi) = ([i32::MAX; 3], [i32::MIN; 3]);
    for c in frames.iter().flat_map(|(_, pieces)| pieces.iter().flat_map(|(_, cells)| cells.iter())) {
        for d in 0..3 {
            lo[d] = lo[d].min(c[d]);
            hi[d] = hi[d].max(c[d]);
        }
    }
    let mut body = String::new();
    let mut top = 10.0;
    let mut width: f64 = 200.0;
    if lo[0] > hi[0] {
        return document(width, top, &body);
    }
    let (cols, rows) = ((hi[0] - lo[0] + 1) as usize, (hi[1] - lo[1] + 1) as usize);
    let layer_w = CELL * cols as f64 + 24.0;
    width = width.max(20.0 + layer_w * (hi[2] - lo[2] + 1) as f64);
    for (caption, pieces) in frames {
        let _ = writeln!(body, "<text x=\"10\" y=\"{}\" font-size=\"15\">{}</text>", top + 14.0, escape(caption));
        top += 22.0;
        let at: std::collections::HashMap<[i32; 3], usize> =
            pieces.iter().flat_map(|(piece, cells)| cells.iter().map(move |c| (*c, *piece))).collect();
        for z in lo[2]..=hi[2] {
            let x0 = 10.0 + (z - lo[2]) as f64 * layer_w;
            let _ = writeln!(body, "<text x=\"{x0}\" y=\"{}\" font-size=\"12\" fill=\"#555\">z = {z}</text>", top + 12.0);
            let label = |r: usize, c: usize| at.get(&[lo[0] + c as i32, lo[1] + r as i32, z]).copied();
            let text = |r: usize, c: usize| label(r, c).map(|p| labels.get(p).copied().unwrap_or('?').to_string());
            tiles(&mut body, (x0, top + 18.0), rows, cols, &label, &text);
        }
        top += 18.0 + CELL * rows as f64 + 16.0;
    }
    document(width, top, &body)
}
