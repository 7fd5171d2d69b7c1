"""Counting part by part: on any ``concurrent.futures.Executor`` (a
``ProcessPoolExecutor``, Dask's ``Client.get_executor()``, :class:`RayExecutor`),
resumable from a checkpoint file (the CLI's ``--checkpoint`` format,
docs/checkpoint.md), with progress. ``ExactCover.count`` and ``Packing.count`` call
:func:`count_in_parts` when given ``executor``, ``checkpoint`` or ``progress``.

The problem goes to the workers once: on Dask it is scattered to one worker
(``Client.scatter``), each part's task refers to it, and each other worker fetches it
once from a peer; on Ray it is put
in the object store once (``ray.put``) and each task refers to it. On other executors (a
``ProcessPoolExecutor``) each task carries it pickled (as its text). Either way a worker
process rebuilds it once, however many parts it counts."""

import functools
import time
from concurrent.futures import FIRST_COMPLETED, CancelledError, Executor, wait

from . import _gridlock


def _freeze(value):
    """Lists to tuples, so that a pickled problem's state can key a cache."""
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _build(kind, payload):
    if kind == "xc":
        return _gridlock.ExactCover.from_knuth(payload)
    if kind == "packing":
        lattice, cells, pieces, reflections = payload
        return _gridlock._packing(lattice, list(cells), [(name, list(shape), count) for name, shape, count in pieces], reflections)
    raise ValueError(f"no problem kind {kind!r}")


def _restore(kind, payload):
    """Unpickles an ``ExactCover`` or a ``Packing`` (a fresh object)."""
    return _build(kind, _freeze(payload))


@functools.lru_cache(maxsize=4)
def _cached(kind, payload):
    """The problem rebuilt once per worker process, however many parts it counts."""
    return _build(kind, payload)


def _count_part(problem, k, n, extra, cut=None):
    """Counts part ``k`` of ``n`` in a worker process (``problem``: the pickled
    ``(kind, payload)``, resolved by Dask or Ray when it was shipped once). ``cut`` is
    how the caller's gridlock cuts counts (``_gridlock._PARTS``: the checkpoint format
    and the version): a worker with another gridlock installed would count other parts,
    so it refuses."""
    if cut is not None and cut != _gridlock._PARTS:
        raise RuntimeError(
            f"this worker's gridlock cuts counts as {_gridlock._PARTS!r}, the caller's as {cut!r}: "
            "install the same gridlock on every worker"
        )
    kind, payload = problem
    return _cached(kind, _freeze(payload))._count_part(k, n, *extra)


class RayExecutor(Executor):
    """A ``concurrent.futures.Executor`` over Ray tasks: ``submit(fn, *args)`` runs
    ``fn`` as a Ray task (retried by Ray if its worker dies) and returns the task's
    ``concurrent.futures.Future``. Ray must be installed and initialized
    (``ray.init(...)``, or ``ray.init(address="auto")`` on a cluster); ``gridlock``
    itself does not depend on Ray.

    ``max_retries`` is Ray's number of retries of a task whose worker died."""

    def __init__(self, max_retries=3):
        import ray

        self._ray = ray
        self._apply = ray.remote(max_retries=max_retries)(_apply)

    def put(self, value):
        """``value`` put in Ray's object store once; tasks given the reference receive
        the value."""
        return self._ray.put(value)

    def submit(self, fn, /, *args, **kwargs):
        return self._apply.remote(fn, *args, **kwargs).future()


def _apply(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``: the one Ray task of :class:`RayExecutor`, so that any
    callable (a builtin, a class) can be submitted."""
    return fn(*args, **kwargs)


#: How many times one part is submitted again after its worker was lost.
_RETRIES = 5

#: Seconds a count waits for a part before it checks that the shipped problem is not lost.
_POLL = 5.0


def _lost(error):
    """Whether ``error`` says a part was lost with its worker or its connection (so that
    counting it again is right), not that counting it failed: a cancelled future, or an
    error of Dask, Ray or their transports, or of the connection."""
    if isinstance(error, (CancelledError, ConnectionError, EOFError)):
        return True
    module = type(error).__module__ or ""
    return module.split(".")[0] in ("distributed", "ray", "tornado", "asyncio", "concurrent")


def _gone(shipped):
    """Whether the one shipped copy of the problem is gone (a Dask future no longer
    finished: lost with its workers, or cancelled)."""
    status = getattr(shipped, "status", "finished")
    return status != "finished"


def _ship(executor, problem):
    """What a task is given to reach ``problem`` (the pickled ``(kind, payload)``): a
    reference to one copy on Dask (scattered to every worker) or Ray (the object store),
    else the problem itself. A scatter that meets a worker dying (its connection closed,
    the scheduler still listing it) is tried again, after a pause, up to ``_RETRIES``
    times."""
    client = getattr(executor, "_client", None)
    if client is not None and hasattr(client, "scatter"):
        for attempt in range(_RETRIES + 1):
            try:
                # A list of one: a tuple given alone would be scattered item by item. Not
                # keyed by its hash: a count right after another of the same problem would
                # share the key with a copy being released, and Dask cancels its tasks.
                # To one worker, not broadcast: the others fetch it once from a peer when
                # their first part needs it, and a broadcast's replication waits without
                # end on a worker that has just died.
                return client.scatter([problem], hash=False, timeout=60)[0]
            except Exception as error:
                # The scheduler answers a scatter to a worker it lost with a KeyError
                # naming the worker's address.
                if attempt == _RETRIES or not (_lost(error) or isinstance(error, KeyError)):
                    raise
                time.sleep(0.2 * 2**attempt)
    if isinstance(executor, RayExecutor):
        return executor.put(problem)
    return problem


def _reporter(progress, parts):
    """``progress`` as a function of (parts done, count so far): a callable gets
    ``(done, parts, count)``; an object with ``update`` (a tqdm bar) is advanced by one
    a part, its ``total`` set, the count shown with ``set_postfix``."""
    if progress is None:
        return lambda done, count, new: None
    if hasattr(progress, "update"):
        if getattr(progress, "total", None) is None:
            progress.total = parts

        def tick(done, count, new):
            if new:
                progress.update(new)
            if hasattr(progress, "set_postfix"):
                progress.set_postfix(count=count, refresh=False)

        return tick
    return lambda done, count, new: progress(done, parts, count)


def count_in_parts(problem, executor=None, parts=64, checkpoint=None, progress=None, extra=(), unique=False):
    """The count of ``problem`` (an ``ExactCover`` or a ``Packing``) cut into ``parts``
    parts, each counted by ``problem._count_part(k, parts, *extra)`` here, or on
    ``executor`` in its workers (the problem sent once, see the module's documentation,
    and rebuilt once per worker process); each finished part recorded in ``checkpoint`` (a path)
    when given, whose recorded parts are not counted again."""
    if parts < 1:
        raise ValueError("parts must be at least 1")
    if unique:
        command, problem_hash = problem._checkpoint_id(True)
        order = problem._burnside_order()
        extra = tuple(extra) + (True,)
    else:
        command, problem_hash = problem._checkpoint_id()
        order = 1
    book = _gridlock.Checkpoint(str(checkpoint), command, problem_hash, parts) if checkpoint is not None else None
    done = dict(book.done()) if book is not None else {}
    missing = book.missing() if book is not None else list(range(1, parts + 1))
    report = _reporter(progress, parts)
    report(len(done), sum(done.values()) // order, len(done))

    def finish(k, count):
        if book is not None:
            book.record(k, count)
        done[k] = count
        report(len(done), sum(done.values()) // order, 1)

    def total():
        whole = sum(done.values())
        if whole % order:
            raise ValueError(f"the parts add up to {whole}, not a multiple of the {order} symmetries: a damaged checkpoint")
        return whole // order

    if executor is None:
        for k in missing:
            finish(k, problem._count_part(k, parts, *extra))
        return total()
    payload = problem.__reduce__()[1]
    shipped = _ship(executor, payload)
    retries = {}

    def submit(k):
        return executor.submit(_count_part, shipped, k, parts, tuple(extra), _gridlock._PARTS)

    pending = {submit(k): k for k in missing}
    try:
        while pending:
            finished, _ = wait(pending, timeout=_POLL, return_when=FIRST_COMPLETED)
            if not finished and _gone(shipped):
                # The one copy was lost and no part has said so (its tasks may wait on
                # it without end): ship it again and submit every waiting part anew.
                shipped = _ship(executor, payload)
                for future, k in list(pending.items()):
                    future.cancel()
                    del pending[future]
                    pending[submit(k)] = k
                continue
            for future in finished:
                k = pending.pop(future)
                try:
                    count = future.result()
                except BaseException as error:
                    # A part lost with its worker (killed, cancelled, cut off) is counted
                    # again, with the problem shipped again when its copy is gone; an
                    # error of the count itself is the caller's.
                    retries[k] = retries.get(k, 0) + 1
                    if not _lost(error) or retries[k] > _RETRIES:
                        raise
                    if _gone(shipped):
                        shipped = _ship(executor, payload)
                    pending[submit(k)] = k
                    continue
                finish(k, count)
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return total()
