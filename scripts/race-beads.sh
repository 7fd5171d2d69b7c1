#!/usr/bin/env bash
# Races `gridlock beads --count` against the reference C++ programs in ../shared/reference
# on the empty tray (32288 completions), in one run, and prints the median user time of
# each over RUNS runs (default 7) and the ratio. Needs g++ for the reference.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
input=tests/data/beads/empty.in
g=./target/release/gridlock
expect "$input" 32288 $g beads --count
expect "$input" 32288 $g beads --count --engine dlx
expect "$input" 32288 "$REF_DIR/beads_dlx_count"
ours=$(median_user "$input" $g beads --count)
dlx=$(median_user "$input" $g beads --count --engine dlx)
ref=$(median_user "$input" "$REF_DIR/beads_dlx_count")
echo "median user time over $RUNS runs, counting the empty tray (32288):"
echo "  reference beads_dlx_count       ${ref} s"
echo "  gridlock beads --count          ${ours} s  ($(ratio "$ref" "$ours")x faster)"
echo "  gridlock beads --count --engine dlx  ${dlx} s"
