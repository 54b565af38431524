"""RUN/summary.html: the loop's rounds at a glance (self-contained, no scripts)."""

from __future__ import annotations

from html import escape
from typing import Any

from worldgen.report.display import interval_text
from worldgen.report.html import STYLE, table
from worldgen.report.svg import bars


def render(summary: dict[str, Any]) -> str:
    rounds = summary["rounds"]
    lo, hi = summary["band"]
    rates = [(f"round {r['round']}", [(r["success"], _pct(r["success"])), (r["in_band"], _pct(r["in_band"])),
                                      (r["proposals"]["yield"], _pct(r["proposals"]["yield"]))]) for r in rounds]
    head = ("round", "solver", "library", "rule-sets", "success", f"in band {lo:g}..{hi:g}", "proposals",
            "accepted", "yield", "tokens / accepted", "median states (min..max)")
    rows = [(r["round"], r["solver"], r["library"], r["rule_sets"], _pct(r["success"]), _pct(r["in_band"]),
             r["proposals"]["evaluated"], r["proposals"]["accepted"], _pct(r["proposals"]["yield"]),
             r["proposals"]["tokens_per_accepted"], _spread(r["complexity"])) for r in rounds]
    body = ["<h1>worldgen loop</h1>",
            f"<p class=sub>{len(rounds)} round(s); band {lo:g}..{hi:g}. Success: the solver's episodes won, "
            "over every scaffold of the round's library; in band: the share of scaffolds whose success lies "
            "in the band; yield: accepted proposals / proposals evaluated.</p>",
            bars(rates, ["solver success", "scaffolds in band", "proposal yield"], "Per round", x_title="share",
                 y_title="round"),
            table(rows, head), _held_out(rounds), "<h2>Per scaffold</h2>", _scaffolds(rounds)]
    return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>worldgen loop</title>"
            f"<style>{STYLE}</style></head><body>{''.join(body)}</body></html>\n")


def _scaffolds(rounds: list[dict[str, Any]]) -> str:
    names = sorted({n for r in rounds for n in r["scaffolds"]})
    head = ("scaffold", *(f"round {r['round']}" for r in rounds))
    rows = [(n, *(_pct(r["scaffolds"].get(n, {}).get("success")) if n in r["scaffolds"] else "" for r in rounds)) for n in names]
    return table(rows, head)


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.0f}%"


def _spread(c: dict[str, Any] | None) -> str:
    return "n/a" if not c else f"{c['median']:g} ({c['min']:g}..{c['max']:g})"


def _held_out(rounds: list[dict[str, Any]]) -> str:
    """The solver on the fixed held-out suite of `loop --eval`, per round, with 95% intervals."""
    played = [r for r in rounds if "eval" in r]
    if not played:
        return ""
    suite = played[0]["eval"]["suite"]
    bars_ = [(f"round {r['round']}", [(r["eval"]["success"]["rate"], interval_text(r["eval"], "success"))]) for r in played]
    rows = [(r["round"], r["solver"], r["eval"]["episodes"], interval_text(r["eval"], "success"), interval_text(r["eval"], "return"))
            for r in played]
    return (f"<h2>Held-out suite: {escape(suite)}</h2><p class=sub>The solver of each round on worlds the proposer never "
            "sees and the library never holds; 95% intervals (Wilson for success, normal for the mean return).</p>"
            + bars(bars_, ["held-out success"], "Held-out success per round", x_title="share", y_title="round")
            + table(rows, ("round", "solver", "episodes", "success", "mean return")))
