"""``[[ EXPRESSION ]]``, read as bash reads it (run by shell/conditional_run.py).

Inside the brackets the line is read differently, so the lexer hands the text from ``[[`` to
``]]`` to ``lex`` here: words are not split or globbed later, ``&&``, ``||``, ``!``, ``(`` and
``)`` combine tests, ``<`` and ``>`` compare strings instead of redirecting, and the word after
``=~`` is a regular expression in which ``(``, ``)`` and ``|`` are its own characters. Then
``parse`` builds the tree: ``||`` binds loosest, then ``&&``, then ``!``; a primary is ``( ... )``,
a unary test (``-f FILE``, ``-z TEXT``, ``-v NAME``...), ``WORD OP WORD``, or a lone word (true
when not empty).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldgen.shell import limits
from worldgen.shell.ast import Word, make_word
from worldgen.shell.errors import ParseError, ShellSyntaxError

if TYPE_CHECKING:
    from worldgen.shell.lexer import Lexer

UNARY = frozenset("-e -f -d -s -r -w -x -z -n -a -L -h -b -c -p -S -t -g -u -k -O -G -N -v -o".split())
BINARY = frozenset("= == != =~ < > -eq -ne -lt -le -gt -ge -nt -ot -ef".split())
_BLANKS = " \t\n"
_OPERATORS = ("&&", "||", "(", ")", "<", ">")


@dataclass(frozen=True, slots=True)
class Test:
    """A primary: ``op`` is "" for a lone word (``args`` one word), a unary operator (one word)
    or a binary one (two words)."""

    op: str
    args: tuple[Word, ...]


@dataclass(frozen=True, slots=True)
class Not:
    inner: Expr


@dataclass(frozen=True, slots=True)
class Both:
    """``a && b && ...`` (``either``: ``a || b || ...``), flat however long; each operand is read
    only while the answer is open."""

    operands: tuple[Expr, ...]
    either: bool


Expr = Test | Not | Both
Item = tuple[str, Word | None]  # ("W", word) or (operator, None)


def lex(lexer: Lexer, i: int) -> tuple[list[Item], int]:
    """The items from just after ``[[`` to its ``]]`` and the index after that."""
    lexer.in_test = True
    try:
        return _lex(lexer, i)
    finally:
        lexer.in_test = False


def _lex(lexer: Lexer, i: int) -> tuple[list[Item], int]:
    s, n = lexer.s, lexer.n
    items: list[Item] = []
    while True:
        while i < n and (s[i] in _BLANKS or s.startswith("\\\n", i)):
            i += 2 if s[i] == "\\" else 1
        if i >= n:
            raise ShellSyntaxError("unexpected EOF while looking for `]]'")
        if s[i] in ";&|" and not s.startswith(("&&", "||"), i):
            raise ConditionalError(f"syntax error in conditional expression: unexpected token `{s[i]}'")
        if s.startswith("]]", i) and (i + 2 == n or s[i + 2] in " \t\n;&|()<>"):
            return items, i + 2
        if items and items[-1][0] == "W" and _text(items[-1][1]) == "=~" and not s.startswith(("&&", "||"), i):
            start = i
            parts, i = lexer._unquoted(i, _BLANKS, [])  # the regex: ( ) | are its own, even first
            items.append(("W", make_word(parts, s[start:i])))
            continue
        op = next((o for o in _OPERATORS if s.startswith(o, i)), None)
        if op is not None:
            items.append((op, None))
            i += len(op)
            continue
        i = lexer._word(i)
        items.append(("W", lexer.tokens.pop()[1]))  # type: ignore[arg-type]


def _text(word: Word | None) -> str | None:
    """A word's text when it is typed unquoted and plain (an operator is one)."""
    return None if word is None else word.literal if word.text == word.literal else None


class ConditionalError(ShellSyntaxError):
    """A ``[[ ]]`` bash cannot read: the line does not run, and ``$?`` stays as it was (bash
    5.2 leaves it); an expression that ends where a test should be prints nothing at all."""

    def __init__(self, detail: str):
        super().__init__(detail)
        if not detail:
            self.message = ""

    def status_after(self, before: int) -> int:
        return before


def parse(items: list[Item]) -> Expr:
    """The tree of a ``[[ ]]``'s items; raises ``ConditionalError`` in bash's words."""
    reader = _Reader(items)
    expr = reader.either()
    if reader.pos < len(items):
        raise ConditionalError("syntax error in conditional expression" + (
            ": unexpected token `)'" if reader.peek() == ")" else ""))
    return expr


class _Reader:
    def __init__(self, items: list[Item]):
        self.items, self.pos, self.depth = items, 0, 0

    def peek(self) -> str | None:
        """The next item's operator (a word's plain text), None at the end."""
        if self.pos >= len(self.items):
            return None
        kind, word = self.items[self.pos]
        return kind if word is None else _text(word) or "W"

    def shown(self) -> str:
        kind, word = self.items[self.pos]
        return kind if word is None else word.text

    def either(self) -> Expr:
        return self._chain("||", self.both)

    def both(self) -> Expr:
        return self._chain("&&", self.negated)

    def _chain(self, op: str, operand: Callable[[], Expr]) -> Expr:
        """``operand (op operand)*``, one flat node (a chain of thousands nests nothing)."""
        operands = [operand()]
        while self.peek() == op:
            self.pos += 1
            operands.append(operand())
        return operands[0] if len(operands) == 1 else Both(tuple(operands), op == "||")

    def negated(self) -> Expr:
        flips = 0
        while self.peek() == "!":  # counted, not recursed: `[[ ! ! ! ... a ]]` may hold thousands
            self.pos += 1
            flips += 1
        expr = self.primary()
        return Not(expr) if flips % 2 else expr

    def primary(self) -> Expr:
        nxt = self.peek()
        if nxt is None:
            raise ConditionalError("")
        if nxt in ("&&", "||", ")", "<", ">"):
            raise ConditionalError(f"unexpected token `{nxt}' in conditional command")
        if nxt == "(":
            self.depth += 1
            if self.depth > limits.MAX_PARENS:
                raise ParseError(limits.DEPTH_MESSAGE)
            self.pos += 1
            if self.peek() is None:
                raise ConditionalError("expected `)'")
            expr = self.either()
            if self.peek() != ")":
                raise ConditionalError(f"unexpected token `{']]' if self.peek() is None else self.shown()}', expected `)'")
            self.pos += 1
            self.depth -= 1
            return expr
        first = self.items[self.pos][1]
        self.pos += 1
        op = self.peek()
        if op in BINARY:
            self.pos += 1
            return Test(op, (first, self.operand(op, "binary")))  # type: ignore[arg-type]
        if nxt in UNARY and op not in (None, "&&", "||", ")"):
            return Test(nxt, (self.operand(nxt, "unary"),))
        if nxt in UNARY:
            raise ConditionalError(f"unexpected argument `{']]' if op is None else op}' to conditional unary operator")
        if op not in (None, "&&", "||", ")"):
            raise ConditionalError("conditional binary operator expected")
        return Test("", (first,))  # type: ignore[arg-type]

    def operand(self, op: str, kind: str) -> Word:
        if self.pos >= len(self.items) or self.items[self.pos][1] is None:
            shown = "]]" if self.pos >= len(self.items) else self.items[self.pos][0]
            raise ConditionalError(f"unexpected argument `{shown}' to conditional {kind} operator")
        word = self.items[self.pos][1]
        self.pos += 1
        return word  # type: ignore[return-value]
