"""A loop's solver specs as its run folder keeps them: a learner file inside the run is named
relative to the run (``learner:round-01/learner.npz``), so a run moved or copied elsewhere resumes
and plays its own files, and two runs of the same inputs write the same summary wherever they
live. Specs are made absolute to play them: a relative learner path the user typed is read from
the current folder when the loop starts, one the run recorded from the run folder.
"""

from __future__ import annotations

from pathlib import Path

LEARNER = "learner:"


def typed(spec: str) -> str:
    """The user's ``--solver``, a relative learner path made absolute from the current folder."""
    if spec.startswith(LEARNER) and not Path(spec[len(LEARNER):]).is_absolute():
        return LEARNER + str(Path(spec[len(LEARNER):]).resolve())
    return spec


def recorded(spec: str, run: Path) -> str:
    """``spec`` as the run records it: a learner file inside ``run`` relative to it."""
    if not spec.startswith(LEARNER):
        return spec
    path, root = Path(spec[len(LEARNER):]).resolve(), run.resolve()
    return LEARNER + path.relative_to(root).as_posix() if path.is_relative_to(root) else spec


def playable(spec: str, run: Path) -> str:
    """A spec the run recorded, made absolute to play: a relative learner path is read from ``run``."""
    if spec.startswith(LEARNER) and not Path(spec[len(LEARNER):]).is_absolute():
        return LEARNER + str(run.resolve() / spec[len(LEARNER):])
    return spec
