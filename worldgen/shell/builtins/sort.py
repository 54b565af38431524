"""sort: order lines as GNU sort does in the C locale.

Keys (``-k2,2n``), a field separator (``-t:``), numeric (``-n``, ``-h``), folded (``-f``),
reversed (``-r``), unique (``-u``), stable (``-s``). Ordering is done in stable passes, last
criterion first: GNU's last-resort whole-line comparison, then each key from the last to the
first, so each pass only needs a plain sort key (and ``reverse`` keeps stability).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal

from worldgen.shell import budget
from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.options import NO, REQUIRED, OptionError, Spec, integer, parse, usage_error
from worldgen.shell.fs import FsError

SPEC = Spec("nrufbhsk:t:o:", {
    "numeric-sort": ("n", NO), "reverse": ("r", NO), "unique": ("u", NO), "ignore-case": ("f", NO),
    "ignore-leading-blanks": ("b", NO), "human-numeric-sort": ("h", NO), "stable": ("s", NO),
    "key": ("k", REQUIRED), "field-separator": ("t", REQUIRED), "output": ("o", REQUIRED),
})
FIELD = re.compile(r"[ \t]*[^ \t]+")
NUMBER = re.compile(r"[ \t]*(-?)([0-9]*)(\.[0-9]*)?([KMGTPEZY]?)")
KEYSPEC = re.compile(r"([0-9]+)(?:\.([0-9]+))?([bfhnr]*)(?:,([0-9]+)(?:\.([0-9]+))?([bfhnr]*))?$")
SUFFIX = " KMGTPEZY"
KEY_COST = 16  # units per line per key: a Python call that splits the line and builds its key


@dataclass(frozen=True, slots=True)
class Key:
    start: int  # field, 1-based
    start_char: int  # 1-based within the field; 0: its first
    end: int | None  # field, 1-based; None: the end of the line
    end_char: int  # 0: the end of the field
    flags: str  # b f h n r


def _key(spec: str, quote: Callable[[str], str]) -> Key:
    """``-k POS1[,POS2]``; ``quote`` puts a value in the locale's quotation marks, as GNU's messages do."""
    m = KEYSPEC.match(spec)
    if not m:
        raise ValueError(f"invalid number at field start: invalid count at start of {quote(spec)}")
    if m.group(1) == "0":
        raise ValueError(f"field number is zero: invalid field specification {quote(spec)}")
    if m.group(2) == "0":
        raise ValueError(f"character offset is zero: invalid field specification {quote(spec)}")
    end = integer(m.group(4)) if m.group(4) else None
    if end == 0:
        raise ValueError(f"field number is zero: invalid field specification {quote(spec)}")
    return Key(integer(m.group(1)), integer(m.group(2) or "0"), end, integer(m.group(5) or "0"), (m.group(3) or "") + (m.group(6) or ""))


def _bounds(line: str, sep: str | None) -> list[tuple[int, int]]:
    if sep is None:
        return [m.span() for m in FIELD.finditer(line)]
    spans, pos = [], 0
    while True:
        found = line.find(sep, pos)
        if found < 0:
            spans.append((pos, len(line)))
            return spans
        spans.append((pos, found))
        pos = found + 1


def _extract(line: str, key: Key, sep: str | None) -> str:
    spans = _bounds(line, sep)
    if key.start > len(spans):
        return ""
    begin = spans[key.start - 1][0]
    if "b" in key.flags:
        while begin < len(line) and line[begin] in " \t":
            begin += 1
    begin += max(key.start_char - 1, 0)
    if key.end is None or key.end > len(spans):
        finish = len(line)
    elif key.end_char == 0:
        finish = spans[key.end - 1][1]
    else:
        finish = spans[key.end - 1][0] + key.end_char
    return line[begin:max(begin, finish)]


def _numeric(text: str, human: bool) -> Decimal:
    m = NUMBER.match(text)
    assert m is not None  # every part is optional
    sign, digits, frac, suffix = m.groups()
    if not digits and not (frac and len(frac) > 1):
        return Decimal(0)
    value = Decimal(f"{sign}{digits or '0'}{frac or ''}".rstrip("."))
    if human and suffix:
        value *= Decimal(1024) ** SUFFIX.index(suffix)
    return value


def _sort_key(flags: str) -> Callable[[str], object] | None:
    """A function from the key's text to what it is ordered by."""
    if "n" in flags or "h" in flags:
        human = "h" in flags
        return lambda text: _numeric(text, human)
    fold, blanks = "f" in flags, "b" in flags
    if fold and blanks:
        return lambda text: text.lstrip(" \t").upper()
    if fold:
        return str.upper
    if blanks:
        return lambda text: text.lstrip(" \t")
    return None


def sort(call: Call) -> int:
    try:
        opts, files = parse(call.argv[1:], SPEC)
        keys: list[Key] = []
        flags, sep, output = "", None, None
        for name, value in opts:
            if name == "k":
                keys.append(_key(value or "", call.quote))
            elif name == "t":
                if len(value or "") != 1:
                    raise ValueError(f"multi-character tab {call.quote(value)}" if value else "empty tab")
                sep = value
            elif name == "o":
                output = value
            else:
                flags += name
    except OptionError as err:
        return usage_error(call, str(err), 2)
    except ValueError as err:  # a bad key or separator: GNU says what, without the --help line
        call.err(str(err))
        return 2
    texts = []
    for name in files or ["-"]:
        try:
            texts.append(call.stdin if name == "-" else call.fs.read(call.path(name)))
        except FsError as err:
            call.err(f"{'read failed' if err.errno == 'EISDIR' else 'cannot read'}: {name}: {err.reason}")
            return 2
    lines = "".join(t if not t or t.endswith("\n") else t + "\n" for t in texts).split("\n")
    lines.pop()
    _order(lines, keys, flags, sep)
    text = "".join(f"{line}\n" for line in lines)
    if output is None:
        call.out(text)
        return 0
    try:
        call.fs.write(call.path(output), text)
    except FsError as err:
        call.err(f"open failed: {output}: {err.reason}")
        return 2
    return 0


def _order(lines: list[str], keys: list[Key], flags: str, sep: str | None) -> None:
    """Sort ``lines`` in place (and drop repeats under -u) as GNU would."""
    inherited = "".join(f for f in flags if f in "bfhnr")
    keys = [k if k.flags else replace(k, flags=inherited) for k in keys]  # a key with flags inherits none
    if not keys and inherited.strip("r"):
        keys = [Key(1, 0, None, 0, inherited)]
    _charge_keys(lines, len(keys))
    last_resort = "s" not in flags and "u" not in flags
    if last_resort or not keys:
        lines.sort(reverse="r" in flags)
    for key in reversed(keys):
        order = _sort_key(key.flags)
        whole = key.start == 1 and key.start_char == 0 and key.end is None and "b" not in key.flags
        if whole:
            lines.sort(key=order, reverse="r" in key.flags)
        else:
            lines.sort(key=(lambda line, k=key, o=order: o(_extract(line, k, sep)) if o else _extract(line, k, sep)),
                       reverse="r" in key.flags)
    if "u" in flags:
        _unique(lines, keys, sep)


def _charge_keys(lines: list[str], keys: int) -> None:
    """Charge the line's budget for one pass over ``lines`` per key: each sorts them again and
    splits every line into fields (``-k2`` written 16,000 times in one line is 16,000 sorts)."""
    budget.charge(keys * (KEY_COST * len(lines) + sum(map(len, lines))))


def _unique(lines: list[str], keys: list[Key], sep: str | None) -> None:
    _charge_keys(lines, len(keys))
    def ident(line: str) -> tuple[object, ...]:
        if not keys:
            return (line,)
        values: list[object] = []
        for key in keys:
            order = _sort_key(key.flags)
            text = _extract(line, key, sep)
            values.append(order(text) if order else text)
        return tuple(values)

    kept: list[str] = []
    previous: tuple[object, ...] | None = None
    for line in lines:
        mark = ident(line)
        if mark != previous:
            kept.append(line)
            previous = mark
    lines[:] = kept


COMMANDS = {"sort": sort}
