"""Catalogue entry ``noisy_view``: an observation alternative whose readings are lost at random.

With probability ``GARBLE`` after each step every value the view shows (each ``{hole}`` of the
base ``observe`` template) reads ``?``, while the words around them stay: the agent must act on
a view it cannot always trust, or look again. The draw is a seeded coin (``flywheel.coin``).
"""

from __future__ import annotations

from worldgen.flywheel import placement
from worldgen.flywheel.coin import coin
from worldgen.flywheel.edits import Change, offset
from worldgen.syntax import ast

GARBLE = 0.3


def noisy_view(source: str, tree: ast.World) -> list[Change]:
    observe = next((d for d in tree.decls if isinstance(d, ast.ObserveDecl)), None)
    hosts = placement.of_component(tree, "observation")
    if observe is None or "{" not in observe.text.raw.replace("{{", "") or len(hosts) > 1:
        return []  # nothing shown to garble, or two observation axes already (a third would override them)
    drawn = coin(source, tree, "glimpse", GARBLE)
    if drawn is None:
        return []
    var, edits = drawn
    quote = source[offset(source, observe.text.span.line, observe.text.span.col)] * observe.text.quote
    inner = "'" if quote != "'" else '"'
    template = garbled(observe.text.raw, var, inner)
    host = hosts[0] if hosts else None
    alt = placement.alternative_name(host, "noisy")
    edit, axis = placement.alternative(source, tree, host, "view", "observation",
                                       f"{alt} {{ observe {quote}{template}{quote} }}", "a noisy observation")
    return [("noisy_view", [*edits, edit],
             f"axis {axis}: alternative {alt}: the view's values read '?' with probability {GARBLE:g} after each step")]


def garbled(raw: str, var: str, quote: str) -> str:
    """Template ``raw`` with each hole ``{E}`` shown only while ``var`` holds: ``{if var then
    text(E) else '?'}`` (``quote``: the string quote a hole of this template uses)."""
    out, at = [], 0
    while at < len(raw):
        if raw.startswith(("{{", "}}"), at):
            out.append(raw[at:at + 2])
            at += 2
        elif raw[at] == "{":
            end = _hole_end(raw, at)
            out.append(f"{{if {var} then text({raw[at + 1:end]}) else {quote}?{quote}}}")
            at = end + 1
        else:
            out.append(raw[at])
            at += 1
    return "".join(out)


def _hole_end(raw: str, start: int) -> int:
    """The index of the ``}`` closing the hole opened at ``start`` (strings inside it skipped)."""
    depth, at = 0, start
    while at < len(raw):
        char = raw[at]
        if char in "\"'":
            at = raw.index(char, at + 1)
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return at
        at += 1
    raise ValueError("unclosed hole")

