#!/usr/bin/env python3
"""Writes examples/burr/notchable.xmpuzzle: the solid six-piece burr (the six 8x2x2
sticks' union, 152 voxels, none left out) with every notchable piece, each 0 to 6 times.
With --general, writes instead (by default to general.xmpuzzle) the same burr with every
general piece: any of the stick's 12 voxels that other sticks cross taken away, the piece
left in one piece, one per shape up to rotation: 837 pieces (Bill Cutler's count).
With --holey-core, the 8 voxels where three sticks cross are variable (may stay empty).

A stick's voxels that other sticks also cross are the only ones a notch may take; a notch
is a full-width row of them (across the face turned to the centre, x = 2..5; across the
outer face, x = 3..4; across a side face, x = 3..4). Every union of notches that leaves
the stick in one piece is kept, one per shape up to rotation: 59 pieces. Cutler found 25
of them in solid burrs, and 314 solid burrs when mirror images are told apart
(tests/cli/burr.rs, cutlers_solid_notchable_burrs, builds the same problem)."""

import itertools
import sys


def rotations():
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product([1, -1], repeat=3):
            m = [[0] * 3 for _ in range(3)]
            for r in range(3):
                m[r][perm[r]] = signs[r]
            det = (
                m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
            )
            if det > 0:
                out.append(m)
    return out


ROTATIONS = rotations()


def canonical(cells):
    forms = []
    for m in ROTATIONS:
        moved = [tuple(sum(m[r][k] * c[k] for k in range(3)) for r in range(3)) for c in cells]
        lo = [min(c[d] for c in moved) for d in range(3)]
        forms.append(tuple(sorted(tuple(c[d] - lo[d] for d in range(3)) for c in moved)))
    return min(forms)


def connected(cells):
    cells = set(cells)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        c = todo.pop()
        for d in range(3):
            for e in (-1, 1):
                n = tuple(c[k] + (e if k == d else 0) for k in range(3))
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
    return len(seen) == len(cells)


def voxel(name, cells, size, variable=()):
    sx, sy, sz = size
    s = set(cells)
    text = "".join(
        ("+" if (x, y, z) in variable else "#") if (x, y, z) in s else "_" for z in range(sz) for y in range(sy) for x in range(sx)
    )
    return f'<voxel x="{sx}" y="{sy}" z="{sz}" type="0" name="{name}">{text}</voxel>'


def main(path, general, holey_core=False):
    stick = [(x, a, b) for x in range(8) for a in range(2) for b in range(2)]
    notches = [{(x, 1, 0), (x, 1, 1)} for x in range(2, 6)]
    for x in (3, 4):
        notches += [{(x, 0, 0), (x, 0, 1)}, {(x, 0, 0), (x, 1, 0)}, {(x, 0, 1), (x, 1, 1)}]
    if general:
        # Every single voxel of the notches is a notch of its own.
        notches = sorted({frozenset([c]) for n in notches for c in n}, key=sorted)
    pieces, seen = [], set()
    for k in range(len(notches) + 1):
        for combo in itertools.combinations(notches, k):
            cut = set().union(*combo)
            cells = [c for c in stick if c not in cut]
            if connected(cells) and canonical(cells) not in seen:
                seen.add(canonical(cells))
                pieces.append(cells)
    burr = set()
    for i in range(8):
        for j in range(2, 6):
            for k in range(3, 5):
                burr |= {(i, j, k), (k, i, j), (j, k, i)}
    lines = ['<?xml version="1.0"?>', '<puzzle version="2"><gridType type="0"/><colors/>', "<shapes>"]
    kind = "general" if general else "notchable"
    lines += [voxel(f"{kind[0]}{i}", p, (8, 2, 2)) for i, p in enumerate(pieces)]
    # With --holey-core, the 8 voxels where three sticks cross may stay empty.
    core = {(x, y, z) for x in (3, 4) for y in (3, 4) for z in (3, 4)} if holey_core else set()
    lines.append(voxel("burr", sorted(burr), (8, 8, 8), core))
    title = f"{kind}, holey core" if holey_core else f"solid {kind}"
    lines.append(f'</shapes><problems><problem name="{title}" state="0"><shapes>')
    lines += [f'<shape id="{i}" min="0" max="6"/>' for i in range(len(pieces))]
    lines.append(f'</shapes><result id="{len(pieces)}"/><bitmap/></problem></problems><comment/></puzzle>')
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{path}: {len(pieces)} {kind} pieces, a solid burr of {len(burr)} voxels", file=sys.stderr)


if __name__ == "__main__":
    args = sys.argv[1:]
    general = "--general" in args
    holey_core = "--holey-core" in args
    args = [a for a in args if a not in ("--general", "--holey-core")]
    default = "general.xmpuzzle" if general else "holey-core.xmpuzzle" if holey_core else "examples/burr/notchable.xmpuzzle"
    main(args[0] if args else default, general, holey_core)
