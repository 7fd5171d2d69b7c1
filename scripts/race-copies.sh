#!/usr/bin/env bash
# Races `gridlock pack --count` with piece counts against Knuth's dlx3 on the same
# `--emit-knuth` file: SETS seeded random piece sets (default 7) with counts (N, LO..HI,
# *, LO..*) on boards of 60 to 160 cells, then the median ratio. Each program must print
# the same count; dlx3 gets at most LIMIT seconds (default 120) a problem, and a problem
# it does not finish counts as LIMIT for it (so its ratio is a lower bound). User time,
# one run each.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=1
source scripts/lib.sh
need_knuth dlx3
g=./target/release/gridlock
dir=${TMPDIR:-/tmp}/gridlock-race-copies
mkdir -p "$dir"
LIMIT=${LIMIT:-120}
ratios=()
printf '%-8s %-6s %-26s %14s %10s %10s %8s\n' set board pieces count gridlock dlx3 ratio
for seed in $(seq "${SETS:-7}"); do
  python3 - "$seed" > "$dir/pieces-$seed.txt" <<'PY'
import random, sys
rng = random.Random(int(sys.argv[1]))
shapes = ["##\n#.", "###\n.#.", "###\n#..", "##.\n.##", "##\n##", "###", "####", "#.\n##\n.#"]
for k, s in enumerate(rng.sample(shapes, rng.randint(2, 4))):
    count = rng.choice(["*", f"{rng.randint(1, 3)}..*", f"{rng.randint(0, 2)}..{rng.randint(3, 8)}", f"{rng.randint(1, 4)}"])
    print(f"q{k} {count}\n{s}\n")
PY
  rows=$((6 + seed % 3))
  cols_choices=(10 12 15 20); cols=${cols_choices[$((seed % 4))]}
  pieces="$dir/pieces-$seed.txt"
  $g pack --rect ${rows}x$cols --pieces "$pieces" --emit-knuth > "$dir/p-$seed.dlx"
  ours_count=$($g pack --rect ${rows}x$cols --pieces "$pieces" --count)
  ours=$( { TIMEFORMAT=%U; time $g pack --rect ${rows}x$cols --pieces "$pieces" --count > /dev/null; } 2>&1 )
  if theirs=$( { TIMEFORMAT=%U; time timeout "$LIMIT" "$KNUTH_DIR/dlx3" m0 < "$dir/p-$seed.dlx" > /dev/null 2> "$dir/dlx3-$seed.err"; } 2>&1 ); then
    theirs_count=$(awk '/^Altogether/ {print $2}' "$dir/dlx3-$seed.err")
    [ "$theirs_count" = "$ours_count" ] || { echo "set $seed: gridlock $ours_count, dlx3 $theirs_count" >&2; exit 1; }
  else
    theirs=">$LIMIT"
  fi
  t=${theirs#>}
  r=$(awk -v a="$t" -v b="$ours" 'BEGIN {printf "%.1f", a / (b > 0.001 ? b : 0.001)}')
  ratios+=("$r")
  printf '%-8s %-6s %-26s %14s %10s %10s %7sx\n' "$seed" "${rows}x$cols" "$(grep -h ' ' "$pieces" | tr '\n' ' ' | cut -c1-26)" "$ours_count" "$ours" "$theirs" "$r"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {print "median ratio dlx3 / gridlock: " a[int((NR+1)/2)] "x"}'
