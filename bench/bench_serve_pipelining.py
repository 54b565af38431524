"""Pipelining benchmark for `worldgen serve --http`: a client that sends requests without reading a reply.

Run by hand:  .venv/bin/python bench/bench_serve_pipelining.py [--mib 256] [--stall 5] [--baseline DIR]

One client opens a keep-alive connection and sends small pipelined POSTs (one ``step`` request each,
for a session that does not exist, so every reply is a short error) as fast as the server takes
them, never reading a byte, until ``--mib`` MiB are sent or a send has been blocked ``--stall``
seconds (the server stopped reading: back-pressure). Then it leaves. Printed per server: bytes the
server took, its resident memory at start, at its peak and 3 s after the client left, and its CPU
use over the 5 s after that (idle). With ``--baseline DIR`` (a copy of another version, e.g.
``git archive main | tar -x -C DIR``), that version's server is measured the same way in the same run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_serve_load import PeakMemory  # noqa: E402
from tests.serve.load import PIPELINED, flood, http_server  # noqa: E402
from tests.worldfiles import example_worlds, write_suite  # noqa: E402

def measure(suite: Path, name: str, source: Path | None, args: argparse.Namespace) -> None:
    with http_server(suite, "--request-timeout", str(args.request_timeout), source=source) as (server, port):
        process = psutil.Process(server.pid)
        memory = PeakMemory(server.pid)
        start = memory.now()
        began = time.monotonic()
        sent, stalled = flood(port, args.mib << 20, args.stall)
        seconds = time.monotonic() - began
        time.sleep(3)
        memory.stop()
        after = memory.now()
        cpu = sum(process.cpu_times()[:2])
        time.sleep(5)
        idle = (sum(process.cpu_times()[:2]) - cpu) / 5 * 100
    why = f"then a send blocked {args.stall:g} s" if stalled else "then it stopped (all sent, or the server closed the connection)"
    print(f"{name}: took {sent / 2**20:,.1f} MiB ({sent // len(PIPELINED):,} requests) in {seconds:.1f} s, {why}; "
          f"RSS start {start:.0f} MiB, peak {memory.peak:.0f} MiB, 3 s after the client left {after:.0f} MiB; "
          f"idle CPU {idle:.1f} %")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=int, default=256, help="stop after sending this many MiB (default 256)")
    parser.add_argument("--stall", type=float, default=5.0, help="stop when a send blocks this long (default 5 s)")
    parser.add_argument("--request-timeout", type=float, default=30.0, help="the servers' --request-timeout (default 30)")
    parser.add_argument("--baseline", type=Path, metavar="DIR", help="also measure the server of the checkout in DIR")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        suite = write_suite(Path(tmp), example_worlds())
        measure(suite, "this checkout", None, args)
        if args.baseline is not None:
            measure(suite, f"baseline {args.baseline}", args.baseline.resolve(), args)


if __name__ == "__main__":
    main()
