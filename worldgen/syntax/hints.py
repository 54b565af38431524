"""Hints for the common slips in a parse error: what was probably meant, not only what was found.

A newcomer's first errors are mostly three: `=` for `==` in a condition, an effect written
without `do`, and `then` outside an `if` expression. Lark reports them as an unexpected token;
the hint says what to write instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from difflib import get_close_matches

from lark import Token

GENERICS = ("set", "list", "map", "rel")  # the types written with <...>
_WORD_BEFORE = re.compile(r"([A-Za-z_][A-Za-z_0-9]*)\s*$")
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
    if str(tok) == "<" and (typed := _WORD_BEFORE.search(line[:tok.column - 1] if tok.column else "")):
        close = get_close_matches(typed.group(1), GENERICS, n=1)
        if close and typed.group(1) not in GENERICS:  # `sett<bool>`: read as a named type, then '<'
            return f"unknown type '{typed.group(1)}'; did you mean '{close[0]}'? (set<T>, list<T>, map<K, V>, rel<A, B>)"
    if tok.type == "NAME" and "'do'" in spelled and ASSIGNMENT.match(line[tok.column - 1:] if tok.column else ""):
        return f"an effect starts with `do`: `do {line[tok.column - 1:].strip().rstrip('}').strip()}`"
    return None
