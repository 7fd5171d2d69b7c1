//! `--svg FILE`: every picture is well-formed SVG (XML with an `svg` root) with the
//! expected parts. (Rendering in a browser: `scripts/render-svg.sh`.)

use crate::common::gridlock;

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

/// Off the square lattice: one polygon per cell, cells of a tile in one colour (as many
/// colours as tiles, up to the palette's 20), each tile's name written once, and the
/// cubic lattice's layers captioned.
#[test]
fn lattice_pictures_have_a_polygon_per_cell_and_a_colour_per_tile() {
    for (args, cells, tiles, layers) in [
        (&["pack", "--pieces", "soma", "--box", "3x3x3"][..], 27, 7, 3),
        (&["pack", "--pieces", "hexiamonds", "--box", "6x6"][..], 72, 12, 0),
        (&["pack", "--pieces", "tetrahexes", "--box", "4x7"][..], 28, 7, 0),
        (&["pack", "--pieces", "pentacubes-flat", "--box", "2x3x10"][..], 60, 12, 10),
    ] {
        let doc = svg(args, None);
        let polygons: Vec<_> = doc.descendants().filter(|n| n.tag_name().name() == "polygon").collect();
        assert_eq!(polygons.len(), cells, "{args:?}");
        let fills: std::collections::BTreeSet<&str> = polygons.iter().map(|p| p.attribute("fill").unwrap()).collect();
        assert_eq!(fills.len(), tiles, "{args:?}");
        let texts: Vec<&str> = doc.descendants().filter(|n| n.tag_name().name() == "text").filter_map(|n| n.text()).collect();
        assert_eq!(texts.iter().filter(|t| t.starts_with("z = ")).count(), layers, "{args:?}");
        assert_eq!(texts.len(), tiles + layers, "{args:?}");
    }
}
