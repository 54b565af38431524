"""Commands with typed arguments (`word`, `text`): matched by regular expression, not the table.

An argument of type `word` (any single word) or `text` (a quoted string) has no finite domain:
its value is what the player typed. Such actions are matched by a regular expression after the
command table fails, and the value is passed to the generated functions as a str.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from worldgen.ir.models import Action, Type
from worldgen.ir.patterns import normalize, parts, spell, tokens, unpadded


@dataclass(frozen=True)
class Fallback:
    """One phrasing of an action with typed arguments, as a regular expression over the command
    as typed (case kept). ``decode`` says, per argument, how its value is read from the match:
    ("word", group), ("text", double-quoted group, single-quoted group) or ("finite", group,
    normalised spelling -> value)."""

    action: int
    regex: re.Pattern[str]
    decode: tuple[tuple[Any, ...], ...]


def free_rank(action: Action) -> int:
    """0: every argument is finite (table only); 1: a `text` argument; 2: a `word` argument."""
    names = {p.type.name for p in action.params if p.type.kind == "str"}
    return 2 if "word" in names else 1 if "text" in names else 0


def spellings(t: Type, v: Any, canonical: str) -> tuple[str, ...]:
    """Every text that stands for the argument value ``v`` in a command; the first is canonical.
    A bool is typed ``true``/``false`` and also as worlds show it, ``yes``/``no``: a file's text
    shows ``DEBUG=yes``, so a write of that text (``sed -i`` on another line) must read it back."""
    if t.kind == "int" and t.name is not None:
        return spell(t.name, v)
    if t.kind == "bool":
        return (canonical, "yes" if v else "no")
    return (canonical,)


def fallbacks_of(ai: int, action: Action, arg_domains: Callable[[Type], list[Any]],
               arg_text: Callable[[Type, Any], str]) -> list[Fallback]:
    """One regular expression per phrasing of an action with `word`/`text` arguments."""
    decode: list[tuple[Any, ...]] = []
    pieces: dict[str, str] = {}
    for i, p in enumerate(action.params):
        if p.type.kind == "str" and p.type.name == "word":
            decode.append(("word", f"a{i}"))
            pieces[p.name] = rf"(?P<a{i}>\S+?)"
        elif p.type.kind == "str":
            decode.append(("text", f"a{i}d", f"a{i}s"))
            pieces[p.name] = f"(?:\"(?P<a{i}d>[^\"]*)\"|'(?P<a{i}s>[^']*)')"
        else:
            values = {normalize(text): v for v in arg_domains(p.type) for text in spellings(p.type, v, arg_text(p.type, v))}
            number = p.type.kind == "int"
            if number:  # typed with or without leading zeros, as in the command table
                values.update({unpadded(text): v for text, v in list(values.items())})
            decode.append(("finite", f"a{i}", values))
            alts = "|".join(_padded(text) if number else _loose(text) for text in sorted(values, key=lambda x: (-len(x), x)))
            pieces[p.name] = f"(?P<a{i}>{alts or '(?!)'})"
    out = []
    for pattern in action.patterns:
        words = ["".join(pieces[w] if k == "arg" else _loose(w) for k, w in parts(tok)) for tok in tokens(pattern)]
        regex = re.compile(r"\s*" + r"\s+".join(words) + r"\s*", re.IGNORECASE | re.DOTALL)
        out.append(Fallback(ai, regex, tuple(decode)))
    return out


def _padded(number: str) -> str:
    """An int as typed, as a regex that also takes leading zeros between the sign and a digit
    (5: 05, 005), as ``unpadded`` drops them (hex ``ff`` takes none)."""
    sign, digits = ("-", number[1:]) if number.startswith("-") else ("", number)
    return re.escape(sign) + ("0*" if digits[:1].isdigit() else "") + re.escape(digits)


def _loose(text: str) -> str:
    """Literal text as a regex: any run of spaces matches any run of whitespace."""
    return r"\s+".join(re.escape(w) for w in text.split(" "))


def match_fallback(fallbacks: Sequence[Fallback], command: str) -> tuple[int, tuple[Any, ...]] | None:
    """(action index, argument values) of the first typed-argument phrasing ``command`` matches.

    A `word` argument's value is the word in lowercase (commands are case-insensitive); a `text`
    argument's value is the quoted text exactly as typed, without its quotes."""
    for f in fallbacks:
        m = f.regex.fullmatch(command)
        if m is None:
            continue
        args: list[Any] = []
        for how in f.decode:
            if how[0] == "word":
                args.append(m.group(how[1]).lower())
            elif how[0] == "text":
                double = m.group(how[1])
                args.append(double if double is not None else m.group(how[2]))
            else:
                typed, values = normalize(m.group(how[1])), how[2]
                args.append(values[typed] if typed in values else values[unpadded(typed)])
        return f.action, tuple(args)
    return None
