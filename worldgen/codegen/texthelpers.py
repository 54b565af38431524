"""Functions the generated code calls for text: padding, replacing, splitting, sizes.

The functions that can make text longer than what they are given (pad, lpad, zpad, replace)
refuse to build more than ``MAX_TEXT`` characters with a RuleError: the step is refused and the
model checker reports it, where a huge width would otherwise take the memory of the process. A
``def`` whose value is text refuses more than ``MAX_DEF_TEXT``: joining is bounded by its parts,
but defs that join each other's text double it at each level (``"{t()}{t()}"`` 40 deep).
"""

from __future__ import annotations

from worldgen.codegen.names import RuleError
from worldgen.ir.limits import MAX_DEF_TEXT, MAX_TEXT

UNITS = "KMGTPE"  # 1024^1 .. 1024^6: an int of 64 bits is below 8E


def _width(width: int) -> int:
    if width > MAX_TEXT:
        raise RuleError(f"a width of {width} is more than the {MAX_TEXT} characters text may have")
    return width


def _tpad(text: str, width: int) -> str:
    return text.ljust(_width(width))


def _tlpad(text: str, width: int) -> str:
    return text.rjust(_width(width))


def _tzpad(n: int, width: int) -> str:
    """Leading zeros after the sign, as printf's %0*d: zpad(-5, 3) is -05."""
    sign = "-" if n < 0 else ""
    return sign + str(abs(n)).rjust(_width(width) - len(sign), "0")


def _treplace(text: str, old: str, new: str) -> str:
    """Every ``old`` replaced; an empty ``old`` occurs nowhere (the text is returned as it is)."""
    if not old:
        return text
    found = text.count(old)
    if found and len(text) + found * (len(new) - len(old)) > MAX_TEXT:
        raise RuleError(f"replace would make text longer than {MAX_TEXT} characters")
    return text.replace(old, new)


def _tdef(text: str, name: str) -> str:
    """The text a def returns, if it is not over ``MAX_DEF_TEXT`` characters."""
    if len(text) > MAX_DEF_TEXT:
        raise RuleError(f"{name}() would return {len(text):,} characters of text, more than the {MAX_DEF_TEXT:,} a def may")
    return text


def _tsplit(text: str, sep: str) -> tuple[str, ...]:
    """The fields between each ``sep`` (as ``cut -d`` sees them); an empty ``sep`` splits the
    text into its characters."""
    return tuple(text.split(sep)) if sep else tuple(text)


def _tlines(text: str) -> tuple[str, ...]:
    """The lines of a text: a final line break ends the last line, it does not start another."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return tuple(lines)


def _thuman(n: int) -> str:
    """A size in bytes as GNU ``ls -h`` and ``df -h`` show it: powers of 1024, rounded up, one
    decimal below 10 (1025 -> 1.1K, 10239 -> 10K, 1048575 -> 1.0M)."""
    if n < 0:
        return "-" + _thuman(-n)
    if n < 1024:
        return str(n)
    unit, scale = 0, 1024
    while n >= scale * 1024:
        unit, scale = unit + 1, scale * 1024
    tenths = -(-n * 10 // scale)
    if tenths < 100:
        return f"{tenths // 10}.{tenths % 10}{UNITS[unit]}"
    whole = -(-n // scale)
    return f"{whole}{UNITS[unit]}" if whole < 1024 else f"1.0{UNITS[unit + 1]}"


TEXT_HELPERS = {f.__name__: f for f in (_tpad, _tlpad, _tzpad, _treplace, _tdef, _tsplit, _tlines, _thuman)}
