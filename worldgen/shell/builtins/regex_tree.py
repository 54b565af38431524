"""The tree a POSIX pattern is parsed into (regex.py), which the risk check (regex_risk.py) reads."""

from __future__ import annotations

from dataclasses import dataclass

ANY = None  # a first-character set that may be anything


class RegexError(Exception):
    """A pattern GNU rejects; ``str(err)`` is GNU's wording (``Unmatched ( or \\(``)."""


@dataclass(slots=True)
class Lit:
    char: str


@dataclass(slots=True)
class Set:
    """One character out of a set: ``.``, a bracket expression, ``\\w``. ``chars`` is the set
    when small and known (for the ambiguity check), else None."""

    source: str
    chars: frozenset[str] | None


@dataclass(slots=True)
class Zero:
    """A zero-width assertion (``^``, ``$``, ``\\b``, ...)."""

    source: str


@dataclass(slots=True)
class Backref:
    number: int


@dataclass(slots=True)
class Group:
    body: Node


@dataclass(slots=True)
class Seq:
    items: list[Node]


@dataclass(slots=True)
class Alt:
    branches: list[Node]


@dataclass(slots=True)
class Repeat:
    body: Node
    low: int
    high: int | None  # None: unbounded


Node = Lit | Set | Zero | Backref | Group | Seq | Alt | Repeat
