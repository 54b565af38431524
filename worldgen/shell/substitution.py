"""Command substitution ``$(LIST)``: found in a word by the lexer, parsed as a script of its own,
run by the interpreter in a subshell (``Shell._substituter``) when the word is expanded.

The closing ``)`` is found as bash finds it: quotes, backslashes and nested ``$(...)`` (also
inside double quotes) are skipped, and other parentheses nest. The list inside is parsed whole
before anything runs, so a syntax error or a construct outside the subset anywhere in the line
stops the line, as it would in bash. Backticks stay outside the subset."""

from __future__ import annotations

from worldgen.shell.ast import Subst
from worldgen.shell.errors import eof_matching


def substitution(s: str, i: int, quoted: bool) -> tuple[Subst, int]:
    """The ``$(...)`` starting at ``i`` (its ``$``), and the index after its ``)``."""
    from worldgen.shell.parser import parse_uncached  # the parser reads words through the lexer

    close = _close_paren(s, i + 2)
    if close < 0:
        raise eof_matching(")")
    return Subst(parse_uncached(s[i + 2:close]), quoted), close + 1


def _close_paren(s: str, i: int) -> int:
    """Index of the ``)`` that closes a ``(`` just before ``i``, or -1."""
    depth, n = 1, len(s)
    while i < n:
        c = s[i]
        if c == "\\":
            i += 2
            continue
        if c == "'":
            j = s.find("'", i + 1)
            if j < 0:
                return -1
            i = j + 1
            continue
        if c == '"':
            i = _after_double_quotes(s, i + 1)
            if i < 0:
                return -1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _after_double_quotes(s: str, i: int) -> int:
    """Index after the ``"`` closing double quotes whose text starts at ``i``, or -1."""
    n = len(s)
    while i < n:
        c = s[i]
        if c == "\\":
            i += 2
        elif c == '"':
            return i + 1
        elif s.startswith("$(", i):
            j = _close_paren(s, i + 2)
            if j < 0:
                return -1
            i = j + 1
        else:
            i += 1
    return -1
