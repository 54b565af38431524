"""A page's shell session: its shell lines run once, in page order, in a mirror of the repository
root; the page's Python examples then run in the same folder and see what those lines made."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.docs.markdown import ROOT, mirror, page_blocks, run_shell, shell_lines


@dataclass
class Session:
    workdir: Path
    ran: list[str] = field(default_factory=list)
    failed_at: int | None = None  # the line of the block whose command failed: later lines are not run
    failure: str | None = None  # where, the command and its stderr


def run_session(doc: str, workdir: Path) -> Session:
    session = Session(mirror(ROOT, workdir))
    for block in page_blocks(doc):
        if block.kind not in ("sh", "console") or block.not_run:
            continue
        for line in shell_lines(block):
            done = run_shell(line, session.workdir)
            session.ran.append(line)
            if done.returncode != 0:
                session.failed_at = block.line
                session.failure = f"{block.where}: `{line}` exited {done.returncode}:\n{done.stderr}"
                return session
    return session


@pytest.fixture(scope="session")
def page_session(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Session]:
    """``page_session(doc)``: the page's session, run the first time a test asks for it."""
    sessions: dict[str, Session] = {}

    def get(doc: str) -> Session:
        if doc not in sessions:
            sessions[doc] = run_session(doc, tmp_path_factory.mktemp("page") / "root")
        return sessions[doc]

    return get
