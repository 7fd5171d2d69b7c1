//! An answer checker for exact cover in Knuth's format, from the definition alone: each
//! line of the answer must be an option of the problem, every primary item covered
//! exactly once (or within its multiplicity's bounds), and every secondary item at most once or always with one color. It
//! shares no code with the solver.

use crate::knuth::Named;
use crate::Color;
use std::collections::HashMap;

/// What a valid answer says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A set of options that is a solution.
    Solved,
    /// `No solution` (whether that is true is not checked here).
    ClaimsNoSolution,
}

/// Checks `answer`: `No solution`, or one option a line written as `gridlock xc` prints
/// them (the items of an option in any order). Returns the first broken rule with its
/// 1-based line (0 for the whole answer).
pub fn check(named: &Named, answer: &str) -> Result<Verdict, (usize, String)> {
    let lines: Vec<(usize, &str)> = answer.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect();
    if lines.len() == 1 && lines[0].1 == "No solution" {
        return Ok(Verdict::ClaimsNoSolution);
    }
    let problem = &named.problem;
    let item_of: HashMap<&str, usize> = named.items.iter().enumerate().map(|(i, n)| (n.as_str(), i)).collect();
    let color_of: HashMap<&str, u32> = named.colors.iter().enumerate().skip(1).map(|(i, n)| (n.as_str(), i as u32)).collect();
    // Options by their sorted (item, color) pairs.
    let mut options: HashMap<Vec<(u32, u32)>, usize> = HashMap::with_capacity(problem.options());
    for k in 0..problem.options() {
        let mut key: Vec<(u32, u32)> = problem.option(k).iter().map(|&(i, c)| (i, c.0)).collect();
        key.sort_unstable();
        options.entry(key).or_insert(k);
    }
    // Per item: how often it is covered, and its color (0: uncolored).
    let mut uses: Vec<(u32, u32)> = vec![(0, 0); problem.items()];
    for &(line, text) in &lines {
        let mut key = Vec::new();
        for word in text.split_whitespace() {
            let (name, color) = match word.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (word, None),
            };
            let Some(&item) = item_of.get(name) else {
                return Err((line, format!("no item is named '{name}'")));
            };
            let color = match color {
                None => Color::NONE.0,
                Some(c) => *color_of.get(c).ok_or_else(|| (line, format!("no option uses the color '{c}'")))?,
            };
            key.push((item as u32, color));
        }
        key.sort_unstable();
        if !options.contains_key(&key) {
            return Err((line, "not an option of the problem".into()));
        }
        for &(item, color) in &key {
            let u = &mut uses[item as usize];
            let name = &named.items[item as usize];
            if (item as usize) < problem.primary_items() {
                let (_, hi) = problem.multiplicity(item as usize);
                if u.0 >= hi {
                    return Err((line, format!("item '{name}' is covered more than {hi} time(s)")));
                }
            } else if color == 0 || u.1 == 0 {
                if u.0 > 0 {
                    return Err((line, format!("item '{name}' is covered twice")));
                }
            } else if u.1 != color {
                return Err((line, format!("item '{name}' gets two colors")));
            }
            *u = (u.0 + 1, color);
        }
    }
    for (i, &(times, _)) in uses.iter().enumerate().take(problem.primary_items()) {
        let (lo, hi) = problem.multiplicity(i);
        if !(lo..=hi).contains(&times) {
            return Err((0, format!("primary item '{}' is covered {times} time(s), not {lo} to {hi}", named.items[i])));
        }
    }
    Ok(Verdict::Solved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuths_xcc_example() {
        let named = crate::knuth::parse("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n").unwrap();
        assert_eq!(check(&named, "p r x:A y\nq x:A\n"), Ok(Verdict::Solved));
        assert_eq!(check(&named, "q x:A\ny p x:A r\n"), Ok(Verdict::Solved), "any order");
        assert_eq!(check(&named, "No solution\n"), Ok(Verdict::ClaimsNoSolution));
        assert_eq!(check(&named, "p r x:A y\n").unwrap_err().0, 0, "q uncovered");
        assert_eq!(check(&named, "p x:B\nq x:A\nr y:B\n").unwrap_err().0, 2, "x gets two colors");
        assert_eq!(check(&named, "p q\nr y:B\n").unwrap_err().0, 1, "not an option");
        assert_eq!(check(&named, "p r x:A y\nq x:A\nq x:A\n").unwrap_err().0, 3, "q twice");
        assert_eq!(check(&named, "p r x:C y\n").unwrap_err().0, 1, "unknown color");
        let multi = crate::knuth::parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n").unwrap();
        assert_eq!(check(&multi, "A C X:1 Y:1\nB X:1\nC Y:1\n"), Ok(Verdict::Solved));
        assert!(check(&multi, "A C X:1 Y:1\nB X:1\n").unwrap_err().1.contains("1 time(s), not 2 to 3"));
    }
}
