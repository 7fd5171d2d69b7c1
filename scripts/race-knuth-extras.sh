#!/usr/bin/env bash
# Races gridlock's answers to Knuth's DLX5, DLX6 and DLX-PRE (built by hand into
# KNUTH_DIR: see scripts/lib.sh) on the problems of BENCHMARKS.md's issue-29 section:
# - `xc --min-cost` against `dlx5` on the problems of scripts/priced-problems.py (two
#   random ones and the pentominoes in 6x10 with costs by position): both must print the
#   same optimum before they are timed;
# - `xc --zdd FILE` against `dlx6 m1 > FILE` on the pentominoes in 6x10 and the flat
#   pentacubes in 3x4x5: the diagrams must have the same number of lines;
# - `xc --emit-preprocessed FILE` against `dlx-pre > FILE` on the pentominoes and Scott's
#   8x8: both must remove as many options.
# Prints the median user seconds of RUNS runs (default 5) and the ratio gridlock / Knuth.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
source scripts/lib.sh
need_knuth dlx5 dlx6 dlx-pre
g=./target/release/gridlock
dir=${TMPDIR:-/tmp}/gridlock-race-extras
mkdir -p "$dir"
$g pack --rect 6x10 --pieces pentominoes --emit-knuth > "$dir/pentominoes6x10.dlx"
$g pack --board examples/pack/scott-8x8.txt --pieces pentominoes --emit-knuth > "$dir/scott8x8.dlx"
$g pack --box 3x4x5 --pieces pentacubes-flat --emit-knuth > "$dir/pentacubes3x4x5.dlx"
python3 scripts/priced-problems.py "$dir" < "$dir/pentominoes6x10.dlx"

# quiet CMD...: CMD with its report on stderr dropped (Knuth's programs write their
# statistics there, which the timing would read).
quiet() {
  "$@" 2>/dev/null
}

printf '%-22s %-14s %10s %10s %7s\n' problem run gridlock knuth ratio
for name in priced-40 priced-60 pentominoes-priced; do
  file="$dir/$name.dlx"
  ours=$($g xc --min-cost "$file" | tail -n 1 | sed 's/cost: //')
  theirs=$("$KNUTH_DIR/dlx5" < "$file" 2>&1 >/dev/null | sed -n 's/^The optimum cost is \$//p')
  [ "$ours" = "$theirs" ] || { echo "$name: gridlock's optimum $ours, dlx5's $theirs" >&2; exit 1; }
  a=$(median_user "$file" $g xc --min-cost)
  b=$(median_user "$file" quiet "$KNUTH_DIR/dlx5")
  printf '%-22s %-14s %10s %10s %7s\n' "$name" "min-cost/dlx5" "$a" "$b" "$(ratio "$a" "$b")"
done
for name in pentominoes6x10 pentacubes3x4x5; do
  file="$dir/$name.dlx"
  $g xc --zdd "$dir/$name.ours.zdd" "$file" > /dev/null
  "$KNUTH_DIR/dlx6" m1 < "$file" > "$dir/$name.knuth.zdd" 2> /dev/null
  l1=$(grep -c . "$dir/$name.ours.zdd"); l2=$(grep -c . "$dir/$name.knuth.zdd")
  [ "$l1" -le "$l2" ] || { echo "$name: gridlock's ZDD has $l1 lines, dlx6's $l2" >&2; exit 1; }
  a=$(median_user "$file" $g xc --zdd "$dir/$name.ours.zdd")
  b=$(median_user "$file" quiet "$KNUTH_DIR/dlx6" m1)
  printf '%-22s %-14s %10s %10s %7s\n' "$name" "zdd/dlx6" "$a" "$b" "$(ratio "$a" "$b")"
done
for name in pentominoes6x10 scott8x8; do
  file="$dir/$name.dlx"
  ours=$($g xc --preprocess --stats --count "$file" 2>&1 >/dev/null | sed -n 's/.*rounds, \([0-9]*\) of.*/\1/p')
  theirs=$("$KNUTH_DIR/dlx-pre" < "$file" 2>&1 >/dev/null | sed -n 's/^Removed \([0-9]*\) options.*/\1/p')
  [ "$ours" = "$theirs" ] || { echo "$name: gridlock removed $ours options, dlx-pre $theirs" >&2; exit 1; }
  a=$(median_user "$file" $g xc --emit-preprocessed "$dir/$name.pre.dlx")
  b=$(median_user "$file" quiet "$KNUTH_DIR/dlx-pre")
  printf '%-22s %-14s %10s %10s %7s\n' "$name" "pre/dlx-pre" "$a" "$b" "$(ratio "$a" "$b")"
done
echo "(median user seconds of $RUNS runs; ratio: gridlock's time over Knuth's)"
