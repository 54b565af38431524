"""Command substitution ``$(LIST)`` and ```LIST```: found in a word by the lexer, parsed as a
script of its own, run by the interpreter in a subshell (``Shell._substituter``) when the word is
expanded.

The closing ``)`` is found as bash finds it: quotes, backslashes and nested ``$(...)`` (also
inside double quotes) are skipped, and other parentheses nest. The list inside is parsed whole
before anything runs, so a syntax error or a construct outside the subset anywhere in the line
stops the line, as it would in bash. A backquoted list ends at the first backquote no backslash
escapes; inside, a backslash before ``$``, a backquote or a backslash (and, within double quotes,
``"``) is removed before the list is parsed, so ```echo \`date\```` nests."""

from __future__ import annotations

from worldgen.shell.ast import Command, Script, Subst, Word
from worldgen.shell.errors import eof_matching
from worldgen.shell.scanning import closing


def substitution(s: str, i: int, quoted: bool) -> tuple[Subst, int]:
    """The ``$(...)`` starting at ``i`` (its ``$``), and the index after its ``)``."""
    from worldgen.shell.parser import parse_uncached  # the parser reads words through the lexer

    close = closing(s, i + 2, ")", double_quotes=True)
    if close < 0:
        raise eof_matching(")")
    return Subst(parse_uncached(s[i + 2:close]), quoted), close + 1


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
