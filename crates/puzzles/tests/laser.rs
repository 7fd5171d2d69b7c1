//! Laser tower defense: the real Code Jam data, random small grids against a brute force
//! over every orientation choice, and large planted grids; every answer is validated by
//! the independent checker.

use proptest::prelude::*;
use puzzles::laser::{self, check, Grid, Style};

fn solve_all(input: &str, style: Style) -> (Vec<Grid>, String) {
    let cases = laser::parse(input.as_bytes()).unwrap();
    let out: String = cases.iter().enumerate().map(|(k, g)| laser::render(k + 1, laser::solve(g).as_ref(), style)).collect();
    (cases, out)
}

fn real_data(input: &str, answers: &str) {
    let (cases, ours) = solve_all(input, Style::CodeJam);
    // The reference answers pass the checker too (a check of the checker).
    let expected = check::check(&cases, answers).expect("reference answers are valid");
    let got = check::check(&cases, &ours).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, expected);
    // The P5297 style carries the same answers.
    let (_, p5297) = solve_all(input, Style::P5297);
    assert_eq!(check::check(&cases, &p5297).unwrap(), expected);
}

#[test]
fn code_jam_sample() {
    real_data(include_str!("../../../tests/data/laser/sample.in"), include_str!("../../../tests/data/laser/sample.ans"));
}

#[test]
fn code_jam_small() {
    real_data(include_str!("../../../tests/data/laser/small.in"), include_str!("../../../tests/data/laser/small.ans"));
}

#[test]
fn code_jam_large() {
    real_data(include_str!("../../../tests/data/laser/large.in"), include_str!("../../../tests/data/laser/large.ans"));
}

/// Whether some setting of the turrets is valid, trying all of them with the checker.
fn brute_force(grid: &Grid) -> bool {
    let turrets: Vec<usize> = (0..grid.cells.len()).filter(|&i| matches!(grid.cells[i], b'|' | b'-')).collect();
    (0u32..1 << turrets.len()).any(|bits| {
        let mut g = grid.clone();
        for (k, &at) in turrets.iter().enumerate() {
            g.cells[at] = if bits >> k & 1 == 1 { b'|' } else { b'-' };
        }
        check::check_case(grid, &g).is_ok()
    })
}

fn small_grid() -> impl Strategy<Value = Grid> {
    (2usize..7, 2usize..7).prop_flat_map(|(rows, cols)| {
        let cell = prop_oneof![4 => Just(b'.'), 1 => Just(b'#'), 2 => Just(b'/'), 2 => Just(b'\\'), 2 => Just(b'|'), 2 => Just(b'-')];
        proptest::collection::vec(cell, rows * cols).prop_map(move |cells| Grid { rows, cols, cells })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn agrees_with_brute_force(grid in small_grid()) {
        let turrets = grid.cells.iter().filter(|&&b| b == b'|' || b == b'-').count();
        prop_assume!(turrets <= 12);
        let answer = laser::solve(&grid);
        prop_assert_eq!(answer.is_some(), brute_force(&grid));
        if let Some(a) = answer {
            prop_assert_eq!(check::check_case(&grid, &a), Ok(()));
        }
    }

    #[test]
    fn parser_never_panics(input in proptest::collection::vec(prop_oneof![
        Just(b'.'), Just(b'#'), Just(b'|'), Just(b'-'), Just(b'\n'), Just(b' '), Just(b'1'), Just(b'2'), Just(b'0'), any::<u8>()
    ], 0..60)) {
        if let Ok(cases) = laser::parse(&input) {
            for g in &cases {
                prop_assert_eq!(g.cells.len(), g.rows * g.cols);
                let _ = laser::solve(g);
            }
        }
    }
}

#[test]
fn planted_grids_are_solved() {
    for (rows, cols, seed) in [(1, 1, 1), (3, 7, 2), (40, 40, 3), (200, 150, 4), (500, 500, 5)] {
        let (grid, planted) = laser::planted(rows, cols, seed);
        assert_eq!(check::check_case(&grid, &planted), Ok(()), "the planted setting is valid");
        let answer = laser::solve(&grid).expect("a planted grid has a solution");
        assert_eq!(check::check_case(&grid, &answer), Ok(()));
    }
}

#[test]
fn checker_rejects_broken_answers() {
    // Two turrets on one row: horizontal, each reaches the other; vertical, the middle
    // cell is not crossed. No valid setting.
    let pair = laser::parse(b"1\n1 3\n-.-\n").unwrap().remove(0);
    assert_eq!(laser::solve(&pair), None);
    let hit = Grid { cells: b"-.-".to_vec(), ..pair.clone() };
    assert!(check::check_case(&pair, &hit).unwrap_err().contains("reaches the turret at (1, 3)"));
    let bare = Grid { cells: b"|.|".to_vec(), ..pair.clone() };
    assert!(check::check_case(&pair, &bare).unwrap_err().contains("no beam crosses the empty cell at (1, 2)"));

    let grid = laser::parse(b"1\n2 3\n-..\n#.|\n").unwrap().remove(0);
    let ok = laser::solve(&grid).unwrap();
    assert_eq!(ok.cells, b"-..#.-");
    assert_eq!(check::check_case(&grid, &ok), Ok(()));
    // A wall moved.
    let mut moved = ok.clone();
    moved.cells[3] = b'.';
    assert!(check::check_case(&grid, &moved).unwrap_err().contains("the input has"));
    // A whole answer with the wrong verdict line, and one cut short.
    assert!(check::check(std::slice::from_ref(&grid), "MAYBE\n").is_err());
    assert!(check::check(std::slice::from_ref(&grid), "POSSIBLE\n-..\n").is_err());
    assert_eq!(check::check(&[grid], "Case #1: POSSIBLE\n-..\n#.-\n"), Ok(vec![check::Verdict::Valid]));
}
