//! What every lattice shares: the [`Cell`] coordinates, symmetries as integer
//! [`Matrix`]es, and the [`Geometry`] trait that one file per lattice implements.

use crate::layout::Layout;

/// A cell of a lattice: `(x, y)` and `z` (the layer on the cubic lattice, the triangle's
/// kind on the triangular one: 0 upward, 1 downward; both on the triangular-prism one,
/// `z = 2 * layer + kind`; 0 otherwise). See [`crate::lattice`] for each lattice's
/// coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// First coordinate.
    pub x: i32,
    /// Second coordinate.
    pub y: i32,
    /// Layer (cubic), triangle kind (triangular), both (triangular prisms); 0 otherwise.
    pub z: i32,
}

impl Cell {
    /// The cell `(x, y, z)`.
    pub const fn new(x: i32, y: i32, z: i32) -> Cell {
        Cell { x, y, z }
    }
}

/// A symmetry of a lattice about a fixed point, as a 3x3 integer matrix (rows) acting on
/// the cells' embedding ([`Geometry::embed`]).
pub type Matrix = [[i32; 3]; 3];

/// The identity matrix.
pub const IDENTITY: Matrix = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];

/// The product `a b` (apply `b` first).
pub fn multiply(a: &Matrix, b: &Matrix) -> Matrix {
    let mut m = [[0; 3]; 3];
    for (r, row) in m.iter_mut().enumerate() {
        for (c, v) in row.iter_mut().enumerate() {
            *v = (0..3).map(|k| a[r][k] * b[k][c]).sum();
        }
    }
    m
}

/// The determinant: 1 for a rotation, -1 for a reflection.
pub fn determinant(m: &Matrix) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// The image `m v` of the point `v`.
pub fn apply(m: &Matrix, v: [i32; 3]) -> [i32; 3] {
    let row = |r: &[i32; 3]| r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    [row(&m[0]), row(&m[1]), row(&m[2])]
}

/// The 48 signed permutation matrices: the point group of the cubic lattice, ordered by
/// permutation, then by the signs of the rows.
pub fn signed_permutations() -> Vec<Matrix> {
    let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::with_capacity(48);
    for p in perms {
        for s in 0..8 {
            let mut m = [[0; 3]; 3];
            for r in 0..3 {
                m[r][p[r]] = if s >> r & 1 == 1 { -1 } else { 1 };
            }
            out.push(m);
        }
    }
    out
}

/// The 12 symmetries of the plane lattice spanned by two unit vectors at 60 degrees,
/// about a lattice point (the dihedral group of the hexagon), acting on the first two
/// coordinates: each rotation by a multiple of 60 degrees (`(u, v) -> (-v, u + v)`), then
/// it followed by the reflection `(u, v) -> (v, u)`. The third coordinate is fixed.
pub fn hexagonal_group() -> Vec<Matrix> {
    let rotate: Matrix = [[0, -1, 0], [1, 1, 0], [0, 0, 1]];
    let reflect: Matrix = [[0, 1, 0], [1, 0, 0], [0, 0, 1]];
    let mut out = Vec::with_capacity(12);
    let mut r = IDENTITY;
    for _ in 0..6 {
        out.push(r);
        out.push(multiply(&r, &reflect));
        r = multiply(&rotate, &r);
    }
    out
}

/// Per coordinate of `cells`, its least value and the number of values it spans (`(0, 1)`
/// when there is no cell).
pub fn spans(cells: &[Cell]) -> [(i32, u32); 3] {
    let span = |f: fn(&Cell) -> i32| {
        let lo = cells.iter().map(f).min().unwrap_or(0);
        let hi = cells.iter().map(f).max().unwrap_or(0);
        (lo, (hi - lo + 1) as u32)
    };
    [span(|c| c.x), span(|c| c.y), span(|c| c.z)]
}

/// Coordinate `k` (0, 1, 2: x, y, z) of `c`.
pub fn coordinate(c: &Cell, k: usize) -> i32 {
    [c.x, c.y, c.z][k]
}

/// One lattice: everything the rest of the crate asks of it. Each lattice is one file of
/// [`crate::lattice`] implementing this (a new lattice is one more), and
/// [`crate::lattice::Lattice`] names them. Shapes, regions, placements, symmetry classes
/// and counts are written once, over this trait.
///
/// The contract, checked for every lattice by the tests of `crate::lattice`: the group is
/// closed, maps cells to cells and neighbours to neighbours; neighbourhood is symmetric;
/// the layout gives distinct bits whose [`crate::Adjacency`] agrees with
/// [`Geometry::neighbours`].
pub trait Geometry: Sync {
    /// Whether `c` names a cell of this lattice.
    fn contains(&self, c: Cell) -> bool;

    /// The cells next to `c` (sharing an edge, or a face in space).
    fn neighbours(&self, c: Cell) -> Vec<Cell>;

    /// The point group: every symmetry fixing a lattice point, as matrices on the
    /// embedding, in the lattice's own order (the identity need not be first; reflections
    /// are those of determinant -1).
    fn point_group(&self) -> Vec<Matrix>;

    /// The point in space (integer coordinates) where the symmetries act on `c`; the
    /// cell's own coordinates unless the lattice says otherwise.
    fn embed(&self, c: Cell) -> [i32; 3] {
        [c.x, c.y, c.z]
    }

    /// The cell embedded at `p` (the inverse of [`Geometry::embed`] on the images of
    /// cells).
    fn cell_at(&self, p: [i32; 3]) -> Cell {
        Cell::new(p[0], p[1], p[2])
    }

    /// The translations of the lattice, per coordinate: by any multiple of the period
    /// (1: any step; 2: by even steps, as the prism lattice's `z`), or none (0: the
    /// coordinate is a kind, as the triangle's `z`). A shape is normalised by moving
    /// each coordinate's least value into `0..period`.
    fn periods(&self) -> [i32; 3];

    /// The bit layout that puts a region of these `cells` on the bitboard engines
    /// ([`crate::Packer`], [`crate::Tiler`]): per cell (in the order given) its bit, with
    /// padding where the [`crate::Adjacency`] would wrap.
    fn layout(&self, cells: &[Cell]) -> Layout;

    /// The cell as Knuth's polyform programs write it (one extended hexadecimal digit per
    /// coordinate), or `None` when a coordinate is outside 0 to 61 or the lattice has no
    /// such notation.
    fn knuth_cell(&self, c: Cell) -> Option<String>;

    /// The Knuth program that reads this lattice's packings (`polyomino-dlx`,
    /// `polyiamond-dlx`, `polycube-dlx`), or `None` when he has none.
    fn knuth_program(&self) -> Option<&'static str> {
        None
    }
}

/// One coordinate as Knuth writes it: an extended hexadecimal digit (`0`-`9`, `a`-`z`,
/// `A`-`Z`), `None` outside 0 to 61.
pub fn knuth_digit(v: i32) -> Option<char> {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    DIGITS.get(usize::try_from(v).ok()?).map(|&d| d as char)
}

/// The bits of plane `cells` (square or hexagonal: one cell per `(x, y)`) in rows along
/// the region's shorter side, one padding bit per row: each cell's bit, and the bits per
/// row.
pub fn plane_rows(cells: &[Cell]) -> (Vec<u32>, u32) {
    let s = spans(cells);
    let [ka, kb] = axes_by_span::<2>(&s);
    let stride = s[ka].1 + 1;
    let bits = cells.iter().map(|p| (coordinate(p, ka) - s[ka].0) as u32 + stride * (coordinate(p, kb) - s[kb].0) as u32).collect();
    (bits, stride)
}

/// The bits of plane `cells` with two kinds of cell per point (triangles, segments of the
/// square grid) in rows along the region's shorter side: the cells of a point at bits
/// `2a + kind` (`kind(cell, axis)` 0 or 1, `axis` the rows' axis), two padding bits per
/// row; each cell's bit, and the bits per row.
pub fn paired_rows(cells: &[Cell], kind: impl Fn(&Cell, usize) -> u32) -> (Vec<u32>, u32) {
    let s = spans(cells);
    let [ka, kb] = axes_by_span::<2>(&s);
    let stride = 2 * s[ka].1 + 2;
    let bits = cells
        .iter()
        .map(|c| 2 * (coordinate(c, ka) - s[ka].0) as u32 + kind(c, ka) + stride * (coordinate(c, kb) - s[kb].0) as u32)
        .collect();
    (bits, stride)
}

/// The axes `[0, 1]` (x, y) or `[0, 1, 2]` ordered by the number of values `spans` gives
/// them, shortest first (ties in axis order): the bitboard engines fill the first
/// fastest, so rows run along the shortest side.
pub fn axes_by_span<const N: usize>(spans: &[(i32, u32); 3]) -> [usize; N] {
    let mut axes: [usize; N] = std::array::from_fn(|k| k);
    axes.sort_by_key(|&k| spans[k].1);
    axes
}
