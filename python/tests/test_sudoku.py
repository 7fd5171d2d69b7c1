"""gridlock.sudoku on the public lists' samples (tests/data/sudoku), against a checker
and a brute force written here from the rules, and against the CLI."""

import itertools
import os
import subprocess
from pathlib import Path

import pytest

import gridlock
from gridlock import sudoku

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "sudoku"
CLI = Path(os.environ.get("GRIDLOCK_BIN", ROOT / "target" / "release" / "gridlock"))


def puzzles(name):
    return [l for l in (DATA / name).read_text().splitlines() if l and not l.startswith("#")]


def valid(puzzle: str, answer: str, n: int = 9, b: int = 3) -> bool:
    """A 9x9 (or b^2 x b^2) answer by the rules, written here: givens kept, every row,
    column and box a permutation."""
    digits = "123456789ABCDEFG"[:n]
    if len(answer) != n * n or any(c not in digits for c in answer):
        return False
    if any(p not in ".0" and p != a for p, a in zip(puzzle, answer)):
        return False
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [[(br + i) * n + bc + j for i in range(b) for j in range(b)] for br in range(0, n, b) for bc in range(0, n, b)]
    return all(sorted(answer[i] for i in u) == sorted(digits) for u in units)


def brute_count_4x4(puzzle: str) -> int:
    """Every 4x4 grid filled by brute force over the rows' permutations."""
    rows = [puzzle[4 * r : 4 * r + 4] for r in range(4)]
    count = 0
    perms = ["".join(p) for p in itertools.permutations("1234")]
    for grid in itertools.product(*[[p for p in perms if all(g in ".0" or g == c for g, c in zip(rows[r], p))] for r in range(4)]):
        if valid(puzzle, "".join(grid), 4, 2):
            count += 1
    return count


def test_the_samples_solve_uniquely_and_validly():
    for name in ["puzzles2_17_clue.sample", "puzzles5_forum_hardest_1905_11+.sample"]:
        ps = puzzles(name)
        answers = list(sudoku.solve_many(ps))
        assert len(answers) == len(ps)
        for p, a in zip(ps, answers):
            assert valid(p, a), p
        for p in ps[:40]:
            assert sudoku.count(p, limit=2) == 1
            assert sudoku.solve(p) == answers[ps.index(p)]
        threaded = list(sudoku.solve_many(iter(ps), threads=2))
        assert threaded == answers


def test_small_grids_count_as_a_brute_force():
    import random

    rng = random.Random(5)
    full = sudoku.solve("." * 16)
    assert valid("." * 16, full, 4, 2)
    for _ in range(40):
        p = "".join(c if rng.random() < 0.3 else "." for c in full)
        assert sudoku.count(p) == brute_count_4x4(p), p
    assert sudoku.count("." * 16) == 288


def test_variants_drawings_and_cages():
    drawn = "1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n"
    assert sudoku.count(drawn) == 72
    assert sudoku.count(drawn, cages="3 r1c1 r1c2\n") == 24
    assert sudoku.count(drawn, cages=[(3, [(1, 1), (1, 2)])]) == 24
    x = sudoku.count(drawn, diagonals=True)
    assert 0 < x < 72
    six = "AAABBB\nAAABBB\nCCCDDD\nCCCDDD\nEEEFFF\nEEEFFF\n"
    line = sudoku.solve("." * 36, regions=six)
    assert len(line) == 36
    assert sudoku.check("." * 36, line, regions=six)
    w = sudoku.solve("." * 81, windows=True)
    assert sudoku.check("." * 81, w, windows=True)


def test_generate_is_unique_minimal_and_reproducible():
    p, s = sudoku.generate(seed=3)
    assert (p, s) == sudoku.generate(seed=3)
    assert sudoku.count(p, limit=2) == 1 and sudoku.solve(p) == s
    for i, c in enumerate(p):
        if c != ".":
            assert sudoku.count(p[:i] + "." + p[i + 1 :], limit=2) == 2
    p, s = sudoku.generate(seed=1, symmetric=True)
    assert all((p[i] == ".") == (p[80 - i] == ".") for i in range(81))


def test_the_judge():
    p = puzzles("puzzles5_forum_hardest_1905_11+.sample")[0]
    a = sudoku.solve(p)
    assert sudoku.check(p, a)
    wrong = ("2" if a[-1] == "1" else "1") + a[1:]
    v = sudoku.check(p, wrong)
    assert v.kind == "wrong" and not v
    assert sudoku.check(p, "No solution").kind == "wrong"
    assert sudoku.check(p, "No solution", jury=a).kind == "wrong"


def test_bad_input():
    with pytest.raises(gridlock.ParseError) as e:
        sudoku.solve("1" * 80)
    assert e.value.line == 1 and e.value.column == 81
    # Givens that break a rule: no solution, as on the command line (not an error).
    assert sudoku.solve("11" + "." * 79) is None
    assert sudoku.count("11" + "." * 79) == 0
    with pytest.raises(gridlock.ParseError, match="never 50"):
        sudoku.solve("." * 81, cages="50 r1c1 r1c2\n")
    with pytest.raises(gridlock.ParseError):
        list(sudoku.solve_many(["." * 81, "x" * 81]))
    assert sudoku.solve("12345678." + "........9" + "." * 63) is None


def test_the_cli_agrees():
    if not CLI.exists():
        pytest.skip(f"{CLI} not built (cargo build --release)")
    ps = puzzles("puzzles2_17_clue.sample")[:50]
    out = subprocess.run([str(CLI), "sudoku"], input="\n".join(ps) + "\n", capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == list(sudoku.solve_many(ps))
