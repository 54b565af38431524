"""``find [PATH...] [EXPRESSION]``: tests ``-name``, ``-iname``, ``-path``, ``-ipath``,
``-type f|d`` (or ``f,d``), ``-empty``, ``-true``, ``-false``; the action ``-print``; global
``-maxdepth N`` / ``-mindepth N``; operators ``!``/``-not``, ``-a``/``-and`` (or nothing),
``-o``/``-or`` and parentheses. Without ``-print`` the whole expression is printed where true.

Order: GNU walks each directory in readdir order, which on a real disk is arbitrary; here each
directory is walked in sorted (byte) order, pre-order, so the output is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable
from fnmatch import fnmatchcase

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import decimal
from worldgen.shell.builtins.walk import locate, walk, why_missing
from worldgen.shell.fs import Filesystem, Node, basename

Test = Callable[[str, Node, Filesystem, str], bool]  # (printed path, node, fs, absolute path)


_PATTERNED = ("-name", "-iname", "-path", "-ipath")
_BINARY = ("-o", "-or", "-a", "-and")
INT_MAX = 2**31 - 1  # GNU find reads depths into an int


class FindError(Exception):
    """A bad expression: the message GNU prints after ``find: ``."""


def find(call: Call) -> int:
    args = call.argv[1:]
    split = next((i for i, a in enumerate(args) if a.startswith("-") and a != "-" or a in ("(", "!")), len(args))
    paths, expression = args[:split] or ["."], args[split:]
    try:
        parser = _Parser(expression)
        test = parser.parse()
    except FindError as err:
        call.err(str(err))
        return 1
    status = 0
    printed: list[str] = []
    for typed in paths:
        path, node = locate(call, typed)
        if node is None:
            call.err(f"'{typed}': {why_missing(call.fs, path).reason}")
            status = 1
            continue
        for where, shown, found, depth in walk(call.fs, path, typed, node, parser.max_depth):
            if depth < parser.min_depth:
                continue
            if test(shown, found, call.fs, where) and not parser.has_action:
                printed.append(shown)
            printed.extend(parser.take_printed())
    if printed:
        call.out("\n".join(printed) + "\n")
    return status


class _Parser:
    """Recursive descent over GNU's expression grammar: or := and (-o and)*; and := not
    ([-a] not)*; not := (!|-not) not | '(' or ')' | primary."""

    def __init__(self, args: list[str]):
        self.args = args
        self.i = 0
        self.max_depth: int | None = None
        self.min_depth = 0
        self.has_action = False
        self.pending: list[str] = []

    def take_printed(self) -> list[str]:
        done, self.pending = self.pending, []
        return done

    def parse(self) -> Test:
        if not self.args:
            return _true
        test = self._or()
        if self.i < len(self.args):
            raise FindError("you have too many ')'")
        return test

    def _peek(self) -> str | None:
        return self.args[self.i] if self.i < len(self.args) else None

    def _or(self) -> Test:
        left = self._and()
        while self._peek() in ("-o", "-or"):
            self._operand_after(self.args[self.i])
            left = _either(left, self._and())
        return left

    def _and(self) -> Test:
        left = self._not()
        while self._peek() not in (None, ")", "-o", "-or"):
            if self._peek() in ("-a", "-and"):
                self._operand_after(self.args[self.i])
            left = _both(left, self._not())
        return left

    def _operand_after(self, word: str) -> None:
        """Step over an operator that needs an expression after it, or say what GNU says."""
        self.i += 1
        following = self._peek()
        if following is None:
            raise FindError(f"expected an expression after '{word}'")
        if following == ")":
            raise FindError(f"expected an expression between '{word}' and ')'")

    def _not(self) -> Test:
        word = self._peek()
        if word is None:  # only inside parentheses: every operator checks what follows it
            raise FindError("invalid expression; I was expecting to find a ')' somewhere but did not see one.")
        if word in _BINARY:
            raise FindError(f"invalid expression; you have used a binary operator '{word}' with nothing before it.")
        if word in ("!", "-not"):
            self._operand_after(word)
            inner = self._not()
            return lambda *a: not inner(*a)
        if word == "(":
            self.i += 1
            if self._peek() is None:
                raise FindError("invalid expression; expected to find a ')' but didn't see one. Perhaps you need an extra predicate after '('")
            if self._peek() == ")":
                raise FindError("invalid expression; empty parentheses are not allowed.")
            inner = self._or()
            if self._peek() != ")":
                raise FindError("invalid expression; I was expecting to find a ')' somewhere but did not see one.")
            self.i += 1
            return inner
        if word == ")":
            raise FindError("you have too many ')'")
        return self._primary()

    def _argument(self, word: str) -> str:
        if self.i >= len(self.args):
            raise FindError(f"missing argument to `{word}'")
        self.i += 1
        return self.args[self.i - 1]

    def _primary(self) -> Test:
        word = self.args[self.i]
        self.i += 1
        if not word.startswith("-"):
            problem = f"paths must precede expression: `{word}'"
            before = self.args[self.i - 3] if self.i >= 3 else ""
            if before in _PATTERNED:
                problem += f"\nfind: possible unquoted pattern after predicate `{before}'?"
            raise FindError(problem)
        if word in _PATTERNED:
            pattern = self._argument(word)
            return _matcher(word, pattern)
        if word == "-type":
            kinds = self._argument(word)
            letters = kinds.split(",")
            if not all(letter in ("f", "d") for letter in letters):
                raise FindError(f"Unknown argument to -type: {kinds}")
            wanted = {"dir" if letter == "d" else "file" for letter in letters}
            return lambda shown, node, fs, path: node.kind in wanted
        if word in ("-maxdepth", "-mindepth"):
            text = self._argument(word)
            depth = decimal(text)
            if depth is None:
                raise FindError(f"Expected a positive decimal integer argument to {word}, but got '{text}'")
            if depth > INT_MAX:
                raise FindError(f"{text}: Numerical result out of range")
            if word == "-maxdepth":
                self.max_depth = depth
            else:
                self.min_depth = depth
            return _true
        if word == "-print":
            self.has_action = True

            def action(shown: str, node: Node, fs: Filesystem, path: str) -> bool:
                self.pending.append(shown)
                return True

            return action
        if word == "-empty":
            return lambda shown, node, fs, path: not fs.listdir(path) if node.is_dir else node.size == 0
        if word == "-true":
            return _true
        if word == "-false":
            return lambda *a: False
        raise FindError(f"unknown predicate `{word}'")


def _matcher(word: str, pattern: str) -> Test:
    fold = word in ("-iname", "-ipath")
    pattern = pattern.replace("[^", "[!")  # fnmatch spells a negated set [!...] only
    pattern = pattern.lower() if fold else pattern

    def match(shown: str, node: Node, fs: Filesystem, path: str) -> bool:
        subject = shown if word.endswith("path") else _name(shown)
        return fnmatchcase(subject.lower() if fold else subject, pattern)

    return match


def _name(shown: str) -> str:
    """What ``-name`` sees: the last component as printed (``a`` for ``a/``, ``.`` for ``.``)."""
    return basename(shown) if shown.strip("/") else "/"


def _true(shown: str, node: Node, fs: Filesystem, path: str) -> bool:
    return True


def _both(left: Test, right: Test) -> Test:
    return lambda *a: left(*a) and right(*a)


def _either(left: Test, right: Test) -> Test:
    return lambda *a: left(*a) or right(*a)


COMMANDS = {"find": find}
