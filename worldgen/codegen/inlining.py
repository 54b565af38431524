"""Calls of small ``def``s written out in place, in a world's generated rules.

A call ``D_hit(s, a_c, l_x)`` costs a Python call, more than the comparison it wraps, and the
model checker makes such calls for every cell of every binding of every state. A call is
written out (its body compiled with each parameter replaced by the argument's source) when the
body binds no names of its own (no quantifier, no ``let``: a parameter can then mean nothing
else), is small with the bodies of the defs it calls counted in (they are written out too: ``def
t2() = "{t1()}{t1()}"`` over 40 levels would double the source at each), and every argument is an atom (a name, a literal or a state slot ``s[3]``): an
atom read twice costs nothing and cannot fail, so the values and errors are those of the call.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from worldgen.ir.models import Function

MAX_NODES = 40  # a larger body stays a function: its source is not worth repeating at each call
ATOM = re.compile(r"[A-Za-z_][A-Za-z_0-9]*|\d+|s\[\d+\]")  # a name, a literal or a state slot: cheap to repeat
BINDERS = {"quant", "let", "relcomp", "mapcomp", "fixpoint", "until"}  # nodes that bind names of their own


def inlinable(f: Function, args: Sequence[str], functions: Mapping[str, Function]) -> bool:
    """May this call of ``f`` with these argument sources be written out in place?"""
    if not all(ATOM.fullmatch(a) for a in args):
        return False
    nodes, stack = 0, [f.body]
    while stack:
        x = stack.pop()
        nodes += 1
        if x.op in BINDERS or nodes > MAX_NODES:
            return False
        stack.extend(x.args)
        if x.op == "fn" and (callee := functions.get(str(x.name))) is not None:
            stack.append(callee.body)  # an upper bound: the callee may stay a call
    return True

