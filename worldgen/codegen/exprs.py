"""IR expressions -> Python source, compiled once per world.

Only the IR's structure becomes source text: every string (scaffold literal or content) and every
table lives in the namespace the code runs in and is referred to by a generated name, so content is
never code. Values use the runtime encoding of ``worldgen.ir.values``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from worldgen.codegen.comprehensions import ComprehensionCode
from worldgen.codegen.forms import FormsCode
from worldgen.codegen.hoisting import Hoists
from worldgen.codegen.repair import RepairCode
from worldgen.codegen.setquant import set_quantifier
from worldgen.codegen.names import RuleError, UnsafeIR, ident
from worldgen.codegen.textfuncs import TextCode
from worldgen.codegen.unions import UnionCode
from worldgen.ir.models import Expr, Function, Template, Type
from worldgen.ir.values import bits

CMP = {"==", "!=", "<", "<=", ">", ">="}
ARITH = {"+", "-", "*", "/", "%", "^"}
def make_joiner(names: tuple[str, ...]) -> Callable[[int], str]:
    """Render a set as "a, b, c" ("nothing" when empty), memoised per mask: sets repeat a lot."""
    cache: dict[int, str] = {}

    def join(mask: int) -> str:
        text = cache.get(mask)
        if text is None:
            text = ", ".join(names[i] for i in bits(mask)) if mask else "nothing"
            if len(cache) < 65536:
                cache[mask] = text
        return text

    return join


Request = tuple[Any, ...]  # what a constant is, e.g. ("names", "entity", "room"): see WorldTables
PREFIX = {"lit": "K", "param": "P", "range": "R", "full": "F", "names": "N", "join": "J", "content": "T",
          "count": "Q", "gridw": "W", "gridh": "H", "steps": "M", "nbrs": "A"}


@dataclass
class Namespace:
    """The constants generated code refers to. Each is named by what it is (a request), never by
    its value, so the generated source depends only on the rules: another world with the same
    rules reuses the source and re-resolves the requests against its own tables (``rebind``)."""

    tables: WorldTables
    values: dict[str, Any] = field(default_factory=dict)
    requests: dict[str, Request] = field(default_factory=dict)  # name -> request
    _names: dict[Request, str] = field(default_factory=dict)

    def const(self, request: Request) -> str:
        name = self._names.get(request)
        if name is None:
            name = f"{PREFIX[request[0]]}{len(self._names)}"
            self._names[request] = name
            self.requests[name] = request
            self.values[name] = self.tables.resolve(request)
        return name


@dataclass
class ExprCompiler(FormsCode, TextCode, ComprehensionCode, RepairCode, UnionCode):
    """Turns one expression into a Python expression string.

    ``resolve_state`` maps a state variable to its source (``s[3]`` at run time, a namespace name
    while a world is built); ``ns`` names the per-world data (names, content, counts, params).
    ``functions`` are the scaffold's ``def``s: called as ``D_name(s, ...)`` in a world's rules, or
    ``inline`` as lambdas where a world is being built; small ones are written out in place in a
    world's rules (codegen/inlining.py).
    """

    ns: Namespace
    resolve_state: Callable[[str], str]
    functions: dict[str, Function] = field(default_factory=dict)
    inline: bool = True
    subst: dict[str, str] = field(default_factory=dict)  # while a call is written out: parameter -> argument
    memoised: frozenset[str] = frozenset()  # defs compiled as caches by argument, called without the state (codegen/memo.py)
    hoists: Hoists | None = None  # a world's rules: closed expressions computed once (codegen/hoisting.py)

    def expr(self, e: Expr) -> str:
        if e.op not in OPS:
            raise UnsafeIR(f"unknown expression op {e.op!r}")
        return self.hoist(getattr(self, "_" + e.op)(e))

    def hoist(self, src: str) -> str:
        """``src``, or a call of its name computed once per world where it is closed (hoisting.py)."""
        return src if self.hoists is None else self.hoists.use(src)

    # -- leaves
    def _lit(self, e: Expr) -> str:
        if isinstance(e.value, str):
            return self.ns.const(("lit", e.value))
        if e.value is None:
            return "None"
        return repr(e.value)  # bool, int or float: pydantic admits nothing else

    def _param(self, e: Expr) -> str:
        return self.ns.const(("param", e.name))

    def _const(self, e: Expr) -> str:
        return f"C_{ident(e.name)}"

    def _state(self, e: Expr) -> str:
        return self.resolve_state(str(e.name))

    def _arg(self, e: Expr) -> str:
        return f"a_{ident(e.name)}"

    def _local(self, e: Expr) -> str:
        return self.subst.get(str(e.name)) or f"l_{ident(e.name)}"

    def _member(self, e: Expr) -> str:
        return repr(int(e.value))  # type: ignore[arg-type]

    def _entity(self, e: Expr) -> str:
        return f"{self.ns.const(('range', e.name))}[{self.expr(e.args[0])}]"

    def _all(self, e: Expr) -> str:
        return self.ns.const(("full", e.name))

    def _slice(self, e: Expr) -> str:
        r = self.ns.const(("range", e.name))
        return f"_mask({r}[{self.expr(e.args[0])}:{self.expr(e.args[1])}])"

    def _content(self, e: Expr) -> str:
        return self.ns.const(("content", e.value)) + "".join(f"[{self.expr(i)}]" for i in e.args)

    # -- operators
    def _not(self, e: Expr) -> str:
        return f"(not {self.expr(e.args[0])})"

    def _neg(self, e: Expr) -> str:
        return f"(-{self.expr(e.args[0])})"

    def _and(self, e: Expr) -> str:
        return f"({self.expr(e.args[0])} and {self.expr(e.args[1])})"

    def _or(self, e: Expr) -> str:
        return f"({self.expr(e.args[0])} or {self.expr(e.args[1])})"

    def _cmp(self, e: Expr) -> str:
        if e.name not in CMP:
            raise UnsafeIR(f"unknown comparison {e.name!r}")
        return f"({self.expr(e.args[0])} {e.name} {self.expr(e.args[1])})"

    def _arith(self, e: Expr) -> str:
        a, b = self.expr(e.args[0]), self.expr(e.args[1])
        if e.name not in ARITH:
            raise UnsafeIR(f"unknown operator {e.name!r}")
        if e.name == "^":
            return f"_pow({a}, {b})"
        if e.name == "/" and e.type.kind == "real":
            return f"_rdiv({a}, {b})"
        if e.name in ("/", "%"):
            if _nonzero_int(e.args[1]):  # Python's floor division and modulo are the language's
                return f"({a} {'//' if e.name == '/' else '%'} {b})"
            return f"_div({a}, {b}, {e.name == '%'})"
        return f"({a} {e.name} {b})"

    # generated operands are atoms or parenthesised, and ``>>`` binds tighter than ``&``
    def _in(self, e: Expr) -> str:
        if e.args[1].type.kind == "list":
            return f"({self.expr(e.args[0])} in {self.expr(e.args[1])})"
        if e.args[0].type.kind == "int":  # an int may be negative: never in a set
            return f"_has({self.expr(e.args[1])}, {self.expr(e.args[0])})"
        return f"(({self.expr(e.args[1])} >> {self.expr(e.args[0])} & 1) == 1)"

    def _notin(self, e: Expr) -> str:
        if e.args[1].type.kind == "list":
            return f"({self.expr(e.args[0])} not in {self.expr(e.args[1])})"
        if e.args[0].type.kind == "int":
            return f"(not _has({self.expr(e.args[1])}, {self.expr(e.args[0])}))"
        return f"(({self.expr(e.args[1])} >> {self.expr(e.args[0])} & 1) == 0)"

    def _get(self, e: Expr) -> str:
        return f"{self.expr(e.args[0])}[{self.expr(e.args[1])}]"

    def _rel(self, e: Expr) -> str:
        r, a, b = (self.expr(x) for x in e.args)
        return f"(({r}[{a}] >> {b} & 1) == 1)"

    def _image(self, e: Expr) -> str:
        return f"{self.expr(e.args[0])}[{self.expr(e.args[1])}]"

    def _cond(self, e: Expr) -> str:
        c, a, b = (self.expr(x) for x in e.args)
        return f"({a} if {c} else {b})"

    def _setlit(self, e: Expr) -> str:
        if not e.args:
            return "0"
        return "(" + " | ".join(f"_bit({self.expr(a)})" if a.type.kind == "int" else f"(1 << {self.expr(a)})" for a in e.args) + ")"

    def _call(self, e: Expr) -> str:
        args = [self.expr(a) for a in e.args]
        other = self.sequence_call(e, args) or self.text_call(e, args)
        if other is not None:
            return other
        match e.name:
            case "count":
                return f"({args[0]}).bit_count()"
            case "join":
                return self.join(e.args[0].type, args[0], args[1] if len(args) > 1 else None)
            case "min" | "max" | "abs":
                return f"{e.name}({', '.join(args)})"
        raise UnsafeIR(f"unknown function {e.name!r}")

    def _quant(self, e: Expr) -> str:
        bitwise = set_quantifier(e, self.expr, self.hoist)
        if bitwise is not None:
            return bitwise
        body = self.expr(e.args[1])
        var = ident(e.value)
        loop = f"for l_{var} in {self.domain(e.args[0])}"
        match e.name:
            case "all" | "any":
                return f"{e.name}({body} {loop})"
            case "count":
                return f"sum(1 {loop} if {body})"
            case "sum":
                return f"sum({body} {loop})"
            case "filter" if e.type.kind == "list":
                return f"tuple(l_{var} {loop} if {body})"
            case "filter":
                return f"sum(1 << l_{var} {loop} if {body})"
            case "first":
                if len(e.args) > 2:
                    default = self.expr(e.args[2])
                elif e.args[0].op == "span":
                    default = f"({self.expr(e.args[0].args[1])}) + 1"  # one past the range: not found
                else:
                    return f"_first(l_{var} {loop} if {body})"
                return f"_first((l_{var} {loop} if {body}), {default})"
            case "join":
                return f"{self.expr(e.args[2])}.join({self.render(e.args[1])} {loop})"
            case "eachf":
                return f"(', '.join({self.render(e.args[1])} {loop}) or 'nothing')"
            case "each":
                elem = e.args[0].type.elem
                assert elem is not None
                label = f"{self.names(elem)}[l_{var}]" if elem.kind in ("entity", "enum") else f"_show(l_{var})"
                return f"(', '.join({label} + ' ' + {self.render(e.args[1])} {loop}) or 'nothing')"
            case "min" | "max":
                return f"{e.name}(({body} {loop}), default=0)"
        raise UnsafeIR(f"unknown quantifier {e.name!r}")

    def _gen(self, e: Expr) -> str:
        args = [self.expr(a) for a in e.args]
        if e.name == "maze":  # a grid's generator needs its width
            args.append(self.ns.const(("gridw", e.args[0].name)))
        return f"G_{ident(e.name)}({', '.join(args)})"

    # -- text
    def names(self, t: Type) -> str:
        """The tuple of display names of an entity's (or an enum's) values."""
        return self.ns.const(("names", t.kind, t.name))

    def join(self, t: Type, src: str, sep: str | None) -> str:
        elem = t.elem
        if elem is None:
            return self.ns.const(("lit", "nothing"))
        if t.kind == "list" and elem.kind == "str":  # a list of text joins to "" when empty, as text does
            return f"{sep or repr(', ')}.join({src})"
        if t.kind == "list":
            names = self.names(elem) if elem.kind in ("entity", "enum") else "None"
            return f"_ljoin({src}, {names}, {sep or repr(', ')})"
        if elem.kind == "int":  # a set of ints: bit v is the int v (codegen/intsets.py)
            return f"_ijoin({src}, {sep or repr(', ')})"
        if sep is not None:
            return f"_join({src}, {self.names(elem)}, {sep})"
        return f"{self.ns.const(('join', elem.kind, elem.name))}({src})"

    def render(self, e: Expr) -> str:
        """Source for the text of a value, as shown to the agent."""
        src = self.expr(e)
        match e.type.kind:
            case "str":
                return src
            case "int" if e.type.name in ("octal", "hex"):  # shown as commands spell it: 750, ff
                return f"format({src}, {'03o' if e.type.name == 'octal' else 'x'!r})"
            case "int":
                return f"str({src})"
            case "real":
                return f"_show({src})"
            case "bool":
                return f"('yes' if {src} else 'no')"
            case "entity" | "enum":
                return f"{self.names(e.type)}[{src}]"
            case "set" | "list":
                return self.join(e.type, src, None)
        raise AssertionError(e.type.kind)  # pragma: no cover - the checker admits no others

    def template(self, t: Template) -> str:
        pieces = []
        for p in t.parts:
            if p.expr is not None:
                pieces.append(self.render(p.expr))
            elif p.text:
                pieces.append(self.ns.const(("lit", p.text)))
        if not pieces:
            return self.ns.const(("lit", ""))
        return pieces[0] if len(pieces) == 1 else "".join(["(", " + ".join(pieces), ")"])


OPS = frozenset(name[1:] for cls in ExprCompiler.__mro__ for name in vars(cls)
                if name.startswith("_") and not name.startswith("__"))


class WorldTables:
    """Per-world data generated code needs: params, entity and enum names, content."""

    def __init__(self, params: dict[str, Any], entity_names: dict[str, list[str]],
                 enums: dict[str, tuple[str, ...]], content: dict[str, Any],
                 grids: dict[str, tuple[int, int]] | None = None):
        self.params = params
        self.entity_names = entity_names
        self.enums = enums
        self.content = content
        self.grids = grids if grids is not None else {}  # grid entity -> (width, height)

    def names(self, kind: str, name: str) -> tuple[str, ...]:
        return tuple((self.entity_names.get(name) if kind == "entity" else self.enums.get(name)) or ())

    def count(self, entity: str) -> int:
        """How many values an entity (or an enum) has."""
        names = self.entity_names.get(entity)
        return len(names) if names is not None else len(self.enums[entity])

    def resolve(self, request: Request) -> Any:
        """The value a namespace request stands for in this world."""
        from worldgen.codegen.helpers import neighbour_masks, step_table

        match request:
            case ("lit", value):
                return value
            case ("param", name):
                return self.params[name]
            case ("range", entity):
                return range(self.count(entity))
            case ("full", entity):
                return (1 << self.count(entity)) - 1
            case ("names", kind, name):
                return self.names(kind, name)
            case ("join", kind, name):
                return make_joiner(self.names(kind, name))
            case ("count", name):
                return self.count(str(name))
            case ("gridw", entity):
                return self.grids[entity][0]
            case ("gridh", entity):
                return self.grids[entity][1]
            case ("steps", entity):
                return step_table(*self.grids[entity])
            case ("nbrs", entity):
                return neighbour_masks(*self.grids[entity])
            case ("content", path):
                return _walk(self.content, str(path).replace("[]", ".[]").split("."))  # room[].description
        raise UnsafeIR(f"unknown namespace request {request!r}")


def _walk(value: Any, parts: list[str]) -> Any:
    if not parts:
        return value
    head, rest = parts[0], parts[1:]
    if head == "[]":
        return tuple(_walk(v, rest) for v in value)
    return _walk(value[head], rest)


def _nonzero_int(e: Expr) -> bool:
    """A literal divisor that is not 0: ``/`` and ``%`` by it cannot raise the division rule error."""
    return e.op == "lit" and type(e.value) is int and e.value != 0
