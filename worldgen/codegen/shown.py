"""Text the rules render for the agent, kept from raising: a template whose rule fails (an index
past a list's end, a def's text over its limit) shows the error in its place.

The model checker follows signals and effects, not text; `verify`'s ``rule_errors`` check then
renders every reachable state's observation with the strict function (``Rules.strict``) and
rejects a world where one fails. A world that skipped `verify` still never stops mid-episode.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from worldgen.codegen.names import RULE_ERRORS

T = TypeVar("T")


def unshown(err: Exception) -> str:
    """What the agent sees where a text could not be rendered."""
    return f"[the rules cannot render this text: {err}]"


def shown(render: Callable[..., T]) -> Callable[..., T | str]:
    """``render`` (an observation, an instruction, a refusal's message), with a rule error shown as
    text instead of raised."""
    def safe(*args: Any) -> T | str:
        try:
            return render(*args)
        except RULE_ERRORS as err:
            return unshown(err)
    return safe
