"""The compound commands the subset takes: ``for NAME in WORDS; do LIST; done``, parsed here and
run by the interpreter (``Shell._loop``). ``while``, ``until``, ``if`` and ``case`` stay outside
the subset: a ``for`` over the words of a line is bounded by the line itself, and each round is
charged to the line's budget (``budget.ROUND_COST``), so nested loops cannot run away.

The words bash accepts are the ones taken here: a name (one that is no identifier fails when
the loop runs: "`1': not a valid identifier", status 1), ``in`` and its words up to ``;`` or a newline (no ``in``: no
positional parameters here, so no rounds), ``do``, at least one command, ``done``, then
redirections of the whole loop (``done > counts.txt``, ``done | sort``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from worldgen.shell.ast import AndOr, ForLoop, Redirect, Word
from worldgen.shell.errors import ShellSyntaxError, unexpected

if TYPE_CHECKING:
    from worldgen.shell.parser import _Parser

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SEPARATORS = (";", "\n")


def parse_for(p: _Parser) -> ForLoop:
    p.take()  # `for`
    kind, _, text = p.take()
    if kind != "W":
        raise unexpected(text)  # a name that is no identifier fails when the loop runs, as in bash
    words: list[Word] = []
    if _keyword(p, "in"):
        p.take()
        while p.peek()[0] == "W":
            words.append(p.take()[1])  # type: ignore[arg-type]
    if p.peek()[0] in SEPARATORS:
        p.take()
    p.skip_newlines()
    if not _keyword(p, "do"):
        raise _unexpected(p)
    p.take()
    p.skip_newlines()
    if _keyword(p, "done"):
        raise unexpected("done")
    body: list[AndOr] = []
    while not _keyword(p, "done"):
        if p.peek()[0] == "EOF":
            raise ShellSyntaxError("syntax error: unexpected end of file")
        body.append(p.and_or())
        if p.peek()[0] in SEPARATORS:
            p.take()
            p.skip_newlines()
        elif not _keyword(p, "done"):
            raise _unexpected(p)
    p.take()  # `done`
    redirects: list[Redirect] = []
    while p.peek()[0] in ("R", "H"):
        redirects.append(p.redirect())
    return ForLoop(text, tuple(words), tuple(body), tuple(redirects))


def _keyword(p: _Parser, word: str) -> bool:
    kind, _, text = p.peek()
    return kind == "W" and text == word


def _unexpected(p: _Parser) -> ShellSyntaxError:
    kind, _, text = p.peek()
    return ShellSyntaxError("syntax error: unexpected end of file") if kind == "EOF" else unexpected(text)
