#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 90), two at a time, and prints the number
# of executions each made. Needs the nightly toolchain and cargo-fuzz.
set -u
cd "$(dirname "$0")"
secs=${SECONDS_EACH:-90}
run() {
  cargo +nightly fuzz run "$1" "corpus/$1" -- -max_total_time="$secs" -print_final_stats=1 > "logs/$1.log" 2>&1
  echo "$1: exit $? $(grep -E '^stat::number_of_executed_units' "logs/$1.log" | awk '{print $2}') executions"
}
mkdir -p logs
targets=(beads laser mayan twins pack_board pack_pieces knuth dimacs)
for ((i = 0; i < ${#targets[@]}; i += 2)); do
  run "${targets[i]}" &
  [ -n "${targets[i+1]:-}" ] && run "${targets[i+1]}" &
  wait
done
