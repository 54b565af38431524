"""Command patterns: each argument exactly once, and no two patterns that match one command.

A token of a pattern may mix literal text and arguments (``chown {u}:{g}``, ``/var/log/{s}.log``)
as long as two arguments never touch: ``{a}{b}`` could be split anywhere. A pattern may start with
a typed argument (``"{d}"`` for ``north``, ``"{c}"`` for ``b2``, ``"{n}"`` for ``7``): every value it
can take is spelled out in the command table, so the ambiguity test below decides it like any other
word. A free argument (``word``, ``text``) may not open a pattern: it would swallow other commands.
``text`` arguments (quoted strings the player types) always stand alone between spaces.

Patterns fall into three classes that the runtime tries in order, so only patterns of one class
can be ambiguous with each other:

1. exact: every argument has finitely many values; each filled phrasing is a table entry;
2. text: an action with a ``text`` argument (a quoted string), tried when no table entry matched;
3. catch-all: an action with a ``word`` argument (any single word), tried last.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from worldgen.check.overlap import Item, Piece, literal, meet
from worldgen.check.pattern_index import PatternIndex
from worldgen.errors import DiagnosticSink, Span
from worldgen.ir.models import Type
from worldgen.ir.patterns import Token, arguments, could_spell, parts, tokens
from worldgen.syntax import ast

QUOTES = "\"'"
CELL_NAME = re.compile(r"[a-z]+[1-9][0-9]*")  # how a grid cell is typed (codegen/numbers.py: cell_names)


def is_word(t: Type | None) -> bool:
    """A catch-all argument: any single word the player types."""
    return t is not None and t.kind == "str" and t.name == "word"


def is_text(t: Type | None) -> bool:
    """A quoted-text argument."""
    return t is not None and t.kind == "str" and t.name == "text"


def check_patterns(
    sink: DiagnosticSink, patterns: list[ast.Str], params: list[str], types: Mapping[str, Type] | None = None
) -> list[str]:
    """Validate one action's phrasings; returns them with single spaces and the author's
    capitalisation, which prompts and help show (matching lowercases them: ``ir.patterns.tokens``).

    ``types`` (argument name -> type) enables the rules that depend on types: a typed argument may
    open a pattern, a text argument must stand alone. Without it no argument may open a pattern."""
    types = types or {}
    out = []
    for s in patterns:
        at = Span(s.span.line, s.span.col, s.span.end_line, s.span.end_col)
        toks = tokens(s.value)
        problem = _malformed(s.value.split(), toks, types)
        if problem is not None:
            sink.error("WG414", problem, at)
            continue
        args = arguments(toks)
        unknown = [a for a in args if a not in params]
        if unknown:
            sink.error("WG208", f"pattern mentions '{{{unknown[0]}}}', which is not an argument of this action", at)
            continue
        missing = [p for p in params if p not in args]
        twice = sorted({a for a in args if args.count(a) > 1})
        if missing or twice:
            what = f"does not mention argument '{missing[0]}'" if missing else f"mentions '{{{twice[0]}}}' twice"
            sink.error("WG407", f"pattern \"{s.value}\" {what}; every argument appears exactly once", at)
            continue
        out.append(" ".join(s.value.split()))
    return out


def _malformed(raw: list[str], toks: tuple[Token, ...], types: Mapping[str, Type]) -> str | None:
    """What is wrong with the shape of a pattern (None: nothing)."""
    if not toks:
        return "a command pattern cannot be empty"
    for text, tok in zip(raw, toks):
        ps = parts(tok)
        if any(k == "word" and ("{" in w or "}" in w) for k, w in ps):
            return f"'{text}': braces in a pattern must enclose an argument name, as in \"go {{to}}\""
        for (k1, a), (k2, b) in zip(ps, ps[1:]):
            if k1 == k2 == "arg":
                return (f"'{text}': arguments '{{{a}}}' and '{{{b}}}' touch, so a command cannot say where one ends; "
                        f"put a separator between them, as in \"{{{a}}}:{{{b}}}\"")
        if tok[0] == "mixed":
            quoted = next((w for k, w in ps if k == "arg" and is_text(types.get(w))), None)
            if quoted is not None:
                return (f"'{text}': a text argument must stand alone between spaces (the player types the quotes), "
                        f"as in \"note {{{quoted}}}\"")
    kind, opener = parts(toks[0])[0]
    if kind == "arg" and (opener not in types or is_word(types[opener]) or is_text(types[opener])):
        return ("a command pattern must start with a word or a typed argument (an entity, a cell, an enum, a bool "
                "or an int), not a word or text argument: it would swallow other commands")
    return None


# ------------------------------------------------------------------------------ ambiguity
# The words an argument's values are typed as, by type (see check/overlap.py). Entity names are
# lowercase words joined by . - _ / (see the content schema); enum values are identifiers.
_LOWER = "abcdefghijklmnopqrstuvwxyz"
_DIGITS = "0123456789"
_ANY: Piece = (((None, True, True),),)
_SIGN: Item = (frozenset("-"), False, False)
_NAME: Piece = (((frozenset(_LOWER), True, False), (frozenset(_LOWER + _DIGITS + "._/-"), False, True)),)
_ENUM: Piece = (((frozenset(_LOWER + "_"), True, False), (frozenset(_LOWER + _DIGITS + "_"), False, True)),)
_QUOTED: Piece = (((frozenset(QUOTES), True, False), (None, False, True)),)
_BOOL: Piece = literal("true") + literal("false")


def _digits(spelling: str | None) -> Piece:
    digits = frozenset({"octal": "01234567", "hex": _DIGITS + "abcdef"}.get(str(spelling), _DIGITS))
    number = (_SIGN, (digits, True, True))
    if spelling == "hex":  # ff or 0xff
        return number, (_SIGN, (frozenset("0"), True, False), (frozenset("x"), True, False), (digits, True, True))
    return (number,)


def _shape(t: Type | None) -> Piece:
    if t is None or is_word(t):
        return _ANY
    if is_text(t):
        return _QUOTED
    match t.kind:
        case "int":
            return _digits(t.name)
        case "bool":
            return _BOOL
        case "enum":
            return _ENUM
        case "entity":
            return _NAME
    return _ANY


def _pieces(tok: Token, types: Mapping[str, Type]) -> list[Piece]:
    return [_shape(types.get(w)) if k == "arg" else literal(w) for k, w in parts(tok)]


def _overlap(a: Token, b: Token, ta: Mapping[str, Type], tb: Mapping[str, Type], grids: frozenset[str] = frozenset()) -> bool:
    """Can token ``a`` and token ``b`` match the same typed word?

    Two words are equal or not; a word against a lone argument depends on the argument's values
    (an int argument can be typed as ``42``, a bool as ``true``; entity names never equal command
    words), and two lone arguments overlap when their types are one. Every other pair, where a
    token mixes literal text and arguments, is decided exactly on the shapes of the words the
    arguments are typed as (check/overlap.py): ``cat {f}`` meets ``cat {f}.log``, since a name
    may be ``nginx.log``, while ``'{n}s/x/y/'`` never meets ``'s/x{n}/y/'``."""
    if a[0] != "word" and b[0] == "word":
        a, b, ta, tb = b, a, tb, ta
    if a[0] == "word" and b[0] == "word":
        return a[1] == b[1]
    if a[0] == "word" and b[0] == "arg":
        return _arg_matches_word(tb.get(b[1]), a[1], grids)
    if a[0] == "arg" and b[0] == "arg":
        x, y = ta.get(a[1]), tb.get(b[1])
        if is_word(x) or is_word(y) or x is None or y is None:
            return True
        return x.same(y) and is_text(x) == is_text(y)
    return meet(_pieces(a, ta), _pieces(b, tb))


def _arg_matches_word(t: Type | None, word: str, grids: frozenset[str] = frozenset()) -> bool:
    if t is None:
        return False
    if is_word(t):
        return True
    if is_text(t):
        return word[:1] in QUOTES
    if t.kind == "int":
        return could_spell(t.name, word)
    if t.kind == "bool":
        return word in ("true", "false")
    if t.kind == "entity" and t.name in grids:  # a cell is named by its column letters and row: b2, aa10
        return CELL_NAME.fullmatch(word) is not None
    return False  # entity names never equal command words (a content rule); enums: checked by value


def pattern_class(types: Mapping[str, Type]) -> int:
    """0 exact, 1 text, 2 catch-all: the order in which the runtime tries them."""
    values = list(types.values())
    return 2 if any(map(is_word, values)) else 1 if any(map(is_text, values)) else 0


def find_ambiguities(
    sink: DiagnosticSink,
    config: list[tuple[ast.ActionDecl, list[tuple[ast.Str, str | None]]]],
    arg_types: Callable[[ast.ActionDecl], dict[str, Type]],
    grids: frozenset[str] = frozenset(),
    case_sensitive: bool = False,
) -> None:
    """Report pairs of patterns of different actions that can match one command (told apart by
    case too when ``case_sensitive``: a terminal world's shell takes commands as typed).

    Each pattern carries its origin (None, or "axis=alternative" when an alternative brought it);
    a clash is reported at the pattern an alternative brought, so the caret points at the change.
    Patterns of different classes (see the module docstring) never clash: the runtime tries an
    exact command first, then quoted text, then catch-alls. ``grids`` names the grid entities, whose
    cells are named in commands as ``b2`` (a word like that meets a cell argument)."""
    seen: PatternIndex[tuple[ast.ActionDecl, ast.Str, str | None, tuple[Token, ...], dict[str, Type]]] = PatternIndex()
    for action, patterns in config:
        types = arg_types(action)
        cls = pattern_class(types)
        for s, origin in patterns:
            toks = tokens(s.value, not case_sensitive)
            for other, os, oorigin, otoks, otypes in seen.candidates(cls, toks):
                if not all(_overlap(x, y, types, otypes, grids) for x, y in zip(toks, otoks)):
                    continue
                if other is action and toks == otoks:
                    sink.error("WG415", f"duplicate command pattern \"{s.value}\"" + _with(origin), s.span)
                elif other is not action:  # two phrasings of one action may overlap: they mean the same thing
                    here, there = (s, action, origin), (os, other, oorigin)
                    if origin is None and oorigin is not None:
                        here, there = there, here
                    (hs, ha, ho), (ts, ta, to) = here, there
                    sink.error(
                        "WG415",
                        f"command pattern \"{hs.value}\" (action {ha.name}) can match the same command as "
                        f"\"{ts.value}\" (action {ta.name}, line {ts.span.line})" + _with(*(o for o in (ho, to) if o)),
                        hs.span,
                    )
            seen.add(cls, toks, (action, s, origin, toks, types))


def _with(*origins: str | None) -> str:
    named = sorted({o for o in origins if o})
    return f" when {' and '.join(named)}" if named else ""
