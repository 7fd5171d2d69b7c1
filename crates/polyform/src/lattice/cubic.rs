//! The cubic lattice (polycubes): cell `(x, y, z)`; six face neighbours; 48 symmetries
//! (24 rotations). Knuth's `polycube-dlx` writes a cell `xyz`.

use super::base::{axes_by_span, coordinate, knuth_digit, signed_permutations, spans, Cell, Geometry, Matrix};
use crate::layout::{Adjacency, Layout};

/// The cubic lattice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cubic;

impl Geometry for Cubic {
    fn contains(&self, _: Cell) -> bool {
        true
    }

    fn neighbours(&self, c: Cell) -> Vec<Cell> {
        let Cell { x, y, z } = c;
        [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]
            .iter()
            .map(|&(dx, dy, dz)| Cell::new(x + dx, y + dy, z + dz))
            .collect()
    }

    fn point_group(&self) -> Vec<Matrix> {
        signed_permutations()
    }

    fn periods(&self) -> [i32; 3] {
        [1, 1, 1]
    }

    /// The axes ordered shortest first (rows along the shortest side, layers across the
    /// longest), one padding bit per row and one padding row per layer.
    fn layout(&self, cells: &[Cell]) -> Layout {
        let s = spans(cells);
        let [ka, kb, kc] = axes_by_span::<3>(&s);
        let row = s[ka].1 + 1;
        let layer = row * (s[kb].1 + 1);
        let bit_of = cells
            .iter()
            .map(|p| {
                (coordinate(p, ka) - s[ka].0) as u32
                    + row * (coordinate(p, kb) - s[kb].0) as u32
                    + layer * (coordinate(p, kc) - s[kc].0) as u32
            })
            .collect();
        Layout { bit_of, adjacency: Adjacency::Cubic { row, layer }, crossings: Vec::new() }
    }

    fn knuth_cell(&self, c: Cell) -> Option<String> {
        Some(format!("{}{}{}", knuth_digit(c.x)?, knuth_digit(c.y)?, knuth_digit(c.z)?))
    }

    fn knuth_program(&self) -> Option<&'static str> {
        Some("polycube-dlx")
    }
}
