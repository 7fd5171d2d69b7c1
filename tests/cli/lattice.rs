//! `gridlock pack` off the square lattice, end to end: counts of Knuth files against
//! Knuth's pipeline (run when Knuth's programs are built in `GRIDLOCK_KNUTH`; recorded in
//! `tests/data/lattices/knuth-cli-counts.txt`), every printed answer through a checker
//! written here from the rules (its own rotations of the cube and of the triangular
//! lattice), and the Soma cube's 240 classes proved to be the orbits of its 11520
//! packings under the cube's 48 symmetries.

use crate::common::{gridlock, rejects};
use std::collections::{BTreeMap, BTreeSet};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lattices/");

fn stdout(args: &[&str]) -> String {
    let out = gridlock().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn count(args: &[&str]) -> u128 {
    stdout(args).trim().parse().unwrap()
}

/// A cell as the answers write it: `(x, y, z)`, z the layer (cubic) or the triangle's
/// kind (1 for `xy'`, triangular).
type Cell = (i32, i32, i32);

fn digit(c: u8) -> i32 {
    match c {
        b'0'..=b'9' => (c - b'0') as i32,
        b'a'..=b'z' => (c - b'a') as i32 + 10,
        _ => (c - b'A') as i32 + 36,
    }
}

fn cell(token: &str) -> Cell {
    let b = token.as_bytes();
    match b.len() {
        3 if b[2] == b'\'' => (digit(b[0]), digit(b[1]), 1),
        3 => (digit(b[0]), digit(b[1]), digit(b[2])),
        2 => (digit(b[0]), digit(b[1]), 0),
        _ => panic!("not a cell: {token}"),
    }
}

/// The 24 rotations of space (signed permutation matrices of determinant 1), or all 48
/// symmetries with `mirror`.
fn cube_group(mirror: bool) -> Vec<[[i32; 3]; 3]> {
    let mut out = Vec::new();
    for p in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
        let odd = matches!(p, [0, 2, 1] | [1, 0, 2] | [2, 1, 0]);
        for signs in 0..8 {
            let mut m = [[0; 3]; 3];
            let mut negatives = 0;
            for r in 0..3 {
                let s = if signs >> r & 1 == 1 { -1 } else { 1 };
                negatives += (s < 0) as i32;
                m[r][p[r]] = s;
            }
            let det = if odd { -1 } else { 1 } * if negatives % 2 == 1 { -1 } else { 1 };
            if mirror || det == 1 {
                out.push(m);
            }
        }
    }
    out
}

/// A triangle's centre in coordinates along two lattice directions 60 degrees apart,
/// scaled by 3 so they are integers, and back.
fn centre((x, y, t): Cell) -> (i32, i32) {
    (3 * x + 1 + t, 3 * y + 1 + t)
}

fn triangle((u, v): (i32, i32)) -> Cell {
    let t = u.rem_euclid(3) - 1;
    ((u - 1 - t) / 3, (v - 1 - t) / 3, t)
}

/// The least of the images of `cells` under the allowed motions, translated to the
/// origin: equal for two tiles exactly when they are congruent.
fn canonical(cells: &[Cell], triangular: bool, mirror: bool) -> Vec<Cell> {
    let mut best: Option<Vec<Cell>> = None;
    let mut consider = |mut image: Vec<Cell>| {
        let m = image.iter().fold((i32::MAX, i32::MAX, i32::MAX), |m, c| (m.0.min(c.0), m.1.min(c.1), m.2.min(c.2)));
        let shift_z = if triangular { 0 } else { m.2 };
        image.iter_mut().for_each(|c| *c = (c.0 - m.0, c.1 - m.1, c.2 - shift_z));
        image.sort_unstable();
        if best.as_ref().is_none_or(|b| image < *b) {
            best = Some(image);
        }
    };
    if triangular {
        // Rotations by 60 degrees: (u, v) -> (-v, u + v); the reflection swaps u and v.
        for flip in [false, true] {
            let mut pts: Vec<(i32, i32)> = cells.iter().map(|&c| centre(c)).map(|(u, v)| if flip { (v, u) } else { (u, v) }).collect();
            for _ in 0..6 {
                pts = pts.iter().map(|&(u, v)| (-v, u + v)).collect();
                consider(pts.iter().map(|&p| triangle(p)).collect());
            }
        }
    } else {
        for m in cube_group(mirror) {
            let apply = |c: &Cell| {
                let v = [c.0, c.1, c.2];
                let r = |row: [i32; 3]| row[0] * v[0] + row[1] * v[1] + row[2] * v[2];
                (r(m[0]), r(m[1]), r(m[2]))
            };
            consider(cells.iter().map(apply).collect());
        }
    }
    best.unwrap()
}

/// The pieces of a Knuth file whose piece lines list plain cells: name -> (cells,
/// multiplicity).
fn knuth_pieces(text: &str) -> BTreeMap<String, (Vec<Cell>, u32)> {
    let mut lines = text.lines().filter(|l| !l.starts_with('|') && !l.trim().is_empty());
    lines.next();
    lines
        .map(|l| {
            let mut words = l.split_whitespace();
            let word = words.next().unwrap();
            let (copies, name) = match (word.split_once('*'), word.split_once('|')) {
                (Some((n, name)), _) | (None, Some((n, name))) => (n.parse().unwrap(), name),
                _ => (1, word),
            };
            (name.to_string(), (words.map(cell).collect(), copies))
        })
        .collect()
}

/// Checks a text answer of `gridlock pack` off the square lattice: every line a piece
/// of `pieces` and its cells, the tiles disjoint, covering `region` exactly, each
/// congruent to its piece, each piece used as many times as its multiplicity. Returns
/// the packing as a set of (name, sorted cells).
fn check(
    answer: &str,
    region: &BTreeSet<Cell>,
    pieces: &BTreeMap<String, (Vec<Cell>, u32)>,
    triangular: bool,
) -> BTreeSet<(String, Vec<Cell>)> {
    let mut covered = BTreeSet::new();
    let mut used: BTreeMap<&str, u32> = BTreeMap::new();
    let mut packing = BTreeSet::new();
    for line in answer.lines() {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap();
        let mut cells: Vec<Cell> = words.map(cell).collect();
        let (shape, _) = pieces.get(name).unwrap_or_else(|| panic!("no piece {name}: {answer}"));
        assert_eq!(canonical(&cells, triangular, false), canonical(shape, triangular, false), "{line} is not {name}");
        for c in &cells {
            assert!(region.contains(c), "{line}: {c:?} is outside the box");
            assert!(covered.insert(*c), "{line}: {c:?} covered twice");
        }
        *used.entry(name).or_default() += 1;
        cells.sort_unstable();
        packing.insert((name.to_string(), cells));
    }
    assert_eq!(&covered, region, "cells left uncovered: {answer}");
    for (name, (_, copies)) in pieces {
        assert_eq!(used.get(name.as_str()).copied().unwrap_or(0), *copies, "{name} in {answer}");
    }
    packing
}

fn cuboid(a: i32, b: i32, c: i32) -> BTreeSet<Cell> {
    (0..a).flat_map(|x| (0..b).flat_map(move |y| (0..c).map(move |z| (x, y, z)))).collect()
}

/// The answers of a listing, separated by blank lines.
fn answers(text: &str) -> Vec<&str> {
    text.split("\n\n").map(str::trim).filter(|a| !a.is_empty()).collect()
}

#[test]
fn counts_equal_knuths_pipeline() {
    let mut knuth = crate::knuth::Comparison::new(&std::fs::read_to_string(format!("{DATA}knuth-cli-counts.txt")).unwrap());
    for (file, lattice, program, multiplicities) in [
        ("soma-3x3x3.polycube-dlx", "cubic", "polycube-dlx", false),
        ("pentacubes-2x3x10.polycube-dlx", "cubic", "polycube-dlx", false),
        ("copies-2x3x4.polycube-dlx", "cubic", "polycube-dlx", true),
        ("hexiamonds-6x6.polyiamond-dlx", "triangular", "polyiamond-dlx", false),
    ] {
        let path = format!("{DATA}{file}");
        let ours = count(&["pack", "--knuth", &path, "--lattice", lattice, "--count"]);
        knuth.check(file, file, ours, |dir| {
            let text = std::fs::read(&path).unwrap();
            let (cover, _) = crate::knuth::run(&dir.join(program), &[], &text);
            let mut cover = String::from_utf8(cover).unwrap();
            if multiplicities {
                // polycube-dlx names an item n*NAME; DLX3 reads n|NAME.
                let lines: Vec<String> =
                    cover.lines().map(|l| if l.starts_with('|') { l.to_string() } else { l.replace('*', "|") }).collect();
                cover = lines.join("\n") + "\n";
            }
            crate::knuth::knuth_count(&dir.join(if multiplicities { "dlx3" } else { "ssxcc" }), cover.as_bytes())
        });
    }
}

#[test]
fn every_soma_packing_is_checked_and_the_240_classes_are_the_orbits() {
    let path = format!("{DATA}soma-3x3x3.polycube-dlx");
    let pieces = knuth_pieces(&std::fs::read_to_string(&path).unwrap());
    let region = cuboid(3, 3, 3);
    let all: BTreeSet<_> = answers(&stdout(&["pack", "--knuth", &path, "--lattice", "cubic", "--all"]))
        .into_iter()
        .map(|a| check(a, &region, &pieces, false))
        .collect();
    assert_eq!(all.len(), 11520);
    let classes: Vec<_> = answers(&stdout(&["pack", "--knuth", &path, "--lattice", "cubic", "--all", "--unique"]))
        .into_iter()
        .map(|a| check(a, &region, &pieces, false))
        .collect();
    assert_eq!(classes.len(), 240);
    // The orbit of each class under the cube's 48 symmetries (x -> 2 - x and so on),
    // each image tile renamed as the piece it is a rotation of (a reflection turns the
    // screw A into B).
    let by_shape: BTreeMap<Vec<Cell>, &String> = pieces.iter().map(|(n, (c, _))| (canonical(c, false, false), n)).collect();
    let mut union = BTreeSet::new();
    let mut total = 0;
    for class in &classes {
        let orbit: BTreeSet<BTreeSet<(String, Vec<Cell>)>> = cube_group(true)
            .into_iter()
            .map(|m| {
                let apply = |&(x, y, z): &Cell| {
                    let v = [x - 1, y - 1, z - 1];
                    let r = |row: [i32; 3]| row[0] * v[0] + row[1] * v[1] + row[2] * v[2] + 1;
                    (r(m[0]), r(m[1]), r(m[2]))
                };
                class
                    .iter()
                    .map(|(_, cells)| {
                        let mut image: Vec<Cell> = cells.iter().map(apply).collect();
                        image.sort_unstable();
                        (by_shape[&canonical(&image, false, false)].clone(), image)
                    })
                    .collect()
            })
            .collect();
        total += orbit.len();
        for p in orbit {
            assert!(all.contains(&p), "an image of a packing is not listed");
            assert!(union.insert(p), "two classes share a packing");
        }
    }
    assert_eq!((total, union.len()), (11520, 11520));
    assert_eq!(count(&["pack", "--pieces", "soma", "--box", "3x3x3", "--count"]), 11520);
    assert_eq!(count(&["pack", "--pieces", "soma", "--box", "3x3x3", "--count", "--unique"]), 240);
}

#[test]
fn hexiamond_and_multiplicity_answers_pass_the_checker() {
    let tri = format!("{DATA}hexiamonds-6x6.polyiamond-dlx");
    let pieces = knuth_pieces(&std::fs::read_to_string(&tri).unwrap());
    let rhombus: BTreeSet<Cell> = (0..6).flat_map(|x| (0..6).flat_map(move |y| [(x, y, 0), (x, y, 1)])).collect();
    let listed: BTreeSet<_> = answers(&stdout(&["pack", "--knuth", &tri, "--lattice", "triangular", "--all"]))
        .into_iter()
        .map(|a| check(a, &rhombus, &pieces, true))
        .collect();
    assert_eq!(listed.len(), 624);
    assert_eq!(count(&["pack", "--pieces", "hexiamonds", "--box", "6x6", "--count", "--unique"]), 156);
    let copies = format!("{DATA}copies-2x3x4.polycube-dlx");
    let pieces = knuth_pieces(&std::fs::read_to_string(&copies).unwrap());
    let listed: BTreeSet<_> = answers(&stdout(&["pack", "--knuth", &copies, "--lattice", "cubic", "--all"]))
        .into_iter()
        .map(|a| check(a, &cuboid(2, 3, 4), &pieces, false))
        .collect();
    // Copies of a piece are interchangeable: distinct packings as sets of tiles.
    assert_eq!(listed.len(), 216);
}

#[test]
fn flat_pentacubes_have_their_published_class_counts() {
    let flat = |b: &str| count(&["pack", "--pieces", "pentacubes-flat", "--box", b, "--count", "--unique"]);
    assert_eq!(flat("2x3x10"), 12);
    assert_eq!(flat("2x5x6"), 264);
    // Shards and threads add up to the whole count.
    let base = ["pack", "--pieces", "pentacubes-flat", "--box", "2x3x10", "--count"];
    let shards: u128 = (1..=3).map(|k| count(&[&base[..], &["--shard", &format!("{k}/3")]].concat())).sum();
    assert_eq!(shards, 96);
    assert_eq!(count(&[&base[..], &["--threads", "2"]].concat()), 96);
}

/// Hexagons in axial coordinates: the least image under the 12 symmetries (rotation
/// (x, y) -> (-y, x + y), reflection swapping x and y), translated to the origin.
fn canonical_hex(cells: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut best: Option<Vec<(i64, i64)>> = None;
    for flip in [false, true] {
        let mut pts: Vec<(i64, i64)> = cells.iter().map(|&(x, y)| if flip { (y, x) } else { (x, y) }).collect();
        for _ in 0..6 {
            pts = pts.iter().map(|&(x, y)| (-y, x + y)).collect();
            let (mx, my) = pts.iter().fold((i64::MAX, i64::MAX), |m, p| (m.0.min(p.0), m.1.min(p.1)));
            let mut image: Vec<(i64, i64)> = pts.iter().map(|&(x, y)| (x - mx, y - my)).collect();
            image.sort_unstable();
            if best.as_ref().is_none_or(|b| image < *b) {
                best = Some(image);
            }
        }
    }
    best.unwrap()
}

fn hex_connected(cells: &[(i64, i64)]) -> bool {
    let set: BTreeSet<_> = cells.iter().copied().collect();
    let mut seen = BTreeSet::from([cells[0]]);
    let mut stack = vec![cells[0]];
    while let Some((x, y)) = stack.pop() {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
            let n = (x + dx, y + dy);
            if set.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == set.len()
}

#[test]
fn polyhex_answers_in_json_pass_the_checker() {
    // There are exactly seven free tetrahexes: seven connected tiles of four hexagons,
    // pairwise incongruent, filling the 4x7 parallelogram are a packing of the set.
    let text = stdout(&["pack", "--pieces", "tetrahexes", "--box", "4x7", "--all", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let solutions = v["solutions"].as_array().unwrap();
    assert_eq!(solutions.len() as u128, count(&["pack", "--pieces", "tetrahexes", "--box", "4x7", "--count"]));
    assert!(!solutions.is_empty());
    for s in solutions {
        let tiles: Vec<Vec<(i64, i64)>> = s["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["cells"].as_array().unwrap().iter().map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap())).collect())
            .collect();
        assert_eq!(tiles.len(), 7);
        let shapes: BTreeSet<Vec<(i64, i64)>> = tiles.iter().map(|t| canonical_hex(t)).collect();
        assert_eq!(shapes.len(), 7, "two tiles are congruent");
        assert!(tiles.iter().all(|t| t.len() == 4 && hex_connected(t)));
        let cells: BTreeSet<(i64, i64)> = tiles.iter().flatten().copied().collect();
        assert_eq!(cells.len(), 28);
        assert!(cells.iter().all(|&(x, y)| (0..4).contains(&x) && (0..7).contains(&y)));
    }
}

/// A polyhex Knuth file (cells `xy` in axial coordinates) counts as the built-in set in
/// the same box: the pieces written from the tiles of the set's first packing.
#[test]
fn polyhex_knuth_files_count_as_the_set() {
    let text = stdout(&["pack", "--pieces", "tetrahexes", "--box", "4x7", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut file = String::from("[0-3][0-6]\n");
    for t in v["tiles"].as_array().unwrap() {
        let cells: Vec<String> = t["cells"].as_array().unwrap().iter().map(|c| format!("{}{}", c[0], c[1])).collect();
        file.push_str(&format!("{} {}\n", t["piece"].as_str().unwrap(), cells.join(" ")));
    }
    let out = gridlock().args(["pack", "--lattice", "hexagonal", "--knuth", "-", "--count"]).write_stdin(file).output().unwrap();
    assert!(out.status.success());
    let n: u128 = String::from_utf8(out.stdout).unwrap().trim().parse().unwrap();
    assert_eq!(n, count(&["pack", "--pieces", "tetrahexes", "--box", "4x7", "--count"]));
    assert!(n > 0);
}

/// `--emit-knuth` writes the problem as exact cover: `gridlock xc` counts what `pack`
/// counts, on every lattice, with and without multiplicities.
#[test]
fn emitted_exact_cover_counts_the_same() {
    let copies = format!("{DATA}copies-2x3x4.polycube-dlx");
    for args in [
        &["--pieces", "tetrahexes", "--box", "4x7"][..],
        &["--pieces", "hexiamonds", "--box", "6x6"][..],
        &["--pieces", "soma", "--box", "3x3x3"][..],
        &["--knuth", &copies, "--lattice", "cubic"][..],
    ] {
        let text = stdout(&[&["pack"][..], args, &["--emit-knuth"]].concat());
        let out = gridlock().args(["xc", "--count"]).write_stdin(text).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let xc: u128 = String::from_utf8(out.stdout).unwrap().trim().parse().unwrap();
        assert_eq!(xc, count(&[&["pack"][..], args, &["--count"]].concat()), "{args:?}");
    }
}

#[test]
fn misuse_is_refused_with_one_line() {
    let soma = ["pack", "--pieces", "soma"];
    for (extra, expect) in [
        (&["--box", "3x3"][..], "not a box of the cubic lattice"),
        (&["--box", "3x3x63"][..], "1 to 62"),
        (&["--box", "3x3x3", "--one-sided"][..], "--one-sided"),
        (&["--box", "3x3x3", "--svg", "out.svg", "--count"][..], "--svg draws one packing"),
        (&["--box", "3x3x3", "--lattice", "triangular"][..], "--lattice names the triangular lattice but --pieces soma (a set) the cubic"),
        (&["--box", "3x3x3", "--copies", "2", "--all", "--unique"][..], "exactly once"),
        (&["--box", "3x3x3", "--count", "--unique", "--shard", "1/2"][..], "--shard"),
    ] {
        rejects(&[&soma[..], extra].concat(), "", &[expect]);
    }
    rejects(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--mirror"], "", &["--mirror"]);
    rejects(&["pack", "--box", "6x10", "--pieces", "pentominoes"], "", &["--box"]);
    rejects(&["pack", "--lattice", "cubic", "--box", "2x2x2", "--pieces", "pentominoes"], "", &["neither a set of the cubic lattice"]);
    rejects(&["pack", "--lattice", "cubic", "--knuth", "-"], "[0-1][0-1][0-1]\nA 000 011\n", &["line 2", "not connected"]);
    rejects(&["pack", "--lattice", "hexagonal", "--knuth", "-"], "[0-1][0-1]\nA 00 11\n", &["line 2", "polyhexes"]);
    rejects(&["pack", "--lattice", "prism", "--knuth", "-"], "[0-1][0-1]\nA 00\n", &["no program for the prism lattice"]);
    rejects(
        &["pack", "--lattice", "prism", "--box", "2x2", "--pieces", "-"],
        "lattice: prism\nA\n#\n",
        &["not a box of the prism lattice"],
    );
    rejects(&["pack", "--lattice", "prism", "--box", "2x2x2", "--pieces", "-", "--one-sided"], "lattice: prism\nA\n#\n", &["--one-sided"]);
}

/// The Bedlam and Tetris cubes: the built-in sets are the pieces of the files in
/// tests/data (decoded from the public lists: the same exact cover emitted; packings pass
/// the checker with the files' pieces), and the counts up to rotation are the published
/// numbers of solutions (19186, 9839).
#[test]
fn bedlam_and_tetris_cubes_have_their_published_solution_counts() {
    for (set, file, unique) in [("bedlam", "bedlam-4x4x4", 19186), ("tetris-cube", "tetris-cube-4x4x4", 9839)] {
        let path = format!("{DATA}{file}.polycube-dlx");
        let pieces = knuth_pieces(&std::fs::read_to_string(&path).unwrap());
        let listed = answers(&stdout(&["pack", "--pieces", set, "--box", "4x4x4", "--limit", "3"]))
            .into_iter()
            .map(|a| check(a, &cuboid(4, 4, 4), &pieces, false))
            .collect::<BTreeSet<_>>();
        assert_eq!(listed.len(), 3, "{set}");
        let emitted = stdout(&["pack", "--pieces", set, "--box", "4x4x4", "--emit-knuth"]);
        assert_eq!(emitted, stdout(&["pack", "--knuth", &path, "--lattice", "cubic", "--emit-knuth"]), "{set}");
        assert_eq!(count(&["pack", "--pieces", set, "--box", "4x4x4", "--count", "--unique", "--threads", "2"]), unique, "{set}");
    }
}

/// Boards and pieces drawn in files with a `lattice:` header (tests/data/lattices/drawn)
/// give the counts of the same boxes and built-in sets: the lattice comes from the
/// header, the drawn rhombus is the 6x6 box, the drawn hexiamonds are the twelve.
#[test]
fn drawn_boards_and_pieces_count_as_boxes_and_sets() {
    let drawn = |f: &str| format!("{DATA}drawn/{f}");
    let (cube, soma) = (drawn("cube-3x3x3.txt"), drawn("soma.txt"));
    assert_eq!(count(&["pack", "--board", &cube, "--pieces", &soma, "--count"]), 11520);
    assert_eq!(count(&["pack", "--board", &cube, "--pieces", &soma, "--count", "--unique"]), 240);
    assert_eq!(count(&["pack", "--box", "3x3x3", "--pieces", &soma, "--count"]), 11520);
    assert_eq!(count(&["pack", "--board", &cube, "--pieces", "soma", "--count"]), 11520);
    let (rhombus, hexiamonds) = (drawn("rhombus-6x6.txt"), drawn("hexiamonds.txt"));
    assert_eq!(count(&["pack", "--board", &rhombus, "--pieces", &hexiamonds, "--count", "--unique"]), 156);
    assert_eq!(count(&["pack", "--board", &rhombus, "--pieces", "hexiamonds", "--count"]), 624);
    // Every answer on the drawn board passes the checker against the 6x6 box.
    // That file names the hexiamonds pA to pL, in the built-in set's order A to L.
    let pieces: BTreeMap<String, _> = knuth_pieces(&std::fs::read_to_string(format!("{DATA}hexiamonds-6x6.polyiamond-dlx")).unwrap())
        .into_iter()
        .map(|(name, piece)| (name.trim_start_matches('p').to_string(), piece))
        .collect();
    let box_cells: BTreeSet<Cell> = (0..6).flat_map(|x| (0..6).flat_map(move |y| [(x, y, 0), (x, y, 1)])).collect();
    let listed = answers(&stdout(&["pack", "--board", &rhombus, "--pieces", "hexiamonds", "--limit", "5"]))
        .into_iter()
        .map(|a| check(a, &box_cells, &pieces, true))
        .collect::<BTreeSet<_>>();
    assert_eq!(listed.len(), 5);
    assert_eq!(count(&["pack", "--board", &drawn("hexagons-4x7.txt"), "--pieces", "tetrahexes", "--count"]), 18);
    // Drawn, stated and inferred lattices must agree; drawings are checked by line and column.
    rejects(
        &["pack", "--board", &cube, "--pieces", "hexiamonds", "--count"],
        "",
        &["--pieces hexiamonds (a set) names the triangular lattice", "cube-3x3x3.txt the cubic"],
    );
    rejects(&["pack", "--board", &rhombus, "--pieces", &hexiamonds, "--lattice", "hexagonal"], "", &["triangular"]);
    let bad = std::env::temp_dir().join(format!("gridlock-drawn-{}.txt", std::process::id()));
    std::fs::write(&bad, "lattice: hexagonal\n. .\n. .\n").unwrap();
    rejects(&["pack", "--board", bad.to_str().unwrap(), "--pieces", "tetrahexes"], "", &["line 3, column 1", "off the grid"]);
    std::fs::write(&bad, "lattice: cubic\nA\n#.\n\n.#\n").unwrap();
    rejects(&["pack", "--box", "2x2x2", "--pieces", bad.to_str().unwrap()], "", &["line 2", "not connected"]);
    // A drawing on standard input names its lattice by its header too; --svg never
    // writes over a drawn input.
    let out = gridlock()
        .args(["pack", "--board", "-", "--pieces", &hexiamonds, "--count"])
        .write_stdin(std::fs::read(&rhombus).unwrap())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "624\n");
    rejects(&["pack", "--board", &rhombus, "--pieces", "hexiamonds", "--svg", &rhombus], "", &["input file"]);
    // A square file may name its lattice too; it then goes to the square front end.
    std::fs::write(&bad, format!("lattice: square\n{}", "..........\n".repeat(6))).unwrap();
    assert_eq!(count(&["pack", "--board", bad.to_str().unwrap(), "--pieces", "pentominoes", "--count"]), 9356);
    std::fs::remove_file(&bad).unwrap();
}

/// `--stats` names the engine and the symmetries: Soma's count breaks the cube's 24
/// rotations, its classes are under all 48 symmetries (the screws exchange).
#[test]
fn stats_name_the_engine_and_the_symmetries() {
    let out = gridlock().args(["pack", "--pieces", "soma", "--box", "3x3x3", "--count", "--stats"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "11520\n");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("engine: exact cover"), "{err}");
    assert!(err.contains("symmetry: 24 symmetries of the region keep every piece") && err.contains("under 48"), "{err}");
}

/// A prism cell as the answers write it, `x<x>y<y>z<z>`: `(x, y, kind, layer)` with `z =
/// 2 layer + kind`.
fn prism_cell(token: &str) -> (i32, i32, i32, i32) {
    let rest = token.strip_prefix('x').unwrap_or_else(|| panic!("not a prism cell: {token}"));
    let (x, rest) = rest.split_once('y').unwrap();
    let (y, z) = rest.split_once('z').unwrap();
    let (x, y, z): (i32, i32, i32) = (x.parse().unwrap(), y.parse().unwrap(), z.parse().unwrap());
    (x, y, z.rem_euclid(2), z.div_euclid(2))
}

/// The least image of prism cells under the 24 motions of the prism lattice (the
/// triangular lattice's 12, written here from its rules as in [`canonical`], each with or
/// without turning the layers over), translated to the origin.
fn canonical_prism(cells: &[(i32, i32, i32, i32)]) -> Vec<(i32, i32, i32, i32)> {
    let mut best: Option<Vec<(i32, i32, i32, i32)>> = None;
    for turn in [1, -1] {
        for flip in [false, true] {
            let mut pts: Vec<((i32, i32), i32)> = cells
                .iter()
                .map(|&(x, y, t, l)| {
                    let (u, v) = centre((x, y, t));
                    (if flip { (v, u) } else { (u, v) }, turn * l)
                })
                .collect();
            for _ in 0..6 {
                pts = pts.iter().map(|&((u, v), l)| ((-v, u + v), l)).collect();
                let mut image: Vec<(i32, i32, i32, i32)> = pts
                    .iter()
                    .map(|&(p, l)| {
                        let (x, y, t) = triangle(p);
                        (x, y, t, l)
                    })
                    .collect();
                let m = image.iter().fold((i32::MAX, i32::MAX, i32::MAX), |m, c| (m.0.min(c.0), m.1.min(c.1), m.2.min(c.3)));
                image.iter_mut().for_each(|c| *c = (c.0 - m.0, c.1 - m.1, c.2, c.3 - m.2));
                image.sort_unstable();
                if best.as_ref().is_none_or(|b| image < *b) {
                    best = Some(image);
                }
            }
        }
    }
    best.unwrap()
}

/// Triangular prisms (`--lattice prism`, BurrTools' grid 1): every listed packing of the
/// drawn rhombus stack `R` and triamond `T` in the 3x3x2 box covers the box once with
/// tiles congruent to their pieces (checked here from the lattice's rules), the packings
/// are distinct and as many as the count; and a flat piece packs two layers as the
/// triangular lattice packs one, squared.
#[test]
fn prism_packings_pass_the_checker() {
    let pieces = format!("{DATA}drawn/prisms.txt");
    let rhombus_stack = canonical_prism(&[(0, 0, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1), (0, 0, 1, 1)]);
    let triamond = canonical_prism(&[(0, 0, 0, 0), (0, 0, 1, 0), (0, 1, 0, 0)]);
    let n = count(&["pack", "--box", "3x3x2", "--pieces", &pieces, "--count"]);
    let listing = stdout(&["pack", "--box", "3x3x2", "--pieces", &pieces, "--all"]);
    let box_cells: BTreeSet<(i32, i32, i32, i32)> =
        (0..3).flat_map(|x| (0..3).flat_map(move |y| (0..2).flat_map(move |t| (0..2).map(move |l| (x, y, t, l))))).collect();
    let mut seen = BTreeSet::new();
    for answer in answers(&listing) {
        let mut covered = BTreeSet::new();
        let mut packing = BTreeSet::new();
        for line in answer.lines() {
            let mut words = line.split_whitespace();
            let name = words.next().unwrap();
            let mut cells: Vec<(i32, i32, i32, i32)> = words.map(prism_cell).collect();
            let want = if name == "R" { &rhombus_stack } else { &triamond };
            assert_eq!(&canonical_prism(&cells), want, "{line} is not {name}");
            for c in &cells {
                assert!(box_cells.contains(c), "{line}: {c:?} is outside the box");
                assert!(covered.insert(*c), "{line}: {c:?} covered twice");
            }
            cells.sort_unstable();
            packing.insert((name.to_string(), cells));
        }
        assert_eq!(covered, box_cells, "cells left uncovered: {answer}");
        assert!(seen.insert(packing), "a packing listed twice");
    }
    assert_eq!(seen.len() as u128, n);
    assert!(n > 0);
    // The triamond alone: each layer on its own.
    let flat = "lattice: prism\nT *\n###\n";
    let plane = "lattice: triangular\nT *\n###\n";
    let dir = std::env::temp_dir().join(format!("gridlock-prism-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (flat_file, plane_file) = (dir.join("flat.txt"), dir.join("plane.txt"));
    std::fs::write(&flat_file, flat).unwrap();
    std::fs::write(&plane_file, plane).unwrap();
    let layers = count(&["pack", "--box", "3x3x2", "--pieces", flat_file.to_str().unwrap(), "--count"]);
    let one = count(&["pack", "--box", "3x3", "--pieces", plane_file.to_str().unwrap(), "--count"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(one > 1);
    assert_eq!(layers, one * one);
}
