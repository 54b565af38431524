"""Hashed features of (observation, command): what the learner's linear scores read.

A command scores by the sum of the weights of its features: the command itself, its first word
(the verb), and every pair (word of the command, word of the observation), so "take" can learn to
follow "a key lies here" whatever the world's names. Features are hashed into a fixed number of
buckets with crc32 (the same numbers in every process, unlike Python's salted ``hash``); each
feature vector has unit length, so one learning rate suits short and long observations alike.
"""

from __future__ import annotations

import re
import zlib

import numpy as np

_WORD = re.compile(r"[^\W_]+")
CACHE = 200_000  # (observation, command) pairs kept; observations repeat across an episode and a world


def words(text: str) -> list[str]:
    """The distinct lowercase words of ``text``, in order of first appearance."""
    return list(dict.fromkeys(w.lower() for w in _WORD.findall(text)))


class Featurizer:
    """Feature indices of (observation, command), memoised: hashing is most of a step's cost."""

    def __init__(self, buckets: int):
        self.buckets = buckets
        self._cache: dict[tuple[str, str], np.ndarray] = {}

    def __call__(self, observation: str, command: str) -> np.ndarray:
        got = self._cache.get((observation, command))
        if got is None:
            if len(self._cache) >= CACHE:
                self._cache.clear()
            got = self._cache[(observation, command)] = self._compute(observation, command)
        return got

    def _compute(self, observation: str, command: str) -> np.ndarray:
        said = words(command)
        seen = words(observation)
        names = [f"c|{command}", f"v|{said[0] if said else ''}"]
        names += [f"x|{c}|{o}" for c in said for o in seen]
        return np.unique(np.fromiter((zlib.crc32(n.encode()) % self.buckets for n in names), dtype=np.int64, count=len(names)))
