//! `gridlock`: exact solvers for combinatorial grid puzzles.
//!
//! Exit status: 0 when an answer (including "No solution") was printed, 2 for bad input
//! or usage (message on stderr), 1 for an I/O failure writing the answer.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use puzzles::{beads, laser, mayan, pack, twins};
use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "gridlock", version, about = "Exact, fast solvers for combinatorial grid puzzles")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Smart beads (NOI 2005): complete the 55-hole triangular tray with pieces A..L.
    ///
    /// Reads 10 lines (line i has i characters, A..L or '.') and prints the completed tray
    /// in the same layout, or "No solution".
    Beads(BeadsArgs),
    /// Laser tower defense (Luogu P5297, Code Jam 2017 "Beaming With Joy").
    ///
    /// Reads T, then per case "ROWS COLUMNS" and the grid (| - . # / \); prints per case
    /// POSSIBLE and the grid with every turret set, or IMPOSSIBLE. Solved by 2-SAT in time
    /// linear in the grid.
    Laser(LaserArgs),
    /// 2-SAT on DIMACS CNF input (clauses of one or two literals).
    ///
    /// Prints "s SATISFIABLE" and "v ... 0" lines with a model, or "s UNSATISFIABLE", as
    /// SAT competitions do (exit status 0 either way).
    Sat2(Sat2Args),
    /// The Mayan puzzle (NOIP 2011): empty the 5x7 board in exactly n moves.
    ///
    /// Reads n, then 5 lines (columns from the left) of colours from the bottom up, each
    /// ended by 0. Prints the lexicographically smallest answer as "x y g" lines, or -1.
    Mayan(MayanArgs),
    /// Pack pieces into a board, each piece used once (polyomino packing).
    ///
    /// Prints the first packing drawn with the pieces' names, or "No solution".
    Pack(PackArgs),
    /// Exact cover in Knuth's DLX format (DLX1/DLX2: primary | secondary items, colors).
    ///
    /// Prints the options of the first solution, one a line, or "No solution".
    Xc(XcArgs),
    /// Polyomino pairs (NOI.AC, Code Jam 2018 "Two-Tiling"): a region tileable by each of
    /// two pieces.
    ///
    /// Reads T, then per case 3 lines "PPP QQQ" ('@' a square, '.' none). Prints per case
    /// POSSIBLE and the two tilings side by side, or IMPOSSIBLE. Every pair is decided by
    /// a live search (no table), the pairs in parallel.
    Twins(TwinsArgs),
    /// Check an answer from the rules (a special judge): prints "ok" (exit 0) or the
    /// first reason it is wrong (exit 1). Where the answer says there is none, says
    /// whether gridlock agrees.
    Check(CheckArgs),
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The puzzle.
    #[arg(value_enum)]
    puzzle: CheckPuzzle,
    /// The puzzle's input file.
    input: PathBuf,
    /// The answer to check.
    output: PathBuf,
}

#[derive(Clone, Copy, ValueEnum)]
enum CheckPuzzle {
    /// Smart beads.
    Beads,
    /// Laser tower defense (either output style).
    Laser,
    /// The Mayan puzzle.
    Mayan,
    /// Polyomino pairs on the 8x8 board (either output style).
    Twins,
}

#[derive(clap::Args)]
struct TwinsArgs {
    /// Also draw the answer as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Output format: the puzzle's text format, or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Input file; stdin when omitted or "-".
    file: Option<PathBuf>,
    /// Output style: NOI.AC (verdict lines alone) or Code Jam ("Case #k: " before each).
    #[arg(long, value_enum, default_value_t = TwinsStyle::Noiac)]
    style: TwinsStyle,
    /// The board, ROWSxCOLUMNS.
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = parse_board_size)]
    board: (usize, usize),
}

#[derive(Clone, Copy, ValueEnum)]
enum TwinsStyle {
    /// POSSIBLE or IMPOSSIBLE per case (NOI.AC).
    Noiac,
    /// "Case #k: POSSIBLE" (Code Jam).
    Gcj,
}

/// Parses "RxC" with both at least 1.
fn parse_board_size(s: &str) -> std::result::Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not ROWSxCOLUMNS such as 8x8");
    let (r, c) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok((r, c))
}

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("board_source").required(true).args(["rect", "board"])))]
struct PackArgs {
    /// Also draw the answer as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Output format: the puzzle's text format, or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// A rectangular board ROWSxCOLUMNS, e.g. 6x10.
    #[arg(long, value_name = "RxC")]
    rect: Option<String>,
    /// A board file: '.' is a cell to fill, '#' or a space is outside.
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// The pieces: a set (pentominoes, tetrominoes, kanoodle) or a file of pieces (a name
    /// line then the shape drawn with '#', blank-line separated).
    #[arg(long, value_name = "SET|FILE")]
    pieces: String,
    /// Pieces may be rotated but not reflected.
    #[arg(long)]
    one_sided: bool,
    /// Print the number of packings.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// With --count: count packings up to the board's symmetries.
    #[arg(long, requires = "count")]
    unique: bool,
    /// Print every packing, separated by blank lines.
    #[arg(long)]
    all: bool,
    /// Print the problem as exact cover in Knuth's DLX format (for `gridlock xc` or
    /// Knuth's programs) instead of solving it.
    #[arg(long, conflicts_with_all = ["count", "all"])]
    emit_knuth: bool,
    #[command(flatten)]
    scale: ScaleArgs,
}

/// How a count is spread over threads or processes.
#[derive(clap::Args)]
struct ScaleArgs {
    /// With --count: worker threads (the tree is cut into many more subtrees).
    #[arg(long, default_value_t = 1, value_name = "N", requires = "count")]
    threads: usize,
    /// With --count: count only part K of N deterministic parts of the search tree, so
    /// that separate processes can share a count (the parts' counts add up).
    #[arg(long, value_name = "K/N", value_parser = parse_shard, requires = "count")]
    shard: Option<(usize, usize)>,
}

/// Parses "K/N" with 1 <= K <= N.
fn parse_shard(s: &str) -> std::result::Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not K/N with 1 <= K <= N");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

#[derive(clap::Args)]
struct XcArgs {
    /// Output format: the puzzle's text format, or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Input file; stdin when omitted or "-".
    file: Option<PathBuf>,
    /// Print the number of solutions.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// Print every solution, separated by blank lines.
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    scale: ScaleArgs,
}

#[derive(clap::Args)]
struct MayanArgs {
    /// Also draw the answer as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Output format: the puzzle's text format, or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Input file; stdin when omitted or "-".
    file: Option<PathBuf>,
    /// After the answer, draw the board before and after each move.
    #[arg(long)]
    explain: bool,
}

#[derive(clap::Args)]
struct LaserArgs {
    /// Also draw the answer as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Output format: the puzzle's text format, or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Input file; stdin when omitted or "-".
    file: Option<PathBuf>,
    /// Output style: P5297 (verdict lines alone) or Code Jam ("Case #k: " before each).
    #[arg(long, value_enum, default_value_t = StyleArg::P5297)]
    style: StyleArg,
}

#[derive(Clone, Copy, ValueEnum)]
enum StyleArg {
    /// POSSIBLE or IMPOSSIBLE per case (Luogu P5297).
    #[value(name = "p5297")]
    P5297,
    /// "Case #k: POSSIBLE" (Code Jam).
    Gcj,
}

#[derive(clap::Args)]
struct Sat2Args {
    /// Output format: the puzzle's text format, or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// DIMACS CNF file; stdin when omitted or "-".
    file: Option<PathBuf>,
}

#[derive(clap::Args)]
struct BeadsArgs {
    /// Also draw the answer as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Output format: the puzzle's text format, or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Input file; stdin when omitted or "-".
    file: Option<PathBuf>,
    /// Print the number of completions instead of one completion.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// With --count: count completions up to the tray's mirror symmetry (r, c) -> (9-c, 9-r).
    #[arg(long, requires = "count")]
    unique: bool,
    /// Print every completion, separated by blank lines ("No solution" if none).
    #[arg(long)]
    all: bool,
    /// Search engine: the bitboard packer, or generic dancing links.
    #[arg(long, value_enum, default_value_t = EngineArg::Bitboard)]
    engine: EngineArg,
}

/// Output format.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The puzzle's own text format.
    Text,
    /// JSON, as documented in docs/json.md.
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum EngineArg {
    /// Bitboard cell-first packer (fast).
    Bitboard,
    /// Dancing links (Algorithm X), the generic exact-cover engine.
    Dlx,
}

impl From<EngineArg> for beads::Engine {
    fn from(e: EngineArg) -> beads::Engine {
        match e {
            EngineArg::Bitboard => beads::Engine::Bitboard,
            EngineArg::Dlx => beads::Engine::DancingLinks,
        }
    }
}

/// The largest small-puzzle input read (beads, mayan), in bytes: far above any real
/// puzzle, so that a huge or endless input is refused instead of filling memory.
const SMALL_INPUT_LIMIT: u64 = 1 << 20;

/// The largest grid or formula file read (4 GiB): room for grids of tens of thousands of
/// cells a side, while an endless input is still refused.
const LARGE_INPUT_LIMIT: u64 = 1 << 32;

/// Wraps a message as the user's failure (bad input or usage): exit status 2.
fn input_error(e: impl Into<anyhow::Error>) -> anyhow::Error {
    anyhow::Error::new(InputErrorMarker).context(format!("{:#}", e.into()))
}

/// Marks an error chain as bad input.
#[derive(Debug)]
struct InputErrorMarker;

impl std::fmt::Display for InputErrorMarker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("bad input")
    }
}

impl std::error::Error for InputErrorMarker {}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match cli.command {
        Command::Beads(args) => run_beads(&args, &mut out),
        Command::Laser(args) => run_laser(&args, &mut out),
        Command::Sat2(args) => run_sat2(&args, &mut out),
        Command::Mayan(args) => run_mayan(&args, &mut out),
        Command::Pack(args) => run_pack(&args, &mut out),
        Command::Xc(args) => run_xc(&args, &mut out),
        Command::Twins(args) => run_twins(&args, &mut out),
        Command::Check(args) => match run_check(&args, &mut out) {
            Ok(true) => Ok(()),
            Ok(false) => {
                let _ = out.flush();
                return ExitCode::from(1);
            }
            Err(e) => Err(e),
        },
    };
    let result = result.and_then(|()| out.flush().context("writing the answer"));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.downcast_ref::<InputErrorMarker>().is_some() => {
            eprintln!("gridlock: {}", e);
            ExitCode::from(2)
        }
        Err(e) if e.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe) => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gridlock: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// Reads FILE (or stdin for `None` / `-`), at most `limit` bytes. Errors are input errors
/// naming the file.
fn read_input(file: Option<&PathBuf>, limit: u64) -> Result<(String, Vec<u8>)> {
    let (name, reader): (String, Box<dyn Read>) = match file {
        None => ("<stdin>".into(), Box::new(io::stdin())),
        Some(p) if p.as_os_str() == "-" => ("<stdin>".into(), Box::new(io::stdin())),
        Some(p) => {
            let f = std::fs::File::open(p).map_err(|e| input_error(anyhow::anyhow!("{}: {e}", p.display())))?;
            (p.display().to_string(), Box::new(f))
        }
    };
    let mut data = Vec::new();
    reader
        .take(limit + 1)
        .read_to_end(&mut data)
        .map_err(|e| input_error(anyhow::anyhow!("{name}: {e}")))?;
    if data.len() as u64 > limit {
        return Err(input_error(anyhow::anyhow!("{name}: input is larger than {limit} bytes")));
    }
    Ok((name, data))
}

fn run_beads(args: &BeadsArgs, out: &mut impl Write) -> Result<()> {
    let (name, data) = read_input(args.file.as_ref(), SMALL_INPUT_LIMIT)?;
    let tray = beads::parse(&data).map_err(|e| input_error(anyhow::anyhow!("{name}: {e}")))?;
    let solver = beads::BeadsSolver::new(&tray);
    let engine = args.engine.into();
    // The first completion, found once for both the picture and the answer.
    let first = std::cell::OnceCell::new();
    let first = || first.get_or_init(|| solver.first(engine));
    write_svg(args.svg.as_ref(), || puzzles::svg::beads(first().as_ref().unwrap_or(&tray)))?;
    if args.format == Format::Json {
        let start = std::time::Instant::now();
        let tray_json = |t: &beads::Tray| {
            let mut pieces = serde_json::Map::new();
            for c in beads::Tray::cells() {
                if let Some(p) = t.get(c.row as usize, c.col as usize) {
                    let letter = ((b'A' + p) as char).to_string();
                    let entry = pieces.entry(letter).or_insert_with(|| serde_json::json!([]));
                    entry.as_array_mut().expect("an array").push(serde_json::json!([c.row, c.col]));
                }
            }
            serde_json::json!({ "tray": lines_json(&beads::render(t)), "pieces": pieces })
        };
        let fields = if args.count {
            let n = if args.unique { solver.count_unique(engine) } else { solver.count(engine) };
            serde_json::json!({ "verdict": "count", "count": n, "unique": args.unique })
        } else if args.all {
            let mut all = Vec::new();
            let _ = solver.for_each(engine, |t| {
                all.push(tray_json(t));
                ControlFlow::Continue(())
            });
            let verdict = if all.is_empty() { "no_solution" } else { "solved" };
            serde_json::json!({ "verdict": verdict, "solutions": all })
        } else {
            match first() {
                Some(t) => {
                    let mut v = tray_json(t);
                    v["verdict"] = "solved".into();
                    v
                }
                None => serde_json::json!({ "verdict": "no_solution" }),
            }
        };
        return emit_json(out, "beads", fields, serde_json::json!({}), start);
    }
    if args.count {
        let n = if args.unique { solver.count_unique(engine) } else { solver.count(engine) };
        writeln!(out, "{n}")?;
    } else if args.all {
        let mut list = Listing::new(out);
        let _ = solver.for_each(engine, |t| list.item(&beads::render(t), true));
        list.finish()?;
    } else {
        match first() {
            Some(t) => write!(out, "{}", beads::render(t))?,
            None => writeln!(out, "No solution")?,
        }
    }
    Ok(())
}

fn run_laser(args: &LaserArgs, out: &mut impl Write) -> Result<()> {
    let (name, data) = read_input(args.file.as_ref(), LARGE_INPUT_LIMIT)?;
    let cases = laser::parse(&data).map_err(|e| input_error(anyhow::anyhow!("{name}: {e}")))?;
    drop(data);
    let style = match args.style {
        StyleArg::P5297 => laser::Style::P5297,
        StyleArg::Gcj => laser::Style::CodeJam,
    };
    let start = std::time::Instant::now();
    let solved: Vec<(Option<laser::Grid>, laser::Stats)> = cases.iter().map(laser::solve_with_stats).collect();
    let answers: Vec<Option<&laser::Grid>> = solved.iter().map(|(a, _)| a.as_ref()).collect();
    write_svg(args.svg.as_ref(), || puzzles::svg::laser(&cases, &answers))?;
    if args.format == Format::Json {
        let mut all = Vec::new();
        for (k, g) in answers.iter().enumerate() {
            all.push(match g {
                None => serde_json::json!({ "case": k + 1, "verdict": "impossible" }),
                Some(g) => {
                    let set: Vec<serde_json::Value> = (0..g.cells.len())
                        .filter(|&i| matches!(g.cells[i], b'|' | b'-'))
                        .map(|i| {
                            let fires = if g.cells[i] == b'|' { "vertical" } else { "horizontal" };
                            serde_json::json!({ "row": i / g.cols, "col": i % g.cols, "fires": fires })
                        })
                        .collect();
                    let text = laser::render(k + 1, Some(g), laser::Style::P5297);
                    let rows: Vec<&str> = text.lines().skip(1).collect();
                    serde_json::json!({ "case": k + 1, "verdict": "possible", "grid": rows, "turrets": set })
                }
            });
        }
        let turrets: usize = solved.iter().map(|(_, s)| s.turrets).sum();
        let clauses: usize = solved.iter().map(|(_, s)| s.clauses).sum();
        let stats = serde_json::json!({ "turrets": turrets, "clauses": clauses });
        return emit_json(out, "laser", serde_json::json!({ "cases": all }), stats, start);
    }
    for (k, answer) in answers.iter().enumerate() {
        out.write_all(laser::render(k + 1, *answer, style).as_bytes())?;
    }
    Ok(())
}

fn run_sat2(args: &Sat2Args, out: &mut impl Write) -> Result<()> {
    let (name, data) = read_input(args.file.as_ref(), LARGE_INPUT_LIMIT)?;
    let formula = twosat::dimacs::parse(&data).map_err(|e| input_error(anyhow::anyhow!("{name}: {e}")))?;
    drop(data);
    let start = std::time::Instant::now();
    let (model, stats) = formula.solve_with_stats();
    if args.format == Format::Json {
        let fields = match &model {
            Some(m) => serde_json::json!({ "verdict": "satisfiable", "model": m }),
            None => serde_json::json!({ "verdict": "unsatisfiable" }),
        };
        let stats = serde_json::json!({
            "variables": formula.vars(),
            "clauses": formula.clauses().len(),
            "components": stats.components,
        });
        return emit_json(out, "sat2", fields, stats, start);
    }
    out.write_all(twosat::dimacs::render(model.as_deref()).as_bytes())?;
    Ok(())
}

fn run_mayan(args: &MayanArgs, out: &mut impl Write) -> Result<()> {
    let (name, data) = read_input(args.file.as_ref(), SMALL_INPUT_LIMIT)?;
    let puzzle = mayan::parse(&data).map_err(|e| input_error(anyhow::anyhow!("{name}: {e}")))?;
    let start = std::time::Instant::now();
    let (answer, stats) = mayan::solve_with_stats(&puzzle);
    write_svg(args.svg.as_ref(), || puzzles::svg::mayan(&puzzle.board, answer.as_deref().unwrap_or(&[])))?;
    if args.format == Format::Json {
        let fields = match &answer {
            Some(moves) => {
                let list: Vec<serde_json::Value> =
                    moves.iter().map(|m| serde_json::json!({ "x": m.x, "y": m.y, "g": m.g })).collect();
                serde_json::json!({ "verdict": "solved", "moves": list })
            }
            None => serde_json::json!({ "verdict": "no_solution" }),
        };
        let stats = serde_json::json!({ "nodes": stats.nodes, "table_hits": stats.table_hits });
        return emit_json(out, "mayan", fields, stats, start);
    }
    out.write_all(mayan::render(answer.as_deref()).as_bytes())?;
    if args.explain {
        if let Some(moves) = &answer {
            write!(out, "\n{}", mayan::explain(&puzzle.board, moves))?;
        }
    }
    Ok(())
}

fn run_pack(args: &PackArgs, out: &mut impl Write) -> Result<()> {
    let board = match (&args.rect, &args.board) {
        (Some(r), _) => pack::rectangle(r).map_err(|e| input_error(anyhow::anyhow!("--rect: {e}")))?,
        (None, Some(path)) => {
            let (name, data) = read_input(Some(path), SMALL_INPUT_LIMIT)?;
            pack::parse_board(&String::from_utf8_lossy(&data)).map_err(|e| input_error(anyhow::anyhow!("{name}: {e}")))?
        }
        (None, None) => unreachable!("clap requires a board"),
    };
    let pieces = match polyomino::sets::by_name(&args.pieces) {
        Some(set) => set,
        None => {
            let path = PathBuf::from(&args.pieces);
            if !path.exists() {
                return Err(input_error(anyhow::anyhow!(
                    "--pieces: '{}' is neither a set (pentominoes, tetrominoes, kanoodle) nor a file",
                    args.pieces
                )));
            }
            let (name, data) = read_input(Some(&path), SMALL_INPUT_LIMIT)?;
            pack::parse_pieces(&String::from_utf8_lossy(&data)).map_err(|e| input_error(anyhow::anyhow!("{name}: {e}")))?
        }
    };
    let freedom = if args.one_sided { polyomino::Freedom::OneSided } else { polyomino::Freedom::Free };
    let solver = pack::PackSolver::new(board, pieces, freedom);
    if args.emit_knuth {
        out.write_all(solver.knuth_text().as_bytes())?;
        return Ok(());
    }
    let labels = pack::labels(solver.pieces());
    // The first packing, found once for both the picture and the answer.
    let first = std::cell::OnceCell::new();
    let first = || first.get_or_init(|| solver.first());
    write_svg(args.svg.as_ref(), || {
        let grid = match first() {
            Some(p) => pack::piece_grid(solver.board(), p),
            None => pack::piece_grid(solver.board(), &vec![Vec::new(); solver.pieces().len()]),
        };
        puzzles::svg::pack(&grid, &labels)
    })?;
    let start = std::time::Instant::now();
    let json = args.format == Format::Json;
    let packing_json = |packing: &pack::Packing| {
        let mut pieces = serde_json::Map::new();
        for (p, cells) in packing.iter().enumerate() {
            let coords = cells.iter().map(|&i| {
                let c = solver.board().cells()[i];
                (c.row as i64, c.col as i64)
            });
            pieces.insert(solver.pieces()[p].name.clone(), cells_json(coords));
        }
        serde_json::json!({ "board": lines_json(&pack::render(solver.board(), &labels, packing)), "pieces": pieces })
    };
    if json && !args.count {
        let fields = if args.all {
            let mut all = Vec::new();
            let _ = solver.for_each(|p| {
                all.push(packing_json(p));
                ControlFlow::Continue(())
            });
            let verdict = if all.is_empty() { "no_solution" } else { "solved" };
            serde_json::json!({ "verdict": verdict, "solutions": all })
        } else {
            match first() {
                Some(p) => {
                    let mut v = packing_json(p);
                    v["verdict"] = "solved".into();
                    v
                }
                None => serde_json::json!({ "verdict": "no_solution" }),
            }
        };
        return emit_json(out, "pack", fields, serde_json::json!({}), start);
    }
    if args.count {
        let bar = progress_bar();
        let report = progress_reporter(&bar);
        let options = pack::RunOptions {
            threads: args.scale.threads,
            shard: args.scale.shard,
            progress: bar.as_ref().map(|_| &report as &(dyn Fn(u64, u64) + Sync)),
        };
        let n = if args.unique {
            solver.count_with_symmetry(&options).map(|(_, unique)| unique)
        } else {
            solver.count(&options)
        }
        .map_err(input_error)?;
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        if json {
            let shard = args.scale.shard.map(|(k, n)| format!("{k}/{n}"));
            let fields = serde_json::json!({ "verdict": "count", "count": n, "unique": args.unique, "shard": shard });
            return emit_json(out, "pack", fields, serde_json::json!({ "threads": args.scale.threads }), start);
        }
        writeln!(out, "{n}")?;
        return Ok(());
    }
    if !args.all {
        match first() {
            Some(p) => write!(out, "{}", pack::render(solver.board(), &labels, p))?,
            None => writeln!(out, "No solution")?,
        }
        return Ok(());
    }
    let mut list = Listing::new(out);
    let _ = solver.for_each(|packing| list.item(&pack::render(solver.board(), &labels, packing), true));
    list.finish()
}

/// Writes a JSON answer: the envelope of docs/json.md (`schema`, `command`), the fields
/// given, and `stats` with the elapsed `seconds` added.
fn emit_json(out: &mut impl Write, command: &str, fields: serde_json::Value, mut stats: serde_json::Value, start: std::time::Instant) -> Result<()> {
    let mut v = serde_json::json!({ "schema": "gridlock-answer/1", "command": command });
    if let (Some(obj), serde_json::Value::Object(extra)) = (v.as_object_mut(), fields) {
        obj.extend(extra);
    }
    stats["seconds"] = serde_json::json!(start.elapsed().as_secs_f64());
    v["stats"] = stats;
    serde_json::to_writer(&mut *out, &v)?;
    writeln!(out)?;
    Ok(())
}

/// Writes an SVG picture to `path`, if one was asked for.
fn write_svg(path: Option<&PathBuf>, picture: impl FnOnce() -> String) -> Result<()> {
    if let Some(p) = path {
        std::fs::write(p, picture()).with_context(|| format!("writing {}", p.display()))?;
    }
    Ok(())
}

/// Cells as `[[row, col], ...]`.
fn cells_json(cells: impl IntoIterator<Item = (i64, i64)>) -> serde_json::Value {
    serde_json::Value::Array(cells.into_iter().map(|(r, c)| serde_json::json!([r, c])).collect())
}

/// Text lines as a JSON array of strings.
fn lines_json(text: &str) -> serde_json::Value {
    serde_json::Value::Array(text.lines().map(|l| serde_json::Value::String(l.to_string())).collect())
}

/// Writes answers separated by blank lines, or "No solution" when there was none.
struct Listing<'w, W: Write> {
    out: &'w mut W,
    items: usize,
    error: Option<io::Error>,
}

impl<'w, W: Write> Listing<'w, W> {
    fn new(out: &'w mut W) -> Self {
        Listing { out, items: 0, error: None }
    }

    /// Writes one answer; says to go on only when `more` is wanted and writing worked.
    fn item(&mut self, text: &str, more: bool) -> ControlFlow<()> {
        let sep = if self.items > 0 { "\n" } else { "" };
        self.items += 1;
        if let Err(e) = write!(self.out, "{sep}{text}") {
            self.error = Some(e);
            return ControlFlow::Break(());
        }
        if more {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    }

    fn finish(self) -> Result<()> {
        if let Some(e) = self.error {
            return Err(e.into());
        }
        if self.items == 0 {
            writeln!(self.out, "No solution")?;
        }
        Ok(())
    }
}

/// A callback that moves `bar` (if any) to (subtrees done, subtrees in all).
fn progress_reporter(bar: &Option<indicatif::ProgressBar>) -> impl Fn(u64, u64) + Sync + '_ {
    move |done, total| {
        if let Some(b) = bar {
            b.set_length(total);
            b.set_position(done);
        }
    }
}

/// A progress bar on stderr when stderr is a terminal (nothing otherwise).
fn progress_bar() -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(1);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {percent:>3}% of subtrees [{bar:40}] {elapsed} (eta {eta})")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    Some(bar)
}

fn run_xc(args: &XcArgs, out: &mut impl Write) -> Result<()> {
    let (name, data) = read_input(args.file.as_ref(), LARGE_INPUT_LIMIT)?;
    let text = std::str::from_utf8(&data).map_err(|e| input_error(anyhow::anyhow!("{name}: not UTF-8 text ({e})")))?;
    let named = exact_cover::knuth::parse(text).map_err(|e| input_error(anyhow::anyhow!("{name}: {e}")))?;
    if args.count {
        let bar = progress_bar();
        let report = progress_reporter(&bar);
        let options = exact_cover::parallel::CountOptions {
            threads: args.scale.threads,
            shard: args.scale.shard,
            progress: bar.as_ref().map(|_| &report as &(dyn Fn(u64, u64) + Sync)),
        };
        let start = std::time::Instant::now();
        let n = exact_cover::parallel::count(&named.problem, &options);
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        if args.format == Format::Json {
            let shard = args.scale.shard.map(|(k, n)| format!("{k}/{n}"));
            let fields = serde_json::json!({ "verdict": "count", "count": n, "shard": shard });
            return emit_json(out, "xc", fields, serde_json::json!({ "threads": args.scale.threads }), start);
        }
        writeln!(out, "{n}")?;
        return Ok(());
    }
    let mut solver = exact_cover::Solver::new(&named.problem);
    if args.format == Format::Json {
        let start = std::time::Instant::now();
        let mut all: Vec<Vec<String>> = Vec::new();
        while let Some(sol) = solver.next_solution() {
            all.push(sol.iter().map(|&k| named.option_text(k)).collect());
            if !args.all {
                break;
            }
        }
        let fields = match (all.is_empty(), args.all) {
            (true, _) => serde_json::json!({ "verdict": "no_solution" }),
            (false, true) => serde_json::json!({ "verdict": "solved", "solutions": all }),
            (false, false) => serde_json::json!({ "verdict": "solved", "options": all[0] }),
        };
        let st = solver.stats();
        let stats = serde_json::json!({ "nodes": st.nodes, "updates": st.updates });
        return emit_json(out, "xc", fields, stats, start);
    }
    let mut list = Listing::new(out);
    while let Some(sol) = solver.next_solution() {
        let text: String = sol.iter().map(|&k| named.option_text(k) + "\n").collect();
        if list.item(&text, args.all).is_break() {
            break;
        }
    }
    list.finish()
}

fn run_twins(args: &TwinsArgs, out: &mut impl Write) -> Result<()> {
    let (name, data) = read_input(args.file.as_ref(), LARGE_INPUT_LIMIT)?;
    let cases = twins::parse(&data).map_err(|e| input_error(anyhow::anyhow!("{name}: {e}")))?;
    drop(data);
    let (rows, cols) = args.board;
    let start = std::time::Instant::now();
    let answers = twins::solve_all(&cases, rows, cols).map_err(|e| input_error(anyhow::anyhow!("--board: {e}")))?;
    let style = match args.style {
        TwinsStyle::Noiac => twins::Style::NoiAc,
        TwinsStyle::Gcj => twins::Style::CodeJam,
    };
    write_svg(args.svg.as_ref(), || puzzles::svg::twins(&answers, rows, cols))?;
    if args.format == Format::Json {
        let tiles = |ts: &[Vec<(u8, u8)>]| -> Vec<serde_json::Value> {
            ts.iter().map(|t| cells_json(t.iter().map(|&(r, c)| (r as i64, c as i64)))).collect()
        };
        let all: Vec<serde_json::Value> = answers
            .iter()
            .enumerate()
            .map(|(k, a)| match a {
                None => serde_json::json!({ "case": k + 1, "verdict": "impossible" }),
                Some(t) => {
                    let text = twins::render(k + 1, Some(t), rows, cols, twins::Style::NoiAc);
                    let board: Vec<&str> = text.lines().skip(1).collect();
                    serde_json::json!({
                        "case": k + 1, "verdict": "possible", "board": board,
                        "p_tiles": tiles(&t.p_tiles), "q_tiles": tiles(&t.q_tiles),
                    })
                }
            })
            .collect();
        return emit_json(out, "twins", serde_json::json!({ "cases": all }), serde_json::json!({}), start);
    }
    for (k, a) in answers.iter().enumerate() {
        out.write_all(twins::render(k + 1, a.as_ref(), rows, cols, style).as_bytes())?;
    }
    Ok(())
}

/// Runs a check; `Ok(false)` when the answer is wrong (already reported on `out`).
fn run_check(args: &CheckArgs, out: &mut impl Write) -> Result<bool> {
    let (name, input) = read_input(Some(&args.input), LARGE_INPUT_LIMIT)?;
    let (answer_name, answer) = read_input(Some(&args.output), LARGE_INPUT_LIMIT)?;
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let bad_input = |e: &dyn std::fmt::Display| input_error(anyhow::anyhow!("{name}: {e}"));
    let mut wrong = |reason: String| -> Result<bool> {
        writeln!(out, "wrong: {answer_name}: {reason}")?;
        Ok(false)
    };
    // Cases that claim no answer, and whether gridlock finds one for each.
    let mut claims: Vec<(usize, bool)> = Vec::new();
    match args.puzzle {
        CheckPuzzle::Beads => {
            let tray = beads::parse(&input).map_err(|e| bad_input(&e))?;
            match beads::check::check(&String::from_utf8_lossy(&input), &answer) {
                Err(e) => return wrong(e.to_string()),
                Ok(beads::check::Verdict::ClaimsNoSolution) => {
                    let found = beads::BeadsSolver::new(&tray).first(beads::Engine::Bitboard).is_some();
                    claims.push((1, found));
                }
                Ok(beads::check::Verdict::Solved) => {}
            }
        }
        CheckPuzzle::Laser => {
            let cases = laser::parse(&input).map_err(|e| bad_input(&e))?;
            match laser::check::check(&cases, &answer) {
                Err(e) => return wrong(e.to_string()),
                Ok(verdicts) => {
                    for (k, v) in verdicts.iter().enumerate() {
                        if *v == laser::check::Verdict::ClaimsImpossible {
                            claims.push((k + 1, laser::solve(&cases[k]).is_some()));
                        }
                    }
                }
            }
        }
        CheckPuzzle::Mayan => {
            let puzzle = mayan::parse(&input).map_err(|e| bad_input(&e))?;
            match mayan::check::check(&puzzle, &answer) {
                Err((0, reason)) => return wrong(reason),
                Err((line, reason)) => return wrong(format!("line {line}: {reason}")),
                Ok(mayan::check::Verdict::ClaimsNone) => claims.push((1, mayan::solve(&puzzle).is_some())),
                Ok(mayan::check::Verdict::Valid) => {}
            }
        }
        CheckPuzzle::Twins => {
            let cases = twins::parse(&input).map_err(|e| bad_input(&e))?;
            match twins::check::check(&cases, &answer, 8) {
                Err(e) => return wrong(e.to_string()),
                Ok(verdicts) => {
                    let impossible: Vec<usize> = (0..cases.len()).filter(|&k| verdicts[k] == twins::check::Verdict::ClaimsImpossible).collect();
                    let picked: Vec<twins::Case> = impossible.iter().map(|&k| cases[k].clone()).collect();
                    let solved = twins::solve_all(&picked, 8, 8).expect("8x8 fits the search");
                    claims.extend(impossible.iter().zip(&solved).map(|(&k, a)| (k + 1, a.is_some())));
                }
            }
        }
    }
    if let Some(&(k, _)) = claims.iter().find(|&&(_, found)| found) {
        return wrong(format!("case {k} claims there is no answer, but gridlock finds one"));
    }
    if claims.is_empty() {
        writeln!(out, "ok")?;
    } else {
        writeln!(out, "ok ({} case(s) claim no answer; gridlock agrees)", claims.len())?;
    }
    Ok(true)
}
