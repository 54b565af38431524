"""An open document's text and the two ways to point into it.

LSP positions are 0-based lines and UTF-16 code units; the parser's spans are 1-based lines and
code points. Lines are split at "\\n" alone, as the parser counts them, so a span and a position
always name the same line. An edit whose range lies outside the text is refused (EditOutOfRange)
and the text is left as it was: guessing what the client meant would silently corrupt the
document the diagnostics are about.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from worldgen.errors import Span

Position = tuple[int, int]  # (line, UTF-16 character), both 0-based, as LSP sends them


class EditOutOfRange(ValueError):
    """A position or range that does not exist in the document."""


def _utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _code_points(line: str, units: int) -> int:
    """How many code points of ``line`` the first ``units`` UTF-16 units cover (LSP: a character
    past the end of the line means the end of the line)."""
    seen = 0
    for i, ch in enumerate(line):
        if seen >= units:
            return i
        seen += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


@dataclass
class Document:
    uri: str
    text: str
    version: int = 0
    _starts: list[int] = field(init=False, repr=False)  # offset of each line's first character

    def __post_init__(self) -> None:
        self._starts = [0]
        start = self.text.find("\n")
        while start != -1:
            self._starts.append(start + 1)
            start = self.text.find("\n", start + 1)

    def line(self, index: int) -> str:
        """Line ``index`` (0-based) without its "\\n"."""
        start = self._starts[index]
        end = self._starts[index + 1] - 1 if index + 1 < len(self._starts) else len(self.text)
        return self.text[start:end]

    @property
    def line_count(self) -> int:
        return len(self._starts)

    def offset(self, pos: Position) -> int:
        """The text offset of an LSP position; raises EditOutOfRange for a line that is not there."""
        line, character = pos
        if line < 0 or character < 0 or line >= len(self._starts):
            raise EditOutOfRange(f"position {line}:{character} is outside the document "
                                 f"({len(self._starts)} lines)")
        return self._starts[line] + _code_points(self.line(line), character)

    def position(self, offset: int) -> Position:
        """The LSP position of a text offset (clamped to the text)."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect_right(self._starts, offset) - 1
        return line, _utf16_len(self.text[self._starts[line]:offset])

    def span_start(self, span: Span) -> int:
        """The text offset where a parser span starts (1-based line and code-point column)."""
        line = max(0, min(span.line - 1, len(self._starts) - 1))
        return min(self._starts[line] + max(span.col - 1, 0), len(self.text))

    def span_end(self, span: Span) -> int | None:
        """The offset where a span ends, if the span says."""
        if span.end_line is None or span.end_col is None:
            return None
        return self.span_start(Span(span.end_line, span.end_col))

    def edited(self, start: Position, end: Position, new_text: str, version: int) -> Document:
        """This document with ``start..end`` replaced; raises EditOutOfRange for a range that is
        not in the text or ends before it starts."""
        a, b = self.offset(start), self.offset(end)
        if b < a:
            raise EditOutOfRange(f"range {start[0]}:{start[1]}-{end[0]}:{end[1]} ends before it starts")
        return Document(self.uri, self.text[:a] + new_text + self.text[b:], version)

