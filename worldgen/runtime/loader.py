"""World (data) -> Rules (compiled functions) plus the initial state tuple."""

from __future__ import annotations

from typing import Any

from worldgen.codegen.exprs import ExprCompiler, Namespace, WorldTables
from worldgen.codegen.program import Rules, build_rules
from worldgen.ir.axes import apply_axes
from worldgen.ir.models import Type
from worldgen.ir.values import decode
from worldgen.ir.world import World


def load_rules(world: World) -> tuple[Rules, list[Any]]:
    ir = world.scaffold
    rules_ir = apply_axes(ir, world.axes)
    params = {p.name: (p.choices.index(world.params[p.name]) if p.kind == "choice" else world.params[p.name]) for p in ir.params}
    enums = {e.name: e.members for e in ir.enums}
    ns = Namespace()
    tables = WorldTables(ns, params, world.entities, enums, world.content)
    types = {v.name: v.type for v in rules_ir.state}
    state = {name: decode(types[name], value) for name, value in world.initial_state.items()}
    for c in rules_ir.consts:
        ns.values[f"C_{c.name}"] = decode(c.type, world.consts[c.name])
    counts = {name: len(names) for name, names in world.entities.items()} | {e: len(m) for e, m in enums.items()}

    def domain(t: Type) -> list[Any]:
        match t.kind:
            case "entity" | "enum":
                return list(range(counts[str(t.name)]))
            case "bool":
                return [False, True]
        lo, hi = (_static(x, tables, ns) for x in (t.lo, t.hi))
        return list(range(lo, hi + 1))

    def text(t: Type, v: Any) -> str:
        match t.kind:
            case "entity":
                return world.entities[str(t.name)][v]
            case "enum":
                return enums[str(t.name)][v]
            case "bool":
                return "true" if v else "false"
        return str(v)

    rules = build_rules(rules_ir, tables, ns, state, domain, text)
    return rules, [state[name] for name in rules.dynamic]


def _static(e: Any, tables: WorldTables, ns: Namespace) -> int:
    src = ExprCompiler(ns, tables, lambda v: f"S_{v}").expr(e)
    return int(eval(compile(src, "<worldgen bound>", "eval"), dict(ns.values)))  # noqa: S307 - generated from IR
