//! `gridlock pack` and `gridlock xc` end to end.

use crate::common::{gridlock, rejects, rejects_usage};

fn count(args: &[&str]) -> u64 {
    let out = gridlock().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().trim().parse().unwrap()
}

#[test]
fn known_counts() {
    assert_eq!(count(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--count"]), 9356);
    assert_eq!(count(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--count", "--unique"]), 2339);
    assert_eq!(count(&["pack", "--rect", "3x20", "--pieces", "pentominoes", "--count", "--unique"]), 2);
    assert_eq!(count(&["pack", "--rect", "5x11", "--pieces", "kanoodle", "--count"]), 371020);
    assert_eq!(count(&["pack", "--rect", "5x11", "--pieces", "kanoodle", "--count", "--unique"]), 92755);
    // Dana Scott's problem (1958): the 8x8 board without its centre square: 65 ways.
    assert_eq!(count(&["pack", "--board", "examples/pack/scott-8x8.txt", "--pieces", "pentominoes", "--count", "--unique"]), 65);
    assert_eq!(count(&["pack", "--board", "examples/pack/scott-8x8.txt", "--pieces", "pentominoes", "--count"]), 520);
}

#[test]
fn shards_add_up_and_threads_agree() {
    let base = ["pack", "--rect", "5x11", "--pieces", "kanoodle", "--count"];
    for n in [1usize, 2, 3, 7] {
        let total: u64 = (1..=n)
            .map(|k| {
                let shard = format!("{k}/{n}");
                let mut args = base.to_vec();
                args.extend(["--shard", &shard]);
                count(&args)
            })
            .sum();
        assert_eq!(total, 371020, "{n} shards");
    }
    let mut threaded = base.to_vec();
    threaded.extend(["--threads", "2"]);
    assert_eq!(count(&threaded), 371020);
    let unique_shards: u64 = (1..=3)
        .map(|k| {
            let shard = format!("{k}/3");
            count(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--count", "--unique", "--shard", &shard])
        })
        .sum();
    assert_eq!(unique_shards, 2339);
}

#[test]
fn first_packing_is_drawn_and_checks_out() {
    let out = gridlock().args(["pack", "--rect", "3x20", "--pieces", "pentominoes"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r.len() == 20));
    // Each of the 12 letters covers 5 cells.
    for letter in "FILNPTUVWXYZ".chars() {
        assert_eq!(text.chars().filter(|&c| c == letter).count(), 5, "{letter}\n{text}");
    }
    // All packings of a small problem: two L tetrominoes (named a, b) in 2x4.
    let all = gridlock().args(["pack", "--rect", "2x4", "--pieces", "examples/pack/two-l-tetrominoes.txt", "--all"]).output().unwrap();
    let all = String::from_utf8(all.stdout).unwrap();
    let n = count(&["pack", "--rect", "2x4", "--pieces", "examples/pack/two-l-tetrominoes.txt", "--count"]);
    assert_eq!(all.split("\n\n").count() as u64, n);
    // Two tilings of 2x4 by L tetrominoes, each with the names either way round.
    assert_eq!(n, 4);
    // Without reflections only one tiling is left (the two Ls are a half turn apart).
    let one_sided = count(&["pack", "--rect", "2x4", "--pieces", "examples/pack/two-l-tetrominoes.txt", "--count", "--one-sided"]);
    assert_eq!(one_sided, 2);
    gridlock().args(["pack", "--rect", "4x5", "--pieces", "tetrominoes"]).assert().success().stdout("No solution\n");
}

#[test]
fn pack_bad_input() {
    rejects(&["pack", "--rect", "0x5", "--pieces", "pentominoes"], "", &["1 to 1000"]);
    rejects(&["pack", "--rect", "6by10", "--pieces", "pentominoes"], "", &["not a rectangle"]);
    rejects(&["pack", "--rect", "6x10", "--pieces", "heptominos"], "", &["neither a set"]);
    rejects_usage(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--unique"], "", &["--count"]);
    rejects_usage(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--count", "--shard", "0/2"], "", &["K/N"]);
    rejects_usage(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--count", "--shard", "3/2"], "", &["K/N"]);
    rejects_usage(&["pack", "--pieces", "pentominoes"], "", &["--rect"]);
    rejects(&["pack", "--board", "tests/data/pack/bad-board.txt", "--pieces", "pentominoes"], "", &["line 2, column 3"]);
    rejects(&["pack", "--rect", "2x2", "--pieces", "tests/data/pack/bad-pieces.txt"], "", &["line 4: piece 'broken' is not connected"]);
}

#[test]
fn xc_counts_pentominoes_in_knuths_format() {
    let knuth = gridlock().args(["pack", "--rect", "6x10", "--pieces", "pentominoes", "--emit-knuth"]).output().unwrap();
    assert!(knuth.status.success());
    let text = String::from_utf8(knuth.stdout).unwrap();
    assert_eq!(text.lines().count(), 2 + 2056, "a comment, the items, and 2056 placements");
    gridlock().args(["xc", "--count"]).write_stdin(text).assert().success().stdout("9356\n");
}

#[test]
fn xc_first_and_all() {
    let text = "| TAOCP (49)\np q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    gridlock().arg("xc").write_stdin(text).assert().success().stdout("p r x:A y\nq x:A\n");
    gridlock().args(["xc", "--all"]).write_stdin(text).assert().success().stdout("p r x:A y\nq x:A\n");
    gridlock().args(["xc", "--count"]).write_stdin(text).assert().success().stdout("1\n");
    gridlock().arg("xc").write_stdin("a b\na\n").assert().success().stdout("No solution\n");
    let out = gridlock().arg("xc").write_stdin("a b\na c\n").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("line 2, column 3: unknown item 'c'"));
    // Every error in Knuth's format names its line and column (issue 54, item 19).
    for (text, place) in [
        ("a b\na |-5\nb\n", "line 2, column 3: '|-5'"),
        ("  a b\n a a\n", "line 2, column 4: item 'a' appears twice"),
        ("a b a\na\n", "line 1, column 5: item 'a' is named twice"),
        ("a b\nb:red\n", "line 2, column 1: primary item 'b'"),
        ("a | s\n   s:x\n", "line 2, column 4: the option has no primary item"),
        ("2:1|a\na\n", "line 1, column 1: '2:1|a'"),
    ] {
        crate::common::rejects(&["xc"], text, &[place]);
    }
}

#[test]
fn xc_shards_add_up_and_threads_agree() {
    let knuth = gridlock().args(["pack", "--rect", "4x15", "--pieces", "pentominoes", "--emit-knuth"]).output().unwrap();
    let text = String::from_utf8(knuth.stdout).unwrap();
    let xc = |extra: &[&str]| -> u64 {
        let mut args = vec!["xc", "--count"];
        args.extend(extra);
        let out = gridlock().args(&args).write_stdin(text.clone()).output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap().trim().parse().unwrap()
    };
    assert_eq!(xc(&[]), 1472);
    assert_eq!(xc(&["--threads", "2"]), 1472);
    let shards: u64 = (1..=4).map(|k| xc(&["--shard", &format!("{k}/4")])).sum();
    assert_eq!(shards, 1472);
}

/// Domino tilings of an `r x c` board in Knuth's format.
fn domino_text(r: usize, c: usize) -> String {
    let cell = |i: usize, j: usize| format!("r{i}c{j}");
    let mut text: String = (0..r).flat_map(|i| (0..c).map(move |j| cell(i, j))).collect::<Vec<_>>().join(" ") + "\n";
    for i in 0..r {
        for j in 0..c {
            if j + 1 < c {
                text += &format!("{} {}\n", cell(i, j), cell(i, j + 1));
            }
            if i + 1 < r {
                text += &format!("{} {}\n", cell(i, j), cell(i + 1, j));
            }
        }
    }
    text
}

#[test]
fn xc_counts_with_and_without_the_memo_table() {
    let run = |args: &[&str], input: &str| {
        let out = gridlock().args(args).write_stdin(input.to_string()).output().unwrap();
        assert!(out.status.success());
        (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
    };
    // 12x12 has 53060477521960000 tilings (Kasteleyn): only a memoized count gets there.
    let (count, stats) = run(&["xc", "--count", "--stats"], &domino_text(12, 12));
    assert_eq!(count, "53060477521960000\n");
    assert!(stats.contains("memoized"), "{stats}");
    let six = domino_text(6, 6);
    assert_eq!(run(&["xc", "--count"], &six).0, "6728\n");
    let (plain, stats) = run(&["xc", "--count", "--no-memo", "--stats"], &six);
    assert_eq!(plain, "6728\n");
    assert!(stats.contains("enumerating") && stats.contains("memo hits: 0"), "{stats}");
    let json: serde_json::Value = serde_json::from_str(&run(&["xc", "--count", "--format", "json"], &domino_text(10, 10)).0).unwrap();
    assert_eq!(json["count"].as_u64(), Some(258_584_046_368));
    assert!(json["stats"]["memo_hits"].as_u64().unwrap() > 0);
}

#[test]
fn piece_counts_end_to_end() {
    // 17 digits: dominoes on 12x12, counted (memoized) rather than enumerated.
    assert_eq!(count(&["pack", "--rect", "12x12", "--pieces", "dominoes", "--copies", "*", "--count"]), 53_060_477_521_960_000);
    assert_eq!(count(&["pack", "--rect", "2x10", "--pieces", "dominoes", "--copies", "*", "--count"]), 89);
    // Odd area: no tiling, at once.
    let out = gridlock().args(["pack", "--rect", "5x5", "--pieces", "dominoes", "--copies", "*"]).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "No solution\n");
    // Four T-tetrominoes tile 4x4 in two ways; the drawing has a tile per copy and a
    // legend, and passes the judge with the same counts.
    let dir = std::env::temp_dir().join(format!("gridlock-copies-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pieces = dir.join("t.txt");
    std::fs::write(&pieces, "T 4\n###\n.#.\n").unwrap();
    let p = pieces.to_str().unwrap();
    assert_eq!(count(&["pack", "--rect", "4x4", "--pieces", p, "--count"]), 2);
    let drawing = String::from_utf8(gridlock().args(["pack", "--rect", "4x4", "--pieces", p]).output().unwrap().stdout).unwrap();
    assert_eq!(drawing.lines().count(), 8, "{drawing}");
    assert!(drawing.ends_with("A T\nB T\nC T\nD T\n"), "{drawing}");
    let board = dir.join("board.txt");
    std::fs::write(&board, "....\n....\n....\n....\n").unwrap();
    let answer = dir.join("answer.txt");
    std::fs::write(&answer, &drawing).unwrap();
    let verdict = gridlock().args(["check", "pack", "--pieces", p]).arg(&board).arg(&answer).output().unwrap();
    assert_eq!(String::from_utf8(verdict.stdout).unwrap(), "ok\n");
    // The same drawing judged as three T's: wrong.
    let three = gridlock().args(["check", "pack", "--pieces", p, "--copies", "3"]).arg(&board).arg(&answer).output().unwrap();
    assert_eq!(three.status.code(), Some(1));
    // --emit-knuth writes DLX3's multiplicities, which xc reads back to the same count.
    let knuth = gridlock().args(["pack", "--rect", "4x4", "--pieces", p, "--emit-knuth"]).output().unwrap().stdout;
    assert!(String::from_utf8_lossy(&knuth).contains("4|T r0c0"));
    let xc = gridlock().args(["xc", "--count"]).write_stdin(knuth).output().unwrap();
    assert_eq!(String::from_utf8(xc.stdout).unwrap(), "2\n");
    // JSON lists the tiles with their piece names.
    let json = gridlock().args(["pack", "--rect", "4x4", "--pieces", p, "--format", "json"]).output().unwrap().stdout;
    let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(v["tiles"].as_array().unwrap().len(), 4);
    assert_eq!(v["tiles"][0]["piece"], "T");
    // Symmetry classes with copies: the two T tilings of 4x4 are mirror images.
    assert_eq!(count(&["pack", "--rect", "4x4", "--pieces", p, "--count", "--unique"]), 1);
    rejects_usage(&["pack", "--rect", "4x4", "--pieces", "dominoes", "--copies", "2..1"], "", &["lower bound"]);
}

#[test]
fn unique_with_piece_counts_counts_by_burnside_and_lists_one_per_class() {
    // Two methods: Burnside's lemma over the fixed tilings, and the canonical filter of
    // the listing; they must agree (the library's tests compare both with a brute force).
    for rect in ["2x4", "4x4", "5x6"] {
        let burnside = count(&["pack", "--rect", rect, "--pieces", "dominoes", "--copies", "*", "--count", "--unique"]);
        let out = gridlock()
            .args(["pack", "--rect", rect, "--pieces", "dominoes", "--copies", "*", "--all", "--unique", "--format", "json"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["solutions"].as_array().unwrap().len() as u64, burnside, "{rect}");
    }
    // 2x4 by hand: 5 tilings; the two with one vertical pair at an end are mirror images.
    assert_eq!(count(&["pack", "--rect", "2x4", "--pieces", "dominoes", "--copies", "*", "--count"]), 5);
    assert_eq!(count(&["pack", "--rect", "2x4", "--pieces", "dominoes", "--copies", "*", "--count", "--unique"]), 4);
    rejects(&["pack", "--rect", "4x4", "--pieces", "dominoes", "--copies", "*", "--count", "--unique", "--shard", "1/2"], "", &["--shard"]);
}

#[test]
fn xc_counts_memoize_on_threads_and_shards() {
    // Domino tilings of 8x8 as plain exact cover: 12988816, far too many to enumerate in
    // a test; with a memo table per subtree, threads and shards count them at once.
    let cell = |r: usize, c: usize| format!("c{r}_{c}");
    let mut text = (0..64).map(|k| cell(k / 8, k % 8)).collect::<Vec<_>>().join(" ") + "\n";
    for r in 0..8 {
        for c in 0..8 {
            if c + 1 < 8 {
                text += &format!("{} {}\n", cell(r, c), cell(r, c + 1));
            }
            if r + 1 < 8 {
                text += &format!("{} {}\n", cell(r, c), cell(r + 1, c));
            }
        }
    }
    let xc = |extra: &[&str]| -> u64 {
        let out = gridlock().args(["xc", "--count"]).args(extra).write_stdin(text.clone()).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap().trim().parse().unwrap()
    };
    assert_eq!(xc(&["--threads", "2"]), 12988816);
    assert_eq!((1..=5).map(|k| xc(&["--shard", &format!("{k}/5")])).sum::<u64>(), 12988816);
}

#[test]
fn xc_progress_lines_estimate_the_fraction_done() {
    // Counting the flat pentacubes in a 3x4x5 box without symmetry breaking (the file
    // `pack --emit-knuth` writes) takes seconds: at least one line a second.
    let emitted = gridlock().args(["pack", "--pieces", "pentacubes-flat", "--box", "3x4x5", "--emit-knuth"]).output().unwrap();
    assert!(emitted.status.success());
    let out = gridlock().args(["xc", "--count", "--no-memo", "--progress"]).write_stdin(emitted.stdout).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "31520\n");
    let err = String::from_utf8(out.stderr).unwrap();
    let fractions: Vec<f64> =
        err.lines().filter_map(|l| l.split("about ").nth(1)).map(|f| f.split('%').next().unwrap().parse().unwrap()).collect();
    assert!(!fractions.is_empty(), "{err}");
    assert!(fractions.iter().all(|f| (0.0..=100.0).contains(f)), "{err}");
    // --threads and --shard are refused with it (the estimate is of one search).
    rejects_usage(&["xc", "--count", "--threads", "2", "--progress", "tests/data/pack/pentominoes-6x10.dlx"], "", &["--progress"]);
}

#[test]
fn knuths_polyomino_dlx_notation() {
    let file = "tests/data/pack/pentominoes-6x10.polyomino-dlx";
    assert_eq!(count(&["pack", "--knuth", file, "--count"]), 9356);
    assert_eq!(count(&["pack", "--knuth", file, "--count", "--unique"]), 2339);
    // A first packing drawn as usual, row x and column y of Knuth's cell xy.
    let out = gridlock().args(["pack", "--knuth", file]).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 6);
    // Bad notation: line and column; --knuth brings its own pieces.
    let dir = std::env::temp_dir().join(format!("gridlock-knuth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "| box\n[0-5][0-9]\nI 00 01 02 0? 04\n").unwrap();
    rejects(&["pack", "--knuth", bad.to_str().unwrap(), "--count"], "", &["line 3, column 13"]);
    std::fs::write(&bad, "[0-3]0s\nI 00\n").unwrap();
    rejects(&["pack", "--knuth", bad.to_str().unwrap(), "--count"], "", &["line 1, column 7", "suffix"]);
    rejects_usage(&["pack", "--knuth", file, "--pieces", "pentominoes", "--count"], "", &["--pieces"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn xc_names_the_engine_the_strategy_chose() {
    let stats = |args: &[&str], text: &str| -> (String, String) {
        let out = gridlock().args(args).write_stdin(text.to_string()).output().unwrap();
        assert!(out.status.success());
        (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
    };
    let knuth = gridlock().args(["pack", "--rect", "3x20", "--pieces", "pentominoes", "--emit-knuth"]).output().unwrap();
    let text = String::from_utf8(knuth.stdout).unwrap();
    // Enumerating: bitsets, and the listing equals the count.
    let (count, err) = stats(&["xc", "--count", "--no-memo", "--stats"], &text);
    assert_eq!(count, "8\n");
    assert!(err.contains("engine: bitsets (Algorithm C"), "{err}");
    let (all, err) = stats(&["xc", "--all", "--stats"], &text);
    assert_eq!(all.split("\n\n").count(), 8);
    assert!(err.contains("engine: bitsets"), "{err}");
    // Multiplicities: Algorithm M on bitsets (two copies of a domino in a 1x4 strip).
    let (count, err) = stats(&["xc", "--count", "--no-memo", "--stats"], "2|d a b c e\nd a b\nd b c\nd c e\n");
    assert_eq!(count, "1\n");
    assert!(err.contains("engine: bitsets (Algorithm M"), "{err}");
    // One item in 20000 options: too many conflicting pairs for bitsets, dancing links.
    let wide = format!("a\n{}", "a\n".repeat(20000));
    let (count, err) = stats(&["xc", "--count", "--no-memo", "--stats"], &wide);
    assert_eq!(count, "20000\n");
    assert!(err.contains("engine: dancing links (Algorithm C)"), "{err}");
}

#[test]
fn progress_lines_follow_a_count_to_its_end() {
    // --progress prints a line a second and a last one whatever stderr is (here a pipe,
    // where no bar shows): the subtrees of the search, the columns of the transfer matrix,
    // the parts of a checkpointed count, each ending at 100%; the count is unchanged, and
    // without --progress stderr stays empty.
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("c.jsonl");
    let cases: [(&[&str], &str); 3] = [
        (&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--count"], "subtrees"),
        (&["pack", "--rect", "8x8", "--pieces", "tetrominoes", "--copies", "*", "--count"], "columns"),
        (
            &["pack", "--rect", "4x10", "--pieces", "tetrominoes", "--count", "--parts", "8", "--checkpoint", checkpoint.to_str().unwrap()],
            "parts",
        ),
    ];
    for (args, unit) in cases {
        let _ = std::fs::remove_file(&checkpoint);
        let plain = gridlock().args(args).output().unwrap();
        assert_eq!(plain.status.code(), Some(0));
        assert!(plain.stderr.is_empty(), "{args:?}");
        let _ = std::fs::remove_file(&checkpoint);
        let shown = gridlock().args(args).arg("--progress").output().unwrap();
        assert_eq!(shown.status.code(), Some(0));
        assert_eq!(shown.stdout, plain.stdout, "{args:?}");
        let err = String::from_utf8(shown.stderr).unwrap();
        let last = err.lines().last().unwrap_or_else(|| panic!("{args:?}: no progress line"));
        assert!(last.starts_with("gridlock pack: ") && last.ends_with(&format!(" {unit} (100%), done")), "{last}");
        let (done, total) = last.split(", ").nth(1).unwrap().split_once(" of ").unwrap();
        assert_eq!(done, total.split(' ').next().unwrap(), "{last}");
        for line in err.lines() {
            assert!(line.starts_with("gridlock pack: ") && line.contains(unit), "{line}");
        }
    }
    let out = gridlock().args(["pack", "--rect", "6x10", "--pieces", "pentominoes", "--progress"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "--progress without --count");
}
