//! The `.xmpuzzle` reader: gzip (by its magic bytes) or plain XML, then the elements
//! BurrTools writes (`puzzle`, `gridType`, `colors`, `shapes/voxel`, `problems/problem`
//! with `shapes/shape`, `result`, `bitmap/pair`). Elements BurrTools would skip (comments,
//! stored solutions, the assembler's state) are skipped.

use super::{BurrProblem, BurrPuzzle, Part, ShapeDef, Voxel};
use std::io::Read;

/// The most bytes a compressed file may decompress to (64 MiB): past it the file is
/// refused (a zip bomb), so memory stays bounded.
pub const MAX_DECOMPRESSED: u64 = 64 << 20;

/// The most XML nodes read (BurrTools' files hold a few per shape and problem, plus their
/// stored solutions).
const MAX_NODES: u32 = 4_000_000;

/// The deepest nesting of elements read: roxmltree's tokenizer recurses once per level
/// (about 550 bytes of stack a level), so a file of 15000 nested elements overflowed the
/// stack. BurrTools' files nest a few levels, plus one per step of a stored disassembly's
/// separation tree.
pub const MAX_DEPTH: usize = 1024;

/// Why a file is not a puzzle gridlock can read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BurrError {
    /// The gzip stream is broken or too large.
    #[error("gzip: {message} (at byte {offset} of the file)")]
    Gzip {
        /// What is wrong.
        message: String,
        /// How far into the compressed file the reader got.
        offset: u64,
    },
    /// A problem at a place in the XML text.
    #[error("line {line}, column {column}: {message}")]
    At {
        /// 1-based line of the XML text (after decompression).
        line: u32,
        /// 1-based column.
        column: u32,
        /// What is wrong.
        message: String,
    },
}

/// Counts the bytes read through it.
struct Counting<'a> {
    inner: &'a [u8],
    read: u64,
}

impl Read for Counting<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

/// The XML text of a file: gunzipped when it starts with gzip's magic bytes.
fn text_of(bytes: &[u8]) -> Result<Vec<u8>, BurrError> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes.to_vec());
    }
    let mut counting = Counting { inner: bytes, read: 0 };
    let mut out = Vec::new();
    let result = {
        let decoder = flate2::read::MultiGzDecoder::new(&mut counting);
        decoder.take(MAX_DECOMPRESSED + 1).read_to_end(&mut out)
    };
    if let Err(e) = result {
        return Err(BurrError::Gzip { message: e.to_string(), offset: counting.read });
    }
    if out.len() as u64 > MAX_DECOMPRESSED {
        return Err(BurrError::Gzip {
            message: format!("decompresses to more than {} MiB; refused", MAX_DECOMPRESSED >> 20),
            offset: counting.read,
        });
    }
    Ok(out)
}

/// An error at `node`.
fn at(doc: &roxmltree::Document, node: roxmltree::Node, message: impl Into<String>) -> BurrError {
    let pos = doc.text_pos_at(node.range().start);
    BurrError::At { line: pos.row, column: pos.col, message: message.into() }
}

/// A numeric attribute, or `None` when absent.
fn number<T: std::str::FromStr>(doc: &roxmltree::Document, node: roxmltree::Node, name: &str) -> Result<Option<T>, BurrError> {
    match node.attribute(name) {
        None => Ok(None),
        Some(s) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| at(doc, node, format!("<{}>: attribute {name}=\"{s}\" is not a number in range", node.tag_name().name()))),
    }
}

fn required<T: std::str::FromStr>(doc: &roxmltree::Document, node: roxmltree::Node, name: &str) -> Result<T, BurrError> {
    number(doc, node, name)?.ok_or_else(|| at(doc, node, format!("<{}> has no {name} attribute", node.tag_name().name())))
}

/// BurrTools' grids other than cubes, by their number in `gridType`.
fn grid_name(kind: u32) -> &'static str {
    match kind {
        1 => "triangular prisms",
        2 => "spheres",
        3 => "rhombic dodecahedra",
        4 => "tetrahedra and octahedra",
        _ => "an unknown grid",
    }
}

/// The XML text of a file's bytes (gunzipped when gzip's magic bytes start it), refused
/// when it is not UTF-8.
pub(super) fn xml_text(bytes: &[u8]) -> Result<String, BurrError> {
    let data = text_of(bytes)?;
    String::from_utf8(data).map_err(|e| {
        let data = e.as_bytes();
        let at_byte = e.utf8_error().valid_up_to();
        let line = data[..at_byte].iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at_byte - data[..at_byte].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        BurrError::At { line: line as u32, column: column as u32, message: "not UTF-8 text".into() }
    })
}

/// The XML document of `text` (no DTD, at most [`MAX_NODES`] nodes, nested at most
/// [`MAX_DEPTH`] deep).
pub(super) fn document(text: &str) -> Result<roxmltree::Document<'_>, BurrError> {
    if let Some(at) = too_deep(text, MAX_DEPTH) {
        let (line, column) = end_of(&text[..at]);
        return Err(BurrError::At { line, column, message: format!("elements nested too deeply (more than {MAX_DEPTH} levels)") });
    }
    let options = roxmltree::ParsingOptions { allow_dtd: false, nodes_limit: MAX_NODES };
    roxmltree::Document::parse_with_options(text, options).map_err(|e| {
        let (line, column) = match e {
            // A file cut short: the fault is where the text ends, not where roxmltree
            // points (the start of the document).
            roxmltree::Error::UnexpectedEndOfStream | roxmltree::Error::UnclosedRootNode => end_of(text),
            _ => (e.pos().row, e.pos().col),
        };
        BurrError::At { line, column, message: format!("not well-formed XML: {e}") }
    })
}

/// The byte offset of the first start tag nested deeper than `limit`, if any: a scan of
/// the markup that skips comments, CDATA sections, processing instructions, declarations
/// and quoted attribute values, and counts start tags (not self-closing) against end tags.
/// Text that is not well formed is left to the parser, which reports it.
fn too_deep(text: &str, limit: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    // The offset just past the first occurrence of `end` from `from`, or the text's end.
    let past = |from: usize, end: &str| text[from..].find(end).map_or(bytes.len(), |k| from + k + end.len());
    while let Some(k) = text[i..].find('<') {
        let at = i + k;
        let rest = &text[at..];
        i = if rest.starts_with("<!--") {
            past(at + 4, "-->")
        } else if rest.starts_with("<![CDATA[") {
            past(at + 9, "]]>")
        } else if rest.starts_with("<?") {
            past(at + 2, "?>")
        } else if rest.starts_with("<!") {
            past(at + 2, ">")
        } else if rest.starts_with("</") {
            depth = depth.saturating_sub(1);
            past(at + 2, ">")
        } else {
            // A start tag: its end is the first '>' outside quotes.
            let mut j = at + 1;
            let mut quote = None;
            while j < bytes.len() {
                match (quote, bytes[j]) {
                    (None, b'"' | b'\'') => quote = Some(bytes[j]),
                    (Some(q), b) if b == q => quote = None,
                    (None, b'>') => break,
                    _ => {}
                }
                j += 1;
            }
            if j > at + 1 && bytes.get(j - 1) != Some(&b'/') {
                depth += 1;
                if depth > limit {
                    return Some(at);
                }
            }
            (j + 1).min(bytes.len())
        };
    }
    None
}

/// The line and column (in characters, from 1) just past the end of `text`.
fn end_of(text: &str) -> (u32, u32) {
    let line = text.split('\n').count();
    let last = text.rsplit('\n').next().unwrap_or("");
    (line as u32, last.chars().count() as u32 + 1)
}

/// Reads a `.xmpuzzle` file's bytes (gzip-compressed or plain XML).
///
/// Errors: a broken or oversized gzip stream (with the byte offset reached), XML that is
/// not well formed or not a BurrTools puzzle, a grid other than cubes, a voxel string of
/// the wrong length or with a bad character, a colour or shape id that does not exist,
/// each at the line and column of its element.
pub fn parse(bytes: &[u8]) -> Result<BurrPuzzle, BurrError> {
    let text = xml_text(bytes)?;
    let doc = document(&text)?;
    let root = doc.root_element();
    if root.tag_name().name() != "puzzle" {
        return Err(at(&doc, root, format!("not a BurrTools puzzle: the root element is <{}>, not <puzzle>", root.tag_name().name())));
    }
    match root.attribute("version") {
        Some("1") | Some("2") => {}
        Some(v) => return Err(at(&doc, root, format!("<puzzle version=\"{v}\">: BurrTools files are of version 1 or 2"))),
        None => return Err(at(&doc, root, "<puzzle> has no version attribute")),
    }
    let mut colors = 0;
    let mut shape_nodes = Vec::new();
    let mut problems_node = None;
    for node in root.children().filter(|n| n.is_element()) {
        match node.tag_name().name() {
            "gridType" => {
                let kind: u32 = required(&doc, node, "type")?;
                if kind != 0 {
                    return Err(at(
                        &doc,
                        node,
                        format!("gridType {kind} ({}): gridlock reads BurrTools' cube grid (0) only", grid_name(kind)),
                    ));
                }
            }
            "colors" => colors = node.children().filter(|n| n.has_tag_name("color")).count(),
            "shapes" => {
                shape_nodes.extend(node.children().filter(|n| n.has_tag_name("voxel")));
            }
            "problems" => problems_node = Some(node),
            _ => {}
        }
    }
    // Colours come before shapes in BurrTools' files, but are read first whatever the order.
    let shapes: Vec<ShapeDef> = shape_nodes.into_iter().map(|v| shape(&doc, v, colors)).collect::<Result<_, _>>()?;
    let mut problems = Vec::new();
    if let Some(node) = problems_node {
        for p in node.children().filter(|n| n.has_tag_name("problem")) {
            problems.push(problem(&doc, p, shapes.len(), colors)?);
        }
    }
    Ok(BurrPuzzle { colors, shapes, problems })
}

/// A `<voxel>` element: its size, name and voxel string.
fn shape(doc: &roxmltree::Document, node: roxmltree::Node, colors: usize) -> Result<ShapeDef, BurrError> {
    let x: usize = required(doc, node, "x")?;
    let y: usize = required(doc, node, "y")?;
    let z: usize = required(doc, node, "z")?;
    let content = node.text().unwrap_or("").trim();
    // Each voxel takes at least one character: a size past the text's length is wrong
    // before anything is allocated.
    let total = x.checked_mul(y).and_then(|xy| xy.checked_mul(z)).filter(|&n| n <= content.len());
    let mut voxels = Vec::with_capacity(total.unwrap_or(0));
    let bytes = content.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let state = bytes[i];
        i += 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let color: u32 = if i > start {
            content[start..i]
                .parse()
                .map_err(|_| at(doc, node, format!("voxel {}: colour {} is too large", voxels.len() + 1, &content[start..i])))?
        } else {
            0
        };
        if color as usize > colors {
            return Err(at(doc, node, format!("voxel {}: colour {color}, but the puzzle defines {colors}", voxels.len() + 1)));
        }
        voxels.push(match state {
            b'_' => Voxel::Empty,
            b'#' => Voxel::Filled(color),
            b'+' => Voxel::Variable(color),
            other => {
                return Err(at(
                    doc,
                    node,
                    format!(
                        "voxel {}: unexpected {:?}; voxels are '_', '#' or '+', each with an optional colour",
                        voxels.len() + 1,
                        other as char
                    ),
                ))
            }
        });
    }
    if total != Some(voxels.len()) {
        return Err(at(
            doc,
            node,
            format!("a {x}x{y}x{z} shape needs {} voxels; the string has {}", x as u128 * y as u128 * z as u128, voxels.len()),
        ));
    }
    let mut hotspot = [0i32; 3];
    for (d, name) in ["hx", "hy", "hz"].into_iter().enumerate() {
        hotspot[d] = number(doc, node, name)?.unwrap_or(0);
    }
    Ok(ShapeDef { name: node.attribute("name").map(str::to_string), size: [x, y, z], voxels, hotspot })
}

/// A `<problem>` element.
fn problem(doc: &roxmltree::Document, node: roxmltree::Node, shapes: usize, colors: usize) -> Result<BurrProblem, BurrError> {
    let name = node.attribute("name").unwrap_or("").to_string();
    let max_holes: Option<u32> = number(doc, node, "maxHoles")?;
    let mut parts = Vec::new();
    let mut result = None;
    let mut color_pairs = Vec::new();
    for child in node.children().filter(|n| n.is_element()) {
        match child.tag_name().name() {
            "shapes" => {
                for s in child.children().filter(|n| n.has_tag_name("shape")) {
                    let id: usize = required(doc, s, "id")?;
                    if id >= shapes {
                        return Err(at(doc, s, format!("piece id {id} is not a shape (the puzzle has {shapes}, ids from 0)")));
                    }
                    let (min, max) = match number::<u32>(doc, s, "count")? {
                        Some(c) => (c, c),
                        None => match (number::<u32>(doc, s, "min")?, number::<u32>(doc, s, "max")?) {
                            (Some(lo), Some(hi)) if lo <= hi => (lo, hi),
                            (Some(lo), Some(hi)) => return Err(at(doc, s, format!("min {lo} is above max {hi}"))),
                            _ => (1, 1),
                        },
                    };
                    if max > 1 << 16 {
                        return Err(at(doc, s, format!("{max} copies of a piece; BurrTools counts them in 16 bits")));
                    }
                    // BurrTools' two ways: a group attribute (every copy in it), or a
                    // list of <group group=".." count=".."> elements.
                    let groups = match number::<u32>(doc, s, "group")?.unwrap_or(0) {
                        0 => {
                            let mut listed = Vec::new();
                            for g in s.children().filter(|n| n.has_tag_name("group")) {
                                listed.push((required(doc, g, "group")?, required(doc, g, "count")?));
                            }
                            listed
                        }
                        g => vec![(g, max)],
                    };
                    parts.push(Part { shape: id, min, max, groups });
                }
            }
            "result" => {
                let id: usize = required(doc, child, "id")?;
                if id >= shapes {
                    return Err(at(doc, child, format!("result id {id} is not a shape (the puzzle has {shapes}, ids from 0)")));
                }
                result = Some(id);
            }
            "bitmap" => {
                for pair in child.children().filter(|n| n.has_tag_name("pair")) {
                    let piece: u32 = required(doc, pair, "piece")?;
                    let res: u32 = required(doc, pair, "result")?;
                    if piece as usize >= colors || res as usize >= colors {
                        return Err(at(
                            doc,
                            pair,
                            format!("colour pair ({piece}, {res}) names a colour the puzzle does not define ({colors})"),
                        ));
                    }
                    color_pairs.push((piece + 1, res + 1));
                }
            }
            _ => {}
        }
    }
    let result = result.ok_or_else(|| at(doc, node, "the problem has no <result> shape"))?;
    Ok(BurrProblem { name, parts, result, max_holes, color_pairs })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_elements_only() {
        let nested = |n: usize| format!("{}{}", "<a>".repeat(n), "</a>".repeat(n));
        assert_eq!(too_deep(&nested(3), 3), None);
        assert_eq!(too_deep(&nested(4), 3), Some(9));
        // Siblings, self-closing tags, comments, CDATA, processing instructions and quoted
        // '>' and '/>' do not nest.
        let flat = r#"<?xml version="1.0"?><!-- <a><a><a> --><r><b/><b x="/>"/><c y='>'></c><![CDATA[<a><a>]]><d></d></r>"#;
        assert_eq!(too_deep(flat, 2), None);
        assert_eq!(too_deep(flat, 1), Some(flat.find("<c").unwrap()));
        // The error names where the first element too deep starts.
        let e = document(&format!("<x>\n  {}", nested(MAX_DEPTH))).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("line 2, column {}: elements nested too deeply (more than {MAX_DEPTH} levels)", 3 + 3 * (MAX_DEPTH - 1))
        );
    }
}
