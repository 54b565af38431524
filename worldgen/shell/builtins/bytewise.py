"""Tools that work on bytes, as GNU's and mawk do in this locale: ``head -c``, ``tail -c``, ``cut``
(``-c`` is ``-b``), ``tr`` and ``awk`` count, cut and map the bytes of UTF-8 text, so ``head -c 2``
of ``héllo`` is ``h`` and half an ``é``, ``tr 'é' 'e'`` maps two bytes, and ``length("é")`` is 2.

Such a tool runs on the byte view of what it gets: each byte one character (U+0000..U+00FF), so a
tool written over ``str`` works on bytes unchanged, and what it writes is turned back into text
(a byte that is no part of a UTF-8 character is the lone surrogate the shell keeps raw bytes as).
"""

from __future__ import annotations

import functools
from typing import Any

from worldgen.shell.builtins.base import Builtin, Call
from worldgen.shell.fs import Filesystem


def byte_view(text: str) -> str:
    """``text``'s UTF-8 bytes (raw bytes: its lone surrogates), one character each."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("latin-1")
    except UnicodeEncodeError:  # a surrogate that stands for no byte (typed as \ud800): its own three
        return b"".join(map(_utf8, text)).decode("latin-1")


def text_of(view: str) -> str:
    """The text whose byte view is ``view`` (a character past U+00FF, which a tool may make with
    ``printf "%c", 300``, stands for its own UTF-8 bytes)."""
    try:
        data = view.encode("latin-1")
    except UnicodeEncodeError:
        data = b"".join(c.encode("latin-1") if ord(c) < 256 else _utf8(c) for c in view)
    return data.decode("utf-8", "surrogateescape")


def _utf8(c: str) -> bytes:
    try:
        return c.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return c.encode("utf-8", "surrogatepass")


_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_upper(text: str) -> str:
    """Upper case as a C-locale tool makes it: ASCII letters only (bytes of other letters stay)."""
    return text.translate(_UPPER)


def ascii_lower(text: str) -> str:
    return text.translate(_LOWER)


class _Passed(list):
    """A tool's stdout or stderr in the byte view: each piece passed on to the shell's as text,
    as it is written (the shell's sink charges the line's budget)."""

    def __init__(self, sink: list[str]):
        super().__init__()
        self._sink = sink

    def append(self, piece: str) -> None:
        self._sink.append(text_of(piece))


class _ByteFs:
    """The file system as a byte-view tool sees it: paths and texts turned at the edge."""

    def __init__(self, fs: Filesystem):
        self._fs = fs

    def read(self, path: str) -> str:
        return byte_view(self._fs.read(text_of(path)))

    def write(self, path: str, text: str, *, append: bool = False) -> None:
        self._fs.write(text_of(path), text_of(text), append=append)

    def stat(self, path: str) -> Any:
        return self._fs.stat(text_of(path))

    def listdir(self, path: str) -> list[str]:
        return [byte_view(name) for name in self._fs.listdir(text_of(path))]


def bytewise(tool: Builtin) -> Builtin:
    """``tool`` run on the byte view of its arguments, input, directory and files."""
    @functools.wraps(tool)
    def run(call: Call) -> int:
        inner = Call([byte_view(a) for a in call.argv], byte_view(call.stdin), _ByteFs(call.fs),  # type: ignore[arg-type]
                     byte_view(call.cwd), call.env, _Passed(call.stdout), _Passed(call.stderr))
        return tool(inner)
    return run
