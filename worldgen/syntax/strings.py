"""Triple-quoted strings: text over several lines, written indented like the code around it."""

from __future__ import annotations


def indentation(raw: str) -> int:
    """The margin of a triple-quoted string: the least indentation of its non-blank lines after
    the first (the source's indentation, which the text does not mean)."""
    lines = raw.split("\n")[1:]
    widths = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
    return min(widths, default=0)


def dedent_piece(text: str, offset: int, margin: int) -> str:
    """A triple-quoted string's text piece without the margin after each newline, without the
    newline right after the opening quotes and without the blank line before the closing ones."""
    lines = text.split("\n")
    for i in range(1, len(lines)):
        lines[i] = lines[i][margin:] if lines[i][:margin].strip() == "" else lines[i].lstrip(" ")
    out = "\n".join(lines)
    if offset == 0 and out.startswith("\n"):
        out = out[1:]
    return out


def dedent_value(raw: str) -> str:
    """The raw text of a whole triple-quoted string with its margin removed (no holes involved)."""
    out = dedent_piece(raw, 0, indentation(raw))
    return out[: len(out) - len(out.split("\n")[-1])] if out.split("\n")[-1].strip() == "" and "\n" in out else out
