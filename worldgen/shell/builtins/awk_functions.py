"""awk's built-in functions that need no interpreter state, as plain functions: arithmetic and
maths as awk defines them at their edges (division by zero, overflow, NaN), field splitting,
``substr``, and ``sub``/``gsub`` replacement, with the regex compiling and cost checks they share."""

from __future__ import annotations

import math
import re

from worldgen.shell import limits
from worldgen.shell.budget import MATCH_COST, charge
from worldgen.shell.builtins.awk_values import AwkError
from worldgen.shell.builtins.regex import Regex, RegexError, compile_posix

MAX_STRING = limits.MAX_OUTPUT * 4  # characters in one value
_BLANKS = re.compile(r"[ \t\n]+")


def regex(source: str) -> Regex:
    try:
        return compile_posix(source, extended=True)
    except RegexError as err:
        raise AwkError(f"regular expression compile failed ({err}): {source[:40]}") from None


def search(rx: Regex, subject: str) -> re.Match[str] | None:
    charge(len(subject))  # a search may scan the whole text (`match(s, /z/)` in a loop)
    rx.charge_search(len(subject))
    if rx.degree and rx.too_costly(len(subject), len(subject)):
        raise AwkError("regular expression refused: too costly on this text")
    return rx.rx.search(subject)


ARITY = {"length": (0, 1), "substr": (2, 3), "index": (2, 2), "split": (2, 3), "tolower": (1, 1),
          "toupper": (1, 1), "sprintf": (1, 1 << 30), "int": (1, 1), "sub": (2, 3), "gsub": (2, 3),
          "match": (2, 2), "sqrt": (1, 1), "exp": (1, 1), "log": (1, 1), "sin": (1, 1), "cos": (1, 1),
          "atan2": (2, 2), "rand": (0, 0), "srand": (0, 1), "close": (1, 1), "system": (1, 1)}


def arith(op: str, x: float, y: float) -> float:
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op == "*":
        return x * y
    if op == "/":
        if y == 0:
            raise AwkError("division by zero")
        return x / y
    if op == "%":
        if y == 0:
            raise AwkError("division by zero in %")
        try:
            return math.fmod(x, y)
        except ValueError:
            return math.nan
    try:
        return math.pow(x, y)
    except OverflowError:
        return math.inf
    except ValueError:
        return math.nan


def maths(name: str, xs: list[float]) -> float:
    try:
        if name == "atan2":
            return math.atan2(xs[0], xs[1])
        if name == "exp":
            return math.exp(xs[0])
        if name == "log":
            return math.log(xs[0]) if xs[0] > 0 else (-math.inf if xs[0] == 0 else math.nan)
        return {"sqrt": math.sqrt, "sin": math.sin, "cos": math.cos}[name](xs[0])
    except OverflowError:
        return math.inf
    except ValueError:
        return math.nan


def split(record: str, fs: str) -> list[str]:
    """Fields of ``record``: blank runs for FS " ", a single other character as itself, any
    longer FS as an ERE."""
    if fs == " ":
        stripped = record.strip(" \t\n")
        return _BLANKS.split(stripped) if stripped else []
    if not record:
        return []
    if len(fs) == 1 and fs != "\\":
        return record.split(fs)
    rx = regex(fs)
    parts: list[str] = []
    pos = 0
    for m in rx.rx.finditer(record):
        if m.end() == m.start():
            continue
        parts.append(record[pos:m.start()])
        pos = m.end()
    parts.append(record[pos:])
    return parts


def substr(s: str, m: float, n: float | None) -> str:
    if m != m or (n is not None and n != n):
        return ""
    start = math.floor(m + 0.5) if math.isfinite(m) else (1 << 62 if m > 0 else -(1 << 62))
    if n is None:
        end = len(s) + 1
    else:
        length = math.floor(n + 0.5) if math.isfinite(n) else (1 << 62 if n > 0 else -(1 << 62))
        end = min(start + length, len(s) + 1)
    return s[max(start, 1) - 1:max(end - 1, 0)] if end > max(start, 1) else ""


def _expand(replacement: str, matched: str) -> str:
    """``&`` is the matched text, ``\\&`` a literal ampersand, ``\\\\`` a backslash."""
    if "&" not in replacement and "\\" not in replacement:
        return replacement
    out: list[str] = []
    i = 0
    while i < len(replacement):
        ch = replacement[i]
        if ch == "\\" and i + 1 < len(replacement) and replacement[i + 1] in "&\\":
            out.append(replacement[i + 1])
            i += 2
            continue
        out.append(matched if ch == "&" else ch)
        i += 1
    return "".join(out)


def replace(rx: Regex, replacement: str, subject: str, every: bool) -> tuple[str, int]:
    """``subject`` with the first (or, ``every``, each) match replaced, and the count. An empty
    match right after a replaced one is skipped, as awk does (``gsub(/x*/, "-")`` on ``xax``
    gives ``-a-``)."""
    if rx.degree and rx.too_costly(len(subject), len(subject)):
        raise AwkError("regular expression refused: too costly on this text")
    charge(len(subject))  # the scan reads the whole text, matched or not (`gsub(/q/, "", s)` in a loop)
    rx.charge_search(len(subject))
    out: list[str] = []
    pos = count = size = 0
    after = -1  # where the last non-empty match ended
    while pos <= len(subject):
        m = rx.rx.search(subject, pos)
        if m is None:
            break
        start, end = m.span()
        if start == end == after:
            if start >= len(subject):
                break
            out.append(subject[pos:start + 1])
            pos = start + 1
            continue
        piece = subject[pos:start] + _expand(replacement, m.group()) + (subject[start:start + 1] if start == end else "")
        size += len(piece)
        charge(MATCH_COST + len(piece))
        if size > MAX_STRING:
            raise AwkError(f"string too long (more than {MAX_STRING:,} characters)")
        out.append(piece)
        count += 1
        pos = start + 1 if start == end else end
        after = -1 if start == end else end
        if not every:
            break
    out.append(subject[pos:])
    return "".join(out), count
