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
/// stderr and the process's peak resident memory in KiB.
pub struct Measured {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub peak_kib: u64,
}

/// Runs `gridlock ARGS` with `stdin` as standard input (a file, `/dev/zero`, a pipe...),
/// stdout and stderr into temporary files, and returns what it printed and its peak
/// memory: `ru_maxrss` as `wait4` reads it for that child alone.
///
/// Linux keeps in a process's `ru_maxrss` the peak of the memory it replaced at `exec`:
/// a child spawned from this test process (large, and vfork'd so the memory is this
/// process's own) would carry this process's peak. So the child is spawned by a small
/// process of its own: this test binary run anew on [`measure_helper`] alone, whose own
/// few megabytes are the most the figure can be off by.
pub fn measured(args: &[&str], stdin: std::process::Stdio) -> Measured {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("stdout");
    let err_path = dir.path().join("stderr");
    let result = dir.path().join("result");
    let helper = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["common::measure_helper", "--exact", "--ignored", "--test-threads=1", "--quiet"])
        .env("GRIDLOCK_MEASURE_ARGS", args.join("\u{1f}"))
        .env("GRIDLOCK_MEASURE_OUT", &out_path)
        .env("GRIDLOCK_MEASURE_ERR", &err_path)
        .env("GRIDLOCK_MEASURE_RESULT", &result)
        .stdin(stdin)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(helper.success(), "the measuring helper failed");
    let report = std::fs::read_to_string(&result).unwrap();
    let (code, peak) = report.trim().split_once(' ').unwrap();
    Measured {
        code: code.parse().ok(),
        stdout: String::from_utf8_lossy(&std::fs::read(&out_path).unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&std::fs::read(&err_path).unwrap()).into_owned(),
        peak_kib: peak.parse().unwrap(),
    }
}

/// The small process of [`measured`]: runs gridlock with the arguments and files its
/// environment names (stdin inherited), waits for it with `wait4`, and writes "CODE
/// PEAK_KIB" ("signal" for CODE when killed by one). Ignored in a normal run: it does
/// nothing without [`measured`]'s environment.
#[test]
#[ignore = "run by common::measured, in a process of its own"]
fn measure_helper() {
    let get = |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("{name}: run by common::measured only"));
    let args: Vec<String> = get("GRIDLOCK_MEASURE_ARGS").split('\u{1f}').map(str::to_string).collect();
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("gridlock"))
        .args(&args)
        .stdout(std::fs::File::create(get("GRIDLOCK_MEASURE_OUT")).unwrap())
        .stderr(std::fs::File::create(get("GRIDLOCK_MEASURE_ERR")).unwrap())
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
    let code = if libc::WIFEXITED(status) { libc::WEXITSTATUS(status).to_string() } else { "signal".to_string() };
    std::fs::write(get("GRIDLOCK_MEASURE_RESULT"), format!("{code} {}\n", usage.ru_maxrss)).unwrap();
}
