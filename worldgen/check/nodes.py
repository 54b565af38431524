"""Building typed IR expression nodes, and naming types the way diagnostics say them."""

from __future__ import annotations

from worldgen.ir import types as T
from worldgen.ir.models import Expr, Type


def make(op: str, type_: Type, *args: Expr, name: str | None = None, value=None) -> Expr:
    return Expr(op=op, type=type_, args=tuple(args), name=name, value=value)


def is_error(e: Expr) -> bool:
    return T.is_error(e.type)


def path_text(path: str) -> str:
    """``room[].name`` -> ``content.room[i].name``; ``room[*].name`` -> ``content.room.name``."""
    return "content." + str(path).replace("[]", "[i]").replace("[*]", "")


def show_type(t: Type) -> str:
    match t.kind:
        case "entity":
            return f"a {t.name}"
        case "enum":
            return f"a {t.name} value"
        case "set":
            return f"a set of {t.elem.name if t.elem else 'anything'}"
        case "list":
            if t.elem is not None and t.elem.kind == "str":
                return "a list of text"
            return f"a list of {(t.elem.name or t.elem.kind + 's') if t.elem else 'anything'}"
        case "map":
            return f"a map from {t.elem.name if t.elem else '?'} to {show_type(t.value) if t.value else '?'}"
        case "rel":
            return f"a relation between {t.elem.name if t.elem else '?'} and {t.value.name if t.value else '?'}"
        case "content":
            return path_text(str(t.name))
        case "int":
            return "an int"
        case "real":
            return "a number"
        case "bool":
            return "a bool"
        case "str":
            return "text"
        case _:
            return t.kind

