"""Brace expansion: ``a{b,c}d`` -> ``abd acd``, ``{1..5}``, ``{01..10..3}``, ``{a..e}``.

It is the first expansion bash makes and a purely textual one, so it happens once, when a line is
parsed: a command's words and a ``for`` loop's words become as many words as their braces make
(an assignment's value, a case pattern, a here-document and anything quoted keep theirs as typed).
A word is read as a row of *atoms*: each character of unquoted text is one (it may be a brace or a
comma), and each quoted piece or ``$`` expansion is one opaque atom, so ``{"a,b",c}`` makes
``a,b`` and ``c``, and ``${x}`` is never a brace. The first ``{`` that opens a list (a comma at its
own depth) or a sequence is expanded, each alternative with what comes before and after it, and
the results expanded again, in bash's order (``{a,b}{1,2}``: a1 a2 b1 b2); a ``{`` that opens
neither stays as typed. Words that come out empty are dropped, as unquoted empty words are.
"""

from __future__ import annotations

import re

from worldgen.shell import limits
from worldgen.shell.ast import Lit, Part, Tilde, Word, make_word
from worldgen.shell.builtins.options import INTMAX
from worldgen.shell.errors import ParseError

Atom = str | Part  # one character of unquoted text, or one opaque part

_NUMBERS = re.compile(r"([-+]?[0-9]+)\.\.([-+]?[0-9]+)(?:\.\.([-+]?[0-9]+))?")
_LETTERS = re.compile(r"([A-Za-z])\.\.([A-Za-z])(?:\.\.([-+]?[0-9]+))?")
_TILDE_USER = re.compile(r"~([A-Za-z0-9_.-]*)(?=/|$)")


MAX_WORK = 500_000  # atoms scanned while expanding one word: a hostile line ends in bounded time


def expand(word: Word) -> tuple[Word, ...]:
    """The words ``word`` makes (itself alone when it has no brace to expand). Raises
    ``ParseError`` past ``limits.MAX_BRACE`` words (or as much work)."""
    if not any(type(p) is Lit and not p.quoted and "{" in p.text for p in word.parts):
        return (word,)
    atoms: list[Atom] = []
    for p in word.parts:
        if type(p) is Lit and not p.quoted:
            atoms.extend(p.text)
        else:
            atoms.append(p)
    made = _Expansion(word.text)
    made.expand(atoms)
    if len(made.rows) == 1 and made.rows[0] == atoms:
        return (word,)
    return tuple(_word(row, word.text) for row in made.rows if row)


class _Expansion:
    def __init__(self, typed: str):
        self.typed = typed
        self.rows: list[list[Atom]] = []
        self.work = 0

    def expand(self, atoms: list[Atom]) -> None:
        """Append the rows ``atoms`` expands to: the first brace that opens a list or a sequence
        is replaced by each of its alternatives in turn, and each result expanded again."""
        self.work += len(atoms)
        if self.work > MAX_WORK or len(self.rows) > limits.MAX_BRACE:
            raise ParseError(limits.brace_message(self.typed))
        for start, close, comma in _braces(atoms):
            if not comma and close - start > 65:  # a sequence is short: no need to look inside
                continue
            alternatives = _alternatives(atoms[start + 1:close], comma)
            if alternatives is not None:
                before, after = atoms[:start], atoms[close + 1:]
                for alternative in alternatives:
                    self.expand(before + alternative + after)
                return
        self.rows.append(atoms)


def _braces(atoms: list[Atom]) -> list[tuple[int, int, bool]]:
    """(open, close, has a comma at its own depth) of every pair of braces, by where it opens:
    one pass, however deep they nest."""
    found: list[tuple[int, int, bool]] = []
    stack: list[list] = []  # [open index, comma seen]
    for i, atom in enumerate(atoms):
        if atom == "{":
            stack.append([i, False])
        elif atom == "}" and stack:
            start, comma = stack.pop()
            found.append((start, i, comma))
        elif atom == "," and stack:
            stack[-1][1] = True
    found.sort()
    return found


def _alternatives(inner: list[Atom], comma: bool) -> list[list[Atom]] | None:
    """What the braces around ``inner`` stand for: its comma-separated pieces, or a sequence's
    terms; None when they stand for neither (then they are text)."""
    if comma:
        pieces: list[list[Atom]] = [[]]
        depth = 0
        for atom in inner:
            if atom == "{":
                depth += 1
            elif atom == "}":
                depth -= 1
            elif atom == "," and depth == 0:
                pieces.append([])
                continue
            pieces[-1].append(atom)
        return pieces
    if not all(type(a) is str for a in inner):
        return None
    terms = sequence("".join(inner))  # type: ignore[arg-type]
    return None if terms is None else [list(t) for t in terms]


def sequence(text: str) -> list[str] | None:
    """The terms of ``X..Y[..STEP]`` (numbers, zero-padded when an end is; or single letters),
    or None when ``text`` is no sequence."""
    m = _NUMBERS.fullmatch(text)
    if m is not None:
        first, last = int(m.group(1)), int(m.group(2))
        if any(abs(int(n)) > INTMAX for n in m.groups() if n is not None):  # past bash's intmax_t: text
            return None
        numbers = _steps(first, last, m.group(3))
        if (abs(last - first) // numbers.step) + 1 > limits.MAX_BRACE:  # counted before one is made
            raise ParseError(limits.brace_message("{" + text + "}"))
        ends = (m.group(1).lstrip("+-"), m.group(2).lstrip("+-"))
        padded = any(len(e) > 1 and e[0] == "0" for e in ends)
        width = max(len(m.group(1)), len(m.group(2))) if padded else 0
        return [f"{n:0{width}d}" for n in numbers]
    m = _LETTERS.fullmatch(text)
    if m is not None:
        return [chr(c) for c in _steps(ord(m.group(1)), ord(m.group(2)), m.group(3))]
    return None


def _steps(first: int, last: int, step: str | None) -> range:
    """``first`` to ``last`` inclusive, either way, by the step's size (its sign is ignored, 0 is 1)."""
    size = abs(int(step)) if step else 1
    size = size or 1
    return range(first, last + 1, size) if first <= last else range(first, last - 1, -size)


def _word(row: list[Atom], typed: str) -> Word:
    """One expanded word from its atoms: runs of characters as unquoted text again (a leading
    ``~`` a tilde, as bash reads it after brace expansion)."""
    parts: list[Part] = []
    text: list[str] = []
    for atom in row:
        if type(atom) is str:
            text.append(atom)
            continue
        if text:
            parts.append(Lit("".join(text)))
            text = []
        parts.append(atom)  # type: ignore[arg-type]
    if text:
        parts.append(Lit("".join(text)))
    first = parts[0]
    if type(first) is Lit and not first.quoted and (m := _TILDE_USER.match(first.text)):
        rest = first.text[m.end():]
        parts[0:1] = [Tilde(m.group(1))] + ([Lit(rest)] if rest else [])
    return make_word(parts, typed)
