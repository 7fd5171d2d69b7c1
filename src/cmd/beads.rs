//! `gridlock beads`: smart beads (NOI 2005).

use super::{keep_going, lines, Cells};
use crate::args::{Budget, Listing, Puzzle};
use crate::output::{self, NoStats, Outcome, Run, Target, SMALL_INPUT_LIMIT};
use puzzles::beads::{self, Tray};
use serde::Serialize;
use std::collections::BTreeMap;

/// Arguments of `gridlock beads`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    puzzle: Puzzle,
    #[command(flatten)]
    listing: Listing,
    /// Print the number of completions instead of one completion.
    #[arg(long, conflicts_with_all = ["all", "limit", "svg"])]
    count: bool,
    /// Up to the tray's mirror symmetry (r, c) -> (9-c, 9-r), when the tray has it: with
    /// --count, count classes; with --all or --limit, list one completion per class.
    #[arg(long)]
    unique: bool,
    /// Search engine: the bitboard packer, or generic dancing links.
    #[arg(long, value_enum, default_value_t = EngineArg::Bitboard)]
    engine: EngineArg,
    #[command(flatten)]
    budget: Budget,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum EngineArg {
    /// Bitboard cell-first packer (fast).
    Bitboard,
    /// Dancing links (Algorithm X), the generic exact-cover engine.
    Dlx,
}

/// A completed tray: the contest rows and, per piece letter, its cells.
#[derive(Serialize)]
struct Completion {
    tray: Vec<String>,
    pieces: BTreeMap<char, Cells>,
}

impl Completion {
    fn new(t: &Tray) -> Completion {
        let mut pieces: BTreeMap<char, Cells> = BTreeMap::new();
        for c in Tray::cells() {
            if let Some(p) = t.get(c.x as usize, c.y as usize) {
                pieces.entry((b'A' + p) as char).or_default().push([c.x as i64, c.y as i64]);
            }
        }
        Completion { tray: lines(&beads::render(t)), pieces }
    }
}

/// The answer of `gridlock beads` without a list.
#[derive(Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
enum Answer {
    Solved(Completion),
    NoSolution,
    Count { count: u64, unique: bool },
}

impl Answer {
    fn text(&self) -> String {
        match self {
            Answer::Solved(c) => c.tray.iter().map(|l| format!("{l}\n")).collect(),
            Answer::NoSolution => "No solution\n".into(),
            Answer::Count { count, .. } => format!("{count}\n"),
        }
    }
}

/// The tray's image under [`beads::mirror`].
fn mirrored(t: &Tray) -> Tray {
    let mut m = Tray::default();
    for c in Tray::cells() {
        let image = beads::mirror(c);
        m.set(image.x as usize, image.y as usize, t.get(c.x as usize, c.y as usize));
    }
    m
}

/// The holes in row-major order: a key that orders trays.
fn key(t: &Tray) -> Vec<Option<u8>> {
    Tray::cells().map(|c| t.get(c.x as usize, c.y as usize)).collect()
}

/// Runs `gridlock beads`.
pub fn run(args: &Args) -> Outcome {
    let (svg, input) = output::open_puzzle(&args.puzzle, SMALL_INPUT_LIMIT)?;
    let tray = beads::parse(&input.data).map_err(|e| input.bad(e))?;
    output::start_time_limit(args.budget.time_limit);
    let solver = beads::BeadsSolver::new(&tray);
    let engine = match args.engine {
        EngineArg::Bitboard => beads::Engine::Bitboard,
        EngineArg::Dlx => beads::Engine::ExactCover,
    };
    let run = Run::new("beads", args.puzzle.io.format);
    if args.count {
        let count = if args.unique { solver.count_unique(engine) } else { solver.count(engine) };
        let answer = Answer::Count { count, unique: args.unique };
        return run.answer(|| answer.text(), &answer, &NoStats {});
    }
    if args.listing.is_list() {
        if svg.is_some() {
            return Err(output::bad("--svg draws one answer; it does not go with --all or --limit"));
        }
        let symmetric = args.unique && tray.is_mirror_symmetric();
        let wanted = args.listing.wanted();
        let mut list = run.stream("solutions", "\n");
        let mut error = None;
        let _ = solver.for_each(engine, |t| {
            if symmetric && key(t) > key(&mirrored(t)) {
                return std::ops::ControlFlow::Continue(());
            }
            let c = Completion::new(t);
            let result = list.push(|| beads::render(t), &c);
            keep_going(list.len(), wanted, result, &mut error)
        });
        if let Some(e) = error {
            return Err(e.into());
        }
        let verdict = if list.len() == 0 { "no_solution" } else { "solved" };
        return list.finish("No solution\n", &serde_json::json!({ "verdict": verdict }), &NoStats {});
    }
    if args.unique {
        return Err(output::bad("--unique goes with --count, --all or --limit"));
    }
    let first = solver.first(engine);
    if let Some(target) = &svg {
        target.write(puzzles::svg::beads(first.as_ref().unwrap_or(&tray)))?;
        if Target::is_stdout(&svg) {
            return Ok(());
        }
    }
    let answer = match &first {
        Some(t) => Answer::Solved(Completion::new(t)),
        None => Answer::NoSolution,
    };
    run.answer(|| answer.text(), &answer, &NoStats {})
}
