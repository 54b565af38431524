"""Coverage: does the suite spread along its interpretable axes, and is its content diverse?

Axis coverage counts worlds per alternative of every axis the scaffold declares, zeros included
(an alternative no world drew is the gap a person most needs to see), with each axis's balance
(normalised entropy). Content diversity looks at what agents actually read: the entity names
(distinct over total) and every text the worlds use (distinct n-grams over all n-grams)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import Any

from worldgen.report.stats import balance, distinct_n, rate, value_order, value_text, words
from worldgen.report.suite import SuiteData
from worldgen.rollouts.sources import Entry

NGRAMS = (1, 2, 3)


def measure(data: SuiteData) -> dict[str, Any]:
    groups: dict[str, list[Entry]] = defaultdict(list)
    for e in data.entries:
        groups[e.world.scaffold.name].append(e)
    return {
        "worlds_per_scaffold": {name: len(es) for name, es in sorted(groups.items())},
        "axes": {name: _axes(es) for name, es in sorted(groups.items())},
        "params": {name: _params(es) for name, es in sorted(groups.items())},
        "content": _content(data.entries),
    }


def _axes(entries: list[Entry]) -> dict[str, Any]:
    scaffold = entries[0].world.scaffold
    out = {}
    for axis in scaffold.axes:
        counts = Counter(e.world.axes.get(axis.name) for e in entries)
        values = {alt.name: counts.get(alt.name, 0) for alt in axis.alternatives}
        out[axis.name] = {"kind": axis.kind, "worlds": values, "balance": balance(list(values.values())),
                          "unused": [v for v, c in values.items() if not c]}
    return out


def _params(entries: list[Entry]) -> dict[str, dict[str, int]]:
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for e in entries:
        for name, value in e.world.params.items():
            counts[name][value_text(value)] += 1
    return {name: dict(sorted(c.items(), key=lambda kv: value_order(kv[0]))) for name, c in sorted(counts.items())}


def _content(entries: list[Entry]) -> dict[str, Any]:
    names = [n for e in entries for ns in e.world.entities.values() for n in ns]
    texts = [words(t) for e in entries for t in _strings(e.world.content)]
    records = {e.provenance.record_id for e in entries if e.provenance is not None}
    return {
        "names": {"total": len(names), "distinct": len(set(names)), "distinct_rate": rate(len(set(names)), len(names))["rate"]},
        "records_used": len(records) if records else None,
        "texts": len(texts),
        "ngrams": {f"distinct_{n}": distinct_n(texts, n) for n in NGRAMS},
    }


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k in sorted(value):
            yield from _strings(value[k])
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
