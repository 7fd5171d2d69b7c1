//! Deep searches: problems that are trivial but deep (one solution, one option per
//! step, thousands of steps) run with the main thread's stack cut to 512 KB
//! (`ulimit -s 512`), where a search that recursed once per level would overflow (the
//! memoized count of `xc --count` did, at depth 5000 here and 40000 with the default
//! 8 MB). Each answer is checked: one solution, every item covered. The largest (a chain
//! of 10^5 items, the monomino on 1000x1000) also guard the time: before the item choice
//! stopped at a forced move they took 7 to 18 s and over a minute (quadratic); a test
//! does not time them, but a return to quadratic time would make it crawl.

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
fn a_chain_of_100000_items_under_a_512_kb_stack() {
    let n = 100_000;
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

/// The cells of every tile of a `pack --format json` answer on a `rows` x `cols`
/// board, each checked to be a monomino of piece M, counted per cell.
fn monomino_cells(json: &str, rows: usize, cols: usize) -> Vec<u32> {
    let mut seen = vec![0u32; rows * cols];
    for tile in json.split("{\"piece\":").skip(1) {
        let rest = tile.strip_prefix("\"M\",\"cells\":[[").unwrap_or_else(|| panic!("a monomino: {tile}"));
        let (cell, after) = rest.split_once("]]").unwrap();
        assert!(after.starts_with('}'), "one cell a tile: {tile}");
        let (r, c) = cell.split_once(',').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        seen[r * cols + c] += 1;
    }
    seen
}

/// A folder of its own for test `tag` holding `mono.txt`, the monomino with any number of
/// copies (`M *`); returns both.
fn monomino_file(tag: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("gridlock-deep-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pieces = dir.join("mono.txt");
    std::fs::write(&pieces, "M *\n#\n").unwrap();
    (dir, pieces)
}

/// `gridlock pack --pieces PIECES --rect RECT ARGS` under `ulimit -s 512`: its standard
/// output, the exit status checked to be 0.
fn pack_under_small_stack(pieces: &std::path::Path, rect: &str, args: &str) -> String {
    let bin = assert_cmd::cargo::cargo_bin("gridlock");
    let script = format!("ulimit -s 512 && exec '{}' pack --pieces '{}' --rect {rect} {args}", bin.display(), pieces.display());
    let out = Command::new("sh").args(["-c", &script]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{rect} {args}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The monomino on 1000x1000: a million levels (dancing links: "M *" has no piece item),
/// the first packing checked cell by cell, the count and the count on two threads.
#[test]
fn the_monomino_on_1000x1000_under_a_512_kb_stack() {
    let (dir, pieces) = monomino_file("mono1000");
    let first = pack_under_small_stack(&pieces, "1000x1000", "--format json");
    assert!(monomino_cells(&first, 1000, 1000).iter().all(|&n| n == 1), "every cell covered once");
    for extra in ["--count", "--count --threads 2"] {
        let v: serde_json::Value =
            serde_json::from_str(&pack_under_small_stack(&pieces, "1000x1000", &format!("--format json {extra}"))).unwrap();
        assert_eq!(v["count"], 1, "{extra}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The classes of packings under the board's symmetries (`--unique`, Burnside's lemma
/// over the packings each symmetry fixes): the monomino on 300x300, 90000 levels, whose
/// count of fixed packings recursed once a tile and overflowed even an 8 MB stack.
#[test]
fn the_monomino_on_300x300_up_to_symmetry_under_a_512_kb_stack() {
    let (dir, pieces) = monomino_file("unique");
    assert_eq!(pack_under_small_stack(&pieces, "300x300", "--count --unique").trim(), "1");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The monomino on a 40x40 board: 1600 tiles, a level each, on the bitboard tiler (its
/// count and its listing recursed once a tile and overflowed a 512 KB stack).
#[test]
fn the_monomino_on_40x40_under_a_512_kb_stack() {
    let (dir, pieces) = monomino_file("mono");
    let run = |extra: &str| {
        serde_json::from_str::<serde_json::Value>(&pack_under_small_stack(&pieces, "40x40", &format!("--format json {extra}"))).unwrap()
    };
    assert_eq!(run("--count --stats")["count"], 1);
    let first = run("");
    assert_eq!(first.to_string().matches("\"M\"").count(), 1600, "one monomino a cell: {first}");
    std::fs::remove_dir_all(&dir).unwrap();
}
