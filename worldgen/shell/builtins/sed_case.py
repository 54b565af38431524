"""GNU sed's case conversion in an ``s`` command's replacement: ``\\U`` and ``\\L`` turn what
follows (literal text and group references alike) to upper or lower case until ``\\E`` or the
other one; ``\\u`` and ``\\l`` turn only the next character, on top of either
(``s/.*/\\L\\u&/`` capitalises a word) unless ``\\U``, ``\\L`` or ``\\E`` follows them before any
text. Letters are ASCII's, as in the C locale."""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.shell.builtins.bytewise import ascii_lower, ascii_upper

OPS = frozenset("ULulE")


@dataclass(frozen=True, slots=True)
class CaseOp:
    """One of ``\\U \\L \\u \\l \\E`` in a replacement, where it was written."""

    op: str


def cased(parts: list[str | int | CaseOp], group) -> str:  # group: (int) -> str | None
    """The replacement text of one match: ``parts`` with each group read by ``group``."""
    out: list[str] = []
    mode = ""  # "U", "L" or none
    once = ""  # "u", "l" or none: the next character
    for p in parts:
        if type(p) is CaseOp:
            if p.op in "ul":
                once = p.op
            else:  # and a one-shot not yet used is dropped, as GNU drops it (`\l\U&` is all upper)
                mode, once = ("" if p.op == "E" else p.op), ""
            continue
        text = p if type(p) is str else (group(p) or "")
        if mode:
            text = ascii_upper(text) if mode == "U" else ascii_lower(text)
        if once and text:
            text = (ascii_upper if once == "u" else ascii_lower)(text[0]) + text[1:]
            once = ""
        out.append(text)
    return "".join(out)
