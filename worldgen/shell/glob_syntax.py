"""How a glob pattern reads: ``[...]`` bracket expressions (ranges, ``[:classes:]``, ``!``/``^``
negation; a reversed range matches nothing) and the fixed-width pieces between its stars, as
regular-expression source. Both matchers build on it: whole names and words (expand.py) and the
leftmost-longest search of ``${NAME/PATTERN/STRING}`` (glob_search.py)."""

from __future__ import annotations

import re

_CLASSES = {
    "alpha": "a-zA-Z", "digit": "0-9", "alnum": "a-zA-Z0-9", "upper": "A-Z", "lower": "a-z",
    "space": " \\t\\n\\r\\f\\v", "blank": " \\t", "punct": re.escape("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    "xdigit": "0-9A-Fa-f", "cntrl": "\\x00-\\x1f\\x7f", "print": " -~", "graph": "!-~", "word": "a-zA-Z0-9_",
}


def glob_runs(pattern: str) -> tuple[list[list[str]], bool]:
    """The pattern's fixed-width pieces between stars (runs of stars as one), each a list of
    one-character regex sources (escaped characters literal, ``?``, ``[...]``), and whether it
    has any glob at all."""
    runs: list[list[str]] = [[]]
    magic = False
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            runs[-1].append(re.escape(pattern[i + 1]))
            i += 2
            continue
        if c == "*":
            if runs[-1] or len(runs) == 1:
                runs.append([])
            magic = True
        elif c == "?":
            runs[-1].append(".")
            magic = True
        elif c == "[" and (got := bracket(pattern, i)) is not None:
            runs[-1].append(got[0])
            i = got[1]
            magic = True
            continue
        else:
            runs[-1].append(re.escape(c))
        i += 1
    return runs, magic


def bracket(comp: str, i: int) -> tuple[str, int] | None:
    """A ``[...]`` expression at ``i`` as a regex class and the index after it, or None when
    it never closes (then ``[`` is an ordinary character)."""
    n = len(comp)
    j = i + 1
    negate = j < n and comp[j] in "!^"
    if negate:
        j += 1
    items: list[str] = []
    first = True
    while j < n:
        c = comp[j]
        if c == "]" and not first:
            body = "".join(items)
            if not body:  # only reversed ranges (`[z-a]`): nothing, or (negated) anything
                return ("." if negate else "(?!)"), j + 1
            return (f"[^{body}]" if negate else f"[{body}]"), j + 1
        first = False
        if c == "[" and comp.startswith("[:", j):
            end = comp.find(":]", j + 2)
            if end > 0 and comp[j + 2:end] in _CLASSES:
                items.append(_CLASSES[comp[j + 2:end]])
                j = end + 2
                continue
        if c == "\\" and j + 1 < n:
            c = comp[j + 1]
            j += 1
        if j + 2 < n and comp[j + 1] == "-" and comp[j + 2] != "]":
            hi = comp[j + 2]
            if hi == "\\" and j + 3 < n:
                hi = comp[j + 3]
                j += 1
            if ord(hi) >= ord(c):
                items.append(f"{_class_char(c)}-{_class_char(hi)}")
            j += 3
            continue
        items.append(_class_char(c))
        j += 1
    return None


def _class_char(c: str) -> str:
    return "\\" + c if c in "\\]^-[" else c

