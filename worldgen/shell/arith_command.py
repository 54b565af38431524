"""The arithmetic command ``((EXPRESSION))`` and the C-style loop ``for ((INIT; TEST; STEP))``.

The lexer reads ``((`` to its ``))`` as one token (no ``))``: two subshells, as bash falls back);
the expression is arithmetic (shell/arith.py) whose assignments land in the session. The
command's status is 0 when the value is not 0, 1 when it is; an error prints bash's line with
``((:`` and is status 1, and the line goes on. The loop runs INIT, then its body while TEST is not
0 (an empty TEST holds), STEP after each round; each round is charged as other loops' are, and
``break``/``continue`` work as in them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldgen.shell import budget
from worldgen.shell.arith import ArithError, evaluate
from worldgen.shell.ast import AndOr, Part, Redirect
from worldgen.shell.compound import SEPARATORS, compound_list, trailing_redirects
from worldgen.shell.errors import ShellSyntaxError, unexpected
from worldgen.shell.expand import Expander
from worldgen.shell.lexer import arith_parts

if TYPE_CHECKING:
    from worldgen.shell.compound_run import Input
    from worldgen.shell.interp import Session, Shell
    from worldgen.shell.sinks import _Terminal
    from worldgen.shell.parser import _Parser


@dataclass(frozen=True, slots=True)
class ArithCommand:
    expr: tuple[Part, ...]
    redirects: tuple[Redirect, ...] = ()


@dataclass(frozen=True, slots=True)
class ArithFor:
    init: tuple[Part, ...]
    test: tuple[Part, ...]
    step: tuple[Part, ...]
    body: tuple[AndOr, ...]
    redirects: tuple[Redirect, ...] = ()


def parse_command(p: _Parser) -> ArithCommand:
    text: str = p.take()[1]  # type: ignore[assignment]
    return ArithCommand(arith_parts(text), trailing_redirects(p))


def parse_for(p: _Parser) -> ArithFor:
    """At ``for``, before the ``((`` token."""
    p.take()  # `for`
    text: str = p.take()[1]  # type: ignore[assignment]
    pieces = text.split(";")
    if len(pieces) != 3:  # bash's two lines: what is wrong, then the loop's head
        wrong = "arithmetic expression required" if len(pieces) < 3 else "`;' unexpected"
        head = text if len(text) <= 200 else text[:200] + "..."  # a line's worth, however long the line
        raise ShellSyntaxError(f"syntax error: {wrong}\nbash: syntax error: `(({head}))'")
    if p.peek()[0] in SEPARATORS:
        p.take()
    p.skip_newlines()
    kind, _, shown = p.peek()
    if kind == "EOF":
        raise ShellSyntaxError("syntax error: unexpected end of file")
    if not (kind == "W" and shown == "do"):
        raise unexpected(shown)
    p.take()
    body = compound_list(p, ("done",))
    p.take()  # `done`
    init, test, step = (arith_parts(piece) for piece in pieces)
    return ArithFor(init, test, step, body, trailing_redirects(p))


class ArithRuns:
    """``Shell``'s methods for the two (they call its ``_compound``, ``_round`` and ``_substituter``)."""

    def _arith_command(self: Shell, cmd: ArithCommand, stdin: str, session: Session, term: _Terminal, piped: bool,
                       stream: Input | None) -> tuple[int, str]:
        def judged(inner: _Terminal, given: Input) -> int:
            value = self._arith(cmd.expr, session, inner)
            return 1 if value is None or value == 0 else 0
        return self._compound(cmd.redirects, judged, stdin, session, term, piped, stream)

    def _arith_for(self: Shell, loop: ArithFor, stdin: str, session: Session, term: _Terminal, piped: bool,
                   stream: Input | None) -> tuple[int, str]:
        def rounds(inner: _Terminal, given: Input) -> int:
            status = 0
            if self._arith(loop.init, session, inner) is None:
                return 1
            while True:
                term.meter.charge(budget.ROUND_COST)
                test = self._arith(loop.test, session, inner) if loop.test else 1
                if test is None:
                    return 1
                if test == 0:
                    return status
                status, leave = self._round(loop.body, session, inner, given)
                if leave:
                    return status
                if self._arith(loop.step, session, inner) is None:
                    return 1
        return self._compound(loop.redirects, rounds, stdin, session, term, piped, stream)

    def _arith(self: Shell, parts: tuple[Part, ...], session: Session, term: _Terminal) -> int | None:
        """The expression's value, its assignments made in ``session``; None after an error (printed)."""
        ex = Expander(self.fs, session.env, session.cwd, session.status, self._substituter(session, term), session.args)
        try:
            return evaluate(ex.text(parts), ex.lookup, store=ex.assign)
        except ArithError as err:
            term.err(err.message.replace("bash: ", "bash: ((: ", 1) + "\n")
            return None
