"""Times counts cut into parts (issue 28): a count single-threaded in process, then cut
into PARTS parts on a 1-worker ProcessPoolExecutor (the cutting's overhead), on a
2-worker Dask LocalCluster and on a local Ray instance of 2 CPUs through
gridlock.RayExecutor (the speed-ups; Ray is skipped when it is not installed). Wall seconds, median of RUNS. Usage:
python parts.py [PROBLEM] [PARTS]: PROBLEM is a number n (n queens as an ExactCover,
default 16) or tetris-cube (gridlock.pack_box("4x4x4", "tetris-cube")); PARTS default 64."""

import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import gridlock


def queens(n):
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    lines = [" ".join(primary) + " | " + " ".join(secondary)]
    for i in range(n):
        for j in range(n):
            lines.append(f"r{i} c{j} a{i + j} b{i - j + n - 1}")
    return "\n".join(lines) + "\n"


def timed(f, runs):
    times, value = [], None
    for _ in range(runs):
        t = time.perf_counter()
        value = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), value


if __name__ == "__main__":
    problem = sys.argv[1] if len(sys.argv) > 1 else "16"
    parts = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    runs = int(os.environ.get("RUNS", "3"))
    if problem == "tetris-cube":
        xc, name = gridlock.pack_box("4x4x4", "tetris-cube"), "the Tetris cube"
    else:
        xc, name = gridlock.ExactCover.from_knuth(queens(int(problem))), f"{problem} queens"
    whole, count = timed(xc.count, runs)
    print(f"{name}: {count}; one thread in process {whole:.2f} s")
    with ProcessPoolExecutor(1) as ex:
        ex.submit(int).result()  # the worker started
        one, c1 = timed(lambda: xc.count(executor=ex, parts=parts), runs)
    assert c1 == count
    print(f"  {parts} parts on a 1-worker ProcessPoolExecutor {one:.2f} s ({one / whole:.3f} of one thread)")
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        ex = client.get_executor()
        two, c2 = timed(lambda: xc.count(executor=ex, parts=parts), runs)
    assert c2 == count
    print(f"  {parts} parts on a 2-worker Dask LocalCluster {two:.2f} s ({whole / two:.2f}x one thread)")
    try:
        import ray
    except ImportError:
        sys.exit(0)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        ex = gridlock.RayExecutor()
        ex.submit(int).result()  # the workers started
        three, c3 = timed(lambda: xc.count(executor=ex, parts=parts), runs)
    finally:
        ray.shutdown()
    assert c3 == count
    print(f"  {parts} parts on a 2-CPU local Ray {three:.2f} s ({whole / three:.2f}x one thread)")
