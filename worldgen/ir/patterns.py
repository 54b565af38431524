"""Command patterns: ``"go {to}"`` -> tokens. Shared by the checker and the runtime."""

from __future__ import annotations

import re

_ARG = re.compile(r"^\{([A-Za-z_][A-Za-z0-9_]*)\}$")


def normalize(command: str) -> str:
    """How typed commands are compared: case-insensitive, whitespace collapsed."""
    return " ".join(command.lower().split())


def tokens(pattern: str) -> list[tuple[str, str]]:
    """Split a pattern into ("word", text) and ("arg", name) tokens."""
    out: list[tuple[str, str]] = []
    for tok in pattern.split():
        m = _ARG.match(tok)
        out.append(("arg", m.group(1)) if m else ("word", tok.lower()))
    return out
