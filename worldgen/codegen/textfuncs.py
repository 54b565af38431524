"""Python source for the text functions (mixed into ExprCompiler).

Text is a Python str and a list of text a tuple of them, as every list is. The simple functions
are str methods written in place; the rest call the helpers of ``codegen/texthelpers.py``.
"""

from __future__ import annotations

from worldgen.codegen.names import Compiler
from worldgen.ir.models import Expr


class TextCode:
    def text_call(self: Compiler, e: Expr, args: list[str]) -> str | None:
        """Source for a call of a text function (None: ``e`` is not one)."""
        match e.name:
            case "upper" | "lower":
                return f"({args[0]}).{e.name}()"
            case "trim":
                return f"({args[0]}).strip()"
            case "starts":
                return f"({args[0]}).startswith({args[1]})"
            case "ends":
                return f"({args[0]}).endswith({args[1]})"
            case "contains":
                return f"({args[1]} in {args[0]})"
            case "octal":
                return f"format({args[0]}, 'o')"
            case "letters":
                return f"tuple({args[0]})"
            case "split" if len(args) == 1:
                return f"tuple(({args[0]}).split())"
            case "replace" | "split" | "lines" | "pad" | "lpad" | "zpad" | "human":
                return f"_t{e.name}({', '.join(args)})"
        return None
