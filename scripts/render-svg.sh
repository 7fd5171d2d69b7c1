#!/usr/bin/env bash
# Renders SVG files to PNG screenshots with headless Chromium (Debian's `chromium`), to look
# at what gridlock draws: scripts/render-svg.sh OUT_DIR FILE.svg... (the window is 100 px
# taller than the picture: headless Chromium cuts short windows off)
set -euo pipefail
out=$1; shift
mkdir -p "$out"
for svg in "$@"; do
  size=$(grep -o 'width="[0-9.]*" height="[0-9.]*"' "$svg" | head -1 | tr -dc '0-9. ' | awk '{printf "%d,%d", $1 + 1, $2 + 101}')
  png="$out/$(basename "${svg%.svg}").png"
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$(mktemp -d)" --hide-scrollbars \
    --window-size="$size" --screenshot="$png" "file://$(realpath "$svg")" > /dev/null 2>&1
  echo "$png"
done
