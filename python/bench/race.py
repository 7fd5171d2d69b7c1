#!/usr/bin/env python3
"""Races gridlock from Python against the PyPI packages `xcover` (numba, dancing cells)
and `exact_cover` (a C extension, dancing links) on the problems of issue 14:
pentominoes 6x10, 13 queens (diagonals secondary) and the seeded random colored XCC of
scripts/race-xc.sh. Every library must count the same before it is timed; each time is
the median wall time of RUNS runs (default 3) of the count alone, in a fresh process per
run (problem built and JIT warmed up before the clock starts), a run stopped at LIMIT
seconds (default 120); the runs of a problem go round the libraries in turn (one of each,
then the next round), so that the shared host's changes of load fall on all of them.
The ratio is over gridlock's better single-threaded time (the other libraries use one
core); a second column and ratio give gridlock on all cores.

Usage (from the repository root, with the three packages installed):
    RUNS=3 LIMIT=120 python3 python/bench/race.py
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNS = int(os.environ.get("RUNS", "3"))
LIMIT = float(os.environ.get("LIMIT", "120"))


def knuth(path):
    """(primary, secondary, options) of a Knuth-format file (no multiplicities)."""
    lines = [line.strip() for line in Path(path).read_text().splitlines()]
    lines = [line for line in lines if line and not line.startswith("|")]
    head = lines[0].split("|")
    primary = head[0].split()
    secondary = head[1].split() if len(head) > 1 else []
    return primary, secondary, [line.split() for line in lines[1:]]


def count_gridlock(path, how):
    import gridlock

    if how == "pack":
        p = gridlock.pack("." * 10 + "\n" + ("." * 10 + "\n") * 5, "pentominoes")
        start = time.perf_counter()
        return p.count(), time.perf_counter() - start
    xc = gridlock.ExactCover.from_knuth(Path(path).read_text())
    start = time.perf_counter()
    if how == "cores":
        n = xc.count(memo=False, threads=os.cpu_count() or 1)
    else:
        n = xc.count(memo=(how == "memo"))
    return n, time.perf_counter() - start


def count_xcover(path):
    from xcover import covers

    # Compile the numba code on a tiny problem first.
    sum(1 for _ in covers([["a", "b"], ["a"], ["b"]], primary=["a", "b"], secondary=[], colored=True))
    primary, secondary, options = knuth(path)
    start = time.perf_counter()
    n = sum(1 for _ in covers(options, primary=primary, secondary=secondary, colored=True))
    return n, time.perf_counter() - start


def count_exact_cover(path):
    import numpy as np
    from exact_cover import get_solution_count

    primary, secondary, options = knuth(path)
    if any(":" in item for o in options for item in o):
        return None, None  # colors: not expressible
    # Secondary items become primary with a slack option each (the classic reduction).
    items = {name: k for k, name in enumerate(primary + secondary)}
    rows = [[items[i] for i in o] for o in options] + [[items[s]] for s in secondary]
    matrix = np.zeros((len(rows), len(items)), dtype=np.int32)
    for r, cols in enumerate(rows):
        matrix[r, cols] = 1
    get_solution_count(matrix[:1, :1] * 0 + 1)
    start = time.perf_counter()
    n = get_solution_count(matrix)
    return int(n), time.perf_counter() - start


def one(lib, path, how):
    """Runs one count in this process and prints `count seconds`."""
    if lib == "gridlock":
        n, t = count_gridlock(path, how)
    elif lib == "xcover":
        n, t = count_xcover(path)
    else:
        n, t = count_exact_cover(path)
    print(n, t)


def run_once(lib, path, how=""):
    """(count, seconds) of one fresh process; (None, None) if not expressible,
    (None, inf) past LIMIT."""
    try:
        out = subprocess.run(
            [sys.executable, __file__, "--one", lib, str(path), how],
            capture_output=True, text=True, timeout=LIMIT, check=True,
        ).stdout.split()
    except subprocess.TimeoutExpired:
        return None, float("inf")
    if out[0] == "None":
        return None, None
    return int(out[0]), float(out[1])


def timed_all(entries, path):
    """Per (lib, how) of `entries`: (count, median seconds) over RUNS rounds, each round
    one fresh process of every entry in turn (so a change of the host's load falls on
    all of them alike); (None, None) if not expressible, (count or None, inf) past LIMIT
    (such an entry is not run again)."""
    runs = {e: [] for e in entries}
    for _ in range(RUNS):
        for e, done in runs.items():
            if not done or done[-1][1] not in (None, float("inf")):
                done.append(run_once(e[0], path, e[1]))
    out = {}
    for e, done in runs.items():
        count, last = done[-1]
        if last is None or last == float("inf"):
            out[e] = (count if count is not None else done[0][0], last)
        else:
            out[e] = (count, statistics.median(t for _, t in done))
    return out


def main():
    work = Path(tempfile.mkdtemp(prefix="gridlock-race-py-"))
    subprocess.run([sys.executable, str(ROOT / "scripts" / "xc-problems.py"), str(work)], check=True)
    (work / "pentominoes6x10.dlx").write_text((ROOT / "tests" / "data" / "pack" / "pentominoes-6x10.dlx").read_text())
    fmt = "{:<16} {:>9} {:>12} {:>12} {:>12} {:>12} {:>12} {:>9} {:>9}"
    print(fmt.format("problem", "count", "gridlock", "gridlock API", "all cores", "xcover", "exact_cover", "ratio",
                     "cores"))
    for name, api in (("pentominoes6x10", "pack"), ("queens13", "memo"), ("xcc-random", "memo")):
        path = work / f"{name}.dlx"
        entries = [("gridlock", "enum"), ("gridlock", api), ("gridlock", "cores"), ("xcover", ""), ("exact_cover", "")]
        res = timed_all(entries, path)
        n, ours = res[("gridlock", "enum")]
        for e in entries[1:3]:
            assert res[e][0] == n, (name, e, n, res[e][0])
        best_api, cores = res[entries[1]][1], res[entries[2]][1]
        others = {}
        for lib in ("xcover", "exact_cover"):
            m, t = res[(lib, "")]
            if t is not None and t != float("inf"):
                assert m == n, (name, lib, m, n)
            others[lib] = t
        theirs = min(t for t in others.values() if t is not None)
        show = lambda t: "-" if t is None else (f">{LIMIT:.0f}" if t == float("inf") else f"{t:.3f}")  # noqa: E731
        ratio = lambda t: f"{theirs / t:.1f}x" if theirs != float("inf") else f">{LIMIT / t:.0f}x"  # noqa: E731
        print(fmt.format(name, n, show(ours), show(best_api), show(cores), show(others["xcover"]),
                         show(others["exact_cover"]), ratio(min(ours, best_api)), ratio(cores)))
    print(f"(median wall seconds of {RUNS} runs of the count alone; 'gridlock': ExactCover.count(memo=False);")
    print(" 'gridlock API': pack().count() for the pentominoes, ExactCover.count() with memo otherwise;")
    print(f" 'all cores': ExactCover.count(memo=False, threads={os.cpu_count()});")
    print(" ratio: the faster other library over gridlock's better single-threaded time; cores: over 'all cores')")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        one(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "")
    else:
        main()
