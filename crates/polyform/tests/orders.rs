//! The skyline search (`polyform::skyline`, behind the orders of `polyform::atlas`)
//! against methods that share none of its logic: the transfer matrix's fewest copies per
//! length, exact cover counts of every smaller rectangle, and a checker of the tilings
//! written from the rules (the rectangle covered once, every tile a copy of a piece in
//! an allowed orientation, every required piece used).

use polyform::atlas::{self, Goal};
use polyform::cover::cover_with_copies;
use polyform::skyline::{Effort, Lengths, Shortest, Skyline, Solid, Sweep};
use polyform::transfer::{Frontier, Tiles, TransferError, DEFAULT_MAX_STATES};
use polyform::{Cell, Copies, Freedom, Region, Shape};
use proptest::prelude::*;
use std::ops::ControlFlow;

const ANY: Copies = Copies { lo: 0, hi: None };
const SOME: Copies = Copies { lo: 1, hi: None };

fn shape(d: &str) -> Shape {
    Shape::from_drawing(d).unwrap()
}

/// The cells of `cells` as a sorted list moved to the origin, under each of the eight
/// symmetries of the square (the four turns only when `freedom` is one-sided).
fn images(cells: &[(i32, i32)], freedom: Freedom) -> Vec<Vec<(i32, i32)>> {
    type Map = fn((i32, i32)) -> (i32, i32);
    let maps: [Map; 8] = [
        |(x, y)| (x, y),
        |(x, y)| (-y, x),
        |(x, y)| (-x, -y),
        |(x, y)| (y, -x),
        |(x, y)| (-x, y),
        |(x, y)| (y, x),
        |(x, y)| (x, -y),
        |(x, y)| (-y, -x),
    ];
    let n = if freedom == Freedom::OneSided { 4 } else { 8 };
    maps[..n]
        .iter()
        .map(|m| {
            let mut v: Vec<(i32, i32)> = cells.iter().map(|&c| m(c)).collect();
            let (x0, y0) = (v.iter().map(|c| c.0).min().unwrap(), v.iter().map(|c| c.1).min().unwrap());
            for c in &mut v {
                *c = (c.0 - x0, c.1 - y0);
            }
            v.sort();
            v
        })
        .collect()
}

/// Checks a tiling of the `rows x columns` rectangle from the rules alone.
fn check(tiles: &Tiles, rows: usize, columns: usize, shapes: &[Shape], freedom: Freedom, copies: &[Copies]) {
    let mut seen = vec![0u32; rows * columns];
    let mut used = vec![0u32; shapes.len()];
    for (piece, _, cells) in tiles {
        for &(r, c) in cells {
            assert!(
                (0..rows as i32).contains(&r) && (0..columns as i32).contains(&c),
                "cell ({r}, {c}) off the {rows} x {columns} rectangle"
            );
            seen[r as usize * columns + c as usize] += 1;
        }
        let mine: Vec<(i32, i32)> = shapes[*piece].cells().iter().map(|c| (c.x, c.y)).collect();
        let mut tile = images(cells, Freedom::OneSided)[0].clone();
        tile.sort();
        assert!(images(&mine, freedom).contains(&tile), "a tile is no copy of piece {piece}: {cells:?}");
        used[*piece] += 1;
    }
    assert!(seen.iter().all(|&k| k == 1), "the rectangle is not covered once");
    for (q, c) in copies.iter().enumerate() {
        assert!(used[q] >= c.lo, "piece {q} used {} times", used[q]);
    }
}

/// The shortest accepted length up to `max`, by the transfer matrix.
fn by_transfer(shapes: &[Shape], freedom: Freedom, copies: &[Copies], width: usize, max: usize, lengths: Lengths) -> Option<usize> {
    let f = Frontier::new(shapes, freedom, copies, width).unwrap().fewest_copies(max).unwrap();
    let size = shapes[0].len();
    (1..=max).find(|&n| {
        let [even, odd] = f.by_length[n];
        match lengths {
            Lengths::Any => even.is_some() || odd.is_some(),
            Lengths::Odd => n % 2 == 1 && (even.is_some() || odd.is_some()),
            Lengths::OddCopies => odd.is_some() && (width * n / size) % 2 == 1,
            Lengths::Exactly(k) => n == k && (even.is_some() || odd.is_some()),
        }
    })
}

fn polyominoes(n: usize) -> Vec<Shape> {
    polyform::Lattice::Square.polyforms(n, true)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// The shortest rectangle of each width, by the skyline search (with a lookahead of
    /// 1 to 4 rows from a depth on) and by the transfer matrix, on random sets of one or two polyominoes
    /// of 2 to 5 cells; a longer lookahead keeps no more states than the default.
    #[test]
    fn shortest_lengths_equal_the_transfer_matrix(
        size in 2usize..=5,
        picks in prop::collection::vec(0usize..100, 1..=2),
        width in 1usize..=7,
        max in 1usize..=16,
        kind in 0usize..4,
        one_sided in any::<bool>(),
        required in any::<bool>(),
        threads in 1usize..=3,
        lookahead in 1usize..=4,
        switch in prop::sample::select(vec![0usize, 5, 20, 100, usize::MAX]),
    ) {
        let all = polyominoes(size);
        let mut shapes: Vec<Shape> = picks.iter().map(|&i| all[i % all.len()].clone()).collect();
        shapes.dedup();
        let freedom = if one_sided { Freedom::OneSided } else { Freedom::Free };
        let copies = vec![if required && shapes.len() > 1 { SOME } else { ANY }; shapes.len()];
        let lengths = [Lengths::Any, Lengths::Odd, Lengths::OddCopies, Lengths::Exactly(max)][kind];
        let plain = Skyline::new(&shapes, freedom, &copies, width).unwrap();
        let sky = plain.clone().lookahead_past(switch, lookahead);
        let (got, effort) = sky.shortest(max, lengths, DEFAULT_MAX_STATES, threads, &mut |_| {}).unwrap();
        let (_, plain_effort) = plain.shortest(max, lengths, DEFAULT_MAX_STATES, 1, &mut |_| {}).unwrap();
        prop_assert!(effort.states <= plain_effort.states, "{} states with lookahead {lookahead}, {} with 1", effort.states, plain_effort.states);
        let want = by_transfer(&shapes, freedom, &copies, width, max, lengths);
        match got {
            Shortest::Found(n, tiles) => {
                prop_assert_eq!(Some(n), want);
                check(&tiles, width, n, &shapes, freedom, &copies);
            }
            Shortest::None { exhausted } => {
                prop_assert_eq!(want, None);
                if exhausted && !matches!(lengths, Lengths::Exactly(_)) {
                    // No rectangle of this width at any length: none past the bound either.
                    prop_assert_eq!(by_transfer(&shapes, freedom, &copies, width, max + 24, lengths), None);
                }
            }
        }
    }
}

/// The number of tilings of `rows x columns` by exact cover (dancing links, Algorithm M).
fn tilings(shapes: &[Shape], copies: &[Copies], rows: i32, columns: i32) -> u128 {
    let region = Region::from_cells((0..rows).flat_map(|r| (0..columns).map(move |c| Cell::new(r, c, 0))));
    let placements: Vec<Vec<Vec<usize>>> = shapes.iter().map(|s| region.placements(s, Freedom::Free)).collect();
    let cover = cover_with_copies(region.len(), &placements, copies, &[]);
    exact_cover::Solver::count_adaptive(&cover.problem).0.unwrap()
}

/// The order of each set, minimal by exact cover over every rectangle of smaller area.
#[test]
fn orders_are_least_by_exact_cover_of_every_smaller_rectangle() {
    let sets: [(&[&str], usize); 4] = [
        (&["##\n#."], 2),
        (&["####\n.#.."], 10),
        (&["###\n#.."], 2),
        // Two pentominoes, each at least once: the L and the Y.
        (&["####\n#...", "####\n.#.."], 8),
    ];
    for (drawings, order) in sets {
        let shapes: Vec<Shape> = drawings.iter().map(|d| shape(d)).collect();
        let copies = atlas::default_copies(shapes.len());
        let s = atlas::search(&shapes, Freedom::Free, &copies, Goal::Order, atlas::Bounds::new(400), &mut |_| {}).unwrap();
        assert_eq!(s.unproven, None, "{drawings:?}");
        let found = s.found.unwrap();
        assert_eq!(found.copies as usize, order, "{drawings:?}");
        check(&found.tiles, found.rows, found.columns, &shapes, Freedom::Free, &copies);
        let size = shapes[0].len() as i32;
        for rows in 1..=found.rows as i32 * found.columns as i32 {
            for columns in rows..=(found.rows * found.columns) as i32 / rows {
                if rows * columns < size * order as i32 && (rows * columns) % size == 0 {
                    assert_eq!(tilings(&shapes, &copies, rows, columns), 0, "{drawings:?} tile {rows} x {columns}");
                }
            }
        }
    }
}

/// No orientation of the X pentomino fills a corner: no rectangle at all, proven.
#[test]
fn a_piece_that_fills_no_corner_tiles_no_rectangle() {
    let x = [shape(".#.\n###\n.#.")];
    let s = atlas::search(&x, Freedom::Free, &[ANY], Goal::Order, atlas::Bounds::new(100), &mut |_| {}).unwrap();
    assert!(s.found.is_none());
    assert_eq!(s.unproven, None);
    // The stair tetromino fills a corner and tiles no rectangle: only a bound is said.
    let z = [shape("##.\n.##")];
    let s = atlas::search(&z, Freedom::Free, &[ANY], Goal::Order, atlas::Bounds::new(100), &mut |_| {}).unwrap();
    assert!(s.found.is_none());
    assert_eq!(s.unproven, Some(atlas::Unproven::Area(100)));
}

/// A width's search run through, and the states it showed after each depth, written to
/// bytes ([`Sweep::write_to`]).
fn run_saving(sky: &Skyline, max: usize, lengths: Lengths, threads: usize) -> ((Shortest<Solid>, Effort), Vec<Vec<u8>>) {
    let mut saved = Vec::new();
    let run = sky
        .shortest_from(max, lengths, DEFAULT_MAX_STATES, threads, &mut |_| {}, None, &mut |sweep| {
            let mut bytes = Vec::new();
            sweep.write_to(&mut bytes).unwrap();
            saved.push(bytes);
            ControlFlow::Continue(())
        })
        .unwrap();
    (run, saved)
}

/// The same search resumed from saved bytes.
fn resume(sky: &Skyline, max: usize, lengths: Lengths, threads: usize, bytes: &[u8]) -> Result<(Shortest<Solid>, Effort), TransferError> {
    resume_from(sky, max, lengths, threads, Sweep::read_from(&mut &bytes[..]).unwrap())
}

fn resume_from(
    sky: &Skyline,
    max: usize,
    lengths: Lengths,
    threads: usize,
    sweep: Sweep,
) -> Result<(Shortest<Solid>, Effort), TransferError> {
    sky.shortest_from(max, lengths, DEFAULT_MAX_STATES, threads, &mut |_| {}, Some(sweep), &mut |_| ControlFlow::Continue(()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    /// A search resumed from the states it showed after any depth, written to bytes and
    /// read back (on another number of threads; a quarter of them with the states moved
    /// into files of a directory, [`Skyline::states_in`], and a quarter read into such
    /// files, [`Sweep::read_from_in`]), ends as the search run through: the
    /// same answer and tiling, the same states kept; and the answer is the transfer
    /// matrix's. Random sets of one or two polyominoes of 3 to 5 cells, with the
    /// residues that odd lengths and odd copies keep.
    #[test]
    fn a_search_resumed_from_any_saved_depth_ends_as_one_run_through(
        size in 3usize..=5,
        picks in prop::collection::vec(0usize..100, 1..=2),
        width in 2usize..=7,
        max in 4usize..=20,
        kind in 0usize..3,
        required in any::<bool>(),
        at in 0usize..100,
        threads in 1usize..=2,
        switch in prop::sample::select(vec![10usize, 50, usize::MAX]),
    ) {
        let all = polyominoes(size);
        let mut shapes: Vec<Shape> = picks.iter().map(|&i| all[i % all.len()].clone()).collect();
        shapes.dedup();
        let copies = vec![if required && shapes.len() > 1 { SOME } else { ANY }; shapes.len()];
        let lengths = [Lengths::Any, Lengths::Odd, Lengths::OddCopies][kind];
        // Two rows ahead from a depth on: the resumed search makes the same switch.
        let sky = Skyline::new(&shapes, Freedom::Free, &copies, width).unwrap().lookahead_past(switch, 2);
        let (whole, saved) = run_saving(&sky, max, lengths, 1);
        let want = by_transfer(&shapes, Freedom::Free, &copies, width, max, lengths);
        match &whole.0 {
            Shortest::Found(n, _) => prop_assert_eq!(Some(*n), want),
            Shortest::None { .. } => prop_assert_eq!(want, None),
        }
        if !saved.is_empty() {
            // Half of them resumed with the states in files of a directory: moved there
            // from the heap, or read there.
            let dir = tempfile::tempdir().unwrap();
            let to = if at % 2 == 0 { sky.clone().states_in(Some(dir.path().to_path_buf())) } else { sky.clone() };
            let bytes = &saved[at % saved.len()];
            let resumed = if at % 4 == 0 {
                let sweep = Sweep::read_from_in(&mut &bytes[..], Some(dir.path())).unwrap();
                resume_from(&to, max, lengths, 3 - threads, sweep).unwrap()
            } else {
                resume(&to, max, lengths, 3 - threads, bytes).unwrap()
            };
            prop_assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
            prop_assert_eq!(&resumed, &whole);
            if let Shortest::Found(n, solid) = resumed.0 {
                let tiles: Tiles = solid.into_iter().map(|(q, o, c)| (q, o, c.into_iter().map(|[_, j, l]| (j, l)).collect())).collect();
                check(&tiles, width, n, &shapes, Freedom::Free, &copies);
            }
        }
    }
}

/// The Y hexomino's width 23 (its order 92 is 23 x 24): resumed from a middle depth, the
/// search ends with the rectangle and the states of the search run through. Saved states
/// are refused by another width's search, and damaged bytes are refused when read.
#[test]
fn the_y_hexomino_resumes_at_width_23_and_damaged_states_are_refused() {
    let y = shape("#####\n.#...");
    let sky = Skyline::new(std::slice::from_ref(&y), Freedom::Free, &[ANY], 23).unwrap();
    let (whole, saved) = run_saving(&sky, 24, Lengths::Any, 2);
    assert!(matches!(whole.0, Shortest::Found(24, _)));
    assert!(saved.len() >= 4, "{} depths saved", saved.len());
    let middle = &saved[saved.len() / 2];
    assert_eq!(resume(&sky, 24, Lengths::Any, 1, middle).unwrap(), whole);
    // Another width, another length bound: not this search's states.
    let other = Skyline::new(std::slice::from_ref(&y), Freedom::Free, &[ANY], 22).unwrap();
    assert_eq!(resume(&other, 24, Lengths::Any, 1, middle), Err(TransferError::ForeignSweep));
    assert_eq!(resume(&sky, 30, Lengths::Any, 1, middle), Err(TransferError::ForeignSweep));
    // Damaged: a byte changed anywhere, the bytes cut short, a byte added.
    let invalid = |bytes: &[u8]| Sweep::read_from(&mut &bytes[..]).err().map(|e| e.kind());
    for at in [0, 9, 60, 130, middle.len() / 3, middle.len() / 2, middle.len() - 20, middle.len() - 1] {
        let mut bad = middle.clone();
        bad[at] ^= 0x10;
        assert_eq!(invalid(&bad), Some(std::io::ErrorKind::InvalidData), "byte {at} changed");
    }
    assert_eq!(invalid(&middle[..middle.len() - 1]), Some(std::io::ErrorKind::InvalidData));
    assert_eq!(invalid(&middle[..middle.len() / 2]), Some(std::io::ErrorKind::InvalidData));
    assert_eq!(invalid(&[middle.as_slice(), &[0]].concat()), Some(std::io::ErrorKind::InvalidData));
}
