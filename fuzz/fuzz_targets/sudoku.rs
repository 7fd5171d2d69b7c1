#![no_main]
//! Fuzz target: the sudoku readers (puzzle lines, drawings, region maps, cage files) and,
//! on what they accept (up to 16x16), both engines against each other and the judge.
//! The input is `FLAGS MAP \0 CAGES \0 PUZZLE`: bit 0 of FLAGS asks for the diagonals,
//! bit 1 the windows, bit 2 the 0-based alphabet; an empty MAP means boxes.
use libfuzzer_sys::fuzz_target;
use sudoku::{check, parse, Alphabet, Engine, Rules, Solver};

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let mut parts = text.splitn(3, '\0');
    let (map, cages, puzzle) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let alphabet = if flags & 4 != 0 { Alphabet::ZeroBased } else { Alphabet::OneBased };
    let regions = if map.trim().is_empty() { None } else { parse::parse_regions(map).ok() };
    if !map.trim().is_empty() && regions.is_none() {
        return;
    }
    let Ok(read) = parse::read(puzzle, regions.as_ref().map(|r| r.0), false, alphabet) else { return };
    let (size, givens) = (read.size, read.puzzles[0].1.clone());
    if size > 16 {
        return;
    }
    let cages = if cages.trim().is_empty() { Vec::new() } else {
        match parse::parse_cages(cages, size) {
            Ok(c) => c,
            Err(_) => return,
        }
    };
    let Ok(rules) = Rules::new(size, regions.map(|r| r.1), flags & 1 != 0, flags & 2 != 0, cages) else { return };
    if parse::conflict(&rules, &givens).is_some() {
        return;
    }
    let Ok(solver) = Solver::new(rules.clone()) else { return };
    let (mine, _) = solver.solutions(&givens, 2);
    for g in &mine {
        assert_eq!(check::check(&rules, &givens, g), Ok(()), "a solution breaks a rule");
    }
    if solver.engine() != Engine::General {
        let general = solver.clone().with_engine(Engine::General);
        let (other, _) = general.solutions(&givens, 2);
        assert_eq!(mine.len(), other.len(), "the engines disagree");
    }
});
