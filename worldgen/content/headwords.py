"""The head of a slot's description: the words before its first preposition, clause or example.

"a snack sold in a vending machine" is a snack; the machine is context. English puts what a
thing *is* in the first noun phrase of its description, and what it is used for, where it is or
who has it after a preposition or a relative clause. The offline provider weighs a slot's head
words above the rest of its description (``worldgen.content.slotkinds``), so context words do not
outvote the subject.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[a-z0-9]+")
_CUT = re.compile(r"[,;:()]|\be\.g\.|\bi\.e\.")  # the head never runs past punctuation or an example
BREAKS = frozenset("""
    in on at of for from to with by into inside onto under over near about after before behind
    through across along around between among within without via per than as like such
    that which who whom whose where when while whenever if unless because so
    and or but nor not
    it its is are was were be been being can could will would should may might must shall
    has have had do does did sold used made found kept seen named called given shown
""".split())


def head_words(description: str) -> tuple[str, ...]:
    """The lowercase words of ``description`` before the first break (a preposition, a relative
    word, a verb, punctuation or an example): its first noun phrase."""
    first = _CUT.split(description.lower(), maxsplit=1)[0]
    words = []
    for word in _WORD.findall(first):
        if word in BREAKS:
            break
        words.append(word)
    return tuple(words)
