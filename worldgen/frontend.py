"""Source text -> checked IR, in one call: the only place that strings parser and checker."""

from __future__ import annotations

from worldgen.check.buildtime import warn_consts_reading_changing_state
from worldgen.check.checker import check
from worldgen.check.escapes import warn_unknown_escapes
from worldgen.errors import Diagnostic, DiagnosticError, DiagnosticSink
from worldgen.ir.models import Scaffold as ScaffoldIR
from worldgen.syntax import ast
from worldgen.syntax.parser import parse


def compile_source(source: str, filename: str = "<string>") -> tuple[ScaffoldIR, tuple[Diagnostic, ...]]:
    """Parse and check; raises DiagnosticError carrying every error found, else returns the IR
    and the warnings (sorted by position)."""
    return check_parsed(parse(source, filename), source, filename)


def check_parsed(world: ast.World, source: str, filename: str = "<string>") -> tuple[ScaffoldIR, tuple[Diagnostic, ...]]:
    """The checking half of compile_source, for callers that keep the AST (the language server)."""
    sink = DiagnosticSink(filename, source)
    ir = check(world, sink)
    sink.raise_if_any()
    if ir is None:  # pragma: no cover - check returns None only with diagnostics
        raise DiagnosticError([])
    warn_consts_reading_changing_state(world, ir, sink)
    warn_unknown_escapes(world, sink)
    return ir, tuple(sorted(sink.warnings, key=lambda d: (d.span.line, d.span.col, d.code)))
