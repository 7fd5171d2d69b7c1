//! Packing with piece counts (`T 3`, `T 0..2`, `T *`, `T 1..*`): counts against a plain
//! backtracking search written here (its own placements, first empty cell first), domino
//! tilings against a transfer-matrix count, and, when Knuth's programs are built in `GRIDLOCK_KNUTH`,
//! against Knuth's `dlx3` on the `--emit-knuth` text (the counts it gave are recorded in
//! `tests/data/pack/dlx3-counts.txt` for runs without it).

#[path = "../../polyform/tests/knuth/mod.rs"]
mod knuth;
use knuth::{knuth_count, run, Comparison};
use polyform::{Board, Copies, Freedom, Piece, Shape};
use proptest::prelude::*;
use puzzles::pack::{Problem, RunOptions};
use std::collections::BTreeSet;

/// Domino tilings of a `rows x cols` board by a transfer matrix over column profiles
/// (which cells of the next column are already covered), exact in u128.
fn domino_transfer(rows: usize, cols: usize) -> u128 {
    let full = 1usize << rows;
    let mut ways = vec![0u128; full];
    ways[0] = 1;
    for _ in 0..cols {
        let mut next = vec![0u128; full];
        for (mask, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            // Fill the column row by row: a cell already covered, a horizontal domino into
            // the next column, or a vertical domino with the cell below.
            fn fill(r: usize, rows: usize, mask: usize, out: usize, w: u128, next: &mut [u128]) {
                if r == rows {
                    next[out] += w;
                } else if mask >> r & 1 == 1 {
                    fill(r + 1, rows, mask, out, w, next);
                } else {
                    fill(r + 1, rows, mask, out | 1 << r, w, next);
                    if r + 1 < rows && mask >> (r + 1) & 1 == 0 {
                        fill(r + 2, rows, mask, out, w, next);
                    }
                }
            }
            fill(0, rows, mask, 0, w, &mut next);
        }
        ways = next;
    }
    ways[0]
}

fn count(board: Board, pieces: Vec<Piece>, copies: Vec<Copies>) -> u128 {
    Problem::new(board, pieces, copies, Freedom::Free).unwrap().count(&RunOptions::default()).unwrap()
}

#[test]
fn domino_tilings() {
    assert_eq!(domino_transfer(8, 8), 12_988_816);
    let any = Copies::parse("*").unwrap();
    for (n, want) in
        [(2, 2u128), (8, 12_988_816), (10, 258_584_046_368), (12, 53_060_477_521_960_000), (14, 112_202_208_776_036_178_000_000)]
    {
        assert_eq!(domino_transfer(n, n), want, "transfer matrix {n}x{n}");
        assert_eq!(count(Board::rectangle(n as i32, n as i32), polyform::sets::dominoes(), vec![any]), want, "{n}x{n}");
    }
    // A 2 x n strip: Fibonacci numbers.
    let (mut a, mut b) = (1u128, 1u128);
    for n in 1..=60 {
        assert_eq!(count(Board::rectangle(2, n), polyform::sets::dominoes(), vec![any]), b, "2x{n}");
        (a, b) = (b, a + b);
    }
    // Exact up to 2^128 - 1, an error past it (never a wrapped count): 2x185 has
    // F(186) ~ 3.3e38 tilings, 2x186 F(187) ~ 5.4e38.
    let (mut a, mut b) = (1u128, 1u128);
    for _ in 2..186 {
        (a, b) = (b, a.checked_add(b).unwrap());
    }
    assert!(a.checked_add(b).is_none(), "F(187) exceeds 2^128 - 1");
    let strip = |n| Problem::new(Board::rectangle(2, n), polyform::sets::dominoes(), vec![any], Freedom::Free).unwrap();
    assert_eq!(strip(185).count(&RunOptions::default()), Ok(b));
    assert_eq!(strip(186).count(&RunOptions::default()), Err(puzzles::pack::RunError::Overflow));
    // Odd area: no tiling, decided before any search.
    let odd = Problem::new(Board::rectangle(5, 5), polyform::sets::dominoes(), vec![any], Freedom::Free).unwrap();
    assert!(odd.hopeless());
}

/// The placements of `shape` on `board` (cells as (row, col)), each a sorted cell list,
/// by its own rotations and reflections.
fn placements(board: &BTreeSet<(i32, i32)>, shape: &[(i32, i32)]) -> BTreeSet<Vec<(i32, i32)>> {
    let mut out = BTreeSet::new();
    for t in 0..8 {
        let image = puzzles::pack::check::square_image(shape, t);
        // Each board cell in turn takes the image's least cell.
        let (r0, c0) = *image.iter().min().unwrap();
        for &(br, bc) in board {
            let mut cells: Vec<(i32, i32)> = image.iter().map(|&(r, c)| (r - r0 + br, c - c0 + bc)).collect();
            if cells.iter().all(|c| board.contains(c)) {
                cells.sort();
                out.insert(cells);
            }
        }
    }
    out
}

/// Tilings by plain backtracking: the first empty cell (row-major) is covered by some
/// placement of some piece with copies left; at the end every piece has at least `lo`.
/// The count below each state (cells left, copies used) is remembered, so boards of
/// interchangeable monominoes and dominoes with millions of tilings take milliseconds
/// (plain enumeration once took minutes here).
fn brute(board: &BTreeSet<(i32, i32)>, pieces: &[Vec<(i32, i32)>], copies: &[Copies]) -> u64 {
    type Memo = std::collections::HashMap<(BTreeSet<(i32, i32)>, Vec<u32>), u64>;
    fn go(empty: &mut BTreeSet<(i32, i32)>, lists: &[Placements], copies: &[Copies], used: &mut Vec<u32>, memo: &mut Memo) -> u64 {
        let Some(moves) = moves(empty, lists, copies, used) else {
            return enough(copies, used) as u64;
        };
        if let Some(&n) = memo.get(&(empty.clone(), used.clone())) {
            return n;
        }
        let mut total = 0;
        for (p, pl) in moves {
            place(empty, used, p, pl, true);
            total += go(empty, lists, copies, used, memo);
            place(empty, used, p, pl, false);
        }
        memo.insert((empty.clone(), used.clone()), total);
        total
    }
    go(&mut board.clone(), &placement_lists(board, pieces), copies, &mut vec![0; pieces.len()], &mut Memo::new())
}

/// Each piece's placements on a board, each a sorted list of cells.
type Placements = Vec<Vec<(i32, i32)>>;

/// [`placements`] of every piece.
fn placement_lists(board: &BTreeSet<(i32, i32)>, pieces: &[Vec<(i32, i32)>]) -> Vec<Placements> {
    pieces.iter().map(|p| placements(board, p).into_iter().collect()).collect()
}

/// Whether every piece is used at least its least number of times.
fn enough(copies: &[Copies], used: &[u32]) -> bool {
    copies.iter().zip(used).all(|(c, &u)| u >= c.lo)
}

/// A copy of a piece placed: the piece and its cells.
type Move<'a> = (usize, &'a [(i32, i32)]);

/// The brute forces' moves: the placements (piece, cells) inside `empty` that cover its
/// first cell (row-major), of pieces with copies left; `None` when no cell is empty.
fn moves<'a>(empty: &BTreeSet<(i32, i32)>, lists: &'a [Placements], copies: &[Copies], used: &[u32]) -> Option<Vec<Move<'a>>> {
    let first = *empty.iter().next()?;
    let open = |p: usize| copies[p].hi.is_none_or(|hi| used[p] < hi);
    let fits = |pl: &&Vec<(i32, i32)>| pl.contains(&first) && pl.iter().all(|c| empty.contains(c));
    Some(
        lists
            .iter()
            .enumerate()
            .filter(|&(p, _)| open(p))
            .flat_map(|(p, list)| list.iter().filter(fits).map(move |pl| (p, pl.as_slice())))
            .collect(),
    )
}

/// Places (`put`) or lifts a copy of piece `p` on the cells `pl`.
fn place(empty: &mut BTreeSet<(i32, i32)>, used: &mut [u32], p: usize, pl: &[(i32, i32)], put: bool) {
    for &c in pl {
        if put {
            empty.remove(&c);
        } else {
            empty.insert(c);
        }
    }
    if put {
        used[p] += 1;
    } else {
        used[p] -= 1;
    }
}

/// A case: the board's cells, the pieces' cells, the pieces' counts.
type Case = (Vec<(i32, i32)>, Vec<Vec<(i32, i32)>>, Vec<Copies>);

/// Small random boards (holes allowed), 1 to 3 random small pieces, random counts.
fn case() -> impl Strategy<Value = Case> {
    // Every fifth cell may be a hole: the board is never empty.
    let board = (2i32..5, 2i32..6, proptest::collection::vec(any::<bool>(), 30)).prop_map(|(r, c, holes)| {
        let cells: Vec<(i32, i32)> = (0..r).flat_map(|i| (0..c).map(move |j| (i, j))).collect();
        cells.into_iter().enumerate().filter(|(k, _)| !holes[*k] || *k % 5 != 0).map(|(_, x)| x).collect::<Vec<_>>()
    });
    let shapes = [
        vec![(0, 0)],
        vec![(0, 0), (0, 1)],
        vec![(0, 0), (0, 1), (0, 2)],
        vec![(0, 0), (0, 1), (1, 0)],
        vec![(0, 0), (0, 1), (1, 0), (1, 1)],
        vec![(0, 0), (0, 1), (0, 2), (1, 1)],
    ];
    let piece = (0usize..6, 0u32..3, 0u32..4).prop_map(move |(s, a, b)| {
        let copies = match b {
            0 => Copies { lo: a, hi: None },
            _ => Copies { lo: a.min(b), hi: Some(a.max(b)) },
        };
        (shapes[s].clone(), copies)
    });
    (board, proptest::collection::vec(piece, 1..4)).prop_map(|(b, ps)| {
        let (shapes, copies): (Vec<_>, Vec<_>) = ps.into_iter().unzip();
        (b, shapes, copies)
    })
}

/// The packing problem of a [`case`] (free pieces named p0, p1, ...).
fn solver_for(cells: &[(i32, i32)], shapes: &[Vec<(i32, i32)>], copies: &[Copies]) -> Problem {
    let board = Board::from_cells(cells.iter().map(|&(r, c)| polyform::Cell::new(r, c, 0)));
    let pieces: Vec<Piece> = shapes
        .iter()
        .enumerate()
        .map(|(k, s)| Piece { name: format!("p{k}"), shape: Shape::new(s.iter().map(|&(r, c)| polyform::Cell::new(r, c, 0))).unwrap() })
        .collect();
    Problem::new(board, pieces, copies.to_vec(), Freedom::Free).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn counts_equal_brute_force((cells, shapes, copies) in case()) {
        let board_set: BTreeSet<(i32, i32)> = cells.iter().copied().collect();
        let expected = brute(&board_set, &shapes, &copies);
        let solver = solver_for(&cells, &shapes, &copies);
        prop_assert_eq!(solver.count(&RunOptions::default()).unwrap(), expected as u128);
        // Every tiling listed is a tiling, each once, within the counts; the listing is
        // kept in memory, so only where it is small (a 4x5 board of interchangeable
        // monominoes and dominoes has millions of tilings: a CI run holding them all in
        // the set below was killed at 24 GB).
        if expected > LISTED_AT_MOST {
            return Ok(());
        }
        let mut seen = BTreeSet::new();
        let _ = solver.for_each(|t| {
            let mut cells: Vec<usize> = t.iter().flat_map(|(_, c)| c.iter().copied()).collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..solver.region().len()).collect::<Vec<_>>());
            for (p, c) in copies.iter().enumerate() {
                let n = t.iter().filter(|(q, _)| *q == p).count() as u32;
                assert!(n >= c.lo && c.hi.is_none_or(|hi| n <= hi));
            }
            let mut key: Vec<(usize, Vec<usize>)> = t.clone();
            key.sort();
            assert!(seen.insert(key), "a tiling listed twice");
            std::ops::ControlFlow::Continue(())
        });
        prop_assert_eq!(seen.len() as u64, expected);
    }
}

/// The most tilings `counts_equal_brute_force` lists and keeps to check them one by one.
const LISTED_AT_MOST: u64 = 100_000;

/// Random piece sets with counts on boards of 12 to 28 cells, written by `--emit-knuth`
/// (DLX3's `lo:hi|piece` items): (name, board rows, cols, pieces file).
fn dlx3_cases() -> Vec<(String, i32, i32, String)> {
    let shapes = ["#", "##", "###", "##\n#.", "##\n##", "###\n.#.", "###\n#..", "##.\n.##"];
    let mut next = knuth::xorshift(0x2545_F491_4F6C_DD1Du64);
    (1..=12)
        .map(|k| {
            let (rows, cols) = (3 + next(2) as i32, 4 + next(4) as i32);
            let mut text = String::new();
            for p in 0..(2 + next(3)) {
                let count = match next(4) {
                    0 => "*".to_string(),
                    1 => format!("{}..*", next(3)),
                    2 => format!("{}..{}", next(2), 2 + next(4)),
                    _ => format!("{}", 1 + next(3)),
                };
                text += &format!("q{p} {count}\n{}\n\n", shapes[next(shapes.len() as u64) as usize]);
            }
            (format!("copies-{k}"), rows, cols, text)
        })
        .collect()
}

#[test]
fn counts_equal_knuths_dlx3() {
    let mut knuth = Comparison::new(include_str!("../../../tests/data/pack/dlx3-counts.txt"));
    for (name, rows, cols, text) in dlx3_cases() {
        let (pieces, copies): (Vec<Piece>, Vec<Copies>) = puzzles::pack::parse_pieces(&text).unwrap().into_iter().unzip();
        let solver = Problem::new(Board::rectangle(rows, cols), pieces, copies, Freedom::Free).unwrap();
        let ours = solver.count(&RunOptions::default()).unwrap();
        knuth.check(&name, &text, ours, |dir| knuth_count(&dir.join("dlx3"), solver.knuth_text().as_bytes()));
    }
    assert!(knuth.nonzero >= 4, "most random cases should have tilings ({} of 12)", knuth.nonzero);
}

/// Boards over 128 cells stay on a bitboard engine (the tiler, not dancing links): every
/// pentomino three times in 12x15, its first tiling checked by the independent checker;
/// the domino tilings of 12x12 counted.
#[test]
fn boards_over_128_cells_use_the_tiler() {
    let pentominoes = polyform::sets::pentominoes();
    let three = vec![Copies::parse("3").unwrap(); pentominoes.len()];
    let solver = Problem::new(Board::rectangle(12, 15), pentominoes.clone(), three, Freedom::Free).unwrap();
    assert!(solver.engine().contains("tiler"), "{}", solver.engine());
    let mut first = None;
    let _ = solver.for_each(|t| {
        first = Some(t.clone());
        std::ops::ControlFlow::Break(())
    });
    let tiling = first.expect("12x15 has a tiling by three sets of pentominoes");
    assert_eq!(tiling.len(), 36);
    let text = puzzles::pack::render_tiling(solver.region(), solver.pieces(), &tiling);
    let board: Vec<(i32, i32)> = solver.region().cells().iter().map(|c| (c.x, c.y)).collect();
    let cells: Vec<(String, Vec<(i32, i32)>)> =
        pentominoes.iter().map(|p| (p.name.clone(), p.shape.cells().iter().map(|c| (c.x, c.y)).collect())).collect();
    let bounds = vec![(3, Some(3)); cells.len()];
    assert_eq!(puzzles::pack::check::check(&board, &cells, &bounds, false, &text), Ok(puzzles::pack::check::Verdict::Solved));

    let any = vec![Copies::parse("*").unwrap()];
    let dominoes = Problem::new(Board::rectangle(12, 12), polyform::sets::dominoes(), any, Freedom::Free).unwrap();
    assert!(dominoes.engine().contains("tiler"), "{}", dominoes.engine());
    assert_eq!(dominoes.count(&RunOptions::default()).unwrap(), domino_transfer(12, 12));
    // Split over threads and shards, the count is the same.
    let threads = RunOptions { threads: 2, ..Default::default() };
    assert_eq!(dominoes.count(&threads).unwrap(), domino_transfer(12, 12));
    let shard = |k| dominoes.count(&RunOptions { shard: Some((k, 3)), ..Default::default() }).unwrap();
    assert_eq!(shard(1) + shard(2) + shard(3), domino_transfer(12, 12));
}

/// Tilings counted by the first empty cell (by index), remembering in a hash map the
/// count below each (set of empty cells, copies used) -- copies past a piece's lower
/// bound are not told apart when it has no upper bound. Written apart from the tiler:
/// cells as a `Vec<bool>`, no bitboards, no pruning. `None` past 2^128 - 1.
fn memoized_brute(board: &Board, placements: &[Vec<Vec<usize>>], copies: &[Copies]) -> Option<u128> {
    type Memo = std::collections::HashMap<(Vec<bool>, Vec<u32>), Option<u128>>;
    fn go(
        filled: &mut Vec<bool>,
        used: &mut Vec<u32>,
        by_cell: &[Vec<(usize, usize)>],
        pl: &[Vec<Vec<usize>>],
        copies: &[Copies],
        memo: &mut Memo,
    ) -> Option<u128> {
        let Some(first) = filled.iter().position(|&f| !f) else {
            return Some(copies.iter().zip(used.iter()).all(|(c, &u)| u >= c.lo) as u128);
        };
        let key: Vec<u32> = used.iter().zip(copies).map(|(&u, c)| if c.hi.is_none() { u.min(c.lo) } else { u }).collect();
        if let Some(&n) = memo.get(&(filled.clone(), key.clone())) {
            return n;
        }
        let mut total = Some(0u128);
        for &(p, k) in &by_cell[first] {
            let cells = &pl[p][k];
            if copies[p].hi.is_some_and(|hi| used[p] >= hi) || cells.iter().any(|&c| filled[c]) {
                continue;
            }
            cells.iter().for_each(|&c| filled[c] = true);
            used[p] += 1;
            let below = go(filled, used, by_cell, pl, copies, memo);
            total = total.zip(below).and_then(|(a, b)| a.checked_add(b));
            used[p] -= 1;
            cells.iter().for_each(|&c| filled[c] = false);
        }
        memo.insert((filled.clone(), key), total);
        total
    }
    // Each placement listed under its smallest cell.
    let mut by_cell = vec![Vec::new(); board.len()];
    for (p, list) in placements.iter().enumerate() {
        for (k, cells) in list.iter().enumerate() {
            by_cell[*cells.iter().min().unwrap()].push((p, k));
        }
    }
    go(&mut vec![false; board.len()], &mut vec![0; copies.len()], &by_cell, placements, copies, &mut Memo::new())
}

/// Long thin boards of 44 to 156 cells (bitsets of 1 to 3 words) and random pieces with
/// counts: the tiler's counts equal a memoized brute force's, and what it lists are
/// tilings within the counts, each once.
fn wide_case() -> impl Strategy<Value = (i32, i32, Vec<usize>, Vec<Copies>)> {
    let piece = (0usize..7, 0u32..3, 0u32..5).prop_map(|(s, a, b)| {
        let copies = match b {
            0 | 1 => Copies { lo: a, hi: None },
            _ => Copies { lo: a.min(b), hi: Some(a.max(b)) },
        };
        (s, copies)
    });
    (2i32..5, 22i32..40, proptest::collection::vec(piece, 1..4)).prop_map(|(r, c, ps)| {
        let (shapes, copies) = ps.into_iter().unzip();
        (r, c, shapes, copies)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn tiler_counts_equal_a_memoized_brute_force_on_wide_boards((rows, cols, shapes, copies) in wide_case()) {
        let drawings = ["##", "###", "##\n#.", "##\n##", "###\n.#.", "###\n#..", "##.\n.##"];
        // Long columns, so that the brute force's row-major frontier is narrow too.
        let board = Board::rectangle(cols, rows);
        let pieces: Vec<Shape> = shapes.iter().map(|&s| Shape::from_drawing(drawings[s]).unwrap()).collect();
        let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| board.placements(p, Freedom::Free)).collect();
        let tiler = polyform::Search::with_copies(&board, &placements, &copies, polyform::Engine::Bitboard);
        prop_assert!(matches!(tiler, polyform::Search::Tiler(_)));
        let options = exact_cover::parallel::CountOptions::default();
        let count = tiler.count(&options);
        prop_assert_eq!(count, memoized_brute(&board, &placements, &copies));
        // The first 200 tilings listed, each once; all of them when there are fewer.
        let mut ours = BTreeSet::new();
        let _ = tiler.for_each(|t| {
            let mut key = t.to_vec();
            key.sort_unstable();
            assert!(ours.insert(key), "a tiling listed twice");
            if ours.len() >= 200 { std::ops::ControlFlow::Break(()) } else { std::ops::ControlFlow::Continue(()) }
        });
        if count.is_some_and(|c| c < 200) {
            prop_assert_eq!(ours.len() as u128, count.unwrap());
        }
        for t in &ours {
            let mut cells: Vec<usize> = t.iter().flat_map(|&(p, k)| placements[p][k].iter().copied()).collect();
            cells.sort_unstable();
            prop_assert_eq!(cells, (0..board.len()).collect::<Vec<_>>());
            for (p, c) in copies.iter().enumerate() {
                let n = t.iter().filter(|(q, _)| *q == p).count() as u32;
                prop_assert!(n >= c.lo && c.hi.is_none_or(|hi| n <= hi));
            }
        }
    }
}

/// A tiling as a sorted list of tiles `(piece, sorted cells)`.
type Tiles = Vec<(usize, Vec<(i32, i32)>)>;

/// A map of the plane's cells.
type CellMap = Box<dyn Fn((i32, i32)) -> (i32, i32)>;

/// Every tiling by plain backtracking (as [`brute`]).
fn brute_tilings(board: &BTreeSet<(i32, i32)>, pieces: &[Vec<(i32, i32)>], copies: &[Copies]) -> Vec<Tiles> {
    fn go(
        empty: &mut BTreeSet<(i32, i32)>,
        lists: &[Placements],
        copies: &[Copies],
        used: &mut Vec<u32>,
        tiles: &mut Tiles,
        out: &mut Vec<Tiles>,
    ) {
        let Some(moves) = moves(empty, lists, copies, used) else {
            if enough(copies, used) {
                let mut t = tiles.clone();
                t.sort();
                out.push(t);
            }
            return;
        };
        for (p, pl) in moves {
            place(empty, used, p, pl, true);
            tiles.push((p, pl.to_vec()));
            go(empty, lists, copies, used, tiles, out);
            tiles.pop();
            place(empty, used, p, pl, false);
        }
    }
    let mut out = Vec::new();
    go(&mut board.clone(), &placement_lists(board, pieces), copies, &mut vec![0; pieces.len()], &mut Vec::new(), &mut out);
    out
}

/// The number of classes of `tilings` under the board's symmetries, found here: the 8
/// rotations and reflections of the plane, each followed by the translation that brings
/// the image's least row and column back, kept when they map the board onto itself; a
/// class is named by the least image of its tilings.
fn classes(board: &BTreeSet<(i32, i32)>, tilings: &[Tiles]) -> usize {
    let maps: Vec<CellMap> = (0..8)
        .map(|t| {
            let f = move |(r, c): (i32, i32)| {
                let (mut r, mut c) = if t & 4 == 4 { (r, -c) } else { (r, c) };
                for _ in 0..(t & 3) {
                    (r, c) = (c, -r);
                }
                (r, c)
            };
            let r0 = board.iter().map(|&x| f(x).0).min().unwrap();
            let c0 = board.iter().map(|&x| f(x).1).min().unwrap();
            let br0 = board.iter().map(|x| x.0).min().unwrap();
            let bc0 = board.iter().map(|x| x.1).min().unwrap();
            Box::new(move |x| {
                let (r, c) = f(x);
                (r - r0 + br0, c - c0 + bc0)
            }) as CellMap
        })
        .filter(|m| board.iter().map(|&x| m(x)).collect::<BTreeSet<_>>() == *board)
        .collect();
    let names: BTreeSet<Tiles> = tilings
        .iter()
        .map(|t| {
            maps.iter()
                .map(|m| {
                    let mut image: Tiles = t
                        .iter()
                        .map(|(p, cells)| {
                            let mut c: Vec<(i32, i32)> = cells.iter().map(|&x| m(x)).collect();
                            c.sort();
                            (*p, c)
                        })
                        .collect();
                    image.sort();
                    image
                })
                .min()
                .unwrap()
        })
        .collect();
    names.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// --unique with piece counts: Burnside's count and the canonical listing both equal
    /// the classes of every tiling, found by brute force and the plane's symmetries here.
    #[test]
    fn unique_counts_with_copies_equal_brute_force_classes((cells, shapes, copies) in case()) {
        let board_set: BTreeSet<(i32, i32)> = cells.iter().copied().collect();
        let solver = solver_for(&cells, &shapes, &copies);
        let (all, unique) = (solver.count(&RunOptions::default()).unwrap(), solver.count_classes(&RunOptions::default()).unwrap());
        let n = brute(&board_set, &shapes, &copies);
        prop_assert_eq!(all, u128::from(n));
        // The classes need every tiling in memory: only where they are few (a random
        // case of millions of tilings was killed by the out-of-memory killer in CI).
        if n > LISTED_AT_MOST {
            return Ok(());
        }
        let tilings = brute_tilings(&board_set, &shapes, &copies);
        let expected = classes(&board_set, &tilings);
        prop_assert_eq!(all, tilings.len() as u128);
        prop_assert_eq!(unique, expected as u128);
        // Burnside's sum cut into 3 parts (as --unique --checkpoint counts it) adds up to
        // the group's order times the classes.
        let parts: u128 = (1..=3)
            .map(|k| solver.burnside_part(&RunOptions { threads: 1, shard: Some((k, 3)), progress: None }).unwrap())
            .sum();
        prop_assert_eq!(parts, solver.burnside_order() * expected as u128);
        let mut listed = 0usize;
        let _ = solver.for_each_class(|_| {
            listed += 1;
            std::ops::ControlFlow::Continue(())
        });
        prop_assert_eq!(listed, expected);
    }
}

#[test]
fn domino_tilings_up_to_symmetry() {
    // Burnside's count and the canonical listing against the brute force's classes on
    // squares (all 8 symmetries) and a rectangle; 2x2's two tilings are one class.
    let any = Copies { lo: 0, hi: None };
    for (r, c) in [(2, 2), (4, 4), (6, 6), (4, 5)] {
        let board_set: BTreeSet<(i32, i32)> = (0..r).flat_map(|i| (0..c).map(move |j| (i, j))).collect();
        let want = classes(&board_set, &brute_tilings(&board_set, &[vec![(0, 0), (0, 1)]], &[any])) as u128;
        let solver = Problem::new(Board::rectangle(r, c), polyform::sets::dominoes(), vec![any], Freedom::Free).unwrap();
        let unique = solver.count_classes(&RunOptions::default()).unwrap();
        let mut listed = 0u128;
        let _ = solver.for_each_class(|_| {
            listed += 1;
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!((unique, listed), (want, want), "{r}x{c}");
        if (r, c) == (2, 2) {
            assert_eq!(want, 1);
        }
    }
}

/// Random boxes (with holes) and piece sets with multiplicities in the input notation of
/// Knuth's polyomino-dlx: (name, file text). Every piece carries an explicit multiplicity
/// (`m|name` or `lo:hi|name`): the built program misreads lines without one.
fn knuth_cases() -> Vec<(String, String)> {
    let shapes: [&[(u32, u32)]; 8] = [
        &[(0, 0)],
        &[(0, 0), (0, 1)],
        &[(0, 0), (1, 0), (2, 0)],
        &[(0, 0), (0, 1), (1, 0)],
        &[(0, 0), (0, 1), (1, 0), (1, 1)],
        &[(0, 0), (0, 1), (0, 2), (1, 1)],
        &[(0, 0), (1, 0), (1, 1), (1, 2)],
        &[(0, 0), (0, 1), (1, 1), (1, 2)],
    ];
    let digit = |d: u32| char::from_digit(d, 36).unwrap();
    let mut next = knuth::xorshift(0x1234_5678_9ABC_DEF1u64);
    (1..=16)
        .map(|k| {
            let (rows, cols) = (2 + next(3) as u32, 3 + next(5) as u32);
            let mut text = format!("| random case {k}\n");
            // Each row's cells as runs x[a-b] (or xy for one cell), a few cells left out.
            for x in 0..rows {
                let keep: Vec<bool> = (0..cols).map(|_| next(16) != 0).collect();
                let mut y = 0;
                while y < cols {
                    if !keep[y as usize] {
                        y += 1;
                        continue;
                    }
                    let start = y;
                    while y < cols && keep[y as usize] {
                        y += 1;
                    }
                    if y - start == 1 {
                        text += &format!("{}{} ", digit(x), digit(start));
                    } else {
                        text += &format!("{}[{}-{}] ", digit(x), digit(start), digit(y - 1));
                    }
                }
            }
            text.push('\n');
            for p in 0..(1 + next(3)) {
                let m = match next(4) {
                    0 => format!("{}", 1 + next(3)),
                    1 => format!("0:{}", 8 + next(20)),
                    _ => format!("1:{}", 8 + next(20)),
                };
                let (dx, dy) = (next(3) as u32, next(3) as u32);
                let cells: Vec<String> = shapes[if p == 0 { next(3) } else { next(8) } as usize]
                    .iter()
                    .map(|&(x, y)| format!("{}{}", digit(x + dx), digit(y + dy)))
                    .collect();
                text += &format!("{m}|q{p} {}\n", cells.join(" "));
            }
            (format!("knuth-{k}"), text)
        })
        .collect()
}

#[test]
fn knuth_notation_counts_equal_polyomino_dlx_and_dlx3() {
    let mut knuth = Comparison::new(include_str!("../../../tests/data/pack/knuth-polyomino-counts.txt"));
    for (name, text) in knuth_cases() {
        let (board, listed) = puzzles::pack::parse_knuth(&text).unwrap();
        let (pieces, copies): (Vec<Piece>, Vec<Copies>) = listed.into_iter().unzip();
        let solver = Problem::new(board, pieces, copies, Freedom::Free).unwrap();
        let ours = solver.count(&RunOptions::default()).unwrap();
        // Knuth's pipeline: polyomino-dlx writes the DLX file, dlx3 counts.
        knuth.check(&name, &text, ours, |dir| knuth_count(&dir.join("dlx3"), &run(&dir.join("polyomino-dlx"), &[], text.as_bytes()).0));
    }
    assert!(knuth.nonzero >= 4, "most random cases should have packings ({} of 16)", knuth.nonzero);
}
