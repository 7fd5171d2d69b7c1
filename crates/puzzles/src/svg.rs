//! SVG pictures of answers: pieces in distinct colours with outlines, laser beams drawn
//! through mirrors, both tilings of a pair side by side, and Mayan boards before and after
//! each move. Each function returns a complete SVG document.

use crate::beads::{self, Tray};
use crate::laser::Grid;
use crate::mayan::{Board as MayanBoard, Move};
use draw::{colour, document, escape, ink, tiles, CELL};
use polyform::twins::TwoTilings;
use std::fmt::Write;

/// Cell size in pixels.
/// A completed (or partial) beads tray, each piece in its colour with its letter.
pub fn beads(tray: &Tray) -> String {
    let mut body = String::new();
    let label = |r: usize, c: usize| if c <= r { tray.get(r, c).map(|p| p as usize) } else { None };
    let text = |r: usize, c: usize| label(r, c).map(|p| ((b'A' + p as u8) as char).to_string());
    tiles(&mut body, (10.0, 10.0), beads::ROWS, beads::ROWS, &label, &text);
    document(20.0 + CELL * 10.0, 20.0 + CELL * 10.0, &body)
}

/// A packing: `grid[r][c]` is the piece number covering the cell (None: outside), and
/// `names[p]` the label drawn. `legend` (label, piece name) pairs, when not empty, are
/// listed under the board, each beside a swatch of its piece's colour.
pub fn pack(grid: &[Vec<Option<usize>>], names: &[char], legend: &[(char, String)]) -> String {
    let rows = grid.len();
    let cols = grid.iter().map(Vec::len).max().unwrap_or(0);
    let mut body = String::new();
    let label = |r: usize, c: usize| grid[r].get(c).copied().flatten();
    let text = |r: usize, c: usize| label(r, c).map(|p| names.get(p).copied().unwrap_or('?').to_string());
    tiles(&mut body, (10.0, 10.0), rows, cols, &label, &text);
    let top = 20.0 + CELL * rows as f64;
    let mut width: f64 = 20.0 + CELL * cols as f64;
    for (i, (l, name)) in legend.iter().enumerate() {
        let y = top + 24.0 * i as f64;
        let _ = writeln!(body, "<rect x=\"10\" y=\"{y}\" width=\"20\" height=\"20\" fill=\"{}\" stroke=\"black\"/>", colour(i));
        let _ = writeln!(
            body,
            "<text x=\"20\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
            y + 15.0,
            ink(i),
            escape(&l.to_string())
        );
        let _ = writeln!(body, "<text x=\"38\" y=\"{}\" font-size=\"14\">{}</text>", y + 15.0, escape(name));
        width = width.max(48.0 + 8.5 * name.chars().count() as f64);
    }
    document(width, top + 24.0 * legend.len() as f64, &body)
}

/// Polyomino pairs: for each case a caption, and for a possible one both tilings side by
/// side on the `rows x cols` board.
pub fn twins(answers: &[Option<TwoTilings>], rows: usize, cols: usize) -> String {
    let mut body = String::new();
    let mut y = 10.0;
    let board_w = CELL * cols as f64;
    for (k, a) in answers.iter().enumerate() {
        let verdict = if a.is_some() { "POSSIBLE" } else { "IMPOSSIBLE" };
        let _ = writeln!(body, "<text x=\"10\" y=\"{}\" font-size=\"16\">case {}: {verdict}</text>", y + 16.0, k + 1);
        y += 26.0;
        if let Some(t) = a {
            for (i, ts) in [&t.p_tiles, &t.q_tiles].into_iter().enumerate() {
                let mut grid = vec![vec![None; cols]; rows];
                for (n, tile) in ts.iter().enumerate() {
                    for &(r, c) in tile {
                        grid[r as usize][c as usize] = Some(n);
                    }
                }
                let label = |r: usize, c: usize| grid[r][c];
                let none = |_: usize, _: usize| None;
                tiles(&mut body, (10.0 + i as f64 * (board_w + 30.0), y), rows, cols, &label, &none);
            }
            y += CELL * rows as f64 + 16.0;
        }
    }
    document(40.0 + 2.0 * board_w + 10.0, y + 10.0, &body)
}

/// Laser tower defense: for each case (`inputs[k]`, with its answer `answers[k]`) a
/// caption, and the grid with walls, mirrors, turrets and, when solved, their beams.
pub fn laser(inputs: &[Grid], answers: &[Option<&Grid>]) -> String {
    let mut body = String::new();
    let mut y = 10.0;
    let mut width: f64 = 300.0;
    for (k, (input, answer)) in inputs.iter().zip(answers).enumerate() {
        let verdict = if answer.is_some() { "POSSIBLE" } else { "IMPOSSIBLE" };
        let _ = writeln!(body, "<text x=\"10\" y=\"{}\" font-size=\"16\">case {}: {verdict}</text>", y + 16.0, k + 1);
        y += 26.0;
        let g = answer.unwrap_or(input);
        width = width.max(20.0 + CELL * g.cols as f64);
        laser_grid(&mut body, g, (10.0, y), answer.is_some());
        y += CELL * g.rows as f64 + 16.0;
    }
    document(width, y + 10.0, &body)
}

fn laser_grid(out: &mut String, g: &Grid, (x0, y0): (f64, f64), beams: bool) {
    let centre = |r: usize, c: usize| (x0 + (c as f64 + 0.5) * CELL, y0 + (r as f64 + 0.5) * CELL);
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (x, y) = (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
            let fill = if g.cells[r * g.cols + c] == b'#' { "#555" } else { "#fafafa" };
            let _ = writeln!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#ccc\"/>");
        }
    }
    if beams {
        // Trace each turret's two beams (its own small tracer, for drawing only).
        for at in 0..g.cells.len() {
            let b = g.cells[at];
            if b != b'|' && b != b'-' {
                continue;
            }
            let dirs: [(isize, isize); 2] = if b == b'|' { [(-1, 0), (1, 0)] } else { [(0, -1), (0, 1)] };
            for (mut dr, mut dc) in dirs {
                let (mut r, mut c) = ((at / g.cols) as isize, (at % g.cols) as isize);
                let (sx, sy) = centre(r as usize, c as usize);
                let mut points = format!("{sx},{sy}");
                for _ in 0..4 * g.cells.len() + 4 {
                    let (nr, nc) = (r + dr, c + dc);
                    if nr < 0 || nc < 0 || nr >= g.rows as isize || nc >= g.cols as isize {
                        // To the edge of the grid.
                        let (x, y) = centre(r as usize, c as usize);
                        let _ = write!(points, " {},{}", x + dc as f64 * CELL / 2.0, y + dr as f64 * CELL / 2.0);
                        break;
                    }
                    r = nr;
                    c = nc;
                    let cell = g.cells[r as usize * g.cols + c as usize];
                    let (x, y) = centre(r as usize, c as usize);
                    match cell {
                        b'#' | b'|' | b'-' => {
                            let _ = write!(points, " {},{}", x - dc as f64 * CELL / 2.0, y - dr as f64 * CELL / 2.0);
                            break;
                        }
                        b'/' => {
                            let _ = write!(points, " {x},{y}");
                            (dr, dc) = (-dc, -dr);
                        }
                        b'\\' => {
                            let _ = write!(points, " {x},{y}");
                            (dr, dc) = (dc, dr);
                        }
                        _ => {}
                    }
                }
                let _ = writeln!(
                    out,
                    "<polyline points=\"{points}\" fill=\"none\" stroke=\"#e6194b\" stroke-width=\"4\" stroke-opacity=\"0.7\"/>"
                );
            }
        }
    }
    for r in 0..g.rows {
        for c in 0..g.cols {
            let (cx, cy) = centre(r, c);
            let q = CELL * 0.4;
            match g.cells[r * g.cols + c] {
                b'/' => {
                    let _ = writeln!(
                        out,
                        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#4363d8\" stroke-width=\"4\"/>",
                        cx - q,
                        cy + q,
                        cx + q,
                        cy - q
                    );
                }
                b'\\' => {
                    let _ = writeln!(
                        out,
                        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#4363d8\" stroke-width=\"4\"/>",
                        cx - q,
                        cy - q,
                        cx + q,
                        cy + q
                    );
                }
                t @ (b'|' | b'-') => {
                    let _ = writeln!(out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"#222\"/>", CELL * 0.3);
                    let (ex, ey) = if t == b'|' { (0.0, q) } else { (q, 0.0) };
                    let _ = writeln!(
                        out,
                        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#ffe119\" stroke-width=\"4\"/>",
                        cx - ex,
                        cy - ey,
                        cx + ex,
                        cy + ey
                    );
                }
                _ => {}
            }
        }
    }
}

/// The Mayan board before and after each move, left to right, each with a caption.
pub fn mayan(start: &MayanBoard, moves: &[Move]) -> String {
    use crate::mayan::board::{COLS, ROWS};
    let mut frames = vec![("start".to_string(), *start)];
    let mut b = *start;
    for (i, &m) in moves.iter().enumerate() {
        b = b.play(m).expect("an answer's moves are legal");
        frames.push((format!("move {}: {m}", i + 1), b));
    }
    let frame_w = CELL * COLS as f64 + 30.0;
    let mut body = String::new();
    for (i, (caption, board)) in frames.iter().enumerate() {
        let x0 = 10.0 + i as f64 * frame_w;
        let _ = writeln!(body, "<text x=\"{x0}\" y=\"24\" font-size=\"15\">{}</text>", escape(caption));
        let label = |r: usize, c: usize| match board.get(c, ROWS - 1 - r) {
            0 => None,
            colour => Some(colour as usize - 1),
        };
        let text = |r: usize, c: usize| label(r, c).map(|k| (k + 1).to_string());
        tiles(&mut body, (x0, 34.0), ROWS, COLS, &label, &text);
    }
    document(20.0 + frame_w * frames.len() as f64, 44.0 + CELL * ROWS as f64, &body)
}

/// A packing of polysticks or polytrigs ([`polyform::lattice::stick`],
/// [`polyform::lattice::trig`]): `cells` are the region's segments, each with its tile
/// (an index into `names`) or `None`. A stick grid's point `(x, y)` sits at row `x`,
/// column `y`; a trig grid's point `(u, v)` at `u a + v b` (`a` across, `b` at 60
/// degrees, upwards). Each tile's segments are thick lines in its colour, the region's
/// other segments thin and grey, and the tile's name is written beside its middle segment.
pub fn sticks(lattice: polyform::Lattice, cells: &[(polyform::Cell, Option<usize>)], names: &[String]) -> String {
    let trig = lattice == polyform::Lattice::Trig;
    let ends_of = |c: polyform::Cell| lattice.segment_ends(c).expect("a lattice of segments");
    // Each point in model units (right, down).
    let model = |(p, q): (i32, i32)| if trig { (p as f64 + 0.5 * q as f64, -(3f64.sqrt() / 2.0) * q as f64) } else { (q as f64, p as f64) };
    let points: Vec<(f64, f64)> = cells.iter().flat_map(|(c, _)| ends_of(*c)).map(model).collect();
    let x0 = points.iter().map(|p| p.0).fold(f64::MAX, f64::min);
    let y0 = points.iter().map(|p| p.1).fold(f64::MAX, f64::min);
    let at = |p: (i32, i32)| {
        let (x, y) = model(p);
        (20.0 + (x - x0) * CELL, 20.0 + (y - y0) * CELL)
    };
    let ends = |c: &polyform::Cell| {
        let [a, b] = ends_of(*c);
        (at(a), at(b))
    };
    // The picture reaches the farthest point, whichever end of its segments it is.
    let mut width = 20.0 + points.iter().map(|p| p.0 - x0).fold(0.0, f64::max) * CELL;
    let mut height = 20.0 + points.iter().map(|p| p.1 - y0).fold(0.0, f64::max) * CELL;
    let mut body = String::new();
    // The segments of each tile, for its label.
    let mut tiles: Vec<Vec<polyform::Cell>> = vec![Vec::new(); names.len()];
    for (c, t) in cells {
        let ((x1, y1), (x2, y2)) = ends(c);
        if let Some(t) = *t {
            tiles[t].push(*c);
        }
        let (stroke, w) = t.map_or(("#ccc", 2.0), |t| (colour(t), 7.0));
        let _ = writeln!(
            body,
            "<line x1=\"{x1:.2}\" y1=\"{y1:.2}\" x2=\"{x2:.2}\" y2=\"{y2:.2}\" stroke=\"{stroke}\" stroke-width=\"{w}\" stroke-linecap=\"round\"/>"
        );
    }
    // Short names are written on the tiles; longer ones as labels A, B, ... with a legend.
    let short = names.iter().all(|n| n.chars().count() <= 2);
    let label = |t: usize| if short { names[t].clone() } else { crate::pack::nth_label(t).to_string() };
    for (t, tile) in tiles.iter().enumerate() {
        if let Some(c) = tile.get(tile.len() / 2) {
            let ((x1, y1), (x2, y2)) = ends(c);
            let (x, y) = ((x1 + x2) / 2.0 + 6.0, (y1 + y2) / 2.0 - 5.0);
            let _ = writeln!(body, "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"12\" fill=\"#000\">{}</text>", escape(&label(t)));
        }
    }
    if !short {
        for (t, name) in names.iter().enumerate() {
            let y = height + 24.0 + 16.0 * t as f64;
            let _ = writeln!(
                body,
                "<text x=\"20\" y=\"{y:.1}\" font-size=\"12\" fill=\"{}\">{} {}</text>",
                colour(t),
                escape(&label(t)),
                escape(name)
            );
            width = width.max(120.0);
        }
        height += 16.0 * names.len() as f64 + 8.0;
    }
    document(width + 20.0, height + 20.0, &body)
}

/// A packing on any lattice ([`polyform::lattice`]): `cells` are the region's cells,
/// each with its tile (an index into `names`, the tiles' piece names) or `None` when no
/// packing is drawn. Squares, triangles (the rhombus `xy` along two directions 60
/// degrees apart, split into `xy` and `xy'`) and hexagons (axial coordinates) are drawn
/// as such; the cubic lattice as its layers `z` side by side, each a grid of rows `x`
/// and columns `y`, and the triangular prisms as their layers side by side, each drawn
/// as the triangular lattice; polysticks and polytrigs as [`sticks`] draws them. Cells of
/// one tile share a colour and the tile's name is written on
/// one of its cells; thick lines separate different tiles and the outside.
pub fn lattice(lattice: polyform::Lattice, cells: &[(polyform::Cell, Option<usize>)], names: &[String]) -> String {
    use polyform::Lattice;
    if lattice.is_segments() {
        return sticks(lattice, cells, names);
    }
    let s3 = 3f64.sqrt();
    // Each cell as a polygon (model units: the side of a square, triangle or hexagon is 1).
    let (zmin, zmax) = cells.iter().fold((i32::MAX, i32::MIN), |(a, b), (c, _)| (a.min(c.z), b.max(c.z)));
    let (ymin, ymax) = cells.iter().fold((i32::MAX, i32::MIN), |(a, b), (c, _)| (a.min(c.y), b.max(c.y)));
    let width_of_layer = (ymax - ymin + 1) as f64 + 1.0;
    // Prism layers side by side: each as wide as the triangles' extent, plus a gap.
    let layer = |c: &polyform::Cell| if lattice == Lattice::TriangularPrism { c.z.div_euclid(2) } else { 0 };
    let layer_min = cells.iter().map(|(c, _)| layer(c)).min().unwrap_or(0);
    let layer_max = cells.iter().map(|(c, _)| layer(c)).max().unwrap_or(0);
    let (ux_min, ux_max) = cells.iter().fold((f64::MAX, f64::MIN), |(a, b), (c, _)| {
        let u = c.x as f64 + 0.5 * c.y as f64;
        (a.min(u), b.max(u + 1.5))
    });
    let prism_width = ux_max - ux_min + 1.0;
    let polygon = |c: polyform::Cell| -> Vec<(f64, f64)> {
        // Lattice points i*a + j*b with a = (1, 0) and b at 60 degrees, y pointing down.
        let point = |i: f64, j: f64| (i + 0.5 * j, -s3 / 2.0 * j);
        match lattice {
            Lattice::Triangular | Lattice::TriangularPrism => {
                let (x, y) = (c.x as f64, c.y as f64);
                let shift = (layer(&c) - layer_min) as f64 * prism_width;
                let corners = if c.z.rem_euclid(2) == 0 {
                    [point(x, y), point(x + 1.0, y), point(x, y + 1.0)]
                } else {
                    [point(x + 1.0, y), point(x + 1.0, y + 1.0), point(x, y + 1.0)]
                };
                corners.iter().map(|&(u, v)| (u + shift, v)).collect()
            }
            Lattice::Hexagonal => {
                // Centres s3 apart; pointy-topped hexagons of side 1.
                let (cx, cy) = point(c.x as f64 * s3, c.y as f64 * s3);
                (0..6).map(|k| (30.0 + 60.0 * k as f64).to_radians()).map(|t| (cx + t.cos(), cy + t.sin())).collect()
            }
            _ => {
                let x0 = (c.z - zmin) as f64 * width_of_layer + c.y as f64;
                let y0 = c.x as f64;
                vec![(x0, y0), (x0 + 1.0, y0), (x0 + 1.0, y0 + 1.0), (x0, y0 + 1.0)]
            }
        }
    };
    type Polygon = (Vec<(f64, f64)>, Option<usize>);
    let polygons: Vec<Polygon> = cells.iter().map(|&(c, t)| (polygon(c), t)).collect();
    let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    for (p, _) in &polygons {
        for &(x, y) in p {
            lo = (lo.0.min(x), lo.1.min(y));
            hi = (hi.0.max(x), hi.1.max(y));
        }
    }
    let layered = lattice.is_solid();
    let caption = if layered { 22.0 } else { 0.0 };
    let at = |(x, y): (f64, f64)| (10.0 + (x - lo.0) * CELL, 10.0 + caption + (y - lo.1) * CELL);
    let mut body = String::new();
    if lattice == Lattice::Cubic {
        for z in zmin..=zmax {
            let (x, _) = at(((z - zmin) as f64 * width_of_layer + ymin as f64, 0.0));
            let _ = writeln!(body, "<text x=\"{x}\" y=\"24\" font-size=\"14\">z = {z}</text>");
        }
    }
    if lattice == Lattice::TriangularPrism {
        for l in layer_min..=layer_max {
            let (x, _) = at(((l - layer_min) as f64 * prism_width + ux_min, 0.0));
            let _ = writeln!(body, "<text x=\"{x}\" y=\"24\" font-size=\"14\">layer {l}</text>");
        }
    }
    // Edges keyed by their rounded end points: an edge is thick unless the two cells on
    // it belong to one tile.
    let key = |p: (f64, f64)| ((p.0 * 1000.0).round() as i64, (p.1 * 1000.0).round() as i64);
    type Edge = (Option<usize>, u32, bool, (f64, f64), (f64, f64));
    type Key = ((i64, i64), (i64, i64));
    let mut edges: std::collections::HashMap<Key, Edge> = Default::default();
    for (p, t) in &polygons {
        let points: Vec<String> = p.iter().map(|&v| at(v)).map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
        let fill = t.map_or("#f4f4f4", colour);
        let _ = writeln!(body, "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#0003\"/>", points.join(" "));
        for k in 0..p.len() {
            let (a, b) = (p[k], p[(k + 1) % p.len()]);
            let (ka, kb) = (key(a), key(b));
            let e = edges.entry((ka.min(kb), ka.max(kb))).or_insert((*t, 0, true, a, b));
            e.2 &= e.0 == *t;
            e.1 += 1;
        }
    }
    let mut sorted: Vec<_> = edges.into_values().collect();
    sorted.sort_by(|x, y| x.3.partial_cmp(&y.3).unwrap_or(std::cmp::Ordering::Equal));
    for (_, n, same, a, b) in sorted {
        if n < 2 || !same {
            let ((x1, y1), (x2, y2)) = (at(a), at(b));
            let _ = writeln!(
                body,
                "<line x1=\"{x1:.2}\" y1=\"{y1:.2}\" x2=\"{x2:.2}\" y2=\"{y2:.2}\" stroke=\"black\" stroke-width=\"2.5\" stroke-linecap=\"round\"/>"
            );
        }
    }
    // Each tile's name on its cell nearest the tile's centre.
    let mut centres: Vec<Vec<(f64, f64)>> = vec![Vec::new(); names.len()];
    for (p, t) in &polygons {
        if let Some(t) = *t {
            let n = p.len() as f64;
            centres[t].push((p.iter().map(|v| v.0).sum::<f64>() / n, p.iter().map(|v| v.1).sum::<f64>() / n));
        }
    }
    for (t, cs) in centres.iter().enumerate().filter(|(_, cs)| !cs.is_empty()) {
        let n = cs.len() as f64;
        let mean = (cs.iter().map(|c| c.0).sum::<f64>() / n, cs.iter().map(|c| c.1).sum::<f64>() / n);
        let d = |c: &(f64, f64)| (c.0 - mean.0).powi(2) + (c.1 - mean.1).powi(2);
        let best = cs.iter().min_by(|a, b| d(a).partial_cmp(&d(b)).unwrap_or(std::cmp::Ordering::Equal)).copied().unwrap_or(mean);
        let (x, y) = at(best);
        let _ = writeln!(
            body,
            "<text x=\"{x:.2}\" y=\"{:.2}\" font-size=\"12\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
            y + 4.0,
            ink(t),
            escape(&names[t])
        );
    }
    document(20.0 + (hi.0 - lo.0) * CELL, 20.0 + caption + (hi.1 - lo.1) * CELL, &body)
}
