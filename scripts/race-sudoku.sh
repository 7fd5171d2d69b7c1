#!/usr/bin/env bash
# Races gridlock's sudoku engines against tdoku's run_benchmark (tdoku, JSolve, fsss,
# bb_sudoku, fast_solv_9r2, kudoku) on the public lists of ../shared/data/sudoku/, in one
# run. run_benchmark is not part of the project: fetch t-dillon/tdoku, and build it outside
# the tree (../shared/reference/README.md names it); TDOKU_BENCH points at the binary
# (default $TMPDIR/tdoku/run_benchmark). Each solver finds up to 2 solutions per puzzle,
# as run_benchmark does by default.
# Prints, per list: run_benchmark's table (in-process puzzles/s), gridlock's in-process
# rate (crates/sudoku/examples/sudoku_rate.rs: median of 3 passes, parsing excluded) for
# the 9x9 engine, the general one, and the exact cover encoding built once with each
# puzzle's givens forced (its `xc` mode); then gridlock's whole-file rate (`gridlock sudoku
# FILE --count --limit 2`, median user time of RUNS runs: process start, reading, the check
# of every line and the answers included), and the exact cover path (`--engine xc`) on the
# first 5000 puzzles.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
source scripts/lib.sh
BENCH=${TDOKU_BENCH:-${TMPDIR:-/tmp}/tdoku/run_benchmark}
[ -x "$BENCH" ] || { echo "tdoku's run_benchmark is not built at $BENCH (set TDOKU_BENCH)" >&2; exit 1; }
DATA=${SUDOKU_DATA:-../shared/data/sudoku}
cargo build --release --quiet -p gridlock-sudoku --example sudoku_rate
rate=./target/release/examples/sudoku_rate
g=./target/release/gridlock
for list in puzzles5_forum_hardest_1905_11+ puzzles2_17_clue; do
  f="$DATA/$list"
  echo "== $list"
  "$BENCH" -s tdoku,jsolve,fsss,bb_sudoku,fast_solv_9r2,kudoku -t "${SECONDS_PER_SOLVER:-10}" -w 3 "$f" | grep '^|'
  echo "gridlock in process: $($rate "$f")"
  echo "gridlock in process: $($rate "$f" general)"
  echo "gridlock in process: $($rate "$f" xc)"
  n=$(grep -cv '^#' "$f")
  t=$(median_user /dev/null $g sudoku "$f" --count --limit 2)
  echo "gridlock sudoku FILE --count --limit 2: $n puzzles, median $t s user, $(awk -v n="$n" -v t="$t" 'BEGIN {printf "%.0f", n / t}') puzzles/s"
  awk '!/^#/ && n++ < 5000' "$f" > "${TMPDIR:-/tmp}/race-sudoku-5000.txt"
  t=$(median_user /dev/null $g sudoku "${TMPDIR:-/tmp}/race-sudoku-5000.txt" --count --limit 2 --engine xc)
  echo "gridlock sudoku --engine xc (first 5000): median $t s user, $(awk -v t="$t" 'BEGIN {printf "%.0f", 5000 / t}') puzzles/s"
done
