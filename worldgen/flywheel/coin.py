"""A seeded coin for proposals that need run-time noise the rules themselves cannot hold.

Templates and reward amounts read state, never ``chance``; so a noisy view or a noisy payment
reads a bool that ``every step`` re-draws with ``chance(P)`` from the episode's seeded stream. The
coin is added to the base (a new state variable and a clause of the world's one ``every step``
block), and only the proposed alternative reads it.
"""

from __future__ import annotations

from worldgen.flywheel.edits import Edit, block, inside_end
from worldgen.flywheel.placement import numbered
from worldgen.syntax import ast


def declared(tree: ast.World) -> set[str]:
    """Every name the scaffold declares, so a new one can avoid them all."""
    names: set[str] = set()
    for d in tree.decls:
        names.update(getattr(d, "members", []))
        if isinstance(d, ast.StateDecl):
            names.update(v.name for v in d.vars)
        elif isinstance(getattr(d, "name", None), str):
            names.add(d.name)
    return names


def coin(source: str, tree: ast.World, name: str, heads: float) -> tuple[str, list[Edit]] | None:
    """A fresh bool state variable that is false with probability ``heads`` after every step the
    agent's action happens (true at reset), and the edits that add it; None for a scaffold with
    no ``state`` block."""
    state = next((d for d in tree.decls if isinstance(d, ast.StateDecl)), None)
    if state is None:
        return None
    var = numbered(name, declared(tree))
    draw = f"chance({heads:g}) {{ do {var} = false }} else {{ do {var} = true }}"
    every = next((d for d in tree.decls if isinstance(d, ast.EveryDecl)), None)
    if every is not None:
        moves = inside_end(source, every.span, draw)
    else:
        _, close = block(source, state.span)
        line_end = source.find("\n", close)
        at = len(source) if line_end < 0 else line_end
        moves = Edit(at, at, f"\n\n  # proposed: a coin for the noise\n  every step {{ {draw} }}")
    return var, [inside_end(source, state.span, f"{var}: bool = true"), moves]
