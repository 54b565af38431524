"""Command patterns: ``"go {to}"`` -> tokens, and how argument values are spelled in commands.

Shared by the checker (which validates patterns), the code generator (which fills them for every
argument binding) and the runtime (which matches what the agent types).

A pattern is split on spaces into tokens of three kinds:

* ``("word", "cat")``: literal text, lowercased (commands are matched case-insensitively);
* ``("arg", "f")``: a token that is exactly one ``{argument}``;
* ``("mixed", parts)``: literal text and arguments glued together, as in ``/var/log/{s}.log``;
  ``parts`` is a tuple of ``("word", text)`` and ``("arg", name)`` pieces in order.

Every token is a 2-tuple, so code that only knows words and arguments can still unpack it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

_ARG = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_PADDING = re.compile(r"(?<![\d.])0+(?=\d)")  # the leading zeros of a number: digits not after a digit or a .

Part = tuple[str, str]  # ("word", text) or ("arg", name)
Token = tuple[str, Any]  # ("word", text), ("arg", name) or ("mixed", tuple[Part, ...])

# How an `int in LO..HI as NAME` argument is written: (canonical, other accepted spellings).
# The canonical spelling is the one listed in info["admissible"].
SPELLINGS = ("octal", "hex")
QUOTED_PLACEHOLDER = '"..."'  # how a text argument is shown in its one listed command


def normalize(command: str) -> str:
    """How typed commands are compared: case-insensitive, whitespace collapsed."""
    return " ".join(command.lower().split())


def spaced(command: str) -> str:
    """How a terminal world's shell lines are compared: whitespace collapsed, case kept (the
    shell has read the quoting already)."""
    return " ".join(command.split())


def unpadded(command: str) -> str:
    """``command`` with the leading zeros of its numbers dropped: ``sleep 05`` -> ``sleep 5``,
    ``cut -f05`` -> ``cut -f5``, ``chmod 0640 f`` -> ``chmod 640 f``, ``-007`` -> ``-7``. A number is a
    run of digits that does not follow a ``.`` (``1.05`` and ``0x1f`` keep their zeros).

    A command the table does not hold is looked up again unpadded (``find_unpadded``), so an int
    argument may be typed with leading zeros (``05`` for 5) and an octal one without them (``10``
    for 010)."""
    return _PADDING.sub("", command)


Forms = dict[str, "int | None"]  # unpadded command -> its binding, None when two bindings share it


def unpadded_forms(table: dict[str, int], decimal: Callable[[int], bool]) -> Forms:
    """The unpadded forms of a command table's commands (normalised command -> binding) that
    differ from the command: ``chmod 010 f`` -> ``chmod 10 f``. A form that two bindings share
    (``open f-01`` and ``open f-1`` both give ``open f-1``) maps to None: it could mean either.
    Only bindings whose numbers are ``decimal`` have forms: the digits of a hex argument are not a
    number of their own (``a05`` is not ``a5``)."""
    forms: Forms = {}
    for command, binding in table.items():
        form = unpadded(command)
        if form != command and decimal(binding):
            forms[form] = binding if forms.get(form, binding) == binding else None
    for form, binding in forms.items():
        listed = table.get(form)
        if listed is not None and listed != binding:
            forms[form] = None
    return forms


def find_unpadded(table: dict[str, int], forms: Forms, command: str) -> int | None:
    """The binding of a normalised command the table does not hold, read with its numbers
    unpadded (``set 05`` is ``set 5``, ``chmod 10 f`` is ``chmod 010 f``); None when it has none,
    or more than one."""
    form = unpadded(command)
    return forms[form] if form in forms else table.get(form)


@lru_cache(maxsize=4096)
def tokens(pattern: str, fold: bool = True) -> tuple[Token, ...]:
    """Split a pattern into tokens, its words lowercased unless ``fold`` is False (a terminal
    world's commands are typed case and all: `-t` is not `-T`). Cached: every world of a suite
    fills the same patterns for every argument binding."""
    return tuple(_token(tok, fold) for tok in pattern.split())


def _token(tok: str, fold: bool) -> Token:
    whole = _ARG.fullmatch(tok)
    if whole:
        return ("arg", whole.group(1))
    word = str.lower if fold else str
    parts: list[Part] = []
    at = 0
    for m in _ARG.finditer(tok):
        if m.start() > at:
            parts.append(("word", word(tok[at : m.start()])))
        parts.append(("arg", m.group(1)))
        at = m.end()
    if not parts:
        return ("word", word(tok))
    if at < len(tok):
        parts.append(("word", word(tok[at:])))
    return ("mixed", tuple(parts))


def parts(token: Token) -> tuple[Part, ...]:
    """A token as a sequence of word and argument pieces (a plain token is one piece)."""
    return token[1] if token[0] == "mixed" else (token,)  # type: ignore[return-value]


def arguments(toks: tuple[Token, ...]) -> list[str]:
    """The argument names a pattern mentions, in order, repeats included."""
    return [name for tok in toks for kind, name in parts(tok) if kind == "arg"]


def spell(spelling: str | None, value: int) -> tuple[str, ...]:
    """Every way a command may write the int ``value`` under ``spelling``; the first is canonical.

    octal: three digits at least ("750"), or with a leading zero ("0750");
    hex: lowercase digits ("ff"), or with "0x" ("0xff"); no spelling: decimal."""
    sign, v = ("-", -value) if value < 0 else ("", value)
    match spelling:
        case "octal":
            digits = f"{v:03o}"
            return f"{sign}{digits}", f"{sign}0{digits}"
        case "hex":
            digits = f"{v:x}"
            return f"{sign}{digits}", f"{sign}0x{digits}"
    return (str(value),)


def could_spell(spelling: str | None, word: str) -> bool:
    """Could ``word`` be an int written under ``spelling``? (for the checker's ambiguity test)"""
    digits = word[1:] if word.startswith("-") else word
    match spelling:
        case "octal":
            return bool(digits) and all(c in "01234567" for c in digits)
        case "hex":
            digits = digits[2:] if digits.startswith("0x") else digits
            return bool(digits) and all(c in "0123456789abcdef" for c in digits)
    return digits.isdigit()
