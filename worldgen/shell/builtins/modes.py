"""How GNU tools render what ``stat`` knows: ``-rw-r-----`` mode strings, ``4.0K`` sizes and
1K-block counts. Shared by ls, stat, du and find so they agree to the character."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from worldgen.shell.fs import Node

_UNITS = "KMGTPEZY"
BLOCK = 4096  # the allocation unit of the file system GNU's block counts assume (ext4)


def mode_string(node: Node) -> str:
    """``drwxr-sr-t``: type letter, then rwx per class, with set-id/sticky as s/S and t/T."""
    return _mode_string(node.is_dir, node.mode)


@lru_cache(maxsize=1024)
def _mode_string(is_dir: bool, mode: int) -> str:
    chars = ["d" if is_dir else "-"]
    for shift, special, mark in ((6, 0o4000, "s"), (3, 0o2000, "s"), (0, 0o1000, "t")):
        bits = mode >> shift
        chars.append("r" if bits & 4 else "-")
        chars.append("w" if bits & 2 else "-")
        x = bits & 1
        if mode & special:
            chars.append(mark if x else mark.upper())
        else:
            chars.append("x" if x else "-")
    return "".join(chars)


def human_size(n: int) -> str:
    """GNU's ``-h``: powers of 1024, always rounded up, one decimal below 10 (``4.0K``,
    ``1.2M``, ``13K``); under 1024 the plain number."""
    if n < 1024:
        return str(n)
    k = 1
    while n >= 1024 ** (k + 1) and k < len(_UNITS):
        k += 1
    base = 1024**k
    tenths = -(-n * 10 // base)
    if tenths < 100:
        return f"{tenths // 10}.{tenths % 10}{_UNITS[k - 1]}"
    whole = -(-n // base)
    if whole >= 1024 and k < len(_UNITS):
        return f"1.0{_UNITS[k]}"
    return f"{whole}{_UNITS[k - 1]}"


def blocks_k(node: Node) -> int:
    """1K blocks a node occupies on ext4: whole 4 KiB blocks; a directory holds one."""
    if node.is_dir:
        return BLOCK // 1024
    return -(-node.size // BLOCK) * (BLOCK // 1024)


# ------------------------------------------------------------------- chmod-style mode changes
UMASK = 0o022  # the umask every world's shell runs with: new files 644, new directories 755
_CLAUSE = re.compile(r"([ugoa]*)((?:[-+=](?:[rwxXst]*|[ugo]))+)")
_ACTION = re.compile(r"([-+=])([ugo]|[rwxXst]*)")
_WHO = {"u": 0o4700, "g": 0o2070, "o": 0o1007}
_PERM = {"r": 0o444, "w": 0o222, "x": 0o111, "s": 0o6000, "t": 0o1000}


@dataclass(frozen=True, slots=True)
class ModeChange:
    """A parsed MODE operand: an octal mode (``0640``: ``digits`` says how it was written) or
    symbolic clauses (``u+x,go-w``) as (who bits or 0 for "not given", op, permissions)."""

    octal: int | None
    digits: int = 0
    actions: tuple[tuple[int, str, str], ...] = ()

    def apply(self, mode: int, is_dir: bool) -> int:
        """The new permission bits of a node whose bits are ``mode``."""
        if self.octal is not None:
            # GNU keeps a directory's set-id bits unless five digits say otherwise
            keep = mode & 0o6000 if is_dir and self.digits < 5 else 0
            return self.octal | keep
        for who, op, perms in self.actions:
            if perms in _WHO:
                bits = (mode >> {"u": 6, "g": 3, "o": 0}[perms] & 7) * 0o111
            else:
                bits = 0
                for p in perms:
                    if p == "X":
                        bits |= 0o111 if is_dir or mode & 0o111 else 0
                    else:
                        bits |= _PERM[p]
            scope = who or 0o7777
            bits &= scope if who else ~UMASK
            if op == "+":
                mode |= bits
            elif op == "-":
                mode &= ~bits
            else:
                # "=" clears what it covers, but a directory keeps its set-id bits unless named
                cleared = scope & ~0o6000 if is_dir and "s" not in perms else scope
                mode = mode & ~cleared | bits
        return mode & 0o7777


def parse_mode(text: str) -> ModeChange | None:
    """``640``, ``0640`` or ``u+x,go-w,a=r,+X,g=u``; None when GNU would say "invalid mode"."""
    if text and all(c in "01234567" for c in text):
        value = int(text, 8)
        return ModeChange(value, len(text)) if value <= 0o7777 else None
    actions: list[tuple[int, str, str]] = []
    for clause in text.split(","):
        match = _CLAUSE.fullmatch(clause)
        if match is None:
            return None
        who = 0
        for letter in match[1]:
            who |= 0o7777 if letter == "a" else _WHO[letter]
        actions.extend((who, op, perms) for op, perms in _ACTION.findall(match[2]))
    return ModeChange(None, 0, tuple(actions))
