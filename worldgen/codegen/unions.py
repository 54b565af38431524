"""Tagged unions in the generated code (check/unions.py): a union value is an index, each variant's
values following the previous variant's, so building one adds the variant's offset, a tag test is
a range test and reading the payload subtracts the offset."""

from __future__ import annotations

from worldgen.codegen.names import RuleError
from worldgen.ir.models import Expr


def _unwrap(value: int, offset: int, size: int, tag: str) -> int:
    """The payload of a union value of variant ``tag``; reading another variant's is a rule error."""
    if not offset <= value < offset + size:
        raise RuleError(f"this value is not {tag}(...), so it holds no .{tag}; test it first with 'is {tag}'")
    return value - offset


class UnionCode:
    """Mixed into ExprCompiler: the IR ops ``variant``, ``is``, ``payload`` and ``size``."""

    def _variant(self, e: Expr) -> str:
        offset = self.expr(e.args[0])  # type: ignore[attr-defined]
        return f"({offset} + {self.expr(e.args[1])})" if len(e.args) > 1 else offset  # type: ignore[attr-defined]

    def _is(self, e: Expr) -> str:
        x, offset, size = (self.expr(a) for a in e.args)  # type: ignore[attr-defined]
        return f"({offset} <= {x} < {offset} + {size})"

    def _payload(self, e: Expr) -> str:
        x, offset, size = (self.expr(a) for a in e.args)  # type: ignore[attr-defined]
        return f"_unwrap({x}, {offset}, {size}, {self.ns.const(('lit', str(e.value)))})"  # type: ignore[attr-defined]

    def _size(self, e: Expr) -> str:
        return self.ns.const(("count", e.name))  # type: ignore[attr-defined]


UNION_HELPERS = {"_unwrap": _unwrap}
