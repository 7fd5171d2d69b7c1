#!/usr/bin/env bash
# Times the transfer matrix (issue 34): `gridlock rectangles` on the figures the issue
# asks for, and `pack --count` on rectangles against OLD, a gridlock binary from before
# the transfer matrix (e.g. built at ad77a73 outside the tree), which counts on the
# bitboard tiler. Programs must agree before they are timed; a count OLD cannot give
# (past 2^128) is shown as its error. Median user seconds of RUNS runs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
g=./target/release/gridlock
l=tests/data/rectangles/l-tromino.txt
empty=/dev/null
row() { printf '%-62s %10s %12s %8s\n' "$@"; }
row "run" gridlock "OLD" ratio
t=$(median_user $empty $g rectangles --pieces dominoes --width 12 --length 500)
row "rectangles dominoes --width 12 --length 500" "$t" - -
t=$(median_user $empty $g rectangles --pieces pentominoes --copies '*' --width 6 --length 200)
row "rectangles pentominoes --copies '*' --width 6 --length 200" "$t" - -
for w in 2 3 4 5 6 7 8; do
  t=$(median_user $empty $g rectangles --pieces $l --gf --width $w)
  d=$($g rectangles --pieces $l --gf --width $w --format json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["denominator"]) - 1)')
  row "rectangles l-tromino --gf --width $w (denominator degree $d)" "$t" - -
done
t=$(median_user $empty $g rectangles --pieces tests/data/rectangles/y-pentomino.txt --order)
row "rectangles y-pentomino --order (5 x 10)" "$t" - -
race() {
  local board=$1 pieces=$2
  local new old
  new=$(median_user $empty $g pack --count --rect "$board" --pieces "$pieces" --copies '*')
  if [ -n "${OLD:-}" ]; then
    if want=$("$OLD" pack --count --rect "$board" --pieces "$pieces" --copies '*' 2>/dev/null); then
      expect $empty "$want" $g pack --count --rect "$board" --pieces "$pieces" --copies '*'
      old=$(median_user $empty "$OLD" pack --count --rect "$board" --pieces "$pieces" --copies '*')
      row "pack --count --rect $board $(basename "$pieces" .txt) '*'" "$new" "$old" "$(ratio "$old" "$new")"
    else
      old=$( { TIMEFORMAT=%U; time "$OLD" pack --count --rect "$board" --pieces "$pieces" --copies '*' > /dev/null 2>&1 || true; } 2>&1 )
      row "pack --count --rect $board $(basename "$pieces" .txt) '*'" "$new" "error $old" -
    fi
  else
    row "pack --count --rect $board $(basename "$pieces" .txt) '*'" "$new" - -
  fi
}
race 9x60 $l
race 9x30 $l
race 8x8 tetrominoes
race 16x16 dominoes
race 6x20 pentominoes
race 7x15 pentominoes
