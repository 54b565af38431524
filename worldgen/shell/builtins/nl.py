"""nl: number lines (-b a|t|n which lines, -n ln|rn|rz the format, -w width, -s separator,
-v first number, -i increment), GNU style: unnumbered lines are indented to match."""

from __future__ import annotations

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import INT32_MAX, INTMAX, REQUIRED, OptionError, Spec, ascii_digits, integer, parse, usage_error
from worldgen.shell.builtins.textio import inputs, lines

SPEC = Spec("b:n:w:s:v:i:", {
    "body-numbering": ("b", REQUIRED), "number-format": ("n", REQUIRED), "number-width": ("w", REQUIRED),
    "number-separator": ("s", REQUIRED), "starting-line-number": ("v", REQUIRED), "line-increment": ("i", REQUIRED),
})
STYLES = {"a", "t", "n"}
FORMATS = {"ln": str.ljust, "rn": str.rjust, "rz": str.zfill}


def nl(call: Call) -> int:
    try:
        opts, files = parse(call.argv[1:], SPEC)
    except OptionError as err:
        return usage_error(call, str(err))
    given = {k: v or "" for k, v in opts}
    style, fmt, sep = given.get("b", "t"), given.get("n", "rn"), given.get("s", "\t")
    if style not in STYLES:
        return usage_error(call, f"invalid body numbering style: {call.quote(style)}")
    if fmt not in FORMATS:
        return usage_error(call, f"invalid line numbering format: {call.quote(fmt)}")
    numbers = {}
    for key, default, what, top in (("w", 6, "line number field width", INT32_MAX), ("v", 1, "starting line number", INTMAX),
                                    ("i", 1, "line number increment", INTMAX)):  # what GNU reads each into
        value = given.get(key, str(default))
        if not ascii_digits(value.lstrip("-")) or (key == "w" and integer(value) < 1):
            call.err(f"invalid {what}: '{value}'")
            return 1
        numbers[key] = integer(value)
        if not -INTMAX - 1 <= numbers[key] <= top:
            call.err(f"invalid {what}: '{value}': Value too large for defined data type")
            return 1
    width, number, step = numbers["w"], numbers["v"], numbers["i"]
    pad = FORMATS[fmt]
    status = 0
    for _, text in inputs(call, files):
        if text is None:
            status = 1
            continue
        for line in lines(text):
            if style == "a" or (style == "t" and line):
                call.out(f"{pad(str(number), width)}{sep}{line}\n")
                number += step
            else:
                call.out(f"{' ' * (width + len(sep))}{line}\n")
    return status


COMMANDS = {"nl": nl}
