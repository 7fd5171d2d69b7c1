//! Helpers shared by the command-line tests.

#![allow(dead_code)]

use assert_cmd::Command;

/// The `gridlock` binary under test.
pub fn gridlock() -> Command {
    Command::cargo_bin("gridlock").unwrap()
}

/// Runs `gridlock ARGS` on `input` and expects exit status 2, nothing on stdout, and a
/// stderr containing every piece of `expect`. Returns stderr.
pub fn rejects_usage(args: &[&str], input: impl AsRef<[u8]>, expect: &[&str]) -> String {
    let input = input.as_ref();
    let out = gridlock().args(args).write_stdin(input.to_vec()).output().unwrap();
    let shown = String::from_utf8_lossy(input);
    assert_eq!(out.status.code(), Some(2), "{args:?} on {shown:?}");
    assert!(out.stdout.is_empty(), "partial answer for {args:?} on {shown:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    for e in expect {
        assert!(err.contains(e), "{err:?} lacks {e:?}");
    }
    err
}

/// As [`rejects_usage`], and the message is one line (gridlock's own errors).
pub fn rejects(args: &[&str], input: impl AsRef<[u8]>, expect: &[&str]) {
    let err = rejects_usage(args, input, expect);
    assert_eq!(err.lines().count(), 1, "{err}");
}
