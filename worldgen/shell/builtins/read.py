"""``read [-r] [NAME...]``: one line of the standard input into variables, as bash splits it.

The interpreter runs it (``Shell._read``): it needs the session's variables and, inside a
``while read`` loop, takes its line from the loop's input, leaving the rest for the next round
(shell/compound.py). Without ``-r`` a backslash escapes the next character and a backslash at
the end of a line joins the next one. The line is split on ``IFS`` (blank characters by
default: leading and trailing ones dropped), the last name taking the rest of the line; with no
name the whole line goes to ``REPLY``, as read. At the end of the input the status is 1, even
when a last line without a newline was read. ``-p`` prompts go nowhere (the input is no
terminal); other options (``-a``, ``-d``, ``-n``, ``-t``) are outside the subset."""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.shell.builtins.core import IDENTIFIER

DEFAULT_IFS = " \t\n"


@dataclass(frozen=True)
class Read:
    status: int
    consumed: int  # characters of the input taken
    values: dict[str, str]  # variable -> value to set
    error: str | None = None  # bash's message (status 1 or 2), nothing set


def read(argv: list[str], text: str, ifs: str | None) -> Read:
    raw, names, i = False, [], 1
    while i < len(argv) and argv[i].startswith("-") and argv[i] != "-":
        if argv[i] == "--":
            i += 1
            break
        for j, flag in enumerate(argv[i][1:]):
            if flag == "r":
                raw = True
            elif flag == "p":
                i += 0 if argv[i][j + 2:] else 1  # the prompt: its own word or the rest of this one
                break
            elif flag in "s":
                continue
            else:
                return Read(2, 0, {}, f"worldgen shell: read -{flag} is not supported in this world")
        i += 1
    names = argv[i:]
    bad = next((n for n in names if not IDENTIFIER.fullmatch(n)), None)
    if bad is not None:
        return Read(1, 0, {}, f"bash: read: `{bad}': not a valid identifier")
    line, consumed, complete = _line(text, raw)
    ifs = DEFAULT_IFS if ifs is None else ifs
    values = {"REPLY": line} if not names else _split(line, names, ifs)
    return Read(0 if complete else 1, consumed, values)


def _line(text: str, raw: bool) -> tuple[str, int, bool]:
    """(the line, characters taken, whether a newline ended it)."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            return "".join(out), i + 1, True
        if c == "\\" and not raw and i + 1 < n:
            if text[i + 1] != "\n":  # backslash-newline joins the next line
                out.append(text[i + 1])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out), n, False


def _split(line: str, names: list[str], ifs: str) -> dict[str, str]:
    """Fields for all names but the last, which takes the rest: IFS blanks around a field are
    dropped, and one other IFS character (``:``) ends a field."""
    white = {c for c in ifs if c in DEFAULT_IFS}
    other = set(ifs) - white
    i, n = 0, len(line)
    while i < n and line[i] in white:
        i += 1
    values: dict[str, str] = {}
    for name in names[:-1]:
        start = i
        while i < n and line[i] not in white and line[i] not in other:
            i += 1
        values[name] = line[start:i]
        while i < n and line[i] in white:
            i += 1
        if i < n and line[i] in other:
            i += 1
            while i < n and line[i] in white:
                i += 1
    end = n
    while end > i and line[end - 1] in white:
        end -= 1
    values[names[-1]] = line[i:end]
    return values
