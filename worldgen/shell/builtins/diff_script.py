"""diff's edit script: which lines of two files changed, chosen as GNU diff chooses among the many
equally short scripts, so that hunks come out byte for byte as GNU prints them.

Four steps, each a published technique, with the tie-breaking measured against GNU diff 3.8:

1. Identical leading lines are set aside, all but ``horizon`` of them (the context a hunk may
   show), then identical trailing lines among the rest, all but ``horizon`` again; only the lines
   between are compared.
2. Lines with no counterpart in the other file are changed whatever happens, and lines with very
   many counterparts only confuse the search: both are taken out of it (the latter only inside
   runs of the former), and count as changed.
3. Myers' O(ND) algorithm in linear space (diff_myers.py) finds the changes among the rest.
4. Runs of changed lines slide down as far as equal lines allow, merging with runs they meet,
   then back up to line up with a run of changes in the other file.

Each step charges the line's budget, so two large, different files stop a line rather than hang it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from worldgen.shell.budget import charge
from worldgen.shell.builtins.diff_myers import Myers


@dataclass(frozen=True, slots=True)
class Change:
    """``deleted`` lines of file 0 from index ``line0`` became ``inserted`` lines of file 1 from
    index ``line1`` (0-based; a count may be 0)."""

    line0: int
    line1: int
    deleted: int
    inserted: int


def edit_script(a: Sequence[object], b: Sequence[object], horizon: int = 0, minimal: bool = False,
                texts: tuple[Sequence[str], Sequence[str]] | None = None) -> list[Change]:
    """The changes from ``a`` to ``b`` (lines as comparable keys), in order; ``minimal``: never
    settle for a longer script to save time (``--minimal``). ``texts``: the lines as they are,
    when the keys ignore case or space: only lines the same byte for byte are set aside in step 1."""
    ends = texts or (a, b)
    start = max(0, _common_prefix(*ends) - horizon)
    suffix = _common_suffix(*ends, start)  # it may take back lines of the prefix's horizon
    end0, end1 = len(a) - max(0, suffix - horizon), len(b) - max(0, suffix - horizon)
    x, y = _classes(a[start:end0], b[start:end1])
    changed0, changed1 = _search(x, y, minimal)
    _slide(x, changed0, changed1)
    _slide(y, changed1, changed0)
    return [Change(c.line0 + start, c.line1 + start, c.deleted, c.inserted) for c in _changes(changed0, changed1)]


def _common_prefix(a: Sequence[object], b: Sequence[object]) -> int:
    n = min(len(a), len(b))
    k = 0
    while k < n and a[k] == b[k]:
        k += 1
    charge(k)
    return k


def _common_suffix(a: Sequence[object], b: Sequence[object], start: int) -> int:
    n = min(len(a), len(b)) - start
    k = 0
    while k < n and a[-1 - k] == b[-1 - k]:
        k += 1
    charge(k)
    return k


def _classes(a: Sequence[object], b: Sequence[object]) -> tuple[list[int], list[int]]:
    """Each line as a small integer, equal lines equal numbers (comparing them is then cheap)."""
    numbers: dict[object, int] = {}
    charge(len(a) + len(b))
    return ([numbers.setdefault(line, len(numbers)) for line in a],
            [numbers.setdefault(line, len(numbers)) for line in b])


def _search(x: list[int], y: list[int], minimal: bool) -> tuple[list[int], list[int]]:
    """Changed flags of ``x`` and ``y`` (one past the end each: a 0 that stops every scan, and that
    index -1 reads too), from the lines left out (step 2) and the Myers search (step 3)."""
    changed0, changed1 = [0] * (len(x) + 1), [0] * (len(y) + 1)
    keep0, keep1 = _kept(x, y, changed0), _kept(y, x, changed1)
    Myers([x[i] for i in keep0], [y[j] for j in keep1]).run(
        lambda i: changed0.__setitem__(keep0[i], 1), lambda j: changed1.__setitem__(keep1[j], 1), minimal)
    return changed0, changed1


UNIQUE, COMMON = 1, 2  # a line with no counterpart in the other file, or with very many


def _kept(lines: list[int], other: list[int], changed: list[int]) -> list[int]:
    """Indexes of ``lines`` the search compares; the rest are flagged changed here."""
    counts: dict[int, int] = {}
    for k in other:
        counts[k] = counts.get(k, 0) + 1
    many = 5
    scale = len(lines) // 64
    while scale := scale >> 2:
        many *= 2  # about 5/8 of the square root of the line count
    marks = [UNIQUE if k not in counts else COMMON if counts[k] > many else 0 for k in lines]
    _settle(marks)
    kept = []
    for i, mark in enumerate(marks):
        if mark:
            changed[i] = 1
        else:
            kept.append(i)
    return kept


def _settle(marks: list[int]) -> None:
    """Keep a COMMON mark only well inside a run of marked lines that starts and ends UNIQUE and
    is at most a quarter COMMON; in longer runs, longer stretches of COMMON lines survive."""
    i, n = 0, len(marks)
    while i < n:
        if marks[i] != UNIQUE:
            marks[i] = 0
            i += 1
            continue
        end = i
        while end < n and marks[end]:
            end += 1
        while marks[end - 1] == COMMON:
            end -= 1
            marks[end] = 0
        run = range(i, end)
        if 4 * sum(marks[k] == COMMON for k in run) > len(run):
            for k in run:
                if marks[k] == COMMON:
                    marks[k] = 0
        else:
            _thin(marks, run)
        i = end


def _thin(marks: list[int], run: range) -> None:
    """Within one run: clear every stretch of COMMON marks at least ``longest`` long (about half
    the square root of the run's length, plus one), and the COMMON marks near each end of the
    run (before three UNIQUE in a row, or eight lines in)."""
    longest, scale = 1, len(run) >> 2
    while scale := scale >> 2:
        longest <<= 1
    longest += 1
    streak, k = 0, 0
    while k < len(run):
        if marks[run[k]] != COMMON:
            streak = 0
        else:
            streak += 1
            if streak == longest:
                k -= streak  # back to the stretch's start, to clear it all
            elif streak > longest:
                marks[run[k]] = 0
        k += 1
    for ends in (run, run[::-1]):
        streak = 0
        for k, at in enumerate(ends):
            if k >= 8 and marks[at] == UNIQUE:
                break
            if marks[at] == COMMON:
                marks[at] = 0
            streak = streak + 1 if marks[at] == UNIQUE else 0
            if streak == 3:
                break


def _slide(lines: list[int], changed: list[int], other: list[int]) -> None:
    """Step 4 for one file: each run of changes moves up while the line above equals its last
    line (merging runs), then down while its first line equals the line below, and repeats until
    it stops growing; then back up to the last place it lines up with changes in ``other``.
    ``j`` follows the matching position in ``other``; index -1 of a flag list is its 0 sentinel."""
    end = len(lines)
    i = j = 0
    while True:
        while i < end and not changed[i]:
            j += 1
            while other[j - 1]:
                j += 1
            i += 1
        if i == end:
            break
        start = i
        i += 1
        while changed[i]:
            i += 1
        while other[j]:
            j += 1
        while True:
            length = i - start
            while start and lines[start - 1] == lines[i - 1]:
                start, i = start - 1, i - 1
                changed[start], changed[i] = 1, 0
                while changed[start - 1]:
                    start -= 1
                j -= 1
                while other[j]:
                    j -= 1
            lined_up = i if other[j - 1] else end
            while i != end and lines[start] == lines[i]:
                changed[start], changed[i] = 0, 1
                start, i = start + 1, i + 1
                while changed[i]:
                    i += 1
                j += 1
                while other[j]:
                    j += 1
                    lined_up = i
            if length == i - start:
                break
        while lined_up < i:
            start, i = start - 1, i - 1
            changed[start], changed[i] = 1, 0
            j -= 1
            while other[j]:
                j -= 1
    charge(end)


def _changes(changed0: list[int], changed1: list[int]) -> list[Change]:
    """The flags as changes: each maximal stretch where either file has changed lines."""
    out = []
    i = j = 0
    n0, n1 = len(changed0) - 1, len(changed1) - 1
    while i < n0 or j < n1:
        if changed0[i] or changed1[j]:
            i0, j0 = i, j
            while changed0[i]:
                i += 1
            while changed1[j]:
                j += 1
            out.append(Change(i0, j0, i - i0, j - j0))
        i, j = i + 1, j + 1
    return out
