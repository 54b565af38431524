"""A writable world file an agent cannot edit in place: in the first goal state the model checker
finds, the file's text (what ``cat`` shows) is not a text its ``when write`` takes. Then ``sed
-i``, an editor, or ``cp`` of a correct copy over it is refused, and only a write of the exact
template wins: the oracle and the fidelity corpus (which write the world's own ``printf`` lines)
never notice. A new user's INI file began with a ``;`` comment its write texts left out; every
edit was refused. ``worldgen check`` warns from the draws its estimate explores."""

from __future__ import annotations

from typing import Any

from worldgen.codegen.names import RULE_ERRORS
from worldgen.terminal.worldfs import accepted


def uneditable(rules: Any, graph: Any) -> str | None:
    """Why a writable file of the explored world is not editable in its first goal state, or None."""
    layout = rules.layout
    if layout is None or not any("write" in f.spec.hooks for f in layout.files.values()):
        return None
    goal = next((i for i, done in enumerate(graph.done) if done), None)
    if goal is None:
        return None
    state = list(graph.states[goal])
    for f in layout.files.values():
        if "write" not in f.spec.hooks:
            continue
        try:
            if f.exists is not None and not f.exists(state, *f.args):
                continue
            text = str(f.text(state, *f.args))
        except RULE_ERRORS:
            continue
        if accepted(f, text) is None:
            return (f"{f.path}: its text in a goal state is not one its `when write` takes, so an edit in place "
                    "(sed -i, an editor, cp of a correct copy) is refused; let the written texts cover every line of "
                    "the file's text (comments count, unless they start with '#')")
    return None
