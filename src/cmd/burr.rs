//! `gridlock burr`: BurrTools puzzles (`.xmpuzzle`), their problems' assemblies counted
//! and listed on gridlock's exact cover engines.

use crate::args::{Budget, Io, Picture};
use crate::output::{self, read_bytes, Outcome, Run, Target};
use burr::{self, Assembly, BurrPuzzle};
use serde::Serialize;
use std::ops::ControlFlow;
use std::path::PathBuf;

/// Arguments of `gridlock burr`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    io: Io,
    /// Solve only this problem: its name, or its number from 1 in the file's order.
    #[arg(long, value_name = "NAME|K")]
    problem: Option<String>,
    /// Print per problem its name and its number of assemblies (one per class under the
    /// result's symmetries).
    #[arg(long, conflicts_with_all = ["all", "limit"])]
    count: bool,
    /// List every assembly of each problem (one per class), as layers.
    #[arg(long)]
    all: bool,
    /// List at most N assemblies of each problem.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Also find, for each assembly, whether its pieces come apart by sliding groups of
    /// them along the axes, and the shortest way found (its level, such as 5.3.1): with
    /// --count, the number of solutions (assemblies that come apart) too.
    #[arg(long)]
    disassemble: bool,
    /// Keep only the assemblies that come apart (implies --disassemble).
    #[arg(long)]
    solutions: bool,
    /// With --disassemble: give up a separation that needs more than N moves (such an
    /// assembly is reported undecided, never as locked).
    #[arg(long, value_name = "N", default_value_t = 200)]
    max_moves: u32,
    /// With --disassemble: give up an assembly whose search meets more than N positions
    /// for one separation.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    max_states: usize,
    /// Refuse to keep more than N assemblies of a problem for the answer's list or for
    /// --write-xmpuzzle (each is kept in memory until the answer is written). Counts keep
    /// none: --count has no such limit.
    #[arg(long, value_name = "N", default_value_t = 5_000_000)]
    max_assemblies: u64,
    /// Also write the puzzle file back to OUT with the answers in it, as BurrTools saves
    /// them (open it in BurrTools to view them): each problem solved marked solved, with
    /// its numbers of assemblies and solutions, and its assemblies (with --disassemble,
    /// those that come apart, each with its disassembly; with --limit N, the first N).
    /// Everything else in the file is kept as it was. OUT is written whole or not at all,
    /// gzip-compressed when the input was, and never over the input file; "-" writes it
    /// on stdout instead of the answer.
    #[arg(long, value_name = "OUT")]
    write_xmpuzzle: Option<PathBuf>,
    #[command(flatten)]
    picture: Picture,
    #[command(flatten)]
    budget: Budget,
}

/// The largest `.xmpuzzle` file read (16 MiB; decompressed, at most 64 MiB).
const FILE_LIMIT: u64 = 16 << 20;

// The JSON structs declare their fields in alphabetical order, the order the answer's
// keys have always had.

/// One placed piece in JSON.
#[derive(Serialize)]
struct PieceJson {
    cells: Vec<[i32; 3]>,
    label: char,
    shape: String,
}

/// One step of a disassembly in JSON: the pieces' labels, the axis and sense (`+x`,
/// `-z`, ...) and the units, or `"away"` for a separation.
#[derive(Serialize)]
struct StepJson {
    by: serde_json::Value,
    direction: String,
    pieces: String,
}

/// One assembly listed.
#[derive(Serialize)]
struct Listed {
    /// With --disassemble: "5.3.1", or null when it does not come apart (or undecided).
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<StepJson>>,
    pieces: Vec<PieceJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    undecided: Option<bool>,
}

/// One problem's answer.
#[derive(Serialize)]
struct ProblemAnswer {
    assemblies: u64,
    /// Every assembly before symmetric ones were merged.
    found: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    listed: Option<Vec<Listed>>,
    name: String,
    /// With --disassemble: the assemblies that come apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    /// With --disassemble: the assemblies whose search gave up.
    #[serde(skip_serializing_if = "Option::is_none")]
    undecided: Option<u64>,
}

/// A step as text: "A B -y 2" or "C +x away".
fn step_parts(step: &burr::Step) -> (String, String, serde_json::Value) {
    let pieces: Vec<String> = step.pieces.iter().map(|&p| label(p).to_string()).collect();
    let direction = format!("{}{}", if step.sign > 0 { '+' } else { '-' }, ["x", "y", "z"][step.axis]);
    let by = step.distance.map_or(serde_json::json!("away"), |d| serde_json::json!(d));
    (pieces.join(" "), direction, by)
}

/// The level as BurrTools writes it: 5.3.1.
fn level_text(level: &[u32]) -> String {
    level.iter().map(u32::to_string).collect::<Vec<_>>().join(".")
}

/// The answer's fields.
#[derive(Serialize)]
struct Answer {
    problems: Vec<ProblemAnswer>,
    verdict: &'static str,
}

/// Counters.
#[derive(Serialize)]
struct Stats {
    /// Assemblies found before classes were taken, summed over the problems.
    placements_found: u64,
}

/// The labels of an assembly's pieces: A, B, ... in its order.
fn label(k: usize) -> char {
    const LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    LABELS.get(k).map_or('?', |&b| b as char)
}

/// An assembly drawn as layers (z from 0), each a grid of lines y and columns x: a
/// piece's letter, '+' a variable voxel left empty, '_' outside the result; then a
/// legend line per piece.
fn draw(puzzle: &BurrPuzzle, problem: usize, assembly: &Assembly) -> String {
    let p = &puzzle.problems[problem];
    let result = &puzzle.shapes[p.result];
    let [sx, sy, sz] = result.size;
    let mut grid: Vec<char> = result.voxels.iter().map(|v| if matches!(v, burr::Voxel::Empty) { '_' } else { '+' }).collect();
    for (k, placed) in assembly.iter().enumerate() {
        for c in &placed.cells {
            grid[c[0] as usize + sx * (c[1] as usize + sy * c[2] as usize)] = label(k);
        }
    }
    let mut out = String::new();
    for z in 0..sz {
        if z > 0 {
            out.push('\n');
        }
        for y in 0..sy {
            out.extend((0..sx).map(|x| grid[x + sx * (y + sy * z)]));
            out.push('\n');
        }
    }
    for (k, placed) in assembly.iter().enumerate() {
        let part = &p.parts[placed.part];
        out.push_str(&format!("{} {}\n", label(k), puzzle.shapes[part.shape].label(part.shape)));
    }
    out
}

/// The frames of an assembly's picture: the assembly, then, when it was taken apart, the
/// pieces of the part being separated after each step (a piece taken away leaves the
/// frame; the parts that come off are shown after, each with its own steps).
fn frames(assembly: &Assembly, disassembly: Option<&burr::Disassembly>) -> Vec<burr::svg::Frame> {
    let mut cells: Vec<Vec<[i32; 3]>> = assembly.iter().map(|p| p.cells.clone()).collect();
    let mut out = vec![("assembly".to_string(), cells.iter().cloned().enumerate().collect())];
    let Some(d) = disassembly else { return out };
    let mut number = 0;
    let mut stack = vec![&d.tree];
    while let Some(sep) = stack.pop() {
        let mut shown: Vec<usize> = sep.pieces.clone();
        for step in &sep.steps {
            number += 1;
            let (pieces, direction, _) = step_parts(step);
            match step.distance {
                Some(units) => {
                    for &k in &step.pieces {
                        for c in cells[k].iter_mut() {
                            c[step.axis] += step.sign * units as i32;
                        }
                    }
                }
                None => shown.retain(|k| !step.pieces.contains(k)),
            }
            let by = step.distance.map_or("away".to_string(), |u| u.to_string());
            out.push((format!("move {number}: {pieces} {direction} {by}"), shown.iter().map(|&k| (k, cells[k].clone())).collect()));
        }
        // The part that stayed first, then the part removed, as the steps are listed.
        stack.extend(sep.removed.as_deref());
        stack.extend(sep.left.as_deref());
    }
    out
}

/// An assembly kept for the answer: its disassembly (when asked; an error when it does not
/// come apart) and its number among the problem's assemblies, from 0.
type Kept = (Assembly, Option<Result<burr::Disassembly, burr::Stuck>>, u64);

/// Runs `gridlock burr`.
pub fn run(args: &Args) -> Outcome {
    let svg = Target::new("--svg", args.picture.svg.as_deref(), &[args.io.file.as_deref()])?;
    if svg.is_some() && (args.count || args.all || args.limit.is_some()) {
        return Err(output::bad("--svg draws one assembly; it does not go with --count, --all or --limit"));
    }
    let written = Target::new("--write-xmpuzzle", args.write_xmpuzzle.as_deref(), &[args.io.file.as_deref()])?;
    if Target::is_stdout(&svg) && Target::is_stdout(&written) {
        return Err(output::bad("--svg - and --write-xmpuzzle - would both write on stdout"));
    }
    let input = read_bytes(args.io.file.as_deref(), FILE_LIMIT)?;
    let puzzle = burr::parse(&input.data).map_err(|e| input.bad(e))?;
    let original = written.is_some().then(|| input.data.clone());
    drop(input);
    let chosen: Vec<usize> = match &args.problem {
        None => (0..puzzle.problems.len()).collect(),
        Some(wanted) => {
            let by_name = puzzle.problems.iter().position(|p| &p.name == wanted);
            let by_number = wanted.parse::<usize>().ok().filter(|&k| k >= 1 && k <= puzzle.problems.len()).map(|k| k - 1);
            match by_name.or(by_number) {
                Some(k) => vec![k],
                None => {
                    let names: Vec<String> = puzzle.problems.iter().enumerate().map(|(k, p)| p.label(k)).collect();
                    return Err(output::bad(format_args!("--problem {wanted}: no such problem; the file has {}", names.join(", "))));
                }
            }
        }
    };
    if chosen.is_empty() {
        return Err(output::bad("the file has no problem"));
    }
    output::start_time_limit(args.budget.time_limit);
    let run = Run::new("burr", args.io.format);
    let wanted = match (args.all, args.limit) {
        (_, Some(n)) => n,
        (true, None) => u64::MAX,
        (false, None) => 1,
    };
    let mut answers = Vec::new();
    let mut text = String::new();
    // Only the format asked is built: a listing of many assemblies is held whole until
    // the counts that head it are known.
    let json = args.io.format == crate::args::Format::Json;
    let mut found = 0;
    let disassemble = args.disassemble || args.solutions;
    // Per problem solved: its index, its answers, its numbers of assemblies and solutions
    // (0 when not looked for), the seconds it took.
    let mut solved: Vec<(usize, Vec<Kept>, u64, u64, u64)> = Vec::new();
    let mut picture = None;
    for &k in &chosen {
        let problem = &puzzle.problems[k];
        let started = std::time::Instant::now();
        // Each class's assembly with its disassembly (when asked), taken as the search
        // meets it: counts need nothing kept; the answer keeps the assemblies it lists
        // (and --write-xmpuzzle those it saves), the non-solutions dropped with --solutions.
        let keep = if args.count { 0 } else { wanted };
        // --write-xmpuzzle saves up to --limit of those that do not fail to come apart.
        let save = if written.is_some() { args.limit.unwrap_or(u64::MAX) } else { 0 };
        let mut saveable = 0u64;
        let mut kept: Vec<Kept> = Vec::new();
        let (mut solutions, mut undecided, mut number) = (0u64, 0u64, 0u64);
        let mut over = false;
        let mut disassembler = burr::Disassembler::default();
        let mut grouping = burr::Grouping { shape_of: Vec::new(), shapes: problem.parts.iter().map(|part| part.groups.clone()).collect() };
        let tally = burr::each_assembly(&puzzle, k, |assembly, _| {
            // Disassemblies are built only while an assembly may still be kept (listed or
            // saved); past that, and in counts, it is only asked whether it comes apart.
            let may_keep = (kept.len() as u64) < keep || saveable < save;
            let result = disassemble.then(|| {
                let cells: Vec<&[[i32; 3]]> = assembly.iter().map(|p| p.cells.as_slice()).collect();
                grouping.shape_of.clear();
                grouping.shape_of.extend(assembly.iter().map(|p| p.part));
                if may_keep {
                    disassembler.disassemble(&cells, &grouping, args.max_moves, args.max_states).map(Some)
                } else {
                    disassembler.comes_apart(&cells, &grouping, args.max_moves, args.max_states).map(|()| None)
                }
            });
            match &result {
                Some(Ok(_)) => solutions += 1,
                Some(Err(burr::Stuck::GaveUp)) => undecided += 1,
                _ => {}
            }
            number += 1;
            let wanted_here = !args.solutions || matches!(result, Some(Ok(_)));
            let saved_here = wanted_here && !matches!(result, Some(Err(_))) && saveable < save;
            if wanted_here && ((kept.len() as u64) < keep || saved_here) {
                saveable += u64::from(saved_here);
                if kept.len() as u64 >= args.max_assemblies {
                    over = true;
                    return ControlFlow::Break(());
                }
                // Kept only when `may_keep`: its disassembly was built.
                let result = result.map(|r| r.map(|d| d.expect("built when kept")));
                kept.push((assembly, result, number - 1));
            }
            ControlFlow::Continue(())
        })
        .map_err(|e| output::bad(format_args!("problem {}: {e}", problem.label(k))))?;
        if over {
            return Err(output::bad(format_args!(
                "problem {}: more than {} assemblies to list; refused (raise --max-assemblies, or --count)",
                output::printable(&problem.label(k)),
                args.max_assemblies
            )));
        }
        found += tally.all;
        let count = tally.classes;
        // A name may hold any character (an XML entity): escaped, so it forges no line.
        let mut summary = format!("{}: {count} assemblies", output::printable(&problem.label(k)));
        if disassemble {
            summary.push_str(&format!(", {solutions} solutions"));
            if undecided > 0 {
                summary.push_str(&format!(" ({undecided} undecided: raise --max-moves or --max-states)"));
            }
        }
        summary.push('\n');
        text.push_str(&summary);
        let mut answer = ProblemAnswer {
            name: problem.label(k),
            assemblies: count,
            found: tally.all,
            solutions: disassemble.then_some(solutions),
            undecided: disassemble.then_some(undecided),
            listed: None,
        };
        if picture.is_none() && svg.is_some() {
            picture = kept.first().map(|(assembly, result, _)| frames(assembly, result.as_ref().and_then(|r| r.as_ref().ok())));
        }
        let seconds = started.elapsed().as_secs();
        if !args.count {
            let mut listed = Vec::new();
            for (i, (assembly, result, _)) in kept.iter().take(wanted.min(usize::MAX as u64) as usize).enumerate() {
                if !json {
                    text.push_str(&format!("\nassembly {}\n", i + 1));
                    text.push_str(&draw(&puzzle, k, assembly));
                    match result {
                        Some(Ok(d)) => {
                            text.push_str(&format!("level {}\n", level_text(&d.level)));
                            for step in &d.steps {
                                let (pieces, direction, by) = step_parts(step);
                                text.push_str(&format!(
                                    "  {pieces} {direction} {}\n",
                                    by.as_u64().map_or("away".to_string(), |u| u.to_string())
                                ));
                            }
                        }
                        Some(Err(stuck)) => {
                            let gave_up = *stuck == burr::Stuck::GaveUp;
                            text.push_str(if gave_up { "undecided (the search gave up)\n" } else { "does not come apart\n" });
                        }
                        None => {}
                    }
                    continue;
                }
                let mut item = Listed {
                    pieces: assembly
                        .iter()
                        .enumerate()
                        .map(|(i, placed)| {
                            let part = &problem.parts[placed.part];
                            PieceJson { label: label(i), shape: puzzle.shapes[part.shape].label(part.shape), cells: placed.cells.clone() }
                        })
                        .collect(),
                    level: None,
                    undecided: None,
                    moves: None,
                };
                match result {
                    Some(Ok(d)) => {
                        let steps = d
                            .steps
                            .iter()
                            .map(|step| {
                                let (pieces, direction, by) = step_parts(step);
                                StepJson { pieces, direction, by }
                            })
                            .collect();
                        item.level = Some(Some(level_text(&d.level)));
                        item.moves = Some(steps);
                    }
                    Some(Err(stuck)) => {
                        item.level = Some(None);
                        item.undecided = Some(*stuck == burr::Stuck::GaveUp);
                    }
                    None => {}
                }
                listed.push(item);
            }
            answer.listed = Some(listed);
        }
        answers.push(answer);
        solved.push((k, kept, count, if disassemble { solutions } else { 0 }, seconds));
    }
    if svg.is_some() && picture.is_none() {
        // Nothing to draw: refused before any output or file (it once wrote nothing and
        // said nothing, or printed the text answer in place of the picture).
        return Err(output::bad("--svg draws the first assembly, and no problem has one"));
    }
    if let (Some(target), Some(original)) = (&written, &original) {
        let limit = args.limit.unwrap_or(u64::MAX);
        let answers: Vec<burr::Solved> = solved
            .iter()
            .map(|(k, kept, assemblies, solutions, seconds)| {
                let mut saved = Vec::new();
                for (assembly, result, number) in kept {
                    let disassembly = match result {
                        None => None,
                        Some(Ok(d)) => Some(d),
                        // BurrTools saves only the assemblies that come apart when it
                        // takes them apart.
                        Some(Err(_)) => continue,
                    };
                    if saved.len() as u64 >= limit {
                        break;
                    }
                    let solution_number = saved.len() as u64;
                    saved.push(burr::Saved { assembly, disassembly, assembly_number: *number, solution_number });
                }
                burr::Solved { problem: *k, assemblies: *assemblies, solutions: *solutions, seconds: *seconds, saved }
            })
            .collect();
        let bytes = burr::with_solutions(original, &puzzle, &answers).map_err(|e| output::bad(format_args!("--write-xmpuzzle: {e}")))?;
        target.write(&bytes)?;
        if Target::is_stdout(&written) {
            return Ok(());
        }
    }
    if let (Some(target), Some(frames)) = (&svg, &picture) {
        output::check_svg_size(frames.iter().map(|(_, pieces)| pieces.iter().map(|(_, c)| c.len()).sum::<usize>()).sum())?;
        let labels: Vec<char> = (0..64).map(label).collect();
        target.write(burr::svg::draw(frames, &labels))?;
        if Target::is_stdout(&svg) {
            return Ok(());
        }
    }
    let verdict = if args.count { "count" } else { "solved" };
    run.answer(|| text, &Answer { problems: answers, verdict }, &Stats { placements_found: found })
}
