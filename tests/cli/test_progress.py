"""Progress on stderr: outside a terminal, a plain line at most every INTERVAL seconds, and a
heartbeat line every INTERVAL while nothing finishes."""

from __future__ import annotations

import time

from worldgen.cli import progress as progress_module
from worldgen.cli.progress import progress


def test_no_lines_within_the_interval(capsys):
    with progress("compile", 3, "seeds", "accepted", "rejected") as advance:
        for bad in (False, True, False):
            advance(bad)
    assert capsys.readouterr().err == ""


def test_a_plain_line_once_the_interval_has_passed(capsys, monkeypatch):
    monkeypatch.setattr(progress_module, "INTERVAL", 0.0)
    with progress("compile", 3, "seeds", "accepted", "rejected") as advance:
        for bad in (False, True, False):
            advance(bad)
    assert capsys.readouterr().err.splitlines() == [
        "compile: 1/3 seeds, 1 accepted, 0 rejected, 0 s",
        "compile: 2/3 seeds, 1 accepted, 1 rejected, 0 s",
        "compile: 3/3 seeds, 2 accepted, 1 rejected, 0 s",
    ]


def test_a_heartbeat_while_one_slow_item_runs(capsys, monkeypatch):
    monkeypatch.setattr(progress_module, "INTERVAL", 0.05)
    with progress("compile", 3, "seeds", "accepted", "rejected"):
        time.sleep(0.3)  # one seed that takes long: the log still hears from us
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) >= 2
    assert all(line.startswith("compile: 0/3 seeds, 0 accepted, 0 rejected, ") for line in lines)
