"""The one seeds convention of worldgen, for command-line flags and Python arguments alike.

Seeds are written ``A:B`` (seeds A..B-1) or as a count ``N`` (seeds 0..N-1); Python callers may
also pass a ``range``, an int count or any list of seeds. Every ``--seeds`` flag and every
``seeds=`` argument (``trl_dataset``, ``dataset_rows``, ``load_environment``, ...) reads its value
here, so ``4``, ``"4"``, ``"0:4"`` and ``range(4)`` mean the same seeds everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Union

INT64_MAX = 2**63 - 1  # seeds go to numpy and to JSON readers as int64

SeedsLike = Union[int, str, range, Iterable[int]]
SHAPE = "must look like A:B (seeds A..B-1) or N (seeds 0..N-1)"


def parse_seeds(value: SeedsLike) -> Sequence[int]:
    """The seeds ``value`` names, in order: a ``range`` for ``A:B``, a count or a range, else a
    tuple. Raises ValueError saying what is wrong (negative, empty, repeated, past int64)."""
    if isinstance(value, bool):
        raise ValueError(f"seeds {SHAPE}, not {value!r}")
    if isinstance(value, str):
        return _from_text(value)
    if isinstance(value, int):
        return _checked(range(value), str(value))
    if isinstance(value, range):
        return _checked(value, f"range({value.start}, {value.stop}, {value.step})")
    try:
        seeds = tuple(value)
    except TypeError:
        raise ValueError(f"seeds {SHAPE}, a range or a list of seeds, not {value!r}") from None
    if not seeds or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < INT64_MAX for s in seeds):
        raise ValueError(f"seeds: need a non-empty list of whole numbers in 0..{INT64_MAX - 1:_}, not {list(seeds)!r}")
    if len(set(seeds)) != len(seeds):
        raise ValueError(f"seeds: {list(seeds)!r} repeats a seed")
    return seeds


def seed_range(value: SeedsLike) -> range:
    """``parse_seeds`` for callers that need consecutive seeds (a compiled suite's ``A:B``)."""
    seeds = parse_seeds(value)
    if isinstance(seeds, range) and seeds.step == 1:
        return seeds
    if list(seeds) == list(range(seeds[0], seeds[0] + len(seeds))):
        return range(seeds[0], seeds[0] + len(seeds))
    raise ValueError(f"seeds: need consecutive seeds (A:B), not {list(seeds)!r}")


def _from_text(text: str) -> range:
    start, sep, stop = text.strip().partition(":")
    try:
        seeds = range(int(start), int(stop)) if sep else range(int(start))
    except ValueError:
        raise ValueError(f"{SHAPE}, not {text!r}") from None
    return _checked(seeds, text)


def _checked(seeds: range, text: str) -> range:
    """Seeds in 0..INT64_MAX-1 (as ``A:B`` with B <= INT64_MAX), at least one."""
    if not seeds or min(seeds[0], seeds[-1]) < 0 or max(seeds[0], seeds[-1]) >= INT64_MAX:
        need = f"0 <= A < B <= {INT64_MAX:_}" if ":" in text or text.startswith("range") else f"1 <= N <= {INT64_MAX:_}"
        raise ValueError(f"{text}: need {need}")
    return seeds
