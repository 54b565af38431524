"""``printf``, as bash's built-in: ``%s %b %c %d %i %u %o %x %X %e %f %g %%`` with flags, widths
(``*`` too) and precisions, escapes in the format, the format used again while arguments remain,
and bash's words for bad numbers (``bash: printf: x: invalid number``: 0 is used, status 1)."""

from __future__ import annotations

import re
from functools import lru_cache

from worldgen.shell import limits
from worldgen.shell.builtins.base import Builtin, Call
from worldgen.shell.builtins.bytewise import bytewise
from worldgen.shell.builtins.options import ascii_digits, integer
from worldgen.shell.escapes import FORMAT, PERCENT_B, decode

_SPEC = re.compile(r"%([-+ #0]*)(\*|[0-9]+)?(?:\.(\*|[0-9]*))?([a-zA-Z%]?)")
_INTEGER = re.compile(r"\s*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)")
_FLOAT = re.compile(r"\s*[+-]?(?:[0-9]+\.?[0-9]*(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?|inf|infinity|nan)", re.I)
_CONVERSIONS = "sbcdiouxXeEfFgG"
_INT64 = 1 << 63
USAGE = "printf: usage: printf [-v var] format [arguments]\n"

Item = str | tuple[str, str | None, str | None, str]  # text, or (flags, width, precision, conversion)


class _FormatError(Exception):
    pass


@lru_cache(maxsize=256)
def _compile(fmt: str) -> tuple[tuple[Item, ...], str]:
    """The format as literal texts and conversion specs, and the error bash would stop at
    ("" when none)."""
    items: list[Item] = []
    pos = 0
    for m in _SPEC.finditer(fmt):
        if m.start() > pos:
            items.append(decode(fmt[pos:m.start()], FORMAT)[0])
        pos = m.end()
        flags, width, precision, conv = m.groups()
        if conv == "%":
            items.append("%")
        elif not conv:
            return tuple(items), "`%': missing format character"
        elif conv not in _CONVERSIONS:
            return tuple(items), f"`{conv}': invalid format character"
        else:
            items.append((flags, width, precision, conv))
    if pos < len(fmt):
        items.append(decode(fmt[pos:], FORMAT)[0])
    return tuple(items), ""


class _Printer:
    def __init__(self, call: Call, args: list[str]):
        self.call = call
        self.args = args
        self.pos = 0
        self.status = 0

    def next_arg(self) -> str | None:
        if self.pos >= len(self.args):
            return None
        self.pos += 1
        return self.args[self.pos - 1]

    def bad(self, text: str) -> None:
        self.call.stderr.append(f"bash: printf: {text}\n")
        self.status = 1

    def integer(self, arg: str | None) -> int:
        if arg is None or arg == "":
            return 0
        if arg[0] in "'\"":
            return ord(arg[1]) if len(arg) > 1 else 0
        m = _INTEGER.match(arg)
        value = 0
        if m is not None:
            digits = m.group(2)
            value = int(digits, 16) if digits[:2] in ("0x", "0X") else int(digits, 8) if digits.startswith("0") else integer(digits)
            value = -value if m.group(1) == "-" else value
        if m is None or m.end() != len(arg.rstrip()):
            self.bad(f"{arg}: invalid number")
        elif not -_INT64 <= value < _INT64:
            self.call.stderr.append(f"bash: printf: warning: {arg}: Numerical result out of range\n")
            value = _INT64 - 1 if value > 0 else -_INT64
        return value

    def real(self, arg: str | None) -> float:
        if arg is None or arg == "":
            return 0.0
        if arg[0] in "'\"":
            return float(ord(arg[1])) if len(arg) > 1 else 0.0
        m = _FLOAT.match(arg)
        if m is None or m.end() != len(arg.rstrip()):
            self.bad(f"{arg}: invalid number")
            return float(m.group()) if m else 0.0
        return float(m.group())

    def size(self, given: str | None) -> str:
        """A width or precision; ``*`` takes it from the arguments."""
        if given != "*":
            number = given or ""
        else:
            number = str(self.integer(self.next_arg()))
        if ascii_digits(number.lstrip("-")) and integer(number.lstrip("-")) > limits.MAX_OUTPUT:
            raise _FormatError(f"worldgen shell: printf: field width {number} is more than the {limits.MAX_OUTPUT:,} characters a line may print")
        return number

    def convert(self, spec: tuple[str, str | None, str | None, str]) -> tuple[str, bool]:
        """One conversion's text, and whether a ``\\c`` in a ``%b`` argument ended output."""
        flags, width, precision, conv = spec
        w = self.size(width)
        if w.startswith("-"):
            flags, w = flags + "-", w[1:]
        p = self.size(precision) if precision is not None else None
        prec = "" if p is None else "." + (p if not p.startswith("-") else "")
        arg = self.next_arg()
        stopped = False
        if conv in "sb":
            text = arg or ""
            if conv == "b":
                text, stopped = decode(text, PERCENT_B)
            return _pad(text if p in (None, "") or p.startswith("-") else text[:int(p)], flags, w), stopped
        if conv == "c":
            return _pad((arg or "")[:1], flags, w), False
        if conv in "eEfFgG":
            return ("%" + flags + w + prec + conv) % self.real(arg), False
        value = self.integer(arg)
        if conv in "ouxX" and value < 0:
            value += 1 << 64
        if conv == "u":
            conv = "d"
        elif conv == "i":
            conv = "d"
        if "#" in flags and (value == 0 or conv == "o"):
            flags = flags.replace("#", "")
            if conv == "o" and value:
                prec = "." + str(max(int(prec[1:] or 0), len(f"{value:o}") + 1))
        return ("%" + flags + w + prec + conv) % value, False


def _pad(text: str, flags: str, width: str) -> str:
    if not width or len(text) >= int(width):
        return text
    return text.ljust(int(width)) if "-" in flags else text.rjust(int(width))


def printf(call: Call) -> int:
    args = call.argv[1:]
    if args and args[0] == "--":
        args = args[1:]
    if args and args[0] == "-v":
        call.stderr.append("worldgen shell: printf -v is not supported in this world\n")
        return 2
    if not args:
        call.stderr.append(USAGE)
        return 2
    items, error = _compile(args[0])
    printer = _Printer(call, args[1:])
    try:
        while True:
            start = printer.pos
            for item in items:
                if type(item) is str:
                    call.out(item)
                    continue
                text, stopped = printer.convert(item)  # type: ignore[arg-type]
                call.out(text)  # written (and charged) as made: 1,500 conversions of 1 MiB each never pile up
                if stopped:
                    return printer.status
            if error or printer.pos == start or printer.pos >= len(printer.args):
                break
    except _FormatError as err:
        call.stderr.append(f"{err}\n")
        return 1
    if error:
        printer.bad(error)
    return printer.status


COMMANDS: dict[str, Builtin] = {"printf": bytewise(printf)}  # widths and %c count bytes, as bash's
