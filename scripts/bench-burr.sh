#!/usr/bin/env bash
# Races `gridlock burr --count --disassemble` against BurrTools' own command-line solver
# `burrTxt -d -q` (when BURRTXT names a binary built by hand from BurrTools' public
# source, outside this tree) on the generated puzzles of examples/burr and tests/data/burr.
# Prints, per file, the median user seconds of RUNS runs (default 3) of each, taken in
# turns, the counts each printed and the ratio of the medians. FILES overrides the list.
# LOOP=N makes each run N runs in a row, its time divided by N (files that take a few
# hundredths of a second, where one run is at the clock's resolution). BIN names the
# gridlock binary (default target/release/gridlock, built if missing; the BENCHMARKS rows
# of small files use the static one of scripts/build-static.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
bin=${BIN:-target/release/gridlock}
[ -x "$bin" ] || cargo build --release --locked --quiet
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
LOOP=${LOOP:-1}
# PERF=1: each run's CPU time (user and system) by `perf stat -r LOOP` (task-clock, the
# mean of LOOP runs), the process alone; else the user time of a shell looping LOOP runs.
user() {
  if [ -n "${PERF:-}" ]; then
    perf stat -x, -e task-clock -r "$LOOP" "$@" 2>&1 > /dev/null | awk -F, '/task-clock/ { printf "%.4g\n", $1 / 1000 }'
  else
    /usr/bin/time -f %U bash -c 'for _ in $(seq "$0"); do "$@" > /dev/null 2>&1; done' "$LOOP" "$@" 2>&1 | tail -1 | awk -v n="$LOOP" '{ printf "%.4g\n", $1 / n }'
  fi
}
for f in ${FILES:-examples/burr/soma.xmpuzzle tests/data/burr/b160.xmpuzzle tests/data/burr/b200.xmpuzzle examples/burr/b146.xmpuzzle examples/burr/b165.xmpuzzle examples/burr/notchable.xmpuzzle}; do
  # The runs alternate, gridlock then burrTxt, so both meet the same load.
  : > /tmp/bench-burr.$$.ours
  : > /tmp/bench-burr.$$.theirs
  for _ in $(seq "$RUNS"); do
    user "$bin" burr "$f" --count --disassemble >> /tmp/bench-burr.$$.ours
    [ -z "${BURRTXT:-}" ] || user "$BURRTXT" -d -q "$f" >> /tmp/bench-burr.$$.theirs
  done
  ours=$(median < /tmp/bench-burr.$$.ours)
  counts=$("$bin" burr "$f" --count --disassemble | sed 's/.*: //')
  line="$f | gridlock $ours s ($counts)"
  if [ -n "${BURRTXT:-}" ]; then
    theirs=$(median < /tmp/bench-burr.$$.theirs)
    said=$("$BURRTXT" -d -q "$f" 2>/dev/null | grep -o '^[0-9]* assemblies and [0-9]* solutions')
    line="$line | burrTxt $theirs s ($said) | ratio $(awk -v a="$ours" -v b="$theirs" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')"
  fi
  echo "$line"
done
rm -f /tmp/bench-burr.$$.ours /tmp/bench-burr.$$.theirs
