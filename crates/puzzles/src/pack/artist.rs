//! How a packing's answers are drawn, on every lattice: the one renderer that the CLI,
//! Python and the page share. It draws; it never searches.

use super::{lattice, Problem, Tiling};
use polyform::Lattice;

/// How a problem's packings are drawn ([`Artist::style`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Style {
    /// A square board, every piece used once: each cell shows its piece's label
    /// ([`super::labels`]), with a legend ([`super::legend`], empty when the labels are
    /// the names).
    Board {
        /// A label per piece.
        labels: Vec<char>,
        /// The legend, a line per piece, or empty.
        legend: String,
    },
    /// A square board with piece counts: each tile its own label, a legend line per tile
    /// ([`super::render_tiling`]).
    Tiles,
    /// Off the square lattice: one line per tile, its cells in Knuth's notation
    /// ([`lattice::render`]).
    Cells,
    /// Polysticks and polytrigs: the grid drawn with each segment its tile's label, a
    /// legend line per tile unless the pieces' names are the labels
    /// ([`lattice::render_sticks`]).
    Sticks,
}

/// Cell `c` of `lattice` as coordinates in answers (JSON, Python, the page): `[row, col]`
/// on the square lattice, `[x, y]` on the hexagonal one, `[x, y, t]` on the triangular
/// one (`t` 1 for the downward triangle), `[x, y, z]` on the cubic one (triangular
/// prisms: `z = 2 * layer + t`), `[x, y, d]` on the stick lattice (the segment from
/// grid point `(x, y)` to `(x + 1, y)` when `d` is 0, to `(x, y + 1)` when 1) and `[u,
/// v, d]` on the trig lattice (from point `(u, v)` to `(u + 1, v)`, `(u, v + 1)` or
/// `(u - 1, v + 1)`).
pub fn coordinates(lattice: Lattice, c: polyform::Cell) -> Vec<i64> {
    match lattice {
        Lattice::Square | Lattice::Hexagonal => vec![c.x as i64, c.y as i64],
        Lattice::Triangular | Lattice::Cubic | Lattice::TriangularPrism | Lattice::Stick | Lattice::Trig => {
            vec![c.x as i64, c.y as i64, c.z as i64]
        }
    }
}

/// Draws the packings of one [`Problem`] as text and SVG.
#[derive(Debug, Clone)]
pub struct Artist<'a> {
    problem: &'a Problem,
    style: Style,
}

impl Artist<'_> {
    /// The artist of `problem`'s packings: [`Style::Board`] for distinct pieces on a
    /// square board, [`Style::Tiles`] with piece counts there, [`Style::Cells`] on the
    /// other lattices.
    pub fn new(problem: &Problem) -> Artist<'_> {
        let style = match (problem.region().lattice(), problem.is_distinct()) {
            (Lattice::Square, true) => {
                let labels = super::labels(problem.pieces());
                let legend = super::legend(problem.pieces(), &labels);
                Style::Board { labels, legend }
            }
            (Lattice::Square, false) => Style::Tiles,
            (Lattice::Stick | Lattice::Trig, _) => Style::Sticks,
            _ => Style::Cells,
        };
        Artist { problem, style }
    }

    /// The problem whose packings this artist draws.
    pub fn problem(&self) -> &Problem {
        self.problem
    }

    /// How the packings are drawn.
    pub fn style(&self) -> &Style {
        &self.style
    }

    /// The packing `t` as `gridlock pack` prints it.
    pub fn text(&self, t: &Tiling) -> String {
        let (region, pieces) = (self.problem.region(), self.problem.pieces());
        match &self.style {
            Style::Board { labels, legend } => super::render(region, labels, &super::by_piece(t, pieces.len())) + legend,
            Style::Tiles => super::render_tiling(region, pieces, t),
            Style::Cells => lattice::render(region, pieces, t),
            Style::Sticks => lattice::render_sticks(region, pieces, t),
        }
    }

    /// Region cell `i` as [`coordinates`] in answers.
    pub fn coordinates(&self, i: usize) -> Vec<i64> {
        coordinates(self.problem.region().lattice(), self.problem.region().cells()[i])
    }

    /// The packing `t` (the empty region without one) as an SVG document, as `gridlock
    /// pack --svg` writes it.
    pub fn svg(&self, t: Option<&Tiling>) -> String {
        let (region, pieces) = (self.problem.region(), self.problem.pieces());
        let empty = Tiling::new();
        let t = t.unwrap_or(&empty);
        match &self.style {
            Style::Board { labels, legend } => {
                let grid = super::piece_grid(region, &super::by_piece(t, pieces.len()));
                let named: Vec<(char, String)> =
                    if legend.is_empty() { Vec::new() } else { labels.iter().zip(pieces).map(|(&l, p)| (l, p.name.clone())).collect() };
                crate::svg::pack(&grid, labels, &named)
            }
            Style::Tiles => {
                let tiles: super::Packing = t.iter().map(|(_, cells)| cells.clone()).collect();
                let labels: Vec<char> = (0..t.len()).map(super::nth_label).collect();
                let named: Vec<(char, String)> = t.iter().zip(&labels).map(|((p, _), &l)| (l, pieces[*p].name.clone())).collect();
                crate::svg::pack(&super::piece_grid(region, &tiles), &labels, &named)
            }
            Style::Cells | Style::Sticks => {
                let mut owner = vec![None; region.len()];
                let mut names = Vec::new();
                for (k, (p, cells)) in t.iter().enumerate() {
                    cells.iter().for_each(|&i| owner[i] = Some(k));
                    names.push(pieces[*p].name.clone());
                }
                let cells: Vec<_> = region.cells().iter().copied().zip(owner).collect();
                crate::svg::lattice(region.lattice(), &cells, &names)
            }
        }
    }
}
