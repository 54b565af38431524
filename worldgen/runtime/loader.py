"""World (data) -> Rules (compiled functions) plus the initial state tuple.

Generating and compiling a world's functions depends only on its rules (the scaffold with its
axis choices applied), so the generated code is kept per rules and reused by every world that
shares them (a suite's worlds mostly do); each world binds it to its own names, content and state.
A world's bound rules are found again while anything still holds them (an idle table env of a
rollout or a report), beyond the few kept here.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from typing import Any

from worldgen.codegen.exprs import WorldTables
from worldgen.codegen.numbers import grid_sizes, static_value
from worldgen.codegen.numbers import horizon as resolve_horizon
from worldgen.codegen.packing import codec, field_of
from worldgen.codegen.program import Generated, Rules, build_rules
from worldgen.errors import InstantiationError
from worldgen.ir.axes import apply_axes
from worldgen.ir.limits import MAX_ARG_VALUES
from worldgen.ir.models import Scaffold, Type
from worldgen.ir.patterns import QUOTED_PLACEHOLDER, spell
from worldgen.ir.values import decode
from worldgen.ir.world import World
from worldgen.terminal.layout import build_layout

GENERATED_KEPT = 64
LOADED_KEPT = 32  # worlds whose rules are kept whole (a report makes an Env per episode of a suite, several passes)
_loaded: OrderedDict[int, tuple[World, Rules, list[Any]]] = OrderedDict()
# by world id, rules still alive somewhere, with their world (held, so its id is not reused until the rules die)
_alive: dict[int, tuple[weakref.ref[Rules], World, list[Any]]] = {}
_generated: OrderedDict[tuple[int, tuple[tuple[str, str], ...]], tuple[Scaffold, Scaffold, Generated]] = OrderedDict()


def load_rules(world: World) -> tuple[Rules, list[Any]]:
    """The world's rules and first state. A world is frozen, so the rules made for it serve every
    later Env of the same world object (as ``Env.fresh`` shares them): a suite report replays
    each episode and measures each world through new Envs, which rebuilt a terminal world's
    command table (~80 ms) four times per world."""
    key = id(world)
    hit = _loaded.get(key)
    if hit is not None and hit[0] is world:
        _loaded.move_to_end(key)
        return hit[1], list(hit[2])
    held = _alive.get(key)
    found = held[0]() if held is not None and held[1] is world else None
    if held is not None and found is not None:
        rules, initial = found, held[2]
    else:
        rules, initial = _load(world)
        _alive[key] = (weakref.ref(rules, lambda ref: _forget(key, ref)), world, initial)
    _loaded[key] = (world, rules, initial)  # the world is held, so its id is not reused meanwhile
    if len(_loaded) > LOADED_KEPT:
        _loaded.popitem(last=False)
    return rules, list(initial)


def _forget(key: int, ref: weakref.ref[Rules]) -> None:
    """The rules ``ref`` pointed to are gone: drop their entry (unless newer rules took the id)."""
    held = _alive.get(key)
    if held is not None and held[0] is ref:
        del _alive[key]


def horizon(world: World) -> int:
    """The world's episode limit, without building its rules (a Gymnasium spec reports it before
    the first episode)."""
    held = _loaded.get(id(world))
    if held is not None and held[0] is world:
        return held[1].horizon
    rules_ir = apply_axes(world.scaffold, world.axes)
    return resolve_horizon(rules_ir, *_values(world, rules_ir))


def _values(world: World, rules_ir: Scaffold) -> tuple[WorldTables, dict[str, Any]]:
    """The world's tables (params, entities, enums, content, grids) and its constants: consts
    (``C_name``) and initial state (``S_name``), decoded from the artifact's JSON."""
    ir = world.scaffold
    params = {p.name: (p.choices.index(world.params[p.name]) if p.kind == "choice" else world.params[p.name]) for p in ir.params}
    enums = {e.name: e.members for e in ir.enums}
    tables = WorldTables(params, world.entities, enums, world.content)
    tables.grids = grid_sizes(rules_ir, tables)
    types = {v.name: v.type for v in rules_ir.state}
    state = {name: decode(types[name], value) for name, value in world.initial_state.items()}
    constants = {f"S_{name}": value for name, value in state.items()}
    constants.update({f"C_{c.name}": decode(c.type, world.consts[c.name]) for c in rules_ir.consts})
    return tables, constants


def _load(world: World) -> tuple[Rules, list[Any]]:
    ir = world.scaffold
    # keyed by the scaffold object, which is frozen and held in the value so its id is not reused
    key = (id(ir), tuple(sorted(world.axes.items())))
    hit = _generated.get(key)
    if hit is not None and hit[0] is ir:
        _generated.move_to_end(key)
        rules_ir, generated = hit[1], hit[2]
    else:
        rules_ir, generated = apply_axes(ir, world.axes), None
    tables, constants = _values(world, rules_ir)

    def domain(t: Type) -> list[Any]:
        match t.kind:
            case "entity" | "enum":
                return list(range(tables.count(str(t.name))))
            case "bool":
                return [False, True]
            case "str":  # typed by the player: a `text` argument has one representative value, a `word` none
                return [""] if t.name == "text" else []
        lo, hi = (static_value(x, tables, constants, rules_ir) for x in (t.lo, t.hi))  # type: ignore[arg-type]
        if hi - lo + 1 > MAX_ARG_VALUES:
            raise InstantiationError(f"it ranges over {lo}..{hi} in this world; an int argument may take at most "
                                     f"{MAX_ARG_VALUES:_} values")
        return list(range(lo, hi + 1))

    def text(t: Type, v: Any) -> str:
        match t.kind:
            case "entity" | "enum":
                return tables.names(t.kind, str(t.name))[v]
            case "bool":
                return "true" if v else "false"
            case "str":
                return QUOTED_PLACEHOLDER
        return spell(t.name, v)[0]

    rules, made = build_rules(rules_ir, tables, constants, domain, text, generated)
    types = {v.name: v.type for v in rules_ir.state}
    fields = [field_of(types[name], tables.count, lambda t: (static_value(t.lo, tables, constants, rules_ir),  # type: ignore[arg-type]
                                                             static_value(t.hi, tables, constants, rules_ir)))  # type: ignore[arg-type]
              for name in rules.dynamic]
    if all(f is not None for f in fields):
        rules.codec = codec(tuple(fields))  # type: ignore[arg-type]
    rules.domain = domain
    initial = [constants[f"S_{name}"] for name in rules.dynamic]
    if rules_ir.terminal is not None:
        rules.layout = build_layout(rules, rules_ir.terminal, initial)
    if generated is None:
        _generated[key] = (ir, rules_ir, made)
        if len(_generated) > GENERATED_KEPT:
            _generated.popitem(last=False)
    return rules, initial
