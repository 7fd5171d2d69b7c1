//! The square grid's unit segments (polysticks): cell `(x, y, d)` is the segment from the
//! grid point `(x, y)` to `(x + 1, y)` (`d = 0`) or to `(x, y + 1)` (`d = 1`), where the
//! front ends read `x` as the row (growing downwards) and `y` as the column, as on the
//! square lattice. Two segments are neighbours when they share an end (six each); the
//! symmetries are the square's eight, acting on the segments' midpoints doubled
//! (`(2x + 1, 2y)` and `(2x, 2y + 1)`).
//!
//! Pieces must not cross (the rule of Knuth's "Dancing links", 2000, for polysticks):
//! two pieces may touch end to end, end to side or corner to corner, but not both go
//! straight through the same grid point. [`Geometry::layout`] lists, for each grid point
//! where two segments of the region meet in a line, that pair: a packing takes the point
//! (a secondary item of its exact cover) for each piece that holds such a pair.

use super::base::{paired_rows, Cell, Geometry, Matrix};
use super::square::Symmetry;
use crate::layout::{Adjacency, Layout};
use std::collections::HashMap;

/// The square grid's segments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stick;

/// The step from a segment's first end to its second: `d` 0 or 1.
pub fn step(d: i32) -> (i32, i32) {
    if d == 0 {
        (1, 0)
    } else {
        (0, 1)
    }
}

/// The two ends of segment `c`, as grid points `(x, y)`.
pub fn ends(c: Cell) -> [(i32, i32); 2] {
    let (dx, dy) = step(c.z);
    [(c.x, c.y), (c.x + dx, c.y + dy)]
}

/// The four segments with an end at point `(x, y)`.
fn at_point(x: i32, y: i32) -> [Cell; 4] {
    [Cell::new(x, y, 0), Cell::new(x, y, 1), Cell::new(x - 1, y, 0), Cell::new(x, y - 1, 1)]
}

impl Geometry for Stick {
    fn contains(&self, c: Cell) -> bool {
        c.z == 0 || c.z == 1
    }

    /// The segments sharing an end with `c`: three at each end.
    fn neighbours(&self, c: Cell) -> Vec<Cell> {
        ends(c).iter().flat_map(|&(x, y)| at_point(x, y)).filter(|&d| d != c).collect()
    }

    /// The square's symmetries, in the order of [`Symmetry::ALL`].
    fn point_group(&self) -> Vec<Matrix> {
        Symmetry::ALL.iter().map(|s| s.matrix()).collect()
    }

    /// The midpoint doubled: `(2x + 1, 2y)` or `(2x, 2y + 1)`.
    fn embed(&self, c: Cell) -> [i32; 3] {
        if c.z == 0 {
            [2 * c.x + 1, 2 * c.y, 0]
        } else {
            [2 * c.x, 2 * c.y + 1, 0]
        }
    }

    fn cell_at(&self, p: [i32; 3]) -> Cell {
        if p[0].rem_euclid(2) == 1 {
            Cell::new((p[0] - 1).div_euclid(2), p[1].div_euclid(2), 0)
        } else {
            Cell::new(p[0].div_euclid(2), (p[1] - 1).div_euclid(2), 1)
        }
    }

    fn periods(&self) -> [i32; 3] {
        [1, 1, 0]
    }

    /// Rows along the region's shorter side: the two segments from each grid point at
    /// bits `2y + d`, two padding bits per row ([`Adjacency::Stick`]); and the crossings:
    /// each pair of the region's segments that meet in a line at a grid point.
    fn layout(&self, cells: &[Cell]) -> Layout {
        // A segment along the rows' axis is the point's second bit.
        let (bit_of, stride) = paired_rows(cells, |c, axis| u32::from(c.z as usize == axis));
        Layout { bit_of, adjacency: Adjacency::Stick { stride }, crossings: crossings(cells) }
    }

    fn knuth_cell(&self, _: Cell) -> Option<String> {
        None
    }
}

/// The crossings of a region of segments: `[a, b, point]` for each two segments `a` and
/// `b` (indices into `cells`) that meet in a line at a grid point, the points numbered
/// from 0 in the order first met.
pub fn crossings(cells: &[Cell]) -> Vec<[usize; 3]> {
    collinear(cells, step)
}

/// The crossings of a region of segments of any grid whose segment `(x, y, d)` runs from
/// point `(x, y)` by the step `step(d)`: each segment and the next one in its line (from
/// its far end), with the point between them.
pub(super) fn collinear(cells: &[Cell], step: impl Fn(i32) -> (i32, i32)) -> Vec<[usize; 3]> {
    let index: HashMap<Cell, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let mut points: HashMap<(i32, i32), usize> = HashMap::new();
    let mut out = Vec::new();
    for (a, &c) in cells.iter().enumerate() {
        let (dx, dy) = step(c.z);
        let far = (c.x + dx, c.y + dy);
        if let Some(&b) = index.get(&Cell::new(far.0, far.1, c.z)) {
            let n = points.len();
            let p = *points.entry(far).or_insert(n);
            out.push([a, b, p]);
        }
    }
    out
}
