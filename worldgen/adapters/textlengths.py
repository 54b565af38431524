"""Upper bounds on the length of the text a world's rules can render (for ``textspace``'s spaces).

Every expression is bounded from its parts, with the world's own params, names and content: a
literal by its length, ``a + b`` by the sum, a ``def`` call by its body with the arguments'
bounds, ``join`` over ``0..w - 1`` by ``w`` items and the separators between them, a list of
text by how many items it may have and how many characters they hold in all. Text typed into a
``text`` argument is bounded by the longest command the action space admits. What the bound cannot
follow (an int range whose ends it cannot evaluate, a rule it does not know) counts as
``MAX_TEXT`` characters, the most a rule may build by padding or replacing.

Integers shown in text are assumed to fit in 64 bits.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Union

from worldgen.ir.axes import apply_axes
from worldgen.ir.limits import MAX_TEXT
from worldgen.ir.models import Action, Expr, Scaffold, Stmt, Template, Type
from worldgen.ir.patterns import parts, tokens
from worldgen.ir.world import World
from worldgen.runtime.env import OVER

INT_WIDTH = 20  # len(str(-2**63))
OCTAL_WIDTH = 23  # len(format(-2**63, "o"))
HUMAN_WIDTH = 6  # human(n): "-1023K" at most
EMPTY_SET = "nothing"  # how the renderer shows an empty set or list
DEFAULT_SEP = 2  # ", "
SAME_LENGTH = ("reverse", "sorted", "rest", "pop")  # lists of text no longer than their argument


@dataclass(frozen=True)
class Texts:
    """A list of text: at most ``items`` items holding at most ``chars`` characters in all."""

    items: int
    chars: int

    def __add__(self, other: Texts) -> Texts:
        return Texts(self.items + other.items, self.chars + other.chars)

    def most(self, other: Texts) -> Texts:
        return Texts(max(self.items, other.items), max(self.chars, other.chars))

    def joined(self, sep: int) -> int:
        return self.chars + sep * max(self.items - 1, 0)


UNKNOWN = Texts(MAX_TEXT, MAX_TEXT)
Span = tuple[int, int]  # an int's least and greatest value
Local = Union[int, Texts, Span, None]  # a local's bound: text's length, a list of text, an int's range, unknown
Scope = dict[str, Local]


class Lengths:
    """Upper bounds on rendered lengths for one world's effective rules (axes applied)."""

    def __init__(self, world: World, longest_string: int, charset: Iterable[str]):
        self.rules: Scaffold = apply_axes(world.scaffold, world.axes)
        self.params = world.params
        self.content = world.content
        self.names = {("entity", k): v for k, v in world.entities.items()}
        self.names.update({("enum", e.name): list(e.members) for e in world.scaffold.enums})
        self.functions = {f.name: f for f in self.rules.functions}
        self.consts = {c.name: c.init for c in self.rules.consts}
        self.longest_string = longest_string
        # upper/lower may lengthen a character ("ß".upper() is "SS")
        self.case_growth = max((len(f(c)) for c in charset for f in (str.upper, str.lower)), default=1)
        self._calling: set[str] = set()

    # ------------------------------------------------------------------------------ whole texts
    def observation(self) -> int:
        r = self.rules
        observe = self.template(r.observe, {})
        reset = self.template(r.instruction, {}) + 2 + observe  # instruction, blank line, observation
        messages = [self.template(r.invalid, {})]
        for action in r.actions:
            scope = self.arguments(action)
            for guard in action.guards:
                for name, value in guard.lets:
                    scope[name] = self.bound(value, scope)
                if guard.message is not None:
                    messages.append(self.template(guard.message, scope))
            messages.append(self.says(action.body, scope))
        return max(reset, max(messages) + 1 + observe, len(OVER))

    def command(self) -> int:
        return max((self.pattern(a, p) for a in self.rules.actions for p in a.patterns), default=1)

    def pattern(self, action: Action, pattern: str) -> int:
        params = {p.name: p.type for p in action.params}
        words = [sum(self.typed(params[w]) if k == "arg" else len(w) for k, w in parts(tok)) for tok in tokens(pattern)]
        return sum(words) + max(len(words) - 1, 0)

    def typed(self, t: Type) -> int:
        """The longest argument an agent types: a value as listed, or quoted text."""
        if t.kind == "str":
            return self.longest_string + 2
        if t.kind == "bool":
            return len("false")
        return self.shown(t, {})

    def arguments(self, action: Action) -> Scope:
        """Typed text is at most the longest command the action space admits."""
        return {p.name: self.command() for p in action.params if p.type.kind == "str"}

    def says(self, body: Iterable[Stmt], scope: Scope) -> int:
        """Every say of an effect may run (branches counted both ways, loops for every item)."""
        total = 0
        for st in body:
            if st.kind == "say" and st.template is not None:
                total += self.template(st.template, scope) + 1
            elif st.kind == "let" and st.var is not None and st.value is not None:
                scope[st.var] = self.bound(st.value, scope)
            elif st.kind == "for" and st.domain is not None and st.var is not None:
                count, item = self.domain(st.domain, scope)
                total += count * self.says(st.then, {**scope, st.var: item})
            else:
                total += self.says(st.then, dict(scope)) + self.says(st.otherwise, dict(scope))
        return total

    def template(self, t: Template, scope: Scope) -> int:
        return sum(len(p.text or "") if p.expr is None else self.render(p.expr, scope) for p in t.parts)

    # ------------------------------------------------------------------------------ expressions
    def render(self, e: Expr, scope: Scope) -> int:
        """The longest text the renderer can make of an expression's value."""
        if e.type.kind == "str":
            return self.text(e, scope)
        if e.type.kind in ("set", "list"):
            return self.joined(e, scope, DEFAULT_SEP)
        return self.shown(e.type, scope)

    def shown(self, t: Type, scope: Scope) -> int:
        match t.kind:
            case "bool":
                return len("yes")
            case "entity" | "enum":
                return max(map(len, self.names.get((t.kind, str(t.name)), [])), default=0)
            case "int" if t.name == "octal":
                return OCTAL_WIDTH
        return INT_WIDTH

    def bound(self, e: Expr, scope: Scope) -> Local:
        """What a local bound to ``e`` carries."""
        if e.type.kind == "str":
            return self.text(e, scope)
        if _is_texts(e.type):
            return self.texts(e, scope)
        return self.ints(e, scope) if e.type.kind == "int" else None

    def text(self, e: Expr, scope: Scope) -> int:
        match e.op:
            case "lit":
                return len(str(e.value))
            case "content" | "param":
                return self.longest_string
            case "const":
                return self.text(self.consts[str(e.name)], {}) if e.name in self.consts else MAX_TEXT
            case "local" | "arg":
                found = scope.get(str(e.name))
                return found if isinstance(found, int) else MAX_TEXT
            case "concat":
                return sum(self.render(a, scope) for a in e.args)
            case "cond":
                return max(self.text(e.args[1], scope), self.text(e.args[2], scope))
            case "let":
                return self.text(e.args[1], {**scope, str(e.value): self.bound(e.args[0], scope)})
            case "fn":
                return self.call(e, scope, self.text, MAX_TEXT)
            case "at" | "get" if _is_texts(e.args[0].type):
                return self.texts(e.args[0], scope).chars
            case "at" if e.args[0].type.kind == "str":
                return 1
            case "call":
                return self.text_call(e, scope)
            case "quant":
                return self.text_quant(e, scope)
        return MAX_TEXT

    def text_call(self, e: Expr, scope: Scope) -> int:
        match e.name:
            case "upper" | "lower":
                return self.case_growth * self.text(e.args[0], scope)
            case "trim":
                return self.text(e.args[0], scope)
            case "octal":
                return OCTAL_WIDTH
            case "human":
                return HUMAN_WIDTH
            case "join":
                return self.joined(e.args[0], scope, self.text(e.args[1], scope) if len(e.args) > 1 else DEFAULT_SEP)
            case "top" if _is_texts(e.args[0].type):
                return self.texts(e.args[0], scope).chars
            case "pad" | "lpad" | "zpad":
                width = self.ints(e.args[1], scope)
                return max(self.render(e.args[0], scope), MAX_TEXT if width is None else min(width[1], MAX_TEXT))
            case "replace":
                return self.replaced(e, scope)
        return MAX_TEXT

    def replaced(self, e: Expr, scope: Scope) -> int:
        """Each ``old`` found may grow by what ``new`` adds; the runtime refuses more than MAX_TEXT."""
        text, old = self.text(e.args[0], scope), e.args[1]
        if old.op != "lit" or not old.value:
            return max(text, MAX_TEXT)
        grown = text + text // len(str(old.value)) * max(self.text(e.args[2], scope) - len(str(old.value)), 0)
        return max(text, min(grown, MAX_TEXT))

    def text_quant(self, e: Expr, scope: Scope) -> int:
        count, item = self.domain(e.args[0], scope)
        inner = {**scope, str(e.value): item}
        match e.name:
            case "join":
                sep = self.text(e.args[2], scope)
                return count * self.render(e.args[1], inner) + sep * max(count - 1, 0)
            case "eachf":
                return max(count * (self.render(e.args[1], inner) + DEFAULT_SEP), len(EMPTY_SET))
            case "each":
                label = self.local_shown(e.args[0].type.elem, item)
                return max(count * (label + 1 + self.render(e.args[1], inner) + DEFAULT_SEP), len(EMPTY_SET))
        return MAX_TEXT

    def local_shown(self, t: Type | None, item: Local) -> int:
        if isinstance(item, Texts):
            return item.chars
        return INT_WIDTH if t is None else self.shown(t, {})

    def call(self, e: Expr, scope: Scope, bound: Any, unknown: Any) -> Any:
        """A ``def``'s body bounded with its arguments' bounds (``unknown`` if it recurses)."""
        f = self.functions.get(str(e.name))
        if f is None or f.name in self._calling:
            return unknown
        inner = {p.name: self.bound(a, scope) for p, a in zip(f.params, e.args)}
        self._calling.add(f.name)
        try:
            return bound(f.body, inner)
        finally:
            self._calling.discard(f.name)

    # ------------------------------------------------------------------------------ lists and sets
    def texts(self, e: Expr, scope: Scope) -> Texts:
        """Bounds of a list of text (``split``, ``lines``, ``letters``, literals, content)."""
        match e.op:
            case "call" if e.name in ("split", "lines", "letters"):
                n = self.render(e.args[0], scope)
                return Texts(n + 1, n)
            case "call" if e.name == "push":
                return self.texts(e.args[0], scope) + Texts(1, self.text(e.args[1], scope))
            case "lslice":
                return self.texts(e.args[0], scope)
            case "call" | "quant" if e.name in SAME_LENGTH or e.name == "filter":
                return self.texts(e.args[0], scope)
            case "listlit":
                return Texts(len(e.args), sum(self.text(a, scope) for a in e.args))
            case "lconcat":
                return self.texts(e.args[0], scope) + self.texts(e.args[1], scope)
            case "cond":
                return self.texts(e.args[1], scope).most(self.texts(e.args[2], scope))
            case "local" | "arg":
                found = scope.get(str(e.name))
                return found if isinstance(found, Texts) else UNKNOWN
            case "const":
                return self.texts(self.consts[str(e.name)], {}) if e.name in self.consts else UNKNOWN
            case "let":
                return self.texts(e.args[1], {**scope, str(e.value): self.bound(e.args[0], scope)})
            case "fn":
                return self.call(e, scope, self.texts, UNKNOWN)
            case "content":
                return self.content_texts(e)
        return UNKNOWN

    def content_texts(self, e: Expr) -> Texts:
        """The largest list of text a content path holds, whichever items its indices pick."""
        values = [self.content]
        for part in str(e.value).replace("[]", ".[]").split("."):
            values = [v for x in values for v in x] if part == "[]" else [x[part] for x in values]
        for _ in e.args:
            values = [v for x in values for v in x]
        found = Texts(0, 0)
        for v in values:
            found = found.most(Texts(len(v), sum(map(len, v))))
        return found

    def joined(self, e: Expr, scope: Scope, sep: int) -> int:
        """A set or list as text: its items between separators, or "nothing"."""
        if _is_texts(e.type):
            return self.texts(e, scope).joined(sep)  # an empty list of text shows as ""
        count, item = self.domain(e, scope)
        return max(count * (self.local_shown(e.type.elem, item) + sep), len(EMPTY_SET))

    def domain(self, e: Expr, scope: Scope) -> tuple[int, Local]:
        """How many items a quantifier or loop over ``e`` sees, and what each item carries."""
        if _is_texts(e.type):
            texts = self.texts(e, scope)
            return texts.items, texts.chars
        match e.op:
            case "span":
                lo, hi = self.ints(e.args[0], scope), self.ints(e.args[1], scope)
                if lo is None or hi is None:
                    return MAX_TEXT, None
                return max(hi[1] - lo[0] + 1, 0), (lo[0], hi[1])
            case "const" if e.name in self.consts:
                return self.domain(self.consts[str(e.name)], {})
            case "fn":
                return self.call(e, scope, self.domain, (MAX_TEXT, None))
            case "cond":
                (a, x), (b, y) = self.domain(e.args[1], scope), self.domain(e.args[2], scope)
                return max(a, b), x if x == y else None
            case "listlit" | "setlit":
                return len(e.args), None
            case "gen" if e.name == "sample":
                count = self.ints(e.args[1], scope)
                return (MAX_TEXT if count is None else count[1]), None
            case "quant" | "call" | "lslice" if e.op == "lslice" or e.name in (*SAME_LENGTH, "filter"):
                return self.domain(e.args[0], scope)
        return self.count(e.type, scope), None

    def count(self, t: Type, scope: Scope) -> int:
        """The most items a set or list of type ``t`` holds: a set has each value once, a list
        what its declared size allows."""
        if t.kind == "list":
            size = None if t.size is None else self.ints(t.size, scope)
            return MAX_TEXT if size is None else size[1]
        elem = t.elem
        if elem is not None and elem.kind in ("entity", "enum"):
            return len(self.names.get((elem.kind, str(elem.name)), []))
        span = None if elem is None else self.ints_of_type(elem, scope)
        return MAX_TEXT if span is None else span[1] - span[0] + 1

    # ------------------------------------------------------------------------------ ints
    def ints(self, e: Expr, scope: Scope) -> Span | None:
        """The range of an int expression, where params, literals and declared ranges give it."""
        match e.op:
            case "lit" if isinstance(e.value, int):
                return e.value, e.value
            case "param" if isinstance(self.params.get(str(e.name)), int):
                v = self.params[str(e.name)]
                return v, v
            case "local":
                found = scope.get(str(e.name))
                if isinstance(found, tuple):
                    return found
            case "neg":
                inner = self.ints(e.args[0], scope)
                return None if inner is None else (-inner[1], -inner[0])
            case "call" if e.name in ("count", "len") and e.args[0].type.kind in ("set", "list"):
                return 0, self.domain(e.args[0], scope)[0]
            case "quant" if e.name == "count":
                return 0, self.domain(e.args[0], scope)[0]
            case "arith" if e.name in ("+", "-", "*"):
                a, b = self.ints(e.args[0], scope), self.ints(e.args[1], scope)
                if a is not None and b is not None:
                    ends = [_apply(str(e.name), x, y) for x in a for y in b]
                    return min(ends), max(ends)
        return self.ints_of_type(e.type, scope)

    def ints_of_type(self, t: Type, scope: Scope) -> Span | None:
        if t.kind != "int" or t.lo is None or t.hi is None:
            return None
        lo, hi = self.ints(t.lo, scope), self.ints(t.hi, scope)
        return None if lo is None or hi is None else (lo[0], hi[1])


def _is_texts(t: Type) -> bool:
    return t.kind == "list" and t.elem is not None and t.elem.kind == "str"


def _apply(op: str, x: int, y: int) -> int:
    return x + y if op == "+" else x - y if op == "-" else x * y
