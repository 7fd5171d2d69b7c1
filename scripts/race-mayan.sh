#!/usr/bin/env bash
# Races `gridlock mayan` against the reference `mayan_dfs` on the crowded board without
# answer (n = 5, 30 blocks, 10 colours), where the search must exhaust; median user time
# over RUNS runs (default 7), in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}
ref_src=${REFERENCE:-../shared/reference}
cargo build --release --quiet
ref_dir=$(bash "$ref_src/build.sh" "${TMPDIR:-/tmp}/gridlock-reference" | tail -n 1)
input=tests/data/mayan/hard-no-answer.in
median_user() {
  for _ in $(seq "$runs"); do
    { TIMEFORMAT=%U; time "$@" < "$input" > /dev/null; } 2>&1
  done | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}
for p in ./target/release/gridlock "$ref_dir/mayan_dfs"; do
  [ "$p" = ./target/release/gridlock ] && set -- "$p" mayan || set -- "$p"
  got=$("$@" < "$input"); [ "$got" = -1 ] || { echo "wrong answer from $*: $got" >&2; exit 1; }
done
ours=$(median_user ./target/release/gridlock mayan)
ref=$(median_user "$ref_dir/mayan_dfs")
echo "median user time over $runs runs, hard board without answer:"
echo "  reference mayan_dfs   ${ref} s"
echo "  gridlock mayan        ${ours} s  ($(awk -v a="$ref" -v b="$ours" 'BEGIN {if (b > 0) printf "%.0f", a / b; else print "inf"}')x faster)"
