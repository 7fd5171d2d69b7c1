//! Lattices: the square grid (polyominoes), the triangular lattice (polyiamonds), the
//! hexagonal lattice (polyhexes), the cubic lattice (polycubes) and the triangular-prism
//! lattice (BurrTools' grid 1), one file each.
//!
//! Each file implements [`Geometry`]: its cells by integer coordinates ([`Cell`]), each
//! cell's neighbours, its point group of symmetries (integer matrices acting on an
//! embedding of the cells), its translations, the bit layout that puts a region on the
//! bitboard engines, and Knuth's cell notation. [`Lattice`] names them (a closed table:
//! a copyable name the front ends match on, and [`Lattice::geometry`], the one place
//! that maps a name to its file); everything else — shapes ([`crate::shape`]), regions
//! ([`crate::region`]), counts and classes ([`crate::count`]), Knuth's notation
//! ([`crate::knuth`]), the built-in sets ([`crate::sets`]) — is written once over
//! [`Geometry`]. A new lattice is one file, one variant and a line in each of its two tables (the
//! geometry and the names).
//!
//! Coordinates, as Knuth's `polyomino-dlx`, `polyiamond-dlx` and `polycube-dlx` read them:
//!
//! - [`square`]: cell `(x, y)`, `z = 0`; 8 symmetries.
//! - [`triangular`]: a rhombus `(x, y)` split into an upward (`z = 0`) and a downward
//!   (`z = 1`, Knuth's `xy'`) triangle; 12 symmetries.
//! - [`hexagonal`]: hexagon `(x, y)` in axial coordinates, `z = 0`; 12 symmetries.
//! - [`cubic`]: cell `(x, y, z)`; 48 symmetries (24 rotations).
//! - [`prism`]: the triangle `(x, y, kind)` of layer `layer` as `z = 2 * layer + kind`;
//!   24 symmetries (12 rotations).
//! - [`stick`]: the square grid's unit segments `(x, y, d)` (polysticks); 8 symmetries.
//! - [`trig`]: the triangular grid's unit segments `(u, v, d)` (polytrigs); 12
//!   symmetries. On both, pieces must not cross ([`crate::Layout::crossings`]).
//!
//! Which lattice is faster to dispatch, a trait object or a `match` per call, was
//! measured: the geometry runs only while placements and symmetries are built (the
//! engines read a [`crate::Layout`]), and the trait object cost nothing measurable
//! there (the history of BENCHMARKS.md, "One polyform geometry").

mod base;
pub mod cubic;
pub mod hexagonal;
pub mod prism;
pub mod square;
pub mod stick;
pub mod triangular;
pub mod trig;

pub use base::{apply, determinant, multiply, Cell, Geometry, Matrix, IDENTITY};

/// One of the lattices, by name: [`Lattice::geometry`] gives its [`Geometry`].
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
    /// Triangular prisms in layers (BurrTools' grid 1).
    TriangularPrism,
    /// Unit segments of the square grid (polysticks).
    Stick,
    /// Unit segments of the triangular grid (polytrigs).
    Trig,
}

impl Lattice {
    /// Every lattice.
    pub const ALL: [Lattice; 7] =
        [Lattice::Square, Lattice::Triangular, Lattice::Hexagonal, Lattice::Cubic, Lattice::TriangularPrism, Lattice::Stick, Lattice::Trig];

    /// The lattice's geometry: the one place that maps a name to its file.
    pub fn geometry(self) -> &'static dyn Geometry {
        match self {
            Lattice::Square => &square::Square,
            Lattice::Triangular => &triangular::Triangular,
            Lattice::Hexagonal => &hexagonal::Hexagonal,
            Lattice::Cubic => &cubic::Cubic,
            Lattice::TriangularPrism => &prism::TriangularPrism,
            Lattice::Stick => &stick::Stick,
            Lattice::Trig => &trig::Trig,
        }
    }

    /// The lattice's name as the command line spells it.
    pub fn name(self) -> &'static str {
        self.names().0
    }

    /// What the lattice's polyforms are called: polyominoes, polyiamonds, polyhexes,
    /// polycubes.
    pub fn polyforms_name(self) -> &'static str {
        self.names().1
    }

    /// The lattice's name and its polyforms' name, in one table.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Lattice::Square => ("square", "polyominoes"),
            Lattice::Triangular => ("triangular", "polyiamonds"),
            Lattice::Hexagonal => ("hexagonal", "polyhexes"),
            Lattice::Cubic => ("cubic", "polycubes"),
            Lattice::TriangularPrism => ("prism", "triangular polyprisms"),
            Lattice::Stick => ("stick", "polysticks"),
            Lattice::Trig => ("trig", "polytrigs"),
        }
    }

    /// Whether `c` names a cell of this lattice (`z` is 0 on the square and hexagonal
    /// lattices, 0 or 1 on the triangular one).
    pub fn contains(self, c: Cell) -> bool {
        self.geometry().contains(c)
    }

    /// The cells next to `c` (sharing an edge, or a face in space).
    pub fn neighbours(self, c: Cell) -> Vec<Cell> {
        self.geometry().neighbours(c)
    }

    /// The point group: every symmetry fixing a lattice point, the identity first; with
    /// `reflections` false, the rotations only (determinant 1). Sizes: square 8 (4),
    /// triangular and hexagonal 12 (6), cubic 48 (24), triangular prisms 24 (12).
    pub fn group(self, reflections: bool) -> Vec<Matrix> {
        let mut out = self.geometry().point_group();
        out.retain(|m| reflections || determinant(m) == 1);
        out.sort_by_key(|m| *m != IDENTITY);
        out
    }

    /// The image of `c` under the symmetry `m` (from [`Lattice::group`]).
    pub fn transform(self, m: &Matrix, c: Cell) -> Cell {
        let g = self.geometry();
        g.cell_at(apply(m, g.embed(c)))
    }

    /// `cells` translated so that each translated coordinate's least value lies in `0..`
    /// its period ([`Geometry::periods`]: 0 for all but a prism's `z`), sorted; also
    /// the translation subtracted.
    pub(crate) fn normalise(self, mut cells: Vec<Cell>) -> (Vec<Cell>, Cell) {
        let periods = self.geometry().periods();
        let shift = |k: usize, f: fn(&Cell) -> i32, cells: &[Cell]| match periods[k] {
            0 => 0,
            p => p * cells.iter().map(f).min().unwrap_or(0).div_euclid(p),
        };
        let shift = Cell::new(shift(0, |c| c.x, &cells), shift(1, |c| c.y, &cells), shift(2, |c| c.z, &cells));
        for c in &mut cells {
            *c = Cell::new(c.x - shift.x, c.y - shift.y, c.z - shift.z);
        }
        cells.sort();
        (cells, shift)
    }

    /// Whether the lattice's cells are solids in layers (cubes, prisms): its translations
    /// move `z` ([`Geometry::periods`]), where a plane lattice's `z` is a kind of cell or
    /// nothing. Solids are drawn and boxed in layers, rotated only unless mirrored, and
    /// written without Knuth's plane multiplicity prefix.
    pub fn is_solid(self) -> bool {
        self.geometry().periods()[2] != 0
    }

    /// Whether the cells are unit segments of a grid (polysticks, polytrigs), which
    /// pieces must not cross.
    pub fn is_segments(self) -> bool {
        matches!(self, Lattice::Stick | Lattice::Trig)
    }

    /// The two grid points that segment `c` joins ([`stick::ends`], [`trig::ends`]), on
    /// the lattices of segments; `None` on the others.
    pub fn segment_ends(self, c: Cell) -> Option<[(i32, i32); 2]> {
        match self {
            Lattice::Stick => Some(stick::ends(c)),
            Lattice::Trig => Some(trig::ends(c)),
            _ => None,
        }
    }
}

/// Whether `d` is a translation of a lattice whose periods ([`Geometry::periods`]) are
/// `periods`: each coordinate a multiple of its period, and 0 where the period is 0.
pub(crate) fn is_translation(periods: [i32; 3], d: Cell) -> bool {
    [d.x, d.y, d.z].iter().zip(periods).all(|(&v, p)| if p == 0 { v == 0 } else { v % p == 0 })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::base::IDENTITY;
    use super::*;
    use std::collections::{HashMap, HashSet};

    /// The contract of [`Geometry`] on a patch of cells around the origin: the group has
    /// `full` elements (`rotations` of determinant 1) and is closed, contains the
    /// identity, maps cells to cells and neighbours to neighbours; every cell has
    /// `degree` neighbours and neighbourhood is symmetric; the layout of the patch gives
    /// distinct bits whose adjacency is exactly the neighbourhood.
    fn check_geometry(lattice: Lattice, full: usize, rotations: usize, degree: usize) {
        let g = lattice.geometry();
        let name = lattice.name();
        let group = g.point_group();
        assert_eq!(group.len(), full, "{name}");
        assert_eq!(group.iter().filter(|m| determinant(m) == 1).count(), rotations, "{name}");
        assert!(group.contains(&IDENTITY));
        for a in &group {
            assert!(determinant(a).abs() == 1);
            for b in &group {
                assert!(group.contains(&multiply(a, b)), "{name} not closed");
            }
        }
        let patch: Vec<Cell> =
            (-2..3).flat_map(|x| (-2..3).flat_map(move |y| (-2..4).map(move |z| Cell::new(x, y, z)))).filter(|&c| g.contains(c)).collect();
        let image = |m: &Matrix, c: Cell| g.cell_at(apply(m, g.embed(c)));
        for &c in &patch {
            let near = g.neighbours(c);
            assert_eq!(near.len(), degree, "{name}");
            assert_eq!(near.iter().collect::<HashSet<_>>().len(), degree);
            for d in &near {
                assert!(g.contains(*d));
                assert!(g.neighbours(*d).contains(&c), "{name}: {c:?} {d:?} not symmetric");
            }
            assert_eq!(g.cell_at(g.embed(c)), c);
            for m in &group {
                let i = image(m, c);
                assert!(g.contains(i), "{name}");
                for d in &near {
                    assert!(g.neighbours(i).contains(&image(m, *d)), "{name}: {c:?} {d:?}");
                }
            }
        }
        // The layout: distinct bits, and the adjacency's shifts give exactly the
        // neighbours inside the patch (a small box, so that it fits 128 bits).
        let small: Vec<Cell> = patch.iter().copied().filter(|c| c.x.abs() <= 1 && c.y.abs() <= 1 && (-1..3).contains(&c.z)).collect();
        let layout = g.layout(&small);
        let bit: HashMap<Cell, u32> = small.iter().copied().zip(layout.bit_of.iter().copied()).collect();
        assert_eq!(bit.values().collect::<HashSet<_>>().len(), small.len(), "{name}: shared bits");
        let all: u128 = bit.values().fold(0, |m, &b| m | 1u128 << b);
        for &c in &small {
            let want: u128 = g.neighbours(c).iter().filter_map(|d| bit.get(d)).fold(0, |m, &b| m | 1u128 << b);
            assert_eq!(layout.adjacency.neighbours(1u128 << bit[&c]) & all, want, "{name}: {c:?}");
        }
    }

    #[test]
    fn every_geometry_keeps_its_contract() {
        for (lattice, full, rotations, degree) in [
            (Lattice::Square, 8, 4, 4),
            (Lattice::Triangular, 12, 6, 3),
            (Lattice::Hexagonal, 12, 6, 6),
            (Lattice::Cubic, 48, 24, 6),
            (Lattice::TriangularPrism, 24, 12, 5),
            (Lattice::Stick, 8, 4, 6),
            (Lattice::Trig, 12, 6, 10),
        ] {
            check_geometry(lattice, full, rotations, degree);
        }
    }

    #[test]
    fn every_lattice_is_named_once() {
        let names: HashSet<&str> = Lattice::ALL.iter().map(|l| l.name()).collect();
        assert_eq!(names.len(), Lattice::ALL.len());
        for l in Lattice::ALL {
            assert_eq!(l.group(true)[0], IDENTITY);
            assert!(l.group(false).iter().all(|m| determinant(m) == 1));
        }
    }

    #[test]
    fn normalising_keeps_kinds_and_moves_prism_layers_by_whole_layers() {
        let (cells, _) = Lattice::TriangularPrism.normalise(vec![Cell::new(3, 4, 5), Cell::new(3, 5, 4)]);
        assert_eq!(cells, [Cell::new(0, 0, 1), Cell::new(0, 1, 0)]);
        let (cells, _) = Lattice::Triangular.normalise(vec![Cell::new(3, 4, 1)]);
        assert_eq!(cells, [Cell::new(0, 0, 1)]);
        let periods = |l: Lattice| l.geometry().periods();
        assert!(is_translation(periods(Lattice::TriangularPrism), Cell::new(-1, 2, 4)));
        assert!(!is_translation(periods(Lattice::TriangularPrism), Cell::new(0, 0, 1)));
        assert!(!is_translation(periods(Lattice::Triangular), Cell::new(0, 0, 1)));
        let solids: Vec<Lattice> = Lattice::ALL.into_iter().filter(|l| l.is_solid()).collect();
        assert_eq!(solids, [Lattice::Cubic, Lattice::TriangularPrism]);
    }
}
