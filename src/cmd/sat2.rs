//! `gridlock sat2`: 2-SAT on DIMACS CNF.

use crate::args::{Budget, Io};
use crate::output::{self, read_input, Outcome, Run, LARGE_INPUT_LIMIT};
use serde::Serialize;

/// Arguments of `gridlock sat2`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    io: Io,
    #[command(flatten)]
    budget: Budget,
}

/// The answer: a model (variable 1 first) or none.
#[derive(Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
enum Answer {
    Satisfiable { model: Vec<bool> },
    Unsatisfiable,
}

/// Counters of the run.
#[derive(Serialize)]
struct Stats {
    variables: u32,
    clauses: usize,
    components: usize,
}

/// Runs `gridlock sat2`.
pub fn run(args: &Args) -> Outcome {
    let input = read_input(args.io.file.as_deref(), LARGE_INPUT_LIMIT)?;
    let formula = twosat::dimacs::parse(&input.data).map_err(|e| input.bad(e))?;
    drop(input);
    output::start_time_limit(args.budget.time_limit);
    let run = Run::new("sat2", args.io.format);
    let (model, s) = formula.solve_with_stats();
    let stats = Stats { variables: formula.vars(), clauses: formula.clauses().len(), components: s.components };
    let text = || twosat::dimacs::render(model.as_deref());
    let answer = match &model {
        Some(m) => Answer::Satisfiable { model: m.clone() },
        None => Answer::Unsatisfiable,
    };
    run.answer(text, &answer, &stats)
}
