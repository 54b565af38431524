"""diff's output formats: normal, unified (``-u``) and context (``-c``), as GNU diff 3.8 prints
an edit script (diff_script.py), hunk ranges and ``\\ No newline at end of file`` included."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from worldgen.shell.builtins.diff_script import Change

NO_NEWLINE = "\\ No newline at end of file\n"


def hunks(changes: list[Change], context: int, ignorable: Callable[[Change], bool]) -> list[list[Change]]:
    """Changes grouped into hunks: the next change joins a hunk when fewer than ``2*context+1``
    lines separate them (``context+1`` for a change ``-B`` ignores); hunks of nothing but such
    changes are dropped."""
    groups: list[list[Change]] = []
    for change in changes:
        if groups:
            last = groups[-1][-1]
            gap = change.line0 - last.line0 - last.deleted
            if gap < (context if ignorable(change) else 2 * context + 1):
                groups[-1].append(change)
                continue
        groups.append([change])
    return [group for group in groups if not all(map(ignorable, group))]


def normal(a: Sequence[str], b: Sequence[str], groups: list[list[Change]]) -> str:
    """``2,3c2``, the old lines after ``<``, ``---``, the new ones after ``>``."""
    out: list[str] = []
    for change in (c for group in groups for c in group):
        kind = "c" if change.deleted and change.inserted else "d" if change.deleted else "a"
        out.append(f"{_span(change.line0, change.deleted)}{kind}{_span(change.line1, change.inserted)}\n")
        _lines(out, "< ", a[change.line0:change.line0 + change.deleted])
        if change.deleted and change.inserted:
            out.append("---\n")
        _lines(out, "> ", b[change.line1:change.line1 + change.inserted])
    return "".join(out)


def unified(a: Sequence[str], b: Sequence[str], groups: list[list[Change]], context: int,
            heads: tuple[str, str]) -> str:
    """``--- A`` / ``+++ B`` and ``@@ -1,3 +1,4 @@`` hunks; context lines are file A's."""
    out = [f"--- {heads[0]}\n+++ {heads[1]}\n"]
    for group in groups:
        (start0, end0), (start1, end1) = _window(group, context, len(a))
        out.append(f"@@ -{_unified_range(start0, end0)} +{_unified_range(start1, end1)} @@\n")
        at = start0
        for change in group:
            _lines(out, " ", a[at:change.line0])
            _lines(out, "-", a[change.line0:change.line0 + change.deleted])
            _lines(out, "+", b[change.line1:change.line1 + change.inserted])
            at = change.line0 + change.deleted
        _lines(out, " ", a[at:end0])
    return "".join(out)


def context(a: Sequence[str], b: Sequence[str], groups: list[list[Change]], lines: int,
            heads: tuple[str, str]) -> str:
    """``*** A`` / ``--- B`` and, per hunk, file A's side then file B's, each shown only when it
    has changes: ``!`` changed, ``-`` deleted, ``+`` inserted."""
    out = [f"*** {heads[0]}\n--- {heads[1]}\n"]
    for group in groups:
        (start0, end0), (start1, end1) = _window(group, lines, len(a))
        out.append(f"***************\n*** {_context_range(start0, end0)} ****\n")
        if any(c.deleted for c in group):
            _side(out, a, start0, end0, [(c.line0, c.deleted, "!" if c.inserted else "-") for c in group])
        out.append(f"--- {_context_range(start1, end1)} ----\n")
        if any(c.inserted for c in group):
            _side(out, b, start1, end1, [(c.line1, c.inserted, "!" if c.deleted else "+") for c in group])
    return "".join(out)


def _side(out: list[str], lines: Sequence[str], start: int, end: int, marks: list[tuple[int, int, str]]) -> None:
    at = start
    for first, count, mark in marks:
        _lines(out, "  ", lines[at:first])
        _lines(out, f"{mark} ", lines[first:first + count])
        at = first + count
    _lines(out, "  ", lines[at:end])


def _window(group: list[Change], context: int, length: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The lines a hunk shows of each file: its changes and up to ``context`` lines around."""
    first, last = group[0], group[-1]
    start0 = max(0, first.line0 - context)
    end0 = min(length, last.line0 + last.deleted + context)
    start1 = first.line1 - (first.line0 - start0)
    end1 = last.line1 + last.inserted + (end0 - last.line0 - last.deleted)
    return (start0, end0), (start1, end1)


def _span(start: int, count: int) -> str:
    """Normal format's range: ``3``, ``3,5``, or the line before an empty one."""
    return str(start + 1) if count == 1 else str(start) if count == 0 else f"{start + 1},{start + count}"


def _unified_range(start: int, end: int) -> str:
    count = end - start
    return str(start + 1) if count == 1 else f"{start},0" if count == 0 else f"{start + 1},{count}"


def _context_range(start: int, end: int) -> str:
    return str(end) if end - start <= 1 else f"{start + 1},{end}"


def _lines(out: list[str], prefix: str, lines: Sequence[str]) -> None:
    for line in lines:
        out.append(prefix + line if line.endswith("\n") else f"{prefix}{line}\n{NO_NEWLINE}")
