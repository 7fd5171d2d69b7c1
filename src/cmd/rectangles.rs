//! `gridlock rectangles`: what a polyomino set does with rectangles (counts of tilings of
//! strips, their generating functions, tables, the smallest rectangles and the orders),
//! on the transfer matrix and the skyline search (`polyform::transfer`,
//! `polyform::atlas`), and a polycube set with boxes (`polyform::boxes`). Conventions:
//! docs/rectangles.md.

use crate::args::{self, Budget, Format, LatticeArg, Picture};
use crate::output::{self, bad, read_input, Outcome, Run, Target, SMALL_INPUT_LIMIT};
use num_bigint::{BigInt, BigUint};
use polyform::atlas::{self, Goal, Searched, Unproven};
use polyform::boxes::{self, SearchedBox};
use polyform::transfer::{Frontier, DEFAULT_MAX_STATES};
use polyform::{Board, Copies, Freedom, Lattice, Piece, Shape};
use puzzles::pack;
use serde::Serialize;
use std::path::Path;

/// Arguments of `gridlock rectangles`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("question").required(true).args(["length", "gf", "table", "smallest", "order", "odd_order", "square_order"])))]
pub struct Args {
    /// The pieces: a set (pentominoes, tetrominoes, kanoodle, dominoes, trominoes,
    /// monomino) or a file of pieces as `pack` reads them. One piece is used any number
    /// of times; a set of two or more, each at least once (polyominoes.org's convention),
    /// unless --copies says otherwise or the file gives some piece a count other than 1
    /// (then the file's counts hold, a piece without a count used exactly once).
    #[arg(long, value_name = "SET|FILE")]
    pieces: String,
    /// Use every piece this many times: N, LO..HI, * (any number) or LO..*.
    #[arg(long, value_name = "COUNT", value_parser = Copies::parse)]
    copies: Option<Copies>,
    /// Pieces may be rotated but not reflected.
    #[arg(long)]
    one_sided: bool,
    /// The lattice: square (polyominoes and rectangles) or cubic (polycubes and boxes:
    /// --smallest and the orders only). Default: the lattice of the --pieces set, or the
    /// one a pieces file's header line names ("lattice: cubic"), else square.
    #[arg(long, value_enum)]
    lattice: Option<LatticeArg>,
    /// Polycubes may also be mirrored (48 orientations instead of the 24 rotations), as
    /// trec's 3dbox allows.
    #[arg(long)]
    mirror: bool,
    /// The strip's width W (1 to 128), for --length and --gf.
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u32).range(1..=128))]
    width: Option<u32>,
    /// Print N(W;n), the number of tilings of the W x n rectangle, for n = 0..N (text: a
    /// line "n N(W;n)", the OEIS b-file format).
    #[arg(long, value_name = "N", requires = "width")]
    length: Option<usize>,
    /// Print the generating function sum N(W;n) x^n as P(x)/Q(x) in lowest terms, Q(0) = 1,
    /// integer coefficients (derived exactly, checked against the counts).
    #[arg(long, requires = "width")]
    gf: bool,
    /// Print N(w;h) for 1 <= w <= W (a line each) and 1 <= h <= H (each 1 to 1000).
    #[arg(long, value_name = "WxH", conflicts_with = "width", value_parser = |s: &str| args::parse_size(s, 1000))]
    table: Option<(usize, usize)>,
    /// Find the smallest rectangle (least area), square, or rectangle with both sides odd
    /// that the set tiles, and draw one tiling.
    #[arg(long, value_enum, value_name = "KIND", conflicts_with = "width")]
    smallest: Option<Smallest>,
    /// Find the order: the fewest copies that tile a rectangle (drawn).
    #[arg(long, conflicts_with = "width")]
    order: bool,
    /// Find the odd order: the fewest copies, an odd number, that tile a rectangle.
    #[arg(long, conflicts_with = "width")]
    odd_order: bool,
    /// Find the fewest copies that tile a square.
    #[arg(long, conflicts_with = "width")]
    square_order: bool,
    /// Searches (--smallest, the orders) look at rectangles (with polycubes, boxes) of
    /// at most this many cells and say so when the bound leaves the answer unproven.
    #[arg(long, value_name = "CELLS", default_value_t = 1000)]
    max_area: usize,
    /// The most states kept: by the transfer matrix at one cell (default 4194304; about
    /// 16 bytes plus 8 per 64 bits of count a state), by the skyline search of the orders
    /// at one width (default 33554432; about 45 bytes a state). Past it a count fails and
    /// a search reports the bound.
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// With --smallest or an order: record each width as it is finished in this file
    /// (created when missing), and on a later run with the same file skip the widths it
    /// records; a search killed at any moment resumes at the width it was in
    /// (docs/rectangles.md).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    /// With --checkpoint, for polyominoes: save the states of the width in progress
    /// beside the file (FILE.frontier) at most once every SECONDS (default 600), as the
    /// search finishes a depth and within a longer depth (0: every depth, none within),
    /// so that a search killed inside a long width resumes from where it was saved.
    #[arg(long, value_name = "SECONDS", requires = "checkpoint", value_parser = args::parse_interval)]
    checkpoint_every: Option<f64>,
    /// With --smallest or an order: the rows (1 to 4) that a state of the skyline search
    /// must be extendable by to be kept (default: 1, 2 once a width keeps 1048576 states,
    /// 3 once it keeps 67108864). More rows keep fewer states (the octomino of order 246: 0.4 times at 2) at
    /// more time a state; the answer does not depend on it.
    #[arg(long, value_name = "ROWS", value_parser = clap::value_parser!(u64).range(1..=polyform::skyline::MAX_LOOKAHEAD as u64))]
    lookahead: Option<u64>,
    /// With --smallest or an order: keep the skyline search's states (their keys and
    /// links, about three quarters of their memory) in unnamed files of DIR mapped into
    /// memory, so that the system writes the older depths' out when memory runs short:
    /// a width can keep more states than memory holds. The answer does not depend on it.
    #[arg(long, value_name = "DIR")]
    states_dir: Option<std::path::PathBuf>,
    /// Threads of the skyline search (--smallest and the orders, rectangles and boxes),
    /// 1 to the number of cores; the answer does not depend on them.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = args::parse_threads)]
    threads: usize,
    /// Output format: text, or JSON (docs/rectangles.md; integers past 2^53 as decimal
    /// strings).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Print the strategy on stderr: the transfer matrix's size, or per width (cross-section) the
    /// skyline search's depth and states.
    #[arg(long)]
    stats: bool,
    /// With --smallest or an order: print where the search is on stderr whatever stderr
    /// is (a log file for a run of hours): a line once a second when the width (the
    /// cross-section) or the depth finished changed, once a minute when not, "gridlock
    /// rectangles: 754 s, width 42, depth 21, 98765432 states", and a last line when the
    /// search ends. Without it a bar shows on a terminal.
    #[arg(long)]
    progress: bool,
    #[command(flatten)]
    picture: Picture,
    #[command(flatten)]
    budget: Budget,
}

/// The kinds of smallest rectangle.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum, Debug)]
enum Smallest {
    /// The least area.
    Rectangle,
    /// The smallest square.
    Square,
    /// The least area with both sides odd.
    Odd,
}

/// A signed integer in JSON: a number when its size is below 2^53, a decimal string
/// from there (as [`output::json_count`] writes counts).
fn json_int(v: &BigInt) -> serde_json::Value {
    match i64::try_from(v) {
        Ok(i) if i.unsigned_abs() < 1 << 53 => serde_json::json!(i),
        _ => serde_json::json!(v.to_string()),
    }
}

/// A polynomial in x, coefficients from x^0 up: `1 - x - 2x^2` (`0` when empty).
fn polynomial(c: &[BigInt]) -> String {
    let mut out = String::new();
    for (k, v) in c.iter().enumerate() {
        if *v == BigInt::default() {
            continue;
        }
        let negative = *v < BigInt::default();
        let size = if negative { -v } else { v.clone() };
        if out.is_empty() {
            if negative {
                out.push('-');
            }
        } else {
            out.push_str(if negative { " - " } else { " + " });
        }
        let one = size == BigInt::from(1);
        match k {
            0 => out.push_str(&size.to_string()),
            _ => {
                if !one {
                    out.push_str(&size.to_string());
                }
                out.push('x');
                if k > 1 {
                    out.push_str(&format!("^{k}"));
                }
            }
        }
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

/// The lattice, the pieces and their copies, by the command's convention: the lattice
/// --lattice names, else the --pieces set's or the pieces file's header's, else square
/// (all that name one must name the same).
fn pieces(args: &Args) -> Result<(Lattice, Vec<Piece>, Vec<Copies>), output::Failure> {
    let spec = args.pieces.as_str();
    let set = polyform::sets::find(spec);
    let file = match &set {
        None if Path::new(spec).is_file() => Some(read_input(Some(Path::new(spec)), SMALL_INPUT_LIMIT)?),
        _ => None,
    };
    let mut named: Vec<(String, Lattice)> = Vec::new();
    if let Some(l) = args.lattice {
        named.push(("--lattice".to_string(), l.lattice()));
    }
    if let Some(s) = &set {
        named.push((format!("--pieces {spec} (a set)"), s.lattice));
    }
    if let Some(input) = &file {
        if let (Some(l), _) = pack::drawing::file_lattice(input.text()?).map_err(|e| input.bad(e))? {
            named.push((format!("--pieces {}", input.name), l));
        }
    }
    if let Some((other, l)) = named.iter().find(|(_, l)| *l != named[0].1) {
        return Err(bad(format_args!("{} names the {} lattice but {other} the {}", named[0].0, named[0].1.name(), l.name())));
    }
    let l = named.first().map_or(Lattice::Square, |n| n.1);
    if !matches!(l, Lattice::Square | Lattice::Cubic) {
        return Err(bad(format_args!(
            "rectangles answers for polyominoes (square lattice) and for boxes of polycubes (cubic); not for {}",
            l.polyforms_name()
        )));
    }
    let listed: Vec<(Piece, Copies)> = match (set, &file) {
        (Some(set), _) => set.pieces().into_iter().map(|p| (p, Copies::ONE)).collect(),
        (None, Some(input)) if l == Lattice::Square => pack::parse_pieces(input.text()?).map_err(|e| input.bad(e))?,
        (None, Some(input)) => pack::drawing::parse_pieces(input.text()?, l).map_err(|e| input.bad(e))?,
        (None, None) => {
            return Err(bad(format_args!(
                "--pieces: '{spec}' is neither a set ({}; {}) nor a file",
                polyform::sets::square_names(),
                polyform::sets::other_names()
            )))
        }
    };
    let (pieces, written): (Vec<Piece>, Vec<Copies>) = listed.into_iter().unzip();
    let copies = atlas::copies_for(&written, args.copies);
    Ok((l, pieces, copies))
}

/// Runs `gridlock rectangles`.
pub fn run(args: &Args) -> Outcome {
    let (lattice, pieces, copies) = pieces(args)?;
    let shapes: Vec<Shape> = pieces.iter().map(|p| p.shape.clone()).collect();
    let searching = args.smallest.is_some() || args.order || args.odd_order || args.square_order;
    let svg = Target::new("--svg", args.picture.svg.as_deref(), &[Some(Path::new(&args.pieces))])?;
    if lattice == Lattice::Cubic {
        return run_boxes(args, &pieces, &shapes, &copies, searching, &svg);
    }
    if args.mirror {
        return Err(bad("--mirror is for polycubes (--lattice cubic); polyominoes are turned over unless --one-sided"));
    }
    let freedom = if args.one_sided { Freedom::OneSided } else { Freedom::Free };
    if args.threads > 1 && !searching {
        return Err(bad("--threads runs the skyline search of --smallest and the orders"));
    }
    if args.checkpoint.is_some() && !searching {
        return Err(bad("--checkpoint records the widths of --smallest and the orders"));
    }
    if args.progress && !searching {
        return Err(bad("--progress shows the search of --smallest and the orders"));
    }
    check_skyline_flags(args, &shapes, &copies, searching)?;
    if svg.is_some() && !searching {
        return Err(bad("--svg draws the tiling a search finds (--smallest or an order)"));
    }
    let run = Run::new("rectangles", args.format);
    output::start_time_limit(args.budget.time_limit);
    if let Some(n) = args.length {
        let width = args.width.expect("clap requires it") as usize;
        let frontier = Frontier::new(&shapes, freedom, &copies, width)
            .map_err(output::failed)?
            .max_states(args.max_states.unwrap_or(DEFAULT_MAX_STATES));
        let bar = output::progress_bar_of("columns");
        // Counts stream once the boundary states have closed (no later column can then
        // fail on --max-states); before that they are held back, so a failure prints
        // nothing.
        let mut list = run.stream("counts", "");
        let mut held: Vec<(usize, BigUint)> = Vec::new();
        let mut written: std::io::Result<()> = Ok(());
        let mut push = |list: &mut output::Stream, n: usize, count: &BigUint| {
            if written.is_ok() {
                written = list.push(|| format!("{n} {count}\n"), &output::json_count(count));
            }
        };
        let states = atlas::strip_stream(&frontier, &mut |i, count, closed| {
            if let Some(b) = &bar {
                b.set_length(n as u64);
                b.set_position(i as u64);
            }
            if closed.is_none() {
                held.push((i, count.clone()));
            } else {
                for (j, c) in held.drain(..) {
                    push(&mut list, j, &c);
                }
                push(&mut list, i, count);
            }
            i < n
        })
        .map_err(output::failed)?;
        for (j, c) in held.drain(..) {
            push(&mut list, j, &c);
        }
        written?;
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        stats(args, &frontier, &format!("{states} states at the column boundaries"));
        let fields = serde_json::json!({ "verdict": "counts", "width": width });
        return list.finish("", &fields, &serde_json::json!({ "boundary_states": states }));
    }
    if args.gf {
        let width = args.width.expect("clap requires it") as usize;
        let frontier = Frontier::new(&shapes, freedom, &copies, width)
            .map_err(output::failed)?
            .max_states(args.max_states.unwrap_or(DEFAULT_MAX_STATES));
        let bar = output::progress_bar_of("columns (until the states close)");
        let (rational, counts) = atlas::generating_function(&frontier, 1 << 20, &mut |n| {
            if let Some(b) = &bar {
                b.set_length((n + 1) as u64);
                b.set_position(n as u64);
            }
        })
        .map_err(output::failed)?;
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        // `generating_function` checked it against every count, over the integers.
        stats(args, &frontier, &format!("{} counts checked", counts.len()));
        let text = || format!("({}) / ({})\n", polynomial(&rational.numerator), polynomial(&rational.denominator));
        let answer = serde_json::json!({
            "verdict": "generating_function",
            "width": width,
            "numerator": rational.numerator.iter().map(json_int).collect::<Vec<_>>(),
            "denominator": rational.denominator.iter().map(json_int).collect::<Vec<_>>(),
        });
        return run.answer(text, &answer, &serde_json::json!({ "terms_checked": counts.len() }));
    }
    if let Some((w_max, h_max)) = args.table {
        let table =
            atlas::table(&shapes, freedom, &copies, w_max, h_max, args.max_states.unwrap_or(DEFAULT_MAX_STATES)).map_err(output::failed)?;
        let text = || table.iter().map(|row| row.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ") + "\n").collect::<String>();
        let rows: Vec<Vec<serde_json::Value>> = table.iter().map(|row| row.iter().map(output::json_count).collect()).collect();
        let answer = serde_json::json!({ "verdict": "table", "table": rows });
        return run.answer(text, &answer, &serde_json::json!({}));
    }
    let goal = goal(args);
    let (lines, bar) = search_display(args, "widths");
    let bounds = bounds_of(args);
    // Per width searched, the last progress it reported (for --stats).
    let mut widths: Vec<atlas::Progress> = Vec::new();
    let every = std::time::Duration::from_secs_f64(args.checkpoint_every.unwrap_or(600.0));
    let searched =
        puzzles::orders::search_journaled(&shapes, freedom, &copies, goal, bounds, args.checkpoint.as_deref(), every, &mut |p| {
            match widths.last_mut() {
                Some(last) if last.width == p.width => *last = p,
                _ => widths.push(p),
            }
            if let Some(b) = &bar {
                b.set_length(args.max_area.isqrt() as u64);
                b.set_position(p.width as u64);
            }
            show(&lines, &bar, || match p.states {
                0 => format!("width {}", p.width),
                n => format!("width {}, depth {}, {n} states{}", p.width, p.depth, making(p.depth, p.making)),
            });
        });
    drop(lines);
    let (searched, resumed) = searched.map_err(|e| match e {
        puzzles::orders::JournaledError::Search(e) => output::failed(e),
        e => bad(e),
    })?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if args.stats {
        let strategy = match atlas::engine_for(&shapes, &copies, 1) {
            atlas::Engine::Skyline => "skyline search from both ends (one breadth-first search per width)",
            atlas::Engine::Transfer => "transfer matrix, one sweep per width",
        };
        eprintln!("strategy: {strategy}, widths by increasing area");
        if let Some(puzzles::orders::Resumed { width, depth, states, expanded }) = resumed {
            let within = expanded.map_or(String::new(), |(done, all)| format!(", {done} of depth {depth}'s {all} expanded"));
            eprintln!("width {width}: resumed at depth {depth} with {states} states{within} (from the checkpoint's frontier)");
        }
        for p in widths.iter().filter(|p| p.states > 0) {
            eprintln!("width {}: depth {}, {} states kept", p.width, p.depth, p.states);
        }
    }
    answer_search(&run, &pieces, &searched, &svg)
}

/// How a search shows where it is: `--progress` lines on stderr, else a bar of `unit`
/// on a terminal (neither otherwise).
fn search_display(args: &Args, unit: &str) -> (Option<output::StatusLines>, Option<indicatif::ProgressBar>) {
    match args.progress {
        true => (Some(output::StatusLines::new("rectangles", "starting".into())), None),
        false => (None, output::progress_bar_of(unit)),
    }
}

/// How far the skyline search is in making the depth after `depth` (`making`: the
/// states of `depth` expanded, of how many), in whole percent, for a status.
fn making(depth: usize, making: Option<(usize, usize)>) -> String {
    match making {
        Some((done, all)) if all > 0 => format!("; depth {}: {}% of {all} expanded", depth + 1, done * 100 / all),
        _ => String::new(),
    }
}

/// Shows the status `status` makes on the lines or the bar, whichever runs.
fn show(lines: &Option<output::StatusLines>, bar: &Option<indicatif::ProgressBar>, status: impl FnOnce() -> String) {
    if let Some(l) = lines {
        l.set(status());
    } else if let Some(b) = bar {
        b.set_message(status());
    }
}

/// What --smallest or an order asks for.
fn goal(args: &Args) -> Goal {
    match (args.smallest, args.order, args.odd_order) {
        (Some(Smallest::Rectangle), ..) => Goal::Rectangle,
        (Some(Smallest::Square), ..) => Goal::Square,
        (Some(Smallest::Odd), ..) => Goal::Odd,
        (None, true, _) => Goal::Order,
        (None, _, true) => Goal::OddOrder,
        _ => Goal::SquareOrder,
    }
}

/// The search's bounds from the command line.
fn bounds_of(args: &Args) -> atlas::Bounds {
    atlas::Bounds {
        max_area: args.max_area,
        max_states: args.max_states,
        threads: args.threads,
        lookahead: args.lookahead.map(|rows| rows as usize),
        states_dir: args.states_dir.clone(),
    }
}

/// `--lookahead` and `--states-dir` are refused where no skyline search runs: without a
/// search, and for pieces it does not take (of different sizes, or with bounded copies);
/// `--states-dir` also when it is not a directory.
fn check_skyline_flags(args: &Args, shapes: &[Shape], copies: &[Copies], searching: bool) -> Result<(), output::Failure> {
    let flag = match (args.lookahead, &args.states_dir) {
        (Some(_), _) => "--lookahead",
        (None, Some(_)) => "--states-dir",
        (None, None) => return Ok(()),
    };
    if !searching {
        return Err(bad(format!("{flag} tunes the skyline search of --smallest and the orders")));
    }
    if !polyform::skyline::Skyline::fits(shapes, copies, 1) {
        return Err(bad(format!(
            "{flag} tunes the skyline search, which takes pieces of one size each used any number of times; these go to another engine"
        )));
    }
    if let Some(dir) = &args.states_dir {
        if !dir.is_dir() {
            return Err(bad(format!("--states-dir {}: not a directory", output::printable(&dir.display().to_string()))));
        }
    }
    Ok(())
}

/// `gridlock rectangles` on polycubes: the smallest boxes and the orders.
fn run_boxes(args: &Args, pieces: &[Piece], shapes: &[Shape], copies: &[Copies], searching: bool, svg: &Option<Target>) -> Outcome {
    if !searching {
        return Err(bad("--length, --gf and --table count tilings of plane strips; for polycubes ask for --smallest or an order"));
    }
    check_skyline_flags(args, shapes, copies, searching)?;
    if args.checkpoint_every.is_some() {
        return Err(bad(
            "--checkpoint-every saves the states within a width of polyominoes; with polycubes the checkpoint records whole cross-sections",
        ));
    }
    if args.one_sided {
        return Err(bad("--one-sided is for plane pieces; polycubes are rotated only unless --mirror"));
    }
    if svg.is_some() {
        return Err(bad("--svg draws rectangles; a box's filling is printed layer by layer"));
    }
    let freedom = if args.mirror { Freedom::Free } else { Freedom::OneSided };
    let run = Run::new("rectangles", args.format);
    output::start_time_limit(args.budget.time_limit);
    let (lines, bar) = search_display(args, "cross-sections");
    let bounds = bounds_of(args);
    // Per cross-section searched, the last progress it reported (for --stats).
    let mut seen: Vec<boxes::BoxProgress> = Vec::new();
    let goal = goal(args);
    let searched = puzzles::orders::boxes_journaled(shapes, freedom, copies, goal, bounds, args.checkpoint.as_deref(), &mut |p| {
        match seen.iter_mut().find(|s| s.across == p.across) {
            Some(last) => *last = p,
            None => seen.push(p),
        }
        show(&lines, &bar, || match (p.exact_cover, p.states) {
            (true, _) => format!("{} x {} across, exact cover of whole boxes", p.across.0, p.across.1),
            (false, 0) => format!("{} x {} across", p.across.0, p.across.1),
            (false, n) => format!("{} x {} across, depth {}, {n} states{}", p.across.0, p.across.1, p.depth, making(p.depth, p.making)),
        });
    });
    drop(lines);
    let searched = searched.map_err(|e| match e {
        puzzles::orders::JournaledError::Search(e) => output::failed(e),
        e => bad(e),
    })?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if args.stats {
        if boxes::cover_alone(shapes, copies) {
            eprintln!("strategy: per cross-section, exact cover of each whole box within a budget (pieces the skyline search does not take: of different sizes, more than 4 required, or copies bounded), on the volumes the pieces make up, cross-sections a x b by increasing a b^2 in passes of growing volume caps");
        } else {
            eprintln!("strategy: per cross-section, the skyline search from both ends raced against exact cover of each whole box, cross-sections a x b by increasing a b^2 in passes of growing volume caps (exact cover alone past 64 cells across)");
        }
        for p in &seen {
            if p.exact_cover {
                eprintln!("{} x {} across: exact cover of whole boxes", p.across.0, p.across.1);
            } else {
                eprintln!("{} x {} across: depth {}, {} states kept", p.across.0, p.across.1, p.depth, p.states);
            }
        }
    }
    answer_boxes(&run, pieces, &searched)
}

/// One tile of a box's filling, in JSON.
#[derive(Serialize)]
struct SolidTile {
    piece: String,
    cells: Vec<[i64; 3]>,
}

fn answer_boxes(run: &Run, pieces: &[Piece], searched: &SearchedBox) -> Outcome {
    let (found, unproven) = match found_or_answer(run, searched, "box") {
        Ok(found) => found,
        Err(answered) => return answered,
    };
    let [a, b, c] = found.sides;
    let labels: Vec<char> = (0..found.tiles.len()).map(pack::nth_label).collect();
    // Per layer, its rows across.
    let mut layers = vec![vec![vec![' '; b]; a]; c];
    for (t, (_, _, cells)) in found.tiles.iter().enumerate() {
        for &[i, j, l] in cells {
            layers[l as usize][i as usize][j as usize] = labels[t];
        }
    }
    let layers: Vec<Vec<String>> = layers.into_iter().map(|rows| rows.into_iter().map(|r| r.into_iter().collect()).collect()).collect();
    let tiles: Vec<SolidTile> = found
        .tiles
        .iter()
        .map(|(p, _, cells)| SolidTile {
            piece: pieces[*p].name.clone(),
            cells: cells.iter().map(|&[i, j, l]| [i as i64, j as i64, l as i64]).collect(),
        })
        .collect();
    let answer = serde_json::json!({
        "verdict": "found",
        "sides": found.sides,
        "copies": found.copies,
        "proven": unproven.is_none(),
        "bound": unproven,
        "layers": layers,
        "tiles": tiles,
    });
    let text = || {
        let mut t = format!("{a} x {b} x {c}, {} copies\n", found.copies);
        t.push_str(&layers.iter().map(|rows| rows.join("\n") + "\n").collect::<Vec<_>>().join("\n"));
        for (t2, (p, _, _)) in found.tiles.iter().enumerate() {
            t.push_str(&format!("{} {}\n", labels[t2], located::printable(&pieces[*p].name)));
        }
        if let Some(why) = &unproven {
            t.push_str(&format!("not proven the least: {why}\n"));
        }
        t
    };
    run.answer(text, &answer, &serde_json::json!({}))
}

fn stats(args: &Args, frontier: &Frontier, what: &str) {
    if args.stats {
        eprintln!("strategy: transfer matrix (frontier of {} bits, {} rows); {what}", frontier.frontier_bits(), frontier.height());
    }
}

/// One tiling that a search found.
#[derive(Serialize)]
struct Tile {
    piece: String,
    cells: Vec<[i64; 2]>,
}

/// Why a search's answer is not proven, worded with the flag that raises the bound.
fn unproven<F>(searched: &Searched<F>) -> Option<String> {
    searched.unproven.as_ref().map(|u| match u {
        Unproven::Area(_) | Unproven::Volume(_) => format!("{u} (raise it with --max-area)"),
        Unproven::Width { error, .. } | Unproven::Across { error, .. } if error.is_too_many_states() => format!("{u} (raise --max-states)"),
        _ => output::worded(u),
    })
}

/// What a search found and why it is unproven; or, when it found nothing (`noun`:
/// "rectangle" or "box"), that answer printed.
fn found_or_answer<'a, F>(run: &Run, searched: &'a Searched<F>, noun: &str) -> Result<(&'a F, Option<String>), Outcome> {
    let unproven = unproven(searched);
    if let (None, Some(proof)) = (&searched.found, searched.impossible) {
        let answer = serde_json::json!({ "verdict": "impossible", "proven": true, "reason": proof.to_string() });
        return Err(run.answer(|| format!("No {noun}: {proof}\n"), &answer, &serde_json::json!({})));
    }
    match &searched.found {
        Some(found) => Ok((found, unproven)),
        None => {
            let why = unproven.unwrap_or_default();
            let answer = serde_json::json!({ "verdict": "not_found", "proven": false, "bound": why });
            Err(run.answer(|| format!("No {noun} found: {why}\n"), &answer, &serde_json::json!({})))
        }
    }
}

fn answer_search(run: &Run, pieces: &[Piece], searched: &Searched, svg: &Option<Target>) -> Outcome {
    let (found, unproven) = match found_or_answer(run, searched, "rectangle") {
        Ok(found) => found,
        Err(answered) => return answered,
    };
    let board = Board::rectangle(found.rows as i32, found.columns as i32);
    let index = |r: i32, c: i32| r as usize * found.columns + c as usize;
    let tiling: pack::Tiling = found.tiles.iter().map(|(p, _, cells)| (*p, cells.iter().map(|&(r, c)| index(r, c)).collect())).collect();
    let drawing = pack::render_tiling(&board, pieces, &tiling);
    if let Some(target) = svg {
        output::check_svg_size(board.len())?;
        let tiles: pack::Packing = tiling.iter().map(|(_, cells)| cells.clone()).collect();
        let labels: Vec<char> = (0..tiling.len()).map(pack::nth_label).collect();
        let legend: Vec<(char, String)> = tiling.iter().zip(&labels).map(|((p, _), &l)| (l, pieces[*p].name.clone())).collect();
        target.write(puzzles::svg::pack(&pack::piece_grid(&board, &tiles), &labels, &legend))?;
        if Target::is_stdout(svg) {
            return Ok(());
        }
    }
    let tiles: Vec<Tile> = found
        .tiles
        .iter()
        .map(|(p, _, cells)| Tile { piece: pieces[*p].name.clone(), cells: cells.iter().map(|&(r, c)| [r as i64, c as i64]).collect() })
        .collect();
    let answer = serde_json::json!({
        "verdict": "found",
        "rows": found.rows,
        "columns": found.columns,
        "copies": found.copies,
        "proven": unproven.is_none(),
        "bound": unproven,
        "board": super::lines(&drawing).into_iter().take(found.rows).collect::<Vec<_>>(),
        "tiles": tiles,
    });
    let text = || {
        let mut t = format!("{} x {}, {} copies\n{drawing}", found.rows, found.columns, found.copies);
        if let Some(why) = &unproven {
            t.push_str(&format!("not proven the least: {why}\n"));
        }
        t
    };
    run.answer(text, &answer, &serde_json::json!({}))
}
