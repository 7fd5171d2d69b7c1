#!/usr/bin/env python3
"""Writes the exact-cover problems of scripts/race-xc.sh into a folder, in Knuth's
format: Langford pairs, n queens with secondary diagonals, and seeded random colored
(XCC) and multiplicity (MCC) problems. The packing problems come from
`gridlock pack --emit-knuth`. Usage: xc-problems.py DIR"""
import random
import sys
from pathlib import Path


def langford(n):
    """Langford pairs: place two copies of each k in 1..n in 2n slots, k slots apart."""
    items = [f"v{k}" for k in range(1, n + 1)] + [f"s{i}" for i in range(1, 2 * n + 1)]
    lines = [f"| Langford pairs n={n}", " ".join(items)]
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            lines.append(f"v{k} s{i} s{i + k + 1}")
    return "\n".join(lines) + "\n"


def queens(n):
    """n queens: rows and columns primary, both diagonal families secondary."""
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    lines = [f"| {n} queens", " ".join(primary) + " | " + " ".join(secondary)]
    for i in range(n):
        for j in range(n):
            lines.append(f"r{i} c{j} a{i + j} b{i - j + n - 1}")
    return "\n".join(lines) + "\n"


def random_xcc(seed, primary, secondary, options, colors=3):
    """Random colored exact cover: each option 2-4 primary items, 0-3 secondary ones."""
    rng = random.Random(seed)
    lines = [f"| random XCC, seed {seed}",
             " ".join(f"p{i}" for i in range(primary)) + " | " + " ".join(f"q{j}" for j in range(secondary))]
    for _ in range(options):
        items = [f"p{i}" for i in rng.sample(range(primary), rng.randint(2, 4))]
        for j in rng.sample(range(secondary), rng.randint(0, 3)):
            items.append(f"q{j}:{rng.randint(1, colors)}" if rng.random() < 0.8 else f"q{j}")
        lines.append(" ".join(items))
    return "\n".join(lines) + "\n"


def random_mcc(seed, primary, options):
    """Random exact cover with multiplicities (DLX3's lo:hi|item)."""
    rng = random.Random(seed)
    head = []
    for i in range(primary):
        lo = rng.randint(0, 2)
        hi = lo + rng.randint(0, 1)
        head.append(f"p{i}" if (lo, hi) == (1, 1) else f"{lo}:{max(hi, 1)}|p{i}")
    lines = [f"| random MCC, seed {seed}", " ".join(head)]
    for _ in range(options):
        lines.append(" ".join(f"p{i}" for i in rng.sample(range(primary), rng.randint(2, 4))))
    return "\n".join(lines) + "\n"


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    (out / "langford12.dlx").write_text(langford(12))
    (out / "queens13.dlx").write_text(queens(13))
    (out / "xcc-random.dlx").write_text(random_xcc(2026, 40, 16, 300))
    (out / "mcc-random.dlx").write_text(random_mcc(7, 24, 110))


main()
