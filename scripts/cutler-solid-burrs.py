#!/usr/bin/env python3
"""Bill Cutler's count of the solid six-piece burrs made of general pieces, reproduced.

Writes the solid six-piece burr with every general piece (scripts/notchable-burr.py
--general: 837 pieces, each 0 to 6 times), has gridlock list the assemblies that come
apart (`gridlock burr --solutions --all --format json`), and counts them as Cutler does:
mirror images apart. gridlock, as BurrTools, merges an assembly with its mirror image
when the pieces are closed under mirroring; this script maps each solution by the burr's
mirror itself (not by gridlock's code) and counts a solution twice unless its mirror
image is the same class under the burr's rotations. It also counts the pieces that some
burr uses (the mirror solutions' pieces too). Prints the figures as JSON, with Cutler's (119,979 burrs from 369 pieces).

Usage: scripts/cutler-solid-burrs.py [GRIDLOCK] [--pieces notchable]
(GRIDLOCK: the binary, by default target/release/gridlock; --pieces notchable runs the
same count on the 59 notchable pieces, whose figure is 314 from 25 pieces, in a second.)
"""

import importlib.util
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CUTLER = {"general": (119979, 369), "notchable": (314, 25)}


def load_writer():
    spec = importlib.util.spec_from_file_location("notchable_burr", os.path.join(HERE, "notchable-burr.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def burr_symmetries(burr):
    """Every signed axis permutation about the centre of the box 0..7 that maps the burr
    onto itself, as (map, proper)."""
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product([1, -1], repeat=3):
            parity = 1
            for i in range(3):
                for j in range(i + 1, 3):
                    if perm[i] > perm[j]:
                        parity = -parity
            proper = parity * signs[0] * signs[1] * signs[2] > 0

            def f(c, perm=perm, signs=signs):
                v = [2 * c[0] - 7, 2 * c[1] - 7, 2 * c[2] - 7]
                return tuple((signs[d] * v[perm[d]] + 7) // 2 for d in range(3))

            if all(f(c) in burr for c in burr):
                out.append((f, proper))
    return out


def main():
    args = sys.argv[1:]
    kind = "general"
    if "--pieces" in args:
        i = args.index("--pieces")
        kind = args[i + 1]
        del args[i : i + 2]
    exe = args[0] if args else os.path.join(HERE, "..", "target", "release", "gridlock")
    writer = load_writer()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, f"{kind}.xmpuzzle")
        writer.main(path, kind == "general")
        start = time.time()
        out = subprocess.run([exe, "burr", "--solutions", "--all", "--format", "json", path], capture_output=True, text=True, check=True)
        seconds = time.time() - start
    problem = json.loads(out.stdout)["problems"][0]
    burr = set()
    for i in range(8):
        for j in range(2, 6):
            for k in range(3, 5):
                burr |= {(i, j, k), (k, i, j), (j, k, i)}
    symmetries = burr_symmetries(burr)
    assert len(symmetries) == 24, len(symmetries)
    rotations = [f for f, proper in symmetries if proper]
    mirror = next(f for f, proper in symmetries if not proper)

    def rotation_class(parts):
        return min(tuple(sorted(tuple(sorted(f(c) for c in cells)) for cells in parts)) for f in rotations)

    solutions = self_mirror = 0
    used = {}
    for a in problem["listed"]:
        if "level" not in a or not isinstance(a["level"], str):
            continue
        parts = [[tuple(c) for c in q["cells"]] for q in a["pieces"]]
        for q, cells in zip(a["pieces"], parts):
            used.setdefault(q["shape"], cells)
        solutions += 1
        if rotation_class(parts) == rotation_class([[mirror(c) for c in cells] for cells in parts]):
            self_mirror += 1
    # The pieces used, with the mirror images of those used in the mirror solutions that
    # gridlock merged, one per shape up to rotation.
    forms = set()
    for cells in used.values():
        forms.add(writer.canonical(cells))
        forms.add(writer.canonical([(-x, y, z) for x, y, z in cells]))
    burrs, pieces = 2 * solutions - self_mirror, len(forms)
    figures = {
        "pieces": kind,
        "assemblies": problem["assemblies"],
        "solutions": solutions,
        "self_mirror": self_mirror,
        "burrs_mirror_images_apart": burrs,
        "pieces_used": pieces,
        "cutler": {"burrs": CUTLER[kind][0], "pieces": CUTLER[kind][1]},
        "agrees": (burrs, pieces) == CUTLER[kind],
        "gridlock_seconds": round(seconds, 1),
    }
    print(json.dumps(figures, indent=1))
    sys.exit(0 if figures["agrees"] else 1)


if __name__ == "__main__":
    main()
