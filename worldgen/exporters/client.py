#!/usr/bin/env python3
"""world: play the text world of this task from the terminal.

    world                 where you are, and the commands this world understands
    world COMMAND ...     send one command, e.g.  world go kitchen   (words are joined by spaces)
    world --replay FILE   send every command of a JSON list, in order, printing each answer

The world itself runs in a separate service; this program only sends your commands to it. Your
result is decided by the commands the world received, so nothing on this machine can change it.

This file is copied as is into the agent's container: it must need nothing but Python's standard
library.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import time

DEFAULT_ADDRESS = "world:7777"  # the compose service; WORLDGEN_WORLD=HOST:PORT overrides it
CONNECT_TRIES = 10


def _address() -> tuple[str, int]:
    host, _, port = os.environ.get("WORLDGEN_WORLD", DEFAULT_ADDRESS).rpartition(":")
    return host, int(port)


def _connect() -> socket.socket:
    """A connection to the world service. The service name resolves on compose's network; where
    services share one network namespace instead (harbor's egress control), it is on loopback.
    A service that is still starting is retried for a few seconds."""
    host, port = _address()
    last: OSError | None = None
    for attempt in range(CONNECT_TRIES):
        for candidate in (host, "127.0.0.1") if host != "127.0.0.1" else (host,):
            try:
                return socket.create_connection((candidate, port), timeout=30)
            except OSError as err:
                last = err
        time.sleep(min(0.2 * 2 ** attempt, 2.0))
    raise ConnectionError(f"cannot reach the world service at {host}:{port} ({last}); it may still be starting: "
                          "try again in a few seconds")


class Link:
    """One connection; one JSON line out, one JSON line back per request."""

    def __init__(self) -> None:
        self.sock = _connect()
        self.reader = self.sock.makefile("rb")

    def ask(self, request: dict) -> dict:
        self.sock.sendall(json.dumps(request).encode("utf-8") + b"\n")
        line = self.reader.readline()
        if not line:
            raise ConnectionError("the world service closed the connection without answering")
        return json.loads(line)


def _show(reply: dict) -> int:
    if "error" in reply:
        print(f"world: {reply['error']}", file=sys.stderr)
        return 1
    if reply["observation"]:
        print(reply["observation"])
    if reply["over"]:
        print(f"\n[The episode is over: {reply['outcome']}. Further commands are not taken.]")
    return 0


def _look(link: Link) -> int:
    reply = link.ask({"op": "look"})
    code = _show(reply)
    if code == 0:
        print(f"\nCommands ({{arg}} marks an argument):\n{reply['help']}")
        print(f"\nCommands used: {reply['steps']} of {reply['horizon']}.")
    return code


def _replay(link: Link, path: str) -> int:
    with open(path, encoding="utf-8") as f:
        commands = json.load(f)
    if not isinstance(commands, list) or not all(isinstance(c, str) for c in commands):
        print(f"world: {path} must hold a JSON list of command strings", file=sys.stderr)
        return 2
    for command in commands:
        print(f"> {command}")
        reply = link.ask({"op": "step", "command": command})
        if _show(reply):
            return 1
        if reply["over"]:
            break
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__.split("\n\nThis file")[0].strip())
        return 0
    if argv[:1] == ["--replay"] and len(argv) != 2:
        print("usage: world --replay FILE", file=sys.stderr)
        return 2
    try:
        link = Link()
        if not argv:
            return _look(link)
        if argv[0] == "--replay":
            return _replay(link, argv[1])
        return _show(link.ask({"op": "step", "command": " ".join(argv)}))
    except (OSError, ValueError) as err:  # ConnectionError is an OSError; bad JSON a ValueError
        print(f"world: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
