"""How the report writes numbers, shared by the terminal, HTML and SVG outputs.

Integers are written as integers (``250000``, never ``2.5e+05``: a reader compares state counts
digit by digit); other numbers keep four significant digits, in plain decimal notation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

PLAIN_FROM = 1000  # non-integers this large lose their decimals rather than switch to scientific notation
DECIMALS = 6  # the report's own rounding (worldgen.verify.report.ROUND): nothing smaller is ever stored


def num(x: Any) -> str:
    """A number for a person: "3", "0.7", "12346", "0.000012"; None as "n/a"."""
    if x is None:
        return "n/a"
    if isinstance(x, bool) or not isinstance(x, int | float):
        return str(x)
    if isinstance(x, int) or x.is_integer():
        return str(int(x))
    if abs(x) >= PLAIN_FROM:
        return f"{x:.0f}"
    text = f"{x:.4g}"
    return f"{x:.{DECIMALS}f}".rstrip("0") if "e" in text else text


def pct(x: dict[str, Any] | None) -> str:
    """``{"count", "of", "rate"}`` as "87.5% (7/8)"."""
    if not x or x.get("rate") is None:
        return "n/a"
    return share(x["rate"], x["count"], x["of"])


def share(rate: float | None, count: int, of: int) -> str:
    return "n/a" if rate is None else f"{100 * rate:.1f}% ({count}/{of})"


def interval_text(group: dict[str, Any], what: str) -> str:
    """A success rate or mean return of the generalisation section with its interval:
    "62.5% (5/8) [30.6..86.3]", "0.41 [0.2..0.62]"."""
    x = group[what]
    value = pct(x) if what == "success" else num(x["mean"])
    if x["interval"] is None:
        return value
    lo, hi = x["interval"]
    return f"{value} [{100 * lo:.1f}..{100 * hi:.1f}]" if what == "success" else f"{value} [{num(lo)}..{num(hi)}]"


def gap_text(x: dict[str, Any] | None) -> str:
    """A gap of the generalisation section: "+0.25 [0.01..0.49]"; n/a without both sides."""
    if x is None:
        return "n/a"
    lo, hi = x["interval"]
    return f"{x['value']:+.4g} [{num(lo)}..{num(hi)}]"


def runtime_counts(by_world: dict[str, dict[str, Any]]) -> str:
    """How many worlds a policy played on each runtime: "tables 2 worlds, rules 1 world"."""
    counts = Counter(x.get("runtime", "rules") for x in by_world.values())
    return ", ".join(f"{name} {n} world{'' if n == 1 else 's'}" for name, n in sorted(counts.items()))


def merged_runtime(labels: Iterable[str]) -> str:
    """One world's runtime over several policies' labels ("tables", "rules", "rules+tables")."""
    return "+".join(sorted({part for label in labels for part in label.split("+")}))
