"""Python-syntax patterns (a file hook's ``matching`` expression) read into the tree the risk
check reads (regex_tree.py), so the shapes refused in ``grep -E`` are refused there too: an
agent's write is searched by the world's own expression, and ``(a|aa)+b`` over forty typed ``a``
took a minute."""

from __future__ import annotations

import re
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

from worldgen.shell.builtins.regex_risk import check_risk
from worldgen.shell.builtins.regex_tree import ANY, Alt, Backref, Group, Lit, Node, Repeat, Seq, Set, Zero

_CATEGORIES = {sre.CATEGORY_DIGIT: frozenset("0123456789"), sre.CATEGORY_SPACE: frozenset(" \t\n\r\f\v")}
_WIDEST_RANGE = 256  # a bracket range wider than this counts as "any character" for the check


def check_matching(pattern: str) -> int:
    """The pattern's polynomial degree (regex_risk.check_risk); RegexError when its shape can take
    exponential time, re.error when it does not compile."""
    try:
        parsed = _parser.parse(pattern)
    except RecursionError:
        raise re.error("nested too deeply") from None
    icase = bool(parsed.state.flags & re.IGNORECASE) or "(?i" in pattern  # an inline (?i:...) anywhere: assume it
    return check_risk(_seq(parsed), icase)


def _seq(items: Any) -> Node:
    return Seq([_node(op, av) for op, av in items])


def _node(op: Any, av: Any) -> Node:
    if op is sre.LITERAL:
        return Lit(chr(av))
    if op is sre.IN:
        return Set("[...]", _chars(av))
    if op in (sre.ANY, sre.NOT_LITERAL):
        return Set(".", ANY)
    if op is sre.AT:
        return Zero(str(av))
    if op is sre.BRANCH:
        return Alt([_seq(branch) for branch in av[1]])
    if op is sre.SUBPATTERN:
        return Group(_seq(av[3]))
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, high, body = av
        return Repeat(Group(_seq(body)), low, None if high is sre.MAXREPEAT else high)
    if op in (sre.ASSERT, sre.ASSERT_NOT):
        return Group(_seq(av[1]))  # read as if it took characters: a lookahead can backtrack too
    if op is sre.ATOMIC_GROUP:
        return Group(_seq(av))
    if op is sre.GROUPREF:
        return Backref(av)
    if op is sre.GROUPREF_EXISTS:
        return Alt([_seq(av[1]), _seq(av[2]) if av[2] is not None else Seq([])])
    return Set(str(op), ANY)  # anything else: one character of any kind (the safe reading)


def _chars(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    """The characters a bracket expression takes when few and known, else None."""
    chars: set[str] = set()
    for op, av in items:
        if op is sre.LITERAL:
            chars.add(chr(av))
        elif op is sre.RANGE and av[1] - av[0] < _WIDEST_RANGE:
            chars.update(map(chr, range(av[0], av[1] + 1)))
        elif op is sre.CATEGORY and av in _CATEGORIES:
            chars |= _CATEGORIES[av]
        else:
            return ANY  # a negation, a wide range, \w ...
    return frozenset(chars)
