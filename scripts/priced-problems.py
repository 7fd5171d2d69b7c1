#!/usr/bin/env python3
"""Writes the problems with costs of the cheapest-solutions benchmark (BENCHMARKS.md,
scripts/race-cost.sh) into DIR, in Knuth's format with DLX5's costs:

- priced-40.dlx, priced-60.dlx: random problems, 40 primary items and 400 options (seed
  1) and 60 and 800 (seed 2): options of 2 to 5 primary items, half of them with one of 4
  secondary items colored A or B, costs 0 to 999; and each item alone at 300 to 1299, so
  that there are solutions.
- pentominoes-priced.dlx: the 12 pentominoes in 6x10 (from `gridlock pack --emit-knuth`,
  read on stdin) with a cost by position: piece number (F=1 .. Z=12) times the column of
  its leftmost cell, plus 3 times its top row modulo 7.

Usage: gridlock pack --rect 6x10 --pieces pentominoes --emit-knuth | priced-problems.py DIR
"""
import os
import random
import sys


def random_priced(seed, primary, options):
    rng = random.Random(seed)
    lines = [f"| random priced problem, seed {seed}",
             " ".join(f"p{i}" for i in range(primary)) + " | s0 s1 s2 s3"]
    for _ in range(options):
        items = rng.sample(range(primary), rng.randint(2, 5))
        words = [f"p{i}" for i in items]
        if rng.random() < 0.5:
            words.append(f"s{rng.randrange(4)}:{rng.choice('AB')}")
        lines.append(" ".join(words) + f" |{rng.randrange(1000)}")
    for i in range(primary):
        lines.append(f"p{i} |{300 + rng.randrange(1000)}")
    return "\n".join(lines) + "\n"


def priced_pentominoes(text):
    order = "FILNPTUVWXYZ"
    out = []
    for line in text.splitlines():
        w = line.split()
        if len(w) < 2 or w[0] not in order or not w[1].startswith("r"):
            out.append(line)
            continue
        cells = [c[1:].split("c") for c in w[1:]]
        col = min(int(c) for _, c in cells)
        row = min(int(r) for r, _ in cells)
        out.append(f"{line} |{(order.index(w[0]) + 1) * col + (3 * row) % 7}")
    return "\n".join(out) + "\n"


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "priced-40.dlx"), "w") as f:
        f.write(random_priced(1, 40, 400))
    with open(os.path.join(out, "priced-60.dlx"), "w") as f:
        f.write(random_priced(2, 60, 800))
    with open(os.path.join(out, "pentominoes-priced.dlx"), "w") as f:
        f.write(priced_pentominoes(sys.stdin.read()))


if __name__ == "__main__":
    main()
