#!/usr/bin/env python3
"""Time against depth (issue 35): the chain of n primary items, each covered by an option
of its own, through `gridlock xc` in five modes, and the monomino (`M *`) on square
boards of about n cells through `gridlock pack` in three, for n = 10^3 .. 10^MAX (default
6). Each answer is checked (one solution, count 1); prints a Markdown table of the median
wall seconds of RUNS runs (default 5) of the whole command, output to a file, and one of
the search alone (`stats.seconds` of `--format json`) for the chain.

Usage: python3 scripts/deep.py [MAX]   (after `cargo build --release`)
"""
import json, os, statistics, subprocess, sys, tempfile, time

GRIDLOCK = os.path.join(os.path.dirname(__file__), "..", "target", "release", "gridlock")
RUNS = int(os.environ.get("RUNS", "5"))
MAX = int(sys.argv[1]) if len(sys.argv) > 1 else 6
SIDES = {3: 32, 4: 100, 5: 316, 6: 1000, 7: 3162}


def run(args):
    with tempfile.TemporaryFile() as out:
        t = time.perf_counter()
        subprocess.run([GRIDLOCK, *args], stdout=out, stderr=subprocess.DEVNULL, check=True)
        wall = time.perf_counter() - t
        out.seek(0)
        return wall, out.read()


def median(args, check):
    times = []
    for _ in range(RUNS):
        wall, out = run(args)
        check(out)
        times.append(wall)
    return statistics.median(times)


def main():
    tmp = tempfile.mkdtemp(prefix="gridlock-deep-")
    mono = os.path.join(tmp, "mono.txt")
    with open(mono, "w") as f:
        f.write("M *\n#\n")
    modes = [[], ["--count"], ["--count", "--no-memo"], ["--count", "--threads", "2"], ["--all"]]
    print("| n | " + " | ".join("xc " + (" ".join(m) or "(first)") for m in modes) + " | board | "
          + " | ".join("pack " + (" ".join(m) or "(first)") for m in modes[:2] + modes[3:4]) + " |")
    print("|---" * (len(modes) + 5) + "|")
    search = []
    for e in range(3, MAX + 1):
        n = 10**e
        chain = os.path.join(tmp, f"chain-{n}.dlx")
        with open(chain, "w") as f:
            f.write(" ".join(f"i{k}" for k in range(n)) + "\n")
            f.writelines(f"i{k}\n" for k in range(n))

        def one_solution(out, n=n):
            words = out.split()
            assert words == [b"1"] or len(set(words)) == n, out[:80]

        row = [f"10^{e}"] + [f"{median(['xc', *m, chain], one_solution):.3f}" for m in modes]
        side = SIDES[e]

        def packed(out):
            assert out.strip() == b"1" or out.count(b" M\n") == side * side, out[:80]

        row += [f"{side}x{side}"] + [f"{median(['pack', '--pieces', mono, '--rect', f'{side}x{side}', *m], packed):.3f}"
                                       for m in modes[:2] + modes[3:4]]
        print("| " + " | ".join(row) + " |", flush=True)
        secs = []
        for m in modes[:4]:
            s = [json.loads(run(["xc", "--format", "json", *m, chain])[1])["stats"]["seconds"] for _ in range(3)]
            secs.append(f"{statistics.median(s):.4f}")
        search.append(f"| 10^{e} | " + " | ".join(secs) + " |")
    print("\nThe search alone (stats.seconds), chain, median of 3:\n")
    print("| n | " + " | ".join("xc " + (" ".join(m) or "(first)") for m in modes[:4]) + " |")
    print("|---" * 5 + "|")
    print("\n".join(search))


if __name__ == "__main__":
    main()
