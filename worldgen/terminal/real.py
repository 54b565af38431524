"""One episode of a terminal world in a real shell: the emulator's twin, line for line.

The world's tree is written to a folder, which a jail (``worldgen.terminal.jail``) mounts as
``/`` for real bash; the world's programs are ``program_client.py`` under their names. The
world itself stays here, in ``TerminalEpisode``'s ``WorldFs``, holding the state: while a line
runs, each program the line starts connects back (a Unix socket in the jail's control folder)
and the world first
takes what the agent did to its files (``Mirror.take``), then runs the program as the emulator
would, then rewrites the files the action changed. When the line ends the world takes the files
once more. ``run`` returns what ``TerminalEpisode.run`` returns, so ``Env`` steps, rewards and
ends episodes the same way over either face.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import shutil
import socket
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any

from worldgen.shell.builtins.ls import NOW
from worldgen.shell.interp import Outcome, Session
from worldgen.terminal import calls, jail_init, program_client, sudo_shim
from worldgen.terminal.episode import Runner, TerminalEpisode, shown
from worldgen.terminal.jail import RealShell, RealShellError
from worldgen.terminal.layout import Layout
from worldgen.terminal.mirror import Mirror
from worldgen.terminal.tree import JAILED, walk, write_tree

FAKETIME = Path(f"/usr/lib/{sysconfig.get_config_var('MULTIARCH') or 'x86_64-linux-gnu'}/faketime/libfaketime.so.1")
CLOCKED = ("ls", "dir", "vdir", "find")  # tools whose output depends on "now"
SOCKET = "world.sock"
LINE_SECONDS = 10.0  # a line still running then is killed (exit 137), as a harness's timeout would


class RealEpisode:
    def __init__(self, layout: Layout, runner: Runner, *, line_seconds: float = LINE_SECONDS):
        self.world = TerminalEpisode(layout, runner)
        self.layout = layout
        self.line_seconds = line_seconds
        self.home = Path(tempfile.mkdtemp(prefix="worldgen-real-"))
        self.root = self.home / "root"
        self.programs = self.home / "bin"
        self.control = self.home / "control"
        self.control.mkdir(mode=0o755)
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(str(self.control / SOCKET))
        self.listener.listen(16)
        self.shell: RealShell | None = None
        self.mirror: Mirror | None = None
        self.folders: dict[str, int] = {}  # the world's folders -> their times
        self.session = self.world.session
        self.vars = ""
        self.last = Outcome("", "", "", 0)
        self.notes: list[str] = []

    # ------------------------------------------------------------------------- episodes
    def reset(self) -> None:
        """A new episode: the world's first state written out afresh, a new jail over it."""
        self.world.reset()
        self.close_shell()
        if self.root.exists():
            shutil.rmtree(self.root)
        self.root.mkdir(mode=0o755)
        items = walk(self.world.fs)
        own = os.geteuid() == 0
        ids = write_tree(items, self.root, skip=JAILED, own=own)
        _system_links(self.root)
        self.folders = {i.path: i.mtime for i in items if i.is_dir and not any(
            i.path == s or i.path.startswith(s + "/") for s in JAILED)}
        program_client.retime(str(self.root), self.folders)  # linking the system folders moved "/"
        self._install_programs()
        self.mirror = Mirror(self.world.fs, ids, owners=own)
        self.session = self.world.fresh_session()
        self.vars = ""
        self.shell = RealShell(self.root, self.programs, self.control)

    def _install_programs(self) -> None:
        if self.programs.exists():
            shutil.rmtree(self.programs)
        self.programs.mkdir(mode=0o755)
        client = Path(program_client.__file__).read_bytes()
        for name in self.layout.programs:
            if "/" in name or name in (".", ".."):  # `check` refuses these (WG614); an artifact may come from elsewhere
                raise RealShellError(f"the world's program {name!r} is a path, not a name: it would be written outside "
                                     "the shell's program folder")
            target = self.programs / name
            target.write_bytes(client)
            target.chmod(0o755)
        if sudo_shim.NAME not in self.layout.programs:
            shim = self.programs / sudo_shim.NAME
            shim.write_text(sudo_shim.SCRIPT, "utf-8")
            shim.chmod(0o755)
        config = {"address": f"unix:{jail_init.RC_DIR}/{SOCKET}", "files": sorted(self.layout.files)}
        (self.programs / program_client.CONFIG).write_text(json.dumps(config), "utf-8")
        for name, target in _alternatives().items():  # /usr/bin/awk -> /etc/alternatives/awk is the host's /etc
            if name not in self.layout.programs:
                (self.programs / name).symlink_to(target)
        if FAKETIME.exists():
            for name in CLOCKED:
                if name not in self.layout.programs and Path("/usr/bin", name).exists():
                    target = self.programs / name
                    target.write_text(_clocked(name), "utf-8")
                    target.chmod(0o755)

    # ------------------------------------------------------------------------- lines
    def run(self, line: str) -> tuple[str, int]:
        """(what the terminal shows, the exit status) of one command line in real bash."""
        if self.shell is None:
            self.reset()
        assert self.shell is not None and self.mirror is not None
        self.world.notes = []
        first = not self.vars
        self.shell.send({"line": line, "cwd": self.session.cwd, "env": self.session.env if first else {},
                         "vars": self.vars, "status": self.session.status, "timeout": self.line_seconds,
                         "programs": sorted(self.layout.programs)})
        reply = self._serve_until_reply()
        self.session.cwd = reply["cwd"]
        self.session.status = int(reply["status"])
        self.vars = reply["vars"] or self.vars
        refused = self._settle()
        stderr = reply["stderr"] + "".join(r + "\n" for r in refused)
        chunks = [c for _, c in reply["chunks"]] + [r + "\n" for r in refused]
        self.last = Outcome("".join(chunks), reply["stdout"], stderr, int(reply["status"]))
        self.notes = list(self.world.notes)
        return shown(self.last.output, self.notes), int(reply["status"])

    def _settle(self) -> list[str]:
        """After the line: the world takes what is on disk, and puts back what it renders."""
        assert self.mirror is not None
        seen = program_client.scan(str(self.root), self.mirror.paths)
        for path, mtime in program_client.times(str(self.root), self.mirror.paths).items():
            now = seen.get(path)
            if now is not None:
                seen[path] = {**now, "mtime": mtime}
        refused = self.mirror.take(seen)
        program_client.rewrite(str(self.root), self.mirror.rewrites(seen))
        program_client.retime(str(self.root), self.folders)
        return refused

    def _serve_until_reply(self) -> dict[str, Any]:
        """Wait for the jail's reply to the line, answering the program calls it makes meanwhile."""
        assert self.shell is not None
        sel = selectors.DefaultSelector()
        sel.register(self.shell.output, selectors.EVENT_READ, "jail")
        sel.register(self.listener, selectors.EVENT_READ, "listener")
        try:
            while True:
                for key, _ in sel.select(self.line_seconds + 5):
                    if key.data == "jail":
                        return self.shell.receive()
                    conn, _ = self.listener.accept()
                    with conn:
                        self._answer(conn)
                if self.shell.proc.poll() is not None:
                    raise RealShellError("error: the real shell stopped")
        finally:
            sel.close()

    def _answer(self, conn: socket.socket) -> None:
        conn.settimeout(self.line_seconds)
        try:
            with conn.makefile("rb") as reader:
                request = json.loads(reader.readline(calls.MAX_REQUEST))
            reply = self.program(request)
        except (OSError, ValueError, KeyError, TypeError) as err:
            reply = {"error": f"bad request ({err})"}
        try:
            conn.sendall(json.dumps(reply).encode() + b"\n")
        except OSError:
            pass  # the program was killed (the line timed out): its reply has nowhere to go

    def program(self, request: dict[str, Any]) -> dict[str, Any]:
        """One program call: take the files it reports, run the program as the emulator does
        (its argv quoted back into one line), and send back the files the world changed."""
        assert self.mirror is not None
        try:
            call = calls.parse(request, self.layout.programs, self.mirror.paths)
        except calls.CallError as err:
            return {"error": str(err)}
        if call.op != "program":
            return {"error": "a local real shell takes program calls only"}
        refused = self.mirror.take(call.files)
        session = Session(cwd=call.cwd, env=dict(self.session.env))
        outcome = self.world.shell.run(shlex.join(call.argv), session)
        rewrites = self.mirror.rewrites(call.files)
        return {"stdout": outcome.stdout, "stderr": "".join(r + "\n" for r in refused) + outcome.stderr,
                "status": outcome.status, "files": rewrites}

    # ------------------------------------------------------------------------- ending
    def close_shell(self) -> None:
        if self.shell is not None:
            self.shell.close()
            self.shell = None

    def close(self) -> None:
        """Stop the jail and remove the episode's folder (``Env.close``)."""
        self.close_shell()
        self.listener.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown: best effort
            pass


def _system_links(root: Path) -> None:
    """``/bin``, ``/sbin``, ``/lib``... as the host has them (merged ``/usr``: links into it), and
    the mount points the jail binds onto."""
    for name in ("bin", "sbin", "lib", "lib64", "lib32", "libx32"):
        host = Path("/" + name)
        here = root / name
        if host.is_symlink():
            if here.is_dir() and not here.is_symlink():
                shutil.rmtree(here)
            here.symlink_to(os.readlink(host))
        elif host.is_dir():
            here.mkdir(exist_ok=True)
    for name in ("usr", "dev"):
        (root / name).mkdir(exist_ok=True)


def _clocked(name: str) -> str:
    """A tool that reads the clock, started on the world's clock (libfaketime): ``ls -l`` prints
    ``Mar  3 04:12`` for a world's file, as the emulator's ``NOW`` says, not the year."""
    when = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(NOW))
    return (f"#!/usr/bin/bash\n# {name} on the world's clock\n"
            f"LD_PRELOAD={FAKETIME} FAKETIME='@{when}' TZ=UTC exec -a {name} /usr/bin/{name} \"$@\"\n")


def _alternatives() -> dict[str, str]:
    """Tools reached through ``/etc/alternatives`` on the host (``awk`` -> ``mawk``): the jail
    has the world's ``/etc``, so they are linked to their targets beside the programs."""
    links: dict[str, str] = {}
    folder = Path("/usr/bin")
    for entry in folder.iterdir():
        if entry.is_symlink() and os.readlink(entry).startswith("/etc/alternatives/"):
            target = entry.resolve()
            if target.is_file() and str(target).startswith("/usr/"):
                links[entry.name] = str(target)
    return links
