"""``test`` and ``[``: POSIX's rules by number of arguments (so ``[ -n ]`` and ``[ = = = ]`` mean
what bash says), then ``!``, ``-a``, ``-o`` and parentheses for longer expressions. File tests
read the file system's ``stat``; the world's shell runs as root, so ``-r``/``-w`` hold for any
file that exists and ``-x`` for a directory or a file with an execute bit."""

from __future__ import annotations

import re

from worldgen.shell import limits
from worldgen.shell.builtins.base import Builtin, Call
from worldgen.shell.builtins.options import INTMAX, integer

_INTEGER = re.compile(r"\s*[+-]?[0-9]+\s*")
_UNARY = frozenset("-e -f -d -s -r -w -x -z -n -a -L -h -b -c -p -S -t -g -u -k -O -G -N".split())
_BINARY = frozenset("= == != < > -eq -ne -lt -le -gt -ge -nt -ot -ef".split())


class _Error(Exception):
    pass


class _Test:
    def __init__(self, call: Call):
        self.call = call

    # ------------------------------------------------------------------------- primaries
    def unary(self, op: str, arg: str) -> bool:
        if op == "-z":
            return arg == ""
        if op == "-n":
            return arg != ""
        if op == "-t":
            return False
        node = self.call.fs.stat(self.call.path(arg)) if arg else None
        if node is None:
            return False
        if op in ("-e", "-a", "-r", "-w"):
            return True
        if op == "-f":
            return not node.is_dir
        if op == "-d":
            return node.is_dir
        if op == "-s":
            return node.size > 0
        if op == "-x":
            return node.is_dir or bool(node.mode & 0o111)
        if op == "-g":
            return bool(node.mode & 0o2000)
        if op == "-u":
            return bool(node.mode & 0o4000)
        if op == "-k":
            return bool(node.mode & 0o1000)
        if op in ("-O", "-G"):
            return True
        return False  # -L -h -b -c -p -S -N: no links, devices, pipes or sockets here

    def binary(self, left: str, op: str, right: str) -> bool:
        if op in ("=", "=="):
            return left == right
        if op == "!=":
            return left != right
        if op == "<":
            return left < right
        if op == ">":
            return left > right
        if op in ("-nt", "-ot", "-ef"):
            return self.files(left, op, right)
        a, b = self.integer(left), self.integer(right)
        return {"-eq": a == b, "-ne": a != b, "-lt": a < b, "-le": a <= b, "-gt": a > b, "-ge": a >= b}[op]

    def files(self, left: str, op: str, right: str) -> bool:
        fs, call = self.call.fs, self.call
        a = fs.stat(call.path(left)) if left else None
        b = fs.stat(call.path(right)) if right else None
        if op == "-ef":
            return a is not None and b is not None and call.path(left) == call.path(right)
        if op == "-nt":
            return a is not None and (b is None or a.mtime > b.mtime)
        return b is not None and (a is None or a.mtime < b.mtime)

    def integer(self, text: str) -> int:
        value = integer(text) if _INTEGER.fullmatch(text) else None
        if value is None or not -INTMAX - 1 <= value <= INTMAX:
            raise _Error(f"{text}: integer expression expected")
        return value

    # ------------------------------------------------------------------------- by count
    def evaluate(self, args: list[str]) -> bool:
        n = len(args)
        if n == 0:
            return False
        if n == 1:
            return args[0] != ""
        if n == 2:
            if args[0] == "!":
                return args[1] == ""
            if args[0] in _UNARY:
                return self.unary(args[0], args[1])
            raise _Error(f"{args[0]}: unary operator expected")
        if n == 3:
            if args[1] in _BINARY:
                return self.binary(*args)
            if args[1] in ("-a", "-o"):
                return self.general(args)
            if args[0] == "!":
                return not self.evaluate(args[1:])
            if args[0] == "(" and args[2] == ")":
                return args[1] != ""
            raise _Error(f"{args[1]}: binary operator expected")
        if n == 4:
            if args[0] == "!":
                return not self.evaluate(args[1:])
            if args[0] == "(" and args[3] == ")":
                return self.evaluate(args[1:3])
        return self.general(args)

    # ------------------------------------------------------------------------- -a -o ! ( )
    def general(self, args: list[str]) -> bool:
        self.args, self.pos, self.depth = args, 0, 0
        value = self.or_()
        if self.pos < len(args):
            raise _Error("too many arguments")
        return value

    def peek(self) -> str | None:
        return self.args[self.pos] if self.pos < len(self.args) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise _Error("argument expected")
        self.pos += 1
        return tok

    def or_(self) -> bool:
        value = self.and_()
        while self.peek() == "-o":
            self.pos += 1
            value = self.and_() or value
        return value

    def and_(self) -> bool:
        value = self.not_()
        while self.peek() == "-a":
            self.pos += 1
            value = self.not_() and value
        return value

    def not_(self) -> bool:
        negated = False
        while self.peek() == "!":  # counted, as bash does: 'test ! ! ! ... x' may hold thousands
            self.pos += 1
            negated = not negated
        return self.primary() != negated

    def primary(self) -> bool:
        tok = self.take()
        if tok == "(":
            self.depth += 1
            if self.depth > limits.MAX_PARENS:
                raise _Error(f"more than {limits.MAX_PARENS} nested parentheses")
            value = self.or_()
            self.depth -= 1
            if self.peek() != ")":
                raise _Error("`)' expected")
            self.pos += 1
            return value
        nxt = self.peek()
        if nxt in _BINARY and self.pos + 1 < len(self.args):
            self.pos += 1
            return self.binary(tok, nxt, self.take())  # type: ignore[arg-type]
        if tok in _UNARY and nxt is not None:
            self.pos += 1
            return self.unary(tok, nxt)
        return tok != ""


def file_test(call: Call, op: str, arg: str) -> bool:
    """A unary test (``-f``, ``-z``...) as ``test`` makes it (``[[ ]]`` makes the same ones)."""
    return _Test(call).unary(op, arg)


def files_compared(call: Call, left: str, op: str, right: str) -> bool:
    """``-nt``, ``-ot`` or ``-ef`` as ``test`` makes it."""
    return _Test(call).files(left, op, right)


def test(call: Call) -> int:
    args = call.argv[1:]
    if call.argv[0] == "[":
        if not args or args[-1] != "]":
            call.stderr.append("bash: [: missing `]'\n")
            return 2
        args = args[:-1]
    try:
        return 0 if _Test(call).evaluate(args) else 1
    except _Error as err:
        call.stderr.append(f"bash: {call.argv[0]}: {err}\n")
        return 2


COMMANDS: dict[str, Builtin] = {"test": test, "[": test}
