"""Graphviz views of a world, with the oracle walkthrough highlighted.

* ``state``: the reachable state graph (what the model checker explored). Start: double border;
  goal states green, fail states red, dead ends grey; the oracle's path in bold red.
* ``map``: the entity map of a spatial world: the entities of the first relation ``rel<E, E>``
  as nodes and its pairs as edges; the oracle's moves (the changes of a state variable of type E)
  in bold red, numbered.

Every label is escaped: names come from content and are data.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

from worldgen.codegen.program import Rules
from worldgen.errors import WorldgenError
from worldgen.ir.models import Scaffold, StateVar, Type
from worldgen.ir.values import bits, decode
from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules
from worldgen.verify.arrays import can_reach_goal, graph_arrays
from worldgen.verify.report import Bounds, Step
from worldgen.verify.statespace import StateGraph, explore
from worldgen.verify.traces import path_to, states_along

OK_FILL, FAIL_FILL, DEAD_FILL, PATH = "#c8f0c0", "#f4c0c0", "#dddddd", "#d62728"
LABEL_COMMANDS = 3  # commands listed on one state-graph edge before "..."


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def show(world: World, t: Type, v: Any) -> str:
    """A runtime value as a person reads it (entity and enum names, sets in braces)."""
    match t.kind:
        case "entity":
            return world.entities[str(t.name)][v]
        case "enum":
            return next(e.members for e in world.scaffold.enums if e.name == t.name)[v]
        case "bool":
            return "true" if v else "false"
        case "set":
            assert t.elem is not None
            return "{" + ", ".join(show(world, t.elem, i) for i in bits(v)) + "}"
        case "map":
            assert t.elem is not None and t.value is not None
            return ", ".join(f"{show(world, t.elem, k)}:{show(world, t.value, x)}" for k, x in enumerate(v))
        case "rel":
            return f"{sum(len(bits(m)) for m in v)} pairs"
    return str(v)


def describe(world: World, rules: Rules, s: tuple[Any, ...]) -> str:
    types = {v.name: v.type for v in world.scaffold.state}
    return "\n".join(f"{name} = {show(world, types[name], v)}" for name, v in zip(rules.dynamic, s))


def state_dot(world: World, oracle: tuple[Step, ...] | None, bounds: Bounds, max_nodes: int) -> str:
    rules, initial = load_rules(world)
    g = explore(rules, initial, bounds.model_copy(update={"max_states": max_nodes + 1}))
    if len(g.states) > max_nodes:
        other = " or use --view map" if _map_relation(world.scaffold) is not None else ""  # only where there is one
        raise WorldgenError(f"the state graph has more than {max_nodes} states; raise --max-nodes{other}")
    can = can_reach_goal(graph_arrays(g, rules))
    on_path = _oracle_transitions(g, oracle)
    lines = [f"digraph {quote(world.scaffold.name)} {{", "  rankdir=LR;",
             '  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=9, color="#777777"];']
    for i, s in enumerate(g.states):
        attrs = [f"label={quote(describe(world, rules, s))}"]
        if i == 0:
            attrs.append("peripheries=2")
        if g.done[i]:
            attrs.append(f'fillcolor="{OK_FILL}"')
        elif g.failed[i]:
            attrs.append(f'fillcolor="{FAIL_FILL}"')
        elif not can[i]:
            attrs.append(f'fillcolor="{DEAD_FILL}"')
        lines.append(f"  s{i} [{', '.join(attrs)}];")
    for (src, dst), labels in _edge_labels(g, rules).items():
        shown = labels[:LABEL_COMMANDS] + (["..."] if len(labels) > LABEL_COMMANDS else [])
        attrs = [f"label={quote(chr(10).join(shown))}"]
        if (src, dst) in on_path:
            attrs.append(f'color="{PATH}", fontcolor="{PATH}", penwidth=2.5')
        lines.append(f"  s{src} -> s{dst} [{', '.join(attrs)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _edge_labels(g: StateGraph, rules: Rules) -> dict[tuple[int, int], list[str]]:
    """Commands per (source, target) pair, self-loops left out (they change nothing)."""
    out: dict[tuple[int, int], list[str]] = {}
    for t, dst in enumerate(g.trans_dst):
        e = g.trans_edge[t]
        src = g.edge_src[e]
        if src == dst:
            continue
        label = rules.bindings[g.edge_binding[e]].command
        if g.trans_prob[t] != 1.0:
            label += f" (p={g.trans_prob[t]:.3g})"
        out.setdefault((src, dst), []).append(label)
    return out


def _oracle_transitions(g: StateGraph, oracle: tuple[Step, ...] | None) -> set[tuple[int, int]]:
    goal = next((i for i, d in enumerate(g.done) if d), None)
    if oracle is None or goal is None:
        return set()
    return {(g.edge_src[g.trans_edge[t]], g.trans_dst[t]) for t in path_to(g, goal)}


def _map_relation(ir: Scaffold) -> StateVar | None:
    """The state relation between entities of one kind that ``--view map`` draws, if there is one."""
    return next((v for v in ir.state if v.type.kind == "rel" and v.type.elem is not None and v.type.value is not None
                 and v.type.elem.kind == "entity" and v.type.elem.same(v.type.value)), None)


def map_dot(world: World, oracle: tuple[Step, ...] | None) -> str:
    ir = world.scaffold
    rel = _map_relation(ir)
    if rel is None:
        raise WorldgenError(f"world '{ir.name}' has no relation between entities of one kind to draw as a map; use --view state")
    kind = str(rel.type.elem.name)  # type: ignore[union-attr]
    names = world.entities[kind]
    pairs = decode(rel.type, world.initial_state[rel.name])
    where = _positions(world, kind, oracle)
    moves = [(a, b) for a, b in zip(where, where[1:]) if a != b]
    lines = [f"graph {quote(ir.name)} {{", '  node [shape=ellipse, fontname="Helvetica", fontsize=11];',
             '  edge [fontname="Helvetica", fontsize=9, color="#777777"];']
    lines += [f"  e{i} [label={quote(name)}{', peripheries=2' if where[:1] == [i] else ''}];"
              for i, name in enumerate(names)]
    drawn: set[tuple[int, int]] = set()
    for a, mask in enumerate(pairs):
        for b in bits(mask):
            key = (min(a, b), max(a, b))
            if key in drawn:
                continue
            drawn.add(key)
            directed = not (pairs[b] >> a & 1)
            steps = [str(n) for n, (x, y) in enumerate(moves, 1) if {x, y} == {a, b}]
            attrs = ["dir=forward"] if directed else []
            if steps:
                attrs.append(f'label={quote(",".join(steps))}, color="{PATH}", fontcolor="{PATH}", penwidth=2.5')
            lines.append(f"  e{a} -- e{b}" + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _positions(world: World, kind: str, oracle: tuple[Step, ...] | None) -> list[int]:
    """Where the player is (the first dynamic state variable of type ``kind``) at the start and
    after each oracle step; empty when no such variable exists."""
    rules, initial = load_rules(world)
    types = {v.name: v.type for v in world.scaffold.state}
    slot = next((i for i, name in enumerate(rules.dynamic) if types[name].kind == "entity" and types[name].name == kind), None)
    if slot is None:
        return []
    return [s[slot] for s in states_along(rules, initial, oracle or ())]


def render_svg(dot_path: Path) -> Path | None:
    """``dot -Tsvg`` beside the DOT file, when Graphviz is installed."""
    exe = shutil.which("dot")
    if exe is None:
        return None
    svg = dot_path.with_suffix(".svg")
    done = subprocess.run([exe, "-Tsvg", str(dot_path), "-o", str(svg)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise WorldgenError(f"dot could not render {dot_path}: {done.stderr.strip()}")
    return svg
