#!/usr/bin/env bash
# The orders of every free polyomino of 1 to N cells (default 8): one `gridlock
# rectangles --order` run per piece, with an area bound and a time limit, as a table of
# BENCHMARKS.md's kind on stdout (one line a piece: size, name, drawing in one line,
# answer, seconds). Usage: scripts/orders-table.sh [N] [MAX_AREA] [SECONDS] [THREADS]
# [FROM] (sizes FROM to N; FROM defaults to 1).
set -euo pipefail
n=${1:-8}
area=${2:-1000}
limit=${3:-60}
threads=${4:-2}
from=${5:-1}
bin=${GRIDLOCK:-target/release/gridlock}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| cells | piece | order | rectangle | proven | seconds |"
echo "|---|---|---|---|---|---|"
for size in $(seq "$from" "$n"); do
  "$bin" polyforms --size "$size" > "$tmp/all.txt"
  # One file per piece: the pieces are separated by blank lines.
  awk -v dir="$tmp" 'BEGIN { k = 0 } /^$/ { k++; next } { print > (dir "/piece-" k ".txt") }' "$tmp/all.txt"
  for f in $(ls "$tmp"/piece-*.txt | sort -t- -k2 -n); do
    name=$(head -1 "$f")
    drawing=$(tail -n +2 "$f" | paste -sd/ -)
    start=$(date +%s.%N)
    out=$("$bin" rectangles --pieces "$f" --order --format json --max-area "$area" --threads "$threads" --time-limit "$limit" 2>/dev/null || true)
    end=$(date +%s.%N)
    secs=$(echo "$end - $start" | bc)
    answer=$(printf '%s' "$out" | python3 -c '
import json, sys
text = sys.stdin.read().strip()
if not text:
    print("| time limit | | no |")
    sys.exit()
v = json.loads(text)
if v["verdict"] == "found":
    print("| %d | %d x %d | %s |" % (v["copies"], v["rows"], v["columns"], "yes" if v["proven"] else "no: " + v["bound"]))
elif v["verdict"] == "impossible":
    print("| 0 | (no corner) | yes |")
else:
    print("| none found | | no: %s |" % v["bound"])
')
    printf '| %d | %s `%s` %s %.2f |\n' "$size" "$name" "$drawing" "$answer" "$secs"
  done
  rm -f "$tmp"/piece-*.txt
done
