//! `gridlock twins`: polyomino pairs (NOI.AC, Code Jam 2018 "Two-Tiling").

use super::{lines, Cells};
use crate::args::{self, Budget, Puzzle};
use crate::output::{self, bad, NoStats, Outcome, Run, Target, LARGE_INPUT_LIMIT};
use polyform::twins::TwoTilings;
use puzzles::twins;
use serde::Serialize;

/// Arguments of `gridlock twins`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    puzzle: Puzzle,
    /// Output style: NOI.AC (verdict lines alone) or Code Jam ("Case #k: " before each).
    #[arg(long, value_enum, default_value_t = StyleArg::Noiac)]
    style: StyleArg,
    /// The board, ROWSxCOLUMNS, with ROWS x (2 x COLUMNS - 1) at most 128.
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = |s: &str| args::parse_size(s, 128))]
    board: (usize, usize),
    #[command(flatten)]
    budget: Budget,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum StyleArg {
    /// POSSIBLE or IMPOSSIBLE per case (NOI.AC).
    Noiac,
    /// "Case #k: POSSIBLE" (Code Jam).
    Gcj,
}

/// The answer to one case.
#[derive(Serialize)]
struct Case {
    case: usize,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    p_tiles: Option<Vec<Cells>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    q_tiles: Option<Vec<Cells>>,
}

fn tiles(ts: &[Vec<(u8, u8)>]) -> Vec<Cells> {
    ts.iter().map(|t| t.iter().map(|&(r, c)| [r as i64, c as i64]).collect()).collect()
}

/// Runs `gridlock twins`.
pub fn run(args: &Args) -> Outcome {
    let (svg, input) = output::open_puzzle(&args.puzzle, LARGE_INPUT_LIMIT)?;
    let cases = twins::parse(&input.data).map_err(|e| input.bad(e))?;
    drop(input);
    let (rows, cols) = args.board;
    // The board is checked before any output.
    twins::check_board(rows, cols).map_err(|e| bad(format_args!("--board: {e}")))?;
    output::start_time_limit(args.budget.time_limit);
    let style = match args.style {
        StyleArg::Noiac => twins::Style::NoiAc,
        StyleArg::Gcj => twins::Style::CodeJam,
    };
    let run = Run::new("twins", args.puzzle.io.format);
    let solve = |batch: &[twins::Case]| twins::solve_all(batch, rows, cols).map_err(|e| bad(format_args!("--board: {e}")));
    let case = |k: usize, a: Option<&TwoTilings>| match a {
        None => Case { case: k, verdict: "impossible", board: None, p_tiles: None, q_tiles: None },
        Some(t) => Case {
            case: k,
            verdict: "possible",
            board: Some(lines(&twins::render(k, Some(t), rows, cols, twins::Style::NoiAc)).split_off(1)),
            p_tiles: Some(tiles(&t.p_tiles)),
            q_tiles: Some(tiles(&t.q_tiles)),
        },
    };
    if let Some(target) = &svg {
        output::check_svg_size(cases.len().saturating_mul(2 * rows * cols))?;
        let answers = solve(&cases)?;
        target.write(puzzles::svg::twins(&answers, rows, cols))?;
        if Target::is_stdout(&svg) {
            return Ok(());
        }
        let mut list = run.stream("cases", "");
        for (k, a) in answers.iter().enumerate() {
            list.push(|| twins::render(k + 1, a.as_ref(), rows, cols, style), &case(k + 1, a.as_ref()))?;
        }
        return list.finish("", &serde_json::json!({}), &NoStats {});
    }
    let mut list = run.stream("cases", "");
    // Each answer is written as soon as it and those before it are decided.
    twins::solve_each(&cases, rows, cols, |i, a| {
        let k = i + 1;
        list.push(|| twins::render(k, a.as_ref(), rows, cols, style), &case(k, a.as_ref()))
    })
    .map_err(|e| bad(format_args!("--board: {e}")))??;
    list.finish("", &serde_json::json!({}), &NoStats {})
}
