//! `xc --min-cost`, `--min-cost --count` and `xc --best K` (DLX5's costs): the answers in text and JSON, each
//! solution re-priced here from the input's `|n` entries, and the flags that do not go
//! with them refused.

use crate::common::gridlock;
use serde_json::Value;

/// Three primary items, one colored secondary; its seven solutions cost 2, 4, 7, 7, 8, 10
/// and 10 (listed by `xc --all` and priced by hand).
const PRICED: &str = "| a small problem with costs\na b c | x\na b |3\na |1\nb |1 |1\nc x:A |4\nc |7\na c |2\nb x:B |0\n";

/// The cost of each option line of `PRICED`, by its text as `xc` prints it.
fn price_of(option: &str) -> u64 {
    PRICED
        .lines()
        .skip(2)
        .find(|l| l.split_whitespace().filter(|w| !w.starts_with('|')).collect::<Vec<_>>().join(" ") == option)
        .map(|l| l.split_whitespace().filter_map(|w| w.strip_prefix('|')).map(|n| n.parse::<u64>().unwrap()).sum())
        .unwrap_or_else(|| panic!("no option '{option}'"))
}

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let out = gridlock().args(args).write_stdin(input.to_string()).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn min_cost_prints_the_cheapest_solution_and_its_cost() {
    let (code, out, _) = run(&["xc", "--min-cost"], PRICED);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"cost: 2"));
    let options = &lines[..lines.len() - 1];
    assert_eq!(options.iter().map(|o| price_of(o)).sum::<u64>(), 2);
    let (_, json, _) = run(&["xc", "--min-cost", "--format", "json"], PRICED);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["verdict"], "solved");
    assert_eq!(v["solution"]["cost"], 2);
    let json_options: Vec<&str> = v["solution"]["options"].as_array().unwrap().iter().map(|o| o.as_str().unwrap()).collect();
    assert_eq!(json_options, options);
    assert_eq!(v["stats"]["tax"], "2", "a and c are taxed 1 each: their cheapest options cost 1 and 2, shared");
}

#[test]
fn best_k_lists_the_k_cheapest_in_order() {
    let (code, out, _) = run(&["xc", "--best", "5"], PRICED);
    assert_eq!(code, 0);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 5);
    let mut costs = Vec::new();
    for block in blocks {
        let lines: Vec<&str> = block.lines().collect();
        let cost: u64 = lines.last().unwrap().strip_prefix("cost: ").unwrap().parse().unwrap();
        assert_eq!(lines[..lines.len() - 1].iter().map(|o| price_of(o)).sum::<u64>(), cost, "{block}");
        costs.push(cost);
    }
    assert_eq!(costs, [2, 4, 7, 7, 8]);
    let (_, json, _) = run(&["xc", "--best", "100", "--format", "json"], PRICED);
    let v: Value = serde_json::from_str(&json).unwrap();
    let costs: Vec<u64> = v["solutions"].as_array().unwrap().iter().map(|s| s["cost"].as_u64().unwrap()).collect();
    assert_eq!(costs, [2, 4, 7, 7, 8, 10, 10], "every solution when K is larger");
}

#[test]
fn no_solution_and_refused_combinations() {
    let (code, out, _) = run(&["xc", "--min-cost"], "a b\na |5\n");
    assert_eq!((code, out.as_str()), (0, "No solution\n"));
    let (_, json, _) = run(&["xc", "--min-cost", "--format", "json"], "a b\na |5\n");
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!((v["verdict"].as_str(), v["solution"].is_null()), (Some("no_solution"), true));
    for args in [
        &["xc", "--best", "2", "--count"][..],
        &["xc", "--best", "2", "--all"],
        &["xc", "--best", "0"],
        &["xc", "--min-cost", "--threads", "2"],
    ] {
        let (code, _, err) = run(args, PRICED);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
    let (code, _, err) = run(&["xc", "--min-cost"], "a\na |x\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 2") && err.contains("cost"), "{err}");
}

#[test]
fn min_cost_takes_multiplicities() {
    // a is covered once or twice, b once: {a b} costs 3, {a, b} 5, {a, a b} 7.
    let text = "1:2|a b\na |4\na b |3\nb |1\n";
    assert_eq!(run(&["xc", "--min-cost"], text).1, "a b\ncost: 3\n");
    assert_eq!(run(&["xc", "--best", "3"], text).1, "a b\ncost: 3\n\na\nb\ncost: 5\n\na\na b\ncost: 7\n");
    assert_eq!(run(&["xc", "--min-cost", "--count"], "2|a\na |1\na\na |1\n").1, "2\ncost: 1\n");
    let (_, _, err) = run(&["xc", "--min-cost", "--stats"], text);
    assert!(err.contains("bitsets"), "{err}");
}

#[test]
fn min_cost_with_count_counts_the_cheapest_solutions() {
    assert_eq!(run(&["xc", "--min-cost", "--count"], PRICED).1, "1\ncost: 2\n");
    // Three ways to pay 3 for a, one of them split over two |n, and a dearer one.
    let ties = "a\na |3\na |1 |2\na |5\na |0 |3\n";
    assert_eq!(run(&["xc", "--min-cost", "--count"], ties).1, "3\ncost: 3\n");
    let (_, json, _) = run(&["xc", "--min-cost", "--count", "--format", "json"], ties);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!((v["verdict"].as_str(), v["count"].as_u64(), v["cost"].as_u64()), (Some("count"), Some(3), Some(3)));
    assert_eq!(run(&["xc", "--min-cost", "--count"], "a b\na\n").1, "0\n");
    let (_, json, _) = run(&["xc", "--min-cost", "--count", "--format", "json"], "a b\na\n");
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!((v["count"].as_u64(), v["cost"].is_null()), (Some(0), true));
    assert_eq!(run(&["xc", "--min-cost", "--count", "--best", "2"], ties).0, 2);
}
