//! `gridlock burr` on `.xmpuzzle` files that the tests write themselves (BurrTools'
//! format: `puzzle version="2"`, `gridType`, `shapes/voxel` strings x fastest, then y,
//! then z; `problems/problem` with `shapes/shape`, `result`), gzip'd and plain: counts
//! equal `pack --lattice cubic --unique` on the same pieces and published figures; bad
//! files exit 2 with one line naming the line and column or the byte offset.

use crate::common::{gridlock, measured};
use serde_json::Value;
use std::io::Write;

/// A shape as BurrTools stores it: the box of `cells` (x, y, z from 0) and its voxel
/// string, '#' for a cell, '+' for a variable cell (`variable`), '_' elsewhere.
fn voxel(name: &str, cells: &[(i32, i32, i32)], variable: &[(i32, i32, i32)]) -> String {
    let all: Vec<_> = cells.iter().chain(variable).collect();
    let size = |d: usize| all.iter().map(|c| [c.0, c.1, c.2][d]).max().unwrap() + 1;
    let (sx, sy, sz) = (size(0), size(1), size(2));
    let mut s = String::new();
    for z in 0..sz {
        for y in 0..sy {
            for x in 0..sx {
                s.push(if cells.contains(&(x, y, z)) {
                    '#'
                } else if variable.contains(&(x, y, z)) {
                    '+'
                } else {
                    '_'
                });
            }
        }
    }
    format!("<voxel x=\"{sx}\" y=\"{sy}\" z=\"{sz}\" type=\"0\" name=\"{name}\">{s}</voxel>")
}

/// A puzzle file: `shapes`, then one problem per entry of `problems` (name, pieces as
/// (shape id, min, max), result id, maxHoles).
/// A problem of a test file: name, pieces as (shape id, min, max), result id, maxHoles.
type ProblemSpec<'a> = (&'a str, Vec<(usize, u32, u32)>, usize, Option<u32>);

fn puzzle(shapes: &[String], problems: &[ProblemSpec]) -> String {
    let mut x = String::from("<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"0\"/><colors/>\n<shapes>\n");
    for s in shapes {
        x.push_str(s);
        x.push('\n');
    }
    x.push_str("</shapes>\n<problems>\n");
    for (name, pieces, result, holes) in problems {
        let holes = holes.map_or(String::new(), |h| format!(" maxHoles=\"{h}\""));
        x.push_str(&format!("<problem name=\"{name}\" state=\"0\"{holes}><shapes>"));
        for (id, lo, hi) in pieces {
            if lo == hi {
                x.push_str(&format!("<shape id=\"{id}\" count=\"{lo}\"/>"));
            } else {
                x.push_str(&format!("<shape id=\"{id}\" min=\"{lo}\" max=\"{hi}\"/>"));
            }
        }
        x.push_str(&format!("</shapes><result id=\"{result}\"/><bitmap/></problem>\n"));
    }
    x.push_str("</problems><comment/></puzzle>\n");
    x
}

fn gzip(text: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(text).unwrap();
    e.finish().unwrap()
}

fn write(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

fn run(args: &[&str]) -> (String, String, i32) {
    let out = gridlock().args(args).output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap(), out.status.code().unwrap_or(-1))
}

fn problems(path: &str) -> Vec<Value> {
    let (out, err, code) = run(&["burr", path, "--count", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["schema"], "gridlock-answer/1");
    v["problems"].as_array().unwrap().clone()
}

/// Every problem of the file at `path`, each assembly listed and taken apart
/// (`--all --disassemble`), as JSON.
fn disassembled(path: &str) -> Vec<Value> {
    let (out, err, code) = run(&["burr", path, "--all", "--disassemble", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    v["problems"].as_array().unwrap().clone()
}

fn counts(path: &str) -> Vec<(String, u64)> {
    problems(path).iter().map(|p| (p["name"].as_str().unwrap().to_string(), p["assemblies"].as_u64().unwrap())).collect()
}

/// The 48 symmetries of the cube grid, as signed permutations of the axes.
fn cube_group() -> Vec<([usize; 3], [i32; 3])> {
    let mut g = Vec::new();
    for p in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
        for s in 0..8 {
            g.push((p, [if s & 1 == 0 { 1 } else { -1 }, if s & 2 == 0 { 1 } else { -1 }, if s & 4 == 0 { 1 } else { -1 }]));
        }
    }
    g
}

/// Classes of `pack --all`'s packings of the A x B x C box under the box's symmetries
/// (every signed axis permutation that maps the box onto itself, mirrors included: the
/// pieces of these tests are their own mirror images), counted here independently of
/// gridlock's own merging: each packing's tiles (piece name, sorted cells) mapped by
/// every symmetry, the smallest image its class's name.
fn classes_of_pack_all(args: &[&str], size: [i32; 3]) -> u64 {
    let (out, err, code) = run(&[&["pack"], args, &["--all", "--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let mut classes = std::collections::BTreeSet::new();
    for solution in v["solutions"].as_array().unwrap() {
        let tiles: Vec<(String, Vec<[i32; 3]>)> = solution["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                let cells = t["cells"].as_array().unwrap().iter().map(|c| [0, 1, 2].map(|d| c[d].as_i64().unwrap() as i32)).collect();
                (t["piece"].as_str().unwrap().to_string(), cells)
            })
            .collect();
        let mut best: Option<Vec<(String, Vec<[i32; 3]>)>> = None;
        for (perm, sign) in cube_group() {
            let dims = [size[perm[0]], size[perm[1]], size[perm[2]]];
            if dims != size {
                continue;
            }
            let mut image: Vec<(String, Vec<[i32; 3]>)> = tiles
                .iter()
                .map(|(name, cells)| {
                    let mut moved: Vec<[i32; 3]> =
                        cells.iter().map(|c| [0, 1, 2].map(|d| if sign[d] > 0 { c[perm[d]] } else { size[d] - 1 - c[perm[d]] })).collect();
                    moved.sort();
                    (name.clone(), moved)
                })
                .collect();
            image.sort();
            if best.as_ref().is_none_or(|b| image < *b) {
                best = Some(image);
            }
        }
        classes.insert(best.unwrap());
    }
    classes.len() as u64
}

fn pack_count(args: &[&str]) -> u64 {
    let (out, err, code) = run(&[&["pack"], args, &["--count"]].concat());
    assert_eq!(code, 0, "{err}");
    out.trim().parse().unwrap()
}

fn pack_unique(args: &[&str]) -> u64 {
    let (out, err, code) = run(&[&["pack"], args, &["--count", "--unique"]].concat());
    assert_eq!(code, 0, "{err}");
    out.trim().parse().unwrap()
}

/// Piet Hein's Soma cube, the pieces of `pack --pieces soma` (polyform's data).
/// A BurrTools file of one problem, `name`: the seven Soma pieces, once each, into the
/// cube of side `side`.
fn soma_puzzle(name: &str, side: i32) -> String {
    let mut shapes = soma_shapes();
    shapes.push(voxel("cube", &cube(side), &[]));
    puzzle(&shapes, &[(name, (0..7).map(|i| (i, 1, 1)).collect(), 7, None)])
}

fn soma_shapes() -> Vec<String> {
    polyform::sets::soma()
        .iter()
        .map(|p| {
            let cells: Vec<(i32, i32, i32)> = p.shape.cells().iter().map(|c| (c.x, c.y, c.z)).collect();
            let lo = |d: usize| cells.iter().map(|c| [c.0, c.1, c.2][d]).min().unwrap();
            let (x0, y0, z0) = (lo(0), lo(1), lo(2));
            let moved: Vec<_> = cells.iter().map(|c| (c.0 - x0, c.1 - y0, c.2 - z0)).collect();
            voxel(&p.name, &moved, &[])
        })
        .collect()
}

fn cube(n: i32) -> Vec<(i32, i32, i32)> {
    let mut c = Vec::new();
    for z in 0..n {
        for y in 0..n {
            for x in 0..n {
                c.push((x, y, z));
            }
        }
    }
    c
}

#[test]
fn soma_has_240_assemblies_gzipped_or_plain() {
    let text = soma_puzzle("Soma cube", 3);
    let dir = tempfile::tempdir().unwrap();
    let plain = write(&dir, "soma.xmpuzzle", text.as_bytes());
    let packed = write(&dir, "soma-gz.xmpuzzle", &gzip(text.as_bytes()));
    // 240: Conway and Guy's count of the Soma cube's solutions, rotations and mirror images
    // merged (the set holds both screws, so a mirror image is built from its pieces).
    assert_eq!(counts(&plain), [("Soma cube".to_string(), 240)]);
    assert_eq!(counts(&packed), counts(&plain));
    assert_eq!(pack_unique(&["--box", "3x3x3", "--pieces", "soma"]), 240);
}

#[test]
fn box_packings_equal_pack_on_the_cubic_lattice() {
    let dir = tempfile::tempdir().unwrap();
    // Dominoes (4 copies) in the 2x2x2 cube; L-tricubes (4) in 2x2x3 and 2x3x2 boxes;
    // the Soma's V and L with ranges in a 2x2x3 box.
    let domino = voxel("domino", &[(0, 0, 0), (1, 0, 0)], &[]);
    let l3 = voxel("L3", &[(0, 0, 0), (1, 0, 0), (0, 1, 0)], &[]);
    let box223 = voxel(
        "box",
        &[
            (0, 0, 0),
            (1, 0, 0),
            (0, 1, 0),
            (1, 1, 0),
            (0, 0, 1),
            (1, 0, 1),
            (0, 1, 1),
            (1, 1, 1),
            (0, 0, 2),
            (1, 0, 2),
            (0, 1, 2),
            (1, 1, 2),
        ],
        &[],
    );
    let cube2 = voxel("cube", &cube(2), &[]);
    let text = puzzle(
        &[domino, l3, box223, cube2],
        &[("dominoes", vec![(0, 4, 4)], 3, None), ("trominoes", vec![(1, 4, 4)], 2, None), ("mixed", vec![(0, 0, 6), (1, 0, 4)], 2, None)],
    );
    let path = write(&dir, "boxes.xmpuzzle", text.as_bytes());
    let got = problems(&path);
    let cases = [
        (b"lattice: cubic\ndomino 4\n##\n".as_slice(), "2x2x2", [2, 2, 2]),
        (b"lattice: cubic\nL3 4\n##\n#.\n".as_slice(), "2x2x3", [2, 2, 3]),
        (b"lattice: cubic\ndomino 0..6\n##\n\nL3 0..4\n##\n#.\n".as_slice(), "2x2x3", [2, 2, 3]),
    ];
    for (k, (pieces, size, dims)) in cases.into_iter().enumerate() {
        let file = write(&dir, &format!("pieces{k}.txt"), pieces);
        let args = ["--box", size, "--pieces", &file];
        // Every assembly before merging: pack's count on the same pieces.
        assert_eq!(got[k]["found"].as_u64().unwrap(), pack_count(&args), "{}", got[k]["name"]);
        // One per class: pack's packings merged by the test's own symmetry code.
        let classes = classes_of_pack_all(&args, dims);
        assert_eq!(got[k]["assemblies"].as_u64().unwrap(), classes, "{}", got[k]["name"]);
        // pack's own class count with piece counts (Burnside's lemma over tile orbits):
        // the same number, whole and in parts.
        assert_eq!(pack_unique(&args), classes, "{args:?}");
        let checkpoint = dir.path().join(format!("classes{k}.jsonl"));
        let parts = [&args[..], &["--parts", "4", "--checkpoint", checkpoint.to_str().unwrap()]].concat();
        assert_eq!(pack_unique(&parts), classes, "{parts:?}");
        assert!(got[k]["assemblies"].as_u64().unwrap() > 0);
    }
}

#[test]
fn problems_are_chosen_by_name_or_number_and_listed() {
    let dir = tempfile::tempdir().unwrap();
    let domino = voxel("domino", &[(0, 0, 0), (1, 0, 0)], &[]);
    // A 2x2x1 result of variable voxels: one domino, two voxels left empty at most.
    let square = voxel("square", &[], &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)]);
    let text = puzzle(&[domino, square], &[("loose", vec![(0, 1, 1)], 1, None), ("tight", vec![(0, 1, 1)], 1, Some(1))]);
    let path = write(&dir, "choose.xmpuzzle", text.as_bytes());
    assert_eq!(counts(&path), [("loose".to_string(), 1), ("tight".to_string(), 0)]);
    let (out, err, code) = run(&["burr", &path, "--problem", "2", "--count"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "tight: 0 assemblies\n");
    let (out, _, code) = run(&["burr", &path, "--problem", "loose"]);
    assert_eq!(code, 0);
    assert_eq!(out, "loose: 1 assemblies\n\nassembly 1\nAA\n++\nA domino\n");
    let (_, err, code) = run(&["burr", &path, "--problem", "nine"]);
    assert_eq!(code, 2);
    assert!(err.contains("no such problem; the file has loose, tight"), "{err}");
}

#[test]
fn bad_files_exit_2_with_a_place() {
    let dir = tempfile::tempdir().unwrap();
    let good = puzzle(&[voxel("m", &[(0, 0, 0)], &[])], &[("p", vec![(0, 1, 1)], 0, None)]);
    let gz = gzip(good.as_bytes());
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("truncated.xmpuzzle", gz[..gz.len() / 2].to_vec(), "gzip: "),
        ("other.xml", b"<html><body/></html>".to_vec(), "line 1, column 1: not a BurrTools puzzle"),
        ("broken.xml", b"<puzzle version=\"2\"><shapes>".to_vec(), "not well-formed XML"),
        (
            "length.xml",
            good.replace(">#</voxel>", ">##</voxel>").into_bytes(),
            "line 4, column 1: a 1x1x1 shape needs 1 voxels; the string has 2",
        ),
        ("char.xml", good.replace(">#</voxel>", ">x</voxel>").into_bytes(), "unexpected 'x'"),
        ("id.xml", good.replace("shape id=\"0\"", "shape id=\"3\"").into_bytes(), "piece id 3 is not a shape"),
        ("grid.xml", good.replace("gridType type=\"0\"", "gridType type=\"2\"").into_bytes(), "gridType 2 (spheres)"),
        ("bomb.xmpuzzle", gzip(&vec![b' '; 80 << 20]), "decompresses to more than 64 MiB"),
    ];
    for (name, bytes, want) in cases {
        let path = write(&dir, name, &bytes);
        let (out, err, code) = run(&["burr", &path, "--count"]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(out.is_empty(), "{name}: no partial answer");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
    }
}

/// Replays a listed disassembly (`moves` of `{pieces, direction, by}`) on the listed
/// pieces' cells, from the rules alone: pieces that have not been separated form a part;
/// a move shifts its pieces unit by unit and never onto a cell of another piece of their
/// part; "away" moves them past everything of their part and splits it. At the end every
/// piece is on its own.
fn replay(listed: &Value) -> Result<(), String> {
    let pieces = listed["pieces"].as_array().unwrap();
    let labels: Vec<String> = pieces.iter().map(|p| p["label"].as_str().unwrap().to_string()).collect();
    let mut cells: Vec<Vec<[i64; 3]>> =
        pieces.iter().map(|p| p["cells"].as_array().unwrap().iter().map(|c| [0, 1, 2].map(|d| c[d].as_i64().unwrap())).collect()).collect();
    let mut part: Vec<usize> = vec![0; labels.len()];
    let mut parts = 1;
    for (s, m) in listed["moves"].as_array().unwrap().iter().enumerate() {
        let moving: Vec<usize> = m["pieces"].as_str().unwrap().split(' ').map(|l| labels.iter().position(|x| x == l).unwrap()).collect();
        let p = part[moving[0]];
        if moving.iter().any(|&i| part[i] != p) {
            return Err(format!("move {s}: pieces of different parts"));
        }
        let dir = m["direction"].as_str().unwrap();
        let sign = if dir.starts_with('+') { 1 } else { -1 };
        let axis = "xyz".find(&dir[1..]).unwrap();
        let units = match &m["by"] {
            Value::Number(n) => n.as_i64().unwrap(),
            _ => 100,
        };
        for _ in 0..units {
            for &i in &moving {
                for c in cells[i].iter_mut() {
                    c[axis] += sign;
                }
            }
            for &i in &moving {
                for j in 0..labels.len() {
                    if part[j] == p && !moving.contains(&j) && cells[i].iter().any(|c| cells[j].contains(c)) {
                        return Err(format!("move {s}: {} runs into {}", labels[i], labels[j]));
                    }
                }
            }
        }
        if m["by"] == "away" {
            for &i in &moving {
                part[i] = parts;
            }
            parts += 1;
        }
    }
    if (0..parts).any(|q| part.iter().filter(|&&x| x == q).count() > 1) {
        return Err("pieces still together at the end".into());
    }
    Ok(())
}

#[test]
fn disassemblies_replay_and_locked_assemblies_are_not_solutions() {
    let mut shapes = soma_shapes();
    shapes.push(voxel("cube", &cube(3), &[]));
    let shell: Vec<(i32, i32, i32)> = cube(3).into_iter().filter(|&c| c != (1, 1, 1)).collect();
    shapes.push(voxel("shell", &shell, &[]));
    shapes.push(voxel("unit", &[(0, 0, 0)], &[]));
    let soma = (0..7).map(|i| (i, 1, 1)).collect();
    let text = puzzle(&shapes, &[("Soma cube", soma, 7, None), ("enclosed", vec![(8, 1, 1), (9, 1, 1)], 7, None)]);
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "dis.xmpuzzle", text.as_bytes());
    let problems = disassembled(&path);
    let soma = &problems[0];
    let listed = soma["listed"].as_array().unwrap();
    assert_eq!(listed.len(), 240);
    let mut apart = 0;
    for item in listed {
        if item["level"].is_string() {
            replay(item).unwrap_or_else(|e| panic!("{e}: {item}"));
            // Each piece of the Soma comes out in one move: level 1, as BurrTools' burrTxt
            // says for all 240 (BurrTools writes only the subtrees of more than one move).
            assert_eq!(item["level"], "1");
            assert_eq!(item["moves"].as_array().unwrap().iter().filter(|m| m["by"] == "away").count(), 6, "7 pieces, 6 separations");
            apart += 1;
        }
    }
    assert_eq!(soma["solutions"].as_u64().unwrap(), apart);
    assert_eq!(soma["undecided"], 0);
    let enclosed = &problems[1];
    assert_eq!(enclosed["assemblies"], 1);
    assert_eq!(enclosed["solutions"], 0, "a piece shut in a shell never comes out");
    assert!(enclosed["listed"][0]["level"].is_null());
    let (out, _, code) = run(&["burr", &path, "--count", "--solutions"]);
    assert_eq!(code, 0);
    assert_eq!(out, format!("Soma cube: 240 assemblies, {apart} solutions\nenclosed: 1 assemblies, 0 solutions\n"));
}

/// How many levels start with each number of moves (the first separation's), sorted.
fn first_moves<'a>(levels: impl Iterator<Item = &'a str>) -> Vec<(u64, u64)> {
    let mut count = std::collections::BTreeMap::new();
    for level in levels {
        *count.entry(level.split('.').next().unwrap().parse::<u64>().unwrap()).or_insert(0u64) += 1;
    }
    count.into_iter().collect()
}

/// The rows of the `burrtxt.tsv` table in `folder` (from the crate's root): each file's
/// path and the row's tab-separated fields (the file's name first); `#` lines skipped.
fn burrtxt_rows(folder: &str) -> Vec<(String, Vec<String>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let table = std::fs::read_to_string(dir.join("burrtxt.tsv")).unwrap();
    table
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let f: Vec<String> = line.split('\t').map(str::to_string).collect();
            (dir.join(&f[0]).to_str().unwrap().to_string(), f)
        })
        .collect()
}

/// The figures BurrTools' own command-line solver `burrTxt -d` gives on the puzzles of
/// `tests/data/burr/` (random cuts of boxes and random six-piece burrs that these tests'
/// author generated; see tests/data/README.md): per file the assemblies, the solutions
/// and, over the solutions, how many need each number of moves for their first
/// separation. gridlock must give the same. With `BURRTXT` naming a `burrTxt` binary
/// (built by hand from BurrTools' public source, outside this tree), the figures are
/// first taken again from it and compared with the file.
#[test]
fn assemblies_solutions_and_first_moves_equal_burrtools() {
    let burrtxt = std::env::var_os("BURRTXT");
    let mut checked = 0;
    for (path, f) in burrtxt_rows("tests/data/burr") {
        let path = path.as_str();
        let (assemblies, solutions): (u64, u64) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        let mut first: Vec<(u64, u64)> = if f[3] == "-" {
            Vec::new()
        } else {
            f[3].split(',').map(|p| p.split_once(':').unwrap()).map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap())).collect()
        };
        first.sort();
        if let Some(exe) = &burrtxt {
            let out = std::process::Command::new(exe).args(["-d", path]).output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            let summary = format!("{assemblies} assemblies and {solutions} solutions");
            assert!(text.contains(&summary), "{}: burrTxt no longer says {summary}", f[0]);
            let got = first_moves(text.lines().filter_map(|l| l.strip_prefix("level: ")));
            assert_eq!(got, first, "{}: burrTxt's first moves", f[0]);
        }
        let problems = disassembled(path);
        let p = &problems[0];
        assert_eq!(p["assemblies"].as_u64().unwrap(), assemblies, "{}", f[0]);
        assert_eq!(p["solutions"].as_u64().unwrap(), solutions, "{}", f[0]);
        assert_eq!(p["undecided"], 0, "{}", f[0]);
        let solved: Vec<&Value> = p["listed"].as_array().unwrap().iter().filter(|item| item["level"].is_string()).collect();
        for item in &solved {
            replay(item).unwrap_or_else(|e| panic!("{}: {e}", f[0]));
        }
        let ours = first_moves(solved.iter().map(|item| item["level"].as_str().unwrap()));
        assert_eq!(ours, first, "{}: moves to the first separation", f[0]);
        checked += 1;
    }
    assert_eq!(checked, 18);
}

/// Assemblies as BurrTools' `burrTxt -a s1` prints a file's saved solutions: per
/// solution, the layers z side by side (`!...!` blocks), rows y, columns x, each voxel
/// the letter of its piece among the placed ones (`a` the first) or a space.
fn burrtxt_assemblies(text: &str) -> Vec<std::collections::BTreeMap<[i64; 3], usize>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let numbered = lines[i].split_once(':').is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if !numbered {
            i += 1;
            continue;
        }
        let frame = lines[i + 1];
        let width = frame.split_whitespace().next().unwrap().matches('-').count();
        let layers = frame.split_whitespace().count();
        let mut cells = std::collections::BTreeMap::new();
        let mut y = 0;
        i += 2;
        while !lines[i].starts_with(" +") {
            for z in 0..layers {
                let at = z * (width + 3) + 2;
                for (x, ch) in lines[i][at..at + width].bytes().enumerate() {
                    if ch != b' ' {
                        cells.insert([x as i64, y, z as i64], (ch - b'a') as usize);
                    }
                }
            }
            y += 1;
            i += 1;
        }
        out.push(cells);
        i += 1;
    }
    out
}

/// `--write-xmpuzzle` writes the assemblies where BurrTools reads them. For three puzzles
/// of `tests/data/burr`, `tests/data/burr/written/` holds the `<assembly>` strings
/// gridlock wrote with `--solutions` and what BurrTools' `burrTxt -a s1` printed for that
/// file (BurrTools placing each piece by its position and transformation): the strings
/// written now must be the same, and burrTxt's layers must be gridlock's assemblies, in
/// order, piece for piece. With `BURRTXT` set, burrTxt reads the file written now.
#[test]
fn written_files_hold_the_assemblies_as_burrtools_reads_them() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/burr");
    let dir = tempfile::tempdir().unwrap();
    let burrtxt = std::env::var_os("BURRTXT");
    for name in ["b28", "b125", "r35"] {
        let input = data.join(format!("{name}.xmpuzzle"));
        let out = dir.path().join(format!("{name}.xmpuzzle"));
        let (_, err, code) = run(&["burr", input.to_str().unwrap(), "--solutions", "--count", "--write-xmpuzzle", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let bytes = std::fs::read(&out).unwrap();
        let text = {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut s).unwrap_or_else(|_| {
                s = String::from_utf8(bytes.clone()).unwrap();
                0
            });
            s
        };
        let written: Vec<&str> = text.split("<assembly>").skip(1).map(|s| s.split_once("</assembly>").unwrap().0).collect();
        let recorded = std::fs::read_to_string(data.join(format!("written/{name}.assemblies"))).unwrap();
        assert_eq!(written, recorded.lines().collect::<Vec<_>>(), "{name}: the assembly strings changed");
        let mut decoded = burrtxt_assemblies(&std::fs::read_to_string(data.join(format!("written/{name}.burrtxt"))).unwrap());
        if let Some(exe) = &burrtxt {
            let fresh = std::process::Command::new(exe).args(["-a", "s1", out.to_str().unwrap()]).output().unwrap();
            let fresh = burrtxt_assemblies(&String::from_utf8_lossy(&fresh.stdout));
            assert_eq!(fresh, decoded, "{name}: burrTxt reads the file written now differently");
            decoded = fresh;
        }
        let (listing, err, code) = run(&["burr", input.to_str().unwrap(), "--solutions", "--all", "--format", "json"]);
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&listing).unwrap();
        let ours: Vec<std::collections::BTreeMap<[i64; 3], usize>> = v["problems"][0]["listed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| {
                let mut cells = std::collections::BTreeMap::new();
                for (k, piece) in item["pieces"].as_array().unwrap().iter().enumerate() {
                    for c in piece["cells"].as_array().unwrap() {
                        let c: Vec<i64> = c.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect();
                        cells.insert([c[0], c[1], c[2]], k);
                    }
                }
                cells
            })
            .collect();
        assert!(!ours.is_empty(), "{name}");
        assert_eq!(decoded, ours, "{name}: burrTxt's assemblies are not gridlock's");
        assert!(text.contains(&format!("solutions=\"{}\"", ours.len())), "{name}");
    }
}

/// The file written is the input with the answers in it: shapes, names and comments
/// kept; read again, it gives the same answers; the input file itself is refused as
/// OUT; a plain file is written plain and a gzip'd one gzip'd.
#[test]
fn written_files_keep_the_puzzle_and_refuse_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let text = soma_puzzle("Soma", 3).replace("<comment/>", "<comment>kept &amp; sound</comment>");
    let plain = write(&dir, "soma.xml", text.as_bytes());
    let packed = write(&dir, "soma.xmpuzzle", &gzip(text.as_bytes()));
    for (input, gz) in [(&plain, false), (&packed, true)] {
        let out = format!("{input}.out");
        let (_, err, code) = run(&["burr", input, "--disassemble", "--count", "--write-xmpuzzle", &out]);
        assert_eq!(code, 0, "{err}");
        let bytes = std::fs::read(&out).unwrap();
        assert_eq!(bytes.starts_with(&[0x1f, 0x8b]), gz);
        let again = counts(&out);
        assert_eq!(again, vec![("Soma".to_string(), 240)]);
        let (listing, _, _) = run(&["burr", &out, "--count", "--disassemble", "--format", "json"]);
        assert!(listing.contains("\"solutions\":240"), "{listing}");
        let mut xml = String::new();
        if gz {
            std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut xml).unwrap();
        } else {
            xml = String::from_utf8(bytes).unwrap();
        }
        assert!(xml.contains("<comment>kept &amp; sound</comment>"));
        assert!(xml.contains("state=\"2\" assemblies=\"240\" solutions=\"240\""));
        assert_eq!(xml.matches("<solution>").count() + xml.matches("<solution ").count(), 240);
        assert_eq!(xml.matches("<separation>").count(), 240);
        // Written again over the result: the old solutions are replaced, not added to.
        let (_, err, code) = run(&["burr", &out, "--limit", "5", "--write-xmpuzzle", &format!("{out}.2")]);
        assert_eq!(code, 0, "{err}");
        let twice = std::fs::read(format!("{out}.2")).unwrap();
        let mut xml2 = String::new();
        if gz {
            std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&twice[..]), &mut xml2).unwrap();
        } else {
            xml2 = String::from_utf8(twice).unwrap();
        }
        assert_eq!(xml2.matches("<assembly>").count(), 5);
        assert!(xml2.contains("state=\"2\" assemblies=\"240\" solutions=\"0\""));
    }
    // "-" writes the file on stdout, in place of the answer: the same bytes as the file
    // (issue 54, item 11: it once created a file named "-").
    let (stdout, err, code) = gridlock()
        .current_dir(dir.path())
        .args(["burr", &plain, "--disassemble", "--count", "--write-xmpuzzle", "-"])
        .output()
        .map(|o| (o.stdout, String::from_utf8_lossy(&o.stderr).to_string(), o.status.code()))
        .unwrap();
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(stdout, std::fs::read(format!("{plain}.out")).unwrap());
    assert!(!dir.path().join("-").exists());
    let (_, err, code) = run(&["burr", &plain, "--svg", "-", "--write-xmpuzzle", "-"]);
    assert_eq!(code, 2);
    assert!(err.contains("both write on stdout"), "{err}");
    let before = std::fs::read(&plain).unwrap();
    let (_, err, code) = run(&["burr", &plain, "--count", "--write-xmpuzzle", &plain]);
    assert_eq!(code, 2);
    assert!(err.contains("input file"), "{err}");
    assert_eq!(std::fs::read(&plain).unwrap(), before);
}

/// `--svg` draws the first assembly listed and, with a disassembly, one frame per move,
/// captioned as the text lists the moves; the picture is well-formed XML; with `-` it
/// replaces the answer on stdout; it does not go with --count.
#[test]
fn svg_draws_the_assembly_and_each_move() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/burr/b89.xmpuzzle");
    let path = path.to_str().unwrap();
    let (listing, err, code) = run(&["burr", path, "--solutions", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&listing).unwrap();
    let first = &v["problems"][0]["listed"][0];
    let mut captions = vec!["assembly".to_string()];
    for (i, m) in first["moves"].as_array().unwrap().iter().enumerate() {
        let by = m["by"].as_u64().map_or("away".to_string(), |u| u.to_string());
        captions.push(format!("move {}: {} {} {by}", i + 1, m["pieces"].as_str().unwrap(), m["direction"].as_str().unwrap()));
    }
    assert!(captions.len() > 2);
    let (svg, err, code) = run(&["burr", path, "--solutions", "--svg", "-"]);
    assert_eq!(code, 0, "{err}");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
    let drawn: Vec<&str> = texts.iter().copied().filter(|t| *t == "assembly" || t.starts_with("move ")).collect();
    assert_eq!(drawn, captions);
    // The assembly's frame writes each piece's letter on each of its cells.
    let cells: usize = first["pieces"].as_array().unwrap().iter().map(|p| p["cells"].as_array().unwrap().len()).sum();
    let frame: Vec<&str> = texts.iter().skip(1).take_while(|t| !t.starts_with("move ")).copied().filter(|t| t.len() == 1).collect();
    assert_eq!(frame.len(), cells);
    let (_, err, code) = run(&["burr", path, "--count", "--svg", "-"]);
    assert_eq!(code, 2);
    assert!(err.contains("--svg"), "{err}");
}

/// Whether a signed axis permutation of [`cube_group`] is a rotation (determinant +1).
fn proper((p, s): &([usize; 3], [i32; 3])) -> bool {
    let even = matches!(p, [0, 1, 2] | [1, 2, 0] | [2, 0, 1]);
    (s[0] * s[1] * s[2] > 0) == even
}

/// `c` mapped by a signed axis permutation about the centre of the box 0..=7.
fn about_centre((p, s): &([usize; 3], [i32; 3]), c: (i32, i32, i32)) -> (i32, i32, i32) {
    let v = [2 * c.0 - 7, 2 * c.1 - 7, 2 * c.2 - 7];
    let m = [0, 1, 2].map(|d| (s[d] * v[p[d]] + 7) / 2);
    (m[0], m[1], m[2])
}

/// Bill Cutler's solid six-piece burrs, a published figure: "twenty-five possible
/// notchable pieces to make solid six-piece burrs, [which] can be put together in 314
/// ways" (Cutler, "The Six-Piece Burr", J. Recreational Mathematics 10(4), 1977-78, as
/// puzzleworld.org's six-piece burr page reports it). The test builds the pieces itself:
/// a stick is 8x2x2, and the voxels it shares with the other sticks of the burr are the
/// only ones a notch may take; a notch is a full-width row of them (across the face
/// turned to the centre, x = 2..=5; across the outer face, x = 3..=4; across a side
/// face, x = 3..=4). Every union of notches that leaves the stick in one piece, one per
/// shape up to rotation, goes into one problem (each piece 0 to 6 times) whose result is
/// the solid burr (the six sticks' union, no voxel left out). Then:
/// - the pieces that some assembly uses are 25;
/// - BurrTools' `burrTxt` finds 588 assemblies and 179 solutions (mirror images merged,
///   as BurrTools does when the pieces are closed under mirroring), and gridlock the same;
/// - Cutler counts mirror images apart: each solution and its mirror image are two burrs
///   unless the mirror image is the same class, which this test decides by mapping the
///   solutions itself, and 2 x 179 less the self-mirror ones is 314.
#[test]
fn cutlers_solid_notchable_burrs() {
    let stick: Vec<(i32, i32, i32)> = (0..8).flat_map(|x| (0..2).flat_map(move |a| (0..2).map(move |b| (x, a, b)))).collect();
    let mut notches: Vec<Vec<(i32, i32, i32)>> = (2..6).map(|x| vec![(x, 1, 0), (x, 1, 1)]).collect();
    for x in 3..5 {
        notches.push(vec![(x, 0, 0), (x, 0, 1)]);
        notches.push(vec![(x, 0, 0), (x, 1, 0)]);
        notches.push(vec![(x, 0, 1), (x, 1, 1)]);
    }
    let connected = |cells: &[(i32, i32, i32)]| {
        let mut seen = vec![cells[0]];
        let mut at = 0;
        while at < seen.len() {
            let c = seen[at];
            at += 1;
            for n in [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)] {
                let m = (c.0 + n.0, c.1 + n.1, c.2 + n.2);
                if cells.contains(&m) && !seen.contains(&m) {
                    seen.push(m);
                }
            }
        }
        seen.len() == cells.len()
    };
    let rotations: Vec<_> = cube_group().into_iter().filter(proper).collect();
    let canonical = |cells: &[(i32, i32, i32)]| {
        rotations
            .iter()
            .map(|(p, s)| {
                let moved: Vec<[i32; 3]> = cells.iter().map(|c| [c.0, c.1, c.2]).map(|v| [0, 1, 2].map(|d| s[d] * v[p[d]])).collect();
                let lo = [0, 1, 2].map(|d| moved.iter().map(|v| v[d]).min().unwrap());
                let mut n: Vec<[i32; 3]> = moved.iter().map(|v| [0, 1, 2].map(|d| v[d] - lo[d])).collect();
                n.sort();
                n
            })
            .min()
            .unwrap()
    };
    let mut seen = std::collections::HashSet::new();
    let mut pieces = Vec::new();
    for mask in 0u32..1 << notches.len() {
        let cut: Vec<(i32, i32, i32)> = (0..notches.len()).filter(|&i| mask >> i & 1 == 1).flat_map(|i| notches[i].clone()).collect();
        let cells: Vec<(i32, i32, i32)> = stick.iter().copied().filter(|c| !cut.contains(c)).collect();
        if connected(&cells) && seen.insert(canonical(&cells)) {
            pieces.push(cells);
        }
    }
    // The solid burr in the box 0..8: sticks along x at z = 3..5, along y at x = 3..5,
    // along z at y = 3..5, each pair side by side.
    let mut burr = std::collections::BTreeSet::new();
    for (i, j, k) in (0..8).flat_map(|i| (0..4).flat_map(move |j| (0..2).map(move |k| (i, j + 2, k + 3)))) {
        burr.insert((i, j, k));
        burr.insert((k, i, j));
        burr.insert((j, k, i));
    }
    assert_eq!(burr.len(), 152);
    let mut shapes: Vec<String> = pieces.iter().enumerate().map(|(i, p)| voxel(&format!("n{i}"), p, &[])).collect();
    shapes.push(voxel("burr", &burr.iter().copied().collect::<Vec<_>>(), &[]));
    let text = puzzle(&shapes, &[("solid", (0..pieces.len()).map(|i| (i, 0, 6)).collect(), pieces.len(), None)]);
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "solid.xmpuzzle", text.as_bytes());
    let problems = disassembled(&path);
    let p = &problems[0];
    assert_eq!((p["assemblies"].as_u64(), p["solutions"].as_u64()), (Some(588), Some(179)), "burrTxt's figures");
    let listed = p["listed"].as_array().unwrap();
    let used: std::collections::BTreeSet<&str> =
        listed.iter().flat_map(|a| a["pieces"].as_array().unwrap().iter().map(|q| q["shape"].as_str().unwrap())).collect();
    assert_eq!(used.len(), 25, "notchable pieces in solid burrs");
    // The burr's symmetries: every signed axis permutation about its centre that maps it
    // onto itself; the solutions' classes under its rotations alone.
    let symmetries: Vec<_> = cube_group().into_iter().filter(|g| burr.iter().all(|&c| burr.contains(&about_centre(g, c)))).collect();
    assert_eq!(symmetries.len(), 24);
    let class = |parts: &[Vec<(i32, i32, i32)>]| {
        symmetries
            .iter()
            .filter(|g| proper(g))
            .map(|g| {
                let mut image: Vec<Vec<(i32, i32, i32)>> = parts
                    .iter()
                    .map(|cells| {
                        let mut m: Vec<_> = cells.iter().map(|&c| about_centre(g, c)).collect();
                        m.sort();
                        m
                    })
                    .collect();
                image.sort();
                image
            })
            .min()
            .unwrap()
    };
    let mirror = symmetries.iter().find(|g| !proper(g)).unwrap();
    let mut solutions = 0;
    let mut self_mirror = 0;
    for a in listed.iter().filter(|a| a["level"].is_string()) {
        let parts: Vec<Vec<(i32, i32, i32)>> = a["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|q| {
                q["cells"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| (c[0].as_i64().unwrap() as i32, c[1].as_i64().unwrap() as i32, c[2].as_i64().unwrap() as i32))
                    .collect()
            })
            .collect();
        let mirrored: Vec<Vec<(i32, i32, i32)>> =
            parts.iter().map(|cells| cells.iter().map(|&c| about_centre(mirror, c)).collect()).collect();
        solutions += 1;
        if class(&parts) == class(&mirrored) {
            self_mirror += 1;
        }
    }
    assert_eq!(solutions, 179);
    assert_eq!(2 * solutions - self_mirror, 314, "Cutler's solid notchable burrs, mirror images apart");
}

/// Piece groups: random burrs and locked cuts of `tests/data/burr` with some pieces put
/// in groups (`tests/data/burr/groups/`), where a part of one group's pieces needs no
/// further separation. The solutions equal those BurrTools' `burrTxt -d` counts
/// (`groups/burrtxt.tsv`; with `BURRTXT` set, taken again), including the files where
/// grouping turns a locked assembly into a solution.
#[test]
fn grouped_pieces_count_as_burrtools_counts_them() {
    let burrtxt = std::env::var_os("BURRTXT");
    let mut checked = 0;
    for (path, f) in burrtxt_rows("tests/data/burr/groups") {
        let path = path.as_str();
        let expected = format!("{} assemblies, {} solutions", f[1], f[2]);
        if let Some(exe) = &burrtxt {
            let out = std::process::Command::new(exe).args(["-d", "-q", path]).output().unwrap();
            let said = format!("{} assemblies and {} solutions", f[1], f[2]);
            assert!(String::from_utf8_lossy(&out.stdout).contains(&said), "{}: burrTxt no longer says {said}", f[0]);
        }
        let (out, err, code) = run(&["burr", path, "--count", "--disassemble"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(&expected), "{}: {out} (burrTxt: {expected})", f[0]);
        checked += 1;
    }
    assert_eq!(checked, 7);
    // Without the groups (the same files as tests/data/burr has them), fewer solutions.
    let plain = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/burr/i158.xmpuzzle");
    let (out, _, _) = run(&["burr", plain.to_str().unwrap(), "--count", "--disassemble"]);
    assert!(out.contains("1 assemblies, 0 solutions"), "{out}");
}

/// Shapes in several groups, each with a count (BurrTools' `subProbGrouping`): a part
/// that cannot come apart may stay together when its pieces can all be given one group
/// that still holds that many of their shapes. The files of `tests/data/burr/groups`
/// named `_m` list several groups per shape. The solutions equal the assemblies that
/// burrTxt takes apart when given them one at a time (`groups/per-assembly.tsv`, by
/// `scripts/burr-groups-per-assembly.py`; with `BURRTXT` set, taken again). A whole
/// burrTxt run counts fewer on the larger files: it never gives back the group counts
/// an assembly used (docs/burr.md).
#[test]
fn shapes_in_several_groups_group_as_burrtools_groups_each_assembly() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/burr/groups");
    let table = std::fs::read_to_string(dir.join("per-assembly.tsv")).unwrap();
    let rows: Vec<Vec<&str>> = table.lines().filter(|l| !l.starts_with('#')).map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 4);
    if let Some(exe) = std::env::var_os("BURRTXT") {
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/burr-groups-per-assembly.py");
        let files: Vec<std::path::PathBuf> = rows.iter().map(|f| dir.join(f[0])).collect();
        let out = std::process::Command::new("python3")
            .arg(script)
            .args(&files)
            .env("BURRTXT", exe)
            .env("GRIDLOCK", env!("CARGO_BIN_EXE_gridlock"))
            .output()
            .unwrap();
        let again = String::from_utf8(out.stdout).unwrap();
        let expected: String = rows.iter().map(|f| f.join("\t") + "\n").collect();
        assert_eq!(again, expected, "burrTxt no longer gives the recorded figures");
    }
    for f in &rows {
        assert_eq!(f[3], "0", "{}: an assembly burrTxt did not finish is no reference", f[0]);
        let (out, err, code) = run(&["burr", dir.join(f[0]).to_str().unwrap(), "--count", "--disassemble"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.ends_with(&format!(": {} assemblies, {} solutions\n", f[1], f[2])), "{}: {out}", f[0]);
    }
    // The same assemblies without the lists of groups (tests/data/burr): fewer solutions.
    for (file, plain) in [("b28_m", "b28"), ("b200_m", "b200")] {
        let with = rows.iter().find(|f| f[0] == format!("{file}.xmpuzzle")).unwrap()[2];
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/burr/{plain}.xmpuzzle"));
        let (out, _, _) = run(&["burr", path.to_str().unwrap(), "--count", "--disassemble"]);
        let without: u64 = out.trim_end().rsplit(", ").next().unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!(without < with.parse::<u64>().unwrap(), "{plain}: {without} without groups, {with} with");
    }
}

/// A name read from a file is printed with its control characters escaped, so that it
/// cannot forge a line of the answer (issue 54, item 12); JSON keeps it as it is.
#[test]
fn names_cannot_forge_lines() {
    let dir = tempfile::tempdir().unwrap();
    let text = soma_puzzle("Soma&#10;fake: 999 assemblies", 3);
    let path = write(&dir, "forged.xml", text.as_bytes());
    let (out, err, code) = run(&["burr", &path, "--count"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Soma\\nfake: 999 assemblies: 240 assemblies\n");
    assert_eq!(counts(&path), vec![("Soma\nfake: 999 assemblies".to_string(), 240)]);
    // The same for a piece's name in a pack answer's legend and lattice listing.
    let pieces = dir.path().join("pieces.txt");
    std::fs::write(&pieces, "A\u{1b}[31m 1\n#\n\nB\u{7} 1\n#\n").unwrap();
    let out = gridlock().args(["pack", "--rect", "1x2", "--pieces", pieces.to_str().unwrap()]).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "AB\nA A\\u{1b}[31m\nB B\\u{7}\n");
}

/// `--svg` on a file with no assembly: refused, and nothing written or printed (issue
/// 54, item 10: it wrote no file and said nothing, or printed the text answer).
#[test]
fn svg_without_an_assembly_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = soma_puzzle("none", 2);
    let path = write(&dir, "none.xml", text.as_bytes());
    assert_eq!(run(&["burr", &path, "--count"]), ("none: 0 assemblies\n".to_string(), String::new(), 0));
    let out = dir.path().join("out.svg");
    for target in [out.to_str().unwrap(), "-"] {
        let (stdout, err, code) = run(&["burr", &path, "--svg", target]);
        assert_eq!((code, stdout.as_str()), (2, ""), "{err}");
        assert!(err.contains("no problem has one"), "{err}");
    }
    assert!(!out.exists());
}

/// A file cut short names where it ends (issue 54, item 17: it said line 1, column 1).
#[test]
fn a_file_cut_short_names_where_it_ends() {
    let dir = tempfile::tempdir().unwrap();
    let text = puzzle(&soma_shapes(), &[]);
    let lines: Vec<&str> = text.lines().collect();
    // Cut in the middle of the third line: the error is on that line, past its last byte.
    let third = lines[2];
    let cut = format!("{}\n{}\n{}", lines[0], lines[1], &third[..third.len() / 2]);
    let path = write(&dir, "cut.xml", cut.as_bytes());
    let (out, err, code) = run(&["burr", &path, "--count"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains(&format!("line 3, column {}", third.len() / 2 + 1)), "{err}");
}

/// Deeply nested XML is refused with its place, never a stack overflow (issue 54, item
/// 1): 15000 nested elements, and 20000 in a comment element of a gzip'd puzzle.
#[test]
fn deep_nesting_is_refused_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let deep = format!("<?xml version=\"1.0\"?>{}{}", "<a>".repeat(15000), "</a>".repeat(15000));
    let plain = write(&dir, "deep.xml", deep.as_bytes());
    let text =
        puzzle(&soma_shapes(), &[]).replace("<comment/>", &format!("<comment>{}{}</comment>", "<a>".repeat(20000), "</a>".repeat(20000)));
    let packed = write(&dir, "deep.xmpuzzle", &gzip(text.as_bytes()));
    for path in [&plain, &packed] {
        let (out, err, code) = run(&["burr", path, "--count"]);
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(err.contains("nested too deeply") && err.contains("column"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// The n-th Fibonacci number (F(1) = F(2) = 1).
fn fibonacci(n: u32) -> u64 {
    let (mut a, mut b) = (0u64, 1u64);
    for _ in 0..n {
        (a, b) = (b, a + b);
    }
    a
}

#[test]
fn counts_keep_no_assembly() {
    // n dominoes in a 2 x n x 1 box: F(n+1) tilings (a tiling is a row of vertical
    // dominoes and stacked pairs of flat ones). Up to the box's symmetries (the dominoes
    // are their own mirror images, so mirrors count): every tiling is its own image under
    // the swap of the two rows and under the flip of the thin axis, and the reversals fix
    // the palindromes, F(n/2 + 2) of them for even n; by Burnside's lemma,
    // (F(n+1) + F(n/2+2)) / 2 classes. The count once kept each class (about 1 KB each)
    // and refused past --max-assemblies; it keeps none now, whatever the limit.
    let n = 26;
    let dir = tempfile::tempdir().unwrap();
    let domino = voxel("domino", &[(0, 0, 0), (1, 0, 0)], &[]);
    let cells: Vec<(i32, i32, i32)> = (0..n).flat_map(|x| [(x, 0, 0), (x, 1, 0)]).collect();
    let strip = voxel("strip", &cells, &[]);
    let text = puzzle(&[domino, strip], &[("strip", vec![(0, n as u32, n as u32)], 1, None)]);
    let path = write(&dir, "strip.xmpuzzle", text.as_bytes());
    let m = measured(&["burr", &path, "--count", "--max-assemblies", "1000", "--format", "json"], std::process::Stdio::null());
    assert_eq!(m.code, Some(0), "{}", m.stderr);
    let v: Value = serde_json::from_str(&m.stdout).unwrap();
    let all = fibonacci(n as u32 + 1);
    assert_eq!(v["problems"][0]["found"].as_u64(), Some(all));
    assert_eq!(v["problems"][0]["assemblies"].as_u64(), Some((all + fibonacci(n as u32 / 2 + 2)) / 2));
    assert!(m.peak_kib < 60 * 1024, "{} KiB", m.peak_kib);
    // Listing more than --max-assemblies is still refused, naming both ways out.
    let (_, err, code) = run(&["burr", &path, "--all", "--max-assemblies", "1000"]);
    assert_eq!(code, 2);
    assert!(err.contains("raise --max-assemblies, or --count"), "{err}");
}
