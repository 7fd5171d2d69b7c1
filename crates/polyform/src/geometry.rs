//! Cells, shapes, the eight symmetries of the square grid, and boards.

use std::collections::HashMap;
use thiserror::Error;

/// A unit square of the grid: `row` grows downwards, `col` to the right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row, 0 at the top.
    pub row: i32,
    /// Column, 0 at the left.
    pub col: i32,
}

impl Cell {
    /// The cell at `(row, col)`.
    pub const fn new(row: i32, col: i32) -> Cell {
        Cell { row, col }
    }
}

/// One of the eight symmetries of the square grid (the dihedral group of order 8), acting
/// on cells about the origin.
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
    /// All eight symmetries, rotations first.
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

    /// The image of `cell`.
    pub fn apply(self, cell: Cell) -> Cell {
        let Cell { row: r, col: c } = cell;
        match self {
            Symmetry::Identity => Cell::new(r, c),
            Symmetry::Rotate90 => Cell::new(c, -r),
            Symmetry::Rotate180 => Cell::new(-r, -c),
            Symmetry::Rotate270 => Cell::new(-c, r),
            Symmetry::FlipRows => Cell::new(-r, c),
            Symmetry::FlipCols => Cell::new(r, -c),
            Symmetry::Transpose => Cell::new(c, r),
            Symmetry::AntiTranspose => Cell::new(-c, -r),
        }
    }
}

/// Which symmetries a piece may be moved by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Freedom {
    /// Rotations and reflections (the 8 symmetries).
    #[default]
    Free,
    /// Rotations only (reflections forbidden).
    OneSided,
}

impl Freedom {
    /// The symmetries allowed.
    pub fn symmetries(self) -> &'static [Symmetry] {
        match self {
            Freedom::Free => &Symmetry::ALL,
            Freedom::OneSided => &Symmetry::ROTATIONS,
        }
    }
}

/// Errors building a [`Shape`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GeometryError {
    /// A shape needs at least one cell.
    #[error("a shape needs at least one cell")]
    Empty,
    /// The same cell was given twice.
    #[error("cell ({}, {}) is given twice", .0.row, .0.col)]
    Duplicate(Cell),
}

/// A polyomino in one fixed orientation, normalised by translation so that its smallest
/// row and smallest column are 0; cells are kept sorted (row-major). Two shapes are equal
/// exactly when they are translates of each other.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<Cell>,
}

impl Shape {
    /// The shape made of `cells`, translated to the origin.
    ///
    /// Errors: [`GeometryError::Empty`], [`GeometryError::Duplicate`].
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Result<Shape, GeometryError> {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        if cells.is_empty() {
            return Err(GeometryError::Empty);
        }
        cells.sort_unstable();
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(GeometryError::Duplicate(w[0]));
        }
        Ok(Shape::normalised(cells))
    }

    /// The shape drawn in `drawing`: one text line per row, `#` for a cell, any other
    /// character for no cell.
    ///
    /// Errors: [`GeometryError::Empty`] when there is no `#`.
    pub fn from_drawing(drawing: &str) -> Result<Shape, GeometryError> {
        let cells = drawing
            .lines()
            .enumerate()
            .flat_map(|(r, line)| line.chars().enumerate().filter(|&(_, ch)| ch == '#').map(move |(c, _)| Cell::new(r as i32, c as i32)));
        Shape::new(cells)
    }

    fn normalised(mut cells: Vec<Cell>) -> Shape {
        let r0 = cells.iter().map(|c| c.row).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.col).min().unwrap_or(0);
        for c in &mut cells {
            c.row -= r0;
            c.col -= c0;
        }
        cells.sort_unstable();
        Shape { cells }
    }

    /// The cells, sorted row-major, with minimum row and column 0.
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

    /// Number of rows spanned.
    pub fn height(&self) -> i32 {
        self.cells.iter().map(|c| c.row).max().unwrap_or(-1) + 1
    }

    /// Number of columns spanned.
    pub fn width(&self) -> i32 {
        self.cells.iter().map(|c| c.col).max().unwrap_or(-1) + 1
    }

    /// The image of this shape under `s`, normalised.
    pub fn transformed(&self, s: Symmetry) -> Shape {
        Shape::normalised(self.cells.iter().map(|&c| s.apply(c)).collect())
    }

    /// The distinct orientations under the symmetries `freedom` allows, in the order of
    /// [`Symmetry::ALL`] of their first occurrence. A free pentomino has 1, 2, 4 or 8.
    pub fn orientations(&self, freedom: Freedom) -> Vec<Shape> {
        let mut out: Vec<Shape> = Vec::with_capacity(8);
        for &s in freedom.symmetries() {
            let t = self.transformed(s);
            if !out.contains(&t) {
                out.push(t);
            }
        }
        out
    }

    /// The orientation used as the piece's identity: the least of its free orientations.
    /// Two shapes are the same free polyomino exactly when their canonical forms are equal.
    pub fn canonical(&self) -> Shape {
        Symmetry::ALL.iter().map(|&s| self.transformed(s)).min().expect("eight symmetries")
    }

    /// Whether the cells are 4-connected (edge to edge).
    pub fn is_connected(&self) -> bool {
        cells_connected(&self.cells)
    }
}

/// Whether `cells` (distinct) form one 4-connected set; true for no cells.
pub fn cells_connected(cells: &[Cell]) -> bool {
    let Some(&start) = cells.first() else { return true };
    let set: std::collections::HashSet<Cell> = cells.iter().copied().collect();
    let mut seen = std::collections::HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(c) = stack.pop() {
        for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let n = Cell::new(c.row + dr, c.col + dc);
            if set.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == set.len()
}

/// A board: an arbitrary finite set of cells to be filled, numbered `0..len()` in
/// row-major order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    cells: Vec<Cell>,
    index: HashMap<Cell, usize>,
}

impl Board {
    /// The board made of `cells` (duplicates are merged).
    pub fn from_cells(cells: impl IntoIterator<Item = Cell>) -> Board {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        cells.sort_unstable();
        cells.dedup();
        let index = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        Board { cells, index }
    }

    /// The `rows` x `cols` rectangle with corner `(0, 0)`.
    pub fn rectangle(rows: i32, cols: i32) -> Board {
        Board::from_cells((0..rows).flat_map(|r| (0..cols).map(move |c| Cell::new(r, c))))
    }

    /// The cells, row-major; a cell's position here is its index.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the board has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The index of `cell`, if it is on the board.
    pub fn index_of(&self, cell: Cell) -> Option<usize> {
        self.index.get(&cell).copied()
    }

    /// Every translation of the fixed `shape` that lies on the board, as sorted lists of
    /// cell indices, in row-major order of the translation.
    pub fn translations(&self, shape: &Shape) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let anchor = shape.cells()[0];
        // The anchor cell of the shape must land on a board cell.
        for &at in &self.cells {
            let (dr, dc) = (at.row - anchor.row, at.col - anchor.col);
            let placed: Option<Vec<usize>> = shape.cells().iter().map(|c| self.index_of(Cell::new(c.row + dr, c.col + dc))).collect();
            if let Some(mut p) = placed {
                p.sort_unstable();
                out.push(p);
            }
        }
        out
    }

    /// Every placement of a piece: all translations of all its orientations under
    /// `freedom`, without repeats.
    pub fn placements(&self, shape: &Shape, freedom: Freedom) -> Vec<Vec<usize>> {
        shape.orientations(freedom).iter().flat_map(|o| self.translations(o)).collect()
    }
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
        let images: std::collections::HashSet<Shape> = Symmetry::ALL.iter().map(|&s| p.transformed(s)).collect();
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
    fn connectivity_and_errors() {
        assert!(shape("##\n.#").is_connected());
        assert!(!shape("#.\n.#").is_connected());
        assert_eq!(Shape::from_drawing("..\n.."), Err(GeometryError::Empty));
        assert_eq!(Shape::new([Cell::new(0, 0), Cell::new(0, 0)]), Err(GeometryError::Duplicate(Cell::new(0, 0))));
    }

    #[test]
    fn placements_on_rectangle() {
        let b = Board::rectangle(3, 4);
        // I-tromino: horizontal 3 rows x 2, vertical 1 x 4.
        assert_eq!(b.placements(&shape("###"), Freedom::Free).len(), 6 + 4);
        // Monomino covers every cell once.
        assert_eq!(b.placements(&shape("#"), Freedom::Free).len(), 12);
        // An X pentomino fits at 2 places in 3x4.
        assert_eq!(b.placements(&shape(".#.\n###\n.#."), Freedom::Free).len(), 2);
    }
}
