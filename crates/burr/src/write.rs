//! Answers written back into a `.xmpuzzle` file, in BurrTools' own format, so that a
//! designer opens them in BurrTools' viewer: each solved problem gets the state "solved",
//! its numbers of assemblies and solutions, and a `<solutions>` list of `<solution>`
//! elements, each an `<assembly>` (per piece its position and transformation) and, when
//! the assembly was taken apart, its `<separation>` tree (the pieces' positions after
//! every move). The format is BurrTools' (`assembly.cpp`, `disassembly.cpp`,
//! `solution.cpp` and `problem.cpp` read and write it); everything else in the file is
//! kept byte for byte.

use super::disassemble::Separation;
use super::parse::{document, xml_text};
use super::{Assembly, BurrError, BurrPuzzle, Disassembly, ShapeDef};
use polyform::lattice::{apply, multiply, Matrix, IDENTITY};
use std::fmt::Write as _;

/// BurrTools' transformation number `t` of the cube grid (0 to 47), in its order (its
/// table `tabs_0/rotmatrix.inc`): `t = 4a + b` for `a < 6` is `Base[a] · Rx^b`, with
/// `Rx` the quarter turn about x and `Base` the identity, `B`, `B²`, `B³` (`B` the
/// quarter turn about y taking z to x) and the two quarter turns about z; `24 + t` is
/// `t` followed by the mirror `x -> -x` (`T(t) · diag(-1, 1, 1)`).
///
/// # Panics
/// When `t` is 48 or more.
pub fn transformation(t: usize) -> Matrix {
    assert!(t < 48, "BurrTools' cube grid has 48 transformations");
    let rx: Matrix = [[1, 0, 0], [0, 0, -1], [0, 1, 0]];
    let b: Matrix = [[0, 0, -1], [0, 1, 0], [1, 0, 0]];
    let rz: Matrix = [[0, -1, 0], [1, 0, 0], [0, 0, 1]];
    let rz_inverse: Matrix = [[0, 1, 0], [-1, 0, 0], [0, 0, 1]];
    let b2 = multiply(&b, &b);
    let base = [IDENTITY, b, b2, multiply(&b2, &b), rz, rz_inverse];
    let k = t % 24;
    let mut m = base[k / 4];
    for _ in 0..k % 4 {
        m = multiply(&m, &rx);
    }
    if t >= 24 {
        m = multiply(&m, &[[-1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    }
    m
}

/// How BurrTools names a placed piece: the transformation (0 to 23, a rotation) and the
/// position of its hotspot such that `shape`'s voxels land exactly on `cells` (a voxel
/// `v` at `transformation(t) · (v - hotspot) + position`); `None` when no rotation of the
/// shape fills them.
pub fn placement(shape: &ShapeDef, cells: &[[i32; 3]]) -> Option<(usize, [i32; 3])> {
    let voxels: Vec<[i32; 3]> = shape.cells().into_iter().map(|(v, _)| v).collect();
    if voxels.len() != cells.len() || cells.is_empty() {
        return None;
    }
    let mut target = cells.to_vec();
    target.sort_unstable();
    let h = shape.hotspot;
    (0..24).find_map(|t| {
        let m = transformation(t);
        let mut image: Vec<[i32; 3]> = voxels.iter().map(|v| apply(&m, [v[0] - h[0], v[1] - h[1], v[2] - h[2]])).collect();
        image.sort_unstable();
        let p = [0, 1, 2].map(|d| target[0][d] - image[0][d]);
        image.iter().zip(&target).all(|(a, b)| (0..3).all(|d| a[d] + p[d] == b[d])).then_some((t, p))
    })
}

/// One solution to save: an assembly, its disassembly when it was taken apart, and its
/// numbers among the problem's assemblies and solutions (from 0, as BurrTools counts).
pub struct Saved<'a> {
    /// The assembly.
    pub assembly: &'a Assembly,
    /// How it comes apart (written as its `<separation>` tree).
    pub disassembly: Option<&'a Disassembly>,
    /// Its number among the assemblies found (BurrTools' `asmNum`).
    pub assembly_number: u64,
    /// Its number among the solutions (BurrTools' `solNum`), with a disassembly.
    pub solution_number: u64,
}

/// A problem's answer to write.
pub struct Solved<'a> {
    /// The problem's index in the file.
    pub problem: usize,
    /// Its number of assemblies.
    pub assemblies: u64,
    /// Its number of solutions (0 when they were not looked for, as BurrTools writes it).
    pub solutions: u64,
    /// The seconds the solving took.
    pub seconds: u64,
    /// The solutions saved, in order.
    pub saved: Vec<Saved<'a>>,
}

/// `text` with XML's special characters escaped, for an attribute value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// An assembly's pieces in BurrTools' order (each part's `max` copies, the placed ones
/// first, in the assembly's order), as indices into the assembly (`None`: unplaced).
fn slots(puzzle: &BurrPuzzle, problem: usize, assembly: &Assembly) -> Vec<Option<usize>> {
    let mut out = Vec::new();
    for (p, part) in puzzle.problems[problem].parts.iter().enumerate() {
        let placed: Vec<usize> = (0..assembly.len()).filter(|&k| assembly[k].part == p).collect();
        let unplaced = (part.max as usize).saturating_sub(placed.len());
        out.extend(placed.into_iter().map(Some));
        out.extend(std::iter::repeat_n(None, unplaced));
    }
    out
}

/// Writes one state: the positions `at` of `pieces` (indices into the assembly).
fn state(out: &mut String, pieces: &[usize], at: &dyn Fn(usize) -> [i32; 3]) {
    out.push_str("<state>");
    for (d, tag) in ["dx", "dy", "dz"].into_iter().enumerate() {
        let values: Vec<String> = pieces.iter().map(|&k| at(k)[d].to_string()).collect();
        let _ = write!(out, "<{tag}>{}</{tag}>", values.join(" "));
    }
    out.push_str("</state>");
}

/// Writes `sep` as BurrTools' `<separation>`: its pieces (their numbers in the assembly's
/// list), a state before any move and after each move (positions: `base` plus each
/// piece's offset so far; pieces taken away are put 20000 units out along the direction
/// they left by, as BurrTools marks them), then the sub-separations of the pieces
/// removed and of the pieces left.
fn separation(out: &mut String, sep: &Separation, kind: Option<&str>, slot_of: &[usize], base: &[[i32; 3]], offset: &mut [[i32; 3]]) {
    out.push_str("<separation");
    if let Some(kind) = kind {
        let _ = write!(out, " type=\"{kind}\"");
    }
    out.push('>');
    let ids: Vec<String> = sep.pieces.iter().map(|&k| slot_of[k].to_string()).collect();
    let _ = write!(out, "<pieces count=\"{}\">{}</pieces>", sep.pieces.len(), ids.join(" "));
    let position = |offset: &[[i32; 3]], k: usize| [0, 1, 2].map(|d| base[k][d] + offset[k][d]);
    state(out, &sep.pieces, &|k| position(offset, k));
    for step in &sep.steps {
        match step.distance {
            Some(units) => {
                for &k in &step.pieces {
                    offset[k][step.axis] += step.sign * units as i32;
                }
                state(out, &sep.pieces, &|k| position(offset, k));
            }
            None => {
                let away = |k: usize| {
                    let mut p = position(offset, k);
                    if step.pieces.contains(&k) {
                        p[step.axis] += step.sign * 20000;
                    }
                    p
                };
                state(out, &sep.pieces, &away);
            }
        }
    }
    if let Some(removed) = &sep.removed {
        separation(out, removed, Some("removed"), slot_of, base, offset);
    }
    if let Some(left) = &sep.left {
        separation(out, left, Some("left"), slot_of, base, offset);
    }
    out.push_str("</separation>");
}

/// One `<solution>` element.
fn solution(out: &mut String, puzzle: &BurrPuzzle, problem: usize, saved: &Saved) -> Result<(), String> {
    let assembly = saved.assembly;
    let p = &puzzle.problems[problem];
    let mut base = Vec::with_capacity(assembly.len());
    let mut places = Vec::with_capacity(assembly.len());
    for placed in assembly {
        let shape = &puzzle.shapes[p.parts[placed.part].shape];
        let (t, at) = placement(shape, &placed.cells).ok_or_else(|| "an assembly's piece is no rotation of its shape".to_string())?;
        base.push(at);
        places.push(format!("{} {} {} {t}", at[0], at[1], at[2]));
    }
    let slots = slots(puzzle, problem, assembly);
    let mut slot_of = vec![0; assembly.len()];
    for (s, k) in slots.iter().enumerate() {
        if let Some(k) = k {
            slot_of[*k] = s;
        }
    }
    out.push_str("<solution");
    if saved.assembly_number > 0 {
        let _ = write!(out, " asmNum=\"{}\"", saved.assembly_number);
    }
    if saved.disassembly.is_some() && saved.solution_number > 0 {
        let _ = write!(out, " solNum=\"{}\"", saved.solution_number);
    }
    out.push_str("><assembly>");
    let text: Vec<String> = slots.iter().map(|s| s.map_or("x".to_string(), |k| places[k].clone())).collect();
    out.push_str(&text.join(" "));
    out.push_str("</assembly>");
    if let Some(d) = saved.disassembly {
        if !d.tree.steps.is_empty() {
            let mut offset = vec![[0; 3]; assembly.len()];
            separation(out, &d.tree, None, &slot_of, &base, &mut offset);
        }
    }
    out.push_str("</solution>");
    Ok(())
}

/// The file `bytes` (the `.xmpuzzle` that `puzzle` was read from) with the answers of
/// `solved` written into their problems: each such problem's start tag gets
/// `state="2"` (solved), `assemblies`, `solutions` and `time`, and its earlier results
/// (`<solutions>`, a stored assembler state) are replaced by the new `<solutions>`.
/// The result is gzip-compressed when `bytes` were, as BurrTools writes its files.
///
/// Errors: the file cannot be read again (it changed), or an assembly does not fit its
/// puzzle.
pub fn with_solutions(bytes: &[u8], puzzle: &BurrPuzzle, solved: &[Solved]) -> Result<Vec<u8>, BurrError> {
    let text = xml_text(bytes)?;
    let doc = document(&text)?;
    let problems: Vec<roxmltree::Node> = doc
        .root_element()
        .children()
        .filter(|n| n.has_tag_name("problems"))
        .flat_map(|n| n.children().filter(|c| c.has_tag_name("problem")))
        .collect();
    let error = |message: String| BurrError::At { line: 1, column: 1, message };
    // Replacements of byte ranges of the text, in order.
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for s in solved {
        let node = *problems.get(s.problem).ok_or_else(|| error(format!("the file has no problem {}", s.problem + 1)))?;
        let range = node.range();
        let first_child = node.first_child().map(|c| c.range().start);
        let close = text[range.clone()].rfind("</").map(|i| range.start + i);
        let (Some(open_end), Some(close)) = (first_child, close) else {
            return Err(error(format!("problem {}: an empty <problem/> element", s.problem + 1)));
        };
        let mut open = String::from("<problem");
        for a in node.attributes().filter(|a| !matches!(a.name(), "state" | "assemblies" | "solutions" | "time")) {
            let _ = write!(open, " {}=\"{}\"", a.name(), escape(a.value()));
        }
        let _ = write!(open, " state=\"2\" assemblies=\"{}\" solutions=\"{}\" time=\"{}\">", s.assemblies, s.solutions, s.seconds);
        edits.push((range.start..open_end, open));
        for child in node.children().filter(|c| matches!(c.tag_name().name(), "solutions" | "assembler" | "assembly")) {
            edits.push((child.range(), String::new()));
        }
        let mut list = String::from("<solutions>");
        for saved in &s.saved {
            solution(&mut list, puzzle, s.problem, saved).map_err(|m| error(format!("problem {}: {m}", s.problem + 1)))?;
        }
        list.push_str("</solutions>\n");
        edits.push((close..close, list));
    }
    edits.sort_by_key(|(r, _)| (r.start, r.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (range, replacement) in edits {
        out.push_str(&text[at..range.start]);
        out.push_str(&replacement);
        at = range.end;
    }
    out.push_str(&text[at..]);
    if bytes.starts_with(&[0x1f, 0x8b]) {
        use std::io::Write as _;
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(out.as_bytes()).and_then(|()| encoder.finish()).map_err(|e| error(format!("gzip: {e}")))
    } else {
        Ok(out.into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transformations_are_the_cube_group_in_burrtools_order() {
        // Entries of BurrTools' table (tabs_0/rotmatrix.inc), read from its source.
        assert_eq!(transformation(1), [[1, 0, 0], [0, 0, -1], [0, 1, 0]]);
        assert_eq!(transformation(5), [[0, -1, 0], [0, 0, -1], [1, 0, 0]]);
        assert_eq!(transformation(16), [[0, -1, 0], [1, 0, 0], [0, 0, 1]]);
        assert_eq!(transformation(23), [[0, 0, 1], [-1, 0, 0], [0, -1, 0]]);
        assert_eq!(transformation(28), [[0, 0, -1], [0, 1, 0], [-1, 0, 0]]);
        assert_eq!(transformation(47), [[0, 0, 1], [1, 0, 0], [0, -1, 0]]);
        let all: std::collections::HashSet<Matrix> = (0..48).map(transformation).collect();
        assert_eq!(all.len(), 48);
    }

    #[test]
    fn placement_finds_the_rotation_and_hotspot_position() {
        use crate::Voxel;
        // An L tromino in a 2x2x1 box, hotspot (1, 0, 0).
        let shape = ShapeDef {
            name: None,
            size: [2, 2, 1],
            voxels: vec![Voxel::Filled(0), Voxel::Filled(0), Voxel::Filled(0), Voxel::Empty],
            hotspot: [1, 0, 0],
        };
        // The shape's voxels as BurrTools places them: transformation t, hotspot at p.
        let placed = |t: usize, p: [i32; 3]| -> Vec<[i32; 3]> {
            let m = transformation(t);
            let mut cells: Vec<[i32; 3]> = shape
                .cells()
                .into_iter()
                .map(|(v, _)| {
                    let r = apply(&m, [v[0] - 1, v[1], v[2]]);
                    [r[0] + p[0], r[1] + p[1], r[2] + p[2]]
                })
                .collect();
            cells.sort_unstable();
            cells
        };
        for t in 0..24 {
            let cells = placed(t, [3, -2, 5]);
            let (found, at) = placement(&shape, &cells).expect("a rotation fills them");
            assert_eq!(placed(found, at), cells);
        }
        assert_eq!(placement(&shape, &[[0, 0, 0], [1, 0, 0], [2, 0, 0]]), None);
    }
}
