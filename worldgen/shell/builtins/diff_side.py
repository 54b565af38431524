"""diff's side-by-side format (``-y``, ``-W N``, ``--left-column``, ``--suppress-common-lines``):
both files in two columns, each line cut to its column's width, columns reached with tabs then
spaces, and between them ``|`` (changed), ``<`` (deleted), ``>`` (inserted), ``(`` (common, left
only) or nothing (common); ``/`` or ``\\`` when only the left or right line ends in a newline."""

from __future__ import annotations

from collections.abc import Sequence

from worldgen.shell.budget import charge
from worldgen.shell.builtins.diff_script import Change

TAB = 8
GUTTER = 3  # columns at least between the two halves


def side_by_side(a: Sequence[str], b: Sequence[str], changes: list[Change], width: int,
                 left_column: bool = False, suppress_common: bool = False) -> str:
    """The whole of both files in ``width`` columns: the right half starts at the tab stop
    nearest the middle, each half as wide as leaves a gutter of three columns (none when that
    leaves nothing)."""
    off = (width + TAB + GUTTER) // (2 * TAB) * TAB
    half = max(0, min(off - GUTTER, width - off))
    layout = _Layout(half, off if half else width)
    out: list[str] = []
    at0 = at1 = 0
    for change in [*changes, Change(len(a), len(b), 0, 0)]:
        if not suppress_common:
            _common(out, layout, a[at0:change.line0], b[at1:change.line1], left_column)
        old, new = a[change.line0:change.line0 + change.deleted], b[change.line1:change.line1 + change.inserted]
        for k in range(max(len(old), len(new))):
            left, right = old[k] if k < len(old) else None, new[k] if k < len(new) else None
            out.append(layout.row(left, "|" if left is not None and right is not None else "<" if right is None else ">", right))
        at0, at1 = change.line0 + change.deleted, change.line1 + change.inserted
    return "".join(out)


def _common(out: list[str], layout: _Layout, left: Sequence[str], right: Sequence[str], left_column: bool) -> None:
    """Lines between changes, paired; their counts differ only where ``-B`` ignored a change, and
    then (as GNU's) the extra lines follow alone: the right's marked ``)``, the left's ``(``."""
    for line0, line1 in zip(left, right):
        out.append(layout.row(line0, "(", None) if left_column else layout.row(line0, " ", line1))
    out += [layout.row(None, ")", line) for line in right[len(left):]]
    out += [layout.row(line, "(", None) for line in left[len(right):]]


class _Layout:
    """Where the columns are: each half ``half`` wide, the right one from column ``right``."""

    def __init__(self, half: int, right: int):
        self.half, self.right = half, right
        self.gutter = (half + right - 1) // 2  # where the mark between the halves goes

    def row(self, left: str | None, mark: str, right: str | None) -> str:
        charge(self.right)  # the padding alone: a huge -W is refused by the budget, not by memory
        out: list[str] = []
        ends = [line.endswith("\n") for line in (left, right) if line is not None]
        col = self._half(out, left.removesuffix("\n"), 0) if left is not None else 0
        if mark != " ":
            if mark == "|" and ends[0] != ends[1]:
                mark = "/" if ends[0] else "\\"
            col = _pad(out, col, self.gutter) + 1
            out.append(mark)
        if right is not None and right != "\n":
            col = _pad(out, col, self.right)
            self._half(out, right.removesuffix("\n"), col)
        if any(ends):
            out.append("\n")
        return "".join(out)

    def _half(self, out: list[str], text: str, indent: int) -> int:
        """``text`` as far as the column shows it: tabs kept when their stop fits, printable
        characters (ASCII: bytes past it are not, in the C locale) counted, other control
        characters passed through uncounted, backspace and carriage return moving back.
        Returns the column reached."""
        seen = shown = 0  # columns of the text, and of what was written
        for c in text:
            if c == "\t":
                stop = seen + TAB - seen % TAB
                if seen == shown and stop < self.half:
                    shown = stop
                    out.append(c)
                seen = stop
            elif c == "\r":
                out.append(c)
                _pad(out, 0, indent)
                seen = shown = 0
            elif c == "\b":
                if seen and seen - 1 < self.half:
                    seen -= 1
                    if shown <= seen:
                        out.append(" " * (seen - shown))
                        shown = seen
                    else:
                        shown = seen
                        out.append(c)
                elif seen:
                    seen -= 1
            elif " " <= c <= "~":
                seen += 1
                if seen <= self.half:
                    shown = seen
                    out.append(c)
            elif seen < self.half:
                out.append(c)
        return shown


def _pad(out: list[str], col: int, to: int) -> int:
    """Tabs, then spaces, from column ``col`` to column ``to``."""
    stop = col + TAB - col % TAB
    while stop <= to:
        out.append("\t")
        col, stop = stop, stop + TAB
    out.append(" " * max(0, to - col))
    return to
