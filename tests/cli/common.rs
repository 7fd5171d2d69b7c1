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

/// A seeded random problem in Knuth's format: 6 to 10 primary items and secondary items
/// s0 and s1, 12 to 36 options of 1 to 3 primary items; with `rich`, each secondary item
/// in an option with odds 1/5 uncolored and 1/5 colored x or y, and a cost `|0` to `|19`
/// on every option; without, at most one secondary item, uncolored, and no costs.
pub fn random_problem(seed: u64, rich: bool) -> String {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % n
    };
    let primary = 6 + next(5) as usize;
    let mut text = (0..primary).map(|i| format!("p{i}")).collect::<Vec<_>>().join(" ") + " | s0 s1\n";
    for _ in 0..12 + next(25) {
        let mut items: Vec<String> = Vec::new();
        for _ in 0..1 + next(3) {
            let name = format!("p{}", next(primary as u64));
            if !items.contains(&name) {
                items.push(name);
            }
        }
        if rich {
            for s in 0..2 {
                match next(5) {
                    0 => items.push(format!("s{s}")),
                    1 => items.push(format!("s{s}:{}", ["x", "y"][next(2) as usize])),
                    _ => {}
                }
            }
            items.push(format!("|{}", next(20)));
        } else if next(3) == 0 {
            items.push(format!("s{}", next(2)));
        }
        text += &(items.join(" ") + "\n");
    }
    text
}

/// What [`measured`] saw of a run: exit status code (`None`: killed by a signal), stdout,
/// stderr and the process's peak resident memory in KiB (`getrusage`'s `ru_maxrss`, read
/// with `wait4` for this child alone).
pub struct Measured {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub peak_kib: u64,
}

/// Runs `gridlock ARGS` with `stdin` as standard input (a file, `/dev/zero`, a FIFO...),
/// stdout and stderr into temporary files, and returns what it printed and its peak
/// memory. The measure is the kernel's for the process, not a sample.
pub fn measured(args: &[&str], stdin: std::process::Stdio) -> Measured {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("stdout");
    let err_path = dir.path().join("stderr");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("gridlock"))
        .args(args)
        .stdin(stdin)
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value, and wait4 writes only into the two
    // out-parameters given; the child is ours and not yet waited for.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4 failed");
    std::mem::forget(child);
    let code = if libc::WIFEXITED(status) { Some(libc::WEXITSTATUS(status)) } else { None };
    Measured {
        code,
        stdout: String::from_utf8_lossy(&std::fs::read(&out_path).unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&std::fs::read(&err_path).unwrap()).into_owned(),
        peak_kib: usage.ru_maxrss as u64,
    }
}
