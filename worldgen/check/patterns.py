"""Command patterns: each argument exactly once, and no two patterns that match one command."""

from __future__ import annotations

from collections.abc import Callable

from worldgen.errors import DiagnosticSink, Span
from worldgen.ir.models import Type
from worldgen.ir.patterns import tokens
from worldgen.syntax import ast


def check_patterns(sink: DiagnosticSink, patterns: list[ast.Str], params: list[str]) -> list[str]:
    """Validate one action's phrasings; returns them normalised (lowercase words, single spaces)."""
    out = []
    for s in patterns:
        at = Span(s.span.line, s.span.col, s.span.end_line, s.span.end_col)
        toks = tokens(s.value)
        if not toks:
            sink.error("WG414", "a command pattern cannot be empty", at)
            continue
        bad = next((w for k, w in toks if k == "word" and ("{" in w or "}" in w)), None)
        if bad is not None:
            sink.error("WG414", f"'{bad}': an argument must stand alone between spaces, as in \"go {{to}}\"", at)
            continue
        if toks[0][0] == "arg":
            sink.error("WG414", "a command pattern must start with a word, not an argument", at)
            continue
        args = [w for k, w in toks if k == "arg"]
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
        out.append(" ".join(f"{{{w}}}" if k == "arg" else w for k, w in toks))
    return out


def _overlap(a: tuple[str, str], b: tuple[str, str], ta: dict[str, Type], tb: dict[str, Type]) -> bool:
    """Can token ``a`` and token ``b`` match the same typed word?"""
    if a[0] == "word" and b[0] == "word":
        return a[1] == b[1]
    if a[0] == "arg" and b[0] == "arg":
        x, y = ta.get(a[1]), tb.get(b[1])
        return x is None or y is None or x.same(y)
    arg, word, types = (a, b, ta) if a[0] == "arg" else (b, a, tb)
    t = types.get(arg[1])
    if t is None:
        return False
    if t.kind == "int":
        return word[1].lstrip("-").isdigit()
    if t.kind == "bool":
        return word[1] in ("true", "false")
    return False  # entity names never equal command words (a content rule); enums: checked by value


def find_ambiguities(
    sink: DiagnosticSink,
    config: list[tuple[ast.ActionDecl, list[tuple[ast.Str, str | None]]]],
    arg_types: Callable[[ast.ActionDecl], dict[str, Type]],
) -> None:
    """Report pairs of patterns of different actions that can match one command.

    Each pattern carries its origin (None, or "axis=alternative" when an alternative brought it);
    a clash is reported at the pattern an alternative brought, so the caret points at the change.
    """
    seen: list[tuple[ast.ActionDecl, ast.Str, str | None, tuple[tuple[str, str], ...], dict[str, Type]]] = []
    for action, patterns in config:
        types = arg_types(action)
        for s, origin in patterns:
            toks = tokens(s.value)
            for other, os, oorigin, otoks, otypes in seen:
                if len(toks) != len(otoks) or not all(_overlap(x, y, types, otypes) for x, y in zip(toks, otoks)):
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
            seen.append((action, s, origin, toks, types))


def _with(*origins: str | None) -> str:
    named = sorted({o for o in origins if o})
    return f" when {' and '.join(named)}" if named else ""
