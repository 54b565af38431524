"""tr: translate, delete (-d) or squeeze (-s) characters, with GNU's set syntax: ranges
(``a-z``), classes (``[:upper:]``), repeats (``[x*4]``, ``[x*]``), escapes (``\\n``, ``\\t``,
``\\\\``, ``\\NNN`` octal), complement (-c). Translation is one ``str.translate`` table."""

from __future__ import annotations

import re

from worldgen.shell.builtins.base import Call
from worldgen.shell import budget
from worldgen.shell.builtins.bytewise import bytewise
from worldgen.shell.builtins.options import NO, UINTMAX, OptionError, Spec, ascii_digits, integer, parse, usage_error

SPEC = Spec("cCdst", {"complement": ("c", NO), "delete": ("d", NO), "squeeze-repeats": ("s", NO),
                      "truncate-set1": ("t", NO)})
CLASSES = {
    "alpha": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", "digit": "0123456789",
    "upper": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "lower": "abcdefghijklmnopqrstuvwxyz",
    "space": " \t\n\v\f\r", "blank": " \t", "punct": "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
    "cntrl": "".join(map(chr, [*range(32), 127])), "print": "".join(map(chr, range(32, 127))),
    "graph": "".join(map(chr, range(33, 127))), "xdigit": "0123456789ABCDEFabcdef",
}
CLASSES["alnum"] = CLASSES["digit"] + CLASSES["alpha"]
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "a": "\a", "b": "\b", "\\": "\\"}
OCTAL = re.compile(r"[0-7]{1,3}")
CLASS = re.compile(r"\[:([a-z]+):\]")
REPEAT = re.compile(r"\[(.)\*([^\]]*)\]")  # the count is checked: GNU refuses any but decimal/octal digits


def _repeat_count(text: str) -> bool:
    """Whether ``text`` is a repeat count GNU takes: none, decimal, or octal when it starts with 0."""
    return not text or ascii_digits(text) and (text[0] != "0" or all(d < "8" for d in text))


class TrError(Exception):
    """A bad set: GNU's words, printed without the --help line."""


def _unescape(spec: str) -> list[tuple[str, bool]]:
    """The characters of ``spec`` with backslash escapes resolved; True marks an escaped one
    (never an operator like ``-`` or ``[``)."""
    out: list[tuple[str, bool]] = []
    i = 0
    while i < len(spec):
        ch = spec[i]
        if ch == "\\" and i + 1 < len(spec):
            m = OCTAL.match(spec, i + 1)
            if m:
                out.append((chr(int(m.group(), 8) & 0xFF), True))
                i = m.end()
                continue
            out.append((ESCAPES.get(spec[i + 1], spec[i + 1]), True))
            i += 2
            continue
        out.append((ch, False))
        i += 1
    return out


def _count(text: str) -> int:
    """A checked repeat count's value: octal when it starts with 0, none is 0."""
    return int(text, 8) if text.startswith("0") else integer(text or "0")


Fill = tuple[int, str] | None  # where SET2's [x*] stands, and x


def expand(spec: str, most: int = UINTMAX) -> tuple[str, list[tuple[int, str]], Fill]:
    """The characters a set stands for, and where its [:upper:]/[:lower:] classes sit (tr
    pairs them up), and where ``[x*]`` (SET2 only) stands: ``_pad`` fills it in. A repeat
    ``[x*n]`` (SET2 only) is cut to ``most`` (SET1's length: SET2 is read no further, and GNU
    takes ``[b*999999999]`` at once). Every character made is charged: a line may spell out
    ``\\000-\U0010ffff`` once or twice, not fifty times."""
    chars = _unescape(spec)
    out: list[str] = []
    cases: list[tuple[int, str]] = []
    fill: Fill = None
    i = 0
    text = "".join(c if not esc else "\0" for c, esc in chars)  # operators only where unescaped
    while i < len(chars):
        m = CLASS.match(text, i)
        if m:
            name = m.group(1)
            if name not in CLASSES:
                raise TrError(f"invalid character class '{name}'")
            if name in ("upper", "lower"):
                cases.append((sum(map(len, out)), name))
            out.append(CLASSES[name])
            i = m.end()
            continue
        m = REPEAT.match(text, i)
        if m:
            repeated = chars[i + 1][0]
            if not _repeat_count(m.group(2)) or _count(m.group(2)) >= UINTMAX:
                raise TrError(f"invalid repeat count '{m.group(2)}' in [c*n] construct")
            count = _count(m.group(2))
            if count:
                budget.charge(min(count, most))
                out.append(repeated * min(count, most))
            else:
                fill = (sum(map(len, out)), repeated)
            i = m.end()
            continue
        if i + 2 < len(chars) and text[i + 1] == "-":
            low, high = chars[i][0], chars[i + 2][0]
            if high < low:
                raise TrError(f"range-endpoints of '{low}-{high}' are in reverse collating sequence order")
            budget.charge(budget.READ_COST * (ord(high) - ord(low) + 1))  # each is made, then looked up
            out.append("".join(map(chr, range(ord(low), ord(high) + 1))))
            i += 3
            continue
        out.append(chars[i][0])
        i += 1
    return "".join(out), cases, fill


def _pad(set2: str, fill: Fill, length: int) -> str:
    """SET2 stretched to SET1's length: ``[x*]`` fills the gap, else the last character repeats."""
    if fill is not None:
        at, char = fill
        return set2[:at] + char * max(length - len(set2), 0) + set2[at:]
    return set2 + set2[-1:] * (length - len(set2))


def tr(call: Call) -> int:
    try:
        opts, operands = parse(call.argv[1:], SPEC)
    except OptionError as err:
        return usage_error(call, str(err))
    flags = {k for k, _ in opts}
    complement, delete, squeeze = bool(flags & {"c", "C"}), "d" in flags, "s" in flags
    wanted = 2 if not delete or squeeze else 1
    if not operands:
        return usage_error(call, "missing operand")
    if squeeze and not delete and len(operands) == 1:
        wanted = 1
    if len(operands) < wanted:
        hint = "Two strings must be given when translating." if not delete else "Two strings must be given when both deleting and squeezing repeats."
        return usage_error(call, f"missing operand after {call.quote(operands[-1])}\n{hint}")
    if len(operands) > wanted:
        hint = "\nOnly one string may be given when deleting without squeezing repeats." if delete and not squeeze else ""
        return usage_error(call, f"extra operand {call.quote(operands[wanted])}{hint}")
    try:
        set1, cases1, _ = expand(operands[0])
        set2, cases2, fill = expand(operands[1], max(len(set1), 1)) if len(operands) > 1 else ("", [], None)
        if any(at not in dict(cases1) for at, _ in cases2):
            raise TrError("misaligned [:upper:] and/or [:lower:] construct")
    except TrError as err:
        call.err(str(err))
        return 1
    text = call.stdin
    members = set(set1)
    inside = (lambda ch: ch not in members) if complement else (lambda ch: ch in members)
    if delete:
        text = "".join(ch for ch in text if not inside(ch)) if complement else text.translate(dict.fromkeys(map(ord, set1)))
        if squeeze:
            text = _squeeze(text, set(set2))
    elif len(operands) == 2:
        if not set2 and fill is None:
            call.err("when not truncating set1, string2 must be non-empty")
            return 1
        if complement:
            target = _pad(set2, fill, 1)[-1]
            text = "".join(target if inside(ch) else ch for ch in text)
        else:
            if "t" in flags:
                set1 = set1[:len(set2)]
            set2 = _pad(set2, fill, len(set1))
            text = text.translate({ord(a): b for a, b in zip(set1, set2)})
        if squeeze:
            text = _squeeze(text, set(set2))
    else:
        text = _squeeze(text, members, complement)
    call.out(text)
    return 0


def _squeeze(text: str, chars: set[str], complement: bool = False) -> str:
    out: list[str] = []
    last = ""
    for ch in text:
        if ch == last and ((ch in chars) != complement):
            continue
        out.append(ch)
        last = ch
    return "".join(out)


COMMANDS = {"tr": bytewise(tr)}  # GNU tr maps bytes
