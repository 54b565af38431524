"""What text a world can print and accept: the characters and the longest strings.

Gymnasium's ``Text`` spaces need a finite charset and a maximum length, and its default charset
is alphanumeric only, so a world's spaces are computed from the world itself:

* charset: ASCII letters, digits, punctuation, space and newline (numbers, separators and
  whatever an agent types), plus every character of every string in the world (templates,
  content, names) in both cases, since commands are matched case-insensitively;
* observation length: an upper bound from the effective rules (axes applied): each template's
  literal text plus the longest rendering of each of its holes, for the reset text, a step's
  messages plus observation, and the episode-over text;
* command length: the longest phrasing of any action with its longest arguments.

The bounds assume integers shown in text fit in 64 bits (20 characters).

A terminal world prints whatever its shell does and takes any line, so its spaces are
``ShellText`` (``adapters/shelltext.py``): any characters, up to the shell's caps (what one line
may show beside the world's own text; the longest line it takes); the bounds above are then what
``sample`` draws.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from gymnasium.spaces import Text

from worldgen.adapters.shelltext import ShellText
from worldgen.ir.axes import apply_axes
from worldgen.ir.limits import MAX_TEXT
from worldgen.ir.models import Action, Expr, Scaffold, Stmt, Template, Type
from worldgen.ir.patterns import parts, tokens
from worldgen.ir.world import World
from worldgen.runtime.env import OVER
from worldgen.shell.limits import MAX_LINE
from worldgen.terminal.episode import MAX_SHOWN

BASE_CHARSET = frozenset(string.ascii_letters + string.digits + string.punctuation + " \n")
INT_WIDTH = 20  # len(str(-2**63))
EMPTY_SET = "nothing"  # how the renderer shows an empty set
GROWING = ("pad", "lpad", "zpad", "replace")  # text functions whose result is bounded by MAX_TEXT alone


@dataclass(frozen=True)
class TextBounds:
    charset: frozenset[str]
    max_observation: int
    max_command: int
    shell: bool = False  # a terminal world (or a suite with one): its shell prints and takes any text

    def union(self, other: TextBounds) -> TextBounds:
        """Bounds covering both (a suite's spaces cover all of its worlds)."""
        return TextBounds(self.charset | other.charset, max(self.max_observation, other.max_observation),
                          max(self.max_command, other.max_command), self.shell or other.shell)

    def observation_space(self) -> Text:
        if self.shell:  # the line's output and hook messages, a newline, then the world's own text
            return ShellText(MAX_SHOWN + 1 + self.max_observation, charset=self.charset, sample_length=self.max_observation)
        return Text(self.max_observation, min_length=0, charset=self.charset)

    def action_space(self) -> Text:
        if self.shell:
            return ShellText(MAX_LINE, charset=self.charset, sample_length=self.max_command)
        return Text(self.max_command, min_length=0, charset=self.charset)


def text_bounds(world: World) -> TextBounds:
    strings = list(_strings(world.model_dump(mode="json")))
    charset = set(BASE_CHARSET)
    for s in strings:
        for c in s:
            charset.update(ch for ch in (c, c.lower(), c.upper()) if len(ch) == 1)
    lengths = _Lengths(world, max(map(len, strings), default=0))
    return TextBounds(frozenset(charset), lengths.observation(), lengths.command(), world.scaffold.terminal is not None)


def _strings(data: Any) -> Iterator[str]:
    """Every string value in JSON data (keys are field names, never shown)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


class _Lengths:
    """Upper bounds on rendered lengths for one world's effective rules."""

    def __init__(self, world: World, longest_string: int):
        self.rules: Scaffold = apply_axes(world.scaffold, world.axes)
        self.names = {("entity", k): v for k, v in world.entities.items()}
        self.names.update({("enum", e.name): list(e.members) for e in world.scaffold.enums})
        self.longest_string = longest_string

    def observation(self) -> int:
        r = self.rules
        observe = self.template(r.observe)
        reset = self.template(r.instruction) + 2 + observe  # instruction, blank line, observation
        messages = [self.template(r.invalid)]
        for action in r.actions:
            messages.append(self.says(action.body))
            messages.extend(self.template(g.message) for g in action.guards if g.message is not None)
        return max(reset, max(messages) + 1 + observe, len(OVER))

    def command(self) -> int:
        return max((self.pattern(a, p) for a in self.rules.actions for p in a.patterns), default=1)

    def pattern(self, action: Action, pattern: str) -> int:
        params = {p.name: p.type for p in action.params}
        words = [sum(self.value(params[w]) if k == "arg" else len(w) for k, w in parts(tok)) for tok in tokens(pattern)]
        return sum(words) + max(len(words) - 1, 0)

    def says(self, body: Iterable[Stmt]) -> int:
        """Every say of an effect may run (branches counted both ways), one message per line."""
        total = 0
        for st in body:
            if st.kind == "say" and st.template is not None:
                total += self.template(st.template) + 1
            total += self.says(st.then) + self.says(st.otherwise)
        return total

    def template(self, t: Template) -> int:
        return sum(len(p.text or "") if p.expr is None else self.expr(p.expr) for p in t.parts)

    def expr(self, e: Expr) -> int:
        """The longest text the renderer can make of an expression's value."""
        if e.type.kind != "str":
            return self.value(e.type)
        if e.op == "cond":
            return max(self.expr(e.args[1]), self.expr(e.args[2]))
        if e.op == "call" and e.name in GROWING:
            return MAX_TEXT
        if e.op == "call" and e.name == "join":
            sep = self.expr(e.args[1]) if len(e.args) > 1 else 2
            return self.joined(e.args[0].type, lambda name: name, sep)
        if e.op == "quant" and e.name == "each":
            shown = self.expr(e.args[1])
            return self.joined(e.args[0].type, lambda name: name + 1 + shown, 2)
        return self.longest_string

    def value(self, t: Type) -> int:
        match t.kind:
            case "bool":
                return max(len("yes"), len("false"))  # "yes"/"no" in text, "true"/"false" in commands
            case "entity" | "enum":
                return max(map(len, self.names.get((t.kind, str(t.name)), [])), default=0)
            case "set" | "list":
                return self.joined(t, lambda name: name, 2)
            case "str":  # content text, or what the agent types for a `word`/`text` argument (quoted)
                return self.longest_string + 2
        return INT_WIDTH

    def joined(self, t: Type, item: Any, sep: int) -> int:
        elem = t.elem
        if elem is not None and elem.kind == "str":  # split or lines of a text: at most its characters, sep between them
            return (1 + sep) * self.longest_string
        names = self.names.get((elem.kind, str(elem.name)), []) if elem is not None else []
        total = sum(item(len(n)) for n in names) + sep * max(len(names) - 1, 0)
        return max(total, len(EMPTY_SET))
