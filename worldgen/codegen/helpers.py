"""Functions the generated code calls for Language 2 forms (lists, grids, search, numbers).

Each raises RuleError for what a rule may not do (an empty list's top, a cell off the grid),
so the runtime refuses the step and the model checker reports it; none ever crashes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from worldgen.codegen.names import RuleError
from worldgen.ir.values import bits

_NONE = object()
MAX_POWER = 2 ** 63


def _pow(a: Any, b: Any) -> Any:
    if isinstance(b, int) and isinstance(a, int):
        if b < 0:
            raise RuleError(f"{a}^{b}: a negative power of an int")
        if b and abs(a) > 1 and b * math.log2(abs(a)) >= 63:
            raise RuleError(f"{a}^{b} is too large")
    return a ** b


def _rdiv(a: float, b: float) -> float:
    if b == 0:
        raise RuleError("division by zero")
    return a / b


def _at(xs: tuple | str, i: int) -> Any:
    if -len(xs) <= i < len(xs):
        return xs[i]
    if isinstance(xs, str):
        raise RuleError(f"index {i} is outside a text of {len(xs)} characters")
    raise RuleError(f"index {i} is outside a list of {len(xs)} items")


def _top(xs: tuple) -> Any:
    if not xs:
        raise RuleError("top() of an empty list")
    return xs[-1]


def _pop(xs: tuple) -> tuple:
    if not xs:
        raise RuleError("pop() of an empty list")
    return xs[:-1]


def _rest(xs: tuple) -> tuple:
    if not xs:
        raise RuleError("rest() of an empty list")
    return xs[1:]


def _first(found: Iterable[Any], default: Any = _NONE) -> Any:
    for x in found:
        return x
    if default is _NONE:
        raise RuleError("first(...) found nothing; give it a default: first(x: S, COND, DEFAULT)")
    return default


def _closure(rel: tuple[int, ...], start: int) -> int:
    """Everything reachable from the set ``start`` in one or more steps of ``rel`` (a bitmask)."""
    reached, frontier = 0, start
    while frontier:
        step = 0
        for i in bits(frontier):
            step |= rel[i]
        frontier = step & ~reached
        reached |= step
    return reached


def _chkl(xs: tuple, size: int, name: str) -> tuple:
    if len(xs) <= size:
        return xs
    raise RuleError(f"'{name}' would hold {len(xs)} items, more than its max {size}")


def _maplit(n: int, pairs: tuple[tuple[int, Any], ...], default: Any) -> tuple:
    out = [default] * n
    for k, v in pairs:
        out[k] = v
    return tuple(out)


def _setin(t: tuple, keys: tuple[int, ...], value: Any) -> tuple:
    """``t`` with the entry at ``keys`` (one key per level of nesting) replaced."""
    k = keys[0]
    inner = value if len(keys) == 1 else _setin(t[k], keys[1:], value)
    return t[:k] + (inner,) + t[k + 1:]


def _cell(x: int, y: int, width: int, height: int) -> int:
    if 0 <= x < width and 0 <= y < height:
        return y * width + x
    raise RuleError(f"({x}, {y}) is off the {width}x{height} grid")


DX = (0, 1, 0, -1)  # north, east, south, west
DY = (-1, 0, 1, 0)


def _stepk(c: int, d: int, k: int, width: int, height: int) -> int:
    """k steps from cell c towards d, stopping at the grid's edge."""
    x = min(max(c % width + DX[d] * k, 0), width - 1)
    y = min(max(c // width + DY[d] * k, 0), height - 1)
    return y * width + x


def step_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(_stepk(c, d, 1, width, height) for d in range(4)) for c in range(width * height))


def neighbour_masks(width: int, height: int) -> tuple[int, ...]:
    out = []
    for c in range(width * height):
        m = 0
        for d in range(4):
            n = _stepk(c, d, 1, width, height)
            if n != c:
                m |= 1 << n
        out.append(m)
    return tuple(out)


def _ljoin(xs: tuple, names: tuple[str, ...] | None, sep: str) -> str:
    if not xs:
        return "nothing"
    return sep.join(names[x] for x in xs) if names is not None else sep.join(_show(x) for x in xs)


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


LANGUAGE2_HELPERS = {f.__name__: f for f in (_pow, _rdiv, _at, _top, _pop, _rest, _first, _closure, _chkl,
                                               _maplit, _setin, _cell, _stepk, _ljoin, _show)}
