//! Shapes on any lattice: [`Shape`] (a set of cells in one orientation, normalised by
//! translation), its orientations under [`Freedom`], and [`Piece`] (a named shape).

use crate::lattice::square::Symmetry;
use crate::lattice::{Cell, Lattice, Matrix};
use rustc_hash::FxHashSet as HashSet;
use thiserror::Error;

/// Which symmetries a piece may be moved by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Freedom {
    /// Rotations and reflections (the whole point group).
    #[default]
    Free,
    /// Rotations only (reflections forbidden).
    OneSided,
}

impl Freedom {
    /// The square lattice's symmetries allowed, in the order of [`Symmetry::ALL`].
    pub fn symmetries(self) -> &'static [Symmetry] {
        match self {
            Freedom::Free => &Symmetry::ALL,
            Freedom::OneSided => &Symmetry::ROTATIONS,
        }
    }

    /// Whether reflections are allowed.
    pub fn reflections(self) -> bool {
        self == Freedom::Free
    }
}

/// `true` is [`Freedom::Free`] (reflections allowed), `false` [`Freedom::OneSided`]: the
/// lattice functions take either.
impl From<bool> for Freedom {
    fn from(reflections: bool) -> Freedom {
        if reflections {
            Freedom::Free
        } else {
            Freedom::OneSided
        }
    }
}

/// A symmetry given as the square lattice's named [`Symmetry`] or as a matrix of
/// [`Lattice::group`]: what [`Shape::transformed`] takes.
pub trait IntoMatrix {
    /// The matrix acting on the lattice's embedding.
    fn into_matrix(self) -> Matrix;
}

impl IntoMatrix for Symmetry {
    fn into_matrix(self) -> Matrix {
        self.matrix()
    }
}

impl IntoMatrix for &Matrix {
    fn into_matrix(self) -> Matrix {
        *self
    }
}

impl IntoMatrix for Matrix {
    fn into_matrix(self) -> Matrix {
        self
    }
}

/// Errors building a [`Shape`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GeometryError {
    /// A shape needs at least one cell.
    #[error("a shape needs at least one cell")]
    Empty,
    /// The same cell was given twice.
    #[error("cell ({}, {}) is given twice", .0.x, .0.y)]
    Duplicate(Cell),
    /// A cell that is no cell of the lattice (a `z` other than 0 on a plane lattice).
    #[error("({}, {}, {}) is no cell of the {} lattice", .0.x, .0.y, .0.z, .1.name())]
    NotACell(Cell, Lattice),
}

/// A shape in one fixed orientation on one lattice: distinct cells, translated so that
/// each translated coordinate's least value is 0 (in `0..2` for a prism's `z`), sorted.
/// Two shapes are equal exactly when they are translates of each other. A polyform is a
/// connected shape ([`Shape::polyform`]); drawings and contest inputs may give shapes in
/// pieces, so connection is not required here.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    lattice: Lattice,
    cells: Vec<Cell>,
}

impl Shape {
    /// The square-lattice shape made of `cells` (each with `z = 0`), translated to the
    /// origin.
    ///
    /// Errors: [`GeometryError::Empty`], [`GeometryError::Duplicate`],
    /// [`GeometryError::NotACell`].
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Result<Shape, GeometryError> {
        Shape::on(Lattice::Square, cells)
    }

    /// The shape made of `cells` of `lattice`, translated to the origin.
    ///
    /// Errors: [`GeometryError::Empty`], [`GeometryError::Duplicate`],
    /// [`GeometryError::NotACell`].
    pub fn on(lattice: Lattice, cells: impl IntoIterator<Item = Cell>) -> Result<Shape, GeometryError> {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        if cells.is_empty() {
            return Err(GeometryError::Empty);
        }
        if let Some(&c) = cells.iter().find(|&&c| !lattice.contains(c)) {
            return Err(GeometryError::NotACell(c, lattice));
        }
        cells.sort_unstable();
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(GeometryError::Duplicate(w[0]));
        }
        Ok(Shape { lattice, cells: lattice.normalise(cells).0 })
    }

    /// The polyform of `cells`: `None` unless they are non-empty, distinct, cells of the
    /// lattice, and connected.
    pub fn polyform(lattice: Lattice, cells: impl IntoIterator<Item = Cell>) -> Option<Shape> {
        Shape::on(lattice, cells).ok().filter(Shape::is_connected)
    }

    /// The square-lattice shape drawn in `drawing`: one text line per row (`x`), `#` for
    /// a cell, any other character for no cell.
    ///
    /// Errors: [`GeometryError::Empty`] when there is no `#`.
    pub fn from_drawing(drawing: &str) -> Result<Shape, GeometryError> {
        let cells = drawing.lines().enumerate().flat_map(|(r, line)| {
            line.chars().enumerate().filter(|&(_, ch)| ch == '#').map(move |(c, _)| Cell::new(r as i32, c as i32, 0))
        });
        Shape::new(cells)
    }

    /// The lattice.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// The cells, sorted (row-major on the square lattice), translated to the origin.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a shape has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Number of rows spanned (values of `x`).
    pub fn height(&self) -> i32 {
        self.cells.iter().map(|c| c.x).max().unwrap_or(-1) + 1
    }

    /// Number of columns spanned (values of `y`).
    pub fn width(&self) -> i32 {
        self.cells.iter().map(|c| c.y).max().unwrap_or(-1) + 1
    }

    /// The image of this shape under the symmetry `m` (a square [`Symmetry`] or a matrix
    /// of [`Lattice::group`]), normalised.
    pub fn transformed(&self, m: impl IntoMatrix) -> Shape {
        let m = m.into_matrix();
        let cells = self.cells.iter().map(|&c| self.lattice.transform(&m, c)).collect();
        Shape { lattice: self.lattice, cells: self.lattice.normalise(cells).0 }
    }

    /// The distinct orientations under the symmetries `freedom` allows (rotations, and
    /// reflections when free; `true` is free), in the order of [`Lattice::group`] of
    /// their first image (on the square lattice, that of [`Symmetry::ALL`]). A free
    /// pentomino has 1, 2, 4 or 8.
    pub fn orientations(&self, freedom: impl Into<Freedom>) -> Vec<Shape> {
        let group = self.lattice.group(freedom.into().reflections());
        let mut out: Vec<Shape> = Vec::with_capacity(group.len());
        for m in &group {
            let t = self.transformed(m);
            if !out.contains(&t) {
                out.push(t);
            }
        }
        out
    }

    /// The least orientation under `freedom` (a canonical form: two shapes are congruent
    /// exactly when their canonical forms are equal).
    pub fn canonical(&self, freedom: impl Into<Freedom>) -> Shape {
        self.orientations(freedom).into_iter().min().expect("the identity")
    }

    /// Whether the cells are connected through the lattice's neighbours (edge to edge,
    /// face to face).
    pub fn is_connected(&self) -> bool {
        connected(self.lattice, &self.cells)
    }
}

/// Whether `cells` are connected through the lattice's neighbours (true when empty).
pub fn connected(lattice: Lattice, cells: &[Cell]) -> bool {
    let set: HashSet<Cell> = cells.iter().copied().collect();
    let Some(&first) = cells.first() else { return true };
    let mut seen: HashSet<Cell> = std::iter::once(first).collect();
    let mut stack = vec![first];
    while let Some(c) = stack.pop() {
        for d in lattice.neighbours(c) {
            if set.contains(&d) && seen.insert(d) {
                stack.push(d);
            }
        }
    }
    seen.len() == set.len()
}

/// Whether square-lattice `cells` (distinct) form one 4-connected set; true for no cells.
pub fn cells_connected(cells: &[Cell]) -> bool {
    connected(Lattice::Square, cells)
}

impl Lattice {
    /// Every polyform of `n` cells up to the symmetries (`reflections`: the whole point
    /// group, else the rotations), each as its least orientation, sorted. Grown cell by
    /// cell from the forms of `n - 1` cells; exponential in `n` (meant for `n` up to
    /// about 8).
    pub fn polyforms(self, n: usize, reflections: bool) -> Vec<Shape> {
        if n == 0 {
            return Vec::new();
        }
        let mut forms: HashSet<Shape> = HashSet::default();
        forms.insert(Shape { lattice: self, cells: vec![Cell::new(0, 0, 0)] }.canonical(reflections));
        for _ in 1..n {
            let mut next = HashSet::default();
            for f in &forms {
                let have: HashSet<Cell> = f.cells.iter().copied().collect();
                for &c in &f.cells {
                    for d in self.neighbours(c) {
                        if !have.contains(&d) {
                            let mut cells = f.cells.clone();
                            cells.push(d);
                            next.insert(Shape::polyform(self, cells).expect("connected").canonical(reflections));
                        }
                    }
                }
            }
            forms = next;
        }
        let mut out: Vec<Shape> = forms.into_iter().collect();
        out.sort();
        out
    }
}

/// A named shape: a piece of a set or of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The piece's name (for drawing solutions).
    pub name: String,
    /// Its shape in one orientation.
    pub shape: Shape,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(d: &str) -> Shape {
        Shape::from_drawing(d).unwrap()
    }

    #[test]
    fn symmetries_form_a_group_of_eight() {
        let p = shape("###\n#..\n");
        let images: HashSet<Shape> = Symmetry::ALL.iter().map(|&s| p.transformed(s)).collect();
        assert_eq!(images.len(), 8);
        for &s in &Symmetry::ALL {
            for &t in &Symmetry::ALL {
                let st = p.transformed(s).transformed(t);
                assert!(images.contains(&st));
            }
        }
        // Four quarter turns are the identity.
        let mut q = p.clone();
        for _ in 0..4 {
            q = q.transformed(Symmetry::Rotate90);
        }
        assert_eq!(q, p);
    }

    #[test]
    fn orientation_counts() {
        assert_eq!(shape("####").orientations(Freedom::Free).len(), 2);
        assert_eq!(shape("##\n##").orientations(Freedom::Free).len(), 1);
        assert_eq!(shape(".#.\n###\n.#.").orientations(Freedom::Free).len(), 1);
        assert_eq!(shape("###.\n..##").orientations(Freedom::Free).len(), 8);
        assert_eq!(shape("###.\n..##").orientations(Freedom::OneSided).len(), 4);
        assert_eq!(shape("#..\n##.\n.##").orientations(Freedom::Free).len(), 4);
    }

    #[test]
    fn square_orientations_come_in_the_order_of_the_named_symmetries() {
        let p = shape("###.\n..##");
        let by_name: Vec<Shape> = Symmetry::ALL.iter().map(|&s| p.transformed(s)).collect();
        assert_eq!(p.orientations(Freedom::Free), by_name);
    }

    #[test]
    fn connectivity_and_errors() {
        assert!(shape("##\n.#").is_connected());
        assert!(!shape("#.\n.#").is_connected());
        assert_eq!(Shape::from_drawing("..\n.."), Err(GeometryError::Empty));
        assert_eq!(Shape::new([Cell::new(0, 0, 0), Cell::new(0, 0, 0)]), Err(GeometryError::Duplicate(Cell::new(0, 0, 0))));
        assert_eq!(Shape::new([Cell::new(0, 0, 1)]), Err(GeometryError::NotACell(Cell::new(0, 0, 1), Lattice::Square)));
        assert!(Shape::polyform(Lattice::Cubic, [Cell::new(0, 0, 0), Cell::new(1, 1, 0)]).is_none());
    }

    #[test]
    fn polyform_counts_are_the_published_ones() {
        // OEIS A000105 (polyominoes), A000577 (polyiamonds), A000228 (polyhexes),
        // A038119 (polycubes up to all 48 symmetries), A000162 (up to rotations).
        let count = |l: Lattice, n: usize, r: bool| l.polyforms(n, r).len();
        assert_eq!((1..=6).map(|n| count(Lattice::Square, n, true)).collect::<Vec<_>>(), [1, 1, 2, 5, 12, 35]);
        assert_eq!((1..=7).map(|n| count(Lattice::Triangular, n, true)).collect::<Vec<_>>(), [1, 1, 1, 3, 4, 12, 24]);
        assert_eq!((1..=5).map(|n| count(Lattice::Hexagonal, n, true)).collect::<Vec<_>>(), [1, 1, 3, 7, 22]);
        assert_eq!((1..=5).map(|n| count(Lattice::Cubic, n, true)).collect::<Vec<_>>(), [1, 1, 2, 7, 23]);
        assert_eq!((1..=5).map(|n| count(Lattice::Cubic, n, false)).collect::<Vec<_>>(), [1, 1, 2, 8, 29]);
        // One-sided (rotations only): A000988 polyominoes, A006534 polyiamonds.
        assert_eq!(count(Lattice::Square, 5, false), 18);
        assert_eq!(count(Lattice::Triangular, 6, false), 19);
    }
}
