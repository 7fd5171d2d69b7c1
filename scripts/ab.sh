#!/usr/bin/env bash
# Interleaved A/B of two gridlock binaries on the flagship runs that a change of the
# geometry or the engines could slow: pentominoes 6x10 and Kanoodle 5x11 counts, the
# beads empty tray count, the hexiamonds in the 6x6 rhombus and the flat pentacubes in
# 3x4x5 (counts), and all 595 polyomino pairs. Each round runs every command once with A
# and once with B (their order alternating), RUNS rounds (default 9); prints per command
# the median user time of each and B/A. Both must print the same output first. A short
# command runs several times in one sample (the column "x"), so that a sample is long
# against the 1 ms clock of `time`; its times are per run.
# Usage: scripts/ab.sh OLD_BINARY NEW_BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
a=$1 b=$2
RUNS=${RUNS:-9}
names=("pentominoes 6x10 --count" "kanoodle 5x11 --count" "beads empty tray --count" "hexiamonds 6x6 --count" "pentacubes 3x4x5 --count" "twins 595 pairs")
reps=(6 2 3 20 1 1)
cmds=(
  "pack --rect 6x10 --pieces pentominoes --count"
  "pack --rect 5x11 --pieces kanoodle --count"
  "beads --count tests/data/beads/empty.in"
  "pack --pieces hexiamonds --box 6x6 --count"
  "pack --pieces pentacubes-flat --box 3x4x5 --count"
  "twins tests/data/twins/1.in"
)
user() { # REPS BINARY ARGS...: user seconds of REPS runs, divided by REPS
  local reps=$1 bin=$2; shift 2
  { TIMEFORMAT=%U; time for _ in $(seq "$reps"); do "$bin" "$@" > /dev/null; done; } 2>&1 | awk -v n="$reps" '{printf "%.4f\n", $1 / n}'
}
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
dir=$(mktemp -d)
for i in "${!cmds[@]}"; do
  read -r -a args <<< "${cmds[$i]}"
  [ "$("$a" "${args[@]}" | md5sum)" = "$("$b" "${args[@]}" | md5sum)" ] || { echo "${names[$i]}: outputs differ" >&2; exit 1; }
done
for r in $(seq "$RUNS"); do
  for i in "${!cmds[@]}"; do
    read -r -a args <<< "${cmds[$i]}"
    if [ $((r % 2)) = 1 ]; then
      user "${reps[$i]}" "$a" "${args[@]}" >> "$dir/a$i"; user "${reps[$i]}" "$b" "${args[@]}" >> "$dir/b$i"
    else
      user "${reps[$i]}" "$b" "${args[@]}" >> "$dir/b$i"; user "${reps[$i]}" "$a" "${args[@]}" >> "$dir/a$i"
    fi
  done
done
printf '%-28s %3s %9s %9s %7s\n' run x "A (s)" "B (s)" "B/A"
for i in "${!cmds[@]}"; do
  ma=$(median < "$dir/a$i"); mb=$(median < "$dir/b$i")
  printf '%-28s %3s %9s %9s %7s\n' "${names[$i]}" "${reps[$i]}" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN {if (a > 0) printf "%.3f", b / a; else print "-"}')"
done
rm -rf "$dir"
