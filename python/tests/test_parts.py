"""Counts cut into parts on executors (issue 28), classes (``unique=True``) included: a
``ProcessPoolExecutor``, a real
Dask ``LocalCluster`` of 2 worker processes and a real local Ray instance
(``gridlock.RayExecutor``) give the single-threaded counts, with the problem sent to
Dask's and Ray's workers once; a worker killed mid-count (Dask reschedules its part, Ray
retries its task) changes nothing; checkpoints resume, are
shared with the CLI's ``--checkpoint``, and a foreign one is refused."""

import json
import os
import random
import signal
import subprocess
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from pathlib import Path

import pytest

import gridlock

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(os.environ.get("GRIDLOCK_BIN", ROOT / "target" / "release" / "gridlock"))


def pentominoes():
    return gridlock.pack(("." * 10 + "\n") * 6, "pentominoes")


def colored_mcc(seed=5):
    """A random problem with colored secondary items and a multiplicity."""
    rng = random.Random(seed)
    primary = [f"p{i}" for i in range(9)]
    secondary = [f"s{i}" for i in range(4)]
    xc = gridlock.ExactCover(primary, secondary, multiplicities={"p0": (1, 2)})
    for _ in range(70):
        items = rng.sample(primary, rng.randint(1, 3))
        items += [f"{s}:{rng.choice('ab')}" for s in rng.sample(secondary, rng.randint(0, 2))]
        xc.add_option(items)
    return xc


def pentominoes_dlx() -> str:
    if not CLI.exists():
        pytest.skip(f"{CLI} not built (cargo build --release)")
    return subprocess.run([str(CLI), "pack", "--emit-knuth", "--rect", "6x10", "--pieces", "pentominoes"], capture_output=True, text=True, check=True).stdout


def soma_dlx() -> str:
    if not CLI.exists():
        pytest.skip(f"{CLI} not built (cargo build --release)")
    args = [str(CLI), "pack", "--emit-knuth", "--lattice", "cubic", "--box", "3x3x3", "--pieces", "soma"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


# The five free tetrominoes, drawn.
TETROMINOES = {"I": "####", "O": "##\n##", "T": "###\n.#.", "L": "###\n#..", "S": ".##\n##."}

# The Tetris cube's count, single-threaded (`gridlock pack --pieces tetris-cube --box
# 4x4x4 --count`, 21 s here; tests/data/README.md has its source).
TETRIS_CUBE = 236136


def test_box_packings_count_and_classes():
    soma = gridlock.pack("3x3x3", "soma")
    assert (soma.count(), soma.count(unique=True)) == (11520, 240)
    # Classes in parts: Burnside's sum cut into parts, divided by the group's order.
    seen = []
    assert soma.count(unique=True, parts=8, progress=lambda *a: seen.append(a)) == 240
    assert seen[-1] == (8, 8, 240)
    with pytest.raises(ValueError):
        gridlock.pack_box("3x3", "soma")
    with pytest.raises(ValueError):
        gridlock.pack_box("3x3x3", "pentominoes")


def test_a_process_pool_gives_the_single_threaded_counts():
    mcc = colored_mcc()
    whole = mcc.count()
    assert whole > 0
    with ProcessPoolExecutor(2) as ex:
        assert pentominoes().count(executor=ex, parts=16) == 9356
        assert mcc.count(executor=ex, parts=8) == whole
        assert gridlock.ExactCover.from_knuth(soma_dlx()).count(executor=ex, parts=32) == 11520
        assert gridlock.pack("3x3x3", "soma").count(executor=ex, parts=16) == 11520
        assert gridlock.pack("3x3x3", "soma").count(unique=True, executor=ex, parts=16) == 240
        assert gridlock.pack("4x4x4", "tetris-cube").count(executor=ex, parts=64) == TETRIS_CUBE
        # With piece counts (Burnside's sum with the tilings each symmetry fixes).
        tetrominoes = gridlock.pack(("." * 8 + "\n") * 4, {name: (d, "*") for name, d in TETROMINOES.items()})
        assert tetrominoes.count(unique=True, executor=ex, parts=8) == tetrominoes.count(unique=True)


def test_counts_with_multiplicities_are_spread_over_the_parts(tmp_path):
    """Soma pieces, 0 to 2 copies each, in 2x3x4, as exact cover with multiplicities
    (DLX3's ``lo:hi|piece``): the memoized count's tree is cut, so the parts share the
    count (before, all of it was part 1), and they add up to the count whole."""
    if not CLI.exists():
        pytest.skip(f"{CLI} not built (cargo build --release)")
    args = [str(CLI), "pack", "--emit-knuth", "--lattice", "cubic", "--box", "2x3x4", "--pieces", "soma", "--copies", "0..2"]
    text = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    assert "0:2|" in text
    xc = gridlock.ExactCover.from_knuth(text)
    whole = xc.count()
    book = tmp_path / "soma.jsonl"
    with ProcessPoolExecutor(2) as ex:
        assert xc.count(executor=ex, parts=16, checkpoint=str(book)) == whole
    counts = [int(json.loads(line)["count"]) for line in book.read_text().splitlines()[1:]]
    assert len(counts) == 16 and sum(counts) == whole
    assert sum(c > 0 for c in counts) >= 8, counts


def test_a_worker_with_another_gridlock_refuses_its_part():
    from gridlock import _parts

    shipped = pentominoes().__reduce__()[1]
    here = gridlock._gridlock._PARTS
    assert here.startswith("gridlock-checkpoint/") and gridlock.__version__ in here
    assert _parts._count_part(shipped, 1, 1, (False,), here) == 9356
    with pytest.raises(RuntimeError, match="install the same gridlock on every worker"):
        _parts._count_part(shipped, 1, 4, (False,), "gridlock-checkpoint/1 0.0.9")


# The Soma pieces drawn on the cubic lattice (layers separated by a blank line), for
# pack_box's drawn pieces.
SOMA_DRAWN = """lattice: cubic

V
##
#.

L
###
#..

T
###
.#.

Z
.##
##.

A
##
.#

..
.#

B
..
.#

##
.#

P
##
#.

#.
..
"""


def test_pack_takes_drawn_pieces_of_any_lattice_with_counts():
    drawn = gridlock.pack("3x3x3", SOMA_DRAWN)
    # The same set as the built-in one: the same packings and classes.
    assert (drawn.count(), drawn.count(unique=True)) == (11520, 240)
    # Piece counts (V 0..5, L and T 0..2): the CLI reads the same file to the same count.
    counted = SOMA_DRAWN.replace("V\n", "V 0..5\n").replace("L\n", "L 0..2\n").replace("T\n", "T 0..2\n")
    with_counts = gridlock.pack("3x3x3", counted)
    whole = with_counts.count()
    if CLI.exists():
        import tempfile

        with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
            f.write(counted)
            f.flush()
            args = [str(CLI), "pack", "--count", "--pieces", f.name, "--box", "3x3x3"]
            assert int(subprocess.run(args, capture_output=True, text=True, check=True).stdout) == whole
    assert whole > 11520
    with ProcessPoolExecutor(2) as ex:
        assert with_counts.count(executor=ex, parts=16) == whole
        assert drawn.count(unique=True, executor=ex, parts=8) == 240
    # A bad drawing (a line that is not a drawing starts a new piece, so Z has no cell):
    # a ParseError naming Z's line, as the CLI's.
    with pytest.raises(gridlock.ParseError, match="'Z' has no cell") as bad:
        gridlock.pack_box("3x3x3", SOMA_DRAWN.replace("Z\n.##", "Z\n.#x"))
    assert bad.value.line == 15
    with pytest.raises(ValueError, match="lattice"):
        gridlock.pack_box("3x3x3", "V\n##\n#.\n")


def test_pickling_sends_the_problem_whole():
    import pickle

    p = pickle.loads(pickle.dumps(pentominoes()))
    assert p.count() == 9356
    mcc = colored_mcc()
    assert pickle.loads(pickle.dumps(mcc)).count() == mcc.count()
    # Every lattice pickles through the one Packing: the same exact cover problem back.
    for problem in (
        gridlock.pack("3x3x3", "soma"),
        gridlock.pack("6x6", "hexiamonds", one_sided=False),
        gridlock.pack_box("3x3x3", SOMA_DRAWN),
        gridlock.pack("2x8", {"L": ("#..\n###", "0..*"), "I": ("##", 1)}),
    ):
        back = pickle.loads(pickle.dumps(problem))
        assert back.to_knuth() == problem.to_knuth()
        assert back.lattice == problem.lattice


def test_progress_reaches_every_part():
    seen = []
    assert pentominoes().count(parts=8, progress=lambda done, parts, count: seen.append((done, parts, count))) == 9356
    assert seen[0] == (0, 8, 0) and seen[-1] == (8, 8, 9356)
    assert [d for d, _, _ in seen] == list(range(9))

    class Bar:  # what tqdm offers
        total = None
        n = 0
        postfix = None

        def update(self, k):
            self.n += k

        def set_postfix(self, refresh=True, **kw):
            self.postfix = kw

    bar = Bar()
    pentominoes().count(parts=8, progress=bar)
    assert (bar.total, bar.n, bar.postfix) == (8, 8, {"count": 9356})


def test_checkpoints_resume_and_are_shared_with_the_cli(tmp_path):
    run = tmp_path / "run.jsonl"
    assert pentominoes().count(parts=16, checkpoint=run) == 9356
    lines = run.read_text().splitlines()
    assert json.loads(lines[0])["command"] == "pack --count" and len(lines) == 17
    # Half the parts lost: only they are counted again, each once.
    run.write_text("\n".join(lines[:9]) + "\n")
    assert pentominoes().count(parts=16, checkpoint=run) == 9356
    parts = [json.loads(l)["part"] for l in run.read_text().splitlines()[1:]]
    assert sorted(parts) == list(range(1, 17))
    # The CLI reads the same file and counts nothing.
    if CLI.exists():
        before = run.read_bytes()
        out = subprocess.run([str(CLI), "pack", "--count", "--rect", "6x10", "--pieces", "pentominoes", "--checkpoint", str(run), "--parts", "16"], capture_output=True, text=True)
        assert (out.returncode, out.stdout) == (0, "9356\n"), out.stderr
        assert run.read_bytes() == before
    # Another problem's checkpoint is refused.
    with pytest.raises(ValueError, match="another count"):
        gridlock.pack(("." * 12 + "\n") * 5, "pentominoes").count(parts=16, checkpoint=run)
    # Classes: Burnside's parts, in a file of their own kind, shared with the CLI.
    classes = tmp_path / "u.jsonl"
    assert pentominoes().count(unique=True, parts=16, checkpoint=classes) == 2339
    assert json.loads(classes.read_text().splitlines()[0])["command"] == "pack --count --unique"
    if CLI.exists():
        args = [str(CLI), "pack", "--count", "--unique", "--rect", "6x10", "--pieces", "pentominoes", "--checkpoint", str(classes), "--parts", "16"]
        before = classes.read_bytes()
        out = subprocess.run(args, capture_output=True, text=True)
        assert (out.returncode, out.stdout) == (0, "2339\n"), out.stderr
        assert classes.read_bytes() == before
    with pytest.raises(ValueError, match="another count"):
        pentominoes().count(parts=16, checkpoint=classes)


class _Copy:
    """A stand-in for a Dask future of the scattered problem: ``status`` says whether
    the copy is still held."""

    def __init__(self, value, status="finished"):
        self.value = value
        self.status = status


class _LosingExecutor(Executor):
    """An executor whose first shipped copy of the problem is lost at once, and whose
    parts that refer to it never answer (neither result nor error): what a count meets
    when a scheduler forgets a lost copy's tasks without telling the client. Later copies
    are held and their parts counted here."""

    def __init__(self):
        self.scattered = []
        self._client = self

    def scatter(self, values, hash=True, timeout=None):
        copy = _Copy(values[0], "lost" if not self.scattered else "finished")
        self.scattered.append(copy)
        return [copy]

    def submit(self, fn, /, *args):
        copy, rest = args[0], args[1:]
        future = Future()
        if copy.status == "finished":
            future.set_result(fn(copy.value, *rest))
        return future


def test_parts_waiting_on_a_lost_copy_are_submitted_again(monkeypatch):
    from gridlock import _parts

    monkeypatch.setattr(_parts, "_POLL", 0.05)
    ex = _LosingExecutor()
    assert pentominoes().count(executor=ex, parts=8) == 9356
    assert [c.status for c in ex.scattered] == ["lost", "finished"]


def test_a_dask_local_cluster_counts_and_survives_a_killed_worker():
    distributed = pytest.importorskip("distributed")
    xc = gridlock.ExactCover.from_knuth(pentominoes_dlx())
    mcc = colored_mcc(7)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            ex = client.get_executor()
            # The problem goes to the workers once: every part's task gets a reference
            # to the one scattered copy, not the problem.
            sent = []
            submit = ex.submit
            ex.submit = lambda fn, *args: sent.append(args) or submit(fn, *args)
            assert pentominoes().count(executor=ex, parts=16) == 9356
            assert len(sent) == 16 and all(isinstance(a[0], distributed.Future) for a in sent)
            assert len({a[0].key for a in sent}) == 1
            del ex.submit
            assert mcc.count(executor=ex, parts=8) == mcc.count()
            assert gridlock.ExactCover.from_knuth(soma_dlx()).count(executor=ex, parts=32) == 11520
            assert gridlock.pack("3x3x3", "soma").count(executor=ex, parts=16) == 11520
            assert gridlock.pack("3x3x3", "soma").count(unique=True, executor=ex, parts=16) == 240
            assert pentominoes().count(unique=True, executor=ex, parts=16) == 2339
            assert gridlock.pack("4x4x4", "tetris-cube").count(executor=ex, parts=64) == TETRIS_CUBE
    # Kill a worker process (SIGKILL) at each moment of a count, twice over: just before
    # it (the scatter meets a worker the scheduler still lists), right after the scatter
    # (the worker holding the one copy of the problem: it is shipped again), and once a
    # few parts are in. Lost parts are counted again by the other worker and the count
    # stays exact. (A kill before the scatter once failed the count with a KeyError or a
    # CommClosedError, or hung it in the broadcast's replication; a lost part raised
    # CancelledError.) Each moment has a cluster of its own: the count must not need the
    # nanny's new worker, and a nanny's restart that never registers (seen once in 120 s
    # on this loaded machine) must not stall the next moment.
    for moment in ["before", "after the scatter", "while parts run"] * 2:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
            with distributed.Client(cluster) as client:
                client.wait_for_workers(2, timeout=120)
                ex = client.get_executor()
                submit = ex.submit
                pids = client.run(os.getpid)
                killed = []

                def kill(address):
                    if not killed:
                        os.kill(pids[address], signal.SIGKILL)
                        killed.append(pids[address])

                def after_scatter(fn, *args):
                    if moment == "after the scatter" and not killed:
                        kill(next(iter(client.who_has([args[0]])[args[0].key])))
                    return submit(fn, *args)

                def while_parts_run(done, parts, count):
                    if moment == "while parts run" and done >= 3:
                        kill(sorted(pids)[0])

                ex.submit = after_scatter
                if moment == "before":
                    kill(sorted(pids)[0])
                assert xc.count(executor=ex, parts=64, progress=while_parts_run) == 9356, moment
                del ex.submit
                assert killed, moment
                assert killed[0] not in client.run(os.getpid).values()


def test_ray_counts_with_the_problem_put_once():
    """``gridlock.RayExecutor`` on a real local Ray instance of 2 CPUs: the counts of
    the single-threaded runs; every task gets a reference to the one copy of the problem
    in Ray's object store; a worker process killed mid-count (Ray retries its task)
    changes nothing."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        ex = gridlock.RayExecutor()
        assert ex.submit(int, "42").result() == 42, "any callable, a class too"
        sent = []
        submit = ex.submit
        ex.submit = lambda fn, *args: sent.append(args) or submit(fn, *args)
        assert pentominoes().count(executor=ex, parts=16) == 9356
        assert len(sent) == 16 and all(isinstance(a[0], ray.ObjectRef) for a in sent)
        assert len({a[0] for a in sent}) == 1
        del ex.submit
        mcc = colored_mcc(11)
        assert mcc.count(executor=ex, parts=8) == mcc.count()
        assert gridlock.pack("3x3x3", "soma").count(executor=ex, parts=16) == 11520
        assert gridlock.pack("3x3x3", "soma").count(unique=True, executor=ex, parts=16) == 240
        assert gridlock.ExactCover.from_knuth(soma_dlx()).count(executor=ex, parts=32) == 11520
        # Kill a worker process that counted a part once a few parts are in.
        def pid():  # defined here, so that Ray pickles it by value
            return os.getpid()

        pids = set(ray.get([ray.remote(pid).remote() for _ in range(4)]))
        killed = []

        def kill_one(done, parts, count):
            if done >= 3 and not killed:
                pid = next(iter(pids))
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

        xc = gridlock.ExactCover.from_knuth(pentominoes_dlx())
        assert xc.count(executor=ex, parts=64, progress=kill_one) == 9356
        assert killed, "a worker was killed mid-count"
    finally:
        ray.shutdown()
