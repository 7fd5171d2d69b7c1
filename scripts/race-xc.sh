#!/usr/bin/env bash
# Races `gridlock xc --count --no-memo` (enumerating, as Knuth's programs do) against
# Knuth's dlx1, dlx2, dlx3 and ssxcc (built by hand into KNUTH_DIR: see scripts/lib.sh) on the
# problems of issue 13: pentominoes 6x10, Scott's 8x8 with the centre hole, Langford
# pairs n=12, 13 queens (diagonals secondary), a seeded random colored problem and a
# seeded random problem with multiplicities. Every program must print the same count
# before it is timed; then the median user time of RUNS runs (default 5) of each.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
source scripts/lib.sh
need_knuth dlx1 dlx2 dlx3 ssxcc
g=./target/release/gridlock
dir=${TMPDIR:-/tmp}/gridlock-race-xc
mkdir -p "$dir"
python3 scripts/xc-problems.py "$dir"
$g pack --rect 6x10 --pieces pentominoes --emit-knuth > "$dir/pentominoes6x10.dlx"
$g pack --board examples/pack/scott-8x8.txt --pieces pentominoes --emit-knuth > "$dir/scott8x8.dlx"

# run_knuth PROGRAM: Knuth's program, its report on stderr discarded (for timing).
run_knuth() {
  "$KNUTH_DIR/$1" m0 2>/dev/null
}

# knuth_count PROGRAM FILE: the count Knuth's program prints on stderr.
knuth_count() {
  "$KNUTH_DIR/$1" m0 < "$2" 2>&1 >/dev/null | awk '/^Altogether/ {print $2}'
}

printf '%-18s %12s %9s %9s %9s %9s %9s %9s\n' problem count gridlock dlx1 dlx2 dlx3 ssxcc "vs best"
for name in pentominoes6x10 scott8x8 langford12 queens13 xcc-random mcc-random; do
  file="$dir/$name.dlx"
  count=$($g xc --count --no-memo "$file")
  colored=$(grep -v '^|' "$file" | tail -n +2 | grep -c ':' || true)
  multi=$(grep -v '^|' "$file" | head -n 1 | grep -cE '(^| )[0-9:]+\|' || true)
  programs=(dlx3)
  [ "$multi" = 0 ] && programs=(dlx2 dlx3 ssxcc)
  [ "$multi" = 0 ] && [ "$colored" = 0 ] && programs=(dlx1 dlx2 dlx3 ssxcc)
  declare -A t=()
  for p in "${programs[@]}"; do
    theirs=$(knuth_count "$p" "$file")
    [ "$theirs" = "$count" ] || { echo "$name: gridlock counts $count, $p $theirs" >&2; exit 1; }
    t[$p]=$(median_user "$file" run_knuth "$p")
  done
  ours=$(median_user "$file" $g xc --count --no-memo)
  best=""
  for p in "${programs[@]}"; do
    if [ -z "$best" ] || awk -v a="${t[$p]}" -v b="$best" 'BEGIN {exit !(a < b)}'; then best=${t[$p]}; fi
  done
  printf '%-18s %12s %9s %9s %9s %9s %9s %8sx\n' "$name" "$count" "$ours" "${t[dlx1]:--}" "${t[dlx2]:--}" "${t[dlx3]:--}" "${t[ssxcc]:--}" \
    "$(awk -v a="$ours" -v b="$best" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}')"
  unset t
done
echo "(median user seconds of $RUNS runs; 'vs best': gridlock's time over the fastest Knuth program's)"
