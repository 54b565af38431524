"""Field splitting by ``IFS``, as bash splits an unquoted expansion's result.

Blanks in ``IFS`` (space, tab, newline) separate fields and gather: runs of them count once and
are trimmed at the ends. Any other ``IFS`` character ends a field by itself, blanks around it
included, so ``a::b`` with ``IFS=:`` is three fields, the middle one empty, and ``a:`` is one.
An empty ``IFS`` splits nothing. The default ``IFS`` (unset, or space, tab and newline) is the
expander's own fast path.
"""

from __future__ import annotations

BLANKS = " \t\n"


def split(value: str, ifs: str) -> tuple[list[str], bool, bool]:
    """(the fields, whether ``value`` starts with a separator that ends the field before it,
    whether it ends with one that ends the last field) of a non-empty ``value``."""
    if not ifs:
        return [value], False, False
    blanks = "".join(c for c in ifs if c in BLANKS)
    others = "".join(c for c in ifs if c not in BLANKS)
    n = len(value)
    fields: list[str] = []
    field: list[str] = []
    i = _skip(value, 0, blanks)
    lead = i > 0
    while i < n:
        c = value[i]
        if c in others or c in blanks:
            j = _skip(value, i + 1, blanks) if c in others else _skip(value, i, blanks)
            if c in blanks and j < n and value[j] in others:  # blanks then a delimiter: one separator
                j = _skip(value, j + 1, blanks)
            fields.append("".join(field))
            field = []
            i = j
            continue
        field.append(c)
        i += 1
    if field:
        fields.append("".join(field))
    return fields, lead, value[-1] in ifs


def _skip(value: str, i: int, blanks: str) -> int:
    while i < len(value) and value[i] in blanks:
        i += 1
    return i
