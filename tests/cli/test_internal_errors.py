"""An unexpected exception (a bug) is one `internal error` line and exit 1, never a traceback;
WORLDGEN_DEBUG=1 re-raises it for whoever fixes the bug."""

from __future__ import annotations

import pytest

import worldgen.cli.cmd_check as cmd_check
from tests.conftest import ROOT
from worldgen.cli.main import main

GUESS = str(ROOT / "scaffolds" / "guess.wg")


def _broken(args: object) -> int:
    raise KeyError("oops")


def test_a_bug_is_one_internal_error_line(monkeypatch, capsys):
    monkeypatch.setattr(cmd_check, "run", _broken)
    monkeypatch.delenv("WORLDGEN_DEBUG", raising=False)
    assert main(["check", GUESS]) == 1
    assert capsys.readouterr().err == ("worldgen: internal error: KeyError: 'oops' (a bug in worldgen, please report it; "
                                       "WORLDGEN_DEBUG=1 shows the traceback)\n")


def test_worldgen_debug_shows_the_traceback(monkeypatch):
    monkeypatch.setattr(cmd_check, "run", _broken)
    monkeypatch.setenv("WORLDGEN_DEBUG", "1")
    with pytest.raises(KeyError):
        main(["check", GUESS])
