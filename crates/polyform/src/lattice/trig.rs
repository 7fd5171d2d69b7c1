//! The triangular grid's unit segments (polytrigs): grid points `(u, v)` in axial
//! coordinates (unit steps `a` and `b` at 60 degrees, as the hexagonal lattice's), cell
//! `(u, v, d)` the segment from point `(u, v)` to `(u + 1, v)` (`d = 0`), to `(u, v + 1)`
//! (`d = 1`) or to `(u - 1, v + 1)` (`d = 2`). Two segments are neighbours when they share
//! an end (ten each); the symmetries are the hexagon's twelve, acting on the segments'
//! midpoints doubled (`(2u + 1, 2v)`, `(2u, 2v + 1)`, `(2u - 1, 2v + 1)`).
//!
//! As for polysticks ([`super::stick`]), pieces must not cross: at most one piece may go
//! straight through a grid point ([`Geometry::layout`] lists the collinear pairs).

use super::base::{hexagonal_group, spans, Cell, Geometry, Matrix};
use crate::layout::{Adjacency, Layout};

/// The triangular grid's segments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Trig;

/// The step from a segment's first end to its second: `d` 0, 1, 2.
pub fn step(d: i32) -> (i32, i32) {
    match d {
        0 => (1, 0),
        1 => (0, 1),
        _ => (-1, 1),
    }
}

/// The two ends of segment `c`, as grid points `(u, v)`.
pub fn ends(c: Cell) -> [(i32, i32); 2] {
    let (du, dv) = step(c.z);
    [(c.x, c.y), (c.x + du, c.y + dv)]
}

/// The six segments with an end at point `(u, v)`.
fn at_point(u: i32, v: i32) -> [Cell; 6] {
    [Cell::new(u, v, 0), Cell::new(u, v, 1), Cell::new(u, v, 2), Cell::new(u - 1, v, 0), Cell::new(u, v - 1, 1), Cell::new(u + 1, v - 1, 2)]
}

impl Geometry for Trig {
    fn contains(&self, c: Cell) -> bool {
        (0..3).contains(&c.z)
    }

    /// The segments sharing an end with `c`: five at each end.
    fn neighbours(&self, c: Cell) -> Vec<Cell> {
        ends(c).iter().flat_map(|&(u, v)| at_point(u, v)).filter(|&d| d != c).collect()
    }

    /// The hexagon's twelve symmetries ([`hexagonal_group`]).
    fn point_group(&self) -> Vec<Matrix> {
        hexagonal_group()
    }

    /// The midpoint doubled.
    fn embed(&self, c: Cell) -> [i32; 3] {
        let (du, dv) = step(c.z);
        [2 * c.x + du, 2 * c.y + dv, 0]
    }

    fn cell_at(&self, p: [i32; 3]) -> Cell {
        match (p[0].rem_euclid(2), p[1].rem_euclid(2)) {
            (1, 0) => Cell::new((p[0] - 1).div_euclid(2), p[1].div_euclid(2), 0),
            (0, 1) => Cell::new(p[0].div_euclid(2), (p[1] - 1).div_euclid(2), 1),
            _ => Cell::new((p[0] + 1).div_euclid(2), (p[1] - 1).div_euclid(2), 2),
        }
    }

    fn periods(&self) -> [i32; 3] {
        [1, 1, 0]
    }

    /// Rows of constant `v`: the three segments from point `u` at bits `3u + d`, six
    /// padding bits per row ([`Adjacency::Trig`], neighbours at
    /// [`crate::layout::trig_offsets`]); and the crossings.
    fn layout(&self, cells: &[Cell]) -> Layout {
        let s = spans(cells);
        let stride = 3 * s[0].1 + 6;
        let bit_of = cells.iter().map(|c| 3 * (c.x - s[0].0) as u32 + c.z as u32 + stride * (c.y - s[1].0) as u32).collect();
        Layout { bit_of, adjacency: Adjacency::Trig { stride }, crossings: super::stick::collinear(cells, step) }
    }

    fn knuth_cell(&self, _: Cell) -> Option<String> {
        None
    }
}
