"""Apply axis choices to a scaffold: the effective rules of one world.

Each alternative changes only its own component (the checker guarantees it). Dynamics
alternatives go first, so an interface alternative renames the action a world really has.
"""

from __future__ import annotations

from worldgen.errors import InstantiationError
from worldgen.ir.models import Scaffold


def check_axes(scaffold: Scaffold, fixed: dict[str, str]) -> None:
    """Raise InstantiationError naming the first axis choice in ``fixed`` the scaffold does not have."""
    unknown = sorted(set(fixed) - {a.name for a in scaffold.axes})
    if unknown:
        known = ", ".join(a.name for a in scaffold.axes) or "none"
        raise InstantiationError(f"unknown axis '{unknown[0]}' (this scaffold's axes: {known})")
    for axis in scaffold.axes:
        names = [a.name for a in axis.alternatives]
        if axis.name in fixed and fixed[axis.name] not in names:
            raise InstantiationError(f"axis '{axis.name}' has no alternative '{fixed[axis.name]}' (choose from {', '.join(names)})")


def apply_axes(scaffold: Scaffold, choices: dict[str, str]) -> Scaffold:
    actions = {a.name: a for a in scaffold.actions}
    order = [a.name for a in scaffold.actions]
    state = {v.name: v for v in scaffold.state}
    update: dict[str, object] = {}
    rewards = list(scaffold.rewards)
    done, fail = list(scaffold.done), list(scaffold.fail)
    functions = {f.name: f for f in scaffold.functions}
    for axis in sorted(scaffold.axes, key=lambda a: a.kind != "dynamics"):
        alt = next(a for a in axis.alternatives if a.name == choices[axis.name])
        for name, patterns in alt.renames:
            actions[name] = actions[name].model_copy(update={"patterns": patterns})
        for name, patterns in alt.also:
            a = actions[name]
            actions[name] = a.model_copy(update={"patterns": a.patterns + patterns})
        for new in alt.actions:
            if new.name not in actions:
                order.append(new.name)
            actions[new.name] = new
        for f in alt.functions:
            functions[f.name] = f
        for var, init in alt.inits:
            state[var] = state[var].model_copy(update={"init": init})
        if alt.invalid is not None:
            update["invalid"] = alt.invalid
        if alt.observe is not None:
            update["observe"] = alt.observe
        if alt.horizon is not None:
            update["horizon"], update["horizon_expr"] = alt.horizon, None
        if alt.horizon_expr is not None:
            update["horizon_expr"] = alt.horizon_expr
        if alt.instruction is not None:
            update["instruction"] = alt.instruction
        rewards.extend(alt.rewards)
        done.extend(alt.done)
        fail.extend(alt.fail)
    update.update(
        actions=tuple(actions[n] for n in order),
        state=tuple(state[v.name] for v in scaffold.state),
        rewards=tuple(rewards), done=tuple(done), fail=tuple(fail), axes=(), functions=tuple(functions.values()),
    )
    return scaffold.model_copy(update=update)
