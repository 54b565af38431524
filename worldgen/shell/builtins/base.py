"""What a built-in command receives and gives back.

A built-in is ``def run(call: Call) -> int``: it reads ``call.argv`` (``argv[0]`` is the name
typed), ``call.stdin`` and the file system, appends text to ``call.stdout`` / ``call.stderr``,
and returns its exit status. It never raises for bad input: a GNU tool prints a message and
exits non-zero, and so does a built-in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from worldgen.shell.fs import Filesystem, FsError, resolve
from worldgen.shell.quoting import quote, shell_quote


@dataclass(slots=True)
class Call:
    argv: list[str]
    stdin: str
    fs: Filesystem
    cwd: str
    env: dict[str, str]
    stdout: list[str] = field(default_factory=list)
    stderr: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.argv[0]

    def path(self, typed: str) -> str:
        """A path argument as the file system knows it (absolute, normalised)."""
        return resolve(self.cwd, typed)

    def out(self, text: str) -> None:
        self.stdout.append(text)

    def err(self, text: str) -> None:
        """One diagnostic line, prefixed with the command's name as GNU tools do."""
        self.stderr.append(f"{self.argv[0]}: {text}\n")

    def fs_error(self, err: FsError, typed: str, verb: str = "") -> None:
        """``NAME: [VERB ]TYPED: REASON`` (``cat: x: No such file or directory``, ``cat: 'a b':
        ...``); with a verb, GNU always quotes the path (``ls: cannot access 'x': ...``)."""
        where = f"{verb} {shell_quote(typed, always=True)}" if verb else shell_quote(typed)
        self.err(f"{where}: {err.reason}")

    def quote(self, value: str) -> str:
        """A value named in a message, in the session's locale's quotation marks (``‘x’``)."""
        return quote(value, self.env)


Builtin = Callable[[Call], int]
