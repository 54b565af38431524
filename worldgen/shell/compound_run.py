"""The compound commands' side of the interpreter (``Shell`` inherits it): ``for``, ``while``/``until``,
``if`` and ``case`` (parsed in shell/compound.py), ``( ... )`` and ``{ ...; }`` (shell/groups.py), the ``read`` builtin that takes a compound command's input
a line at a time, and ``$(...)``'s subshell. Each runs its lists on a terminal of its own on the
line's budget (``_Terminal.fresh``) and then puts their output where the command's redirections
or pipe say; loop rounds are charged (``budget.ROUND_COST``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from worldgen.shell import budget, conditional_run
from worldgen.shell.arith import ArithError
from worldgen.shell.ast import AndOr, CaseClause, Conditional, ForLoop, Group, IfClause, Redirect, Script, WhileLoop, Word
from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.core import IDENTIFIER
from worldgen.shell.builtins.read import read
from worldgen.shell.expand import Expander, Substitute, matches
from worldgen.shell.functions import FunctionReturn
from worldgen.shell.loop_control import LoopControl
from worldgen.shell.subshell_exit import SubshellExit
from worldgen.shell.fs import FsError, resolve
from worldgen.shell.substitution import file_only

if TYPE_CHECKING:
    from worldgen.shell.interp import Session, Shell
    from worldgen.shell.sinks import _Terminal

FUNCTION_BUILTINS = frozenset({"return", "local", "shift"})  # (shell/functions.py)
INTERPRETER_BUILTINS = frozenset({"read", "break", "continue"}) | FUNCTION_BUILTINS  # bash builtins the interpreter runs itself


class Input:
    """What is left of a compound command's input (``while read l; do ...; done < f``): each
    ``read`` takes a line of it; other commands see the rest, as bash's do, but take nothing
    (bash's would read to the end of a file: the well-known ``while read`` pitfall)."""

    __slots__ = ("rest",)

    def __init__(self, text: str):
        self.rest = text


def reads_input(redirects: tuple[Redirect, ...]) -> bool:
    """Whether the redirections give the command input of its own (``<``, a here-document)."""
    return any(r.op in ("<", "<<", "<<<") and r.fd == 0 for r in redirects)


class CompoundRuns:
    """``Shell``'s methods for compound commands, ``read`` and ``$(...)`` (they call its
    ``_and_or``, ``_redirected``, ``_buffer`` and ``_finished``)."""

    def _loop(self: Shell, loop: ForLoop, stdin: str, session: Session, term: _Terminal, piped: bool,
              stream: Input | None) -> tuple[int, str]:
        """A ``for`` loop (shell/compound.py): its body once per field, with the name set to it."""
        if not IDENTIFIER.fullmatch(loop.name):
            term.err(f"bash: `{loop.name}': not a valid identifier\n")
            return 1, ""
        values = Expander(self.fs, session.env, session.cwd, session.status, self._substituter(session, term), session.args).argv(loop.words)

        def rounds(inner: _Terminal, given: Input) -> int:
            status = 0
            for value in values:
                term.meter.charge(budget.ROUND_COST)
                session.env[loop.name] = value
                status, leave = self._round(loop.body, session, inner, given)
                if leave:
                    break
            return status
        return self._compound(loop.redirects, rounds, stdin, session, term, piped, stream)

    def _while(self: Shell, loop: WhileLoop, stdin: str, session: Session, term: _Terminal, piped: bool,
               stream: Input | None) -> tuple[int, str]:
        """A ``while`` (``until``) loop: its body while its condition succeeds (fails), each round
        charged, so ``while true`` ends at the line's budget."""
        def rounds(inner: _Terminal, given: Input) -> int:
            status = 0
            while True:
                term.meter.charge(budget.ROUND_COST)
                tested, leave = self._round(loop.condition, session, inner, given)  # `while break` leaves too
                if leave or (tested == 0) == loop.until:
                    return tested if leave else status
                status, leave = self._round(loop.body, session, inner, given)
                if leave:
                    return status
        return self._compound(loop.redirects, rounds, stdin, session, term, piped, stream)

    def _round(self: Shell, body: tuple[AndOr, ...], session: Session, term: _Terminal, given: Input) -> tuple[int, bool]:
        """One round of a loop's body: (its status, whether a ``break`` leaves the loop). A
        ``break``/``continue`` for a loop further out goes on its way (shell/loop_control.py)."""
        self.loops += 1
        try:
            return self._list(body, session, term, given), False
        except LoopControl as control:
            if not control.caught():
                raise
            return control.status, control.kind == "break"
        finally:
            self.loops -= 1

    def _if(self: Shell, clause: IfClause, stdin: str, session: Session, term: _Terminal, piped: bool,
            stream: Input | None) -> tuple[int, str]:
        """An ``if`` (shell/compound.py): the first branch whose condition succeeds, else ``else``."""
        def chosen(inner: _Terminal, given: Input) -> int:
            for condition, body in clause.branches:
                if self._list(condition, session, inner, given) == 0:
                    return self._list(body, session, inner, given)
            return 0 if clause.otherwise is None else self._list(clause.otherwise, session, inner, given)
        return self._compound(clause.redirects, chosen, stdin, session, term, piped, stream)

    def _case(self: Shell, clause: CaseClause, stdin: str, session: Session, term: _Terminal, piped: bool,
              stream: Input | None) -> tuple[int, str]:
        """A ``case`` (shell/compound.py): the list of the first item with a pattern the word
        matches; the patterns are expanded in turn, up to that one, as bash does."""
        def chosen(inner: _Terminal, given: Input) -> int:
            ex = Expander(self.fs, session.env, session.cwd, session.status, self._substituter(session, inner), session.args)
            value = ex.word(clause.word)
            for patterns, body in clause.items:
                if any(matches(value, ex.pattern(pattern.parts)) for pattern in patterns):
                    return self._list(body, session, inner, given) if body else 0
            return 0
        return self._compound(clause.redirects, chosen, stdin, session, term, piped, stream)

    def _group(self: Shell, group: Group, stdin: str, session: Session, term: _Terminal, piped: bool,
               stream: Input | None) -> tuple[int, str]:
        """``( LIST )`` on a copy of the session (an arithmetic error ends only it, as it ends a
        ``$(...)``), or ``{ LIST; }`` in the session itself (shell/groups.py)."""
        if not group.subshell:
            return self._compound(group.redirects, lambda inner, given: self._list(group.body, session, inner, given),
                                  stdin, session, term, piped, stream)
        sub = session.copy()

        def inside(inner: _Terminal, given: Input) -> int:
            loops, self.loops = self.loops, 0  # a subshell's body is no loop's
            self.subshells += 1
            try:
                return self._list(group.body, sub, inner, given)
            except ArithError as stop:
                inner.err(stop.message + "\n")
                return 1
            except SubshellExit as stop:
                return stop.status
            finally:
                self.loops = loops
                self.subshells -= 1
        return self._compound(group.redirects, inside, stdin, session, term, piped, stream)

    def _conditional(self: Shell, test: Conditional, stdin: str, session: Session, term: _Terminal, piped: bool,
                     stream: Input | None) -> tuple[int, str]:
        """``[[ ... ]]`` (shell/conditional_run.py): ``BASH_REMATCH`` set in the session."""
        def judged(inner: _Terminal, given: Input) -> int:
            ex = Expander(self.fs, session.env, session.cwd, session.status, self._substituter(session, inner), session.args)
            errors: list[str] = []
            got = conditional_run.status(test.expr, ex, Call(["[["], "", self.fs, session.cwd, session.env, [], errors))  # type: ignore[arg-type]
            for line in errors:
                inner.err(line)
            return got
        return self._compound(test.redirects, judged, stdin, session, term, piped, stream)

    def _compound(self: Shell, redirects: tuple[Redirect, ...], run: Callable[[_Terminal, Input], int], stdin: str,
                  session: Session, term: _Terminal, piped: bool, stream: Input | None) -> tuple[int, str]:
        """A compound command: ``run`` its lists on a terminal of their own, reading the command's
        input (its own ``<``, else the enclosing one's, else the pipe), then their output (in the
        order written, stdout and stderr apart) into the command's redirections or pipe."""
        ex = Expander(self.fs, session.env, session.cwd, session.status, self._substituter(session, term), session.args)
        stdin, out, err, files, buffers, failed = self._redirected(redirects, ex, session.cwd, stdin, piped, term)
        status = 1
        if not failed:
            stdout, stderr = self._buffer(out, buffers, term), self._buffer(err, buffers, term)
            inner = term.fresh()
            given = stream if stream is not None and not reads_input(redirects) else Input(stdin)
            try:
                status = run(inner, given)
            except (ArithError, LoopControl, SubshellExit, FunctionReturn) as stop:  # what ran before it is written where it goes
                inner.drain(stdout.append, stderr.append)
                stop.piped = self._finished(files, buffers, term, 1)[1]
                raise
            inner.drain(stdout.append, stderr.append)
        return self._finished(files, buffers, term, status)

    def _list(self: Shell, items: tuple[AndOr, ...], session: Session, term: _Terminal, stream: Input | None = None) -> int:
        for item in items:
            self._and_or(item, session, term, stream)
        return session.status

    def _read(self: Shell, argv: list[str], stdin: str, env: dict[str, str], session: Session, stderr: list[str],
              stream: Input | None) -> int:
        """``read`` (builtins/read.py): a line of the input into the session's variables; inside a
        compound command, the line is taken from its input, for the next ``read`` to go on."""
        got = read(argv, stdin, env.get("IFS"))
        if got.error is not None:
            stderr.append(got.error + "\n")
            return got.status
        session.env.update(got.values)
        if stream is not None:
            stream.rest = stream.rest[got.consumed:]
        return got.status

    def _file_text(self: Shell, typed: Word, session: Session, term: _Terminal) -> tuple[str, int]:
        """``$(< FILE)``: the file's text (a read, as ``cat`` makes), or bash's error and status 1."""
        name = Expander(self.fs, session.env, session.cwd, session.status, None, session.args).word(typed)
        try:
            text = self.fs.read(resolve(session.cwd, name))
        except FsError as why:
            if why.errno == "EISDIR":  # bash reads a directory as nothing, quietly
                return "", 0
            term.err(f"bash: {name}: {why.reason}\n")
            return "", 1
        term.meter.charge(budget.READ_COST * len(text))
        return text, 0

    def _substituter(self: Shell, session: Session, term: _Terminal) -> Substitute:
        """How a command's ``$(...)`` runs: in a subshell of ``session`` (its changes to variables
        and the directory stay inside), on the line's budget; its stderr goes to the terminal."""
        def run(script: Script) -> tuple[str, int]:
            typed = file_only(script)
            if typed is not None:
                return self._file_text(typed, session, term)
            sub = session.copy()
            inner = term.fresh()
            self.subshells += 1
            try:
                self._list(script.items, sub, inner)
            except ArithError as stop:  # it ends the subshell, not the line
                inner.err(stop.message + "\n")
                sub.status = 1
            except (LoopControl, SubshellExit, FunctionReturn) as stop:  # `$(break)`, `$(exit 3)` end the substitution
                sub.status = stop.status
            finally:
                self.subshells -= 1
            out: list[str] = []
            inner.drain(out.append, term.err)
            return "".join(out), sub.status
        return run
