//! The triangular-prism lattice (BurrTools' grid 1, "triangular prisms"): layers of the
//! triangular lattice ([`super::triangular`]) stacked along a third axis. Cell `(x, y, z)`
//! is the triangle `(x, y, kind)` of layer `layer`, with `z = 2 * layer + kind` (kind 0
//! upward, 1 downward), so cells sort layer by layer. A prism touches the three of its
//! layer that the triangle touches and the prisms above and below it (`z +- 2`): five
//! face neighbours. 24 symmetries (the hexagonal prism's: the triangular lattice's 12,
//! each with or without the mirror across a layer; 12 rotations), acting on `(3x + 1 +
//! kind, 3y + 1 + kind, layer)`. Translations move `x`, `y`, and `z` by even steps.
//! Knuth has no program for it.

use super::base::{axes_by_span, coordinate, hexagonal_group, spans, Cell, Geometry, Matrix};
use super::triangular::{centre, plane_bit, plane_neighbours, triangle_at};
use crate::layout::{Adjacency, Layout};

/// The triangular-prism lattice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TriangularPrism;

/// `z` split into its layer and triangle kind.
fn split(z: i32) -> (i32, i32) {
    (z.div_euclid(2), z.rem_euclid(2))
}

impl Geometry for TriangularPrism {
    fn contains(&self, _: Cell) -> bool {
        true
    }

    fn neighbours(&self, c: Cell) -> Vec<Cell> {
        let (layer, kind) = split(c.z);
        let mut out: Vec<Cell> = plane_neighbours(c.x, c.y, kind).iter().map(|&(x, y, k)| Cell::new(x, y, 2 * layer + k)).collect();
        out.push(Cell::new(c.x, c.y, c.z + 2));
        out.push(Cell::new(c.x, c.y, c.z - 2));
        out
    }

    fn point_group(&self) -> Vec<Matrix> {
        let mut out = Vec::with_capacity(24);
        for m in hexagonal_group() {
            for flip in [1, -1] {
                let mut g = m;
                g[2][2] = flip;
                out.push(g);
            }
        }
        out
    }

    fn embed(&self, c: Cell) -> [i32; 3] {
        let (layer, kind) = split(c.z);
        let (u, v) = centre(c.x, c.y, kind);
        [u, v, layer]
    }

    fn cell_at(&self, p: [i32; 3]) -> Cell {
        let (x, y, kind) = triangle_at(p[0], p[1]);
        Cell::new(x, y, 2 * p[2] + kind)
    }

    fn periods(&self) -> [i32; 3] {
        [1, 1, 2]
    }

    /// Each layer as the triangular lattice lays it out (rows along the shorter side of
    /// the plane, two padding bits per row), one padding row per layer.
    fn layout(&self, cells: &[Cell]) -> Layout {
        let s = spans(cells);
        let [ka, kb] = axes_by_span::<2>(&s);
        let stride = 2 * s[ka].1 + 2;
        let layer = stride * (s[kb].1 + 1);
        let first_layer = cells.iter().map(|c| split(c.z).0).min().unwrap_or(0);
        let bit_of = cells
            .iter()
            .map(|p| {
                let (l, kind) = split(p.z);
                plane_bit(coordinate(p, ka) - s[ka].0, coordinate(p, kb) - s[kb].0, kind, stride) + layer * (l - first_layer) as u32
            })
            .collect();
        Layout { bit_of, adjacency: Adjacency::TriangularPrism { stride, layer }, crossings: Vec::new() }
    }

    fn knuth_cell(&self, _: Cell) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prism_mirror_and_layers() {
        // The mirror across a layer maps layer 1 to layer -1, keeping the triangle.
        let mirror = [[1, 0, 0], [0, 1, 0], [0, 0, -1]];
        assert!(TriangularPrism.point_group().contains(&mirror));
        // Layer 1, downward.
        let c = Cell::new(2, 3, 3);
        assert_eq!(TriangularPrism.cell_at(super::super::base::apply(&mirror, TriangularPrism.embed(c))), Cell::new(2, 3, -1));
    }
}
