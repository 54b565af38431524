"""Command substitution ``$(LIST)`` and ```LIST```: found in a word by the lexer, parsed as a
script of its own, run by the interpreter in a subshell (``Shell._substituter``) when the word is
expanded.

The closing ``)`` is found as bash finds it: quotes, backslashes and nested ``$(...)`` (also
inside double quotes) are skipped, and other parentheses nest; when the list holds a ``case``
whose patterns end in ``)``, the first ``)`` after which it parses closes it. The list inside is parsed whole
before anything runs, so a syntax error or a construct outside the subset anywhere in the line
stops the line, as it would in bash. A backquoted list ends at the first backquote no backslash
escapes; inside, a backslash before ``$``, a backquote or a backslash (and, within double quotes,
``"``) is removed before the list is parsed, so ```echo \`date\```` nests."""

from __future__ import annotations

from contextvars import ContextVar

from worldgen.shell.ast import Command, Script, Subst, Word
from worldgen.shell.errors import ParseError, eof_matching
from worldgen.shell.scanning import closing

CASE_RETRIES = 16  # later `)`s tried, in all of a line's $(...), when a case's patterns end in `)`
_retries: ContextVar[list[int] | None] = ContextVar("case_retries", default=None)


def substitution(s: str, i: int, quoted: bool) -> tuple[Subst, int]:
    """The ``$(...)`` starting at ``i`` (its ``$``), and the index after its ``)``."""
    from worldgen.shell.parser import parse_uncached  # the parser reads words through the lexer

    close = closing(s, i + 2, ")", double_quotes=True)
    if close < 0:
        raise eof_matching(")")
    left = _retries.get()
    token = _retries.set([CASE_RETRIES]) if left is None else None  # one allowance for the whole line
    try:
        return _parsed(s, i, close, quoted, parse_uncached)
    finally:
        if token is not None:
            _retries.reset(token)


def _parsed(s: str, i: int, close: int, quoted: bool, parse) -> tuple[Subst, int]:  # type: ignore[no-untyped-def]
    """The list up to ``close``, or, when a ``case``'s pattern made that ``)`` too early, up to the
    first later one after which it parses (while the line's allowance of retries lasts)."""
    left = _retries.get()
    while left and left[0] > 0 and "case" in s[i + 2:close]:
        try:
            return Subst(parse(s[i + 2:close]), quoted), close + 1
        except ParseError:
            left[0] -= 1
            later = closing(s, close + 1, ")", double_quotes=True)
            if later < 0:
                break
            close = later
    return Subst(parse(s[i + 2:close]), quoted), close + 1


def backquoted(s: str, i: int, quoted: bool) -> tuple[Subst, int]:
    """The ```...``` starting at ``i`` (its backquote), and the index after its closing one."""
    from worldgen.shell.parser import parse_uncached

    escapable = '$`\\"' if quoted else "$`\\"
    text: list[str] = []
    j, n = i + 1, len(s)
    while j < n and s[j] != "`":
        if s[j] == "\\" and j + 1 < n:
            text.append(s[j + 1] if s[j + 1] in escapable else s[j:j + 2])
            j += 2
        else:
            text.append(s[j])
            j += 1
    if j >= n:
        raise eof_matching("`")
    return Subst(parse_uncached("".join(text)), quoted), j + 1


def file_only(script: Script) -> Word | None:
    """The file of ``$(< FILE)``, bash's ``$(cat FILE)`` without the ``cat``: a script of one
    command that is nothing but that redirection; else None."""
    if len(script.items) != 1 or script.items[0].rest:
        return None
    pipeline = script.items[0].first
    if len(pipeline.commands) != 1 or pipeline.negated:
        return None
    cmd = pipeline.commands[0]
    if type(cmd) is not Command or cmd.words or cmd.assigns or len(cmd.redirects) != 1:
        return None
    r = cmd.redirects[0]
    return r.target if r.op == "<" and r.fd == 0 else None
