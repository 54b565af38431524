"""``signals(s)``: the pay-once bitmask, ``done`` and ``fail`` of a state, in one generated line.

The model checker calls it once per explored state, and scaffolds often write one condition twice
(``reward 1 when solved()`` beside ``done when solved()``). A condition that is evaluated
unconditionally (every ``when`` reward, the first ``done`` and the first ``fail`` condition) is
named where it is first evaluated (``(_c0 := ...)``) and a later copy reads the name: the same
values and the same first error, in the written order, at half the cost.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from worldgen.codegen.names import ident
from worldgen.codegen.projection import projected

if TYPE_CHECKING:
    from worldgen.codegen.emitter import Emitter


class _Shared:
    """Sources of conditions, each repeated one evaluated once (see the module docstring)."""

    def __init__(self, sources: list[str]) -> None:
        self.repeated = {src for src, n in Counter(sources).items() if n > 1}
        self.names: dict[str, str] = {}

    def use(self, src: str, unconditional: bool) -> str:
        name = self.names.get(src)
        if name is not None:
            return name
        if unconditional and src in self.repeated:
            name = self.names[src] = f"_c{len(self.names)}"
            return f"({name} := {src})"
        return src


def emit_signals(em: Emitter) -> None:
    """``def signals(s)``: the pay-once mask (`when` rewards, then each element of each `for each`
    reward, whose bit offsets depend on this world's counts, so they are names), done and fail."""
    rules = em.rules
    whens = [(i, em.x.expr(r.cond)) for i, r in enumerate(r for r in rules.rewards if r.kind == "when") if r.cond]
    n_whens = sum(r.kind == "when" for r in rules.rewards)
    each: list[str] = []
    offset = str(n_whens)
    for r in rules.rewards:
        if r.kind != "each" or r.domain is None or r.domain.type.elem is None or r.cond is None:
            continue
        var = ident(r.var)
        each.append(f"sum(1 << ({offset} + l_{var}) for l_{var} in {em.x.domain(r.domain)} if {em.x.expr(r.cond)})")
        offset += f" + {em.ns.const(('count', r.domain.type.elem.name))}"
    done = [em.x.expr(c) for c in rules.done]
    fail = [em.x.expr(c) for c in rules.fail]
    shared = _Shared([src for _, src in whens] + done + fail)
    terms = [f"({1 << i} if {shared.use(src, True)} else 0)" for i, src in whens] + each
    done_src = " or ".join(shared.use(src, k == 0) for k, src in enumerate(done)) or "False"
    fail_src = " or ".join(shared.use(src, k == 0) for k, src in enumerate(fail)) or "False"
    body = f"({' | '.join(terms) or '0'}, bool({done_src}), bool({fail_src}))"
    for line in projected("signals", body, len(em.index)) or [f"def signals(s): return {body}"]:
        em.emit(0, line)
