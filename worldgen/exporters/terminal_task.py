"""The agent's side of a terminal world's Harbor task: a real machine with the world's files.

Main's image holds the world's program clients (``worldgen/terminal/program_client.py``, the
same script the local real shell uses) under each program's name in ``/usr/local/bin``, their
``.worldgen.json`` (the world service's address and the world's file paths), and nothing else of
the world. Its entrypoint (``worldgen-files``) asks the world service for the world's tree and
writes it, as root, before anything else runs; the health check waits for that. The files are
written at the container's start rather than baked into the image so that each container's files
are its own (their access times tell the world what the agent read, and an image layer shared by
trials would carry one trial's reads into the next) and the build context holds no world data.

Everything world-made that reaches a Dockerfile or ``solve.sh`` is checked first: paths and
variables against plain patterns, program names as words, the oracle's lines through worldgen's
own shell parser; a world that fails is refused with the reason, never quoted into code.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from worldgen.exporters.walkthrough import ExportError
from worldgen.ir.world import World
from worldgen.shell.errors import ParseError
from worldgen.shell.parser import parse
from worldgen.shell.plain import plain
from worldgen.terminal import program_client, sudo_shim
from worldgen.terminal.jail_init import SHADOWABLE
from worldgen.terminal.tree import SYSTEM

_PATH = re.compile(r"/[A-Za-z0-9_./-]*\Z")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_VALUE = re.compile(r"[A-Za-z0-9_./:@,+=-]*\Z")
_PROGRAM = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*\Z")
RC = "/etc/worldgen.bashrc"


def check(world: World, programs: list[str], paths: list[str]) -> None:
    """Refuse a world a container cannot hold as it is, with what to change."""
    t = world.scaffold.terminal
    assert t is not None
    name = world.scaffold.name
    kernel = [p for p in paths if any(p == s or p.startswith(s + "/") for s in SYSTEM)]
    if kernel:
        raise ExportError(f"{name}: error: the world's file {kernel[0]} lies under /{kernel[0].split('/')[1]}, which a "
                          "container's image or kernel owns; a terminal world exported to harbor must keep its files "
                          "elsewhere (e.g. /srv, /etc, /var)")
    if not _PROGRAM.match(t.user):
        raise ExportError(f"{name}: error: the shell's user {t.user!r} must be a plain word to become the image's ENV")
    for path in (t.home, t.cwd or t.home):
        if not _PATH.match(path):
            raise ExportError(f"{name}: error: the shell's directory {path!r} must be a plain absolute path "
                              "(letters, digits, '_', '.', '-', '/') to become the image's WORKDIR")
    for key, value in t.env:
        if not _NAME.match(key) or not _VALUE.match(value):
            raise ExportError(f"{name}: error: the shell variable {key}={value!r} must be a name and a plain word "
                              "(letters, digits and _./:@,+=-) to become the image's ENV")
    for program in programs:
        if not _PROGRAM.match(program):
            raise ExportError(f"{name}: error: the program name {program!r} must be a plain word to be a file on PATH")


def builtins(programs: list[str]) -> list[str]:
    """The world's programs bash would shadow with a builtin of the same name (the builtins the
    local real shell disables too, ``jail_init.SHADOWABLE``; dash's `sh` still has its own)."""
    return sorted(p for p in programs if p in SHADOWABLE)


def bash_rc(programs: list[str]) -> str:
    """Read by interactive bash (``/etc/bash.bashrc``) and by ``bash -c`` (``BASH_ENV``): the
    world's program runs where a builtin of its name would."""
    lines = [f"enable -n {name}" for name in builtins(programs)]
    return "# worldgen: the world's own programs, not bash's builtins of the same names\n" + "\n".join(lines) + "\n"


def clients(programs: list[str], paths: list[str], address: str) -> dict[str, tuple[str, int]]:
    """``bin/``: the client under each program's name and as ``worldgen-files`` and ``worldgen-sync``;
    ``worldgen.json`` beside it (the image puts it at ``/usr/local/bin/.worldgen.json``)."""
    client = Path(program_client.__file__).read_text("utf-8")
    files = {f"bin/{name}": (client, 0o755) for name in (*programs, program_client.START, program_client.SYNC)}
    if sudo_shim.NAME not in programs:  # slim images have no sudo, and the emulator's runs the command as it is
        files[f"bin/{sudo_shim.NAME}"] = (sudo_shim.SCRIPT, 0o755)
    files["worldgen.json"] = (json.dumps({"address": address, "files": sorted(paths)}, indent=1) + "\n", 0o644)
    return files


def main_dockerfile(base_image: str, world: World, programs: list[str]) -> str:
    t = world.scaffold.terminal
    assert t is not None
    env = [("HOME", t.home), ("USER", t.user), ("LOGNAME", t.user), *t.env]
    shadowed = builtins(programs)
    rc = (f"COPY --chmod=0644 worldgen.bashrc {RC}\n"
          f"RUN cat {RC} >> /etc/bash.bashrc\n"
          f"ENV BASH_ENV={RC}\n") if shadowed else ""
    return f"""\
# The agent's container: a plain machine. The world's program clients (Python's standard library)
# are on PATH; the world's files are written at start by the entrypoint, from the world service,
# which keeps the hidden state. No worldgen, no artifact, no seed, no solution in this image.
FROM {base_image}
COPY --chmod=0755 bin/ /usr/local/bin/
COPY --chmod=0644 worldgen.json /usr/local/bin/{program_client.CONFIG}
{rc}ENV {' '.join(f'{k}={v}' for k, v in env)}
WORKDIR {t.cwd or t.home}
ENTRYPOINT ["/usr/local/bin/{program_client.START}"]
"""


def solve_sh(world: World, lines: list[str]) -> str:
    """The oracle's command lines as a bash script, one line each, as an agent types them. A line
    worldgen's shell parser does not take as one plain line is refused, not quoted."""
    t = world.scaffold.terminal
    assert t is not None
    for line in lines:
        try:
            if any(c in line for c in "\n\r\0"):
                raise ParseError("more than one line")
            if not plain(parse(line)):
                raise ParseError("a loop, an if, $(...) or $((...))")
        except ParseError as err:
            raise ExportError(f"{world.scaffold.name}: error: the oracle's line {line[:80]!r} is not one plain command "
                              f"line ({err}); solve.sh holds lines exactly as typed, so this world is not exported") from None
    return ("#!/bin/bash\n# The oracle's command lines, as an agent would type them at the task's terminal.\n"
            f"cd {t.cwd or t.home}\n" + "".join(line + "\n" for line in lines))
