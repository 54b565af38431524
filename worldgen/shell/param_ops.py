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
from worldgen.shell import budget
from worldgen.shell.budget import charge
from worldgen.shell.glob_search import compile_glob

if TYPE_CHECKING:
    from worldgen.shell.expand import Expander
    from worldgen.shell.lexer import Lexer

EDITS = frozenset({"/", "//", "/#", "/%", ":", "::", "^", "^^", ",", ",,"})
_GLOB_OR_ESCAPE = re.compile(r"[*?\[\\]")


def read(lexer: Lexer, s: str, j: int, name: str, quoted: bool) -> tuple[Param, int] | None:
    """The edit at ``s[j]`` (just after the name) and the index after its ``}``; None when the
    text there is no edit. ``lexer`` reads ``s``."""
    c = s[j]
    if c == "/":
        op = "/" + s[j + 1] if s[j + 1:j + 2] in ("/", "#", "%") else "/"
        k = j + len(op)
        lead = [Lit("/")] if op == "//" and s[k:k + 1] == "/" else []  # ${p////-}: the pattern is "/"
        pattern, k = lexer._unquoted(k + len(lead), "/}", lead)
        string: list[Part] = []
        if s[k:k + 1] == "/":
            string, k = lexer._unquoted(k + 1, "}", [])
        return Param(name, op, tuple(pattern), quoted, tuple(string)), k + 1
    if c == ":":
        offset, k = lexer._unquoted(j + 1, ":}", [])
        if not offset and s[k:k + 1] != ":":  # ${NAME:}: bash's bad substitution (${NAME::2} starts at 0)
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
    pieces = _pieces(string, ex)  # STRING is expanded once, however many matches
    if not pattern:  # an empty pattern matches only where an anchor says: STRING goes there
        return _text(pieces, "") + value if op == "/#" else value + _text(pieces, "") if op == "/%" else value
    if not _GLOB_OR_ESCAPE.search(pattern):  # plain text: str's own search
        return _plain(value, pattern, _text(pieces, pattern), op)
    glob = compile_glob(pattern)
    start, end = op == "/#", op == "/%"
    tail = None if len(glob.pieces) == 1 else glob.tail(value, end)
    out: list[str] = []
    at = 0
    while (found := glob.find(value, at, start, end, tail)) is not None:
        s, e = found
        charge(budget.MATCH_COST)  # a Python call or two per match, whatever its length
        if e == s and value:  # bash replaces no empty match (but one in an empty value)
            if e >= len(value):
                break
            out.append(value[at:e + 1])
            at = e + 1
            continue
        made = _text(pieces, value[s:e])
        charge(len(made))
        out += (value[at:s], made)
        at = e
        if op != "//" or e >= len(value):
            break
    out.append(value[at:])
    return "".join(out)


def _plain(value: str, text: str, made: str, op: str) -> str:
    charge(len(value))
    if op == "/#":
        return made + value[len(text):] if value.startswith(text) else value
    if op == "/%":
        return value[:-len(text)] + made if value.endswith(text) else value
    if op == "/":
        return value.replace(text, made, 1)
    charge(value.count(text) * len(made))
    return value.replace(text, made)


def _pieces(parts: tuple[Part, ...], ex: Expander) -> list[tuple[str, bool]]:
    """STRING's expanded text, each piece with whether an ``&`` in it is the match: unquoted
    text, or an unquoted expansion's value (``q='&'; ${x/b/$q}``)."""
    return [(p.text if type(p) is Lit else ex.text((p,)), not getattr(p, "quoted", False)) for p in parts]


def _text(pieces: list[tuple[str, bool]], matched: str) -> str:
    return "".join(text.replace("&", matched) if live else text for text, live in pieces)


def _single(pattern: str) -> Callable[[str], bool]:
    glob = compile_glob(pattern)
    return lambda ch: glob.find(ch, 0, True, True) is not None


def _substring(value: str, offset: str, length: str | None, ex: Expander) -> str:
    n = len(value)
    start = evaluate(offset, ex.lookup, store=ex.assign)
    if start < 0:
        start += n
    if start < 0 or start > n:
        return ""
    if length is None:
        return value[start:]
    count = evaluate(length, ex.lookup, store=ex.assign)
    if count < 0:
        end = n + count
        if end < start:
            raise ArithError(length, "substring expression < 0")
        return value[start:end]
    return value[start:start + count]

