//! The special judge: checks an output against a puzzle's rules (by the checkers, which
//! share no code with the solvers) and, where the output says there is no answer (or, for
//! the Mayan puzzle, where an answer must be the lexicographically least), decides the
//! truth: by the jury's answer when one is given, else by gridlock's own solver. The
//! command `gridlock check` and the Python bindings are both front ends of [`judge`].

use crate::{beads, laser, mayan, pack, twins};
use polyform::{Board, Copies, Freedom, Piece};

/// What one case of an output says, once its rules hold.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Claim {
    /// An answer that obeys every rule (for Mayan, its moves, which must also be least).
    Answer(Option<Vec<String>>),
    /// There is none.
    NoAnswer,
}

/// A verdict of the judge; each carries its one-line reason.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Judgement {
    /// The output is right.
    Ok(String),
    /// The output breaks a rule, or claims no answer where there is one.
    Wrong(String),
    /// The output is not text at all.
    Presentation(String),
    /// The jury's answer is wrong or contradicts a valid output.
    JudgeFailure(String),
}

/// A puzzle read from its input, ready to check outputs and to find the truth.
#[allow(clippy::large_enum_variant)]
pub enum Puzzle {
    /// Smart beads: the input text (the checker reads it itself) and the tray.
    Beads(String, beads::Tray),
    /// Laser tower defense: the cases.
    Laser(Vec<laser::Grid>),
    /// The Mayan puzzle.
    Mayan(mayan::Puzzle),
    /// Polyomino pairs: the cases and the board (rows, columns).
    Twins(Vec<twins::Case>, usize, usize),
    /// Packing: the solver, each piece's cells, each piece's count bounds, and whether
    /// pieces are one-sided (build it with [`Puzzle::pack`]).
    Pack(Box<pack::Problem>, Vec<pack::check::PieceCells>, Vec<pack::check::Bounds>, bool),
    /// Exact cover in Knuth's format.
    Xc(exact_cover::knuth::Named),
    /// 2-SAT in DIMACS CNF.
    Sat2(twosat::TwoSat),
    /// Sudoku: the solver of the rules, the digits' alphabet, each puzzle's first line and
    /// givens, and whether the answer is one whole text (a drawing) rather than a line per
    /// puzzle.
    Sudoku(Box<sudoku::Solver>, sudoku::Alphabet, Vec<(usize, sudoku::Grid)>, bool),
}

impl Puzzle {
    /// The claims of `text`, one per case, or the first broken rule.
    fn claims(&self, text: &str) -> Result<Vec<Claim>, String> {
        let multi = |verdicts: Vec<crate::cases::Verdict>| {
            verdicts.into_iter().map(|v| if v == crate::cases::Verdict::Valid { Claim::Answer(None) } else { Claim::NoAnswer }).collect()
        };
        let line = |(l, reason): (usize, String)| if l == 0 { reason } else { format!("line {l}: {reason}") };
        Ok(match self {
            Puzzle::Beads(raw, _) => match beads::check::check(raw, text).map_err(|e| e.to_string())? {
                beads::check::Verdict::Solved => vec![Claim::Answer(None)],
                beads::check::Verdict::ClaimsNoSolution => vec![Claim::NoAnswer],
            },
            Puzzle::Laser(cases) => multi(laser::check::check(cases, text).map_err(|e| e.to_string())?),
            Puzzle::Twins(cases, rows, cols) => multi(twins::check::check(cases, text, *rows, *cols).map_err(|e| e.to_string())?),
            Puzzle::Mayan(p) => match mayan::check::check(p, text).map_err(line)? {
                mayan::check::Verdict::ClaimsNone => vec![Claim::NoAnswer],
                mayan::check::Verdict::Valid => {
                    vec![Claim::Answer(Some(
                        text.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|l| !l.is_empty()).collect(),
                    ))]
                }
            },
            Puzzle::Pack(solver, pieces, bounds, one_sided) => {
                let board: Vec<(i32, i32)> = solver.region().cells().iter().map(|c| (c.x, c.y)).collect();
                match pack::check::check(&board, pieces, bounds, *one_sided, text).map_err(line)? {
                    pack::check::Verdict::Solved => vec![Claim::Answer(None)],
                    pack::check::Verdict::ClaimsNoSolution => vec![Claim::NoAnswer],
                }
            }
            Puzzle::Xc(named) => match exact_cover::check::check(named, text).map_err(line)? {
                exact_cover::check::Verdict::Solved => vec![Claim::Answer(None)],
                exact_cover::check::Verdict::ClaimsNoSolution => vec![Claim::NoAnswer],
            },
            Puzzle::Sat2(f) => match twosat::dimacs::check(f, text).map_err(line)? {
                twosat::dimacs::Verdict::Satisfiable => vec![Claim::Answer(None)],
                twosat::dimacs::Verdict::ClaimsUnsatisfiable => vec![Claim::NoAnswer],
            },
            Puzzle::Sudoku(solver, alphabet, puzzles, whole) => {
                let rules = solver.rules();
                let answers = sudoku::check::read_answers(text, puzzles.len(), *whole, rules.size(), *alphabet)?;
                let each = puzzles.iter().zip(answers).enumerate().map(|(k, ((line, givens), answer))| match answer {
                    Some(g) => sudoku::check::check(rules, givens, &g)
                        .map(|()| Claim::Answer(None))
                        .map_err(|e| format!("puzzle {} (line {line}): {e}", k + 1)),
                    None => Ok(Claim::NoAnswer),
                });
                each.collect::<Result<_, String>>()?
            }
        })
    }

    /// Gridlock's own answer to the cases `which` (0-based): whether each has an answer
    /// (with the Mayan puzzle's least moves).
    fn truth(&self, which: &[usize]) -> Vec<Claim> {
        let has = |b: bool| if b { Claim::Answer(None) } else { Claim::NoAnswer };
        match self {
            Puzzle::Beads(_, tray) => vec![has(beads::BeadsSolver::new(tray).first(beads::Engine::Bitboard).is_some())],
            Puzzle::Laser(cases) => which.iter().map(|&k| has(laser::solve(&cases[k]).is_some())).collect(),
            Puzzle::Twins(cases, rows, cols) => {
                let picked: Vec<twins::Case> = which.iter().map(|&k| cases[k].clone()).collect();
                let solved = twins::solve_all(&picked, *rows, *cols).unwrap_or_default();
                solved.iter().map(|a| has(a.is_some())).collect()
            }
            Puzzle::Mayan(p) => match mayan::solve(p) {
                Some(moves) => vec![Claim::Answer(Some(moves.iter().map(|m| m.to_string()).collect()))],
                None => vec![Claim::NoAnswer],
            },
            Puzzle::Pack(solver, ..) => vec![has(solver.first().is_some())],
            Puzzle::Xc(named) => vec![has(exact_cover::Solver::new(&named.problem).next_solution().is_some())],
            Puzzle::Sat2(f) => vec![has(f.solve().is_some())],
            Puzzle::Sudoku(solver, _, puzzles, _) => which.iter().map(|&k| has(solver.count(&puzzles[k].1, 1).0 > 0)).collect(),
        }
    }
}

/// Judges `output` (the bytes a contestant printed) against the puzzle, with the jury's `answer` when given.
pub fn judge(loaded: &Puzzle, output: &[u8], answer: Option<&str>) -> Judgement {
    let Ok(text) = std::str::from_utf8(output) else {
        return Judgement::Presentation("the output is not UTF-8 text".into());
    };
    let claims = match loaded.claims(text) {
        Ok(c) => c,
        Err(reason) => return Judgement::Wrong(reason),
    };
    let case = |k: usize| if claims.len() > 1 { format!("case {}: ", k + 1) } else { String::new() };
    let mayan = matches!(loaded, Puzzle::Mayan(_));
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

impl Puzzle {
    /// A packing puzzle: the board, the pieces with their counts, and their freedom.
    ///
    /// # Errors
    /// What [`pack::Problem::new`] refuses (too many placements, bad counts).
    pub fn pack(board: Board, pieces: Vec<Piece>, copies: Vec<Copies>, freedom: Freedom) -> Result<Puzzle, pack::RunError> {
        let cells: Vec<pack::check::PieceCells> =
            pieces.iter().map(|p| (p.name.clone(), p.shape.cells().iter().map(|c| (c.x, c.y)).collect())).collect();
        let bounds = copies.iter().map(|c| (c.lo, c.hi)).collect();
        let one_sided = freedom == Freedom::OneSided;
        let solver = pack::Problem::new(board, pieces, copies, freedom)?;
        Ok(Puzzle::Pack(Box::new(solver), cells, bounds, one_sided))
    }

    /// Smart beads from the input text.
    ///
    /// # Errors
    /// The first line and column where the input breaks the format.
    pub fn beads(input: &[u8]) -> Result<Puzzle, located::ParseError> {
        Ok(Puzzle::Beads(String::from_utf8_lossy(input).into_owned(), beads::parse(input)?))
    }
}
