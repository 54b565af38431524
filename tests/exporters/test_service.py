"""The Harbor world service's connection cap: an agent that leaks connections keeps its world."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.worldfiles import example_worlds, write_world
from worldgen.exporters.harbor import Target, _compose
from worldgen.exporters.journal import EpisodeConfig
from worldgen.exporters.service import MAX_CONNECTIONS, WorldService, _Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[_Server]:
    """A text world's service on a free port, capped at 4 connections, in this process."""
    world = write_world(tmp_path / "world.json", example_worlds((1,))[0], as_artifact=True)
    config = EpisodeConfig(world_id="w", seed=1, help="look, step")
    server = _Server(("127.0.0.1", 0), WorldService(world, config, tmp_path / "journal.jsonl"), max_connections=4)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def address(server: _Server) -> tuple[str, int]:
    return server.server_address[:2]


def wait_until_all_idle(server: _Server) -> None:
    """Until every open connection's handler waits for its next request. A handler marks itself
    idle just after its reply is sent, so a client can read the reply before that (a loaded CI
    machine did): the test would then race the server's bookkeeping, not test the cap."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with server._open_lock:
            if all(since is not None for since in server._open.values()):
                return
        time.sleep(0.01)


def ask(sock: socket.socket, request: dict) -> dict:
    sock.sendall(json.dumps(request).encode() + b"\n")
    return json.loads(sock.makefile("rb").readline())


def test_the_cap_leaves_room_for_threads_under_the_containers_pids_limit() -> None:
    pids_limit = int(re.search(r"pids_limit: (\d+)", _compose(Target())).group(1))  # type: ignore[union-attr]
    assert MAX_CONNECTIONS <= pids_limit // 2


def test_a_connection_beyond_the_cap_closes_the_longest_idle_one_and_is_served(server: _Server,
                                                                               address: tuple[str, int]) -> None:
    leaked = [socket.create_connection(address, timeout=10) for _ in range(4)]
    for sock in leaked:
        assert "observation" in ask(sock, {"op": "look"})
        wait_until_all_idle(server)  # so "longest idle" is the order of the requests
    with socket.create_connection(address, timeout=10) as fresh:
        assert "observation" in ask(fresh, {"op": "look"})
        assert leaked[0].recv(1) == b""  # the one that waited longest was closed
        assert "observation" in ask(leaked[3], {"op": "look"})  # the others still work
    for sock in leaked:
        sock.close()


def test_an_agent_opening_many_connections_never_loses_its_world(address: tuple[str, int]) -> None:
    before = threading.active_count()  # this process's own (the server's, a test runner's), before any connection
    opened = [socket.create_connection(address, timeout=10) for _ in range(40)]
    try:
        assert "observation" in ask(opened[-1], {"op": "look"})
        deadline = time.monotonic() + 10
        while threading.active_count() > before + 4 and time.monotonic() < deadline:  # 4 handlers at most
            time.sleep(0.05)
        assert threading.active_count() <= before + 4  # the closed connections' threads ended
    finally:
        for sock in opened:
            sock.close()
