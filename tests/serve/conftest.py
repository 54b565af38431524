"""A small suite on disk, the command line that serves it, and one HTTP server for the module."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.serve.load import http_server, serve_command  # noqa: F401 - the tests import serve_command from here
from tests.worldfiles import example_worlds, write_suite
from worldgen.serve.schemagen import FOLDER


@pytest.fixture(scope="session")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_suite(tmp_path_factory.mktemp("serve-suite"), example_worlds())


@pytest.fixture(scope="module")
def http_url(suite: Path) -> Iterator[str]:
    """``worldgen serve SUITE --http 0`` in a subprocess; the URL it printed."""
    with http_server(suite) as (_, port):
        yield f"http://127.0.0.1:{port}/"


def check_reply(request: dict[str, Any] | None, reply: dict[str, Any]) -> None:
    """A reply validates against the schema of its kind (the request's op, or error)."""
    kind = "error" if "error" in reply else request["op"] if request else "error"
    schema = json.loads((FOLDER / f"{kind}.reply.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(reply)
