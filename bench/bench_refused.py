"""A refused connection: how long each OpenAI-compatible client of worldgen takes to fail.

Run by hand:  PYTHONPATH=. .venv/bin/python bench/bench_refused.py

Each client is pointed at a 127.0.0.1 port nothing listens on: the content provider
(`worldgen content --provider openai`), the LLM policy (`worldgen rollout --policy openai:`), both
through the CLI in this process, and the LLM proposer (its first request). Prints the seconds
from the call to the error and the error's first line (which should name the URL). Run it with
PYTHONPATH of another checkout to measure that one (the before of a change). The openai client
and the vault scaffold are loaded once first, so the figures are the failure itself, not the
one-time imports (about 1 s on a 2-core machine) every command pays anyway.
"""

from __future__ import annotations

import contextlib
import io
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def closed_port() -> int:
    """A loopback port that was free a moment ago and has no listener."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def timed(call: Callable[[], object]) -> tuple[float, str]:
    """Seconds until ``call`` fails (returns a non-zero exit or raises), and its first error line."""
    err = io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stderr(err):
        try:
            result = call()
            outcome = f"exit {result}"
        except Exception as exc:  # noqa: BLE001 - the error is what is measured
            outcome = f"{type(exc).__name__}: {exc}"
    seconds = time.perf_counter() - started
    lines = [line for line in err.getvalue().splitlines() if "error" in line.lower()] or [outcome]
    return seconds, lines[0][:160]


def main() -> None:
    import openai  # noqa: F401 - warmed up: imported once, as by any run
    import worldgen
    from worldgen.cli.main import main as cli
    from worldgen.flywheel.llm_proposer import LLMProposer, LLMSettings

    worldgen.load(ROOT / "scaffolds" / "vault.wg")  # the grammar is built once per process

    url = f"http://127.0.0.1:{closed_port()}/v1"
    work = Path(tempfile.mkdtemp(prefix="bench-refused-"))
    suite = work / "suite"
    subprocess.run([sys.executable, "-m", "worldgen.cli.main", "compile", str(ROOT / "scaffolds" / "guess.wg"),
                    "--seeds", "0:1", "-o", str(suite)], check=True, capture_output=True, cwd=ROOT)
    clients = {
        "content (openai provider)": lambda: cli(["content", str(ROOT / "scaffolds" / "vault.wg"), "-n", "1", "-o",
                                                  str(work / "pack"), "--provider", "openai", "--model", "m", "--base-url", url]),
        "policy (rollout openai:)": lambda: cli(["rollout", str(suite), "--policy", "openai:m", "--base-url", url,
                                                 "-o", str(work / "episodes.jsonl")]),
        "proposer (openai:)": lambda: LLMProposer(LLMSettings(model="m", base_url=url))._complete(
            [{"role": "user", "content": "hi"}], {"prompt": 0, "completion": 0, "requests": 0}),
    }
    print(f"endpoint {url} (closed port)")
    for name, call in clients.items():
        seconds, line = timed(call)
        print(f"{name:28s} {seconds:6.2f} s  {line}")


if __name__ == "__main__":
    main()
