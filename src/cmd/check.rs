//! `gridlock check`: a special judge. It validates an output from the rules (checkers
//! that share no code with the solvers), and where the output says there is no answer,
//! decides whether that is true: by the jury's answer when one is given, else by
//! gridlock's own solver. It speaks three conventions: gridlock's own, testlib's and
//! DOMjudge/Kattis output validators'.

use crate::args;
use crate::output::{self, bad, read_input, Failure, Input, Outcome, LARGE_INPUT_LIMIT, SMALL_INPUT_LIMIT};
use polyomino::{Copies, Freedom};
use puzzles::{beads, laser, mayan, pack, twins};
use std::path::{Path, PathBuf};

/// Arguments of `gridlock check`.
#[derive(clap::Args)]
pub struct Args {
    /// The puzzle.
    #[arg(value_enum)]
    puzzle: Puzzle,
    /// The puzzle's input file (for pack: the board file; for xc: Knuth's format; for
    /// sat2: DIMACS CNF).
    input: PathBuf,
    /// The output to check. With --validator: the jury's answer (the output comes on
    /// stdin).
    output: PathBuf,
    /// testlib's fourth file: the jury's answer. Exit status 0 ok, 1 wrong answer,
    /// 2 presentation error (output that is not UTF-8 text), 3 judge failure.
    answer: Option<PathBuf>,
    /// Act as a DOMjudge/Kattis output validator: the output is read from stdin, the
    /// second file is the jury's answer, the reason goes to DIR/judgemessage.txt; exit
    /// status 42 accepted, 43 wrong answer.
    #[arg(long, value_name = "DIR", conflicts_with = "answer")]
    validator: Option<PathBuf>,
    /// pack: the pieces, a set name or a pieces file (as `gridlock pack --pieces`).
    #[arg(long, value_name = "SET|FILE", required_if_eq("puzzle", "pack"))]
    pieces: Option<String>,
    /// pack: the pieces may be rotated but not reflected.
    #[arg(long)]
    one_sided: bool,
    /// pack: every piece's count, as `gridlock pack --copies`.
    #[arg(long, value_name = "COUNT", value_parser = Copies::parse)]
    copies: Option<Copies>,
    /// twins: the board, ROWSxCOLUMNS.
    #[arg(long, value_name = "RxC", default_value = "8x8", value_parser = |s: &str| args::parse_size(s, 128))]
    board: (usize, usize),
}

/// The puzzles `check` knows.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Puzzle {
    /// Smart beads.
    Beads,
    /// Laser tower defense (either output style).
    Laser,
    /// The Mayan puzzle (the answer must be the lexicographically smallest).
    Mayan,
    /// Polyomino pairs (either output style).
    Twins,
    /// Polyomino packing (`gridlock pack`; give --pieces).
    Pack,
    /// Exact cover in Knuth's format (`gridlock xc`).
    Xc,
    /// 2-SAT on DIMACS CNF (`gridlock sat2`).
    Sat2,
}

/// What one case of an output says, once its rules hold.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Claim {
    /// An answer that obeys every rule (for Mayan, its moves, which must also be least).
    Answer(Option<Vec<String>>),
    /// There is none.
    NoAnswer,
}

/// A verdict of the judge.
enum Judgement {
    Ok(String),
    Wrong(String),
    /// The output is not text at all.
    Presentation(String),
    /// The jury's answer is wrong or contradicts a valid output.
    JudgeFailure(String),
}

/// A puzzle read from its input, ready to check outputs and to find the truth.
enum Loaded {
    Beads(String, beads::Tray),
    Laser(Vec<laser::Grid>),
    Mayan(mayan::Puzzle),
    Twins(Vec<twins::Case>, usize, usize),
    Pack(Box<pack::PackSolver>, Vec<pack::check::PieceCells>, Vec<pack::check::Bounds>, bool),
    Xc(exact_cover::knuth::Named),
    Sat2(twosat::TwoSat),
}

fn load(args: &Args, input: &Input) -> Result<Loaded, Failure> {
    Ok(match args.puzzle {
        Puzzle::Beads => {
            Loaded::Beads(String::from_utf8_lossy(&input.data).into_owned(), beads::parse(&input.data).map_err(|e| input.bad(e))?)
        }
        Puzzle::Laser => Loaded::Laser(laser::parse(&input.data).map_err(|e| input.bad(e))?),
        Puzzle::Mayan => Loaded::Mayan(mayan::parse(&input.data).map_err(|e| input.bad(e))?),
        Puzzle::Twins => {
            let (rows, cols) = args.board;
            twins::solve_all(&[], rows, cols).map_err(|e| bad(format_args!("--board: {e}")))?;
            Loaded::Twins(twins::parse(&input.data).map_err(|e| input.bad(e))?, rows, cols)
        }
        Puzzle::Pack => {
            let board = pack::parse_board(input.text()?).map_err(|e| input.bad(e))?;
            let spec = args.pieces.as_deref().unwrap_or_default();
            let listed: Vec<(polyomino::Piece, Copies)> = match polyomino::sets::by_name(spec) {
                Some(set) => set.into_iter().map(|p| (p, Copies::ONE)).collect(),
                None => {
                    let file = read_input(Some(Path::new(spec)), SMALL_INPUT_LIMIT)?;
                    pack::parse_pieces(file.text()?).map_err(|e| file.bad(e))?
                }
            };
            let (pieces, copies): (Vec<polyomino::Piece>, Vec<Copies>) =
                listed.into_iter().map(|(p, c)| (p, args.copies.unwrap_or(c))).unzip();
            let cells: Vec<pack::check::PieceCells> =
                pieces.iter().map(|p| (p.name.clone(), p.shape.cells().iter().map(|c| (c.row, c.col)).collect())).collect();
            let bounds = copies.iter().map(|c| (c.lo, c.hi)).collect();
            let freedom = if args.one_sided { Freedom::OneSided } else { Freedom::Free };
            let solver = pack::PackSolver::with_copies(board, pieces, copies, freedom).map_err(bad)?;
            Loaded::Pack(Box::new(solver), cells, bounds, args.one_sided)
        }
        Puzzle::Xc => Loaded::Xc(exact_cover::knuth::parse(input.text()?).map_err(|e| input.bad(e))?),
        Puzzle::Sat2 => Loaded::Sat2(twosat::dimacs::parse(&input.data).map_err(|e| input.bad(e))?),
    })
}

impl Loaded {
    /// The claims of `text`, one per case, or the first broken rule.
    fn claims(&self, text: &str) -> Result<Vec<Claim>, String> {
        let multi = |verdicts: Vec<puzzles::cases::Verdict>| {
            verdicts.into_iter().map(|v| if v == puzzles::cases::Verdict::Valid { Claim::Answer(None) } else { Claim::NoAnswer }).collect()
        };
        let line = |(l, reason): (usize, String)| if l == 0 { reason } else { format!("line {l}: {reason}") };
        Ok(match self {
            Loaded::Beads(raw, _) => match beads::check::check(raw, text).map_err(|e| e.to_string())? {
                beads::check::Verdict::Solved => vec![Claim::Answer(None)],
                beads::check::Verdict::ClaimsNoSolution => vec![Claim::NoAnswer],
            },
            Loaded::Laser(cases) => multi(laser::check::check(cases, text).map_err(|e| e.to_string())?),
            Loaded::Twins(cases, rows, cols) => multi(twins::check::check(cases, text, *rows, *cols).map_err(|e| e.to_string())?),
            Loaded::Mayan(p) => match mayan::check::check(p, text).map_err(line)? {
                mayan::check::Verdict::ClaimsNone => vec![Claim::NoAnswer],
                mayan::check::Verdict::Valid => {
                    vec![Claim::Answer(Some(
                        text.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|l| !l.is_empty()).collect(),
                    ))]
                }
            },
            Loaded::Pack(solver, pieces, bounds, one_sided) => {
                let board: Vec<(i32, i32)> = solver.board().cells().iter().map(|c| (c.row, c.col)).collect();
                match pack::check::check(&board, pieces, bounds, *one_sided, text).map_err(line)? {
                    pack::check::Verdict::Solved => vec![Claim::Answer(None)],
                    pack::check::Verdict::ClaimsNoSolution => vec![Claim::NoAnswer],
                }
            }
            Loaded::Xc(named) => match exact_cover::check::check(named, text).map_err(line)? {
                exact_cover::check::Verdict::Solved => vec![Claim::Answer(None)],
                exact_cover::check::Verdict::ClaimsNoSolution => vec![Claim::NoAnswer],
            },
            Loaded::Sat2(f) => match twosat::dimacs::check(f, text).map_err(line)? {
                twosat::dimacs::Verdict::Satisfiable => vec![Claim::Answer(None)],
                twosat::dimacs::Verdict::ClaimsUnsatisfiable => vec![Claim::NoAnswer],
            },
        })
    }

    /// Gridlock's own answer to the cases `which` (0-based): whether each has an answer
    /// (with the Mayan puzzle's least moves).
    fn truth(&self, which: &[usize]) -> Vec<Claim> {
        let has = |b: bool| if b { Claim::Answer(None) } else { Claim::NoAnswer };
        match self {
            Loaded::Beads(_, tray) => vec![has(beads::BeadsSolver::new(tray).first(beads::Engine::Bitboard).is_some())],
            Loaded::Laser(cases) => which.iter().map(|&k| has(laser::solve(&cases[k]).is_some())).collect(),
            Loaded::Twins(cases, rows, cols) => {
                let picked: Vec<twins::Case> = which.iter().map(|&k| cases[k].clone()).collect();
                let solved = twins::solve_all(&picked, *rows, *cols).unwrap_or_default();
                solved.iter().map(|a| has(a.is_some())).collect()
            }
            Loaded::Mayan(p) => match mayan::solve(p) {
                Some(moves) => vec![Claim::Answer(Some(moves.iter().map(|m| m.to_string()).collect()))],
                None => vec![Claim::NoAnswer],
            },
            Loaded::Pack(solver, ..) => vec![has(solver.for_each_tiling(|_| std::ops::ControlFlow::Break(())).is_break())],
            Loaded::Xc(named) => vec![has(exact_cover::Solver::new(&named.problem).next_solution().is_some())],
            Loaded::Sat2(f) => vec![has(f.solve().is_some())],
        }
    }
}

/// Judges `output` against the puzzle, with the jury's `answer` when given.
fn judge(loaded: &Loaded, output: &[u8], answer: Option<&str>) -> Judgement {
    let Ok(text) = std::str::from_utf8(output) else {
        return Judgement::Presentation("the output is not UTF-8 text".into());
    };
    let claims = match loaded.claims(text) {
        Ok(c) => c,
        Err(reason) => return Judgement::Wrong(reason),
    };
    let case = |k: usize| if claims.len() > 1 { format!("case {}: ", k + 1) } else { String::new() };
    let mayan = matches!(loaded, Loaded::Mayan(_));
    // The cases whose truth matters: claims of none, and (Mayan) answers that must be least.
    let which: Vec<usize> = (0..claims.len()).filter(|&k| claims[k] == Claim::NoAnswer || mayan).collect();
    let (truth, source): (Vec<Claim>, &str) = match answer {
        Some(jury) => match loaded.claims(jury) {
            Ok(all) => (all, "the jury's answer"),
            Err(reason) => return Judgement::JudgeFailure(format!("the jury's answer is wrong: {reason}")),
        },
        None => {
            let found = loaded.truth(&which);
            let mut all = claims.clone();
            for (&k, t) in which.iter().zip(found) {
                all[k] = t;
            }
            (all, "gridlock")
        }
    };
    if truth.len() != claims.len() {
        return Judgement::JudgeFailure("the jury's answer has another number of cases".into());
    }
    let mut agreed = 0;
    for k in 0..claims.len() {
        match (&claims[k], &truth[k]) {
            (Claim::NoAnswer, Claim::NoAnswer) => agreed += 1,
            (Claim::NoAnswer, Claim::Answer(_)) => {
                return Judgement::Wrong(format!("{}the output claims there is no answer, but {source} has one", case(k)))
            }
            (Claim::Answer(_), Claim::NoAnswer) if answer.is_some() => {
                return Judgement::JudgeFailure(format!("{}the output has a valid answer, but the jury's answer claims none", case(k)))
            }
            (Claim::Answer(Some(mine)), Claim::Answer(Some(least))) if mine != least => {
                let at = mine.iter().zip(least).position(|(a, b)| a != b).unwrap_or(0);
                return Judgement::Wrong(format!(
                    "line {}: a valid answer, but not the lexicographically smallest ({source} has '{}' there)",
                    at + 1,
                    least[at]
                ));
            }
            _ => {}
        }
    }
    if agreed == 0 {
        Judgement::Ok("ok".into())
    } else {
        Judgement::Ok(format!("ok ({agreed} case(s) claim no answer; {source} agrees)"))
    }
}

/// Runs `gridlock check`.
pub fn run(args: &Args) -> Outcome {
    let limit = if matches!(args.puzzle, Puzzle::Beads | Puzzle::Mayan) { SMALL_INPUT_LIMIT } else { LARGE_INPUT_LIMIT };
    let input = read_input(Some(&args.input), limit)?;
    let loaded = load(args, &input)?;
    drop(input);
    if let Some(dir) = &args.validator {
        // DOMjudge/Kattis: `check --validator DIR PUZZLE INPUT JURY_ANSWER < OUTPUT`.
        let jury = read_input(Some(&args.output), LARGE_INPUT_LIMIT)?;
        let jury = String::from_utf8_lossy(&jury.data).into_owned();
        let team = read_input(None, LARGE_INPUT_LIMIT)?;
        let (code, message) = match judge(&loaded, &team.data, Some(&jury)) {
            Judgement::Ok(m) => (42, m),
            Judgement::Wrong(m) | Judgement::Presentation(m) => (43, m),
            Judgement::JudgeFailure(m) => {
                return Err(bad(format_args!("judge failure: {m}")));
            }
        };
        std::fs::write(dir.join("judgemessage.txt"), format!("{message}\n"))
            .map_err(|e| bad(format_args!("{}: {e}", dir.join("judgemessage.txt").display())))?;
        return Err(Failure::Verdict(code));
    }
    let out = read_input(Some(&args.output), LARGE_INPUT_LIMIT)?;
    let jury = match &args.answer {
        Some(path) => Some(String::from_utf8_lossy(&read_input(Some(path), LARGE_INPUT_LIMIT)?.data).into_owned()),
        None => None,
    };
    let testlib = jury.is_some();
    let (code, line) = match judge(&loaded, &out.data, jury.as_deref()) {
        Judgement::Ok(m) => (0, m),
        Judgement::Wrong(m) => (1, format!("wrong: {}: {m}", out.name)),
        Judgement::Presentation(m) => (if testlib { 2 } else { 1 }, format!("wrong: {}: {m}", out.name)),
        Judgement::JudgeFailure(m) => (3, format!("judge failure: {m}")),
    };
    output::emit(format!("{line}\n").as_bytes())?;
    if code == 0 {
        Ok(())
    } else {
        Err(Failure::Verdict(code))
    }
}
