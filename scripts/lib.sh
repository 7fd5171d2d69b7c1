# Shared by the race scripts: source it after `cd` to the project root.
# Sets RUNS (default 7) and REF_DIR (the reference programs, built with g++).

RUNS=${RUNS:-7}
cargo build --release --quiet
REF_DIR=$(bash "${REFERENCE:-../shared/reference}/build.sh" "${TMPDIR:-/tmp}/gridlock-reference" | tail -n 1)

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
