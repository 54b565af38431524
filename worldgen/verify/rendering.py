"""What the agent is shown, rendered: the observation in every reachable state; the instruction
and, in a terminal world, each file's text and properties in the start state.

The explorer follows signals and effects, not text, so a template or file whose rule fails in
some state (an index past a list's end, a text over its limit) would pass every other check and
then meet the agent mid-episode, or stop a real shell's tree from being written. The
``rule_errors`` check rejects such a world with the first state (BFS order) and what failed.
Files are rendered at the start only: every state's files cost a terminal world 10-20x its
whole verify (logs: 1.5 -> 29.6 ms a world). A file that fails only later is an input/output
error on that file in the emulator (terminal/layout.py); the real face stops with the file named.
"""

from __future__ import annotations

from typing import Any

from worldgen.codegen.names import RULE_ERRORS
from worldgen.verify.context import Context

FILE_PROPERTIES = ("text", "mode", "owner", "group", "exists", "mtime")


def unrendered(ctx: Context) -> tuple[int, str, str] | None:
    """(state index, what could not be rendered, the rule error) of the first failure, if any."""
    assert ctx.rules.strict is not None
    observe, instruction = ctx.rules.strict
    files = list(ctx.rules.layout.files.values()) if ctx.rules.layout is not None else []
    for i, state in enumerate(ctx.graph.states):
        s = list(state)
        what = "the observation"
        try:
            observe(s)
            if i == 0:
                what = "the instruction"
                instruction(s)
                for f in files:
                    what = f"the file {f.path}"
                    _render_file(f, s)
        except RULE_ERRORS as err:
            return i, what, str(err)
    return None


def _render_file(f: Any, s: list[Any]) -> None:
    for prop in FILE_PROPERTIES:
        fn = getattr(f, prop)
        if fn is not None:
            fn(s, *f.args)
