//! Knuth's notation for polyform packings: a cell as his programs write it
//! ([`knuth_cell`]), and a whole packing problem as the input of `polyomino-dlx`,
//! `polyiamond-dlx` or `polycube-dlx` ([`knuth_notation`]), from each lattice's own
//! cell notation ([`crate::lattice::Geometry::knuth_cell`]).

use crate::lattice::{Cell, Lattice};
use crate::region::Region;
use crate::shape::Piece;

/// A cell as Knuth's programs write it: `xy` (square), `xy` or `xy'` for the downward
/// triangle (triangular), `xyz` (cubic), each coordinate one extended hexadecimal digit
/// (`0`-`9`, `a`-`z`, `A`-`Z`); on the hexagonal lattice `xy` as on the square one.
/// `None` when a coordinate is outside 0 to 61, or on a lattice with no such notation
/// (triangular prisms).
pub fn knuth_cell(lattice: Lattice, c: Cell) -> Option<String> {
    lattice.geometry().knuth_cell(c)
}

/// The packing of `pieces` into `region` written in the input notation of Knuth's
/// `polyomino-dlx` (square), `polyiamond-dlx` (triangular) or `polycube-dlx` (cubic): the
/// box line of cells, then a line per piece, its name and cells. Cells are written `xy`,
/// `xy'` (a downward triangle) or `xyz`, one base-62 digit per coordinate after
/// translating the region to 0. Knuth's programs turn pieces over in the plane and only
/// rotate them in space, as [`crate::count::count_packings`] does with `reflections` true
/// on the plane lattices and false on the cubic one. On the plane, each piece line starts
/// `1|`: a line without a multiplicity longer than 8 characters overruns
/// `polyomino-dlx`'s and `polyiamond-dlx`'s multiplicity buffer (`multip[8]`).
///
/// `None` on a lattice Knuth has no program for (hexagonal, triangular prisms), or when
/// a coordinate, after translating the region to 0, passes 61.
pub fn knuth_notation(region: &Region, pieces: &[Piece]) -> Option<String> {
    let l = region.lattice();
    l.geometry().knuth_program()?;
    let (_, shift) = l.normalise(region.cells().to_vec());
    let cell = |c: &Cell, shift: Cell| knuth_cell(l, Cell::new(c.x - shift.x, c.y - shift.y, c.z - shift.z));
    let line = |cells: &[Cell], shift: Cell| -> Option<String> {
        cells.iter().map(|c| cell(c, shift)).collect::<Option<Vec<_>>>().map(|v| v.join(" "))
    };
    let mut out = line(region.cells(), shift)?;
    out.push('\n');
    for p in pieces {
        let prefix = if l.is_solid() { "" } else { "1|" };
        out.push_str(&format!("{prefix}{} {}\n", p.name, line(p.shape.cells(), Cell::new(0, 0, 0))?));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_in_knuths_digits() {
        assert_eq!(knuth_cell(Lattice::Square, Cell::new(10, 36, 0)).as_deref(), Some("aA"));
        assert_eq!(knuth_cell(Lattice::Triangular, Cell::new(1, 2, 1)).as_deref(), Some("12'"));
        assert_eq!(knuth_cell(Lattice::Cubic, Cell::new(0, 61, 3)).as_deref(), Some("0Z3"));
        assert_eq!(knuth_cell(Lattice::Cubic, Cell::new(0, 62, 3)), None);
        assert_eq!(knuth_cell(Lattice::TriangularPrism, Cell::new(0, 0, 0)), None);
        let prisms = Region::prism(1, 1, 1);
        assert_eq!(knuth_notation(&prisms, &[]), None);
    }
}
