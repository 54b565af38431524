"""`worldgen serve --stdio` as a subprocess: pipelining, order, long lines, end of input."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.serve.conftest import check_reply, serve_command
from worldgen.serve.limits import MAX_LINE
from worldgen.serve.lines import LineSplitter


def converse(suite: Path, data: bytes) -> list[dict]:
    done = subprocess.run(serve_command(suite, "--stdio"), input=data, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


def test_a_pipelined_conversation_is_answered_in_order(suite: Path) -> None:
    """Open a session per world, then send 300 steps per session in one write; every reply in order."""
    worlds = [json.loads(line)["id"] for line in (suite / "index.jsonl").read_text().splitlines()]
    requests = [{"id": f"r{i}", "op": "reset", "world": w, "seed": i} for i, w in enumerate(worlds)]
    requests += [{"id": n, "op": "step", "session": f"s{n % len(worlds) + 1}", "command": "look"}
                 for n in range(300 * len(worlds))]
    requests += [{"id": "bye", "op": "close", "session": "s1"}]
    replies = converse(suite, "".join(json.dumps(r) + "\n" for r in requests).encode())
    assert [r["id"] for r in replies] == [r["id"] for r in requests]
    for request, reply in zip(requests, replies):
        check_reply(request, reply)


def test_long_lines_blank_lines_and_a_last_line_without_newline(suite: Path) -> None:
    data = (b'{"id": 1, "op": "list"}\n'
            + b'{"id": 2, "op": "step", "command": "' + b"x" * (MAX_LINE + 10) + b'"}\n'
            + b"\n   \n"
            + b'{"id": 3, "op": "list"}\n'
            + b"y" * (3 * MAX_LINE) + b"\n"
            + b'{"id": 4, "op": "list"}')
    replies = converse(suite, data)
    assert [(r["id"], r.get("error", {}).get("code")) for r in replies] == [
        (1, None), (None, "line_too_long"), (3, None), (None, "line_too_long"), (4, None)]


def test_empty_input_exits_quietly(suite: Path) -> None:
    assert converse(suite, b"") == []


def test_the_splitter_frames_any_chunking() -> None:
    """Lines split across chunks anywhere come out whole; an over-long line comes out as its size."""
    data = b'{"a": 1}\n' + b"z" * 50 + b"\nlast"
    for size in (1, 3, 7, 64):
        splitter = LineSplitter(limit=20)
        out: list[bytes | int] = []
        for start in range(0, len(data), size):
            out += splitter.feed(data[start:start + size])
        out += splitter.finish()
        assert out == [b'{"a": 1}', 50, b"last"]
