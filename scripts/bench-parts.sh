#!/usr/bin/env bash
# Counts cut into parts (issue 28), wall seconds, median of RUNS: each count whole, then
# with --checkpoint (a fresh file each run) or --threads 2, on BIN (default
# target/release/gridlock) and, when OLD names another gridlock binary, on it in the same
# run. Usage: RUNS=5 OLD=/path/to/old/gridlock scripts/bench-parts.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/gridlock}
RUNS=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'I *\n####\n\nL *\n###\n#..\n\nT *\n###\n.#.\n\nS *\n.##\n##.\n\nO *\n##\n##\n' > "$work/tetrominoes.txt"
"$BIN" pack --emit-knuth --pieces "$work/tetrominoes.txt" --rect 6x8 > "$work/tet68.dlx"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# time_it LABEL BIN ARGS...: the median wall time of RUNS runs, and the answer.
time_it() {
    local label=$1 bin=$2
    shift 2
    local times=() out
    for _ in $(seq "$RUNS"); do
        rm -f "$work/c.jsonl"
        local start end
        start=$(date +%s.%N)
        out=$("$bin" "$@")
        end=$(date +%s.%N)
        times+=("$(echo "$end - $start" | bc)")
    done
    printf '%-58s %8.3f  %s\n' "$label" "$(printf '%s\n' "${times[@]}" | median)" "$out"
}

for bin in "$BIN" ${OLD:+"$OLD"}; do
    echo "== $bin"
    tet=(pack --count --pieces "$work/tetrominoes.txt" --rect 8x8)
    time_it "tetrominoes (any) 8x8, whole (transfer matrix)" "$bin" "${tet[@]}"
    time_it "tetrominoes (any) 8x8, --shard 1/1 (tiler)" "$bin" "${tet[@]}" --shard 1/1
    time_it "tetrominoes (any) 8x8, 1024 parts (tiler)" "$bin" "${tet[@]}" --checkpoint "$work/c.jsonl" --parts 1024
    time_it "tetrominoes (any) 6x8 as xc, whole (memo)" "$bin" xc --count "$work/tet68.dlx"
    time_it "tetrominoes (any) 6x8 as xc, 64 parts" "$bin" xc --count "$work/tet68.dlx" --checkpoint "$work/c.jsonl" --parts 64
    soma=(pack --count --lattice cubic --box 3x3x3 --pieces soma --copies 0..2)
    time_it "Soma 0..2 copies 3x3x3, whole (multiplicities)" "$bin" "${soma[@]}"
    time_it "Soma 0..2 copies 3x3x3, 64 parts" "$bin" "${soma[@]}" --checkpoint "$work/c.jsonl" --parts 64
    time_it "Soma 0..2 copies 3x3x3, --threads 2" "$bin" "${soma[@]}" --threads 2
done
