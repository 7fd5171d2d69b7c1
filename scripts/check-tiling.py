#!/usr/bin/env python3
"""Checks a tiling printed by `gridlock rectangles ... --smallest/--order` (text format)
from the rules alone, sharing no code with gridlock: every cell of the rectangle is
covered by exactly one tile, every tile (a letter of the drawing) is a copy of one of
the pieces turned or reflected (or only turned with --one-sided), and every piece is
used. Usage: scripts/check-tiling.py PIECES_FILE TILING_FILE [--one-sided]
(TILING_FILE "-" for stdin). Prints "ok" (exit 0) or the first fault (exit 1).

PIECES_FILE is a pieces file as `gridlock pack --pieces` reads it: a name line, then the
piece's rows ('#' a cell), pieces separated by blank lines."""
import sys


def pieces_of(text):
    pieces, block = [], []
    for line in text.splitlines() + [""]:
        if line.strip():
            block.append(line.rstrip())
        elif block:
            name, rows = block[0], block[1:]
            pieces.append((name, [(i, j) for i, r in enumerate(rows) for j, c in enumerate(r) if c == "#"]))
            block = []
    return pieces


def normal(cells):
    mi = min(i for i, _ in cells)
    mj = min(j for _, j in cells)
    return frozenset((i - mi, j - mj) for i, j in cells)


def images(cells, one_sided):
    out, c = set(), list(cells)
    for _ in range(4):
        c = [(j, -i) for i, j in c]
        out.add(normal(c))
        if not one_sided:
            out.add(normal([(i, -j) for i, j in c]))
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "--one-sided"]
    one_sided = "--one-sided" in sys.argv
    if len(args) != 2:
        sys.exit(__doc__)
    pieces = pieces_of(open(args[0]).read())
    text = sys.stdin.read() if args[1] == "-" else open(args[1]).read()
    lines = text.splitlines()
    h, w = (int(v) for v in lines[0].split(",")[0].split(" x "))
    grid = lines[1 : 1 + h]
    if len(grid) != h or any(len(r) != w for r in grid):
        print(f"the drawing is not {h} x {w}")
        return 1
    tiles = {}
    for i, row in enumerate(grid):
        for j, ch in enumerate(row):
            if ch in ".# ":
                print(f"cell ({i}, {j}) is not covered")
                return 1
            tiles.setdefault(ch, []).append((i, j))
    # A letter drawn in two places would be two tiles: each tile must be connected.
    used = set()
    shapes = [(name, images(cells, one_sided)) for name, cells in pieces]
    for ch, cells in tiles.items():
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            i, j = todo.pop()
            for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if n in set(cells) and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(cells):
            print(f"tile {ch} is not connected (two tiles with one letter?)")
            return 1
        match = [name for name, ims in shapes if normal(cells) in ims]
        if not match:
            print(f"tile {ch} is no piece")
            return 1
        used.update(match)
    missing = [name for name, _ in pieces if name not in used]
    if missing:
        print(f"piece {missing[0]} is not used")
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
