"""Constructors for IR types, so the checker and the runtime spell them the same way."""

from __future__ import annotations

from worldgen.ir.models import Type

BOOL = Type(kind="bool")
INT = Type(kind="int")
REAL = Type(kind="real")  # reward amounts and probabilities: fractions allowed
STR = Type(kind="str")
EMPTY_SET = Type(kind="set")  # the type of `{}`: a set of anything
ERROR = Type(kind="str", name="?error")  # the type of an expression that already failed to check


def entity(name: str) -> Type:
    return Type(kind="entity", name=name)


def enum(name: str) -> Type:
    return Type(kind="enum", name=name)


def set_of(elem: Type) -> Type:
    return Type(kind="set", elem=elem)


def list_of(elem: Type) -> Type:
    return Type(kind="list", elem=elem)


def map_of(key: Type, value: Type) -> Type:
    return Type(kind="map", elem=key, value=value)


def rel_of(left: Type, right: Type) -> Type:
    return Type(kind="rel", elem=left, value=right)


def content(path: str) -> Type:
    return Type(kind="content", name=path)


def is_finite_domain(t: Type) -> bool:
    """Types whose values are indices 0..n-1: usable as set elements and map keys."""
    return t.kind in ("entity", "enum")


def is_error(t: Type) -> bool:
    """``t == ERROR``, told by the name first: pydantic's ``==`` compares every field, and the
    checker asks this of nearly every expression it builds."""
    return t.name == ERROR.name and t == ERROR


def compatible(expected: Type, actual: Type) -> bool:
    """Can a value of type ``actual`` be used where ``expected`` is wanted?"""
    if is_error(actual) or is_error(expected):
        return True
    if expected.kind == actual.kind and expected.kind in ("set", "list") and (actual.elem is None or expected.elem is None):
        return True  # `{}` and `[]` fit any set and list
    return expected.same(actual)
