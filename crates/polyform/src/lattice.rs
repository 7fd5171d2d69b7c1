//! Polyforms on any of four lattices, as one abstraction: the square grid (polyominoes),
//! the triangular lattice (polyiamonds), the hexagonal lattice (polyhexes) and the cubic
//! lattice (polycubes).
//!
//! A [`Lattice`] names its cells by integer coordinates ([`Cell`]), knows each cell's
//! neighbours, its point group of symmetries (as integer matrices acting on an embedding
//! of the cells, [`Lattice::group`]) and its translations. On top of it: [`Polyform`] (a
//! connected shape in one orientation, normalised), its distinct orientations, [`Region`]
//! (any finite set of cells: a board or a box) with the placements of a shape in it and its
//! own symmetries, the bit layout that puts the bitboard engines ([`crate::Packer`],
//! [`crate::Tiler`]) on the lattice ([`Region::layout`]), and counts of packings and of
//! their classes under the region's symmetries.
//!
//! Coordinates, as Knuth's `polyomino-dlx`, `polyiamond-dlx` and `polycube-dlx` read them:
//!
//! - square: cell `(x, y)`, `z = 0`; neighbours `(x +- 1, y)`, `(x, y +- 1)`; 8 symmetries.
//! - triangular: a rhombus `(x, y)` of the lattice spanned by unit vectors at 60 degrees,
//!   split by its short diagonal into an upward triangle (`z = 0`) and the downward one to
//!   its right (`z = 1`, Knuth's `xy'`). The upward `(x, y, 0)` touches the downward
//!   `(x, y)`, `(x - 1, y)` and `(x, y - 1)`. 12 symmetries (6 rotations about a lattice
//!   point, 6 reflections).
//! - hexagonal: hexagon `(x, y)` in axial coordinates (the same 60-degree axes), `z = 0`;
//!   neighbours `(x +- 1, y)`, `(x, y +- 1)`, `(x + 1, y - 1)`, `(x - 1, y + 1)`; 12
//!   symmetries.
//! - cubic: cell `(x, y, z)`; six face neighbours; 24 rotations, 48 symmetries with
//!   reflections.
//!
//! The embedding for the symmetries: square, hexagonal and cubic cells are their own
//! coordinates; a triangle `(x, y, t)` is its centre scaled by 3, `(3x + 1 + t, 3y + 1 +
//! t)`, so that the rotations about a lattice point are integer matrices. On the two
//! 60-degree lattices the rotation by 60 degrees is `(u, v) -> (-v, u + v)` and `(u, v) ->
//! (v, u)` a reflection.

use crate::cover::{Copies, Search};
use crate::packer::{Adjacency, Layout};
use crate::symmetry::BoardSymmetry;
use exact_cover::parallel::CountOptions;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

/// One of the four lattices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lattice {
    /// Square cells (polyominoes).
    Square,
    /// Equilateral triangles (polyiamonds).
    Triangular,
    /// Regular hexagons (polyhexes).
    Hexagonal,
    /// Cubes (polycubes).
    Cubic,
}

/// A cell of a lattice: `(x, y)` and `z` (the layer on the cubic lattice, the triangle's
/// kind on the triangular one: 0 upward, 1 downward; 0 otherwise). See the module
/// documentation for the coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// First coordinate.
    pub x: i32,
    /// Second coordinate.
    pub y: i32,
    /// Layer (cubic) or triangle kind (triangular); 0 otherwise.
    pub z: i32,
}

impl Cell {
    /// The cell `(x, y, z)`.
    pub const fn new(x: i32, y: i32, z: i32) -> Cell {
        Cell { x, y, z }
    }
}

/// A symmetry of a lattice about a fixed point, as a 3x3 integer matrix (rows) acting on
/// the cells' embedding (see the module documentation).
pub type Matrix = [[i32; 3]; 3];

const IDENTITY: Matrix = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];

fn multiply(a: &Matrix, b: &Matrix) -> Matrix {
    let mut m = [[0; 3]; 3];
    for (r, row) in m.iter_mut().enumerate() {
        for (c, v) in row.iter_mut().enumerate() {
            *v = (0..3).map(|k| a[r][k] * b[k][c]).sum();
        }
    }
    m
}

fn determinant(m: &Matrix) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

fn apply(m: &Matrix, v: [i32; 3]) -> [i32; 3] {
    let row = |r: &[i32; 3]| r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    [row(&m[0]), row(&m[1]), row(&m[2])]
}

impl Lattice {
    /// The lattice's name as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Lattice::Square => "square",
            Lattice::Triangular => "triangular",
            Lattice::Hexagonal => "hexagonal",
            Lattice::Cubic => "cubic",
        }
    }

    /// What the lattice's polyforms are called: polyominoes, polyiamonds, polyhexes,
    /// polycubes.
    pub fn polyforms_name(self) -> &'static str {
        match self {
            Lattice::Square => "polyominoes",
            Lattice::Triangular => "polyiamonds",
            Lattice::Hexagonal => "polyhexes",
            Lattice::Cubic => "polycubes",
        }
    }

    /// Whether `c` names a cell of this lattice (`z` is 0 on the square and hexagonal
    /// lattices, 0 or 1 on the triangular one).
    pub fn contains(self, c: Cell) -> bool {
        match self {
            Lattice::Square | Lattice::Hexagonal => c.z == 0,
            Lattice::Triangular => c.z == 0 || c.z == 1,
            Lattice::Cubic => true,
        }
    }

    /// The cells next to `c` (sharing an edge, or a face on the cubic lattice).
    pub fn neighbours(self, c: Cell) -> Vec<Cell> {
        let Cell { x, y, z } = c;
        let at = |dx: i32, dy: i32, z: i32| Cell::new(x + dx, y + dy, z);
        match self {
            Lattice::Square => vec![at(1, 0, 0), at(-1, 0, 0), at(0, 1, 0), at(0, -1, 0)],
            Lattice::Hexagonal => vec![at(1, 0, 0), at(-1, 0, 0), at(0, 1, 0), at(0, -1, 0), at(1, -1, 0), at(-1, 1, 0)],
            Lattice::Triangular if z == 0 => vec![at(0, 0, 1), at(-1, 0, 1), at(0, -1, 1)],
            Lattice::Triangular => vec![at(0, 0, 0), at(1, 0, 0), at(0, 1, 0)],
            Lattice::Cubic => vec![at(1, 0, z), at(-1, 0, z), at(0, 1, z), at(0, -1, z), at(0, 0, z + 1), at(0, 0, z - 1)],
        }
    }

    /// The point group: every symmetry fixing a lattice point, the identity first; with
    /// `reflections` false, the rotations only (determinant 1). Sizes: square 8 (4),
    /// triangular and hexagonal 12 (6), cubic 48 (24).
    pub fn group(self, reflections: bool) -> Vec<Matrix> {
        let mut out: Vec<Matrix> = Vec::new();
        match self {
            Lattice::Square | Lattice::Cubic => {
                let perms: &[[usize; 3]] = if self == Lattice::Square {
                    &[[0, 1, 2], [1, 0, 2]]
                } else {
                    &[[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
                };
                let signs = if self == Lattice::Square { 4 } else { 8 };
                for p in perms {
                    for s in 0..signs {
                        let mut m = [[0; 3]; 3];
                        for r in 0..3 {
                            m[r][p[r]] = if s >> r & 1 == 1 { -1 } else { 1 };
                        }
                        out.push(m);
                    }
                }
            }
            Lattice::Triangular | Lattice::Hexagonal => {
                let rotate: Matrix = [[0, -1, 0], [1, 1, 0], [0, 0, 1]];
                let reflect: Matrix = [[0, 1, 0], [1, 0, 0], [0, 0, 1]];
                let mut r = IDENTITY;
                for _ in 0..6 {
                    out.push(r);
                    out.push(multiply(&r, &reflect));
                    r = multiply(&rotate, &r);
                }
            }
        }
        out.retain(|m| reflections || determinant(m) == 1);
        out.sort_by_key(|m| *m != IDENTITY);
        out
    }

    fn embed(self, c: Cell) -> [i32; 3] {
        match self {
            Lattice::Triangular => [3 * c.x + 1 + c.z, 3 * c.y + 1 + c.z, 0],
            _ => [c.x, c.y, c.z],
        }
    }

    fn cell_at(self, p: [i32; 3]) -> Cell {
        match self {
            Lattice::Triangular => {
                // The group maps triangle centres to triangle centres: u = v (mod 3).
                let t = p[0].rem_euclid(3) - 1;
                Cell::new((p[0] - 1 - t).div_euclid(3), (p[1] - 1 - t).div_euclid(3), t)
            }
            _ => Cell::new(p[0], p[1], p[2]),
        }
    }

    /// The image of `c` under the symmetry `m` (from [`Lattice::group`]).
    pub fn transform(self, m: &Matrix, c: Cell) -> Cell {
        self.cell_at(apply(m, self.embed(c)))
    }

    /// Whether the translations move `z` too (the cubic lattice only).
    fn translates_z(self) -> bool {
        self == Lattice::Cubic
    }

    /// `cells` translated so that each translated coordinate's least value is 0, sorted;
    /// also the translation subtracted.
    fn normalise(self, mut cells: Vec<Cell>) -> (Vec<Cell>, Cell) {
        let min = |f: fn(&Cell) -> i32, cells: &[Cell]| cells.iter().map(f).min().unwrap_or(0);
        let z0 = if self.translates_z() { min(|c| c.z, &cells) } else { 0 };
        let shift = Cell::new(min(|c| c.x, &cells), min(|c| c.y, &cells), z0);
        for c in &mut cells {
            *c = Cell::new(c.x - shift.x, c.y - shift.y, c.z - shift.z);
        }
        cells.sort();
        (cells, shift)
    }

    /// Every polyform of `n` cells up to the symmetries (`reflections`: the whole point group, else the
    /// rotations), each as its least orientation, sorted. Grown cell by cell from the
    /// forms of `n - 1` cells; exponential in `n` (meant for `n` up to about 8).
    pub fn polyforms(self, n: usize, reflections: bool) -> Vec<Polyform> {
        if n == 0 {
            return Vec::new();
        }
        let mut forms: HashSet<Polyform> = HashSet::new();
        forms.insert(Polyform { lattice: self, cells: vec![Cell::new(0, 0, 0)] }.canonical(reflections));
        for _ in 1..n {
            let mut next = HashSet::new();
            for f in &forms {
                let have: HashSet<Cell> = f.cells.iter().copied().collect();
                for &c in &f.cells {
                    for d in self.neighbours(c) {
                        if !have.contains(&d) {
                            let mut cells = f.cells.clone();
                            cells.push(d);
                            next.insert(Polyform::new(self, cells).expect("connected").canonical(reflections));
                        }
                    }
                }
            }
            forms = next;
        }
        let mut out: Vec<Polyform> = forms.into_iter().collect();
        out.sort();
        out
    }
}

/// A polyform in one orientation: distinct, connected cells of one lattice, translated so
/// that each coordinate's least value is 0 (`z` too on the cubic lattice), sorted.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Polyform {
    lattice: Lattice,
    cells: Vec<Cell>,
}

/// Whether `cells` are connected through the lattice's neighbours (true when empty).
pub fn connected(lattice: Lattice, cells: &[Cell]) -> bool {
    let set: HashSet<Cell> = cells.iter().copied().collect();
    let Some(&first) = cells.first() else { return true };
    let mut seen = HashSet::from([first]);
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

impl Polyform {
    /// The polyform of `cells`; `None` unless they are non-empty, distinct, cells of the
    /// lattice, and connected.
    pub fn new(lattice: Lattice, cells: impl IntoIterator<Item = Cell>) -> Option<Polyform> {
        let (cells, _) = lattice.normalise(cells.into_iter().collect());
        let distinct = cells.windows(2).all(|w| w[0] != w[1]);
        let ok = !cells.is_empty() && distinct && cells.iter().all(|&c| lattice.contains(c)) && connected(lattice, &cells);
        ok.then_some(Polyform { lattice, cells })
    }

    /// The lattice.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// The cells, sorted.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The image under the symmetry `m`, normalised.
    pub fn transformed(&self, m: &Matrix) -> Polyform {
        let cells = self.cells.iter().map(|&c| self.lattice.transform(m, c)).collect();
        Polyform { lattice: self.lattice, cells: self.lattice.normalise(cells).0 }
    }

    /// The distinct orientations under the rotations, and with `reflections` their
    /// mirror images too; sorted.
    pub fn orientations(&self, reflections: bool) -> Vec<Polyform> {
        let mut out: Vec<Polyform> = self.lattice.group(reflections).iter().map(|m| self.transformed(m)).collect();
        out.sort();
        out.dedup();
        out
    }

    /// The least orientation (a canonical form: two polyforms are congruent exactly when
    /// their canonical forms are equal).
    pub fn canonical(&self, reflections: bool) -> Polyform {
        self.orientations(reflections).swap_remove(0)
    }
}

/// A named polyform of a piece set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The piece's name.
    pub name: String,
    /// Its shape in one orientation.
    pub shape: Polyform,
}

/// A finite set of cells of a lattice to pack (a board or a box), each with its index in
/// sorted order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    lattice: Lattice,
    cells: Vec<Cell>,
    index: HashMap<Cell, usize>,
}

impl Region {
    /// The region of `cells` (repeats count once). Cells that are not cells of the
    /// lattice (a `z` other than 0 on a flat lattice) are left out.
    pub fn new(lattice: Lattice, cells: impl IntoIterator<Item = Cell>) -> Region {
        let mut cells: Vec<Cell> = cells.into_iter().filter(|&c| lattice.contains(c)).collect();
        cells.sort();
        cells.dedup();
        let index = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        Region { lattice, cells, index }
    }

    /// The box `0..a` x `0..b` x `0..c` of the cubic lattice.
    pub fn cuboid(a: i32, b: i32, c: i32) -> Region {
        Region::new(Lattice::Cubic, (0..a).flat_map(|x| (0..b).flat_map(move |y| (0..c).map(move |z| Cell::new(x, y, z)))))
    }

    /// The parallelogram `0..a` x `0..b` of a flat lattice (on the triangular lattice,
    /// both triangles of each rhombus: `2ab` cells).
    pub fn parallelogram(lattice: Lattice, a: i32, b: i32) -> Region {
        Region::new(lattice, (0..a).flat_map(|x| (0..b).flat_map(move |y| (0..2).map(move |z| Cell::new(x, y, z)))))
    }

    /// The lattice.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// The cells, sorted; a cell's index is its position here.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The index of `c`, if it is in the region.
    pub fn index_of(&self, c: Cell) -> Option<usize> {
        self.index.get(&c).copied()
    }

    /// Every placement of `shape` (each orientation, `reflections` allowing mirror
    /// images, at every translation) inside the region, as sorted cell indices, each once.
    /// Empty if the shape is on another lattice.
    pub fn placements(&self, shape: &Polyform, reflections: bool) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        if shape.lattice != self.lattice {
            return out;
        }
        for o in shape.orientations(reflections) {
            let first = o.cells[0];
            for &anchor in &self.cells {
                if !self.lattice.translates_z() && anchor.z != first.z {
                    continue;
                }
                let d = Cell::new(anchor.x - first.x, anchor.y - first.y, anchor.z - first.z);
                let placed: Option<Vec<usize>> =
                    o.cells.iter().map(|c| self.index_of(Cell::new(c.x + d.x, c.y + d.y, c.z + d.z))).collect();
                if let Some(mut p) = placed {
                    p.sort_unstable();
                    out.push(p);
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The region's symmetries among `group` (each followed by the translation that
    /// realigns the region), as permutations of cell indices (`perm[i]` is the image of
    /// cell `i`), with their matrices; the identity first.
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

    /// The bit layout that puts the bitboard engines on this region: axes ordered so that
    /// the first filled (fastest) runs along the region's shortest side (swapping axes is
    /// a symmetry of every lattice here), one padding bit per row (two on the triangular
    /// lattice) and, on the cubic lattice, one padding row per layer.
    pub fn layout(&self) -> Layout {
        let l = self.lattice;
        let span = |f: fn(&Cell) -> i32| {
            let lo = self.cells.iter().map(f).min().unwrap_or(0);
            let hi = self.cells.iter().map(f).max().unwrap_or(0);
            (lo, (hi - lo + 1) as u32)
        };
        let (x, y, z) = (span(|c| c.x), span(|c| c.y), span(|c| c.z));
        let mut axes = [(x, 0usize), (y, 1)];
        let mut cubic_axes = [(x, 0usize), (y, 1), (z, 2)];
        axes.sort_by_key(|a| a.0 .1);
        cubic_axes.sort_by_key(|a| a.0 .1);
        let coord = |c: &Cell, k: usize| [c.x, c.y, c.z][k];
        match l {
            Lattice::Cubic => {
                let [(a, ka), (b, kb), (c, kc)] = cubic_axes;
                let row = a.1 + 1;
                let layer = row * (b.1 + 1);
                let bit_of = self
                    .cells
                    .iter()
                    .map(|p| (coord(p, ka) - a.0) as u32 + row * (coord(p, kb) - b.0) as u32 + layer * (coord(p, kc) - c.0) as u32)
                    .collect();
                Layout { bit_of, adjacency: Adjacency::Cubic { row, layer } }
            }
            Lattice::Square | Lattice::Hexagonal => {
                let [(a, ka), (b, kb)] = axes;
                let stride = a.1 + 1;
                let bit_of = self.cells.iter().map(|p| (coord(p, ka) - a.0) as u32 + stride * (coord(p, kb) - b.0) as u32).collect();
                let adjacency = if l == Lattice::Square { Adjacency::Square { stride } } else { Adjacency::Hexagonal { stride } };
                Layout { bit_of, adjacency }
            }
            Lattice::Triangular => {
                // Swapping x and y maps each triangle to one of its own kind.
                let [(a, ka), (b, kb)] = axes;
                let stride = 2 * a.1 + 2;
                let bit_of = self
                    .cells
                    .iter()
                    .map(|p| 2 * (coord(p, ka) - a.0) as u32 + p.z as u32 + stride * (coord(p, kb) - b.0) as u32)
                    .collect();
                Layout { bit_of, adjacency: Adjacency::Triangular { stride } }
            }
        }
    }

    /// The packing of `pieces` (piece `p` used as `copies[p]` says; `reflections` lets
    /// pieces be turned over) compiled for the engine [`Search::on_layout`] picks: the
    /// bitboard packer or tiler on [`Region::layout`] when it fits, dancing links
    /// otherwise. Also returns the placement lists (per piece, as cell indices), which
    /// the search's `(piece, placement)` pairs index.
    ///
    /// Panics if `copies` and `pieces` differ in length.
    pub fn search(&self, pieces: &[Piece], copies: &[Copies], reflections: bool) -> (Search, Vec<Vec<Vec<usize>>>) {
        let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| self.placements(&p.shape, reflections)).collect();
        (Search::on_layout(&self.layout(), &placements, copies, crate::cover::Engine::Bitboard), placements)
    }
}

/// The symmetries of `region` that map every piece onto itself (its image is one of its
/// allowed orientations: rotations, and reflections when `reflections`), as
/// permutations of the region's cells, the identity first. Packings are mapped to
/// packings by them, each tile keeping its piece.
pub fn piece_preserving_symmetries(region: &Region, pieces: &[Piece], reflections: bool) -> Vec<BoardSymmetry> {
    let allowed: Vec<Vec<Polyform>> = pieces.iter().map(|p| p.shape.orientations(reflections)).collect();
    region
        .symmetries(&region.lattice.group(true))
        .into_iter()
        .filter(|(m, _)| pieces.iter().zip(&allowed).all(|(p, a)| a.contains(&p.shape.transformed(m))))
        .filter_map(|(_, perm)| BoardSymmetry::from_image(perm))
        .collect()
}

/// The number of packings of `pieces`, each used once, filling `region` exactly
/// (orientations: rotations, and reflections when `reflections`); `None` past 2^128 - 1.
/// On the engine [`Region::search`] picks, with the symmetry broken by orbits: the
/// [`piece_preserving_symmetries`] map packings to packings keeping each piece, so all
/// placements of one orbit of a piece lie in equally many packings: a piece is fixed at
/// one placement per orbit and each count weighted by the orbit's size, and an orbit
/// whose placements have a stabiliser is counted again that way under the stabiliser
/// (two levels). Exact whatever the stabilisers (a flat piece lying in a mirror plane of
/// a box is its own image, which the free-orbit method of
/// [`crate::symmetry::break_symmetry`] cannot use): flat pentacubes in 3x4x5, 21.3 s
/// without it, 6.8 s by the rotations' free orbits, 2.6 s so.
pub fn count_packings(region: &Region, pieces: &[Piece], reflections: bool) -> Option<u128> {
    count(region, pieces, &vec![Copies::ONE; pieces.len()], reflections, &CountOptions::default())
}

/// The number of packings of `pieces` into `region`, piece `p` used as `copies[p]` says
/// (copies of a piece are indistinguishable), on the threads and shard `options` ask
/// for; `None` past 2^128 - 1. When every piece is used once, the symmetry is broken as
/// in [`count_packings`]; otherwise the engine [`Region::search`] picks counts every
/// packing (the tiler and Algorithm M memoize their subproblems).
///
/// Panics if `copies` and `pieces` differ in length.
pub fn count(region: &Region, pieces: &[Piece], copies: &[Copies], reflections: bool, options: &CountOptions) -> Option<u128> {
    let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| region.placements(&p.shape, reflections)).collect();
    count_placements(region, pieces, placements, copies, reflections, options)
}

/// As [`count`], on the pieces' placement lists already built
/// (`placements[p]`: [`Region::placements`] of piece `p` with the same `reflections`).
///
/// Panics if `copies`, `placements` and `pieces` differ in length.
pub fn count_placements(
    region: &Region,
    pieces: &[Piece],
    placements: Vec<Vec<Vec<usize>>>,
    copies: &[Copies],
    reflections: bool,
    options: &CountOptions,
) -> Option<u128> {
    assert_eq!(copies.len(), pieces.len(), "one count per piece");
    assert_eq!(placements.len(), pieces.len(), "one placement list per piece");
    let layout = region.layout();
    let group = piece_preserving_symmetries(region, pieces, reflections);
    if group.len() <= 1 || copies.iter().any(|&c| c != Copies::ONE) {
        return Search::on_layout(&layout, &placements, copies, crate::cover::Engine::Bitboard).count(options);
    }
    broken(&layout, placements, copies, &group, options, &mut vec![false; pieces.len()], 2)
}

/// The packings with the placement lists `lists`, the symmetry `group` broken (see
/// [`count_packings`]): the piece chosen by [`choose_piece`] is fixed, in one search, at
/// one placement of each free orbit (the count weighted by the group's size); then, at
/// the first `depth - 1` levels, for each orbit with a stabiliser, at that orbit's first
/// placement, counted recursively under the stabiliser and weighted by the orbit's size;
/// at the last level, in one search per orbit size, at one placement of each orbit of
/// that size (weighted by the size). `fixed` marks the pieces already fixed.
fn broken(
    layout: &Layout,
    lists: Vec<Vec<Vec<usize>>>,
    copies: &[Copies],
    group: &[BoardSymmetry],
    options: &CountOptions,
    fixed: &mut Vec<bool>,
    depth: u32,
) -> Option<u128> {
    let search = |lists: &[Vec<Vec<usize>>]| Search::on_layout(layout, lists, copies, crate::cover::Engine::Bitboard).count(options);
    let chosen = if depth == 0 { None } else { choose_piece(&lists, group, fixed) };
    let Some((p, orbits)) = chosen else {
        return search(&lists);
    };
    let g = group.len() as u128;
    let (free, stabilised): (Vec<Orbit>, Vec<Orbit>) = orbits.into_iter().partition(|&(_, size)| size == g);
    // Orbits of one size in one search, weighted by that size.
    let by_size = |orbits: &[Orbit], size: u128| -> Option<u128> {
        let reps: Vec<Vec<usize>> = orbits.iter().filter(|o| o.1 == size).map(|&(i, _)| lists[p][i].clone()).collect();
        if reps.is_empty() {
            return Some(0);
        }
        let mut restricted = lists.clone();
        restricted[p] = reps;
        search(&restricted)?.checked_mul(size)
    };
    let mut total = by_size(&free, g)?;
    if depth > 1 {
        fixed[p] = true;
        for &(i, size) in &stabilised {
            let q = &lists[p][i];
            let stabiliser: Vec<BoardSymmetry> = group.iter().filter(|s| s.map_placement(q) == *q).cloned().collect();
            let mut restricted = lists.clone();
            restricted[p] = vec![q.clone()];
            let n = broken(layout, restricted, copies, &stabiliser, options, fixed, depth - 1)?;
            total = total.checked_add(n.checked_mul(size)?)?;
        }
        fixed[p] = false;
    } else {
        let mut sizes: Vec<u128> = stabilised.iter().map(|o| o.1).collect();
        sizes.sort_unstable();
        sizes.dedup();
        for size in sizes {
            total = total.checked_add(by_size(&stabilised, size)?)?;
        }
    }
    Some(total)
}

/// The piece to fix under `group` (none when the group is trivial or every piece is
/// fixed) and the orbits of its placements: the one whose placements in orbits with a
/// stabiliser are fewest (each such orbit is a further search), then with the most
/// placements in free orbits (the one search over them shrinks by the group's size).
fn choose_piece(lists: &[Vec<Vec<usize>>], group: &[BoardSymmetry], fixed: &[bool]) -> Option<(usize, Vec<Orbit>)> {
    if group.len() <= 1 {
        return None;
    }
    let g = group.len() as u128;
    (0..lists.len()).filter(|&p| !fixed[p]).map(|p| (p, orbits(&lists[p], group))).min_by_key(|(p, o)| {
        let stabilised = o.iter().filter(|&&(_, size)| size < g).count();
        (stabilised, std::cmp::Reverse(lists[*p].len()))
    })
}

/// An orbit of placements: the index of its first placement and its size.
type Orbit = (usize, u128);

/// The orbits of `placements` (sorted cell lists) under `group`.
fn orbits(placements: &[Vec<usize>], group: &[BoardSymmetry]) -> Vec<Orbit> {
    let index: HashMap<&[usize], usize> = placements.iter().enumerate().map(|(i, pl)| (pl.as_slice(), i)).collect();
    let mut seen = vec![false; placements.len()];
    let mut out = Vec::new();
    for i in 0..placements.len() {
        if seen[i] {
            continue;
        }
        let mut size = 0;
        for g in group {
            // Every image is a placement: the group maps the piece onto its orientations.
            if let Some(&j) = index.get(g.map_placement(&placements[i]).as_slice()) {
                if !std::mem::replace(&mut seen[j], true) {
                    size += 1;
                }
            }
        }
        out.push((i, size));
    }
    out
}

/// The number of classes of those packings under the region's symmetries that map the
/// piece set onto itself ([`Classes`]): every rotation of the region, and (also when the
/// pieces may not be reflected) every reflection that maps the pieces' shapes one to one
/// onto the pieces' shapes (Soma's screws A and B exchange); `None` past 2^128 - 1 or
/// when the search is stopped ([`exact_cover::interrupt`]).
///
/// By Burnside's lemma (the number of orbits of a finite group acting on a set is the
/// mean number of points its elements fix): the packings, counted as [`count`] does
/// (symmetry broken, on the threads `options` ask for; `options.shard` must be `None`),
/// plus, for every other symmetry `g`, the packings `g` maps onto themselves, divided by
/// the group's size (symmetries that move cells and pieces alike counted once). A packing fixed by `g` has, for every cycle `p -> g(p) -> ...` of
/// the pieces' partners under `g` (length `m`), a tile `T` of `p` with `g^m(T) = T` whose
/// images `T, g(T), .., g^(m-1)(T)` are disjoint (the tiles of the cycle's pieces); so
/// those fixed packings are the exact covers of the region by such unions, one per
/// cycle, each mapped onto itself by `g`, which
/// [`crate::symmetry::count_fixed_tilings`] counts with a memo. Time: one symmetry-broken
/// count, and a count on a quotient of the region per symmetry (small).
/// [`count_classes_by_listing`] is the slow, direct way.
pub fn count_classes(region: &Region, pieces: &[Piece], reflections: bool, options: &CountOptions) -> Option<u128> {
    let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| region.placements(&p.shape, reflections)).collect();
    count_classes_placements(region, pieces, placements, &Classes::new(region, pieces, reflections), reflections, options)
}

/// As [`count_classes`], on the pieces' placement lists and the classes already built
/// (`placements[p]`: [`Region::placements`] of piece `p`, and `classes`:
/// [`Classes::new`], both with the same `reflections`).
///
/// Panics if `placements` and `pieces` differ in length.
pub fn count_classes_placements(
    region: &Region,
    pieces: &[Piece],
    placements: Vec<Vec<Vec<usize>>>,
    classes: &Classes,
    reflections: bool,
    options: &CountOptions,
) -> Option<u128> {
    assert_eq!(placements.len(), pieces.len(), "one placement list per piece");
    let copies = vec![Copies::ONE; pieces.len()];
    let mut sum = count_placements(region, pieces, placements.clone(), &copies, reflections, options)?;
    // The group acting on packings: symmetries that move cells and pieces alike (a
    // mirror across a box one cell thick moves nothing) are one element.
    let acting = classes.acting();
    for (perm, partner) in &acting {
        let identity = perm.iter().enumerate().all(|(i, &j)| i == j) && partner.iter().enumerate().all(|(p, &q)| p == q);
        if !identity {
            sum = sum.checked_add(classes_fixed(region.cells.len(), &placements, perm, partner)?)?;
        }
    }
    let g = acting.len() as u128;
    debug_assert_eq!(sum % g, 0, "Burnside's sum is a multiple of the group's size");
    Some(sum / g)
}

/// The packings (`placements[p]`: piece `p`'s placements) that the region symmetry
/// `perm` maps onto themselves, each tile of piece `p` onto the tile of `partner[p]` (see
/// [`count_classes`]).
fn classes_fixed(cells: usize, placements: &[Vec<Vec<usize>>], perm: &[usize], partner: &[usize]) -> Option<u128> {
    let g = BoardSymmetry::from_image(perm.to_vec())?;
    let mut seen = vec![false; placements.len()];
    let mut unions: Vec<Vec<Vec<usize>>> = Vec::new();
    for p in 0..placements.len() {
        if seen[p] {
            continue;
        }
        let mut m = 0;
        let mut q = p;
        while !seen[q] {
            seen[q] = true;
            m += 1;
            q = partner[q];
        }
        let list = placements[p]
            .iter()
            .filter_map(|tile| {
                let mut union = tile.clone();
                let mut image = tile.clone();
                for _ in 1..m {
                    image = g.map_placement(&image);
                    union.extend_from_slice(&image);
                }
                if g.map_placement(&image) != *tile {
                    return None;
                }
                union.sort_unstable();
                let n = union.len();
                union.dedup();
                (union.len() == n).then_some(union)
            })
            .collect();
        unions.push(list);
    }
    crate::symmetry::count_fixed_tilings(cells, &unions, &vec![Copies::ONE; unions.len()], &g)
}

/// [`count_classes`] the direct way: by listing every packing and keeping those that are
/// least, per cell by piece index, among their images ([`Classes::is_least`]): exact,
/// one per class; time grows with the number of packings (no symmetry is broken).
pub fn count_classes_by_listing(region: &Region, pieces: &[Piece], reflections: bool) -> u128 {
    let classes = Classes::new(region, pieces, reflections);
    let (search, placements) = region.search(pieces, &vec![Copies::ONE; pieces.len()], reflections);
    let mut count = 0u128;
    let mut tiles: Vec<(usize, &[usize])> = Vec::new();
    let _ = search.for_each(|packing| {
        tiles.clear();
        tiles.extend(packing.iter().map(|&(p, k)| (p, placements[p][k].as_slice())));
        count += classes.is_least(&tiles) as u128;
        ControlFlow::Continue(())
    });
    count
}

/// The symmetry classes of packings of distinct pieces into a region, as
/// [`count_classes`] counts them: the region's symmetries that map the piece set onto
/// itself, each with the piece it sends each piece to.
#[derive(Debug, Clone)]
pub struct Classes {
    /// Per symmetry, the image of each cell and the partner of each piece.
    group: Vec<(Vec<usize>, Vec<usize>)>,
    cells: usize,
}

impl Classes {
    /// The symmetries of `region` (every one of its lattice's point group) that map the
    /// shapes of `pieces` one to one onto the shapes of `pieces`, up to the allowed
    /// orientations (rotations, and reflections when `reflections`).
    pub fn new(region: &Region, pieces: &[Piece], reflections: bool) -> Classes {
        let classes: Vec<Vec<Polyform>> = pieces.iter().map(|p| p.shape.orientations(reflections)).collect();
        let group = region
            .symmetries(&region.lattice.group(true))
            .into_iter()
            .filter_map(|(m, perm)| {
                // A piece congruent to its image keeps its name; else the first piece that is.
                let partner: Option<Vec<usize>> = pieces
                    .iter()
                    .enumerate()
                    .map(|(k, p)| {
                        let image = p.shape.transformed(&m);
                        if classes[k].contains(&image) {
                            Some(k)
                        } else {
                            classes.iter().position(|c| c.contains(&image))
                        }
                    })
                    .collect();
                let mut sorted = partner.clone()?;
                sorted.sort_unstable();
                sorted.dedup();
                (sorted.len() == pieces.len()).then_some((perm, partner?))
            })
            .collect();
        Classes { group, cells: region.cells.len() }
    }

    /// The number of symmetries (the identity included).
    pub fn len(&self) -> usize {
        self.group.len()
    }

    /// Whether there is no symmetry at all (never: the identity is one).
    pub fn is_empty(&self) -> bool {
        self.group.is_empty()
    }

    /// Whether the packing `tiles` (each `(piece, region cell indices)`, every cell
    /// covered once, every piece once) is the least of its class, comparing the piece
    /// index of each cell in order: exactly one packing per class passes.
    pub fn is_least(&self, tiles: &[(usize, &[usize])]) -> bool {
        self.is_least_under(tiles, &self.group)
    }

    /// [`Classes::is_least`] among the images under the symmetries `group` (cell
    /// permutation and piece partners, as in [`Classes`]) only.
    fn is_least_under<'a>(&self, tiles: &[(usize, &[usize])], group: impl IntoIterator<Item = &'a (Vec<usize>, Vec<usize>)>) -> bool {
        let mut own = vec![0usize; self.cells];
        for &(p, cells) in tiles {
            cells.iter().for_each(|&i| own[i] = p);
        }
        let mut image = vec![0usize; self.cells];
        group.into_iter().all(|(perm, partner)| {
            for (i, &p) in own.iter().enumerate() {
                image[perm[i]] = partner[p];
            }
            own <= image
        })
    }

    /// The symmetries as they act on packings (those that move cells and pieces alike
    /// counted once).
    fn acting(&self) -> Vec<&(Vec<usize>, Vec<usize>)> {
        let mut seen = HashSet::new();
        self.group.iter().filter(|g| seen.insert(*g)).collect()
    }
}

/// Calls `visit` with one packing of `pieces` (each used once; `placements[p]`:
/// [`Region::placements`] of piece `p`) in `region` per class of `classes` (built by
/// [`Classes::new`] with the same pieces and orientations), as `(piece, index in
/// placements[piece])` pairs, until it returns `Break`.
///
/// Without listing every packing: a piece `p` that every symmetry maps onto itself is
/// fixed at one placement `T` per orbit of its placements (the piece with the fewest
/// orbits). The packings of one class all put `p` in one orbit, and those that put it
/// at that orbit's `T` are one orbit under the stabiliser of `T`; so one search with `p`
/// at the orbits' representatives, keeping each packing that is least under its `T`'s
/// stabiliser ([`Classes::is_least`], on that subgroup), meets each class exactly once.
/// When every symmetry exchanges some piece (no `p`), every packing is listed and the
/// least of each class kept. Time: about that of the symmetry-broken count.
pub fn for_each_class(
    region: &Region,
    pieces: &[Piece],
    placements: &[Vec<Vec<usize>>],
    classes: &Classes,
    mut visit: impl FnMut(&[(usize, usize)]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let acting = classes.acting();
    let layout = region.layout();
    let copies = vec![Copies::ONE; pieces.len()];
    let perms: Vec<BoardSymmetry> = acting.iter().filter_map(|(perm, _)| BoardSymmetry::from_image(perm.clone())).collect();
    let fixed = (0..pieces.len())
        .filter(|&p| acting.iter().all(|(_, partner)| partner[p] == p))
        .map(|p| (p, orbits(&placements[p], &perms)))
        .min_by_key(|(_, o)| o.len());
    let mut tiles: Vec<(usize, &[usize])> = Vec::new();
    let Some((p, orbit_list)) = fixed else {
        return Search::on_layout(&layout, placements, &copies, crate::cover::Engine::Bitboard).for_each(|sol| {
            tiles.clear();
            tiles.extend(sol.iter().map(|&(q, k)| (q, placements[q][k].as_slice())));
            if classes.is_least_under(&tiles, acting.iter().copied()) {
                visit(sol)
            } else {
                ControlFlow::Continue(())
            }
        });
    };
    let reps: Vec<usize> = orbit_list.iter().map(|&(i, _)| i).collect();
    let stabilisers: Vec<Vec<&(Vec<usize>, Vec<usize>)>> = reps
        .iter()
        .map(|&i| {
            let t = &placements[p][i];
            acting.iter().zip(&perms).filter(|(_, g)| g.map_placement(t) == *t).map(|(a, _)| *a).collect()
        })
        .collect();
    let mut restricted = placements.to_vec();
    restricted[p] = reps.iter().map(|&i| placements[p][i].clone()).collect();
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    Search::on_layout(&layout, &restricted, &copies, crate::cover::Engine::Bitboard).for_each(|sol| {
        chosen.clear();
        chosen.extend(sol.iter().map(|&(q, k)| (q, if q == p { reps[k] } else { k })));
        let r = sol.iter().find(|&&(q, _)| q == p).map_or(0, |&(_, k)| k);
        if stabilisers[r].len() > 1 {
            tiles.clear();
            tiles.extend(chosen.iter().map(|&(q, k)| (q, placements[q][k].as_slice())));
            if !classes.is_least_under(&tiles, stabilisers[r].iter().copied()) {
                return ControlFlow::Continue(());
            }
        }
        visit(&chosen)
    })
}

/// A cell as Knuth's programs write it: `xy` (square), `xy` or `xy'` for the downward
/// triangle (triangular), `xyz` (cubic), each coordinate one extended hexadecimal digit
/// (`0`-`9`, `a`-`z`, `A`-`Z`); on the hexagonal lattice `xy` as on the square one.
/// `None` when a coordinate is outside 0 to 61.
pub fn knuth_cell(lattice: Lattice, c: Cell) -> Option<String> {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let digit = |v: i32| DIGITS.get(usize::try_from(v).ok()?).map(|&d| d as char);
    Some(match lattice {
        Lattice::Cubic => format!("{}{}{}", digit(c.x)?, digit(c.y)?, digit(c.z)?),
        Lattice::Triangular => format!("{}{}{}", digit(c.x)?, digit(c.y)?, if c.z == 1 { "'" } else { "" }),
        _ => format!("{}{}", digit(c.x)?, digit(c.y)?),
    })
}

/// A piece's name and cells `(x, y, z)`, for the built-in sets.
type Listed<'a> = (&'a str, &'a [(i32, i32, i32)]);

/// The packing of `pieces` into `region` written in the input notation of Knuth's
/// `polyomino-dlx` (square), `polyiamond-dlx` (triangular) or `polycube-dlx` (cubic): the
/// box line of cells, then a line per piece, its name and cells. Cells are written `xy`,
/// `xy'` (a downward triangle) or `xyz`, one base-62 digit per coordinate after
/// translating the region to 0. Knuth's programs turn pieces over in the plane and only
/// rotate them in space, as [`count_packings`] does with `reflections` true on the plane
/// lattices and false on the cubic one. On the plane, each piece line starts `1|`: a
/// line without a multiplicity longer than 8 characters overruns `polyomino-dlx`'s and
/// `polyiamond-dlx`'s multiplicity buffer (`multip[8]`).
///
/// `None` on the hexagonal lattice (Knuth has no polyhex program), or when a
/// coordinate, after translating the region to 0, passes 61.
pub fn knuth_notation(region: &Region, pieces: &[Piece]) -> Option<String> {
    let l = region.lattice;
    if l == Lattice::Hexagonal {
        return None;
    }
    let (_, shift) = l.normalise(region.cells.clone());
    let cell = |c: &Cell, shift: Cell| knuth_cell(l, Cell::new(c.x - shift.x, c.y - shift.y, c.z - shift.z));
    let line = |cells: &[Cell], shift: Cell| -> Option<String> {
        cells.iter().map(|c| cell(c, shift)).collect::<Option<Vec<_>>>().map(|v| v.join(" "))
    };
    let mut out = line(&region.cells, shift)?;
    out.push('\n');
    for p in pieces {
        let prefix = if l == Lattice::Cubic { "" } else { "1|" };
        out.push_str(&format!("{prefix}{} {}\n", p.name, line(p.shape.cells(), Cell::new(0, 0, 0))?));
    }
    Some(out)
}

fn pieces(lattice: Lattice, list: &[Listed]) -> Vec<Piece> {
    list.iter()
        .map(|&(name, cells)| Piece {
            name: name.to_string(),
            shape: Polyform::new(lattice, cells.iter().map(|&(x, y, z)| Cell::new(x, y, z))).expect("a polyform"),
        })
        .collect()
}

/// Piet Hein's Soma cube: the seven irregular polycubes of at most four cells (27 cells):
/// V, L, T, Z, the screws A and B (mirror images), and the branch P.
pub fn soma() -> Vec<Piece> {
    pieces(
        Lattice::Cubic,
        &[
            ("V", &[(0, 0, 0), (1, 0, 0), (0, 1, 0)]),
            ("L", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)]),
            ("T", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)]),
            ("Z", &[(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)]),
            ("A", &[(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)]),
            ("B", &[(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, -1)]),
            ("P", &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]),
        ],
    )
}

/// The Bedlam cube's thirteen pieces (twelve pentacubes and a tetracube, 64 cells), for
/// the 4x4x4 cube; letters as in the public piece list this set was taken from (Simon
/// Tatham's `bedlam.c`: F, X, W flat; M, B, H a T-tetromino with a cube on top; L, S, C
/// an L-tetromino with one; E, I a skew tetromino with one; T; the tetracube Z). The
/// counts prove the list: 460464 packings of the cube, 19186 up to its 24 rotations (the
/// set is not closed under mirroring), the published number of solutions.
pub fn bedlam() -> Vec<Piece> {
    pieces(
        Lattice::Cubic,
        &[
            ("F", &[(1, 0, 0), (0, 1, 0), (1, 1, 0), (2, 1, 0), (2, 2, 0)]),
            ("X", &[(1, 0, 0), (0, 1, 0), (1, 1, 0), (2, 1, 0), (1, 2, 0)]),
            ("W", &[(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0), (2, 2, 0)]),
            ("M", &[(1, 0, 0), (0, 1, 0), (1, 1, 0), (2, 1, 0), (1, 1, 1)]),
            ("B", &[(1, 0, 0), (0, 1, 0), (1, 1, 0), (2, 1, 0), (1, 0, 1)]),
            ("H", &[(1, 0, 0), (0, 1, 0), (1, 1, 0), (2, 1, 0), (0, 1, 1)]),
            ("L", &[(2, 0, 0), (0, 1, 0), (1, 1, 0), (2, 1, 0), (0, 1, 1)]),
            ("S", &[(0, 0, 0), (0, 1, 0), (1, 1, 0), (2, 1, 0), (0, 0, 1)]),
            ("C", &[(0, 0, 0), (0, 1, 0), (1, 1, 0), (2, 1, 0), (0, 1, 1)]),
            ("E", &[(1, 0, 0), (2, 0, 0), (0, 1, 0), (1, 1, 0), (0, 1, 1)]),
            ("I", &[(1, 0, 0), (2, 0, 0), (0, 1, 0), (1, 1, 0), (1, 1, 1)]),
            ("T", &[(1, 0, 0), (2, 0, 0), (1, 1, 0), (0, 1, 1), (1, 1, 1)]),
            ("Z", &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)]),
        ],
    )
}

/// The Tetris cube's twelve pieces (four hexacubes and eight pentacubes, 64 cells), for
/// the 4x4x4 cube, named by their colours in the puzzle (blue `B1`-`B4`, red `R1`-`R4`,
/// yellow `Y1`-`Y4`) in the order of the public piece list this set was taken from (Anno
/// Langen's `Tetris.java`). The counts prove the list: 236136 packings of the cube, 9839
/// up to its 24 rotations, the published number of solutions.
pub fn tetris_cube() -> Vec<Piece> {
    pieces(
        Lattice::Cubic,
        &[
            ("B1", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0), (0, 2, 0), (2, 0, 1)]),
            ("B2", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 1)]),
            ("B3", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (2, 1, 0), (3, 1, 0)]),
            ("B4", &[(1, 0, 0), (2, 0, 0), (2, 0, 1), (1, 1, 0), (0, 1, 0)]),
            ("R1", &[(0, 0, 0), (1, 0, 0), (0, 0, 1), (1, 1, 0), (2, 1, 0), (1, 2, 0)]),
            ("R2", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0), (0, 2, 0)]),
            ("R3", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0), (1, 1, 0)]),
            ("R4", &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1)]),
            ("Y1", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 0, 1), (0, 1, 1)]),
            ("Y2", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0), (1, 1, 1)]),
            ("Y3", &[(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 1), (2, 1, 1)]),
            ("Y4", &[(0, 0, 1), (1, 0, 1), (2, 0, 1), (1, 0, 2), (1, 1, 1), (1, 1, 0)]),
        ],
    )
}

/// The twelve pentominoes as flat pentacubes (in the plane z = 0), with Golomb's
/// letters; turned in space, each covers its mirror image too.
pub fn pentacubes_flat() -> Vec<Piece> {
    crate::sets::pentominoes()
        .into_iter()
        .map(|p| Piece {
            name: p.name,
            shape: Polyform::new(Lattice::Cubic, p.shape.cells().iter().map(|c| Cell::new(c.row, c.col, 0))).expect("a flat pentacube"),
        })
        .collect()
}

/// The twelve hexiamonds (the free polyiamonds of six triangles), named `A` to `L` in the
/// order of [`Lattice::polyforms`] (least canonical form first).
pub fn hexiamonds() -> Vec<Piece> {
    lettered(Lattice::Triangular.polyforms(6, true))
}

/// The seven tetrahexes (the free polyhexes of four hexagons), named `A` to `G` in the
/// order of [`Lattice::polyforms`].
pub fn tetrahexes() -> Vec<Piece> {
    lettered(Lattice::Hexagonal.polyforms(4, true))
}

fn lettered(forms: Vec<Polyform>) -> Vec<Piece> {
    forms.into_iter().zip('A'..='Z').map(|(shape, letter)| Piece { name: letter.to_string(), shape }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_groups_have_their_sizes_and_are_closed() {
        for (l, full, rotations) in
            [(Lattice::Square, 8, 4), (Lattice::Triangular, 12, 6), (Lattice::Hexagonal, 12, 6), (Lattice::Cubic, 48, 24)]
        {
            let g = l.group(true);
            assert_eq!((g.len(), l.group(false).len()), (full, rotations), "{l:?}");
            assert_eq!(g[0], IDENTITY);
            for a in &g {
                for b in &g {
                    assert!(g.contains(&multiply(a, b)), "{l:?} not closed");
                }
            }
        }
    }

    #[test]
    fn symmetries_map_cells_to_cells_and_neighbours_to_neighbours() {
        for l in [Lattice::Square, Lattice::Triangular, Lattice::Hexagonal, Lattice::Cubic] {
            let cells: Vec<Cell> = (-2..3)
                .flat_map(|x| (-2..3).flat_map(move |y| (0..2).map(move |z| Cell::new(x, y, z))))
                .filter(|&c| l.contains(c))
                .collect();
            for m in l.group(true) {
                for &c in &cells {
                    let image = l.transform(&m, c);
                    assert!(l.contains(image), "{l:?}");
                    for d in l.neighbours(c) {
                        assert!(l.neighbours(image).contains(&l.transform(&m, d)), "{l:?}: {c:?} {d:?}");
                    }
                }
            }
            // Neighbourhood is symmetric.
            for &c in &cells {
                for d in l.neighbours(c) {
                    assert!(l.neighbours(d).contains(&c));
                }
            }
        }
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

    #[test]
    fn soma_pieces_and_orientations() {
        let counts: Vec<usize> = soma().iter().map(|p| p.shape.orientations(false).len()).collect();
        // V, L, T, Z, A, B, P under the 24 rotations.
        assert_eq!(counts, [12, 24, 12, 12, 12, 12, 8]);
        assert_eq!(soma().iter().map(|p| p.shape.cells().len()).sum::<usize>(), 27);
        // A and B are mirror images, not rotations of each other.
        let mirror = [[-1, 0, 0], [0, 1, 0], [0, 0, 1]];
        assert!(soma()[5].shape.orientations(false).contains(&soma()[4].shape.transformed(&mirror)));
        assert!(!soma()[5].shape.orientations(false).contains(&soma()[4].shape));
        assert!(Polyform::new(Lattice::Cubic, [Cell::new(0, 0, 0), Cell::new(1, 1, 0)]).is_none());
    }

    #[test]
    fn boxes_have_their_symmetries() {
        let g = Lattice::Cubic.group(true);
        assert_eq!(Region::cuboid(3, 3, 3).symmetries(&g).len(), 48);
        assert_eq!(Region::cuboid(3, 4, 5).symmetries(&g).len(), 8);
        assert_eq!(Region::cuboid(2, 2, 5).symmetries(&Lattice::Cubic.group(false)).len(), 8);
        // A rhombus of the triangular lattice: 4 symmetries (its two diagonals, the half
        // turn, the identity); a hexagon-shaped region of hexagons: all 12.
        assert_eq!(Region::parallelogram(Lattice::Triangular, 3, 3).symmetries(&Lattice::Triangular.group(true)).len(), 4);
        let hexagon = Region::new(
            Lattice::Hexagonal,
            (-1..=1).flat_map(|x| (-1..=1).map(move |y| Cell::new(x, y, 0))).filter(|c| (c.x + c.y).abs() <= 1),
        );
        assert_eq!(hexagon.symmetries(&Lattice::Hexagonal.group(true)).len(), 12);
    }

    #[test]
    fn the_soma_cube_has_11520_packings_in_240_classes() {
        let cube = Region::cuboid(3, 3, 3);
        assert_eq!(count_packings(&cube, &soma(), false), Some(11520));
        assert_eq!(count_classes(&cube, &soma(), false, &CountOptions::default()), Some(240));
        assert_eq!(count_classes_by_listing(&cube, &soma(), false), 240);
    }

    #[test]
    fn bedlam_and_tetris_cube_pieces() {
        for (set, n, sizes) in [(bedlam(), 13, [1, 12, 0]), (tetris_cube(), 12, [0, 8, 4])] {
            assert_eq!(set.len(), n);
            let count = |k: usize| set.iter().filter(|p| p.shape.cells().len() == k).count();
            assert_eq!([count(4), count(5), count(6)], sizes);
            // No two pieces congruent, even as mirror images; and the set is not closed
            // under mirroring, so its classes are under the cube's 24 rotations only.
            let canon: HashSet<Polyform> = set.iter().map(|p| p.shape.canonical(true)).collect();
            assert_eq!(canon.len(), n);
            assert_eq!(Classes::new(&Region::cuboid(4, 4, 4), &set, false).len(), 24);
        }
    }

    #[test]
    fn flat_pentacubes_in_boxes() {
        // Published counts of the pentominoes as flat pentacubes (classes under the
        // box's symmetries): 2x3x10 has 12, 2x5x6 has 264.
        let classes = |a, b, c| count_classes(&Region::cuboid(a, b, c), &pentacubes_flat(), false, &CountOptions::default());
        assert_eq!(classes(2, 3, 10), Some(12));
        assert_eq!(classes(2, 5, 6), Some(264));
        assert_eq!(classes(3, 4, 5), Some(3940));
        assert_eq!(count_classes_by_listing(&Region::cuboid(2, 3, 10), &pentacubes_flat(), false), 12);
    }
}

#[cfg(test)]
mod slow {
    use super::*;

    /// The 31520 packings of the flat pentacubes in 3x4x5 (3940 classes, listed), on the
    /// engine the strategy picks (exact cover):
    /// `cargo test --release -p gridlock-polyform --lib -- --ignored pentacubes`.
    #[test]
    #[ignore = "seconds in the dev profile; run by hand for the benchmark"]
    fn flat_pentacubes_3x4x5() {
        let t = std::time::Instant::now();
        assert_eq!(count_packings(&Region::cuboid(3, 4, 5), &pentacubes_flat(), false), Some(31520));
        eprintln!("3x4x5 count: {:.3} s", t.elapsed().as_secs_f64());
        assert_eq!(count_classes_by_listing(&Region::cuboid(3, 4, 5), &pentacubes_flat(), false), 3940);
    }
}
