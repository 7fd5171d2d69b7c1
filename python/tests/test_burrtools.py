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


def check_separation(sep, pieces, start, home, cells):
    """Checks a ``<separation>`` element of a written file from the rules alone: its
    pieces are ``pieces`` (BurrTools' numbers); its first state puts them at ``start``
    (offsets from ``home``, their assembly positions); each later state moves one group
    of them along one axis, unit by unit never onto another piece of the part, and the
    last takes the removed group away (20000 units out) in a direction nothing blocks
    however far; the removed and the left pieces then come apart in their own
    sub-separations. Returns the number of moves of this separation."""
    ids = [int(t) for t in sep.find("pieces").text.split()]
    assert ids == sorted(pieces) and int(sep.find("pieces").get("count")) == len(ids)
    states = []
    for st in sep.findall("state"):
        axes = [[int(t) for t in st.find(tag).text.split()] for tag in ("dx", "dy", "dz")]
        states.append({k: tuple(axes[d][i] for d in range(3)) for i, k in enumerate(ids)})
    assert len(states) >= 2
    offset = lambda s, k: tuple(s[k][d] - home[k][d] for d in range(3))
    at = lambda k, off: {tuple(c[d] + off[d] for d in range(3)) for c in cells[k]}
    assert {k: offset(states[0], k) for k in ids} == start
    for before, after in zip(states, states[1:-1]):
        moved = [k for k in ids if after[k] != before[k]]
        assert moved and len(moved) < len(ids)
        delta = {tuple(after[k][d] - before[k][d] for d in range(3)) for k in moved}
        assert len(delta) == 1
        (delta,) = delta
        axis = [d for d in range(3) if delta[d] != 0]
        assert len(axis) == 1
        axis, units = axis[0], delta[axis[0]]
        others = set().union(*(at(k, offset(before, k)) for k in ids if k not in moved))
        for t in range(1, abs(units) + 1):
            unit = tuple((t if units > 0 else -t) if d == axis else 0 for d in range(3))
            for k in moved:
                assert not at(k, tuple(offset(before, k)[d] + unit[d] for d in range(3))) & others
    before, last = states[-2], states[-1]
    removed = [k for k in ids if any(abs(v) > 10000 for v in last[k])]
    left = [k for k in ids if k not in removed]
    assert removed and left
    assert all(last[k] == before[k] for k in left)
    (axis,) = {d for k in removed for d in range(3) if abs(last[k][d]) > 10000}
    sign = 1 if last[removed[0]][axis] > 0 else -1
    stay = set().union(*(at(k, offset(before, k)) for k in left))
    for k in removed:
        for c in at(k, offset(before, k)):
            for d in stay:
                if all(c[e] == d[e] for e in range(3) if e != axis):
                    assert sign * (d[axis] - c[axis]) < 0, "the removed group is blocked"
    subs = {s.get("type"): s for s in sep.findall("separation")}
    for kind, group in (("removed", removed), ("left", left)):
        if len(group) == 1:
            assert kind not in subs
        else:
            check_separation(subs[kind], group, {k: offset(before, k) for k in group}, home, cells)
    return len(states) - 1


@pytest.mark.parametrize("name", ["b160.xmpuzzle", "b28.xmpuzzle", "r17.xmpuzzle"])
def test_written_disassemblies_follow_the_rules(name, tmp_path):
    """``gridlock burr --write-xmpuzzle`` writes each solution's disassembly as BurrTools'
    separation tree; read back with ElementTree and checked from the rules, with the
    pieces' voxels from the CLI's JSON listing (placed in the order of the file's
    assembly, whose positions the states are offsets of)."""
    import xml.etree.ElementTree as ET

    if not CLI.exists():
        pytest.skip(f"{CLI} not built (cargo build --release)")
    out = tmp_path / name
    path = DATA / name
    subprocess.run([str(CLI), "burr", str(path), "--solutions", "--count", "--write-xmpuzzle", str(out)], check=True, capture_output=True)
    done = subprocess.run([str(CLI), "burr", str(path), "--solutions", "--all", "--format", "json"], capture_output=True, text=True, check=True)
    listed = json.loads(done.stdout)["problems"][0]["listed"]
    root = ET.fromstring(gzip.decompress(out.read_bytes()) if out.read_bytes()[:2] == b"\x1f\x8b" else out.read_bytes())
    solutions = root.findall("problems/problem/solutions/solution")
    assert len(solutions) == len(listed) > 0
    for item, solution in zip(listed, solutions):
        tokens = solution.find("assembly").text.split()
        home, i = [], 0
        while i < len(tokens):
            if tokens[i] == "x":
                home.append(None)
                i += 1
            else:
                home.append(tuple(int(t) for t in tokens[i : i + 3]))
                i += 4
        placed = [k for k, h in enumerate(home) if h is not None]
        assert len(placed) == len(item["pieces"])
        cells = {k: [tuple(c) for c in p["cells"]] for k, p in zip(placed, item["pieces"])}
        homes = {k: home[k] for k in placed}
        moves = check_separation(solution.find("separation"), placed, {k: (0, 0, 0) for k in placed}, homes, cells)
        assert moves == int(item["level"].split(".")[0])


def test_grouped_pieces_count_as_burrtools_counts_them():
    """Pieces in one BurrTools group need not come apart once separated from the rest:
    the solutions equal burrTxt's (tests/data/burr/groups/burrtxt.tsv)."""
    table = (DATA / "groups" / "burrtxt.tsv").read_text().splitlines()
    rows = [line.split("\t") for line in table if not line.startswith("#")]
    assert len(rows) == 7
    for name, assemblies, solutions in rows:
        (problem,) = gridlock.burrtools.load(DATA / "groups" / name).problems
        assert problem.count() == int(assemblies)
        assert len(problem.solutions()) == int(solutions), name


def test_shapes_in_several_groups_group_each_assembly_as_burrtools_does():
    """A shape listed in several groups, each with a count: the assemblies that come apart
    equal those burrTxt takes apart given one at a time
    (tests/data/burr/groups/per-assembly.tsv), as on the command line."""
    table = (DATA / "groups" / "per-assembly.tsv").read_text().splitlines()
    rows = [line.split("\t") for line in table if not line.startswith("#")]
    assert len(rows) == 4
    for name, assemblies, solutions, _, _ in rows:
        (problem,) = gridlock.burrtools.load(DATA / "groups" / name).problems
        found = problem.assemblies()
        assert len(found) == int(assemblies)
        assert sum(problem.disassemble(a) is not None for a in found) == int(solutions), name


def test_cutlers_count_script_reproduces_the_notchable_figures():
    """scripts/cutler-solid-burrs.py, which reproduces Cutler's 119,979 general solid
    burrs (minutes; BENCHMARKS.md), on the 59 notchable pieces: his 314 burrs from 25
    pieces, counted by the script's own mirror mapping from gridlock's listed solutions."""
    out = subprocess.run(
        ["python3", str(ROOT / "scripts" / "cutler-solid-burrs.py"), str(CLI), "--pieces", "notchable"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    assert (figures["solutions"], figures["burrs_mirror_images_apart"], figures["pieces_used"]) == (179, 314, 25)
    assert figures["agrees"]
