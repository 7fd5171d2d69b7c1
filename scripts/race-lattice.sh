#!/usr/bin/env bash
# Races `gridlock pack --count` on the triangular, hexagonal and cubic lattices against
# Knuth's pipeline on the same Knuth file (built by hand into KNUTH_DIR: see scripts/lib.sh):
# polycube-dlx or polyiamond-dlx, then ssxcc. Knuth has no polyhex program: on the
# polyhex row his dlx3 (multiplicities) runs the exact cover gridlock's --emit-knuth
# writes. Every program must print the same count before it is timed; then the median
# user time of RUNS runs (default 3) of each, one program after the other.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
source scripts/lib.sh
need_knuth polycube-dlx polyiamond-dlx ssxcc dlx3
g=./target/release/gridlock
data=tests/data/lattices
dir=${TMPDIR:-/tmp}/gridlock-race-lattice
mkdir -p "$dir"
sed 's/^\[0-1\]\[0-2\]\[0-9\]$/[0-2][0-3][0-4]/; s/2x3x10/3x4x5/' "$data/pentacubes-2x3x10.polycube-dlx" > "$dir/pentacubes-3x4x5.polycube-dlx"
sed 's/^\[0-1\]\[0-2\]\[0-9\]$/[0-1][0-4][0-5]/; s/2x3x10/2x5x6/' "$data/pentacubes-2x3x10.polycube-dlx" > "$dir/pentacubes-2x5x6.polycube-dlx"
cp "$data/soma-3x3x3.polycube-dlx" "$data/hexiamonds-6x6.polyiamond-dlx" "$dir/"
$g pack --pieces tetrahexes --box 4x14 --copies 2 --emit-knuth > "$dir/tetrahexes-4x14-x2.dlx"

# pipeline PROGRAM SOLVER: Knuth's PROGRAM then SOLVER on stdin, reports discarded.
pipeline() {
  "$KNUTH_DIR/$1" 2>/dev/null | "$KNUTH_DIR/$2" m0 2>/dev/null
}

# solo SOLVER: Knuth's SOLVER on stdin, its report discarded.
solo() {
  "$KNUTH_DIR/$1" m0 2>/dev/null
}

# knuth_count PROGRAM SOLVER FILE: the count SOLVER prints on stderr.
knuth_count() {
  if [ "$1" = - ]; then
    "$KNUTH_DIR/$2" m0 < "$3" 2>&1 >/dev/null | awk '/^Altogether/ {print $2}'
  else
    "$KNUTH_DIR/$1" < "$3" 2>/dev/null | "$KNUTH_DIR/$2" m0 2>&1 >/dev/null | awk '/^Altogether/ {print $2}'
  fi
}

printf '%-30s %8s %10s %10s %9s\n' problem count gridlock knuth "speed-up"
race() { # NAME FILE PROGRAM SOLVER GRIDLOCK-ARGS...
  local name=$1 file=$2 program=$3 solver=$4; shift 4
  local ours theirs t_ours t_theirs
  ours=$($g pack "$@" --count)
  theirs=$(knuth_count "$program" "$solver" "$file")
  [ "$ours" = "$theirs" ] || { echo "$name: gridlock counts $ours, Knuth's pipeline $theirs" >&2; exit 1; }
  t_ours=$(median_user /dev/null $g pack "$@" --count)
  if [ "$program" = - ]; then
    t_theirs=$(median_user "$file" solo "$solver")
  else
    t_theirs=$(median_user "$file" pipeline "$program" "$solver")
  fi
  printf '%-30s %8s %10s %10s %8sx\n' "$name" "$ours" "$t_ours" "$t_theirs" "$(ratio "$t_theirs" "$t_ours")"
}
race "soma 3x3x3" "$dir/soma-3x3x3.polycube-dlx" polycube-dlx ssxcc --knuth "$dir/soma-3x3x3.polycube-dlx" --lattice cubic
race "flat pentacubes 2x5x6" "$dir/pentacubes-2x5x6.polycube-dlx" polycube-dlx ssxcc --knuth "$dir/pentacubes-2x5x6.polycube-dlx" --lattice cubic
race "flat pentacubes 3x4x5" "$dir/pentacubes-3x4x5.polycube-dlx" polycube-dlx ssxcc --knuth "$dir/pentacubes-3x4x5.polycube-dlx" --lattice cubic
race "hexiamonds 6x6 rhombus" "$dir/hexiamonds-6x6.polyiamond-dlx" polyiamond-dlx ssxcc --knuth "$dir/hexiamonds-6x6.polyiamond-dlx" --lattice triangular
race "tetrahexes x2, 4x14 (dlx3)" "$dir/tetrahexes-4x14-x2.dlx" - dlx3 --pieces tetrahexes --box 4x14 --copies 2
