//! `gridlock pack`: packing on every lattice, one path: the arguments read into a
//! region and pieces, one [`Problem`] (which chooses the engine), and the answers drawn
//! by the lattice's [`Artist`].

use super::{keep_going, lines, Cells};
use crate::args::{Budget, Format, LatticeArg, Listing, Picture, Sampling, Scale};
use crate::output::{self, bad, read_input, NoStats, Outcome, Run, Stream, Target, SMALL_INPUT_LIMIT};
use polyform::{Copies, Lattice, Piece, Region};
use puzzles::pack::lattice;
use puzzles::pack::{self, Artist, Problem, Style, Tiling};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Arguments of `gridlock pack`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("board_source").required(true).args(["rect", "board", "knuth", "boxed"])))]
pub struct Args {
    /// A rectangular board ROWSxCOLUMNS, each 1 to 1000, e.g. 6x10.
    #[arg(long, value_name = "RxC")]
    rect: Option<String>,
    /// A board file: '.' is a cell to fill, '#' or a space is outside. Off the square
    /// lattice, a first line such as "lattice: hexagonal" names the lattice (README:
    /// "Drawings on every lattice"); cubic and prism boards are layers separated by blank
    /// lines.
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// Box and pieces in the input notation of Knuth's polyomino-dlx ('|' comments; the
    /// box line of cells xy with [..] sets and ranges, e.g. [0-5][0-9]; then a line per
    /// piece: [MULT|]NAME and its typical cells, MULT 'm' or 'lo:hi'). Cell xy is row x,
    /// column y. With --lattice triangular, polyiamond-dlx's (cells xy and xy'); with
    /// --lattice cubic, polycube-dlx's (cells xyz; also 'n*NAME'); with --lattice
    /// hexagonal, polyomino-dlx's with cells xy as axial hexagon coordinates.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["pieces", "copies"])]
    knuth: Option<PathBuf>,
    /// The lattice: square (polyominoes), triangular (polyiamonds), hexagonal (polyhexes),
    /// cubic (polycubes), prism (triangular prisms in layers, BurrTools' grid 1), stick or
    /// trig (polysticks, polytrigs: segments of the square or triangular grid, pieces not
    /// crossing). Default: the lattice of the --pieces set, else square. Off the square
    /// lattice, answers are one line per tile: its name and its cells in Knuth's notation
    /// (prisms: x<x>y<y>z<z>, z = 2 x layer + 1 for a downward triangle); polysticks and
    /// polytrigs are drawn, each segment showing its tile's label.
    #[arg(long, value_enum)]
    lattice: Option<LatticeArg>,
    /// A box of the triangular, hexagonal, cubic, prism, stick or trig lattice: AxB (a
    /// parallelogram; on the triangular lattice both triangles of each rhombus; stick: every
    /// segment of the grid of AxB squares; trig: every segment between the points of the AxB
    /// parallelogram) or AxBxC (cubic; prism: the AxB rhombus of triangles in C layers),
    /// sides 1 to 62.
    #[arg(long = "box", value_name = "AxB[xC]")]
    boxed: Option<String>,
    /// On the cubic and prism lattices, pieces may also be reflected (48 orientations
    /// instead of the 24 rotations of a polycube; 24 instead of 12 for prisms).
    #[arg(long)]
    mirror: bool,
    /// The pieces: a set (pentominoes, tetrominoes, kanoodle, dominoes, trominoes,
    /// monomino; soma, pentacubes-flat, bedlam, tetris-cube, hexiamonds, tetrahexes; a
    /// family by size such as hexominoes, tricubes or polyominoes:7, one-sided-...,
    /// sets joined with '+': docs/polyforms.md) or a file of pieces (a name line, optionally ending in a count such as
    /// "T 3", "T 0..2", "T *" or "T 1..*", then the shape drawn with '#'; blank-line
    /// separated; off the square lattice after a header line such as "lattice: cubic",
    /// polycubes and prisms as layers separated by blank lines). Without a count a piece is used
    /// exactly once.
    #[arg(long, value_name = "SET|FILE", required_unless_present = "knuth")]
    pieces: Option<String>,
    /// Use every piece this many times: N, LO..HI, * (any number) or LO..* (overrides the
    /// file's counts). Copies of a piece are indistinguishable.
    #[arg(long, value_name = "COUNT", value_parser = Copies::parse)]
    copies: Option<Copies>,
    /// Pieces may be rotated but not reflected.
    #[arg(long)]
    one_sided: bool,
    /// Print the number of packings.
    #[arg(long, conflicts_with_all = ["all", "limit"])]
    count: bool,
    /// With --count: print a progress line on stderr every second (subtrees of the search
    /// done, or parts with --checkpoint, or columns of the transfer matrix), whatever
    /// stderr is; without it, a bar shows when stderr is a terminal.
    #[arg(long, requires = "count")]
    progress: bool,
    /// Up to the board's symmetries: with --count, count classes; with --all or --limit,
    /// list one packing per class.
    #[arg(long)]
    unique: bool,
    #[command(flatten)]
    listing: Listing,
    #[command(flatten)]
    sampling: Sampling,
    /// Print the problem as exact cover in Knuth's DLX format (for `gridlock xc` or
    /// Knuth's programs) instead of solving it.
    #[arg(long, conflicts_with_all = ["count", "all", "limit", "unique", "svg", "format", "sample"])]
    emit_knuth: bool,
    /// Output format: the puzzle's text format, or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Name the engine that runs (bitboard packer, bitboard tiler, dancing links or the
    /// transfer matrix) and the symmetries a count breaks and classes use, on stderr.
    #[arg(long, conflicts_with = "emit_knuth")]
    stats: bool,
    #[command(flatten)]
    picture: Picture,
    #[command(flatten)]
    scale: Scale,
    #[command(flatten)]
    budget: Budget,
}

/// A square board's packing with every piece used once (JSON): the drawing (the
/// legend, when labels are not the names, is in `pieces`) and each piece's cells by name.
#[derive(Serialize)]
struct Drawing {
    board: Vec<String>,
    pieces: BTreeMap<String, Cells>,
}

/// One tile of a square board's packing with piece counts (JSON).
#[derive(Serialize)]
struct Tile {
    piece: String,
    cells: Cells,
}

/// A square board's packing with piece counts (JSON): the drawing (its legend is in
/// `tiles`) and the tiles in the order of their labels.
#[derive(Serialize)]
struct TilingDrawing {
    board: Vec<String>,
    tiles: Vec<Tile>,
}

/// One tile of a packing off the square lattice (JSON): cells as `[x, y]` (hexagonal),
/// `[x, y, t]` (triangular, `t` 1 for the downward triangle), `[x, y, z]` (cubic;
/// triangular prisms, `z = 2 * layer + t`) or `[x, y, d]` (polysticks: the segment from
/// grid point `(x, y)` along the rows when `d` is 0, along the columns when 1).
#[derive(Serialize)]
struct LatticeTile {
    piece: String,
    cells: Vec<Vec<i64>>,
}

/// A packing off the square lattice (JSON).
#[derive(Serialize)]
struct LatticeDrawing {
    tiles: Vec<LatticeTile>,
}

/// A packing in JSON, as its lattice draws it.
#[derive(Serialize)]
#[serde(untagged)]
enum Drawn {
    Board(Drawing),
    Tiles(TilingDrawing),
    Cells(LatticeDrawing),
}

/// The answer without a list.
#[derive(Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
enum Answer {
    Solved(Drawn),
    NoSolution,
    Count { count: serde_json::Value, unique: bool, shard: Option<String> },
}

/// A packing in JSON, as `artist` draws it.
fn drawn(artist: &Artist, t: &Tiling) -> Drawn {
    let pieces = artist.problem().pieces();
    let square = |cs: &[usize]| -> Cells { cs.iter().map(|&i| <[i64; 2]>::try_from(artist.coordinates(i)).unwrap_or_default()).collect() };
    match artist.style() {
        Style::Board { labels, .. } => {
            let by_piece = pack::by_piece(t, pieces.len());
            let named = by_piece.iter().enumerate().map(|(p, cs)| (pieces[p].name.clone(), square(cs))).collect();
            Drawn::Board(Drawing { board: lines(&pack::render(artist.problem().region(), labels, &by_piece)), pieces: named })
        }
        Style::Tiles => {
            let text = artist.text(t);
            let rows = text.lines().count() - t.len();
            let tiles = t.iter().map(|(p, cs)| Tile { piece: pieces[*p].name.clone(), cells: square(cs) }).collect();
            Drawn::Tiles(TilingDrawing { board: text.lines().take(rows).map(str::to_string).collect(), tiles })
        }
        Style::Cells | Style::Sticks => {
            let tiles = t
                .iter()
                .map(|(p, cs)| LatticeTile { piece: pieces[*p].name.clone(), cells: cs.iter().map(|&i| artist.coordinates(i)).collect() });
            Drawn::Cells(LatticeDrawing { tiles: tiles.collect() })
        }
    }
}

/// The --board and --pieces files, each read once (the --pieces file unless the name is
/// a built-in set).
struct Files {
    board: Option<output::Input>,
    pieces: Option<output::Input>,
}

impl Files {
    fn read(args: &Args) -> Result<Files, output::Failure> {
        let board = args.board.as_deref().map(|p| read_input(Some(p), SMALL_INPUT_LIMIT)).transpose()?;
        let pieces = pieces_path(args).map(|p| read_input(Some(p), SMALL_INPUT_LIMIT)).transpose()?;
        Ok(Files { board, pieces })
    }
}

/// The --pieces argument when it names a file: not a built-in set, and a file.
fn pieces_path(args: &Args) -> Option<&Path> {
    let spec = args.pieces.as_deref()?;
    let set = polyform::sets::find(spec).is_some();
    Some(Path::new(spec)).filter(|p| !set && p.is_file())
}

/// The region, pieces and counts (--copies overriding) the arguments name on lattice
/// `l`: from --knuth, else from --rect / --box / --board and a --pieces set or file.
fn problem_of(args: &Args, l: Lattice, files: &Files) -> Result<(Region, Vec<Piece>, Vec<Copies>), output::Failure> {
    if let Some(path) = &args.knuth {
        if l == Lattice::TriangularPrism || l.is_segments() {
            return Err(bad(format!(
                "--knuth reads Knuth's polyform notation, and Knuth has no program for the {} lattice; give --box or --board",
                l.name()
            )));
        }
        let input = read_input(Some(path), SMALL_INPUT_LIMIT)?;
        let (region, listed) = match l {
            Lattice::Square => pack::parse_knuth(input.text()?),
            _ => pack::knuth::parse_knuth_lattice(input.text()?, l),
        }
        .map_err(|e| input.bad(e))?;
        let (pieces, copies) = listed.into_iter().unzip();
        return Ok((region, pieces, copies));
    }
    let region = match (l, &args.rect, &args.boxed, &files.board) {
        (Lattice::Square, Some(r), _, _) => pack::rectangle(r).map_err(|e| bad(format_args!("--rect: {e}")))?,
        (Lattice::Square, None, _, Some(input)) => pack::parse_board(input.text()?).map_err(|e| input.bad(e))?,
        (Lattice::Square, None, _, None) => return Err(bad("give the board with --rect or --board")),
        (_, Some(_), _, _) => {
            return Err(bad(format_args!("--rect is a square board; give a box of the {} lattice with --box, or a --board file", l.name())))
        }
        (_, None, Some(_), Some(_)) => return Err(bad("give the board with --box or --board, not both")),
        (_, None, Some(spec), None) => lattice::boxed(l, spec).map_err(|e| bad(format_args!("--box: {e}")))?,
        (_, None, None, Some(input)) => pack::drawing::parse_board(input.text()?, l).map_err(|e| input.bad(e))?,
        (_, None, None, None) => return Err(bad(format_args!("give a box of the {} lattice with --box, or a --board file", l.name()))),
    };
    let name = args.pieces.as_deref().unwrap_or_default();
    let set = polyform::sets::find(name).filter(|s| s.lattice == l);
    let listed: Vec<(Piece, Copies)> = match (set, &files.pieces) {
        (Some(set), _) => set.pieces().into_iter().map(|p| (p, Copies::ONE)).collect(),
        (None, Some(input)) if l == Lattice::Square => pack::parse_pieces(input.text()?).map_err(|e| input.bad(e))?,
        (None, Some(input)) => pack::drawing::parse_pieces(input.text()?, l).map_err(|e| input.bad(e))?,
        (None, None) if l == Lattice::Square => {
            return Err(bad(format_args!("--pieces: '{name}' is neither a set ({}) nor a file", polyform::sets::square_names())));
        }
        (None, None) => {
            return Err(bad(format_args!(
                "--pieces: '{name}' is neither a set of the {} lattice ({}) nor a file",
                l.name(),
                polyform::sets::other_names()
            )));
        }
    };
    let (pieces, copies) = listed.into_iter().map(|(p, c)| (p, args.copies.unwrap_or(c))).unzip();
    Ok((region, pieces, copies))
}

/// The progress of a count (`--progress`: lines; else a bar on a terminal), shown while
/// the count runs on its own: with --checkpoint, the parts show theirs instead.
/// `transfer`: whether the count runs on the transfer matrix, which reports columns (the
/// searches report subtrees).
fn count_progress(args: &Args, transfer: bool) -> output::Progress {
    let unit = if transfer && args.scale.shard.is_none() { "columns" } else { "subtrees" };
    if args.scale.checkpoint.is_some() {
        return output::Progress::none();
    }
    output::Progress::new("pack", unit, args.progress)
}

/// One part of a count cut into parts, given the shard to count.
type PartCount<'a> = &'a (dyn Fn(&pack::RunOptions) -> Result<u128, pack::RunError> + Sync);

/// `--count`: every packing (exactly, of any size), or with --unique their classes; cut
/// into parts through --checkpoint.
fn run_count(args: &Args, problem: &Problem, run: &Run) -> Outcome {
    let progress = count_progress(args, problem.counts_on_transfer());
    let options = pack::RunOptions { threads: args.scale.threads, shard: args.scale.shard, progress: progress.callback() };
    let burnside = |o: &pack::RunOptions| problem.burnside_part(o);
    let unique: (PartCount<'_>, u128) = (&burnside, problem.burnside_order());
    let count = match checkpointed(args, &problem.knuth_text(), |o| problem.count(o), unique)? {
        Some(count) => count.into(),
        None if args.unique => problem.count_classes(&options).map_err(output::failed)?.into(),
        None => problem.count_exact(&options).map_err(output::failed)?,
    };
    drop(progress);
    let shard = args.scale.shard.map(|(k, n)| format!("{k}/{n}"));
    let answer = Answer::Count { count: output::json_count(&count), unique: args.unique, shard };
    run.answer(|| format!("{count}\n"), &answer, &serde_json::json!({ "threads": args.scale.threads }))
}

/// `--checkpoint`: the count of every packing, part by part through the checkpoint
/// ([`super::count_in_parts`]), the problem named by its exact cover text (board, pieces,
/// copies and orientations); with `--unique`, the parts of Burnside's sum (`burnside`:
/// the part's count and the group's order), divided by the order. `None` without
/// `--checkpoint`.
fn checkpointed(
    args: &Args,
    knuth: &str,
    count_part: impl Fn(&pack::RunOptions) -> Result<u128, pack::RunError> + Sync,
    burnside: (PartCount<'_>, u128),
) -> Result<Option<u128>, output::Failure> {
    let Some(path) = &args.scale.checkpoint else {
        return Ok(None);
    };
    // With --unique, the parts are those of Burnside's sum (the packings of each part,
    // and in the first the packings each other symmetry fixes), divided at the end.
    let (command, order) = if args.unique { ("pack --count --unique", burnside.1) } else { ("pack --count", 1) };
    let problem = checkpoint::problem_hash(&[knuth.as_bytes()]);
    // Each part on one thread (the cut then depends on the number of parts alone); the
    // parts share the threads.
    let lines = args.progress.then_some("pack");
    let count = super::count_in_parts(path, args.scale.parts as usize, args.scale.threads, lines, command, &problem, |k, n| {
        let options = pack::RunOptions { threads: 1, shard: Some((k, n)), progress: None };
        if args.unique { (burnside.0)(&options) } else { count_part(&options) }.map_err(bad)
    })?;
    if count % order != 0 {
        return Err(bad(format_args!(
            "the parts of {} add up to {count}, not a multiple of the {order} symmetries: a damaged checkpoint",
            path.display()
        )));
    }
    Ok(Some(count / order))
}

/// Refuses what does not go with `--sample`: --unique (classes are not sampled) and
/// --svg (one packing).
fn check_sampling(args: &Args) -> Outcome {
    if args.sampling.sample.is_some() && (args.unique || args.picture.svg.is_some()) {
        return Err(bad("--sample draws packings, not classes, and lists them: it does not go with --unique or --svg"));
    }
    // A count's flags: clap's `requires = "count"` lets them through, --count conflicting
    // with --sample.
    if args.sampling.sample.is_some() && (args.scale.threads > 1 || args.scale.shard.is_some() || args.scale.checkpoint.is_some()) {
        return Err(bad("--sample runs on one thread, without --shard or --checkpoint"));
    }
    Ok(())
}

/// Refuses the flags that do not go with lattice `l`.
fn check_lattice_flags(args: &Args, l: Lattice) -> Outcome {
    let solid = l.is_solid();
    if l == Lattice::Square && args.boxed.is_some() {
        return Err(bad("--box is for the triangular, hexagonal, cubic and prism lattices; a square board is --rect RxC or --board FILE"));
    }
    if l == Lattice::Square && args.mirror {
        return Err(bad("--mirror is for polycubes (--lattice cubic); polyominoes are turned over unless --one-sided"));
    }
    if args.one_sided && solid {
        return Err(bad(format_args!("--one-sided is for plane pieces; {} are rotated only unless --mirror", l.polyforms_name())));
    }
    if args.mirror && !solid {
        return Err(bad("--mirror is for solids (polycubes, prisms); plane pieces are turned over unless --one-sided"));
    }
    Ok(())
}

/// The lattice the arguments name: --lattice, else the --pieces set's or the one named
/// in the header line of the --board or --pieces file, else square. All that name one
/// must name the same.
fn lattice_of(args: &Args, files: &Files) -> Result<Lattice, output::Failure> {
    let mut named: Vec<(String, Lattice)> = Vec::new();
    if let Some(l) = args.lattice {
        named.push(("--lattice".to_string(), l.lattice()));
    }
    let spec = args.pieces.as_deref().unwrap_or_default();
    if let Some(l) = lattice::set_lattice(spec) {
        named.push((format!("--pieces {spec} (a set)"), l));
    }
    for (flag, input) in [("--board", &files.board), ("--pieces", &files.pieces)] {
        let Some(input) = input else {
            continue;
        };
        if let (Some(l), _) = pack::drawing::file_lattice(input.text()?).map_err(|e| input.bad(e))? {
            named.push((format!("{flag} {}", input.name), l));
        }
    }
    match named.iter().find(|(_, l)| *l != named[0].1) {
        Some((other, l)) => Err(bad(format_args!("{} names the {} lattice but {other} the {}", named[0].0, named[0].1.name(), l.name()))),
        None => Ok(named.first().map_or(Lattice::Square, |n| n.1)),
    }
}

/// Runs `gridlock pack`, on every lattice.
pub fn run(args: &Args) -> Outcome {
    check_sampling(args)?;
    let files = Files::read(args)?;
    let l = lattice_of(args, &files)?;
    check_lattice_flags(args, l)?;
    let svg = Target::new("--svg", args.picture.svg.as_deref(), &[args.board.as_deref(), args.knuth.as_deref(), pieces_path(args)])?;
    if svg.is_some() && (args.count || args.listing.is_list()) {
        return Err(bad("--svg draws one packing; it does not go with --count, --all or --limit"));
    }
    if args.unique && !args.count && !args.listing.is_list() {
        return Err(bad("--unique goes with --count, --all or --limit"));
    }
    let (region, pieces, copies) = problem_of(args, l, &files)?;
    // Plane pieces are turned over unless --one-sided; solids mirrored only with --mirror.
    let reflections = if l.is_solid() { args.mirror } else { !args.one_sided };
    let problem = Problem::new(region, pieces, copies, reflections).map_err(bad)?;
    if args.emit_knuth {
        return Ok(output::emit(problem.knuth_text().as_bytes())?);
    }
    if l != Lattice::Square && args.unique && !problem.is_distinct() && !args.count {
        return Err(bad(format_args!(
            "--unique lists one packing per class on the {} lattice when each piece is used exactly once (--count --unique counts the classes with piece counts too)",
            l.name()
        )));
    }
    if l != Lattice::Square && args.unique && args.count && args.scale.shard.is_some() {
        return Err(bad("--unique counts classes by Burnside's lemma over the whole search; drop --shard"));
    }
    output::start_time_limit(args.budget.time_limit);
    if args.stats {
        let engine = if args.count && !args.unique && args.scale.shard.is_none() { problem.count_engine() } else { problem.engine() };
        eprintln!("engine: {engine}");
        eprintln!("symmetry: {}", problem.symmetry());
    }
    let artist = Artist::new(&problem);
    let run = Run::new("pack", args.format);
    if let Some(n) = args.sampling.sample {
        let (seed, max) = (args.sampling.seed, args.sampling.zdd_limit());
        let mut list = run.stream("solutions", "\n");
        let mut error = None;
        problem
            .sample(n as usize, seed, max, |t| {
                let result = list.push(|| artist.text(t), &drawn(&artist, t));
                keep_going(list.len(), u64::MAX, result, &mut error)
            })
            .map_err(output::failed)?;
        return end_listing(list, error);
    }
    if args.count {
        return run_count(args, &problem, &run);
    }
    if args.listing.is_list() {
        let wanted = args.listing.wanted();
        let mut list = run.stream("solutions", "\n");
        let mut error = None;
        let mut each = |t: &Tiling| {
            let result = list.push(|| artist.text(t), &drawn(&artist, t));
            keep_going(list.len(), wanted, result, &mut error)
        };
        if args.unique {
            let _ = problem.for_each_class(&mut each).map_err(bad)?;
        } else {
            let _ = problem.for_each(&mut each);
        }
        return end_listing(list, error);
    }
    let first = problem.first();
    if let Some(target) = &svg {
        output::check_svg_size(problem.region().len())?;
        target.write(artist.svg(first.as_ref()))?;
        if Target::is_stdout(&svg) {
            return Ok(());
        }
    }
    let answer = match &first {
        Some(t) => Answer::Solved(drawn(&artist, t)),
        None => Answer::NoSolution,
    };
    run.answer(|| first.as_ref().map_or_else(|| "No solution\n".to_string(), |t| artist.text(t)), &answer, &NoStats {})
}

/// Ends a listing of packings: the write error that stopped it, else the closing text
/// (`No solution` when nothing was listed) or JSON verdict.
fn end_listing(list: Stream, error: Option<std::io::Error>) -> Outcome {
    if let Some(e) = error {
        return Err(e.into());
    }
    let verdict = if list.len() == 0 { "no_solution" } else { "solved" };
    list.finish("No solution\n", &serde_json::json!({ "verdict": verdict }), &NoStats {})
}
