"""A small suite on disk, the command line that serves it, and one HTTP server for the module."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.worldfiles import example_worlds, write_suite
from worldgen.serve.schemagen import FOLDER


@pytest.fixture(scope="session")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_suite(tmp_path_factory.mktemp("serve-suite"), example_worlds())


def serve_command(path: Path, *transport: str) -> list[str]:
    return [sys.executable, "-m", "worldgen.cli.main", "serve", str(path), *transport]


@pytest.fixture(scope="module")
def http_url(suite: Path) -> Iterator[str]:
    """``worldgen serve SUITE --http 0`` in a subprocess; the URL it printed."""
    server = subprocess.Popen(serve_command(suite, "--http", "0"), stderr=subprocess.PIPE, text=True)
    try:
        banner = server.stderr.readline() if server.stderr else ""
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", banner)
        if match is None:
            server.kill()
            pytest.fail(f"the server printed no address; its stderr:\n{banner}{server.communicate()[1]}")
        yield f"http://127.0.0.1:{match.group(1)}/"
    finally:
        server.terminate()
        server.wait(timeout=10)


def check_reply(request: dict[str, Any] | None, reply: dict[str, Any]) -> None:
    """A reply validates against the schema of its kind (the request's op, or error)."""
    kind = "error" if "error" in reply else request["op"] if request else "error"
    schema = json.loads((FOLDER / f"{kind}.reply.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(reply)
