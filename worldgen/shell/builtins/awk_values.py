"""awk's values: numbers, strings, and the numeric strings that come from input.

A value is a ``float``, a ``str`` (a string constant or the result of string operations), or a
``StrNum``: text read from input (fields, ``split``, ``-v``) that looks like a number, which
compares numerically as POSIX says. An uninitialised variable is ``UNINIT``, a StrNum that is
both "" and 0. Numbers become text through CONVFMT (OFMT for ``print``), integers as integers.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from worldgen.shell import limits
from worldgen.shell.budget import charge
from worldgen.shell.builtins.options import ascii_digits, integer


class AwkError(Exception):
    """A run-time error: ``str(err)`` follows ``awk: ``; the exit status is 2."""


class StrNum:
    """Input text that looks numeric: compares as a number, prints as its own text."""

    __slots__ = ("s", "n")

    def __init__(self, s: str, n: float):
        self.s = s
        self.n = n


Value = float | str | StrNum
UNINIT = StrNum("", 0.0)
_NUMERIC = re.compile(r"[ \t\n]*[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?[ \t\n]*\Z")
_PREFIX = re.compile(r"[ \t\n\r\f\v]*([-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)")
EXACT = 2.0 ** 53  # integral values below this print as integers


def input_value(text: str) -> str | StrNum:
    """Text from input: a StrNum when it looks like a number."""
    if text and _NUMERIC.match(text):
        return StrNum(text, float(text))
    return text


def num(v: Value) -> float:
    t = type(v)
    if t is float:
        return v  # type: ignore[return-value]
    if t is StrNum:
        return v.n  # type: ignore[union-attr]
    m = _PREFIX.match(v)  # type: ignore[arg-type]
    return float(m.group(1)) if m else 0.0


def text(v: Value, fmt: str = "%.6g") -> str:
    t = type(v)
    if t is str:
        return v  # type: ignore[return-value]
    if t is StrNum:
        return v.s  # type: ignore[union-attr]
    return number_text(v, fmt)  # type: ignore[arg-type]


def number_text(x: float, fmt: str) -> str:
    if x.is_integer() and -EXACT <= x <= EXACT:
        return str(int(x))
    if x != x:
        return "nan" if math.copysign(1, x) > 0 else "-nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if fmt == "%.6g":
        return "%.6g" % x
    return sprintf(fmt, [x], fmt)


def truth(v: Value) -> bool:
    t = type(v)
    if t is float:
        return v != 0.0
    if t is StrNum:
        return v.n != 0.0  # type: ignore[union-attr]
    return v != ""


def compare(a: Value, b: Value, convfmt: str) -> int:
    """-1, 0 or 1: numerically when neither side is a plain string, else as strings."""
    if type(a) is not str and type(b) is not str:
        x, y = num(a), num(b)
    else:
        x, y = text(a, convfmt), text(b, convfmt)  # type: ignore[assignment]
        charge(min(len(x), len(y)))  # type: ignore[arg-type]  # `s == t` on long texts in a loop
    return (x > y) - (x < y)  # type: ignore[operator]


# ---------------------------------------------------------------- printf
_SPEC = re.compile(r"%([-+ #0]*)(\*|[0-9]*)(?:\.(\*|[0-9]*))?(.?)", re.S)
_INTS = "dioxXuc"


@lru_cache(maxsize=256)
def _compile(fmt: str) -> tuple[str | tuple[str, str, str | None, str], ...]:
    """The format as literal texts and (flags, width, precision, conversion) specs."""
    items: list[str | tuple[str, str, str | None, str]] = []
    pos = 0
    for m in _SPEC.finditer(fmt):
        if m.start() > pos:
            items.append(fmt[pos:m.start()])
        pos = m.end()
        flags, width, precision, conv = m.groups()
        if conv == "%" and not flags and not width and precision is None:
            items.append("%")
        elif conv and conv in "diouxXceEfFgGs":
            items.append((flags, width, precision, conv))
        else:
            items.append(m.group())  # not a conversion: printed as it stands
    if pos < len(fmt):
        items.append(fmt[pos:])
    return tuple(items)


def _size(given: str | None, args: list[Value], used: list[int]) -> str:
    if given != "*":
        size = given or ""
    else:
        size = str(int(num(args[used[0]]))) if used[0] < len(args) else "0"
        used[0] += 1
    if ascii_digits(size.lstrip("-")) and integer(size.lstrip("-")) > limits.MAX_OUTPUT:
        raise AwkError(f"printf: field width {size} is more than the {limits.MAX_OUTPUT:,} characters a line may print")
    return size


def sprintf(fmt: str, args: list[Value], convfmt: str = "%.6g") -> str:
    """awk's sprintf: C conversions over awk values; missing arguments are "" / 0."""
    out: list[str] = []
    used = [0]
    for item in _compile(fmt):
        piece = item if type(item) is str else _convert(item, args, used, convfmt)  # type: ignore[arg-type]
        charge(len(piece))  # made one at a time: 1,500 conversions of 1 MiB each never pile up
        out.append(piece)  # type: ignore[arg-type]
    return "".join(out)


def _convert(spec: tuple[str, str, str | None, str], args: list[Value], used: list[int], convfmt: str) -> str:
    """One conversion of the next argument (``used[0]`` counts those taken)."""
    flags, width, precision, conv = spec
    w = _size(width, args, used)
    if w.startswith("-"):
        flags, w = flags + "-", w[1:]
    p = None if precision is None else _size(precision, args, used)
    prec = "" if p is None else "." + ("" if p.startswith("-") else p)
    arg = args[used[0]] if used[0] < len(args) else UNINIT
    used[0] += 1
    if conv == "c":
        if type(arg) is float:
            code = int(arg) if math.isfinite(arg) else 0  # type: ignore[arg-type]
            body = chr(code) if 0 <= code <= 0x10FFFF else ""
        else:
            body = text(arg, convfmt)[:1]
        return ("%" + flags.replace("0", "") + w + "s") % body
    if conv == "s":
        return ("%" + flags + w + prec + "s") % text(arg, convfmt)
    x = num(arg)
    if conv in _INTS:
        if not math.isfinite(x):
            return ("%" + flags + w + "s") % number_text(x, convfmt)
        value = int(x)
        if conv in "ouxX" and value < 0:
            value += 1 << 64
        return ("%" + flags + w + prec + ("d" if conv in "iu" else conv)) % value
    return ("%" + flags + w + prec + conv) % x
