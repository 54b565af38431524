"""docs/protocol.md is true: its conversation is what the server answers, byte for byte; its
Node.js client runs with ``node`` and plays the episode the runtime plays; its curl line gets the
reply it shows from ``worldgen serve --http``."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

import worldgen
from tests.docs.conftest import Session
from tests.docs.markdown import ROOT, page_blocks, tool_path
from tests.serve.load import http_server, serve_command
from tests.suites import compiled

DOC = "docs/protocol.md"
TEXT = (ROOT / DOC).read_text("utf-8")
NODE = shutil.which("node")


def documented_suite(page_session: Callable[[str], Session]) -> Path:
    """``out/vault`` as the page's own ``worldgen compile`` line builds it."""
    session = page_session(DOC)
    assert session.failure is None, session.failure
    return session.workdir / "out" / "vault"


def test_the_conversation_is_what_the_server_answers(page_session: Callable[[str], Session]) -> None:
    marked = [(line[:3], line[3:]) for line in TEXT.splitlines() if line.startswith((">> ", "?> ", "<< "))]
    requests = [text for mark, text in marked if mark != "<< "]
    shown = [text for mark, text in marked if mark == "<< "]
    assert len(requests) == len(shown) >= 10
    done = subprocess.run(serve_command(documented_suite(page_session), "--stdio"), input="\n".join(requests) + "\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == shown


def test_the_curl_example_gets_the_reply_shown(page_session: Callable[[str], Session]) -> None:
    curl = re.search(r"^\$ curl -s --data-binary '(.+)' http://127\.0\.0\.1:8080/\n(.+)\.\.\.$", TEXT, re.M)
    assert curl is not None, "the curl example is gone: update this test"
    body, shown = curl.group(1).encode(), curl.group(2)
    with http_server(documented_suite(page_session)) as (_, port):
        request = urllib.request.Request(f"http://127.0.0.1:{port}/", data=body, method="POST")
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 - loopback only
            reply = response.read().decode()
    assert reply.startswith(shown)


def node_client() -> str:
    (block,) = [b for b in page_blocks(DOC) if b.kind == "js"]
    return block.text


def first_admissible_episode(suite: Path) -> list[str]:
    """What the Node.js client prints, computed with the Python runtime: the suite's first world,
    episode seed 0, always the first admissible command."""
    env = worldgen.load_suite(suite)[0].world.env()
    obs, info = env.reset(seed=0)
    lines, done = [obs], False
    while not done:
        command = (info["admissible"] or ["look"])[0]
        obs, _, terminated, truncated, info = env.step(command)
        lines += [f"> {command}", obs]
        done = terminated or truncated
    return [*lines, f"success: {str(info['success']).lower()}, steps: {info['step']}"]


@pytest.mark.skipif(NODE is None, reason="Node.js (`node`) is not installed: the page's Node.js client needs it")
@pytest.mark.parametrize("scaffold", ["vault", "services"])
def test_the_node_client_plays_the_runtimes_episode(scaffold: str, tmp_path: Path) -> None:
    suite = compiled(tmp_path / "suite", scaffold, range(0, 2))
    script = tmp_path / "client.mjs"
    script.write_text(node_client(), "utf-8")
    env = {**os.environ, "PATH": tool_path()}
    done = subprocess.run([NODE, str(script), str(suite)], capture_output=True, text=True, timeout=60, env=env)  # type: ignore[list-item]
    assert done.returncode == 0, done.stderr
    assert done.stdout == "\n".join(first_admissible_episode(suite)) + "\n"
