#!/bin/bash
# Races `gridlock rectangles --lattice cubic --order --mirror` against Karl Dahlke's
# 3dbox (trec's src/3dbox.c, github.com/eklhad/trec; build it yourself outside the tree
# and give its path in DBOX=) on polycubes of trec's theorems/hexlist-3d, one thread,
# RUNS runs each alternating, and prints a line per piece: the boxes found, the median
# CPU seconds (user + system) of a run of each. 3dbox is run as `3dbox PIECE 1` (orders
# from 1 up, flat boxes skipped). LOOP=N makes each run N runs in a row, its time divided
# by N: the small pieces take a few milliseconds, most of it starting the process, where
# one run is below the clock's resolution.
#
# Usage: DBOX=/path/to/3dbox [RUNS=3] [LOOP=1] scripts/race-3dbox.sh [PIECE...]
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DBOX:?give the 3dbox binary in DBOX=}"
RUNS=${RUNS:-3}
LOOP=${LOOP:-1}
GRIDLOCK=${GRIDLOCK:-target/release/gridlock}
pieces=("$@")
[ ${#pieces[@]} -gt 0 ] || pieces=(c060 e0e080 e030 'e080!20' c06020 'c060!40' c06040 e04040 f840)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The CPU seconds (user + system) of LOOP runs of a command, divided by LOOP.
cpu() {
  /usr/bin/time -f "%U %S" bash -c 'for _ in $(seq "$0"); do "$@" > /dev/null 2>&1; done' "$LOOP" "$@" 2>&1 | tail -1 | awk -v n="$LOOP" '{ printf "%.5f\n", ($1 + $2) / n }'
}
median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
echo "| polycube (trec) | gridlock | 3dbox | gridlock s | 3dbox s | ratio |"
echo "|---|---|---|---|---|---|"
for p in "${pieces[@]}"; do
  python3 - "$p" > "$tmp/piece.txt" <<'PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("trec3d", "scripts/trec-3d.py")
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
print(f"lattice: cubic\n{sys.argv[1]} *\n{m.layers(sys.argv[1])}")
PY
  : > "$tmp/ours"; : > "$tmp/theirs"
  for _ in $(seq "$RUNS"); do
    cpu "$GRIDLOCK" rectangles --pieces "$tmp/piece.txt" --order --mirror >> "$tmp/ours"
    cpu "$DBOX" "$p" 1 >> "$tmp/theirs"
  done
  "$GRIDLOCK" rectangles --pieces "$tmp/piece.txt" --order --mirror > "$tmp/ours.out"
  "$DBOX" "$p" 1 > "$tmp/theirs.out"
  mo=$(median < "$tmp/ours"); mt=$(median < "$tmp/theirs")
  ratio=$(awk -v a="$mt" -v b="$mo" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
  echo "| $p | $(head -1 "$tmp/ours.out") | $(grep '^box' "$tmp/theirs.out" | tail -1) | $mo | $mt | $ratio |"
done
