"""The pay-once limit, checked before any world is built.

The model checker tracks each pay-once reward of a world (each `reward when`, and each element of
each `for each`) as a bit of the state's paid set, and refuses a world with more than
MAX_PAY_ONCE (codegen/numbers.py, while building it). A `for each` over a large entity can pass
that limit, and only the scaffold's params decide it, so `check` counts at both ends of the
params' ranges: an error when even the smallest world has too many (no world can be built), a
warning when only larger ones do (those draws fail `pay-once limit` in `compile`).
"""

from __future__ import annotations

from worldgen.check.limits import Sizes
from worldgen.errors import DiagnosticSink
from worldgen.ir.limits import MAX_PAY_ONCE
from worldgen.ir.models import Reward, Scaffold
from worldgen.syntax import ast

Group = list[tuple[Reward, ast.RewardDecl]]  # rewards declared together: the scaffold's, or one axis alternative's


def check_pay_once(world: ast.World, ir: Scaffold, sink: DiagnosticSink) -> None:
    sizes = Sizes(ir)
    base, axes = _groups(world, ir)
    for end in ("lo", "hi"):
        counts = [[_count(g, sizes, end) for g in alts] for alts in [[base], *axes]]
        if any(n is None for alts in counts for n in alts):
            return  # a size known only once a world is built: the build checks it
        total = sum(max(alts, default=0) for alts in counts)  # type: ignore[type-var, arg-type]
        if total > MAX_PAY_ONCE:
            message = (f"{'every world pays' if end == 'lo' else 'the largest worlds pay'} {total:_} pay-once rewards "
                       f"(`reward when`, each element of a `for each` counting); the model checker tracks at most "
                       f"{MAX_PAY_ONCE:_}: pay fewer elements (a smaller domain or param), or pay repeatable rewards "
                       "with `reward R on ACTION when C`")
            span = _widest(base + [pair for alts in axes for g in alts for pair in g], sizes, end).span
            if end == "lo":
                sink.error("WG418", message, span)
            else:
                sink.warn("WG502", message + "; draws of those fail the check `pay-once limit`", span)
            return


def _groups(world: ast.World, ir: Scaffold) -> tuple[Group, list[list[Group]]]:
    """The scaffold's rewards with their declarations, and per axis, each alternative's."""
    base = list(zip(ir.rewards, [d for d in world.decls if isinstance(d, ast.RewardDecl)]))
    written = {d.name: {alt.name: alt for alt in d.alternatives} for d in world.decls if isinstance(d, ast.AxisDecl)}
    axes = [[list(zip(alt.rewards, [d for d in written[axis.name][alt.name].decls if isinstance(d, ast.RewardDecl)]))
             for alt in axis.alternatives] for axis in ir.axes]
    return base, axes


def _size(r: Reward, sizes: Sizes, end: str) -> int | None:
    """The pay-once bits of one reward: 1 for `reward when`, a `for each`'s elements, else none."""
    if r.kind == "when":
        return 1
    if r.kind == "each" and r.domain is not None and r.domain.type.elem is not None:
        return sizes.values(r.domain.type.elem, end)
    return 0


def _count(group: Group, sizes: Sizes, end: str) -> int | None:
    counts = [_size(r, sizes, end) for r, _ in group]
    return None if None in counts else sum(counts)  # type: ignore[arg-type]


def _widest(pairs: Group, sizes: Sizes, end: str) -> ast.RewardDecl:
    """Where to point: the reward with the most bits (the first of them)."""
    return max(pairs, key=lambda p: _size(p[0], sizes, end) or 0)[1]
