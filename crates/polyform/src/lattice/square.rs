//! The square lattice (polyominoes): cell `(x, y)`, `z = 0`, where the front ends read
//! `x` as the row (growing downwards) and `y` as the column; neighbours `(x +- 1, y)` and
//! `(x, y +- 1)`; 8 symmetries (4 rotations). Knuth's `polyomino-dlx` writes a cell `xy`.

use super::base::{knuth_digit, plane_rows, Cell, Geometry, Matrix};
use crate::layout::{Adjacency, Layout};

/// One of the eight symmetries of the square grid (the dihedral group of order 8), acting
/// on cells about the origin; a cell `(x, y)` is read as `(row, col)`, rows growing
/// downwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// `(r, c) -> (r, c)`.
    Identity,
    /// Quarter turn clockwise: `(r, c) -> (c, -r)`.
    Rotate90,
    /// Half turn: `(r, c) -> (-r, -c)`.
    Rotate180,
    /// Quarter turn anticlockwise: `(r, c) -> (-c, r)`.
    Rotate270,
    /// Mirror in a horizontal line (top and bottom swap): `(r, c) -> (-r, c)`.
    FlipRows,
    /// Mirror in a vertical line (left and right swap): `(r, c) -> (r, -c)`.
    FlipCols,
    /// Mirror in the main diagonal: `(r, c) -> (c, r)`.
    Transpose,
    /// Mirror in the anti-diagonal: `(r, c) -> (-c, -r)`.
    AntiTranspose,
}

impl Symmetry {
    /// All eight symmetries, rotations first: the order of the square lattice's point
    /// group ([`Geometry::point_group`]) and so of [`crate::Shape::orientations`].
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipRows,
        Symmetry::FlipCols,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The four rotations (the symmetries allowed for one-sided pieces).
    pub const ROTATIONS: [Symmetry; 4] = [Symmetry::Identity, Symmetry::Rotate90, Symmetry::Rotate180, Symmetry::Rotate270];

    /// The image of `cell` (`z` kept).
    pub fn apply(self, cell: Cell) -> Cell {
        let Cell { x: r, y: c, z } = cell;
        let (r, c) = match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, -r),
            Symmetry::Rotate180 => (-r, -c),
            Symmetry::Rotate270 => (-c, r),
            Symmetry::FlipRows => (-r, c),
            Symmetry::FlipCols => (r, -c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (-c, -r),
        };
        Cell::new(r, c, z)
    }

    /// The symmetry as a matrix of the square lattice's point group (columns: the images
    /// of the unit vectors; `z` fixed).
    pub fn matrix(self) -> Matrix {
        let mut m = [[0, 0, 0], [0, 0, 0], [0, 0, 1]];
        for (k, e) in [Cell::new(1, 0, 0), Cell::new(0, 1, 0)].into_iter().enumerate() {
            let image = self.apply(e);
            m[0][k] = image.x;
            m[1][k] = image.y;
        }
        m
    }
}

/// The square lattice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Square;

impl Geometry for Square {
    fn contains(&self, c: Cell) -> bool {
        c.z == 0
    }

    fn neighbours(&self, c: Cell) -> Vec<Cell> {
        let Cell { x, y, .. } = c;
        vec![Cell::new(x + 1, y, 0), Cell::new(x - 1, y, 0), Cell::new(x, y + 1, 0), Cell::new(x, y - 1, 0)]
    }

    /// In the order of [`Symmetry::ALL`].
    fn point_group(&self) -> Vec<Matrix> {
        Symmetry::ALL.iter().map(|s| s.matrix()).collect()
    }

    fn periods(&self) -> [i32; 3] {
        [1, 1, 0]
    }

    /// Rows along the region's shorter side, one padding bit per row.
    fn layout(&self, cells: &[Cell]) -> Layout {
        let (bit_of, stride) = plane_rows(cells);
        Layout { bit_of, adjacency: Adjacency::Square { stride }, crossings: Vec::new() }
    }

    fn knuth_cell(&self, c: Cell) -> Option<String> {
        Some(format!("{}{}", knuth_digit(c.x)?, knuth_digit(c.y)?))
    }

    fn knuth_program(&self) -> Option<&'static str> {
        Some("polyomino-dlx")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_turns_and_named_symmetries() {
        // A quarter turn maps (1, 0) to (0, 1) or (0, -1).
        let turns: Vec<Cell> =
            Square.point_group().iter().map(|m| Square.cell_at(super::super::base::apply(m, Square.embed(Cell::new(1, 0, 0))))).collect();
        assert!(turns.contains(&Cell::new(0, 1, 0)) && turns.contains(&Cell::new(0, -1, 0)));
        // Each named symmetry's matrix moves cells as the symmetry does.
        for s in Symmetry::ALL {
            for c in [Cell::new(2, 5, 0), Cell::new(-3, 1, 0)] {
                assert_eq!(Square.cell_at(super::super::base::apply(&s.matrix(), Square.embed(c))), s.apply(c), "{s:?}");
            }
        }
    }
}
