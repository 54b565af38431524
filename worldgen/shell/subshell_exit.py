"""``exit`` inside a subshell: a ``( ... )``, a ``$(...)`` or a pipeline's stage ends there with its
status, as in bash (``(cd build || exit 1; make)``). At the top of a line ``exit`` only sets
``$?``: a world's shell outlives its lines (builtins/core.py)."""

from __future__ import annotations


class SubshellExit(Exception):
    """On its way out of the innermost subshell. ``piped``: what the commands it unwound had
    written into their pipe by then."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status
        self.piped = ""
