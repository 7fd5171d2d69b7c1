//! `gridlock xc`: exact cover in Knuth's DLX format.

use super::keep_going;
use crate::args::{Budget, Io, Listing, Scale};
use crate::output::{self, read_input, Outcome, Run, LARGE_INPUT_LIMIT};
use serde::Serialize;

/// Arguments of `gridlock xc`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    io: Io,
    /// Print the number of solutions.
    #[arg(long, conflicts_with_all = ["all", "limit"])]
    count: bool,
    #[command(flatten)]
    listing: Listing,
    /// With --count: count without the memo table (plain enumeration). By default a
    /// count memoizes subproblems (DXZ) and keeps the table only if, after 50000 lookups,
    /// its hits saved at least 2 search nodes per lookup; with --threads or --shard each
    /// subtree of the cut has its own table (problems with multiplicities enumerate
    /// there).
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

/// The answer without a list.
#[derive(Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
enum Answer {
    Solved { options: Vec<String> },
    NoSolution,
    Count { count: u128, shard: Option<String> },
}

/// Search counters of dancing links.
#[derive(Serialize)]
struct Stats {
    nodes: u64,
    updates: u64,
}

/// Counters of a count: the engine that ran (chosen in one place: memo or not), nodes
/// and updates as Knuth counts them (search-tree nodes entered; items and options
/// unlinked), and the memo table's hits and entries.
#[derive(Serialize, Default)]
struct CountStats {
    engine: &'static str,
    threads: usize,
    nodes: u64,
    updates: u64,
    memo_hits: u64,
    memo_entries: u64,
}

/// The engine that ran, named in one place for --stats and JSON: Algorithm M when an item
/// has a multiplicity, else Algorithm C, memoized or enumerating.
fn engine(multiplicities: bool, memo: bool) -> &'static str {
    match (multiplicities, memo) {
        (true, _) => "dancing links (Algorithm M, multiplicities), enumerating",
        (false, true) => "dancing links (Algorithm C) with memoized subproblems (DXZ)",
        (false, false) => "dancing links (Algorithm C), enumerating",
    }
}

/// Writes a listing's counters on stderr when --stats asks for it.
fn report_search(wanted: bool, multiplicities: bool, st: exact_cover::Stats) {
    if wanted {
        eprintln!("engine: {}; nodes: {}; updates: {}; solutions: {}", engine(multiplicities, false), st.nodes, st.updates, st.solutions);
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

/// Progress lines on stderr, once a second, from a watched search until dropped.
struct ProgressLines {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ProgressLines {
    /// Starts printing `solver`'s progress when `wanted` (solutions too when not
    /// `counting`: a memoized count does not visit them one by one).
    fn start(wanted: bool, counting: bool, solver: &mut exact_cover::Solver) -> ProgressLines {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        if !wanted {
            return ProgressLines { stop, thread: None };
        }
        let watched = solver.watch();
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            let start = std::time::Instant::now();
            let mut ticks = 0u64;
            while !flag.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(50));
                ticks += 1;
                if ticks % 20 == 0 {
                    let f = watched.fraction();
                    let estimate =
                        if f.is_nan() { "no estimate (Algorithm M)".to_string() } else { format!("about {:.4}% of the tree", 100.0 * f) };
                    let solutions = if counting { String::new() } else { format!("{} solutions, ", watched.solutions()) };
                    eprintln!("gridlock xc: {:.0} s, {} nodes, {solutions}{estimate}", start.elapsed().as_secs_f64(), watched.nodes());
                }
            }
        });
        ProgressLines { stop, thread: Some(thread) }
    }
}

impl Drop for ProgressLines {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
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
    output::start_time_limit(args.budget.time_limit);
    let run = Run::new("xc", args.io.format);
    if args.count {
        let shard = args.scale.shard.map(|(k, n)| format!("{k}/{n}"));
        if args.scale.threads > 1 || args.scale.shard.is_some() {
            if args.progress {
                return Err(output::bad(
                    "--progress estimates single-threaded searches; with --threads or --shard a bar of subtrees shows on a terminal",
                ));
            }
            let bar = output::progress_bar();
            let report = output::progress_reporter(&bar);
            let options = exact_cover::parallel::CountOptions {
                threads: args.scale.threads,
                shard: args.scale.shard,
                progress: bar.as_ref().map(|_| &report as &(dyn Fn(u64, u64) + Sync)),
            };
            let memo = !args.no_memo && !named.problem.has_multiplicities();
            let count = exact_cover::parallel::count_memo(&named.problem, &options, memo)
                .ok_or_else(|| output::bad("the count exceeds 2^128 - 1"))?;
            if let Some(b) = &bar {
                b.finish_and_clear();
            }
            let engine = engine(named.problem.has_multiplicities(), memo);
            let stats = CountStats { engine, threads: args.scale.threads, ..CountStats::default() };
            report_stats(args.stats, &stats);
            return run.answer(|| format!("{count}\n"), &Answer::Count { count, shard }, &stats);
        }
        let mut solver = exact_cover::Solver::new(&named.problem);
        let lines = ProgressLines::start(args.progress, true, &mut solver);
        let (count, memo) = solver.count_memo(!args.no_memo);
        drop(lines);
        let count = count.ok_or_else(|| output::bad("the count exceeds 2^128 - 1"))?;
        let engine = engine(solver.has_multiplicities(), memo.kept);
        let st = solver.stats();
        let stats =
            CountStats { engine, threads: 1, nodes: st.nodes, updates: st.updates, memo_hits: memo.hits, memo_entries: memo.entries };
        report_stats(args.stats, &stats);
        return run.answer(|| format!("{count}\n"), &Answer::Count { count, shard }, &stats);
    }
    let mut solver = exact_cover::Solver::new(&named.problem);
    let _lines = ProgressLines::start(args.progress, false, &mut solver);
    let texts = |sol: &[usize]| -> Vec<String> { sol.iter().map(|&k| named.option_text(k)).collect() };
    if args.listing.is_list() {
        let wanted = args.listing.wanted();
        let mut list = run.stream("solutions", "\n");
        let mut error = None;
        while let Some(sol) = solver.next_solution() {
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
        let st = solver.stats();
        report_search(args.stats, named.problem.has_multiplicities(), st);
        return list.finish("No solution\n", &serde_json::json!({ "verdict": verdict }), &Stats { nodes: st.nodes, updates: st.updates });
    }
    let answer = match solver.next_solution() {
        Some(sol) => Answer::Solved { options: texts(sol) },
        None => Answer::NoSolution,
    };
    let st = solver.stats();
    report_search(args.stats, named.problem.has_multiplicities(), st);
    let text = || match &answer {
        Answer::Solved { options } => options.iter().map(|o| format!("{o}\n")).collect(),
        _ => "No solution\n".to_string(),
    };
    run.answer(text, &answer, &Stats { nodes: st.nodes, updates: st.updates })
}
