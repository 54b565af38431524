"""Backslashes a string literal does not know (``\\r``, ``\\d``): the text keeps only the letter,
so ``"a\\r\\n"`` writes ``ar`` and a ``matching "\\d+"`` reads ``d+``. Valid, but never what was
meant: a WG503 warning at the backslash."""

from __future__ import annotations

import re
from collections.abc import Iterator

from worldgen.check.templates import hole_position
from worldgen.errors import DiagnosticSink
from worldgen.syntax import ast

KNOWN = "nt\"'\\"  # the escapes the language has (syntax/transform.py)
_ESCAPE = re.compile(r"\\(.)", re.S)  # left to right: "\\\\d" is an escaped backslash, then a d


def warn_unknown_escapes(world: ast.World, sink: DiagnosticSink) -> None:
    for s in _strings(world):
        for m in _ESCAPE.finditer(s.raw):
            char = m.group(1)
            if char not in KNOWN:
                sink.warn("WG503", f"'\\{char}' is no escape: the text has '{char}' alone (escapes: \\n \\t \\\" \\' \\\\; "
                          f"a backslash itself is \\\\)", hole_position(s, m.start()))


def _strings(node: object) -> Iterator[ast.Str]:
    """Every string literal under ``node``, in the order written."""
    return (item for item in ast.walk(node) if isinstance(item, ast.Str))
