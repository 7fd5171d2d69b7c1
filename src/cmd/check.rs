//! `gridlock check`: a special judge. It validates an output from the rules (checkers
//! that share no code with the solvers), and where the output says there is no answer,
//! decides whether that is true: by the jury's answer when one is given, else by
//! gridlock's own solver. It speaks three conventions: gridlock's own, testlib's and
//! DOMjudge/Kattis output validators'.

use crate::args;
use crate::output::{self, bad, read_bytes, read_input, Failure, Input, Outcome, LARGE_INPUT_LIMIT, SMALL_INPUT_LIMIT};
use polyform::{Copies, Freedom};
use puzzles::judge::{judge, Judgement, Puzzle as Judged};
use puzzles::{laser, mayan, pack, twins};
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
    /// sudoku: the variants and the digits' alphabet, as `gridlock sudoku` takes them.
    #[command(flatten)]
    variant: super::sudoku::Variant,
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
    /// Sudoku and its variants (`gridlock sudoku`; give the same variant flags): one
    /// answer line per puzzle line, or one drawing for a drawn puzzle.
    Sudoku,
}

/// Reads the puzzle the arguments name.
fn load(args: &Args, input: &Input) -> Result<Judged, Failure> {
    Ok(match args.puzzle {
        Puzzle::Sudoku => {
            let regions = args.variant.regions()?;
            let alphabet = args.variant.alphabet();
            let read = sudoku::parse::read(input.text()?, regions.as_ref().map(|r| r.0), false, alphabet).map_err(|e| input.bad(e))?;
            let rules = args.variant.rules(read.size, regions.map(|r| r.1))?;
            let solver = sudoku::Solver::new(rules).map_err(|e| bad(format_args!("--cages: {e}")))?;
            Judged::Sudoku(Box::new(solver), alphabet, read.puzzles, read.drawing)
        }
        Puzzle::Beads => Judged::beads(&input.data).map_err(|e| input.bad(e))?,
        Puzzle::Laser => Judged::Laser(laser::parse(&input.data).map_err(|e| input.bad(e))?),
        Puzzle::Mayan => Judged::Mayan(mayan::parse(&input.data).map_err(|e| input.bad(e))?),
        Puzzle::Twins => {
            let (rows, cols) = args.board;
            twins::check_board(rows, cols).map_err(|e| bad(format_args!("--board: {e}")))?;
            Judged::Twins(twins::parse(&input.data).map_err(|e| input.bad(e))?, rows, cols)
        }
        Puzzle::Pack => {
            let board = pack::parse_board(input.text()?).map_err(|e| input.bad(e))?;
            let spec = args.pieces.as_deref().unwrap_or_default();
            let listed: Vec<(polyform::Piece, Copies)> = match polyform::sets::square(spec) {
                Some(set) => set.into_iter().map(|p| (p, Copies::ONE)).collect(),
                None => {
                    let file = read_input(Some(Path::new(spec)), SMALL_INPUT_LIMIT)?;
                    pack::parse_pieces(file.text()?).map_err(|e| file.bad(e))?
                }
            };
            let (pieces, copies): (Vec<polyform::Piece>, Vec<Copies>) =
                listed.into_iter().map(|(p, c)| (p, args.copies.unwrap_or(c))).unzip();
            let freedom = if args.one_sided { Freedom::OneSided } else { Freedom::Free };
            Judged::pack(board, pieces, copies, freedom).map_err(bad)?
        }
        Puzzle::Xc => Judged::Xc(exact_cover::knuth::parse(input.text()?).map_err(|e| input.bad(e))?),
        Puzzle::Sat2 => Judged::Sat2(twosat::dimacs::parse(&input.data).map_err(|e| input.bad(e))?),
    })
}

/// Runs `gridlock check`.
pub fn run(args: &Args) -> Outcome {
    let limit = if matches!(args.puzzle, Puzzle::Beads | Puzzle::Mayan) { SMALL_INPUT_LIMIT } else { LARGE_INPUT_LIMIT };
    let input = read_input(Some(&args.input), limit)?;
    let loaded = load(args, &input)?;
    drop(input);
    if let Some(dir) = &args.validator {
        // DOMjudge/Kattis: `check --validator DIR PUZZLE INPUT JURY_ANSWER < OUTPUT`.
        let jury = read_bytes(Some(&args.output), LARGE_INPUT_LIMIT)?;
        let jury = String::from_utf8_lossy(&jury.data).into_owned();
        let team = read_bytes(None, LARGE_INPUT_LIMIT)?;
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
    let out = read_bytes(Some(&args.output), LARGE_INPUT_LIMIT)?;
    let jury = match &args.answer {
        Some(path) => Some(String::from_utf8_lossy(&read_bytes(Some(path), LARGE_INPUT_LIMIT)?.data).into_owned()),
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
