#!/usr/bin/env bash
# End-to-end timings of `gridlock laser` and `gridlock sat2` (median user time and peak
# memory over RUNS runs, default 5): planted laser grids of 1000x1000 and 4000x4000, the
# Code Jam large data beside the reference `laser_2sat` (which is limited to contest
# sizes), and a planted 2-CNF formula with 10^6 variables and 2*10^6 clauses.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
source scripts/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo build --release --quiet --examples -p gridlock-puzzles -p gridlock-twosat
./target/release/examples/laser_planted 1000 1000 7 > "$tmp/l1000.in"
./target/release/examples/laser_planted 4000 4000 7 > "$tmp/l4000.in"
./target/release/examples/planted_2cnf 1000000 2000000 7 > "$tmp/s.cnf"

# measure INPUT CMD...: median user seconds and median peak KB of CMD < INPUT.
measure() {
  local input=$1; shift
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%U %M' -o "$tmp/t" "$@" < "$input" > "$tmp/out"
    cat "$tmp/t"
  done | sort -n | awk '{u[NR]=$1; m[NR]=$2} END {i=int((NR+1)/2); printf "%8.3f s %8.1f MB", u[i], m[i]/1024}'
}

g=./target/release/gridlock
echo "median over $RUNS runs (user time, peak memory):"
echo "  laser planted 1000x1000      $(measure "$tmp/l1000.in" $g laser)  $(head -1 "$tmp/out")"
echo "  laser planted 4000x4000      $(measure "$tmp/l4000.in" $g laser)  $(head -1 "$tmp/out")"
echo "  sat2 10^6 vars, 2*10^6 cl.   $(measure "$tmp/s.cnf" $g sat2)  $(head -1 "$tmp/out")"
if [ -x "$REF_DIR/laser_2sat" ]; then
  # The reference reads the same input format (P5297 style output).
  echo "  Code Jam large, gridlock     $(measure tests/data/laser/large.in $g laser)"
  echo "  Code Jam large, reference    $(measure tests/data/laser/large.in "$REF_DIR/laser_2sat")"
fi
