//! `gridlock burr`: BurrTools puzzles (`.xmpuzzle`), their problems' assemblies counted
//! and listed on gridlock's exact cover engines.

use crate::args::{Budget, Io};
use crate::output::{self, read_input, Outcome, Run};
use puzzles::burr::{self, Assembly, BurrPuzzle};
use serde::Serialize;

/// Arguments of `gridlock burr`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    io: Io,
    /// Solve only this problem: its name, or its number from 1 in the file's order.
    #[arg(long, value_name = "NAME|K")]
    problem: Option<String>,
    /// Print per problem its name and its number of assemblies (one per class under the
    /// result's symmetries).
    #[arg(long, conflicts_with_all = ["all", "limit"])]
    count: bool,
    /// List every assembly of each problem (one per class), as layers.
    #[arg(long)]
    all: bool,
    /// List at most N assemblies of each problem.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Refuse a problem with more than N assemblies before symmetric ones are merged
    /// (each is kept in memory to merge them).
    #[arg(long, value_name = "N", default_value_t = 5_000_000)]
    max_assemblies: u64,
    #[command(flatten)]
    budget: Budget,
}

/// The largest `.xmpuzzle` file read (16 MiB; decompressed, at most 64 MiB).
const FILE_LIMIT: u64 = 16 << 20;

/// One placed piece in JSON.
#[derive(Serialize)]
struct PieceJson {
    label: char,
    shape: String,
    cells: Vec<[i32; 3]>,
}

/// One problem's answer.
#[derive(Serialize)]
struct ProblemAnswer {
    name: String,
    assemblies: u64,
    /// Every assembly before symmetric ones were merged.
    found: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    listed: Option<Vec<Vec<PieceJson>>>,
}

/// Counters.
#[derive(Serialize)]
struct Stats {
    /// Assemblies found before classes were taken, summed over the problems.
    placements_found: u64,
}

/// The labels of an assembly's pieces: A, B, ... in its order.
fn label(k: usize) -> char {
    const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    LABELS.get(k).map_or('?', |&b| b as char)
}

/// An assembly drawn as layers (z from 0), each a grid of lines y and columns x: a
/// piece's letter, '+' a variable voxel left empty, '_' outside the result; then a
/// legend line per piece.
fn draw(puzzle: &BurrPuzzle, problem: usize, assembly: &Assembly) -> String {
    let p = &puzzle.problems[problem];
    let result = &puzzle.shapes[p.result];
    let [sx, sy, sz] = result.size;
    let mut grid: Vec<char> = result.voxels.iter().map(|v| if matches!(v, burr::Voxel::Empty) { '_' } else { '+' }).collect();
    for (k, placed) in assembly.iter().enumerate() {
        for c in &placed.cells {
            grid[c[0] as usize + sx * (c[1] as usize + sy * c[2] as usize)] = label(k);
        }
    }
    let mut out = String::new();
    for z in 0..sz {
        if z > 0 {
            out.push('\n');
        }
        for y in 0..sy {
            out.extend((0..sx).map(|x| grid[x + sx * (y + sy * z)]));
            out.push('\n');
        }
    }
    for (k, placed) in assembly.iter().enumerate() {
        let part = &p.parts[placed.part];
        out.push_str(&format!("{} {}\n", label(k), puzzle.shapes[part.shape].label(part.shape)));
    }
    out
}

/// Runs `gridlock burr`.
pub fn run(args: &Args) -> Outcome {
    let input = read_input(args.io.file.as_deref(), FILE_LIMIT)?;
    let puzzle = burr::parse(&input.data).map_err(|e| input.bad(e))?;
    drop(input);
    let chosen: Vec<usize> = match &args.problem {
        None => (0..puzzle.problems.len()).collect(),
        Some(wanted) => {
            let by_name = puzzle.problems.iter().position(|p| &p.name == wanted);
            let by_number = wanted.parse::<usize>().ok().filter(|&k| k >= 1 && k <= puzzle.problems.len()).map(|k| k - 1);
            match by_name.or(by_number) {
                Some(k) => vec![k],
                None => {
                    let names: Vec<String> = puzzle.problems.iter().enumerate().map(|(k, p)| p.label(k)).collect();
                    return Err(output::bad(format_args!("--problem {wanted}: no such problem; the file has {}", names.join(", "))));
                }
            }
        }
    };
    if chosen.is_empty() {
        return Err(output::bad("the file has no problem"));
    }
    output::start_time_limit(args.budget.time_limit);
    let run = Run::new("burr", args.io.format);
    let wanted = match (args.all, args.limit) {
        (_, Some(n)) => n,
        (true, None) => u64::MAX,
        (false, None) => 1,
    };
    let mut answers = Vec::new();
    let mut text = String::new();
    let mut found = 0;
    for &k in &chosen {
        let problem = &puzzle.problems[k];
        let a = burr::assemblies(&puzzle, k, args.max_assemblies)
            .map_err(|e| output::bad(format_args!("problem {}: {e}", problem.label(k))))?;
        found += a.all;
        let count = a.classes.len() as u64;
        if args.count {
            text.push_str(&format!("{}: {count} assemblies\n", problem.label(k)));
            answers.push(ProblemAnswer { name: problem.label(k), assemblies: count, found: a.all, listed: None });
            continue;
        }
        let shown: Vec<&Assembly> = a.classes.iter().take(wanted.min(usize::MAX as u64) as usize).collect();
        text.push_str(&format!("{}: {count} assemblies\n", problem.label(k)));
        for (i, assembly) in shown.iter().enumerate() {
            text.push_str(&format!("\nassembly {}\n", i + 1));
            text.push_str(&draw(&puzzle, k, assembly));
        }
        let listed = shown
            .iter()
            .map(|assembly| {
                assembly
                    .iter()
                    .enumerate()
                    .map(|(i, placed)| {
                        let part = &problem.parts[placed.part];
                        PieceJson { label: label(i), shape: puzzle.shapes[part.shape].label(part.shape), cells: placed.cells.clone() }
                    })
                    .collect()
            })
            .collect();
        answers.push(ProblemAnswer { name: problem.label(k), assemblies: count, found: a.all, listed: Some(listed) });
    }
    let verdict = if args.count { "count" } else { "solved" };
    run.answer(|| text, &serde_json::json!({ "verdict": verdict, "problems": answers }), &Stats { placements_found: found })
}
