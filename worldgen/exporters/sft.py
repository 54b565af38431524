"""Oracle walkthroughs as chat-format supervised fine-tuning data: one ``{"messages": [...]}`` per world.

The conversation is exactly what the ``openai:MODEL`` rollout policy sees when it plays the same
world (``worldgen.agent.prompt.system_prompt``; observations as user turns; one command per
assistant turn), so a model fine-tuned on it is evaluated under the prompt it was trained on. The
transcript ends with the assistant's last (solving) command: nothing after it is for the model to
learn. Lines carry nothing but ``messages``, which every chat fine-tuning loader accepts.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from worldgen.exporters.walkthrough import oracle_episode
from worldgen.files import write_atomic
from worldgen.agent.prompt import system_prompt
from worldgen.rollouts.sources import Entry


def sft_messages(entry: Entry) -> list[dict[str, str]]:
    """The chat of the oracle solving ``entry``'s world."""
    session = oracle_episode(entry)
    messages = [
        {"role": "system", "content": system_prompt(entry.world, session.instruction)},
        {"role": "user", "content": session.start},
    ]
    for i, turn in enumerate(session.turns):
        if i:
            messages.append({"role": "user", "content": session.turns[i - 1].observation})
        messages.append({"role": "assistant", "content": turn.command})
    return messages


def sft_lines(entries: Iterable[Entry]) -> Iterator[str]:
    for entry in entries:
        yield json.dumps({"messages": sft_messages(entry)}, ensure_ascii=False)


def write_sft(entries: Iterable[Entry], out: Path) -> int:
    """Write one line per world to ``out`` (all or nothing: a failing world leaves no partial file)."""
    lines = list(sft_lines(entries))
    write_atomic(out, "".join(line + "\n" for line in lines))  # never through a planted `out.tmp` link
    return len(lines)
