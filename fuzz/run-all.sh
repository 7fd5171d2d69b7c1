#!/usr/bin/env bash
# Runs every fuzz target for SECONDS_EACH seconds (default 90), two at a time, and prints
# the number of executions each made; exits 1 if any target found a crash or a failed
# check (its input is left in fuzz/artifacts/TARGET/). Needs the nightly toolchain and
# cargo-fuzz (`cargo install cargo-fuzz`). A target's corpus (fuzz/corpus/TARGET, not
# committed) is seeded, when empty, from fuzz/seeds/TARGET and the project's own data.
set -u
cd "$(dirname "$0")"
secs=${SECONDS_EACH:-90}
targets=(beads laser mayan twins pack_board pack_pieces knuth dimacs xc_engines pack_engines lattice_drawings sudoku burr burr_xml checkpoint api_bodies)
seeds() { # TARGET: the files its corpus starts from
  case $1 in
    beads) ls ../tests/data/beads/* ../examples/beads/* ;;
    laser) ls ../tests/data/laser/* ;;
    mayan) ls ../tests/data/mayan/* ;;
    twins) ls ../tests/data/twins/* ;;
    pack_board | pack_pieces) ls ../tests/data/pack/*.txt ../examples/pack/* ;;
    knuth) ls ../tests/data/pack/*.dlx seeds/xc_engines/* ;;
    lattice_drawings) ls ../tests/data/lattices/drawn/* ../tests/data/lattices/*-dlx ../tests/data/pack/*-dlx ;;
    sudoku) ls seeds/sudoku/* ;;
    burr) ls ../tests/data/burr/r*.xmpuzzle ../tests/data/burr/i*.xmpuzzle ../examples/burr/soma.xmpuzzle ;;
  esac 2> /dev/null
  ls "seeds/$1"/* 2> /dev/null
}
run() {
  mkdir -p "corpus/$1"
  if [ -z "$(ls -A "corpus/$1")" ]; then
    seeds "$1" | while read -r f; do cp "$f" "corpus/$1/"; done
  fi
  cargo +nightly fuzz run "$1" "corpus/$1" -- -max_total_time="$secs" -print_final_stats=1 > "logs/$1.log" 2>&1
  local code=$?
  echo "$1: exit $code, $(grep -E '^stat::number_of_executed_units' "logs/$1.log" | awk '{print $2}') executions"
  [ "$code" = 0 ] || { tail -30 "logs/$1.log"; echo "$1: FAILED" > "logs/$1.failed"; }
}
mkdir -p logs
rm -f logs/*.failed
cargo +nightly fuzz build > logs/build.log 2>&1 || { tail -30 logs/build.log; exit 1; }
for ((i = 0; i < ${#targets[@]}; i += 2)); do
  run "${targets[i]}" &
  [ -n "${targets[i+1]:-}" ] && run "${targets[i+1]}" &
  wait
done
if ls logs/*.failed > /dev/null 2>&1; then
  echo "fuzzing found failures: $(cat logs/*.failed | tr '\n' ' ')"
  exit 1
fi
