//! The colouring argument of `pack::Problem` never rules out a problem that has a
//! packing: on random boards and piece sets of every lattice with a colouring, a problem
//! it declares hopeless has no solution (and every count equals exact cover's) by exact cover on its own placements (Knuth's
//! format read back, counted by `exact_cover`, which knows nothing of colours); and it
//! does rule out the classic cases.

use polyform::pack::{CountOptions as RunOptions, Problem};
use polyform::{Cell, Copies, Lattice, Piece, Region};
use proptest::prelude::*;

/// The packings of `problem` counted by exact cover on its Knuth text.
fn exact_cover_count(problem: &Problem) -> u64 {
    let named = exact_cover::knuth::parse(&problem.knuth_text()).expect("its own text");
    exact_cover::strategy::Search::new(&named.problem).count()
}

fn region(lattice: Lattice, keep: &[bool], side: i32) -> Region {
    let cells = (0..side).flat_map(|x| (0..side).flat_map(move |y| (0..2).map(move |z| Cell::new(x, y, z))));
    Region::new(lattice, cells.filter(|&c| lattice.contains(c)).zip(keep.iter().cycle()).filter(|(_, &k)| k).map(|(c, _)| c))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_problem_ruled_out_has_no_packing(
        lattice in prop::sample::select(vec![Lattice::Square, Lattice::Triangular, Lattice::Cubic]),
        keep in proptest::collection::vec(prop::bool::weighted(0.85), 1..40),
        sizes in proptest::collection::vec(2usize..5, 1..4),
        pick in proptest::collection::vec(0usize..1000, 4),
        counts in proptest::collection::vec(0u32..3, 4),
    ) {
        let side = if lattice == Lattice::Cubic { 3 } else { 5 };
        let board = region(lattice, &keep, side);
        prop_assume!(board.len() >= 2);
        let pieces: Vec<Piece> = sizes
            .iter()
            .enumerate()
            .map(|(k, &n)| {
                let forms = lattice.polyforms(n, true);
                Piece { name: format!("p{k}"), shape: forms[pick[k] % forms.len()].clone() }
            })
            .collect();
        let copies: Vec<Copies> = counts[..pieces.len()].iter().map(|&c| Copies { lo: c.min(1), hi: Some(c.max(1)) }).collect();
        let problem = Problem::new(board, pieces, copies, true).unwrap();
        let count = problem.count(&RunOptions::default()).unwrap();
        // Every count, ruled out or searched, equals exact cover's on the same placements.
        prop_assert_eq!(count, u128::from(exact_cover_count(&problem)), "hopeless: {}", problem.hopeless());
    }
}

#[test]
fn the_classic_parity_cases_are_ruled_out_before_any_search() {
    // The five tetrominoes and 4 x 5: the T covers 3 + 1, the others 2 + 2.
    let tetrominoes = polyform::sets::tetrominoes();
    let p = Problem::distinct(Region::rectangle(4, 5), tetrominoes, true).unwrap();
    assert!(p.hopeless() && p.engine().contains("colouring"), "{}", p.engine());
    assert_eq!(exact_cover_count(&p), 0);
    // The 35 hexominoes and 14 x 15.
    let hexominoes = polyform::sets::find("hexominoes").unwrap().pieces();
    assert_eq!(hexominoes.len(), Lattice::Square.polyforms(6, true).len());
    let p = Problem::distinct(Region::rectangle(14, 15), hexominoes, true).unwrap();
    assert!(p.hopeless() && p.engine().contains("colouring"), "{}", p.engine());
    // The 12 pentominoes and 6 x 10 are not (they have 2339 classes of packings).
    let p = Problem::distinct(Region::rectangle(6, 10), polyform::sets::pentominoes(), true).unwrap();
    assert!(!p.hopeless());
}
