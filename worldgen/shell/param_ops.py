"""The parameter expansions that edit a value: ``${NAME/PATTERN/STRING}`` (``//`` every match,
``/#`` at the start, ``/%`` at the end), ``${NAME:OFFSET[:LENGTH]}`` and ``${NAME^}``,
``${NAME^^}``, ``${NAME,}``, ``${NAME,,}`` (an optional pattern picks the characters changed).

``read`` parses one after its name (the lexer calls it), ``apply`` makes its value (the expander
calls it). As in bash 5.2 (``patsub_replacement``), an unquoted ``&`` in STRING is the matched
text. A glob pattern matches the longest text at the leftmost place it can; OFFSET and LENGTH are
arithmetic, negative ones counted from the end.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from worldgen.shell.arith import ArithError, evaluate
from worldgen.shell.ast import Lit, Param, Part
from worldgen.shell.budget import charge

if TYPE_CHECKING:
    from worldgen.shell.expand import Expander
    from worldgen.shell.lexer import Lexer

EDITS = frozenset({"/", "//", "/#", "/%", ":", "::", "^", "^^", ",", ",,"})
_STARS = re.compile(r"(?<!\\)\*")


def read(lexer: Lexer, s: str, j: int, name: str, quoted: bool) -> tuple[Param, int] | None:
    """The edit at ``s[j]`` (just after the name) and the index after its ``}``; None when the
    text there is no edit. ``lexer`` reads ``s``."""
    c = s[j]
    if c == "/":
        op = "/" + s[j + 1] if s[j + 1:j + 2] in ("/", "#", "%") else "/"
        pattern, k = lexer._unquoted(j + len(op), "/}", [])
        string: list[Part] = []
        if s[k:k + 1] == "/":
            string, k = lexer._unquoted(k + 1, "}", [])
        return Param(name, op, tuple(pattern), quoted, tuple(string)), k + 1
    if c == ":":
        offset, k = lexer._unquoted(j + 1, ":}", [])
        if not offset:  # ${NAME:}: bash's bad substitution
            return None
        if s[k:k + 1] == ":":
            length, k = lexer._unquoted(k + 1, "}", [])
            return Param(name, "::", tuple(offset), quoted, tuple(length)), k + 1
        return Param(name, ":", tuple(offset), quoted), k + 1
    if c in "^,":
        op = c * 2 if s[j + 1:j + 2] == c else c
        pattern, k = lexer._unquoted(j + len(op), "}", [])
        return Param(name, op, tuple(pattern), quoted), k + 1
    return None


def apply(p: Param, value: str, ex: Expander) -> str:
    """The edited value (``value`` is the parameter's, "" when unset)."""
    op = p.op
    if op[0] == "/":
        return _replaced(value, ex.pattern(p.arg), p.more, op, ex)
    if op[0] == ":":
        return _substring(value, ex.text(p.arg), ex.text(p.more) if op == "::" else None, ex)
    pattern = ex.pattern(p.arg)
    change = str.upper if op[0] == "^" else str.lower
    picked = _single(pattern) if pattern else (lambda ch: True)
    if len(op) == 1:
        return change(value[0]) + value[1:] if value and picked(value[0]) else value
    return "".join(change(ch) if picked(ch) else ch for ch in value)


def _replaced(value: str, pattern: str, string: tuple[Part, ...], op: str, ex: Expander) -> str:
    if not pattern or not value:
        return value
    rx = _regex(pattern, op)
    stars = len(_STARS.findall(pattern))
    charge(len(value) * (len(value) if stars > 1 else 1))  # several stars may backtrack over every pair
    pieces: list[str] = []
    at = 0
    for m in rx.finditer(value):
        if m.end() == m.start():  # bash replaces no empty match
            continue
        pieces.append(value[at:m.start()])
        pieces.append(_string(string, m.group(), ex))
        at = m.end()
        if op != "//":
            break
    pieces.append(value[at:])
    return "".join(pieces)


def _string(parts: tuple[Part, ...], matched: str, ex: Expander) -> str:
    """STRING with each unquoted ``&`` standing for the match."""
    out: list[str] = []
    for p in parts:
        if type(p) is Lit and not p.quoted:
            out.append(p.text.replace("&", matched))
        else:
            out.append(ex.text((p,)))
    return "".join(out)


def _regex(pattern: str, op: str) -> re.Pattern[str]:
    """The glob as a regular expression: greedy stars take the longest match at the leftmost
    place (at the start for ``/#``, ending at the end for ``/%``)."""
    from worldgen.shell.expand import glob_source

    source = glob_source(pattern)
    if op == "/#":
        source = r"\A(?:" + source + ")"
    elif op == "/%":
        source = "(?:" + source + r")\Z"
    return re.compile(source, re.DOTALL)


def _single(pattern: str) -> Callable[[str], bool]:
    rx = _regex(pattern, "/")
    return lambda ch: rx.fullmatch(ch) is not None


def _substring(value: str, offset: str, length: str | None, ex: Expander) -> str:
    n = len(value)
    start = evaluate(offset, ex.lookup)
    if start < 0:
        start += n
    if start < 0 or start > n:
        return ""
    if length is None:
        return value[start:]
    count = evaluate(length, ex.lookup)
    if count < 0:
        end = n + count
        if end < start:
            raise ArithError(length, "substring expression < 0")
        return value[start:end]
    return value[start:start + count]

