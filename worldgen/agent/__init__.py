"""What an LLM agent sees of a world and how its replies become commands.

The same prompt and reply parsing ``worldgen rollout --policy openai:`` uses, public so that a
trainer's own loop (TRL, verifiers, SkyRL, a hand-written one) treats a chatty model exactly as
worldgen's rollouts do:

    >>> prompt = world.system_prompt()                 # rules of play, goal, command syntax
    >>> command = parse_command(reply, info["admissible"])
"""

from __future__ import annotations

from collections.abc import Iterable

from worldgen.agent.commands import clean
from worldgen.agent.episode import Episode
from worldgen.agent.commands import parse_command as _parse_known
from worldgen.agent.prompt import RULES, command_help, system_prompt
from worldgen.ir.patterns import normalize


def parse_command(reply: str, admissible: Iterable[str]) -> str:
    """The command to send for a model's ``reply``.

    ``admissible`` holds the commands the world accepts now (``info["admissible"]``) or any
    larger set it knows. A reply line that is exactly one of them wins; failing that, the longest
    one named inside the reply; failing that, the reply's first cleaned line is returned as is, so
    the world answers with its invalid message (the honest outcome of an unparseable reply).
    """
    return _parse_known(reply, {normalize(c) for c in admissible})


__all__ = ["Episode", "RULES", "clean", "command_help", "parse_command", "system_prompt"]
