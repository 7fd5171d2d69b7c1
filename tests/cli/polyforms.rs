//! `gridlock polyforms`: the listings read back into `pack` as the sets they are, counts
//! equal on any number of threads and in JSON, and what is refused.

use crate::common::{gridlock, rejects};

fn stdout(args: &[&str]) -> String {
    let out = gridlock().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn listings_pack_as_the_built_in_sets_they_are() {
    let dir = tempfile::tempdir().unwrap();
    // The listed pentominoes pack the 6x10 box as the built-in set does, the listed
    // hexiamonds the 6x6 rhombus, the listed tetrahexes the 4x7 parallelogram.
    for (list, box_args, set) in [
        (&["polyforms", "--size", "5"][..], &["--rect", "6x10"][..], "pentominoes"),
        (&["polyforms", "--size", "6", "--lattice", "triangular"][..], &["--box", "6x6"][..], "hexiamonds"),
        (&["polyforms", "--size", "4", "--lattice", "hexagonal"][..], &["--box", "4x7"][..], "tetrahexes"),
    ] {
        let path = dir.path().join(format!("{set}.txt"));
        std::fs::write(&path, stdout(list)).unwrap();
        let file = path.to_str().unwrap();
        let count = |pieces: &str| stdout(&[&["pack", "--count", "--pieces", pieces][..], box_args].concat());
        assert_eq!(count(file), count(set), "{set}");
    }
    // The names are the set's: Golomb's letters.
    let listed = stdout(&["polyforms", "--size", "5"]);
    let names: Vec<&str> = listed.split("\n\n").map(|b| b.lines().next().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"]);
}

#[test]
fn counts_agree_across_threads_kinds_and_formats() {
    for lattice in ["square", "triangular", "hexagonal", "cubic", "prism"] {
        let size = if lattice == "cubic" || lattice == "prism" { "6" } else { "8" };
        for kind in [&[][..], &["--one-sided"][..], &["--fixed"][..]] {
            let base = [&["polyforms", "--count", "--lattice", lattice, "--size", size][..], kind].concat();
            let one = stdout(&base);
            let two = stdout(&[&base[..], &["--threads", "3"][..]].concat());
            assert_eq!(one, two, "{lattice} {kind:?}");
            // The listing has as many pieces as the count says.
            if kind != ["--fixed"] {
                let listing = stdout(&[&["polyforms", "--lattice", lattice, "--size", size, "--format", "json"][..], kind].concat());
                let v: serde_json::Value = serde_json::from_str(&listing).unwrap();
                assert_eq!(v["pieces"].as_array().unwrap().len().to_string(), one.trim(), "{lattice} {kind:?}");
                assert_eq!(v["count"].to_string(), one.trim());
            }
        }
    }
    // Free <= one-sided <= fixed, and the free count of 10 cells by both routes.
    let n = |args: &[&str]| stdout(args).trim().parse::<u64>().unwrap();
    let free = n(&["polyforms", "--count", "--size", "10"]);
    let one_sided = n(&["polyforms", "--count", "--size", "10", "--one-sided"]);
    let fixed = n(&["polyforms", "--count", "--size", "10", "--fixed"]);
    assert!(free < one_sided && one_sided < fixed && fixed <= 8 * free, "{free} {one_sided} {fixed}");
}

#[test]
fn the_colouring_proves_the_35_hexominoes_cannot_fill_14_by_15() {
    assert_eq!(stdout(&["pack", "--pieces", "hexominoes", "--rect", "14x15", "--count"]), "0\n");
    let out = gridlock().args(["pack", "--pieces", "hexominoes", "--rect", "14x15", "--stats"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "No solution\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("colouring"));
    // Its exact cover text, counted by xc (which knows nothing of colours): 0 on the
    // small case of the five tetrominoes in 4 x 5.
    let text = stdout(&["pack", "--pieces", "tetrominoes", "--rect", "4x5", "--emit-knuth"]);
    let xc = gridlock().args(["xc", "--count"]).write_stdin(text).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&xc.stdout), "0\n");
}

#[test]
fn family_names_work_in_pack_and_bad_ones_are_refused() {
    // hexominoes by name equal the listed hexominoes.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hex.txt");
    std::fs::write(&path, stdout(&["polyforms", "--size", "6"])).unwrap();
    let emit = |pieces: &str| stdout(&["pack", "--emit-knuth", "--rect", "6x35", "--pieces", pieces]);
    assert_eq!(emit("hexominoes"), emit(path.to_str().unwrap()));
    rejects(&["pack", "--count", "--rect", "3x3", "--pieces", "polyominoes:99"], "", &["neither a set"]);
    rejects(&["polyforms", "--size", "14"], "", &["2000000", "--count"]);
    let out = gridlock().args(["polyforms", "--size", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_picture_draws_every_cell_of_every_piece_once() {
    for (args, cells, pieces) in [
        (&["polyforms", "--size", "6", "--svg", "-"][..], 35 * 6, 35),
        (&["polyforms", "--size", "6", "--lattice", "triangular", "--svg", "-"][..], 12 * 6, 12),
        (&["polyforms", "--size", "3", "--lattice", "cubic", "--svg", "-"][..], 2 * 3, 2),
    ] {
        let svg = stdout(args);
        assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{args:?}");
        assert_eq!(svg.matches("<polygon").count(), cells, "{args:?}");
        assert_eq!(svg.matches("<text").count() - svg.matches(">z = ").count(), pieces, "{args:?}");
    }
    rejects(&["polyforms", "--size", "5", "--count", "--svg", "x.svg"], "", &["--svg"]);
}

#[test]
fn progress_lines_end_at_every_share_done() {
    let out = gridlock()
        .args(["polyforms", "--lattice", "triangular", "--size", "10", "--count", "--threads", "2", "--progress"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.lines().last().is_some_and(|l| l.starts_with("gridlock polyforms:") && l.contains("4 of 4 shares (100%), done")), "{err}");
    let plain = stdout(&["polyforms", "--lattice", "triangular", "--size", "10", "--count"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), plain);
}
