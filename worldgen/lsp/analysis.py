"""One document through the parser and the checker, timed, keeping what the editor needs.

A document being typed is broken most of the time, so the last AST that parsed and the last IR that
checked are kept (``Analysis.carry``): hover, definition and completion keep working from them
while the diagnostics describe the text as it is now. The last parse is also the base of the next
one: an edit inside one declaration re-parses only that declaration (``syntax/reparse.py``), and
the same text is not analysed twice.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from worldgen.errors import Diagnostic, DiagnosticError, Span
from worldgen.frontend import check_parsed
from worldgen.ir.models import Scaffold as ScaffoldIR
from worldgen.syntax import ast
from worldgen.syntax.reparse import Parsed, parse_text

INTERNAL = "WG000"  # a checker crash shown as a diagnostic: the server must outlive a bug


@dataclass(frozen=True)
class Analysis:
    text: str
    diagnostics: tuple[Diagnostic, ...]
    world: ast.World | None  # the AST of ``world_text``: this text's, or the last one that parsed
    world_text: str
    ir: ScaffoldIR | None  # this text's IR, or the last one that checked
    parse_seconds: float
    check_seconds: float
    parsed: Parsed | None = None  # the parse of ``world_text``, the base of the next text's

    @property
    def current(self) -> bool:
        """Whether the AST is this text's own (not one carried over from an earlier version)."""
        return self.world is not None and self.world_text == self.text


def analyse(text: str, filename: str, previous: Analysis | None = None) -> Analysis:
    """Parse and check ``text``; what does not parse or check keeps ``previous``'s AST and IR."""
    if previous is not None and previous.text == text:
        return previous
    started = time.perf_counter()
    world, ir = (previous.world, previous.ir) if previous else (None, None)
    world_text = previous.world_text if previous else ""
    base = previous.parsed if previous else None
    diagnostics: tuple[Diagnostic, ...] = ()
    check_seconds = 0.0
    try:
        parsed = parse_text(text, filename, base)
    except DiagnosticError as err:
        return Analysis(text, tuple(err.diagnostics), world, world_text, ir, time.perf_counter() - started, 0.0, base)
    parse_seconds = time.perf_counter() - started
    world, world_text = parsed.world, text
    try:
        ir, diagnostics = check_parsed(parsed.world, text, filename)
    except DiagnosticError as err:
        diagnostics = tuple(err.diagnostics)
    except Exception as err:  # a checker bug: say so where the user looks, keep serving
        diagnostics = (Diagnostic(INTERNAL, f"internal error in the checker: {type(err).__name__}: {err}",
                                  Span(1, 1), filename),)
    check_seconds = time.perf_counter() - started - parse_seconds
    return Analysis(text, diagnostics, world, world_text, ir, parse_seconds, check_seconds, parsed)
