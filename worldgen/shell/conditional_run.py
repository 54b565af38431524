"""What a ``[[ ]]`` (shell/conditional.py) says: status 0 true, 1 false, 2 a bad regular expression.

Words are expanded whole (no field splitting, no globbing). The right side of ``==``, ``=`` and
``!=`` is a glob pattern unless quoted; the right side of ``=~`` a POSIX extended regular
expression searched for in the left (quoted parts match themselves), the match kept in
``BASH_REMATCH`` (the whole match: arrays are outside the subset); ``-eq`` and its kin read both
sides as arithmetic (``[[ 1+1 -eq 2 ]]``); file tests are ``test``'s. ``&&`` and ``||`` expand
their right side only when it decides the answer.
"""

from __future__ import annotations

import re
from functools import lru_cache

from worldgen.shell.arith import ArithError, evaluate
from worldgen.shell.ast import Lit, Word
from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.regex import RegexError, compile_posix
from worldgen.shell.builtins.testexpr import file_test, files_compared
from worldgen.shell.conditional import Both, Expr, Not, Test
from worldgen.shell.expand import Expander, matches

_ARITHMETIC = {"-eq": int.__eq__, "-ne": int.__ne__, "-lt": int.__lt__, "-le": int.__le__, "-gt": int.__gt__, "-ge": int.__ge__}
_ERE_SPECIAL = re.compile(r"([\\.\[\]()*+?{}|^$])")


class BadRegex(Exception):
    """``=~`` with a pattern that does not compile: the whole test has status 2."""


class BadNumber(Exception):
    """A side of ``-eq`` and its kin that is no arithmetic: bash's line, the test's status 1
    (an error while expanding a word, ``$((1/0))``, stops the line instead)."""

    def __init__(self, err: ArithError):
        super().__init__(err.message)
        self.message = err.message.replace("bash: ", "bash: [[: ", 1)


def status(expr: Expr, ex: Expander, call: Call) -> int:
    """The ``[[ ]]``'s exit status; ``call`` gives file tests the file system and the folder,
    its env takes ``BASH_REMATCH``. An arithmetic error prints bash's line and is status 1."""
    try:
        return 0 if _holds(expr, ex, call) else 1
    except BadRegex:
        return 2
    except BadNumber as err:
        call.stderr.append(err.message + "\n")
        return 1


def _holds(expr: Expr, ex: Expander, call: Call) -> bool:
    if type(expr) is Not:
        return not _holds(expr.inner, ex, call)
    if type(expr) is Both:
        held = (_holds(operand, ex, call) for operand in expr.operands)
        return any(held) if expr.either else all(held)
    return _test(expr, ex, call)  # type: ignore[arg-type]


def _test(test: Test, ex: Expander, call: Call) -> bool:
    op, args = test.op, test.args
    if not op:
        return ex.word(args[0]) != ""
    if len(args) == 1:
        value = ex.word(args[0])
        if op == "-v":
            return ex.lookup(value) is not None
        if op == "-o":  # a shell option: this shell sets none
            return False
        return file_test(call, op, value)
    left = ex.word(args[0])
    if op in ("==", "=", "!="):
        return matches(left, ex.pattern(args[1].parts)) != (op == "!=")
    if op == "=~":
        return _searched(left, args[1], ex, call)
    right = ex.word(args[1])
    if op in _ARITHMETIC:
        try:
            return _ARITHMETIC[op](evaluate(left, ex.lookup, store=ex.assign), evaluate(right, ex.lookup, store=ex.assign))
        except ArithError as err:
            raise BadNumber(err) from None
    if op == "<":
        return left < right
    if op == ">":
        return left > right
    return files_compared(call, left, op, right)


def _searched(text: str, pattern: Word, ex: Expander, call: Call) -> bool:
    """``=~``: whether the pattern (its quoted parts literal) is found in ``text``."""
    source = "".join(_ERE_SPECIAL.sub(r"\\\1", piece) if quoted else piece for piece, quoted in _pieces(pattern, ex))
    try:
        regex = compile_posix(source, extended=True)
    except RegexError:
        raise BadRegex() from None
    regex.charge_search(len(text))
    found = _whole(regex.rx.pattern).search(text)
    if found is None:
        call.env.pop("BASH_REMATCH", None)
        return False
    call.env["BASH_REMATCH"] = found.group(0)
    return True


@lru_cache(maxsize=256)
def _whole(source: str) -> re.Pattern[str]:
    """The pattern over the whole text, as bash's regcomp reads it (no REG_NEWLINE): ``^`` at its
    start only, ``.`` matching a newline too (grep's compile is line by line)."""
    return re.compile(source, re.ASCII | re.DOTALL)


def _pieces(word: Word, ex: Expander) -> list[tuple[str, bool]]:
    """A word's expanded pieces, each with whether it was quoted."""
    return [(p.text, p.quoted) if type(p) is Lit else (ex.text((p,)), bool(getattr(p, "quoted", False)))
            for p in word.parts]
