"""Soak test for `worldgen serve --http`: clients play without pause for N minutes.

Run by hand:  .venv/bin/python bench/soak_serve.py [--clients 64] [--minutes 10] [--every 30]

Every ``--every`` seconds it prints the requests answered and failed in that interval, the
interval's latency percentiles, the open sessions' count as the clients see it, and the server's
resident memory, so a leak or a slowdown shows as a trend. Each client plays episodes on its own
keep-alive connection, 500 requests per connection, then reconnects (so connections churn too).
Ends with the totals; exits 1 if any request failed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve.load import Tally, http_server, play  # noqa: E402
from tests.worldfiles import example_worlds, write_suite  # noqa: E402


def client(port: int, world: str, seed: int, tally: Tally, stop: threading.Event) -> None:
    while not stop.is_set():
        play(port, world, 500, seed, tally)
        seed += 500


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--every", type=float, default=30.0, help="seconds between reports (default 30)")
    args = parser.parse_args()
    worlds = example_worlds()
    with tempfile.TemporaryDirectory() as tmp, http_server(write_suite(Path(tmp), worlds)) as (server, port):
        process = psutil.Process(server.pid)
        tally, stop = Tally(), threading.Event()
        threads = [threading.Thread(target=client, args=(port, worlds[n % len(worlds)].id, n * 10**6, tally, stop))
                   for n in range(args.clients)]
        print(f"{'minute':>7} {'requests':>10} {'failed':>7} {'p50 ms':>7} {'p99 ms':>7} {'RSS MiB':>8}")
        print(f"{0:7.1f} {0:10,} {0:7} {'':>7} {'':>7} {process.memory_info().rss / 2**20:8.0f}")
        start = time.monotonic()
        for thread in threads:
            thread.start()
        reported = failed = 0
        while (elapsed := time.monotonic() - start) < args.minutes * 60:
            time.sleep(min(args.every, args.minutes * 60 - elapsed))
            with tally.lock:
                latencies, tally.latencies = sorted(tally.latencies), []
                requests, failures = tally.requests, len(tally.failures)
            p50 = latencies[len(latencies) // 2] * 1000 if latencies else 0.0
            p99 = latencies[int(len(latencies) * 0.99)] * 1000 if latencies else 0.0
            print(f"{(time.monotonic() - start) / 60:7.1f} {requests - reported:10,} {failures - failed:7} "
                  f"{p50:7.1f} {p99:7.1f} {process.memory_info().rss / 2**20:8.0f}", flush=True)
            reported, failed = requests, failures
        stop.set()
        for thread in threads:
            thread.join()
        print(f"total: {tally.requests:,} requests, {len(tally.failures)} failed, in {(time.monotonic() - start) / 60:.1f} min")
        for failure in tally.failures[:5]:
            print(f"  failure: {failure}")
        return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
