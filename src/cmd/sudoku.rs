//! `gridlock sudoku`: sudoku and its family (sizes 4x4 to 36x36; jigsaw, X, windoku,
//! killer), one puzzle drawn or a file of puzzle lines solved as a batch, streamed, in
//! input order; `gridlock sudoku generate` makes puzzles.

use crate::args::{self, Budget, Format, Listing, Picture};
use crate::output::{self, bad, read_input, Failure, Outcome, Run, Target, SMALL_INPUT_LIMIT};
use serde::Serialize;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use sudoku::{self, encode, generate, parse, Alphabet, Engine, Grid, Rules, Solver};

/// The rules' variants and the digits' alphabet, shared by solving, generating and
/// `gridlock check sudoku`.
#[derive(clap::Args, Debug, Clone)]
pub struct Variant {
    /// Both main diagonals hold every digit once (sudoku X).
    #[arg(long)]
    pub diagonals: bool,
    /// The windoku windows (b x b cells at rows and columns 2.., one apart, for a size b^2)
    /// hold every digit once.
    #[arg(long)]
    pub windows: bool,
    /// Jigsaw regions instead of boxes: FILE has n rows of n letters, one per region, n
    /// regions of n cells (any n from 1 to 36; it fixes the size).
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
    /// Killer cages: FILE has one cage a line, its sum then its cells as rRcC ("15 r1c1
    /// r1c2 r2c1"); a cage's digits are different and add up to its sum.
    #[arg(long, value_name = "FILE")]
    pub cages: Option<PathBuf>,
    /// Digits are written 0-9 A-Z (0 is the first digit, as 16x16 lists often write
    /// them); blanks are '.' only. By default 1-9 A-Z, with '.' or '0' blank.
    #[arg(long)]
    pub zero_based: bool,
}

impl Variant {
    /// The alphabet of digits.
    pub fn alphabet(&self) -> Alphabet {
        if self.zero_based {
            Alphabet::ZeroBased
        } else {
            Alphabet::OneBased
        }
    }

    /// The size fixed by the region map, with the map.
    pub fn regions(&self) -> Result<Option<(usize, Vec<u8>)>, Failure> {
        let Some(path) = &self.regions else { return Ok(None) };
        let file = read_input(Some(path), SMALL_INPUT_LIMIT)?;
        Ok(Some(parse::parse_regions(file.text()?).map_err(|e| file.bad(e))?))
    }

    /// The rules for a grid of `size` digits (with the map `regions` read before).
    pub fn rules(&self, size: usize, regions: Option<Vec<u8>>) -> Result<Rules, Failure> {
        parse::check_alphabet(size, self.alphabet()).map_err(bad)?;
        let cages = match &self.cages {
            None => Vec::new(),
            Some(path) => {
                let file = read_input(Some(path), SMALL_INPUT_LIMIT)?;
                parse::parse_cages(file.text()?, size).map_err(|e| file.bad(e))?
            }
        };
        Rules::new(size, regions, self.diagonals, self.windows, cages).map_err(|e| bad(format_args!("{e}")))
    }
}

/// The engine asked for.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum, Debug)]
enum EngineArg {
    /// The 9x9 engine for classic 9x9 rules, the general one otherwise.
    Auto,
    /// The general engine (candidates per cell), for every size and rule.
    Cells,
    /// The exact cover encoding: built once and each puzzle's givens forced on the exact
    /// cover crate's propagating engine; with killer cages, each puzzle's XCC encoding on
    /// the engine `gridlock xc` chooses (slower, an independent check).
    Xc,
}

/// Arguments of `gridlock sudoku`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    action: Option<Action>,
    /// Puzzle file: puzzle lines (81 characters for 9x9, 256 for 16x16, ...; '#' lines
    /// and blank lines skipped), or one grid drawing (rows on lines; spaces, '|', '-', '+'
    /// ignored). Stdin when omitted or "-".
    file: Option<PathBuf>,
    /// Output format: text (the solved line, "No solution", or the count, one per puzzle)
    /// or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    picture: Picture,
    #[command(flatten)]
    variant: Variant,
    #[command(flatten)]
    listing: Listing,
    /// Count each puzzle's solutions (exactly; with --limit N, up to N).
    #[arg(long, conflicts_with = "all")]
    count: bool,
    #[command(flatten)]
    sampling: args::Sampling,
    /// Worker threads across the puzzles of a file (1 to the number of cores); answers
    /// stay in input order.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = args::parse_threads)]
    threads: usize,
    /// Read the input as one grid drawing (for a 16x16 drawing without separators, which
    /// reads as 4x4 puzzle lines otherwise).
    #[arg(long)]
    drawing: bool,
    /// The engine (the default chooses by the rules; --sample always draws from the ZDD of
    /// the exact cover encoding).
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    engine: EngineArg,
    /// Print statistics on stderr: puzzles, puzzles per second, guesses per puzzle, the
    /// engine (in JSON they are in "stats" anyway).
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    budget: Budget,
}

/// `gridlock sudoku generate`.
#[derive(clap::Subcommand)]
enum Action {
    /// Generate puzzles with a unique solution that are minimal (no clue can be removed),
    /// one puzzle line each, reproducible from --seed.
    Generate(GenerateArgs),
}

/// Arguments of `gridlock sudoku generate`.
#[derive(clap::Args)]
struct GenerateArgs {
    /// The number of digits: 4, 9, 16, 25 or 36 (a jigsaw map given by --regions fixes it).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u16).range(1..=36))]
    size: u16,
    /// How many puzzles (seeds S, S+1, ...).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    puzzles: u64,
    /// The seed of the first puzzle.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Clues symmetric under the half turn (minimal among symmetric patterns).
    #[arg(long)]
    symmetric: bool,
    /// Also print each puzzle's solution, after a space.
    #[arg(long)]
    with_solution: bool,
    #[command(flatten)]
    variant: Variant,
    /// Output format: puzzle lines, or JSON (docs/json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    budget: Budget,
}

/// What the solving of one puzzle gives.
#[derive(Serialize)]
struct Answer {
    /// The puzzle's line in the input (its first row's, for a drawing).
    line: usize,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// Guesses, as [`sudoku::SearchStats::guesses`] counts them.
    #[serde(skip)]
    guesses: u64,
}

/// Counters of a run.
#[derive(Serialize)]
struct Stats {
    engine: &'static str,
    threads: usize,
    puzzles: u64,
    solved: u64,
    no_solution: u64,
    guesses: u64,
    guesses_per_puzzle: f64,
    puzzles_per_second: f64,
}

/// The mode of a run.
#[derive(Clone, Copy)]
enum Mode {
    First,
    List(u64),
    Count(u64),
    /// N uniform samples from the ZDD of the encoding, with the seed and the node cap.
    Sample(u64, u64, exact_cover::ZddLimit),
}

/// Puzzles solved at once: enough for the threads to share, few enough that memory stays
/// flat and answers flow.
const CHUNK: usize = 2048;

/// The largest puzzle file kept whole as parsed after its check (bytes; about as much
/// memory again), rather than read and parsed a second time.
const KEEP_PARSED: u64 = 1 << 24;

/// The longest line read (a 36x36 puzzle line is 1296 characters).
const MAX_LINE: u64 = 1 << 16;

/// An input read line by line.
struct Lines {
    name: String,
    reader: Box<dyn BufRead>,
    line: usize,
    /// The last line read, reused from line to line.
    buf: Vec<u8>,
}

impl Lines {
    fn open(file: Option<&Path>) -> Result<Lines, Failure> {
        let (name, reader): (String, Box<dyn Read>) = match file {
            None => ("<stdin>".into(), Box::new(std::io::stdin())),
            Some(p) if p.as_os_str() == "-" => ("<stdin>".into(), Box::new(std::io::stdin())),
            Some(p) => {
                let f = std::fs::File::open(p).map_err(|e| bad(format_args!("{}: {e}", p.display())))?;
                (p.display().to_string(), Box::new(f))
            }
        };
        Ok(Lines { name, reader: Box::new(BufReader::with_capacity(1 << 16, reader)), line: 0, buf: Vec::new() })
    }

    /// The next line (without its newline), or None at the end.
    fn next(&mut self) -> Result<Option<String>, Failure> {
        Ok(self.next_ref()?.map(str::to_owned))
    }

    /// The next line (without its newline), borrowed until the next read; None at the end.
    fn next_ref(&mut self) -> Result<Option<&str>, Failure> {
        self.buf.clear();
        let n =
            (&mut self.reader).take(MAX_LINE + 1).read_until(b'\n', &mut self.buf).map_err(|e| bad(format_args!("{}: {e}", self.name)))?;
        if n == 0 {
            return Ok(None);
        }
        self.line += 1;
        if self.buf.len() as u64 > MAX_LINE {
            return Err(bad(format_args!("{}: line {}: longer than {MAX_LINE} bytes", self.name, self.line)));
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        }
        match std::str::from_utf8(&self.buf) {
            Ok(text) => Ok(Some(text)),
            Err(e) => Err(bad(format_args!("{}: line {}, column {}: not UTF-8 text", self.name, self.line, e.valid_up_to() + 1))),
        }
    }

    /// The next line that is not blank or a comment, with its number.
    fn next_puzzle(&mut self) -> Result<Option<(usize, String)>, Failure> {
        Ok(self.next_puzzle_ref()?.map(|(line, text)| (line, text.to_owned())))
    }

    /// [`Lines::next_puzzle`], the line borrowed until the next read.
    fn next_puzzle_ref(&mut self) -> Result<Option<(usize, &str)>, Failure> {
        loop {
            // The borrow checker cannot yet see that the text returned outlives only this
            // iteration's read, so the line is checked first and read back after.
            match self.next_ref()? {
                None => return Ok(None),
                Some(l) if parse::is_skipped(l) => continue,
                Some(_) => break,
            }
        }
        let text = std::str::from_utf8(&self.buf).expect("checked UTF-8 above");
        Ok(Some((self.line, text)))
    }
}

/// The engine that runs, chosen once.
enum Chosen {
    Native(Solver),
    /// The exact cover encoding: built once and each puzzle's givens forced (no cages),
    /// else encoded per puzzle (cages) on the engine `gridlock xc` chooses.
    Xc(Rules, Option<Box<encode::Batch>>),
}

impl Chosen {
    fn name(&self) -> &'static str {
        match self {
            Chosen::Native(s) => s.engine().name(),
            Chosen::Xc(_, Some(_)) => "exact cover encoding, built once, each puzzle's givens forced (exact_cover::Propagator)",
            Chosen::Xc(_, None) => "exact cover encoding (XCC) per puzzle, on the engine gridlock xc chooses (bitsets, else dancing links)",
        }
    }

    /// Solves one puzzle in `mode`: the solutions kept (at most the list's length, one in
    /// first-solution mode, none for a count), the count, the guesses. Errors only for
    /// --sample (a ZDD past its node cap, or a count past 2^128).
    fn solve(&self, grid: &[u8], mode: Mode) -> Result<(Vec<Grid>, u64, u64), String> {
        let limit = match mode {
            Mode::First => 1,
            Mode::List(n) | Mode::Count(n) => n,
            Mode::Sample(n, seed, limit) => {
                let rules = match self {
                    Chosen::Native(s) => s.rules(),
                    Chosen::Xc(r, _) => r,
                };
                let grids = sample(rules, grid, n, seed, limit)?;
                let k = grids.len() as u64;
                return Ok((grids, k, 0));
            }
        };
        // A count keeps no solution; the other modes keep all they find.
        let keep = !matches!(mode, Mode::Count(_));
        match self {
            Chosen::Native(solver) if keep => {
                let (grids, stats) = solver.solutions(grid, limit);
                let n = grids.len() as u64;
                Ok((grids, n, stats.guesses))
            }
            Chosen::Native(solver) => {
                let (n, stats) = solver.count(grid, limit);
                Ok((Vec::new(), n, stats.guesses))
            }
            Chosen::Xc(_, Some(batch)) => {
                let (grids, n, stats) = batch.solve(grid, limit, keep);
                Ok((grids, n, stats.guesses))
            }
            Chosen::Xc(rules, None) => {
                let (problem, meanings) = encode::encode(rules, grid).map_err(|e| e.to_string())?;
                let mut search = exact_cover::Cover::new(&problem).search();
                let (mut kept, mut n) = (Vec::new(), 0u64);
                while n < limit {
                    let Some(options) = search.next_solution() else { break };
                    n += 1;
                    if keep {
                        kept.push(encode::decode(rules, &meanings, options));
                    }
                }
                Ok((kept, n, search.stats().nodes))
            }
        }
    }
}

/// `n` solutions of `grid` drawn independently and exactly uniformly: from the ZDD of
/// every solution of its exact cover encoding (built as `gridlock xc --zdd` builds it,
/// within `limit`), each the solution of a uniform rank (issue 29's sampler).
fn sample(rules: &Rules, grid: &[u8], n: u64, seed: u64, limit: exact_cover::ZddLimit) -> Result<Vec<Grid>, String> {
    let (problem, meanings) = encode::encode(rules, grid).map_err(|e| e.to_string())?;
    let (zdd, _, _) = exact_cover::Cover::new(&problem).zdd(limit).map_err(|e| format!("--sample: {}", crate::output::worded(&e)))?;
    let samples = zdd.samples(seed).ok_or("--sample needs the count below 2^128")?;
    Ok(samples.take(n as usize).map(|options| encode::decode(rules, &meanings, &options)).collect())
}

/// Runs `gridlock sudoku`.
pub fn run(args: &Args) -> Outcome {
    if let Some(Action::Generate(g)) = &args.action {
        return run_generate(g);
    }
    let svg = Target::new("--svg", args.picture.svg.as_deref(), &[args.file.as_deref()])?;
    let alphabet = args.variant.alphabet();
    let regions = args.variant.regions()?;
    let mut lines = Lines::open(args.file.as_deref())?;
    let name = lines.name.clone();
    let Some((first_line, first)) = lines.next_puzzle()? else {
        return Err(bad(format_args!("{name}: no puzzle")));
    };
    let layout =
        parse::layout(&first, first_line, regions.as_ref().map(|r| r.0), args.drawing).map_err(|e| bad(format_args!("{name}: {e}")))?;
    let size = match layout {
        parse::Layout::Lines(n) | parse::Layout::Drawing(n) => n,
    };
    // When the --regions map fixed the size, an error in a puzzle says so (a puzzle of
    // another size fails on its first cell past the size, or its first digit past it).
    let fixed = regions.is_some();
    let sized = |e: located::ParseError| -> Failure {
        let mut e = e;
        if fixed {
            e.message = format!("{}; the --regions map makes it {size}x{size}", e.message);
        }
        bad(format_args!("{name}: {e}"))
    };
    let rules = args.variant.rules(size, regions.map(|r| r.1))?;
    let chosen = match args.engine {
        EngineArg::Xc => Chosen::Xc(rules.clone(), encode::Batch::new(&rules).map(Box::new)),
        EngineArg::Auto | EngineArg::Cells => {
            let solver = Solver::new(rules.clone()).map_err(|e| bad(format_args!("--cages: {e}")))?;
            Chosen::Native(if args.engine == EngineArg::Cells { solver.with_engine(Engine::General) } else { solver })
        }
    };
    let mode = if let Some(n) = args.sampling.sample {
        Mode::Sample(n, args.sampling.seed, args.sampling.zdd_limit())
    } else if args.count {
        Mode::Count(args.listing.limit.unwrap_or(u64::MAX))
    } else if args.listing.is_list() {
        Mode::List(args.listing.wanted())
    } else {
        Mode::First
    };
    let run = Run::new("sudoku", args.format);
    output::start_time_limit(args.budget.time_limit);
    let mut totals = Totals::default();
    let mut list = run.stream("puzzles", "");
    let mut svg_done = svg.is_none();
    // Each chunk of puzzles is solved, then its answers written in order (the first one
    // also drawn when --svg asks); false once the picture replaced the answers.
    let mut answer_chunk = |chunk: &[(usize, &[u8])], grid_text: &dyn Fn(&Grid) -> String| -> Result<bool, Failure> {
        let answers = solve_chunk(&chosen, chunk, mode, alphabet, args.threads).map_err(bad)?;
        for ((answer, grids), (_, givens)) in answers.into_iter().zip(chunk) {
            totals.add(&answer);
            if !svg_done {
                if let Some(target) = &svg {
                    target.write(sudoku::svg::draw(&rules, givens, grids.first().map(Vec::as_slice), alphabet))?;
                    svg_done = true;
                    if Target::is_stdout(&svg) {
                        return Ok(false);
                    }
                }
            }
            let sep = if matches!(mode, Mode::List(_) | Mode::Sample(..)) { "\n" } else { "" };
            let text = render(&answer, &grids, mode, grid_text, sep);
            list.push(|| text, &answer)?;
        }
        Ok(true)
    };
    if let parse::Layout::Drawing(_) = layout {
        // One drawing: the rest of the input, bounded; answered as a drawing.
        let mut text: Vec<String> = vec![first];
        let mut read = text[0].len() as u64;
        while let Some(l) = lines.next()? {
            read += l.len() as u64 + 1;
            if read > SMALL_INPUT_LIMIT {
                return Err(bad(format_args!("{name}: a drawing is at most {SMALL_INPUT_LIMIT} bytes")));
            }
            text.push(l);
        }
        let refs: Vec<&str> = text.iter().map(String::as_str).collect();
        // Givens that break a rule are a well-formed puzzle without solution, answered
        // so by the engines (issue 54, item 9), not bad input.
        let grid = parse::parse_drawing(&refs, first_line, size, alphabet).map_err(sized)?;
        if !answer_chunk(&[(first_line, &grid[..])], &|g| sudoku::rows(g, size, alphabet).join("\n") + "\n")? {
            return Ok(());
        }
    } else {
        // Puzzle lines, a chunk at a time. A regular file is checked whole first, so that
        // a bad line stops the run before any answer; stdin, a FIFO
        // or a process substitution (read once: a second open would wait for a writer
        // that is gone) is checked a chunk ahead of its answers.
        let grid_line = |g: &Grid| sudoku::line(g, alphabet) + "\n";
        // A regular file and its length.
        let regular = args.file.as_deref().filter(|p| p.as_os_str() != "-").and_then(|p| {
            let m = std::fs::metadata(p).ok().filter(std::fs::Metadata::is_file)?;
            Some((p, m.len()))
        });
        let mut pending = Some((first_line, first));
        if let Some((path, length)) = regular {
            if length <= KEEP_PARSED {
                // A file of at most KEEP_PARSED bytes is checked from its start and kept
                // as parsed (memory near its size), then answered from there.
                let mut all = Parsed::default();
                all.read(&mut Lines::open(Some(path))?, usize::MAX, size, alphabet, &sized)?;
                for chunk in all.chunks(size) {
                    if !answer_chunk(&chunk, &grid_line)? {
                        return Ok(());
                    }
                }
                pending = None;
            } else {
                // A longer one is checked from its start a chunk at a time, then read a
                // second time below.
                let mut check = Lines::open(Some(path))?;
                let mut part = Parsed::default();
                while part.read(&mut check, CHUNK, size, alphabet, &sized)? > 0 {
                    part.clear();
                }
            }
        }
        // The streaming path: a longer regular file, stdin or a pipe (none left once the
        // file was answered from memory).
        let mut part = Parsed::default();
        while let Some((line, text)) = pending.take() {
            part.clear();
            part.push(&text, line, size, alphabet, &sized)?;
            part.read(&mut lines, CHUNK - 1, size, alphabet, &sized)?;
            for chunk in part.chunks(size) {
                if !answer_chunk(&chunk, &grid_line)? {
                    return Ok(());
                }
            }
            pending = lines.next_puzzle()?;
        }
    }
    let stats = totals.stats(&chosen, args.threads, &run);
    report(args.stats, &stats);
    list.finish("", &serde_json::json!({}), &stats)
}

/// Puzzles parsed: their line numbers (1-based) and their cells, `size`^2 a puzzle, in
/// one list (not one allocation a puzzle).
#[derive(Default)]
struct Parsed {
    numbers: Vec<usize>,
    cells: Vec<u8>,
}

impl Parsed {
    fn clear(&mut self) {
        self.numbers.clear();
        self.cells.clear();
    }

    /// Parses the puzzle line `text` (line number `line`); the errors of
    /// [`parse::parse_line`], worded by `sized`.
    fn push(
        &mut self,
        text: &str,
        line: usize,
        size: usize,
        alphabet: Alphabet,
        sized: &dyn Fn(located::ParseError) -> Failure,
    ) -> Result<(), Failure> {
        parse::parse_line_into(text, line, size, alphabet, &mut self.cells).map_err(sized)?;
        self.numbers.push(line);
        Ok(())
    }

    /// Parses up to `most` puzzle lines (neither blank nor a comment) of `lines` from
    /// where it is; how many (fewer than `most` only at the end). The errors of [`Lines`]
    /// and of [`Parsed::push`].
    fn read(
        &mut self,
        lines: &mut Lines,
        most: usize,
        size: usize,
        alphabet: Alphabet,
        sized: &dyn Fn(located::ParseError) -> Failure,
    ) -> Result<usize, Failure> {
        let mut n = 0;
        while n < most {
            let Some((line, text)) = lines.next_puzzle_ref()? else { break };
            self.push(text, line, size, alphabet, sized)?;
            n += 1;
        }
        Ok(n)
    }

    /// The puzzles of a grid of `size`, [`CHUNK`] at a time, as (line, cells) pairs.
    fn chunks(&self, size: usize) -> impl Iterator<Item = Vec<(usize, &[u8])>> {
        let per = size * size;
        self.numbers
            .chunks(CHUNK)
            .zip(self.cells.chunks(CHUNK * per))
            .map(move |(numbers, cells)| numbers.iter().copied().zip(cells.chunks_exact(per)).collect())
    }
}

fn answer(line: usize, grids: &[Grid], n: u64, guesses: u64, mode: Mode, alphabet: Alphabet) -> Answer {
    let verdict = match mode {
        Mode::Count(_) => "count",
        _ if n == 0 => "no_solution",
        _ => "solved",
    };
    let lines = || grids.iter().map(|g| sudoku::line(g, alphabet)).collect::<Vec<_>>();
    Answer {
        line,
        verdict,
        solution: matches!(mode, Mode::First).then(|| lines().into_iter().next()).flatten(),
        solutions: matches!(mode, Mode::List(_) | Mode::Sample(..)).then(lines),
        count: matches!(mode, Mode::Count(_)).then_some(n),
        guesses,
    }
}

/// Solves a chunk on `threads` threads, answers in order.
fn solve_chunk(
    chosen: &Chosen,
    chunk: &[(usize, &[u8])],
    mode: Mode,
    alphabet: Alphabet,
    threads: usize,
) -> Result<Vec<(Answer, Vec<Grid>)>, String> {
    let one = |(line, grid): &(usize, &[u8])| {
        let (grids, n, guesses) = chosen.solve(grid, mode)?;
        Ok((answer(*line, &grids, n, guesses, mode, alphabet), grids))
    };
    sudoku::map_in_order(chunk, threads, one).into_iter().collect()
}

/// The text of one puzzle's answer.
fn render(answer: &Answer, grids: &[Grid], mode: Mode, grid_text: &dyn Fn(&Grid) -> String, separator: &str) -> String {
    match mode {
        Mode::Count(_) => format!("{}\n", answer.count.unwrap_or(0)),
        _ if grids.is_empty() => "No solution\n".to_string(),
        Mode::First => grid_text(&grids[0]),
        Mode::List(_) | Mode::Sample(..) => grids.iter().map(grid_text).collect::<Vec<_>>().join(separator) + separator,
    }
}

/// Running totals of a batch.
#[derive(Default)]
struct Totals {
    puzzles: u64,
    solved: u64,
    guesses: u64,
}

impl Totals {
    fn add(&mut self, a: &Answer) {
        self.puzzles += 1;
        self.guesses += a.guesses;
        if a.verdict == "solved" || a.count.is_some_and(|c| c > 0) {
            self.solved += 1;
        }
    }

    fn stats(&self, chosen: &Chosen, threads: usize, run: &Run) -> Stats {
        let seconds = run.start.elapsed().as_secs_f64();
        Stats {
            engine: chosen.name(),
            threads,
            puzzles: self.puzzles,
            solved: self.solved,
            no_solution: self.puzzles - self.solved,
            guesses: self.guesses,
            guesses_per_puzzle: self.guesses as f64 / self.puzzles.max(1) as f64,
            puzzles_per_second: if seconds > 0.0 { self.puzzles as f64 / seconds } else { 0.0 },
        }
    }
}

fn report(wanted: bool, s: &Stats) {
    if wanted {
        eprintln!(
            "engine: {}; threads: {}; puzzles: {} ({} without a solution); {:.1} puzzles/s over the whole run; guesses: {} ({:.2} per puzzle)",
            s.engine, s.threads, s.puzzles, s.no_solution, s.puzzles_per_second, s.guesses, s.guesses_per_puzzle
        );
    }
}

/// A generated puzzle, as JSON.
#[derive(Serialize)]
struct GeneratedOut {
    seed: u64,
    puzzle: String,
    solution: String,
    clues: usize,
}

/// Runs `gridlock sudoku generate`.
fn run_generate(args: &GenerateArgs) -> Outcome {
    let alphabet = args.variant.alphabet();
    let regions = args.variant.regions()?;
    let size = regions.as_ref().map_or(args.size as usize, |r| r.0);
    let rules = args.variant.rules(size, regions.map(|r| r.1))?;
    let solver = Solver::new(rules).map_err(|e| bad(format_args!("--cages: {e}")))?;
    let symmetry = if args.symmetric { generate::Symmetry::Rotational } else { generate::Symmetry::None };
    output::start_time_limit(args.budget.time_limit);
    let run = Run::new("sudoku-generate", args.format);
    let mut list = run.stream("puzzles", "");
    for k in 0..args.puzzles {
        let seed = args.seed.wrapping_add(k);
        let Some(g) = generate::generate(&solver, seed, symmetry) else {
            return Err(bad("these rules have no solution: no puzzle can be made"));
        };
        let (p, s) = (sudoku::line(&g.puzzle, alphabet), sudoku::line(&g.solution, alphabet));
        let text = if args.with_solution { format!("{p} {s}\n") } else { format!("{p}\n") };
        let clues = g.puzzle.iter().filter(|&&d| d != 0).count();
        list.push(|| text, &GeneratedOut { seed, puzzle: p.clone(), solution: s.clone(), clues })?;
    }
    list.finish("", &serde_json::json!({}), &output::NoStats {})
}
