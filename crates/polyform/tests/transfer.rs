//! The transfer matrix (`polyform::transfer`, `polyform::atlas`) against truths that share
//! none of its logic: Kasteleyn's formula for dominoes (evaluated exactly as a resultant),
//! the theorems on which rectangles the L-tromino and the T-tetromino tile, the Y
//! pentomino's order, and exact cover with multiplicities (Algorithm M) on random sets
//! and boards with holes.

use num_bigint::{BigInt, BigUint};
use polyform::atlas::{self, Goal};
use polyform::cover::cover_with_copies;
use polyform::transfer::{count_region, Frontier, DEFAULT_MAX_STATES};
use polyform::{Cell, Copies, Freedom, Region, Shape};
use proptest::prelude::*;

const ANY: Copies = Copies { lo: 0, hi: None };

fn shape(d: &str) -> Shape {
    Shape::from_drawing(d).unwrap()
}

/// The polynomials `P_0 = 1`, `P_1 = x`, `P_m = x P_{m-1} + sign P_{m-2}`: coefficients
/// from `x^0` up.
fn three_term(m: usize, sign: i32) -> Vec<BigInt> {
    let (mut a, mut b) = (vec![BigInt::from(1)], vec![BigInt::from(0), BigInt::from(1)]);
    if m == 0 {
        return a;
    }
    for _ in 1..m {
        let mut c = vec![BigInt::from(0); b.len() + 1];
        for (i, v) in b.iter().enumerate() {
            c[i + 1] += v;
        }
        for (i, v) in a.iter().enumerate() {
            c[i] += v * sign;
        }
        a = b;
        b = c;
    }
    b
}

/// `U_m(x/2)` (monic; its roots are `2 cos(pi j / (m + 1))`, `j = 1..=m`): `P_0 = 1`,
/// `P_1 = x`, `P_m = x P_{m-1} - P_{m-2}`.
fn chebyshev(m: usize) -> Vec<BigInt> {
    three_term(m, -1)
}

/// `prod_k (z - i y_k)` over the roots `y_k` of `U_n(y/2)`: the Fibonacci polynomials,
/// `R_0 = 1`, `R_1 = z`, `R_n = z R_{n-1} + R_{n-2}`.
fn fibonacci_polynomial(n: usize) -> Vec<BigInt> {
    three_term(n, 1)
}

/// The determinant of an integer matrix (Bareiss's fraction-free elimination).
fn determinant(mut a: Vec<Vec<BigInt>>) -> BigInt {
    let n = a.len();
    let zero = BigInt::from(0);
    let mut sign = BigInt::from(1);
    let mut prev = BigInt::from(1);
    for k in 0..n {
        if a[k][k] == zero {
            match (k + 1..n).find(|&r| a[r][k] != zero) {
                Some(r) => {
                    a.swap(k, r);
                    sign = -sign;
                }
                None => return zero,
            }
        }
        for i in k + 1..n {
            for j in k + 1..n {
                a[i][j] = (&a[i][j] * &a[k][k] - &a[i][k] * &a[k][j]) / &prev;
            }
        }
        prev = a[k][k].clone();
    }
    sign * &a[n - 1][n - 1]
}

/// Kasteleyn's count of the domino tilings of `m x n`: the square root of
/// `|prod_{j,k} (x_j - i y_k)| = |Res(U_m(x/2), R_n)|`, the resultant taken as the
/// determinant of multiplication by `R_n` modulo the monic `U_m(x/2)`.
fn kasteleyn(m: usize, n: usize) -> BigUint {
    let p = chebyshev(m);
    let r = fibonacci_polynomial(n);
    // Column i: x^i R(x) mod P, as coefficients of 1, x, ..., x^(m-1).
    let reduce = |mut v: Vec<BigInt>| {
        while v.len() > m {
            let top = v.pop().unwrap();
            let shift = v.len() - m;
            for (i, c) in p.iter().enumerate().take(m) {
                v[shift + i] -= &top * c;
            }
        }
        v.resize(m, BigInt::from(0));
        v
    };
    let columns: Vec<Vec<BigInt>> = (0..m)
        .map(|i| {
            let mut v = vec![BigInt::from(0); i];
            v.extend(r.iter().cloned());
            reduce(v)
        })
        .collect();
    let matrix: Vec<Vec<BigInt>> = (0..m).map(|row| columns.iter().map(|c| c[row].clone()).collect()).collect();
    let d = determinant(matrix);
    let square = d.magnitude().clone();
    let root = square.sqrt();
    assert_eq!(&root * &root, square, "Kasteleyn's product is a square");
    root
}

#[test]
fn kasteleyn_evaluates_to_the_known_counts() {
    assert_eq!(kasteleyn(2, 3), BigUint::from(3u32));
    assert_eq!(kasteleyn(8, 8), BigUint::from(12_988_816u32));
    assert_eq!(kasteleyn(3, 3), BigUint::from(0u32));
}

#[test]
fn dominoes_equal_kasteleyn_on_every_width_to_12() {
    for width in 1..=12 {
        let f = Frontier::new(&[shape("##")], Freedom::Free, &[ANY], width).unwrap();
        let counts = f.strip_counts(60, &mut |_| {}).unwrap();
        for (n, count) in counts.iter().enumerate().skip(1) {
            assert_eq!(*count, kasteleyn(width, n), "{width} x {n}");
        }
    }
}

#[test]
fn dominoes_on_12x500_equal_kasteleyn() {
    let f = Frontier::new(&[shape("##")], Freedom::Free, &[ANY], 12).unwrap();
    let counts = f.strip_counts(500, &mut |_| {}).unwrap();
    let want = kasteleyn(12, 500);
    assert!(want.bits() > 2000, "far past 2^128");
    assert_eq!(counts[500], want);
}

/// The table N(w;h) for 1 <= w, h <= size, each on a strip as high as w.
fn table(shapes: &[Shape], size: usize) -> Vec<Vec<BigUint>> {
    let copies = atlas::default_copies(shapes.len());
    (1..=size)
        .map(|w| {
            let f = Frontier::new(shapes, Freedom::Free, &copies, w).unwrap();
            f.strip_counts(size, &mut |_| {}).unwrap()[1..].to_vec()
        })
        .collect()
}

/// Asserts that the tiling table of `piece` up to `size` x `size` has a tiling exactly
/// where `theorem(m, n)` says an m x n rectangle has one.
fn tiles_exactly_where(piece: &str, size: usize, theorem: impl Fn(usize, usize) -> bool) {
    let t = table(&[shape(piece)], size);
    for (w, row) in t.iter().enumerate() {
        for (h, count) in row.iter().enumerate() {
            let (m, n) = (w + 1, h + 1);
            assert_eq!(*count > BigUint::default(), theorem(m, n), "{m} x {n}: {count}");
        }
    }
}

#[test]
fn l_tromino_tiles_by_chu_and_johnsonbaugh() {
    // An m x n rectangle is tiled by L-trominoes exactly when 3 divides mn, both sides are
    // at least 2, and it is not 3 x odd (Chu and Johnsonbaugh, 1986).
    tiles_exactly_where("##\n#.", 14, |m, n| (m * n) % 3 == 0 && m >= 2 && n >= 2 && !(m == 3 && n % 2 == 1) && !(n == 3 && m % 2 == 1));
}

#[test]
fn t_tetromino_tiles_by_walkup() {
    // Walkup (1965): the T-tetromino tiles m x n exactly when 4 divides both.
    tiles_exactly_where("###\n.#.", 16, |m, n| m % 4 == 0 && n % 4 == 0);
}

#[test]
fn y_pentomino_has_order_ten() {
    let y = [shape("####\n.#..")];
    let s = atlas::search(&y, Freedom::Free, &[ANY], Goal::Order, atlas::Bounds::new(200), &mut |_| {}).unwrap();
    assert_eq!(s.unproven, None);
    let found = s.found.unwrap();
    assert_eq!((found.rows, found.columns, found.copies), (5, 10, 10));
    // The tiling drawn covers the rectangle once, with Y pentominoes.
    let mut seen = [0; 50];
    for (_, _, cells) in &found.tiles {
        let tile = Shape::new(cells.iter().map(|&(r, c)| Cell::new(r, c, 0))).unwrap();
        assert_eq!(tile.canonical(Freedom::Free), y[0].canonical(Freedom::Free));
        for &(r, c) in cells {
            seen[r as usize * 10 + c as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&k| k == 1));
}

#[test]
fn smallest_rectangles_and_orders() {
    let l = [shape("##\n#.")];
    let search = |goal| atlas::search(&l, Freedom::Free, &[ANY], goal, atlas::Bounds::new(200), &mut |_| {}).unwrap();
    let dims = |s: atlas::Searched| s.found.map(|f| (f.rows, f.columns, f.copies));
    assert_eq!(dims(search(Goal::Rectangle)), Some((2, 3, 2)));
    assert_eq!(dims(search(Goal::Square)), Some((6, 6, 12)));
    // Both sides odd: 3 x odd is out, 5 x 9 is the least (Chu-Johnsonbaugh).
    assert_eq!(dims(search(Goal::Odd)), Some((5, 9, 15)));
    assert_eq!(dims(search(Goal::OddOrder)), Some((5, 9, 15)));
    // The X pentomino tiles no rectangle, proven: no orientation fills a corner.
    let x = [shape(".#.\n###\n.#.")];
    let s = atlas::search(&x, Freedom::Free, &[ANY], Goal::Rectangle, atlas::Bounds::new(100), &mut |_| {}).unwrap();
    assert!(s.found.is_none());
    assert_eq!(s.unproven, None);
}

#[test]
fn generating_functions_expand_to_the_counts() {
    for width in 2..=6 {
        let f = Frontier::new(&[shape("##\n#.")], Freedom::Free, &[ANY], width).unwrap();
        let (r, counts) = atlas::generating_function(&f, 1 << 16, &mut |_| {}).unwrap();
        assert_eq!(r.denominator[0], BigInt::from(1));
        // Further terms than the function was derived from agree too.
        let more = f.strip_counts(counts.len() + 20, &mut |_| {}).unwrap();
        let back = r.expand(more.len());
        assert!(back.iter().zip(&more).all(|(a, b)| *a == BigInt::from(b.clone())), "width {width}");
    }
}

/// Exact cover with multiplicities (Algorithm M, memoized) on the same board.
fn exact_cover_count(region: &Region, shapes: &[Shape], copies: &[Copies]) -> u128 {
    exact_cover_count_with(region, shapes, copies, Freedom::Free)
}

fn exact_cover_count_with(region: &Region, shapes: &[Shape], copies: &[Copies], freedom: Freedom) -> u128 {
    let placements: Vec<Vec<Vec<usize>>> = shapes.iter().map(|s| region.placements(s, freedom)).collect();
    let cover = cover_with_copies(region.len(), &placements, copies, &[]);
    exact_cover::Solver::count_adaptive(&cover.problem).0.unwrap()
}

fn small_polyomino() -> impl Strategy<Value = Shape> {
    (2usize..=4).prop_flat_map(|n| {
        let all = polyform::Lattice::Square.polyforms(n, true);
        (0..all.len()).prop_map(move |i| all[i].clone())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]
    #[test]
    fn counts_equal_exact_cover_on_random_boards(
        shapes in prop::collection::vec(small_polyomino(), 1..=3),
        kinds in prop::collection::vec(0usize..4, 3),
        rows in 1i32..=6,
        cols in 1i32..=6,
        holes in prop::collection::vec((0i32..6, 0i32..6), 0..4),
        one_sided in any::<bool>(),
    ) {
        let freedom = if one_sided { Freedom::OneSided } else { Freedom::Free };
        let copies: Vec<Copies> = (0..shapes.len())
            .map(|i| [ANY, Copies { lo: 1, hi: None }, Copies { lo: 0, hi: Some(2) }, Copies::ONE][kinds[i]])
            .collect();
        let cells = (0..rows).flat_map(|r| (0..cols).map(move |c| Cell::new(r, c, 0))).filter(|c| !holes.contains(&(c.x, c.y)));
        let region = Region::from_cells(cells);
        let want = exact_cover_count_with(&region, &shapes, &copies, freedom);
        let got = count_region(&region, &shapes, freedom, &copies, DEFAULT_MAX_STATES, &mut |_, _| {}).unwrap();
        prop_assert_eq!(got, BigUint::from(want));
    }
}

#[test]
fn tables_to_8x8_equal_exact_cover() {
    // A set of two (each at least once) and one piece (any number), every rectangle to 8x8.
    for set in [vec![shape("##\n#."), shape("####")], vec![shape("###\n#..")], vec![shape("##"), shape("###")]] {
        let copies = atlas::default_copies(set.len());
        let t = table(&set, 8);
        for w in 1..=8 {
            for h in 1..=8 {
                let want = exact_cover_count(&Region::rectangle(w as i32, h as i32), &set, &copies);
                assert_eq!(t[w - 1][h - 1], BigUint::from(want), "{w} x {h}");
            }
        }
    }
}

#[test]
fn one_sided_strips_equal_exact_cover() {
    // One-sided S and Z tetrominoes apart, and the one-sided L-tromino (its own mirror
    // image up to rotation, so the mirror merge applies).
    for set in [vec![shape(".##\n##.")], vec![shape("##.\n.##")], vec![shape("##\n#.")], vec![shape("###\n#.."), shape("##")]] {
        let copies = atlas::default_copies(set.len());
        for w in 1..=6 {
            let f = Frontier::new(&set, Freedom::OneSided, &copies, w).unwrap();
            let counts = f.strip_counts(7, &mut |_| {}).unwrap();
            for (h, count) in counts.iter().enumerate().skip(1) {
                let want = exact_cover_count_with(&Region::rectangle(w as i32, h as i32), &set, &copies, Freedom::OneSided);
                assert_eq!(*count, BigUint::from(want), "{w} x {h}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn random_sets_tables_to_8x8_equal_exact_cover(shapes in prop::collection::vec(small_polyomino(), 1..=2)) {
        let copies = atlas::default_copies(shapes.len());
        let t = table(&shapes, 8);
        for w in 1..=8 {
            for h in w..=8 {
                let want = exact_cover_count(&Region::rectangle(w as i32, h as i32), &shapes, &copies);
                prop_assert_eq!(&t[w - 1][h - 1], &BigUint::from(want), "{} x {}", w, h);
                prop_assert_eq!(&t[h - 1][w - 1], &t[w - 1][h - 1]);
            }
        }
    }
}
