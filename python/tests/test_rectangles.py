"""``gridlock.rectangles`` and big counts: the same answers as ``gridlock rectangles
--format json`` (the CLI), Python ints past 2**128 equal to a recurrence computed here,
and generating functions that expand to the counts."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gridlock

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "rectangles"
CLI = Path(os.environ.get("GRIDLOCK_BIN", ROOT / "target" / "release" / "gridlock"))
L_TROMINO = {"L": "##\n#."}


def cli_json(*args: str) -> dict:
    if not CLI.exists():
        pytest.skip(f"{CLI} not built (cargo build --release)")
    done = subprocess.run([str(CLI), "rectangles", *args, "--format", "json"], capture_output=True, text=True, check=True)
    answer = json.loads(done.stdout)
    return {k: (int(v) if isinstance(v, str) and v.isdigit() else v) for k, v in answer.items()}


def as_ints(values):
    return [int(v) for v in values]


def test_dominoes_on_2_by_n_are_fibonacci_past_2_128():
    counts = gridlock.rectangles("dominoes", width=2, length=1000)["counts"]
    a, b = 1, 1
    for n in range(1, 1001):
        assert counts[n] == b, n
        a, b = b, a + b
    assert counts[1000].bit_length() > 128
    assert gridlock.pack("..\n" * 1000, "dominoes", copies="*").count() == counts[1000]


def test_generating_function_expands_to_the_counts():
    for width in range(2, 7):
        gf = gridlock.rectangles(L_TROMINO, width=width, gf=True)
        p, q = gf["numerator"], gf["denominator"]
        assert q[0] == 1
        counts = gridlock.rectangles(L_TROMINO, width=width, length=80)["counts"]
        series = []
        for k in range(len(counts)):
            v = p[k] if k < len(p) else 0
            for i in range(1, min(len(q), k + 1)):
                v -= q[i] * series[k - i]
            series.append(v)
        assert series == counts, width


def test_answers_equal_the_cli():
    l_file = str(DATA / "l-tromino.txt")
    mine = gridlock.rectangles(L_TROMINO, table=(5, 7))
    theirs = cli_json("--pieces", l_file, "--table", "5x7")
    assert mine["table"] == [as_ints(row) for row in theirs["table"]]
    mine = gridlock.rectangles(L_TROMINO, width=4, gf=True)
    theirs = cli_json("--pieces", l_file, "--gf", "--width", "4")
    assert (mine["numerator"], mine["denominator"]) == (as_ints(theirs["numerator"]), as_ints(theirs["denominator"]))
    y = gridlock.rectangles({"Y": "####\n.#.."}, order=True)
    assert (y["rows"], y["columns"], y["copies"], y["proven"]) == (5, 10, 10, True)
    # An unproven answer names the bound and the argument that raises it; the X
    # pentomino fills no corner, proven.
    z = gridlock.rectangles({"Z": "##.\n.##"}, smallest="rectangle", max_area=100)
    assert (z["proven"], z["bound"]) == (False, "the area bound 100 was reached (raise max_area)")
    x = gridlock.rectangles({"X": ".#.\n###\n.#."}, order=True)
    assert (x["proven"], x["impossible"]) == (True, "no orientation of the pieces fills a corner of a rectangle")
    # The skyline search on two threads, and the same answer as the command line's.
    twice = gridlock.rectangles({"Y": "####\n.#.."}, order=True, threads=2)
    assert twice == y
    theirs = cli_json("--pieces", str(DATA / "y-pentomino.txt"), "--order")
    assert [(t["piece"], [tuple(c) for c in t["cells"]]) for t in theirs["tiles"]] == [(p, list(c)) for p, c in y["tiles"]]
    cells = sorted(c for _, tile in y["tiles"] for c in tile)
    assert cells == [(r, c) for r in range(5) for c in range(10)]


def test_orders_of_polycubes_fill_boxes():
    """The flat stair tetromino's order in 3D is 6 (trec), as the command line says, and
    the box is filled once."""
    text = (DATA / "stair-tetracube.txt").read_text()
    mine = gridlock.rectangles(text, lattice="cubic", order=True)
    theirs = cli_json("--pieces", str(DATA / "stair-tetracube.txt"), "--order")
    assert (mine["sides"], mine["copies"], mine["proven"]) == (theirs["sides"], 6, True)
    assert [(t["piece"], [tuple(c) for c in t["cells"]]) for t in theirs["tiles"]] == [(p, list(c)) for p, c in mine["tiles"]]
    a, b, c = mine["sides"]
    cells = sorted(cell for _, tile in mine["tiles"] for cell in tile)
    assert cells == sorted((i, j, k) for i in range(a) for j in range(b) for k in range(c))
    assert gridlock.rectangles("tricubes", lattice="cubic", order=True, mirror=True)["copies"] == 3
    with pytest.raises(ValueError):
        gridlock.rectangles(text, lattice="cubic", width=2, length=3)
    with pytest.raises(ValueError):
        gridlock.rectangles(text, lattice="cubic", order=True, one_sided=True)
    with pytest.raises(ValueError):
        gridlock.rectangles("dominoes", order=True, mirror=True)
    with pytest.raises(ValueError):
        gridlock.rectangles("dominoes", order=True, lattice="hexagonal")


def test_polycubes_of_different_sizes_find_the_least_box():
    """The Soma pieces (a tricube and six tetracubes, each at least once): the least box
    is the cube, each piece once, as the command line says; their order is refused."""
    mine = gridlock.rectangles("soma", lattice="cubic", smallest="rectangle")
    assert (list(mine["sides"]), mine["copies"], mine["proven"]) == ([3, 3, 3], 7, True)
    assert len({p for p, _ in mine["tiles"]}) == 7
    cells = sorted(tuple(cell) for _, tile in mine["tiles"] for cell in tile)
    assert cells == sorted((i, j, k) for i in range(3) for j in range(3) for k in range(3))
    with pytest.raises(ValueError, match="different sizes"):
        gridlock.rectangles("soma", lattice="cubic", order=True)
    theirs = cli_json("--pieces", "soma", "--smallest", "rectangle")
    assert (list(theirs["sides"]), theirs["copies"]) == (list(mine["sides"]), mine["copies"])


def test_bad_questions_raise_value_error():
    with pytest.raises(ValueError):
        gridlock.rectangles("dominoes")
    with pytest.raises(ValueError):
        gridlock.rectangles("dominoes", length=5)
    with pytest.raises(ValueError):
        gridlock.rectangles("dominoes", order=True, smallest="oval")
    with pytest.raises(ValueError, match=r"more than 1000 states .* \(raise max_states\)"):
        gridlock.rectangles("pentominoes", copies="*", width=12, length=40, max_states=1000)


def test_a_longer_lookahead_gives_the_same_order():
    """``lookahead`` keeps fewer states for the same answer as the default (the Y
    hexomino's order 92, and the CLI's answer with ``--lookahead 2``), and is refused out
    of its range or where no skyline search runs."""
    y = (DATA / "y-hexomino.txt").read_text()
    plain = gridlock.rectangles(y, order=True)
    for rows in (2, 3):
        assert gridlock.rectangles(y, order=True, lookahead=rows) == plain
    assert (plain["rows"], plain["columns"], plain["copies"], plain["proven"]) == (23, 24, 92, True)
    cli = cli_json("--pieces", str(DATA / "y-hexomino.txt"), "--order", "--lookahead", "2")
    assert (cli["rows"], cli["columns"], cli["copies"]) == (23, 24, 92)
    for bad in (0, 5):
        with pytest.raises(ValueError, match="lookahead is 1 to 4 rows"):
            gridlock.rectangles(y, order=True, lookahead=bad)
    with pytest.raises(ValueError, match="lookahead tunes"):
        gridlock.rectangles(y, width=5, length=9, lookahead=2)
    with pytest.raises(ValueError, match="lookahead tunes"):
        gridlock.rectangles({"L": "##\n#.", "I": "####"}, order=True, lookahead=2)


def test_states_in_a_directory_give_the_same_order(tmp_path):
    """``states_dir`` keeps the skyline search's states in files of a directory for the
    same answer (the Y hexomino's order, a heptacube's box), leaves no file there, and
    is refused where no skyline search runs and for a path that is not a directory."""
    y = (DATA / "y-hexomino.txt").read_text()
    filed = gridlock.rectangles(y, order=True, states_dir=str(tmp_path), threads=2)
    assert filed == gridlock.rectangles(y, order=True)
    assert (filed["rows"], filed["columns"], filed["copies"]) == (23, 24, 92)
    e0 = (DATA / "e0e080-heptacube.txt").read_text()
    boxed = gridlock.rectangles(e0, order=True, lattice="cubic", mirror=True, states_dir=str(tmp_path))
    assert boxed == gridlock.rectangles(e0, order=True, lattice="cubic", mirror=True)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(ValueError, match="states_dir tunes"):
        gridlock.rectangles(y, width=5, length=9, states_dir=str(tmp_path))
    with pytest.raises(ValueError, match="states_dir tunes"):
        gridlock.rectangles({"L": "##\n#.", "I": "####"}, order=True, states_dir=str(tmp_path))
    with pytest.raises(ValueError, match="is not a directory"):
        gridlock.rectangles(y, order=True, states_dir=str(tmp_path / "missing"))


def test_a_search_resumes_from_its_checkpoint(tmp_path):
    """A checkpoint written by Python resumes on the command line and the reverse, and
    a file cut after any width gives the fresh answer."""
    y = {"Y": "####\n.#.."}
    fresh = gridlock.rectangles(y, order=True)
    path = tmp_path / "y.ckpt"
    assert gridlock.rectangles(y, order=True, checkpoint=str(path)) == fresh
    lines = path.read_text().splitlines()
    assert len(lines) == 8  # the header and widths 1 to 7
    # The best tiling beside it (a header and ten tiles), drawn from when every width
    # is recorded (the last run of the loop below).
    tiling = (tmp_path / "y.ckpt.tiling").read_text().splitlines()
    assert '"width":5' in tiling[0] and len(tiling) == 11
    for keep in range(1, len(lines) + 1):
        path.write_text("\n".join(lines[:keep]) + "\n")
        assert gridlock.rectangles(y, order=True, checkpoint=str(path)) == fresh
    # The command line reads the same file (the pieces named alike), and adds nothing.
    theirs = cli_json("--pieces", str(DATA / "y-pentomino.txt"), "--order", "--checkpoint", str(path))
    assert (theirs["rows"], theirs["columns"], theirs["copies"]) == (fresh["rows"], fresh["columns"], fresh["copies"])
    assert path.read_text().splitlines() == lines
    with pytest.raises(ValueError, match="another count"):
        gridlock.rectangles(y, smallest="square", checkpoint=str(path))


def test_a_width_resumes_from_its_saved_states_across_front_ends(tmp_path):
    """The states of a width in progress, saved by Python (``checkpoint_every=0``: every
    depth) when ``max_states`` stops the Y hexomino inside width 23, are resumed by the
    command line, which finds the order 92 and removes them."""
    text = (DATA / "y-hexomino.txt").read_text()
    path = tmp_path / "y.ckpt"
    cut = gridlock.rectangles(text, order=True, checkpoint=str(path), checkpoint_every=0, max_states=100000)
    assert not cut["proven"] and "width 23" in cut["bound"]
    frontier = tmp_path / "y.ckpt.frontier"
    assert frontier.is_file()
    theirs = cli_json("--pieces", str(DATA / "y-hexomino.txt"), "--order", "--checkpoint", str(path))
    assert (theirs["rows"], theirs["columns"], theirs["copies"], theirs["proven"]) == (23, 24, 92, True)
    assert not frontier.exists()
    with pytest.raises(ValueError, match="checkpoint_every goes with checkpoint"):
        gridlock.rectangles(text, order=True, checkpoint_every=5)


def test_a_box_search_resumes_from_its_checkpoint(tmp_path):
    """A box search's checkpoint (a part per cross-section) written by Python resumes on
    the command line, and a file cut after any cross-section gives the fresh answer."""
    text = (DATA / "stair-tetracube.txt").read_text()
    fresh = gridlock.rectangles(text, lattice="cubic", order=True)
    path = tmp_path / "stair.ckpt"
    assert gridlock.rectangles(text, lattice="cubic", order=True, checkpoint=str(path)) == fresh
    lines = path.read_text().splitlines()
    assert len(lines) > 3
    for keep in range(1, len(lines) + 1):
        path.write_text("\n".join(lines[:keep]) + "\n")
        assert gridlock.rectangles(text, lattice="cubic", order=True, checkpoint=str(path)) == fresh
    theirs = cli_json("--pieces", str(DATA / "stair-tetracube.txt"), "--order", "--checkpoint", str(path))
    assert (theirs["sides"], theirs["copies"]) == (fresh["sides"], fresh["copies"])
    assert path.read_text().splitlines() == lines


def test_the_octomino_tiling_in_docs_passes_the_independent_checker():
    # docs/orders.md shows the octomino f0e040's least rectangle, 41 x 48 with 246 copies,
    # as gridlock drew it (docs/pictures/octomino-246.txt). scripts/check-tiling.py checks
    # it from the rules alone; two cells of different tiles exchanged must fail it.
    checker = [sys.executable, str(ROOT / "scripts" / "check-tiling.py"), str(DATA / "f0e040-octomino.txt")]
    drawing = (ROOT / "docs" / "pictures" / "octomino-246.txt").read_text()
    assert drawing.startswith("41 x 48, 246 copies\n")
    done = subprocess.run([*checker, "-"], input=drawing, capture_output=True, text=True)
    assert (done.returncode, done.stdout.strip()) == (0, "ok")
    rows = drawing.split("\n")
    first = rows[1]
    k = next(i for i in range(1, len(first)) if first[i] != first[0])
    rows[1] = first[k] + first[1:k] + first[0] + first[k + 1 :]
    done = subprocess.run([*checker, "-"], input="\n".join(rows), capture_output=True, text=True)
    assert done.returncode == 1
