"""A world's numbers: horizon, `within` bounds, reward amounts and chance probabilities.

The language lets these be expressions over params and consts (``horizon 2 * n``,
``reward (1 - d / 19) when ...``); they are resolved once per world, here, and checked for range
so that a world whose numbers make no sense is rejected while it is built, with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from worldgen.codegen.exprs import ExprCompiler, Namespace, WorldTables
from worldgen.codegen.prelude import HELPERS
from worldgen.codegen.names import RuleError
from worldgen.errors import InstantiationError, PayOnceLimitError
from worldgen.ir.limits import HORIZON_REASON, MAX_HORIZON, MAX_PAY_ONCE, MAX_REWARD
from worldgen.ir.models import Expr, Reward, Scaffold, Stmt


def static_value(e: Expr, tables: WorldTables, constants: dict[str, Any], rules: Scaffold) -> Any:
    """Evaluate an expression over params, consts and numbers (no state) for one world."""


    ns = Namespace(tables)
    src = ExprCompiler(ns, lambda v: f"S_{v}", {f.name: f for f in rules.functions}).expr(e)
    try:
        return eval(compile(src, "<worldgen number>", "eval"), {**ns.values, **constants, **HELPERS})  # noqa: S307 - from IR
    except (RuleError, ZeroDivisionError, IndexError, OverflowError) as err:
        raise InstantiationError(f"line {e.line or '?'}: {err}") from None


@dataclass(frozen=True)
class Numbers:
    horizon: int
    per_step: float
    when_amounts: tuple[float, ...]  # one per pay-once bit: `when` rewards, then `for each` elements
    on_amounts: tuple[float, ...]  # per action (unconditional `reward on`)
    within: tuple[int | None, ...]  # per expectation


def amount(r: Reward, tables: WorldTables, constants: dict[str, Any], rules: Scaffold) -> float:
    """A reward's amount in this world: finite and within ±MAX_REWARD (literals too, as the IR may
    come from an edited artifact), so no return is ever inf or NaN."""
    v = float(r.amount if r.amount_expr is None else static_value(r.amount_expr, tables, constants, rules))
    if not abs(v) <= MAX_REWARD:  # also false for NaN
        raise InstantiationError(f"the reward at line {r.line} is {v:g} in this world; an amount must be a finite "
                                 f"number within -{MAX_REWARD:_}..{MAX_REWARD:_}")
    return v


def horizon(rules: Scaffold, tables: WorldTables, constants: dict[str, Any]) -> int:
    """A world's episode limit (a scaffold with its axis choices applied): ``horizon 2 * n`` read in
    this world, checked here too, as an IR or artifact may come from elsewhere than `check`."""
    if rules.horizon_expr is None:
        return _steps(rules.horizon, "horizon", 1)
    return _steps(static_value(rules.horizon_expr, tables, constants, rules), f"horizon at line {rules.horizon_expr.line}", 1)


def resolve(rules: Scaffold, tables: WorldTables, constants: dict[str, Any]) -> Numbers:
    """Every number of a world's rules (a scaffold with its axis choices applied)."""
    names = [a.name for a in rules.actions]
    on = [0.0] * len(names)
    for r in rules.rewards:
        if r.live_amount is not None:
            continue  # read from the state as it pays (codegen/payments.py)
        if r.kind == "on" and r.cond is None and r.action in names:
            on[names.index(r.action)] += amount(r, tables, constants, rules)
        elif r.kind == "on":
            amount(r, tables, constants, rules)  # `on A when C`: read per action by the rules; checked here, while building
    whens = [0.0 if r.live_amount is not None else amount(r, tables, constants, rules) for r in rules.rewards if r.kind == "when"]
    for r in rules.rewards:
        if r.kind == "each" and r.domain is not None and r.domain.type.elem is not None:
            whens.extend([amount(r, tables, constants, rules)] * tables.count(str(r.domain.type.elem.name)))
    if len(whens) > MAX_PAY_ONCE:
        raise PayOnceLimitError(f"this world pays {len(whens):_} pay-once rewards (`reward when`, each element of a "
                                f"`for each` counting); the model checker tracks at most {MAX_PAY_ONCE:_}: pay fewer "
                                "elements (a smaller domain or param), or pay repeatable rewards with `reward R on ACTION when C`")
    within = tuple(
        _steps(static_value(x.within_expr, tables, constants, rules), f"'solvable within' at line {x.line}", 0) if x.within_expr is not None
        else x.within for x in rules.expects)
    per_step = sum(amount(r, tables, constants, rules) for r in rules.rewards if r.kind == "per_step")
    for st in _chances(rules):
        if st.prob_expr is not None:
            p = float(static_value(st.prob_expr, tables, constants, rules))
            if not 0 < p < 1:
                raise InstantiationError(f"chance at line {st.line} is {p:g} in this world; it must be strictly between 0 and 1")
    return Numbers(horizon(rules, tables, constants), float(per_step), tuple(whens), tuple(on), within)


def _steps(v: Any, what: str, least: int) -> int:
    if not isinstance(v, int) or not least <= v <= MAX_HORIZON:
        why = f" ({HORIZON_REASON})" if isinstance(v, int) and v > MAX_HORIZON else ""
        raise InstantiationError(f"{what} is {v} in this world; it must be an int in {least}..{MAX_HORIZON:_}{why}")
    return v


def _chances(rules: Scaffold) -> list[Stmt]:
    out: list[Stmt] = []

    def walk(stmts: tuple[Stmt, ...]) -> None:
        for st in stmts:
            if st.kind == "chance":
                out.append(st)
            walk(st.then)
            walk(st.otherwise)

    for a in rules.actions:
        walk(a.body)
    walk(rules.every)
    return out


def grid_sizes(rules: Scaffold, tables: WorldTables) -> dict[str, tuple[int, int]]:
    """(width, height) of each grid entity in this world (its cell count is already known)."""
    out = {}
    for ent in rules.entities:
        if ent.width is not None:
            width = static_value(ent.width, tables, {}, rules)
            cells = tables.count(ent.name)
            if not isinstance(width, int) or width < 1 or cells % width:
                raise InstantiationError(f"grid '{ent.name}' cannot be {width} cells wide with {cells} cells")
            out[ent.name] = (width, cells // width)
    return out


def cell_names(width: int, height: int) -> list[str]:
    """Grid cells named like a spreadsheet's: column letters, then the row from 1 (a1, b1, ..., a2)."""
    def column(x: int) -> str:
        letters = ""
        x += 1
        while x:
            x, r = divmod(x - 1, 26)
            letters = chr(ord("a") + r) + letters
        return letters

    return [f"{column(x)}{y + 1}" for y in range(height) for x in range(width)]
