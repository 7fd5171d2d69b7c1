//! DIMACS CNF input for 2-SAT: `c` comment lines, the header `p cnf VARS CLAUSES`, then
//! clauses as whitespace-separated non-zero integers (`k` for variable `k`, `-k` for its
//! negation, from 1) each ended by `0`, possibly across lines. A `%` line ends the data
//! (as in the SATLIB files). Clauses must have at most two literals.

use crate::{Literal, TwoSat};

/// The largest variable count accepted from a header (2^26): beyond it a tiny file could
/// demand gigabytes for the model alone.
pub const MAX_DIMACS_VARS: u64 = 1 << 26;

/// A problem in DIMACS input, at a 1-based line: gridlock's one located error type.
pub use located::ParseError;

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError::new(line, message))
}

/// Parses a DIMACS CNF file whose clauses have one or two literals. An empty clause (a
/// lone `0`) is allowed and makes the formula unsatisfiable.
///
/// Errors: a missing or malformed header, more than [`MAX_DIMACS_VARS`] variables, a token
/// that is not an integer, a literal beyond the declared variables, a clause of three or
/// more literals, a last clause not ended by `0`, or a clause count other than the header's.
pub fn parse(input: &[u8]) -> Result<TwoSat, ParseError> {
    let mut header: Option<(usize, u64)> = None; // (line, declared clauses)
    let mut formula = TwoSat::new(0);
    let mut count: u64 = 0;
    // The clause being read: its literals so far and the line it started on.
    let mut lits: [Literal; 2] = [Literal::positive(0); 2];
    let mut len = 0usize;
    let mut start_line = 0usize;
    let mut last_line = 0usize;
    for (i, raw) in input.split(|&b| b == b'\n').enumerate() {
        let line_no = i + 1;
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let first = line.iter().find(|b| !b.is_ascii_whitespace());
        match first {
            None | Some(b'c') => continue,
            Some(b'%') if header.is_some() => break,
            Some(b'p') => {
                if header.is_some() {
                    return err(line_no, "a second 'p' header");
                }
                let text = std::str::from_utf8(line).map_err(|_| ParseError::new(line_no, "the header is not text"))?;
                let words: Vec<&str> = text.split_ascii_whitespace().collect();
                let [p, cnf, vars, clauses] = words[..] else {
                    return err(line_no, "expected the header 'p cnf VARIABLES CLAUSES'");
                };
                if p != "p" || cnf != "cnf" {
                    return err(line_no, "expected the header 'p cnf VARIABLES CLAUSES'");
                }
                let vars: u64 = vars.parse().map_err(|_| ParseError::new(line_no, format!("bad variable count '{vars}'")))?;
                let clauses: u64 = clauses.parse().map_err(|_| ParseError::new(line_no, format!("bad clause count '{clauses}'")))?;
                if vars > MAX_DIMACS_VARS {
                    return Err(ParseError::new(line_no, format!("{vars} variables declared; at most {MAX_DIMACS_VARS} are supported"))
                        .of_kind(located::Kind::TooLarge));
                }
                formula = TwoSat::new(vars as u32);
                // Never reserve more than the input could hold (a clause takes 2+ bytes).
                formula.reserve(clauses.min(input.len() as u64 / 2) as usize);
                header = Some((line_no, clauses));
            }
            Some(_) if header.is_none() => return err(line_no, "expected the header 'p cnf VARIABLES CLAUSES' before any clause"),
            Some(_) => {
                for token in line.split(|b| b.is_ascii_whitespace()).filter(|t| !t.is_empty()) {
                    let value = parse_int(token).ok_or_else(|| {
                        ParseError::new(line_no, format!("expected a literal, found '{}'", String::from_utf8_lossy(token)))
                    })?;
                    if value == 0 {
                        match len {
                            0 => formula.add_empty_clause(),
                            1 => formula.add_unit(lits[0]),
                            _ => formula.add_clause(lits[0], lits[1]),
                        }
                        len = 0;
                        count += 1;
                        continue;
                    }
                    let var = value.unsigned_abs();
                    if var > formula.vars() as u64 {
                        return err(line_no, format!("literal {value} is beyond the {} declared variables", formula.vars()));
                    }
                    if len == 0 {
                        start_line = line_no;
                    }
                    if len == 2 {
                        let at = if start_line == line_no { String::new() } else { format!(" (it starts on line {start_line})") };
                        return err(line_no, format!("a clause with three or more literals{at}: only 2-SAT is supported"));
                    }
                    lits[len] = Literal::new(var as u32 - 1, value < 0);
                    len += 1;
                }
                last_line = line_no;
            }
        }
    }
    let Some((header_line, declared)) = header else {
        return err(1, "no 'p cnf' header");
    };
    if len > 0 {
        return err(last_line, "the last clause is not ended by 0");
    }
    if count != declared {
        return err(header_line, format!("the header declares {declared} clauses but {count} were given"));
    }
    let usable = FREE_VARS.max(2 * count);
    if formula.vars() as u64 > usable {
        return Err(ParseError::new(
            header_line,
            format!(
                "the header declares {} variables but the {count} clauses can use at most {}; gridlock takes at most {usable} \
                 (the model alone would be out of proportion to the input)",
                formula.vars(),
                2 * count
            ),
        )
        .of_kind(located::Kind::TooLarge));
    }
    Ok(formula)
}

/// Variables a formula may declare beyond those its clauses can use (two per clause):
/// 2^20. A header of millions of variables with few clauses is refused, since its model
/// would take memory and output out of proportion to the input.
pub const FREE_VARS: u64 = 1 << 20;

/// What a valid answer says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// `s SATISFIABLE` with a model that satisfies every clause.
    Satisfiable,
    /// `s UNSATISFIABLE` (whether that is true is not checked here).
    ClaimsUnsatisfiable,
}

/// Checks an answer in the SAT competitions' format against `formula`: `c` comment lines
/// anywhere, one `s` line (`s SATISFIABLE` or `s UNSATISFIABLE`), and for a satisfiable
/// answer `v` lines giving every variable exactly once as a literal, ended by `0`. The
/// model must satisfy every clause. Returns the first broken rule with its 1-based line
/// (0 for the whole answer). Written from the format alone; it shares no code with the
/// solver.
pub fn check(formula: &TwoSat, answer: &str) -> Result<Verdict, (usize, String)> {
    let n = formula.vars() as usize;
    let mut status: Option<(usize, bool)> = None;
    let mut model: Vec<Option<bool>> = vec![None; n];
    let mut ended = false;
    for (i, line) in answer.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        let mut words = line.split_whitespace();
        match words.next() {
            None | Some("c") => {}
            Some("s") => {
                if status.is_some() {
                    return Err((line_no, "a second 's' line".into()));
                }
                let sat = match words.collect::<Vec<_>>()[..] {
                    ["SATISFIABLE"] => true,
                    ["UNSATISFIABLE"] => false,
                    _ => return Err((line_no, "expected 's SATISFIABLE' or 's UNSATISFIABLE'".into())),
                };
                status = Some((line_no, sat));
            }
            Some("v") => {
                if ended {
                    return Err((line_no, "a 'v' line after the 0 that ends the model".into()));
                }
                for w in words {
                    let lit: i64 = match parse_int(w.as_bytes()) {
                        Some(l) if !w.starts_with('+') => l,
                        _ => return Err((line_no, format!("'{w}' is not a literal"))),
                    };
                    if lit == 0 {
                        ended = true;
                        continue;
                    }
                    if ended {
                        return Err((line_no, format!("literal {lit} after the 0 that ends the model")));
                    }
                    let var = lit.unsigned_abs() as usize;
                    if var > n {
                        return Err((line_no, format!("variable {var} is beyond the {n} of the formula")));
                    }
                    if model[var - 1].replace(lit > 0).is_some() {
                        return Err((line_no, format!("variable {var} is given twice")));
                    }
                }
            }
            Some(other) => return Err((line_no, format!("'{other}' does not start a line of an answer (c, s or v)"))),
        }
    }
    let Some((s_line, sat)) = status else {
        return Err((0, "no 's' line".into()));
    };
    if !sat {
        if model.iter().any(Option::is_some) {
            return Err((s_line, "'v' lines with s UNSATISFIABLE".into()));
        }
        return Ok(Verdict::ClaimsUnsatisfiable);
    }
    if !ended {
        return Err((0, "the model is not ended by 0".into()));
    }
    if let Some(v) = model.iter().position(Option::is_none) {
        return Err((0, format!("variable {} is given no value", v + 1)));
    }
    if formula.has_empty_clause() {
        return Err((0, "the formula has an empty clause, which no model satisfies".into()));
    }
    let holds = |l: Literal| model[l.var() as usize] == Some(!l.is_negated());
    if let Some(&(a, b)) = formula.clauses().iter().find(|&&(a, b)| !holds(a) && !holds(b)) {
        let show = |l: Literal| if l.is_negated() { -(l.var() as i64 + 1) } else { l.var() as i64 + 1 };
        return Err((0, format!("the clause {} {} 0 is false", show(a), show(b))));
    }
    Ok(Verdict::Satisfiable)
}

/// A decimal integer with an optional leading `-`, within ±2^63.
fn parse_int(token: &[u8]) -> Option<i64> {
    let (neg, digits) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, token),
    };
    if digits.is_empty() || digits.len() > 18 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = digits.iter().fold(0i64, |a, &d| a * 10 + (d - b'0') as i64);
    Some(if neg { -v } else { v })
}

/// Writes a solver's answer as SAT competitions do: `s SATISFIABLE` and `v` lines listing
/// every variable's literal (ended by `0`), or `s UNSATISFIABLE`.
pub fn render(model: Option<&[bool]>) -> String {
    match model {
        None => "s UNSATISFIABLE\n".to_string(),
        Some(m) => {
            let mut out = String::with_capacity(16 + m.len() * 9);
            out.push_str("s SATISFIABLE\n");
            let mut line = String::from("v");
            for (i, &value) in m.iter().enumerate() {
                let lit = if value { (i + 1) as i64 } else { -((i + 1) as i64) };
                let word = format!(" {lit}");
                if line.len() + word.len() > 78 {
                    out.push_str(&line);
                    out.push('\n');
                    line = String::from("v");
                }
                line.push_str(&word);
            }
            out.push_str(&line);
            out.push_str(" 0\n");
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_formula() {
        let f = parse(b"c hello\np cnf 3 3\n1 -2 0\n2\n 3 0 -3 0\n%\n0\n").unwrap();
        assert_eq!(f.vars(), 3);
        assert_eq!(f.clauses().len(), 3);
        // (x1 or not x2) and (x2 or x3) and (not x3).
        assert_eq!(f.solve(), Some(vec![true, true, false]));
    }

    #[test]
    fn errors_name_lines() {
        let e = |s: &[u8]| parse(s).unwrap_err();
        assert_eq!(e(b"p cnf 3 1\n1 2\n3 0\n").line, 3);
        assert!(e(b"p cnf 3 1\n1 2 3 0\n").message.contains("three or more"));
        assert_eq!(e(b"1 2 0\n").line, 1);
        assert_eq!(e(b"p cnf 2 1\n1 x 0\n").line, 2);
        assert!(e(b"p cnf 2 1\n1 3 0\n").message.contains("beyond"));
        assert!(e(b"p cnf 2 2\n1 2 0\n").message.contains("declares 2 clauses but 1"));
        assert!(e(b"p cnf 100000000000 1\n1 0\n").message.contains("at most"));
        assert!(e(b"p cnf 2 1\n1 2\n").message.contains("not ended"));
        assert!(e(b"").message.contains("header"));
        assert!(e(b"p cnf 2\n").message.contains("header"));
    }

    #[test]
    fn checks_answers() {
        let f = parse(b"p cnf 3 3\n1 -2 0\n2 3 0\n-3 0\n").unwrap();
        assert_eq!(check(&f, "s SATISFIABLE\nv 1 2 -3 0\n"), Ok(Verdict::Satisfiable));
        assert_eq!(check(&f, "c hi\ns SATISFIABLE\nv 1\nv 2 -3 0\n"), Ok(Verdict::Satisfiable));
        assert_eq!(check(&f, "s UNSATISFIABLE\n"), Ok(Verdict::ClaimsUnsatisfiable));
        assert!(check(&f, "s SATISFIABLE\nv 1 2 3 0\n").unwrap_err().1.contains("-3 0 is false"));
        assert!(check(&f, "s SATISFIABLE\nv 1 2 0\n").unwrap_err().1.contains("no value"));
        assert!(check(&f, "s SATISFIABLE\nv 1 2 -3\n").unwrap_err().1.contains("not ended"));
        assert!(check(&f, "s SATISFIABLE\nv 1 1 2 -3 0\n").unwrap_err().1.contains("twice"));
        assert!(check(&f, "s SATISFIABLE\nv +1 2 -3 0\n").is_err());
        assert!(check(&f, "s SATISFIABLE\nv 1 2 -3 0\nextra\n").is_err());
        assert!(check(&f, "v 1 2 -3 0\n").is_err());
        assert!(check(&parse(b"p cnf 1 1\n0\n").unwrap(), "s SATISFIABLE\nv 1 0\n").is_err());
    }

    #[test]
    fn refuses_headers_out_of_proportion() {
        assert!(parse(b"p cnf 67000000 0\n").unwrap_err().message.contains("at most 1048576"));
        assert!(parse(b"p cnf 1048576 0\n").is_ok());
    }

    #[test]
    fn renders_models() {
        assert_eq!(render(None), "s UNSATISFIABLE\n");
        assert_eq!(render(Some(&[true, false])), "s SATISFIABLE\nv 1 -2 0\n");
        let long = render(Some(&[true; 100]));
        assert!(long.lines().all(|l| l.len() <= 80));
        assert!(long.ends_with(" 100 0\n"));
    }
}
