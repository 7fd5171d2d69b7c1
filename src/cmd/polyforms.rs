//! `gridlock polyforms`: every polyform of a size on a lattice, listed as a pieces file
//! that `pack --pieces` reads back, or counted (`polyform::enumerate`: Redelmeier's
//! algorithm, on threads, without storing the forms).

use crate::args::{Budget, Format, LatticeArg, Picture};
use crate::output::{self, bad, Outcome, Run, Target};
use polyform::enumerate::{self, Kind};
use polyform::{Lattice, Piece};
use serde::Serialize;

/// Arguments of `gridlock polyforms`.
#[derive(clap::Args)]
pub struct Args {
    /// The lattice: square (polyominoes), triangular (polyiamonds), hexagonal (polyhexes),
    /// cubic (polycubes), prism (triangular prisms in layers), stick or trig (polysticks,
    /// polytrigs: segments of the square or triangular grid).
    #[arg(long, value_enum, default_value_t = LatticeArg::Square)]
    lattice: LatticeArg,
    /// The number of cells, 1 to 40.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=40))]
    size: u32,
    /// Distinct up to rotation only: turning over not allowed (for solids, mirror images
    /// distinct). Default: free (every rotation and reflection identified).
    #[arg(long, conflicts_with = "fixed")]
    one_sided: bool,
    /// Distinct up to translation only (every orientation its own polyform).
    #[arg(long)]
    fixed: bool,
    /// Print only the number of polyforms.
    #[arg(long)]
    count: bool,
    /// With --count, count on this many threads (the tree cut into subtrees).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024), requires = "count")]
    threads: u32,
    /// With --count: print a progress line on stderr every second (the threads' shares
    /// done), whatever stderr is; without it, a bar shows when stderr is a terminal.
    #[arg(long, requires = "count")]
    progress: bool,
    /// Output format: a pieces file (text), or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    picture: Picture,
    #[command(flatten)]
    budget: Budget,
}

/// One listed polyform (JSON): its name and cells, as `gridlock pack --format json`
/// gives cells.
#[derive(Serialize)]
struct Listed {
    name: String,
    cells: Vec<Vec<i64>>,
}

/// The answer.
#[derive(Serialize)]
struct Answer {
    lattice: &'static str,
    size: u32,
    kind: &'static str,
    count: serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pieces: Option<Vec<Listed>>,
}

/// Runs `gridlock polyforms`.
pub fn run(args: &Args) -> Outcome {
    let lattice = args.lattice.lattice();
    let n = args.size as usize;
    let (kind, word) = match (args.fixed, args.one_sided) {
        (true, _) => (Kind::Fixed, "fixed"),
        (_, true) => (Kind::OneSided, "one_sided"),
        _ => (Kind::Free, "free"),
    };
    let svg = Target::new("--svg", args.picture.svg.as_deref(), &[])?;
    if svg.is_some() && args.count {
        return Err(bad("--svg draws the polyforms listed; it does not go with --count"));
    }
    output::start_time_limit(args.budget.time_limit);
    let run = Run::new("polyforms", args.format);
    let mut answer = Answer { lattice: lattice.name(), size: args.size, kind: word, count: 0.into(), pieces: None };
    if args.count {
        let progress = output::Progress::new("polyforms", "shares", args.progress);
        let none = |_: u64, _: u64| {};
        let counts = enumerate::count(lattice, n, kind, args.threads as usize, progress.callback().unwrap_or(&none));
        drop(progress);
        let count = counts[n - 1];
        answer.count = output::json_count(&count.into());
        return run.answer(|| format!("{count}\n"), &answer, &serde_json::json!({ "threads": args.threads }));
    }
    enumerate::listable(lattice, n, 1).map_err(|e| bad(format_args!("{e}: count them with --count")))?;
    let pieces = polyform::sets::family(lattice, n, kind);
    if let Some(target) = &svg {
        target.write(picture(lattice, &pieces))?;
        if Target::is_stdout(&svg) {
            return Ok(());
        }
    }
    answer.count = pieces.len().into();
    answer.pieces = Some(pieces.iter().map(|p| listed(lattice, p)).collect());
    run.answer(|| puzzles::pack::drawing::pieces_file(&pieces), &answer, &serde_json::json!({}))
}

/// `piece` as JSON, its cells as answers give them ([`puzzles::pack::artist::coordinates`]).
fn listed(lattice: Lattice, piece: &Piece) -> Listed {
    let cells = piece.shape.cells().iter().map(|&c| puzzles::pack::artist::coordinates(lattice, c)).collect();
    Listed { name: piece.name.clone(), cells }
}

/// The pieces side by side in rows, each named (numbered names by their number), as an
/// SVG picture: each piece moved by
/// a translation of the lattice to its place in a grid of equal boxes (its largest
/// extents plus a gap), as many to a row as make the grid about square.
fn picture(lattice: Lattice, pieces: &[Piece]) -> String {
    let extent = |f: fn(&polyform::Cell) -> i32| pieces.iter().flat_map(|p| p.shape.cells().iter().map(f)).max().unwrap_or(0) + 2;
    let (dx, dy) = (extent(|c| c.x), extent(|c| c.y));
    let per_row = ((pieces.len() as f64).sqrt().ceil() as i32).max(1);
    let mut cells = Vec::new();
    for (k, p) in pieces.iter().enumerate() {
        let (row, col) = (k as i32 / per_row, k as i32 % per_row);
        // Rows of pieces down the picture: along x on the square, cubic and stick
        // lattices (x is the row there), along -y on the others (y points up the page).
        let (ox, oy) = match lattice {
            Lattice::Square | Lattice::Cubic | Lattice::Stick => (row * dx, col * dy),
            _ => (col * dx + row * dy / 2, -row * dy),
        };
        cells.extend(p.shape.cells().iter().map(|c| (polyform::Cell::new(c.x + ox, c.y + oy, c.z), Some(k))));
    }
    // Numbered names (`hexomino-7`) are labelled by their number alone.
    let numbered = |p: &Piece| format!("{}-", polyform::sets::singular(lattice, p.shape.len()));
    let names: Vec<String> = pieces.iter().map(|p| p.name.strip_prefix(&numbered(p)).unwrap_or(&p.name).to_string()).collect();
    puzzles::svg::lattice(lattice, &cells, &names)
}
