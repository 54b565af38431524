"""Reading one command out of a language model's reply.

Models wrap commands in code fences, quotes, prompts (``> go north``), bullets, trailing full
stops or a sentence ("I will take the key."). A reply line that is exactly a command the world
knows wins; failing that, the longest known command found inside the reply (earliest first); failing
that, the first non-empty cleaned line is sent as is and the world answers with its invalid
message, which is the honest outcome of an unparseable reply.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from worldgen.ir.patterns import normalize

_THINK = re.compile(r"<think>.*?(</think>|\Z)", re.S | re.I)  # reasoning blocks some servers print
_PREFIX = re.compile(r"^(?:[>$#]\s*|[-*•]\s+|\d+[.)]\s+|(?:command|action|answer)\s*:\s*)+", re.I)
_QUOTES = "`'\"“”‘’*"
# punctuation around a command inside a sentence ("Let me try `go hall`."); an apostrophe inside a
# word ("king's key") stays
_AROUND = re.compile(r"[`\"“”*,;:!?()\[\]]|(?<!\w)['‘’]|['‘’](?!\w)|\.(?=\s|$)")


def clean(line: str) -> str:
    """A reply line without fences, prompt markers, bullets, quotes or a final full stop."""
    line = line.strip()
    if line.startswith("```"):
        return ""
    line = _PREFIX.sub("", line).strip()
    for _ in range(2):  # quotes around a full stop, or a full stop around quotes
        line = line.rstrip(".!").rstrip() if line[-1:] not in _QUOTES else line
        if len(line) > 1 and line[0] in _QUOTES and line[-1] in _QUOTES:
            line = line[1:-1].strip()  # one pair around the whole reply; inner ones are arguments
    line = line.rstrip(".!").rstrip() if line[-1:] not in _QUOTES else line
    return line


def parse_command(reply: str, known: Collection[str]) -> str:
    """The command to send for ``reply``; ``known`` holds the world's normalised commands."""
    if reply in known or ("\n" not in reply and normalize(reply) in known):  # a bare command, as tool calls send them
        return reply.strip()
    lines = [c for c in (clean(line) for line in _THINK.sub("", reply).splitlines()) if c]
    for line in lines:
        if normalize(line) in known:
            return line
    text = " " + normalize(_AROUND.sub(" ", " ".join(lines))) + " "
    found = [(text.find(f" {cmd} "), -len(cmd), cmd) for cmd in known if f" {cmd} " in text]
    if found:
        return min(found)[2]
    return lines[0] if lines else ""
