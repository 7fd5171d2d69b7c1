//! The triangular lattice (polyiamonds), as Knuth's `polyiamond-dlx` reads it: a rhombus
//! `(x, y)` of the lattice spanned by unit vectors at 60 degrees, split by its short
//! diagonal into an upward triangle (`z = 0`) and the downward one to its right (`z = 1`,
//! Knuth's `xy'`). The upward `(x, y, 0)` touches the downward `(x, y)`, `(x - 1, y)` and
//! `(x, y - 1)`. 12 symmetries (6 rotations about a lattice point, 6 reflections), acting
//! on the triangle's centre scaled by 3, `(3x + 1 + z, 3y + 1 + z)`, so that they are
//! integer matrices.

use super::base::{hexagonal_group, knuth_digit, paired_rows, Cell, Geometry, Matrix};
use crate::layout::{Adjacency, Layout};

/// The triangular lattice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Triangular;

/// The three triangles next to `(x, y, kind)` in its own plane (shared with the prism
/// lattice, whose layers are this lattice).
pub(super) fn plane_neighbours(x: i32, y: i32, kind: i32) -> [(i32, i32, i32); 3] {
    if kind == 0 {
        [(x, y, 1), (x - 1, y, 1), (x, y - 1, 1)]
    } else {
        [(x, y, 0), (x + 1, y, 0), (x, y + 1, 0)]
    }
}

/// The triangle `(x, y, kind)`'s centre, scaled by 3.
pub(super) fn centre(x: i32, y: i32, kind: i32) -> (i32, i32) {
    (3 * x + 1 + kind, 3 * y + 1 + kind)
}

/// The triangle whose scaled centre is `(u, v)`: `(x, y, kind)`. The group maps triangle
/// centres to triangle centres (`u = v (mod 3)`).
pub(super) fn triangle_at(u: i32, v: i32) -> (i32, i32, i32) {
    let t = u.rem_euclid(3) - 1;
    ((u - 1 - t).div_euclid(3), (v - 1 - t).div_euclid(3), t)
}

/// The bit of triangle `(a, b, kind)` in rows of `stride` bits, `(a, b)` counted from the
/// region's least values along the layout's axes: `2a + kind + stride * b`.
pub(super) fn plane_bit(a: i32, b: i32, kind: i32, stride: u32) -> u32 {
    2 * a as u32 + kind as u32 + stride * b as u32
}

impl Geometry for Triangular {
    fn contains(&self, c: Cell) -> bool {
        c.z == 0 || c.z == 1
    }

    fn neighbours(&self, c: Cell) -> Vec<Cell> {
        plane_neighbours(c.x, c.y, c.z).iter().map(|&(x, y, z)| Cell::new(x, y, z)).collect()
    }

    fn point_group(&self) -> Vec<Matrix> {
        hexagonal_group()
    }

    fn embed(&self, c: Cell) -> [i32; 3] {
        let (u, v) = centre(c.x, c.y, c.z);
        [u, v, 0]
    }

    fn cell_at(&self, p: [i32; 3]) -> Cell {
        let (x, y, z) = triangle_at(p[0], p[1]);
        Cell::new(x, y, z)
    }

    fn periods(&self) -> [i32; 3] {
        [1, 1, 0]
    }

    /// Rows along the region's shorter side, two padding bits per row (swapping `x` and
    /// `y` maps each triangle to one of its own kind, so [`Adjacency::Triangular`] holds
    /// either way).
    fn layout(&self, cells: &[Cell]) -> Layout {
        let (bit_of, stride) = paired_rows(cells, |c, _| c.z as u32);
        Layout { bit_of, adjacency: Adjacency::Triangular { stride }, crossings: Vec::new() }
    }

    fn knuth_cell(&self, c: Cell) -> Option<String> {
        Some(format!("{}{}{}", knuth_digit(c.x)?, knuth_digit(c.y)?, if c.z == 1 { "'" } else { "" }))
    }

    fn knuth_program(&self) -> Option<&'static str> {
        Some("polyiamond-dlx")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangular_rotations_about_a_point() {
        // Six triangles meet at a lattice point: the rotations about it permute them.
        let around: Vec<Cell> =
            [(0, 0, 0), (-1, 0, 1), (-1, 0, 0), (-1, -1, 1), (0, -1, 0), (0, -1, 1)].iter().map(|&(x, y, z)| Cell::new(x, y, z)).collect();
        for m in Triangular.point_group() {
            for &c in &around {
                let image = Triangular.cell_at(super::super::base::apply(&m, Triangular.embed(c)));
                assert!(around.contains(&image), "{c:?} -> {image:?}");
            }
        }
    }
}
