"""Progress on stderr: outside a terminal, a plain line at most every INTERVAL seconds."""

from __future__ import annotations

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
