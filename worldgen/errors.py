"""Errors and diagnostics shared by every stage.

The hierarchy::

    WorldgenError                 anything worldgen reports to a person (exit code 1)
    ├── UsageError                a command line that cannot be honoured (exit code 2)
    ├── DiagnosticError           one or more located scaffold diagnostics (parse or check)
    ├── InstantiationError        scaffold + content + seed cannot make a world
    └── ContentError              a content record breaks the scaffold's schema or rules

Diagnostics are printed gcc-style (``FILE:LINE:COL: error: MESSAGE``, the source line, a caret)
so editors and people can jump to them; each carries a stable code (``WG1xx`` syntax,
``WG2xx`` names, ``WG3xx`` types, ``WG4xx`` structure, ``WG5xx`` warnings, printed with
``warning:``) that tests and docs can refer to.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class Span:
    """A position in a scaffold source: 1-based line and column."""

    line: int
    col: int
    end_line: int | None = None
    end_col: int | None = None


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    span: Span
    filename: str = "<string>"
    source_line: str = ""
    notes: tuple[str, ...] = ()
    severity: Literal["error", "warning"] = "error"  # a warning: valid, but likely not what was meant

    def format(self) -> str:
        head = f"{self.filename}:{self.span.line}:{self.span.col}: {self.severity}: {self.message} [{self.code}]"
        lines = [head]
        if self.source_line:
            shown, col = _window(self.source_line.rstrip("\r\n"), self.span.col)
            lines.append(shown)
            width = 1
            if self.span.end_line == self.span.line and self.span.end_col:
                width = max(1, min(self.span.end_col - self.span.col, len(shown) - col + 1))
            prefix = "".join(_blank(c) for c in shown[: col - 1])
            lines.append(prefix + "^" + "~" * (width - 1))
        lines.extend(f"note: {n}" for n in self.notes)
        return "\n".join(lines)


# control characters (all but tab, which the caret line copies) and bidi overrides, which would
# make a terminal obey or reorder what a scaffold says instead of showing it
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
SHOWN = 200  # characters of a source line printed under a diagnostic (a huge line is cut around the caret)


def _blank(char: str) -> str:
    """What stands under ``char`` in the caret line: a tab, or as many spaces as a terminal gives
    it (two for a wide CJK character or emoji, none for a combining mark)."""
    if char == "\t":
        return char
    if unicodedata.combining(char):
        return ""
    return "  " if unicodedata.east_asian_width(char) in ("W", "F") else " "


def _window(line: str, col: int) -> tuple[str, int]:
    """``line`` cut to about SHOWN characters around column ``col`` (1-based), with ``...`` where
    it was cut and each _CONTROL character as ``?``, and the caret's column in what is shown."""
    line = _CONTROL.sub("?", line)
    if len(line) <= SHOWN:
        return line, col
    start = max(0, min(col - 1 - SHOWN // 2, len(line) - SHOWN))
    head = "..." if start else ""
    tail = "..." if start + SHOWN < len(line) else ""
    return head + line[start:start + SHOWN] + tail, col - start + len(head)


class WorldgenError(Exception):
    """Base of every error meant for a person; the CLI prints it and exits 1."""


class UsageError(WorldgenError):
    """A command line asking for something that cannot be done (a param outside its range, an
    option a compiled world cannot honour, a pack made for another scaffold): the CLI exits 2,
    like argparse's own usage errors, so scripts can tell a bad invocation from a failed check."""


@dataclass
class DiagnosticSink:
    """Collects diagnostics for one source so a run can report several at once."""

    filename: str
    source: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)  # never stop a scaffold from loading

    def error(self, code: str, message: str, span: Span, *notes: str) -> None:
        self._add(self.diagnostics, Diagnostic(code, message, span, self.filename, self._line(span), tuple(notes)))

    def warn(self, code: str, message: str, span: Span, *notes: str) -> None:
        self._add(self.warnings, Diagnostic(code, message, span, self.filename, self._line(span), tuple(notes), "warning"))

    def _line(self, span: Span) -> str:
        lines = self.source.split("\n")  # as the parser counts lines (not at "\v", "\f" or "\u2028")
        return lines[span.line - 1] if 0 < span.line <= len(lines) else ""

    @staticmethod
    def _add(found: list[Diagnostic], diag: Diagnostic) -> None:
        if diag not in found:
            found.append(diag)

    def raise_if_any(self) -> None:
        if self.diagnostics:
            ordered = sorted(self.diagnostics, key=lambda d: (d.span.line, d.span.col, d.code))
            raise DiagnosticError(ordered)


class DiagnosticError(WorldgenError):
    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.format() for d in diagnostics))


class InstantiationError(WorldgenError):
    """Raised when a scaffold cannot be instantiated with the given content, seed or axes."""

    check = "instantiate"  # the name the failed draw is counted under in a suite's summary


class StructuralError(InstantiationError):
    """A draw refused for the shape of the rules at its params (not for build-time randomness):
    `compile` does not draw it again (only `--redraw-params`, which changes the params, may help)."""


class PayOnceLimitError(StructuralError):
    """More pay-once rewards (each element of a `for each` counting) than the model checker tracks."""

    check = "pay-once limit"


class PayOnceCombinationsError(StructuralError):
    """Pay-once rewards collectable in too many combinations for the returns to be computed exactly."""

    check = "pay-once combinations"


class RequirementError(InstantiationError):
    """A world's initial state breaks a `require`: it is re-drawn, counted under its own line."""

    def __init__(self, message: str, line: int):
        super().__init__(message)
        self.check = f"require (line {line})"


class ContentError(WorldgenError):
    """A content record violates the scaffold: carries (record id, JSON pointer, rule) triples."""

    def __init__(self, violations: list[tuple[str, str, str]]):
        self.violations = violations
        super().__init__(
            "\n".join(f"{rid}: {pointer or '/'}: {rule}" for rid, pointer, rule in violations)
        )
