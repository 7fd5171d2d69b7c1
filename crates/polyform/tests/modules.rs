//! The crate's modules import one way: reads the sources (outside comments and test
//! modules), takes every `crate::NAME` and `super::NAME` a module names as an edge, and
//! fails on any circle. Items re-exported at the crate root (`crate::Packer`) count as
//! their module's.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The crate-root re-exports and the module that defines each.
const ROOT: &[(&str, &str)] = &[
    ("Adjacency", "layout"),
    ("Board", "region"),
    ("Cell", "lattice"),
    ("Copies", "copies"),
    ("CountCache", "packer"),
    ("Engine", "cover"),
    ("Freedom", "shape"),
    ("Lattice", "lattice"),
    ("Layout", "layout"),
    ("Packer", "packer"),
    ("Piece", "shape"),
    ("Region", "region"),
    ("Search", "cover"),
    ("Shape", "shape"),
    ("Symmetry", "lattice::square"),
    ("Tiler", "tiler"),
    ("TilerCache", "tiler"),
];

const LATTICE_FILES: &[&str] = &["base", "square", "triangular", "hexagonal", "cubic", "prism"];

/// The source without `//` comments and without what follows its first `#[cfg(test)]`.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The names that follow `prefix` in `code` (identifier characters), with the one after
/// them when it is a lattice file (`crate::lattice::square`).
fn targets(code: &str, prefix: &str) -> Vec<String> {
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    code.match_indices(prefix)
        .map(|(i, _)| {
            let rest = &code[i + prefix.len()..];
            let first = ident(rest);
            let second = rest.strip_prefix(&first).and_then(|r| r.strip_prefix("::")).map(ident).unwrap_or_default();
            if first == "lattice" && LATTICE_FILES.contains(&second.as_str()) {
                format!("lattice::{second}")
            } else {
                first
            }
        })
        .collect()
}

#[test]
fn no_module_imports_close_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files: Vec<(String, std::path::PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if path.extension().is_some_and(|e| e == "rs") && name != "lib" {
            files.push((name, path));
        }
    }
    for f in LATTICE_FILES {
        files.push((format!("lattice::{f}"), src.join("lattice").join(format!("{f}.rs"))));
    }
    files.push(("lattice".to_string(), src.join("lattice/mod.rs")));
    for (name, path) in &files {
        let code = code(&std::fs::read_to_string(path).unwrap());
        let mut deps: BTreeSet<String> = BTreeSet::new();
        for t in targets(&code, "crate::") {
            let module = ROOT.iter().find(|(item, _)| *item == t).map_or(t.clone(), |(_, m)| m.to_string());
            deps.insert(module);
        }
        if name.starts_with("lattice::") {
            deps.extend(targets(&code, "super::").into_iter().map(|t| format!("lattice::{t}")));
        }
        if name == "lattice" {
            deps.extend(LATTICE_FILES.iter().filter(|f| code.contains(&format!("{f}::"))).map(|f| format!("lattice::{f}")));
        }
        deps.remove(name);
        graph.insert(name.clone(), deps);
    }
    assert!(graph.len() >= 19, "the crate's modules were not all found: {:?}", graph.keys());
    assert!(graph["cover"].contains("tiler") && graph["count"].contains("cover"), "edges are read: {graph:?}");
    // Depth-first search for a back edge.
    fn visit(n: &str, graph: &BTreeMap<String, BTreeSet<String>>, state: &mut BTreeMap<String, u8>, path: &mut Vec<String>) {
        state.insert(n.to_string(), 1);
        path.push(n.to_string());
        for d in graph.get(n).into_iter().flatten() {
            match state.get(d.as_str()) {
                Some(1) => panic!("an import circle: {} -> {d}", path.join(" -> ")),
                Some(_) => {}
                None => visit(d, graph, state, path),
            }
        }
        path.pop();
        state.insert(n.to_string(), 2);
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if !state.contains_key(n) {
            visit(n, &graph, &mut state, &mut Vec::new());
        }
    }
}
