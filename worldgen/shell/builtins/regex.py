"""POSIX regular expressions (GNU's BRE and ERE) translated to Python ``re``, with a safety net.

grep and sed take patterns in GNU's dialects; Python's ``re`` differs in which characters are
operators (in a BRE ``\\(``, ``\\{``, ``\\|``, ``\\+``, ``\\?`` are, and bare ``(){}|+?`` are
literals), in bracket expressions (``[[:digit:]]``; a backslash is literal inside brackets) and
in what it rejects (``a**`` is fine in POSIX). The pattern is parsed into a small tree, emitted as
Python source and compiled once per (pattern, flags).

The tree (``regex_tree``) also tells how risky the pattern is (``regex_risk``): user patterns run on world text, and a
backtracking engine explodes on nested or ambiguous repetition (``(a+)+$``). Such patterns are
refused outright; for the rest, ``Regex.too_costly`` bounds the polynomial cost of overlapping
unbounded repeats (``.*a.*b``) against the text about to be searched.

Every emitted pattern is line-local: no part of it matches a newline, so a caller may search a
whole text at once with ``re.MULTILINE`` and map matches back to lines (grep does).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from worldgen.shell.budget import charge
from worldgen.shell.builtins.options import integer
from worldgen.shell.builtins.regex_risk import breadth, check_risk
from worldgen.shell.builtins.regex_tree import ANY, Alt, Backref, Group, Lit, Node, RegexError, Repeat, Seq, Set, Zero

MAX_PATTERN = 4096  # bytes of pattern text a tool accepts
FREE_ALTERNATIVES = 16  # a pattern with fewer alternatives costs its searches nothing beyond the reading
DUP_MAX = 32767  # RE_DUP_MAX: the largest count in an interval
MAX_NESTING = 100  # groups inside groups a pattern may nest (GNU takes thousands; Python's re recurses)
BUDGET = 200_000_000  # ~ steps the engine may spend on one call's text (well under a second)
ERE_INTERVAL = re.compile(r"\{([0-9]*)(,?)([0-9]*)\}")
BRE_INTERVAL = re.compile(r"\\\{([0-9]*)(,?)([0-9]*)(\\\})?")

CLASSES = {
    "alpha": "a-zA-Z", "digit": "0-9", "alnum": "0-9a-zA-Z", "upper": "A-Z", "lower": "a-z",
    "space": " \t\r\f\v", "blank": " \t", "punct": re.escape("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    "print": " -~", "graph": "!-~", "cntrl": "\x00-\x09\x0b-\x1f\x7f", "xdigit": "0-9A-Fa-f",
}  # newline left out of space and cntrl: patterns stay line-local


LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


# ---------------------------------------------------------------- parsing
class _Parser:
    """Recursive descent over one pattern; ``extended`` picks ERE over BRE."""

    def __init__(self, pattern: str, extended: bool):
        self.p = pattern
        self.i = 0
        self.ere = extended
        self.groups = 0
        self.closed: set[int] = set()
        self.warnings: list[str] = []

    def parse(self) -> Node:
        node = self.alternation(0)
        if self.i < len(self.p):  # only a stray close can stop the top level
            raise RegexError("Unmatched ) or \\)")
        return node

    def at(self, token: str) -> bool:
        return self.p.startswith(token, self.i)

    def alternation(self, depth: int) -> Node:
        bar = "|" if self.ere else "\\|"
        branches = [self.sequence(depth)]
        while self.at(bar):
            self.i += len(bar)
            branches.append(self.sequence(depth))
        return branches[0] if len(branches) == 1 else Alt(branches)

    def sequence(self, depth: int) -> Node:
        items: list[Node] = []
        close = ")" if self.ere else "\\)"
        bar = "|" if self.ere else "\\|"
        start = self.i
        while self.i < len(self.p):
            if self.at(bar) or (self.at(close) and (depth > 0 or not self.ere)):
                break
            if self.ere and self.at(")"):  # unmatched ) in an ERE is a literal
                items.append(Lit(")"))
                self.i += 1
                continue
            self.item(items, at_start=self.i == start or (len(items) == 1 and isinstance(items[0], Zero) and items[0].source == "^"), depth=depth)
        return items[0] if len(items) == 1 else Seq(items)

    def item(self, items: list[Node], at_start: bool, depth: int) -> None:
        p, i = self.p, self.i
        ch = p[i]
        quant = self.quantifier()
        if quant is not None:
            if not items or at_start:
                if self.ere:
                    self.warnings.append(f"{p[i] if p[i] != '{' else '{...}'} at start of expression")
                    return  # GNU ignores it
                self.i = i  # BRE: a literal at the start
            else:
                last = items.pop()
                if isinstance(last, Zero):
                    items.append(last)  # an anchor repeated: GNU ignores the repetition
                    return
                items.append(_repeat(last, *quant))
                return
        if ch == "\\":
            self.escape(items, depth)
        elif ch == "[":
            self.i += 1
            items.append(self.bracket())
        elif ch == ".":
            self.i += 1
            items.append(Set(".", ANY))
        elif ch == "^" and (self.ere or at_start):
            self.i += 1
            items.append(Zero("^"))
        elif ch == "$" and (self.ere or self.ends_here(i + 1)):
            self.i += 1
            items.append(Zero("$"))
        elif ch == "(" and self.ere:
            self.i += 1
            items.append(self.group(depth))
        else:
            self.i += 1
            items.append(Lit(ch))

    def ends_here(self, j: int) -> bool:
        return j == len(self.p) or self.p.startswith("\\)", j) or self.p.startswith("\\|", j)

    def quantifier(self) -> tuple[int, int | None] | None:
        """The repetition at ``i`` (consumed), or None (nothing consumed)."""
        p, i = self.p, self.i
        single = {"*": (0, None), "+": (1, None), "?": (0, 1)}
        if p[i] == "*":
            self.i += 1
            return single["*"]
        if self.ere and p[i] in "+?":
            self.i += 1
            return single[p[i]]
        if not self.ere and p.startswith("\\+", i) or not self.ere and p.startswith("\\?", i):
            self.i += 2
            return single[p[i + 1]]
        if self.ere and p[i] == "{":
            m = ERE_INTERVAL.match(p, i)
            if not m or not (m.group(1) or m.group(2)):
                return None  # ERE: a brace that starts no interval is a literal
            return self.interval(m.group(1), m.group(2), m.group(3), m.end())
        if not self.ere and p.startswith("\\{", i):
            m = BRE_INTERVAL.match(p, i)
            assert m is not None
            if not m.group(4):
                raise RegexError("Unmatched \\{")
            if not (m.group(1) or m.group(2)):
                raise RegexError("Invalid content of \\{\\}")
            return self.interval(m.group(1), m.group(2), m.group(3), m.end())
        return None

    def interval(self, low: str, comma: str, high: str, end: int) -> tuple[int, int | None]:
        lo = integer(low or "0")
        hi = (integer(high) if high else None) if comma else lo
        if (hi if hi is not None else lo) > DUP_MAX or lo > DUP_MAX:
            raise RegexError("Regular expression too big")
        if hi is not None and hi < lo:
            raise RegexError("Invalid content of \\{\\}")
        self.i = end
        return lo, hi

    def group(self, depth: int) -> Node:
        if depth >= MAX_NESTING:
            raise RegexError(f"pattern refused: groups nested deeper than {MAX_NESTING}")
        self.groups += 1
        number = self.groups
        body = self.alternation(depth + 1)
        close = ")" if self.ere else "\\)"
        if not self.at(close):
            raise RegexError("Unmatched ( or \\(")
        self.i += len(close)
        self.closed.add(number)
        return Group(body)

    def escape(self, items: list[Node], depth: int) -> None:
        p = self.p
        if self.i + 1 >= len(p):
            raise RegexError("Trailing backslash")
        ch = p[self.i + 1]
        self.i += 2
        if not self.ere and ch == "(":
            items.append(self.group(depth))
        elif not self.ere and ch == ")":
            raise RegexError("Unmatched ) or \\)")
        elif ch in "123456789":
            if int(ch) not in self.closed:
                raise RegexError("Invalid back reference")
            items.append(Backref(int(ch)))
        elif ch in ESCAPES:
            items.append(ESCAPES[ch])
        else:
            items.append(Lit(ch))

    def bracket(self) -> Set:
        """A bracket expression after its ``[``: members become a Python class."""
        p, start = self.p, self.i
        negate = p.startswith("^", self.i)
        self.i += negate
        members: list[tuple[str, str]] = []  # (low, high) ranges; a class is ("", name)
        first = True
        while True:
            if self.i >= len(p):
                raise RegexError("Unmatched [, [^, [:, [., or [=")
            ch = p[self.i]
            if ch == "]" and not first:
                self.i += 1
                break
            first = False
            if ch == "[" and p[self.i + 1:self.i + 2] in (":", "=", "."):
                kind = p[self.i + 1]
                end = p.find(kind + "]", self.i + 2)
                if end < 0:
                    raise RegexError("Unmatched [, [^, [:, [., or [=")
                name = p[self.i + 2:end]
                self.i = end + 2
                if kind == ":":
                    if name not in CLASSES:
                        raise RegexError("Invalid character class name")
                    members.append(("", name))
                    continue
                if len(name) != 1:
                    raise RegexError("Invalid collation character")
                ch = name
            else:
                self.i += 1
            if p.startswith("-", self.i) and self.i + 1 < len(p) and p[self.i + 1] != "]":
                high = p[self.i + 1]
                if high == "[" and p[self.i + 2:self.i + 3] == ".":
                    end = p.find(".]", self.i + 3)
                    if end < 0:
                        raise RegexError("Unmatched [, [^, [:, [., or [=")
                    high = p[self.i + 3:end]
                    self.i = end + 2
                else:
                    self.i += 2
                if len(high) != 1 or high < ch:
                    raise RegexError("Invalid range end")
                members.append((ch, high))
            else:
                members.append((ch, ch))
        inner = p[start + negate:self.i - 1]
        if inner.startswith(":") and inner.endswith(":") and len(inner) > 2:
            raise RegexError(f"character class syntax is [[{inner}]], not [{inner}]")
        return _class(members, negate)


_SIMPLE = ((0, None), (1, None), (0, 1))


def _repeat(body: Node, low: int, high: int | None) -> Repeat:
    """``body`` repeated; ``a**`` or ``a+?`` (POSIX: repeat the repeat) fold into one repeat,
    which Python can take and which is not the nested shape refused as exponential."""
    if isinstance(body, Repeat) and (body.low, body.high) in _SIMPLE and (low, high) in _SIMPLE:
        high = None if None in (body.high, high) else 1
        return Repeat(body.body, min(body.low, low), high)
    return Repeat(body, low, high)


def _class(members: list[tuple[str, str]], negate: bool) -> Set:
    parts: list[str] = []
    chars: set[str] | None = set()
    for low, high in members:
        if not low:
            parts.append(CLASSES[high])
            chars = None
            continue
        if low <= "\n" <= high:  # keep patterns line-local
            parts.extend(_range(low, "\t") + _range("\x0b", high))
        else:
            parts.extend(_range(low, high))
        if chars is not None and ord(high) - ord(low) < 256:
            chars.update(chr(c) for c in range(ord(low), ord(high) + 1))
        else:
            chars = None
    body = "".join(parts)
    if negate:
        return Set(f"[^{body}\\n]", ANY)
    return Set(f"[{body}]" if body else "(?!)", frozenset(chars) if chars is not None else ANY)


def _range(low: str, high: str) -> list[str]:
    if low > high:
        return []
    return [re.escape(low)] if low == high else [f"{re.escape(low)}-{re.escape(high)}"]


_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
ESCAPES: dict[str, Node] = {
    "w": Set(r"\w", _WORD), "W": Set(r"[^\w\n]", ANY), "s": Set(r"[^\S\n]", ANY),
    "S": Set(r"\S", ANY), "b": Zero(r"\b"), "B": Zero(r"\B"), "<": Zero(r"\b(?=\w)"),
    ">": Zero(r"\b(?<=\w)"), "`": Zero("^"), "'": Zero("$"),
}


# ---------------------------------------------------------------- emitting
def emit(node: Node, offset: int = 0, fold: bool = False) -> str:
    """Python source for ``node``; ``offset`` shifts back-references when several patterns
    share one compiled alternation; ``fold``: the subject will be ASCII-lowercased (see
    ``Regex.subject``), so letters are emitted in lower case and sets match either case."""
    match node:
        case Lit(char):
            return re.escape(char.translate(LOWER) if fold else char)
        case Set(source) if fold and source.startswith("["):
            return f"(?i:{source})"
        case Set(source) | Zero(source):
            return source
        case Backref(n):
            return f"(?:\\{n + offset})"
        case Group(body):
            return f"({emit(body, offset, fold)})"
        case Seq(items):
            return "".join(emit(item, offset, fold) for item in items)
        case Alt(branches):
            return "|".join(emit(b, offset, fold) for b in branches)
        case Repeat(body, low, high):
            inner = emit(body, offset, fold)
            if not isinstance(body, (Lit, Set, Group, Backref)):
                inner = f"(?:{inner})"
            if (low, high) == (0, None):
                return inner + "*"
            if (low, high) == (1, None):
                return inner + "+"
            if (low, high) == (0, 1):
                return inner + "?"
            return inner + (f"{{{low}}}" if low == high else f"{{{low},{'' if high is None else high}}}")
    raise AssertionError(node)


# ---------------------------------------------------------------- the compiled pattern
@dataclass(frozen=True, slots=True)
class Regex:
    """``rx`` searches ``subject(text)``: with ``folded``, an ASCII-lowercased copy of the text
    (same length, so spans index the original). Python's IGNORECASE loses the fast literal
    scan (``grep -i error`` ran 7x slower); folding the text keeps it."""

    rx: re.Pattern[str]
    degree: int  # 0: linear; k: up to ~len(line) ** (k + 1) steps per line
    warnings: tuple[str, ...]
    folded: bool = False
    wide: int = 1  # alternatives tried at each position (see search_cost)

    def subject(self, text: str) -> str:
        if not self.folded:
            return text
        return text.lower() if text.isascii() else text.translate(LOWER)

    def too_costly(self, total: int, longest: int) -> bool:
        """Whether searching ``total`` characters, lines up to ``longest``, may blow the budget."""
        return self.degree > 0 and total * longest ** self.degree > BUDGET

    def charge_search(self, length: int) -> None:
        """Charge the running line for trying this pattern's alternatives over ``length`` characters."""
        if self.wide >= FREE_ALTERNATIVES:
            charge(search_cost(length, self.wide))


def translate(pattern: str, *, extended: bool, icase: bool = False, offset: int = 0,
              fold: bool = False) -> tuple[str, int, tuple[str, ...], int, int]:
    """(Python source, group count, warnings, degree, breadth) of one POSIX pattern; its groups
    are numbered after ``offset`` earlier ones."""
    parser = _Parser(pattern, extended)
    tree = parser.parse()
    return emit(tree, offset, fold), parser.groups, tuple(parser.warnings), check_risk(tree, icase), breadth(tree)


def search_cost(length: int, wide: int) -> int:
    """Budget units a search of ``length`` characters costs beyond reading them, for a pattern of
    ``wide`` alternatives: none for the few an ordinary pattern has; 680 `[ a]x|` branches over
    1 MB took 9 s."""
    return length * (wide // FREE_ALTERNATIVES)


@lru_cache(maxsize=1024)
def compile_posix(pattern: str, *, extended: bool = False, icase: bool = False, fixed: bool = False,
                  word: bool = False, line: bool = False, fold: bool = True) -> Regex:
    """One pattern, or several separated by newlines (grep's PATTERNS: any may match), compiled
    for line-local searching with ``re.MULTILINE``. ``icase`` is done by folding the subject
    unless ``fold`` is False (then by IGNORECASE: for callers that need the groups' text).
    Raises RegexError."""
    fold = fold and icase
    if len(pattern.encode("utf-8", "surrogatepass")) > MAX_PATTERN:
        raise RegexError(f"pattern refused: longer than {MAX_PATTERN} bytes")
    sources: list[str] = []
    warnings: list[str] = []
    degree = groups = wide = 0
    for part in pattern.split("\n"):  # each line of PATTERNS is one more alternative
        if fixed:
            source = re.escape(part.translate(LOWER) if fold else part)
            wide += 1
        else:
            source, count, found, deg, alternatives = translate(part, extended=extended, icase=icase, offset=groups,
                                                                fold=fold)
            groups += count
            warnings.extend(found)
            degree = max(degree, deg)
            wide += alternatives
        if word:
            source = rf"(?<!\w)(?:{source})(?!\w)"
        if line:
            source = f"^(?:{source})$"
        sources.append(source)
    full = sources[0] if len(sources) == 1 else "|".join(f"(?:{s})" for s in sources)
    flags = re.MULTILINE | re.ASCII | (re.IGNORECASE if icase and not fold else 0)
    try:
        return Regex(re.compile(full, flags), degree, tuple(warnings), fold, wide)
    except (re.error, RecursionError, OverflowError) as err:
        raise RegexError(f"pattern refused: {err}") from None
