"""Counting part by part: on any ``concurrent.futures.Executor`` (a
``ProcessPoolExecutor``, Dask's ``Client.get_executor()``, Ray's executor), resumable
from a checkpoint file (the CLI's ``--checkpoint`` format, docs/checkpoint.md), with
progress. ``ExactCover.count`` and ``Packing.count`` call :func:`count_in_parts` when
given ``executor``, ``checkpoint`` or ``progress``."""

import functools
from concurrent.futures import FIRST_COMPLETED, wait

from . import _gridlock


def _freeze(value):
    """Lists to tuples, so that a pickled problem's state can key a cache."""
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _build(kind, payload):
    if kind == "xc":
        return _gridlock.ExactCover.from_knuth(payload)
    if kind == "box":
        box, pieces, mirror, one_sided = payload
        return _gridlock.pack_box(box, pieces, mirror=mirror, one_sided=one_sided)
    if kind == "pack":
        cells, pieces, one_sided = payload
        return _gridlock.pack([tuple(c) for c in cells], {name: (drawing, count) for name, drawing, count in pieces}, one_sided=one_sided)
    raise ValueError(f"no problem kind {kind!r}")


def _restore(kind, payload):
    """Unpickles an ``ExactCover`` or a ``Packing`` (a fresh object)."""
    return _build(kind, _freeze(payload))


@functools.lru_cache(maxsize=4)
def _cached(kind, payload):
    """The problem rebuilt once per worker process, however many parts it counts."""
    return _build(kind, payload)


def _count_part(kind, payload, k, n, extra):
    """Counts part ``k`` of ``n`` in a worker process."""
    return _cached(kind, _freeze(payload))._count_part(k, n, *extra)


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


def count_in_parts(problem, executor=None, parts=64, checkpoint=None, progress=None, extra=()):
    """The count of ``problem`` (an ``ExactCover`` or a ``Packing``) cut into ``parts``
    parts, each counted by ``problem._count_part(k, parts, *extra)`` here, or on
    ``executor`` in its workers (the problem travels pickled as its text and is rebuilt
    once per worker process); each finished part recorded in ``checkpoint`` (a path)
    when given, whose recorded parts are not counted again."""
    if parts < 1:
        raise ValueError("parts must be at least 1")
    command, problem_hash = problem._checkpoint_id()
    book = _gridlock.Checkpoint(str(checkpoint), command, problem_hash, parts) if checkpoint is not None else None
    done = dict(book.done()) if book is not None else {}
    missing = book.missing() if book is not None else list(range(1, parts + 1))
    report = _reporter(progress, parts)
    report(len(done), sum(done.values()), len(done))

    def finish(k, count):
        if book is not None:
            book.record(k, count)
        done[k] = count
        report(len(done), sum(done.values()), 1)

    if executor is None:
        for k in missing:
            finish(k, problem._count_part(k, parts, *extra))
        return sum(done.values())
    kind, payload = problem.__reduce__()[1]
    pending = {executor.submit(_count_part, kind, payload, k, parts, tuple(extra)): k for k in missing}
    try:
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                k = pending.pop(future)
                finish(k, future.result())
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return sum(done.values())
