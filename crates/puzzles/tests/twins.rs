//! Polyomino pairs: all 595 pairs of the Code Jam data against the official verdicts, every
//! board valid by the independent checker, and every verdict on small boards against a
//! brute force over all regions.

use polyform::twins::two_tilings;
use polyform::{Board, Freedom, Shape};
use puzzles::twins::{self, check, Style};
use std::collections::HashSet;

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../../tests/data/twins/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn real(input: &str, official: &str) {
    let cases = twins::parse(input.as_bytes()).unwrap();
    let answers = twins::solve_all(&cases, 8, 8).unwrap();
    let text: String = answers.iter().enumerate().map(|(k, a)| twins::render(k + 1, a.as_ref(), 8, 8, Style::CodeJam)).collect();
    let expected = check::check(&cases, official, 8, 8).expect("the official answers pass the checker");
    let got = check::check(&cases, &text, 8, 8).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, expected);
}

#[test]
fn code_jam_sample() {
    real(&data("sample.in"), &data("sample.ans"));
}

#[test]
fn all_595_pairs() {
    real(&data("1.in"), &data("1.ans"));
}

/// The answers handed on as they are decided come in the cases' order, one each, equal to
/// those decided at once; an error from the receiver stops the handing on at once and is
/// returned; a board too large is refused before any answer.
#[test]
fn answers_handed_on_in_order() {
    let cases = twins::parse(data("1.in").as_bytes()).unwrap();
    let cases = &cases[..120];
    let all = twins::solve_all(cases, 8, 8).unwrap();
    let mut got = Vec::new();
    twins::solve_each(cases, 8, 8, |k, a| {
        assert_eq!(k, got.len());
        got.push(a);
        Ok::<(), ()>(())
    })
    .unwrap()
    .unwrap();
    assert_eq!(got, all);
    let mut seen = 0;
    let stopped = twins::solve_each(cases, 8, 8, |k, _| {
        seen += 1;
        if k == 30 {
            Err(k)
        } else {
            Ok(())
        }
    });
    assert_eq!(stopped, Ok(Err(30)));
    assert_eq!(seen, 31);
    assert!(twins::solve_each(cases, 9, 8, |_, _| Ok::<(), ()>(())).is_err());
    assert!(twins::solve_all(&[], 9, 8).is_err());
    assert!(twins::solve_all(&[], 8, 8).is_ok());
}

/// The distinct pieces of the data (35).
fn pieces() -> Vec<Shape> {
    let cases = twins::parse(data("1.in").as_bytes()).unwrap();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for c in cases {
        for s in [c.p, c.q] {
            if seen.insert(s.canonical(Freedom::Free)) {
                out.push(s);
            }
        }
    }
    out
}

/// Every region of a `rows x cols` board (as a bit set of cells, row-major) that copies
/// of `piece` tile, by closing the empty region under adding a disjoint placement.
fn tileable(piece: &Shape, rows: i32, cols: i32) -> Vec<bool> {
    let board = Board::rectangle(rows, cols);
    let masks: Vec<u32> = board.placements(piece, Freedom::Free).iter().map(|pl| pl.iter().fold(0u32, |m, &i| m | 1 << i)).collect();
    let mut seen = vec![false; 1 << (rows * cols)];
    seen[0] = true;
    let mut stack = vec![0u32];
    while let Some(r) = stack.pop() {
        for &m in &masks {
            if r & m == 0 && !seen[(r | m) as usize] {
                seen[(r | m) as usize] = true;
                stack.push(r | m);
            }
        }
    }
    seen
}

/// Verdicts on small boards: a common non-empty tileable region exists exactly when the
/// search says POSSIBLE.
fn small_board(rows: i32, cols: i32, limit: usize) {
    let ps: Vec<Shape> = pieces().into_iter().take(limit).collect();
    let sets: Vec<Vec<bool>> = ps.iter().map(|p| tileable(p, rows, cols)).collect();
    let mut possible = 0;
    for i in 0..ps.len() {
        for j in i + 1..ps.len() {
            let brute = (1..sets[i].len()).any(|r| sets[i][r] && sets[j][r]);
            let (answer, _) = two_tilings(&ps[i], &ps[j], rows as usize, cols as usize).unwrap();
            assert_eq!(answer.is_some(), brute, "pieces {:?} and {:?} on {rows}x{cols}", ps[i], ps[j]);
            if let Some(t) = answer {
                // The tiles must lie on the board.
                assert!(t.p_tiles.iter().chain(&t.q_tiles).flatten().all(|&(r, c)| (r as i32) < rows && (c as i32) < cols));
                possible += 1;
            }
        }
    }
    assert!(possible > 0);
}

#[test]
fn small_boards_against_brute_force() {
    assert_eq!(pieces().len(), 35);
    small_board(4, 4, 35);
    small_board(3, 5, 35);
    small_board(4, 5, 14);
}

#[test]
fn checker_rejects_broken_answers() {
    // P: the L tromino; Q: the straight tromino. A 2x3 rectangle takes two of each.
    let cases = twins::parse(b"1\n@@. @@@\n@.. ...\n... ...\n").unwrap();
    let blank = "........ ........\n".repeat(6);
    let valid = format!("POSSIBLE\n001..... 000.....\n011..... 111.....\n{blank}");
    assert_eq!(check::check(&cases, &valid, 8, 8), Ok(vec![check::Verdict::Valid]));
    // The halves cover different cells.
    let shifted = format!("POSSIBLE\n001..... .000....\n011..... .111....\n{blank}");
    assert!(check::check(&cases, &shifted, 8, 8).unwrap_err().reason.contains("one tiling only"));
    // Two tiles sharing a character are not one copy of the piece.
    let merged = valid.replacen("001.....", "000.....", 1).replacen("011.....", "000.....", 1);
    assert!(check::check(&cases, &merged, 8, 8).unwrap_err().reason.contains("not one copy of P"));
    // A tile of the wrong piece: a straight tromino in the L tiling.
    let wrong = format!("POSSIBLE\n000..... 000.....\n111..... 111.....\n{blank}");
    assert!(check::check(&cases, &wrong, 8, 8).unwrap_err().reason.contains("not one copy of P"));
    // Cut short, or an empty region.
    assert!(check::check(&cases, "POSSIBLE\n001..... 000.....\n", 8, 8).is_err());
    let empty = format!("POSSIBLE\n{}", "........ ........\n".repeat(8));
    assert!(check::check(&cases, &empty, 8, 8).unwrap_err().reason.contains("empty"));
    assert_eq!(check::check(&cases, "IMPOSSIBLE\n", 8, 8), Ok(vec![check::Verdict::ClaimsImpossible]));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    #[test]
    fn parser_never_panics(text in "[0-9@. \n#]{0,60}") {
        if let Ok(cases) = twins::parse(text.as_bytes()) {
            for c in cases {
                proptest::prop_assert!(c.p.is_connected() && c.q.is_connected());
            }
        }
    }
}
