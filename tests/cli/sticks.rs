//! Polysticks (`--lattice stick`) and polytrigs (`--lattice trig`): the 15 tetrasticks
//! without H in the 5 x 5 grid as Polyform Puzzler counts them, the same count from an
//! exact cover written here from the rules alone (segments as pairs of grid points,
//! Knuth's secondary item per point for the no-crossing rule) and run on `gridlock xc`,
//! the same for the ditrigs on a triangular grid, the rule itself on a small board, and
//! the listings' counts.

use crate::common::gridlock;
use std::collections::BTreeSet;

fn stdout(args: &[&str]) -> String {
    let out = gridlock().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

const WITHOUT_H: &str = "examples/pack/tetrasticks-without-h.txt";

/// A grid point (row, column).
type Point = (i32, i32);
/// A unit segment: its two ends, the lesser first.
type Segment = (Point, Point);

/// The pieces of a stick-lattice pieces file, read here from its characters: per piece
/// its name and segments (`|` at line r, column c joins points (r-1, c) and (r+1, c);
/// `-` joins (r, c-1) and (r, c+1); points at even lines and columns).
fn read_pieces(text: &str) -> Vec<(String, Vec<Segment>)> {
    let mut out: Vec<(String, Vec<Segment>)> = Vec::new();
    let mut r = 0;
    for line in text.lines().skip_while(|l| l.starts_with("lattice:") || l.is_empty()) {
        if line.is_empty() {
            continue;
        }
        if line.chars().all(|ch| "+-|. ".contains(ch)) {
            for (c, ch) in line.chars().enumerate() {
                let c = c as i32;
                let seg = match ch {
                    '|' => ((r - 1, c), (r + 1, c)),
                    '-' => ((r, c - 1), (r, c + 1)),
                    _ => continue,
                };
                out.last_mut().unwrap().1.push(seg);
            }
            r += 1;
        } else {
            out.push((line.to_string(), Vec::new()));
            r = 0;
        }
    }
    out
}

/// The segment's ends in grid units (the drawing's coordinates halved).
fn halved(s: Segment) -> Segment {
    ((s.0 .0 / 2, s.0 .1 / 2), (s.1 .0 / 2, s.1 .1 / 2))
}

/// The images of a set of segments under the symmetries `map(t, point)` for `t` below
/// `count`, each moved so that its least point is (0, 0), as sorted lists.
fn images(piece: &[Segment], count: usize, map: impl Fn(usize, Point) -> Point) -> BTreeSet<Vec<Segment>> {
    let mut out = BTreeSet::new();
    for t in 0..count {
        let map = |p| map(t, p);
        let moved: Vec<Segment> = piece.iter().map(|&(a, b)| (map(a).min(map(b)), map(a).max(map(b)))).collect();
        let least = moved.iter().map(|s| s.0).min().unwrap();
        let mut v: Vec<Segment> = moved.iter().map(|&((a, b), (c, d))| ((a - least.0, b - least.1), (c - least.0, d - least.1))).collect();
        v.sort();
        out.insert(v);
    }
    out
}

/// The square's eight symmetries: `t & 3` quarter turns after the mirror when `t & 4`.
fn square_map(t: usize, (r, c): Point) -> Point {
    let (mut r, mut c) = if t & 4 == 4 { (r, -c) } else { (r, c) };
    for _ in 0..(t & 3) {
        (r, c) = (c, -r);
    }
    (r, c)
}

/// The triangular grid's twelve symmetries on axial points `(u, v)` (unit steps at 60
/// degrees): `t % 6` turns by 60 degrees, `(u, v) -> (-v, u + v)`, after the mirror
/// `(u, v) -> (v, u)` when `t >= 6`.
fn hexagon_map(t: usize, (u, v): Point) -> Point {
    let (mut u, mut v) = if t >= 6 { (v, u) } else { (u, v) };
    for _ in 0..(t % 6) {
        (u, v) = (-v, u + v);
    }
    (u, v)
}

/// The points a set of segments goes straight through: where two of them meet in a line.
fn straight_through(segments: &[Segment]) -> BTreeSet<Point> {
    let mut out = BTreeSet::new();
    for &(a, b) in segments {
        for &(c, d) in segments {
            // (a, b) then (c, d) in the same direction, b == c.
            if b == c && (b.0 - a.0, b.1 - a.1) == (d.0 - c.0, d.1 - c.1) {
                out.insert(b);
            }
        }
    }
    out
}

/// The packings of `pieces` into the segments `grid` as exact cover in Knuth's format:
/// primary items the pieces (unless `any`: then each piece any number of times) and the
/// segments, a secondary item per grid point, taken by a placement that goes straight
/// through it. Placements are the `images` of each piece moved by every translation that
/// keeps it on the grid.
fn exact_cover(
    pieces: &[(String, Vec<Segment>)],
    grid: &[Segment],
    any: bool,
    images: impl Fn(&[Segment]) -> BTreeSet<Vec<Segment>>,
) -> String {
    let name = |s: Segment| format!("s{}.{}-{}.{}", s.0 .0, s.0 .1, s.1 .0, s.1 .1);
    let points: BTreeSet<Point> = grid.iter().flat_map(|s| [s.0, s.1]).collect();
    let mut text = String::new();
    let names: Vec<&str> = if any { Vec::new() } else { pieces.iter().map(|p| p.0.as_str()).collect() };
    let segs: Vec<String> = grid.iter().map(|&s| name(s)).collect();
    let point_names: Vec<String> = points.iter().map(|p| format!("p{}.{}", p.0, p.1)).collect();
    text += &format!("{} {} | {}\n", names.join(" "), segs.join(" "), point_names.join(" "));
    for (piece, segments) in pieces {
        for o in images(segments) {
            for &(dr, dc) in &points {
                let placed: Vec<Segment> = o.iter().map(|&((a, b), (c, d))| ((a + dr, b + dc), (c + dr, d + dc))).collect();
                if placed.iter().all(|s| grid.contains(s)) {
                    let mut line = if any { Vec::new() } else { vec![piece.clone()] };
                    line.extend(placed.iter().map(|&s| name(s)));
                    line.extend(straight_through(&placed).iter().map(|p| format!("p{}.{}", p.0, p.1)));
                    text += &(line.join(" ") + "\n");
                }
            }
        }
    }
    text
}

/// Every segment of the grid of `n` x `n` squares.
fn square_grid(n: i32) -> Vec<Segment> {
    let mut grid = Vec::new();
    for r in 0..=n {
        for c in 0..=n {
            if c < n {
                grid.push(((r, c), (r, c + 1)));
            }
            if r < n {
                grid.push(((r, c), (r + 1, c)));
            }
        }
    }
    grid
}

/// Every segment of the triangular grid between the points `(u, v)`, `0 <= u, v <= n`
/// (the ends of each segment sorted).
fn triangular_grid(n: i32) -> Vec<Segment> {
    let mut grid = Vec::new();
    for u in 0..=n {
        for v in 0..=n {
            for (du, dv) in [(1, 0), (0, 1), (-1, 1)] {
                let (a, b) = ((u, v), (u + du, v + dv));
                if (0..=n).contains(&b.0) && (0..=n).contains(&b.1) {
                    grid.push((a.min(b), a.max(b)));
                }
            }
        }
    }
    grid
}

#[test]
fn tetrasticks_without_h_fill_the_5x5_grid_as_polyform_puzzler_and_an_exact_cover_say() {
    let count = stdout(&["pack", "--pieces", WITHOUT_H, "--box", "5x5", "--count"]);
    let unique = stdout(&["pack", "--pieces", WITHOUT_H, "--box", "5x5", "--count", "--unique"]);
    // Polyform Puzzler's count up to symmetry, recorded with its source.
    let recorded = std::fs::read_to_string("tests/data/pack/tetrasticks-5x5.txt").unwrap();
    let want = recorded.lines().find_map(|l| l.strip_prefix("unique ")).unwrap();
    assert_eq!(unique.trim(), want);
    // The exact cover written here, counted by `gridlock xc`.
    let pieces: Vec<(String, Vec<Segment>)> = read_pieces(&std::fs::read_to_string(WITHOUT_H).unwrap())
        .into_iter()
        .map(|(n, s)| (n, s.into_iter().map(halved).collect()))
        .collect();
    assert_eq!(pieces.len(), 15);
    assert!(pieces.iter().all(|p| p.1.len() == 4));
    let dlx = exact_cover(&pieces, &square_grid(5), false, |p| images(p, 8, square_map));
    let out = gridlock().args(["xc", "--count"]).write_stdin(dlx).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), count);
    // No packing of these has a symmetry: every class has 8 members.
    assert_eq!(count.trim().parse::<u64>().unwrap(), 8 * want.parse::<u64>().unwrap());
    // Threads, shards and the listing agree.
    assert_eq!(stdout(&["pack", "--pieces", WITHOUT_H, "--box", "5x5", "--count", "--threads", "2"]), count);
    let shards: u64 = (1..=3)
        .map(|k| {
            stdout(&["pack", "--pieces", WITHOUT_H, "--box", "5x5", "--count", "--shard", &format!("{k}/3")]).trim().parse::<u64>().unwrap()
        })
        .sum();
    assert_eq!(shards.to_string() + "\n", count);
    let all = stdout(&["pack", "--pieces", WITHOUT_H, "--box", "5x5", "--all"]);
    assert_eq!((all.split("\n\n").filter(|a| !a.trim().is_empty()).count() as u64).to_string() + "\n", count);
}

#[test]
fn ditrigs_on_the_triangular_grid_equal_an_exact_cover_written_from_the_rules() {
    // The three ditrigs, drawn here by hand as pairs of axial points: straight, bent by
    // 60 and by 120 degrees; any number of each, in the 2 x 2 parallelogram of rhombi.
    let ditrigs: Vec<(String, Vec<Segment>)> = vec![
        ("straight".into(), vec![((0, 0), (1, 0)), ((1, 0), (2, 0))]),
        ("sharp".into(), vec![((0, 0), (1, 0)), ((0, 0), (0, 1))]),
        ("wide".into(), vec![((0, 0), (1, 0)), ((-1, 1), (0, 0))]),
    ];
    let dlx = exact_cover(&ditrigs, &triangular_grid(2), true, |p| images(p, 12, hexagon_map));
    let out = gridlock().args(["xc", "--count"]).write_stdin(dlx).output().unwrap();
    assert!(out.status.success());
    let ours = stdout(&["pack", "--lattice", "trig", "--box", "2x2", "--pieces", "ditrigs", "--copies", "*", "--count"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), ours);
    assert!(ours.trim().parse::<u64>().unwrap() > 100, "{ours}");
}

#[test]
fn pieces_may_touch_but_not_cross() {
    // The four segments about one point: two bent disticks fill it two ways; two straight
    // ones would cross there and are refused.
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("plus.txt");
    std::fs::write(&board, "lattice: stick\n. . .\n  |\n.-+-.\n  |\n. . .\n").unwrap();
    let b = board.to_str().unwrap();
    assert_eq!(stdout(&["pack", "--board", b, "--pieces", "disticks", "--copies", "*", "--count"]), "2\n");
    let straight = dir.path().join("straight.txt");
    std::fs::write(&straight, "lattice: stick\nI 2\n+-+-+\n").unwrap();
    assert_eq!(stdout(&["pack", "--board", b, "--pieces", straight.to_str().unwrap(), "--count"]), "0\n");
    // Knuth's format carries the point as a secondary item.
    let dlx = stdout(&["pack", "--board", b, "--pieces", straight.to_str().unwrap(), "--emit-knuth"]);
    assert!(dlx.lines().nth(1).unwrap().ends_with("| +0"), "{dlx}");
}

#[test]
fn listings_count_and_draw() {
    for (lattice, size, free) in [("stick", "3", "5"), ("stick", "4", "16"), ("stick", "5", "55"), ("trig", "3", "12"), ("trig", "4", "60")]
    {
        assert_eq!(stdout(&["polyforms", "--lattice", lattice, "--size", size, "--count"]).trim(), free);
    }
    // A polytrig listing reads back into pack as the family it is.
    let dir = tempfile::tempdir().unwrap();
    let listed = dir.path().join("tritrigs.txt");
    std::fs::write(&listed, stdout(&["polyforms", "--lattice", "trig", "--size", "3"])).unwrap();
    let count = |pieces: &str| stdout(&["pack", "--lattice", "trig", "--box", "2x3", "--pieces", pieces, "--copies", "*", "--count"]);
    assert_eq!(count(listed.to_str().unwrap()), count("tritrigs"));
    // The listing names the tetrasticks by their letters and packs as the set does.
    let listed = stdout(&["polyforms", "--lattice", "stick", "--size", "4"]);
    let mut names: Vec<&str> =
        listed.split("\n\n").filter_map(|b| b.lines().find(|l| !l.starts_with("lattice:") && !l.is_empty())).collect();
    names.sort();
    assert_eq!(names.concat(), "FHIJLNOPRTUVWXYZ");
    // The answer's drawing: every segment of the grid labelled, the grid's 36 points drawn.
    let answer = stdout(&["pack", "--pieces", WITHOUT_H, "--box", "5x5"]);
    assert_eq!(answer.lines().count(), 11, "{answer}");
    assert_eq!(answer.matches('+').count(), 36);
    assert_eq!(answer.chars().filter(|c| c.is_ascii_uppercase()).count(), 60);
}
