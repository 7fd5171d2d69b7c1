//! `gridlock xc`: exact cover in Knuth's DLX format.

use super::keep_going;
use crate::args::{Budget, Io, Listing, Sampling, Scale};
use crate::output::{self, read_input, Outcome, Run, LARGE_INPUT_LIMIT};
use exact_cover::strategy::{Engine, Search};
use exact_cover::Progress;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Arguments of `gridlock xc`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    io: Io,
    /// Print the number of solutions (with --min-cost: of the solutions of least cost,
    /// then their cost).
    #[arg(long, conflicts_with_all = ["all", "limit"])]
    count: bool,
    /// Print a solution of least total cost and its cost (options carry costs as Knuth's
    /// DLX5 writes them: `|n` after an item, repeated ones added; no cost is 0): branch
    /// and bound, as DLX5
    #[arg(long, conflicts_with_all = ["all", "limit", "best", "sample", "no_memo", "progress", "threads", "shard", "checkpoint"])]
    min_cost: bool,
    /// Print the K cheapest solutions, cheapest first, each with its cost (among equal
    /// costs, those the search meets first), separated by blank lines
    #[arg(long, value_name = "K", conflicts_with_all = ["count", "all", "limit", "sample", "no_memo", "progress", "threads", "shard", "checkpoint"], value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    best: Option<u64>,
    #[command(flatten)]
    listing: Listing,
    /// Write every solution as a reduced ZDD to FILE ("-": on stdout instead of the
    /// count), built by the memoized search as Knuth's DLX6 builds it, and print the
    /// count. FILE is written whole or not at all. Format: --zdd-format
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "all", "limit", "min_cost", "best", "no_memo", "sample", "progress", "threads", "shard", "checkpoint"])]
    zdd: Option<std::path::PathBuf>,
    /// The ZDD's format: "knuth" (DLX6's text, read by Knuth's ZDDREAD programs: one
    /// line "k: (~v?lo:hi)" a node, node numbers in hexadecimal, options numbered from 1
    /// in decimal, children first, a dummy root "k: (~0?0:root)" last) or "json"
    /// (docs/json.md)
    #[arg(long, value_enum, default_value_t = ZddFormat::Knuth, requires = "zdd")]
    zdd_format: ZddFormat,
    #[command(flatten)]
    sampling: Sampling,
    /// Preprocess the problem first as Knuth's DLX-PRE does, to a fixed point: remove
    /// every option that leaves some primary item without a compatible option, and every
    /// item c that each option of some primary item p contains uncolored (with the options
    /// that contain c but not p). The answer is the same, its options numbered and
    /// written as in the input; a primary item left without options is "No solution"
    /// without a search. --stats says what was removed. Not with multiplicities
    #[arg(long)]
    preprocess: bool,
    /// Write the preprocessed problem to FILE in Knuth's format ("-": on stdout instead of
    /// the answer), a comment line giving each kept option's line in the input; implies
    /// --preprocess. FILE is written whole or not at all
    #[arg(long, value_name = "FILE")]
    emit_preprocessed: Option<std::path::PathBuf>,
    /// With --count: count without the memo table (plain enumeration). By default a
    /// count memoizes subproblems (DXZ, on dancing links) and keeps the table only if,
    /// after 50000 lookups, its hits saved at least 2 search nodes per lookup; if not, the
    /// count starts over on the enumerating engine (bitsets where the problem fits them,
    /// else dancing links). With --threads or --shard each subtree of the cut is counted
    /// so, with its own table.
    #[arg(long, requires = "count")]
    no_memo: bool,
    /// Print search statistics on stderr (in JSON they are in "stats" anyway).
    #[arg(long)]
    stats: bool,
    /// Print a progress line on stderr every second: nodes, solutions and Knuth's
    /// estimate of the fraction of the search tree done (single-threaded runs).
    #[arg(long)]
    progress: bool,
    #[command(flatten)]
    scale: Scale,
    #[command(flatten)]
    budget: Budget,
}

/// The problem read, and what `--preprocess` left of it when asked (then the answers
/// map its options back to the input's, whose texts they print).
struct Model {
    named: exact_cover::knuth::Named,
    pre: Option<exact_cover::preprocess::Preprocessed>,
}

impl Model {
    /// The problem solved: the preprocessed one, else the one read.
    fn problem(&self) -> &exact_cover::Problem {
        self.pre.as_ref().map_or(&self.named.problem, |p| &p.problem)
    }

    /// Option `k` of the problem solved, as the input wrote it.
    fn text(&self, k: usize) -> String {
        self.named.option_text(self.pre.as_ref().map_or(k, |p| p.options[k]))
    }
}

/// The problem `--preprocess` leaves of `named` (Knuth's DLX-PRE rules,
/// [`exact_cover::preprocess`]), reporting what it removed when `stats`.
fn preprocessed(named: exact_cover::knuth::Named, stats: bool) -> Result<Model, output::Failure> {
    let pre = exact_cover::preprocess::preprocess(&named.problem).map_err(|e| output::bad(format!("--preprocess: {e}")))?;
    let st = pre.stats;
    if stats {
        let verdict = match st.infeasible {
            Some(i) => format!("; primary item {} has no option left: no solution", named.items[i]),
            None => String::new(),
        };
        eprintln!(
            "preprocessing: {} rounds, {} of {} options and {} of {} items removed{verdict}",
            st.rounds,
            st.options_removed,
            named.problem.options(),
            st.items_removed,
            named.problem.items()
        );
    }
    Ok(Model { named, pre: Some(pre) })
}

/// The problem `pre` that `--preprocess` left of `named`, in Knuth's format
/// (`--emit-preprocessed`).
fn emitted(named: &exact_cover::knuth::Named, pre: &exact_cover::preprocess::Preprocessed) -> String {
    let left = exact_cover::knuth::Named {
        problem: pre.problem.clone(),
        items: pre.items.iter().map(|&i| named.items[i].clone()).collect(),
        colors: named.colors.clone(),
        lines: pre.options.iter().map(|&k| named.lines[k]).collect(),
    };
    let mut comments = vec![format!(
        "preprocessed by gridlock xc (Knuth's DLX-PRE rules): {} of {} options and {} of {} items kept",
        left.problem.options(),
        named.problem.options(),
        left.problem.items(),
        named.problem.items()
    )];
    let lines: Vec<String> = left.lines.iter().map(usize::to_string).collect();
    for chunk in lines.chunks(20) {
        comments.push(format!("input lines of the options: {}", chunk.join(" ")));
    }
    left.to_text(&comments)
}

/// The format of `--zdd`'s file.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum, Debug)]
enum ZddFormat {
    /// Knuth's text format (DLX6, ZDDREAD).
    Knuth,
    /// JSON (docs/json.md).
    Json,
}

/// The answer without a list.
#[derive(Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
enum Answer {
    Solved { options: Vec<String> },
    NoSolution,
    Count { count: u128, shard: Option<String> },
}

/// A solution with its cost (`--min-cost`, `--best`), the cost a decimal string past 2^53.
#[derive(Serialize)]
struct PricedAnswer {
    options: Vec<String>,
    cost: serde_json::Value,
}

/// Counters of a cheapest-solutions search.
#[derive(Serialize)]
struct CostStatsOut {
    engine: &'static str,
    nodes: u64,
    found: u64,
    tax: String,
}

/// A cost or a count in JSON: a number up to 2^53, a decimal string past it.
fn big_json(n: u128) -> serde_json::Value {
    if n <= 1 << 53 {
        serde_json::json!(n as u64)
    } else {
        serde_json::json!(n.to_string())
    }
}

/// `--min-cost` and `--best K`: the cheapest solutions ([`exact_cover::Cover::cheapest`]).
fn run_cheapest(args: &Args, model: &Model, run: &Run) -> Outcome {
    // --threads, --shard, --checkpoint, --progress and --no-memo are refused by the
    // flags' own conflicts (see `Args::min_cost`, `Args::best`).
    if args.count {
        // How many solutions have the least cost, and that cost.
        let (least, st, engine) = exact_cover::Cover::new(model.problem()).count_cheapest().map_err(|e| output::bad(e.to_string()))?;
        let engine = engine.name();
        if args.stats {
            eprintln!("engine: {engine}; nodes: {}; solutions under the cutoff: {}; tax: {}", st.nodes, st.found, st.tax);
        }
        let stats = CostStatsOut { engine, nodes: st.nodes, found: st.found, tax: st.tax.to_string() };
        let (count, cost) = least.map_or((0, None), |(c, n)| (n, Some(c)));
        let text = || match cost {
            Some(c) => format!("{count}\ncost: {c}\n"),
            None => "0\n".to_string(),
        };
        let answer = serde_json::json!({ "verdict": "count", "count": big_json(count), "cost": cost.map(big_json) });
        return run.answer(text, &answer, &stats);
    }
    let k = args.best.map_or(1, |k| k as usize);
    let (found, st, engine) = exact_cover::Cover::new(model.problem()).cheapest(k).map_err(|e| output::bad(e.to_string()))?;
    let engine = engine.name();
    if args.stats {
        eprintln!("engine: {engine}; nodes: {}; solutions under the cutoff: {}; tax: {}", st.nodes, st.found, st.tax);
    }
    let stats = CostStatsOut { engine, nodes: st.nodes, found: st.found, tax: st.tax.to_string() };
    let priced: Vec<PricedAnswer> = found
        .iter()
        .map(|p| PricedAnswer { options: p.options.iter().map(|&o| model.text(o)).collect(), cost: big_json(p.cost) })
        .collect();
    let text_of = |p: &exact_cover::Priced| -> String {
        let mut t: String = p.options.iter().map(|&o| format!("{}\n", model.text(o))).collect();
        t.push_str(&format!("cost: {}\n", p.cost));
        t
    };
    if args.best.is_some() {
        let text = || {
            if found.is_empty() {
                return "No solution\n".to_string();
            }
            found.iter().map(text_of).collect::<Vec<_>>().join("\n")
        };
        let verdict = if found.is_empty() { "no_solution" } else { "solved" };
        return run.answer(text, &serde_json::json!({ "verdict": verdict, "solutions": priced }), &stats);
    }
    let text = || found.first().map_or_else(|| "No solution\n".to_string(), text_of);
    let answer = match priced.into_iter().next() {
        Some(p) => serde_json::json!({ "verdict": "solved", "solution": p }),
        None => serde_json::json!({ "verdict": "no_solution", "solution": null }),
    };
    run.answer(text, &answer, &stats)
}

/// Counters of building a ZDD: search nodes, memo hits and entries, and the ZDD's
/// nodes.
#[derive(Serialize)]
struct ZddStatsOut {
    engine: &'static str,
    nodes: u64,
    memo_hits: u64,
    memo_entries: u64,
    zdd_nodes: usize,
}

/// Builds the ZDD of every solution (`--zdd`, `--sample`), reporting its counters.
fn build_zdd(args: &Args, model: &Model) -> Result<(exact_cover::Zdd, ZddStatsOut), output::Failure> {
    if args.scale.threads > 1 || args.scale.shard.is_some() || args.scale.checkpoint.is_some() || args.progress {
        return Err(output::bad("--sample runs on one thread, without --shard, --checkpoint or --progress"));
    }
    let (zdd, st, engine) = exact_cover::Cover::new(model.problem()).zdd(args.sampling.zdd_limit()).map_err(output::failed)?;
    let zdd = match &model.pre {
        Some(pre) => zdd.renumbered(&pre.options),
        None => zdd,
    };
    let stats = ZddStatsOut { engine: engine.name(), nodes: st.nodes, memo_hits: st.hits, memo_entries: st.entries, zdd_nodes: zdd.len() };
    if args.stats {
        eprintln!(
            "engine: {}; nodes: {}; memo hits: {}; memo entries: {}; ZDD nodes: {}",
            stats.engine, stats.nodes, stats.memo_hits, stats.memo_entries, stats.zdd_nodes
        );
    }
    Ok((zdd, stats))
}

/// The ZDD as JSON (docs/json.md): the options' texts, the nodes as `[option, lo, hi]`
/// (node `k` at index `k - 2`), the root and the count.
fn zdd_json(zdd: &exact_cover::Zdd, model: &Model, count: u128) -> String {
    use std::fmt::Write;
    let options: Vec<String> = (0..model.named.problem.options()).map(|k| model.named.option_text(k)).collect();
    let mut s = String::with_capacity(16 * zdd.len() + 64);
    s.push_str("{\"format\":\"gridlock-zdd/1\",\"count\":");
    s.push_str(&big_json(count).to_string());
    let _ = write!(s, ",\"root\":{},\"options\":{},\"nodes\":[", zdd.root(), serde_json::json!(options));
    for (k, n) in zdd.nodes().iter().enumerate() {
        let _ = write!(s, "{}[{},{},{}]", if k == 0 { "" } else { "," }, n.option, n.lo, n.hi);
    }
    s.push_str("]}\n");
    s
}

/// `--zdd FILE`: writes the ZDD and prints the count.
fn run_zdd(args: &Args, path: &std::path::Path, model: &Model, run: &Run) -> Outcome {
    let target = output::Target::new("--zdd", Some(path), &[args.io.file.as_deref()])?.expect("a path was given");
    let (zdd, stats) = build_zdd(args, model)?;
    let count = zdd.count().ok_or_else(|| output::bad("the count exceeds 2^128 - 1"))?;
    let text = match args.zdd_format {
        ZddFormat::Knuth => zdd.to_knuth(),
        ZddFormat::Json => zdd_json(&zdd, model, count),
    };
    target.write(&text)?;
    if output::Target::is_stdout(&Some(target)) {
        return Ok(());
    }
    run.answer(|| format!("{count}\n"), &Answer::Count { count, shard: None }, &stats)
}

/// `--sample N`: N uniform solutions, listed as `--all` lists them.
fn run_sample(args: &Args, n: u64, model: &Model, run: &Run) -> Outcome {
    let (zdd, stats) = build_zdd(args, model)?;
    let samples = zdd.samples(args.sampling.seed).ok_or_else(|| output::bad("--sample needs the count below 2^128"))?;
    let mut list = run.stream("solutions", "\n");
    for sol in samples.take(n as usize) {
        let options: Vec<String> = sol.iter().map(|&k| model.named.option_text(k)).collect();
        list.push(|| options.iter().map(|o| format!("{o}\n")).collect(), &options)?;
    }
    let verdict = if list.len() == 0 { "no_solution" } else { "solved" };
    list.finish("No solution\n", &serde_json::json!({ "verdict": verdict }), &stats)
}

/// Search counters of a listing: the engine that ran, nodes and updates.
#[derive(Serialize)]
struct Stats {
    engine: &'static str,
    nodes: u64,
    updates: u64,
}

/// Counters of a count: the engine that ran (chosen in one place,
/// `exact_cover::strategy`), nodes and updates (search-tree nodes entered; Knuth's
/// updates on dancing links, count decrements on bitsets), and the memo table's hits and
/// entries.
#[derive(Serialize, Default)]
struct CountStats {
    engine: &'static str,
    threads: usize,
    nodes: u64,
    updates: u64,
    memo_hits: u64,
    memo_entries: u64,
}

/// Writes a listing's counters on stderr when --stats asks for it.
fn report_search(wanted: bool, engine: Engine, st: exact_cover::Stats) {
    if wanted {
        eprintln!("engine: {}; nodes: {}; updates: {}; solutions: {}", engine.name(), st.nodes, st.updates, st.solutions);
    }
}

/// Writes `stats` on stderr when --stats asks for it.
fn report_stats(wanted: bool, stats: &CountStats) {
    if wanted {
        eprintln!(
            "engine: {}; threads: {}; nodes: {}; updates: {}; memo hits: {}; memo entries: {}",
            stats.engine, stats.threads, stats.nodes, stats.updates, stats.memo_hits, stats.memo_entries
        );
    }
}

/// The progress a printing thread reads: the watched search's, replaced when a count
/// starts a second search (a memo trial that gave up).
type Watched = Arc<Mutex<Option<Arc<Progress>>>>;

/// Progress lines on stderr, once a second, from a watched search until dropped.
struct ProgressLines {
    stop: Arc<AtomicBool>,
    watched: Watched,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ProgressLines {
    /// Starts printing progress when `wanted` (solutions too when not `counting`: a
    /// memoized count does not visit them one by one); searches given to
    /// [`ProgressLines::watch`] are the ones reported.
    fn start(wanted: bool, counting: bool) -> ProgressLines {
        let stop = Arc::new(AtomicBool::new(false));
        let watched: Watched = Arc::new(Mutex::new(None));
        if !wanted {
            return ProgressLines { stop, watched, thread: None };
        }
        let slot = watched.clone();
        let thread = output::every_second(stop.clone(), move |seconds| {
            if let Some(p) = slot.lock().ok().and_then(|p| p.clone()) {
                let f = p.fraction();
                let estimate =
                    if f.is_nan() { "no estimate (Algorithm M)".to_string() } else { format!("about {:.4}% of the tree", 100.0 * f) };
                let solutions = if counting { String::new() } else { format!("{} solutions, ", p.solutions()) };
                eprintln!("gridlock xc: {seconds:.0} s, {} nodes, {solutions}{estimate}", p.nodes());
            }
        });
        ProgressLines { stop, watched, thread: Some(thread) }
    }

    /// Reports `search` from now on (when progress lines were wanted).
    fn watch(&self, search: &mut Search) {
        if self.thread.is_some() {
            if let Ok(mut slot) = self.watched.lock() {
                *slot = Some(search.watch());
            }
        }
    }
}

impl Drop for ProgressLines {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Runs `gridlock xc`.
pub fn run(args: &Args) -> Outcome {
    let input = read_input(args.io.file.as_deref(), LARGE_INPUT_LIMIT)?;
    let named = exact_cover::knuth::parse(input.text()?).map_err(|e| input.bad(e))?;
    drop(input);
    let emit = output::Target::new("--emit-preprocessed", args.emit_preprocessed.as_deref(), &[args.io.file.as_deref()])?;
    let model = if args.preprocess || emit.is_some() {
        let model = preprocessed(named, args.stats)?;
        if let (Some(target), Some(pre)) = (&emit, &model.pre) {
            target.write(emitted(&model.named, pre))?;
            if output::Target::is_stdout(&emit) {
                return Ok(());
            }
        }
        model
    } else {
        Model { named, pre: None }
    };
    output::start_time_limit(args.budget.time_limit);
    let run = Run::new("xc", args.io.format);
    if args.min_cost || args.best.is_some() {
        return run_cheapest(args, &model, &run);
    }
    if let Some(path) = &args.zdd {
        return run_zdd(args, path, &model, &run);
    }
    if let Some(n) = args.sampling.sample {
        return run_sample(args, n, &model, &run);
    }
    if args.count {
        let shard = args.scale.shard.map(|(k, n)| format!("{k}/{n}"));
        if let Some(path) = &args.scale.checkpoint {
            if args.progress {
                return Err(output::bad(
                    "--progress estimates single-threaded searches; with --checkpoint a bar of parts shows on a terminal",
                ));
            }
            // The problem as read (the cut of a preprocessed problem follows from it).
            let problem = checkpoint::problem_hash(&[model.named.to_text(&[]).as_bytes()]);
            let command = if model.pre.is_some() { "xc --count --preprocess" } else { "xc --count" };
            let (memo, threads, parts) = (!args.no_memo, args.scale.threads, args.scale.parts as usize);
            // One cut for every part (as `--shard K/N` cuts, the subtrees of each part
            // sharing the thread's memo table); parts run on the threads, each on one.
            let cut = exact_cover::parallel::Cut::for_parts(model.problem(), parts);
            let count = super::count_in_parts(path, parts, threads, None, command, &problem, |k, n| {
                let options = exact_cover::parallel::CountOptions { threads: 1, shard: Some((k, n)), progress: None };
                cut.count(model.problem(), &options, memo).ok_or_else(|| output::bad("the count exceeds 2^128 - 1"))
            })?;
            let stats = CountStats { engine: "per part: as --shard", threads, ..CountStats::default() };
            report_stats(args.stats, &stats);
            return run.answer(|| format!("{count}\n"), &Answer::Count { count, shard }, &stats);
        }
        if args.scale.threads > 1 || args.scale.shard.is_some() {
            if args.progress {
                return Err(output::bad(
                    "--progress estimates single-threaded searches; with --threads or --shard a bar of subtrees shows on a terminal",
                ));
            }
            let progress = output::Progress::new("xc", "subtrees", false);
            let options =
                exact_cover::parallel::CountOptions { threads: args.scale.threads, shard: args.scale.shard, progress: progress.callback() };
            let memo = !args.no_memo;
            let count =
                exact_cover::Cover::new(model.problem()).count(&options, memo).ok_or_else(|| output::bad("the count exceeds 2^128 - 1"))?;
            drop(progress);
            let engine = if memo {
                "per subtree: memoized (DXZ) if the table pays, else enumerating (bitsets or dancing links)"
            } else {
                exact_cover::Cover::new(model.problem()).search().engine().name()
            };
            let stats = CountStats { engine, threads: args.scale.threads, ..CountStats::default() };
            report_stats(args.stats, &stats);
            return run.answer(|| format!("{count}\n"), &Answer::Count { count, shard }, &stats);
        }
        let lines = ProgressLines::start(args.progress, true);
        let counted = exact_cover::Cover::new(model.problem())
            .count_watched(!args.no_memo, &mut |s| lines.watch(s))
            .ok_or_else(|| output::bad("internal error: the empty prefix is a path of every search tree"))?;
        drop(lines);
        let count = counted.count.ok_or_else(|| output::bad("the count exceeds 2^128 - 1"))?;
        let st = counted.stats;
        let stats = CountStats {
            engine: counted.engine.name(),
            threads: 1,
            nodes: st.nodes,
            updates: st.updates,
            memo_hits: counted.memo.hits,
            memo_entries: counted.memo.entries,
        };
        report_stats(args.stats, &stats);
        return run.answer(|| format!("{count}\n"), &Answer::Count { count, shard }, &stats);
    }
    let mut search = exact_cover::Cover::new(model.problem()).search();
    let lines = ProgressLines::start(args.progress, false);
    lines.watch(&mut search);
    let engine = search.engine();
    let texts = |sol: &[usize]| -> Vec<String> { sol.iter().map(|&k| model.text(k)).collect() };
    if args.listing.is_list() {
        let wanted = args.listing.wanted();
        let mut list = run.stream("solutions", "\n");
        let mut error = None;
        while let Some(sol) = search.next_solution() {
            let options = texts(sol);
            let result = list.push(|| options.iter().map(|o| format!("{o}\n")).collect(), &options);
            if keep_going(list.len(), wanted, result, &mut error).is_break() {
                break;
            }
        }
        if let Some(e) = error {
            return Err(e.into());
        }
        let verdict = if list.len() == 0 { "no_solution" } else { "solved" };
        let st = search.stats();
        report_search(args.stats, engine, st);
        return list.finish(
            "No solution\n",
            &serde_json::json!({ "verdict": verdict }),
            &Stats { engine: engine.name(), nodes: st.nodes, updates: st.updates },
        );
    }
    let answer = match search.next_solution() {
        Some(sol) => Answer::Solved { options: texts(sol) },
        None => Answer::NoSolution,
    };
    let st = search.stats();
    report_search(args.stats, engine, st);
    let text = || match &answer {
        Answer::Solved { options } => options.iter().map(|o| format!("{o}\n")).collect(),
        _ => "No solution\n".to_string(),
    };
    run.answer(text, &answer, &Stats { engine: engine.name(), nodes: st.nodes, updates: st.updates })
}
