//! Packing puzzles off the square lattice (`gridlock pack --lattice`): polyiamonds on
//! the triangular lattice, polyhexes on the hexagonal one, polycubes on the cubic one.
//!
//! Flow: [`boxed`], [`super::drawing::parse_board`] or
//! [`super::knuth::parse_knuth_lattice`] for the region, [`polyform::sets::find`],
//! [`super::drawing::parse_pieces`] or the Knuth file for the pieces ->
//! [`super::Problem`] -> [`render`], one line per tile in the cell notation of Knuth's
//! programs ([`polyform::knuth::knuth_cell`]).

use super::Tiling;
pub use polyform::pack::cell_name;
use polyform::sets;
use polyform::{Lattice, Piece, Region};

/// The lattice of the set `name` when it is one ([`polyform::sets::find`]) on a lattice
/// other than the square one; `None` otherwise. Builds no piece.
pub fn set_lattice(name: &str) -> Option<Lattice> {
    sets::find(name).map(|s| s.lattice).filter(|&l| l != Lattice::Square)
}

/// The box `spec` of `lattice`: `AxBxC` (cubic: cells `xyz` with `x < A`, `y < B`,
/// `z < C`; triangular prisms: the `A` x `B` rhombus of triangles in `C` layers) or
/// `AxB` (a parallelogram of the plane lattices; on the triangular lattice both
/// triangles of each of its `AB` rhombi; on the stick lattice every segment of the grid
/// of `A` x `B` squares; on the trig lattice every segment between the points of the
/// `A` x `B` parallelogram of triangle pairs), each side 1 to 62, as Knuth's cell notation reaches.
///
/// Errors: a message when the text is not of that form.
pub fn boxed(lattice: Lattice, spec: &str) -> Result<Region, String> {
    let dims = if lattice.is_solid() { 3 } else { 2 };
    let example = if dims == 3 { "3x4x5" } else { "6x6" };
    let bad = || format!("'{spec}' is not a box of the {} lattice such as {example}", lattice.name());
    let sides: Vec<i32> = spec.split(['x', 'X']).map(|s| s.trim().parse::<i32>().map_err(|_| bad())).collect::<Result<_, _>>()?;
    if sides.len() != dims {
        return Err(bad());
    }
    if sides.iter().any(|s| !(1..=62).contains(s)) {
        return Err(format!("'{spec}': each side must be 1 to 62"));
    }
    Ok(match (lattice, dims) {
        (Lattice::TriangularPrism, _) => Region::prism(sides[0], sides[1], sides[2]),
        (Lattice::Stick, _) => Region::stick_grid(sides[0], sides[1]),
        (Lattice::Trig, _) => Region::trig_grid(sides[0], sides[1]),
        (_, 3) => Region::cuboid(sides[0], sides[1], sides[2]),
        _ => Region::parallelogram(lattice, sides[0], sides[1]),
    })
}

/// The packing `tiling` of polysticks or polytrigs as text: the grid drawn as the
/// lattice's files draw it ([`super::drawing::draw_segments`]), each segment showing its tile's label
/// (`?` on a segment no tile covers). When the tiles' pieces are distinct and named by
/// distinct single characters, those are the labels; otherwise tile `k` is labelled
/// [`super::nth_label`]`(k)` and a line per tile follows: its label and its piece's name.
pub fn render_sticks(region: &Region, pieces: &[Piece], tiling: &Tiling) -> String {
    // The tiles' pieces, labelled as a board's pieces are, but never by a character that
    // draws the grid.
    let tiles: Vec<Piece> = tiling.iter().map(|(p, _)| pieces[*p].clone()).collect();
    let labels = super::labels_where(&tiles, |c| c.is_ascii_graphic() && !matches!(c, '+' | '-' | '|' | '.' | '?'));
    let mut label = vec!['?'; region.len()];
    for ((_, cells), &l) in tiling.iter().zip(&labels) {
        cells.iter().for_each(|&i| label[i] = l);
    }
    let cells: Vec<(polyform::Cell, char)> = region.cells().iter().copied().zip(label).collect();
    super::drawing::draw_segments(region.lattice(), &cells) + &super::legend(&tiles, &labels)
}

/// The packing `tiling` of `region` as text: one line per tile, the piece's name and its
/// cells ([`cell_name`]), in the order of the tiles.
pub fn render(region: &Region, pieces: &[Piece], tiling: &Tiling) -> String {
    let mut out = String::new();
    for (p, cells) in tiling {
        out.push_str(&located::printable(&pieces[*p].name));
        for &i in cells {
            out.push(' ');
            out.push_str(&cell_name(region.lattice(), region.cells()[i]));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_have_their_cells_and_bad_specs_are_refused() {
        assert_eq!(boxed(Lattice::Cubic, "3x4x5").unwrap().cells().len(), 60);
        assert_eq!(boxed(Lattice::Triangular, "6x6").unwrap().cells().len(), 72);
        assert_eq!(boxed(Lattice::Hexagonal, "2x3").unwrap().cells().len(), 6);
        for (l, spec) in [(Lattice::Cubic, "3x4"), (Lattice::Triangular, "3x4x5"), (Lattice::Cubic, "0x1x1"), (Lattice::Cubic, "63x1x1")] {
            assert!(boxed(l, spec).is_err(), "{spec}");
        }
    }

    #[test]
    fn the_soma_cube_counts_and_renders() {
        let soma = polyform::sets::find("soma").unwrap();
        let (l, pieces) = (soma.lattice, soma.pieces());
        assert_eq!(set_lattice("soma"), Some(l));
        assert_eq!(set_lattice("pentominoes"), None);
        let solver = crate::pack::Problem::distinct(boxed(l, "3x3x3").unwrap(), pieces, false).unwrap();
        assert_eq!(solver.count(&crate::pack::RunOptions::default()), Ok(11520));
        let text = render(solver.region(), solver.pieces(), &solver.first().unwrap());
        assert_eq!(text.lines().count(), 7);
        assert_eq!(text.split_whitespace().filter(|w| w.len() == 3).count(), 27);
    }
}
