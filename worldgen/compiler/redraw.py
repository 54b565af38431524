"""When a failed draw is worth drawing again, and when the first seeds show that none can pass.

A re-draw keeps a seed's params, axes and content and draws new build-time randomness (layouts,
placements), so it helps only where that randomness is: a scaffold without build-time generators
builds the same world at every attempt (and explores the same graph), and a `require` that reads
only params fails the same way every time, as does a structural failure (more pay-once rewards
than the model checker tracks, or too many combinations of them): the shape of the rules at the
draw's params. With `--redraw-params` a re-draw draws new params too,
so then every re-draw may pass.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from worldgen.errors import PayOnceCombinationsError, PayOnceLimitError
from worldgen.ir.models import Expr, Require, Scaffold
from worldgen.verify import Bounds

PROBE = 3  # the first seeds, all their draws, that decide whether a scaffold can pass at all
PARAM_GRID = 10_000  # the most param combinations tried to see whether a `require` can ever hold
PARAM_OPS = frozenset({"lit", "param", "and", "or", "not", "neg", "arith", "cmp", "cond"})
STRUCTURAL = frozenset({PayOnceLimitError.check, PayOnceCombinationsError.check})  # failed checks no re-draw of the same params helps


@dataclass(frozen=True)
class Redraws:
    generators: bool  # some const or state variable is drawn by a build-time generator
    param_requires: dict[str, Require]  # "require (line N)" -> a require that reads only params
    redraw_params: bool

    @classmethod
    def of(cls, ir: Scaffold, redraw_params: bool) -> Redraws:
        inits = [c.init for c in ir.consts] + [v.init for v in ir.state]
        inits += [init for axis in ir.axes for alt in axis.alternatives for _, init in alt.inits]
        params_only = {f"require (line {r.line})": r for r in ir.requires if all(e.op in PARAM_OPS for e in expr_nodes(r.cond))}
        return cls(any(e.op == "gen" for init in inits for e in expr_nodes(init)), params_only, redraw_params)

    def worth_another(self, failed: Sequence[str]) -> bool:
        """Can drawing the seed again pass where a draw failed these checks?"""
        if self.redraw_params:
            return True
        if STRUCTURAL & set(failed):
            return False
        return self.generators and not all(name in self.param_requires for name in failed)

    def doomed(self, ir: Scaffold, bounds: Bounds, probe: Sequence[Sequence[Sequence[str]]]) -> str | None:
        """Why no draw can pass, when every draw of the first PROBE seeds (``probe``: per seed,
        per draw, the checks it failed; an accepted seed has none) failed one same check whose
        cause does not depend on build-time randomness; else None."""
        draws = [set(failed) for seed in probe for failed in seed]
        if len(probe) < PROBE or not all(probe) or not all(draws):
            return None
        common = set.intersection(*draws)
        if "bounds" in common:
            depth = f" or {bounds.max_depth} steps deep" if bounds.max_depth is not None else ""
            return (f"every draw of the first {PROBE} seeds hit the model-checking bound ({bounds.max_states} states"
                    f"{depth}): raise it with `check within N states` or --max-states, or shrink the params")
        for name in sorted(common & STRUCTURAL):
            return (f"every draw of the first {PROBE} seeds failed `{name}`, which the rules decide at the draws' "
                    "params whatever a re-draw changes (the draws say why)")
        for name in sorted(common):
            if name in self.param_requires and not _can_hold(ir, self.param_requires[name].cond):
                return (f"every draw of the first {PROBE} seeds failed `{name}`, which reads only params and holds "
                        "for none of their values: widen the param ranges or change the require")
        return None


def expr_nodes(e: Expr) -> Iterator[Expr]:
    """Every node of an expression, itself first."""
    yield e
    for a in e.args:
        yield from expr_nodes(a)


def _can_hold(ir: Scaffold, cond: Expr) -> bool:
    """Does ``cond`` (which reads only params) hold for some params? True when there are too many to try."""
    options = [range(p.lo, p.hi + 1) if p.kind == "int" else (False, True) if p.kind == "bool" else p.choices  # type: ignore[operator]
               for p in ir.params]
    if math.prod(len(o) for o in options) > PARAM_GRID:
        return True
    # imported here: compile's parent process loads this module (PROBE, Redraws) without the
    # instantiator and the code generator, which only its workers need (compiler/seeds.py)
    from worldgen.codegen.exprs import WorldTables
    from worldgen.compiler.instantiate import evaluate, runtime_params, static_compiler

    enums = {e.name: e.members for e in ir.enums}
    for combo in itertools.product(*options):
        params: dict[str, Any] = dict(zip((p.name for p in ir.params), combo))
        if evaluate(cond, static_compiler(ir, WorldTables(runtime_params(ir, params), {}, enums, {})), {}):
            return True
    return False
