"""verify_world: explore one world's state graph, run every check, assemble the report."""

from __future__ import annotations

import math

from worldgen.codegen.names import RuleError
from worldgen.codegen.program import Rules
from worldgen.errors import InstantiationError
from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules
from worldgen.verify import checks
from worldgen.verify.context import Context
from worldgen.verify.measures import measures
from worldgen.verify.report import ROUND, Bounds, Check, FairOracle, Oracle, Report, Returns
from worldgen.verify.statespace import StateGraph, explore


def verify_world(world: World, bounds: Bounds | None = None) -> Report:
    """Model-check ``world`` within ``bounds`` (default: Bounds()). Raises InstantiationError when
    its rules cannot even be built (e.g. a content name that is also a command word)."""
    return verify_explored(world, bounds)[0]


def verify_explored(world: World, bounds: Bounds | None = None) -> tuple[Report, Rules, StateGraph]:
    """``verify_world``'s report, with the rules and the graph it explored: ``compile --tables``
    builds a world's step tables from them instead of exploring it a second time."""
    bounds = bounds or Bounds()
    try:
        rules, initial = load_rules(world)
    except RuleError as err:
        raise InstantiationError(f"the world's rules cannot be built: {err}") from None
    ctx = Context(world, rules, explore(rules, initial, bounds), bounds)
    return _report(ctx, bounds), rules, ctx.graph


def _report(ctx: Context, bounds: Bounds) -> Report:
    results = _checks(ctx)
    oracle = ctx.oracle
    return Report(
        ok=all(c.status != "fail" for c in results),
        complete=ctx.graph.complete,
        bounds=bounds,
        checks=tuple(results),
        oracle=None if oracle is None else Oracle(
            steps=oracle.steps, probability=round(oracle.probability, ROUND), ret=round(oracle.ret, ROUND)),
        returns=Returns(
            max=round(ctx.max_return, ROUND),
            oracle=None if oracle is None else round(oracle.ret, ROUND),
            random=round(ctx.random_return, ROUND),
            do_nothing=round(ctx.do_nothing_return, ROUND),
        ),
        measures=measures(ctx),
        replay_sha256=ctx.replays[0].sha256,
        optimal_success=round(ctx.success.start, ROUND),
        optimal_expected_return=round(ctx.expected_return, ROUND),
        fair_oracle=_fair_oracle(ctx),
    )


def _fair_oracle(ctx: Context) -> FairOracle | None:
    """The fair oracle's figures, where an `observing` expectation asked for them and they exist."""
    if not any(e.kind == "solvable" and e.observing for e in ctx.world.scaffold.expects):
        return None
    fair = ctx.fair
    if isinstance(fair, str) or fair.worst[0] == math.inf or not fair.exhaustive:  # not the fewest steps: no figure
        return None
    return FairOracle(worst_case_steps=int(fair.worst[0]), candidates=len(fair.model.cands), beliefs=len(fair.beliefs))


def _checks(ctx: Context) -> list[Check]:
    out = [checks.check_bounds(ctx), checks.check_rule_errors(ctx)]
    out += [checks.check_invariant(ctx, i, inv) for i, inv in enumerate(ctx.world.scaffold.invariants)]
    for expect in ctx.world.scaffold.expects:
        match expect.kind:
            case "solvable" if expect.observing:
                out.append(checks.check_solvable_observing(ctx, expect))
            case "solvable":
                out.append(checks.check_solvable(ctx, expect))
            case "unsolved_at_start":
                out.append(checks.check_unsolved_at_start(ctx))
            case "no_dead_ends":
                out.append(checks.check_no_dead_ends(ctx))
    out += [checks.check_beats(ctx, expect, share) for expect, share in checks.baseline_expectations(ctx)]
    out += [checks.check_oracle_replay(ctx), checks.check_determinism(ctx)]
    return out
