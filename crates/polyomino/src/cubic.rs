//! Polycubes on the cubic lattice (the first lattice beyond the square grid): cells
//! `(x, y, z)`, shapes normalised to the origin, their orientations under the 24
//! rotations of the cube (48 with reflections), regions (any finite set of cells, boxes
//! first), the placements of a shape in a region, built-in sets (the Soma cube, the
//! twelve pentominoes as flat pentacubes), and exact counts of packings of distinct
//! pieces and of their classes under the region's symmetries.
//!
//! Packings are counted by dancing links (the `exact_cover` crate: items are the cells and
//! the pieces). Classes are counted by listing the packings and keeping the least of each
//! class: a reflection counts as a symmetry when it maps every piece onto a piece of the
//! set (the Soma set is closed under mirroring: its two screw pieces are mirror images,
//! and the reflection exchanges them), so Soma's 11520 packings fall into 240 classes
//! under the cube's 48 symmetries.
//!
//! Not yet here: the bitboard engines (the packer and tiler are square-grid code) and
//! piece counts; see the polyforms issue.

use exact_cover::strategy::Search;
use exact_cover::Problem;
use std::collections::HashMap;

/// A cell of the cubic lattice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell3 {
    /// First coordinate.
    pub x: i32,
    /// Second coordinate.
    pub y: i32,
    /// Third coordinate.
    pub z: i32,
}

impl Cell3 {
    /// The cell `(x, y, z)`.
    pub const fn new(x: i32, y: i32, z: i32) -> Cell3 {
        Cell3 { x, y, z }
    }

    fn coords(self) -> [i32; 3] {
        [self.x, self.y, self.z]
    }

    /// The image under the linear map `m` (rows of a 3x3 matrix).
    fn apply(self, m: &Matrix) -> Cell3 {
        let v = self.coords();
        let row = |r: &[i32; 3]| r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
        Cell3::new(row(&m[0]), row(&m[1]), row(&m[2]))
    }
}

/// A symmetry of the cube about the origin: a signed permutation matrix.
pub type Matrix = [[i32; 3]; 3];

/// The symmetries of the cube fixing the origin: the 24 rotations (determinant 1) and,
/// with `reflections`, the 24 improper ones too; the identity first.
pub fn point_group(reflections: bool) -> Vec<Matrix> {
    let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::with_capacity(48);
    for p in perms {
        for signs in 0..8 {
            let mut m = [[0; 3]; 3];
            for r in 0..3 {
                m[r][p[r]] = if signs >> r & 1 == 1 { -1 } else { 1 };
            }
            if reflections || determinant(&m) == 1 {
                out.push(m);
            }
        }
    }
    out
}

fn determinant(m: &Matrix) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// A polycube in one orientation: distinct, face-connected cells, translated so that
/// each coordinate's least value is 0, sorted.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Polycube {
    cells: Vec<Cell3>,
}

/// `cells` translated to the origin and sorted.
fn normalised(mut cells: Vec<Cell3>) -> Vec<Cell3> {
    let min = |f: fn(&Cell3) -> i32| cells.iter().map(f).min().unwrap_or(0);
    let (x0, y0, z0) = (min(|c| c.x), min(|c| c.y), min(|c| c.z));
    for c in &mut cells {
        *c = Cell3::new(c.x - x0, c.y - y0, c.z - z0);
    }
    cells.sort();
    cells
}

impl Polycube {
    /// The polycube of `cells`; `None` unless they are non-empty, distinct and
    /// face-connected.
    pub fn new(cells: impl IntoIterator<Item = Cell3>) -> Option<Polycube> {
        let cells = normalised(cells.into_iter().collect());
        let mut dedup = cells.clone();
        dedup.dedup();
        if cells.is_empty() || dedup.len() != cells.len() {
            return None;
        }
        // Face-connectivity by a flood fill.
        let mut seen = vec![false; cells.len()];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for (j, c) in cells.iter().enumerate() {
                let d = (c.x - cells[i].x).abs() + (c.y - cells[i].y).abs() + (c.z - cells[i].z).abs();
                if d == 1 && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().all(|&s| s).then_some(Polycube { cells })
    }

    /// The cells.
    pub fn cells(&self) -> &[Cell3] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there is no cell (never, for a built polycube).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The image under `m`, normalised.
    pub fn transformed(&self, m: &Matrix) -> Polycube {
        Polycube { cells: normalised(self.cells.iter().map(|c| c.apply(m)).collect()) }
    }

    /// The distinct orientations: under the 24 rotations, and with `reflections` their
    /// mirror images too.
    pub fn orientations(&self, reflections: bool) -> Vec<Polycube> {
        let mut out: Vec<Polycube> = point_group(reflections).iter().map(|m| self.transformed(m)).collect();
        out.sort();
        out.dedup();
        out
    }
}

/// A named polycube of a set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece3 {
    /// The piece's name.
    pub name: String,
    /// Its shape.
    pub shape: Polycube,
}

fn piece(name: &str, cells: &[(i32, i32, i32)]) -> Piece3 {
    Piece3 { name: name.to_string(), shape: Polycube::new(cells.iter().map(|&(x, y, z)| Cell3::new(x, y, z))).expect("a polycube") }
}

/// Piet Hein's Soma cube: the seven irregular polycubes of at most four cells (27 cells):
/// V, L, T, Z, the screws A and B (mirror images), and the branch P.
pub fn soma() -> Vec<Piece3> {
    vec![
        piece("V", &[(0, 0, 0), (1, 0, 0), (0, 1, 0)]),
        piece("L", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)]),
        piece("T", &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)]),
        piece("Z", &[(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)]),
        piece("A", &[(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)]),
        piece("B", &[(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, -1)]),
        piece("P", &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]),
    ]
}

/// The twelve pentominoes as flat pentacubes (in the plane z = 0); turned over in space,
/// each covers its mirror image too.
pub fn pentacubes_flat() -> Vec<Piece3> {
    crate::sets::pentominoes()
        .into_iter()
        .map(|p| Piece3 {
            name: p.name,
            shape: Polycube::new(p.shape.cells().iter().map(|c| Cell3::new(c.row, c.col, 0))).expect("a flat pentacube"),
        })
        .collect()
}

/// A finite set of cells to pack, with an index per cell (in sorted order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    cells: Vec<Cell3>,
    index: HashMap<Cell3, usize>,
}

impl Region {
    /// The region of `cells` (repeats count once).
    pub fn new(cells: impl IntoIterator<Item = Cell3>) -> Region {
        let mut cells: Vec<Cell3> = cells.into_iter().collect();
        cells.sort();
        cells.dedup();
        let index = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        Region { cells, index }
    }

    /// The box `0..a` x `0..b` x `0..c`.
    pub fn cuboid(a: i32, b: i32, c: i32) -> Region {
        Region::new((0..a).flat_map(|x| (0..b).flat_map(move |y| (0..c).map(move |z| Cell3::new(x, y, z)))))
    }

    /// The cells, sorted.
    pub fn cells(&self) -> &[Cell3] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the region has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Every placement of `shape` (in each orientation, `reflections` allowing mirror
    /// images) inside the region, as sorted cell indices, each once.
    pub fn placements(&self, shape: &Polycube, reflections: bool) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for o in shape.orientations(reflections) {
            let first = o.cells[0];
            for &anchor in &self.cells {
                let (dx, dy, dz) = (anchor.x - first.x, anchor.y - first.y, anchor.z - first.z);
                let placed: Option<Vec<usize>> =
                    o.cells.iter().map(|c| self.index.get(&Cell3::new(c.x + dx, c.y + dy, c.z + dz)).copied()).collect();
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
    /// realigns the region), as permutations of cell indices, with their matrices; the
    /// identity first.
    pub fn symmetries(&self, group: &[Matrix]) -> Vec<(Matrix, Vec<usize>)> {
        let mut out = Vec::new();
        let base = normalised(self.cells.clone());
        let shift = self.cells.first().copied().unwrap_or(Cell3::new(0, 0, 0));
        let origin = base.first().copied().unwrap_or(Cell3::new(0, 0, 0));
        let (sx, sy, sz) = (shift.x - origin.x, shift.y - origin.y, shift.z - origin.z);
        for m in group {
            let image: Vec<Cell3> = self.cells.iter().map(|c| c.apply(m)).collect();
            if normalised(image.clone()) != base {
                continue;
            }
            let min = |f: fn(&Cell3) -> i32| image.iter().map(f).min().unwrap_or(0);
            let (x0, y0, z0) = (min(|c| c.x), min(|c| c.y), min(|c| c.z));
            let perm: Vec<usize> = image.iter().map(|c| self.index[&Cell3::new(c.x - x0 + sx, c.y - y0 + sy, c.z - z0 + sz)]).collect();
            out.push((*m, perm));
        }
        out
    }
}

/// The exact cover problem of packing `pieces` (each once) into `region`: items are the
/// cells, then the pieces; one option per placement. Returns it with the placement of
/// each option as (piece, cell indices).
fn problem(region: &Region, pieces: &[Piece3], reflections: bool) -> (Problem, Vec<(usize, Vec<usize>)>) {
    let cells = region.len();
    let mut problem = Problem::new(cells + pieces.len(), 0);
    let mut owners = Vec::new();
    for (p, piece) in pieces.iter().enumerate() {
        for pl in region.placements(&piece.shape, reflections) {
            let mut items = pl.clone();
            items.push(cells + p);
            problem.add_option(&items).expect("items in range");
            owners.push((p, pl));
        }
    }
    (problem, owners)
}

/// The number of packings of `pieces`, each used once, filling `region` exactly
/// (orientations: rotations, and reflections when `reflections`); `None` past 2^128 - 1.
/// Counted as [`exact_cover::strategy::count_below`] does: memoized subproblems where the
/// table pays, else the enumerating engine it chooses (bitsets for these problems).
pub fn count_packings(region: &Region, pieces: &[Piece3], reflections: bool) -> Option<u128> {
    let total: usize = pieces.iter().map(|p| p.shape.len()).sum();
    if total != region.len() {
        return Some(0);
    }
    exact_cover::strategy::count_below(&problem(region, pieces, reflections).0, &[], true, &mut |_| {}).and_then(|c| c.count)
}

/// The number of classes of those packings under the region's symmetries that map the
/// piece set onto itself: every rotation of the region, and (also when the pieces may not
/// be reflected) every reflection that maps the pieces' shapes one to one onto the
/// pieces' shapes (Soma's screws A and B exchange). Counted by listing every packing and keeping those
/// that are least, per cell by piece index, among their images: exact, one per class;
/// time grows with the number of packings.
pub fn count_classes(region: &Region, pieces: &[Piece3], reflections: bool) -> u128 {
    let total: usize = pieces.iter().map(|p| p.shape.len()).sum();
    if total != region.len() {
        return 0;
    }
    // The piece each symmetry sends each piece to (by shape, up to the allowed
    // orientations), or no entry when it does not map the set onto itself.
    let classes: Vec<Vec<Polycube>> = pieces.iter().map(|p| p.shape.orientations(reflections)).collect();
    let group: Vec<(Vec<usize>, Vec<usize>)> = region
        .symmetries(&point_group(true))
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
    let (problem, owners) = problem(region, pieces, reflections);
    let mut solver = Search::new(&problem);
    let mut count = 0u128;
    let mut own = vec![0usize; region.len()];
    let mut image = vec![0usize; region.len()];
    while let Some(solution) = solver.next_solution() {
        for &o in solution {
            let (p, cells) = &owners[o];
            cells.iter().for_each(|&i| own[i] = *p);
        }
        let least = group.iter().all(|(perm, partner)| {
            for (i, &p) in own.iter().enumerate() {
                image[perm[i]] = partner[p];
            }
            own <= image
        });
        count += least as u128;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cube_has_24_rotations_and_48_symmetries() {
        assert_eq!(point_group(false).len(), 24);
        assert_eq!(point_group(true).len(), 48);
        assert_eq!(point_group(true)[0], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
        assert_eq!(Region::cuboid(3, 3, 3).symmetries(&point_group(true)).len(), 48);
        assert_eq!(Region::cuboid(3, 4, 5).symmetries(&point_group(true)).len(), 8);
        assert_eq!(Region::cuboid(2, 2, 5).symmetries(&point_group(false)).len(), 8);
    }

    #[test]
    fn soma_pieces_and_orientations() {
        let counts: Vec<usize> = soma().iter().map(|p| p.shape.orientations(false).len()).collect();
        // V, L, T, Z, A, B, P under the 24 rotations.
        assert_eq!(counts, [12, 24, 12, 12, 12, 12, 8]);
        assert_eq!(soma().iter().map(|p| p.shape.len()).sum::<usize>(), 27);
        // A and B are mirror images, not rotations of each other.
        let mirror = [[-1, 0, 0], [0, 1, 0], [0, 0, 1]];
        assert!(soma()[5].shape.orientations(false).contains(&soma()[4].shape.transformed(&mirror)));
        assert!(!soma()[5].shape.orientations(false).contains(&soma()[4].shape));
        assert!(Polycube::new([Cell3::new(0, 0, 0), Cell3::new(1, 1, 0)]).is_none());
    }

    #[test]
    fn the_soma_cube_has_11520_packings_in_240_classes() {
        let cube = Region::cuboid(3, 3, 3);
        assert_eq!(count_packings(&cube, &soma(), false), Some(11520));
        assert_eq!(count_classes(&cube, &soma(), false), 240);
    }

    #[test]
    fn flat_pentacubes_in_boxes() {
        // Published counts of the pentominoes as flat pentacubes (classes under the
        // box's symmetries): 2x3x10 has 12, 2x5x6 has 264.
        assert_eq!(count_classes(&Region::cuboid(2, 3, 10), &pentacubes_flat(), false), 12);
        assert_eq!(count_classes(&Region::cuboid(2, 5, 6), &pentacubes_flat(), false), 264);
    }
}

#[cfg(test)]
mod slow {
    use super::*;

    /// The 31520 packings of the flat pentacubes in 3x4x5 (3940 classes), on the engine
    /// the exact-cover strategy picks (bitsets):
    /// `cargo test --release -p gridlock-polyomino --lib -- --ignored pentacubes`.
    #[test]
    #[ignore = "about 20 s in release, minutes in the dev profile; run by hand for the benchmark"]
    fn flat_pentacubes_3x4x5() {
        let t = std::time::Instant::now();
        assert_eq!(count_packings(&Region::cuboid(3, 4, 5), &pentacubes_flat(), false), Some(31520));
        eprintln!("3x4x5 count: {:.1} s", t.elapsed().as_secs_f64());
    }
}
