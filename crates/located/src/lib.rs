//! The one error type of every gridlock parser: a problem in an input text, located at a
//! 1-based line and, where they apply, a 1-based column and a 1-based case of a
//! multi-case input, with its kind and a message.
//!
//! Its `Display` is one line, `case C, line L, column K: message`, with control
//! characters of the message escaped, so that a hostile input cannot write raw control
//! bytes to a terminal through an error message.

#![warn(missing_docs)]

use std::fmt;

/// What kind of problem an input has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Kind {
    /// A character, token or line that is not of the format.
    #[default]
    Syntax,
    /// A number outside its range.
    Range,
    /// The input ends, or a line or item is missing, before the format is complete.
    Missing,
    /// Text after the end of what the format allows.
    Extra,
    /// Well-formed text that breaks a rule of the puzzle (a repeated name, a broken piece,
    /// a board that already holds a run).
    Invalid,
    /// A size that would need memory or time out of proportion to the input.
    TooLarge,
}

/// A problem in an input text. Lines, columns and cases count from 1; `line` 0 means the
/// whole input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line (0: the whole input).
    pub line: usize,
    /// 1-based column (in bytes from the line's start), when one character is at fault.
    pub column: Option<usize>,
    /// 1-based case of a multi-case input, when the problem is inside one.
    pub case: Option<usize>,
    /// What kind of problem it is.
    pub kind: Kind,
    /// What is wrong, for a person.
    pub message: String,
}

impl ParseError {
    /// A problem of kind [`Kind::Syntax`] at `line`.
    pub fn new(line: usize, message: impl Into<String>) -> ParseError {
        ParseError { line, column: None, case: None, kind: Kind::Syntax, message: message.into() }
    }

    /// A problem of kind [`Kind::Syntax`] at `line` and `column`.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> ParseError {
        ParseError { column: Some(column), ..ParseError::new(line, message) }
    }

    /// The same problem, inside case `case`.
    pub fn in_case(self, case: usize) -> ParseError {
        ParseError { case: Some(case), ..self }
    }

    /// The same problem, of kind `kind`.
    pub fn of_kind(self, kind: Kind) -> ParseError {
        ParseError { kind, ..self }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(c) = self.case {
            write!(f, "case {c}, ")?;
        }
        if self.line > 0 {
            write!(f, "line {}", self.line)?;
            if let Some(c) = self.column {
                write!(f, ", column {c}")?;
            }
            f.write_str(": ")?;
        }
        f.write_str(&printable(&self.message))
    }
}

/// `text` made safe for one line of a terminal: control characters but tab escaped as
/// Rust writes them (`\n`, `\u{1b}`), so that a name or a message read from input can
/// neither break a line nor forge one.
pub fn printable(text: &str) -> String {
    text.chars().map(|c| if c.is_control() && c != '\t' { c.escape_default().to_string() } else { c.to_string() }).collect()
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_on_one_line() {
        assert_eq!(ParseError::new(3, "bad").to_string(), "line 3: bad");
        assert_eq!(ParseError::at(3, 7, "bad").in_case(2).to_string(), "case 2, line 3, column 7: bad");
        assert_eq!(ParseError::new(0, "no piece").to_string(), "no piece");
        assert_eq!(ParseError::new(1, "a\u{1b}[31m\nb").to_string(), "line 1: a\\u{1b}[31m\\nb");
        assert_eq!(ParseError::new(1, "x").of_kind(Kind::TooLarge).kind, Kind::TooLarge);
    }
}
