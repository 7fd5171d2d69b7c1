//! `gridlock xc`: exact cover in Knuth's DLX format.

use super::keep_going;
use crate::args::{Budget, Io, Listing, Scale};
use crate::output::{self, read_input, Outcome, Run, LARGE_INPUT_LIMIT};
use serde::Serialize;

/// Arguments of `gridlock xc`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    io: Io,
    /// Print the number of solutions.
    #[arg(long, conflicts_with_all = ["all", "limit"])]
    count: bool,
    #[command(flatten)]
    listing: Listing,
    #[command(flatten)]
    scale: Scale,
    #[command(flatten)]
    budget: Budget,
}

/// The answer without a list.
#[derive(Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
enum Answer {
    Solved { options: Vec<String> },
    NoSolution,
    Count { count: u64, shard: Option<String> },
}

/// Search counters of dancing links.
#[derive(Serialize)]
struct Stats {
    nodes: u64,
    updates: u64,
}

/// Runs `gridlock xc`.
pub fn run(args: &Args) -> Outcome {
    let input = read_input(args.io.file.as_deref(), LARGE_INPUT_LIMIT)?;
    let named = exact_cover::knuth::parse(input.text()?).map_err(|e| input.bad(e))?;
    drop(input);
    output::start_time_limit(args.budget.time_limit);
    let run = Run::new("xc", args.io.format);
    if args.count {
        let bar = output::progress_bar();
        let report = output::progress_reporter(&bar);
        let options = exact_cover::parallel::CountOptions {
            threads: args.scale.threads,
            shard: args.scale.shard,
            progress: bar.as_ref().map(|_| &report as &(dyn Fn(u64, u64) + Sync)),
        };
        let count = exact_cover::parallel::count(&named.problem, &options);
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        let answer = Answer::Count { count, shard: args.scale.shard.map(|(k, n)| format!("{k}/{n}")) };
        return run.answer(|| format!("{count}\n"), &answer, &serde_json::json!({ "threads": args.scale.threads }));
    }
    let mut solver = exact_cover::Solver::new(&named.problem);
    let texts = |sol: &[usize]| -> Vec<String> { sol.iter().map(|&k| named.option_text(k)).collect() };
    if args.listing.is_list() {
        let wanted = args.listing.wanted();
        let mut list = run.stream("solutions", "\n");
        let mut error = None;
        while let Some(sol) = solver.next_solution() {
            let options = texts(sol);
            let result = list.push(|| options.iter().map(|o| format!("{o}\n")).collect(), &options);
            if keep_going(list.len(), wanted, result, &mut error).is_break() {
                break;
            }
        }
        if let Some(e) = error {
            return Err(e.into());
        }
        let verdict = if list.len() == 0 { "no_solution" } else { "solved" };
        let st = solver.stats();
        return list.finish("No solution\n", &serde_json::json!({ "verdict": verdict }), &Stats { nodes: st.nodes, updates: st.updates });
    }
    let answer = match solver.next_solution() {
        Some(sol) => Answer::Solved { options: texts(sol) },
        None => Answer::NoSolution,
    };
    let st = solver.stats();
    let text = || match &answer {
        Answer::Solved { options } => options.iter().map(|o| format!("{o}\n")).collect(),
        _ => "No solution\n".to_string(),
    };
    run.answer(text, &answer, &Stats { nodes: st.nodes, updates: st.updates })
}
