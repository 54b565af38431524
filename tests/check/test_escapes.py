"""A backslash a string does not know is read as the character after it: check warns (WG503)."""

from __future__ import annotations

import worldgen

SOURCE = 'world w {{\n  state {{ n: int in 0..1 = 0 }}\n  action a "a" {{ do n = 1 }}\n  observe {text}\n  done when n == 1\n}}\n'


def warnings_of(text: str) -> list[str]:
    scaffold = worldgen.loads(SOURCE.format(text=text), "w.wg")
    return [f"{w.span.line}:{w.span.col} {w.message}" for w in scaffold.warnings if w.code == "WG503"]


def test_an_unknown_escape_is_warned_about_where_its_backslash_is() -> None:
    assert warnings_of('"a\\rb \\d"') == [
        "4:13 '\\r' is no escape: the text has 'r' alone (escapes: \\n \\t \\\" \\' \\\\; a backslash itself is \\\\)",
        "4:17 '\\d' is no escape: the text has 'd' alone (escapes: \\n \\t \\\" \\' \\\\; a backslash itself is \\\\)"]


def test_known_escapes_and_an_escaped_backslash_are_silent() -> None:
    assert warnings_of('"a\\n\\t\\"\\\' \\\\d"') == []


def test_a_line_of_a_triple_quoted_string_is_placed_on_its_own_line() -> None:
    assert warnings_of('"""\n    one\n    t\\wo"""') == [
        "6:6 '\\w' is no escape: the text has 'w' alone (escapes: \\n \\t \\\" \\' \\\\; a backslash itself is \\\\)"]
