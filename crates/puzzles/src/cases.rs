//! What the multi-case puzzles (laser, twins) share: their parse error, and the walk over
//! an answer of several cases in either output style (`POSSIBLE` or `Case #k: POSSIBLE`).

use crate::text::trim_end;
use std::fmt;

/// A problem in a multi-case input: gridlock's one located error type (line, case).
pub use located::ParseError;

/// The non-blank lines of a multi-case input, numbered from 1, with trailing `\r`, spaces
/// and tabs trimmed.
pub(crate) struct CaseLines<'a> {
    lines: Box<dyn Iterator<Item = (usize, &'a [u8])> + 'a>,
    /// The input's last line number (where "missing" errors point).
    last: usize,
}

impl<'a> CaseLines<'a> {
    pub(crate) fn new(input: &'a [u8]) -> CaseLines<'a> {
        let lines = input.split(|&b| b == b'\n').enumerate().map(|(i, l)| (i + 1, trim_end(l))).filter(|(_, l)| !l.is_empty());
        CaseLines { lines: Box::new(lines), last: input.split(|&b| b == b'\n').count() }
    }

    /// Reads the number of cases from the first line. The count never sizes an
    /// allocation: cases are only stored as they are read.
    pub(crate) fn count(&mut self) -> Result<u64, ParseError> {
        let fail = |line: usize, message: &str| ParseError::new(line, message);
        let (line, first) = self.lines.next().ok_or_else(|| fail(1, "the input is empty"))?;
        match numbers(first).as_deref() {
            Some(&[t]) => Ok(t),
            _ => Err(fail(line, "expected the number of cases")),
        }
    }

    /// The next line of `case` (from 1), or an error there saying `missing()` when the
    /// input has ended.
    pub(crate) fn next(&mut self, case: usize, missing: impl FnOnce() -> String) -> Result<(usize, &'a [u8]), ParseError> {
        let last = self.last;
        self.lines.next().ok_or_else(|| ParseError::new(last, missing()).in_case(case).of_kind(located::Kind::Missing))
    }

    /// An error if anything follows the `t` cases.
    pub(crate) fn finish(mut self, t: u64) -> Result<(), ParseError> {
        match self.lines.next() {
            Some((line, _)) => Err(ParseError::new(line, format!("unexpected text after the {t} cases")).of_kind(located::Kind::Extra)),
            None => Ok(()),
        }
    }
}

/// Whitespace-separated non-negative integers (each below 10^18), or `None`.
pub(crate) fn numbers(line: &[u8]) -> Option<Vec<u64>> {
    line.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| (t.len() <= 18 && t.iter().all(u8::is_ascii_digit)).then(|| t.iter().fold(0u64, |a, &d| a * 10 + (d - b'0') as u64)))
        .collect()
}

/// What a valid answer to one case says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// `POSSIBLE` with a body that obeys every rule.
    Valid,
    /// `IMPOSSIBLE` (whether that is true is not checked here).
    ClaimsImpossible,
}

/// Why an answer is wrong: the 1-based case, the 1-based line of the answer (0 when none
/// applies) and a reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckError {
    /// 1-based case.
    pub case: usize,
    /// 1-based line of the answer, or 0.
    pub line: usize,
    /// The first rule broken.
    pub reason: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "case {}", self.case)?;
        if self.line > 0 {
            write!(f, ", line {}", self.line)?;
        }
        write!(f, ": {}", self.reason)
    }
}

impl std::error::Error for CheckError {}

/// Walks an answer to `cases` cases: each a verdict line, with or without `Case #k: `;
/// after `POSSIBLE`, `rows(k)` lines (k from 0) that `body(k, lines)` checks. Blank lines
/// between cases are skipped; anything after the last case is an error.
pub fn check_answer(
    cases: usize,
    answer: &str,
    rows: impl Fn(usize) -> usize,
    mut body: impl FnMut(usize, &[&str]) -> Result<(), String>,
) -> Result<Vec<Verdict>, CheckError> {
    let lines: Vec<&str> = answer.lines().map(str::trim_end).collect();
    let mut pos = 0;
    let mut verdicts = Vec::with_capacity(cases);
    for k in 0..cases {
        let case = k + 1;
        let bad = |line: usize, reason: String| CheckError { case, line, reason };
        while pos < lines.len() && lines[pos].is_empty() {
            pos += 1;
        }
        let Some(&head) = lines.get(pos) else {
            return Err(bad(0, "the answer ends before this case".into()));
        };
        let prefix = format!("Case #{case}: ");
        let verdict = head.strip_prefix(&prefix).unwrap_or(head);
        pos += 1;
        match verdict {
            "IMPOSSIBLE" => verdicts.push(Verdict::ClaimsImpossible),
            "POSSIBLE" => {
                let n = rows(k);
                if pos + n > lines.len() {
                    return Err(bad(pos, format!("expected {n} rows after POSSIBLE")));
                }
                body(k, &lines[pos..pos + n]).map_err(|reason| bad(pos + 1, reason))?;
                pos += n;
                verdicts.push(Verdict::Valid);
            }
            other => return Err(bad(pos, format!("expected POSSIBLE or IMPOSSIBLE, found '{other}'"))),
        }
    }
    if let Some(extra) = (pos..lines.len()).find(|&i| !lines[i].is_empty()) {
        return Err(CheckError { case: cases, line: extra + 1, reason: "text after the last case".into() });
    }
    Ok(verdicts)
}
