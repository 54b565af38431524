"""cut: select bytes, characters or fields of each line (``-f 1,3-5,7-``), GNU style.

Text is handled as characters, so ``-b`` and ``-c`` are the same (as in GNU, whose ``-c`` is
``-b`` anyway). A list becomes a membership test over 1-based positions; selected parts keep
their input order, as GNU prints them.
"""

from __future__ import annotations

import re

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.bytewise import bytewise
from worldgen.shell.builtins.options import NO, REQUIRED, UINTMAX, OptionError, Spec, integer, parse, usage_error
from worldgen.shell.builtins.textio import inputs, lines

SPEC = Spec("b:c:f:d:sn", {
    "bytes": ("b", REQUIRED), "characters": ("c", REQUIRED), "fields": ("f", REQUIRED),
    "delimiter": ("d", REQUIRED), "only-delimited": ("s", NO), "complement": ("complement", NO),
    "output-delimiter": ("output-delimiter", REQUIRED),
})
RANGE = re.compile(r"([0-9]*)(-?)([0-9]*)$")
Ranges = list[tuple[int, int | None]]  # inclusive, 1-based; None: to the end


def _ranges(spec: str, kind: str) -> Ranges:
    ranges: Ranges = []
    for part in spec.replace(" ", ",").split(","):
        m = RANGE.match(part)
        if not m:
            raise OptionError(f"invalid {'field' if kind == 'f' else 'byte/character'} value '{part}'")
        low, dash, high = m.groups()
        if not low and not high:
            if dash:
                raise OptionError("invalid range with no endpoint: -")
            raise OptionError(f"{'fields' if kind == 'f' else 'byte/character positions'} are numbered from 1")
        start = _position(low, kind) if low else 1
        end = (_position(high, kind) if high else None) if dash else start
        if start == 0 or end == 0:
            raise OptionError(f"{'fields' if kind == 'f' else 'byte/character positions'} are numbered from 1")
        if end is not None and end < start:
            raise OptionError("invalid decreasing range")
        ranges.append((start, end))
    return _merged(ranges)


def _position(digits: str, kind: str) -> int:
    """A 1-based position as GNU reads it into a size_t, whose largest value it keeps for "to the end"."""
    value = integer(digits)
    if value >= UINTMAX:
        raise OptionError(f"{'field number' if kind == 'f' else 'byte/character offset'} '{digits}' is too large")
    return value


def _merged(ranges: Ranges) -> Ranges:
    """The same positions as disjoint ranges in order, so each line is walked once however many
    ranges overlap (``-c 1-,1-,...``)."""
    merged: Ranges = []
    for start, end in sorted(ranges, key=lambda r: r[0]):
        last = merged[-1] if merged else None
        if last is not None and (last[1] is None or start <= last[1] + 1):
            merged[-1] = (last[0], None if last[1] is None or end is None else max(last[1], end))
        else:
            merged.append((start, end))
    return merged


def _picked(ranges: Ranges, count: int, complement: bool) -> list[int]:
    """0-based indices out of ``count`` that the (disjoint) list selects, in order."""
    chosen = [False] * count
    for start, end in ranges:
        if start > count:
            break  # the rest start later still
        for i in range(start - 1, min(count, end if end is not None else count)):
            chosen[i] = True
    return [i for i, on in enumerate(chosen) if on != complement]


def cut(call: Call) -> int:
    try:
        opts, files = parse(call.argv[1:], SPEC)
        given = dict(opts)
        kinds = [k for k, _ in opts if k in "bcf"]
        if len(kinds) > 1:
            raise OptionError("only one list may be specified")
        if not kinds:
            raise OptionError("you must specify a list of bytes, characters, or fields")
        kind = kinds[0]
        ranges = _ranges(given[kind] or "", kind)
        delim = given.get("d", "\t")
        if "d" in given and kind != "f":
            raise OptionError("an input delimiter may be specified only when operating on fields")
        if "s" in given and kind != "f":
            raise OptionError("suppressing non-delimited lines makes sense\n\tonly when operating on fields")
        if delim is None or len(delim) != 1:
            raise OptionError("the delimiter must be a single character")
    except OptionError as err:
        return usage_error(call, str(err))
    complement = "complement" in given
    joiner = given.get("output-delimiter")
    status = 0
    out = call.stdout
    for _, text in inputs(call, files):
        if text is None:
            status = 1
            continue
        for line in lines(text):
            if kind != "f":
                out.append("".join(line[i] for i in _picked(ranges, len(line), complement)) + "\n")
            elif delim not in line:
                if "s" not in given:
                    out.append(line + "\n")
            else:
                parts = line.split(delim)
                sep = delim if joiner is None else joiner
                out.append(sep.join(parts[i] for i in _picked(ranges, len(parts), complement)) + "\n")
    return status


COMMANDS = {"cut": bytewise(cut)}  # GNU cut: -c is -b
