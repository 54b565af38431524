"""A line left unfinished while typing (``do n =``, ``when n <``): the parser reads the next
line's first word as the missing operand and stumbles on its second, so the error it reports
points at a correct line. Seen from the text, the mistake is the line before; say so there."""

from __future__ import annotations

import re

from worldgen.errors import Span

# what a clause line starts with (the word the parser took for the missing operand)
_CLAUSE_WORDS = frozenset({"do", "when", "say", "let", "reward", "done", "fail", "observe", "action",
                           "def", "state", "invariant", "horizon"})
# what an expression cannot end with: a binary operator, an opening bracket, a comma
_DANGLING = re.compile(r"(==|!=|<=|>=|\+=|-=|[=<>+\-*/%,(\[{]|\b(?:and|or|not|in|then|else|if))\s*$")
_COMMENT = re.compile(r"\s*#.*$")


def unfinished(text: str, line: int, col: int) -> tuple[Span, str] | None:
    """(where, message) when the token at ``line``:``col`` is the second word of a clause line
    that follows a line ending in an operator; None otherwise."""
    lines = text.split("\n")
    current = lines[line - 1] if 0 < line <= len(lines) else ""
    words = current[:col - 1].split()
    if len(words) != 1 or words[0] not in _CLAUSE_WORDS:
        return None
    before = line - 2
    while before >= 0 and not _COMMENT.sub("", lines[before]).strip():
        before -= 1
    if before < 0:
        return None
    shown = _COMMENT.sub("", lines[before]).rstrip()
    dangling = _DANGLING.search(shown)
    if dangling is None:
        return None
    return (Span(before + 1, len(shown) + 1),
            f"this line ends before its expression does: something must follow '{dangling.group(1)}'")
