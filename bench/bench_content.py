"""Content throughput: the whole openai path against a loopback server, and the procedural provider.

    python bench/bench_content.py [--quick]

The loopback server (tests/content/chat_server.py) runs in its own process so it does not compete
with the client for the GIL; it answers valid, distinct records, instantly or after a fixed
latency. Targets (issue 3): >= 300 records/s at zero latency, >= 90 % of the ideal
(concurrency / latency) at 200 ms and concurrency 64, >= 5,000 records/s procedural.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "tests" / "content" / "chat_server.py"
SCAFFOLDS = ROOT / "scaffolds"


def _scaffold(name: str):
    from worldgen.content.source import load_scaffold

    return load_scaffold(SCAFFOLDS / f"{name}.wg")


class LoopbackServer:
    """The scripted Chat Completions server as a child process."""

    def __init__(self, latency: float, records: int):
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVER), str(SCAFFOLDS / "vault.wg"), "--latency", str(latency), "--records", str(records)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.base_url = f"http://127.0.0.1:{int(self.proc.stdout.readline())}/v1"

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def openai_rate(server: LoopbackServer, n: int, concurrency: int) -> float:
    from worldgen.content import ContentOptions, generate_pack

    options = ContentOptions(provider="openai", model="gpt-4o-mini", base_url=server.base_url, concurrency=concurrency, cache=None)
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        manifest = generate_pack(_scaffold("vault"), Path(tmp) / "pack", n, options, progress=False)
        elapsed = time.perf_counter() - started
    assert manifest["counts"]["records"] == n, manifest["counts"]
    return n / elapsed


def procedural_rate(name: str, n: int) -> float:
    from worldgen.content import ContentOptions, generate_pack

    scaffold = _scaffold(name)
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        generate_pack(scaffold, Path(tmp) / "pack", n, ContentOptions(seed=1), progress=False)
        return n / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer records (a smoke run)")
    args = parser.parse_args()
    scale = 0.25 if args.quick else 1.0

    print("openai provider, loopback server, zero latency (target >= 300 records/s)")
    server = LoopbackServer(0.0, 4000)
    try:
        for concurrency in (1, 16, 64):
            rate = openai_rate(server, int(2000 * scale), concurrency)
            print(f"  concurrency {concurrency:>3}: {rate:8.0f} records/s")
    finally:
        server.close()

    latency, concurrency = 0.2, 64
    ideal = concurrency / latency
    print(f"openai provider, {latency * 1000:.0f} ms latency, concurrency {concurrency} (target >= 90 % of ideal)")
    server = LoopbackServer(latency, 4000)
    try:
        rate = openai_rate(server, int(concurrency * 50 * scale), concurrency)  # 50 rounds: 10 s ideal
    finally:
        server.close()
    print(f"  {rate:8.1f} records/s   ideal {ideal:.0f} records/s   {100 * rate / ideal:.1f} % of ideal")

    print("procedural provider (target >= 5,000 records/s)")
    for name in ("vault", "services", "ledger"):
        print(f"  {name:<9} {procedural_rate(name, int(20000 * scale)):8.0f} records/s")


if __name__ == "__main__":
    main()
