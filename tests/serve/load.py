"""Load for `worldgen serve --http`: many keep-alive clients playing episodes, slow clients that
open connections and send nothing or dribble their headers, and a client that pipelines requests
without reading a reply. Used by tests/serve/test_http_load.py
(small) and by bench/bench_serve_load.py and bench/soak_serve.py (large, run by hand)."""

from __future__ import annotations

import http.client
import json
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


def serve_command(path: Path, *transport: str) -> list[str]:
    return [sys.executable, "-m", "worldgen.cli.main", "serve", str(path), *transport]


@contextmanager
def http_server(suite: Path, *options: str, source: Path | None = None) -> Iterator[tuple[subprocess.Popen, int]]:
    """``worldgen serve SUITE --http 0 OPTIONS`` in a subprocess: the process and its port. With
    ``source`` (a checkout of another version of worldgen), that version's server, run from there."""
    server = subprocess.Popen(serve_command(suite, "--http", "0", *options), stderr=subprocess.PIPE, text=True, cwd=source)
    try:
        banner = server.stderr.readline() if server.stderr else ""
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", banner)
        if match is None:
            server.kill()
            raise RuntimeError(f"the server printed no address; its stderr:\n{banner}{server.communicate()[1]}")
        yield server, int(match.group(1))
    finally:
        server.terminate()
        server.wait(timeout=30)


@dataclass
class Tally:
    """What the clients saw, added up across their threads."""

    requests: int = 0
    failures: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)  # seconds per request
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answered(self, seconds: float) -> None:
        with self.lock:
            self.requests += 1
            self.latencies.append(seconds)

    def failed(self, why: str) -> None:
        with self.lock:
            self.requests += 1
            self.failures.append(why)

    def summary(self, seconds: float) -> str:
        ms = sorted(x * 1000 for x in self.latencies) or [0.0]
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        return (f"{self.requests:,} requests in {seconds:.1f} s ({self.requests / seconds:,.0f}/s), "
                f"{len(self.failures)} failed; latency p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, "
                f"max {ms[-1]:.1f} ms")


def play(port: int, world: str, requests: int, seed: int, tally: Tally, timeout: float = 60.0) -> None:
    """One client: one keep-alive connection, ``requests`` POSTs of one request line each
    (a reset, then steps with the first admissible command, resetting when an episode ends),
    then a close of its session."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    session = None
    reply: dict = {}
    for n in range(requests):
        if session is None or reply.get("terminated") or reply.get("truncated"):
            request = {"id": n, "op": "reset", "world": world, "seed": seed + n, **({"session": session} if session else {})}
        else:
            request = {"id": n, "op": "step", "session": session, "command": (reply["info"]["admissible"] or ["look"])[0]}
        start = time.perf_counter()
        try:
            conn.request("POST", "/", body=(json.dumps(request) + "\n").encode())
            response = conn.getresponse()
            body = response.read()
            reply = json.loads(body)
            if response.status != 200 or "error" in reply or reply["id"] != n:
                raise ValueError(f"HTTP {response.status}: {body[:200]!r}")
        except (OSError, http.client.HTTPException, ValueError) as err:
            tally.failed(f"{type(err).__name__}: {err}")
            conn.close()
            session, reply = None, {}
            continue
        tally.answered(time.perf_counter() - start)
        session = reply.get("session", session)
    if session is not None:  # not counted: the server should not keep what clients are done with
        try:
            conn.request("POST", "/", body=(json.dumps({"op": "close", "session": session}) + "\n").encode())
            conn.getresponse().read()
        except (OSError, http.client.HTTPException):
            pass
    conn.close()


def run_clients(port: int, worlds: list[str], clients: int, requests: int) -> tuple[Tally, float]:
    """``clients`` threads at once, each playing ``requests`` requests; the tally and the wall time."""
    tally = Tally()
    threads = [threading.Thread(target=play, args=(port, worlds[n % len(worlds)], requests, n * 1000, tally))
               for n in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tally, time.perf_counter() - start


class SlowClients:
    """Connections that never finish a request: half send nothing, half send a request head one
    byte at a time (a byte every ``interval`` seconds, from one thread). ``closed_after`` has, for
    each one the server has hung up on, the seconds from opening to noticing it closed."""

    HEAD = b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\nContent-Length: 20\r\n\r\n"

    def __init__(self, port: int, count: int, interval: float = 0.5):
        self.interval = interval
        self.opened = time.monotonic()
        self.sockets = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(count)]
        for sock in self.sockets:
            sock.setblocking(False)
        self.sent = [0] * count
        self.open = set(range(count))
        self.closed_after: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._dribble, daemon=True)
        self._thread.start()

    @property
    def closed(self) -> int:
        return len(self.closed_after)

    def _dribble(self) -> None:
        while not self._stop.wait(self.interval):
            for n in list(self.open):
                sock = self.sockets[n]
                try:
                    if sock.recv(4096) == b"":  # the server closed it (a refusal body may come first)
                        self._lost(n)
                        continue
                except BlockingIOError:
                    pass
                except OSError:
                    self._lost(n)
                    continue
                if n % 2 and self.sent[n] < len(self.HEAD) - 1:  # never the last byte: the head stays incomplete
                    try:
                        sock.send(self.HEAD[self.sent[n]:self.sent[n] + 1])
                        self.sent[n] += 1
                    except OSError:
                        self._lost(n)

    def _lost(self, n: int) -> None:
        self.open.discard(n)
        self.closed_after.append(time.monotonic() - self.opened)

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        for sock in self.sockets:
            sock.close()


PIPELINED = b'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 53\r\n\r\n{"op": "step", "session": "none", "command": "look"}\n'


def flood(port: int, limit: int, stall: float) -> tuple[int, bool]:
    """Small pipelined POSTs (each answered with a short error), sent without reading a reply until
    ``limit`` bytes are sent or a send blocks ``stall`` seconds: the bytes sent, and whether the
    server stopped taking them (back-pressure) rather than closing the connection."""
    block = PIPELINED * (1 << 16 // len(PIPELINED) + 1)
    sent = 0
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # replies back up soon
        sock.connect(("127.0.0.1", port))
        sock.settimeout(stall)
        while sent < limit:
            try:
                sent += sock.send(block)
            except TimeoutError:
                return sent, True
            except OSError:
                return sent, False
    return sent, False
