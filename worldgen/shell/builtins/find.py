"""``find [PATH...] [EXPRESSION]``: tests ``-name``, ``-iname``, ``-path``, ``-ipath``,
``-type f|d`` (or ``f,d``), ``-empty``, ``-perm [-/]MODE``, ``-user``, ``-group``,
``-size [+-]N[bcwkMG]``, ``-true``, ``-false``; actions ``-print``, ``-print0``, ``-printf FORMAT``
(find_printf.py), ``-delete``,
``-exec CMD {} ;`` and ``-exec CMD {} +``; global ``-maxdepth N`` / ``-mindepth N`` / ``-depth``;
operators ``!``/``-not``, ``-a``/``-and`` (or nothing), ``-o``/``-or`` and parentheses. Without
an action the whole expression is printed where true. ``-exec`` starts its command the way the
shell's other commands do (``Context.program``); ``-delete`` implies ``-depth`` as in GNU.

Order: GNU walks each directory in readdir order, which on a real disk is arbitrary; here each
directory is walked in sorted (byte) order, pre-order, so the output is reproducible.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fnmatch import fnmatchcase

from worldgen.shell import limits
from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.core import Context, takes_context
from worldgen.shell.builtins.find_printf import FormatError, compile_format
from worldgen.shell.builtins.modes import BLOCK, ModeChange, parse_mode
from worldgen.shell.builtins.options import ascii_digits, decimal
from worldgen.shell.builtins.walk import locate, post_order, walk, why_missing
from worldgen.shell.fs import Filesystem, FsError, Node, basename
from worldgen.shell.nss import accounts

Test = Callable[[str, Node, Filesystem, str], bool]  # (printed path, node, fs, absolute path)


_PATTERNED = ("-name", "-iname", "-path", "-ipath")
_BINARY = ("-o", "-or", "-a", "-and")
INT_MAX = 2**31 - 1  # GNU find reads depths into an int
_SIZE_UNITS = {"b": 512, "c": 1, "w": 2, "k": 1024, "M": 1024**2, "G": 1024**3}
_SIGNED = re.compile(r"[+-]?[0-9]+")


class FindError(Exception):
    """A bad expression: the message GNU prints after ``find: ``."""


@takes_context
def find(call: Call, ctx: Context | None = None) -> int:
    """Without a context (a caller outside the shell) ``-exec`` finds no command to run."""
    args = call.argv[1:]
    split = next((i for i, a in enumerate(args) if a.startswith("-") and a != "-" or a in ("(", "!")), len(args))
    paths, expression = args[:split] or ["."], args[split:]
    try:
        parser = _Parser(expression, call, ctx)
        test = parser.parse()
    except FindError as err:
        call.err(str(err))
        return 1
    for typed in paths:
        parser.start = typed
        path, node = locate(call, typed)
        if node is None:
            call.err(f"{call.quote(typed)}: {why_missing(call.fs, path).reason}")
            parser.status = 1
            continue
        visits = post_order(call.fs, path, typed, node, parser.max_depth) if parser.depth_first else walk(call.fs, path, typed, node, parser.max_depth)
        for where, shown, found, depth in visits:
            if depth < parser.min_depth:
                continue
            if test(shown, found, call.fs, where) and not parser.has_action:
                parser.printed.append(shown + "\n")
    parser.finish()
    return parser.status


class _Parser:
    """Recursive descent over GNU's expression grammar: or := and (-o and)*; and := not
    ([-a] not)*; not := (!|-not) not | '(' or ')' | primary. It also holds the run's state:
    what is printed (written out before each command ``-exec`` starts, so output keeps its
    order), the paths each ``-exec ... +`` gathers, and the exit status."""

    def __init__(self, args: list[str], call: Call, ctx: Context | None):
        self.args = args
        self.call = call
        self.ctx = ctx
        self.i = 0
        self.depth = 0  # parentheses open where the parser stands
        self.max_depth: int | None = None
        self.min_depth = 0
        self.start = "."  # the starting point being walked (-printf %P)
        self.depth_first = False
        self.has_action = False
        self.printed: list[str] = []
        self.batches: list[tuple[list[str], list[str]]] = []  # (command, paths) of each -exec +
        self.status = 0

    def flush(self) -> None:
        if self.printed:
            self.call.out("".join(self.printed))
            self.printed = []

    def finish(self) -> None:
        """Run each ``-exec ... +`` on the paths it gathered; write what is left to print."""
        for command, paths in self.batches:
            if paths and self._execute(command + paths) != 0:
                self.status = 1
        self.flush()

    def _execute(self, argv: list[str]) -> int:
        """Run one command line as ``-exec`` does (its status; 127 when it did not start)."""
        self.flush()
        run = self.ctx.program(argv[0]) if self.ctx is not None else "No such file or directory"
        if isinstance(run, str):
            self.call.err(f"'{argv[0]}': {run}")
            return 127
        call = self.call
        return run(Call(argv, call.stdin, call.fs, call.cwd, call.env, call.stdout, call.stderr))

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
            negated = False
            while self._peek() in ("!", "-not"):  # counted: '! ! ! ...' may be thousands long
                self._operand_after(self.args[self.i])
                negated = not negated
            inner = self._not()
            return (lambda *a: not inner(*a)) if negated else inner
        if word == "(":
            self.depth += 1
            if self.depth > limits.MAX_PARENS:
                raise FindError(f"invalid expression; more than {limits.MAX_PARENS} nested parentheses")
            self.i += 1
            if self._peek() is None:
                raise FindError("invalid expression; expected to find a ')' but didn't see one. Perhaps you need an extra predicate after '('")
            if self._peek() == ")":
                raise FindError("invalid expression; empty parentheses are not allowed.")
            inner = self._or()
            if self._peek() != ")":
                raise FindError("invalid expression; I was expecting to find a ')' somewhere but did not see one.")
            self.i += 1
            self.depth -= 1
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
                raise FindError(f"Expected a positive decimal integer argument to {word}, but got {self.call.quote(text)}")
            if depth > INT_MAX:
                raise FindError(f"{text}: Numerical result out of range")
            if word == "-maxdepth":
                self.max_depth = depth
            else:
                self.min_depth = depth
            return _true
        if word in ("-print", "-print0"):
            self.has_action = True
            end = "\n" if word == "-print" else "\0"

            def action(shown: str, node: Node, fs: Filesystem, path: str) -> bool:
                self.printed.append(shown + end)
                return True

            return action
        if word == "-printf":
            self.has_action = True
            try:
                render = compile_format(self._argument(word))
            except FormatError as err:
                raise FindError(str(err)) from None

            def printf(shown: str, node: Node, fs: Filesystem, path: str) -> bool:
                self.printed.append(render(shown, self.start, node, fs))
                return True

            return printf
        if word == "-exec":
            self.has_action = True
            return self._exec()
        if word == "-delete":
            self.has_action = self.depth_first = True
            return self._delete
        if word == "-depth":
            self.depth_first = True
            return _true
        if word == "-perm":
            return _perm(self._argument(word))
        if word in ("-user", "-group"):
            return self._owned(word, self._argument(word))
        if word == "-size":
            return _size(self._argument(word))
        if word == "-empty":
            return lambda shown, node, fs, path: not fs.listdir(path) if node.is_dir else node.size == 0
        if word == "-true":
            return _true
        if word == "-false":
            return lambda *a: False
        raise FindError(f"unknown predicate `{word}'")

    def _owned(self, word: str, name: str) -> Test:
        """``-user NAME`` / ``-group NAME``: by id, as GNU compares them (a name or a number)."""
        db = accounts(self.call.fs)
        table = db.users if word == "-user" else db.groups
        wanted = table.id(name)
        if wanted is None:
            raise FindError(f"'{name}' is not the name of {'a known user' if word == '-user' else 'an existing group'}")
        if word == "-user":
            return lambda shown, node, fs, path: table.id(node.owner) == wanted
        return lambda shown, node, fs, path: table.id(node.group) == wanted


    def _exec(self) -> Test:
        """``-exec CMD ARG... ;`` (true where CMD exits 0; ``{}`` in any word is the path) or
        ``-exec CMD ARG... {} +`` (true; CMD runs once at the end on every path)."""
        start = self.i
        while self.i < len(self.args):
            word = self.args[self.i]
            if word == ";" or word == "+" and self.i > start and "{}" in self.args[self.i - 1]:
                break
            self.i += 1
        else:
            raise FindError("missing argument to `-exec'")
        command, terminator = self.args[start:self.i], self.args[self.i]
        self.i += 1
        if not command:
            raise FindError(f"invalid argument `{terminator}' to `-exec'")
        if terminator == ";":
            return lambda shown, node, fs, path: self._execute([w.replace("{}", shown) for w in command]) == 0
        if sum("{}" in w for w in command) > 1:
            raise FindError("Only one instance of {} is supported with -exec ... +")
        if command[-1] != "{}":
            raise FindError(f"In '-exec ... {{}} +' the '{{}}' must appear by itself, but you specified '{command[-1]}'")
        paths: list[str] = []
        self.batches.append((command[:-1], paths))

        def gather(shown: str, node: Node, fs: Filesystem, path: str) -> bool:
            paths.append(shown)
            return True

        return gather

    def _delete(self, shown: str, node: Node, fs: Filesystem, path: str) -> bool:
        if shown == ".":  # GNU leaves the starting directory it stands in
            return True
        try:
            fs.remove(path)
        except FsError as err:
            self.call.err(f"cannot delete '{shown}': {err.reason}")
            self.status = 1
            return False
        return True


def _perm(text: str) -> Test:
    """``-perm MODE`` (exactly these bits), ``-perm -MODE`` (all of them), ``-perm /MODE`` (any
    of them, or no bits at all); a symbolic MODE counts from 0 with no umask."""
    how, body = (text[0], text[1:]) if text[:1] in ("-", "/") else ("=", text)
    change = parse_mode(body)
    if change is None:
        raise FindError(f"invalid mode '{text}'")
    if change.octal is not None:
        bits = change.octal
    else:
        bits = ModeChange(None, 0, tuple((who or 0o7777, op, perms) for who, op, perms in change.actions)).apply(0, False)
    if how == "-":
        return lambda shown, node, fs, path: node.mode & bits == bits
    if how == "/":
        return lambda shown, node, fs, path: not bits or bool(node.mode & bits)
    return lambda shown, node, fs, path: node.mode & 0o7777 == bits


def _size(text: str) -> Test:
    """``-size [+-]N[bcwkMG]``: the size in units, rounded up, more than, less than or exactly
    N (a unit is 512 bytes unless said)."""
    unit = 512
    number = text
    if text and not ascii_digits(text[-1]):
        if text[-1] not in _SIZE_UNITS:
            raise FindError(f"invalid -size type `{text[-1]}'")
        unit, number = _SIZE_UNITS[text[-1]], text[:-1]
    if not _SIGNED.fullmatch(number):
        raise FindError(f"Invalid argument `{text}' to -size")
    sign = number[0] if number[0] in "+-" else ""
    wanted = decimal(number.lstrip("+-")) or 0  # digits, as _SIGNED checked

    def test(shown: str, node: Node, fs: Filesystem, path: str) -> bool:
        size = BLOCK if node.is_dir else node.size
        units = -(-size // unit)
        return units > wanted if sign == "+" else units < wanted if sign == "-" else units == wanted

    return test


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
