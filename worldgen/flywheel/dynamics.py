"""Catalogue entries that change what actions do: ``slippery`` and ``inverted``.

Both add a dynamics alternative that replaces whole actions (the only way an alternative changes
an action), built on the parsed action and printed by the ``fmt`` printer:

* ``slippery``: the first action that changes state keeps its preconditions, but its effects
  happen only ``chance(GRIP)``; otherwise the agent is told it slipped and nothing changes;
* ``inverted``: an action that takes a grid ``direction`` moves the opposite way; else two actions
  that are each other's opposite (``up``/``down``, ``open``/``close``, ...) with the same arguments
  swap their effects, each keeping its own commands.

An alternative replacing an action that an existing axis already replaces joins that axis.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from worldgen.flywheel import placement
from worldgen.flywheel.edits import Change
from worldgen.syntax import ast
from worldgen.syntax.parser import parse
from worldgen.syntax.printer import print_world

GRIP = 0.8
OPPOSITES = (("up", "down"), ("insert", "withdraw"), ("open", "close"), ("install", "remove"), ("take", "drop"),
             ("push", "pull"), ("fill", "empty"), ("start", "stop"), ("lock", "unlock"), ("inc", "dec"),
             ("raise", "lower"), ("add", "remove"), ("left", "right"), ("post", "reverse"))
TURNED = "if {d} == north then south else if {d} == south then north else if {d} == east then west else east"


def slippery(source: str, tree: ast.World) -> list[Change]:
    if any(isinstance(d, ast.ExpectDecl) and d.observing for d in tree.decls):
        return []  # it promises a win "whatever chance does" within N steps: a slip can always break that
    action = next((a for a in _actions(tree) if _changes_state(a.clauses) and len(placement.replacing(tree, {a.name})) <= 1), None)
    if action is None:
        return []
    guards = _leading_guards(action.clauses)
    slip = ast.Say(action.span, ast.Str(action.span, "It slips: nothing happens.", "It slips: nothing happens."))
    body = [*action.clauses[:guards], ast.Chance(action.span, ast.Num(action.span, GRIP), action.clauses[guards:], [slip])]
    return _alternative(source, tree, "slippery", [dataclasses.replace(action, clauses=body)], "grip",
                        f"action {action.name} does what it says with probability {GRIP:g}, else nothing")


def inverted(source: str, tree: ast.World) -> list[Change]:
    actions = _actions(tree)
    for action in actions:
        turned = next((p.name for p in action.params
                       if isinstance(p.type, ast.NamedType) and p.type.name == "direction"), None)
        if turned is not None and len(placement.replacing(tree, {action.name})) <= 1:
            back = "back" if "back" not in {p.name for p in action.params} else f"{turned}_back"
            value = _expr(TURNED.format(d=turned))
            clauses = [ast.LetClause(action.span, back, value), *_renamed(action.clauses, turned, back)]
            return _alternative(source, tree, "inverted", [dataclasses.replace(action, clauses=clauses)], "controls",
                                f"action {action.name} moves the opposite way of the direction typed")
    by_name = {a.name: a for a in actions}
    for one, other in OPPOSITES:
        a, b = by_name.get(one), by_name.get(other)
        if (a and b and _signature(a) == _signature(b) and _changes_state(a.clauses) and _changes_state(b.clauses)
                and len(placement.replacing(tree, {one, other})) <= 1):
            swapped = [dataclasses.replace(a, clauses=b.clauses), dataclasses.replace(b, clauses=a.clauses)]
            return _alternative(source, tree, "inverted", swapped, "controls",
                                f"actions {one} and {other} swap their effects (each keeps its commands)")
    return []


def _alternative(source: str, tree: ast.World, name: str, actions: list[ast.ActionDecl], axis_name: str,
                 what: str) -> list[Change]:
    hosts = placement.replacing(tree, {a.name for a in actions})
    host = hosts[0] if hosts else None
    alt = placement.alternative_name(host, name)
    text = _printed(ast.Alternative(actions[0].span, alt, list(actions)))
    edit, axis = placement.alternative(source, tree, host, axis_name, "dynamics", text, f"{name} dynamics")
    return [(name, [edit], f"axis {axis}: alternative {alt}: {what}")]


def _printed(alt: ast.Alternative) -> str:
    """``alt`` as the fmt printer writes it inside an axis, unindented."""
    axis = ast.AxisDecl(alt.span, "a", "dynamics", None, [alt])
    lines = print_world(ast.World(alt.span, "w", [axis])).splitlines()[2:-2]  # world and axis lines off
    return "\n".join(line[4:] for line in lines)


def _actions(tree: ast.World) -> list[ast.ActionDecl]:
    return [d for d in tree.decls if isinstance(d, ast.ActionDecl)]


def _signature(action: ast.ActionDecl) -> list[tuple[str, str]]:
    return [(p.name, _printed_type(p.type)) for p in action.params]


def _printed_type(t: ast.TypeExpr) -> str:
    return repr(_spanless(t))


def _changes_state(clauses: list[ast.Clause]) -> bool:
    return any(isinstance(c, ast.Do) or _changes_state(getattr(c, "then", []) + getattr(c, "otherwise", []) + getattr(c, "body", []))
               for c in clauses)


def _leading_guards(clauses: list[ast.Clause]) -> int:
    """How many clauses open the action as preconditions (``when`` and the ``let``s among them)."""
    last_when = max((i for i, c in enumerate(clauses) if isinstance(c, ast.When)), default=-1)
    return last_when + 1


def _expr(text: str) -> ast.Expr:
    """An expression parsed from ``text`` (as the value of a const in a scratch world)."""
    scratch = parse(f"world w {{ const c = {text} }}", "<proposal>")
    const = scratch.decls[0]
    assert isinstance(const, ast.ConstDecl)
    return const.value


def _renamed(node: Any, old: str, new: str) -> Any:
    """``node`` with every name ``old`` read as ``new`` (templates keep ``{old}``: what was typed)."""
    if isinstance(node, list):
        return [_renamed(n, old, new) for n in node]
    if isinstance(node, ast.Name) and node.id == old:
        return dataclasses.replace(node, id=new)
    if dataclasses.is_dataclass(node) and not isinstance(node, (type, ast.Str)):
        return dataclasses.replace(node, **{f.name: _renamed(getattr(node, f.name), old, new)
                                            for f in dataclasses.fields(node) if f.init and f.name != "span"})
    return node


def _spanless(node: Any) -> Any:
    if isinstance(node, list):
        return [_spanless(n) for n in node]
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return tuple((f.name, _spanless(getattr(node, f.name))) for f in dataclasses.fields(node) if f.name != "span")
    return node
