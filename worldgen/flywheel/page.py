"""RUN/summary.html: the loop's rounds at a glance (self-contained, no scripts): the curves per
round, per scaffold its success, and per round each proposal's verdict, reason and diff against
its parent (folded, so the page stays readable with many proposals)."""

from __future__ import annotations

from html import escape
from typing import Any

from worldgen.report.display import interval_text
from worldgen.flywheel.decisions import Decision
from worldgen.report.html import STYLE, table
from worldgen.report.svg import bars

VERDICTS = "b.accepted{color:#1a7f37}b.rejected{color:#cf222e}b.skipped{color:#6e7781}pre{overflow-x:auto}"


def render(summary: dict[str, Any], decided: list[list[Decision]]) -> str:
    """``decided``: per round, its proposals (``flywheel.decisions``)."""
    rounds = summary["rounds"]
    lo, hi = summary["band"]
    rates = [(f"round {r['round']}", [(r["success"], pct(r["success"])), (r["in_band"], pct(r["in_band"])),
                                      (r["proposals"]["yield"], pct(r["proposals"]["yield"]))]) for r in rounds]
    head = ("round", "solver", "library", "rule-sets", "success", f"in band {lo:g}..{hi:g}", "proposals",
            "accepted", "accepted in band again", "skipped", "yield", "tokens / accepted", "median states (min..max)")
    rows = [(r["round"], r["solver"], r["library"], r["rule_sets"], pct(r["success"]), pct(r["in_band"]),
             r["proposals"]["evaluated"], r["proposals"]["accepted"], _again(r["proposals"]), r["proposals"].get("skipped", ""),
             pct(r["proposals"]["yield"]), _or_na(r["proposals"]["tokens_per_accepted"]), _spread(r["complexity"]))
            for r in rounds]
    body = ["<h1>worldgen loop</h1>",
            f"<p class=sub>{len(rounds)} round(s); band {lo:g}..{hi:g}. Success: the solver's episodes won, "
            "over every scaffold of the round's library; in band: the share of scaffolds whose success lies "
            "in the band; accepted in band again: accepted proposals whose success, re-measured with other episode "
            "seeds, lies in the band; yield: accepted proposals / proposals evaluated.</p>",
            bars(rates, ["solver success", "scaffolds in band", "proposal yield"], "Per round", x_title="share",
                 y_title="round"),
            table(rows, head), _held_out(rounds), "<h2>Per scaffold</h2>", _scaffolds(rounds),
            *(_proposals(r["round"], d) for r, d in zip(rounds, decided, strict=True))]
    return ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>worldgen loop</title>"
            f"<style>{STYLE}{VERDICTS}</style></head><body>{''.join(body)}</body></html>\n")


def _scaffolds(rounds: list[dict[str, Any]]) -> str:
    names = sorted({n for r in rounds for n in r["scaffolds"]})
    head = ("scaffold", *(f"round {r['round']}" for r in rounds))
    rows = [(n, *(pct(r["scaffolds"].get(n, {}).get("success")) if n in r["scaffolds"] else "" for r in rounds)) for n in names]
    return table(rows, head)


def _again(proposals: dict[str, Any]) -> str:
    again = proposals.get("recheck_in_band") or {}  # rounds run before the re-measure have none
    return f"{again['count']} of {again['of']}" if again.get("of") else "n/a"


def _proposals(r: int, decided: list[Decision]) -> str:
    """Round r's proposals: verdict, name, parent and reason, each with its diff folded under it."""
    if not decided:
        return ""
    items = []
    for d in decided:
        head = (f"<b class={d.verdict}>{d.verdict}</b> {escape(d.name)}"
                + (f" (from {escape(d.parent)})" if d.parent else "") + (f": {escape(d.reason)}" if d.reason else ""))
        items.append(f"<details><summary>{head}</summary><pre>{escape(d.diff)}</pre></details>" if d.diff
                     else f"<p>{head}</p>")
    return f"<h2>Round {r}: proposals</h2>" + "".join(items)


def pct(x: float | None) -> str:
    """A share as a whole percentage ("n/a" when it was not measured)."""
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


def _or_na(x: Any) -> Any:
    """A figure a round may not have (tokens per accepted proposal with none accepted): "n/a", as
    pct shows a rate without a count."""
    return "n/a" if x is None else x
