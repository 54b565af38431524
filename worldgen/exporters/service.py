"""The world service of a harbor task: one episode, played over TCP JSON lines, journaled.

It runs in its own compose service, so the agent reaches it only through two requests:

    {"op": "look"}                      -> {"observation", "help", "steps", "horizon", "over", "outcome"}
    {"op": "step", "command": "go hall"} -> {"observation", "steps", "horizon", "over", "outcome"}

anything else gets ``{"error": MESSAGE}``. A terminal world's service takes its container's
program clients' calls instead (``worldgen.terminal.calls``; look and step are refused there):

    {"op": "files"}                                    -> {"items"}: the tree, at the container's start
    {"op": "program", "argv", "cwd", "files"}          -> {"stdout", "stderr", "status", "files"}
    {"op": "sync", "files"}                            -> {"stdout", "stderr", "status", "files"}

Every program and sync call is a step, journaled as the call's canonical JSON; ``files`` changes
nothing and is not. There is no reset, no seed, no state dump and no reward
in a reply: the agent cannot restart the episode, pick its luck or read hidden state. Every step
is appended to the journal and flushed to disk before the reply goes out, and a command the journal
cannot hold is refused before it runs; on start the service cuts a line torn by a crash and replays
the journal, so a restarted container resumes the same episode.

    python -m worldgen.exporters.service --world W.json --episode E.json --journal J.jsonl [--host H] [--port P]

prints ``listening on HOST:PORT`` once it accepts connections (``--port 0`` picks a free port).

Each connection has its own thread, and the container has ``pids_limit: 64``; so at most
``MAX_CONNECTIONS`` are open at once, and a new one beyond them closes the connection that has
waited longest for a request. An agent that leaks connections (a stuck client, a loop of ``nc``)
thus cannot exhaust the service's threads or lock its own programs out of the world.
"""

from __future__ import annotations

import argparse
import json
import os
import socketserver
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

from worldgen import jsondata
from worldgen.compiler.artifact import load_world
from worldgen.errors import WorldgenError
from worldgen.exporters.episode import Session
from worldgen.exporters.journal import EpisodeConfig, cut_torn_tail, journal_line, read_journal, refusal
from worldgen.terminal import calls
from worldgen.terminal.remote import RemoteEpisode

MAX_REQUEST = 4096  # bytes per request line: a command is at most max_command_chars characters
IDLE_SECONDS = 300  # a connection that sends nothing for this long is closed
MAX_CONNECTIONS = 32  # open at once, a thread each: well under the container's pids_limit of 64


class WorldService:
    """The episode and its journal; ``handle`` answers one request (callers hold ``lock``)."""

    def __init__(self, world_path: Path, config: EpisodeConfig, journal: Path):
        self.config = config
        world = load_world(world_path)
        self.terminal = world.scaffold.terminal is not None
        self.session = Session(world, config.seed, "remote" if self.terminal else "emulated")
        self.max_request = calls.MAX_REQUEST if self.terminal else MAX_REQUEST
        self.lock = threading.Lock()
        journal.parent.mkdir(parents=True, exist_ok=True)
        if journal.exists():
            cut_torn_tail(journal)
            for record in read_journal(journal):
                if not self.session.over:
                    self.session.step(record["command"])
        self.journal = journal.open("a", encoding="utf-8")

    def handle(self, request: Any) -> dict[str, Any]:
        if self.terminal:
            return self._call(request)
        if not isinstance(request, dict) or request.get("op") not in ("look", "step"):
            return {"error": 'a request is {"op": "look"} or {"op": "step", "command": "..."}'}
        if request["op"] == "look":
            return {**self._status(), "help": self.config.help}
        command = request.get("command")
        if set(request) != {"op", "command"} or not isinstance(command, str):
            return {"error": 'a step request is {"op": "step", "command": "..."} and nothing else'}
        refused = refusal(command, self.config.max_command_chars)
        if refused is not None:
            return {"error": refused}
        if self.session.over:
            return {"error": f"the episode is over ({self.session.outcome}); no more commands are taken"}
        turn = self.session.step(command)
        self._append(journal_line(len(self.session.turns), turn, self.session.over))
        return self._status()

    def _call(self, request: Any) -> dict[str, Any]:
        """A program client's call in a terminal world's container."""
        face: RemoteEpisode = self.session.env._terminal  # type: ignore[assignment]  # noqa: SLF001
        try:
            call = face.parse(request)
        except calls.CallError as err:
            return {"error": str(err)}
        if call.op == "files":
            return {"items": face.tree()}
        if self.session.over:
            return {"error": f"the episode is over ({self.session.outcome}); the world takes no more calls"}
        turn = self.session.step(face.trimmed(call).to_json())
        self._append(journal_line(len(self.session.turns), turn, self.session.over))
        return dict(face.reply)

    def _status(self) -> dict[str, Any]:
        s = self.session
        return {"observation": s.observation, "steps": len(s.turns), "horizon": s.horizon, "over": s.over,
                "outcome": s.outcome}

    def _append(self, line: str) -> None:
        """Durable before the agent hears of the step. If the disk refuses, the process stops rather
        than run ahead of its journal; a restart resumes from what the journal holds."""
        try:
            self.journal.write(line)
            self.journal.flush()
            os.fsync(self.journal.fileno())
        except (OSError, ValueError) as err:  # ValueError: text the file cannot encode (refused earlier)
            print(f"world service: cannot write the journal ({err}); stopping", file=sys.stderr, flush=True)
            os._exit(1)


class _Handler(socketserver.StreamRequestHandler):
    server: ConnectionLimit
    timeout = IDLE_SECONDS

    def handle(self) -> None:
        service = self.server.service
        while True:
            self.server.waiting(self.request, True)
            try:
                line = self.rfile.readline(service.max_request + 1)
            except OSError:  # idle timeout, a reset connection, or closed to make room
                return
            if not line:
                return
            self.server.waiting(self.request, False)
            if len(line) > service.max_request:
                self._reply({"error": f"request line over {service.max_request} bytes; closing the connection"})
                return
            try:
                request = jsondata.loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError):
                reply: dict[str, Any] = {"error": "a request is one line of JSON"}
            else:
                with service.lock:
                    reply = service.handle(request)
            self._reply(reply)

    def _reply(self, reply: dict[str, Any]) -> None:
        try:
            self.wfile.write(json.dumps(reply, ensure_ascii=False).encode("utf-8") + b"\n")
            self.wfile.flush()
        except OSError:  # the client left (or the connection was closed to make room): its next read ends
            pass


class ConnectionLimit:
    """At most ``max_connections`` open at once, a thread each; a new one closes the longest idle.

    A mixin before a ``socketserver`` threading server (TCP here, a Unix socket in the tests): the
    handler tells it when a connection waits for its next request, so only idle ones are closed."""

    daemon_threads = True

    def __init__(self, address: Any, service: WorldService, max_connections: int = MAX_CONNECTIONS):
        super().__init__(address, _Handler)  # type: ignore[call-arg]  # the server class after the mixin
        self.service = service
        self.max_connections = max_connections
        self._open: dict[socket.socket, float | None] = {}  # since when each waits for a request; None: busy
        self._open_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        """Make room (on the accepting thread, before a new thread starts), then serve."""
        with self._open_lock:
            idle = sorted((since, id(s), s) for s, since in self._open.items() if since is not None)
            while len(self._open) >= self.max_connections and idle:
                victim = idle.pop(0)[2]
                del self._open[victim]
                try:
                    victim.shutdown(socket.SHUT_RDWR)  # its thread's read returns; shutdown_request closes it
                except OSError:  # the client had gone already
                    pass
            if len(self._open) >= self.max_connections:  # every one is in a request: rare, and brief
                self.shutdown_request(request)
                return
            self._open[request] = time.monotonic()
        super().process_request(request, client_address)  # type: ignore[misc]

    def waiting(self, request: socket.socket, idle: bool) -> None:
        """A connection starts (or stops) waiting for its next request."""
        with self._open_lock:
            if request in self._open:
                self._open[request] = time.monotonic() if idle else None

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.pop(request, None)
        super().shutdown_request(request)  # type: ignore[misc]


class _Server(ConnectionLimit, socketserver.ThreadingTCPServer):
    """The container's service: TCP on the compose network."""

    allow_reuse_address = True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m worldgen.exporters.service", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--world", required=True, type=Path, help="the world artifact")
    parser.add_argument("--episode", required=True, type=Path, help="episode.json: seed and help text")
    parser.add_argument("--journal", required=True, type=Path, help="the append-only episode journal")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=7777, help="port (default 7777; 0 picks a free one)")
    args = parser.parse_args(argv)
    try:
        service = WorldService(args.world, EpisodeConfig.load(args.episode), args.journal)
    except WorldgenError as err:
        print(str(err), file=sys.stderr)
        return 1
    with _Server((args.host, args.port), service) as server:
        host, port = server.server_address[:2]
        print(f"listening on {host}:{port}", flush=True)
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
