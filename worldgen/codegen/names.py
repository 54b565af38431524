"""The names every codegen module shares: what may appear in generated source and the errors
rules raise. Kept apart from exprs.py so the modules it mixes in can use them without importing it
(codegen imports one way down: tests/test_import_graph.py)."""

from __future__ import annotations

import re
from typing import Any, Protocol

from worldgen.errors import WorldgenError
from worldgen.ir.models import Expr, Function, Type

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class UnsafeIR(WorldgenError):
    """IR that would not generate the code its structure describes (a name that is not an
    identifier, an unknown op): refused before any code is generated, whatever its source."""


def ident(name: object) -> str:
    """A name that may appear in generated source: a plain identifier, nothing else."""
    if not isinstance(name, str) or not _IDENT.match(name):
        raise UnsafeIR(f"refusing to generate code for the name {name!r}: not an identifier")
    return name


class RuleError(Exception):
    """A rule did something its declaration forbids at run time (a value out of its bounds,
    an index past the end): reported by the runtime and the model checker, never a crash."""


# What the runtime turns into an invalid step with info["error"]; anything else is a bug.
RULE_ERRORS = (RuleError, IndexError, ZeroDivisionError)


class Constants(Protocol):
    def const(self, request: tuple[Any, ...]) -> str: ...


class Compiler(Protocol):
    """What the mixins of ``exprs.ExprCompiler`` (forms, comprehensions, repair, text functions)
    use of it: its namespace, the scaffold's ``def``s and the source of sub-expressions."""

    ns: Constants
    functions: dict[str, Function]
    inline: bool
    subst: dict[str, str]
    memoised: frozenset[str]

    def expr(self, e: Expr) -> str: ...

    def render(self, e: Expr) -> str: ...

    def default(self, t: Type) -> str: ...

    def domain(self, e: Expr) -> str: ...
