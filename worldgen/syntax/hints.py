"""Hints for the common slips in a parse error: what was probably meant, not only what was found.

A newcomer's first errors are mostly three: `=` for `==` in a condition, an effect written
without `do`, and `then` outside an `if` expression. Lark reports them as an unexpected token;
the hint says what to write instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lark import Token

ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*(\[[^\]]*\])?(\.[A-Za-z_][A-Za-z_0-9]*)*\s*(\+=|-=|=(?!=))")


def hint(tok: Token, expected: set[str], line: str, keyword: Callable[[str], str | None]) -> str | None:
    """The hint for an unexpected ``tok`` (on source ``line``), or None. ``keyword`` spells a
    terminal as the page shows it (``'do'``)."""
    spelled = {keyword(e) for e in expected}
    if str(tok) == "=" and "'=='" in spelled:  # where a comparison could go on
        return "use == to compare (a single = only gives a value: `do x = v`, or a declaration's `= initial`)"
    if str(tok) == "then" and "'then'" not in spelled:
        return ("`then` belongs to an `if` expression (`if C then A else B`); an action's condition is `when C` "
                "followed by `do ...`, or `if C { do ... }`")
    if tok.type == "NAME" and "'do'" in spelled and ASSIGNMENT.match(line[tok.column - 1:] if tok.column else ""):
        return f"an effect starts with `do`: `do {line[tok.column - 1:].strip().rstrip('}').strip()}`"
    return None
