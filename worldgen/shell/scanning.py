"""Where a bracketed expansion ends: the ``}`` of ``${...}`` and the ``)`` of ``$(...)``, found
as bash finds them: a backslash escapes the next character, single quotes hide everything,
nested openers nest, and (inside ``$(...)``) double quotes hide the closer but not their own
``$(...)``."""

from __future__ import annotations


def closing(s: str, i: int, close: str, double_quotes: bool) -> int:
    """Index of the ``close`` (``}`` or ``)``) matching an opener just before ``i``, or -1."""
    opener = "{" if close == "}" else "("
    depth, n = 1, len(s)
    while i < n:
        c = s[i]
        if c == "\\":
            i += 2
            continue
        if c == "'":
            j = s.find("'", i + 1)
            if j < 0:
                return -1
            i = j + 1
            continue
        if c == '"' and double_quotes:
            i = _after_double_quotes(s, i + 1)
            if i < 0:
                return -1
            continue
        if c == opener and (opener == "(" or s[i - 1] == "$"):  # `${` nests; any `(` does
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _after_double_quotes(s: str, i: int) -> int:
    """Index after the ``"`` closing double quotes whose text starts at ``i``, or -1."""
    n = len(s)
    while i < n:
        c = s[i]
        if c == "\\":
            i += 2
        elif c == '"':
            return i + 1
        elif s.startswith("$(", i):
            j = closing(s, i + 2, ")", True)
            if j < 0:
                return -1
            i = j + 1
        else:
            i += 1
    return -1
