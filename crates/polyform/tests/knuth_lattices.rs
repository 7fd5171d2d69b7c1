//! Packings on the triangular and cubic lattices against Knuth's pipeline on the same
//! problem: `knuth_notation` writes the box and pieces, `polyiamond-dlx` or
//! `polycube-dlx` turns them into exact cover and `ssxcc` counts. Runs Knuth's programs
//! when they are built in `GRIDLOCK_KNUTH`; the counts they gave are recorded in
//! `tests/data/lattices/knuth-counts.txt` (regenerate with `GRIDLOCK_RECORD=1 cargo test
//! -p gridlock-polyform --test knuth_lattices -- --nocapture`).

mod knuth;

use knuth::{knuth_count, run, Comparison};
use polyform::count::count_packings;
use polyform::knuth::knuth_notation;
use polyform::{Cell, Lattice, Piece, Region};

/// Deterministic cases: (name, region, pieces, reflections as Knuth's program has them).
fn cases() -> Vec<(String, Region, Vec<Piece>, bool)> {
    let mut next = knuth::xorshift(0x9E37_79B9_7F4A_7C15u64);
    // The twelve hexiamonds in the 6x6 rhombus (624 packings).
    let mut out =
        vec![("hexiamonds-6x6".to_string(), Region::parallelogram(Lattice::Triangular, 6, 6), polyform::sets::hexiamonds(), true)];
    // Triangular: a rhombus of 24 or 30 triangles, and polyiamonds of 3 to 6 triangles
    // whose sizes add up to it (turned over, as polyiamond-dlx does).
    for k in 0..10 {
        let (a, b) = (3, 4 + next(2) as i32);
        let region = Region::parallelogram(Lattice::Triangular, a, b);
        out.push((format!("tri{k}"), region, pieces(Lattice::Triangular, 2 * a * b, true, &mut next), true));
    }
    // Cubic: a 2x3x4 or 2x3x3 box and polycubes of 3 to 5 cells (rotated only, as
    // polycube-dlx does).
    for k in 0..10 {
        let c = 3 + next(2) as i32;
        let region = Region::cuboid(2, 3, c);
        out.push((format!("cube{k}"), region, pieces(Lattice::Cubic, 6 * c, false, &mut next), false));
    }
    out
}

/// Random pieces of `cells` cells in all: sizes 3 to 6 (3 to 5 for cubes), the last
/// piece taking what is left when that is at least 3.
fn pieces(lattice: Lattice, cells: i32, reflections: bool, next: &mut impl FnMut(u64) -> u64) -> Vec<Piece> {
    let top = if lattice == Lattice::Cubic { 5 } else { 6 };
    let mut left = cells;
    let mut out = Vec::new();
    while left > 0 {
        let mut size = 3 + next(top - 2) as i32;
        if left - size < 3 {
            size = left;
        }
        if size > top as i32 {
            size = 3;
        }
        let forms = lattice.polyforms(size as usize, reflections);
        let shape = forms[next(forms.len() as u64) as usize].clone();
        out.push(Piece { name: format!("p{}", out.len()), shape });
        left -= size;
    }
    out
}

#[test]
fn counts_equal_knuths_pipeline() {
    let mut knuth = Comparison::new(include_str!("../../../tests/data/lattices/knuth-counts.txt"));
    for (name, region, pieces, reflections) in cases() {
        let text = knuth_notation(&region, &pieces).expect("coordinates fit Knuth's digits");
        let ours = count_packings(&region, &pieces, reflections).expect("small counts");
        knuth.check(&name, &text, ours, |dir| {
            let maker = if region.lattice() == Lattice::Cubic { "polycube-dlx" } else { "polyiamond-dlx" };
            let dlx = run(&dir.join(maker), &[], text.as_bytes()).0;
            knuth_count(&dir.join("ssxcc"), &dlx)
        });
    }
    // The cases exercise packings, not only impossibility.
    assert!(knuth.nonzero >= 5, "only {} cases have a packing", knuth.nonzero);
}

#[test]
fn knuth_has_no_polyhex_notation() {
    assert!(knuth_notation(&Region::new(Lattice::Hexagonal, [Cell::new(0, 0, 0)]), &[]).is_none());
}
