"""The checks, one function each: ``check_x(ctx) -> Check``. Each says what it proved, or why not,
with the shortest counterexample trace where one exists."""

from __future__ import annotations

from worldgen.ir.models import Expect, Invariant
from worldgen.verify.context import Context
from worldgen.verify.fair import MAX_BELIEFS
from worldgen.verify.rendering import unrendered
from worldgen.verify.report import Check
from worldgen.verify.traces import trace_to

BASELINE_MARGIN = 0.1  # `expect beats ...` without `by`: the baseline must score this share of |optimal return| below it
RETURN_TOLERANCE = 1e-9


def _states(n: int) -> str:
    return f"{n} reachable state{'s' if n != 1 else ''}"


def check_bounds(ctx: Context) -> Check:
    g, b = ctx.graph, ctx.bounds
    if g.complete:
        return Check(name="bounds", status="pass", detail=f"explored all {_states(len(g.states))}")
    limit = b.max_states if g.hit == "max_states" else b.max_depth
    flag = "--max-states" if g.hit == "max_states" else "--max-depth"
    return Check(name="bounds", status="fail", detail=(
        f"exploration stopped at the {g.hit} bound ({limit}) after {len(g.states)} states, so the other "
        f"checks cover only the explored part; raise the bound with {flag}"
        + (" or `check within N states` in the scaffold" if g.hit == "max_states" else "")))


def check_rule_errors(ctx: Context) -> Check:
    g = ctx.graph
    if not g.fault_count:
        failed = unrendered(ctx)  # what the agent is shown (verify/rendering.py)
        if failed is None:
            # the words of every artifact built before observations were rendered here: they still verify
            return Check(name="rule_errors", status="pass", detail="no rule raised an error in any reachable state")
        state, what, message = failed
        return Check(name="rule_errors", status="fail", trace=trace_to(g, ctx.rules, state), detail=(
            f"{what} cannot be rendered in a state reached after {g.depth[state]} steps: {message}"))
    f = g.faults[0]
    then = ctx.step_of(f.binding, f.decisions) if f.binding is not None else None
    return Check(name="rule_errors", status="fail", trace=trace_to(g, ctx.rules, f.state, then), detail=(
        f"{g.fault_count} rule error(s) in reachable states; the first, after {g.depth[f.state]} steps: {f.message}"))


def check_invariant(ctx: Context, index: int, inv: Invariant) -> Check:
    name = f"invariant {inv.label}" if inv.label else f"invariant (line {inv.line})"
    g = ctx.graph
    state = g.violations.get(index)
    if state is None:
        return Check(name=name, status="pass", detail=f"holds in all {_states(len(g.states))}")
    when = f"after {g.depth[state]} steps; shortest counterexample below" if g.depth[state] else "in the start state"
    return Check(name=name, status="fail", trace=trace_to(g, ctx.rules, state), detail=f"violated {when} (line {inv.line})")


def check_solvable(ctx: Context, expect: Expect) -> Check:
    within = ctx.within(expect)
    name = f"solvable within {within}"
    oracle = ctx.oracle
    if oracle is None:
        where = "" if ctx.graph.complete else " in the explored part of the graph"
        return Check(name=name, status="fail", detail=f"no goal (`done when`) state is reachable{where}")
    n = len(oracle.steps)
    if n > within:
        return Check(name=name, status="fail", detail=f"the shortest solution takes {n} steps, more than {within}")
    if n > ctx.rules.horizon:
        return Check(name=name, status="fail",
                     detail=f"the shortest solution takes {n} steps, more than the horizon ({ctx.rules.horizon})")
    luck = "" if oracle.probability == 1 else f", through chance outcomes met with probability {oracle.probability:.4g}"
    return Check(name=name, status="pass", detail=f"shortest solution: {n} steps{luck}")


def check_solvable_observing(ctx: Context, expect: Expect) -> Check:
    """A fair policy (one that sees only what the agent sees) wins within N steps, whatever the
    hidden values and chance do (worldgen/verify/fair.py)."""
    within = ctx.within(expect)
    name = f"solvable within {within} observing"
    fair = ctx.fair
    if isinstance(fair, str):
        return Check(name=name, status="fail", detail=f"unknown (bound): {fair}; shrink the hidden state or the world")
    steps = fair.worst[0]
    cands, over = f"{len(fair.model.cands)} possible hidden value(s)", f"the exhaustive search needed more than {MAX_BELIEFS:,} beliefs"
    if fair.exhaustive:
        what = f"{cands}, {len(fair.beliefs)} beliefs explored"
    elif steps > within:  # searched depth first (verify/fair_proof.py) and nothing found: a proof there is none
        what = f"{cands}; searched depth first, every command of every belief met, as {over}"
    else:  # the policy found depth first: its worst case, not the fewest steps
        what = f"{cands}; the policy a depth-first search found, {len(fair.beliefs)} beliefs, as {over}: whether fewer steps would do is not settled"
    if steps > within:
        return Check(name=name, status="fail", detail=(
            f"no policy that sees only the observations wins within {within} steps in every case ({what})"))
    if steps > ctx.rules.horizon:
        return Check(name=name, status="fail",
                     detail=f"a fair policy needs {steps:.0f} steps in the worst case, more than the horizon ({ctx.rules.horizon})")
    return Check(name=name, status="pass", detail=f"a fair policy wins within {steps:.0f} steps in the worst case ({what})")


def check_unsolved_at_start(ctx: Context) -> Check:
    if ctx.graph.done[0]:
        return Check(name="unsolved at start", status="fail", detail="the goal (`done when`) already holds in the start state")
    return Check(name="unsolved at start", status="pass", detail="the goal does not hold in the start state")


def check_no_dead_ends(ctx: Context) -> Check:
    dead = ctx.dead_ends
    if not dead:
        return Check(name="no dead ends", status="pass", detail="the goal stays reachable from every reachable state")
    first = dead[0]
    return Check(name="no dead ends", status="fail", trace=trace_to(ctx.graph, ctx.rules, first), detail=(
        f"{len(dead)} reachable non-terminal state(s) from which the goal is unreachable; "
        f"the nearest is {ctx.graph.depth[first]} steps away"))


def baseline_expectations(ctx: Context) -> list[tuple[Expect, float]]:
    """The world's baseline checks with their margins: the `expect beats ...` lines (0.1 unless
    `by M` says), or, where a world pays rewards and declares none, both baselines with no margin
    (optimal play must simply do better: a world whose only signal is `done` has nothing to beat)."""
    declared = [e for e in ctx.world.scaffold.expects if e.kind in ("beats_random", "beats_doing_nothing")]
    if declared:
        return [(e, BASELINE_MARGIN if e.margin is None else e.margin) for e in declared]
    if not ctx.rules_pay_rewards:
        return []
    return [(Expect(kind="beats_random"), 0.0), (Expect(kind="beats_doing_nothing"), 0.0)]


def check_beats(ctx: Context, expect: Expect, share: float) -> Check:
    """The best expected return (optimal play, chance weighted) must beat the baseline's by
    ``share`` of its magnitude: else the reward tells an agent nothing the world's shape does not."""
    who, score = (("uniform-random play", ctx.random_return) if expect.kind == "beats_random"
                  else ("doing nothing", ctx.do_nothing_return))
    name = "beats random" if expect.kind == "beats_random" else "beats doing nothing"
    if expect.margin is not None:
        name += f" by {expect.margin:g}"
    if ctx.oracle is None:
        return Check(name=name, status="skipped", detail="no goal state is reachable, so there is no optimal policy to compare")
    best = ctx.expected_return
    needed = best - max(share * abs(best), RETURN_TOLERANCE)
    if score > needed:
        return Check(name=name, status="fail", detail=(
            f"{who} scores {score:.4g} (expected), not clearly below optimal play's {best:.4g} "
            f"(needs <= {needed:.4g}); make the reward say more than the goal does, or tune with "
            f"`expect beats ... by M`"))
    return Check(name=name, status="pass", detail=f"optimal play {best:.4g} (expected); {who} {score:.4g}")


def check_oracle_replay(ctx: Context) -> Check:
    """The runtime, replaying the oracle, ends solved with the return the checker computed."""
    oracle = ctx.oracle
    if oracle is None:
        return Check(name="oracle replay", status="skipped", detail="no oracle")
    if oracle.probability < 1:
        return Check(name="oracle replay", status="skipped",
                     detail=f"the oracle relies on chance outcomes (probability {oracle.probability:.4g})")
    run = ctx.replays[0]
    if len(oracle.steps) > ctx.rules.horizon and not run.success:  # the world's own limit, not the runtime's fault
        return Check(name="oracle replay", status="fail", trace=oracle.steps, detail=(
            f"the shortest solution takes {len(oracle.steps)} steps, more than the horizon ({ctx.rules.horizon}): every "
            "episode ends before the world can be solved; raise the horizon or make the solution shorter"))
    if not run.success or run.steps != len(oracle.steps) or abs(run.ret - oracle.ret) > RETURN_TOLERANCE:
        return Check(name="oracle replay", status="fail", trace=oracle.steps, detail=(
            f"the runtime disagrees with the checker: replay {'solved' if run.success else 'did not solve'} the "
            f"world in {run.steps} steps with return {run.ret:.6g}; expected solved in {len(oracle.steps)} "
            f"steps with return {oracle.ret:.6g}"))
    return Check(name="oracle replay", status="pass",
                 detail=f"the runtime solves the world in {run.steps} steps with return {run.ret:.6g}")


def check_determinism(ctx: Context) -> Check:
    a, b = ctx.replays
    what = "the oracle" if ctx.oracle is not None else "the first-admissible policy"
    if a.sha256 != b.sha256:
        return Check(name="determinism", status="fail",
                     detail=f"replaying {what} twice gave different traces ({a.sha256[:12]} vs {b.sha256[:12]})")
    return Check(name="determinism", status="pass", detail=f"replaying {what} twice gave the same trace ({a.sha256[:12]})")
