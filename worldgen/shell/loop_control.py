"""``break [N]`` and ``continue [N]``: leave or go round the N innermost loops.

They are raised as ``LoopControl`` from where they run (however deep in ``if``, ``case`` or
groups) and caught by the loops they name (shell/compound_run.py), as bash unwinds them: a
pipeline's stage or a ``$(...)`` ends at them, a ``( ... )`` subshell is no loop's body, and
outside any loop they only print bash's complaint."""

from __future__ import annotations

from worldgen.shell.builtins.options import ascii_digits

OUTSIDE = "only meaningful in a `for', `while', or `until' loop"


class LoopControl(Exception):
    """A ``break`` or ``continue`` on its way to the ``levels``-th enclosing loop. ``piped``: what
    the commands it unwound had written into their pipe by then."""

    def __init__(self, kind: str, levels: int, status: int):
        super().__init__(kind)
        self.kind, self.levels, self.status = kind, levels, status
        self.piped = ""

    def caught(self) -> bool:
        """Whether the loop it reaches now is its own (else it goes one level further out)."""
        self.levels -= 1
        return self.levels == 0


def loop_control(argv: list[str], loops: int, stderr: list[str]) -> int:
    """Run ``break``/``continue`` inside ``loops`` enclosing loops: raises ``LoopControl``, or
    returns the status when there is no loop to leave (bash says so) or N is no number."""
    name = argv[0]
    levels = 1
    if len(argv) > 1:
        if not ascii_digits(argv[1].lstrip("+")):
            stderr.append(f"bash: {name}: {argv[1]}: numeric argument required\n")
            return 1
        levels = int(argv[1])
    if loops == 0:
        stderr.append(f"bash: {name}: {OUTSIDE}\n")
        return 0
    if levels < 1:
        stderr.append(f"bash: {name}: {argv[1]}: loop count out of range\n")
        raise LoopControl(name, 1, 1)
    raise LoopControl(name, min(levels, loops), 0)
