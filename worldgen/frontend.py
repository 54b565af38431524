"""Source text -> checked IR, in one call: the only place that strings parser and checker."""

from __future__ import annotations

from worldgen.check.checker import check
from worldgen.errors import DiagnosticError, DiagnosticSink
from worldgen.ir.models import Scaffold as ScaffoldIR
from worldgen.syntax.parser import parse


def compile_source(source: str, filename: str = "<string>") -> ScaffoldIR:
    """Parse and check; raises DiagnosticError carrying every diagnostic found."""
    world = parse(source, filename)
    sink = DiagnosticSink(filename, source)
    ir = check(world, sink)
    sink.raise_if_any()
    if ir is None:  # pragma: no cover - check returns None only with diagnostics
        raise DiagnosticError([])
    return ir
