"""``ShellText``: the Gymnasium space of what a terminal world's shell shows and takes.

A shell prints any character (``printf '\\u2603'``, a file the agent wrote in any script) and is
typed any line, so no finite charset covers a terminal world's observations or commands, and
Gymnasium's ``Text.contains`` checks every character against one. This space holds every string
of at most ``max_length`` characters, whatever they are; ``charset`` (the world's own characters
and ASCII) is what ``sample`` draws from, with lengths up to ``sample_length`` (what the world's
templates print, or the longest command it lists), not up to the cap of a megabyte or two.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.spaces import Text


class ShellText(Text):
    def __init__(self, max_length: int, *, charset: frozenset[str], sample_length: int, min_length: int = 0,
                 seed: int | np.random.Generator | None = None):
        super().__init__(max_length, min_length=min_length, charset=charset, seed=seed)
        self.sample_length = max(min_length, min(sample_length, max_length))

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        """A string of the charset, its length uniform up to ``sample_length`` unless ``mask`` or
        ``probability`` (Gymnasium's ``(length, per character)`` pairs) gives one."""
        if mask is not None and probability is not None:
            return super().sample(mask=mask, probability=probability)  # Gymnasium says why not
        given = mask if mask is not None else probability
        if given is None or given[0] is None:
            length = int(self.np_random.integers(self.min_length, self.sample_length + 1))
            given = (length, None if given is None else given[1])
        return super().sample(probability=given) if probability is not None else super().sample(mask=given)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ShellText) and super().__eq__(other) and self.sample_length == other.sample_length

    def __repr__(self) -> str:
        return f"ShellText({self.min_length}, {self.max_length}, sample_length={self.sample_length}, charset={self.characters})"
