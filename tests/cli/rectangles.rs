//! `gridlock rectangles` and the big counts of `pack --count`: the examples of
//! docs/rectangles.md run (by `docs.rs`, with every page's); printed generating functions re-expanded (here,
//! by series division) equal the printed counts; JSON integers past 2^53 are strings;
//! `pack --count` past 2^128 equals the Fibonacci numbers computed here; errors exit 2.

use crate::common::gridlock;
use num_bigint::{BigInt, BigUint};
use serde_json::Value;

fn run(args: &[&str]) -> (String, String, i32) {
    let out = gridlock().args(args).output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap(), out.status.code().unwrap_or(-1))
}

fn json(args: &[&str]) -> Value {
    let (out, err, code) = run(&[args, &["--format", "json"]].concat());
    assert_eq!(code, 0, "{args:?}: {err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["schema"], "gridlock-answer/1");
    v
}

/// A JSON integer: a number below 2^53, a decimal string from there.
fn integer(v: &Value) -> BigInt {
    match v {
        Value::Number(n) => {
            let i = n.as_i64().expect("an integer");
            assert!(i.unsigned_abs() < 1 << 53, "numbers stay below 2^53");
            BigInt::from(i)
        }
        Value::String(s) => {
            let i: BigInt = s.parse().expect("a decimal string");
            assert!(i.magnitude().bits() > 53, "strings only from 2^53: {s}");
            i
        }
        other => panic!("not an integer: {other}"),
    }
}

/// The series of P/Q to `n` terms, by long division (Q(0) = 1).
fn series(p: &[BigInt], q: &[BigInt], n: usize) -> Vec<BigInt> {
    assert_eq!(q[0], BigInt::from(1));
    let mut out: Vec<BigInt> = Vec::new();
    for k in 0..n {
        let mut v = p.get(k).cloned().unwrap_or_default();
        for i in 1..q.len().min(k + 1) {
            v -= &q[i] * &out[k - i];
        }
        out.push(v);
    }
    out
}

#[test]
fn generating_functions_re_expand_to_the_counts() {
    let l = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/l-tromino.txt");
    for (pieces, widths) in [(l, 2..=8), ("dominoes", 2..=8)] {
        for w in widths {
            let w = w.to_string();
            let gf = json(&["rectangles", "--pieces", pieces, "--gf", "--width", &w]);
            assert_eq!(gf["verdict"], "generating_function");
            let p: Vec<BigInt> = gf["numerator"].as_array().unwrap().iter().map(integer).collect();
            let q: Vec<BigInt> = gf["denominator"].as_array().unwrap().iter().map(integer).collect();
            let counts = json(&["rectangles", "--pieces", pieces, "--width", &w, "--length", "120"]);
            let counts: Vec<BigInt> = counts["counts"].as_array().unwrap().iter().map(integer).collect();
            assert_eq!(series(&p, &q, counts.len()), counts, "{pieces} width {w}");
            // Lowest terms: no common root is checked here, but the degree is at most the
            // order the counts need: dropping Q's last term breaks the expansion.
            let mut shorter = q.clone();
            if shorter.len() > 1 {
                shorter.pop();
                assert_ne!(series(&p, &shorter, counts.len()), counts);
            }
        }
    }
}

#[test]
fn pack_counts_past_2_128_are_exact() {
    // Tilings of 2 x n by dominoes: the Fibonacci number F(n + 1).
    let (mut a, mut b) = (BigUint::from(1u32), BigUint::from(1u32));
    for _ in 1..1000 {
        let c = &a + &b;
        a = b;
        b = c;
    }
    let (out, err, code) = run(&["pack", "--count", "--rect", "2x1000", "--pieces", "dominoes", "--copies", "*"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), b.to_string());
    assert_eq!(out.trim().len(), 209);
    let v = json(&["pack", "--count", "--rect", "1000x2", "--pieces", "dominoes", "--copies", "*"]);
    assert_eq!(integer(&v["count"]), BigInt::from(b));
    // Bounded copies count on the tiler until it passes 2^128, then on the transfer
    // matrix with a copy counter: 2 x 200 takes exactly 200 dominoes, F(201).
    let (bounded, err, code) = run(&["pack", "--count", "--rect", "2x200", "--pieces", "dominoes", "--copies", "0..200", "--stats"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("past 2^128, the transfer matrix"), "{err}");
    let (any, _, _) = run(&["pack", "--count", "--rect", "2x200", "--pieces", "dominoes", "--copies", "*"]);
    assert_eq!(bounded, any);
    let (fewer, _, _) = run(&["pack", "--count", "--rect", "2x200", "--pieces", "dominoes", "--copies", "0..199"]);
    assert_eq!(fewer, "0\n");
    // Below 2^53 the count stays a number.
    let v = json(&["pack", "--count", "--rect", "8x8", "--pieces", "dominoes", "--copies", "*"]);
    assert_eq!(v["count"], 12_988_816);
}

#[test]
fn l_tromino_on_9x60_agrees_between_pack_and_rectangles() {
    let l = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/l-tromino.txt");
    let (count, err, code) = run(&["pack", "--count", "--rect", "9x60", "--pieces", l, "--copies", "*", "--stats"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("transfer matrix"), "{err}");
    let (strip, _, _) = run(&["rectangles", "--pieces", l, "--width", "9", "--length", "60"]);
    assert_eq!(strip.lines().last().unwrap(), format!("60 {}", count.trim()));
    // The same count on the rotated board, and on the tiler where it fits: 9 x 12.
    let (a, _, _) = run(&["pack", "--count", "--rect", "60x9", "--pieces", l, "--copies", "*"]);
    assert_eq!(a, count);
    let (twelve, _, _) = run(&["pack", "--count", "--rect", "9x12", "--pieces", l, "--copies", "*"]);
    let (xc, _, _) = {
        let knuth = gridlock().args(["pack", "--emit-knuth", "--rect", "9x12", "--pieces", l, "--copies", "*"]).output().unwrap();
        let out = gridlock().args(["xc", "--count"]).write_stdin(knuth.stdout).output().unwrap();
        (String::from_utf8(out.stdout).unwrap(), (), ())
    };
    assert_eq!(twelve, xc, "transfer matrix against exact cover");
}

#[test]
fn searches_answer_in_json() {
    let y = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/y-pentomino.txt");
    let v = json(&["rectangles", "--pieces", y, "--order"]);
    assert_eq!((v["rows"].as_u64(), v["columns"].as_u64(), v["copies"].as_u64()), (Some(5), Some(10), Some(10)));
    assert_eq!(v["proven"], true);
    let tiles = v["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 10);
    let mut cells: Vec<(i64, i64)> = tiles
        .iter()
        .flat_map(|t| t["cells"].as_array().unwrap().iter().map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap())))
        .collect();
    cells.sort();
    assert_eq!(cells, (0..5).flat_map(|r| (0..10).map(move |c| (r, c))).collect::<Vec<_>>());
    // The X pentomino fills no corner: no rectangle, proven. The stair tetromino fills a
    // corner, and only the bound is said.
    let x = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/x-pentomino.txt");
    let v = json(&["rectangles", "--pieces", x, "--order", "--max-area", "60"]);
    assert_eq!((v["verdict"].as_str(), v["proven"].as_bool()), (Some("impossible"), Some(true)));
    let z = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/z-tetromino.txt");
    let v = json(&["rectangles", "--pieces", z, "--order", "--max-area", "60"]);
    assert_eq!(v["verdict"], "not_found");
    assert_eq!(v["proven"], false);
    // Tables: N(w;h) = N(h;w), and the JSON rows are the text's lines.
    let t = json(&["rectangles", "--pieces", "dominoes", "--table", "4x6"]);
    let rows = t["table"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[1].as_array().unwrap().iter().map(integer).collect::<Vec<_>>(), [1, 2, 3, 5, 8, 13].map(BigInt::from));
    assert_eq!(rows[2].as_array().unwrap().iter().map(integer).collect::<Vec<_>>(), [0, 3, 0, 11, 0, 41].map(BigInt::from));
    assert_eq!(integer(&rows[3][5]), BigInt::from(281));
}

#[test]
fn an_svg_of_the_tiling_found() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("y.svg");
    let y = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/y-pentomino.txt");
    let (_, err, code) = run(&["rectangles", "--pieces", y, "--order", "--svg", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert!(doc.descendants().filter(|n| n.has_tag_name("rect")).count() >= 50);
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    for args in [
        &["rectangles", "--pieces", "dominoes"][..],
        &["rectangles", "--pieces", "nonsense", "--order"],
        &["rectangles", "--pieces", "dominoes", "--length", "5"],
        &["rectangles", "--pieces", "dominoes", "--width", "0", "--length", "5"],
        &["rectangles", "--pieces", "dominoes", "--table", "0x5"],
        &["rectangles", "--pieces", "dominoes", "--width", "3", "--length", "5", "--svg", "x.svg"],
        &["rectangles", "--pieces", "pentominoes", "--width", "30", "--length", "5"],
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: no partial answer");
        assert!(!err.trim().is_empty() && !err.contains("panicked"), "{args:?}: {err}");
    }
    // The library names the limit; the command line names the flag that raises it.
    let args = ["rectangles", "--pieces", "pentominoes", "--copies", "*", "--width", "12", "--length", "40", "--max-states", "1000"];
    let (out, err, code) = run(&args);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("more than 1000 states at one cell (raise --max-states)"), "{err}");
}

/// A search stops where it is answered: with an area bound of 10^14 the domino's order is
/// found and proven at once, in memory that does not grow with the bound (issue 54, item
/// 4: it grew past 2.3 GB printing nothing). The time limit only turns the old hang into
/// a failure.
#[test]
fn a_search_stops_where_it_is_answered() {
    let (out, err, code) = run(&["rectangles", "--pieces", "dominoes", "--order", "--max-area", "99999999999999", "--time-limit", "60"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "1 x 2, 1 copies\nAA\nA domino\n");
    let v = json(&["rectangles", "--pieces", "dominoes", "--smallest", "rectangle", "--max-area", "99999999999999", "--time-limit", "60"]);
    assert_eq!((v["rows"].as_u64(), v["columns"].as_u64(), v["proven"].as_bool()), (Some(1), Some(2), Some(true)));
}

/// The skyline search gives the same answer on any number of threads, names itself in
/// --stats, and --threads is refused where no search runs.
#[test]
fn orders_on_threads() {
    let y = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/y-pentomino.txt");
    let (one, err, code) = run(&["rectangles", "--pieces", y, "--order", "--stats"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("strategy: skyline search"), "{err}");
    let (two, _, _) = run(&["rectangles", "--pieces", y, "--order", "--threads", "2"]);
    assert_eq!(one, two);
    let (out, err, code) = run(&["rectangles", "--pieces", y, "--width", "5", "--length", "10", "--threads", "2"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("--threads"), "{err}");
    // A width past the bound on states: the answer names the flag that raises it.
    let (out, _, code) = run(&["rectangles", "--pieces", y, "--order", "--max-states", "3"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "No rectangle found: width 5: the search kept more than 3 states at one width (raise --max-states)\n")
    );
}

/// The states kept at a width, from --stats' line `width W: depth D, N states kept`.
fn states_at(stats: &str, width: usize) -> usize {
    let head = format!("width {width}: depth ");
    let line = stats.lines().find(|l| l.starts_with(&head)).unwrap_or_else(|| panic!("no width {width} in {stats}"));
    line.split(", ").nth(1).and_then(|t| t.strip_suffix(" states kept")).unwrap().parse().unwrap()
}

/// --lookahead keeps fewer states for the same answer (the Y hexomino's order, and a
/// polycube's box), and is refused where no skyline search runs or out of its range.
#[test]
fn a_longer_lookahead_keeps_fewer_states_for_the_same_answer() {
    let y = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/y-hexomino.txt");
    let base = ["rectangles", "--pieces", y, "--order", "--stats"];
    let (one, stats_one, code) = run(&base);
    assert_eq!(code, 0, "{stats_one}");
    let (two, stats_two, code) = run(&[&base[..], &["--lookahead", "2", "--threads", "2"]].concat());
    assert_eq!(code, 0, "{stats_two}");
    assert_eq!(one, two);
    assert!(one.starts_with("23 x 24, 92 copies"), "{one}");
    let (a, b) = (states_at(&stats_one, 23), states_at(&stats_two, 23));
    assert!(b < a, "lookahead 2 kept {b} states at width 23, lookahead 1 {a}");
    let e0 = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/e0e080-heptacube.txt");
    let cubes = ["rectangles", "--pieces", e0, "--order", "--mirror"];
    let (plain, _, _) = run(&cubes);
    let (longer, err, code) = run(&[&cubes[..], &["--lookahead", "3"]].concat());
    assert_eq!((code, longer), (0, plain), "{err}");
    // Pieces of two sizes, and bounded copies, go to the transfer matrix.
    let dir = tempfile::tempdir().unwrap();
    let mixed = dir.path().join("mixed.txt");
    std::fs::write(&mixed, "L\n##\n#.\n\nI\n####\n").unwrap();
    let l = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/l-tromino.txt");
    for refused in [
        &["rectangles", "--pieces", y, "--width", "5", "--length", "9", "--lookahead", "2"][..],
        &["rectangles", "--pieces", y, "--order", "--lookahead", "0"],
        &["rectangles", "--pieces", y, "--order", "--lookahead", "5"],
        &["rectangles", "--pieces", mixed.to_str().unwrap(), "--order", "--lookahead", "2"],
        &["rectangles", "--pieces", l, "--copies", "0..4", "--order", "--lookahead", "2"],
    ] {
        let (out, err, code) = run(refused);
        assert_eq!((code, out.as_str()), (2, ""), "{refused:?}: {err}");
        assert!(err.lines().next().unwrap_or("").contains("lookahead"), "{err}");
    }
}

/// --states-dir keeps the skyline search's states in files of a directory for the same
/// answer (the Y hexomino's order; a polycube's box), leaves no file there, and is
/// refused where no skyline search runs and for a path that is not a directory.
#[test]
fn states_kept_in_a_directory_give_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let states = dir.path().to_str().unwrap();
    let y = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/y-hexomino.txt");
    let (heap, _, _) = run(&["rectangles", "--pieces", y, "--order"]);
    let (filed, err, code) = run(&["rectangles", "--pieces", y, "--order", "--states-dir", states, "--threads", "2"]);
    assert_eq!((code, &filed), (0, &heap), "{err}");
    assert!(heap.starts_with("23 x 24, 92 copies"), "{heap}");
    let e0 = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/e0e080-heptacube.txt");
    let (plain, _, _) = run(&["rectangles", "--pieces", e0, "--order", "--mirror"]);
    let (filed, err, code) = run(&["rectangles", "--pieces", e0, "--order", "--mirror", "--states-dir", states]);
    assert_eq!((code, filed), (0, plain), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    let missing = dir.path().join("missing");
    let l = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/l-tromino.txt");
    for (refused, says) in [
        (&["rectangles", "--pieces", y, "--width", "5", "--length", "9", "--states-dir", states][..], "--states-dir"),
        (&["rectangles", "--pieces", l, "--copies", "0..4", "--order", "--states-dir", states], "--states-dir"),
        (&["rectangles", "--pieces", y, "--order", "--states-dir", missing.to_str().unwrap()], "not a directory"),
    ] {
        let (out, err, code) = run(refused);
        assert_eq!((code, out.as_str()), (2, ""), "{refused:?}: {err}");
        assert!(err.lines().next().unwrap_or("").contains(says), "{err}");
    }
}

/// --checkpoint records each width finished; a run on a file cut after any width (as a
/// kill leaves it) gives the answer of a run from scratch, and a file of another search
/// is refused.
#[test]
fn a_search_resumes_from_its_checkpoint() {
    let y = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/y-pentomino.txt");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("y.ckpt");
    let file = path.to_str().unwrap();
    let (fresh, _, _) = run(&["rectangles", "--pieces", y, "--order"]);
    let (out, err, code) = run(&["rectangles", "--pieces", y, "--order", "--checkpoint", file]);
    assert_eq!((code, &out), (0, &fresh), "{err}");
    let full = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    // The header, then widths 1 to 7 (a width-8 rectangle has at least 64 / 5 > 10 copies).
    assert_eq!(lines.len(), 8, "{full}");
    for keep in 1..=lines.len() {
        std::fs::write(&path, lines[..keep].join("\n") + "\n").unwrap();
        let (out, err, code) = run(&["rectangles", "--pieces", y, "--order", "--checkpoint", file]);
        assert_eq!((code, &out), (0, &fresh), "{keep} lines kept: {err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), full, "{keep} lines kept");
    }
    let (out, err, code) = run(&["rectangles", "--pieces", y, "--smallest", "square", "--checkpoint", file]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("another count"), "{err}");
    let (_, err, code) = run(&["rectangles", "--pieces", y, "--width", "5", "--length", "3", "--checkpoint", file]);
    assert_eq!(code, 2, "{err}");
}

/// --checkpoint keeps the best width's tiling beside the file (FILE.tiling): a run that
/// finds every width recorded draws its answer from it rather than searching that width
/// again (a tiling written there by hand, the answer's turned through 180 degrees, is the
/// one printed), and a tiling that does not tile the rectangle with the pieces (a line
/// lost, a cell moved, not a tiling at all) is searched for again.
#[test]
fn a_resumed_search_draws_its_answer_from_the_saved_tiling() {
    let y = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/y-pentomino.txt");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("y.ckpt");
    let file = path.to_str().unwrap();
    let tiling = dir.path().join("y.ckpt.tiling");
    let args = ["rectangles", "--pieces", y, "--order", "--checkpoint", file];
    let (fresh, err, code) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(fresh.starts_with("5 x 10, 10 copies\n"), "{fresh}");
    let saved = std::fs::read_to_string(&tiling).unwrap();
    let (header, tiles) = saved.split_once('\n').unwrap();
    assert!(header.contains("\"width\":5"), "{header}");
    assert_eq!(tiles.lines().count(), 10, "{saved}");
    // The picture's rows (5 of 10 cells), turned through 180 degrees.
    let picture = |out: &str| out.lines().skip(1).take(5).map(String::from).collect::<Vec<_>>();
    let turned: Vec<String> = picture(&fresh).iter().rev().map(|row| row.chars().rev().collect()).collect();
    let turn = |line: &str| {
        let mut words = line.split(' ');
        let head = [words.next().unwrap(), words.next().unwrap()].join(" ");
        let cells: Vec<String> = words
            .map(|w| {
                let (r, c) = w.split_once(',').unwrap();
                format!("{},{}", 4 - r.parse::<i32>().unwrap(), 9 - c.parse::<i32>().unwrap())
            })
            .collect();
        format!("{head} {}", cells.join(" "))
    };
    let by_hand: Vec<String> = tiles.lines().map(turn).collect();
    std::fs::write(&tiling, format!("{header}\n{}\n", by_hand.join("\n"))).unwrap();
    let (out, err, code) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(picture(&out), turned, "{out}");
    assert_ne!(picture(&out), picture(&fresh));
    let moved = {
        // The first tile's first cell one column over (off its piece's shape, or onto
        // another tile).
        let mut words: Vec<String> = by_hand[0].split(' ').map(String::from).collect();
        let (r, c) = words[2].split_once(',').map(|(r, c)| (r.to_string(), c.parse::<i32>().unwrap())).unwrap();
        words[2] = format!("{r},{}", if c > 0 { c - 1 } else { c + 1 });
        words.join(" ")
    };
    // The first cells of the first two tiles exchanged: every cell covered once, two
    // tiles no Y pentominoes.
    let exchanged = {
        let mut a: Vec<&str> = by_hand[0].split(' ').collect();
        let mut b: Vec<&str> = by_hand[1].split(' ').collect();
        std::mem::swap(&mut a[2], &mut b[2]);
        format!("{}\n{}\n{}", a.join(" "), b.join(" "), by_hand[2..].join("\n"))
    };
    for damaged in [
        format!("{header}\n{exchanged}\n"),
        format!("{header}\n{}\n", by_hand[1..].join("\n")),
        format!("{header}\n{moved}\n{}\n", by_hand[1..].join("\n")),
        format!("{header}\nnot a tiling\n"),
        "nothing\n".to_string(),
    ] {
        std::fs::write(&tiling, &damaged).unwrap();
        let (out, err, code) = run(&args);
        assert_eq!((code, &out), (0, &fresh), "{damaged}: {err}");
    }
}

/// --checkpoint-every saves the states of the width in progress beside the checkpoint
/// (FILE.frontier): the Y hexomino's search stopped inside width 23 by --max-states
/// leaves them, and the run given more states goes on from the depth saved (--stats says
/// so) to the answer and tiling of a run from scratch, then removes them. Damaged saved
/// states, and states of another search, are refused with exit status 2.
#[test]
fn a_search_resumes_inside_a_width_from_its_saved_states() {
    let y = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/y-hexomino.txt");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("y.ckpt");
    let file = path.to_str().unwrap();
    let frontier = dir.path().join("y.ckpt.frontier");
    let base = ["rectangles", "--pieces", y, "--order", "--format", "json"];
    let (fresh, _, _) = run(&base);
    let cut = [&base[..], &["--checkpoint", file, "--checkpoint-every", "0", "--max-states", "100000"]].concat();
    let (out, err, code) = run(&cut);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("width 23: the search kept more than 100000 states"), "{out}");
    assert!(frontier.is_file(), "the states of width 23 are saved");
    let saved = std::fs::read(&frontier).unwrap();
    let resume = [&base[..], &["--checkpoint", file, "--stats"]].concat();
    // Damaged: refused, and left for the user to look at.
    let mut bad = saved.clone();
    let at = bad.len() / 2;
    bad[at] ^= 1;
    std::fs::write(&frontier, &bad).unwrap();
    let (out, err, code) = run(&resume);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("y.ckpt.frontier:2: the saved states are damaged"), "{err}");
    std::fs::write(&frontier, &saved).unwrap();
    let (out, err, code) = run(&resume);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("width 23: resumed at depth "), "{err}");
    let without_time = |text: &str| {
        let mut v: Value = serde_json::from_str(text).unwrap();
        v["stats"] = Value::Null;
        v
    };
    assert_eq!(without_time(&out), without_time(&fresh));
    assert!(!frontier.exists(), "removed once width 23 is recorded");
    // Another search's checkpoint with these states beside it: refused.
    let other = dir.path().join("other.ckpt");
    let (_, err, code) =
        run(&["rectangles", "--pieces", y, "--smallest", "square", "--checkpoint", other.to_str().unwrap(), "--max-area", "50"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(dir.path().join("other.ckpt.frontier"), &saved).unwrap();
    let (out, err, code) =
        run(&["rectangles", "--pieces", y, "--smallest", "square", "--checkpoint", other.to_str().unwrap(), "--max-area", "50"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("another count"), "{err}");
    // --checkpoint-every needs --checkpoint, and is for polyominoes.
    let (_, _, code) = run(&["rectangles", "--pieces", y, "--order", "--checkpoint-every", "5"]);
    assert_eq!(code, 2);
}

/// States' files that cannot grow (a file size limit standing for a full disk: the
/// shell's `ulimit -f`, its signal ignored) stop the search with one line naming the
/// directory, exit status 2 and no answer, rather than a crash when a page is written.
#[cfg(unix)]
#[test]
fn states_files_that_cannot_grow_are_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let y = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/y-hexomino.txt");
    let bin = assert_cmd::cargo::cargo_bin("gridlock");
    let script = "trap '' XFSZ; ulimit -f 200; exec \"$0\" rectangles --pieces \"$1\" --order --states-dir \"$2\"";
    let out = std::process::Command::new("bash").args(["-c", script]).arg(&bin).arg(y).arg(dir.path()).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!((out.status.code(), out.stdout.as_slice()), (Some(2), &b""[..]), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("the states cannot be kept in ") && err.contains("File too large"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// Saved within a depth: the octomino `f0e040`'s search to area 1200 stopped by
/// --max-states inside width 32's depth 17 (its depth 16 more than one piece of 16,384
/// states) with a save every millisecond leaves the states saved within it; the run given
/// more states resumes there (--stats says how far the depth went) and keeps the states
/// of the search run through, to the same answer, with its states on the heap or read
/// into files of a directory (--states-dir).
#[test]
fn a_search_resumes_within_a_depth() {
    let octomino = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/f0e040-octomino.txt");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("o.ckpt");
    let file = path.to_str().unwrap();
    let base = ["rectangles", "--pieces", octomino, "--order", "--max-area", "1200", "--stats"];
    let (fresh, fresh_err, code) = run(&base);
    assert_eq!(code, 0, "{fresh_err}");
    let cut = [&base[..], &["--checkpoint", file, "--checkpoint-every", "0.001", "--max-states", "200000"]].concat();
    let (out, err, code) = run(&cut);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("width 32: the search kept more than 200000 states"), "{out}");
    // A copy resumed with the states in files of a directory (read there from the saved
    // states): the same answer and states, no file left.
    let copy = dir.path().join("copy.ckpt");
    std::fs::copy(&path, &copy).unwrap();
    std::fs::copy(dir.path().join("o.ckpt.frontier"), dir.path().join("copy.ckpt.frontier")).unwrap();
    let states = tempfile::tempdir().unwrap();
    let filed = [&base[..], &["--checkpoint", copy.to_str().unwrap(), "--states-dir", states.path().to_str().unwrap()]].concat();
    let (out, filed_err, code) = run(&filed);
    assert_eq!((code, &out), (0, &fresh), "{filed_err}");
    assert_eq!(std::fs::read_dir(states.path()).unwrap().count(), 0);
    let (out, err, code) = run(&[&base[..], &["--checkpoint", file]].concat());
    assert_eq!((code, &out), (0, &fresh), "{err}");
    let resumed = err.lines().find(|l| l.contains("resumed")).unwrap_or_default();
    assert!(resumed.starts_with("width 32: resumed at depth 16 with ") && resumed.contains(" of depth 16's "), "{err}");
    let kept = |err: &str| err.lines().find(|l| l.starts_with("width 32: depth")).map(str::to_owned);
    assert!(kept(&err).is_some(), "{err}");
    assert_eq!(kept(&err), kept(&fresh_err));
    assert_eq!(kept(&filed_err), kept(&fresh_err));
}

/// --checkpoint on a box search records each cross-section finished; a run on a file cut
/// after any of them gives the answer of a run from scratch (the best box found before the
/// cut searched again to draw it), and the rectangles' checkpoint of the plane piece of
/// the same name is refused.
#[test]
fn a_box_search_resumes_from_its_checkpoint() {
    let e0 = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/e0e080-heptacube.txt");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e0.ckpt");
    let file = path.to_str().unwrap();
    let args = ["rectangles", "--pieces", e0, "--order", "--mirror"];
    let (fresh, _, _) = run(&args);
    let with = [&args[..], &["--checkpoint", file]].concat();
    let (out, err, code) = run(&with);
    assert_eq!((code, &out), (0, &fresh), "{err}");
    let full = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    // The header and the cross-sections up to 3 x 3 (9 copies: 63 cells).
    assert!(lines.len() > 4, "{full}");
    for keep in 1..=lines.len() {
        std::fs::write(&path, lines[..keep].join("\n") + "\n").unwrap();
        let (out, err, code) = run(&with);
        assert_eq!((code, &out), (0, &fresh), "{keep} lines kept: {err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), full, "{keep} lines kept");
    }
    let y = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/y-pentomino.txt");
    let (out, err, code) = run(&["rectangles", "--pieces", y, "--order", "--checkpoint", file]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
}

/// Boxes of polycubes (`--lattice cubic`, from a pieces file's header): trec's 3D orders
/// of the flat stair tetromino (6, in a 2 x 3 x 4 box) and of the heptomino e0e080 (9,
/// in 3 x 3 x 7), each filling checked here from the JSON (every cell of the box once,
/// every tile of the piece's size), and the flags that do not go with boxes refused.
#[test]
fn orders_of_polycubes_fill_boxes() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/");
    let stair = format!("{data}stair-tetracube.txt");
    let (out, err, code) = run(&["rectangles", "--pieces", &stair, "--order"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("2 x 3 x 4, 6 copies\n"), "{out}");
    for (file, mirror, sides, copies, size) in
        [(&stair, false, [2, 3, 4], 6, 4), (&format!("{data}e0e080-heptacube.txt"), true, [3, 3, 7], 9, 7)]
    {
        let mut args = vec!["rectangles", "--pieces", file, "--order"];
        if mirror {
            args.push("--mirror");
        }
        let v = json(&args);
        assert_eq!((v["verdict"].as_str(), v["copies"].as_u64(), v["proven"].as_bool()), (Some("found"), Some(copies), Some(true)));
        let got: Vec<usize> = v["sides"].as_array().unwrap().iter().map(|s| s.as_u64().unwrap() as usize).collect();
        let mut sorted = got.clone();
        sorted.sort();
        assert_eq!(sorted, sides);
        let mut seen = vec![0; got.iter().product()];
        let tiles = v["tiles"].as_array().unwrap();
        assert_eq!(tiles.len() as u64, copies);
        for tile in tiles {
            let cells = tile["cells"].as_array().unwrap();
            assert_eq!(cells.len(), size);
            for cell in cells {
                let c: Vec<usize> = cell.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect();
                assert!(c[0] < got[0] && c[1] < got[1] && c[2] < got[2], "{c:?}");
                seen[(c[2] * got[0] + c[0]) * got[1] + c[1]] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k == 1), "the box filled once");
        assert_eq!(v["layers"].as_array().unwrap().len(), got[2]);
    }
    // A set of polycubes by name (each piece at least once): the I and L tricubes.
    let v = json(&["rectangles", "--pieces", "tricubes", "--order"]);
    assert_eq!((v["copies"].as_u64(), v["proven"].as_bool()), (Some(3), Some(true)));
    for args in [
        &["rectangles", "--pieces", &stair, "--width", "2", "--length", "3"][..],
        &["rectangles", "--pieces", &stair, "--order", "--svg", "x.svg"],
        &["rectangles", "--pieces", &stair, "--order", "--one-sided"],
        &["rectangles", "--pieces", &stair, "--order", "--lattice", "square"],
        &["rectangles", "--pieces", "dominoes", "--order", "--mirror"],
        &["rectangles", "--pieces", "tetrahexes", "--order"],
        &["rectangles", "--pieces", "soma", "--order"],
    ] {
        let (out, err, code) = run(args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(err.lines().count() == 1 && !err.contains("panicked"), "{args:?}: {err}");
    }
    // The Soma pieces (sizes 3 and 4, seven required): the least box by exact cover alone,
    // the cube, each piece once; their order is refused as such.
    let v = json(&["rectangles", "--pieces", "soma", "--smallest", "rectangle"]);
    assert_eq!((v["sides"].to_string().as_str(), v["copies"].as_u64(), v["proven"].as_bool()), ("[3,3,3]", Some(7), Some(true)));
    let names: std::collections::BTreeSet<&str> = v["tiles"].as_array().unwrap().iter().map(|t| t["piece"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 7);
    let (_, err, _) = run(&["rectangles", "--pieces", "soma", "--order"]);
    assert!(err.contains("different sizes"), "{err}");
}

/// --progress prints where the search is on stderr even when stderr is not a terminal
/// (here a pipe), ending with the width (the cross-section) it was at last and "done";
/// the answer is the same as without it, and without it stderr stays empty; where no
/// search runs it is refused.
#[test]
fn progress_lines_go_to_stderr_whatever_it_is() {
    let l = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/l-tromino.txt");
    let e0 = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rectangles/e0e080-heptacube.txt");
    for (base, last) in [
        (&["rectangles", "--pieces", l, "--order"][..], "width 2, depth "),
        (&["rectangles", "--pieces", e0, "--order", "--mirror"][..], " across"),
    ] {
        let (plain, quiet, code) = run(base);
        assert_eq!((code, quiet.as_str()), (0, ""), "{base:?}");
        let (shown, lines, code) = run(&[base, &["--progress"]].concat());
        assert_eq!((code, &shown), (0, &plain), "{lines}");
        let end = lines.lines().last().unwrap_or_default();
        assert!(end.starts_with("gridlock rectangles: ") && end.ends_with(", done"), "{lines}");
        assert!(end.contains(last), "{end} should name {last}");
    }
    let (out, err, code) = run(&["rectangles", "--pieces", l, "--width", "2", "--length", "3", "--progress"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--progress"), "{err}");
}
