"""Symbols and scopes: what a name in a scaffold refers to."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from worldgen.errors import Span
from worldgen.ir.models import Slot, Type

SymbolKind = Literal["param", "member", "entity", "enum", "const", "state", "arg", "local"]


@dataclass(frozen=True)
class Symbol:
    name: str
    kind: SymbolKind
    type: Type
    span: Span
    index: int = 0  # enum members: their position


@dataclass
class Scope:
    """The global names of one scaffold plus its content slots and action names."""

    symbols: dict[str, Symbol] = field(default_factory=dict)
    enums: dict[str, tuple[str, ...]] = field(default_factory=dict)
    slots: dict[str, Slot] = field(default_factory=dict)
    actions: dict[str, Span] = field(default_factory=dict)
    declared: dict[str, int] = field(default_factory=dict)  # every const and state variable -> line

