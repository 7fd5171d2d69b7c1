//! Built-in piece sets, as data, by lattice: on the square lattice the pentominoes,
//! tetrominoes, trominoes, the domino, the monomino and Kanoodle's pieces; on the cubic
//! lattice the Soma cube, the Bedlam cube, the Tetris cube and the flat pentacubes; on the
//! triangular lattice the hexiamonds; on the hexagonal lattice the tetrahexes. [`SETS`]
//! is the one registry of their names, which every front end reads ([`find`]).

use crate::enumerate::{self, Kind};
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

/// A piece set: its name, its lattice, and how to build its pieces.
#[derive(Debug, Clone)]
pub struct Set {
    /// The name front ends know it by (`pack --pieces NAME`, the page, Python).
    pub name: std::borrow::Cow<'static, str>,
    /// The lattice of its pieces.
    pub lattice: Lattice,
    source: Source,
}

/// How a [`Set`]'s pieces are built.
#[derive(Debug, Clone)]
enum Source {
    /// A set listed here.
    Listed(fn() -> Vec<Piece>),
    /// Every polyform of a size ([`family`]).
    Family(usize, Kind),
    /// Several sets joined (`a+b`), names made distinct ([`join`]).
    Joined(Vec<Set>),
}

impl Set {
    /// The set's pieces, in their conventional order and names.
    pub fn pieces(&self) -> Vec<Piece> {
        match &self.source {
            Source::Listed(make) => make(),
            &Source::Family(n, kind) => family(self.lattice, n, kind),
            Source::Joined(parts) => join(parts.iter().map(Set::pieces).collect()),
        }
    }
}

const fn listed(name: &'static str, lattice: Lattice, make: fn() -> Vec<Piece>) -> Set {
    Set { name: std::borrow::Cow::Borrowed(name), lattice, source: Source::Listed(make) }
}

/// Every built-in named set, the one registry that the command line, the page and
/// Python read: the square lattice's first, then the others by lattice. [`find`] also
/// knows the families by size ([`FAMILIES`]) and joins.
pub const SETS: &[Set] = &[
    listed("pentominoes", Lattice::Square, pentominoes),
    listed("tetrominoes", Lattice::Square, tetrominoes),
    listed("kanoodle", Lattice::Square, kanoodle),
    listed("dominoes", Lattice::Square, dominoes),
    listed("trominoes", Lattice::Square, trominoes),
    listed("monomino", Lattice::Square, monomino),
    listed("soma", Lattice::Cubic, soma),
    listed("pentacubes-flat", Lattice::Cubic, pentacubes_flat),
    listed("bedlam", Lattice::Cubic, bedlam),
    listed("tetris-cube", Lattice::Cubic, tetris_cube),
    listed("hexiamonds", Lattice::Triangular, hexiamonds),
    listed("tetrahexes", Lattice::Hexagonal, tetrahexes),
    listed("tetrasticks", Lattice::Stick, tetrasticks),
];

/// The polyform families by lattice: the plural of the family (`polyominoes`, the
/// prefix of `polyominoes:N`), the names of its members by size from 1, what one member
/// is called past those names (`N-omino`), and the largest size [`find`] builds (the
/// free forms of that size number at most about 10^5, listed in about a second).
pub const FAMILIES: &[(Lattice, &str, &[&str], &str, usize)] = &[
    (
        Lattice::Square,
        "polyominoes",
        &["monominoes", "dominoes", "trominoes", "tetrominoes", "pentominoes", "hexominoes", "heptominoes", "octominoes"],
        "omino",
        12,
    ),
    (
        Lattice::Triangular,
        "polyiamonds",
        &["moniamonds", "diamonds", "triamonds", "tetriamonds", "pentiamonds", "hexiamonds", "heptiamonds", "octiamonds"],
        "iamond",
        14,
    ),
    (Lattice::Hexagonal, "polyhexes", &["monohexes", "dihexes", "trihexes", "tetrahexes", "pentahexes", "hexahexes"], "hex", 10),
    (Lattice::Cubic, "polycubes", &["monocubes", "dicubes", "tricubes", "tetracubes", "pentacubes", "hexacubes"], "cube", 8),
    (Lattice::TriangularPrism, "polyprisms", &[], "prism", 7),
    (Lattice::Stick, "polysticks", &["monosticks", "disticks", "tristicks", "tetrasticks", "pentasticks", "hexasticks"], "stick", 9),
    (Lattice::Trig, "polytrigs", &["monotrigs", "ditrigs", "tritrigs", "tetratrigs", "pentatrigs", "hexatrigs"], "trig", 7),
];

/// The set `name` on any lattice, or `None`: a built-in one ([`SETS`]); a family by size
/// ([`FAMILIES`]: `hexominoes`, `tricubes`, `polyominoes:9`, ...), free, or with the
/// prefix `one-sided-` one-sided (for solids: mirror images distinct); or several of
/// these on one lattice joined by `+` (`pentominoes+tetrominoes`). Built without
/// enumerating anything: [`Set::pieces`] does that.
pub fn find(name: &str) -> Option<Set> {
    if let Some(set) = SETS.iter().find(|s| s.name == name) {
        return Some(set.clone());
    }
    if name.contains('+') {
        let parts: Vec<Set> = name.split('+').map(|part| find(part.trim())).collect::<Option<_>>()?;
        let lattice = parts[0].lattice;
        return parts.iter().all(|p| p.lattice == lattice).then(|| Set {
            name: std::borrow::Cow::Owned(name.to_string()),
            lattice,
            source: Source::Joined(parts),
        });
    }
    let (kind, rest) = match name.strip_prefix("one-sided-") {
        Some(rest) => (Kind::OneSided, rest),
        None => (Kind::Free, name),
    };
    for &(lattice, plural, sizes, _, largest) in FAMILIES {
        let n = match rest.strip_prefix(plural).and_then(|r| r.strip_prefix(':')) {
            Some(n) => n.parse::<usize>().ok()?,
            None => match sizes.iter().position(|&s| s == rest) {
                Some(k) => k + 1,
                None => continue,
            },
        };
        return (1..=largest).contains(&n).then(|| Set {
            name: std::borrow::Cow::Owned(name.to_string()),
            lattice,
            source: Source::Family(n, kind),
        });
    }
    None
}

/// Every polyform of `n` cells on `lattice` (`kind`: free or one-sided; fixed lists
/// every translation class), named: by a built-in set that is exactly the free forms
/// of that size where there is one (the pentominoes' letters, the hexiamonds' ...; a
/// one-sided form that is not that set's own gets the name with `'` appended), else
/// `NAME-K` (`hexomino-1`, ...) in the order of [`enumerate::list`].
pub fn family(lattice: Lattice, n: usize, kind: Kind) -> Vec<Piece> {
    let forms = enumerate::list(lattice, n, kind);
    // The built-in sets of n-cell pieces, and the free forms' number, counted once and
    // only when there is such a set (fixed forms are never named by one).
    let candidates: Vec<Vec<Piece>> = SETS
        .iter()
        .filter(|s| s.lattice == lattice && kind != Kind::Fixed)
        .map(Set::pieces)
        .filter(|pieces| pieces.iter().all(|p| p.shape.len() == n))
        .collect();
    let free = match kind {
        _ if candidates.is_empty() => 0,
        Kind::Free => forms.len(),
        _ => enumerate::count(lattice, n, Kind::Free, 1, &|_, _| {})[n - 1] as usize,
    };
    let named: Option<Vec<Piece>> = candidates.into_iter().find(|pieces| pieces.len() == free);
    let singular = singular(lattice, n);
    forms
        .into_iter()
        .enumerate()
        .map(|(k, shape)| {
            let canonical = shape.canonical(crate::shape::Freedom::Free);
            let name = named
                .as_ref()
                .and_then(|set| set.iter().find(|p| p.shape.canonical(crate::shape::Freedom::Free) == canonical))
                .map(|p| {
                    let own = p.shape.canonical(crate::shape::Freedom::OneSided);
                    if kind == Kind::OneSided && own != shape.canonical(crate::shape::Freedom::OneSided) {
                        format!("{}'", p.name)
                    } else {
                        p.name.clone()
                    }
                })
                .unwrap_or_else(|| format!("{singular}-{}", k + 1));
            Piece { name, shape }
        })
        .collect()
}

/// What one polyform of `n` cells of `lattice` is called: `hexomino`, `tetriamond`,
/// `pentacube`, `9-omino`, ...
pub fn singular(lattice: Lattice, n: usize) -> String {
    let &(_, _, sizes, suffix, _) = FAMILIES.iter().find(|f| f.0 == lattice).expect("every lattice has a family");
    match sizes.get(n.wrapping_sub(1)) {
        Some(plural) if plural.ends_with("xes") || plural.ends_with("oes") => plural[..plural.len() - 2].to_string(),
        Some(plural) => plural[..plural.len() - 1].to_string(),
        None => format!("{n}-{suffix}"),
    }
}

/// The pieces of several sets, in order, as one set: a name that more than one piece
/// has gets each such piece's cell count appended (`I4`, `I5`).
pub fn join(parts: Vec<Vec<Piece>>) -> Vec<Piece> {
    let mut all: Vec<Piece> = parts.into_iter().flatten().collect();
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for p in &all {
        *seen.entry(p.name.clone()).or_default() += 1;
    }
    for p in &mut all {
        if seen[&p.name] > 1 {
            p.name = format!("{}{}", p.name, p.shape.len());
        }
    }
    all
}

/// The pieces of the built-in set `name` when it is on the square lattice, or `None`.
pub fn square(name: &str) -> Option<Vec<Piece>> {
    find(name).filter(|s| s.lattice == Lattice::Square).map(|s| s.pieces())
}

/// The names of the square lattice's sets, for messages: `pentominoes, tetrominoes, ...`.
pub fn square_names() -> String {
    SETS.iter().filter(|s| s.lattice == Lattice::Square).map(|s| s.name.as_ref()).collect::<Vec<_>>().join(", ")
}

/// The names of the other lattices' sets, grouped by lattice, for messages: `soma, ...
/// (cubic); hexiamonds (triangular); tetrahexes (hexagonal)`.
pub fn other_names() -> String {
    let mut groups: Vec<(Lattice, Vec<&str>)> = Vec::new();
    for s in SETS.iter().filter(|s| s.lattice != Lattice::Square) {
        match groups.iter_mut().find(|(l, _)| *l == s.lattice) {
            Some((_, names)) => names.push(s.name.as_ref()),
            None => groups.push((s.lattice, vec![s.name.as_ref()])),
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

/// The 16 tetrasticks with the letter names of Knuth's "Dancing links" (2000) and David
/// Goodger's Polyform Puzzler: four unit segments of the square grid each, cells `(x, y,
/// d)` as [`crate::lattice::stick`] numbers them (64 segments).
pub fn tetrasticks() -> Vec<Piece> {
    pieces(
        Lattice::Stick,
        &[
            ("F", &[(0, 0, 0), (0, 1, 0), (1, 0, 1), (1, 1, 1)]),
            ("H", &[(0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 1)]),
            ("I", &[(0, 0, 1), (0, 1, 1), (0, 2, 1), (0, 3, 1)]),
            ("J", &[(0, 1, 1), (0, 2, 0), (1, 0, 1), (1, 1, 1)]),
            ("L", &[(0, 3, 0), (1, 0, 1), (1, 1, 1), (1, 2, 1)]),
            ("N", &[(0, 2, 0), (0, 2, 1), (1, 0, 1), (1, 1, 1)]),
            ("O", &[(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 1)]),
            ("P", &[(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 1, 1)]),
            ("R", &[(0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 1, 1)]),
            ("T", &[(0, 1, 0), (1, 1, 0), (2, 0, 1), (2, 1, 1)]),
            ("U", &[(0, 0, 0), (0, 2, 0), (1, 0, 1), (1, 1, 1)]),
            ("V", &[(0, 2, 0), (1, 2, 0), (2, 0, 1), (2, 1, 1)]),
            ("W", &[(0, 2, 0), (1, 1, 0), (1, 1, 1), (2, 0, 1)]),
            ("X", &[(0, 1, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)]),
            ("Y", &[(0, 2, 0), (1, 0, 1), (1, 1, 1), (1, 2, 1)]),
            ("Z", &[(0, 2, 0), (1, 0, 0), (1, 0, 1), (1, 1, 1)]),
        ],
    )
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
            assert_eq!(find(&set.name).map(|s| s.name), Some(set.name.clone()));
            assert_eq!(square(&set.name).is_some(), set.lattice == Lattice::Square);
        }
        assert!(find("heptominos").is_none());
        // The words of the front ends' messages.
        assert_eq!(square_names(), "pentominoes, tetrominoes, kanoodle, dominoes, trominoes, monomino");
        assert_eq!(
            other_names(),
            "soma, pentacubes-flat, bedlam, tetris-cube (cubic); hexiamonds (triangular); tetrahexes (hexagonal); tetrasticks (stick)"
        );
    }

    #[test]
    fn families_by_size_equal_the_brute_force_forms_and_keep_the_field_names() {
        let names = |set: &str| -> Vec<String> { find(set).unwrap().pieces().into_iter().map(|p| p.name).collect() };
        for (set, lattice, n, reflections) in [
            ("hexominoes", Lattice::Square, 6, true),
            ("one-sided-pentominoes", Lattice::Square, 5, false),
            ("polyominoes:7", Lattice::Square, 7, true),
            ("pentiamonds", Lattice::Triangular, 5, true),
            ("one-sided-hexiamonds", Lattice::Triangular, 6, false),
            ("trihexes", Lattice::Hexagonal, 3, true),
            ("tetracubes", Lattice::Cubic, 4, true),
            ("one-sided-tetracubes", Lattice::Cubic, 4, false),
            ("polyprisms:3", Lattice::TriangularPrism, 3, true),
            ("tetrasticks", Lattice::Stick, 4, true),
            ("pentasticks", Lattice::Stick, 5, true),
            ("one-sided-tetrasticks", Lattice::Stick, 4, false),
        ] {
            let found = find(set).unwrap_or_else(|| panic!("{set}"));
            assert_eq!(found.lattice, lattice, "{set}");
            let mut forms: Vec<Shape> = found.pieces().iter().map(|p| p.shape.canonical(reflections)).collect();
            forms.sort();
            assert_eq!(forms, lattice.polyforms(n, reflections), "{set}");
            let mut distinct = names(set);
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), forms.len(), "{set}: names distinct");
        }
        // The built-in sets' names carry over: Golomb's letters, and the mirror images of
        // the one-sided pentominoes primed.
        let mut letters = names("pentominoes");
        letters.sort();
        let mut family = find("polyominoes:5").unwrap().pieces().into_iter().map(|p| p.name).collect::<Vec<_>>();
        family.sort();
        assert_eq!(family, letters);
        let one_sided = names("one-sided-pentominoes");
        assert!(["F", "F'", "L", "L'", "I", "X"].iter().all(|n| one_sided.contains(&n.to_string())), "{one_sided:?}");
        assert!(names("hexominoes").iter().all(|n| n.starts_with("hexomino-")));
        // Joins keep every piece, names made distinct by the cell count where they clash.
        let joined = names("pentominoes+tetrominoes");
        assert_eq!(joined.len(), 17);
        assert!(joined.contains(&"I4".to_string()) && joined.contains(&"I5".to_string()) && joined.contains(&"O".to_string()));
        for bad in ["polyominoes:13", "polyominoes:0", "polyominoes:x", "hexominoes+hexacubes", "one-sided-soma", "pentominoes+"] {
            assert!(find(bad).is_none(), "{bad}");
        }
    }
}
