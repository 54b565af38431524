"""Shell functions: ``NAME() COMPOUND`` and ``function NAME [()] COMPOUND``, called as commands.

A definition stores its body (a compound command: ``{ ...; }``, ``( ... )``, a loop...) in the
session; a call runs it in the shell itself with the call's words as ``$1``, ``$2``..., ``$#``,
``$@`` and ``$*``, its output going where the call's redirections or pipe say. Inside, ``return
[N]`` ends it, ``local NAME[=VALUE]`` gives a variable a value until it returns, and ``shift
[N]`` drops arguments. A function's body is no loop's (``break`` there leaves nothing), and
calls nest at most ``MAX_DEPTH`` deep, as bash's ``FUNCNEST`` can bound them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldgen.shell.ast import Command, Compound
from worldgen.shell.builtins.core import IDENTIFIER
from worldgen.shell.errors import ShellSyntaxError, unexpected

if TYPE_CHECKING:
    from worldgen.shell.compound_run import Input
    from worldgen.shell.interp import Session, Shell
    from worldgen.shell.sinks import _Terminal
    from worldgen.shell.parser import _Parser

MAX_DEPTH = 100
RETURN_OUTSIDE = "can only `return' from a function or sourced script"


@dataclass(frozen=True, slots=True)
class FunctionDef:
    name: str
    body: Compound


class FunctionReturn(Exception):
    """``return``: on its way to the call it ends (a pipeline's stage or a ``$(...)`` ends at it)."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status
        self.piped = ""  # what the commands it unwound had written into their pipe


def parse_keyword(p: _Parser) -> FunctionDef:
    """``function NAME [()] COMPOUND``."""
    p.take()  # `function`
    kind, _, name = p.take()
    if kind != "W":
        raise unexpected(name)
    if p.peek()[0] == "(":
        p.take()
        if p.peek()[0] != ")":
            raise unexpected(p.peek()[2])
        p.take()
    return FunctionDef(name, _body(p))


def parse_after_name(p: _Parser, name: str) -> FunctionDef:
    """``NAME () COMPOUND``, from the ``(`` after the name."""
    p.take()  # `(`
    p.take()  # `)`
    return FunctionDef(name, _body(p))


def _body(p: _Parser) -> Compound:
    p.skip_newlines()
    kind, _, text = p.peek()
    if kind == "EOF":
        raise ShellSyntaxError("syntax error: unexpected end of file")
    body = p.command()
    if type(body) is Command:  # `f() echo hi`: bash wants a compound command
        raise unexpected(text)
    return body  # type: ignore[return-value]


class FunctionRuns:
    """``Shell``'s methods for defining and calling functions and for ``return``, ``local``, ``shift``."""

    def _define(self: Shell, fn: FunctionDef, stdin: str, session: Session, term: _Terminal, piped: bool,
                stream: Input | None) -> tuple[int, str]:
        session.functions[fn.name] = fn.body
        return 0, ""

    def _call(self: Shell, body: Compound, argv: list[str], stdin: str, session: Session, term: _Terminal,
              stdout: list[str], stderr: list[str], stream: Input | None) -> int:
        """Run a function's body as the command ``argv``: its output into ``stdout``/``stderr``."""
        if self.calls >= MAX_DEPTH:
            stderr.append(f"bash: {argv[0]}: maximum function nesting level exceeded ({MAX_DEPTH})\n")
            return 1
        inner = term.fresh()
        args, session.args = session.args, argv[1:]
        loops, self.loops = self.loops, 0
        self.calls += 1
        self.frames.append({})
        try:
            return self._run_compound(body, stdin, session, inner, False, stream)[0]
        except FunctionReturn as done:
            return done.status
        finally:
            for name, before in self.frames.pop().items():
                if before is None:
                    session.env.pop(name, None)
                else:
                    session.env[name] = before
            self.calls -= 1
            self.loops = loops
            session.args = args
            inner.drain(stdout.append, stderr.append)

    def _function_builtin(self: Shell, argv: list[str], session: Session, stderr: list[str]) -> int:
        """``return [N]``, ``local NAME[=VALUE]...`` and ``shift [N]``."""
        name = argv[0]
        if name == "return":
            if not self.calls:
                stderr.append(f"bash: return: {RETURN_OUTSIDE}\n")
                return 2
            raise FunctionReturn(_number(argv[1], session.status) & 0xFF if len(argv) > 1 else session.status)
        if name == "shift":
            count = _number(argv[1], 1) if len(argv) > 1 else 1
            if count < 0 or count > len(session.args):
                return 1
            session.args = session.args[count:]
            return 0
        if not self.calls:
            stderr.append("bash: local: can only be used in a function\n")
            return 1
        status = 0
        frame = self.frames[-1]
        for item in argv[1:]:
            key, eq, value = item.partition("=")
            if not IDENTIFIER.fullmatch(key):
                stderr.append(f"bash: local: `{item}': not a valid identifier\n")
                status = 1
                continue
            frame.setdefault(key, session.env.get(key))
            if eq:
                session.env[key] = value
            else:
                session.env.pop(key, None)
        return status


def _number(text: str, otherwise: int) -> int:
    try:
        return int(text)
    except ValueError:
        return otherwise
