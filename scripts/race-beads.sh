#!/usr/bin/env bash
# Races `gridlock beads --count` against the reference C++ programs in ../shared/reference
# on the empty tray (32288 completions), in one run, and prints the median user time of
# each over RUNS runs (default 7) and the ratio. Needs g++ for the reference.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}
ref_src=${REFERENCE:-../shared/reference}
cargo build --release --quiet
ref_dir=$(bash "$ref_src/build.sh" "${TMPDIR:-/tmp}/gridlock-reference" | tail -n 1)
input=tests/data/beads/empty.in

# median_user CMD...: runs CMD (stdin from $input) $runs times; prints the median user time.
median_user() {
  local times=() t
  for _ in $(seq "$runs"); do
    t=$( { TIMEFORMAT=%U; time "$@" < "$input" > /dev/null; } 2>&1 )
    times+=("$t")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

check() { # the programs must agree before they are timed
  local got; got=$("$@" < "$input")
  [ "$got" = 32288 ] || { echo "wrong count from $*: $got" >&2; exit 1; }
}
check ./target/release/gridlock beads --count
check ./target/release/gridlock beads --count --engine dlx
check "$ref_dir/beads_dlx_count"

ours=$(median_user ./target/release/gridlock beads --count)
dlx=$(median_user ./target/release/gridlock beads --count --engine dlx)
ref=$(median_user "$ref_dir/beads_dlx_count")
echo "median user time over $runs runs, counting the empty tray (32288):"
echo "  reference beads_dlx_count       ${ref} s"
echo "  gridlock beads --count          ${ours} s  ($(awk -v a="$ref" -v b="$ours" 'BEGIN {printf "%.1f", a / b}')x faster)"
echo "  gridlock beads --count --engine dlx  ${dlx} s"
