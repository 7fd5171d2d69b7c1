//! Built-in piece sets.

use crate::Shape;

/// A named piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The piece's name (for drawing solutions).
    pub name: String,
    /// Its shape in one orientation.
    pub shape: Shape,
}

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

/// The set called `name` (`pentominoes`, `tetrominoes` or `kanoodle`), if any.
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

/// The names [`by_name`] knows, for messages.
pub const NAMES: &str = "pentominoes, tetrominoes, kanoodle, dominoes, trominoes, monomino";

/// A built-in set by name (see [`NAMES`]), or `None`.
pub fn by_name(name: &str) -> Option<Vec<Piece>> {
    match name {
        "pentominoes" => Some(pentominoes()),
        "tetrominoes" => Some(tetrominoes()),
        "kanoodle" => Some(kanoodle()),
        "dominoes" => Some(dominoes()),
        "trominoes" => Some(trominoes()),
        "monomino" => Some(monomino()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Freedom;
    use std::collections::HashSet;

    #[test]
    fn sets_are_distinct_free_pieces() {
        for (set, size, n) in [(pentominoes(), 60, 12), (tetrominoes(), 20, 5), (kanoodle(), 55, 12)] {
            assert_eq!(set.len(), n);
            assert_eq!(set.iter().map(|p| p.shape.len()).sum::<usize>(), size);
            let canon: HashSet<_> = set.iter().map(|p| p.shape.canonical()).collect();
            assert_eq!(canon.len(), n);
            assert!(set.iter().all(|p| p.shape.is_connected()));
        }
        // The 12 pentominoes have 63 orientations in all.
        assert_eq!(pentominoes().iter().map(|p| p.shape.orientations(Freedom::Free).len()).sum::<usize>(), 63);
    }
}
