//! `gridlock mayan`: the Mayan puzzle (NOIP 2011).

use crate::args::{Budget, Puzzle};
use crate::output::{self, Outcome, Run, Target, SMALL_INPUT_LIMIT};
use puzzles::mayan;
use serde::Serialize;

/// Arguments of `gridlock mayan`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    puzzle: Puzzle,
    /// After the answer, draw the board before and after each move (text only).
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    budget: Budget,
}

/// One move: the block at column `x`, row `y` (from the bottom), dragged by `g`.
#[derive(Serialize)]
struct Move {
    x: u8,
    y: u8,
    g: i8,
}

/// The answer.
#[derive(Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
enum Answer {
    Solved { moves: Vec<Move> },
    NoSolution,
}

/// Counters of the search.
#[derive(Serialize)]
struct Stats {
    nodes: u64,
    table_hits: u64,
}

/// Runs `gridlock mayan`.
pub fn run(args: &Args) -> Outcome {
    if args.explain && args.puzzle.io.format == crate::args::Format::Json {
        return Err(output::bad("--explain draws boards as text; it does not go with --format json"));
    }
    let (svg, input) = output::open_puzzle(&args.puzzle, SMALL_INPUT_LIMIT)?;
    let puzzle = mayan::parse(&input.data).map_err(|e| input.bad(e))?;
    output::start_time_limit(args.budget.time_limit);
    let run = Run::new("mayan", args.puzzle.io.format);
    let (answer, s) = mayan::solve_with_stats(&puzzle);
    if let Some(target) = &svg {
        target.write(puzzles::svg::mayan(&puzzle.board, answer.as_deref().unwrap_or(&[])))?;
        if Target::is_stdout(&svg) {
            return Ok(());
        }
    }
    let text = || {
        let mut t = mayan::render(answer.as_deref());
        if let (true, Some(moves)) = (args.explain, &answer) {
            t.push('\n');
            t.push_str(&mayan::explain(&puzzle.board, moves));
        }
        t
    };
    let typed = match &answer {
        Some(moves) => Answer::Solved { moves: moves.iter().map(|m| Move { x: m.x, y: m.y, g: m.g }).collect() },
        None => Answer::NoSolution,
    };
    run.answer(text, &typed, &Stats { nodes: s.nodes, table_hits: s.table_hits })
}
