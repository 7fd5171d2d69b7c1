"""Type stubs of the extension module (the Rust side of the package)."""

import os
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple, Union

Cell = Tuple[int, int]
Count = Union[int, str, Tuple[int, Optional[int]]]

class ExactCover:
    """An exact cover problem: a set of options (each a set of items) that covers every
    primary item exactly once (or between lo and hi times with a multiplicity) and every
    secondary item at most once; options giving a secondary item the same color
    ("item:color") are compatible. Knuth's Algorithm C, or M with multiplicities, on
    dancing links (TAOCP 7.2.2.1); counts memoize subproblems (DXZ, Nishino et al. 2017)
    where it pays.

    ``multiplicities`` maps a primary item to ``n`` (exactly n times) or ``(lo, hi)``.
    Raises ``ValueError`` for a repeated or malformed item name or a bad multiplicity.
    """

    def __init__(
        self,
        primary: Iterable[str],
        secondary: Iterable[str] = (),
        multiplicities: Optional[Mapping[str, Union[int, Tuple[int, int]]]] = None,
    ) -> None: ...
    @classmethod
    def from_knuth(cls, text: str) -> "ExactCover":
        """Reads Knuth's DLX format (DLX1/2/3: ``| comments``, item line with ``|``
        between primary and secondary, ``lo:hi|item`` multiplicities, one option per
        line). Raises ``gridlock.ParseError`` naming the line."""
    def add_option(self, items: Iterable[str], cost: int = 0) -> int:
        """Adds an option and returns its index (0-based, in order added); ``cost`` (a
        nonnegative integer below 2**64, as DLX5's ``|n``) counts in ``min_cost`` and
        ``best``. Raises ``ValueError`` for an unknown or repeated item, a colored primary
        item, or an option without a primary item."""
    def option(self, k: int) -> List[str]:
        """The items of option ``k`` as given. Raises ``IndexError``."""
    @property
    def primary(self) -> List[str]: ...
    @property
    def secondary(self) -> List[str]: ...
    def __len__(self) -> int:
        """The number of options."""
    def first(self) -> Optional[List[int]]:
        """One solution (option indices) or ``None``."""
    def solutions(self) -> "ExactCoverSolutions":
        """Every solution, lazily (a worker finds at most 64 ahead of you)."""
    def count(
        self,
        memo: bool = True,
        threads: int = 1,
        *,
        executor: Optional[Any] = None,
        parts: int = 64,
        checkpoint: Optional[Union[str, "os.PathLike[str]"]] = None,
        progress: Optional[Any] = None,
    ) -> int:
        """The number of solutions, exact (``OverflowError`` past 2**128 - 1).
        ``memo=False`` enumerates; ``threads`` (clamped to the cores) cuts the search tree
        into subtrees counted in parallel, each memoized on its own. With ``executor``
        (any ``concurrent.futures.Executor``: ``ProcessPoolExecutor``, Dask's
        ``client.get_executor()``, Ray's), ``checkpoint`` (a file path) or ``progress``,
        the count is cut into ``parts`` parts counted on the executor's workers (or here),
        each finished part recorded in the checkpoint (the CLI's ``--checkpoint`` format:
        docs/checkpoint.md) and not counted again on a rerun; ``progress`` is a callable
        ``(parts_done, parts, count_so_far)`` or a tqdm bar."""
    def min_cost(self) -> Optional[Tuple[int, List[int]]]:
        """``(cost, options)`` of a solution of least total cost, or ``None``: branch and
        bound as Knuth's DLX5."""
    def best(self, k: int) -> List[Tuple[int, List[int]]]:
        """The ``k`` cheapest solutions as ``(cost, options)``, cheapest first."""
    def sample(self, n: int, *, seed: int = 0, max_nodes: int = 50_000_000, max_memory: int = 1 << 30) -> List[List[int]]:
        """``n`` solutions (option indices, increasing) drawn independently and exactly
        uniformly, reproducible from ``seed``: from the ZDD of every solution, each the
        solution of a uniform rank. ``[]`` when there is none. ``ValueError`` when the ZDD
        passes ``max_nodes`` nodes or ``max_memory`` bytes, or multiplicities are outside counter mode."""
    def zdd(self, *, max_nodes: int = 50_000_000, max_memory: int = 1 << 30) -> str:
        """Every solution as a ZDD in Knuth's DLX6 text format (``k: (~v?lo:hi)``,
        options from 1, a dummy root last), as ``gridlock xc --zdd``."""

class ExactCoverSolutions(Iterator[List[int]]):
    def __iter__(self) -> "ExactCoverSolutions": ...
    def __next__(self) -> List[int]: ...
    def close(self) -> None:
        """Stops the search."""

def two_sat(n_vars: int, clauses: Iterable[Tuple[int, int]]) -> Optional[List[bool]]:
    """2-SAT: clauses are pairs of DIMACS literals (``3`` is x3, ``-3`` not x3, each in
    ``1..n_vars`` in absolute value); returns ``n_vars`` bools (x_i at index i - 1)
    satisfying every clause, or ``None``. Linear time (Aspvall, Plass and Tarjan 1979).
    Raises ``ValueError`` for a literal out of range or more than 2**26 variables."""

def pack(
    board: Union[str, Iterable[Union[Cell, Tuple[int, int, int]]]],
    pieces: Union[str, Mapping[str, Union[str, Tuple[str, Count]]]],
    *,
    one_sided: bool = False,
    copies: Optional[Count] = None,
    mirror: bool = False,
    lattice: Optional[str] = None,
) -> "Packing":
    """A packing problem on any lattice, as ``gridlock pack``.

    ``lattice``: ``square``, ``triangular``, ``hexagonal``, ``cubic`` or ``prism``;
    without it, the lattice the pieces or the board name (a set's, or a drawing's
    ``lattice: NAME`` header), else square. ``board``: a box (``"6x10"`` rows x columns
    on the square lattice, ``"6x6"`` or ``"3x4x5"`` on the others, as ``--box``), a
    drawing (``.`` a cell to fill, ``#`` or a space outside; off the square lattice after
    a ``lattice:`` header, as ``--board``) or an iterable of cells (``(row, col)``, or
    ``(x, y, z)`` on any lattice). ``pieces``: a built-in set (pentominoes, tetrominoes,
    kanoodle, dominoes, trominoes, monomino; soma, pentacubes-flat, bedlam, tetris-cube,
    hexiamonds, tetrahexes), a pieces file's text, or (square) a dict name -> drawing
    (``#`` a cell) or name -> (drawing, count), where a count is ``n``, ``"lo..hi"``,
    ``"*"`` (any number), ``"lo..*"`` or ``(lo, hi)`` with ``hi=None`` for no bound;
    without one, a piece is used exactly once. ``copies`` gives every piece that count.
    Plane pieces are turned over unless ``one_sided``; solids are mirrored only with
    ``mirror``. Raises ``gridlock.ParseError`` (line and column in the drawing) or
    ``ValueError``."""

def pack_knuth(text: str, *, one_sided: bool = False) -> "Packing":
    """A packing problem in the input notation of Knuth's ``polyomino-dlx``: ``|``
    comments, the box line of cells ``xy`` (extended hexadecimal digits or bracketed sets
    with ranges, ``[0-5][0-9]``), then per piece ``[MULT|]NAME`` and its typical cells.
    Cell ``xy`` is row x, column y. Raises ``gridlock.ParseError`` (line, column)."""

def polyforms(
    size: int,
    lattice: str = "square",
    *,
    one_sided: bool = False,
    fixed: bool = False,
    count: bool = False,
    threads: int = 1,
) -> Union[int, List[Tuple[str, List[Tuple[int, ...]]]]]:
    """Every polyform of ``size`` cells on ``lattice`` (``square``, ``triangular``,
    ``hexagonal``, ``cubic``, ``prism``), as ``gridlock polyforms``: free by default,
    ``one_sided`` (rotations only) or ``fixed`` (translations only). A list of ``(name,
    cells)`` in canonical order, named as the field names them where a built-in set does
    (Golomb's letters), else ``hexomino-1``, ...; cells as ``Solution.tiles`` gives them.
    ``count=True``: only their number (Redelmeier's algorithm, on ``threads`` threads).
    Raises ``ValueError`` (a listing stops at 2,000,000 fixed forms)."""

def rectangles(
    pieces: Union[str, Dict[str, Any]],
    *,
    copies: Optional[Any] = None,
    one_sided: bool = False,
    width: Optional[int] = None,
    length: Optional[int] = None,
    gf: bool = False,
    table: Optional[Tuple[int, int]] = None,
    smallest: Optional[str] = None,
    order: bool = False,
    odd_order: bool = False,
    square_order: bool = False,
    max_area: int = 1000,
    max_states: Optional[int] = None,
    threads: int = 1,
    checkpoint: Optional[str] = None,
    checkpoint_every: Optional[float] = None,
    lattice: str = "square",
    mirror: bool = False,
    lookahead: Optional[int] = None,
    states_dir: Optional[str] = None,
) -> Dict[str, Any]:
    """What a polyomino set does with rectangles, as ``gridlock rectangles``
    (docs/rectangles.md): exactly one question of ``length`` (with ``width``: counts
    N(width; n) for n = 0..length), ``gf`` (with ``width``: ``numerator`` and
    ``denominator`` of the generating function), ``table=(W, H)``, ``smallest``
    (``"rectangle"``, ``"square"``, ``"odd"``), ``order``, ``odd_order``,
    ``square_order`` (``rows``, ``columns``, ``copies``, ``tiles``, ``proven``,
    ``bound``, and ``impossible``: why no rectangle at all is tiled, or ``None``). One piece is used any number of times, a set of two or more each at
    least once, unless ``copies`` or the pieces' own counts say otherwise. Counts are
    exact Python ints of any size. ``max_states``: the most states kept, by the
    transfer matrix at one cell (default 4194304) or by the skyline search of the
    searches at one width (default 33554432); ``threads``: threads of the skyline
    search; ``checkpoint``: a file recording each width (each cross-section of a box
    search) as it is finished,
    skipped when the search runs again (the format of ``gridlock rectangles
    --checkpoint``, so that either resumes the other's file); for polyominoes the
    states of the width in progress are saved beside it (``FILE.frontier``) at most
    once every ``checkpoint_every`` seconds (default 600), within a long depth too
    (0: every depth, none within), and resumed; the best tiling so far is kept
    beside it too (``FILE.tiling``), so that a search resumed after its best width
    draws its answer from there (checked first) rather than searching that width again.
    ``lookahead``: the rows (1 to 4) a state of the skyline search must be extendable
    by to be kept (fewer states, more time; the answer is the same), as
    ``--lookahead``; ``None``: 1, 2 once a width keeps 1048576 states, 3 once it keeps 67108864.
    ``states_dir``: a directory where the skyline search keeps its states in unnamed
    files mapped into memory, as ``--states-dir`` (for searches larger than memory;
    the answer is the same). With ``lattice="cubic"`` the pieces are polycubes (a set such as ``"tricubes"`` or a
    pieces file's text), rotated only unless ``mirror``, and ``smallest`` and the orders
    ask for boxes: ``sides`` (the cross-section's two and the length swept),
    ``copies``, ``tiles`` (name and cells ``(row, column, layer)``), ``proven``,
    ``bound``, ``impossible``. Raises ``ValueError``."""

class Packing:
    def first(self) -> Optional["Solution"]:
        """One packing or ``None``."""
    def solutions(self, unique: bool = False) -> "PackingSolutions":
        """Every packing, lazily; ``unique``: one per class under the region's
        symmetries (copies of a piece are indistinguishable; off the square lattice,
        each piece used once)."""
    def count(
        self,
        unique: bool = False,
        threads: int = 1,
        *,
        executor: Optional[Any] = None,
        parts: int = 64,
        checkpoint: Optional[Union[str, "os.PathLike[str]"]] = None,
        progress: Optional[Any] = None,
    ) -> int:
        """The number of packings, exact and of any size (on the transfer matrix when the
        pieces have no upper bound on their copies); ``unique``: of classes under the board's
        symmetries (Burnside's lemma; copies of a piece are indistinguishable);
        ``threads`` (clamped to the cores) counts subtrees in parallel. ``executor``,
        ``parts``, ``checkpoint``, ``progress``: as ``ExactCover.count`` (with ``unique``,
        the parts are those of Burnside's sum, divided at the end)."""
    def sample(self, n: int, *, seed: int = 0, max_nodes: int = 50_000_000, max_memory: int = 1 << 30) -> List["Solution"]:
        """``n`` packings drawn independently and exactly uniformly, reproducible from
        ``seed`` (as ``gridlock pack --sample``)."""
    @property
    def engine(self) -> str:
        """The engine that searches (bitboard packer, bitboard tiler or dancing links)."""
    @property
    def lattice(self) -> str:
        """The lattice's name."""
    @property
    def cells(self) -> List[Tuple[int, ...]]:
        """The region's cells in order, as ``Solution.tiles`` gives them."""
    def to_knuth(self) -> str:
        """The problem as exact cover in Knuth's format (DLX3 with counts)."""

class PackingSolutions(Iterator["Solution"]):
    def __iter__(self) -> "PackingSolutions": ...
    def __next__(self) -> "Solution": ...
    def close(self) -> None:
        """Stops the search."""

class Solution:
    """One packing."""

    @property
    def tiles(self) -> List[Tuple[str, List[Tuple[int, ...]]]]:
        """Each tile: its piece's name and the cells it covers: ``(row, col)`` on the
        square lattice, ``(x, y)`` hexagonal, ``(x, y, t)`` triangular, ``(x, y, z)``
        cubic and prism (as ``gridlock pack --format json``)."""
    def __len__(self) -> int: ...
    def to_svg(self) -> str:
        """The packing as an SVG document."""
    def _repr_svg_(self) -> str: ...

def beads_solve(text: str) -> str: ...
def beads_count(text: str, unique: bool = False) -> int: ...
def beads_check(input: str, answer: str, jury: Optional[str] = None) -> Tuple[str, str]: ...
def laser_solve(text: str, style: str = "p5297") -> str: ...
def laser_check(input: str, answer: str, jury: Optional[str] = None) -> Tuple[str, str]: ...
def mayan_solve(text: str) -> str: ...
def mayan_check(input: str, answer: str, jury: Optional[str] = None) -> Tuple[str, str]: ...
def twins_solve(text: str, rows: int = 8, cols: int = 8, style: str = "noiac") -> str: ...
def twins_check(
    input: str, answer: str, jury: Optional[str] = None, rows: int = 8, cols: int = 8
) -> Tuple[str, str]: ...

def sudoku_read(text: str, regions: Optional[str] = None, zero_based: bool = False) -> Tuple[int, List[int]]:
    """Reads one sudoku (a puzzle line or a grid drawing) as ``(size, givens)``, givens
    in row order with 0 for a blank; a jigsaw map's text (``regions``) fixes the size.
    Raises ``gridlock.ParseError``."""

class SudokuRules:
    """The rules of a sudoku of the family, compiled once (see ``gridlock.sudoku``)."""

    def __init__(
        self,
        size: int,
        diagonals: bool = False,
        windows: bool = False,
        regions: Optional[str] = None,
        cages: Union[None, str, List[Tuple[int, List[Cell]]]] = None,
        zero_based: bool = False,
    ) -> None: ...
    @property
    def size(self) -> int: ...
    @property
    def engine(self) -> str: ...
    def solve(self, givens: List[int]) -> Optional[str]: ...
    def count(self, givens: List[int], limit: Optional[int] = None) -> int: ...
    def solve_lines(self, lines: List[str], threads: int = 1, first_line: int = 1) -> List[Optional[str]]: ...
    def check(self, givens: List[int], answer: str, jury: Optional[str] = None) -> Tuple[str, str]: ...
    def generate(self, seed: int = 0, symmetric: bool = False) -> Tuple[str, str]: ...

class Checkpoint:
    """An open checkpoint file (docs/checkpoint.md), as ``count(checkpoint=...)`` uses it."""
    def __init__(self, path: str, command: str, problem: str, parts: int) -> None: ...
    def missing(self) -> List[int]: ...
    def done(self) -> Dict[int, int]: ...
    def record(self, k: int, count: int) -> None: ...

def pack_box(box: str, pieces: str, *, mirror: bool = False, one_sided: bool = False) -> "Packing":
    """``pack(box, pieces, mirror=mirror, one_sided=one_sided)`` for pieces off the
    square lattice (a built-in set, or drawn pieces with a ``lattice:`` header): an
    alias kept for one release."""

BoxPacking = Packing
"""An alias of ``Packing``, kept for one release."""

# BurrTools puzzles (``gridlock.burrtools`` wraps these).
def burr_problems(data: bytes) -> List[Tuple[str, List[Tuple[str, int, int]], str]]:
    """The problems of a ``.xmpuzzle`` file: name, pieces as (shape, min, max), result."""
def burr_assemblies(
    data: bytes, index: int, max_assemblies: int = 5_000_000
) -> List[List[Tuple[str, List[Tuple[int, int, int]]]]]:
    """Problem ``index``'s assemblies, one per class: each a list of (shape, cells)."""
def burr_count(data: bytes, index: int) -> int:
    """The number of problem ``index``'s assemblies, one per class."""
def burr_grouping(data: bytes, index: int) -> List[Tuple[str, List[Tuple[int, int]]]]:
    """Problem ``index``'s pieces' BurrTools groups in full: (shape, [(group, count)])
    per piece."""
def burr_disassemble(
    pieces: List[List[Tuple[int, int, int]]],
    max_moves: int = 200,
    max_states: int = 2_000_000,
    groups: Optional[List[int]] = None,
    shapes: Optional[List[List[Tuple[int, int]]]] = None,
    shape_of: Optional[List[int]] = None,
) -> Optional[Tuple[List[int], List[Tuple[List[int], int, int, Optional[int]]]]]:
    """How the pieces come apart: (level, moves), or None when they do not. Either
    ``groups`` gives each piece's BurrTools group (0: none), or ``shapes`` gives each
    shape's (group, count) list and ``shape_of`` each piece's shape."""
