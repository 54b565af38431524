"""Scaffold + content + seed (+ axis choices) -> World.

Resolves, in this order and each from its own seeded stream: axis choices, params, which content
items a world takes, then consts and state initial values (build-time generators included).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from types import CodeType
from typing import Any

import numpy as np

from worldgen.canonical import sha256
from worldgen.codegen.intsets import in_range
from worldgen.codegen.exprs import ExprCompiler, Namespace, WorldTables
from worldgen.codegen.names import RuleError
from worldgen.codegen.numbers import cell_names, resolve as resolve_numbers
from worldgen.codegen.prelude import HELPERS
from worldgen.ir import types as T
from worldgen.compiler.artifact import scaffold_sha256
from worldgen.compiler.generators import generators
from worldgen.compiler.unions import variant_names
from worldgen.seeding import rng
from worldgen.errors import InstantiationError, RequirementError, StructuralError
from worldgen.ir.axes import apply_axes, check_axes
from worldgen.ir.limits import MAX_ENTITIES
from worldgen.ir.models import Entity, Expr, Scaffold, Type, canonical_json
from worldgen.ir.params import check_params
from worldgen.ir.patterns import normalize
from worldgen.ir.values import encode, to_mask
from worldgen.ir.world import World


def choose_axes(ir: Scaffold, fixed: dict[str, str] | None, seed: int) -> dict[str, str]:
    fixed = dict(fixed or {})
    check_axes(ir, fixed)
    out = {}
    for axis in ir.axes:
        names = [a.name for a in axis.alternatives]
        out[axis.name] = fixed[axis.name] if axis.name in fixed else names[int(rng(seed, f"axis:{axis.name}").integers(len(names)))]
    return out


def draw_params(ir: Scaffold, fixed: dict[str, Any] | None, seed: int, draw: int = 0) -> dict[str, int | bool | str]:
    """The params of a seed's world; ``draw`` > 0: another draw of them (`compile --redraw-params`)."""
    fixed = dict(fixed or {})
    check_params(ir, fixed)
    out: dict[str, int | bool | str] = {}
    for p in ir.params:
        g = rng(seed, f"param:{p.name}" if draw == 0 else f"param:{draw}:{p.name}")
        if p.name in fixed:
            out[p.name] = fixed[p.name]
        elif p.kind == "int":
            out[p.name] = int(g.integers(p.lo, p.hi + 1))  # type: ignore[operator]
        elif p.kind == "bool":
            out[p.name] = bool(g.integers(2))
        else:
            out[p.name] = p.choices[int(g.integers(len(p.choices)))]
    return out


def runtime_params(ir: Scaffold, params: dict[str, Any]) -> dict[str, int | bool]:
    """Choice params run as enum indices."""
    out: dict[str, int | bool] = {}
    for p in ir.params:
        v = params[p.name]
        out[p.name] = p.choices.index(v) if p.kind == "choice" else v
    return out


def select_content(ir: Scaffold, content: dict[str, Any], params: dict[str, Any], seed: int) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """Take the part of a record a world needs: a seeded choice of items from param-sized lists."""
    view: dict[str, Any] = {}
    chosen: dict[str, list[int]] = {}
    for slot in ir.content:
        if slot.name not in content:
            raise InstantiationError(f"content record has no '{slot.name}'")
        value = content[slot.name]
        if slot.kind == "list":
            if slot.size_param is not None:
                n = int(params[slot.size_param])
            else:
                n = int(slot.max_items or 0)
            if not isinstance(value, list) or len(value) < n:
                have = len(value) if isinstance(value, list) else 0
                raise InstantiationError(f"content '/{slot.name}' has {have} items; this world needs {n}")
            if slot.size_param is not None:
                picks = [int(i) for i in rng(seed, f"content:{slot.name}").permutation(len(value))[:n]]
                chosen[slot.name] = picks
            else:
                picks = list(range(n))
            value = [value[i] for i in picks]
        view[slot.name] = value
    return view, chosen


def static_compiler(ir: Scaffold, tables: WorldTables) -> ExprCompiler:
    """Compiles the build-time expressions of one world (params, entity counts, initial values)."""
    return ExprCompiler(Namespace(tables), lambda v: f"S_{v}", {f.name: f for f in ir.functions})


def entity_size(ent: Entity, compiler: ExprCompiler) -> tuple[int, tuple[int, int] | None]:
    """How many values an entity has in this world, and a grid's (width, height)."""
    n = evaluate(ent.count, compiler, {})
    if n > MAX_ENTITIES:
        raise InstantiationError(f"entity '{ent.name}' has {n:_} values in this world; an entity may have at most "
                                 f"{MAX_ENTITIES:_}")
    if ent.width is None:
        return n, None
    width = evaluate(ent.width, compiler, {})
    if not (isinstance(width, int) and 0 < width <= n and n % width == 0):
        raise InstantiationError(f"grid '{ent.name}' cannot be {width} cells wide with {n} cells")
    return n, (width, n // width)


def _names(view: dict[str, Any], path: tuple[str, ...]) -> list[str]:
    items = view[path[0]]
    return [str(it[path[1]]) if len(path) > 1 else str(it) for it in items]


def instantiate(
    ir: Scaffold,
    content: dict[str, Any],
    seed: int,
    axes: dict[str, str] | None = None,
    params: dict[str, Any] | None = None,
    attempt: int = 0,
) -> World:
    if seed < 0:
        raise InstantiationError(f"seed must be a non-negative integer, not {seed}")
    choices = choose_axes(ir, axes, seed)
    rules = apply_axes(ir, choices)
    pvals = draw_params(ir, params, seed)
    rparams = runtime_params(ir, pvals)
    view, chosen = select_content(ir, content, pvals, seed)
    enums = {e.name: e.members for e in ir.enums}
    entity_names: dict[str, list[str]] = {}
    grids: dict[str, tuple[int, int]] = {}
    tables = WorldTables(rparams, entity_names, enums, view, grids)  # entity names fill in below
    compiler = static_compiler(rules, tables)  # an axis may replace a def
    seen: dict[str, str] = {}
    for ent in ir.entities:
        n, grid = entity_size(ent, compiler)
        if grid is not None:
            grids[ent.name] = grid
            names = cell_names(*grid)
        elif ent.variants:  # a union: its names are distinct, as its tags and its payloads' names are
            entity_names[ent.name] = variant_names(ent, tables.names)
            continue
        elif not ent.names_from:
            names = [f"{ent.name}{i + 1}" for i in range(max(n, 0))]
        else:
            names = _names(view, ent.names_from)
        if n < 1:
            raise StructuralError(f"entity '{ent.name}' has {n} values in this world; an entity needs at least one")
        if n > len(names):
            raise InstantiationError(f"entity '{ent.name}' needs {n} names but content '/{ent.names_from[0]}' gives {len(names)}")
        for name in names[:n]:
            key = normalize(name)
            if key in seen:
                raise InstantiationError(f"content names two entities '{name}' ({seen[key]} and {ent.name}); names must be distinct")
            seen[key] = ent.name
        entity_names[ent.name] = names[:n]

    values = draw_start(rules, compiler, entity_names, lambda name: rng(seed, f"init:{attempt}:{name}"))
    resolve_numbers(rules, tables, {**{f"S_{k}": v for k, v in values.items()}, **{f"C_{k}": v for k, v in values.items()}})

    return World(
        scaffold=ir, seed=seed, attempt=attempt, params=pvals, axes=choices, content=view,
        content_choice=chosen, entities=entity_names,
        consts={c.name: encode(c.type, values[c.name]) for c in rules.consts},
        initial_state={v.name: encode(v.type, values[v.name]) for v in rules.state},
        provenance={"scaffold_sha256": scaffold_sha256(ir), "content_sha256": _content_sha256(content)},
    )


def draw_start(rules: Scaffold, compiler: ExprCompiler, entity_names: dict[str, list[str]],
               stream: Callable[[str], np.random.Generator]) -> dict[str, Any]:
    """The consts' and state's start values (runtime form), each drawn from ``stream(name)``;
    raises RequirementError when a `require` does not hold, InstantiationError when a value is bad."""
    counts = {name: len(names) for name, names in entity_names.items()}
    counts.update({e.name: len(e.members) for e in rules.enums})
    values: dict[str, Any] = {}
    types = {c.name: c.type for c in rules.consts} | {v.name: v.type for v in rules.state}
    inits = {c.name: c.init for c in rules.consts} | {v.name: v.init for v in rules.state}
    for kind, name in rules.init_order:
        g = generators(stream(name))
        try:
            value = _initial(types[name], inits[name], compiler, values, g, counts, kind, name)
        except RuleError as err:
            raise InstantiationError(f"initialising '{name}': {err}") from None
        values[name] = value
        if kind == "state":
            _check_bounds(types[name], value, name, compiler, values)
    _check_requires(rules, compiler, values)
    return values


def _content_sha256(content: dict[str, Any]) -> str:
    return sha256(canonical_json(content))


@lru_cache(maxsize=1024)
def _compiled(source: str) -> CodeType:
    """Initial-value expressions are the same source for every world of a scaffold."""
    return compile(source, "<worldgen init>", "eval")


def evaluate(e: Expr, compiler: ExprCompiler, values: dict[str, Any], extra: dict[str, Any] | None = None) -> Any:
    """A build-time expression's value; ``values``: the consts and state variables set so far."""
    code = _compiled(compiler.expr(e))
    env: dict[str, Any] = dict(compiler.ns.values)
    env.update(HELPERS)
    env.update(extra or {})
    for name, v in values.items():
        env[f"S_{name}"] = v
        env[f"C_{name}"] = v
    try:
        return eval(code, env)  # noqa: S307 - generated from checked IR
    except (IndexError, ZeroDivisionError) as err:
        raise RuleError(str(err)) from None


def _initial(t: Type, init: Expr, compiler: ExprCompiler, values: dict[str, Any], g: dict[str, Any],
             counts: dict[str, int], kind: str, name: str) -> Any:
    vt = init.type
    if t.kind == "map" and vt.kind != "map" and (vt.kind != "list" or T.compatible(t.value, vt)):  # type: ignore[arg-type]
        n = counts[str(t.elem.name)]  # type: ignore[union-attr]
        return tuple(evaluate(init, compiler, values, g) for _ in range(n))  # one draw per key
    v = evaluate(init, compiler, values, g)
    if t.kind == "rel" and vt.kind == "set":  # `{}`: no pairs
        return (0,) * counts[str(t.elem.name)]  # type: ignore[union-attr]
    if t.kind == "set" and vt.kind == "list":
        v = to_mask(v)
    if t.kind == "set" and t.elem is not None and t.elem.kind == "int":  # a set of ints holds its range only
        return in_range(v, t.elem.lo.value, t.elem.hi.value, name)  # type: ignore[union-attr, arg-type]
    if t.kind == "set":
        return v
    if t.kind == "map" and vt.kind == "list":
        n = counts[str(t.elem.name)]  # type: ignore[union-attr]
        if len(v) != n:
            raise RuleError(f"{len(v)} values for a map over {n} {t.elem.name}")  # type: ignore[union-attr]
        return tuple(v)
    return v


def _check_requires(rules: Scaffold, compiler: ExprCompiler, values: dict[str, Any]) -> None:
    """`require COND`: a world whose initial state breaks one is rejected (and re-drawn)."""
    for req in rules.requires:
        try:
            if evaluate(req.cond, compiler, values):
                continue
            why = ""
            if req.message is not None and req.message.parts:
                parts = tuple(p.expr or Expr(op="lit", type=T.STR, value=p.text) for p in req.message.parts)
                why = ": " + str(evaluate(Expr(op="concat", type=T.STR, args=parts), compiler, values))
        except RuleError as err:
            raise InstantiationError(f"require (line {req.line}) could not be evaluated: {err}") from None
        raise RequirementError(f"require (line {req.line}) does not hold{why}", req.line)


def _check_bounds(t: Type, v: Any, name: str, compiler: ExprCompiler, values: dict[str, Any]) -> None:
    inner = t.value if t.kind == "map" else t
    if inner is None or inner.kind != "int" or inner.lo is None or inner.hi is None:
        return
    lo, hi = evaluate(inner.lo, compiler, values), evaluate(inner.hi, compiler, values)
    for x in v if t.kind == "map" else (v,):
        if not lo <= x <= hi:
            raise InstantiationError(f"'{name}' starts at {x}, outside its range {lo}..{hi}")


__all__ = ["instantiate", "draw_start", "choose_axes", "draw_params", "select_content", "runtime_params", "static_compiler",
           "entity_size", "evaluate"]
