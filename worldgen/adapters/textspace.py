"""What text a world can print and accept: the characters and the longest strings.

Gymnasium's ``Text`` spaces need a finite charset and a maximum length, and its default charset
is alphanumeric only, so a world's spaces are computed from the world itself:

* charset: ASCII letters, digits, punctuation, space and newline (numbers, separators and
  whatever an agent types), plus every character of every string in the world (templates,
  content, names) in both cases, since commands are matched case-insensitively;
* observation length: an upper bound from the effective rules (axes applied): each template's
  literal text plus the longest rendering of each of its holes (``adapters/textlengths.py``
  follows every expression, ``def`` calls included), for the reset text, a step's messages plus
  observation, and the episode-over text;
* command length: the longest phrasing of any action with its longest arguments.

A terminal world prints whatever its shell does and takes any line, so its spaces are
``ShellText`` (``adapters/shelltext.py``): any characters, up to the shell's caps (what one line
may show beside the world's own text; the longest line it takes); the bounds above are then what
``sample`` draws.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from gymnasium.spaces import Text

from worldgen.adapters.shelltext import ShellText
from worldgen.adapters.textlengths import Lengths
from worldgen.ir.world import World
from worldgen.shell.limits import MAX_LINE
from worldgen.terminal.episode import MAX_SHOWN

BASE_CHARSET = frozenset(string.ascii_letters + string.digits + string.punctuation + " \n")


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
    lengths = Lengths(world, max(map(len, strings), default=0), charset)
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
