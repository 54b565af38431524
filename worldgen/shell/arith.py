"""Arithmetic expansion ``$((EXPR))``: bash's integer arithmetic, on 64-bit signed integers
that wrap as bash's do. The expression's ``$`` expansions are done first (the lexer parsed them),
then this evaluates the text: numbers (``10``, ``0x1f``, ``017`` octal), variables by bare name
(unset or empty is 0; a value that is itself an expression is evaluated, as bash does), ``( )``,
unary ``- + ! ~``, ``**``, ``* / %``, ``+ -``, ``<< >>``, comparisons, ``& ^ |``, ``&& ||``,
``?:``, assignments (``=``, ``+=`` and the other compound ones, ``++`` and ``--`` before or after a
name) and ``,``; an assignment writes the variable through ``store`` (none where && || ?: skip the
operand). An error (``1/0``, a missing operand) stops the rest of the line with bash's message, as
``bash -c`` does (the arithmetic command ``((...))`` only fails).

Nothing is ever passed to Python's ``eval``: a small precedence-climbing parser reads the text.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from functools import lru_cache

from worldgen.shell.budget import charge

BITS = 64
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@_"
TOKEN_COST = 16  # budget units per token an evaluation reads (a Python call or two each)
MAX_DEPTH = 64  # variables that hold expressions naming variables...: bash stops at 1024; this is a line's worth
_TOKEN = re.compile(r"\s*(?:(0[xX][0-9A-Fa-f]+|[0-9]+#[0-9A-Za-z@_]+|[0-9]+)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|<<=?|>>=?|<=|>=|==|!=|&&|\|\||"
                    r"\+\+|--|[-+*/%&|^]=|[-+*/%()<>!~&|^?:=,]))")
_ASSIGNING = frozenset({"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="})
_BINARY = {  # operator -> precedence (higher binds tighter)
    "||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, "<=": 7, ">": 7, ">=": 7,
    "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10, "**": 11,
}

_PLAIN: dict[str, Callable[[int, int], int | bool]] = {  # the operators that need no checks of their operands
    "+": operator.add, "-": operator.sub, "*": operator.mul, "&": operator.and_, "|": operator.or_, "^": operator.xor,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "&&": lambda a, b: bool(a) and bool(b), "||": lambda a, b: bool(a) or bool(b),
}


class ArithError(Exception):
    """bash's complaint about the expression; the line stops (status 1), or the subshell it is
    in: a pipeline's stage, ``$(...)``. ``piped``: what the stopped command had written into its
    pipe by then (a loop's earlier rounds), for the next stage to read."""

    def __init__(self, expression: str, message: str):
        super().__init__(f"bash: {expression.lstrip()}: {message}")  # bash keeps the trailing blanks
        self.message = str(self)
        self.piped = ""


def wrap(n: int) -> int:
    """``n`` as a 64-bit two's-complement integer, as bash's arithmetic holds it."""
    return (n + (1 << (BITS - 1))) % (1 << BITS) - (1 << (BITS - 1))


Store = Callable[[str, str], None]


def _nowhere(name: str, value: str) -> None:
    """Where assignments go when nothing keeps them (a tool that evaluates without a session)."""


@lru_cache(maxsize=1024)
def _tokens(text: str) -> tuple[tuple[str, str, int], ...] | ArithError:
    """The expression's tokens, (kind, text, where it starts); read once per text (a loop
    evaluates the same few again and again)."""
    tokens = []
    i = 0
    while i < len(text):
        m = _TOKEN.match(text, i)
        if m is None or m.end() == i:
            if text[i:].strip() == "":
                break
            return ArithError(text, f"syntax error: invalid arithmetic operator (error token is \"{text[i:].lstrip()}\")")
        kind = "num" if m.group(1) else "name" if m.group(2) else "op"
        tokens.append((kind, m.group(1) or m.group(2) or m.group(3), m.start(m.lastindex or 0)))
        i = m.end()
    return tuple(tokens)


def evaluate(text: str, lookup: Callable[[str], str | None], depth: int = 0, store: Store = _nowhere) -> int:
    """The value of ``text``, variables read through ``lookup`` and assigned through ``store``."""
    if depth > MAX_DEPTH:
        raise ArithError(text, "expression recursion level exceeded")
    return _Parser(text, lookup, depth, store).whole()


class _Parser:
    def __init__(self, text: str, lookup: Callable[[str], str | None], depth: int, store: Store):
        self.text, self.lookup, self.depth, self.store = text, lookup, depth, store
        tokens = _tokens(text)
        if isinstance(tokens, ArithError):
            raise tokens
        charge(TOKEN_COST * len(tokens))  # a loop of ((...)) costs what its expressions do
        self.tokens: list[tuple[str, str, int]] = list(tokens)  # (kind, text, where it starts)
        self.pos = 0
        self.skipped = 0  # > 0 while reading an operand that && || ?: do not evaluate: its errors do not count

    def whole(self) -> int:
        if not self.tokens:
            return 0
        value = self.comma()
        if self.pos < len(self.tokens):
            raise self.error("syntax error in expression")
        return value

    def error(self, message: str) -> ArithError:
        return ArithError(self.text, f"{message} (error token is \"{self.rest()}\")")

    def rest(self) -> str:
        """bash's error token: the text from the token being read (the last one, past the end)."""
        if not self.tokens:
            return ""
        return self.text[self.tokens[min(self.pos, len(self.tokens) - 1)][2]:]

    def peek(self) -> str | None:
        return self.tokens[self.pos][1] if self.pos < len(self.tokens) else None

    def comma(self) -> int:
        value = self.assignment()
        while self.peek() == ",":
            self.pos += 1
            value = self.assignment()
        return value

    def assignment(self) -> int:
        """``NAME OP= VALUE`` (grouped to the right), else a conditional expression."""
        tokens, at = self.tokens, self.pos
        if at + 1 < len(tokens) and tokens[at][0] == "name" and tokens[at + 1][1] in _ASSIGNING:
            name, op = tokens[at][1], tokens[at + 1][1]
            self.pos += 2
            value = self.assignment()
            if op != "=":
                value = self.apply(op[:-1], self.variable(name), value, self.pos)
            return self.assign(name, value)
        value = self.ternary()
        if self.peek() in _ASSIGNING:
            raise self.error("attempted assignment to non-variable")
        return value

    def assign(self, name: str, value: int) -> int:
        if not self.skipped:
            self.store(name, str(value))
        return value

    def variable(self, name: str) -> int:
        """A variable's value: its text evaluated in turn (unset or empty is 0)."""
        text = (self.lookup(name) or "").strip()
        return evaluate(text, self.lookup, self.depth + 1, self.store) if text else 0

    def ternary(self) -> int:
        condition = self.binary(1)
        if self.peek() != "?":
            return condition
        self.pos += 1
        yes = self.skipping(not condition, self.assignment)
        if self.peek() != ":":
            raise self.error("`:' expected for conditional expression")
        self.pos += 1
        no = self.skipping(bool(condition), self.assignment)
        return yes if condition else no

    def skipping(self, skip: bool, read: Callable[[], int]) -> int:
        """``read`` an operand, not evaluated when ``skip`` (bash's ``0 && 1/0`` is 0, no error)."""
        self.skipped += skip
        try:
            return read()
        finally:
            self.skipped -= skip

    def binary(self, least: int) -> int:
        left = self.unary()
        while True:
            op = self.peek()
            if op == "++" or op == "--":  # after an operand that is no name: `1--1` is 1 - -1
                kind, _, at = self.tokens[self.pos]
                self.tokens[self.pos:self.pos + 1] = [(kind, op[0], at), (kind, op[0], at + 1)]
                op = op[0]
            level = _BINARY.get(op) if op is not None else None
            if level is None or level < least:
                return left
            self.pos += 1
            at = self.pos
            decided = (op == "&&" and not left) or (op == "||" and bool(left))
            right = self.skipping(decided, lambda: self.binary(level if op == "**" else level + 1))  # ** groups right
            left = self.apply(op, left, right, at)  # type: ignore[arg-type]

    def apply(self, op: str, a: int, b: int, at: int) -> int:
        if self.skipped and op in ("/", "%") and b == 0:  # (bash still refuses a negative exponent there)
            return 0
        if op in ("/", "%"):
            if b == 0:
                rest = self.text[self.tokens[at][2]:] if at < len(self.tokens) else ""
                raise ArithError(self.text, f"division by 0 (error token is \"{rest}\")")
            q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)  # C: toward zero
            return wrap(q if op == "/" else a - q * b)
        if op == "**":
            if b < 0:
                raise self.error("exponent less than 0")
            return wrap(pow(a, b, 1 << BITS))
        if op in ("<<", ">>"):
            shift = b % BITS
            return wrap(a << shift) if op == "<<" else a >> shift
        return wrap(int(_PLAIN[op](a, b)))

    def unary(self) -> int:
        op = self.peek()
        if (op == "++" or op == "--") and self.pos + 1 < len(self.tokens) and self.tokens[self.pos + 1][0] == "name":
            name = self.tokens[self.pos + 1][1]
            self.pos += 2
            return self.assign(name, wrap(self.variable(name) + (1 if op == "++" else -1)))
        if op == "++" or op == "--":  # before no name: two signs, which cancel (`--5` is 5)
            self.pos += 1
            return self.unary()
        if op in ("-", "+", "!", "~"):
            self.pos += 1
            value = self.unary()
            return wrap({"-": -value, "+": value, "!": int(not value), "~": ~value}[op])  # type: ignore[index]
        return self.primary()

    def primary(self) -> int:
        if self.pos >= len(self.tokens):
            raise self.error("syntax error: operand expected")
        kind, token, _ = self.tokens[self.pos]
        if token == "(":
            self.pos += 1
            value = self.comma()
            if self.peek() != ")":
                raise self.error("syntax error: `)' expected")
            self.pos += 1
            return value
        if kind == "num":
            self.pos += 1
            return self.number(token)
        if kind == "name":
            self.pos += 1
            value = self.variable(token)
            step = self.peek()
            if step == "++" or step == "--":  # x++: the value before
                self.pos += 1
                self.assign(token, wrap(value + (1 if step == "++" else -1)))
            return value
        raise self.error("syntax error: operand expected")

    def based(self, token: str) -> int:
        """``BASE#DIGITS``, BASE 2 to 64: digits, then letters (either case up to base 36; lower
        then upper case past it), ``@`` and ``_``."""
        base_text, _, digits = token.partition("#")
        base = int(base_text)
        if not 2 <= base <= 64:
            raise ArithError(self.text, f"invalid arithmetic base (error token is \"{token}\")")
        value = 0
        for c in digits:
            digit = _DIGITS.find(c.lower() if base <= 36 else c)
            if digit < 0 or digit >= base:
                raise ArithError(self.text, f"value too great for base (error token is \"{token}\")")
            value = value * base + digit
        return wrap(value)

    def number(self, token: str) -> int:
        if "#" in token:
            return self.based(token)
        try:
            if token[:2] in ("0x", "0X"):
                return wrap(int(token[2:], 16))
            return wrap(int(token, 8) if len(token) > 1 and token[0] == "0" else int(token))
        except ValueError:
            raise ArithError(self.text, f"value too great for base (error token is \"{token}\")") from None
