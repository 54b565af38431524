"""The compound commands the subset takes, parsed here and run by the interpreter
(``Shell._loop``, ``Shell._while``, ``Shell._if``, ``Shell._case``): ``for NAME in WORDS; do LIST; done``,
``while LIST; do LIST; done`` (and ``until``), ``if LIST; then LIST; [elif LIST; then LIST;]...
[else LIST;] fi`` and ``case WORD in [(]PATTERN[|PATTERN]...) [LIST] ;; ... esac``, each with
redirections of the whole command. ``select`` and a case item ended by ``;&`` or ``;;&`` stay
outside the subset. Each round of a loop is charged to the line's budget (``budget.ROUND_COST``),
so ``while true`` and nested loops end where the line's work does.

The words bash accepts are the ones taken here: a name (one that is no identifier fails when
the loop runs: "`1': not a valid identifier", status 1), ``in`` and its words up to ``;`` or a newline (no ``in``: no
positional parameters here, so no rounds), ``do``, at least one command, ``done``, then
redirections of the whole loop (``done > counts.txt``, ``done | sort``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.shell.ast import AndOr, CaseClause, ForLoop, IfClause, Redirect, WhileLoop, Word
from worldgen.shell.braces import expand
from worldgen.shell.errors import ShellSyntaxError, unexpected

if TYPE_CHECKING:
    from worldgen.shell.parser import _Parser

SEPARATORS = (";", "\n")
BRANCH_ENDS = ("elif", "else", "fi")
KEYWORDS = ("do", "done", "then", "elif", "else", "fi", "esac", "}", "]]")  # a syntax error where no compound command expects them


def parse_for(p: _Parser) -> ForLoop:
    p.take()  # `for`
    kind, _, text = p.take()
    if kind != "W":
        raise unexpected(text)  # a name that is no identifier fails when the loop runs, as in bash
    words: list[Word] = []
    if _keyword(p, "in"):
        p.take()
        while p.peek()[0] == "W":
            words.extend(expand(p.take()[1]))  # type: ignore[arg-type]
    if p.peek()[0] in SEPARATORS:
        p.take()
    p.skip_newlines()
    _expect(p, "do")
    body = compound_list(p, ("done",))
    p.take()  # `done`
    return ForLoop(text, tuple(words), body, trailing_redirects(p))


def parse_while(p: _Parser) -> WhileLoop:
    """``while`` and ``until``: the same but for which status ends the loop."""
    until = p.take()[2] == "until"
    condition = compound_list(p, ("do",))
    p.take()  # `do`
    body = compound_list(p, ("done",))
    p.take()  # `done`
    return WhileLoop(condition, body, until, trailing_redirects(p))


def parse_if(p: _Parser) -> IfClause:
    branches: list[tuple[tuple[AndOr, ...], tuple[AndOr, ...]]] = []
    p.take()  # `if`
    while True:
        condition = compound_list(p, ("then",))
        p.take()  # `then`
        branches.append((condition, compound_list(p, BRANCH_ENDS)))
        if not _keyword(p, "elif"):
            break
        p.take()
    otherwise = None
    if _keyword(p, "else"):
        p.take()
        otherwise = compound_list(p, ("fi",))
    p.take()  # `fi`
    return IfClause(tuple(branches), otherwise, trailing_redirects(p))


def parse_case(p: _Parser) -> CaseClause:
    p.take()  # `case`
    kind, word, text = p.take()
    if kind != "W":
        raise unexpected(text)
    p.skip_newlines()
    _expect(p, "in")
    p.skip_newlines()
    items: list[tuple[tuple[Word, ...], tuple[AndOr, ...]]] = []
    while not _keyword(p, "esac"):
        if p.peek()[0] == "(":
            p.take()
        patterns = [_pattern(p)]
        while p.peek()[0] == "|":
            p.take()
            patterns.append(_pattern(p))
        if p.peek()[0] != ")":
            raise _unexpected(p)
        p.take()
        items.append((tuple(patterns), compound_list(p, ("esac", ";;"), empty=True)))
        if p.peek()[0] == ";;":
            p.take()
            p.skip_newlines()
    p.take()  # `esac`
    return CaseClause(word, tuple(items), trailing_redirects(p))  # type: ignore[arg-type]


def _pattern(p: _Parser) -> Word:
    kind, word, text = p.take()
    if kind != "W":
        raise ShellSyntaxError("syntax error: unexpected end of file") if kind == "EOF" else unexpected(text)
    return word  # type: ignore[return-value]


def compound_list(p: _Parser, ends: tuple[str, ...], empty: bool = False) -> tuple[AndOr, ...]:
    """The commands up to one of ``ends`` (keywords, or the ``;;`` token; left for the caller),
    at least one unless ``empty``, each ended by ``;`` or a newline (``echo a fi`` is echo's
    argument, as in bash)."""
    p.skip_newlines()
    if _stop(p, ends) and not empty:
        raise unexpected(p.peek()[2])
    items: list[AndOr] = []
    while not _stop(p, ends):
        if p.peek()[0] == "EOF":
            raise ShellSyntaxError("syntax error: unexpected end of file")
        items.append(p.and_or())
        if p.peek()[0] in SEPARATORS:
            p.take()
            p.skip_newlines()
        elif not _stop(p, ends):
            raise _unexpected(p)
    return tuple(items)


def _expect(p: _Parser, word: str) -> None:
    if not _keyword(p, word):
        raise _unexpected(p)
    p.take()


def trailing_redirects(p: _Parser) -> tuple[Redirect, ...]:
    """Redirections after a compound command's last keyword: of the whole command."""
    redirects: list[Redirect] = []
    while p.peek()[0] in ("R", "H"):
        redirects.append(p.redirect())
    return tuple(redirects)


def _stop(p: _Parser, ends: tuple[str, ...]) -> bool:
    kind, _, text = p.peek()
    return (kind == "W" or kind == ";;" or kind == ")") and text in ends


def _keyword(p: _Parser, word: str) -> bool:
    kind, _, text = p.peek()
    return kind == "W" and text == word


def _unexpected(p: _Parser) -> ShellSyntaxError:
    kind, _, text = p.peek()
    return ShellSyntaxError("syntax error: unexpected end of file") if kind == "EOF" else unexpected(text)
