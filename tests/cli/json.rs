//! `--format json`: every command's output parses and matches docs/json.md, and says the
//! same as the text output.

use crate::common::gridlock;
use serde_json::Value;

fn json(args: &[&str], input: &str) -> Value {
    let out = gridlock().args(args).args(["--format", "json"]).write_stdin(input.to_string()).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one line");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["schema"], "gridlock-answer/1");
    assert_eq!(v["command"], args[0]);
    assert!(v["stats"]["seconds"].as_f64().unwrap() >= 0.0);
    v
}

fn text(args: &[&str], input: &str) -> String {
    String::from_utf8(gridlock().args(args).write_stdin(input.to_string()).output().unwrap().stdout).unwrap()
}

const TRAY: &str = include_str!("../data/beads/sample.in");

#[test]
fn beads() {
    let v = json(&["beads"], TRAY);
    assert_eq!(v["verdict"], "solved");
    let rows: Vec<&str> = v["tray"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert_eq!(rows.join("\n") + "\n", text(&["beads"], TRAY));
    assert_eq!(v["pieces"].as_object().unwrap().len(), 12);
    assert_eq!(v["pieces"]["A"].as_array().unwrap().len(), 3);
    let c = json(&["beads", "--count", "--unique"], include_str!("../data/beads/empty.in"));
    assert_eq!((c["verdict"].as_str(), c["count"].as_u64(), c["unique"].as_bool()), (Some("count"), Some(16144), Some(true)));
    let none = json(&["beads"], include_str!("../data/beads/hardest-single-piece.in"));
    assert_eq!(none["verdict"], "no_solution");
}

#[test]
fn laser_and_sat2() {
    let input = include_str!("../data/laser/sample.in");
    let v = json(&["laser"], input);
    let verdicts: Vec<&str> = v["cases"].as_array().unwrap().iter().map(|c| c["verdict"].as_str().unwrap()).collect();
    assert_eq!(verdicts, ["impossible", "possible", "possible", "possible", "impossible"]);
    let case2 = &v["cases"][1];
    assert_eq!(case2["grid"], serde_json::json!(["#.##", "#||#", "####"]));
    assert_eq!(case2["turrets"][0], serde_json::json!({ "row": 1, "col": 1, "fires": "vertical" }));
    let s = json(&["sat2"], "p cnf 3 3\n1 -2 0\n2 3 0\n-3 0\n");
    assert_eq!(s["verdict"], "satisfiable");
    assert_eq!(s["model"], serde_json::json!([true, true, false]));
    assert_eq!(s["stats"]["variables"], 3);
    assert_eq!(json(&["sat2"], "p cnf 1 2\n1 0\n-1 0\n")["verdict"], "unsatisfiable");
}

#[test]
fn mayan_and_twins() {
    let v = json(&["mayan"], "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n");
    assert_eq!(v["moves"], serde_json::json!([{ "x": 2, "y": 1, "g": 1 }, { "x": 3, "y": 1, "g": 1 }, { "x": 3, "y": 0, "g": 1 }]));
    assert!(v["stats"]["nodes"].as_u64().unwrap() > 0);
    assert_eq!(json(&["mayan"], include_str!("../data/mayan/mayan1.in"))["verdict"], "no_solution");
    let t = json(&["twins"], include_str!("../data/twins/sample.in"));
    let cases = t["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 4);
    assert_eq!(cases[1]["verdict"], "impossible");
    assert_eq!(cases[0]["board"].as_array().unwrap().len(), 8);
    // The monomino/domino case: one domino, two monominoes.
    assert_eq!(cases[3]["q_tiles"].as_array().unwrap().len(), 1);
    assert_eq!(cases[3]["p_tiles"].as_array().unwrap().len(), 2);
}

#[test]
fn pack_and_xc() {
    let v = json(&["pack", "--rect", "3x20", "--pieces", "pentominoes"], "");
    assert_eq!(v["verdict"], "solved");
    assert_eq!(v["pieces"].as_object().unwrap().len(), 12);
    assert_eq!(v["board"].as_array().unwrap().len(), 3);
    let all = json(&["pack", "--rect", "3x20", "--pieces", "pentominoes", "--all"], "");
    assert_eq!(all["solutions"].as_array().unwrap().len(), 8);
    let c = json(&["pack", "--rect", "6x10", "--pieces", "pentominoes", "--count", "--shard", "1/1"], "");
    assert_eq!((c["count"].as_u64(), c["shard"].as_str()), (Some(9356), Some("1/1")));
    assert_eq!(json(&["pack", "--rect", "4x5", "--pieces", "tetrominoes"], "")["verdict"], "no_solution");
    let xcc = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    let x = json(&["xc"], xcc);
    assert_eq!(x["options"], serde_json::json!(["p r x:A y", "q x:A"]));
    assert_eq!(json(&["xc", "--count"], xcc)["count"], 1);
}
