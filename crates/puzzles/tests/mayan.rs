//! The Mayan puzzle: the ten NOIP 2011 cases, and random boards where the fast search must
//! agree with a plain exhaustive search (no pruning, no table), including on -1, and every
//! answer must replay to an empty board.

use proptest::prelude::*;
use puzzles::mayan::{self, board::COLS, Board, Move, Puzzle};

fn case(k: usize) -> (String, String) {
    let input = std::fs::read_to_string(format!("{}/../../tests/data/mayan/mayan{k}.in", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let ans_dir = format!("{}/../../tests/data/mayan", env!("CARGO_MANIFEST_DIR"));
    let official = format!("{ans_dir}/mayan{k}.ans");
    let derived = format!("{ans_dir}/mayan{k}.derived.ans");
    let expected = std::fs::read_to_string(&official).or_else(|_| std::fs::read_to_string(&derived)).unwrap();
    (input, expected)
}

#[test]
fn noip_2011_cases() {
    for k in 1..=10 {
        let (input, expected) = case(k);
        let puzzle = mayan::parse(input.as_bytes()).unwrap();
        let answer = mayan::solve(&puzzle);
        assert_eq!(mayan::render(answer.as_deref()), expected, "case {k}");
        if let Some(moves) = &answer {
            replay(&puzzle, moves).unwrap();
        }
    }
}

#[test]
fn hard_board_without_answer() {
    let input = include_str!("../../../tests/data/mayan/hard-no-answer.in");
    let puzzle = mayan::parse(input.as_bytes()).unwrap();
    assert_eq!(mayan::solve(&puzzle), None);
}

/// Checks an answer by the rules: every move legal and not a swap of equal colours, the
/// board not empty before any move, and empty after the last.
fn replay(puzzle: &Puzzle, moves: &[Move]) -> Result<(), String> {
    if moves.len() != puzzle.moves {
        return Err(format!("{} moves, expected {}", moves.len(), puzzle.moves));
    }
    let mut b = puzzle.board;
    for (i, &m) in moves.iter().enumerate() {
        if b.is_empty() {
            return Err(format!("move {} on an empty board", i + 1));
        }
        let t = (m.x as isize + m.g as isize).clamp(0, COLS as isize - 1) as usize;
        if b.get(t, m.y as usize) == b.get(m.x as usize, m.y as usize) {
            return Err(format!("move {} swaps equal colours", i + 1));
        }
        b = b.play(m).ok_or(format!("move {} ({m}) is not legal", i + 1))?;
    }
    if b.is_empty() {
        Ok(())
    } else {
        Err("the board is not empty at the end".into())
    }
}

/// The first answer in lexicographic order by trying every move, with nothing pruned and
/// nothing remembered.
fn plain(b: &Board, left: usize, path: &mut Vec<Move>) -> bool {
    if b.is_empty() {
        return left == 0;
    }
    if left == 0 {
        return false;
    }
    for x in 0..COLS {
        for y in 0..b.height(x) {
            for g in [1i8, -1] {
                let m = Move { x: x as u8, y: y as u8, g };
                let t = x as isize + g as isize;
                if !(0..COLS as isize).contains(&t) || b.get(t as usize, y) == b.get(x, y) {
                    continue;
                }
                path.push(m);
                if plain(&b.play(m).unwrap(), left - 1, path) {
                    return true;
                }
                path.pop();
            }
        }
    }
    false
}

/// The fast search and the plain one give the same answer, which replays.
fn agrees(b: Board, moves: usize) -> Result<(), TestCaseError> {
    let puzzle = Puzzle { moves, board: b };
    let fast = mayan::solve(&puzzle);
    let mut path = Vec::new();
    let found = plain(&b, moves, &mut path);
    prop_assert_eq!(fast.clone(), found.then_some(path));
    if let Some(m) = fast {
        prop_assert_eq!(replay(&puzzle, &m), Ok(()));
        // The independent checker (its own simulation) accepts it too.
        prop_assert_eq!(mayan::check::check(&puzzle, &mayan::render(Some(&m))), Ok(mayan::check::Verdict::Valid));
    }
    Ok(())
}

/// Random boards of up to `blocks` blocks in `colours` colours, without a starting run.
fn board(blocks: usize, colours: u8) -> impl Strategy<Value = Board> {
    proptest::collection::vec(proptest::collection::vec(1..=colours, 0..5), COLS)
        .prop_map(move |mut cols| {
            // Keep at most `blocks` blocks in all.
            let mut left = blocks;
            for c in &mut cols {
                c.truncate(left);
                left -= c.len();
            }
            Board::from_columns(&cols).unwrap()
        })
        .prop_filter("no run of 3 at the start", |b| b.first_run().is_none())
}

/// Random boards where each of 1 to 3 colours has exactly three blocks (so that answers
/// are common), scattered over the columns, without a starting run.
fn triples() -> impl Strategy<Value = Board> {
    (1u8..=3)
        .prop_flat_map(|k| proptest::collection::vec(0..COLS, 3 * k as usize).prop_map(move |cols| (k, cols)))
        .prop_map(|(_, cols)| {
            let mut columns = vec![Vec::new(); COLS];
            for (i, &x) in cols.iter().enumerate() {
                columns[x].push(1 + (i / 3) as u8);
            }
            for c in &mut columns {
                c.truncate(7);
            }
            Board::from_columns(&columns).unwrap()
        })
        .prop_filter("no run of 3 at the start", |b| b.first_run().is_none())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn agrees_with_plain_search_on_triples(b in triples(), moves in 1usize..=3) {
        agrees(b, moves)?;
    }

    #[test]
    fn agrees_with_plain_search(b in board(9, 3), moves in 1usize..=3) {
        agrees(b, moves)?;
    }

    #[test]
    fn answers_replay_on_bigger_boards(b in board(16, 4), moves in 1usize..=4) {
        let puzzle = Puzzle { moves, board: b };
        if let Some(m) = mayan::solve(&puzzle) {
            prop_assert_eq!(replay(&puzzle, &m), Ok(()));
        }
    }

    #[test]
    fn parser_never_panics(text in "[0-9 \n\t-]{0,60}") {
        if let Ok(p) = mayan::parse(text.as_bytes()) {
            prop_assert!(p.board.first_run().is_none());
        }
    }
}
