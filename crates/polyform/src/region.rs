//! [`Region`]: a finite set of cells of one lattice to pack (a board, a box), with the
//! placements of a [`Shape`] in it, its own symmetries and its bit layout.

use crate::lattice::{Cell, Lattice, Matrix};
use crate::layout::Layout;
use crate::shape::{Freedom, Shape};
use rustc_hash::FxHashMap;

/// A finite set of cells of a lattice to be filled (a board or a box), numbered
/// `0..len()` in sorted order (row-major on the square lattice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    lattice: Lattice,
    cells: Vec<Cell>,
    /// Each cell's index (Fx hashing: placements look every cell of every translation
    /// up here).
    index: FxHashMap<Cell, usize>,
}

/// A board of the square lattice: the name the square front ends use for a [`Region`].
pub type Board = Region;

impl Region {
    /// The region of `cells` (repeats count once). Cells that are not cells of the
    /// lattice (a `z` other than 0 on a plane lattice) are left out.
    pub fn new(lattice: Lattice, cells: impl IntoIterator<Item = Cell>) -> Region {
        let mut cells: Vec<Cell> = cells.into_iter().filter(|&c| lattice.contains(c)).collect();
        cells.sort_unstable();
        cells.dedup();
        let index = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        Region { lattice, cells, index }
    }

    /// The square-lattice board made of `cells` (duplicates are merged; cells with
    /// `z != 0` left out).
    pub fn from_cells(cells: impl IntoIterator<Item = Cell>) -> Region {
        Region::new(Lattice::Square, cells)
    }

    /// The `rows` x `cols` rectangle of the square lattice with corner `(0, 0)` (rows are
    /// `x`, columns `y`).
    pub fn rectangle(rows: i32, cols: i32) -> Region {
        Region::from_cells((0..rows).flat_map(|r| (0..cols).map(move |c| Cell::new(r, c, 0))))
    }

    /// The box `0..a` x `0..b` x `0..c` of the cubic lattice.
    pub fn cuboid(a: i32, b: i32, c: i32) -> Region {
        Region::new(Lattice::Cubic, (0..a).flat_map(|x| (0..b).flat_map(move |y| (0..c).map(move |z| Cell::new(x, y, z)))))
    }

    /// The parallelogram `0..a` x `0..b` of a plane lattice (on the triangular lattice,
    /// both triangles of each rhombus: `2ab` cells).
    pub fn parallelogram(lattice: Lattice, a: i32, b: i32) -> Region {
        Region::new(lattice, (0..a).flat_map(|x| (0..b).flat_map(move |y| (0..2).map(move |z| Cell::new(x, y, z)))))
    }

    /// Every unit segment of the grid of `rows` x `cols` squares (polysticks): the
    /// `(rows + 1) cols` segments along the rows and the `rows (cols + 1)` across them,
    /// grid points `(x, y)` with `x <= rows`, `y <= cols`.
    pub fn stick_grid(rows: i32, cols: i32) -> Region {
        let across = (0..rows).flat_map(move |x| (0..=cols).map(move |y| Cell::new(x, y, 0)));
        let along = (0..=rows).flat_map(move |x| (0..cols).map(move |y| Cell::new(x, y, 1)));
        Region::new(Lattice::Stick, across.chain(along))
    }

    /// Every unit segment of the triangular grid between the points `(u, v)` with `u <=
    /// a`, `v <= b` (the parallelogram of `a` x `b` rhombi, polytrigs): `a (b + 1)`
    /// segments along `u`, `(a + 1) b` along `v` and `a b` across the rhombi.
    pub fn trig_grid(a: i32, b: i32) -> Region {
        let along = (0..a).flat_map(move |u| (0..=b).map(move |v| Cell::new(u, v, 0)));
        let up = (0..=a).flat_map(move |u| (0..b).map(move |v| Cell::new(u, v, 1)));
        let across = (1..=a).flat_map(move |u| (0..b).map(move |v| Cell::new(u, v, 2)));
        Region::new(Lattice::Trig, along.chain(up).chain(across))
    }

    /// The prism box of the triangular-prism lattice: the `a` x `b` rhombus of triangles
    /// (`2ab` prisms a layer) in `layers` layers.
    pub fn prism(a: i32, b: i32, layers: i32) -> Region {
        Region::new(
            Lattice::TriangularPrism,
            (0..a).flat_map(|x| (0..b).flat_map(move |y| (0..2 * layers).map(move |z| Cell::new(x, y, z)))),
        )
    }

    /// The lattice.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// The cells, sorted; a cell's index is its position here.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the region has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The index of `c`, if it is in the region.
    pub fn index_of(&self, c: Cell) -> Option<usize> {
        self.index.get(&c).copied()
    }

    /// Every translation of the fixed `shape` that lies in the region, as sorted lists of
    /// cell indices, in the order of the region's cells under the shape's first cell.
    /// Empty if the shape is on another lattice.
    pub fn translations(&self, shape: &Shape) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        if shape.lattice() != self.lattice {
            return out;
        }
        let first = shape.cells()[0];
        let periods = self.lattice.geometry().periods();
        for &at in &self.cells {
            let d = Cell::new(at.x - first.x, at.y - first.y, at.z - first.z);
            if !crate::lattice::is_translation(periods, d) {
                continue;
            }
            let placed: Option<Vec<usize>> =
                shape.cells().iter().map(|c| self.index_of(Cell::new(c.x + d.x, c.y + d.y, c.z + d.z))).collect();
            if let Some(mut p) = placed {
                p.sort_unstable();
                out.push(p);
            }
        }
        out
    }

    /// Every placement of a piece: all translations ([`Region::translations`]) of all its
    /// orientations under `freedom` (`true`: reflections allowed), each once, orientation
    /// by orientation in the order of [`Shape::orientations`].
    pub fn placements(&self, shape: &Shape, freedom: impl Into<Freedom>) -> Vec<Vec<usize>> {
        shape.orientations(freedom).iter().flat_map(|o| self.translations(o)).collect()
    }

    /// [`Region::placements`], sorted (by their cell indices): the order the lattice
    /// front end lists packings in.
    pub fn placements_sorted(&self, shape: &Shape, freedom: impl Into<Freedom>) -> Vec<Vec<usize>> {
        let mut out = self.placements(shape, freedom);
        out.sort_unstable();
        out
    }

    /// The region's symmetries among `group` (each followed by the translation that
    /// realigns the region), as permutations of cell indices (`perm[i]` is the image of
    /// cell `i`), with their matrices, in the order of `group`.
    pub fn symmetries(&self, group: &[Matrix]) -> Vec<(Matrix, Vec<usize>)> {
        let l = self.lattice;
        let (base, shift) = l.normalise(self.cells.clone());
        let mut out = Vec::new();
        for m in group {
            let image: Vec<Cell> = self.cells.iter().map(|&c| l.transform(m, c)).collect();
            let (normal, s) = l.normalise(image.clone());
            if normal != base {
                continue;
            }
            let perm =
                image.iter().map(|c| self.index[&Cell::new(c.x - s.x + shift.x, c.y - s.y + shift.y, c.z - s.z + shift.z)]).collect();
            out.push((*m, perm));
        }
        out
    }

    /// The bit layout that puts the bitboard engines on this region, as its lattice
    /// writes it ([`crate::lattice::Geometry::layout`]).
    pub fn layout(&self) -> Layout {
        self.lattice.geometry().layout(&self.cells)
    }

    /// Where pieces must not cross ([`Layout::crossings`]): empty but on polysticks and
    /// polytrigs.
    pub fn crossings(&self) -> Vec<[usize; 3]> {
        self.layout().crossings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(d: &str) -> Shape {
        Shape::from_drawing(d).unwrap()
    }

    #[test]
    fn placements_on_rectangle() {
        let b = Region::rectangle(3, 4);
        // I-tromino: horizontal 3 rows x 2, vertical 1 x 4.
        assert_eq!(b.placements(&shape("###"), Freedom::Free).len(), 6 + 4);
        // Monomino covers every cell once.
        assert_eq!(b.placements(&shape("#"), Freedom::Free).len(), 12);
        // An X pentomino fits at 2 places in 3x4.
        assert_eq!(b.placements(&shape(".#.\n###\n.#."), Freedom::Free).len(), 2);
    }

    #[test]
    fn prisms_translate_by_whole_layers() {
        // One prism in a box of 2x1 rhombi and 2 layers: every one of its 8 cells.
        let one = Shape::on(Lattice::TriangularPrism, [Cell::new(0, 0, 0)]).unwrap();
        let region = Region::prism(2, 1, 2);
        assert_eq!(region.len(), 8);
        assert_eq!(region.placements(&one, true).len(), 8);
        // A stack of two prisms (one above the other) fits once per column of the box.
        let stack = Shape::on(Lattice::TriangularPrism, [Cell::new(0, 0, 0), Cell::new(0, 0, 2)]).unwrap();
        assert_eq!(region.placements(&stack, true).len(), 4);
    }
}
