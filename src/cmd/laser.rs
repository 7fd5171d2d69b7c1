//! `gridlock laser`: laser tower defense (Luogu P5297, Code Jam 2017 "Beaming With Joy").

use super::lines;
use crate::args::{Budget, Puzzle};
use crate::output::{self, Outcome, Run, Target, LARGE_INPUT_LIMIT};
use puzzles::laser;
use serde::Serialize;

/// Arguments of `gridlock laser`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    puzzle: Puzzle,
    /// Output style: P5297 (verdict lines alone) or Code Jam ("Case #k: " before each).
    #[arg(long, value_enum, default_value_t = StyleArg::P5297)]
    style: StyleArg,
    #[command(flatten)]
    budget: Budget,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum StyleArg {
    /// POSSIBLE or IMPOSSIBLE per case (Luogu P5297).
    #[value(name = "p5297")]
    P5297,
    /// "Case #k: POSSIBLE" (Code Jam).
    Gcj,
}

/// One turret of an answer and the way it fires.
#[derive(Serialize)]
struct Turret {
    row: usize,
    col: usize,
    fires: &'static str,
}

/// The answer to one case.
#[derive(Serialize)]
struct Case {
    case: usize,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    grid: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    turrets: Option<Vec<Turret>>,
}

impl Case {
    fn new(k: usize, answer: Option<&laser::Grid>) -> Case {
        let Some(g) = answer else {
            return Case { case: k, verdict: "impossible", grid: None, turrets: None };
        };
        let turrets = (0..g.cells.len())
            .filter(|&i| matches!(g.cells[i], b'|' | b'-'))
            .map(|i| Turret { row: i / g.cols, col: i % g.cols, fires: if g.cells[i] == b'|' { "vertical" } else { "horizontal" } })
            .collect();
        let text = laser::render(k, Some(g), laser::Style::P5297);
        Case { case: k, verdict: "possible", grid: Some(lines(&text).split_off(1)), turrets: Some(turrets) }
    }
}

/// Totals over the cases.
#[derive(Serialize, Default)]
struct Stats {
    turrets: usize,
    clauses: usize,
}

/// Runs `gridlock laser`.
pub fn run(args: &Args) -> Outcome {
    let (svg, input) = output::open_puzzle(&args.puzzle, LARGE_INPUT_LIMIT)?;
    let cases = laser::parse(&input.data).map_err(|e| input.bad(e))?;
    drop(input);
    output::start_time_limit(args.budget.time_limit);
    let style = match args.style {
        StyleArg::P5297 => laser::Style::P5297,
        StyleArg::Gcj => laser::Style::CodeJam,
    };
    let run = Run::new("laser", args.puzzle.io.format);
    let mut stats = Stats::default();
    if let Some(target) = &svg {
        // The picture needs every case: solve them all first (bounded by its size).
        output::check_svg_size(cases.iter().map(|g| g.cells.len()).sum())?;
        let solved: Vec<Option<laser::Grid>> = cases.iter().map(laser::solve).collect();
        let answers: Vec<Option<&laser::Grid>> = solved.iter().map(Option::as_ref).collect();
        target.write(puzzles::svg::laser(&cases, &answers))?;
        if Target::is_stdout(&svg) {
            return Ok(());
        }
        let mut list = run.stream("cases", "");
        for (k, a) in answers.iter().enumerate() {
            list.push(|| laser::render(k + 1, *a, style), &Case::new(k + 1, *a))?;
        }
        return list.finish("", &serde_json::json!({}), &stats);
    }
    let mut list = run.stream("cases", "");
    for (k, grid) in cases.iter().enumerate() {
        let (answer, s) = laser::solve_with_stats(grid);
        stats.turrets += s.turrets;
        stats.clauses += s.clauses;
        list.push(|| laser::render(k + 1, answer.as_ref(), style), &Case::new(k + 1, answer.as_ref()))?;
    }
    list.finish("", &serde_json::json!({}), &stats)
}
