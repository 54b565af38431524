"""A map initialised from a list must have one value per key: checked where it is written.

`price: map<colour, int in 0..9> = [1, 2]` gives colour's third key no value. The build finds it
(`initialising 'price': 2 values for a map over 3 colour`), but only per world and without a
place in the file; the key count is known here when it is an enum's or an entity's counted by
literals and params, so `check` points at the list. A count set by a param fits a list of one
length only in the worlds where the param gives that count, so a range of counts is refused too.
"""

from __future__ import annotations

from worldgen.check.limits import Sizes
from worldgen.errors import DiagnosticSink
from worldgen.ir.models import Scaffold
from worldgen.syntax import ast


def check_map_lists(world: ast.World, ir: Scaffold, sink: DiagnosticSink) -> None:
    sizes = Sizes(ir)
    types = {v.name: v.type for v in ir.state}
    for decl in world.decls:
        if not isinstance(decl, ast.StateDecl):
            continue
        for var in decl.vars:
            t = types.get(var.name)
            if t is None or t.kind != "map" or t.elem is None or not isinstance(var.init, ast.ListLit):
                continue
            lo, hi = sizes.values(t.elem, "lo"), sizes.values(t.elem, "hi")
            n = len(var.init.items)
            if lo is None or hi is None or lo == hi == n:
                continue
            keys = f"{lo} keys" if lo == hi else f"{lo} to {hi} keys, as the params go"
            fix = ("give one value per key" if lo == hi else
                   "a list fits one count only: give every key one value (`= 0`), or use a map literal (`{k: v}`)")
            sink.error("WG301", f"'{var.name}' has one value per {t.elem.name} ({keys}), but its initial list has "
                       f"{n}: {fix}", var.init.span)
