"""Small deterministic statistics: distributions with quantiles and histograms, rates, n-grams.

Every float is rounded to ``ROUND`` decimals so a report's JSON is the same on every machine.
Histograms use unit-wide bins for integer data with a small range (solution lengths, states)
and ``BINS`` equal-width bins otherwise, so the same values always give the same bars.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from worldgen.verify.report import ROUND

BINS = 10
QUANTILES = (("p10", 0.10), ("p25", 0.25), ("median", 0.5), ("p75", 0.75), ("p90", 0.90))
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


def r(x: float) -> float:
    """Rounded for output (and -0.0 made 0.0, so it prints the same)."""
    return round(float(x), ROUND) + 0.0


def rate(count: int, of: int) -> dict[str, Any]:
    return {"count": count, "of": of, "rate": r(count / of) if of else None}


def mean(values: Sequence[float]) -> float | None:
    return r(sum(values) / len(values)) if values else None


def distribution(values: Iterable[float | None]) -> dict[str, Any]:
    """n, missing (None values), min/quantiles/max, mean, std and a histogram of the values."""
    given = list(values)
    xs = np.asarray([v for v in given if v is not None], dtype=np.float64)
    out: dict[str, Any] = {"n": int(xs.size), "missing": len(given) - int(xs.size)}
    if not xs.size:
        return out
    out["min"] = r(xs.min())
    out.update({name: r(np.quantile(xs, q)) for name, q in QUANTILES})
    out["max"] = r(xs.max())
    out["mean"] = r(xs.mean())
    out["std"] = r(xs.std())
    out["histogram"] = histogram(xs)
    return out


def histogram(xs: np.ndarray) -> dict[str, list[float] | list[int]]:
    """``edges`` (len k+1) and ``counts`` (len k); the last bin includes its right edge."""
    lo, hi = float(xs.min()), float(xs.max())
    integral = bool(np.all(xs == np.round(xs)))
    if integral and hi - lo < 2 * BINS:
        edges = np.arange(lo, hi + 2) - 0.5 if hi > lo else np.asarray([lo - 0.5, lo + 0.5])
    elif hi > lo:
        edges = np.linspace(lo, hi, BINS + 1)
    else:
        edges = np.asarray([lo - 0.5, lo + 0.5])
    counts, _ = np.histogram(xs, bins=edges)
    return {"edges": [r(e) for e in edges], "counts": [int(c) for c in counts]}


def words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def distinct_n(token_lists: Iterable[list[str]], n: int) -> dict[str, Any]:
    """Distinct n-grams over all n-grams (n-grams never span two texts): 1.0 means no n-gram
    repeats anywhere; values near 0 mean the texts keep saying the same things."""
    seen: set[tuple[str, ...]] = set()
    total = 0
    for tokens in token_lists:
        for i in range(len(tokens) - n + 1):
            seen.add(tuple(tokens[i:i + n]))
            total += 1
    return {"distinct": len(seen), "total": total, "ratio": r(len(seen) / total) if total else None}


def balance(counts: Sequence[int]) -> float | None:
    """Normalised entropy of counts over their categories: 1 = even coverage, 0 = one category
    only (a category with zero worlds pulls the value down, as it should)."""
    total = sum(counts)
    if total == 0 or len(counts) < 2:
        return None
    h = -sum(c / total * math.log(c / total) for c in counts if c)
    return r(h / math.log(len(counts)))


def value_text(value: object) -> str:
    """A param or axis value as a report key ("true", "3", "ring")."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def value_order(text: str) -> tuple[int, int | str]:
    """Numbers in numeric order, before names in alphabetical order."""
    return (0, int(text)) if text.lstrip("-").isdigit() else (1, text)


Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(count: int, of: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of a success rate: unlike rate ± z·se it stays inside 0..1 and
    is honest at 0/n and n/n, where a small held-out suite often sits. None for no trials."""
    if of <= 0:
        return None
    p = count / of
    centre = (p + z * z / (2 * of)) / (1 + z * z / of)
    half = z / (1 + z * z / of) * math.sqrt(p * (1 - p) / of + z * z / (4 * of * of))
    return r(max(0.0, centre - half)), r(min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float] | None:
    """The normal interval of a mean (mean ± z·s/√n, s with n−1): returns are sums of many small
    rewards, so their mean is near normal already at a few dozen episodes. None below 2 values."""
    if len(values) < 2:
        return None
    xs = np.asarray(values, dtype=np.float64)
    half = z * float(xs.std(ddof=1)) / math.sqrt(xs.size)
    return r(xs.mean() - half), r(xs.mean() + half)
