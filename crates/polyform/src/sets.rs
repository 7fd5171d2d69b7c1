//! Built-in piece sets, as data, by lattice: on the square lattice the pentominoes,
//! tetrominoes, trominoes, the domino, the monomino and Kanoodle's pieces; on the cubic
//! lattice the Soma cube, the Bedlam cube, the Tetris cube and the flat pentacubes; on the
//! triangular lattice the hexiamonds; on the hexagonal lattice the tetrahexes. [`SETS`]
//! is the one registry of their names, which every front end reads ([`find`]).

use crate::lattice::{Cell, Lattice};
use crate::shape::{Piece, Shape};

fn set(pieces: &[(&str, &str)]) -> Vec<Piece> {
    pieces
        .iter()
        .map(|&(name, drawing)| Piece { name: name.to_string(), shape: Shape::from_drawing(drawing).expect("valid drawing") })
        .collect()
}

/// The 12 free pentominoes with Golomb's letters F I L N P T U V W X Y Z.
pub fn pentominoes() -> Vec<Piece> {
    set(&[
        ("F", ".##\n##.\n.#."),
        ("I", "#####"),
        ("L", "####\n#..."),
        ("N", "##..\n.###"),
        ("P", "##\n##\n#."),
        ("T", "###\n.#.\n.#."),
        ("U", "#.#\n###"),
        ("V", "#..\n#..\n###"),
        ("W", "#..\n##.\n.##"),
        ("X", ".#.\n###\n.#."),
        ("Y", "####\n.#.."),
        ("Z", "##.\n.#.\n.##"),
    ])
}

/// The 5 free tetrominoes I O T S L.
pub fn tetrominoes() -> Vec<Piece> {
    set(&[("I", "####"), ("O", "##\n##"), ("T", "###\n.#."), ("S", ".##\n##."), ("L", "###\n#..")])
}

/// The 12 pieces of Kanoodle (and of the NOI 2005 smart-beads puzzle), `A`..`L`: one
/// tromino, three tetrominoes and eight pentominoes, 55 cells in all.
pub fn kanoodle() -> Vec<Piece> {
    set(&[
        ("A", "##\n#."),
        ("B", "####"),
        ("C", "###\n#.."),
        ("D", "##\n##"),
        ("E", "#..\n#..\n###"),
        ("F", "####\n.#.."),
        ("G", "###\n#.#"),
        ("H", "###\n##."),
        ("I", "###.\n..##"),
        ("J", ".#.\n###\n.#."),
        ("K", "#..\n##.\n.##"),
        ("L", "####\n#..."),
    ])
}

/// The domino, for tiling questions (`--pieces dominoes --copies '*'`).
pub fn dominoes() -> Vec<Piece> {
    set(&[("domino", "##")])
}

/// The two free trominoes: `I3` (straight) and `L3` (bent).
pub fn trominoes() -> Vec<Piece> {
    set(&[("I3", "###"), ("L3", "##\n#.")])
}

/// The monomino (one cell).
pub fn monomino() -> Vec<Piece> {
    set(&[("monomino", "#")])
}

/// A built-in piece set: its name, its lattice, and how to build its pieces.
#[derive(Debug, Clone, Copy)]
pub struct Set {
    /// The name front ends know it by (`pack --pieces NAME`, the page, Python).
    pub name: &'static str,
    /// The lattice of its pieces.
    pub lattice: Lattice,
    make: fn() -> Vec<Piece>,
}

impl Set {
    /// The set's pieces, in their conventional order and names.
    pub fn pieces(&self) -> Vec<Piece> {
        (self.make)()
    }
}

/// Every built-in set, the one registry that the command line, the page and Python read:
/// the square lattice's first, then the others by lattice.
pub const SETS: &[Set] = &[
    Set { name: "pentominoes", lattice: Lattice::Square, make: pentominoes },
    Set { name: "tetrominoes", lattice: Lattice::Square, make: tetrominoes },
    Set { name: "kanoodle", lattice: Lattice::Square, make: kanoodle },
    Set { name: "dominoes", lattice: Lattice::Square, make: dominoes },
    Set { name: "trominoes", lattice: Lattice::Square, make: trominoes },
    Set { name: "monomino", lattice: Lattice::Square, make: monomino },
    Set { name: "soma", lattice: Lattice::Cubic, make: soma },
    Set { name: "pentacubes-flat", lattice: Lattice::Cubic, make: pentacubes_flat },
    Set { name: "bedlam", lattice: Lattice::Cubic, make: bedlam },
    Set { name: "tetris-cube", lattice: Lattice::Cubic, make: tetris_cube },
    Set { name: "hexiamonds", lattice: Lattice::Triangular, make: hexiamonds },
    Set { name: "tetrahexes", lattice: Lattice::Hexagonal, make: tetrahexes },
];

/// The built-in set `name`, on any lattice, or `None`.
pub fn find(name: &str) -> Option<&'static Set> {
    SETS.iter().find(|s| s.name == name)
}

/// The pieces of the built-in set `name` when it is on the square lattice, or `None`.
pub fn square(name: &str) -> Option<Vec<Piece>> {
    find(name).filter(|s| s.lattice == Lattice::Square).map(Set::pieces)
}

/// The names of the square lattice's sets, for messages: `pentominoes, tetrominoes, ...`.
pub fn square_names() -> String {
    SETS.iter().filter(|s| s.lattice == Lattice::Square).map(|s| s.name).collect::<Vec<_>>().join(", ")
}

/// The names of the other lattices' sets, grouped by lattice, for messages: `soma, ...
/// (cubic); hexiamonds (triangular); tetrahexes (hexagonal)`.
pub fn other_names() -> String {
    let mut groups: Vec<(Lattice, Vec<&str>)> = Vec::new();
    for s in SETS.iter().filter(|s| s.lattice != Lattice::Square) {
        match groups.iter_mut().find(|(l, _)| *l == s.lattice) {
            Some((_, names)) => names.push(s.name),
            None => groups.push((s.lattice, vec![s.name])),
        }
    }
    groups.iter().map(|(l, names)| format!("{} ({})", names.join(", "), l.name())).collect::<Vec<_>>().join("; ")
}

// The sets of the other lattices.

/// A piece's name and cells `(x, y, z)`, for the built-in sets.
type Listed<'a> = (&'a str, &'a [(i32, i32, i32)]);

fn pieces(lattice: Lattice, list: &[Listed]) -> Vec<Piece> {
    list.iter()
        .map(|&(name, cells)| Piece {
            name: name.to_string(),
            shape: Shape::polyform(lattice, cells.iter().map(|&(x, y, z)| Cell::new(x, y, z))).expect("a polyform"),
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
    pentominoes()
        .into_iter()
        .map(|p| Piece { name: p.name, shape: Shape::polyform(Lattice::Cubic, p.shape.cells().iter().copied()).expect("a flat pentacube") })
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

fn lettered(forms: Vec<Shape>) -> Vec<Piece> {
    forms.into_iter().zip('A'..='Z').map(|(shape, letter)| Piece { name: letter.to_string(), shape }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Freedom;
    use std::collections::HashSet;

    #[test]
    fn sets_are_distinct_free_pieces() {
        for (set, size, n) in [(pentominoes(), 60, 12), (tetrominoes(), 20, 5), (kanoodle(), 55, 12)] {
            assert_eq!(set.len(), n);
            assert_eq!(set.iter().map(|p| p.shape.len()).sum::<usize>(), size);
            let canon: HashSet<_> = set.iter().map(|p| p.shape.canonical(Freedom::Free)).collect();
            assert_eq!(canon.len(), n);
            assert!(set.iter().all(|p| p.shape.is_connected()));
        }
        // The 12 pentominoes have 63 orientations in all.
        assert_eq!(pentominoes().iter().map(|p| p.shape.orientations(Freedom::Free).len()).sum::<usize>(), 63);
    }

    #[test]
    fn soma_pieces_and_orientations() {
        let counts: Vec<usize> = soma().iter().map(|p| p.shape.orientations(false).len()).collect();
        // V, L, T, Z, A, B, P under the 24 rotations.
        assert_eq!(counts, [12, 24, 12, 12, 12, 12, 8]);
        assert_eq!(soma().iter().map(|p| p.shape.cells().len()).sum::<usize>(), 27);
        // A and B are mirror images, not rotations of each other.
        let mirror = [[-1, 0, 0], [0, 1, 0], [0, 0, 1]];
        assert!(soma()[5].shape.orientations(false).contains(&soma()[4].shape.transformed(mirror)));
        assert!(!soma()[5].shape.orientations(false).contains(&soma()[4].shape));
    }

    #[test]
    fn the_registry_names_each_set_once_on_its_lattice() {
        for (k, set) in SETS.iter().enumerate() {
            assert!(SETS[..k].iter().all(|s| s.name != set.name), "{} twice", set.name);
            let pieces = set.pieces();
            assert!(!pieces.is_empty(), "{}", set.name);
            assert!(pieces.iter().all(|p| p.shape.lattice() == set.lattice), "{}", set.name);
            assert_eq!(find(set.name).map(|s| s.name), Some(set.name));
            assert_eq!(square(set.name).is_some(), set.lattice == Lattice::Square);
        }
        assert!(find("heptominoes").is_none());
        // The words of the front ends' messages.
        assert_eq!(square_names(), "pentominoes, tetrominoes, kanoodle, dominoes, trominoes, monomino");
        assert_eq!(other_names(), "soma, pentacubes-flat, bedlam, tetris-cube (cubic); hexiamonds (triangular); tetrahexes (hexagonal)");
    }
}
