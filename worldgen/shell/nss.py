"""Accounts as the C library sees them: ``/etc/passwd`` and ``/etc/group``, read through the
shell's ``Filesystem``.

This is the one place the emulated tools look names and ids up (``chown``, ``stat``, ``ls -n``,
``find -user``), so they answer what real bash over the same tree answers: a world's tree
carries these two files (``worldgen.terminal.accounts``), and an agent who edits them changes
what the tools know, as on a real machine. A lookup reads the files through ``Filesystem.read``,
as the C library's does (so a world's ``when read`` hook on its own ``/etc/passwd`` sees it; real
``ls -l`` reads it too, the emulator's only for ``-n``). A tree without the files (a bare
in-memory one) knows root alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from worldgen.shell.builtins.options import ascii_digits, decimal
from worldgen.shell.fs import Filesystem, FsError

PASSWD = "/etc/passwd"
GROUP = "/etc/group"
BARE = ("root:x:0:0:root:/root:/bin/bash\n", "root:x:0:\n")  # what a tree without the files knows
OVERFLOW_ID = 65534  # what the kernel shows for an id it cannot map: here, a name no account has


@dataclass(frozen=True)
class Table:
    """One database's names and ids; the first line with a name or an id wins, as in glibc."""

    ids: dict[str, int]
    names: dict[int, str]

    @classmethod
    def parse(cls, text: str) -> Table:
        ids: dict[str, int] = {}
        names: dict[int, str] = {}
        for fields in _entries(text):
            number = int(fields[2])
            ids.setdefault(fields[0], number)
            names.setdefault(number, fields[0])
        return cls(ids, names)

    def id(self, name: str) -> int | None:
        """A name's id, or the number a name spells when no account has it (as ``chown 1000``)."""
        found = self.ids.get(name)
        return found if found is not None else decimal(name)

    def number(self, name: str) -> int:
        """The id a tool prints for an owner (``stat -c %u``, ``ls -n``)."""
        found = self.id(name)
        return OVERFLOW_ID if found is None else found

    def name(self, number: int) -> str | None:
        return self.names.get(number)

    def canonical(self, name: str) -> str:
        """How a file records an owner given by name or number: the account's name when one
        has that id, else the number (``chown 33 f`` makes ``www-data`` the owner)."""
        number = self.id(name)
        return name if number is None or name in self.ids else self.names.get(number, name)


@dataclass(frozen=True)
class Accounts:
    users: Table
    groups: Table
    logins: dict[str, int]  # user -> the gid of its login group (``chown USER: f``)

    @classmethod
    def parse(cls, passwd: str, group: str) -> Accounts:
        logins: dict[str, int] = {}
        for fields in _entries(passwd):
            if len(fields) > 3 and ascii_digits(fields[3]):
                logins.setdefault(fields[0], int(fields[3]))
        return cls(Table.parse(passwd), Table.parse(group), logins)

    def login_group(self, user: str) -> str | None:
        """The name (or number) of a user's login group; None for a user no account has."""
        gid = self.logins.get(user)
        return None if gid is None else self.groups.names.get(gid, str(gid))


def accounts(fs: Filesystem) -> Accounts:
    """The accounts of the tree ``fs`` holds now (parsed once per version of the two texts:
    every ``stat`` or ``chown`` asks, and they rarely change)."""
    return _parsed(_text(fs, PASSWD, BARE[0]), _text(fs, GROUP, BARE[1]))


@lru_cache(maxsize=32)
def _parsed(passwd: str, group: str) -> Accounts:
    return Accounts.parse(passwd, group)


def _text(fs: Filesystem, path: str, missing: str) -> str:
    try:
        return fs.read(path)
    except FsError:
        return missing


def _entries(text: str) -> list[list[str]]:
    """The lines of a passwd or group file with a name and a numeric id, split on ``:``."""
    rows = (line.split(":") for line in text.splitlines())
    return [f for f in rows if len(f) >= 3 and f[0] and ascii_digits(f[2])]
