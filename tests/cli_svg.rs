//! `--svg FILE`: every picture is well-formed SVG (XML with an `svg` root) with the
//! expected parts. (Rendering in a browser: `scripts/render-svg.sh`.)

mod common;

use common::gridlock;

fn svg(args: &[&str], input: Option<&str>) -> roxmltree::Document<'static> {
    let dir = std::env::temp_dir().join(format!("gridlock-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}.svg", args.join("_").replace(['/', '.'], "-")));
    let mut cmd = gridlock();
    cmd.args(args).arg("--svg").arg(&file);
    if let Some(i) = input {
        cmd.arg(i);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let text: &'static str = Box::leak(std::fs::read_to_string(&file).unwrap().into_boxed_str());
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{args:?}: not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc
}

fn count(doc: &roxmltree::Document, tag: &str) -> usize {
    doc.descendants().filter(|n| n.tag_name().name() == tag).count()
}

#[test]
fn every_picture_is_valid_svg() {
    let beads = svg(&["beads"], Some("tests/data/beads/sample.in"));
    assert_eq!(count(&beads, "text"), 55, "a letter in every hole");
    let pack = svg(&["pack", "--board", "examples/pack/scott-8x8.txt", "--pieces", "pentominoes"], None);
    assert_eq!(count(&pack, "text"), 60);
    let laser = svg(&["laser"], Some("tests/data/laser/sample.in"));
    assert!(count(&laser, "polyline") > 0, "beams are drawn");
    let twins = svg(&["twins"], Some("tests/data/twins/sample.in"));
    assert_eq!(count(&twins, "text"), 4, "a caption per case");
    let mayan = svg(&["mayan"], Some("tests/data/mayan/mayan4.in"));
    let captions: Vec<&str> = mayan
        .descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| n.text())
        .filter(|t| t.starts_with("move") || *t == "start")
        .collect();
    assert_eq!(captions, ["start", "move 1: 2 0 1", "move 2: 1 1 1", "move 3: 3 4 -1"]);
}
