"""Expressions that read no state and no variable, computed once per world instead of per state.

``invariant connected: at == start or at in closure(passages, start)`` reads the state (``at``),
but ``closure(passages, start)`` does not: it has one value in every state of a world, yet the
model checker computed it again for every state it explored (two thirds of maze's exploration).
Such a subexpression, when it does work in proportion to a domain (a comprehension, a closure, a
sort), is compiled as ``O3()``, a module-level ``O3 = _memo(lambda: ...)``: the first call computes
it, every later one is a C-level cache hit. A rule error is not cached (``_memo`` keeps values
only), so it is raised again at every call, where it was raised before, and a short-circuited
branch (``a or closure(...)``) still never computes it. Closedness is decided on the generated
Python, exactly: the expression compiled on its own must load no name of the function around it
(the state ``s``, an action's ``a_`` arguments, a ``l_`` local or loop variable), while names it
binds itself (a comprehension's, a lambda's) are its own.
"""

from __future__ import annotations

import functools
import re
from types import CodeType

_WORK = re.compile(r"\bfor\b|\b_(?:closure|fix|relof|mask|by_key)\(|\bsorted\(")  # loops over a domain: worth a cache
_OUTER = re.compile(r"\bs\b|\ba_\w")  # the state or an argument: never closed (checked before compiling)
_CALL = re.compile(r"\b(O\d+)\(\)")  # a hoisted name, called


def _loaded(code: CodeType) -> set[str]:
    """Names ``code`` (and code nested in it) loads as globals or attributes."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, CodeType):
            names |= _loaded(const)
    return names


@functools.lru_cache(maxsize=4096)
def closed(src: str) -> bool:
    """Does the generated expression ``src`` read only the module's own names?"""
    if _OUTER.search(src):
        return False
    code = compile(f"lambda: ({src})", "<hoisted>", "eval")
    return not any(name.startswith("l_") for name in _loaded(code))


class Hoists:
    """The closed expressions of one generated module, each named once (``O0``, ``O1``, ...) in the
    order first met, so the same rules give the same source."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}

    def use(self, src: str) -> str:
        """``src``, or a call of its hoisted name where it is closed and does work."""
        if not _WORK.search(src) or not closed(src):
            return src
        name = self._names.get(src)
        if name is None:
            name = self._names[src] = f"O{len(self._names)}"
        return f"{name}()"

    def lines(self, module: str) -> list[str]:
        """The module-level definitions of the hoisted names ``module`` calls, directly or through
        other hoisted names (a def body compiled and then dropped may have named some that are
        not called at all)."""
        called = set(_CALL.findall(module))
        out = []
        for src, name in reversed(self._names.items()):  # an expression is named after those inside it
            if name in called:
                called.update(_CALL.findall(src))
                out.append(f"{name} = _memo(lambda: {src})")
        return out[::-1]
