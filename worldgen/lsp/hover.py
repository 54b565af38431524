"""Hover: a name's declaration as written, and the type the checker gave it."""

from __future__ import annotations

from worldgen.check.nodes import show_type
from worldgen.ir.models import Scaffold as ScaffoldIR
from worldgen.lsp.symbols import LOCAL, Symbol


def hover_text(symbol: Symbol, ir: ScaffoldIR | None) -> str:
    """Markdown: the declaration in a code block, then its checked type when there is one.
    ``ir`` may be an earlier version's (the last that checked): a name it lacks gets no type."""
    lines = [f"```worldgen\n{symbol.signature}\n```"]
    checked = _checked_type(symbol, ir) if ir is not None else None
    if checked:
        lines.append(checked)
    elif symbol.kind == LOCAL:
        lines.append("local name")
    return "\n\n".join(lines)


def _checked_type(symbol: Symbol, ir: ScaffoldIR) -> str | None:
    name = symbol.name
    match symbol.kind:
        case "state":
            var = next((v for v in ir.state if v.name == name), None)
            return f"state variable: {show_type(var.type)}" if var else None
        case "const":
            const = next((c for c in ir.consts if c.name == name), None)
            return f"constant: {show_type(const.type)}" if const else None
        case "def":
            fn = next((f for f in ir.functions if f.name == name), None)
            if fn is None:
                return None
            params = ", ".join(f"{p.name}: {show_type(p.type)}" for p in fn.params)
            return f"function ({params}) giving {show_type(fn.body.type)}"
        case "member":
            enum = next((e for e in ir.enums if name in e.members), None)
            return f"member of enum `{enum.name}`" if enum else None
        case "axis":
            axis = ir.axis(name)
            return f"{axis.kind} axis: " + " | ".join(a.name for a in axis.alternatives) if axis else None
        case "action":
            action = ir.action(name)
            return "command: " + " | ".join(f"`{p}`" for p in action.patterns) if action else None
    return None
