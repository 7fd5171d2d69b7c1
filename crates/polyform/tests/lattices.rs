//! Packings on every lattice against a brute force that shares none of the engines'
//! code: the bitboard packer and tiler on the square and hexagonal layouts, the tiler on
//! the triangular one (distinct polyiamonds go to exact cover),
//! the exact-cover strategy on the cubic lattice, and generic exact cover everywhere, on
//! random small regions and pieces, with and without piece counts. Placements are checked
//! against every connected set of cells of the region congruent to the piece.

use polyform::count::Classes;
use polyform::{connected, Cell, Lattice, Piece, Region, Shape};
use polyform::{Copies, Engine, Search};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::BTreeSet;

/// The number of tilings of the cells `0..n` by the placements (per piece, sorted cell
/// lists), piece `p` used `lo[p]..=hi[p]` times: fill the least uncovered cell with
/// every placement that covers it.
fn brute(n: usize, placements: &[Vec<Vec<usize>>], lo: &[u32], hi: &[u32]) -> u128 {
    fn go(covered: &mut Vec<bool>, used: &mut Vec<u32>, placements: &[Vec<Vec<usize>>], lo: &[u32], hi: &[u32]) -> u128 {
        let Some(first) = covered.iter().position(|&c| !c) else {
            return used.iter().zip(lo).all(|(u, l)| u >= l) as u128;
        };
        let mut total = 0;
        for (p, list) in placements.iter().enumerate() {
            if used[p] >= hi[p] {
                continue;
            }
            for pl in list {
                if !pl.contains(&first) || pl.iter().any(|&c| covered[c]) {
                    continue;
                }
                pl.iter().for_each(|&c| covered[c] = true);
                used[p] += 1;
                total += go(covered, used, placements, lo, hi);
                used[p] -= 1;
                pl.iter().for_each(|&c| covered[c] = false);
            }
        }
        total
    }
    go(&mut vec![false; n], &mut vec![0; placements.len()], placements, lo, hi)
}

/// Every set of `k` cells of the region that is connected and congruent to `shape`
/// (same canonical form), as sorted indices: the placements, found without translating
/// anything.
fn congruent_subsets(region: &Region, shape: &Shape, reflections: bool) -> Vec<Vec<usize>> {
    let k = shape.cells().len();
    let target = shape.canonical(reflections);
    let n = region.cells().len();
    let mut out = Vec::new();
    let mut pick = Vec::new();
    fn choose(start: usize, n: usize, k: usize, pick: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        if pick.len() == k {
            f(pick);
            return;
        }
        for i in start..n {
            pick.push(i);
            choose(i + 1, n, k, pick, f);
            pick.pop();
        }
    }
    choose(0, n, k, &mut pick, &mut |idx| {
        let cells: Vec<Cell> = idx.iter().map(|&i| region.cells()[i]).collect();
        if connected(region.lattice(), &cells) {
            let form = Shape::polyform(region.lattice(), cells).expect("connected cells");
            if form.canonical(reflections) == target {
                out.push(idx.to_vec());
            }
        }
    });
    out
}

fn lattice() -> impl Strategy<Value = Lattice> {
    prop_oneof![Just(Lattice::Square), Just(Lattice::Triangular), Just(Lattice::Hexagonal), Just(Lattice::Cubic)]
}

/// A random region (a subset of a small parallelogram or box) and random pieces of 1 to
/// 4 cells, with random counts.
/// A lattice, which cells of its small box to keep, pieces as (cells, which polyform of
/// that size), count codes, and whether pieces may be reflected.
type Case = (Lattice, Vec<bool>, Vec<(usize, usize)>, Vec<u8>, bool);

fn case() -> impl Strategy<Value = Case> {
    (
        lattice(),
        proptest::collection::vec(prop::bool::weighted(0.8), 36),
        proptest::collection::vec((1usize..=4, 0usize..100), 1..5),
        proptest::collection::vec(0u8..4, 4),
        any::<bool>(),
    )
}

fn build(lattice: Lattice, keep: &[bool], picks: &[(usize, usize)]) -> (Region, Vec<Piece>) {
    let box_cells: Vec<Cell> = match lattice {
        Lattice::Cubic => (0..2).flat_map(|x| (0..3).flat_map(move |y| (0..3).map(move |z| Cell::new(x, y, z)))).collect(),
        Lattice::Triangular => (0..3).flat_map(|x| (0..3).flat_map(move |y| (0..2).map(move |z| Cell::new(x, y, z)))).collect(),
        _ => (0..4).flat_map(|x| (0..4).map(move |y| Cell::new(x, y, 0))).collect(),
    };
    let region = Region::new(lattice, box_cells.into_iter().zip(keep).filter(|(_, &k)| k).map(|(c, _)| c));
    let pieces = picks
        .iter()
        .enumerate()
        .map(|(i, &(size, which))| {
            let forms = lattice.polyforms(size, true);
            Piece { name: format!("p{i}"), shape: forms[which % forms.len()].clone() }
        })
        .collect();
    (region, pieces)
}

fn copies_of(code: u8) -> Copies {
    match code {
        0 | 1 => Copies::ONE,
        2 => Copies { lo: 0, hi: Some(2) },
        _ => Copies { lo: 0, hi: None },
    }
}

/// Per piece, its placements (sorted cell indices).
type PlacementLists = Vec<Vec<Vec<usize>>>;

/// [`Region::placements`] of every piece equal the region's congruent connected cell sets.
fn placements_match(region: &Region, pieces: &[Piece], reflections: bool) -> Result<(), TestCaseError> {
    for p in pieces {
        let mine: BTreeSet<Vec<usize>> = region.placements(&p.shape, reflections).into_iter().collect();
        let theirs: BTreeSet<Vec<usize>> = congruent_subsets(region, &p.shape, reflections).into_iter().collect();
        prop_assert_eq!(mine, theirs);
    }
    Ok(())
}

/// The count on the engine [`Region::search`] picks and on generic dancing links, and the
/// listing (every packing covering each cell once), equal the brute force's; returns the
/// count and the placement lists.
fn counts_match(region: &Region, pieces: &[Piece], copies: &[Copies], reflections: bool) -> Result<(u128, PlacementLists), TestCaseError> {
    let (search, placements) = region.search(pieces, copies, reflections);
    let n = region.cells().len();
    let lo: Vec<u32> = copies.iter().map(|c| c.lo).collect();
    let hi: Vec<u32> = copies.iter().map(|c| c.hi.unwrap_or(n as u32)).collect();
    let expected = brute(n, &placements, &lo, &hi);
    prop_assert_eq!(search.count(&Default::default()), Some(expected), "{}", search.describe());
    // Generic exact cover on the same placements, and the listing.
    let generic = Search::on_layout(&region.layout(), &placements, copies, Engine::ExactCover);
    prop_assert_eq!(generic.count(&Default::default()), Some(expected));
    let mut listed = 0u128;
    let _ = search.for_each(|tiles| {
        let mut seen = vec![false; n];
        for &(p, k) in tiles {
            for &c in &placements[p][k] {
                assert!(!seen[c], "a cell covered twice");
                seen[c] = true;
            }
        }
        assert!(seen.iter().all(|&s| s), "a cell left uncovered");
        listed += 1;
        std::ops::ControlFlow::Continue(())
    });
    prop_assert_eq!(listed, expected);
    Ok((expected, placements))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn placements_are_the_congruent_connected_subsets((lattice, keep, picks, _, reflections) in case()) {
        let (region, pieces) = build(lattice, &keep, &picks);
        placements_match(&region, &pieces, reflections)?;
    }

    #[test]
    fn counts_equal_the_brute_force((lattice, keep, picks, codes, reflections) in case()) {
        let (region, pieces) = build(lattice, &keep, &picks);
        let copies: Vec<Copies> = (0..pieces.len()).map(|p| copies_of(codes[p])).collect();
        counts_match(&region, &pieces, &copies, reflections)?;
    }
}

/// The twelve hexiamonds (free) fill the 6x6 rhombus of the triangular lattice in 624
/// ways, 156 up to its 4 symmetries; Knuth's `polyiamond-dlx` then `ssxcc` count 624 on
/// the same box and pieces (the file `tests/data/lattices/hexiamonds-6x6.txt`, run when
/// Knuth's programs are built: see `tests/knuth_lattices.rs` in the workspace).
#[test]
fn hexiamonds_in_the_6x6_rhombus() {
    let rhombus = Region::parallelogram(Lattice::Triangular, 6, 6);
    let pieces = polyform::sets::hexiamonds();
    assert_eq!(pieces.len(), 12);
    assert_eq!(polyform::count::count_packings(&rhombus, &pieces, true), Some(624));
    assert_eq!(polyform::count::count_classes(&rhombus, &pieces, true, &Default::default()), Some(156));
    assert_eq!(polyform::count::count_classes_by_listing(&rhombus, &pieces, true), 156);
}

/// Whole small boxes of every lattice, by number (`which` 0 to 5).
fn symmetric_box(which: usize) -> Region {
    match which {
        0 => Region::parallelogram(Lattice::Square, 2, 4),
        1 => Region::parallelogram(Lattice::Square, 3, 3),
        2 => Region::cuboid(2, 2, 2),
        3 => Region::cuboid(1, 2, 4),
        4 => Region::parallelogram(Lattice::Triangular, 2, 2),
        _ => Region::parallelogram(Lattice::Hexagonal, 3, 3),
    }
}

/// Pieces `(size, which form)` of `lattice`'s polyforms (up to rotations and, with
/// `reflections`, reflections), in order, each kept while the cells used stay at most
/// `n`; also the cells used.
fn pick_pieces(lattice: Lattice, picks: &[(usize, usize)], n: usize, reflections: bool) -> (Vec<Piece>, usize) {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut used = 0;
    for &(size, k) in picks {
        if used + size <= n {
            let forms = lattice.polyforms(size, reflections);
            pieces.push(Piece { name: format!("p{}", pieces.len()), shape: forms[k % forms.len()].clone() });
            used += size;
        }
    }
    (pieces, used)
}

/// Monominoes added to `pieces` until they have `n` cells (`used` so far).
fn pad_with_monominoes(pieces: &mut Vec<Piece>, lattice: Lattice, mut used: usize, n: usize) {
    while used < n {
        pieces.push(Piece { name: format!("p{}", pieces.len()), shape: lattice.polyforms(1, true)[0].clone() });
        used += 1;
    }
}

/// A whole small box of a lattice (every symmetry of it is a candidate for breaking) and
/// pieces of 1 to 3 cells chosen at random, padded with monominoes to fill it exactly.
fn symmetric_case() -> impl Strategy<Value = (usize, Vec<(usize, usize)>, bool)> {
    (0usize..6, proptest::collection::vec((2usize..=3, 0usize..100), 0..4), any::<bool>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `count_packings` breaks the symmetry of whole boxes (one piece keeps one placement
    /// per orbit, the count is multiplied by the group's size): it must equal the brute
    /// force, which never uses a symmetry.
    #[test]
    fn symmetry_broken_counts_equal_the_brute_force((which, picks, reflections) in symmetric_case()) {
        let region = symmetric_box(which);
        let lattice = region.lattice();
        let n = region.cells().len();
        let (mut pieces, used) = pick_pieces(lattice, &picks, n, true);
        pad_with_monominoes(&mut pieces, lattice, used, n);
        let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| region.placements_sorted(&p.shape, reflections)).collect();
        let ones = vec![1; pieces.len()];
        let expected = brute(n, &placements, &ones, &ones);
        prop_assert_eq!(polyform::count::count_packings(&region, &pieces, reflections), Some(expected));
    }
}

/// Every packing of the cells `0..n` by the placements, each piece once, as the piece of
/// each cell (the brute force of [`brute`], listing).
fn brute_packings(n: usize, placements: &[Vec<Vec<usize>>]) -> Vec<Vec<usize>> {
    fn go(own: &mut Vec<usize>, used: &mut Vec<bool>, placements: &[Vec<Vec<usize>>], out: &mut Vec<Vec<usize>>) {
        let Some(first) = own.iter().position(|&c| c == usize::MAX) else {
            if used.iter().all(|&u| u) {
                out.push(own.clone());
            }
            return;
        };
        for (p, list) in placements.iter().enumerate() {
            if used[p] {
                continue;
            }
            for pl in list {
                if !pl.contains(&first) || pl.iter().any(|&c| own[c] != usize::MAX) {
                    continue;
                }
                pl.iter().for_each(|&c| own[c] = p);
                used[p] = true;
                go(own, used, placements, out);
                used[p] = false;
                pl.iter().for_each(|&c| own[c] = usize::MAX);
            }
        }
    }
    let mut out = Vec::new();
    go(&mut vec![usize::MAX; n], &mut vec![false; placements.len()], placements, &mut out);
    out
}

/// The classes of `packings` (the piece of each cell) under the cell permutations
/// `perms`: a packing and its image are one class when the image, each tile renamed to
/// the piece that has it as a placement (the tile's own piece first), is a packing with
/// every piece once. Counted as the components of the graph of those images.
fn orbit_count(packings: &[Vec<usize>], placements: &[Vec<Vec<usize>>], perms: &[Vec<usize>]) -> usize {
    let roots = orbit_roots(packings, placements, perms);
    (0..packings.len()).filter(|&i| roots[i] == i).count()
}

/// Per packing, a representative of its class (as [`orbit_count`] finds the classes).
fn orbit_roots(packings: &[Vec<usize>], placements: &[Vec<Vec<usize>>], perms: &[Vec<usize>]) -> Vec<usize> {
    let index: std::collections::HashMap<&Vec<usize>, usize> = packings.iter().enumerate().map(|(i, p)| (p, i)).collect();
    let mut parent: Vec<usize> = (0..packings.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (i, own) in packings.iter().enumerate() {
        for perm in perms {
            let mut image = vec![usize::MAX; own.len()];
            let mut used = vec![false; placements.len()];
            let mut ok = true;
            for p in 0..placements.len() {
                let mut tile: Vec<usize> = (0..own.len()).filter(|&c| own[c] == p).map(|c| perm[c]).collect();
                tile.sort_unstable();
                let named = std::iter::once(p).chain(0..placements.len()).find(|&q| placements[q].contains(&tile));
                match named {
                    Some(q) if !used[q] => {
                        used[q] = true;
                        tile.iter().for_each(|&c| image[c] = q);
                    }
                    _ => ok = false,
                }
            }
            if ok {
                if let Some(&j) = index.get(&image) {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    parent[a] = b;
                }
            }
        }
    }
    (0..packings.len()).map(|i| root(&mut parent, i)).collect()
}

/// Checks `for_each_class` on the brute force's packings: one packing listed per class.
fn check_listed_classes(region: &Region, pieces: &[Piece], placements: &[Vec<Vec<usize>>], packings: &[Vec<usize>], reflections: bool) {
    let perms: Vec<Vec<usize>> = region.symmetries(&region.lattice().group(true)).into_iter().map(|(_, perm)| perm).collect();
    let roots = orbit_roots(packings, placements, &perms);
    let index: std::collections::HashMap<&Vec<usize>, usize> = packings.iter().enumerate().map(|(i, p)| (p, i)).collect();
    // The library's own placement lists, translated to the test's by cell sets.
    let lists: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| region.placements_sorted(&p.shape, reflections)).collect();
    let mut seen = BTreeSet::new();
    let _ = polyform::count::for_each_class(region, pieces, &lists, &Classes::new(region, pieces, reflections), |sol| {
        let mut own = vec![usize::MAX; region.cells().len()];
        for &(p, k) in sol {
            lists[p][k].iter().for_each(|&c| own[c] = p);
        }
        let i = *index.get(&own).expect("a listed class is a packing");
        assert!(seen.insert(roots[i]), "two packings of one class listed");
        std::ops::ControlFlow::Continue(())
    });
    let classes: BTreeSet<usize> = roots.iter().copied().collect();
    assert_eq!(seen, classes, "a class not listed");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// `count_classes` (Burnside's lemma: the symmetry-broken count and the packings each
    /// symmetry fixes) and `count_classes_by_listing` (least of its class, per packing)
    /// both equal the orbits of the brute force's packings under the box's symmetries,
    /// found in the test; pieces drawn from the one-sided forms when they may not be
    /// reflected, so that mirror-image pairs such as Soma's screws occur.
    #[test]
    fn class_counts_equal_the_orbits_of_the_brute_force((which, picks, reflections) in symmetric_case(), pair in any::<bool>()) {
        let region = symmetric_box(which);
        let lattice = region.lattice();
        let n = region.cells().len();
        let mut pieces: Vec<Piece> = Vec::new();
        let mut used = 0;
        for &(size, k) in &picks {
            let size = size + 1;
            if used + size <= n {
                let forms = lattice.polyforms(size, reflections);
                let shape = forms[k % forms.len()].clone();
                // With `pair`, a chiral piece comes with its mirror image (as Soma's screws).
                let mirror = lattice.group(true).into_iter().map(|m| shape.transformed(m)).find(|image| !shape.orientations(reflections).contains(image));
                pieces.push(Piece { name: format!("p{}", pieces.len()), shape });
                used += size;
                if let (true, Some(image)) = (pair, mirror) {
                    if used + size <= n {
                        pieces.push(Piece { name: format!("p{}", pieces.len()), shape: image });
                        used += size;
                    }
                }
            }
        }
        // At most four monominoes (their labellings multiply the packings listed).
        prop_assume!(n - used <= 4);
        pad_with_monominoes(&mut pieces, lattice, used, n);
        let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| congruent_subsets(&region, &p.shape, reflections)).collect();
        let packings = brute_packings(n, &placements);
        let perms: Vec<Vec<usize>> = region.symmetries(&lattice.group(true)).into_iter().map(|(_, perm)| perm).collect();
        let expected = orbit_count(&packings, &placements, &perms) as u128;
        prop_assert_eq!(polyform::count::count_classes(&region, &pieces, reflections, &Default::default()), Some(expected));
        prop_assert_eq!(polyform::count::count_classes_by_listing(&region, &pieces, reflections), expected);
        // Burnside's sum as piece counts take it (tile orbits through mirror partners),
        // each piece given one copy: the brute force's packings and those each other
        // symmetry fixes make the group's order times the orbits.
        let classes = Classes::new(&region, &pieces, reflections);
        let lists: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| region.placements_sorted(&p.shape, reflections)).collect();
        let fixed = polyform::count::fixed_by_others_with_copies(n, &lists, &vec![Copies::ONE; pieces.len()], &classes).unwrap();
        prop_assert_eq!(packings.len() as u128 + fixed, classes.order() * expected);
        check_listed_classes(&region, &pieces, &placements, &packings, reflections);
    }
}

/// A packing that a reflection maps onto itself by exchanging two mirror-image pieces:
/// the one-sided L and J tetrominoes in the 4x4 square (with O and I), e.g. L in the
/// left two columns, J its mirror image in the right two, O and I across the axis. The
/// three class counts agree.
#[test]
fn class_counts_with_mirror_image_pieces_exchanged() {
    let region = Region::parallelogram(Lattice::Square, 4, 4);
    let shape = |cells: &[(i32, i32)]| Shape::polyform(Lattice::Square, cells.iter().map(|&(x, y)| Cell::new(x, y, 0))).unwrap();
    let pieces = vec![
        Piece { name: "L".into(), shape: shape(&[(0, 0), (1, 0), (2, 0), (2, 1)]) },
        Piece { name: "J".into(), shape: shape(&[(0, 1), (1, 1), (2, 1), (2, 0)]) },
        Piece { name: "O".into(), shape: shape(&[(0, 0), (0, 1), (1, 0), (1, 1)]) },
        Piece { name: "I".into(), shape: shape(&[(0, 0), (0, 1), (0, 2), (0, 3)]) },
    ];
    let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| congruent_subsets(&region, &p.shape, false)).collect();
    let packings = brute_packings(16, &placements);
    let perms: Vec<Vec<usize>> = region.symmetries(&Lattice::Square.group(true)).into_iter().map(|(_, perm)| perm).collect();
    let expected = orbit_count(&packings, &placements, &perms) as u128;
    // Not every class has 8 packings: some are symmetric.
    assert_ne!(packings.len() as u128, 8 * expected);
    assert_eq!(polyform::count::count_classes(&region, &pieces, false, &Default::default()), Some(expected));
    assert_eq!(polyform::count::count_classes_by_listing(&region, &pieces, false), expected);
    check_listed_classes(&region, &pieces, &placements, &packings, false);
}

/// The triangular-prism lattice (BurrTools' grid 1), added as one file to the lattice
/// model: random parts of a prism box of 2x2 rhombi in 2 layers (16 prisms), pieces of
/// 1 to 4 prisms, random counts.
/// Which prisms of the box to keep, pieces (size, which form), count codes, reflections.
type PrismCase = (Vec<bool>, Vec<(usize, usize)>, Vec<u8>, bool);

fn prism_case() -> impl Strategy<Value = PrismCase> {
    (
        proptest::collection::vec(prop::bool::weighted(0.85), 16),
        proptest::collection::vec((1usize..=4, 0usize..100), 1..4),
        proptest::collection::vec(0u8..4, 4),
        any::<bool>(),
    )
}

fn prism_problem(keep: &[bool], picks: &[(usize, usize)]) -> (Region, Vec<Piece>) {
    let cells = Region::prism(2, 2, 2).cells().to_vec();
    let region = Region::new(Lattice::TriangularPrism, cells.into_iter().zip(keep).filter(|(_, &k)| k).map(|(c, _)| c));
    let pieces = picks
        .iter()
        .enumerate()
        .map(|(i, &(size, which))| {
            let forms = Lattice::TriangularPrism.polyforms(size, true);
            Piece { name: format!("p{i}"), shape: forms[which % forms.len()].clone() }
        })
        .collect();
    (region, pieces)
}

/// Whole small prism boxes (`which` 0 to 2): 1x2 rhombi in 2 layers, 2x2 in 1, 2x1 in 3.
fn prism_box(which: usize) -> Region {
    match which {
        0 => Region::prism(1, 2, 2),
        1 => Region::prism(2, 2, 1),
        _ => Region::prism(2, 1, 3),
    }
}

#[test]
fn prism_polyforms_grow_from_one_prism() {
    // One prism; two (side by side in a layer, or stacked). Up to three prisms, every
    // form's placements in a big box are exactly the box's connected sets congruent to
    // it (found without translating anything), and the forms are pairwise incongruent.
    let count = |n: usize| Lattice::TriangularPrism.polyforms(n, true).len();
    assert_eq!((count(1), count(2)), (1, 2));
    let region = Region::prism(4, 4, 3);
    for n in 1..=3 {
        let mut forms = BTreeSet::new();
        for shape in Lattice::TriangularPrism.polyforms(n, true) {
            // Each form is placed somewhere in the box, and the placements found there
            // are exactly the box's connected sets congruent to it.
            let placed: BTreeSet<Vec<usize>> = region.placements(&shape, true).into_iter().collect();
            let congruent: BTreeSet<Vec<usize>> = congruent_subsets(&region, &shape, true).into_iter().collect();
            assert_eq!(placed, congruent, "{shape:?}");
            forms.insert(shape.canonical(true));
        }
        assert_eq!(forms.len(), count(n));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Placements, counts on the strategy's engine (exact cover: prisms are solids), on
    /// generic dancing links, on the bitboard packer and tiler over the prism layout
    /// (its own adjacency), all against the brute force.
    #[test]
    fn prism_counts_equal_the_brute_force((keep, picks, codes, reflections) in prism_case()) {
        let (region, pieces) = prism_problem(&keep, &picks);
        placements_match(&region, &pieces, reflections)?;
        let copies: Vec<Copies> = (0..pieces.len()).map(|p| copies_of(codes[p])).collect();
        let (expected, placements) = counts_match(&region, &pieces, &copies, reflections)?;
        let tiler = polyform::Tiler::from_layout(&region.layout(), &placements, &copies).expect("a small layout");
        prop_assert_eq!(tiler.count(), Some(expected));
        if copies.iter().all(|&c| c == Copies::ONE) {
            let packer = polyform::Packer::from_layout(&region.layout(), &placements).expect("a small layout");
            prop_assert_eq!(packer.count() as u128, expected);
        }
    }

    /// Symmetry-broken counts and class counts on whole prism boxes against the brute
    /// force and the orbits of its packings under the box's symmetries.
    #[test]
    fn prism_box_counts_and_classes_equal_the_brute_force(which in 0usize..3, picks in proptest::collection::vec((2usize..=4, 0usize..100), 0..4), reflections in any::<bool>()) {
        let region = prism_box(which);
        let lattice = region.lattice();
        let n = region.cells().len();
        let (mut pieces, used) = pick_pieces(lattice, &picks, n, reflections);
        prop_assume!(n - used <= 4);
        pad_with_monominoes(&mut pieces, lattice, used, n);
        let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| congruent_subsets(&region, &p.shape, reflections)).collect();
        let ones = vec![1; pieces.len()];
        prop_assert_eq!(polyform::count::count_packings(&region, &pieces, reflections), Some(brute(n, &placements, &ones, &ones)));
        let packings = brute_packings(n, &placements);
        let perms: Vec<Vec<usize>> = region.symmetries(&lattice.group(true)).into_iter().map(|(_, perm)| perm).collect();
        let expected = orbit_count(&packings, &placements, &perms) as u128;
        prop_assert_eq!(polyform::count::count_classes(&region, &pieces, reflections, &Default::default()), Some(expected));
        prop_assert_eq!(polyform::count::count_classes_by_listing(&region, &pieces, reflections), expected);
    }
}

/// Two packings on the same cells, exchanged by a symmetry that also exchanges the two
/// (mirror-image, one-sided) pieces: the point reflection of a prism box of 1x2 rhombi
/// in 2 layers fixes both, and Burnside's sum must count both (found by
/// `prism_box_counts_and_classes_equal_the_brute_force`: the two unions of a cycle's
/// tiles were one cell set, and were counted once, so the sum was 3 over a group of 4).
#[test]
fn class_counts_when_two_fixed_packings_share_their_cells() {
    let region = Region::prism(1, 2, 2);
    let shape =
        |cells: &[(i32, i32, i32)]| Shape::polyform(Lattice::TriangularPrism, cells.iter().map(|&(x, y, z)| Cell::new(x, y, z))).unwrap();
    let pieces = vec![
        Piece { name: "a".into(), shape: shape(&[(0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 0)]) },
        Piece { name: "b".into(), shape: shape(&[(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 0)]) },
    ];
    let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| congruent_subsets(&region, &p.shape, false)).collect();
    let packings = brute_packings(region.cells().len(), &placements);
    let perms: Vec<Vec<usize>> = region.symmetries(&Lattice::TriangularPrism.group(true)).into_iter().map(|(_, perm)| perm).collect();
    let expected = orbit_count(&packings, &placements, &perms) as u128;
    assert_eq!((packings.len(), expected), (2, 1));
    assert_eq!(polyform::count::count_classes(&region, &pieces, false, &Default::default()), Some(expected));
    assert_eq!(polyform::count::count_classes_by_listing(&region, &pieces, false), expected);
}
