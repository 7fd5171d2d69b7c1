//! The inputs of `tests/data/refused.txt`: each refused with exit status 2, nothing on
//! stdout and a one-line error that names where (see the file's head for its format).

use crate::common::rejects;

/// `line` of the cases file with its escapes (`\n`, `\\`, `\xNN`) turned into bytes.
fn unescape(line: &str) -> Vec<u8> {
    let (mut out, mut rest) = (Vec::new(), line.as_bytes());
    while let Some((&b, tail)) = rest.split_first() {
        rest = tail;
        if b != b'\\' {
            out.push(b);
            continue;
        }
        match rest {
            [b'n', tail @ ..] => {
                out.push(b'\n');
                rest = tail;
            }
            [b'\\', tail @ ..] => {
                out.push(b'\\');
                rest = tail;
            }
            [b'x', h, l, tail @ ..] => {
                let hex = std::str::from_utf8(&[*h, *l]).unwrap().to_owned();
                out.push(u8::from_str_radix(&hex, 16).unwrap_or_else(|_| panic!("bad escape \\x{hex} in {line:?}")));
                rest = tail;
            }
            _ => panic!("bad escape in {line:?}"),
        }
    }
    out
}

/// The cases: arguments, input, the texts the error must contain.
fn cases() -> Vec<(Vec<String>, Vec<u8>, Vec<String>)> {
    let text = std::fs::read_to_string("tests/data/refused.txt").unwrap();
    let mut cases: Vec<(Vec<String>, Vec<u8>, Vec<String>)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let case = cases.last_mut();
        match line.split_at_checked(2) {
            Some(("$ ", args)) => cases.push((args.split_whitespace().map(String::from).collect(), Vec::new(), Vec::new())),
            Some(("< ", input)) => case.expect("input before `$`").1 = unescape(input),
            Some(("! ", expect)) => case.expect("error text before `$`").2.push(expect.to_owned()),
            _ => assert!(line.is_empty() || line.starts_with('#'), "refused.txt line {}: {line:?}", n + 1),
        }
    }
    cases
}

#[test]
fn every_listed_input_is_refused() {
    let cases = cases();
    for command in ["laser", "sat2", "twins", "mayan"] {
        assert!(cases.iter().any(|(args, _, _)| args[0] == command), "no case for {command}");
    }
    for (args, input, expect) in &cases {
        assert!(!expect.is_empty(), "{args:?}: no error text to look for");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let expect: Vec<&str> = expect.iter().map(String::as_str).collect();
        rejects(&args, input, &expect);
    }
}

#[test]
fn escapes_are_read() {
    assert_eq!(unescape(r"a\nb\\c\x00\xff"), b"a\nb\\c\x00\xff");
}
