"""``gridlock.burrtools``: BurrTools puzzles from Python, against the figures BurrTools'
own ``burrTxt`` gives (``tests/data/burr/burrtxt.tsv``), the CLI, and the rules (each
assembly fills the result; each disassembly's moves replayed never overlap pieces)."""

import gzip
import json
import os
import subprocess
from pathlib import Path

import pytest

import gridlock

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "burr"
CLI = Path(os.environ.get("GRIDLOCK_BIN", ROOT / "target" / "release" / "gridlock"))


def burrtxt_figures():
    rows = {}
    for line in (DATA / "burrtxt.tsv").read_text().splitlines():
        if line.startswith("#"):
            continue
        name, assemblies, solutions, *_ = line.split("\t")
        rows[name] = (int(assemblies), int(solutions))
    return rows


def result_cells(path: Path):
    """The result shape's filled and variable voxels, read here with the standard
    library's XML parser (not gridlock's)."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(path.read_bytes())
    problem = root.find("problems/problem")
    shapes = root.findall("shapes/voxel")
    result = shapes[int(problem.find("result").get("id"))]
    sx, sy = int(result.get("x")), int(result.get("y"))
    filled, variable = set(), set()
    for i, ch in enumerate(result.text.strip()):
        cell = (i % sx, (i // sx) % sy, i // (sx * sy))
        if ch == "#":
            filled.add(cell)
        elif ch == "+":
            variable.add(cell)
    return filled, variable


def replay(pieces, moves):
    """Replays moves from the rules: a part is a set of pieces not yet separated; a move
    shifts its pieces unit by unit, never onto another piece of their part; 'away' splits
    the part. At the end every piece is alone."""
    cells = [set(p.cells) for p in pieces]
    parts = [set(range(len(pieces)))]
    for m in moves:
        part = next(p for p in parts if set(m.pieces) <= p)
        axis = "xyz".index(m.axis)
        group = set(m.pieces)
        others = set().union(*(cells[i] for i in part - group))
        steps = m.distance if m.distance is not None else 1000
        for _ in range(steps):
            for i in group:
                cells[i] = {tuple(c[d] + (m.sign if d == axis else 0) for d in range(3)) for c in cells[i]}
            assert not any(cells[i] & others for i in group), m
        if m.distance is None:
            parts.remove(part)
            parts += [group, part - group]
    assert all(len(p) == 1 for p in parts)


@pytest.mark.parametrize("name", ["r34.xmpuzzle", "b89.xmpuzzle", "b125.xmpuzzle", "i158.xmpuzzle"])
def test_counts_equal_burrtools_and_disassemblies_replay(name):
    assemblies, solutions = burrtxt_figures()[name]
    path = DATA / name
    puzzle = gridlock.burrtools.load(path)
    (problem,) = puzzle.problems
    found = problem.assemblies()
    assert problem.count() == len(found) == assemblies
    filled, variable = result_cells(path)
    apart = 0
    for a in found:
        covered = [c for p in a for c in p.cells]
        assert len(covered) == len(set(covered))
        assert filled <= set(covered) <= filled | variable
        d = problem.disassemble(a)
        if d is not None:
            replay(a, d.moves)
            assert d.level.split(".")[0].isdigit()
            apart += 1
    assert apart == solutions == len(problem.solutions())


def test_gzip_and_bytes_and_the_cli_agree():
    path = DATA / "b89.xmpuzzle"
    raw = path.read_bytes()
    a = gridlock.burrtools.load(gzip.compress(raw)).problems[0]
    b = gridlock.burrtools.load(raw).problems[0]
    assert a.count() == b.count() == 78
    assert a.name == "burr89" and a.result == "burr" and len(a.pieces) == 6
    if not CLI.exists():
        pytest.skip(f"{CLI} not built (cargo build --release)")
    done = subprocess.run([str(CLI), "burr", str(path), "--count", "--format", "json"], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["problems"][0]["assemblies"] == a.count()


def test_bad_files_raise_parse_error():
    with pytest.raises(gridlock.ParseError):
        gridlock.burrtools.load(b"<puzzle><oops></puzzle>")
    with pytest.raises(gridlock.ParseError):
        gridlock.burrtools.load(gzip.compress(b"<puzzle>")[:-6])
    with pytest.raises(KeyError):
        gridlock.burrtools.load(DATA / "b89.xmpuzzle").problem("nope")
