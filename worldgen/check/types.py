"""Written types resolved: state and argument types must be finite, index types entities or enums."""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.check.exprs import Ctx, ExprChecker, did_you_mean, is_error, show_type
from worldgen.check.freeargs import FREE_ARGUMENTS
from worldgen.check.intsets import int_elements
from worldgen.check.scope import Scope
from worldgen.errors import DiagnosticSink
from worldgen.ir import types as T
from worldgen.ir.models import Expr, Type
from worldgen.ir.patterns import SPELLINGS
from worldgen.syntax import ast


@dataclass
class TypeResolver:
    sink: DiagnosticSink
    scope: Scope
    exprs: ExprChecker

    def resolve(self, node: ast.TypeExpr, role: str = "state") -> Type | None:
        """Resolve a written type; state and argument types must be finite (bounded).

        ``role`` is "state" or "argument": it only changes how a missing range is explained."""
        match node:
            case ast.BoolType():
                return T.BOOL
            case ast.IntType(lo=None) if role == "argument":
                self.sink.error("WG405", "an int argument needs a range, so every command can be listed: int in 1..5", node.span)
                return None
            case ast.IntType(lo=None):
                self.sink.error("WG405", "an int in the state must be bounded so the state space is finite: int in 0..10", node.span)
                return None
            case ast.IntType(lo=lo, hi=hi):
                elo = self._static_int(lo, "an int bound")
                ehi = self._static_int(hi, "an int bound")
                spelling = getattr(node, "spelling", None)
                if spelling is not None and role != "argument":
                    self.sink.error("WG306", f"'as {spelling}' spells an argument in commands; a state int has no spelling", node.span)
                    return None
                if spelling is not None and spelling not in SPELLINGS:
                    self.sink.error("WG207", f"unknown int spelling '{spelling}'; use " + " or ".join(f"'as {n}'" for n in SPELLINGS), node.span)
                    return None
                return None if is_error(elo) or is_error(ehi) else Type(kind="int", lo=elo, hi=ehi, name=spelling)
            case ast.NamedType(name=name):
                sym = self.scope.symbols.get(name)
                if sym is not None and sym.kind in ("entity", "enum"):
                    return sym.type
                if sym is not None and sym.kind == "param" and sym.type.kind == "enum":
                    return sym.type
                if sym is None and role == "argument" and name in FREE_ARGUMENTS:
                    return FREE_ARGUMENTS[name]
                if name in ("str", "text", "word", "string", "float"):
                    self.sink.error("WG405", f"'{name}' values are unbounded, so they cannot be state; use an enum or a bounded int", node.span)
                    return None
                self.sink.error("WG207", f"unknown type '{name}'" + did_you_mean(name, [n for n, s in self.scope.symbols.items() if s.kind == "entity"]), node.span)
                return None
            case ast.SetType(elem=ast.IntType(lo=lo) as elem) if lo is not None:
                t = self.resolve(elem)
                e = int_elements(self.sink, t, elem.span) if t is not None else None
                return T.set_of(e) if e is not None else None
            case ast.SetType(elem=elem):
                e = self.domain(elem, "set elements")
                return T.set_of(e) if e is not None else None
            case ast.MapType(key=key, value=value):
                k, v = self.domain(key, "map keys"), self.resolve(value, role)
                if k is None or v is None:
                    return None
                if v.kind == "rel":
                    self.sink.error("WG306", "map values may be bools, bounded ints, entities, enum values, sets, lists or maps", value.span)
                    return None
                return T.map_of(k, v)  # type: ignore[arg-type]
            case ast.ListType(elem=elem, size=size):
                e = self.resolve(elem, role)
                n = self._static_int(size, "the size of a list")
                if e is None or is_error(n):
                    return None
                if e.kind not in ("entity", "enum", "int", "bool"):
                    self.sink.error("WG306", f"lists hold entities, enum values, bounded ints or bools, not {show_type(e)}", elem.span)
                    return None
                return Type(kind="list", elem=e, size=n)
            case ast.RelType(left=left, right=right):
                a, b = self.domain(left, "relation ends"), self.domain(right, "relation ends")
                return T.rel_of(a, b) if a is not None and b is not None else None
        raise AssertionError(node)  # pragma: no cover - the grammar has no other types

    def domain(self, node: ast.TypeExpr, what: str) -> Type | None:
        """A type whose values index sets, map keys and relation ends: an entity or an enum."""
        t = None if isinstance(node, (ast.IntType, ast.BoolType)) else self.resolve(node)
        if isinstance(node, (ast.IntType, ast.BoolType)) or (t is not None and not T.is_finite_domain(t)):
            shown = "an int" if isinstance(node, ast.IntType) else "a bool" if isinstance(node, ast.BoolType) else show_type(t)  # type: ignore[arg-type]
            self.sink.error("WG306", f"{what} must be entities or enum values, not {shown}", node.span)
            return None
        return t

    def _static_int(self, node: ast.Expr, what: str) -> Expr:
        return self.exprs.check_int(node, Ctx("static"), what)


def quiet_type(scope: Scope, node: ast.TypeExpr) -> Type | None:
    """Resolve an argument type without reporting (it was reported when the action was checked)."""
    match node:
        case ast.BoolType():
            return T.BOOL
        case ast.IntType():
            spelling = getattr(node, "spelling", None)
            return Type(kind="int", name=spelling) if spelling in SPELLINGS else T.INT
        case ast.NamedType(name=name):
            sym = scope.symbols.get(name)
            if sym is None and name in FREE_ARGUMENTS:
                return FREE_ARGUMENTS[name]
            return sym.type if sym is not None and sym.type.kind in ("entity", "enum") else None
    return None
