//! Redelmeier's counts and listings (`polyform::enumerate`) against a brute force that
//! shares nothing with them: every polyform grown cell by cell from the forms one cell
//! smaller, kept in a set of normalised shapes ([`Lattice::polyforms`] for free and
//! one-sided forms; the set of translation classes here for fixed ones).

use polyform::enumerate::{self, Kind};
use polyform::{Cell, Lattice, Shape};
use std::collections::BTreeSet;

/// Every fixed polyform of `n` cells (translation classes), grown cell by cell.
fn brute_fixed(lattice: Lattice, n: usize) -> BTreeSet<Shape> {
    let mut forms: BTreeSet<Shape> = BTreeSet::new();
    for z in 0..3 {
        if let Some(s) = Shape::polyform(lattice, [Cell::new(0, 0, z)]) {
            forms.insert(s);
        }
    }
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for f in &forms {
            for &c in f.cells() {
                for d in lattice.neighbours(c) {
                    if !f.cells().contains(&d) {
                        let cells = f.cells().iter().copied().chain([d]);
                        next.insert(Shape::polyform(lattice, cells).expect("connected"));
                    }
                }
            }
        }
        forms = next;
    }
    forms
}

/// The sizes each lattice is checked to (the brute force's time).
fn sizes(lattice: Lattice) -> usize {
    match lattice {
        Lattice::Square | Lattice::Hexagonal => 7,
        Lattice::Triangular => 8,
        Lattice::Cubic | Lattice::TriangularPrism => 5,
        Lattice::Stick => 6,
        Lattice::Trig => 5,
    }
}

#[test]
fn counts_and_listings_equal_the_brute_force_on_every_lattice() {
    for lattice in Lattice::ALL {
        let top = sizes(lattice);
        let none = |_: u64, _: u64| {};
        for (kind, reflections) in [(Kind::Fixed, None), (Kind::OneSided, Some(false)), (Kind::Free, Some(true))] {
            let counts = enumerate::count(lattice, top, kind, 1, &none);
            for n in 1..=top {
                let brute: Vec<Shape> = match reflections {
                    None => brute_fixed(lattice, n).into_iter().collect(),
                    Some(r) => lattice.polyforms(n, r),
                };
                assert_eq!(counts[n - 1], brute.len() as u128, "{} {kind:?} n={n}", lattice.name());
                if n <= 5 {
                    assert_eq!(enumerate::list(lattice, n, kind), brute, "{} {kind:?} n={n}", lattice.name());
                }
            }
        }
    }
}

/// The polysticks as published (OEIS A019988 free, A151537 one-sided, A096267 fixed):
/// the 16 tetrasticks and 55 pentasticks of Knuth's "Dancing links".
#[test]
fn polysticks_match_the_published_counts() {
    let none = |_: u64, _: u64| {};
    assert_eq!(enumerate::count(Lattice::Stick, 7, Kind::Free, 2, &none), [1, 2, 5, 16, 55, 222, 950]);
    assert_eq!(enumerate::count(Lattice::Stick, 7, Kind::OneSided, 2, &none), [1, 2, 7, 25, 99, 416, 1854]);
    assert_eq!(enumerate::count(Lattice::Stick, 7, Kind::Fixed, 2, &none), [2, 6, 22, 88, 372, 1628, 7312]);
}

/// The polytrigs as published (OEIS A159867, free): 1, 3, 12, 60, 375, 2613, 19074.
#[test]
fn polytrigs_match_the_published_counts() {
    let none = |_: u64, _: u64| {};
    assert_eq!(enumerate::count(Lattice::Trig, 7, Kind::Free, 2, &none), [1, 3, 12, 60, 375, 2613, 19074]);
}

#[test]
fn threads_share_the_tree_without_counting_twice() {
    let none = |_: u64, _: u64| {};
    for (lattice, n) in [(Lattice::Square, 10), (Lattice::Triangular, 9), (Lattice::Cubic, 7)] {
        let one = enumerate::count(lattice, n, Kind::Fixed, 1, &none);
        for threads in [2, 3, 7] {
            assert_eq!(enumerate::count(lattice, n, Kind::Fixed, threads, &none), one, "{} {threads}", lattice.name());
        }
        let free = enumerate::count(lattice, n.min(8), Kind::Free, 1, &none);
        assert_eq!(enumerate::count(lattice, n.min(8), Kind::Free, 3, &none), free);
    }
}
