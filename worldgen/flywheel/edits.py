"""Edits of a scaffold's source text at positions the parser reports.

Proposals are edited as text, not re-printed from a tree: every comment, blank line and layout
choice of the author survives, so a proposal reads like its parent with one change, and a
``diff`` against the parent shows exactly that change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from worldgen.errors import Span

_INT_RANGE = re.compile(r"(\bin\s+)(-?[\d_]+)(\s*\.\.\s*)(-?[\d_]+)")


@dataclass(frozen=True)
class Edit:
    """Replace source[start:end] with ``text`` (offsets into the source string)."""

    start: int
    end: int
    text: str


def offset(source: str, line: int, col: int) -> int:
    """The string offset of a 1-based (line, column) position."""
    starts = [0] + [m.end() for m in re.finditer("\n", source)]
    return starts[line - 1] + col - 1


def span_edit(source: str, span: Span, text: str) -> Edit:
    assert span.end_line is not None and span.end_col is not None
    return Edit(offset(source, span.line, span.col), offset(source, span.end_line, span.end_col), text)


def int_range_edit(source: str, name_span: Span, lo: int, hi: int) -> Edit:
    """Replace the ``in LO..HI`` that follows a param's name on its line."""
    start = offset(source, name_span.line, name_span.col)
    end = source.find("\n", start)
    found = _INT_RANGE.search(source, start, len(source) if end < 0 else end)
    if found is None:
        raise ValueError(f"no 'in LO..HI' after the name at line {name_span.line}")
    return Edit(found.start(2), found.end(4), f"{lo}{found.group(3)}{hi}")


def before_closing_brace(source: str, text: str) -> Edit:
    """Insert ``text`` (one or more lines) just before the world's final ``}``."""
    end = source.rstrip().rfind("}")
    line_start = source.rfind("\n", 0, end) + 1
    at = line_start if not source[line_start:end].strip() else end
    return Edit(at, at, text)


def apply(source: str, edits: list[Edit]) -> str:
    """All ``edits`` applied (they must not overlap)."""
    out, last = [], 0
    for edit in sorted(edits, key=lambda e: e.start):
        if edit.start < last:
            raise ValueError("overlapping edits")
        out += [source[last:edit.start], edit.text]
        last = edit.end
    return "".join(out) + source[last:]


def block(source: str, span: Span) -> tuple[int, int]:
    """Offsets of the ``{`` and the matching ``}`` of the block opened after ``span`` starts (an
    axis, an alternative, ``state``, ``every step``): the parser's spans end at the name, and a
    brace inside a string or a comment does not count."""
    at, depth, opened = offset(source, span.line, span.col), 0, -1
    while at < len(source):
        char = source[at]
        if char == "#":
            at = source.find("\n", at)
            at = len(source) if at < 0 else at
            continue
        if char in "\"'":
            quote = char * 3 if source.startswith(char * 3, at) else char
            at = source.find(quote, at + len(quote)) + len(quote)  # worldgen strings have no backslash-quote
            continue
        if char == "{":
            opened = at if depth == 0 else opened
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return opened, at
        at += 1
    raise ValueError(f"no block after line {span.line}")


def inside_end(source: str, span: Span, text: str) -> Edit:
    """Insert ``text`` just before the closing brace of the block after ``span``: on lines of its
    own (indented one level deeper than the brace) when the brace is alone on its line, else inline."""
    _, close = block(source, span)
    line_start = source.rfind("\n", 0, close) + 1
    if source[line_start:close].strip():
        return Edit(close, close, f" {text} ")
    inner = " " * (close - line_start + 2)
    return Edit(line_start, line_start, "".join(f"{inner}{line}\n" for line in text.splitlines()))


def removal(source: str, start: int, end: int) -> Edit:
    """Delete source[start:end]; with its whole line when nothing but blanks, a ``;`` or a comment
    would be left on it."""
    line_start = source.rfind("\n", 0, start) + 1
    line_end = source.find("\n", end)
    line_end = len(source) if line_end < 0 else line_end
    rest = (source[line_start:start] + source[end:line_end]).strip()
    if not rest or rest.startswith("#") or rest == ";":
        return Edit(line_start, min(len(source), line_end + 1), "")
    after = re.match(r"\s*;?\s*", source[end:line_end])
    return Edit(start, end + (after.end() if after else 0), "")


Change = tuple[str, list[Edit], str]  # a catalogue entry's proposal: its tag, its edits, what it changes
