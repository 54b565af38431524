"""Seeded randomness: every random choice comes from a numpy Generator keyed by (seed, purpose).

The purpose string is hashed with sha256 (never Python's salted ``hash()``), so the same seed and
purpose give the same stream in every process and on every machine.
"""

from __future__ import annotations

import hashlib

import numpy as np


def purpose_key(purpose: str) -> int:
    """A stable 64-bit number for a purpose name (sha256, not ``hash()``)."""
    return int.from_bytes(hashlib.sha256(purpose.encode("utf-8")).digest()[:8], "little")


def rng(seed: int, purpose: str) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence([int(seed) & 0xFFFFFFFFFFFFFFFF, purpose_key(purpose)]))
