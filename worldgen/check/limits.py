"""Checker limits on the size of what a scaffold asks for: reward amounts, param ranges, entity
counts, int argument ranges and the argument combinations of each action (worldgen/ir/limits.py
says why). Runs on a scaffold that otherwise checks, so every size it reads is resolved; a size
known only per world (an entity counted by an expression) is left to the build, which enforces
the same limits.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from worldgen.errors import DiagnosticSink
from worldgen.ir.limits import MAX_ARG_VALUES, MAX_BINDINGS, MAX_ENTITIES, MAX_PARAM, MAX_REWARD
from worldgen.ir.models import Action, Expr, Scaffold, Type
from worldgen.syntax import ast
from worldgen.syntax.unions_ast import UnionDecl


def check_limits(world: ast.World, ir: Scaffold, sink: DiagnosticSink) -> None:
    for d in _all_decls(world.decls):
        if isinstance(d, ast.RewardDecl) and isinstance(d.amount, ast.Num) and not abs(d.amount.value) <= MAX_REWARD:
            sink.error("WG418", f"a reward of {d.amount.value:g} is beyond what returns can add up; an amount must be "
                       f"within -{MAX_REWARD:_}..{MAX_REWARD:_}", d.amount.span)
    for d in world.decls:
        if isinstance(d, ast.ParamDecl) and d.kind == "int" and not -MAX_PARAM <= d.lo <= d.hi <= MAX_PARAM:  # type: ignore[operator]
            sink.error("WG418", f"param '{d.name}' ranges over {d.lo}..{d.hi}; a param's range must stay within "
                       f"{-MAX_PARAM:_}..{MAX_PARAM:_}", d.span)
    sizes = Sizes(ir)
    written = {d.name: d.span for d in world.decls if isinstance(d, (ast.EntityDecl, UnionDecl))}
    for entity in ir.entities:  # a union (check/unions.py) is an entity of its variants' values
        n = sizes.of(Type(kind="entity", name=entity.name))
        if n is not None and n > MAX_ENTITIES:
            sink.error("WG418", f"entity '{entity.name}' has up to {n:_} values; an entity may have at most "
                       f"{MAX_ENTITIES:_}", written[entity.name])
        least = None if entity.variants or entity.width is not None else sizes.values(Type(kind="entity", name=entity.name), "lo")
        if least is not None and least < 1:
            sink.error("WG410", f"entity '{entity.name}' has {least} values in a world whose params are at their "
                       "smallest; an entity needs at least one: start the param's range at 1 or more", written[entity.name])
    for action, decl in _actions(world, ir):
        counts = []
        for param, written in zip(action.params, decl.params):
            n = sizes.of(param.type)
            if param.type.kind == "int" and n is not None and n > MAX_ARG_VALUES:
                sink.error("WG418", f"argument '{param.name}' takes {n:_} values; an int argument may take at most "
                           f"{MAX_ARG_VALUES:_} (every command is listed when a world is built)", written.type.span)
                break
            counts.append(n)
        else:
            if None not in counts and math.prod(counts) > MAX_BINDINGS:  # type: ignore[arg-type]
                shown = " x ".join(f"{n:_}" for n in counts)
                sink.error("WG418", f"action '{action.name}' has up to {math.prod(counts):_} argument combinations "  # type: ignore[arg-type]
                           f"({shown}); an action may have at most {MAX_BINDINGS:_}", decl.span)


class Sizes:
    """The most values an argument type can take in any world of the scaffold; None: not known
    before a world is built."""

    def __init__(self, ir: Scaffold):
        self.params = {p.name: p for p in ir.params}
        self.enums = {e.name: len(e.members) for e in ir.enums}
        self.entities = {e.name: e for e in ir.entities}

    def of(self, t: Type) -> int | None:
        match t.kind:
            case "bool":
                return 2
            case "str":
                return 1
            case "enum":
                return self.enums.get(str(t.name))
            case "entity":
                entity = self.entities.get(str(t.name))
                return None if entity is None or entity.width is not None else self._largest(entity.count)
            case "int" if t.lo is not None and t.hi is not None:
                lo, hi = self._smallest(t.lo), self._largest(t.hi)
                return None if lo is None or hi is None else max(0, hi - lo + 1)
        return None

    def values(self, t: Type, end: str) -> int | None:
        """How many values an entity (grids included) or enum has in the world of the params at
        their ``end`` ("lo" or "hi"); None: not known before a world is built."""
        if t.kind == "enum":
            return self.enums.get(str(t.name))
        entity = self.entities.get(str(t.name)) if t.kind == "entity" else None
        return None if entity is None else self._count(entity.count, end)

    def _largest(self, e: Expr) -> int | None:
        return self._bound(e, "hi")

    def _smallest(self, e: Expr) -> int | None:
        return self._bound(e, "lo")

    def _count(self, e: Expr, end: str) -> int | None:
        """``_bound``, or a sum or product of counts (not negative, so these grow with their parts:
        a grid's WIDTH * HEIGHT)."""
        if e.op == "arith" and e.name in ("+", "*") and len(e.args) == 2:
            a, b = (self._count(x, end) for x in e.args)
            return None if a is None or b is None or min(a, b) < 0 else a + b if e.name == "+" else a * b
        return self._bound(e, end)

    def _bound(self, e: Expr, end: str) -> int | None:
        """A literal, or an int param at the ``end`` of its range."""
        if e.op == "lit" and isinstance(e.value, int) and not isinstance(e.value, bool):
            return e.value
        param = self.params.get(str(e.name)) if e.op == "param" else None
        return getattr(param, end) if param is not None and param.kind == "int" else None


def _all_decls(decls: list[ast.Decl]) -> Iterator[ast.Decl]:
    """Declarations, those inside axis alternatives included."""
    for d in decls:
        yield d
        if isinstance(d, ast.AxisDecl):
            for alt in d.alternatives:
                yield from _all_decls(alt.decls)


def _actions(world: ast.World, ir: Scaffold) -> Iterator[tuple[Action, ast.ActionDecl]]:
    """Each action of the scaffold (axis alternatives' too) with its declaration."""
    yield from zip(ir.actions, [d for d in world.decls if isinstance(d, ast.ActionDecl)])
    axes = {d.name: {alt.name: alt for alt in d.alternatives} for d in world.decls if isinstance(d, ast.AxisDecl)}
    for axis in ir.axes:
        for alt in axis.alternatives:
            decls = {d.name: d for d in axes[axis.name][alt.name].decls if isinstance(d, ast.ActionDecl)}
            yield from ((a, decls[a.name]) for a in alt.actions)
