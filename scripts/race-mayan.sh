#!/usr/bin/env bash
# Races `gridlock mayan` against the reference `mayan_dfs` on the crowded board without
# answer (n = 5, 30 blocks, 10 colours), where the search must exhaust; median user time
# over RUNS runs (default 7), in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
input=tests/data/mayan/hard-no-answer.in
g=./target/release/gridlock
expect "$input" -1 $g mayan
expect "$input" -1 "$REF_DIR/mayan_dfs"
ours=$(median_user "$input" $g mayan)
ref=$(median_user "$input" "$REF_DIR/mayan_dfs")
echo "median user time over $RUNS runs, hard board without answer:"
echo "  reference mayan_dfs   ${ref} s"
echo "  gridlock mayan        ${ours} s  ($(ratio "$ref" "$ours")x faster)"
