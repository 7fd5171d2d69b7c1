//! The sudoku judge, from the rules alone: it builds its own groups of cells from the
//! size and the variants (sharing nothing with the engines' compiled units) and checks an
//! answer against the givens.

use super::model::{square_root, Alphabet, Rules};

/// Checks that `answer` (size^2 digits) solves `givens` under `rules`: every cell holds a
/// digit 1..=size, the givens are kept, every row, column and region (box or jigsaw) holds
/// each digit once, and so do the diagonals and windows when the rules have them; every
/// killer cage holds different digits adding up to its sum. Returns the first broken rule.
pub fn check(rules: &Rules, givens: &[u8], answer: &[u8]) -> Result<(), String> {
    let n = rules.size();
    if answer.len() != n * n || givens.len() != n * n {
        return Err(format!("a {n}x{n} answer has {} cells, not {}", n * n, answer.len()));
    }
    let at = |i: usize| format!("r{}c{}", i / n + 1, i % n + 1);
    for i in 0..n * n {
        if answer[i] == 0 || answer[i] as usize > n {
            return Err(format!("{} is not filled with a digit 1 to {n}", at(i)));
        }
        if givens[i] != 0 && givens[i] != answer[i] {
            return Err(format!("{} holds {} where the puzzle gives {}", at(i), answer[i], givens[i]));
        }
    }
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for r in 0..n {
        groups.push((format!("row {}", r + 1), (0..n).map(|c| r * n + c).collect()));
        groups.push((format!("column {}", r + 1), (0..n).map(|c| c * n + r).collect()));
    }
    let map = rules.regions();
    for g in 0..n {
        let cells: Vec<usize> = (0..n * n).filter(|&i| map[i] as usize == g).collect();
        groups.push((format!("region {}", g + 1), cells));
    }
    if rules.diagonals() {
        groups.push(("the main diagonal".into(), (0..n).map(|i| i * n + i).collect()));
        groups.push(("the anti-diagonal".into(), (0..n).map(|i| i * n + n - 1 - i).collect()));
    }
    if rules.windows() {
        let b = square_root(n).unwrap_or(1);
        for wr in 0..b.saturating_sub(1) {
            for wc in 0..b.saturating_sub(1) {
                let cells = (0..b * b).map(|k| (1 + wr * (b + 1) + k / b) * n + 1 + wc * (b + 1) + k % b).collect();
                groups.push((format!("the window at r{}c{}", 2 + wr * (b + 1), 2 + wc * (b + 1)), cells));
            }
        }
    }
    for (name, cells) in &groups {
        if cells.len() != n {
            return Err(format!("{name} has {} cells, not {n}", cells.len()));
        }
        let mut seen = vec![false; n + 1];
        for &i in cells {
            if std::mem::replace(&mut seen[answer[i] as usize], true) {
                return Err(format!("{name} holds {} twice", answer[i]));
            }
        }
    }
    for (k, cage) in rules.cages().iter().enumerate() {
        let mut seen = vec![false; n + 1];
        for &i in &cage.cells {
            if std::mem::replace(&mut seen[answer[i] as usize], true) {
                return Err(format!("cage {} holds {} twice", k + 1, answer[i]));
            }
        }
        let sum: u32 = cage.cells.iter().map(|&i| answer[i] as u32).sum();
        if sum != cage.sum {
            return Err(format!("cage {} adds up to {sum}, not {}", k + 1, cage.sum));
        }
    }
    Ok(())
}

/// Each puzzle's answer in `text`: the whole text for one answer (`whole`: a drawn
/// puzzle, or one puzzle from Python), else one line per puzzle (blank and `#` lines
/// skipped), `puzzles` of them. `None` is a claim that there is no solution.
pub fn read_answers(text: &str, puzzles: usize, whole: bool, size: usize, alphabet: Alphabet) -> Result<Vec<Option<Vec<u8>>>, String> {
    if whole {
        return Ok(vec![read_answer(text, size, alphabet)?]);
    }
    let lines: Vec<(usize, &str)> = text.lines().enumerate().filter(|(_, l)| !super::parse::is_skipped(l)).collect();
    if lines.len() != puzzles {
        return Err(format!("{} answer lines for {puzzles} puzzles", lines.len()));
    }
    lines.iter().map(|(k, l)| read_answer(l, size, alphabet).map_err(|e| format!("line {}: {e}", k + 1))).collect()
}

/// Reads an answer: the solved puzzle as one line of size^2 characters, or as `size` rows
/// (spaces, `|`, `-`, `+` ignored), or "No solution". `Ok(None)` is the claim that there
/// is none.
pub fn read_answer(text: &str, size: usize, alphabet: Alphabet) -> Result<Option<Vec<u8>>, String> {
    let cells: Vec<char> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .flat_map(|l| l.chars())
        .filter(|&c| !super::parse::is_decoration(c))
        .collect();
    let words: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if words.eq_ignore_ascii_case("no solution") {
        return Ok(None);
    }
    if cells.len() != size * size {
        return Err(format!("the answer has {} cells, not {}", cells.len(), size * size));
    }
    cells
        .iter()
        .enumerate()
        .map(|(i, &ch)| match alphabet.digit(ch, size) {
            Some(d) if d > 0 => Ok(d),
            _ => Err(format!("r{}c{}: {ch:?} is not a digit 1 to {size}", i / size + 1, i % size + 1)),
        })
        .collect::<Result<Vec<u8>, String>>()
        .map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_broken_rules() {
        let rules = Rules::classic(4).unwrap();
        let good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let mut givens = [0u8; 16];
        assert_eq!(check(&rules, &givens, &good), Ok(()));
        givens[0] = 2;
        assert!(check(&rules, &givens, &good).unwrap_err().contains("gives 2"));
        let swapped = [2, 1, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert!(check(&rules, &[0; 16], &swapped).unwrap_err().contains("twice"));
        let x = Rules::new(4, None, true, false, Vec::new()).unwrap();
        assert!(check(&x, &[0; 16], &good).unwrap_err().contains("diagonal"));
        assert_eq!(read_answer("No  solution\n", 4, Alphabet::OneBased), Ok(None));
        assert_eq!(read_answer("1234\n3412\n2143\n4321\n", 4, Alphabet::OneBased), Ok(Some(good.to_vec())));
    }
}
