//! Knuth's text format for exact cover problems, as read by his programs DLX1 and DLX2
//! (D. E. Knuth, `dlx1.w`, `dlx2.w` and `dlx3.w`, 2017-2020):
//!
//! - lines beginning with `|` are comments; blank lines are ignored;
//! - the first other line names the items: primary items, then optionally `|` and the
//!   secondary items; a primary item may carry DLX3's multiplicity, `lo:hi|item` (covered
//!   between `lo` and `hi` times) or `hi|item` (exactly `hi` times);
//! - each following line is an option: the names of its items, a secondary item possibly
//!   written `item:color` (DLX2's colors).
//!
//! Names are any characters but white space, `:` and `|`.

use crate::{Color, ExactCoverError, Problem};
use std::collections::HashMap;

/// A problem in the input, at a 1-based line: gridlock's one located error type.
pub use located::ParseError;

/// A problem read from Knuth's format, with the names needed to print solutions.
#[derive(Debug, Clone)]
pub struct Named {
    /// The problem: items numbered in the order named, primary first.
    pub problem: Problem,
    /// Item names, by number.
    pub items: Vec<String>,
    /// Color names, by [`Color`] number (index 0 unused).
    pub colors: Vec<String>,
    /// The 1-based input line of each option.
    pub lines: Vec<usize>,
}

impl Named {
    /// Option `k` written back in Knuth's format (`item` or `item:color`, space-separated).
    pub fn option_text(&self, k: usize) -> String {
        self.option_items(k).join(" ")
    }

    /// The items of option `k` as Knuth's format writes them (`item` or `item:color`).
    pub fn option_items(&self, k: usize) -> Vec<String> {
        self.problem
            .option(k)
            .iter()
            .map(|&(i, c)| {
                if c == Color::NONE {
                    self.items[i as usize].clone()
                } else {
                    format!("{}:{}", self.items[i as usize], self.colors[c.0 as usize])
                }
            })
            .collect()
    }
}

impl Named {
    /// The whole problem in Knuth's format, as [`parse`] reads it: a comment line for
    /// each line of `comments`, the item line (multiplicities as DLX3's `lo:hi|item`,
    /// secondary items after ` | `), then one line per option with its cost as DLX5's
    /// `|n` when not 0. Parsing it gives the same problem.
    pub fn to_text(&self, comments: &[String]) -> String {
        let p = &self.problem;
        let mut out = String::new();
        for c in comments {
            out.push_str("| ");
            out.push_str(c);
            out.push('\n');
        }
        let mut head: Vec<String> = (0..p.primary_items())
            .map(|i| match p.multiplicity(i) {
                (1, 1) => self.items[i].clone(),
                (lo, hi) if lo == hi => format!("{lo}|{}", self.items[i]),
                (lo, hi) => format!("{lo}:{hi}|{}", self.items[i]),
            })
            .collect();
        if p.secondary_items() > 0 {
            head.push("|".to_string());
            head.extend(self.items[p.primary_items()..].iter().cloned());
        }
        out.push_str(&head.join(" "));
        out.push('\n');
        for k in 0..p.options() {
            out.push_str(&self.option_text(k));
            if p.cost(k) > 0 {
                out.push_str(&format!(" |{}", p.cost(k)));
            }
            out.push('\n');
        }
        out
    }
}

fn valid_name(name: &str) -> bool {
    !name.is_empty() && !name.contains([':', '|'])
}

/// The words of `line` (split at white space) with their columns, counted in characters
/// from 1, for errors that name both.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    // The column is counted on from the previous word's, so a line of n words costs its
    // length once, not n times.
    let (mut byte, mut column) = (0, 1);
    line.split_whitespace().map(move |w| {
        let at = w.as_ptr() as usize - line.as_ptr() as usize;
        column += line[byte..at].chars().count();
        byte = at;
        (column, w)
    })
}

/// Parses Knuth's format.
///
/// Options may carry costs as DLX5 writes them: `|n` (a decimal number) anywhere after the
/// first item, repeated ones added ([`Problem::set_cost`]).
///
/// Errors: no item line, a bad or repeated item name, an option naming an unknown item,
/// naming an item twice, coloring a primary item, or having no primary item; a cost that
/// is not `|` and a decimal number, or costs adding up past 2^64 - 1.
pub fn parse(input: &str) -> Result<Named, ParseError> {
    let fail = |line: usize, message: String| ParseError::new(line, message);
    let mut lines = input.lines().enumerate().map(|(i, l)| (i + 1, l)).filter(|(_, l)| !l.trim().is_empty() && !l.trim().starts_with('|'));
    let (item_line, header) = lines.next().ok_or_else(|| fail(1, "no item line".into()).of_kind(located::Kind::Missing))?;
    let mut items: Vec<String> = Vec::new();
    // The column where each item is named, for errors.
    let mut item_columns: Vec<usize> = Vec::new();
    let mut primary = None;
    let mut bounds: Vec<(usize, u32, u32)> = Vec::new();
    for (column, word) in words(header) {
        let fail = |message: String| ParseError::at(item_line, column, message);
        if word == "|" {
            if primary.is_some() {
                return Err(fail("a second '|' in the item line".into()));
            }
            primary = Some(items.len());
            continue;
        }
        // DLX3's multiplicities: `lo:hi|name` or `hi|name`, primary items only.
        let word = match word.split_once('|') {
            Some((spec, name)) if primary.is_none() => {
                let number = |t: &str| t.parse::<u32>().ok().filter(|_| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()));
                let (lo, hi) = match spec.split_once(':') {
                    Some((lo, hi)) => (number(lo), number(hi)),
                    None => (number(spec), number(spec)),
                };
                match (lo, hi) {
                    (Some(lo), Some(hi)) if lo <= hi && hi >= 1 && hi <= i32::MAX as u32 => bounds.push((items.len(), lo, hi)),
                    _ => return Err(fail(format!("'{word}': a multiplicity is 'lo:hi|item' or 'hi|item' with 0 <= lo <= hi and hi >= 1"))),
                }
                name
            }
            Some(_) => return Err(fail(format!("'{word}': only primary items take a multiplicity"))),
            None => word,
        };
        if !valid_name(word) {
            return Err(fail(format!("'{word}' is not an item name (names have no ':' or '|')")));
        }
        items.push(word.to_string());
        item_columns.push(column);
    }
    let primary = primary.unwrap_or(items.len());
    if primary == 0 {
        let first = words(header).next().map_or(1, |(c, _)| c);
        return Err(ParseError::at(item_line, first, "no primary item"));
    }
    let mut index: HashMap<&str, usize, foldhash::fast::RandomState> = HashMap::with_capacity_and_hasher(items.len(), Default::default());
    for (i, name) in items.iter().enumerate() {
        if index.insert(name, i).is_some() {
            return Err(ParseError::at(item_line, item_columns[i], format!("item '{name}' is named twice")).of_kind(located::Kind::Invalid));
        }
    }
    let mut problem = Problem::new(primary, items.len() - primary);
    for (item, lo, hi) in bounds {
        problem.set_multiplicity(item, lo, hi).map_err(|e| ParseError::at(item_line, item_columns[item], e.to_string()))?;
    }
    let mut colors: Vec<String> = vec![String::new()];
    let mut color_index: HashMap<String, u32> = HashMap::new();
    let mut option_lines = Vec::new();
    let mut option = Vec::new();
    let mut next_guess = 0;
    // The column of each entry of `option`, for errors.
    let mut columns: Vec<usize> = Vec::new();
    for (line_no, line) in lines {
        option.clear();
        columns.clear();
        let mut cost: u64 = 0;
        for (column, word) in words(line) {
            let fail_here = |message: String| ParseError::at(line_no, column, message);
            // DLX5's costs: `|n` anywhere in the option, repeated ones added.
            if let Some(digits) = word.strip_prefix('|') {
                let n = (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| digits.parse::<u64>().ok())
                    .flatten()
                    .ok_or_else(|| fail_here(format!("'{word}': an option's cost is '|' and a decimal number below 2^64")))?;
                cost = cost.checked_add(n).ok_or_else(|| fail_here("the option's costs add up past 2^64 - 1".into()))?;
                continue;
            }
            let (name, color) = match word.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (word, None),
            };
            // The item after the last one named is tried first: files that name items in
            // the order of the item line (cells of a board, a chain) then skip the table,
            // whose probes miss the caches once it holds millions of names.
            let item = match items.get(next_guess) {
                Some(guess) if guess == name => next_guess,
                _ => *index.get(name).ok_or_else(|| fail_here(format!("unknown item '{name}'")))?,
            };
            next_guess = item + 1;
            let color = match color {
                None => Color::NONE,
                Some(c) if !valid_name(c) => return Err(fail_here(format!("bad color in '{word}'"))),
                Some(c) => {
                    let next = colors.len() as u32;
                    let id = *color_index.entry(c.to_string()).or_insert_with(|| {
                        colors.push(c.to_string());
                        next
                    });
                    Color(id)
                }
            };
            option.push((item, color));
            columns.push(column);
        }
        problem.add_colored_option(&option).map_err(|e| {
            // The column of the `n`-th entry naming item `i`, else of the line's first word.
            let at = |i: usize, n: usize| {
                let mut named = option.iter().zip(&columns).filter(|((item, _), _)| *item == i).map(|(_, &c)| c);
                named.nth(n).unwrap_or_else(|| words(line).next().map_or(1, |(c, _)| c))
            };
            let (column, message) = match e {
                ExactCoverError::RepeatedItem(i) => (at(i, 1), format!("item '{}' appears twice", items[i])),
                ExactCoverError::ColoredPrimary(i) => (at(i, 0), format!("primary item '{}' cannot have a color", items[i])),
                ExactCoverError::NoPrimaryItem => (at(usize::MAX, 0), "the option has no primary item".to_string()),
                other => (at(usize::MAX, 0), other.to_string()),
            };
            ParseError::at(line_no, column, message).of_kind(located::Kind::Invalid)
        })?;
        if cost > 0 {
            problem.set_cost(problem.options() - 1, cost);
        }
        option_lines.push(line_no);
    }
    Ok(Named { problem, items, colors, lines: option_lines })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_carry_their_columns_in_characters() {
        let got: Vec<(usize, &str)> = words("  a é\tbc  d").collect();
        assert_eq!(got, [(3, "a"), (5, "é"), (7, "bc"), (11, "d")]);
        assert_eq!(words("").count(), 0);
    }
    use crate::Solver;

    #[test]
    fn knuths_xcc_example() {
        let text = "| TAOCP (49)\np q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
        let named = parse(text).unwrap();
        assert_eq!(named.problem.options(), 5);
        let mut s = Solver::new(&named.problem);
        let sol = s.next_solution().unwrap().to_vec();
        let texts: Vec<String> = sol.iter().map(|&k| named.option_text(k)).collect();
        assert_eq!(texts, ["p r x:A y", "q x:A"]);
        assert_eq!(s.next_solution(), None);
    }

    #[test]
    fn errors_name_lines() {
        let e = |t: &str| parse(t).unwrap_err();
        assert_eq!(e("a b\na c\n").line, 2);
        assert!(e("a b\na c\n").message.contains("unknown item 'c'"));
        assert!(e("a b\n\n| c\na a\n").message.contains("twice"));
        assert_eq!(e("a b\n\n| c\na a\n").line, 4);
        assert!(e("a | b\na:x\n").message.contains("cannot have a color"));
        assert!(e("a | b\nb\n").message.contains("no primary"));
        assert!(e("a a\n").message.contains("named twice"));
        assert!(e("| only a comment\n").message.contains("no item line"));
        assert!(e("| a\n").message.contains("no item line"));
        assert!(e("a | b | c\n").message.contains("second '|'"));
        assert!(e("3:2|a\na\n").message.contains("multiplicity"));
        assert!(e("0|a\na\n").message.contains("multiplicity"));
        assert!(e("x:2|a\na\n").message.contains("multiplicity"));
        assert!(e("a | 2|b\na b\n").message.contains("only primary"));
    }

    #[test]
    fn knuths_multiplicity_example() {
        // dlx3.w's simple test case: one solution.
        let text = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let named = parse(text).unwrap();
        assert_eq!(named.problem.multiplicity(2), (2, 3));
        let mut s = Solver::new(&named.problem);
        let sol = s.next_solution().unwrap().to_vec();
        let texts: Vec<String> = sol.iter().map(|&k| named.option_text(k)).collect();
        assert_eq!(texts, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
        assert_eq!(s.next_solution(), None);
    }
}
