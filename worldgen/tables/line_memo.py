"""Lines a terminal world's tables ran before from the same place, answered again without the shell.

The shell is deterministic (no clock, no randomness of its own): what a line shows and does
depends on the line, the world's state, the session (working directory, variables, functions,
the last line's status) and the scratch files the agent made. While the session is a fresh episode's bar
its last status, and the episode made no scratch file or directory, a line's whole effect is a
function of (state, last status, line), so its first run is kept: what the step shows, the line's
status and streams, the state it moved to, the reward so far and the last action it ran.

A line is kept only if it left the session and the scratch files as they were, drew no chance
and was not stopped by its budget; an episode that changed its session is looked up again as soon
as the session is a fresh one's again (``unset`` of the variable it exported; not after a ``cd``,
as bash keeps ``OLDPWD`` from then on, nor after a function's definition), while one that made a scratch file is not looked up again
until its reset. Parsing and running a line is what a terminal step costs
(a non-terminal table step is ~10x faster), and an agent trained on a chore types the same lines
in the same states again and again. The kept lines are shared by every env of the world's tables
(``shared.py``).
"""

from __future__ import annotations

from typing import Any

from worldgen.shell.interp import Outcome, Session

LINES_KEPT = 200_000  # (state, status, line) entries kept per world; then emptied and refilled
CHARS_KEPT = 32_000_000  # ... or characters of their texts (a `cat` of a long file keeps it thrice)

# what the step shows, the line's status, the new state, the reward so far, the last action, the
# line's streams, the new state's values, ends, goal and pay-once conditions, a rule error (None)
Replay = tuple[str, int, int, float, "str | None", Outcome, tuple[Any, ...], bool, bool, int, "str | None"]


class LineMemo:
    """The kept lines of one world's tables: (state, last status, line) -> ``Replay``, looked up
    (tables/terminal.py) only while the episode made no scratch file and its session is ``home``
    bar its status."""

    def __init__(self, home: Session) -> None:
        self.home = home  # a fresh episode's session
        self.kept: dict[tuple[int, int, str], Replay] = {}
        self.chars = 0  # of the kept texts

    def is_home(self, session: Session) -> bool:
        """Whether ``session`` is a fresh episode's, bar its last status."""
        home = self.home
        return session.cwd == home.cwd and session.env == home.env and session.functions == home.functions

    def keep(self, key: tuple[int, int, str], replay: Replay) -> None:
        streams = replay[5]
        chars = len(replay[0]) + len(streams.output) + len(streams.stdout) + len(streams.stderr)
        if chars > CHARS_KEPT:
            return
        if len(self.kept) >= LINES_KEPT or self.chars + chars > CHARS_KEPT:
            self.kept.clear()
            self.chars = 0
        self.kept[key] = replay
        self.chars += chars
