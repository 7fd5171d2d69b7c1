//! The hexagonal lattice (polyhexes): hexagon `(x, y)` in axial coordinates (two axes at
//! 60 degrees), `z = 0`; neighbours `(x +- 1, y)`, `(x, y +- 1)`, `(x + 1, y - 1)` and
//! `(x - 1, y + 1)`; 12 symmetries (6 rotations about a lattice point). Knuth has no
//! polyhex program; cells are written `xy` as on the square lattice.

use super::base::{hexagonal_group, knuth_digit, plane_rows, Cell, Geometry, Matrix};
use crate::layout::{Adjacency, Layout};

/// The hexagonal lattice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Hexagonal;

impl Geometry for Hexagonal {
    fn contains(&self, c: Cell) -> bool {
        c.z == 0
    }

    fn neighbours(&self, c: Cell) -> Vec<Cell> {
        let Cell { x, y, .. } = c;
        [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)].iter().map(|&(dx, dy)| Cell::new(x + dx, y + dy, 0)).collect()
    }

    fn point_group(&self) -> Vec<Matrix> {
        hexagonal_group()
    }

    fn periods(&self) -> [i32; 3] {
        [1, 1, 0]
    }

    /// Rows along the region's shorter side, one padding bit per row (swapping the axes
    /// is a symmetry of the lattice, so [`Adjacency::Hexagonal`] holds either way).
    fn layout(&self, cells: &[Cell]) -> Layout {
        let (bit_of, stride) = plane_rows(cells);
        Layout { bit_of, adjacency: Adjacency::Hexagonal { stride }, crossings: Vec::new() }
    }

    fn knuth_cell(&self, c: Cell) -> Option<String> {
        Some(format!("{}{}", knuth_digit(c.x)?, knuth_digit(c.y)?))
    }
}
