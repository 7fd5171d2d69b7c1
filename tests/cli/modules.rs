//! Every crate's modules import one way: no import closes a circle. Reads each crate's
//! sources (outside comments and what follows a file's first `#[cfg(test)]`), takes every
//! path a module names through `crate::` or `super::` as an edge to the module it
//! resolves to (the longest module path that is a prefix of it; an item that the crate
//! root re-exports counts as its module's), and fails on any circle between modules
//! that are not one inside the other (a module and its own submodules share their
//! items by design). The binary's modules (`src/`) are read too.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A crate's modules: module path (`bits::dense`; the root is "") -> its source.
fn modules(src: &Path) -> BTreeMap<String, String> {
    fn walk(dir: &Path, prefix: &str, out: &mut BTreeMap<String, String>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for path in entries {
            let stem = path.file_stem().unwrap().to_string_lossy().to_string();
            let join = |name: &str| if prefix.is_empty() { name.to_string() } else { format!("{prefix}::{name}") };
            if path.is_dir() {
                walk(&path, &join(&stem), out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = if matches!(stem.as_str(), "mod" | "lib" | "main") { prefix.to_string() } else { join(&stem) };
                let text = std::fs::read_to_string(&path).unwrap();
                out.entry(name).or_default().push_str(&code(&text));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, "", &mut out);
    out
}

/// The source without `//` comments and without what follows its first `#[cfg(test)]`.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The paths (`a::b::C`) that follow `prefix` in `code`.
fn paths<'a>(code: &'a str, prefix: &'a str) -> impl Iterator<Item = Vec<String>> + 'a {
    code.match_indices(prefix).filter(|(i, _)| !code[..*i].ends_with(|c: char| c.is_alphanumeric() || c == '_')).map(move |(i, _)| {
        let rest = &code[i + prefix.len()..];
        let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(rest.len());
        rest[..end].split("::").filter(|s| !s.is_empty()).map(str::to_string).collect()
    })
}

/// The crate root's re-exports: item name -> the module path it comes from.
fn reexports(root: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for stmt in root.split(';') {
        let Some(at) = stmt.find("pub use ") else { continue };
        let body: String = stmt[at + "pub use ".len()..].split_whitespace().collect::<Vec<_>>().join(" ");
        let (module, items) = match body.split_once("::{") {
            Some((m, items)) => (m.to_string(), items.trim_end_matches('}').split(',').map(str::to_string).collect::<Vec<_>>()),
            None => match body.rsplit_once("::") {
                Some((m, item)) => (m.to_string(), vec![item.to_string()]),
                None => continue,
            },
        };
        for item in items {
            let item = item.trim();
            let name = item.rsplit(" as ").next().unwrap_or(item).trim();
            let module = match item.rsplit_once("::") {
                Some((sub, _)) if !item.contains(" as ") || sub.len() < item.find(" as ").unwrap() => format!("{module}::{sub}"),
                _ => module.clone(),
            };
            if !name.is_empty() && name != "self" {
                out.insert(name.to_string(), module.trim_start_matches("crate::").to_string());
            }
        }
    }
    out
}

/// The module that `path` (from the crate root) names: its longest prefix that is a module.
fn resolve(path: &[String], known: &BTreeMap<String, String>, exports: &BTreeMap<String, String>) -> Option<String> {
    if let Some(first) = path.first() {
        if !known.contains_key(first) {
            return exports.get(first).cloned();
        }
    }
    (1..=path.len()).rev().map(|n| path[..n].join("::")).find(|m| known.contains_key(m))
}

/// Whether one module is inside the other (or they are the same).
fn nested(a: &str, b: &str) -> bool {
    let inside = |x: &str, y: &str| y.is_empty() || x == y || x.starts_with(&format!("{y}::"));
    inside(a, b) || inside(b, a)
}

/// The import graph of the crate whose sources are in `src`.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let known = modules(src);
    let root = known.get("").cloned().unwrap_or_default();
    let exports = reexports(&root);
    let mut graph = BTreeMap::new();
    for (name, text) in &known {
        let mut deps = BTreeSet::new();
        for p in paths(text, "crate::") {
            deps.extend(resolve(&p, &known, &exports));
        }
        for p in paths(text, "super::") {
            let parent: Vec<String> = name.split("::").map(str::to_string).collect();
            let mut full = parent[..parent.len().saturating_sub(1)].to_vec();
            full.extend(p.into_iter().skip_while(|s| s == "super"));
            deps.extend(resolve(&full, &known, &exports));
        }
        deps.retain(|d| !nested(d, name));
        graph.insert(name.clone(), deps);
    }
    graph
}

/// A circle of `graph`, if any, as the path that closes it.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<String> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<String> {
        state.insert(n.to_string(), 1);
        path.push(n.to_string());
        for d in graph.get(n).into_iter().flatten() {
            match state.get(d.as_str()) {
                Some(1) => return Some(format!("{} -> {d}", path.join(" -> "))),
                Some(_) => {}
                None => {
                    if let Some(c) = visit(d, graph, state, path) {
                        return Some(c);
                    }
                }
            }
        }
        path.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    graph.keys().find_map(|n| if state.contains_key(n) { None } else { visit(n, graph, &mut state, &mut Vec::new()) })
}

#[test]
fn no_crate_has_an_import_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates")).unwrap().map(|e| e.unwrap().path().join("src")).collect();
    crates.push(root.join("src"));
    crates.push(root.join("python/src"));
    crates.sort();
    let mut edges = 0;
    for src in &crates {
        let graph = graph(src);
        edges += graph.values().map(BTreeSet::len).sum::<usize>();
        if let Some(c) = circle(&graph) {
            panic!("{}: an import circle: {c}", src.display());
        }
    }
    assert!(crates.len() >= 9 && edges > 100, "the crates' modules and imports were read ({} crates, {edges} edges)", crates.len());
}

#[test]
fn the_reader_finds_edges_and_circles() {
    let g = graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/polyform/src"));
    // Edges through a path, through a root re-export, and between lattice files.
    assert!(g["cover"].contains("tiler") && g["count"].contains("cover"), "{g:?}");
    assert!(g["tiler"].contains("copies"), "{g:?}");
    assert!(g["lattice::square"].contains("lattice::base"), "{g:?}");
    let mut bad = g.clone();
    bad.get_mut("copies").unwrap().insert("tiler".to_string());
    assert!(circle(&bad).is_some());
    assert!(circle(&g).is_none());
    let e = reexports("pub use a::{B, c::D as E};\npub use f::G;");
    assert_eq!((e["B"].as_str(), e["E"].as_str(), e["G"].as_str()), ("a", "a::c", "f"));
}
