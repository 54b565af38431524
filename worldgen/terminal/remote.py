"""A terminal world whose shell runs elsewhere: the world's side of a Harbor task's container.

The container holds the world's files and program clients (``program_client.py``); the world
service holds this episode. Each call a client makes (``calls.py``) is handed to ``Env.step`` as
one "line", its canonical JSON, and run here as ``RealEpisode.program`` runs a local one: the
world takes what the agent did to its files (``Mirror.take``), runs the program as the emulator
does, and answers with the output, the status and the files the action changed (``reply``). So
the service, its journal and the verifier's replay step, reward and end an episode exactly as
``Env`` does any line, and the verifier's replay of the journal is the live episode again.

What a file hook said (``when write ... { say ... }``) follows the program's stderr: in a
container there is no harness between the lines to show it.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import replace
from typing import Any

from worldgen.shell.interp import Session
from worldgen.terminal import calls
from worldgen.terminal.episode import Runner, TerminalEpisode
from worldgen.terminal.layout import Layout
from worldgen.terminal.mirror import Mirror
from worldgen.terminal.tree import SYSTEM, accounts_of, walk


class RemoteEpisode:
    def __init__(self, layout: Layout, runner: Runner):
        self.world = TerminalEpisode(layout, runner)
        self.layout = layout
        self.mirror: Mirror | None = None
        self.reply: dict[str, Any] = {}

    def reset(self) -> None:
        self.world.reset()
        self.mirror = Mirror(self.world.fs, accounts_of(walk(self.world.fs)), owners=True)

    def parse(self, request: Any) -> calls.Call:
        """``request`` as a call this world takes (``calls.CallError`` says why not)."""
        return calls.parse(request, self.layout.programs, self.layout.files)

    def trimmed(self, call: calls.Call) -> calls.Call:
        """``call`` without the files it reports exactly as the world last wrote them (unread):
        taking those does nothing, so the journal need not carry every file's text per call."""
        assert self.mirror is not None, "reset first"
        return replace(call, files={p: call.files[p] for p in self.mirror.rewrites(call.files)})

    def run(self, line: str) -> tuple[str, int]:
        """One call (canonical JSON, as the service journals it): what it shows, its status."""
        assert self.mirror is not None, "reset first"
        self.world.notes = []
        try:
            call = self.parse(json.loads(line))
        except ValueError as err:  # bad JSON or a CallError: only a journal the service did not write gets here
            self.reply = {"error": str(err)}
            return str(err), 2
        disk = self._disk(call.files)
        refused = [r + "\n" for r in self.mirror.take(call.files)]
        stdout, stderr, status = "", "", 0
        if call.op == "program":
            session = Session(cwd=call.cwd, env=dict(self.world.session.env))
            outcome = self.world.shell.run(shlex.join(call.argv), session)
            stdout, stderr, status = outcome.stdout, outcome.stderr, outcome.status
        said = "".join(n + "\n" for n in self.world.notes)
        self.reply = {"stdout": stdout, "stderr": "".join(refused) + stderr + said, "status": status,
                      "files": self.mirror.rewrites(disk)}
        return (stdout + self.reply["stderr"]).rstrip("\n"), status

    def _disk(self, reported: calls.Seen) -> calls.Seen:
        """Every world file as it is on the container's disk before the call: as reported, or,
        where the call left it out (``trimmed``), as the world last wrote it; what the action
        then changes is rewritten whether it was reported or not."""
        assert self.mirror is not None
        disk: calls.Seen = {}
        for path in self.mirror.paths:
            want = self.mirror.want(path)
            disk[path] = reported[path] if path in reported else None if want is None else {**want, "read": False}
        return disk

    def tree(self) -> list[dict[str, Any]]:
        """Every directory and file of the world as it is now, outside the system's folders (the
        image's own): what a container writes at its start, ``/etc/passwd`` and ``/etc/group``
        included, so the container knows the world's accounts by the same names and ids."""
        assert self.mirror is not None, "reset first"
        ids = self.mirror.ids
        return [{"path": i.path, "mode": i.mode, "uid": ids.users.id(i.owner), "gid": ids.groups.id(i.group), "mtime": i.mtime,
                 "text": i.text}
                for i in walk(self.world.fs) if not any(i.path == s or i.path.startswith(s + "/") for s in SYSTEM)]
