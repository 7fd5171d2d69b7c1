//! `gridlock`: exact solvers for combinatorial grid puzzles.
//!
//! This file only dispatches: each command is a module of [`cmd`], the arguments shared
//! by several commands live in [`args`], and answers reach stdout through [`output`].
//! Exit status (docs/exit-status.md): 0 an answer was printed (including "No solution"),
//! 1 the answer could not be written (or `check` found it wrong), 2 bad input or usage,
//! 3 `--time-limit` ran out; `check` also speaks testlib's and DOMjudge's conventions.

mod args;
mod cmd;
mod output;

use clap::{Parser, Subcommand};
use output::Failure;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "gridlock", version, about = "Exact, fast solvers for combinatorial grid puzzles")]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Smart beads (NOI 2005): complete the 55-hole triangular tray with pieces A..L.
    ///
    /// Reads 10 lines (line i has i characters, A..L or '.') and prints the completed tray
    /// in the same layout, or "No solution".
    Beads(Deferred<cmd::beads::Args>),
    /// Laser tower defense (Luogu P5297, Code Jam 2017 "Beaming With Joy").
    ///
    /// Reads T, then per case "ROWS COLUMNS" and the grid (| - . # / \); prints per case
    /// POSSIBLE and the grid with every turret set, or IMPOSSIBLE. Solved by 2-SAT in time
    /// linear in the grid; cases are written as they are solved.
    Laser(Deferred<cmd::laser::Args>),
    /// 2-SAT on DIMACS CNF input (clauses of one or two literals).
    ///
    /// Prints "s SATISFIABLE" and "v ... 0" lines with a model, or "s UNSATISFIABLE", as
    /// SAT competitions do (exit status 0 either way).
    Sat2(Deferred<cmd::sat2::Args>),
    /// The Mayan puzzle (NOIP 2011): empty the 5x7 board in exactly n moves.
    ///
    /// Reads n, then 5 lines (columns from the left) of colours from the bottom up, each
    /// ended by 0. Prints the lexicographically smallest answer as "x y g" lines, or -1.
    /// n is refused above 7 (the contest's limit is 5): each further move multiplies the
    /// search on boards without answer by about 15 (8 moves take 18 s and 410 MB).
    Mayan(Deferred<cmd::mayan::Args>),
    /// Pack pieces into a board or box on any lattice, each piece used once or as its
    /// count says.
    ///
    /// Prints the first packing drawn with the pieces' names, or "No solution".
    Pack(Deferred<cmd::pack::Args>),
    /// Every polyform of a size on a lattice (polyominoes, polyiamonds, polyhexes,
    /// polycubes, prisms): free, one-sided or fixed.
    ///
    /// Prints them as a pieces file that `pack --pieces` reads back (the field's names
    /// where it has them: the pentominoes' letters, ...), or with --count only their
    /// number, counted by Redelmeier's algorithm without storing them (docs/polyforms.md).
    Polyforms(Deferred<cmd::polyforms::Args>),
    /// Exact cover in Knuth's DLX format (DLX1/DLX2/DLX3: primary | secondary items,
    /// colors, multiplicities `lo:hi|item`).
    ///
    /// Prints the options of the first solution, one a line, or "No solution". Solved by
    /// Algorithm C, or Algorithm M when an item has a multiplicity; counts memoize
    /// subproblems (DXZ) where that pays.
    Xc(Deferred<cmd::xc::Args>),
    /// Sudoku and its family: 4x4 to 36x36, jigsaw, X, windoku, killer.
    ///
    /// Reads puzzle lines (one puzzle a line, 81 characters for 9x9, '.' or '0' blank) and
    /// prints each puzzle's solution line, or "No solution", in input order; or one grid
    /// drawing, answered as a drawing. `sudoku generate` makes minimal puzzles with a
    /// unique solution.
    Sudoku(Deferred<cmd::sudoku::Args>),
    /// Polyomino pairs (NOI.AC, Code Jam 2018 "Two-Tiling"): a region tileable by each of
    /// two pieces.
    ///
    /// Reads T, then per case 3 lines "PPP QQQ" ('@' a square, '.' none). Prints per case
    /// POSSIBLE and the two tilings side by side, or IMPOSSIBLE. Every pair is decided by
    /// a live search (no table), the pairs in parallel.
    Twins(Deferred<cmd::twins::Args>),
    /// What a polyomino set does with rectangles: counts of tilings of W x n strips, their
    /// generating functions, tables, the smallest rectangle and the order; and a polycube
    /// set with boxes (--lattice cubic): the smallest box and the order.
    ///
    /// Counts are exact, of any size, on a transfer matrix; the smallest rectangles, boxes
    /// and the orders are proven on the skyline search (docs/rectangles.md).
    Rectangles(Deferred<cmd::rectangles::Args>),
    /// BurrTools puzzles (.xmpuzzle, gzip'd or plain XML): count and list the assemblies
    /// of every problem of the file (one per class under the result's symmetries).
    ///
    /// Reads BurrTools' cube grid; pieces are rotated, variable voxels of the result may
    /// stay empty (up to maxHoles), piece counts and colour constraints are honoured.
    Burr(Deferred<cmd::burr::Args>),
    /// Check an answer from the rules (a special judge).
    ///
    /// `check PUZZLE INPUT OUTPUT` prints "ok" (exit 0) or the first reason the output is
    /// wrong (exit 1). With a fourth file, `check PUZZLE INPUT OUTPUT ANSWER`, it is a
    /// testlib checker (exit 0 ok, 1 wrong answer, 2 presentation error, 3 judge failure).
    /// With `--validator FEEDBACK_DIR` it is a DOMjudge/Kattis output validator: `check
    /// --validator DIR PUZZLE INPUT ANSWER < output` (exit 42 accepted, 43 wrong answer,
    /// the reason in DIR/judgemessage.txt). Where the output says there is no answer,
    /// gridlock's solver (or the jury's answer, when given) decides whether that is true.
    Check(Deferred<cmd::check::Args>),
    /// A local web page and HTTP API: draw a board, pick pieces, watch it solve.
    ///
    /// Serves the page at http://127.0.0.1:PORT/ (printed on stdout) and `POST
    /// /api/<command>` (a JSON object of the command's long flags; the answer streamed as
    /// JSON lines). Jobs run as child processes, stopped when the client goes away.
    /// docs/serve.md.
    #[cfg(feature = "serve")]
    Serve(Deferred<cmd::serve::Args>),
}

/// A command's arguments, added to its `clap::Command` only when that command is parsed
/// or its help is printed (clap's [`clap::Command::defer`]): `gridlock burr FILE` builds
/// the arguments of `burr` alone, not those of every command. Building them all was about
/// a tenth of a small puzzle's run (50 page faults and 40 µs of the process start).
/// Whoever reads the arguments off [`Cli`]'s command (the API of `serve`) calls
/// [`clap::Command::build`] first.
struct Deferred<T>(T);

impl<T: clap::Args> clap::Args for Deferred<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| keep_about(cmd, T::augment_args))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| keep_about(cmd, T::augment_args_for_update))
    }
}

/// `augment` applied to `cmd`, whose about texts (the command's doc comment in
/// [`Command`], set before the deferred arguments are added) stay: the arguments'
/// struct's own doc comment would replace them.
fn keep_about(cmd: clap::Command, augment: fn(clap::Command) -> clap::Command) -> clap::Command {
    let (about, long_about) = (cmd.get_about().cloned(), cmd.get_long_about().cloned());
    let cmd = augment(cmd);
    let cmd = match about {
        Some(text) => cmd.about(text),
        None => cmd.about(None::<&'static str>),
    };
    match long_about {
        Some(text) => cmd.long_about(text),
        None => cmd.long_about(None::<&'static str>),
    }
}

impl<T: clap::FromArgMatches> clap::FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Beads(Deferred(a)) => cmd::beads::run(&a),
        Command::Laser(Deferred(a)) => cmd::laser::run(&a),
        Command::Sat2(Deferred(a)) => cmd::sat2::run(&a),
        Command::Mayan(Deferred(a)) => cmd::mayan::run(&a),
        Command::Pack(Deferred(a)) => cmd::pack::run(&a),
        Command::Polyforms(Deferred(a)) => cmd::polyforms::run(&a),
        Command::Xc(Deferred(a)) => cmd::xc::run(&a),
        Command::Sudoku(Deferred(a)) => cmd::sudoku::run(&a),
        Command::Twins(Deferred(a)) => cmd::twins::run(&a),
        Command::Rectangles(Deferred(a)) => cmd::rectangles::run(&a),
        Command::Burr(Deferred(a)) => cmd::burr::run(&a),
        Command::Check(Deferred(a)) => cmd::check::run(&a),
        #[cfg(feature = "serve")]
        Command::Serve(Deferred(a)) => cmd::serve::run(&a, <Cli as clap::CommandFactory>::command()),
    };
    let result = result.and_then(|()| Ok(output::flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("gridlock: {}", output::printable(&message));
            ExitCode::from(2)
        }
        Err(Failure::Verdict(code)) => {
            let _ = output::flush();
            ExitCode::from(code)
        }
        Err(Failure::Write(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Write(e)) => {
            eprintln!("gridlock: writing the answer: {}", output::printable(&e.to_string()));
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// clap's own checks of every command's arguments (conflicting names, defaults that
    /// their parser refuses, ...), the deferred ones included.
    #[test]
    fn every_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// A deferred command keeps its own about text (the doc comment of its variant),
    /// not its arguments struct's.
    #[test]
    fn deferred_commands_keep_their_about() {
        let mut cli = Cli::command();
        cli.build();
        let burr = cli.find_subcommand("burr").expect("burr");
        assert!(burr.get_about().unwrap().to_string().starts_with("BurrTools puzzles"));
        assert!(burr.get_arguments().any(|a| a.get_long() == Some("disassemble")));
    }
}
