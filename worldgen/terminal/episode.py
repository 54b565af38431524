"""One episode of a terminal world: the shell, its session and the world's file system.

``Env`` hands each command line here; the shell runs it over ``WorldFs`` with the world's
programs, and every change of state goes through ``Env``'s own way of running an action (guards,
effects, rewards), so a line may run several actions (``cat a.log && systemctl restart api``).
"""

from __future__ import annotations

from typing import Any, Protocol

from worldgen.shell import limits
from worldgen.shell.builtins.registry import tools
from worldgen.shell.interp import Outcome, Session, Shell
from worldgen.terminal.layout import Layout
from worldgen.terminal.programs import programs
from worldgen.terminal.worldfs import WorldFs, refusal_line

MAX_SHOWN = 2 * (limits.MAX_OUTPUT + 1 + len(limits.TRUNCATED)) + 1  # the longest text ``shown`` returns
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


class Runner(Protocol):
    """What the episode needs of ``Env``: the state, and running one action of the world."""

    _state: list[Any]
    _gain: float  # this step's reward so far
    _action: str | None  # the last action this step ran
    _error: str | None  # a rule error this step met

    def _act(self, ai: int, args: tuple[Any, ...]) -> tuple[bool, list[str]]:
        ...


class TerminalEpisode:
    def __init__(self, layout: Layout, runner: Runner):
        self.layout = layout
        self.runner = runner
        self.fs = WorldFs(layout, self)
        self.shell = Shell(self.fs, programs(layout, self._binding, self._action, tools(), self._settled))
        self.session = self.fresh_session()
        self.notes: list[str] = []
        self.last = Outcome("", "", "", 0)  # the last line's streams apart (fidelity compares them)

    def _action(self, ai: int, args: tuple[Any, ...]) -> tuple[bool, str]:
        ok, said = self.runner._act(ai, args)
        return ok, "\n".join(said)

    @property
    def state(self) -> list[Any]:
        return self.runner._state

    def act(self, binding: int) -> str | None:
        """A file hook: None when it happened (what it said is kept for the line's output), else
        the world's refusal message."""
        ok, text = self._binding(binding)
        if ok:
            if text:
                self.notes.append(text)
            return None
        return text

    def _binding(self, binding: int) -> tuple[bool, str]:
        b = self.layout.rules.bindings[binding]
        ok, said = self.runner._act(b.action, b.args)
        return ok, "\n".join(said)

    def _saved(self) -> tuple[Any, ...]:
        """What a line stopped by its budget puts back (the step tables' episode keeps its row too)."""
        r = self.runner
        return r._state, r._gain, r._action, r._error

    def _restore(self, saved: tuple[Any, ...]) -> None:
        r = self.runner
        r._state, r._gain, r._action, r._error = saved

    def fresh_session(self) -> Session:
        t = self.layout.terminal
        env = {"HOME": t.home, "USER": t.user, "LOGNAME": t.user, "SHELL": "/bin/bash", "PATH": PATH,
               "PWD": t.cwd or t.home, "HOSTNAME": "world", "TERM": "dumb", "LANG": "C.UTF-8"}
        env.update(dict(t.env))
        return Session(cwd=t.cwd or t.home, env=env)

    def reset(self) -> None:
        self.fs.reset()
        self.session = self.fresh_session()

    def snapshot(self) -> tuple[Any, ...]:
        """What an episode's copy carries of the shell: its scratch files, the folders the agent
        made and the session (directory, variables, last status)."""
        return self.fs.scratch, self.fs.made, self.session

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        self.fs.scratch, self.fs.made, self.session = snapshot

    def run(self, line: str) -> tuple[str, int]:
        """(what the terminal shows, the exit status) of one command line; what the world's file
        hooks said (``when write ... { say ... }``) follows the line's own output, and its refusals
        of what the line wrote to its files (judged when the line ends: WorldFs.settle) come last
        on stderr, as the real face says them."""
        self.notes: list[str] = []
        before = self._saved()
        outcome = self.shell.run(line, self.session)
        if outcome.stopped:  # undone whole: the shell undid its session and files, this the world's
            self._restore(before)
            self.notes = []
        else:
            refused = "".join(line + "\n" for line in self._settled())
            if refused:
                outcome = Outcome(outcome.output + refused, outcome.stdout, outcome.stderr + refused, outcome.status)
        self.last = outcome
        return shown(outcome.output, self.notes), outcome.status

    def _settled(self) -> list[str]:
        """The world's refusals of the texts written to its files since the last time (WorldFs.settle)."""
        return [refusal_line(path, reason) for path, reason in self.fs.settle()]


def shown(output: str, notes: list[str]) -> str:
    """What the terminal shows for a line: its output, then what the world's file hooks said,
    each part cut to the shell's ``MAX_OUTPUT`` characters (and the line saying so), so one line
    shows at most twice that however many hooks it sets off (in real bash too, whose two streams
    are kept to that size each). The emulator's output is cut already; cutting is idempotent."""
    text = limits.cut(output.rstrip("\n")).rstrip("\n")
    if not notes:
        return text
    said = limits.cut("\n".join(notes)).rstrip("\n")
    return f"{text}\n{said}" if text else said
