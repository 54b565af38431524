"""``seq [-w] [-s SEP] [FIRST [INCREMENT]] LAST``: numbers from FIRST to LAST, as GNU prints them.

Numbers are decimals (``3``, ``-2``, ``0.5``); the output has as many digits after the point as
FIRST or INCREMENT has (``seq 1 0.5 3`` prints ``1.0``), and counts exactly (no binary float
drift). ``-w`` pads with zeros to the widest of FIRST and LAST. Other spellings GNU takes (``1e3``,
``0x10``, ``inf``) and ``-f FORMAT`` are outside the subset and say so. A long run stops at the
line's work budget, since each number written is charged."""

from __future__ import annotations

import re
from decimal import Decimal

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import usage_error

_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)")
_NUMERIC = re.compile(r"[+-]?(\d|\.\d|inf|nan|0x)", re.I)  # what GNU would read as a number, options aside


def seq(call: Call) -> int:
    sep, wide, operands = "\n", False, []
    args = call.argv[1:]
    i = 0
    while i < len(args):
        a = args[i]
        if operands or not a.startswith("-") or _NUMERIC.match(a) or a == "-":
            operands.append(a)
        elif a == "--":
            operands.extend(args[i + 1:])
            break
        elif a in ("-w", "--equal-width"):
            wide = True
        elif a.startswith("-s") or a.startswith("--separator"):
            if a in ("-s", "--separator"):
                if i + 1 == len(args):
                    return usage_error(call, f"option requires an argument -- '{a.lstrip('-')[:1]}'")
                i += 1
                sep = args[i]
            else:
                sep = a[2:] if a.startswith("-s") else a.partition("=")[2]
        elif a.startswith("-f") or a.startswith("--format"):
            call.stderr.append("worldgen shell: seq -f is not supported in this world\n")
            return 2
        else:
            return usage_error(call, f"invalid option -- '{a[1:2]}'")
        i += 1
    if not operands:
        return usage_error(call, "missing operand")
    if len(operands) > 3:
        return usage_error(call, f"extra operand {call.quote(operands[3])}")
    numbers: list[Decimal] = []
    for text in operands:
        if not _NUMBER.fullmatch(text):
            if _NUMERIC.match(text):
                call.stderr.append(f"worldgen shell: seq {text} is not supported in this world (decimal numbers only)\n")
                return 2
            return usage_error(call, f"invalid floating point argument: {call.quote(text)}")
        numbers.append(Decimal(text))
    first, step, last = (numbers[0], Decimal(1), numbers[-1]) if len(numbers) < 3 else numbers
    if len(numbers) == 1:
        first = Decimal(1)
    if step == 0:
        return usage_error(call, f"invalid Zero increment value: {call.quote(operands[1])}")
    places = max(_places(operands[0]) if len(operands) > 1 else 0, _places(operands[1]) if len(operands) == 3 else 0)
    width = max(len(_shown(first, places)), len(_shown(last, places))) if wide else 0
    k, written = 0, False
    while True:
        value = first + k * step
        if (step > 0 and value > last) or (step < 0 and value < last):
            break
        call.out(("" if not written else sep) + _padded(_shown(value, places), width))
        written = True
        k += 1
    if written:
        call.out("\n")
    return 0


def _places(text: str) -> int:
    return len(text.partition(".")[2]) if "." in text else 0


def _shown(value: Decimal, places: int) -> str:
    return f"{value:.{places}f}"


def _padded(text: str, width: int) -> str:
    if text.startswith("-"):
        return "-" + text[1:].rjust(width - 1, "0")
    return text.rjust(width, "0")


COMMANDS = {"seq": seq}
