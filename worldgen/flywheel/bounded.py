"""Run one judgement in a child process that is killed when it overruns its time or memory.

The gate's model checker and rollouts run worldgen's own code on a draft nobody vetted; within
the states bound they are correct, but nothing else stops a draft that is slow per state or per
step from holding the run for hours. A forked child (it shares everything already loaded, so it
starts in milliseconds) leads its own process group, so a timeout kills its compile workers too,
and it kills that group itself when the parent dies;
its address space is capped with RLIMIT_AS at what it holds when forked plus the memory budget,
so a draft that balloons fails in the child (MemoryError, or killed) instead of taking the
machine. The result comes back through a pipe as plain data.
"""

from __future__ import annotations

import multiprocessing
import os
import resource
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from worldgen.errors import WorldgenError


class Overrun(Exception):
    """The judgement ran out of its budget; the message says which and how to raise it."""


def bounded(work: Callable[[], Any], seconds: float | None, memory_mb: int | None) -> Any:
    """``work()`` in a forked child within ``seconds`` of wall-clock time and ``memory_mb`` MB of
    address space beyond what the child starts with; its return value (picklable), or
    :class:`Overrun`. A :class:`WorldgenError` raised by ``work`` is raised here with its message
    (the user's to act on: a bad --base-url, say); any other exception is a failure of the draft."""
    receive, send = multiprocessing.Pipe(duplex=False)
    lifeline, held = os.pipe()  # the child watches the read end; only this process keeps the write end
    child = multiprocessing.get_context("fork").Process(target=_child, args=(send, work, memory_mb, lifeline, held),
                                                        daemon=False)
    child.start()
    send.close()
    os.close(lifeline)
    try:
        if not receive.poll(seconds):
            raise Overrun(f"budget: judging it took more than {seconds:g} s (--gate-seconds); "
                          "smaller worlds or a shorter horizon check faster")
        try:
            kind, value = receive.recv()
        except EOFError:  # the child died without answering: killed by the kernel, most likely for memory
            child.join()
            within = f" within {memory_mb:,} MB (--gate-memory)" if memory_mb is not None else ""
            raise Overrun(f"budget: the process judging it died ({_how(child.exitcode)}){within}") from None
    finally:
        _kill(child)
        receive.close()
        os.close(held)
    if kind == "memory":
        raise Overrun(f"budget: judging it needed more than {memory_mb:,} MB of memory (--gate-memory)")
    if kind == "user":
        raise WorldgenError(value)
    if kind == "crash":
        raise Overrun(f"gate: judging it failed inside worldgen: {value}")
    return value


def _child(send: Connection, work: Callable[[], Any], memory_mb: int | None, lifeline: int, held: int) -> None:
    os.setsid()  # its own process group: the parent kills it and every worker it started at once
    os.close(held)
    threading.Thread(target=_die_with_parent, args=(lifeline,), daemon=True, name="lifeline").start()
    _own_forkserver()
    if memory_mb is not None:
        limit = _address_space() + memory_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        answer: tuple[str, Any] = ("ok", work())
    except MemoryError:
        answer = ("memory", None)
    except WorldgenError as err:
        answer = ("user", str(err))
    except Exception as err:  # noqa: BLE001 - a draft that breaks worldgen is rejected, and the run goes on
        last = traceback.extract_tb(err.__traceback__)[-1]
        answer = ("crash", f"{type(err).__name__}: {err} (at {os.path.basename(last.filename)}:{last.lineno})")
    try:
        send.send(answer)
    finally:
        send.close()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)  # no atexit handlers or finalizers of the parent's objects in the forked copy


def _die_with_parent(lifeline: int) -> None:
    """Kill this child's process group once the parent is gone: its time limit lives in the parent,
    and a parent killed with SIGKILL would leave an orphan judging on without one. The kernel
    closes the parent's write end however it dies, and this read returns."""
    os.read(lifeline, 1)
    os.killpg(0, signal.SIGKILL)


def _own_forkserver() -> None:
    """Forget the parent's fork server: compile workers (--jobs > 1) forked by it would live
    outside this child's process group and memory cap; the next pool starts one of the child's own."""
    from multiprocessing import forkserver

    server = forkserver._forkserver  # type: ignore[attr-defined]
    server._forkserver_pid = server._forkserver_address = server._forkserver_alive_fd = None


def _address_space() -> int:
    """Bytes of virtual memory this process maps now (Linux: /proc/self/statm, in pages)."""
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _kill(child: multiprocessing.process.BaseProcess) -> None:
    """The child and its process group (compile workers), if still there."""
    if child.pid is not None:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:  # gone, or killed before it led a group of its own
            child.kill()
    child.join()


def _how(code: int | None) -> str:
    if code is not None and code < 0:
        return f"signal {signal.Signals(-code).name}"
    return f"exit code {code}"
