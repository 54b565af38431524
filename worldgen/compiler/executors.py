"""Run a pure function over chunks of work, yielding results in submission order.

Both executors keep a bounded number of chunks in flight, so memory stays flat however many
worlds a suite has, and both return results in order, so the output bytes do not depend on
which worker finished first. The worker state (scaffold, records, options) is shipped once per
worker (``setup``), not once per chunk. What the work reports as it goes (``notes.note``, e.g. one
draw of a seed) reaches the caller's ``note`` as soon as it happens, from workers too: through a
pipe that a thread of the caller's process reads.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing import forkserver
import os
import pickle
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from importlib.machinery import ModuleSpec
from multiprocessing.connection import Connection
from multiprocessing.queues import SimpleQueue
from typing import Any, Protocol

from worldgen.canonical import sha256
from worldgen.compiler import notes
from worldgen.errors import WorldgenError

IN_FLIGHT_PER_WORKER = 4


class Executor(Protocol):
    def map(self, setup: Callable[[Any], None], state: Any, work: Callable[[Any], Any],
            chunks: Iterable[Any], note: notes.Sink | None = None) -> Iterator[Any]: ...


class LocalExecutor:
    """``jobs`` processes on this machine (``jobs == 1``: in this process, no pool).

    The server the workers fork from starts here, not at the first ``map``: it imports worldgen
    (~1 s of CPU), which then runs beside the caller's own set-up (loading the scaffold, its
    imports) instead of delaying the first chunk; a caller makes its executor first."""

    def __init__(self, jobs: int):
        if jobs < 1:
            raise WorldgenError(f"--jobs must be at least 1, not {jobs}")
        self.jobs = jobs
        start_server(jobs)

    def map(self, setup: Callable[[Any], None], state: Any, work: Callable[[Any], Any],
            chunks: Iterable[Any], note: notes.Sink | None = None) -> Iterator[Any]:
        if self.jobs == 1:
            setup(state)
            with notes.sending_to(note):
                yield from map(work, chunks)
            return
        context = _context()
        lifeline, held = context.Pipe(duplex=False)  # workers get the read end; only this process holds the other
        queue = context.SimpleQueue() if note is not None else None
        try:
            with _forwarded(queue, note), _script_not_rerun(), \
                 ProcessPoolExecutor(self.jobs, mp_context=context, initializer=_start_worker,
                                     initargs=(lifeline, queue, setup, state)) as pool:
                try:
                    yield from _ordered((pool.submit(work, c) for c in chunks), self.jobs * IN_FLIGHT_PER_WORKER,
                                        Future.result)
                finally:  # a caller that stops reading (compile stopping early) does not wait for queued chunks
                    pool.shutdown(cancel_futures=True)
                    held.close()
                    lifeline.close()
        finally:
            if queue is not None:
                queue.close()


@contextmanager
def _script_not_rerun() -> Iterator[None]:
    """Start workers without running the caller's script again in each of them.

    A new worker imports the ``__main__`` of a script run as ``python script.py`` anew, which
    runs it again unless its call is under ``if __name__ == "__main__":``: a script calling
    ``worldgen.compile(..., jobs=2)`` compiled again (and cleaned its output folder) in every
    worker, which then died. Workers run only worldgen's functions, so a ``__main__`` named by
    its spec (as ``python -m`` gives) is skipped by multiprocessing, which is the case made here."""
    main = sys.modules.get("__main__")
    if main is None or getattr(getattr(main, "__spec__", None), "name", None) is not None:
        yield
        return
    spec = main.__spec__
    main.__spec__ = ModuleSpec("__main__", None)
    try:
        yield
    finally:
        main.__spec__ = spec


def start_server(jobs: int) -> None:
    """Start the server that ``jobs`` local workers fork from, if they need one and it is not
    running. A command calls this before its own heavy imports, so the server's import of
    worldgen runs beside them on another core instead of after them."""
    if jobs > 1 and _context().get_start_method() == "forkserver":
        forkserver.ensure_running()


def _start_worker(lifeline: Connection, queue: SimpleQueue | None, setup: Callable[[Any], None], state: Any) -> None:
    """Set a worker up (its notes go to ``queue``), and make it exit as soon as the process that
    started the pool is gone.

    A pool worker waits on a queue whose pipe it holds both ends of, so it never notices a parent
    killed with SIGKILL and would wait forever. The lifeline's write end lives only in the parent:
    the kernel closes it when the parent dies, however it dies, and the watching thread's read
    returns EOF."""
    threading.Thread(target=_exit_on_eof, args=(lifeline,), daemon=True, name="lifeline").start()
    notes.send_to(queue.put if queue is not None else None)
    setup(state)


@contextmanager
def _forwarded(queue: Any, note: notes.Sink | None) -> Iterator[None]:
    """Pass what workers put on ``queue`` (a multiprocessing SimpleQueue or a Ray queue: both
    ``put``, ``get``) to ``note`` until the block ends. A worker's put is done before its chunk's
    result is sent, so once every result is in, the end marker put here comes after every note."""
    if queue is None or note is None:
        yield
        return

    def forward() -> None:
        while (event := queue.get()) is not None:
            note(event)

    thread = threading.Thread(target=forward, daemon=True, name="notes")
    thread.start()
    try:
        yield
    finally:
        queue.put(None)
        thread.join()


def _exit_on_eof(lifeline: Connection) -> None:
    try:
        lifeline.recv_bytes()
    except (EOFError, OSError):
        pass
    os._exit(1)


def _context() -> multiprocessing.context.BaseContext:
    """Fork workers from a clean, single-threaded server that has already imported worldgen
    (plain fork from a process running a progress-bar thread can deadlock; spawn re-imports)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["worldgen.compiler.quick_exit", "worldgen.compiler.seeds", "worldgen.compiler.recheck"])
    return context


class RayExecutor:
    """Ray tasks on a cluster (``address``), or on a local Ray started here when None.

    The state goes into Ray's object store once; a task fetches it only when its worker process
    does not hold that state yet (keyed by a hash of its pickle). A local Ray dies with this
    process, however it dies (raywatch.py); a cluster's processes are not this process's to end.
    Notes travel through a Ray queue actor that a thread of this process reads."""

    def __init__(self, address: str | None):
        try:
            import ray
        except ImportError:
            raise WorldgenError("--executor ray needs Ray: pip install 'worldgen[ray]'") from None
        self.ray = ray
        if not ray.is_initialized():
            if address is None:
                from worldgen.compiler import raywatch

                raywatch.watch(os.path.dirname(ray.__file__))
            try:
                ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
            except (ConnectionError, RuntimeError, ValueError) as err:
                raise WorldgenError(f"cannot start or reach Ray{f' at {address}' if address else ''}: {err}") from None
        self.slots = max(1, int(ray.cluster_resources().get("CPU", 1)))

    def map(self, setup: Callable[[Any], None], state: Any, work: Callable[[Any], Any],
            chunks: Iterable[Any], note: notes.Sink | None = None) -> Iterator[Any]:
        ray = self.ray
        key = sha256(pickle.dumps(state))
        shared = [ray.put(state)]  # inside a list, so Ray passes the reference, not the value
        task = ray.remote(_ray_task)
        queue = self._queue() if note is not None else None
        submitted = (task.remote(setup, key, shared, queue, work, c) for c in chunks)
        try:
            with _forwarded(queue, note):
                yield from _ordered(submitted, self.slots * IN_FLIGHT_PER_WORKER, ray.get)
        finally:
            if queue is not None:
                queue.shutdown()

    def _queue(self) -> Any:
        from ray.util.queue import Queue

        return Queue(actor_options={"num_cpus": 0})


_ray_state_key: str | None = None


def _ray_task(setup: Callable[[Any], None], key: str, shared: list[Any], queue: Any, work: Callable[[Any], Any],
              chunk: Any) -> Any:
    global _ray_state_key
    if _ray_state_key != key:
        import ray

        setup(ray.get(shared[0]))
        _ray_state_key = key
    with notes.sending_to(queue.put if queue is not None else None):
        return work(chunk)


def _ordered(submitted: Iterator[Any], window: int, get: Callable[[Any], Any]) -> Iterator[Any]:
    pending: deque[Any] = deque()
    for handle in submitted:
        pending.append(handle)
        if len(pending) >= window:
            yield get(pending.popleft())
    while pending:
        yield get(pending.popleft())
