"""Command patterns: ``"go {to}"`` -> tokens. Shared by the checker and the runtime."""

from __future__ import annotations

import re
from functools import lru_cache

_ARG = re.compile(r"^\{([A-Za-z_][A-Za-z0-9_]*)\}$")


def normalize(command: str) -> str:
    """How typed commands are compared: case-insensitive, whitespace collapsed."""
    return " ".join(command.lower().split())


@lru_cache(maxsize=4096)
def tokens(pattern: str) -> tuple[tuple[str, str], ...]:
    """Split a pattern into ("word", text) and ("arg", name) tokens (cached: every world of a
    suite fills the same patterns for every argument binding)."""
    return tuple(("arg", m.group(1)) if (m := _ARG.match(tok)) else ("word", tok.lower()) for tok in pattern.split())
