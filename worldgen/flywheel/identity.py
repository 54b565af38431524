"""When two scaffolds are the same family: structurally (same IR up to names and prose) or
behaviourally (same complexity profile and action signature).

A proposer that renames every variable, rewrites every message or reorders nothing else has
not made a new rule-set; the library must not count it twice. The structural key is a hash of
the checked IR with every declared name replaced by its kind and declaration index and every piece
of free text (titles, templates, patterns, descriptions) reduced to its shape, so only the rules
are left: types, ranges, guards, effects, rewards, goals, axes.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from typing import Any

from worldgen.canonical import sha256
from worldgen.ir.models import Scaffold, canonical_json
from worldgen.verify.report import Report

BUILTIN_TYPE_NAMES = frozenset({"text", "word", "octal", "hex"})
KEPT_KEYS = frozenset({"op", "kind"})  # operators and kinds are rules, not names or prose
POSITION_KEYS = frozenset({"line", "ir_version"})


def declared_names(ir: Scaffold) -> dict[str, str]:
    """Every name the scaffold declares, mapped to a placeholder (kind + declaration index)."""
    names: dict[str, str] = {}

    def add(kind: str, items: Iterable[str]) -> None:
        for item in items:
            names.setdefault(item, f"{kind}{sum(v.startswith(kind) for v in names.values())}")

    add("param", (p.name for p in ir.params))
    add("choice", (c for p in ir.params for c in p.choices))
    add("enum", (e.name for e in ir.enums))
    add("member", (m for e in ir.enums for m in e.members))
    add("slot", _slot_names(ir.content))
    add("entity", (e.name for e in ir.entities))
    add("const", (c.name for c in ir.consts))
    add("fn", (f.name for f in ir.functions))
    add("var", (v.name for v in ir.state))
    add("action", (a.name for a in ir.actions))
    add("arg", (p.name for a in ir.actions for p in a.params))
    add("axis", (a.name for a in ir.axes))
    add("alt", (alt.name for a in ir.axes for alt in a.alternatives))
    return names


def structural_hash(ir: Scaffold) -> str:
    """sha256 of the IR with names abstracted and prose reduced to its shape."""
    names = declared_names(ir)
    data = ir.model_dump(mode="json", exclude_defaults=True)
    for key in ("name", "title"):
        data.pop(key, None)
    return sha256(canonical_json(_abstract(data, names, "")))


def action_signature(ir: Scaffold) -> tuple[tuple[str, ...], ...]:
    """Per action, sorted: the kinds of its arguments (what an agent must choose each step)."""
    return tuple(sorted(tuple(p.type.kind for p in a.params) for a in ir.actions))


PROFILE_FIELDS = ("states", "depth", "branching", "solution_length", "random_return", "optimal_success")


def named_profile(profile: Sequence[float]) -> dict[str, float]:
    """A complexity profile as provenance records it: each number under its name."""
    return dict(zip(PROFILE_FIELDS, profile, strict=True))


def recorded_profile(measured: dict[str, Any]) -> tuple[float, ...]:
    """The profile a verdict recorded: named (``complexity``), or the unnamed ``profile`` list
    that runs before the names wrote (a killed old run resumes)."""
    if "complexity" in measured:
        return tuple(measured["complexity"][f] for f in PROFILE_FIELDS)
    return tuple(measured["profile"])


def complexity_profile(reports: Sequence[Report]) -> tuple[float, ...]:
    """A suite's shape from its worlds' check reports, medians over worlds: reachable states, depth,
    branching, solution length, and what random play and optimal play can expect (a new step cost
    or horizon changes no state count but changes these). Rounded, so that sampling noise does not
    make two identical families look different."""
    median = statistics.median_high  # a value some world really has
    measures = [r.measures for r in reports]
    return (round(median([m.reachable_states for m in measures])), round(median([m.depth for m in measures])),
            round(median([m.mean_branching for m in measures]), 1),
            round(median([m.solution_length or 0 for m in measures])),
            round(median([r.returns.random for r in reports]), 2),
            round(median([r.optimal_success if r.optimal_success is not None else 1.0 for r in reports]), 2))


def _slot_names(slots: Iterable[Any]) -> Iterable[str]:
    for slot in slots:
        yield slot.name
        if slot.item is not None:
            yield from _slot_names([slot.item])
        yield from _slot_names(slot.fields)


def _abstract(value: Any, names: dict[str, str], key: str, rule: bool = False) -> Any:
    """``rule``: inside an expression or a type, where an undeclared ``name`` is an operator or a
    built-in (``==``, ``count``, ``text``), part of the rules."""
    if isinstance(value, dict):
        inner = "op" in value or "kind" in value
        return {k: _abstract(v, names, k, inner) for k, v in value.items() if k not in POSITION_KEYS}
    if isinstance(value, list):
        return [_abstract(v, names, key) for v in value]
    if isinstance(value, str):
        if value in names:
            return names[value]
        if key in KEPT_KEYS or (rule and key == "name") or value in BUILTIN_TYPE_NAMES:
            return value
        return _shape(value, names)
    return value


def _shape(text: str, names: dict[str, str]) -> str:
    """Free text reduced to what the rules see: its ``{holes}`` (abstracted), not its words."""
    holes = [part.split("}", 1)[0] for part in text.split("{")[1:]]
    return " ".join("{" + names.get(h, "?") + "}" for h in holes)
