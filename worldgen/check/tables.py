"""Text tables: a map literal from the values of an enum to text, ``{red: "crimson", ...}``.

Such a literal is how an enum value is shown in words without an ``if`` chain. Keys a map literal
leaves out get the value type's default, which for text is ``""``: a table missing a value would
show nothing at all, silently, only in the worlds that reach it. So a text table names every value
of its enum, each once.
"""

from __future__ import annotations

from worldgen.errors import DiagnosticSink
from worldgen.ir.models import Expr
from worldgen.syntax import ast

CODE = "WG431"


def check_text_table(sink: DiagnosticSink, node: ast.MapLit, keys: list[Expr], members: tuple[str, ...]) -> bool:
    """Report a text table that misses or repeats a value of its enum; True when it is whole."""
    listed: dict[int, ast.Expr] = {}
    for (raw, _), key in zip(node.items, keys):
        if key.op != "member" or not isinstance(key.value, int):
            continue  # a computed key: which value it is is known only when the world is built
        if key.value in listed:
            sink.error(CODE, f"'{members[key.value]}' is listed twice in this text table", raw.span)
            return False
        listed[key.value] = raw
    if len(listed) < len(keys):
        sink.error(CODE, "a text table's keys are the enum's values written out, so every one can be seen to be there",
                   node.span)
        return False
    missing = [m for i, m in enumerate(members) if i not in listed]
    if missing:
        sink.error(CODE, f"this text table leaves out {', '.join(missing)}, which would show as empty text; "
                   f"give every value of the enum a text", node.span)
        return False
    return True
