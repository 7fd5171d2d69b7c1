# Shared by the race scripts: source it after `cd` to the project root.
# Sets RUNS (default 7), REF_DIR (the contest baselines of ../shared/reference, built with
# g++) and KNUTH_DIR (Knuth's programs dlx1-dlx3, ssxcc, polyomino-dlx, polyiamond-dlx,
# polycube-dlx, built by hand outside the tree from his CWEB sources, which
# ../shared/reference/README.md says where to find: default $TMPDIR/gridlock-knuth).

RUNS=${RUNS:-7}
cargo build --release --quiet
REF_DIR=$(bash "${REFERENCE:-../shared/reference}/build.sh" "${TMPDIR:-/tmp}/gridlock-reference" | tail -n 1)
KNUTH_DIR=${KNUTH_DIR:-${TMPDIR:-/tmp}/gridlock-knuth}

# need_knuth PROGRAM...: stops the script with a clear message unless Knuth's programs
# are built in KNUTH_DIR.
need_knuth() {
  for p in "$@"; do
    [ -x "$KNUTH_DIR/$p" ] || { echo "Knuth's $p is not built in $KNUTH_DIR (set KNUTH_DIR)" >&2; exit 1; }
  done
}

# median_user INPUT CMD...: the median user time (seconds) of RUNS runs of CMD < INPUT.
median_user() {
  local input=$1; shift
  for _ in $(seq "$RUNS"); do
    { TIMEFORMAT=%U; time "$@" < "$input" > /dev/null; } 2>&1
  done | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# expect INPUT WANT CMD...: stops the script unless CMD < INPUT prints WANT (programs must
# agree before they are timed).
expect() {
  local input=$1 want=$2 got; shift 2
  got=$("$@" < "$input")
  [ "$got" = "$want" ] || { echo "wrong answer from $*: $got" >&2; exit 1; }
}

# ratio SLOW FAST: SLOW / FAST to one decimal; when FAST is 0 (under the 1 ms clock of
# `time`), the lower bound SLOW / 0.001 as ">N".
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.1f", a / b; else printf ">%.0f", a / 0.001}'
}
