"""Load benchmark for `worldgen serve --http`: many clients at once beside many slow ones.

Run by hand:  .venv/bin/python bench/bench_serve_load.py [--clients 64] [--requests 2000] [--slow 1000] [--big-post-mib 4]
                  [--single 20000 [--baseline DIR] [--rounds 3]] [--no-load]

With ``--single N``, first: one keep-alive client making N requests, each waiting for its reply,
against a fresh server (steps/s; target 3,000). With ``--baseline DIR`` (a checkout of another
version, e.g. ``git worktree add /tmp/base main``), that version's server is measured the same way
in the same run, the two alternating ``--rounds`` times; compare the ratio, not the figures.

Then (unless ``--no-load``), against one server process on the example suite:
1. opens ``--slow`` connections that never finish a request: half send nothing, half send a request
   head one byte every 0.5 s;
2. starts one client that POSTs ``--big-post-mib`` MiB of `list` requests in one body and reads the
   streamed reply (the case that used to build a whole reply in memory under a lock);
3. runs ``--clients`` keep-alive clients at once, each making ``--requests`` requests (reset, then
   a step per request);
and prints the clients' failures and latencies, the big POST's figures, how many slow connections
the server closed (at its request deadline, ``--request-timeout``), and the server's memory.
Target (the hardening issue): 64 clients x 2,000 requests with zero failures beside 1,000 slow
connections, and no client waiting seconds.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve.load import SlowClients, http_server, run_clients  # noqa: E402
from tests.worldfiles import example_worlds, write_suite  # noqa: E402


class PeakMemory:
    """Samples a process's resident memory every 0.2 s; ``peak`` is the largest sample, in MiB."""

    def __init__(self, pid: int):
        self.process = psutil.Process(pid)
        self.peak = self.now()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def now(self) -> float:
        return self.process.memory_info().rss / 2**20

    def _sample(self) -> None:
        while not self._stop.wait(0.2):
            self.peak = max(self.peak, self.now())

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def big_post(port: int, mib: int, result: dict[str, float]) -> None:
    """One POST of ``mib`` MiB of `list` requests; reads the reply as it streams."""
    line = b'{"op": "list"}\n'
    body = line * (mib * 2**20 // len(line))
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    conn.request("POST", "/", body=body)
    response = conn.getresponse()
    replies = size = 0
    while chunk := response.read(1 << 20):
        replies += chunk.count(b"\n")
        size += len(chunk)
    conn.close()
    result.update(requests=body.count(b"\n"), replies=replies, mib=size / 2**20, seconds=time.perf_counter() - start)


def single_connection(suite: Path, worlds: list[str], requests: int, source: Path | None) -> tuple[float, float]:
    """Steps per second of one client waiting for each reply, against a fresh server, and the
    server's CPU time per request in µs (the steadier figure on a shared machine)."""
    with http_server(suite, source=source) as (server, port):
        run_clients(port, worlds, 1, 200)  # warm up: imports, first sessions
        process = psutil.Process(server.pid)
        cpu = sum(process.cpu_times()[:2])
        tally, seconds = run_clients(port, worlds, 1, requests)
        cpu = sum(process.cpu_times()[:2]) - cpu
    if tally.failures:
        raise SystemExit(f"single connection: {len(tally.failures)} failures, e.g. {tally.failures[0]}")
    return tally.requests / seconds, cpu / tally.requests * 1e6


def compare_single(suite: Path, worlds: list[str], requests: int, baseline: Path | None, rounds: int) -> None:
    """The single-connection figure of this checkout (and of ``baseline``), alternating rounds."""
    sources: dict[str, Path | None] = {"this checkout": None}
    if baseline is not None:
        sources[f"baseline {baseline}"] = baseline.resolve()
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in sources}
    for _ in range(rounds):
        for name, source in sources.items():
            runs[name].append(single_connection(suite, worlds, requests, source))
    for name, got in runs.items():
        rates, cpus = zip(*got)
        print(f"single connection, {name}: {statistics.median(rates):,.0f} steps/s, server CPU "
              f"{statistics.median(cpus):.0f} µs/request (medians of {rounds}: {', '.join(f'{r:,.0f}' for r in rates)} steps/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--requests", type=int, default=2000, help="requests per client (default 2000)")
    parser.add_argument("--slow", type=int, default=1000, help="slow connections (default 1000)")
    parser.add_argument("--big-post-mib", type=int, default=4, help="size of the one big POST of list requests (0: none)")
    parser.add_argument("--request-timeout", type=float, default=30.0, help="the server's --request-timeout (default 30)")
    parser.add_argument("--single", type=int, default=0, metavar="N", help="first, one client making N requests (0: skip)")
    parser.add_argument("--baseline", type=Path, metavar="DIR", help="also measure --single on the server of the checkout in DIR")
    parser.add_argument("--rounds", type=int, default=3, help="--single measurements per server (default 3)")
    parser.add_argument("--no-load", action="store_true", help="skip the load test")
    args = parser.parse_args()
    worlds = example_worlds()
    ids = [w.id for w in worlds]
    with tempfile.TemporaryDirectory() as tmp:
        suite = write_suite(Path(tmp), worlds)
        if args.single:
            compare_single(suite, ids, args.single, args.baseline, args.rounds)
        if not args.no_load:
            load(suite, ids, args)


def load(suite: Path, worlds: list[str], args: argparse.Namespace) -> None:
    """Many clients beside slow connections and one big POST, against one server."""
    with http_server(suite, "--request-timeout", str(args.request_timeout)) as (server, port):
        memory = PeakMemory(server.pid)
        print(f"server pid {server.pid}: {memory.now():.0f} MiB resident at start")
        slow = SlowClients(port, args.slow, interval=0.5)
        print(f"{args.slow} slow connections open ({time.monotonic() - slow.opened:.1f} s), server {memory.now():.0f} MiB")
        big: dict[str, float] = {}
        poster = threading.Thread(target=big_post, args=(port, args.big_post_mib, big))
        if args.big_post_mib:
            poster.start()
        tally, seconds = run_clients(port, worlds, args.clients, args.requests)
        print(f"{args.clients} clients x {args.requests} requests: {tally.summary(seconds)}")
        for failure in tally.failures[:5]:
            print(f"  failure: {failure}")
        print(f"slow connections closed by the server so far: {slow.closed} of {args.slow}")
        if args.big_post_mib:
            poster.join()
            print(f"big POST: {big['requests']:,.0f} list requests ({args.big_post_mib} MiB), {big['replies']:,.0f} replies, "
                  f"{big['mib']:,.0f} MiB streamed in {big['seconds']:.1f} s")
        deadline = time.monotonic() + args.request_timeout + 10
        while slow.open and time.monotonic() < deadline:
            time.sleep(0.5)
        after = sorted(slow.closed_after) or [0.0]
        print(f"slow connections closed by the server: {slow.closed} of {args.slow}, {after[0]:.1f} to {after[-1]:.1f} s "
              f"after opening (request deadline {args.request_timeout:g} s)")
        slow.close()
        memory.stop()
        print(f"server memory: peak {memory.peak:.0f} MiB resident, {memory.now():.0f} MiB at the end")


if __name__ == "__main__":
    main()
