"""Progress on stderr: outside a terminal, a plain line at most every INTERVAL seconds, and a
heartbeat line every INTERVAL while nothing finishes; in Jupyter, rich's bar where ipywidgets can
draw it; nothing at all when the caller says so."""

from __future__ import annotations

import io
import sys
import time

import pytest

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


def test_steps_inside_items_are_counted_and_the_last_one_shown(capsys, monkeypatch):
    monkeypatch.setattr(progress_module, "INTERVAL", 0.0)
    with progress("compile", 2, "seeds", "accepted", "rejected", ("draw", "draws")) as advance:
        advance.step("seed 0 draw 0 rejected (bounds)")
        advance.step("seed 0 draw 1 accepted")
        advance(False)
    assert capsys.readouterr().err.splitlines() == [
        "compile: 0/2 seeds, 0 accepted, 0 rejected, 1 draw (last: seed 0 draw 0 rejected (bounds)), 0 s",
        "compile: 0/2 seeds, 0 accepted, 0 rejected, 2 draws (last: seed 0 draw 1 accepted), 0 s",
        "compile: 1/2 seeds, 1 accepted, 0 rejected, 2 draws (last: seed 0 draw 1 accepted), 0 s",
    ]


def test_a_heartbeat_says_how_many_draws_a_slow_seed_has_taken(capsys, monkeypatch):
    monkeypatch.setattr(progress_module, "INTERVAL", 0.05)
    with progress("compile", 1, "seeds", "accepted", "rejected", ("draw", "draws")) as advance:
        advance.step("seed 0 draw 0 rejected (bounds)")
        time.sleep(0.3)
    assert capsys.readouterr().err.splitlines()[-1].startswith(
        "compile: 0/1 seeds, 0 accepted, 0 rejected, 1 draw (last: seed 0 draw 0 rejected (bounds)), ")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_in_a_terminal_the_bar_counts_steps_and_shows_the_last_on_its_own_line(monkeypatch):
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with progress("compile", 2, "seeds", "accepted", "rejected", ("draw", "draws")) as advance:
        advance.step("seed 0 draw 0 rejected (bounds)")
        advance.step("seed 0 draw 1 accepted")
        advance(False)
    final = terminal.getvalue().rsplit("compile", 1)[1]  # the last frame drawn
    assert "1/2" in final and "accepted 1, rejected 0 2 draws" in final
    assert "\n  last: seed 0 draw 1 accepted" in final


def test_show_false_counts_and_shows_nothing(capsys, monkeypatch):
    monkeypatch.setattr(progress_module, "INTERVAL", 0.0)
    with progress("compile", 2, "seeds", "accepted", "rejected", show=False) as advance:
        advance(False)
        advance(True)
    assert (advance.done, advance.failed) == (1, 1)
    assert capsys.readouterr().err == ""


@pytest.fixture
def jupyter(monkeypatch):
    """A notebook as rich sees one: its live display goes through IPython's display and an
    ipywidgets Output, both stood in for here; yields the text of each rich renderable shown."""
    import types

    import rich.console

    shown: list[str] = []
    display = types.ModuleType("IPython.display")
    display.display = lambda item, **_: shown.append(item._repr_mimebundle_([], [])["text/plain"]) \
        if hasattr(item, "_repr_mimebundle_") else None  # the widget itself is displayed too

    class Output:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def clear_output(self, wait=False):
            pass

    widgets = types.ModuleType("ipywidgets")
    widgets.Output = Output
    monkeypatch.setitem(sys.modules, "IPython", types.ModuleType("IPython"))
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    monkeypatch.setitem(sys.modules, "ipywidgets", widgets)
    monkeypatch.setattr(rich.console, "_is_jupyter", lambda: True)
    monkeypatch.setattr(progress_module, "INTERVAL", 0.0)
    return shown


def test_in_jupyter_the_bar_is_displayed_as_rich_renders_it_there(jupyter, capsys):
    with progress("compile", 2, "seeds", "accepted", "rejected") as advance:
        advance(False)
        advance(True)
    final = [text for text in jupyter if text][-1]
    assert "compile" in final and "2/2" in final and "accepted 1, rejected 1" in final, jupyter
    assert "compile: " not in capsys.readouterr().err  # not the plain lines of a log file


def test_in_jupyter_without_ipywidgets_the_plain_lines_go_to_the_cell(jupyter, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # not installed: rich would show nothing
    with progress("compile", 1, "seeds", "accepted", "rejected") as advance:
        advance(False)
    assert capsys.readouterr().err.splitlines() == ["compile: 1/1 seeds, 1 accepted, 0 rejected, 0 s"]
    assert jupyter == []
