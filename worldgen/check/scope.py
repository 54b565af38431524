"""Symbols and scopes: what a name in a scaffold refers to."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from worldgen.errors import Span
from worldgen.ir.models import Function, Slot, Type, Variant

SymbolKind = Literal["param", "member", "entity", "enum", "const", "state", "arg", "local", "function", "variant"]


@dataclass(frozen=True)
class Symbol:
    name: str
    kind: SymbolKind
    type: Type
    span: Span
    index: int = 0  # enum members, union tags: their position


@dataclass
class Scope:
    """The global names of one scaffold plus its content slots and action names."""

    symbols: dict[str, Symbol] = field(default_factory=dict)
    enums: dict[str, tuple[str, ...]] = field(default_factory=dict)
    slots: dict[str, Slot] = field(default_factory=dict)
    actions: dict[str, Span] = field(default_factory=dict)
    declared: dict[str, int] = field(default_factory=dict)  # every const and state variable -> line
    grids: set[str] = field(default_factory=set)  # entities declared `grid(W, H)`
    functions: dict[str, FunctionSig] = field(default_factory=dict)
    defining: str | None = None  # the function whose body is being checked (no recursion)
    unions: dict[str, tuple[Variant, ...]] = field(default_factory=dict)  # `type` declarations (check/unions.py)


@dataclass(frozen=True)
class FunctionSig:
    """A checked ``def``: its IR, its result type and whether it reads the state (then it cannot
    be used where the world is being built)."""

    ir: Function
    result: Type
    reads_state: bool


@dataclass(frozen=True)
class Ctx:
    """Where an expression stands, which decides what it may refer to."""

    where: str = "rule"  # rule | init | static (params, consts) | count (entity counts) | amount (static, real)
    locals: tuple[tuple[str, Symbol], ...] = ()
    visible: frozenset[str] | None = None  # init: the consts/state declared so far

    def bind(self, sym: Symbol) -> Ctx:
        return Ctx(self.where, self.locals + ((sym.name, sym),), self.visible)

    def local(self, name: str) -> Symbol | None:
        for n, sym in reversed(self.locals):
            if n == name:
                return sym
        return None
