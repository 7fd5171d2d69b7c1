//! Deep searches: problems that are trivial but deep (one solution, one option per
//! step, thousands of steps) run with the main thread's stack cut to 512 KB
//! (`ulimit -s 512`), where a search that recursed once per level would overflow (the
//! memoized count of `xc --count` did, at depth 5000 here and 40000 with the default
//! 8 MB). Each answer is checked: one solution, every item covered.

use std::process::Command;

/// `n` primary items, each covered by an option of its own: exactly one solution, and a
/// search `n` levels deep.
fn chain(n: usize) -> String {
    let mut text: String = (0..n).map(|k| format!("i{k}")).collect::<Vec<_>>().join(" ");
    text.push('\n');
    for k in 0..n {
        text.push_str(&format!("i{k}\n"));
    }
    text
}

/// `gridlock ARGS FILE` under `ulimit -s 512`: exit status and standard output.
fn under_small_stack(args: &[&str], file: &std::path::Path) -> (Option<i32>, String) {
    let bin = assert_cmd::cargo::cargo_bin("gridlock");
    let script = format!("ulimit -s 512 && exec '{}' {} '{}'", bin.display(), args.join(" "), file.display());
    let out = Command::new("sh").args(["-c", &script]).output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn a_chain_of_5000_items_under_a_512_kb_stack() {
    let n = 5000;
    let dir = std::env::temp_dir().join(format!("gridlock-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("chain.dlx");
    std::fs::write(&file, chain(n)).unwrap();
    for args in [&["--count"][..], &["--count", "--no-memo"], &["--count", "--threads", "2"], &["--count", "--threads", "2", "--no-memo"]] {
        let (code, out) = under_small_stack(&[&["xc"], args].concat(), &file);
        assert_eq!((code, out.trim()), (Some(0), "1"), "xc {args:?}");
    }
    for args in [&[][..], &["--all"]] {
        let (code, out) = under_small_stack(&[&["xc"], args].concat(), &file);
        assert_eq!(code, Some(0), "xc {args:?}");
        let mut items: Vec<&str> = out.split_whitespace().collect();
        items.sort_unstable();
        items.dedup();
        assert_eq!(items.len(), n, "xc {args:?}: every item covered once");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The monomino on a 40x40 board: 1600 tiles, a level each, on the bitboard tiler (its
/// count and its listing recursed once a tile and overflowed a 512 KB stack).
#[test]
fn the_monomino_on_40x40_under_a_512_kb_stack() {
    let dir = std::env::temp_dir().join(format!("gridlock-deep-mono-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pieces = dir.join("mono.txt");
    std::fs::write(&pieces, "M *\n#\n").unwrap();
    let bin = assert_cmd::cargo::cargo_bin("gridlock");
    let run = |extra: &str| {
        let script =
            format!("ulimit -s 512 && exec '{}' pack --pieces '{}' --rect 40x40 --format json {extra}", bin.display(), pieces.display());
        let out = Command::new("sh").args(["-c", &script]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{extra}: {}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    assert_eq!(run("--count --stats")["count"], 1);
    let first = run("");
    assert_eq!(first.to_string().matches("\"M\"").count(), 1600, "one monomino a cell: {first}");
    std::fs::remove_dir_all(&dir).unwrap();
}
