"""A Node.js client (standard library only, tests/serve/client.mjs) against both transports."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.serve.conftest import serve_command

NODE = shutil.which("node")
CLIENT = Path(__file__).with_name("client.mjs")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js (`node`) is not installed: the cross-language client test needs it")


def run_client(*args: str) -> dict:
    done = subprocess.run([NODE, str(CLIENT), *args], capture_output=True, text=True, timeout=60)  # type: ignore[list-item]
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_node_client_gets_the_same_episodes_over_stdio_and_http(suite: Path, http_url: str) -> None:
    over_stdio = run_client("stdio", *serve_command(suite, "--stdio"))
    over_http = run_client("http", http_url)
    assert over_stdio == over_http
    worlds = [json.loads(line)["id"] for line in (suite / "index.jsonl").read_text().splitlines()]
    assert over_stdio["worlds"] == worlds == [e["world"] for e in over_stdio["episodes"]]
    assert all(e["steps"] >= 1 and (e["terminated"] or e["truncated"]) for e in over_stdio["episodes"])
    assert over_stdio["errors"] == [[None, "parse_error"], ["u", "unknown_op"], ["s", "unknown_session"],
                                    ["m", "invalid_request"], ["w", "unknown_world"]]
    assert over_stdio["closed"] is True and over_stdio["afterClose"] == "unknown_session"
