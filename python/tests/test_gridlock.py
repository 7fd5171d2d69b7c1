"""Tests of the Python package on the real data in tests/data, against checkers and brute
forces written here (sharing no code with the engines), and against the CLI."""

import itertools
import os
import random
import signal
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import gridlock

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
CLI = Path(os.environ.get("GRIDLOCK_BIN", ROOT / "target" / "release" / "gridlock"))


def read(rel: str) -> str:
    return (DATA / rel).read_text()


def cli(*args: str, stdin: str = "") -> str:
    """The CLI's standard output (the release binary CI builds before pytest)."""
    if not CLI.exists():
        pytest.skip(f"{CLI} not built (cargo build --release)")
    done = subprocess.run([str(CLI), *args], input=stdin, capture_output=True, text=True, check=True)
    return done.stdout


def box(rows: int, cols: int) -> str:
    return ("." * cols + "\n") * rows


# --- an independent packing checker and brute force ------------------------------------


def orientations(cells, one_sided=False):
    """Every distinct orientation of a polyomino, normalised to start at (0, 0)."""
    out = set()
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (c, -r),
        lambda r, c: (-r, -c),
        lambda r, c: (-c, r),
    ]
    if not one_sided:
        maps += [lambda r, c, m=m: m(r, -c) for m in list(maps)]
    for m in maps:
        moved = [m(r, c) for r, c in cells]
        r0 = min(r for r, _ in moved)
        c0 = min(c for _, c in moved)
        out.add(frozenset((r - r0, c - c0) for r, c in moved))
    return out


def drawing_cells(drawing):
    return [(r, c) for r, line in enumerate(drawing.strip("\n").split("\n")) for c, ch in enumerate(line) if ch == "#"]


def check_packing(board_cells, shapes, bounds, solution, one_sided=False):
    """Whether ``solution`` (a gridlock Solution) tiles ``board_cells`` by the rules."""
    covered = []
    used = {}
    for name, cells in solution.tiles:
        cells = [tuple(c) for c in cells]
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        assert frozenset((r - r0, c - c0) for r, c in cells) in orientations(shapes[name], one_sided), name
        covered += cells
        used[name] = used.get(name, 0) + 1
    assert sorted(covered) == sorted(board_cells)
    for name, (lo, hi) in bounds.items():
        assert lo <= used.get(name, 0) and (hi is None or used.get(name, 0) <= hi), (name, used)


def brute_count(board_cells, shapes, bounds):
    """Tilings counted by a plain backtracking written here: fill the least empty cell
    with every orientation of every piece still available (copies indistinguishable)."""
    board = set(board_cells)
    orients = {n: [sorted(o) for o in orientations(s)] for n, s in shapes.items()}

    def go(empty, used):
        if not empty:
            return int(all(used[n] >= lo for n, (lo, _) in bounds.items()))
        first = min(empty)
        total = 0
        for name, (lo, hi) in bounds.items():
            if hi is not None and used[name] >= hi:
                continue
            for o in orients[name]:
                # anchor the orientation's least cell on `first`
                ar, ac = o[0]
                cells = [(first[0] + r - ar, first[1] + c - ac) for r, c in o]
                if all(c in empty for c in cells):
                    used[name] += 1
                    total += go(empty - set(cells), used)
                    used[name] -= 1
        return total

    return go(frozenset(board), {n: 0 for n in shapes})


# --- packing ---------------------------------------------------------------------------


def test_pentominoes_6x10_count_and_classes_equal_the_cli():
    p = gridlock.pack(box(6, 10), "pentominoes")
    assert p.count() == 9356
    assert p.count(unique=True) == 2339
    assert int(cli("pack", "--rect", "6x10", "--pieces", "pentominoes", "--count")) == 9356


def test_kanoodle_solutions_are_lazy_and_checked():
    p = gridlock.pack(box(5, 11), "kanoodle")
    it = p.solutions()
    first10 = list(itertools.islice(it, 10))
    it.close()
    assert len(first10) == 10
    assert len({str(s) for s in first10}) == 10
    # An enumeration that could never finish (about 1.1e23 tilings) still yields at once.
    huge = gridlock.pack(box(14, 14), "dominoes", copies="*")
    assert len(list(itertools.islice(huge.solutions(), 10))) == 10


def test_kanoodle_count_equals_the_cli():
    p = gridlock.pack(box(5, 11), "kanoodle")
    assert p.count() == int(cli("pack", "--rect", "5x11", "--pieces", "kanoodle", "--count")) == 371020
    assert p.count(threads=2) == 371020 and p.count(unique=True, threads=2) == 92755


def test_domino_tilings_are_exact_past_64_bits():
    assert gridlock.pack(box(8, 8), "dominoes", copies="*").count() == 12988816
    assert gridlock.pack(box(14, 14), "dominoes", copies="*").count() == 112202208776036178000000


def test_pack_with_counts_equals_a_brute_force_on_random_boards():
    rng = random.Random(2026)
    library = {
        "I2": "##",
        "I3": "###",
        "L3": "#.\n##",
        "T4": "###\n.#.",
        "L4": "#..\n###",
        "S4": ".##\n##.",
        "O4": "##\n##",
    }
    for case in range(25):
        rows, cols = rng.randint(2, 4), rng.randint(2, 6)
        board = [(r, c) for r in range(rows) for c in range(cols) if rng.random() > 0.15]
        if not board:
            continue
        names = rng.sample(sorted(library), rng.randint(1, 3))
        pieces, shapes, bounds = {}, {}, {}
        for n in names:
            lo = rng.randint(0, 2)
            hi = rng.choice([lo, lo + 1, lo + 3, None])
            pieces[n] = (library[n], (lo, hi))
            shapes[n] = drawing_cells(library[n])
            bounds[n] = (lo, hi)
        p = gridlock.pack(board, pieces)
        expected = brute_count(board, shapes, bounds)
        assert p.count() == expected, (case, board, pieces)
        listed = list(p.solutions())
        assert len(listed) == expected
        for s in listed:
            check_packing(board, shapes, bounds, s)


def test_packings_pass_the_checker_and_draw_as_svg():
    shapes = {name: drawing_cells(d) for name, d in PENTOMINOES.items()}
    p = gridlock.pack(box(6, 10), "pentominoes")
    for s in itertools.islice(p.solutions(), 50):
        check_packing([(r, c) for r in range(6) for c in range(10)], shapes, {n: (1, 1) for n in shapes}, s)
    s = p.first()
    svg = s.to_svg()
    assert s._repr_svg_() == svg
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert str(s).splitlines()[0] == cli("pack", "--rect", "6x10", "--pieces", "pentominoes").splitlines()[0]


PENTOMINOES = {
    "F": ".##\n##.\n.#.",
    "I": "#####",
    "L": "####\n#...",
    "N": "##..\n.###",
    "P": "##\n##\n#.",
    "T": "###\n.#.\n.#.",
    "U": "#.#\n###",
    "V": "#..\n#..\n###",
    "W": "#..\n##.\n.##",
    "X": ".#.\n###\n.#.",
    "Y": "####\n.#..",
    "Z": "##.\n.#.\n.##",
}


def brute_polyominoes(n, kind):
    """Every polyomino of n cells grown cell by cell in Python, each kept as its least
    normalised image under the symmetries ``kind`` allows (fixed: translations only)."""
    syms = {
        "fixed": [lambda r, c: (r, c)],
        "one_sided": [lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r)],
    }
    syms["free"] = syms["one_sided"] + [lambda r, c, f=f: f(r, -c) for f in syms["one_sided"]]

    def normal(cells):
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        return tuple(sorted((r - r0, c - c0) for r, c in cells))

    def canonical(cells):
        return min(normal([f(r, c) for r, c in cells]) for f in syms[kind])

    forms = {((0, 0),)}
    for _ in range(n - 1):
        grown = set()
        for f in forms:
            for r, c in f:
                for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    cell = (r + d[0], c + d[1])
                    if cell not in f:
                        grown.add(normal(list(f) + [cell]))
        forms = grown
    return {canonical(f) for f in forms}


def test_polyforms_equal_a_python_brute_force():
    for n in range(1, 8):
        for kind in ("free", "one_sided", "fixed"):
            flags = {"one_sided": kind == "one_sided", "fixed": kind == "fixed"}
            brute = brute_polyominoes(n, kind)
            assert gridlock.polyforms(n, count=True, **flags) == len(brute), (n, kind)
            listed = gridlock.polyforms(n, **flags)
            assert len(listed) == len(brute) == len({name for name, _ in listed})
            # Each listed form, put in the brute force's canonical form, is one of its own.
            assert {min(brute_canon(cells, kind)) for _, cells in listed} == brute
    assert sorted(name for name, _ in gridlock.polyforms(5)) == sorted("FILNPTUVWXYZ")
    assert gridlock.polyforms(6, "triangular", count=True, threads=2) == gridlock.polyforms(6, "triangular", count=True)
    assert len(gridlock.polyforms(3, "cubic")[0][1][0]) == 3
    with pytest.raises(ValueError):
        gridlock.polyforms(14)
    with pytest.raises(ValueError):
        gridlock.polyforms(5, "octagonal")


def test_polysticks_pack_without_crossing():
    # The 16 tetrasticks by their letters; without H they fill the 5 x 5 grid's 60
    # segments in 576 ways, 72 up to symmetry (Polyform Puzzler's count).
    assert gridlock.polyforms(4, "stick", count=True) == 16
    assert sorted(name for name, _ in gridlock.polyforms(4, "stick")) == sorted("FHIJLNOPRTUVWXYZ")
    pieces = (ROOT / "examples" / "pack" / "tetrasticks-without-h.txt").read_text()
    packing = gridlock.pack("5x5", pieces, lattice="stick")
    assert packing.count() == 576
    assert packing.count(unique=True) == 72
    first = packing.first()
    assert sum(len(cells) for _, cells in first.tiles) == 60
    # Polytrigs: the published counts, and the CLI's count of a packing.
    assert [gridlock.polyforms(n, "trig", count=True) for n in range(1, 6)] == [1, 3, 12, 60, 375]
    ditrigs = gridlock.pack("2x2", "ditrigs", lattice="trig", copies="*")
    assert ditrigs.count() == int(cli("pack", "--lattice", "trig", "--box", "2x2", "--pieces", "ditrigs", "--copies", "*", "--count"))


def brute_canon(cells, kind):
    """The images of ``cells`` under the symmetries ``kind`` allows, normalised."""
    rots = [lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r)]
    fs = {"fixed": rots[:1], "one_sided": rots, "free": rots + [lambda r, c, f=f: f(r, -c) for f in rots]}[kind]
    out = []
    for f in fs:
        moved = [f(r, c) for r, c in cells]
        r0, c0 = min(r for r, _ in moved), min(c for _, c in moved)
        out.append(tuple(sorted((r - r0, c - c0) for r, c in moved)))
    return out


def test_one_pack_for_every_lattice():
    # The Soma cube: listed, drawn and counted through the same Packing as polyominoes,
    # each listed packing covering the 27 cells once with the 7 pieces.
    soma = gridlock.pack("3x3x3", "soma")
    assert soma.lattice == "cubic" and gridlock.BoxPacking is gridlock.Packing
    box_cells = sorted(soma.cells)
    assert box_cells == sorted((x, y, z) for x in range(3) for y in range(3) for z in range(3))
    listed = list(itertools.islice(soma.solutions(), 40))
    assert len(listed) == 40
    for s in listed:
        assert sorted(c for _, cells in s.tiles for c in cells) == box_cells
        assert sorted(name for name, _ in s.tiles) == sorted(["V", "L", "T", "Z", "A", "B", "P"])
        assert len(str(s).splitlines()) == 7
    assert ET.fromstring(listed[0].to_svg()).tag.endswith("svg")
    # Classes listed one per class, as many as counted (Burnside): 240.
    assert len(list(soma.solutions(unique=True))) == soma.count(unique=True) == 240
    # The old name builds the same problem.
    assert gridlock.pack_box("3x3x3", "soma").to_knuth() == soma.to_knuth()
    # The first packing is the CLI's, line for line.
    assert str(soma.first()) == cli("pack", "--box", "3x3x3", "--pieces", "soma")
    # A box drawn as cells, and a lattice named but not matched.
    cells = [(x, y, z) for x in range(3) for y in range(3) for z in range(3)]
    assert gridlock.pack(cells, "soma").count() == 11520
    with pytest.raises(ValueError, match="lattice"):
        gridlock.pack("3x3x3", "soma", lattice="square")
    with pytest.raises(ValueError, match="one_sided"):
        gridlock.pack("3x3x3", "soma", one_sided=True)


def test_pieces_as_a_dict_equal_the_built_in_set():
    assert gridlock.pack(box(6, 10), PENTOMINOES).count() == 9356
    assert gridlock.pack(box(3, 20), PENTOMINOES).count(unique=True) == 2


def test_one_sided_and_unique_listing():
    p = gridlock.pack(box(2, 4), {"L": ("#..\n###", 2)})
    q = gridlock.pack(box(2, 4), {"L": ("#..\n###", 2)}, one_sided=True)
    assert p.count() == brute_count([(r, c) for r in range(2) for c in range(4)], {"L": drawing_cells("#..\n###")}, {"L": (2, 2)})
    assert q.count() <= p.count()
    distinct = gridlock.pack(box(6, 10), "pentominoes")
    assert len(list(distinct.solutions(unique=True))) == 2339
    # The same representatives as the CLI's --all --unique.
    listed = [str(s) for s in gridlock.pack(box(3, 20), "pentominoes").solutions(unique=True)]
    assert "\n".join(listed) == cli("pack", "--rect", "3x20", "--pieces", "pentominoes", "--all", "--unique")
    # With copies: classes of the brute force's tilings under the square's 8 symmetries.
    tiles = gridlock.pack(box(4, 4), {"I2": ("##", "*"), "L3": ("#.\n##", "0..2")})
    classes = set()
    for s in tiles.solutions():
        images = []
        for t in range(8):
            def m(rc, t=t):
                r, c = rc
                if t & 4:
                    c = 3 - c
                for _ in range(t & 3):
                    r, c = c, 3 - r
                return (r, c)
            images.append(tuple(sorted((n, tuple(sorted(map(m, cells)))) for n, cells in s.tiles)))
        classes.add(min(images))
    assert tiles.count(unique=True) == len(classes) == len(list(tiles.solutions(unique=True)))
    assert tiles.count(unique=True) < tiles.count()


def test_knuths_polyomino_dlx_notation():
    p = gridlock.pack_knuth(read("pack/pentominoes-6x10.polyomino-dlx"))
    assert p.count() == 9356
    assert p.count() == int(cli("pack", "--knuth", str(DATA / "pack" / "pentominoes-6x10.polyomino-dlx"), "--count"))
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.pack_knuth("[0-5][0-9]\nI 00 01 0?\n")
    assert (e.value.line, e.value.column) == (2, 10)  # the "?"


def test_to_knuth_counts_the_same_through_exact_cover():
    p = gridlock.pack(box(4, 5), {"L": ("#..\n###", "*"), "I2": ("##", "0..3")})
    assert gridlock.ExactCover.from_knuth(p.to_knuth()).count() == p.count()


# --- exact cover -----------------------------------------------------------------------


def test_knuth_file_pentominoes_count_equals_the_cli():
    # (Memo on and off agree on the random problems below; one 8-second count here.)
    xc = gridlock.ExactCover.from_knuth(read("pack/pentominoes-6x10.dlx"))
    assert xc.count() == 9356 == int(cli("xc", "--count", stdin=read("pack/pentominoes-6x10.dlx")))


def brute_xc(primary, secondary, options, mult):
    """Solutions of an XCC/MCC problem by trying every subset of options."""
    n = 0
    for k in range(len(options) + 1):
        for chosen in itertools.combinations(range(len(options)), k):
            cover = {i: 0 for i in primary}
            colors = {}
            ok = True
            for o in chosen:
                for it in options[o]:
                    name, _, color = it.partition(":")
                    if name in cover:
                        cover[name] += 1
                    else:
                        c = color or None
                        if name in colors and (c is None or colors[name] is None or colors[name] != c):
                            ok = False
                        colors[name] = c
            lo_hi = {i: mult.get(i, (1, 1)) for i in primary}
            if ok and all(lo_hi[i][0] <= cover[i] <= lo_hi[i][1] for i in primary):
                n += 1
    return n


def random_multiplicities(rng, primary, chance):
    """Per primary item, with probability ``chance``, a multiplicity ``(lo, hi)`` with
    ``0 <= lo <= 2`` and ``max(1, lo) <= hi <= lo + 2``."""
    mult = {}
    for i in primary:
        if rng.random() < chance:
            lo = rng.randint(0, 2)
            mult[i] = (lo, max(1, lo + rng.randint(0, 2)))
    return mult


def random_items(rng, primary, secondary):
    """One random option: some primary items, and some secondary ones, most colored."""
    items = rng.sample(primary, rng.randint(1, len(primary)))
    for s in rng.sample(secondary, rng.randint(0, len(secondary))):
        items.append(s + (":" + rng.choice("ab") if rng.random() < 0.6 else ""))
    return items


def test_exact_cover_with_colors_and_multiplicities_equals_a_brute_force():
    rng = random.Random(7)
    for case in range(150):
        primary = [f"p{i}" for i in range(rng.randint(1, 4))]
        secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
        mult = random_multiplicities(rng, primary, 0.3)
        options = [random_items(rng, primary, secondary) for _ in range(rng.randint(1, 9))]
        xc = gridlock.ExactCover(primary, secondary, mult)
        for o in options:
            xc.add_option(o)
        expected = brute_xc(primary, secondary, options, mult)
        assert xc.count() == expected, (case, primary, secondary, mult, options)
        assert xc.count(memo=False) == expected
        sols = list(xc.solutions())
        assert len(sols) == expected and len({tuple(sorted(s)) for s in sols}) == expected
        assert (xc.first() is None) == (expected == 0)


def test_exact_cover_solutions_are_option_indices():
    xc = gridlock.ExactCover(["a", "b", "c"], ["x"])
    assert [xc.add_option(o) for o in (["a", "b", "x:1"], ["c", "x:1"], ["a"], ["b", "c"])] == [0, 1, 2, 3]
    assert sorted(sorted(s) for s in xc.solutions()) == [[0, 1], [2, 3]]
    assert xc.option(0) == ["a", "b", "x:1"] and len(xc) == 4
    assert xc.primary == ["a", "b", "c"] and xc.secondary == ["x"]


def test_the_cheapest_solutions_equal_a_brute_force():
    """min_cost and best(k) (Knuth's DLX5 costs) against every solution priced here."""
    rng = random.Random(29)
    for case in range(120):
        primary = [f"p{i}" for i in range(rng.randint(1, 5))]
        secondary = [f"s{i}" for i in range(rng.randint(0, 2))]
        xc = gridlock.ExactCover(primary, secondary)
        costs = []
        for _ in range(rng.randint(1, 10)):
            items = random_items(rng, primary, secondary)
            cost = rng.choice([0, rng.randint(0, 9), rng.randint(0, 10**6)])
            xc.add_option(items, cost=cost)
            costs.append(cost)
        priced = sorted(sum(costs[k] for k in s) for s in xc.solutions())
        k = rng.randint(1, 5)
        best = xc.best(k)
        assert [c for c, _ in best] == priced[:k], case
        for c, options in best:
            assert sum(costs[o] for o in options) == c and options == sorted(options)
        assert xc.min_cost() == (best[0] if best else None)
    xc = gridlock.ExactCover(["a"])
    xc.add_option(["a"], cost=2**64 - 1)
    xc.add_option(["a"], cost=5)
    assert xc.min_cost() == (5, [1]) and xc.best(3) == [(5, [1]), (2**64 - 1, [0])]
    with pytest.raises(OverflowError):
        xc.add_option(["a"], cost=-1)


def test_samples_are_uniform_and_the_zdd_counts_the_solutions():
    """sample(n, seed=) against the solutions listed by the search: every sample is one,
    the seed fixes them, and over the 36 domino tilings of 4x4 Pearson's statistic (35
    degrees of freedom) stays under its 0.001 point; the ZDD text has as many paths."""
    xc = gridlock.ExactCover([f"c{i}" for i in range(16)])
    for r in range(4):
        for c in range(4):
            if c < 3:
                xc.add_option([f"c{4 * r + c}", f"c{4 * r + c + 1}"])
            if r < 3:
                xc.add_option([f"c{4 * r + c}", f"c{4 * r + c + 4}"])
    listed = {tuple(sorted(s)) for s in xc.solutions()}
    assert len(listed) == 36 == xc.count()
    draws = xc.sample(3600, seed=4)
    assert all(tuple(d) in listed for d in draws) and all(d == sorted(d) for d in draws)
    assert draws == xc.sample(3600, seed=4) and draws != xc.sample(3600, seed=5)
    freq = {s: 0 for s in listed}
    for d in draws:
        freq[tuple(d)] += 1
    chi2 = sum((o - 100) ** 2 / 100 for o in freq.values())
    assert chi2 < 66.6, chi2  # Wilson-Hilferty's 0.001 point for 35 degrees of freedom
    # The ZDD in Knuth's format: paths counted here from the text alone.
    nodes = {}
    for line in xc.zdd().splitlines():
        k, rest = line.split(": (~")
        v, rest = rest.split("?")
        lo, hi = rest.rstrip(")").split(":")
        nodes[int(k, 16)] = (int(v), int(lo, 16), int(hi, 16))
    root = max(nodes)
    paths = {0: 0, 1: 1}
    for k in sorted(nodes):
        paths[k] = paths[nodes[k][1]] + paths[nodes[k][2]]
    assert paths[root] == 36
    with pytest.raises(ValueError, match="nodes"):
        xc.sample(1, max_nodes=3)
    empty = gridlock.ExactCover(["a", "b"])
    empty.add_option(["a"])
    assert empty.sample(5) == []
    box = gridlock.pack("......\n" * 10, "pentominoes")
    for s in box.sample(3, seed=1):
        assert sorted(c for _, cells in s.tiles for c in cells) == box.cells


def test_queens_13_with_diagonals_secondary():
    n = 13
    rows = [f"r{i}" for i in range(n)]
    cols = [f"c{j}" for j in range(n)]
    diags = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    xc = gridlock.ExactCover(rows + cols, diags)
    for i in range(n):
        for j in range(n):
            xc.add_option([f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"])
    assert xc.count(memo=False) == 73712 == xc.count(memo=False, threads=2) == xc.count(threads=2)


# --- 2-SAT -----------------------------------------------------------------------------


def test_two_sat_equals_a_brute_force():
    rng = random.Random(11)
    for _ in range(300):
        n = rng.randint(1, 7)
        clauses = [
            (rng.choice([-1, 1]) * rng.randint(1, n), rng.choice([-1, 1]) * rng.randint(1, n))
            for _ in range(rng.randint(0, 14))
        ]
        holds = lambda m, x: m[abs(x) - 1] == (x > 0)  # noqa: E731
        some = any(all(holds(m, a) or holds(m, b) for a, b in clauses) for m in itertools.product([False, True], repeat=n))
        model = gridlock.two_sat(n, clauses)
        assert (model is not None) == some
        if model is not None:
            assert len(model) == n and all(holds(model, a) or holds(model, b) for a, b in clauses)


# --- contest puzzles on the real data --------------------------------------------------


def test_beads_counts_and_answers():
    assert gridlock.beads.count(read("beads/empty.in")) == 32288
    assert gridlock.beads.count(read("beads/empty.in"), unique=True) == 16144
    answer = gridlock.beads.solve(read("beads/sample.in"))
    assert gridlock.beads.check(read("beads/sample.in"), answer)
    assert answer == cli("beads", str(DATA / "beads" / "sample.in"))
    none = gridlock.beads.solve(read("beads/hardest-single-piece.in"))
    assert none == "No solution\n"
    assert gridlock.beads.check(read("beads/hardest-single-piece.in"), none)
    wrong = gridlock.beads.check(read("beads/sample.in"), "No solution\n")
    assert not wrong and wrong.kind == "wrong"


def verdicts(text):
    return [line.split(": ")[1] for line in text.splitlines() if line.startswith("Case #")]


def test_laser_code_jam_verdicts_match_and_pass_the_judge():
    for name in ("sample", "small", "large"):
        got = gridlock.laser.solve(read(f"laser/{name}.in"), style="gcj")
        assert verdicts(got) == verdicts(read(f"laser/{name}.ans")), name
        v = gridlock.laser.check(read(f"laser/{name}.in"), got, jury=read(f"laser/{name}.ans"))
        assert v.accepted, v.message
    assert gridlock.laser.solve(read("laser/small.in")) == cli("laser", str(DATA / "laser" / "small.in"))


def test_twins_code_jam_verdicts_match_and_pass_the_judge():
    for name in ("sample", "1"):
        got = gridlock.twins.solve(read(f"twins/{name}.in"), style="gcj")
        assert verdicts(got) == verdicts(read(f"twins/{name}.ans")), name
        assert gridlock.twins.check(read(f"twins/{name}.in"), got, jury=read(f"twins/{name}.ans"))


def test_mayan_official_answers():
    for k in range(1, 11):
        ans = DATA / "mayan" / f"mayan{k}.ans"
        if not ans.exists():
            ans = DATA / "mayan" / f"mayan{k}.derived.ans"
        got = gridlock.mayan.solve(read(f"mayan/mayan{k}.in"))
        assert got.split() == ans.read_text().split(), k
        assert gridlock.mayan.check(read(f"mayan/mayan{k}.in"), got)
    bad = gridlock.mayan.check(read("mayan/mayan2.in"), "-1\n")
    assert bad.kind == "wrong"


# --- errors ----------------------------------------------------------------------------


def test_bad_input_raises_parse_error_with_line_and_column():
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.pack(read("pack/bad-board.txt"), "pentominoes")
    assert isinstance(e.value, ValueError) and e.value.line is not None and e.value.column is not None
    assert f"line {e.value.line}, column {e.value.column}" in str(e.value)
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.pack(box(2, 2), {"X": "#.\n.x"})
    assert (e.value.line, e.value.column) == (2, 2)
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.ExactCover.from_knuth("a b\nc\n")
    assert (e.value.line, e.value.column) == (2, 1)
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.beads.solve("..\nxyz\n")
    assert e.value.line is not None
    with pytest.raises(gridlock.ParseError):
        gridlock.laser.solve("1\n2 2\n.?\n..\n")


def test_bad_arguments_raise_value_error():
    for call in (
        lambda: gridlock.pack(box(2, 2), "heptominos"),
        lambda: gridlock.pack(box(2, 2), {"L": ("##", "2..1")}),
        lambda: gridlock.pack([(0, 0), (0, 0)], "dominoes"),
        lambda: gridlock.ExactCover(["a", "a"]),
        lambda: gridlock.ExactCover(["a"], multiplicities={"b": 2}),
        lambda: gridlock.ExactCover(["a"]).add_option(["b"]),
        lambda: gridlock.ExactCover(["a"]).add_option(["a:red"]),
        lambda: gridlock.two_sat(2, [(1, 3)]),
        lambda: gridlock.two_sat(2, [(0, 1)]),
        lambda: gridlock.two_sat(2**32, [(1, 2)]),
        lambda: gridlock.two_sat(2**27, []),
        lambda: gridlock.pack(box(2, 2), "dominoes", copies="*").count(threads=0),
        lambda: gridlock.laser.solve("1\n1 1\n.\n", style="nope"),
    ):
        with pytest.raises(ValueError):
            call()


@pytest.mark.parametrize("place", ["call", "search", "stream"])
def test_a_rust_panic_is_a_python_exception(place):
    with pytest.raises(BaseException) as e:
        out = gridlock._gridlock._panic_for_test(place)
        if out is not None:
            next(out)
    assert "panic on purpose" in str(e.value)
    assert type(e.value).__name__ == "PanicException"


# --- deep searches ---------------------------------------------------------------------


def test_a_chain_of_forced_items_counts_without_crashing():
    """10^5 items, each with an option of its own: one solution, 10^5 levels deep. The
    memoized count recursed once per level and killed the interpreter (segmentation
    fault at 8000 items) before it kept its own stack, and every mode took time
    quadratic in the depth (7 to 18 s at 10^5) before the item choice stopped at a
    forced move (issue 35)."""
    n = 100_000
    xc = gridlock.ExactCover([f"i{k}" for k in range(n)], [])
    for k in range(n):
        xc.add_option([f"i{k}"])
    assert xc.count() == 1
    assert xc.count(memo=False) == 1
    assert xc.count(threads=2) == 1
    assert sorted(xc.first()) == list(range(n))
    assert [sorted(s) for s in xc.solutions()] == [list(range(n))]


# --- Ctrl-C ----------------------------------------------------------------------------

INTERRUPTED = textwrap.dedent(
    """
    import signal, sys, time, gridlock
    # A process started with SIGINT ignored (the suite run under nohup, in the background,
    # or by a CI runner that ignores it) passes that on, and Python then installs no
    # KeyboardInterrupt handler: install it, as a terminal's Python has it.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    n = 18
    xc = gridlock.ExactCover([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)],
                             [f"a{k}" for k in range(2 * n)] + [f"b{k}" for k in range(2 * n)])
    for i in range(n):
        for j in range(n):
            xc.add_option([f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n}"])
    # 666090624 solutions: minutes of work either way.
    work = {"count": lambda: xc.count(memo=False), "iterate": lambda: sum(1 for _ in xc.solutions()),
            "threads": lambda: xc.count(memo=False, threads=2)}
    print("ready", flush=True)
    try:
        work[sys.argv[1]]()
        print("finished")
    except KeyboardInterrupt:
        t = time.process_time()
        time.sleep(1.0)
        # The worker stopped too: no CPU spent while we slept.
        print("interrupted", round(time.process_time() - t, 2))
    """
)


@pytest.mark.parametrize("work", ["count", "iterate", "threads"])
def test_ctrl_c_raises_keyboard_interrupt_and_stops_the_search(work, tmp_path):
    script = tmp_path / "interrupt.py"
    script.write_text(INTERRUPTED)
    proc = subprocess.Popen([sys.executable, str(script), work], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        import time

        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=120)
        words = out.split()
        assert words[0] == "interrupted", out
        assert float(words[1]) < 0.5, out
    finally:
        # A failed or timed-out test leaves no search counting behind it.
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# --- the README's examples -------------------------------------------------------------


def readme_blocks(path: Path):
    """The ```python blocks of a README."""
    text = path.read_text()
    return [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]


@pytest.mark.parametrize("readme", [ROOT / "README.md", ROOT / "python" / "README.md"])
def test_the_readme_examples_print_what_their_comments_say(readme, capsys):
    blocks = readme_blocks(readme)
    assert blocks
    for block in blocks:
        exec(compile(block, str(readme), "exec"), {})
        printed = capsys.readouterr().out.splitlines()
        for line in block.splitlines():
            code, _, comment = line.partition("  # ")
            comment = comment.strip()
            if code.startswith("print(") and (comment[:1].isdigit() or comment[:1] == "["):
                want = comment.split(" (")[0]
                assert any(p == want for p in printed), (readme, line, printed)


def test_the_cheapest_solutions_with_multiplicities_equal_the_listing():
    """min_cost and best(k) with multiplicities (and colors) against every solution of
    the listing (Algorithm M, itself checked against a brute force above), priced here."""
    rng = random.Random(31)
    for case in range(100):
        primary = [f"p{i}" for i in range(rng.randint(1, 4))]
        secondary = [f"s{i}" for i in range(rng.randint(0, 2))]
        mult = random_multiplicities(rng, primary, 0.5)
        xc = gridlock.ExactCover(primary, secondary, mult)
        costs = []
        for _ in range(rng.randint(1, 9)):
            items = random_items(rng, primary, secondary)
            cost = rng.choice([0, rng.randint(0, 9), rng.randint(0, 1000)])
            xc.add_option(items, cost=cost)
            costs.append(cost)
        priced = sorted(sum(costs[k] for k in s) for s in xc.solutions())
        k = rng.randint(1, 5)
        best = xc.best(k)
        assert [c for c, _ in best] == priced[:k], (case, mult)
        for c, options in best:
            assert sum(costs[o] for o in options) == c and options == sorted(options)
        assert xc.min_cost() == (best[0] if best else None)
